#!/usr/bin/env bats
# opml-pairs: balanced seeded pairs (-n, -s), pair lists (-p) by index and
# in LFW's layout, scores Euclidean or under a model (-m), errors.

load helper

@test "-p in LFW layout: header skipped, names and 1-based images resolved" {
	run opml-pairs -p "$FIX/pairs-lfw.txt" "$FIX/pairs-faces.txt"
	show
	[ "$status" -eq 0 ]
	[ "$output" = "4 1
1 1
81 0
17 0" ]
}

@test "-p with 0-based index pairs; -I adds the indices" {
	run opml-pairs -I -p "$FIX/pairs-index.txt" "$FIX/pairs-faces.txt"
	show
	[ "$status" -eq 0 ]
	[ "$output" = "1 1 0 2
1 1 1 6
100 0 0 1
17 0 3 7" ]
}

@test "-p: LFW layout without a header, a one-number header" {
	tail -n +2 "$FIX/pairs-lfw.txt" > "$TMP/nohead"
	run opml-pairs -p "$TMP/nohead" "$FIX/pairs-faces.txt"
	[ "$status" -eq 0 ]
	[ "${lines[2]}" = "81 0" ]
	{ echo 4; tail -n +2 "$FIX/pairs-lfw.txt"; } > "$TMP/onehead"
	run opml-pairs -p "$TMP/onehead" "$FIX/pairs-faces.txt"
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 4 ]
}

@test "-p: an index pair list whose first line looks like a header is read as pairs" {
	printf '2\t3\n0 1\n' > "$TMP/p"
	run opml-pairs -p "$TMP/p" "$FIX/pairs-faces.txt"
	show
	[ "$status" -eq 0 ]
	[ "$output" = "26 0
100 0" ]
}

@test "samples from stdin, the pair list from a file" {
	run sh -c 'opml-pairs -p "$FIX/pairs-lfw.txt" < "$FIX/pairs-faces.txt"'
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "4 1" ]
}

@test "-m: the score is ||L(x-y)||^2 with the model's L" {
	opml-learn -s 3 -g 0.01 "$DATA/iris.txt" > "$TMP/m"
	opml-pairs -I -n 200 -s 5 -m "$TMP/m" "$DATA/iris.txt" > "$TMP/scores"
	# the same with L from the model's rows, in awk
	awk 'FNR == NR { if ($0 !~ /^#/) { r++; for (j = 1; j <= NF; j++) L[r, j] = $j; d = NF }; next }
	FILENAME ~ /iris/ { n++; for (j = 2; j <= NF; j++) X[n - 1, j - 1] = $j; next }
	{ s = 0
	  for (i = 1; i <= r; i++) { t = 0; for (j = 1; j <= d; j++) t += L[i, j] * (X[$3, j] - X[$4, j]); s += t * t }
	  e = s - $1; if (e < 0) e = -e
	  if (e > 1e-9 * (s > 1 ? s : 1)) { print "line " FNR ": " $1 " vs " s; bad = 1 } }
	END { exit bad }' "$TMP/m" "$DATA/iris.txt" "$TMP/scores"
}

@test "-m - : the model heads stdin and the samples follow" {
	opml-learn -s 3 "$DATA/iris.txt" > "$TMP/m"
	opml-pairs -n 50 -m "$TMP/m" "$DATA/iris.txt" > "$TMP/a"
	cat "$TMP/m" "$DATA/iris.txt" | opml-pairs -n 50 -m - > "$TMP/b"
	cmp "$TMP/a" "$TMP/b"
}

@test "-n: balanced, no self pairs, no pair twice, SAME agrees with the labels" {
	opml-pairs -I -n 1000 -s 9 "$DATA/wine.txt" > "$TMP/p"
	awk 'FNR == NR { lab[FNR - 1] = $1; next }
	{ n[$2]++
	  if ($3 == $4) { print "self pair line " FNR; bad = 1 }
	  if ($3 > $4) { print "not i < j line " FNR; bad = 1 }
	  if (($3 " " $4) in seen) { print "duplicate line " FNR; bad = 1 }
	  seen[$3 " " $4] = 1
	  if ((lab[$3] == lab[$4]) != $2) { print "SAME wrong line " FNR; bad = 1 } }
	END { if (n[0] != 1000 || n[1] != 1000) { print "unbalanced " n[0] " " n[1]; bad = 1 }; exit bad }' \
	    "$DATA/wine.txt" "$TMP/p"
}

@test "-n: every same pair when asked for all of them (listing path)" {
	# iris: 3 classes of 50, 3 * 1225 = 3675 same pairs
	opml-pairs -I -n 3675 -s 1 "$DATA/iris.txt" > "$TMP/p"
	[ "$(awk '$2 == 1' "$TMP/p" | wc -l)" -eq 3675 ]
	[ "$(awk '$2 == 1 { print $3, $4 }' "$TMP/p" | sort -u | wc -l)" -eq 3675 ]
	[ "$(awk '$2 == 0 { print $3, $4 }' "$TMP/p" | sort -u | wc -l)" -eq 3675 ]
}

@test "-s: the same seed gives the same bytes, another seed other pairs" {
	opml-pairs -n 300 -s 7 "$DATA/wine.txt" > "$TMP/a"
	opml-pairs -n 300 -s 7 "$DATA/wine.txt" > "$TMP/b"
	opml-pairs -n 300 -s 8 "$DATA/wine.txt" > "$TMP/c"
	cmp "$TMP/a" "$TMP/b"
	! cmp -s "$TMP/a" "$TMP/c"
}

@test "-o writes the file, stdout stays empty" {
	run opml-pairs -n 5 -o "$TMP/out" "$DATA/iris.txt"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	[ "$(wc -l < "$TMP/out")" -eq 10 ]
}

@test "the scores feed opml-roc -d" {
	run --separate-stderr sh -c 'opml-pairs -n 500 "$DATA/iris.txt" | opml-roc -d >/dev/null'
	[ "$status" -eq 0 ]
	[[ $stderr == *"stdin	500	500	0.9"* ]]
}

@test "error: not enough same pairs" {
	run --separate-stderr opml-pairs -n 6 "$FIX/pairs-faces.txt"
	show
	[ "$status" -eq 1 ]
	[[ $stderr == *"only 5 same pairs"* ]]
	run opml-pairs -n 5 "$FIX/pairs-faces.txt"
	[ "$status" -eq 0 ]
}

@test "error: not enough different pairs" {
	printf 'a 1\na 2\na 3\na 5\nb 4\n' > "$TMP/s"
	run --separate-stderr opml-pairs -n 5 "$TMP/s"
	show
	[ "$status" -eq 1 ]
	[[ $stderr == *"-n 5: only 4 different pairs in 5 samples of 2 labels"* ]]
	run opml-pairs -n 4 "$TMP/s"
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 8 ]
}

