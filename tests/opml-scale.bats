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
	[[ ${lines[0]} == "#opml-scale version=2 type=zscore d=4 n=150" ]]
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
	[ "$status" -eq 0 ] || { show; false; }
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
	[ "$(head -1 "$TMP/p")" = "#opml-scale version=2 type=minmax d=13 n=178 lower=-1 upper=2" ]
	opml-scale -r "$TMP/p" "$DATA/wine.txt" | cmp - "$TMP/ours"
	# [0, 1] keeps the header and the bytes it had.
	opml-scale -t minmax -w "$TMP/p01" "$DATA/wine.txt" > "$TMP/01"
	[ "$(head -1 "$TMP/p01")" = "#opml-scale version=2 type=minmax d=13 n=178" ]
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

# The worst |mean_a - mean_b| / max(|mean_a|, std_a) and
# |std_a - std_b| / std_a over the columns of parameter files a and b.
param_gap() {
	awk 'FNR == 1 { f++ }
	$1 == "mean" { for (j = 2; j <= NF; j++) m[f, j] = $j }
	$1 == "std" { for (j = 2; j <= NF; j++) s[f, j] = $j; nf = NF }
	END { for (j = 2; j <= nf; j++) { if (s[1, j] == 0) { if (s[2, j] != 0) wm = 1; continue }
		sc = m[1, j] < 0 ? -m[1, j] : m[1, j]; if (s[1, j] > sc) sc = s[1, j]
		a = (m[1, j] - m[2, j]) / sc; if (a < 0) a = -a; if (a > wm) wm = a
		b = (s[1, j] - s[2, j]) / s[1, j]; if (b < 0) b = -b; if (b > ws) ws = b }
		printf "%.3g %.3g\n", wm, ws }' "$1" "$2"
}

@test "-m: z-score parameters fitted on random shards merge into the whole set's, to 1e-13" {
	for set in iris wine balance breast glass ionosphere pima; do
		opml-scale -w "$TMP/all.p" "$DATA/$set.txt" > /dev/null
		for k in 2 5 9; do
			rm -f "$TMP"/sh.*
			awk -v k=$k -v dir="$TMP" 'BEGIN { srand(k) } { print > (dir "/sh." int(rand() * k)) }' "$DATA/$set.txt"
			for f in "$TMP"/sh.?; do opml-scale -w "$f.p" "$f" > /dev/null; done
			opml-scale -m "$TMP"/sh.?.p > "$TMP/m.p"
			# the count is the whole set's
			[ "$(head -1 "$TMP/m.p")" = "$(head -1 "$TMP/all.p")" ]
			gap=$(param_gap "$TMP/all.p" "$TMP/m.p")
			echo "$set, $k shards: $gap"
			awk -v g="$gap" 'BEGIN { split(g, x, " "); exit !(x[1] <= 1e-13 && x[2] <= 1e-13) }'
		done
	done
	# sums of sums: shard 0 with 1, then with the rest
	opml-scale -m "$TMP/sh.0.p" "$TMP/sh.1.p" > "$TMP/m01.p"
	opml-scale -m "$TMP/m01.p" "$TMP"/sh.[2-8].p > "$TMP/m.p"
	gap=$(param_gap "$TMP/all.p" "$TMP/m.p")
	awk -v g="$gap" 'BEGIN { split(g, x, " "); exit !(x[1] <= 1e-13 && x[2] <= 1e-13) }'
}

@test "-m: z-score of two samples each side: the merged mean, std and sums by hand" {
	printf 'a 1\na 3\n' > "$TMP/x"
	printf 'b 10\nb 14\n' > "$TMP/y"
	opml-scale -w "$TMP/x.p" "$TMP/x" > /dev/null
	opml-scale -w "$TMP/y.p" "$TMP/y" > /dev/null
	run opml-scale -m "$TMP/x.p" "$TMP/y.p"
	[ "$status" -eq 0 ]
	# mean 7; deviations -6 -4 3 7: sum of squares 110, std sqrt(110/3)
	[ "${lines[0]}" = "#opml-scale version=2 type=zscore d=1 n=4" ]
	[ "${lines[1]}" = "mean 7" ]
	[ "${lines[3]}" = "sqdev 110" ]
	awk -v s="${lines[2]#std }" 'BEGIN { d = s - sqrt(110 / 3); exit !(d < 1e-15 && d > -1e-15) }'
}

