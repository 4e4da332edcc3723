#!/usr/bin/env bats
# opml-scale: z-score as MATLAB's zscore, min-max, unit norm; saved and
# restored parameters give the same bytes; constant columns; errors.

load helper

@test "zscore: column mean 0 and sample std 1 (n - 1), labels kept" {
	opml-scale "$DATA/iris.txt" > "$TMP/z"
	[ "$(wc -l < "$TMP/z")" -eq 150 ]
	[ "$(cut -d' ' -f1 "$TMP/z" | tr -d '\n')" = "$(cut -d' ' -f1 "$DATA/iris.txt" | tr -d '\n')" ]
	awk '{ for (j = 2; j <= NF; j++) { s[j] += $j; q[j] += $j * $j } }
	END { for (j = 2; j <= NF; j++) { m = s[j] / NR; v = (q[j] - NR * m * m) / (NR - 1)
	  if (m > 1e-12 || m < -1e-12 || v - 1 > 1e-12 || 1 - v > 1e-12) { print "column " j ": " m " " v; exit 1 } } }' "$TMP/z"
}

@test "zscore parameters: the mean and the std with n - 1" {
	opml-scale -w "$TMP/p" "$DATA/iris.txt" > /dev/null
	run cat "$TMP/p"
	[[ ${lines[0]} == "#opml-scale version=1 type=zscore d=4" ]]
	[[ ${lines[1]} == "mean 5.84333333333333"* ]]
	[[ ${lines[2]} == "std 0.82806612797786"* ]]
}

@test "-w then -r gives the same bytes as one run, for every type" {
	for t in zscore minmax unit; do
		opml-scale -t $t "$DATA/wine.txt" > "$TMP/one"
		opml-scale -t $t -w "$TMP/p" "$DATA/wine.txt" > "$TMP/fit"
		opml-scale -r "$TMP/p" < "$DATA/wine.txt" > "$TMP/two"
		cmp "$TMP/one" "$TMP/two"
		cmp "$TMP/one" "$TMP/fit"
	done
}

@test "parameters fitted on one set apply to another" {
	head -100 "$DATA/iris.txt" > "$TMP/a"
	tail -50 "$DATA/iris.txt" > "$TMP/b"
	opml-scale -w "$TMP/p" "$TMP/a" > /dev/null
	opml-scale -r "$TMP/p" -o "$TMP/out" "$TMP/b"
	[ "$(wc -l < "$TMP/out")" -eq 50 ]
	opml-scale -r "$TMP/p" "$TMP/a" "$TMP/b" > "$TMP/all"
	tail -50 "$TMP/all" | cmp - "$TMP/out"
}

@test "a constant column scales to 0, never NaN" {
	for t in zscore minmax; do
		run opml-scale -t $t "$FIX/scale-const.txt"
		[ "$status" -eq 0 ]
		[[ $output != *nan* ]]
		[ "$(echo "$output" | cut -d' ' -f3 | sort -u)" = 0 ]
	done
	printf 'a 0 0\n' | opml-scale -t unit > "$TMP/u"
	[ "$(cat "$TMP/u")" = "a 0 0" ]
	printf 'a 3 4\n' | opml-scale > "$TMP/one"
	[ "$(cat "$TMP/one")" = "a 0 0" ]
}

@test "minmax maps into [0, 1]; unit gives norm 1" {
	opml-scale -t minmax "$DATA/wine.txt" | awk '{ for (j = 2; j <= NF; j++) if ($j < 0 || $j > 1) exit 1 }'
	opml-scale -t unit "$DATA/wine.txt" | awk '{ s = 0; for (j = 2; j <= NF; j++) s += $j * $j
	  if (s - 1 > 1e-12 || 1 - s > 1e-12) exit 1 }'
	printf '1 3 4\n' | opml-scale -t unit > "$TMP/u"
	[ "$(cat "$TMP/u")" = "1 0.6 0.8" ]
}

@test "usage errors: bad -t, both -w and -r, unknown option" {
	run opml-scale -t other "$DATA/iris.txt"
	[ "$status" -eq 2 ]
	run opml-scale -w "$TMP/p" -r "$TMP/p" "$DATA/iris.txt"
	[ "$status" -eq 2 ]
	run opml-scale -q
	[ "$status" -eq 2 ]
	[[ $output == *usage:* ]]
}

