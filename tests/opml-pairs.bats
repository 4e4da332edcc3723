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

@test "-p with 0-based index pairs; -i adds the indices" {
	run opml-pairs -i -p "$FIX/pairs-index.txt" "$FIX/pairs-faces.txt"
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
	opml-pairs -i -n 200 -s 5 -m "$TMP/m" "$DATA/iris.txt" > "$TMP/scores"
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
	opml-pairs -i -n 1000 -s 9 "$DATA/wine.txt" > "$TMP/p"
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
	opml-pairs -i -n 3675 -s 1 "$DATA/iris.txt" > "$TMP/p"
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
	[[ $stderr == *"squared distance overflows a double"* ]]
	! printf '%s\n' "$output" | grep -qi 'inf\|nan\|e+308'
}

@test "-n far beyond the pairs there are: told so before any allocation" {
	# 10^9 pairs asked 48 GB for the pairs before counting them: "out
	# of memory" (or an allocator abort) instead of the real reason.
	run opml-pairs -n 1000000000 "$DATA/iris.txt"
	show
	[ "$status" -eq 1 ]
	[ "$output" = "opml-pairs: -n 1000000000: only 3675 same pairs in 150 samples of 3 labels" ]
}