@test "error: neither or both of -n and -p, bad numbers, unknown option" {
	run --separate-stderr opml-pairs "$DATA/iris.txt"
	[ "$status" -eq 2 ]
	[[ $stderr == *usage:* ]]
	run --separate-stderr opml-pairs -n 3 -p "$FIX/pairs-index.txt" "$DATA/iris.txt"
	[ "$status" -eq 2 ]
	run --separate-stderr opml-pairs -n 0 "$DATA/iris.txt"
	[ "$status" -eq 2 ]
	[[ $stderr == *"-n 0: too small"* ]]
	run --separate-stderr opml-pairs -n x "$DATA/iris.txt"
	[ "$status" -eq 2 ]
	run --separate-stderr opml-pairs -n 3 -s -1 "$DATA/iris.txt"
	[ "$status" -eq 2 ]
	run --separate-stderr opml-pairs -x
	[ "$status" -eq 2 ]
	run --separate-stderr opml-pairs -z
	[ "$status" -eq 2 ]
	[[ $stderr == *usage:* ]]
}

@test "error: pair list problems name the file and line" {
	printf '0 1\n0 99\n' > "$TMP/p"
	run --separate-stderr opml-pairs -p "$TMP/p" "$FIX/pairs-faces.txt"
	[ "$status" -eq 1 ]
	[[ $stderr == *"$TMP/p:2: index 99 out of range (8 samples)"* ]]
	printf '0 x\n' > "$TMP/p"
	run --separate-stderr opml-pairs -p "$TMP/p" "$FIX/pairs-faces.txt"
	[ "$status" -eq 1 ]
	[[ $stderr == *"$TMP/p:1: index 'x'"* ]]
	printf 'Alice 1 4\n' > "$TMP/p"
	run --separate-stderr opml-pairs -p "$TMP/p" "$FIX/pairs-faces.txt"
	[ "$status" -eq 1 ]
	[[ $stderr == *"$TMP/p:1: 'Alice' has 3 images, not 4"* ]]
	printf 'Alice 1 2\nEve 1 Bob 1\n' > "$TMP/p"
	run --separate-stderr opml-pairs -p "$TMP/p" "$FIX/pairs-faces.txt"
	[ "$status" -eq 1 ]
	[[ $stderr == *"$TMP/p:2: no samples labeled 'Eve'"* ]]
	printf 'Alice 0 2\n' > "$TMP/p"
	run --separate-stderr opml-pairs -p "$TMP/p" "$FIX/pairs-faces.txt"
	[ "$status" -eq 1 ]
	printf 'Alice 1 2\n0 1\n' > "$TMP/p"
	run --separate-stderr opml-pairs -p "$TMP/p" "$FIX/pairs-faces.txt"
	[ "$status" -eq 1 ]
	[[ $stderr == *"$TMP/p:2: 2 fields"* ]]
	: > "$TMP/p"
	run --separate-stderr opml-pairs -p "$TMP/p" "$FIX/pairs-faces.txt"
	[ "$status" -eq 1 ]
	[[ $stderr == *"no pairs"* ]]
	run --separate-stderr opml-pairs -p "$TMP/none" "$FIX/pairs-faces.txt"
	[ "$status" -eq 1 ]
}

