#!/usr/bin/env bats
# opml-learn -I pairs|triplets [-S samples]: learning from explicit
# constraints; the steps against explicit inverses in awk, a triplet list
# against the labeled stream it was made from, the formats' errors.

load helper

# The expected L = (I + g A)^-1 (L starts as I) for A = aa' - bb', the
# vectors a and b given as "a1 a2 a3", printed one row a line.
inverse() {
	awk -v a="$1" -v b="$2" -v g="$3" 'BEGIN {
		d = split(a, u, " "); split(b, v, " ")
		for (i = 1; i <= d; i++) for (j = 1; j <= d; j++) {
			M[i, j] = (i == j) + g * (u[i] * u[j] - v[i] * v[j])
			I[i, j] = (i == j)
		}
		# Gauss-Jordan without pivoting: I + gA is positive definite
		for (k = 1; k <= d; k++) {
			p = M[k, k]
			for (j = 1; j <= d; j++) { M[k, j] /= p; I[k, j] /= p }
			for (i = 1; i <= d; i++) if (i != k) {
				f = M[i, k]
				for (j = 1; j <= d; j++) { M[i, j] -= f * M[k, j]; I[i, j] -= f * I[k, j] }
			}
		}
		for (i = 1; i <= d; i++) { s = ""; for (j = 1; j <= d; j++) s = s sprintf(" %.17g", I[i, j]); print s }
	}'
}

# The largest difference between the rows of model $1 and the matrix in
# file $2, relative to 1.
rows_differ() {
	grep -v '^#' "$1" | paste -d' ' - "$2" | awk '{
		n = NF / 2
		for (j = 1; j <= n; j++) { t = $j - $(j + n); if (t < 0) t = -t; if (t > m) m = t }
	} END { printf "%.3g\n", m; exit !(m <= 1e-12) }'
}

@test "-I triplets: one step is L (I + gA)^-1 with A = aa' - bb', a = x - xp, b = x - xq" {
	echo '1 2 3  1.5 1.8 2.5  1.2 2.3 3.4' > "$TMP/t"
	opml-learn -I triplets -Z -g 0.5 -c 0 "$TMP/t" > "$TMP/m"
	inverse '-0.5 0.2 0.5' '-0.2 -0.3 -0.4' 0.5 > "$TMP/want"
	run rows_differ "$TMP/m" "$TMP/want"
	show
	[ "$status" -eq 0 ]
	grep -q ' triplets=1 updates=1 ' "$TMP/m"
}

@test "-I pairs: a same pair then a different one is one step with a, b their differences" {
	printf 'SAME 1 2 3 1.5 1.8 2.5\nDIFFERENT 0 1 0 0.2 1.3 0.4\n' > "$TMP/p"
	opml-learn -I pairs -Z -g 0.5 -c 0 "$TMP/p" > "$TMP/m"
	inverse '-0.5 0.2 0.5' '-0.2 -0.3 -0.4' 0.5 > "$TMP/want"
	run rows_differ "$TMP/m" "$TMP/want"
	show
	[ "$status" -eq 0 ]
	grep -q ' samples=2 triplets=1 updates=1 ' "$TMP/m"
	# the same with +1 and -1, and in the other order: the latest pair of
	# each kind makes the step
	printf -- '-1 0 1 0 0.2 1.3 0.4\n+1 1 2 3 1.5 1.8 2.5\n' > "$TMP/q"
	opml-learn -I pairs -Z -g 0.5 -c 0 "$TMP/q" > "$TMP/m2"
	cmp <(grep -v '^#' "$TMP/m") <(grep -v '^#' "$TMP/m2")
}

