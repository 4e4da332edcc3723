#!/usr/bin/env bats
# Sparse sets stay sparse: a libsvm set of a million features but few
# non-zeros runs in memory its non-zeros fix, and gives, byte for byte,
# what the same samples give written dense over the features they use
# (the features no sample has add nothing to a distance or a scale).

load helper

# gen N SEED [BIG]: N libsvm lines over d = 10^6; a line has 5 features
# out of 40 spread over the million (index u * 24989 + 8 for u = 0..39),
# a third of them small integers (exact distance ties), and now and
# then no feature at all.  With BIG 1 every line has feature u = 0 near
# 10^8, so that ||x||^2 + ||z||^2 - 2 x.z loses the units to rounding;
# with BIG 2 near 10^160, whose squares overflow but for scaling.
gen() {
	awk -v n="$1" -v seed="$2" -v big="${3-0}" '
	function draw() {	# the high bits: the low ones cycle fast
		s = (s * 1103515245 + 12345) % 2147483648
		return int(s / 65536)
	}
	BEGIN {
		s = seed
		for (i = 0; i < n; i++) {
			line = (draw() % 3) ""
			delete on
			for (f = 0; f < 5; f++) {
				on[draw() % 40] = 1
			}
			if (i % 17 == 5)
				delete on
			if (big)
				on[0] = 1
			for (u = 0; u < 40; u++) {
				if (!(u in on)) continue
				r = draw()
				v = r % 3 == 0 ? (r % 7) - 3 : (r % 10007) / 100.0 - 50
				if (v == 0) v = 1
				if (big == 1) v = u ? (r % 16) / 8 - 1 : 100000000 + (r % 16) / 4
				if (big == 2) v = u ? (r % 16) / 8 - 1 : 1e160 + (r % 16) * 1e146
				line = line " " (u * 24989 + 8) ":" sprintf("%.12g", v)
			}
			print line
		}
	}'
}

# The same lines dense: feature u (40 columns, in the order of the
# indices) and zeros where a line lacks it.
dense() {
	awk '{
		for (u = 0; u < 40; u++) x[u] = 0
		for (j = 2; j <= NF; j++) {
			split($j, p, ":")
			x[(p[1] - 8) / 24989] = p[2]
		}
		line = $1
		for (u = 0; u < 40; u++) line = line " " x[u]
		print line
	}' "$1"
}

setup() {
	TMP="$BATS_TEST_TMPDIR"
	gen 300 1 > "$TMP/train.txt"
	gen 80 2 > "$TMP/test.txt"
	dense "$TMP/train.txt" > "$TMP/train.dense"
	dense "$TMP/test.txt" > "$TMP/test.dense"
}

@test "sparse: the fixtures are what they say (d = 10^6, 5 of 40 features)" {
	run awk '{ for (j = 2; j <= NF; j++) { split($j, p, ":"); if (p[1] + 0 > m) m = p[1] + 0 } } END { print m }' "$TMP/train.txt"
	[ "$output" -gt 900000 ]
	run awk '{ print NF }' "$TMP/train.dense"
	[ "$(echo "$output" | sort -u)" = 41 ]
}

@test "opml-knn: a sparse set of 10^6 features in 200 MB, each output the dense one's, byte for byte" {
	skip_if_sanitized "ulimit -v"
	for opts in "-i" "-v" "-N" "-c" "-e -F" "-k 1 -i" "-k 12 -t smallest -v" "-k 300 -e"; do
		opml-knn $opts "$TMP/train.dense" "$TMP/test.dense" > "$TMP/want" 2>&1
		# 300 x 10^6 doubles would be 2.4 GB
		run sh -c 'ulimit -v 200000 && exec opml-knn "$@" 2>&1' sh $opts \
		    "$TMP/train.txt" "$TMP/test.txt"
		[ "$status" -eq 0 ] || { echo "opml-knn $opts"; show; false; }
		[ "$output" = "$(cat "$TMP/want")" ] || { echo "opml-knn $opts"; show; false; }
	done
}

@test "opml-knn -L: leave one out of a sparse set, byte for byte, threads or not" {
	skip_if_sanitized "ulimit -v"
	opml-knn -L -i -k 4 "$TMP/train.dense" > "$TMP/want" 2>&1
	for j in 1 2 3; do
		run sh -c 'ulimit -v 200000 && exec opml-knn -j "$1" -L -i -k 4 "$2" 2>&1' sh \
		    "$j" "$TMP/train.txt"
		[ "$status" -eq 0 ] || { show; false; }
		[ "$output" = "$(cat "$TMP/want")" ] || { show; false; }
	done
}