@test "-m: min-max parameters merge into the whole set's exactly; version 1 files still read and restore" {
	for b in "" "-b -1,1"; do
		opml-scale -t minmax $b -w "$TMP/all.p" "$DATA/wine.txt" > "$TMP/all.z"
		rm -f "$TMP"/sh.*
		awk -v dir="$TMP" 'BEGIN { srand(3) } { print > (dir "/sh." int(rand() * 4)) }' "$DATA/wine.txt"
		for f in "$TMP"/sh.?; do opml-scale -t minmax $b -w "$f.p" "$f" > /dev/null; done
		opml-scale -m "$TMP"/sh.?.p | cmp - "$TMP/all.p"
		opml-scale -r "$TMP/all.p" "$DATA/wine.txt" | cmp - "$TMP/all.z"
	done
	# a file of version 1 (no n, no sqdev) scales as before
	opml-scale -w "$TMP/z.p" "$DATA/wine.txt" > "$TMP/z"
	sed -e '1s/version=2/version=1/' -e '1s/ n=178//' -e '/^sqdev/d' "$TMP/z.p" > "$TMP/v1.p"
	opml-scale -r "$TMP/v1.p" "$DATA/wine.txt" | cmp - "$TMP/z"
	# min-max of version 1 and svm-scale range files merge (no count)
	opml-scale -t minmax -w "$TMP/mm.p" "$TMP/sh.0" > /dev/null
	sed -e '1s/version=2/version=1/' -e '1s/ n=[0-9]*//' "$TMP/mm.p" > "$TMP/mm1.p"
	opml-scale -W "$TMP/r.range" "$TMP/sh.1" > /dev/null
	run opml-scale -m "$TMP/mm1.p" "$TMP/r.range"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "#opml-scale version=2 type=minmax d=13" ]
}

@test "-m errors: z-score of version 1, types, widths or bounds that differ; options that do not go with it" {
	opml-scale -w "$TMP/z.p" "$DATA/wine.txt" > /dev/null
	sed -e '1s/version=2/version=1/' -e '1s/ n=178//' -e '/^sqdev/d' "$TMP/z.p" > "$TMP/v1.p"
	run opml-scale -m "$TMP/z.p" "$TMP/v1.p"
	[ "$status" -eq 1 ]
	[[ $output == *"v1.p: z-score parameters without the count"* ]]
	opml-scale -t minmax -w "$TMP/mm.p" "$DATA/wine.txt" > /dev/null
	run opml-scale -m "$TMP/z.p" "$TMP/mm.p"
	[ "$status" -eq 1 ]
	[[ $output == *"mm.p: parameters of different scalings"* ]]
	opml-scale -t minmax -b -1,1 -w "$TMP/mmb.p" "$DATA/wine.txt" > /dev/null
	run opml-scale -m "$TMP/mm.p" "$TMP/mmb.p"
	[ "$status" -eq 1 ]
	[[ $output == *"different bounds"* ]]
	opml-scale -w "$TMP/iris.p" "$DATA/iris.txt" > /dev/null
	run opml-scale -m "$TMP/z.p" "$TMP/iris.p"
	[ "$status" -eq 1 ]
	[[ $output == *"different numbers of features"* ]]
	# a merge leaves no output when it fails
	run opml-scale -m -o "$TMP/out" "$TMP/z.p" "$TMP/iris.p"
	[ "$status" -eq 1 ]
	[ ! -e "$TMP/out" ]
	for o in "-t zscore" "-r $TMP/z.p" "-w $TMP/w" "-b 0,2" "-W $TMP/w"; do
		run opml-scale -m $o "$TMP/z.p"
		[ "$status" -eq 2 ]
	done
	run opml-scale -m
	[ "$status" -eq 2 ]
	# a sqdev line is required with n=, and must not be negative
	sed '/^sqdev/d' "$TMP/z.p" > "$TMP/nosq.p"
	run opml-scale -r "$TMP/nosq.p" "$DATA/wine.txt"
	[ "$status" -eq 1 ]
	[[ $output == *"missing 'sqdev' line"* ]]
	sed '/^sqdev/s/ [0-9]/ -1/' "$TMP/z.p" > "$TMP/neg.p"
	run opml-scale -r "$TMP/neg.p" "$DATA/wine.txt"
	[ "$status" -eq 1 ]
	sed '1s/version=2/version=3/' "$TMP/z.p" > "$TMP/v3.p"
	run opml-scale -r "$TMP/v3.p" "$DATA/wine.txt"
	[ "$status" -eq 1 ]
	[[ $output == *"a version other than 1 or 2"* ]]
}