@test "data errors: missing file, ragged row, empty input, bad parameters" {
	run opml-scale "$TMP/none"
	[ "$status" -eq 1 ]
	printf '0 1 2\n1 3\n' > "$TMP/rag"
	run opml-scale "$TMP/rag"
	[ "$status" -eq 1 ]
	[[ $output == *rag:2:* ]]
	: > "$TMP/empty"
	run opml-scale "$TMP/empty"
	[ "$status" -eq 1 ]
	[[ $output == *"no samples"* ]]
	run opml-scale -r "$TMP/none" "$DATA/iris.txt"
	[ "$status" -eq 1 ]
	run opml-scale -r "$DATA/iris.txt" "$DATA/iris.txt"
	[ "$status" -eq 1 ]
	[[ $output == *"#opml-scale"* ]]
	opml-scale -w "$TMP/p" "$DATA/iris.txt" > /dev/null
	run opml-scale -r "$TMP/p" "$DATA/wine.txt"
	[ "$status" -eq 1 ]
	[[ $output == *wine.txt:1:* ]]
	run opml-scale -t minmax -r "$TMP/p" "$DATA/iris.txt"
	[ "$status" -eq 1 ]
	head -2 "$TMP/p" > "$TMP/short"
	run opml-scale -r "$TMP/short" "$DATA/iris.txt"
	[ "$status" -eq 1 ]
	sed 's/^std 0.8/std x/' "$TMP/p" > "$TMP/bad"
	run opml-scale -r "$TMP/bad" "$DATA/iris.txt"
	[ "$status" -eq 1 ]
	[[ $output == *bad:3:* ]]
}

@test "overflowing parameters are an error; unit scaling of tiny and huge rows" {
	printf 'a 1e308 1\nb -1e308 2\na 1e308 3\n' > "$TMP/big"
	for t in zscore minmax; do
		run --separate-stderr opml-scale -t "$t" "$TMP/big"
		[ "$status" -eq 1 ]
		[ -z "$output" ]
		[[ $stderr == *"values too large to scale"* ]]
	done
	printf 'a 3e-200 4e-200\nb 3e307 -4e307\nc 0 0\n' > "$TMP/s"
	run opml-scale -t unit "$TMP/s"
	[ "$status" -eq 0 ]
	[ "$output" = "a 0.6 0.8
b 0.6 -0.8
c 0 0" ]
}

@test "-w with an -o that cannot be written leaves no parameter file" {
	# The parameters were put in place before the output failed.
	run opml-scale -w "$TMP/p" -o "$TMP/none/out" "$DATA/iris.txt"
	show
	[ "$status" -eq 1 ]
	[ "${#lines[@]}" -eq 1 ]
	[ -z "$(ls -A "$TMP")" ]
	run opml-scale -w "$TMP/p" -o "$TMP/out" "$DATA/iris.txt"
	[ "$status" -eq 0 ]
	[ -s "$TMP/p" ] && [ -s "$TMP/out" ]
}

# svm-scale (libsvm-tools) as the reference.  It prints values with %g,
# six significant digits, so our values are compared through awk's
# printf %g (the C library's): the same doubles give the same text, and
# a difference in the last bit of a double shows whenever it moves the
# sixth digit.  Its range files hold %.17g, read back exactly.
need_svm_scale() {
	need svm-scale libsvm-tools
}

# Sparse wine: zeros left out, the first line lacking index 13, a
# constant feature 15, none at all of 14.
svm_wine() {
	awk '{ printf "%s", $1
	  for (j = 2; j <= NF; j++) { v = $j
	    if ((NR + j) % 4 == 0 || (NR == 1 && j == NF)) v = 0
	    if (v != 0) printf " %d:%s", j - 1, v }
	  printf " 15:7\n" }' "$DATA/wine.txt"
}

# libsvm lines with every value as %g prints it.
as_g() {
	awk '{ printf "%s", $1
	  for (j = 2; j <= NF; j++) { split($j, f, ":"); printf " %d:%g", f[1], f[2] }
	  print "" }'
}

