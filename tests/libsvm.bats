#!/usr/bin/env bats
# libsvm files in every tool: a sparse file whose first lines lack the
# largest index reads as the dense file with the zeros written out
# (every tool takes d from the whole file); a pipe to a streaming tool
# needs -d, and the error says so; test sets ignore features beyond the
# training set's d, as svm-predict ignores those beyond its model.

load helper

# $TMP/D: iris with a fifth feature, and zeros so that line 1 has
# indices 1..3, lines 2-3 1..4, the rest 1..5.  $TMP/S: the same as
# libsvm writes it, zeros left out.
setup() {
	TMP="$BATS_TEST_TMPDIR"
	awk '{ z = NR <= 3 ? 0 : $2 - $3; f4 = NR == 1 ? 0 : $5
	  print $1, $2, $3, $4, f4, z }' "$DATA/iris.txt" > "$TMP/D"
	sparse < "$TMP/D" > "$TMP/S"
}

# Dense lines to libsvm lines, zeros left out.
sparse() {
	awk '{ printf "%s", $1
	  for (j = 2; j <= NF; j++) if ($j != 0) printf " %d:%s", j - 1, $j
	  print "" }'
}

# libsvm lines to dense lines of $1 features, the values as written.
dense() {
	awk -v d="$1" '{ for (j = 1; j <= d; j++) x[j] = 0
	  for (j = 2; j <= NF; j++) { split($j, f, ":"); x[f[1]] = f[2] }
	  printf "%s", $1; for (j = 1; j <= d; j++) printf " %s", x[j]; print "" }'
}

@test "the fixture: the first line lacks indices 4 and 5, d is 5" {
	[ "$(head -1 "$TMP/S")" = "0 1:5.1 2:3.5 3:1.4" ]
	[ "$(sed -n 2p "$TMP/S")" = "0 1:4.9 2:3.0 3:1.4 4:0.2" ]
	[[ $(sed -n 4p "$TMP/S") == *" 5:"* ]]
}

@test "opml-knn -L and train/test: as the dense file" {
	run opml-knn -F -k 3 -L "$TMP/S"
	[ "$status" -eq 0 ] || { show; false; }
	[ "$output" = "$(opml-knn -F -k 3 -L "$TMP/D" 2>&1)" ]
	run opml-knn -F -k 3 -N "$TMP/S" "$TMP/S"
	[ "$status" -eq 0 ] || { show; false; }
	[ "$output" = "$(opml-knn -F -k 3 -N "$TMP/D" "$TMP/D" 2>&1)" ]
	# A sparse training set, a dense test set of its d, and back.
	[ "$(opml-knn -k 3 "$TMP/S" "$TMP/D" 2>&1)" = "$(opml-knn -k 3 "$TMP/D" "$TMP/D" 2>&1)" ]
	[ "$(opml-knn -k 3 "$TMP/D" "$TMP/S" 2>&1)" = "$(opml-knn -k 3 "$TMP/D" "$TMP/D" 2>&1)" ]
}

@test "opml-knn: a test index beyond the training set's d is ignored, as svm-predict does" {
	sed 's/$/ 9:100/' "$TMP/S" > "$TMP/T"
	run opml-knn -F -k 3 -N "$TMP/S" "$TMP/T"
	[ "$status" -eq 0 ] || { show; false; }
	[ "$output" = "$(opml-knn -F -k 3 -N "$TMP/S" "$TMP/S" 2>&1)" ]
	# A dense test sample of another width stays an error.
	printf '0 1 2 3 4 5 6\n' > "$TMP/wide"
	run opml-knn -k 3 "$TMP/S" "$TMP/wide"
	[ "$status" -eq 1 ]
	[[ $output == *"wide:1: expected 5 features, found more"* ]]
}

