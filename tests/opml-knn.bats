#!/usr/bin/env bats
# opml-knn: predictions equal a naive double loop's (ties included), both
# vote rules, leave-one-out, models, threads, and every error path.

load helper

# The naive k-NN in awk: distances summed in feature order, ranked by
# (distance, training row), majority vote; a vote tie goes to the tied
# class met first among the ranked neighbours (rule nearest) or to the
# least label (rule smallest, numbers numerically).  loo=1: the test set
# is the training set and a row is not its own neighbour.
naive() {	# k rule loo train test
	awk -v k="$1" -v rule="$2" -v loo="$3" '
	function less(a, b) { return (a ~ /^-?[0-9.]+$/ && b ~ /^-?[0-9.]+$/) ? a + 0 < b + 0 : a < b }
	FNR == NR { n++; lab[n] = $1; d = NF - 1; for (j = 2; j <= NF; j++) x[n, j] = $j; next }
	{
		for (i = 1; i <= n; i++) {
			s = 0; for (j = 2; j <= NF; j++) { t = x[i, j] - $j; s += t * t }
			dist[i] = s
		}
		m = 0; delete used
		for (r = 1; r <= k; r++) {
			b = 0
			for (i = 1; i <= n; i++) {
				if (used[i] || (loo && i == FNR)) continue
				if (b == 0 || dist[i] < dist[b]) b = i
			}
			used[b] = 1; nb[r] = b
		}
		delete cnt; top = 0
		for (r = 1; r <= k; r++) if (++cnt[lab[nb[r]]] > top) top = cnt[lab[nb[r]]]
		win = ""
		for (r = 1; r <= k; r++) {
			c = lab[nb[r]]
			if (cnt[c] != top) continue
			if (rule == "nearest") { win = c; break }
			if (win == "" || less(c, win)) win = c
		}
		print $1, win
	}' "$4" "$5"
}

@test "prints TRUE PREDICTED per sample and the error rate on stderr" {
	run --separate-stderr opml-knn "$DATA/iris.txt" "$DATA/iris.txt"
	show
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 150 ]
	[[ ${lines[0]} == "0 0" ]]
	[[ $stderr =~ ^opml-knn:\ error\ 0\.[0-9]{4}\ \([0-9]+/150\)$ ]]
}

@test "equals the naive double loop on data full of exact ties, on every vector path" {
	for simd in sse2 avx2 avx512; do
	for k in 1 3 5 8; do
		OPML_SIMD=$simd opml-knn -k $k "$FIX/knn-ties.txt" "$FIX/knn-ties-test.txt" > "$TMP/a" 2>/dev/null
		naive $k nearest 0 "$FIX/knn-ties.txt" "$FIX/knn-ties-test.txt" > "$TMP/b"
		cmp "$TMP/a" "$TMP/b"
		OPML_SIMD=$simd opml-knn -t smallest -k $k "$FIX/knn-ties.txt" "$FIX/knn-ties-test.txt" > "$TMP/a" 2>/dev/null
		naive $k smallest 0 "$FIX/knn-ties.txt" "$FIX/knn-ties-test.txt" > "$TMP/b"
		cmp "$TMP/a" "$TMP/b"
	done
	done
}

@test "equals the naive double loop on 1e6-offset data with many panels, on every vector path" {
	awk 'BEGIN { s = 7; for (i = 0; i < 400; i++) {
		printf "%d", i % 3
		for (t = 0; t < 5; t++) { s = (s * 1103515245 + 12345) % 2147483648
			printf " %.6f", 1e6 + (s % 5) * 0.001 }
		printf "\n" } }' > "$TMP/tr"
	head -n 60 "$TMP/tr" | awk '{ $2 = $2 + 0.0005; print }' > "$TMP/te"
	naive 5 nearest 0 "$TMP/tr" "$TMP/te" > "$TMP/b"
	for simd in sse2 avx2 avx512; do
		OPML_SIMD=$simd opml-knn -j 2 -k 5 "$TMP/tr" "$TMP/te" > "$TMP/a" 2>/dev/null
		cmp "$TMP/a" "$TMP/b"
	done
}

@test "-l: leave-one-out equals the naive loop" {
	opml-knn -l -k 5 "$FIX/knn-ties.txt" > "$TMP/a" 2>/dev/null
	naive 5 nearest 1 "$FIX/knn-ties.txt" "$FIX/knn-ties.txt" > "$TMP/b"
	cmp "$TMP/a" "$TMP/b"
	run opml-knn -l -e < "$DATA/iris.txt"
	[ "$status" -eq 0 ]
	[[ $output == 0.0333333333333333* ]]
}