@test "-I pairs -K 2: a different pair steps against the two latest same pairs, the latest first" {
	printf 'SAME 1 2 3 1.5 1.8 2.5\nSAME 0 0 1 0.1 0.3 0.8\nDIFFERENT 0 1 0 0.2 1.3 0.4\n' > "$TMP/p"
	opml-learn -I pairs -K 2 -Z -g 0.5 -c 0 "$TMP/p" > "$TMP/m"
	grep -q ' samples=3 triplets=2 updates=2 ' "$TMP/m"
	# L = (I + g A1)^-1 (I + g A2)^-1: A1 of the second same pair, A2 of
	# the first
	inverse '-0.1 -0.3 0.2' '-0.2 -0.3 -0.4' 0.5 > "$TMP/i1"
	inverse '-0.5 0.2 0.5' '-0.2 -0.3 -0.4' 0.5 > "$TMP/i2"
	paste -d' ' "$TMP/i1" "$TMP/i2" | awk '{ for (j = 1; j <= 3; j++) { A[NR, j] = $j; B[NR, j] = $(j + 3) } }
	END { for (i = 1; i <= 3; i++) { s = ""; for (j = 1; j <= 3; j++) { t = 0
		for (k = 1; k <= 3; k++) t += A[i, k] * B[k, j]; s = s sprintf(" %.17g", t) }; print s } }' > "$TMP/want"
	run rows_differ "$TMP/m" "$TMP/want"
	show
	[ "$status" -eq 0 ]
	# -K 1: the latest same pair alone
	opml-learn -I pairs -K 1 -Z -g 0.5 -c 0 "$TMP/p" > "$TMP/m1"
	grep -q ' samples=3 triplets=1 updates=1 ' "$TMP/m1"
	run rows_differ "$TMP/m1" "$TMP/i1"
	[ "$status" -eq 0 ]
}

@test "-I pairs -a copml: a same pair before any different one is the pre-stage L (I + g1 aa')^-1" {
	echo 'SAME 1 2 3 1.5 1.8 2.5' > "$TMP/p"
	opml-learn -a copml -I pairs -Z -g 0.5 -G 0.25 -c 0 "$TMP/p" > "$TMP/m"
	inverse '-0.5 0.2 0.5' '0 0 0' 0.25 > "$TMP/want"
	run rows_differ "$TMP/m" "$TMP/want"
	show
	[ "$status" -eq 0 ]
	grep -q ' prestage=1 ' "$TMP/m"
	# OPML takes no step on it
	opml-learn -I pairs -Z -g 0.5 -c 0 "$TMP/p" > "$TMP/o"
	grep -q ' triplets=0 updates=0 prestage=0 ' "$TMP/o"
}

# The one-pass rule on a two-class stream, in awk: each sample of a
# class seen before, once both classes have been seen, with the latest of
# its class and the latest of the other.  $1: "rows" for row indices.
one_pass() {
	awk -v rows="$1" '{
		lab = $1; x = rows ? NR - 1 : ""
		if (!rows) for (i = 2; i <= NF; i++) x = x " " $i
		if ((lab in last) && n >= 2) {
			for (o in last) if (o != lab) q = last[o]
			print x, last[lab], q
		}
		if (!(lab in last)) n++
		last[lab] = x
	}'
}

@test "-I triplets: the one-pass rule's triplets of a labeled stream give its L, whole or as row indices" {
	grep -v '^#' "$DATA/ionosphere.txt" > "$TMP/ion"
	one_pass 0 < "$TMP/ion" > "$TMP/t"
	one_pass 1 < "$TMP/ion" > "$TMP/ti"
	[ "$(wc -l < "$TMP/t")" -eq 349 ]
	for o in "-Z -g 1e-3" "-Z -g 0.05 -u" "-Z -g 1e-2 -c 0"; do
		opml-learn $o "$TMP/ion" > "$TMP/lab"
		opml-learn -I triplets $o "$TMP/t" > "$TMP/whole"
		opml-learn -I triplets -S "$TMP/ion" $o "$TMP/ti" > "$TMP/idx"
		cmp <(grep -v '^#' "$TMP/lab") <(grep -v '^#' "$TMP/whole")
		cmp "$TMP/whole" "$TMP/idx"
		# and the same steps were counted
		c() { sed -n '1s/.*\( triplets=.* nonpd=[0-9]*\).*/\1/p' "$1"; }
		[ "$(c "$TMP/lab")" = "$(c "$TMP/whole")" ]
	done
}