@test "opml-knn -m: a training index beyond the model is an error naming file and line" {
	opml-learn -a pola -s 1 "$TMP/D" > "$TMP/m"
	run opml-knn -k 3 -m "$TMP/m" "$TMP/S" "$TMP/S"
	[ "$status" -eq 0 ] || { show; false; }
	[ "$output" = "$(opml-knn -k 3 -m "$TMP/m" "$TMP/D" "$TMP/D" 2>&1)" ]
	sed '7s/$/ 6:1/' "$TMP/S" > "$TMP/S6"
	run opml-knn -k 3 -m "$TMP/m" "$TMP/S6" "$TMP/S"
	[ "$status" -eq 1 ]
	[[ $output == *"S6:7: field 6: index 6 out of range 1..5"* ]]
}

@test "opml-pairs: as the dense file" {
	run opml-pairs -n 40 -s 3 "$TMP/S"
	[ "$status" -eq 0 ] || { show; false; }
	[ "$output" = "$(opml-pairs -n 40 -s 3 "$TMP/D")" ]
	opml-learn -a pola -s 1 "$TMP/D" > "$TMP/m"
	[ "$(opml-pairs -n 40 -s 3 -m "$TMP/m" "$TMP/S")" = "$(opml-pairs -n 40 -s 3 -m "$TMP/m" "$TMP/D")" ]
}

@test "opml-split: sparse in, sparse out, the rows of the dense file" {
	opml-split -x -s 5 "$TMP/S" > "$TMP/x"
	grep -q ' 5:' "$TMP/x"
	! grep -q ' [^ ]*:0 \| [^ ]*:0$' "$TMP/x"
	dense 5 < "$TMP/x" | awk '{ for (j = 1; j <= NF; j++) $j += 0; print }' > "$TMP/xd"
	opml-split -x -s 5 "$TMP/D" | awk '{ for (j = 1; j <= NF; j++) $j += 0; print }' | cmp - "$TMP/xd"
	opml-split -f 0.5 -S -s 2 -o "$TMP/p" "$TMP/S"
	opml-split -f 0.5 -S -s 2 -o "$TMP/q" "$TMP/D"
	[ "$(cut -d' ' -f1 "$TMP/p.train" | tr -d '\n')" = "$(cut -d' ' -f1 "$TMP/q.train" | tr -d '\n')" ]
	[ "$(head -c 2 "$TMP/p.test")" = "$(head -c 2 "$TMP/q.test")" ]
	grep -q : "$TMP/p.test"
	# Dense in, dense out.
	! grep -q : "$TMP/q.train"
}

@test "opml-scale: sparse in, sparse out, the numbers of the dense file" {
	for t in zscore minmax unit; do
		opml-scale -t $t "$TMP/S" > "$TMP/s"
		grep -q ' 5:' "$TMP/s"
		dense 5 < "$TMP/s" > "$TMP/sd"
		opml-scale -t $t "$TMP/D" | cmp - "$TMP/sd"
	done
}

@test "opml-learn: the set learners take d from the whole file" {
	for a in pola lego soml; do
		run opml-learn -a $a -s 1 "$TMP/S"
		[ "$status" -eq 0 ] || { show; false; }
		[ "$output" = "$(opml-learn -a $a -s 1 "$TMP/D")" ]
		[[ ${lines[0]} == *" d=5 "* ]]
	done
}