@test "vote ties: nearest class by default, least label with -t smallest" {
	printf 'b 0\na 1\n' > "$TMP/tr"
	echo 'a 0.5' > "$TMP/te"
	run --separate-stderr opml-knn -k 2 "$TMP/tr" "$TMP/te"
	[ "$output" = "a b" ]
	run --separate-stderr opml-knn -k 2 -t smallest "$TMP/tr" "$TMP/te"
	[ "$output" = "a a" ]
	printf '10 0\n9 1\n' > "$TMP/tr"
	run --separate-stderr opml-knn -k 2 -t smallest "$TMP/tr" "$TMP/te"
	[ "$output" = "a 9" ]
	run --separate-stderr opml-knn -k 2 -t nearest "$TMP/tr" "$TMP/te"
	[ "$output" = "a 10" ]
}

@test "distance ties go to the earlier training sample" {
	printf 'x 1\ny 1\nz 1\n' > "$TMP/tr"
	echo 'q 1' > "$TMP/te"
	run --separate-stderr opml-knn -k 1 "$TMP/tr" "$TMP/te"
	[ "$output" = "q x" ]
}

@test "-e prints only the error rate on stdout" {
	run --separate-stderr opml-knn -e "$FIX/knn-ties.txt" "$FIX/knn-ties-test.txt"
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 1 ]
	[[ $output =~ ^0\.[0-9]+$|^0$|^1$ ]]
	[ -z "$stderr" ]
}

@test "test samples from stdin, from several files, on any thread count" {
	opml-knn -j 1 "$DATA/iris.txt" < "$DATA/iris.txt" > "$TMP/a" 2>/dev/null
	opml-knn -j 3 "$DATA/iris.txt" - < "$DATA/iris.txt" > "$TMP/b" 2>/dev/null
	cmp "$TMP/a" "$TMP/b"
	opml-knn "$DATA/iris.txt" "$DATA/iris.txt" "$DATA/iris.txt" > "$TMP/c" 2>/dev/null
	[ "$(wc -l < "$TMP/c")" -eq 300 ]
}

@test "-m: the same as transforming both sets, then Euclidean" {
	opml-learn -s 3 -g 1e-3 "$DATA/wine.txt" > "$TMP/m"
	opml-knn -m "$TMP/m" "$DATA/wine.txt" "$DATA/wine.txt" > "$TMP/a" 2>/dev/null
	opml-transform -m "$TMP/m" "$DATA/wine.txt" > "$TMP/w"
	opml-knn "$TMP/w" "$TMP/w" > "$TMP/b" 2>/dev/null
	cmp "$TMP/a" "$TMP/b"
}

@test "bad option values are usage errors" {
	for o in "-k 0" "-k x" "-k 2.5" "-j 0" "-t other" "-q"; do
		run opml-knn $o "$DATA/iris.txt"
		[ "$status" -eq 2 ]
	done
	run opml-knn
	[ "$status" -eq 2 ]
	[[ $output == usage:* ]]
	run opml-knn -l "$DATA/iris.txt" "$DATA/iris.txt"
	[ "$status" -eq 2 ]
}

@test "errors: missing file, ragged row, empty input, d mismatch, k too big" {
	run opml-knn "$TMP/none" "$DATA/iris.txt"
	[ "$status" -eq 1 ]
	[[ $output == *none:* ]]
	run opml-knn "$DATA/iris.txt" "$TMP/none"
	[ "$status" -eq 1 ]
	printf '0 1 2\n1 3\n' > "$TMP/rag"
	run opml-knn "$DATA/iris.txt" "$TMP/rag"
	[ "$status" -eq 1 ]
	[[ $output == *rag:1:* ]]
	run opml-knn -k 1 "$TMP/rag" "$DATA/iris.txt"
	[ "$status" -eq 1 ]
	[[ $output == *rag:2:* ]]
	: > "$TMP/empty"
	run opml-knn "$TMP/empty" "$DATA/iris.txt"
	[ "$status" -eq 1 ]
	[[ $output == *"no samples"* ]]
	run opml-knn "$DATA/iris.txt" "$TMP/empty"
	[ "$status" -eq 1 ]
	[[ $output == *"no test samples"* ]]
	opml-learn "$DATA/wine.txt" > "$TMP/m"
	run opml-knn -m "$TMP/m" "$DATA/iris.txt" "$DATA/iris.txt"
	[ "$status" -eq 1 ]
	[[ $output == *iris.txt:1:* ]]
	run opml-knn -m "$TMP/none" "$DATA/iris.txt" "$DATA/iris.txt"
	[ "$status" -eq 1 ]
	run opml-knn -m "$DATA/iris.txt" "$DATA/iris.txt" "$DATA/iris.txt"
	[ "$status" -eq 1 ]
	printf 'a 1\nb 2\n' > "$TMP/two"
	run opml-knn -k 3 "$TMP/two" "$TMP/two"
	[ "$status" -eq 1 ]
	run opml-knn -l -k 2 "$TMP/two"
	[ "$status" -eq 1 ]
}