@test "-I pairs -S: LFW's names and row indices with labels give the same model" {
	printf 'SAME 0 4\nSAME 1 6\nDIFFERENT 2 1\nDIFFERENT 3 7\n' > "$TMP/idx"
	for a in opml rdml pola lego itml; do
		opml-learn -a $a -I pairs -S "$FIX/pairs-faces.txt" "$FIX/pairs-lfw.txt" > "$TMP/lfw"
		opml-learn -a $a -I pairs -S "$FIX/pairs-faces.txt" "$TMP/idx" > "$TMP/i"
		cmp "$TMP/lfw" "$TMP/i"
	done
}

@test "-I triplets -S: names (name i j name2 k, name1 i name2 j name3 k) and row indices agree" {
	printf 'Alice 1 3 Bob 1\nBob 1 Bob 2 Dan 2\n' > "$TMP/n"
	printf '0 4 1\n1 6 7\n' > "$TMP/i"
	for a in opml oasis soml; do
		opml-learn -a $a -I triplets -S "$FIX/pairs-faces.txt" "$TMP/n" > "$TMP/mn"
		opml-learn -a $a -I triplets -S "$FIX/pairs-faces.txt" "$TMP/i" > "$TMP/mi"
		cmp "$TMP/mn" "$TMP/mi"
	done
}

@test "-I: each learner of pairs or triplets writes a model of its own algorithm, one constraint a sample" {
	grep -v '^#' "$DATA/ionosphere.txt" > "$TMP/ion"
	awk 'NR > 1 { print ($1 == pl ? "SAME" : "DIFFERENT"), NR - 2, NR - 1 } { pl = $1 }' "$TMP/ion" > "$TMP/p"
	one_pass 1 < "$TMP/ion" > "$TMP/t"
	for a in opml copml rdml pola lego itml; do
		run opml-learn -a $a -I pairs -S "$TMP/ion" "$TMP/p"
		[ "$status" -eq 0 ]
		[[ ${lines[0]} == *"algorithm=$a "*" samples=350 "* ]]
	done
	for a in opml copml oasis soml; do
		run opml-learn -a $a -I triplets -S "$TMP/ion" "$TMP/t"
		[ "$status" -eq 0 ]
		[[ ${lines[0]} == *"algorithm=$a "*" samples=349 "* ]]
	done
	# standardized (the default) and normalized too
	run opml-learn -I pairs -u -S "$TMP/ion" "$TMP/p"
	[ "$status" -eq 0 ]
	[[ ${lines[0]} == *" standardize=1 "* ]]
}

@test "-I pairs: lego and itml set their targets from the first 100 pairs; a model written before is the same as a run that stops there" {
	grep -v '^#' "$DATA/ionosphere.txt" > "$TMP/ion"
	awk 'NR > 1 { print ($1 == pl ? "SAME" : "DIFFERENT"), NR - 2, NR - 1 } { pl = $1 }' "$TMP/ion" > "$TMP/p"
	head -n 40 "$TMP/p" > "$TMP/p40"
	for a in lego itml; do
		opml-learn -a $a -I pairs -S "$TMP/ion" -C 40 -o "$TMP/every" "$TMP/p40"
		opml-learn -a $a -I pairs -S "$TMP/ion" "$TMP/p40" > "$TMP/once"
		cmp "$TMP/every" "$TMP/once"
		# -C 40 on the whole stream changes nothing at its end
		opml-learn -a $a -I pairs -S "$TMP/ion" -C 40 -o "$TMP/all" "$TMP/p"
		opml-learn -a $a -I pairs -S "$TMP/ion" "$TMP/p" > "$TMP/one"
		cmp "$TMP/all" "$TMP/one"
	done
}

