#!/usr/bin/env bats
# opml-knn: predictions equal a naive double loop's (ties included), both
# vote rules, leave-one-out, models, threads, and every error path.

load helper

# The brute-force k nearest in awk: for each test sample, TRUE then the
# rows (from 0) and squared distances (summed in feature order, %.17g)
# of its k nearest, a distance tie to the earlier row; then, with
# votes=1, the votes and labels of the classes among them, most votes
# first, a tie to the class whose nearest neighbour comes first.
brute() {	# k loo votes train test
	awk -v k="$1" -v loo="$2" -v votes="$3" '
	FNR == NR { n++; lab[n] = $1; for (j = 2; j <= NF; j++) x[n, j] = $j; next }
	{
		for (i = 1; i <= n; i++) {
			s = 0; for (j = 2; j <= NF; j++) { t = x[i, j] - $j; s += t * t }
			dist[i] = s
		}
		delete used; line = $1
		for (r = 1; r <= k; r++) {
			b = 0
			for (i = 1; i <= n; i++) {
				if (used[i] || (loo && i == FNR)) continue
				if (b == 0 || dist[i] < dist[b]) b = i
			}
			used[b] = 1; nb[r] = b
			line = line sprintf(" %d %.17g", b - 1, dist[b])
		}
		if (votes) {
			delete cnt; delete done; nc = 0
			for (r = 1; r <= k; r++) if (cnt[lab[nb[r]]]++ == 0) cls[++nc] = lab[nb[r]]
			for (m = 1; m <= nc; m++) {
				b = 0
				for (c = 1; c <= nc; c++) if (!done[c] && (b == 0 || cnt[cls[c]] > cnt[cls[b]])) b = c
				done[b] = 1; line = line " " cnt[cls[b]] " " cls[b]
			}
		}
		print line
	}' "$4" "$5"
}

# The naive k-NN: brute's neighbours and votes, a vote tie going to the
# tied class met first among the ranked neighbours (rule nearest: the
# first class brute lists) or to the least label (rule smallest, numbers
# numerically).  loo=1: the test set is the training set and a row is
# not its own neighbour.
naive() {	# k rule loo train test
	brute "$1" "$3" 1 "$4" "$5" | awk -v k="$1" -v rule="$2" '
	function less(a, b) { return (a ~ /^-?[0-9.]+$/ && b ~ /^-?[0-9.]+$/) ? a + 0 < b + 0 : a < b }
	{
		top = $(2 * k + 2); win = $(2 * k + 3)
		for (i = 2 * k + 4; rule == "smallest" && i <= NF; i += 2)
			if ($i == top && less($(i + 1), win)) win = $(i + 1)
		print $1, win
	}'
}

@test "prints TRUE PREDICTED per sample and the error rate on stderr" {
	run --separate-stderr opml-knn "$DATA/iris.txt" "$DATA/iris.txt"
	show
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 150 ]
	[[ ${lines[0]} == "0 0" ]]
	[[ $stderr =~ ^opml-knn:\ error\ 0\.[0-9]{1,6}\ \([0-9]+/150\)$ ]]
}

@test "equals the naive double loop on data full of exact ties, on every vector path" {
	for simd in sse2 avx2 avx512 avx512vbmi2; do
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
	for simd in sse2 avx2 avx512 avx512vbmi2; do
		OPML_SIMD=$simd opml-knn -j 2 -k 5 "$TMP/tr" "$TMP/te" > "$TMP/a" 2>/dev/null
		cmp "$TMP/a" "$TMP/b"
	done
}