@test "opml-learn: the streaming learners take d from a whole file; a pipe needs -d and the error says so" {
	for a in opml copml rdml oasis; do
		run opml-learn -a $a -s 1 "$TMP/S"
		[ "$status" -eq 0 ] || show
		[ "$output" = "$(opml-learn -a $a -s 1 "$TMP/D")" ]
		[[ ${lines[0]} == *" d=5 "* ]]
		# two files: the largest index of both
		head -50 "$TMP/S" > "$TMP/S1"
		tail -n +51 "$TMP/S" > "$TMP/S2"
		[ "$(opml-learn -a $a -s 1 "$TMP/S1" "$TMP/S2")" = "$output" ]
		run opml-learn -a $a -s 1 < "$TMP/S"
		[ "$status" -eq 1 ]
		[[ $output == *"stdin:2: field 4: index 4 out of range 1..3 (d fixed by line 1, the first sample; give d with -d)"* ]]
		[ "$(opml-learn -a $a -s 1 -d 5 < "$TMP/S")" = "$(opml-learn -a $a -s 1 "$TMP/D")" ]
	done
	# a file of the first 50 samples, indices 1..4 at most, then stdin
	run opml-learn -s 1 "$TMP/S1" - < "$TMP/S2"
	[ "$status" -eq 1 ]
	[[ $output == *"S1:2: field 4: index 4 out of range 1..3 (d fixed by line 1, the first sample; give d with -d)"* ]]
	# header and labels last (-H -Y -1) are read as the learning reads them
	{ echo 'x y z label'; awk '{ l = $1; $1 = ""; sub(/^ /, ""); print $0, l }' "$TMP/S"; } > "$TMP/SH"
	[ "$(opml-learn -H -Y -1 -s 1 "$TMP/SH" | tail -n +2)" = "$(opml-learn -s 1 "$TMP/D" | tail -n +2)" ]
}

@test "opml-learn: the message is the same when the caller's thread parses raw batches" {
	run env OPML_FEED_RAW=1 opml-learn -s 1 - < "$TMP/S"
	[ "$status" -eq 1 ]
	[[ $output == *"stdin:2: field 4: index 4 out of range 1..3 (d fixed by line 1, the first sample; give d with -d)"* ]]
	{ head -1 "$TMP/S"; awk 'BEGIN { for (i = 0; i < 40000; i++) print "0 1:1 2:1 3:1"
	  print "0 1:1 7:1" }'; } > "$TMP/late"
	run env OPML_FEED_RAW=1 opml-learn -s 1 - < "$TMP/late"
	[ "$status" -eq 1 ]
	[[ $output == *"stdin:40002: field 2: index 7 out of range 1..3 (d fixed by line 1, the first sample; give d with -d)"* ]]
	run env OPML_THREADS=1 opml-learn -s 1 - < "$TMP/late"
	[[ $output == *"stdin:40002: field 2: index 7 out of range 1..3 (d fixed by line 1, the first sample; give d with -d)"* ]]
	# as a file: d = 7 from the whole file, threads or not
	for e in OPML_FEED_RAW=1 OPML_THREADS=1; do
		run --separate-stderr env $e opml-learn -s 1 "$TMP/late"
		[ "$status" -eq 0 ]
		[[ ${lines[0]} == *" d=7 "* ]]
	done
}

@test "opml-transform: samples within the model's d read, sparse or not" {
	opml-learn -s 1 "$TMP/D" > "$TMP/m"
	run opml-transform -m "$TMP/m" "$TMP/S"
	[ "$status" -eq 0 ] || { show; false; }
	[ "$output" = "$(opml-transform -m "$TMP/m" "$TMP/D")" ]
	printf '0 1:1 6:1\n' > "$TMP/six"
	run opml-transform -m "$TMP/m" "$TMP/six"
	[ "$status" -eq 1 ]
	[[ $output == *"six:1: field 2: index 6 out of range 1..5"* ]]
}

@test "a label alone is the sample of zeros, as libsvm writes it" {
	printf 'a 1:2 2:4\nb\nc 2:8\n' > "$TMP/z"
	run opml-scale -t minmax "$TMP/z"
	[ "$status" -eq 0 ] || { show; false; }
	[ "$output" = "$(printf 'a 1:1 2:0.5\nb\nc 2:1')" ]
	# Not where it would fix d: the first sample of a pipe; a file's
	# d is its largest index
	printf 'b\na 1:2 2:4\n' > "$TMP/z1"
	run opml-learn - < "$TMP/z1"
	[ "$status" -eq 1 ]
	[[ $output == *"stdin:1: no features after the label"* ]]
	run --separate-stderr opml-learn "$TMP/z1"
	[ "$status" -eq 0 ]
	[[ ${lines[0]} == *" d=2 "* ]]
	[ "$(opml-scale -t minmax "$TMP/z1")" = "$(printf 'b\na 1:1 2:1')" ]
	# A set with no feature at all is an error.
	printf 'a\nb\n' > "$TMP/none"
	run opml-split -x "$TMP/none"
	[ "$status" -eq 1 ]
	[[ $output == *"none:2: no sample has a feature"* ]]
}

