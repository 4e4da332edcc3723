#!/usr/bin/env bats
# Samples laid out as other programs write them (opml(7), Common
# options): a CSV as pandas writes it (a header line, commas, the label
# last) read with -H -Y -1, the label in any column, libsvm indices
# from 0 with -0; each read as the standard file with the same numbers,
# so every tool's output is that file's, byte for byte.

load helper

# $TMP/std: iris as it is; $TMP/csv: the same, as pandas' to_csv
# (index=False) writes a frame whose target is its last column.
setup() {
	TMP="$BATS_TEST_TMPDIR"
	cp "$DATA/iris.txt" "$TMP/std"
	{ echo "sepal_length,sepal_width,petal_length,petal_width,target"
	  awk '{ print $2 "," $3 "," $4 "," $5 "," $1 }' "$DATA/iris.txt"
	} > "$TMP/csv"
}

# The same bytes on stdout from "$@ $TMP/std" and "$@ -H -Y -1 $TMP/csv".
same() {
	"$@" "$TMP/std" > "$TMP/a"
	"$@" -H -Y -1 "$TMP/csv" > "$TMP/b"
	[ -s "$TMP/a" ] || { echo "$*: no output"; false; }
	cmp "$TMP/a" "$TMP/b" || { echo "$*: differs"; false; }
}

@test "the fixture: a header line, then the label last after four features" {
	[ "$(sed -n 2p "$TMP/csv")" = "5.1,3.5,1.4,0.2,0" ]
	[ "$(wc -l < "$TMP/csv")" -eq 151 ]
}

@test "pandas' CSV through opml-learn, online and batch: the model of the standard file" {
	same opml-learn -s 3
	same opml-learn -a copml -s 1
	same opml-learn -a mahalanobis
	same opml-learn -a pola -s 2
}

@test "pandas' CSV through opml-knn (train and test), opml-pairs, opml-scale, opml-transform: the same bytes" {
	opml-learn -s 3 "$TMP/std" > "$TMP/m"
	same opml-knn -L -e -F
	opml-knn -v -m "$TMP/m" "$TMP/std" "$TMP/std" > "$TMP/a"
	opml-knn -v -m "$TMP/m" -H -Y -1 "$TMP/csv" "$TMP/csv" > "$TMP/b"
	cmp "$TMP/a" "$TMP/b"
	same opml-pairs -n 30 -s 4 -m "$TMP/m"
	same opml-scale
	same opml-scale -t unit
	opml-scale -w "$TMP/p" "$TMP/std" > /dev/null
	same opml-scale -r "$TMP/p"
	same opml-transform -m "$TMP/m"
}

@test "opml-split of pandas' CSV writes the standard form: label first, no header" {
	opml-split -S -f 0.5 -s 1 -o "$TMP/x" "$TMP/std"
	opml-split -S -f 0.5 -s 1 -H -Y -1 -o "$TMP/y" "$TMP/csv"
	cmp "$TMP/x.train" "$TMP/y.train"
	cmp "$TMP/x.test" "$TMP/y.test"
	[ "$(head -c 2 "$TMP/y.train")" != "se" ]
	same opml-split -x -s 2
	same opml-split -c 5
}

@test "the label by its column: from the start (-Y 3) and from the end (-Y -3), blanks and commas mixed" {
	awk '{ print $2 ", " $3 "\t" $1 " ,\t" $4 "," $5 }' "$DATA/iris.txt" > "$TMP/mid"
	[ "$(head -1 "$TMP/mid")" = "$(printf '5.1, 3.5\t0 ,\t1.4,0.2')" ]
	opml-scale "$TMP/std" > "$TMP/a"
	opml-scale -Y 3 "$TMP/mid" > "$TMP/b"
	cmp "$TMP/a" "$TMP/b"
	opml-scale -Y -3 "$TMP/mid" > "$TMP/b"
	cmp "$TMP/a" "$TMP/b"
	# -Y 1 and -Y -5 are the first column of five: the standard form
	opml-scale -Y 1 "$TMP/std" | cmp - "$TMP/a"
	opml-scale -Y -5 "$TMP/std" | cmp - "$TMP/a"
	# the label last without a header
	tail -n +2 "$TMP/csv" | opml-knn -L -e -F -Y -1 > "$TMP/b"
	opml-knn -L -e -F "$TMP/std" | cmp - "$TMP/b"
}