@test "error: bad samples, no samples, a model of another dimension" {
	printf 'a 1 2\nb 1\n' > "$TMP/s"
	run --separate-stderr opml-pairs -n 1 "$TMP/s"
	[ "$status" -eq 1 ]
	[[ $stderr == *"$TMP/s:2:"* ]]
	run --separate-stderr opml-pairs -n 1 /dev/null
	[ "$status" -eq 1 ]
	[[ $stderr == *"no samples"* ]]
	opml-learn "$DATA/iris.txt" > "$TMP/m"
	run --separate-stderr opml-pairs -n 1 -m "$TMP/m" "$DATA/wine.txt"
	[ "$status" -eq 1 ]
	[[ $stderr == *"wine.txt:1:"* ]]
	run --separate-stderr opml-pairs -n 1 -m "$DATA/iris.txt" "$DATA/iris.txt"
	[ "$status" -eq 1 ]
	run --separate-stderr opml-pairs -n 1 "$TMP/missing"
	[ "$status" -eq 1 ]
	[[ $stderr == *"$TMP/missing"* ]]
	run --separate-stderr opml-pairs -p - -
	[ "$status" -eq 2 ]
	[[ $stderr == *"stdin too"* ]]
}

@test "a squared distance beyond the largest double is an error" {
	printf 'a 1e308 1e308\nb -1e308 1e308\na 1e308 -1e308\nb 5 5\n' > "$TMP/big"
	run --separate-stderr opml-pairs -n 1 -s 1 "$TMP/big"
	[ "$status" -eq 1 ]
	[[ $stderr == *"squared distance to the sample of"*" overflows a double" ]]
	! printf '%s\n' "$output" | grep -qi 'inf\|nan\|e+308'
}