@test "-L: leave-one-out equals the naive loop" {
	opml-knn -L -k 5 "$FIX/knn-ties.txt" > "$TMP/a" 2>/dev/null
	naive 5 nearest 1 "$FIX/knn-ties.txt" "$FIX/knn-ties.txt" > "$TMP/b"
	cmp "$TMP/a" "$TMP/b"
	run opml-knn -L -e < "$DATA/iris.txt"
	[ "$status" -eq 0 ]
	[ "$output" = 0.03333 ]
	run opml-knn -F -L -e < "$DATA/iris.txt"
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
	run opml-knn -L "$DATA/iris.txt" "$DATA/iris.txt"
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
	run opml-knn -L -k 2 "$TMP/two"
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
	[[ $output == "opml-knn: "*"big: feature 1 spreads so widely that squared distances overflow a double" ]]
	run opml-knn -L "$TMP/big"
	[ "$status" -eq 1 ]
	# Under a model, L x itself may overflow.
	printf '#opml version=1 d=1 r=1\n1e300\n' > "$TMP/m"
	printf 'a 1e10\nb 2\na 3\n' > "$TMP/s"
	run opml-knn -k 1 -m "$TMP/m" "$TMP/s" "$TMP/s"
	[ "$status" -eq 1 ]
	[[ $output == *"s: under the model, coordinate 1 spreads so widely that squared distances overflow a double" ]]
	# the feature named is the one that overflows
	printf 'a 1 1e200\nb 2 -1e200\n' > "$TMP/big2"
	run opml-knn -L -k 1 "$TMP/big2"
	[[ $output == *"big2: feature 2 spreads"* ]]
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
	need parallel parallel
	parallel --version 2>/dev/null | grep -q GNU ||
	    skip "needs GNU parallel (Debian: apt-get install parallel), not another parallel"
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
	run opml-knn -M -L "$TMP/l1"
	[ "$status" -eq 2 ]
}

# Two files of fields equal as numbers where numbers, else as strings.
same_fields() {
	paste -d'|' "$1" "$2" | awk -F'|' '{
		n = split($1, a, " "); m = split($2, b, " ")
		if (n != m) { print NR ": " $0; bad = 1; next }
		for (i = 1; i <= n; i++) if (a[i] != b[i] && a[i] + 0 != b[i] + 0) { print NR ": " a[i] " " b[i]; bad = 1 } }
		END { exit bad || NR == 0 }'
}

@test "-i: each neighbour's row and exact distance, as a brute-force awk k-NN finds them" {
	for k in 1 4 7; do
		opml-knn -i -k $k "$FIX/knn-ties.txt" "$FIX/knn-ties-test.txt" 2>/dev/null |
		    cut -d' ' -f1,3- > "$TMP/a"
		brute $k 0 0 "$FIX/knn-ties.txt" "$FIX/knn-ties-test.txt" > "$TMP/b"
		same_fields "$TMP/a" "$TMP/b"
	done
	opml-knn -i -k 5 "$DATA/iris.txt" "$DATA/iris.txt" 2>/dev/null | cut -d' ' -f1,3- > "$TMP/a"
	brute 5 0 0 "$DATA/iris.txt" "$DATA/iris.txt" > "$TMP/b"
	same_fields "$TMP/a" "$TMP/b"
	# the distances print exactly: %.17g of each reads back the same
	awk '{ for (i = 3; i <= NF; i += 2) printf "%.17g\n", $i }' "$TMP/a" > "$TMP/x"
	awk '{ for (i = 3; i <= NF; i += 2) print $i }' "$TMP/b" > "$TMP/y"
	cmp "$TMP/x" "$TMP/y"
	# the first two fields are the predictions of a plain run
	opml-knn -i -k 5 "$DATA/iris.txt" "$DATA/iris.txt" 2>/dev/null | cut -d' ' -f1,2 > "$TMP/p"
	opml-knn -k 5 "$DATA/iris.txt" "$DATA/iris.txt" 2>/dev/null > "$TMP/q"
	cmp "$TMP/p" "$TMP/q"
}

@test "-i with -L: the rows of the others; with -m: distances in the learned space" {
	opml-knn -L -i -k 3 "$FIX/knn-ties.txt" 2>/dev/null | cut -d' ' -f1,3- > "$TMP/a"
	brute 3 1 0 "$FIX/knn-ties.txt" "$FIX/knn-ties.txt" > "$TMP/b"
	same_fields "$TMP/a" "$TMP/b"
	opml-learn -s 3 "$DATA/wine.txt" > "$TMP/m"
	opml-transform -m "$TMP/m" "$DATA/wine.txt" > "$TMP/w"
	opml-knn -i -k 3 -m "$TMP/m" "$DATA/wine.txt" "$DATA/wine.txt" 2>/dev/null | cut -d' ' -f1,3- > "$TMP/a"
	brute 3 0 0 "$TMP/w" "$TMP/w" > "$TMP/b"
	same_fields "$TMP/a" "$TMP/b"
}