@test "a header is skipped once an input: in each of several files, after a model on stdin, in a big file read on threads or in raw batches" {
	opml-learn -s 3 "$TMP/std" > "$TMP/m"
	opml-transform -m "$TMP/m" "$TMP/std" "$TMP/std" > "$TMP/a"
	opml-transform -m "$TMP/m" -H -Y -1 "$TMP/csv" "$TMP/csv" | cmp - "$TMP/a"
	cat "$TMP/m" "$TMP/csv" | opml-transform -H -Y -1 "$TMP/csv" - | cmp - "$TMP/a"
	# some 600 KB: cut into chunks parsed on threads (opml-scale), and
	# handed over as raw lines (opml-transform's feed)
	for i in $(seq 200); do cat "$TMP/std"; done > "$TMP/bigstd"
	{ head -1 "$TMP/csv"; for i in $(seq 200); do tail -n +2 "$TMP/csv"; done; } > "$TMP/bigcsv"
	opml-scale "$TMP/bigstd" > "$TMP/a"
	opml-scale -H -Y -1 "$TMP/bigcsv" | cmp - "$TMP/a"
	OPML_THREADS=1 opml-scale -H -Y -1 "$TMP/bigcsv" | cmp - "$TMP/a"
	opml-transform -m "$TMP/m" "$TMP/bigstd" "$TMP/std" > "$TMP/a"
	OPML_FEED_RAW=1 opml-transform -m "$TMP/m" -H -Y -1 "$TMP/bigcsv" "$TMP/csv" |
	    cmp - "$TMP/a"
}

@test "a header without -H: the message asks 'a header?' and names -H, exit 1, no output" {
	for cmd in "opml-learn" "opml-knn -L" "opml-scale" "opml-scale -t unit" \
	    "opml-split -x" "opml-pairs -n 1" "opml-transform -m $TMP/m"; do
		opml-learn "$TMP/std" > "$TMP/m"
		run --separate-stderr $cmd "$TMP/csv"
		[ "$status" -eq 1 ] || { echo "$cmd: status $status"; false; }
		[ -z "$output" ] || { echo "$cmd: stdout $output"; false; }
		[ "$stderr" = "${cmd%% *}: $TMP/csv:1: field 1: not a finite number: 'sepal_width' (a header? see -H)" ] ||
		    { echo "$cmd: $stderr"; false; }
	done
	# pandas' default index=True: an empty first name
	sed '1s/^/,/' "$TMP/csv" | head -2 > "$TMP/idx"
	run --separate-stderr opml-knn -L "$TMP/idx"
	[ "$status" -eq 1 ]
	[ "$stderr" = "opml-knn: $TMP/idx:1: empty label (a header? see -H)" ]
	# a later line is no header: as before
	printf '0 1 2\n1 a 2\n' > "$TMP/two"
	run --separate-stderr opml-scale "$TMP/two"
	[ "$stderr" = "opml-scale: $TMP/two:2: field 1: not a finite number: 'a'" ]
}