@test "an overflowing score names the file and line of each sample of the pair" {
	# rows 1 and 2 of the set are lines 2 and 5 of one file; the third
	# row is line 1 of the second input, stdin
	printf '# c\na 1 1\n\nb 2 2\na 1e308 1e308\n' > "$TMP/one"
	printf 'b -1e308 1e308\n' > "$TMP/two"
	run --separate-stderr opml-pairs -a "$TMP/one" - < "$TMP/two"
	show
	[ "$status" -eq 1 ]
	[ "$output" = "2 0" ]
	[ "$stderr" = "opml-pairs: $TMP/one:2: the squared distance to the sample of $TMP/one:5 overflows a double" ]
	# the pair list names the rows; the message their lines
	printf '0 1\n2 3\n' > "$TMP/list"
	run --separate-stderr opml-pairs -p "$TMP/list" "$TMP/one" "$TMP/two"
	[ "$status" -eq 1 ]
	[ "$stderr" = "opml-pairs: $TMP/one:5: the squared distance to the sample of $TMP/two:1 overflows a double" ]
	# under a similarity model: x'Wz
	printf '#opml version=1 form=similarity d=2 r=2\n1e300 0\n0 1e300\n' > "$TMP/w"
	run --separate-stderr opml-pairs -m "$TMP/w" -a "$TMP/one" "$TMP/two"
	[ "$status" -eq 1 ]
	[ "$stderr" = "opml-pairs: $TMP/one:2: the similarity x'Wz with the sample of $TMP/one:5 overflows a double" ]
	# the cosine under a model: the sample whose L x overflows
	printf '#opml version=1 d=2 r=1\n1e300 1e300\n' > "$TMP/m"
	run --separate-stderr opml-pairs -c -m "$TMP/m" -a "$TMP/one" "$TMP/two"
	[ "$status" -eq 1 ]
	[ "$stderr" = "opml-pairs: $TMP/one:5: the learned map L x overflows a double" ]
	printf '2 0\n' > "$TMP/list"
	run --separate-stderr opml-pairs -c -m "$TMP/m" -p "$TMP/list" "$TMP/one"
	[ "$status" -eq 1 ]
	[ "$stderr" = "opml-pairs: $TMP/one:5: the learned map L x overflows a double" ]
}

@test "-n far beyond the pairs there are: told so before any allocation" {
	# 10^9 pairs asked 48 GB for the pairs before counting them: "out
	# of memory" (or an allocator abort) instead of the real reason.
	run opml-pairs -n 1000000000 "$DATA/iris.txt"
	show
	[ "$status" -eq 1 ]
	[ "$output" = "opml-pairs: -n 1000000000: only 3675 same pairs in 150 samples of 3 labels" ]
}

