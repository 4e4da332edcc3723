#!/usr/bin/env bats
# What the readers refuse, with file and line: NUL bytes, broken model
# and scale headers, pairs of a sample with itself, inputs with nothing
# in them; -0 kept as -0; any title makes a well-formed figure.

load helper

@test "a NUL byte anywhere in a line is an error naming file and line, in every reader" {
	printf 'a 1 2\nb 3 4\nx\0y 5 6\n' > "$TMP/nul"
	printf '\0a 1 2\nb 3 4\n' > "$TMP/nul1"
	printf '#opml version=1 d=2 r=2\n1 0\n0 1\n' > "$TMP/id"
	run -1 opml-learn "$TMP/nul"
	[[ $output == *"nul:3: a NUL byte in the line"* ]]
	run -1 opml-learn "$TMP/nul1"
	[[ $output == *"nul1:1: a NUL byte in the line"* ]]
	run -1 opml-transform -m "$TMP/id" "$TMP/nul"
	[[ $output == *"nul:3: a NUL byte"* ]]
	run -1 opml-scale "$TMP/nul"
	[[ $output == *"nul:3: a NUL byte"* ]]
	run -1 opml-split -x "$TMP/nul"
	[[ $output == *"nul:3: a NUL byte"* ]]
	run -1 opml-knn "$TMP/nul" "$TMP/nul1"
	[[ $output == *"nul:3: a NUL byte"* ]]
	printf '0.5 1\n0.\0 0\n' > "$TMP/scores"
	run -1 opml-roc "$TMP/scores"
	[[ $output == *"scores:2: "* ]]
}

@test "a model with a repeated header key, an empty #class or a negative #scale is refused" {
	printf '#opml version=1 d=2 r=2 d=2\n1 0\n0 1\n' > "$TMP/m1"
	run -1 opml-transform -m "$TMP/m1" /dev/null
	[[ $output == *"m1:1: model header: d given twice"* ]]
	printf '#opml version=1 d=2 r=2 gamma=1 gamma=2\n1 0\n0 1\n' > "$TMP/m2"
	run -1 opml-transform -m "$TMP/m2" /dev/null
	[[ $output == *"m2:1: model header: gamma given twice"* ]]
	printf '#opml version=1 d=2 r=2\n#class\n1 0\n0 1\n' > "$TMP/m3"
	run -1 opml-transform -m "$TMP/m3" /dev/null
	[[ $output == *"m3:2: model: empty #class line"* ]]
	printf '#opml version=1 d=2 r=2\n#class  1 2\n1 0\n0 1\n' > "$TMP/m4"
	run -1 opml-learn -m "$TMP/m4" /dev/null
	[[ $output == *"m4:2: model: bad #class line"* ]]
	printf '#opml version=1 d=2 r=2\n#scale -5 3\n1 0\n0 1\n' > "$TMP/m5"
	run -1 opml-learn -m "$TMP/m5" /dev/null
	[[ $output == *"m5:2: model: bad #scale line"* ]]
	: > "$TMP/empty"
	run -1 opml-transform -m "$TMP/empty" /dev/null
	[[ $output == "opml-transform: $TMP/empty: no model"* ]]
}

@test "a scale file with a negative std, max below min, or a repeated key is refused" {
	echo 'a 1 2' > "$TMP/x"
	printf '#opml-scale type=zscore d=2\nmean 0 0\nstd 1 -2\n' > "$TMP/s1"
	run -1 opml-scale -r "$TMP/s1" "$TMP/x"
	[[ $output == *"s1:3: feature 2: negative std"* ]]
	printf '#opml-scale type=minmax d=2\nmin 0 5\nmax 1 4\n' > "$TMP/s2"
	run -1 opml-scale -r "$TMP/s2" "$TMP/x"
	[[ $output == *"s2:3: feature 2: max below min"* ]]
	printf '#opml-scale type=zscore d=2 type=minmax\nmean 0 0\nstd 1 2\n' > "$TMP/s3"
	run -1 opml-scale -r "$TMP/s3" "$TMP/x"
	[[ $output == *"s3:1: header: type given twice"* ]]
}

