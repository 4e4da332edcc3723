#!/usr/bin/env bats
# opml-split: seeded fractions (plain, stratified, by label), folds,
# shuffle, the cold-start order, split lists; errors.

load helper

setup() {
	TMP="$BATS_TEST_TMPDIR"
	# The data in the tools' own number form, for comparing row sets.
	opml-split -c 1 "$DATA/iris.txt" | sort > "$TMP/iris.sorted"
}

@test "-f -S: stratified halves that together are the input" {
	opml-split -f 0.5 -S -s 3 -o "$TMP/h" "$DATA/iris.txt"
	[ "$(wc -l < "$TMP/h.train")" -eq 75 ]
	[ "$(cut -d' ' -f1 "$TMP/h.train" | sort | uniq -c | awk '{ printf "%s ", $1 }')" = "25 25 25 " ]
	sort "$TMP/h.train" "$TMP/h.test" | cmp - "$TMP/iris.sorted"
}

@test "-s: the same seed gives the same split, another seed another" {
	opml-split -f 0.3 -s 7 -o "$TMP/a" "$DATA/wine.txt"
	opml-split -f 0.3 -s 7 -o "$TMP/b" "$DATA/wine.txt"
	opml-split -f 0.3 -s 8 -o "$TMP/c" "$DATA/wine.txt"
	cmp "$TMP/a.train" "$TMP/b.train"
	! cmp -s "$TMP/a.train" "$TMP/c.train"
	[ "$(wc -l < "$TMP/a.train")" -eq 53 ]
	[ "$(wc -l < "$TMP/a.test")" -eq 125 ]
}

@test "-f -g: the parts share no label" {
	opml-split -f 0.5 -g -o "$TMP/g" "$DATA/iris.txt"
	cut -d' ' -f1 "$TMP/g.train" | sort -u > "$TMP/l1"
	cut -d' ' -f1 "$TMP/g.test" | sort -u > "$TMP/l2"
	[ -z "$(comm -12 "$TMP/l1" "$TMP/l2")" ]
	[ -s "$TMP/g.test" ]
}

@test "-n: N fold files PREFIX.1..N of near-equal size covering the input" {
	opml-split -n 4 -o "$TMP/f" "$DATA/iris.txt"
	for i in 1 2 3 4; do
		n=$(wc -l < "$TMP/f.$i")
		[ "$n" -ge 37 ] && [ "$n" -le 38 ]
	done
	[ ! -e "$TMP/f.5" ]
	sort "$TMP"/f.[1-4] | cmp - "$TMP/iris.sorted"
	opml-split -n 5 -S -o "$TMP/s" "$DATA/iris.txt"
	for i in 1 2 3 4 5; do
		[ "$(cut -d' ' -f1 "$TMP/s.$i" | sort | uniq -c | awk '{ printf "%s ", $1 }')" = "10 10 10 " ]
	done
}

@test "-n -g: folds disjoint by label" {
	opml-split -n 3 -g -s 2 -o "$TMP/g" "$DATA/wine.txt"
	for i in 1 2 3; do
		[ "$(cut -d' ' -f1 "$TMP/g.$i" | sort -u | wc -l)" -eq 1 ]
	done
}

@test "-x: a seeded permutation on stdout" {
	opml-split -x -s 5 "$DATA/iris.txt" > "$TMP/a"
	opml-split -x -s 5 < "$DATA/iris.txt" > "$TMP/b"
	cmp "$TMP/a" "$TMP/b"
	sort "$TMP/a" | cmp - "$TMP/iris.sorted"
	! opml-split -c 1 "$DATA/iris.txt" | cmp -s - "$TMP/a"
	opml-split -x -o "$TMP/c" "$DATA/iris.txt"
	[ "$(wc -l < "$TMP/c")" -eq 150 ]
}

@test "-c P: each class cut into P parts, laid out crosswise" {
	run opml-split -c 2 "$DATA/iris.txt"
	[ "$status" -eq 0 ]
	[ "$(echo "$output" | cut -d' ' -f1 | uniq -c | awk '{ printf "%s:%s ", $2, $1 }')" = "0:25 1:25 2:25 0:25 1:25 2:25 " ]
	# The first part of class 0 is its first 25 rows, in input order.
	[ "$(echo "$output" | head -25)" = "$(opml-split -c 1 "$DATA/iris.txt" | head -25)" ]
	run opml-split -c 3 "$FIX/split-four.txt"
	[ "$output" = "$(printf 'a 1\na 3\nb 2\nc 4')" ]
}