# awk: X[i, j] the samples of a file (0-based rows), L[i, j] a model's
# rows; cosine() and the learned squared distance of rows a and b.
AWKLIB='
function load_model(file,   l, j) {
	while ((getline l < file) > 0) {
		if (l ~ /^#/) { if (l ~ /normalize=1/) norm = 1; continue }
		r++; d = split(l, f, " "); for (j = 1; j <= d; j++) L[r, j] = f[j]
	}
}
function unit_rows(   i, j, s) {
	for (i = 0; i < m; i++) {
		s = 0; for (j = 1; j <= d; j++) s += X[i, j] * X[i, j]
		for (j = 1; j <= d; j++) X[i, j] /= sqrt(s)
	}
}
function mapped(i, k,   j, t) { t = 0; for (j = 1; j <= d; j++) t += L[k, j] * X[i, j]; return t }
function cosine(a, b,   j, ab, aa, bb, u, v) {
	for (j = 1; j <= (r ? r : d); j++) {
		u = r ? mapped(a, j) : X[a, j]; v = r ? mapped(b, j) : X[b, j]
		ab += u * v; aa += u * u; bb += v * v
	}
	return ab / sqrt(aa * bb)
}
function sqdist(a, b,   k, t, s) {
	for (k = 1; k <= r; k++) { t = mapped(a, k) - mapped(b, k); s += t * t }
	return s
}
function check(got, want, tol) {
	e = got - want; if (e < 0) e = -e
	if (e > tol * (want > 1 || want < -1 ? (want > 0 ? want : -want) : 1)) { print "line " FNR ": " got " vs " want; bad = 1 }
}'

@test "-c: the cosine similarity of each pair equals an awk computation to 1e-12" {
	opml-pairs -c -I -n 300 -s 2 "$DATA/wine.txt" > "$TMP/scores"
	[ "$(wc -l < "$TMP/scores")" -eq 600 ]
	awk "$AWKLIB"'
	FILENAME ~ /wine/ { for (j = 2; j <= NF; j++) X[m, j - 1] = $j; d = NF - 1; m++; next }
	{ check($1, cosine($3, $4), 1e-12) }
	END { exit bad }' "$DATA/wine.txt" "$TMP/scores"
}

@test "-c -m: the cosine of L x and L y, to 1e-12" {
	opml-learn -s 3 -g 0.01 "$DATA/iris.txt" > "$TMP/m"
	opml-pairs -c -I -m "$TMP/m" -n 200 -s 5 "$DATA/iris.txt" > "$TMP/scores"
	awk "$AWKLIB"'
	BEGIN { load_model(ARGV[1]); ARGV[1] = "" }
	FILENAME ~ /iris/ { for (j = 2; j <= NF; j++) X[m, j - 1] = $j; d = NF - 1; m++; next }
	{ check($1, cosine($3, $4), 1e-12) }
	END { exit bad }' "$TMP/m" "$DATA/iris.txt" "$TMP/scores"
}

@test "-c: cosine is a similarity: a higher score means same, so opml-roc reads it without -d" {
	opml-pairs -c -n 500 -s 1 "$DATA/wine.txt" > "$TMP/cos"
	run sh -c 'opml-roc -a "$1" | awk -F "\t" "!/^#/ { print (\$4 > 0.5) }"' sh "$TMP/cos"
	[ "$output" = 1 ]
}

@test "-c: huge, tiny and zero vectors give finite cosines; all zero is 0" {
	printf 'a 1e308 1e308\na 1e-300 1e-300\nb -1e308 0\nb 0 0\n' > "$TMP/s"
	run opml-pairs -c -I -a "$TMP/s"
	show
	[ "$status" -eq 0 ]
	[ "$output" = "1 1 0 1
-0.7071067811865475 0 0 2
0 0 0 3
-0.7071067811865475 0 1 2
0 0 1 3
0 1 2 3" ]
}

@test "-a: every unordered pair once, SAME from the labels" {
	opml-pairs -a -I "$DATA/iris.txt" > "$TMP/p"
	[ "$(wc -l < "$TMP/p")" -eq $((150 * 149 / 2)) ]
	awk 'FNR == NR { lab[FNR - 1] = $1; next }
	$3 >= $4 || seen[$3, $4]++ || $2 != (lab[$3] == lab[$4]) { bad = 1 }
	END { exit bad }' "$DATA/iris.txt" "$TMP/p"
	[ "$(awk '$2 == 1' "$TMP/p" | wc -l)" -eq $((3 * 50 * 49 / 2)) ]
}

@test "a normalizing model (opml-learn -u): the same scores as normalizing by hand, then L" {
	opml-scale "$DATA/wine.txt" > "$TMP/z"
	opml-learn -u -g 0.05 -s 1 "$TMP/z" > "$TMP/m"
	grep -q 'normalize=1' "$TMP/m"
	opml-pairs -I -m "$TMP/m" -n 300 -s 4 "$TMP/z" > "$TMP/scores"
	awk "$AWKLIB"'
	BEGIN { load_model(ARGV[1]); ARGV[1] = "" }
	FILENAME ~ /z$/ { for (j = 2; j <= NF; j++) X[m, j - 1] = $j; d = NF - 1; m++; next }
	FNR == 1 { unit_rows() }
	{ check($1, sqdist($3, $4), 1e-12) }
	END { exit bad }' "$TMP/m" "$TMP/z" "$TMP/scores"
	# and the tools agree: unit length by opml-scale, then the map
	opml-scale -t unit "$TMP/z" > "$TMP/u"
	sed '1s/normalize=1/normalize=0/' "$TMP/m" > "$TMP/m0"
	opml-pairs -I -m "$TMP/m0" -n 300 -s 4 "$TMP/u" > "$TMP/byhand"
	awk 'FNR == NR { s[FNR] = $1; next }
	{ e = $1 - s[FNR]; if (e < 0) e = -e; if (e > 1e-12 * ($1 > 1 ? $1 : 1)) bad = 1 }
	END { exit bad }' "$TMP/scores" "$TMP/byhand"
}

@test "a normalizing model in opml-knn and opml-transform: as normalizing by hand" {
	opml-scale "$DATA/wine.txt" > "$TMP/z"
	opml-learn -u -g 0.05 -s 1 "$TMP/z" > "$TMP/m"
	opml-scale -t unit "$TMP/z" > "$TMP/u"
	sed '1s/normalize=1/normalize=0/' "$TMP/m" > "$TMP/m0"
	opml-transform -m "$TMP/m" "$TMP/z" > "$TMP/t1"
	opml-transform -m "$TMP/m0" "$TMP/u" > "$TMP/t2"
	awk 'FNR == NR { for (j = 2; j <= NF; j++) a[FNR, j] = $j; next }
	{ for (j = 2; j <= NF; j++) { e = $j - a[FNR, j]; if (e < 0) e = -e; if (e > 1e-12) bad = 1 } }
	END { exit bad }' "$TMP/t1" "$TMP/t2"
	opml-knn -m "$TMP/m" "$TMP/z" "$TMP/z" > "$TMP/k1"
	opml-knn -m "$TMP/m0" "$TMP/u" "$TMP/u" > "$TMP/k2"
	cmp "$TMP/k1" "$TMP/k2"
}

@test "the bytes of opml-pairs 406e49f, before it streamed, for every mode" {
	# tests/fixtures/pairs-bytes/NAME.out is what opml-pairs printed
	# at commit 406e49f (main before the pairs were drawn in pieces
	# and scored in row order) for the arguments in cases: random pairs
	# on the listing and the set path, all pairs, lists, cosine, and
	# models that standardize, normalize, reduce the rank or are
	# similarities.  The same seed must give the same bytes forever.
	cd "$FIX/pairs-bytes"
	n=0
	while read -r name args; do
		case $name in '#'*|'') continue ;; esac
		eval "opml-pairs $args" > "$TMP/$name.out"
		cmp "$name.out" "$TMP/$name.out" || {
			echo "case $name: opml-pairs $args differs"
			return 1
		}
		n=$((n + 1))
	done < cases
	[ "$n" -eq 16 ]
}

@test "-n: the pieces of a large draw are the pairs of one draw, repeated draws skipped" {
	# 2 * 70000 pairs: two pieces of 65536 and more for each kind.
	# Each kind has 14.9e6 pairs, so draws repeat a pair now and then.
	awk 'BEGIN { for (i = 0; i < 8000; i++) print i % 3, i % 7, int(i / 7) }' > "$TMP/s"
	opml-pairs -I -n 70000 -s 3 "$TMP/s" > "$TMP/p"
	awk '{ n[$2]++
	  if ($3 >= $4) { print "not i < j line " NR; bad = 1 }
	  if (($3 " " $4) in seen) { print "duplicate line " NR; bad = 1 }
	  seen[$3 " " $4] = 1
	  if ((($3 % 3) == ($4 % 3)) != $2) { print "SAME wrong line " NR; bad = 1 }
	  if (NR <= 70000 && $2 != 1 || NR > 70000 && $2 != 0) { print "order line " NR; bad = 1 }
	  dx = $3 % 7 - $4 % 7; dy = int($3 / 7) - int($4 / 7)
	  if ($1 != dx * dx + dy * dy) { print "score line " NR; bad = 1 } }
	END { if (n[0] != 70000 || n[1] != 70000) { print "unbalanced"; bad = 1 }; exit bad }' "$TMP/p"
}