@test "svm-scale: the same scaled values, sparse, zeros left out, for -b and -l -u" {
	need_svm_scale
	svm_wine > "$TMP/w"
	svm-scale "$TMP/w" 2> /dev/null | sed 's/ *$//' > "$TMP/theirs"
	opml-scale -b -1,1 "$TMP/w" > "$TMP/ours"
	grep -q ':' "$TMP/ours"
	as_g < "$TMP/ours" | cmp - "$TMP/theirs"
	svm-scale -l 0 -u 1 "$TMP/w" 2> /dev/null | sed 's/ *$//' > "$TMP/theirs"
	opml-scale -b 0,1 "$TMP/w" | as_g | cmp - "$TMP/theirs"
	opml-scale -t minmax "$TMP/w" | as_g | cmp - "$TMP/theirs"
	svm-scale -l -3 -u 0.5 "$TMP/w" 2> /dev/null | sed 's/ *$//' > "$TMP/theirs"
	opml-scale -b -3,0.5 "$TMP/w" | as_g | cmp - "$TMP/theirs"
}

@test "svm-scale's range file (-s) read by opml-scale -r scales as svm-scale -r" {
	need_svm_scale
	svm_wine > "$TMP/w"
	head -60 "$TMP/w" > "$TMP/a"
	# The other rows, one with an index (20) beyond the range file.
	tail -n +61 "$TMP/w" | sed '5s/$/ 20:3/' > "$TMP/b"
	svm-scale -l -2 -u 3 -s "$TMP/range" "$TMP/a" > /dev/null 2>&1
	svm-scale -r "$TMP/range" "$TMP/b" 2> /dev/null | sed 's/ *$//' > "$TMP/theirs"
	run opml-scale -r "$TMP/range" "$TMP/b"
	[ "$status" -eq 0 ] || show
	echo "$output" | as_g | cmp - "$TMP/theirs"
}

@test "opml-scale -W writes svm-scale's range file: svm-scale -r reads it, the same numbers as its -s" {
	need_svm_scale
	svm_wine > "$TMP/w"
	opml-scale -b -1,2 -W "$TMP/ours.range" "$TMP/w" > "$TMP/ours"
	svm-scale -l -1 -u 2 -s "$TMP/theirs.range" "$TMP/w" > /dev/null 2>&1
	[ "$(head -1 "$TMP/ours.range")" = x ]
	# Every number of svm-scale's file, exactly; ours has the
	# features of no spread too (14 absent, 15 constant).
	awk 'NR == FNR { if (FNR == 2) { lo = $1; hi = $2 } else if (FNR > 2) { a[$1] = $2; b[$1] = $3 }; next }
	  FNR == 2 && ($1 != lo || $2 != hi) { print "bounds"; bad = 1 }
	  FNR > 2 && ($1 in a) && (a[$1] != $2 || b[$1] != $3) { print "feature " $1; bad = 1 }
	  FNR > 2 && !($1 in a) && $2 != $3 { print "extra " $1; bad = 1 }
	  FNR > 2 { n++ } END { if (n != 15) print "n " n; exit bad || n != 15 }' \
	  "$TMP/theirs.range" "$TMP/ours.range"
	svm-scale -r "$TMP/ours.range" "$TMP/w" 2> /dev/null | sed 's/ *$//' > "$TMP/theirs"
	as_g < "$TMP/ours" | cmp - "$TMP/theirs"
	# And ours reads it back to the same bytes as one run.
	opml-scale -r "$TMP/ours.range" "$TMP/w" | cmp - "$TMP/ours"
}

@test "-b: lower + (upper - lower)(x - min)/(max - min) exactly, as awk computes it" {
	opml-scale -b -1,2 -w "$TMP/p" "$DATA/wine.txt" > "$TMP/ours"
	awk 'NR == FNR { for (j = 2; j <= NF; j++) { if (FNR == 1 || $j < mn[j]) mn[j] = $j
	    if (FNR == 1 || $j > mx[j]) mx[j] = $j }; next }
	  { split($0, o, " ") }
	  { getline line < ours; split(line, y, " ")
	    for (j = 2; j <= NF; j++) { x = $j
	      e = x == mn[j] ? -1 : x == mx[j] ? 2 : -1 + (2 - -1) * (x - mn[j]) / (mx[j] - mn[j])
	      if (y[j] + 0 != e) { print FNR, j, y[j], e; exit 1 } } }' \
	  ours="$TMP/ours" "$DATA/wine.txt" "$DATA/wine.txt"
	[ "$(head -1 "$TMP/p")" = "#opml-scale version=1 type=minmax d=13 lower=-1 upper=2" ]
	opml-scale -r "$TMP/p" "$DATA/wine.txt" | cmp - "$TMP/ours"
	# [0, 1] keeps the header and the bytes it had.
	opml-scale -t minmax -w "$TMP/p01" "$DATA/wine.txt" > "$TMP/01"
	[ "$(head -1 "$TMP/p01")" = "#opml-scale version=1 type=minmax d=13" ]
	opml-scale -b 0,1 "$DATA/wine.txt" | cmp - "$TMP/01"
}