@test "-c P -x -l -f 0.5: the paper's cold-start sequence of the whole set, cut in two" {
	# Classes in label order (numbers as numbers, then strings), each
	# shuffled, part q of a class of n rows its rows n(q-1)/P .. nq/P.
	awk '{ $1 = $1 == 0 ? "b" : $1 == 1 ? "10" : "9"; print }' "$DATA/wine.txt" > "$TMP/w"
	for P in 1 2 5 10; do
		opml-split -c "$P" -x -l -s 7 -f 0.5 -o "$TMP/cs" "$TMP/w"
		[ "$(wc -l < "$TMP/cs.train")" -eq 89 ]
		[ "$(wc -l < "$TMP/cs.test")" -eq 89 ]
		# The label sequence, computed apart from the tool.
		cut -d' ' -f1 "$TMP/w" | sort | uniq -c | awk -v P="$P" '
		    { lab[$2] = $2; n[$2] = $1 }
		    END { split("9 10 b", order, " ")
			for (q = 0; q < P; q++) for (k = 1; k <= 3; k++) {
			    c = order[k]; a = int(n[c] * q / P); b = int(n[c] * (q + 1) / P)
			    for (i = a; i < b; i++) print c } }' > "$TMP/want"
		cat "$TMP/cs.train" "$TMP/cs.test" | cut -d' ' -f1 > "$TMP/got"
		cmp "$TMP/want" "$TMP/got"
		# Every row once.
		cat "$TMP/cs.train" "$TMP/cs.test" | sort > "$TMP/all"
		opml-split -c 1 "$TMP/w" | sort | cmp - "$TMP/all"
	done
	# -x shuffles inside the classes: another seed, another order, the
	# same labels; without -x, input order.
	opml-split -c 5 -x -l -s 8 -f 0.5 -o "$TMP/cs8" "$TMP/w"
	! cmp -s "$TMP/cs.train" "$TMP/cs8.train"
	opml-split -c 5 -l "$TMP/w" | head -9 > "$TMP/plain"
	grep "^9 " "$TMP/w" | head -9 | opml-split -c 1 | cmp - "$TMP/plain"
	# With P even the training half is half of each class: the same
	# rows for P = 2 and P = 10 (the paper's equal Euclidean columns).
	opml-split -c 2 -x -l -s 3 -f 0.5 -o "$TMP/p2" "$TMP/w"
	opml-split -c 10 -x -l -s 3 -f 0.5 -o "$TMP/p10" "$TMP/w"
	opml-split -c 5 -x -l -s 3 -f 0.5 -o "$TMP/p5" "$TMP/w"
	[ "$(sort "$TMP/p2.train")" = "$(sort "$TMP/p10.train")" ]
	[ "$(sort "$TMP/p2.train")" != "$(sort "$TMP/p5.train")" ]
}

@test "-p -i: the listed rows, in the listed order" {
	opml-split -p "$FIX/split-list.splits" -i 1 -o "$TMP/p" "$FIX/split-four.txt"
	[ "$(cat "$TMP/p.train")" = "$(printf 'a 3\na 1')" ]
	[ "$(cat "$TMP/p.test")" = "$(printf 'b 2\nc 4')" ]
	opml-split -p "$FIX/split-list.splits" -i 2 -o "$TMP/q" "$FIX/split-four.txt"
	[ "$(cat "$TMP/q.train")" = "c 4" ]
	[ "$(wc -l < "$TMP/q.test")" -eq 3 ]
	opml-split -p "$DATA/splits/pima.splits" -i 1 -o "$TMP/pima" "$DATA/pima.txt"
	[ "$(wc -l < "$TMP/pima.train")" -eq 384 ]
	[ "$(head -1 "$TMP/pima.train")" = "$(sed -n 489p "$DATA/pima.txt" | opml-split -c 1)" ]
}

@test "split list errors: out of range row, missing split, bad line" {
	run opml-split -p "$FIX/split-list.splits" -i 3 -o "$TMP/p" "$FIX/split-four.txt"
	[ "$status" -eq 1 ]
	[[ $output == *split-list.splits:5:*"out of range"* ]]
	run opml-split -p "$FIX/split-list.splits" -i 4 -o "$TMP/p" "$FIX/split-four.txt"
	[ "$status" -eq 1 ]
	[[ $output == *"no split 4"* ]]
	printf 'train 1 x\ntest 0\n' > "$TMP/bad"
	run opml-split -p "$TMP/bad" -i 1 -o "$TMP/p" "$FIX/split-four.txt"
	[ "$status" -eq 1 ]
	[[ $output == *bad:1:* ]]
	printf 'test 1\ntrain 0\n' > "$TMP/bad"
	run opml-split -p "$TMP/bad" -i 1 -o "$TMP/p" "$FIX/split-four.txt"
	[ "$status" -eq 1 ]
	[ ! -e "$TMP/p.train" ]
	run opml-split -p "$TMP/none" -i 1 -o "$TMP/p" "$FIX/split-four.txt"
	[ "$status" -eq 1 ]
}