@test "-I: a ragged line, a label neither SAME nor DIFFERENT, an odd first line: file:line, exit 1" {
	printf 'SAME 1 2 3 4\nDIFFERENT 1 2 3\n' > "$TMP/p"
	run --separate-stderr opml-learn -I pairs "$TMP/p"
	[ "$status" -eq 1 ]
	[ "$stderr" = "opml-learn: $TMP/p:2: 3 numbers, expected 4 (two samples of d=2)" ]
	[ -z "$output" ]
	printf 'SAME 1 2 3 4\nMAYBE 1 2 3 4\n' > "$TMP/p"
	run --separate-stderr opml-learn -I pairs "$TMP/p"
	[ "$status" -eq 1 ]
	[ "$stderr" = "opml-learn: $TMP/p:2: label 'MAYBE': expected SAME, DIFFERENT, +1 or -1" ]
	printf '1 2 3 4 5\n' > "$TMP/t"
	run --separate-stderr opml-learn -I triplets "$TMP/t"
	[ "$status" -eq 1 ]
	[ "$stderr" = "opml-learn: $TMP/t:1: 5 numbers: not three samples of one width" ]
	printf '1 2 3 4 5 6\n1 2 x 4 5 6\n' > "$TMP/t"
	run --separate-stderr opml-learn -I triplets "$TMP/t"
	[ "$status" -eq 1 ]
	[ "$stderr" = "opml-learn: $TMP/t:2: field 3: not a number" ]
}

@test "-I -S: an unknown name, an image past a person's count, a row out of range, a bad label, a wrong field count: file:line, exit 1" {
	f="$FIX/pairs-faces.txt"
	printf 'Alice 1 3\nEve 1 2\n' > "$TMP/p"
	run --separate-stderr opml-learn -I pairs -S "$f" "$TMP/p"
	[ "$status" -eq 1 ]
	[ "$stderr" = "opml-learn: $TMP/p:2: no samples labeled 'Eve'" ]
	printf 'Alice 1 4\n' > "$TMP/p"
	run --separate-stderr opml-learn -I pairs -S "$f" "$TMP/p"
	[ "$stderr" = "opml-learn: $TMP/p:1: 'Alice' has 3 images, not 4" ]
	printf 'SAME 0 4\nDIFFERENT 2 8\n' > "$TMP/p"
	run --separate-stderr opml-learn -I pairs -S "$f" "$TMP/p"
	[ "$status" -eq 1 ]
	[ "$stderr" = "opml-learn: $TMP/p:2: index 8 out of range (8 samples)" ]
	printf 'SAME 0 4\nSIMILAR 2 1\n' > "$TMP/p"
	run --separate-stderr opml-learn -I pairs -S "$f" "$TMP/p"
	[ "$stderr" = "opml-learn: $TMP/p:2: label 'SIMILAR': expected SAME, DIFFERENT, +1 or -1" ]
	printf '0 4 1\n0 4\n' > "$TMP/t"
	run --separate-stderr opml-learn -I triplets -S "$f" "$TMP/t"
	[ "$status" -eq 1 ]
	[ "$stderr" = "opml-learn: $TMP/t:2: 2 fields, expected \`i j k\`" ]
}

@test "-I: a method without such a step, an unknown form, -S without -I: usage errors, exit 2" {
	run --separate-stderr opml-learn -a lmnn -I pairs /dev/null
	[ "$status" -eq 2 ]
	[ "$stderr" = "opml-learn: -I pairs: lmnn does not learn from pairs (only opml, copml, rdml, pola, lego and itml do)" ]
	run --separate-stderr opml-learn -a rdml -I triplets /dev/null
	[ "$status" -eq 2 ]
	[ "$stderr" = "opml-learn: -I triplets: rdml does not learn from triplets (only opml, copml, oasis and soml do)" ]
	for a in mahalanobis pca covariance; do
		run opml-learn -a $a -I pairs /dev/null
		[ "$status" -eq 2 ]
	done
	run --separate-stderr opml-learn -I quads /dev/null
	[ "$status" -eq 2 ]
	[ "$stderr" = "opml-learn: -I quads: expected pairs or triplets" ]
	run --separate-stderr opml-learn -S "$DATA/iris.txt" "$DATA/iris.txt"
	[ "$status" -eq 2 ]
	[ "$stderr" = "opml-learn: -S: only with -I pairs or -I triplets" ]
	run --separate-stderr opml-learn -I triplets -K 2 /dev/null
	[ "$status" -eq 2 ]
	[ "$stderr" = "opml-learn: -K: only with -I pairs" ]
	run --separate-stderr opml-learn -a rdml -I pairs -K 2 /dev/null
	[ "$status" -eq 2 ]
	[[ $stderr == "opml-learn: -K: not an option of rdml"* ]]
}