@test "opml-knn: a sparse set at small d equals the dense run (lines in any order, a repeated index's last value)" {
	# the same rows, each line's features reversed and its first one
	# given twice, the first time with another value
	awk '{ line = $1; if (NF > 1) { split($2, p, ":"); line = line " " p[1] ":99" }
		for (j = NF; j >= 2; j--) line = line " " $j; print line }' \
	    "$TMP/train.txt" > "$TMP/shuffled.txt"
	opml-knn -i "$TMP/train.dense" "$TMP/test.dense" > "$TMP/want" 2>&1
	run opml-knn -i "$TMP/shuffled.txt" "$TMP/test.txt"
	[ "$status" -eq 0 ] || { show; false; }
	[ "$output" = "$(cat "$TMP/want")" ] || { show; false; }
}

# like_dense BIG: opml-knn -i -k 3 on fixtures of gen's BIG, sparse as
# generated and dense, the same bytes.
like_dense() {
	gen 300 3 "$1" > "$TMP/far.txt"
	gen 80 4 "$1" > "$TMP/far-test.txt"
	dense "$TMP/far.txt" > "$TMP/far.dense"
	dense "$TMP/far-test.txt" > "$TMP/far-test.dense"
	opml-knn -i -k 3 "$TMP/far.dense" "$TMP/far-test.dense" > "$TMP/want" 2>&1
	run opml-knn -i -k 3 "$TMP/far.txt" "$TMP/far-test.txt"
	[ "$status" -eq 0 ] || { show; false; }
	[ "$output" = "$(cat "$TMP/want")" ] || { show; false; }
}

@test "opml-knn: sparse rows far from the origin keep their order (the expansion's rounding is bounded, not trusted)" {
	like_dense 1
}

@test "opml-knn: sparse values near 10^160 (squared norms past the largest double) ranked as the dense search ranks them" {
	like_dense 2
}

@test "opml-scale: a sparse set of 10^6 features in 200 MB, scaled as the dense one is, number for number" {
	skip_if_sanitized "ulimit -v"
	for t in zscore minmax "minmax -b -1,1"; do
		opml-scale -t $t "$TMP/train.dense" > "$TMP/want"
		run sh -c 'ulimit -v 200000 && exec opml-scale -t $1 "$2" > "$3"' sh \
		    "$t" "$TMP/train.txt" "$TMP/got.txt"
		[ "$status" -eq 0 ] || { echo "-t $t"; show; false; }
		# written sparse, as it was read: the zeros left out
		run grep -c ' 0 \| 0$' "$TMP/got.txt"
		[ "$output" -eq 0 ]
		dense "$TMP/got.txt" > "$TMP/got.dense"
		run cmp "$TMP/want" "$TMP/got.dense"
		[ "$status" -eq 0 ] || { echo "-t $t"; show; false; }
	done
}

@test "opml-scale -t minmax: features never negative keep 0 as their least, and write no zero" {
	# the fixtures' values made positive: a feature's least is then
	# the 0 of the rows that lack it
	sed 's/:-/:/g' "$TMP/train.txt" > "$TMP/pos.txt"
	dense "$TMP/pos.txt" > "$TMP/pos.dense"
	for b in 0,1 -1,1; do
		opml-scale -b $b "$TMP/pos.dense" > "$TMP/want"
		run opml-scale -b $b -o "$TMP/got.txt" "$TMP/pos.txt"
		[ "$status" -eq 0 ] || { show; false; }
		dense "$TMP/got.txt" | cmp - "$TMP/want"
	done
	# into [0, 1] the zeros stay out: as many features as read
	[ "$(wc -w < "$TMP/got.txt")" -gt 0 ]
	opml-scale -b 0,1 -o "$TMP/got.txt" "$TMP/pos.txt"
	[ "$(wc -w < "$TMP/got.txt")" -eq "$(wc -w < "$TMP/pos.txt")" ]
}