# n rows of d integers 0..9 from a linear congruential generator
# seeded with seed, printed by fmt, labeled 0 .. classes - 1 in turn.
grid_rows() {	# n d seed classes fmt
	awk -v n="$1" -v d="$2" -v s="$3" -v c="$4" -v f=" $5" 'BEGIN {
		for (i = 0; i < n; i++) {
			printf "%d", i % c
			for (t = 0; t < d; t++) { s = (s * 1103515245 + 12345) % 2147483648
				printf f, s % 10 }
			printf "\n" } }'
}

@test "-i: rows and distances equal the brute-force loop on every vector path, on an integer grid and 1e6-offset data; -j 1 and -j 2 alike" {
	# 700 rows of 7 integers 0..9 (distances tie by the dozen), and
	# the same as 1e6 plus thousandths; tests are rows nudged or
	# repeated.
	grid_rows 700 7 11 4 %.6f > "$TMP/grid"
	awk '{ $1 = ($1 + 1) % 4; for (i = 2; i <= NF; i++) $i = sprintf("%.6f", 1e6 + $i * 0.001); print }' "$TMP/grid" > "$TMP/off"
	for set in grid off; do
		awk 'NR % 9 == 0 { if (NR % 2) $3 = $3 + 1; print }' "$TMP/$set" > "$TMP/$set-te"
		brute 6 0 0 "$TMP/$set" "$TMP/$set-te" > "$TMP/b"
		for simd in sse2 avx2 avx512 avx512vbmi2; do
			OPML_SIMD=$simd opml-knn -i -j 1 -k 6 "$TMP/$set" "$TMP/$set-te" > "$TMP/a1" 2>/dev/null
			cut -d' ' -f1,3- "$TMP/a1" > "$TMP/a"
			same_fields "$TMP/a" "$TMP/b"
			OPML_SIMD=$simd opml-knn -i -j 2 -k 6 "$TMP/$set" "$TMP/$set-te" > "$TMP/a2" 2>/dev/null
			cmp "$TMP/a1" "$TMP/a2"
		done
	done
}

# The k nearest of each test sample by sort(1), not a selection: every
# (sample, distance %.17g, row) sorted, a distance tie to the earlier
# row, the first k of each kept; printed as TRUE then row and distance
# of each, nearest first (opml-knn -i without the prediction).
sorted_knn() {	# k train test
	awk '{ print NR, $1 }' "$3" > "$TMP/labels"
	awk 'FNR == NR { n++; for (j = 2; j <= NF; j++) x[n, j] = $j; next }
	{ for (i = 1; i <= n; i++) {
		s = 0; for (j = 2; j <= NF; j++) { t = x[i, j] - $j; s += t * t }
		printf "%d %.17g %d\n", FNR, s, i - 1 } }' "$2" "$3" |
	    sort -k1,1n -k2,2g -k3,3n |
	    awk -v k="$1" 'FNR == NR { lab[$1] = $2; next }
	    $1 != q { if (q) print line; q = $1; line = lab[q]; c = 0 }
	    c++ < k { line = line " " $3 " " $2 }
	    END { print line }' "$TMP/labels" -
}

@test "a large k: -i equals a sort of all distances for k = 1, 5, 33, 1000 and n, ties included, rows nearest first or not" {
	# 5000 rows of 3 integers 0..9 (distances tie by the hundred);
	# the same rows by their distance from 0, where the search's
	# guess of a limit from the first rows lets too few in; queries
	# near 0 and among the rows.
	grid_rows 5000 3 5 3 %d > "$TMP/rows"
	awk '{ print $2 * $2 + $3 * $3 + $4 * $4, $0 }' "$TMP/rows" |
	    sort -s -k1,1n | cut -d' ' -f2- > "$TMP/near"
	printf '1 0 0 0\n2 0.5 0.25 0\n0 1 1 2\n1 9 9 9\n2 4.5 5 4.5\n' > "$TMP/q"
	# and times 0.37: distances of all 64 bits
	awk '{ for (i = 2; i <= NF; i++) $i = sprintf("%.17g", $i * 0.37); print }' \
	    "$TMP/rows" > "$TMP/real"
	for set in rows near real; do
		for k in 1 5 33 1000 5000; do
			sorted_knn $k "$TMP/$set" "$TMP/q" > "$TMP/b"
			opml-knn -i -k $k "$TMP/$set" "$TMP/q" 2>/dev/null |
			    cut -d' ' -f1,3- > "$TMP/a"
			same_fields "$TMP/a" "$TMP/b"
		done
	done
}