@test "-I: a stream without a constraint is an error naming what it lacked, exit 1" {
	run --separate-stderr opml-learn -I pairs /dev/null
	[ "$status" -eq 1 ]
	[ "$stderr" = "opml-learn: no pairs in the input: nothing to learn from" ]
	run --separate-stderr opml-learn -a soml -I triplets /dev/null
	[ "$status" -eq 1 ]
	[ "$stderr" = "opml-learn: no triplets in the input: nothing to learn from" ]
}

@test "-I triplets on sample lines without -S: refused naming -S, exit 1; a whole-number grid or a real first number still reads as triplets" {
	# Labeled samples of d = 2 (three fields a line, as a triplet of
	# d = 1 would have): not learnt as a 1-dimensional model.
	awk '{ print $1, $2, $3 }' "$DATA/iris.txt" > "$TMP/s"
	run --separate-stderr opml-learn -I triplets "$TMP/s"
	[ "$status" -eq 1 ] && [ -z "$output" ] || { show; false; }
	[ "$stderr" = "opml-learn: $TMP/s:1: a sample line (a whole-number label, then features)? -I triplets reads three samples X P Q a line; sample lines are read with -S samples (opml-formats(5))" ]
	printf '1 2 3\n0 1 0\n' > "$TMP/t"
	run --separate-stderr opml-learn -I triplets "$TMP/t"
	[ "$status" -eq 0 ] || { show; false; }
	printf '1.5 0.5 0.25\n' > "$TMP/t"
	run --separate-stderr opml-learn -I triplets "$TMP/t"
	[ "$status" -eq 0 ] || { show; false; }
}

@test "-I pairs and triplets: a feature near 1e300 gives a model that opml-metric and opml-transform take, its L within the step's twofold bound" {
	# on 2fdd7c1 g g aa - eta g cancelled to noise: L = -2.1e273 after
	# two steps, which opml-metric and opml-transform refused
	printf 'a 1 2\nb 3 1e300\na 2 5\nb 1 1\nc 0.5 -1e300\n' > "$TMP/s"
	printf 'SAME 0 1\nDIFFERENT 0 2\nSAME 2 3\nDIFFERENT 1 3\nSAME 4 1\n' > "$TMP/p"
	printf '0 3 2\n2 0 4\n1 3 0\n4 2 3\n' > "$TMP/t"
	for a in opml copml; do
		for f in "-I pairs $TMP/p" "-I triplets $TMP/t" "-u -I pairs $TMP/p"; do
			opml-learn -a $a -S "$TMP/s" $f > "$TMP/m"
			opml-metric "$TMP/m" > "$TMP/M"
			opml-transform -m "$TMP/m" "$TMP/s" > "$TMP/x"
			[ "$(wc -l < "$TMP/x")" -eq 5 ]
			# at most twofold per step, and a few steps
			tail -n 2 "$TMP/m" | awk '{ for (i = 1; i <= NF; i++) if ($i > 16 || $i < -16) { print "L " $i; exit 1 } }'
		done
	done
	# the labeled learner on the same samples
	opml-learn "$TMP/s" > "$TMP/m"
	opml-metric "$TMP/m" > /dev/null
	opml-transform -m "$TMP/m" "$TMP/s" > /dev/null
}