@test "-n: a draw tried against the set a block at a time gives the bytes of 6c37990" {
	# cksum of what opml-pairs printed at 6c37990 (candidates tried
	# one at a time) for these arguments: 300 samples where the same
	# pairs are 22350 and 2 * 11174 are asked (most late candidates
	# repeat one), and 2 * 200000 pairs of 8000 samples (many blocks).
	awk 'BEGIN { for (i = 0; i < 300; i++) print i % 2, i % 17, int(i / 17) }' > "$TMP/s300"
	awk 'BEGIN { for (i = 0; i < 8000; i++) print i % 3, i % 7, int(i / 7) }' > "$TMP/s8000"
	opml-pairs -I -n 11174 -s 4 "$TMP/s300" > "$TMP/a"
	[ "$(wc -l < "$TMP/a")" -eq 22348 ]
	[ "$(cksum < "$TMP/a")" = "405999052 281727" ]
	opml-pairs -I -n 200000 -s 3 "$TMP/s8000" > "$TMP/b"
	[ "$(cksum < "$TMP/b")" = "639146166 7208368" ]
}

@test "a bad sample on stdin after a model heading it: stdin and the line" {
	printf '#opml version=1 d=1 r=1\n2\na 1\nb x\n' > "$TMP/in"
	run --separate-stderr opml-pairs -m - -a - < "$TMP/in"
	[ "$status" -eq 1 ]
	[ "$stderr" = "opml-pairs: stdin:4: field 1: not a finite number: 'x'" ]
	[ -z "$output" ]
}