@test "dense and sparse samples in one set: the dense width is d" {
	printf 'a 1:1\nb 1 2 3\nc 3:1\n' > "$TMP/m1"
	[ "$(opml-split -x -s 1 "$TMP/m1" | sort)" = "$(printf 'a 1:1\nb 1:1 2:2 3:3\nc 3:1')" ]
	printf 'a 1:1 4:1\nb 1 2 3\n' > "$TMP/m2"
	run opml-split -x "$TMP/m2"
	[ "$status" -eq 1 ]
	[[ $output == *"m2:2: expected 4 features (the largest index of the sparse samples before), found 3"* ]]
	printf 'b 1 2 3\na 1:1 4:1\n' > "$TMP/m3"
	run opml-split -x "$TMP/m3"
	[ "$status" -eq 1 ]
	[[ $output == *"m3:2: field 2: index 4 beyond the 3 features of the dense samples"* ]]
}

@test "bad indices: 0, not increasing the error, too large" {
	printf 'a 1:1\nb 0:1\n' > "$TMP/i0"
	run opml-split -x "$TMP/i0"
	[ "$status" -eq 1 ]
	[[ $output == *"i0:2: field 1: index 0: indices start at 1"* ]]
	printf 'a 1:1\nb 99999999999999999999999:1\n' > "$TMP/ibig"
	run opml-split -x "$TMP/ibig"
	[ "$status" -eq 1 ]
	[[ $output == *"ibig:2: field 1: index 99999999999999999999999 too large (at most 67108864)"* ]]
}

@test "d from the whole file across several files, and across threads" {
	# Several files: the rows of the first padded to the d of the last.
	head -3 "$TMP/S" > "$TMP/a"
	tail -n +4 "$TMP/S" > "$TMP/b"
	[ "$(opml-split -x -s 1 "$TMP/a" "$TMP/b")" = "$(opml-split -x -s 1 "$TMP/S")" ]
	# Over 2 MiB, so that several threads parse it: the largest index
	# in the last part only.
	awk 'BEGIN { for (i = 0; i < 120000; i++) printf "%d 1:%d 2:0.5 3:%d\n", i % 3, i, i % 7
	  print "1 1:1 40:2" }' > "$TMP/big"
	[ "$(wc -c < "$TMP/big")" -gt 2200000 ]
	OPML_THREADS=1 opml-scale -t minmax "$TMP/big" > "$TMP/one"
	opml-scale -t minmax "$TMP/big" | cmp - "$TMP/one"
	# 1 / 119999 (awk's division is the tool's); 2 (0.5 but on the last
	# line) and 3 at their min left out; 40 at max.
	tail -1 "$TMP/one" | awk '{ split($2, f, ":"); exit !(NF == 3 && f[1] == 1 &&
	  f[2] + 0 == 1 / 119999 && $3 == "40:1") }'
	[ "$(sed -n 1p "$TMP/one")" = "0 2:1" ]
	# An error in the last part is the one of a single thread: within
	# the part, and where the part agrees with itself but not with the
	# first (index 40 on line 2, a dense sample of 3 at the end).
	sed '$s/.*/1 1 2/' "$TMP/big" > "$TMP/bad"
	sed -e '2s/$/ 40:1/' -e '$s/.*/1 1 2 3/' "$TMP/big" > "$TMP/bad2"
	for f in bad bad2; do
		run env OPML_THREADS=1 opml-scale "$TMP/$f"
		[ "$status" -eq 1 ]
		[[ $output == *"$f:120001: expected "*" features (the largest index of the sparse samples before), found "* ]]
		one="$output"
		run opml-scale "$TMP/$f"
		[ "$output" = "$one" ]
	done
}