@test "opml-split: a sparse set of 10^6 features in 200 MB, split as the dense one is, written sparse" {
	skip_if_sanitized "ulimit -v"
	opml-split -S -n 3 -s 7 -o "$TMP/want" "$TMP/train.dense"
	run sh -c 'ulimit -v 200000 && exec opml-split -S -n 3 -s 7 -o "$1" "$2"' sh \
	    "$TMP/got" "$TMP/train.txt"
	[ "$status" -eq 0 ] || { show; false; }
	n=0
	for f in "$TMP"/want.*; do
		g=$TMP/got${f#"$TMP"/want}
		dense "$g" | cmp - "$f"
		n=$((n + 1))
	done
	[ "$n" -eq 3 ]
	# each line as it was read
	[ "$(cat "$TMP"/got.* | sort)" = "$(sort "$TMP/train.txt")" ]
}

@test "opml-pairs: a sparse set of 10^6 features in 200 MB, each score the dense one's to the bit" {
	skip_if_sanitized "ulimit -v"
	for opts in "-a" "-a -c" "-n 2000 -s 5 -I" "-n 2000 -c -I"; do
		opml-pairs $opts "$TMP/train.dense" > "$TMP/want"
		run sh -c 'ulimit -v 200000 && exec opml-pairs "$@" 2>&1' sh $opts \
		    "$TMP/train.txt"
		[ "$status" -eq 0 ] || { echo "opml-pairs $opts"; show; false; }
		[ "$output" = "$(cat "$TMP/want")" ] || { echo "opml-pairs $opts"; show; false; }
	done
}

# The fixtures over d = 391 (feature u at index 10 u + 1): sparse
# enough to be searched sparse, narrow enough for a model.
narrow() {
	awk '{ line = $1; for (j = 2; j <= NF; j++) { split($j, p, ":")
		line = line " " ((p[1] - 8) / 24989 * 10 + 1) ":" p[2] }; print line }' "$1"
}
wide_dense() {
	awk '{ for (u = 1; u <= 391; u++) x[u] = 0
		for (j = 2; j <= NF; j++) { split($j, p, ":"); x[p[1]] = p[2] }
		line = $1; for (u = 1; u <= 391; u++) line = line " " x[u]; print line }' "$1"
}

@test "opml-knn -m, opml-pairs -m: under a model, sparse rows map to the dense ones' bits (L x from the non-zeros)" {
	narrow "$TMP/train.txt" > "$TMP/n.txt"
	narrow "$TMP/test.txt" > "$TMP/nt.txt"
	wide_dense "$TMP/n.txt" > "$TMP/n.dense"
	wide_dense "$TMP/nt.txt" > "$TMP/nt.dense"
	# -Z: L x alone, summed sparse; -z: standardized first, dense
	for z in -Z -z; do
		opml-learn $z -r 6 -o "$TMP/m" "$TMP/n.dense"
		for opts in "-i" "-N" "-L -i"; do
			case $opts in
			-L*) set -- "$TMP/n.dense"; t= ;;
			*) set -- "$TMP/n.dense" "$TMP/nt.dense"; t=$TMP/nt.txt ;;
			esac
			opml-knn -m "$TMP/m" $opts "$@" > "$TMP/want" 2>&1
			run opml-knn -m "$TMP/m" $opts "$TMP/n.txt" $t
			[ "$status" -eq 0 ] || { echo "$z $opts"; show; false; }
			[ "$output" = "$(cat "$TMP/want")" ] || { echo "$z $opts"; show; false; }
		done
		for opts in "-a -I" "-a -c"; do
			opml-pairs -m "$TMP/m" $opts "$TMP/n.dense" > "$TMP/want"
			run opml-pairs -m "$TMP/m" $opts "$TMP/n.txt"
			[ "$status" -eq 0 ] || { echo "$z $opts"; show; false; }
			[ "$output" = "$(cat "$TMP/want")" ] || { echo "$z $opts"; show; false; }
		done
	done
}