@test "squared distances that overflow are an error, not a wild read" {
	# Twenty rows at +-1e200: every squared distance and every term of
	# the blocked search is infinite, so no row ever became a candidate
	# and the re-ranking read row SIZE_MAX.
	for i in $(seq 1 20); do
		[ $((i % 2)) -eq 0 ] && echo "0 1e200" || echo "1 -1e200"
	done > "$TMP/big"
	run opml-knn -k 1 "$TMP/big" "$TMP/big"
	show
	[ "$status" -eq 1 ]
	[ "${#lines[@]}" -eq 1 ]
	[[ $output == "opml-knn: "*"big: squared distances overflow a double" ]]
	run opml-knn -l "$TMP/big"
	[ "$status" -eq 1 ]
	# Under a model, L x itself may overflow.
	printf '#opml version=1 d=1 r=1\n1e300\n' > "$TMP/m"
	printf 'a 1e10\nb 2\na 3\n' > "$TMP/s"
	run opml-knn -k 1 -m "$TMP/m" "$TMP/s" "$TMP/s"
	[ "$status" -eq 1 ]
	[[ $output == *"overflow a double (under the model)" ]]
}

# Four shards of a training set in order, as split -n l/4 cuts it.
shards() {	# train
	n=$(wc -l < "$1")
	awk -v n="$n" -v dir="$TMP" '{ print > (dir "/shard" int((NR - 1) * 4 / n) + 1) }' "$1"
}

@test "-N then -M: four shards merge into the predictions of one run, ties included" {
	shards "$FIX/knn-ties.txt"
	for k in 1 3 5; do
		for rule in nearest smallest; do
			for s in 1 2 3 4; do
				opml-knn -N -k $k "$TMP/shard$s" "$FIX/knn-ties-test.txt" > "$TMP/shard$s.nbr"
			done
			opml-knn -M -k $k -t $rule "$TMP"/shard[1234].nbr > "$TMP/a" 2>/dev/null
			opml-knn -k $k -t $rule "$FIX/knn-ties.txt" "$FIX/knn-ties-test.txt" > "$TMP/b" 2>/dev/null
			cmp "$TMP/a" "$TMP/b"
		done
	done
	run opml-knn -M -e -k 5 "$TMP"/shard[1234].nbr
	[ "$output" = "$(opml-knn -e -k 5 "$FIX/knn-ties.txt" "$FIX/knn-ties-test.txt")" ]
}

@test "-N then -M under GNU parallel: byte-identical to one process" {
	if ! command -v parallel > /dev/null 2>&1 ||
	    ! parallel --version 2>/dev/null | grep -q GNU; then
		skip "GNU parallel not installed (Debian: apt-get install parallel)"
	fi
	shards "$FIX/knn-ties.txt"
	parallel --will-cite opml-knn -N -k 5 -o {}.nbr {} "$FIX/knn-ties-test.txt" ::: "$TMP"/shard[1234]
	opml-knn -M -k 5 "$TMP"/shard[1234].nbr > "$TMP/a" 2>/dev/null
	opml-knn -k 5 "$FIX/knn-ties.txt" "$FIX/knn-ties-test.txt" > "$TMP/b" 2>/dev/null
	cmp "$TMP/a" "$TMP/b"
}

@test "-M: lists of other samples or other lengths are errors" {
	printf 'a 1 x\nb 2 y\n' > "$TMP/l1"
	printf 'a 1 x\n' > "$TMP/l2"
	printf 'a 1 x\nc 2 y\n' > "$TMP/l3"
	run opml-knn -M -k 1 "$TMP/l1" "$TMP/l2"
	[ "$status" -eq 1 ]
	[[ $output == *"ends before"* ]]
	run opml-knn -M -k 1 "$TMP/l1" "$TMP/l3"
	[ "$status" -eq 1 ]
	[[ $output == *"l3:2: sample labeled 'c', not 'b'"* ]]
	run opml-knn -M -k 3 "$TMP/l1"
	[ "$status" -eq 1 ]
	run opml-knn -M -l "$TMP/l1"
	[ "$status" -eq 2 ]
}