@test "-I messages: all the fields of a long line counted; a first line that fits no layout lists them all; a pair of a sample with itself refused" {
	printf '1 2\n3 4\n5 6\n' > "$TMP/s"
	# 9 fields were "7 fields" on 9e64f68 (more than 6 counted as 7)
	printf '0 1 2\n0 1 2 0 1 2 0 1 2\n' > "$TMP/t"
	run --separate-stderr opml-learn -I triplets -S "$TMP/s" "$TMP/t"
	[ "$status" -eq 1 ]
	[ "$stderr" = "opml-learn: $TMP/t:2: 9 fields, expected \`i j k\`" ]
	printf 'SAME 0 1\nSAME 0 1 2 3 4 5 6 7 8 9\n' > "$TMP/p"
	run --separate-stderr opml-learn -I pairs -S "$TMP/s" "$TMP/p"
	[ "$stderr" = "opml-learn: $TMP/p:2: 11 fields, expected \`label i j\`" ]
	# a first line of four fields: `i j k` was not among the forms
	printf '0 1 2 0\n' > "$TMP/t"
	run --separate-stderr opml-learn -I triplets -S "$TMP/s" "$TMP/t"
	[ "$status" -eq 1 ]
	[ "$stderr" = "opml-learn: $TMP/t:1: 4 fields, expected \`i j k\`, \`name i j name2 k\` or \`name1 i name2 j name3 k\`" ]
	printf 'SAME\n' > "$TMP/p"
	run --separate-stderr opml-learn -I pairs -S "$TMP/s" "$TMP/p"
	[ "$stderr" = "opml-learn: $TMP/p:1: 1 field, expected \`label i j\`, \`name i j\` or \`name1 i name2 j\`" ]
	# once the layout is known, its own form alone
	printf '0 1 2\n0 1\n' > "$TMP/t"
	run --separate-stderr opml-learn -I triplets -S "$TMP/s" "$TMP/t"
	[ "$stderr" = "opml-learn: $TMP/t:2: 2 fields, expected \`i j k\`" ]
	# a sample paired with itself, as opml-pairs refuses it
	printf 'SAME 0 1\nDIFFERENT 2 2\n' > "$TMP/p"
	run --separate-stderr opml-learn -I pairs -S "$TMP/s" "$TMP/p"
	[ "$status" -eq 1 ]
	[ "$stderr" = "opml-learn: $TMP/p:2: a pair of a sample with itself (row 2)" ]
	printf '0 1\n2 2\n' > "$TMP/q"
	run --separate-stderr opml-pairs -p "$TMP/q" "$TMP/s"
	[[ $stderr == *"a pair of a sample with itself (row 2)"* ]]
	[ -z "$output" ]
}

@test "-S - with the input on the standard input too: a usage error, not 'no triplets'" {
	for I in pairs triplets; do
		run --separate-stderr opml-learn -I $I -S - - < /dev/null
		[ "$status" -eq 2 ]
		[ "$stderr" = "opml-learn: -S - and an input -: the standard input cannot be both (give one of them as a file)" ]
		run --separate-stderr opml-learn -I $I -S - < /dev/null
		[ "$status" -eq 2 ]
		[ -z "$output" ]
	done
}

@test "-H: the pages agree that with -I it applies to the samples of -S, not to the pair or triplet lines" {
	printf 'a b\n1 2\n3 4\n5 7\n' > "$TMP/s"
	printf 'SAME 0 1\nDIFFERENT 0 2\n' > "$TMP/p"
	run opml-learn -H -I pairs -S "$TMP/s" "$TMP/p"
	[ "$status" -eq 0 ]
	[[ ${lines[0]} == *" samples=2 "* ]]
	printf 'i j\nSAME 0 1\n' > "$TMP/h"
	run --separate-stderr opml-learn -H -I pairs -S "$TMP/s" "$TMP/h"
	[ "$status" -eq 1 ]
	[[ $stderr == *"h:1: "* ]]
	for page in opml.7 opml-learn.1; do
		groff -man -Tascii -P-cbou -rHY=0 -rLL=300n "$TOP/man/$page" | tr -s ' \n' '  ' > "$TMP/page"
		grep -q 'apply to the samples of -S' "$TMP/page" || { echo "$page"; false; }
	done
}