@test "opml-split on empty input says so, as every other tool" {
	: > "$TMP/empty"
	for opt in "-x" "-c 5" "-f 0.5 -o $TMP/p" "-n 3 -o $TMP/p"; do
		run -1 opml-split $opt "$TMP/empty"
		[[ $output == *"no samples"* ]]
		[ ! -e "$TMP/p.train" ] && [ ! -e "$TMP/p.1" ]
	done
}

@test "opml-pairs -p refuses a pair of a sample with itself, and a list with only a header" {
	echo "0 0" > "$TMP/self"
	run -1 opml-pairs -p "$TMP/self" "$FIX/pairs-faces.txt"
	[[ $output == *"self:1: a pair of a sample with itself"* ]]
	printf '1\t2\nAlice\t1\t1\n' > "$TMP/selflfw"
	run -1 opml-pairs -p "$TMP/selflfw" "$FIX/pairs-faces.txt"
	[[ $output == *"selflfw:2: a pair of a sample with itself"* ]]
	echo 1100 > "$TMP/header"
	run -1 opml-pairs -p "$TMP/header" "$FIX/pairs-faces.txt"
	[[ $output == *"header: no pairs after the header"* ]]
}

@test "-0 is written as -0, so that it reads back" {
	run opml-split -x <<< "a -0 1"
	[ "$output" = "a -0 1" ]
	run opml-scale -t unit <<< "a -0 2"
	[ "$output" = "a -0 1" ]
}

@test "a title or name that is not UTF-8 still makes a well-formed SVG" {
	need xmllint libxml2-utils
	printf '0.1 1\n0.9 0\n0.3 1\n0.5 0\n' > "$TMP/s"
	opml-roc -q -g "$TMP/f.svg" -T "$(printf 'bad \377\376 t\303\251 \355\240\200')" \
	    -N "$(printf 'n\300\257<&')" "$TMP/s" > /dev/null
	xmllint --noout "$TMP/f.svg"
	grep -q 't&#233;\|té' "$TMP/f.svg"
}

@test "memory follows what has been read: one 5-million-column row in 1.5 GB of address space" {
	skip_if_sanitized "its shadow memory does not fit under ulimit -v"
	awk 'BEGIN { printf "a"; for (i = 0; i < 5000000; i++) printf " 1"; print "" }' > "$TMP/wide"
	run sh -c 'ulimit -v 1500000; opml-split -x "$1" | wc -c' sh "$TMP/wide"
	show
	[ "$status" -eq 0 ] && [ "$output" -eq 10000002 ]
	run sh -c 'ulimit -v 1500000; opml-scale -t unit "$1" | wc -l' sh "$TMP/wide"
	[ "$status" -eq 0 ] && [ "$output" -eq 1 ]
}

@test "a sparse index far beyond the rows read widens them alone: 177760 after 2 rows, 2000 after 2000, in 300 MB of address space (not 93 GB and 1 GB for 65536 rows)" {
	skip_if_sanitized "its shadow memory does not fit under ulimit -v"
	printf '.2\n4a13\nx 177760:.2\n4a13\n' > "$TMP/far"
	# (-x shuffles the rows: sorted, they are the file's)
	run --separate-stderr sh -c 'ulimit -v 300000; opml-split -x "$1" | sort' sh "$TMP/far"
	[ "$status" -eq 0 ] || { show; false; }
	[ "$output" = "$(printf '.2\n4a13\n4a13\nx 177760:0.2\n' | sort)" ] || { show; false; }
	# rows read before the widening keep their values
	awk 'BEGIN { for (i = 1; i <= 2000; i++) print "a 1:" i; print "b 2000:7"; print "c 2:1" }' > "$TMP/late"
	run --separate-stderr sh -c 'ulimit -v 300000; opml-split -x "$1" | sort' sh "$TMP/late"
	[ "$status" -eq 0 ] || { show; false; }
	[ "$output" = "$(sort "$TMP/late")" ] || { show; false; }
}