@test "-Y: a column the line lacks is a data error; 0 or not a number, a usage error" {
	run --separate-stderr opml-scale -H -Y 6 "$TMP/csv"
	[ "$status" -eq 1 ]
	[ "$stderr" = "opml-scale: $TMP/csv:2: no column 6 for the label (-Y): the line has 5" ]
	run --separate-stderr opml-scale -H -Y -6 "$TMP/csv"
	[ "$stderr" = "opml-scale: $TMP/csv:2: no column -6 for the label (-Y): the line has 5" ]
	for v in 0 -0 x - --1 1.5; do
		run --separate-stderr opml-knn -L -Y "$v" "$TMP/std"
		[ "$status" -eq 2 ] || { echo "-Y $v: status $status"; false; }
		[ "$stderr" = "opml-knn: -Y $v: expected a column from 1, or from -1 (the last)" ]
	done
}

@test "-0: libsvm indices from 0 (scikit-learn's dump_svmlight_file) read as the 1-based file; without -0 the message names it" {
	# zeros left out, as both write them
	awk '{ printf "%s", $1; for (j = 2; j <= NF; j++) if ($j != 0)
	  printf " %d:%s", j - 2, $j; print "" }' "$DATA/iris.txt" > "$TMP/z"
	awk '{ printf "%s", $1; for (j = 2; j <= NF; j++) if ($j != 0)
	  printf " %d:%s", j - 1, $j; print "" }' "$DATA/iris.txt" > "$TMP/o"
	[ "$(head -1 "$TMP/z")" = "0 0:5.1 1:3.5 2:1.4 3:0.2" ]
	for cmd in "opml-scale" "opml-scale -t unit" "opml-knn -L -e -F" "opml-learn -s 3" \
	    "opml-split -x -s 1" "opml-pairs -n 20 -s 1"; do
		$cmd "$TMP/o" > "$TMP/a"
		$cmd -0 "$TMP/z" > "$TMP/b"
		cmp "$TMP/a" "$TMP/b" || { echo "$cmd differs"; false; }
	done
	# written back with indices from 1
	opml-scale -0 -t unit "$TMP/z" | head -1 | grep -q '^0 1:'
	run --separate-stderr opml-scale "$TMP/z"
	[ "$status" -eq 1 ]
	[ "$stderr" = "opml-scale: $TMP/z:1: field 1: index 0: indices start at 1 (-0 reads them from 0)" ]
	# with -0 the range of a later line of a pipe counts from 0 too
	printf '0 0:1 1:2\n1 2:1\n' > "$TMP/r"
	run --separate-stderr opml-learn -0 - < "$TMP/r"
	[ "$status" -eq 1 ]
	[ "$stderr" = "opml-learn: stdin:2: field 1: index 2 out of range 0..1 (d fixed by line 1, the first sample; give d with -d)" ]
	# and a file's d is its largest index, plus one
	run --separate-stderr opml-learn -0 "$TMP/r"
	[ "$status" -eq 0 ]
	[[ ${lines[0]} == *" d=3 "* ]]
}

# $TMP/idx: the same frame written with its index (pandas' default
# to_csv()): an unnamed first column counting the rows from 0.
index_csv() {
	awk -F, 'NR == 1 { print "," $0; next } { print NR - 2 "," $0 }' "$TMP/csv" > "$TMP/idx"
}

@test "-X 1 drops pandas' row index: every tool reads the file as the one without it, byte for byte" {
	index_csv
	[ "$(sed -n 2p "$TMP/idx")" = "0,5.1,3.5,1.4,0.2,0" ]
	opml-learn "$TMP/std" > "$TMP/a"
	opml-learn -H -X 1 -Y -1 "$TMP/idx" > "$TMP/b"
	cmp "$TMP/a" "$TMP/b"
	opml-knn -k 3 "$TMP/std" "$TMP/std" > "$TMP/a" 2>/dev/null
	opml-knn -k 3 -H -X 1 -Y -1 "$TMP/idx" "$TMP/idx" > "$TMP/b" 2>/dev/null
	cmp "$TMP/a" "$TMP/b"
	opml-scale "$TMP/std" > "$TMP/a"
	run --separate-stderr opml-scale -H -X 1 -Y -1 -o "$TMP/b" "$TMP/idx"
	[ "$status" -eq 0 ] && [ -z "$stderr" ] || { show; false; }
	cmp "$TMP/a" "$TMP/b"
	# Several columns, the last among them: the label first (-Y 1
	# counts what remains), then the features.
	awk -F, 'NR > 1 { print $1 ",x" $6 "," $2 "," $3 ",9," $4 "," $5 ",7" }' "$TMP/idx" > "$TMP/many"
	awk '{ print "x" $0 }' "$TMP/std" > "$TMP/x"
	opml-split -x "$TMP/x" > "$TMP/a"
	opml-split -x -X 1,5,8 "$TMP/many" > "$TMP/b"
	[ -s "$TMP/a" ]
	cmp "$TMP/a" "$TMP/b"
}