@test "range files: written, read back, refused when bad" {
	opml-scale -b -1,1 -W "$TMP/r" "$FIX/scale-const.txt" > "$TMP/one"
	opml-scale -r "$TMP/r" "$FIX/scale-const.txt" | cmp - "$TMP/one"
	printf 'y\n0 1\n1 3\nx\n-1 1\n1 0 2\n' > "$TMP/y"
	run opml-scale -r "$TMP/y" "$DATA/iris.txt"
	[ "$status" -eq 1 ]
	[[ $output == *"y:1: range file: svm-scale's label scaling (-y) is not supported"* ]]
	printf 'x\n-1 1\n2 0 2\n1 0 3\n' > "$TMP/order"
	run opml-scale -r "$TMP/order" "$DATA/iris.txt"
	[ "$status" -eq 1 ]
	[[ $output == *"order:4: range file: index 1 after 2"* ]]
	printf 'x\n-1 1\n1 3 2\n' > "$TMP/minmax"
	run opml-scale -r "$TMP/minmax" "$DATA/iris.txt"
	[ "$status" -eq 1 ]
	[[ $output == *"minmax:3: feature 1: max below min"* ]]
	printf 'x\n1 1\n1 0 2\n' > "$TMP/bounds"
	run opml-scale -r "$TMP/bounds" "$DATA/iris.txt"
	[ "$status" -eq 1 ]
	[[ $output == *"bounds:2: range file: lower bound not below the upper"* ]]
	printf 'x\n-1 1\n' > "$TMP/nofeat"
	run opml-scale -r "$TMP/nofeat" "$DATA/iris.txt"
	[ "$status" -eq 1 ]
	[[ $output == *"nofeat:2: range file: no feature ranges"* ]]
	printf 'x\n-1 1\n1 0 x\n' > "$TMP/nan"
	run opml-scale -r "$TMP/nan" "$DATA/iris.txt"
	[ "$status" -eq 1 ]
	[[ $output == *"nan:3: field 2: not a finite number: 'x'"* ]]
	# A range file with a dense input of more features than it has.
	printf 'x\n-1 1\n1 0 2\n' > "$TMP/one1"
	run opml-scale -r "$TMP/one1" "$DATA/iris.txt"
	[ "$status" -eq 1 ]
	[[ $output == *"iris.txt:1: expected 1 features, found more"* ]]
}

@test "a range file naming feature 2^26 costs memory by its lines, not by that index" {
	skip_if_sanitized "ulimit -v"
	# It doubled arrays up to 2^27 entries and zeroed them before any
	# data: 2 GiB written for a three-line file.  Now one calloc of
	# the width, its pages untouched: 1 GiB of address space, ~2 MB.
	printf 'x\n0 1\n3 -1 1\n67108864 -1 1\n' > "$TMP/huge"
	run --separate-stderr sh -c "ulimit -v 1500000; opml-scale -r '$TMP/huge' < /dev/null"
	show
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	# beyond 2^26: refused
	printf 'x\n0 1\n67108865 -1 1\n' > "$TMP/huger"
	run --separate-stderr opml-scale -r "$TMP/huger" < /dev/null
	[ "$status" -eq 1 ]
	[ "$stderr" = "opml-scale: $TMP/huger:3: range file: expected INDEX MIN MAX" ]
}

@test "-b and -W: usage errors" {
	for b in 1 1,0 2,2 x,1 1,y ,1; do
		run opml-scale -b "$b" "$DATA/iris.txt"
		[ "$status" -eq 2 ] || { echo "-b $b"; show; false; }
	done
	run opml-scale -b -1,1 -t zscore "$DATA/iris.txt"
	[ "$status" -eq 2 ]
	run opml-scale -W "$TMP/r" -t unit "$DATA/iris.txt"
	[ "$status" -eq 2 ]
	opml-scale -W "$TMP/r" "$DATA/iris.txt" > /dev/null
	run opml-scale -r "$TMP/r" -b 0,1 "$DATA/iris.txt"
	[ "$status" -eq 2 ]
	run opml-scale -r "$TMP/r" -W "$TMP/r2" "$DATA/iris.txt"
	[ "$status" -eq 2 ]
	[ ! -e "$TMP/r2" ]
}