@test "usage errors: no mode, two modes, bad values, missing -o or -i" {
	for o in "" "-f 0.5 -k 2 -o x" "-f 0 -o x" "-f 1 -o x" "-f 1.5 -o x" \
	    "-f abc -o x" "-k 1 -o x" "-k 2.5 -o x" "-c 0" "-s -1 -x" \
	    "-f 0.5" "-k 3" "-p list" "-p list -i 0 -o x" "-i 1 -x" \
	    "-S -x" "-g -c 2" "-S -g -f 0.5 -o x" "-q" "-l -x" "-l -f 0.5 -o x" \
	    "-c 2 -f 0.5" "-c 2 -S -f 0.5 -o x" "-c 2 -k 2 -o x"; do
		run opml-split $o "$DATA/iris.txt"
		[ "$status" -eq 2 ] || { echo "options: $o"; show; false; }
	done
}

@test "a usage error says what is missing or extra; no mode or two: the synopsis" {
	mkdir "$TMP/w" && cd "$TMP/w"
	while IFS='|' read -r o msg; do
		# shellcheck disable=SC2086
		run --separate-stderr opml-split $o "$DATA/iris.txt"
		[ "$status" -eq 2 ] && [ -z "$output" ] &&
		    [ "$stderr" = "opml-split: $msg" ] || { echo "options: $o"; show; false; }
	done <<'END'
-f 0.5|-f: needs -o prefix
-c 2 -f 0.5|-f: needs -o prefix
-n 3|-n: needs -o prefix
-p list -i 1|-p: needs -o prefix
-p list -o x|-p: needs -i n
-i 1 -x|-i: needs -p splits
-l -x|-l: needs -c
-S -g -f 0.5 -o x|-S and -g: one or the other
-S -x|-S: needs -f or -n
-g -c 2|-g: not with -c
-c 2 -S -f 0.5 -o x|-S: not with -c
END
	for o in "" "-f 0.5 -n 3 -o x" "-x -c 2 -p list -i 1"; do
		# shellcheck disable=SC2086
		run --separate-stderr opml-split $o "$DATA/iris.txt"
		[ "$status" -eq 2 ] && [[ $stderr == "usage: opml-split "* ]] || { echo "options: $o"; show; false; }
	done
	[ -z "$(ls)" ]
}

@test "data errors: missing file, ragged rows" {
	run opml-split -x "$TMP/none"
	[ "$status" -eq 1 ]
	printf '0 1 2\n1 3\n' > "$TMP/rag"
	run opml-split -f 0.5 -o "$TMP/r" "$TMP/rag"
	[ "$status" -eq 1 ]
	[[ $output == *rag:2:* ]]
	[ ! -e "$TMP/r.train" ]
}

@test "-n more folds than labels (-g) or samples is an error" {
	run opml-split -n 5 -g -o "$TMP/f" "$DATA/iris.txt"
	[ "$status" -eq 1 ]
	[[ $output == *"only 3 labels to spread over 5 folds"* ]]
	[ ! -e "$TMP/f.1" ]
	printf 'a 1\nb 2\n' > "$TMP/two"
	run opml-split -n 3 -o "$TMP/g" "$TMP/two"
	[ "$status" -eq 1 ]
	[[ $output == *"only 2 samples"* ]]
}

@test "sparse input is written back sparse, d from the whole input" {
	# Line 1 lacks the largest index; a label alone is a row of zeros.
	printf 'a 1:1\nb 2:2.50 3:-1\nc\nd 3:0 1:4\n' > "$TMP/sp"
	run opml-split -x -s 1 "$TMP/sp"
	[ "$status" -eq 0 ] || { show; false; }
	[ "$(printf '%s\n' "$output" | sort)" = "$(printf 'a 1:1\nb 2:2.5 3:-1\nc\nd 1:4')" ]
	opml-split -f 0.5 -s 1 -o "$TMP/p" "$TMP/sp"
	[ "$(cat "$TMP/p.train" "$TMP/p.test" | sort)" = "$(printf 'a 1:1\nb 2:2.5 3:-1\nc\nd 1:4')" ]
	# Dense stays dense.
	printf 'a 1 0\nb 0 2\n' > "$TMP/de"
	[ "$(opml-split -x -s 1 "$TMP/de" | sort)" = "$(printf 'a 1 0\nb 0 2')" ]
}