@test "-v: the votes of each class, most first, ties as the rule; the winner is the prediction" {
	for k in 2 5 8; do
		opml-knn -v -i -k $k "$FIX/knn-ties.txt" "$FIX/knn-ties-test.txt" 2>/dev/null |
		    cut -d' ' -f1,3- > "$TMP/a"
		brute $k 0 1 "$FIX/knn-ties.txt" "$FIX/knn-ties-test.txt" > "$TMP/b"
		same_fields "$TMP/a" "$TMP/b"
		opml-knn -v -k $k "$FIX/knn-ties.txt" "$FIX/knn-ties-test.txt" 2>/dev/null > "$TMP/v"
		awk '$2 != $4 { print NR ": " $0; bad = 1 } END { exit bad }' "$TMP/v"
		opml-knn -k $k "$FIX/knn-ties.txt" "$FIX/knn-ties-test.txt" 2>/dev/null > "$TMP/p"
		cut -d' ' -f1,2 "$TMP/v" | cmp - "$TMP/p"
	done
	# -t smallest: a tie to the least label
	printf 'b 0\na 1\n' > "$TMP/tr"
	echo 'a 0.5' > "$TMP/te"
	run --separate-stderr opml-knn -v -k 2 "$TMP/tr" "$TMP/te"
	[ "$output" = "a b 1 b 1 a" ]
	run --separate-stderr opml-knn -v -k 2 -t smallest "$TMP/tr" "$TMP/te"
	[ "$output" = "a a 1 a 1 b" ]
}

@test "-c: the confusion matrix holds the tallies of TRUE PREDICTED" {
	for set in iris wine balance; do
		opml-knn -L "$DATA/$set.txt" > "$TMP/p" 2>/dev/null
		opml-knn -c -L "$DATA/$set.txt" > "$TMP/c" 2>"$TMP/e"
		opml-knn -L "$DATA/$set.txt" 2>&1 >/dev/null | cmp - "$TMP/e"
		awk 'FNR == NR { t[$1 " " $2]++; lab[$1]; lab[$2]; n++; next }
		FNR == 1 { if ($1 != "#") exit 1; for (j = 2; j <= NF; j++) col[j] = $j; nc = NF - 1; next }
		{ rows++; if (NF != nc + 1 || !($1 in lab)) exit 1
		  for (j = 2; j <= NF; j++) { s += $j; if ($j != t[$1 " " col[j]] + 0) { print $1, col[j], $j; exit 1 } } }
		END { m = 0; for (l in lab) m++; exit !(s == n && rows == m && nc == m) }' "$TMP/p" "$TMP/c"
	done
	# labels in order, numbers as numbers; a label only predicted or
	# only true has its row or column
	printf '10 0\n9 1\n10 2\n' > "$TMP/tr"
	printf '9 0\n10 1.1\nz 2\n' > "$TMP/te"
	run --separate-stderr opml-knn -c -k 1 "$TMP/tr" "$TMP/te"
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf '#  9 10 z\n9  0  1 0\n10 1  0 0\nz  0  1 0')" ]
	[ "$stderr" = "opml-knn: error 1 (3/3)" ]
}

@test "-M with -v and -c: the same as one run" {
	shards "$FIX/knn-ties.txt"
	for s in 1 2 3 4; do
		opml-knn -N -k 5 "$TMP/shard$s" "$FIX/knn-ties-test.txt" > "$TMP/shard$s.nbr"
	done
	for o in -v -c "-v -t smallest"; do
		opml-knn -M -k 5 $o "$TMP"/shard[1234].nbr > "$TMP/a" 2>/dev/null
		opml-knn -k 5 $o "$FIX/knn-ties.txt" "$FIX/knn-ties-test.txt" > "$TMP/b" 2>/dev/null
		cmp "$TMP/a" "$TMP/b"
	done
}