@test "a row index read as the label or as a feature: a warning that names -X (and -Y); none once dropped" {
	index_csv
	run --separate-stderr opml-scale -H "$TMP/idx"
	[ "$status" -eq 0 ]
	[[ $stderr == *"idx: each of the 150 samples has a label of its own"*"-Y"*"-X drops columns (opml(7)"* ]] || { show; false; }
	run --separate-stderr opml-knn -e -H -Y -1 "$TMP/idx" "$TMP/idx"
	[ "$status" -eq 0 ]
	[[ $stderr == *"idx: the first feature counts the samples 0, 1, 2, ...: is a row index read as a feature? -X drops columns"* ]] || { show; false; }
	run --separate-stderr opml-pairs -n 10 -H -X 1 -Y -1 "$TMP/idx"
	[ "$status" -eq 0 ] && [ -z "$stderr" ] || { show; false; }
}

@test "opml-knn: no test label among the training labels warns, naming both files and the layout options" {
	# The test file labeled first, the training file last, the same
	# width: under -Y -1 the test labels are numbers no training label
	# matches.
	awk '{ print $2, $3, $4, $5, $1 }' "$TMP/std" > "$TMP/last"
	awk '{ print $1, $2, $3, $4, $5 / 1000 }' "$TMP/std" > "$TMP/first"
	run --separate-stderr opml-knn -e -Y -1 "$TMP/last" "$TMP/first"
	[ "$status" -eq 0 ]
	[ "$output" = 1 ]
	[[ $stderr == *"first: no test label occurs among the labels of $TMP/last: are both laid out alike? -H, -X and -Y apply to every input"* ]] || { show; false; }
	run --separate-stderr opml-knn -e -Y -1 "$TMP/last" "$TMP/last"
	[ "$status" -eq 0 ] && [ -z "$stderr" ] || { show; false; }
	# The test file's own layout after the training file: the
	# predictions of the standard files.
	awk '{ print $1, $2, $3, $4, $5 }' "$TMP/std" > "$TMP/first"
	opml-knn -k 3 "$TMP/std" "$TMP/std" > "$TMP/a" 2>/dev/null
	run --separate-stderr opml-knn -k 3 -Y -1 "$TMP/last" -Y 1 "$TMP/first"
	[ "$status" -eq 0 ] || { show; false; }
	[ "$output" = "$(cat "$TMP/a")" ]
	run --separate-stderr opml-knn -k 3 -Y -1 "$TMP/last" -H -X 9 -Y
	[ "$status" -eq 2 ]
}

@test "-X: a column the line lacks is a data error naming file and line; 0, a descending list or not a number, a usage error" {
	printf '1 2 3\n1 2\n' > "$TMP/short"
	run --separate-stderr opml-scale -X 3 "$TMP/short"
	[ "$status" -eq 1 ]
	[ "$stderr" = "opml-scale: $TMP/short:2: no column 3 to drop (-X): the line has 2" ] || { show; false; }
	for x in 0 2,1 1,1 a 1, ''; do
		run --separate-stderr opml-scale -X "$x" "$TMP/std"
		[ "$status" -eq 2 ] && [ -z "$output" ] || { echo "-X '$x'"; show; false; }
	done
}