@test "opml-learn -r: a sparse stream learns the dense file's model byte for byte, and the dense sweep's (OPML_DENSE_SWEEP)" {
	narrow "$TMP/train.txt" > "$TMP/n.txt"
	wide_dense "$TMP/n.txt" > "$TMP/n.dense"
	# not standardized, or standardized and unit-scaled (dense then)
	for opts in "-Z -r 6" "-Z -u -r 6" "-Z -r 12 -a copml" "-u -r 6" \
	    "-Z -r 6 -g 0.5" "-Z -r 6 -p other=recent -p longrun=0"; do
		OPML_DENSE_SWEEP=1 opml-learn $opts -d 391 -o "$TMP/want" "$TMP/n.dense"
		opml-learn $opts -d 391 -o "$TMP/dense" "$TMP/n.dense"
		opml-learn $opts -d 391 -o "$TMP/sparse" "$TMP/n.txt"
		cmp "$TMP/want" "$TMP/dense" || { echo "$opts: dense file"; false; }
		cmp "$TMP/want" "$TMP/sparse" || { echo "$opts: sparse file"; false; }
		grep -q ' updates=[1-9]' "$TMP/want" || { echo "$opts: no update"; false; }
	done
	# the kept samples parsed by the caller (raw batches), on one
	# thread, from a pipe, and with dense lines among the sparse ones
	opml-learn -Z -r 6 -d 391 -o "$TMP/want" "$TMP/n.dense"
	OPML_FEED_RAW=1 opml-learn -Z -r 6 -d 391 -o "$TMP/raw" "$TMP/n.txt"
	OPML_THREADS=1 opml-learn -Z -r 6 -d 391 -o "$TMP/one" "$TMP/n.txt"
	opml-learn -Z -r 6 -d 391 -o "$TMP/pipe" - < "$TMP/n.txt"
	{ head -100 "$TMP/n.txt"; sed -n 101,200p "$TMP/n.dense"; tail -n +201 "$TMP/n.txt"; } > "$TMP/mixed"
	opml-learn -Z -r 6 -d 391 -o "$TMP/mixed.m" "$TMP/mixed"
	for f in raw one pipe mixed.m; do
		cmp "$TMP/want" "$TMP/$f" || { echo "$f"; false; }
	done
}

# within A B: the models A and B alike but for their numbers, each within
# 1e-10 of the larger magnitude of the two (at least 1)
within() {
	paste -d '\n' "$1" "$2" | awk 'NR % 2 { n = split($0, a); next }
		{ m = split($0, b); if (m != n) { print "line " NR / 2 ": fields"; bad = 1; next }
		  for (i = 1; i <= n; i++) if (a[i] != b[i]) {
			x = a[i]; y = b[i]; sub(/^[a-z0-9]*=/, "", x); sub(/^[a-z0-9]*=/, "", y)
			if (x !~ /^[-+0-9.e]+$/ || y !~ /^[-+0-9.e]+$/) { print "line " NR / 2 ": " a[i] " " b[i]; bad = 1; continue }
			s = (x < 0 ? -x : x); t = (y < 0 ? -y : y); if (t > s) s = t; if (s < 1) s = 1
			e = (x - y) / s; if (e < 0) e = -e
			if (e > 1e-10) { print "line " NR / 2 ": " a[i] " " b[i]; bad = 1 } }
		} END { exit bad }'
}

@test "opml-learn -r: a standardized sparse stream learns the dense file's model within 1e-10, its counts exactly (the moments take the zeros at once)" {
	narrow "$TMP/train.txt" > "$TMP/n.txt"
	wide_dense "$TMP/n.txt" > "$TMP/n.dense"
	for opts in "-r 6" "-r 12 -a copml" "-R 0.5 -r 6" "-r 6 -p other=recent"; do
		opml-learn $opts -d 391 -o "$TMP/dense" "$TMP/n.dense"
		opml-learn $opts -d 391 -o "$TMP/sparse" "$TMP/n.txt"
		within "$TMP/dense" "$TMP/sparse" || { echo "$opts"; false; }
		for k in samples triplets updates inactive clipped nonpd prestage; do
			[ "$(grep -o " $k=[0-9]*" "$TMP/dense")" = "$(grep -o " $k=[0-9]*" "$TMP/sparse")" ] ||
			    { echo "$opts: $k"; false; }
		done
		grep -q ' updates=[1-9]' "$TMP/dense" || { echo "$opts: no update"; false; }
	done
	# written on the way (-C), the same bytes; resumed (-m), the
	# moments as written: within 1e-10 standardized, the bytes with -Z
	head -150 "$TMP/n.txt" > "$TMP/n1"
	tail -n +151 "$TMP/n.txt" > "$TMP/n2"
	for z in -z -Z; do
		opml-learn $z -r 6 -d 391 -o "$TMP/whole" "$TMP/n.txt"
		opml-learn $z -r 6 -d 391 -C 40 -o "$TMP/ck" "$TMP/n.txt"
		cmp "$TMP/whole" "$TMP/ck" || { echo "$z -C"; false; }
		opml-learn $z -r 6 -d 391 -o "$TMP/half" "$TMP/n1"
		opml-learn -m "$TMP/half" -o "$TMP/res" "$TMP/n2"
		if [ $z = -Z ]; then
			cmp "$TMP/whole" "$TMP/res" || { echo "$z -m"; false; }
		else
			within "$TMP/whole" "$TMP/res" || { echo "$z -m"; false; }
		fi
	done
}