@test "-c, -e, -i, -v, -N: outputs that do not mix are usage errors; -i needs distances" {
	for o in "-c -e" "-c -N" "-c -i" "-c -v" "-e -i" "-e -v" "-N -i" "-N -v"; do
		run opml-knn $o "$DATA/iris.txt" "$DATA/iris.txt"
		[ "$status" -eq 2 ] || { echo "$o: $status"; false; }
	done
	printf 'a 1 x\n' > "$TMP/l"
	run opml-knn -M -i -k 1 "$TMP/l"
	[ "$status" -eq 2 ]
	printf '#opml version=1 d=4 r=4 form=similarity\n1 0 0 0\n0 1 0 0\n0 0 1 0\n0 0 0 1\n' > "$TMP/s"
	run --separate-stderr opml-knn -i -m "$TMP/s" "$DATA/iris.txt" "$DATA/iris.txt"
	[ "$status" -eq 1 ]
	[[ $stderr == *"-i lists squared distances; a similarity model (x'Wz) has none" ]]
	run --separate-stderr opml-knn -v -m "$TMP/s" "$DATA/iris.txt" "$DATA/iris.txt"
	[ "$status" -eq 0 ]
}

# Memory by ulimit -v (address space, KiB): a run that held the text of
# its input, or all its queries at once, cannot fit.

@test "queries stream in blocks: a million query lines (200 MB) from a pipe under 150 MB of address space" {
	skip_if_sanitized "ulimit -v"
	awk 'BEGIN { srand(2); for (i = 0; i < 20; i++) { printf "%d", i % 2
		for (j = 0; j < 10; j++) printf " %.17g", rand(); print "" } }' > "$TMP/train"
	line=$(awk 'BEGIN { srand(3); printf "1"; for (j = 0; j < 10; j++) printf " %.17g", rand(); print "" }')
	echo "$line" > "$TMP/one"
	opml-knn -k 3 "$TMP/train" "$TMP/one" > "$TMP/want" 2>/dev/null
	[ "$(wc -l < "$TMP/want")" -eq 1 ]
	run --separate-stderr sh -c 'ulimit -v 150000; yes "$1" | head -n 1000000 |
	    opml-knn -k 3 "$2" - | uniq -c' sh "$line" "$TMP/train"
	show
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf '%7d %s' 1000000 "$(cat "$TMP/want")")" ]
}

@test "the training set is held as numbers, not text: 160 MB of training text under 160 MB of address space" {
	skip_if_sanitized "ulimit -v"
	# Four rows of 40-digit numbers (five times the bytes of a
	# double), 400,000 times over; the queries' nearest is a copy of
	# the nearest of the four, as k = 1 on the four finds.
	awk 'BEGIN { srand(4); for (i = 0; i < 4; i++) { printf "c%d", i
		for (j = 0; j < 10; j++) printf " %.40f", rand(); print "" } }' > "$TMP/four"
	awk 'BEGIN { srand(5); for (i = 0; i < 30; i++) { printf "c%d", i % 4
		for (j = 0; j < 10; j++) printf " %.6f", rand(); print "" } }' > "$TMP/q"
	opml-knn -k 1 "$TMP/four" "$TMP/q" > "$TMP/want" 2>/dev/null
	run --separate-stderr sh -c 'ulimit -v 160000; yes "$(cat "$1")" | head -n 400000 |
	    opml-knn -k 3 - "$2"' sh "$TMP/four" "$TMP/q"
	show
	[ "$status" -eq 0 ]
	[ "$output" = "$(cat "$TMP/want")" ]
}

@test "the search holds the training rows and a bounded buffer: 400,000 x 64 in 1.3 x 8nd + 64 MiB of address space" {
	skip_if_sanitized "ulimit -v"
	# 8nd = 195 MiB (200,000 KiB); 1.3 x 8nd + 64 MiB = 325,536 KiB.
	# Single-precision copies of all the rows (another 99 MiB) do not
	# fit.  Ten queries are copies of training rows 6, 40006, ...:
	# k = 1 finds each at distance 0 (the rows are distinct).
	awk 'BEGIN { srand(7); for (i = 0; i < 400000; i++) { printf "%d", i % 2
		for (j = 0; j < 64; j++) printf " %.4f", rand(); print "" } }' > "$TMP/train"
	awk 'NR % 40000 == 7' "$TMP/train" > "$TMP/q"
	[ "$(wc -l < "$TMP/q")" -eq 10 ]
	[ "$(cut -d' ' -f2- "$TMP/train" | sort -u | wc -l)" -eq 400000 ]
	run --separate-stderr env OPML_THREADS=1 sh -c 'ulimit -v 320000
	    opml-knn -k 1 -i "$1" "$2"' sh "$TMP/train" "$TMP/q"
	show
	[ "$status" -eq 0 ]
	[ "$output" = "$(awk '{ print $1, $1, 40000 * (NR - 1) + 6, 0 }' "$TMP/q")" ]
}
