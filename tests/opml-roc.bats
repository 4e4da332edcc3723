#!/usr/bin/env bats
# opml-roc: the curve of a hand-made example, AUC against a brute-force
# Mann-Whitney count, EER, several curves, the SVG figure, errors.

load helper

# The summary row of a curve: its fields on stderr.
summary() {
	printf '%s\n' "$stderr" | awk -v n="$1" -v f="$2" -F'\t' '$1 == n { print $f }'
}

# a and b agree to 1e-12
near() {
	awk -v a="$1" -v b="$2" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(d <= 1e-12) }'
}

@test "hand-made example: one point per distinct threshold, ties grouped" {
	run --separate-stderr opml-roc "$FIX/roc-hand.txt"
	show
	[ "$status" -eq 0 ]
	[ "$output" = "# roc-hand
0 0 4.000000000000001
0 0.3333333333333333 4
0.5 0.6666666666666666 3
0.5 1 2
1 1 1" ]
	[ "$(summary roc-hand 2)" = 3 ]
	[ "$(summary roc-hand 3)" = 2 ]
	[ "$(summary roc-hand 4)" = 0.75 ]
	# the curve meets FPR = 1 - TPR at 0.4 on the segment to (0.5, 2/3)
	near "$(summary roc-hand 5)" 0.4
	[[ $stderr == "# curve	same	different	AUC	EER	TPR@FPR=0.001	TPR@FPR=0.01	TPR@FPR=0.1"* ]]
}

@test "-d: distances, the mirror image of similarities" {
	awk '/^#/ { next } { print -$1, $2 }' "$FIX/roc-hand.txt" > "$TMP/d"
	run --separate-stderr opml-roc -d "$TMP/d"
	show
	[ "$status" -eq 0 ]
	[ "$(summary d 4)" = 0.75 ]
	[ "${lines[1]}" = "0 0 -4.000000000000001" ]
	[ "${lines[2]}" = "0 0.3333333333333333 -4" ]
	run --separate-stderr opml-roc "$TMP/d"
	[ "$(summary d 4)" = 0.25 ]
}

@test "EER on a symmetric example; AUC 0.79" {
	run --separate-stderr opml-roc -o "$TMP/curve" "$FIX/roc-sym.txt"
	show
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	near "$(summary roc-sym 5)" 0.3
	[ "$(summary roc-sym 4)" = 0.79 ]
	grep -q '^0.3 0.7 7$' "$TMP/curve"
}

@test "AUC equals a brute-force Mann-Whitney count with ties, to 1e-12" {
	for seed in 1 2 3; do
		awk -v seed=$seed 'BEGIN { srand(seed); n = 1500 + 300 * seed
			for (i = 0; i < n; i++) printf "%d %d\n", int(rand() * 7 * seed), rand() < 0.4 }' > "$TMP/s"
		awk '{ s[NR] = $1; l[NR] = $2 }
		END { for (i = 1; i <= NR; i++) if (l[i]) { P++
			for (j = 1; j <= NR; j++) if (!l[j]) u += s[i] > s[j] ? 1 : s[i] == s[j] ? 0.5 : 0 }
		      printf "%.17g\n", u / (P * (NR - P)) }' "$TMP/s" > "$TMP/want"
		run --separate-stderr opml-roc -F "$TMP/s"
		[ "$status" -eq 0 ]
		got=$(summary s 4)
		near "$got" "$(cat "$TMP/want")"
		# and the trapezoid area under the printed points
		printf '%s\n' "$output" | awk -v b="$(cat "$TMP/want")" '/^#/ { next }
			NR > 2 { a += ($1 - x) * ($2 + y) / 2 } { x = $1; y = $2 }
			END { d = a - b; if (d < 0) d = -d; exit !(d <= 1e-12) }'
	done
}

@test "all scores tied: the chance line, AUC one half" {
	printf '1 1\n1 0\n1 1\n1 0\n' > "$TMP/t"
	run --separate-stderr opml-roc "$TMP/t"
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 3 ]
	[ "${lines[2]}" = "1 1 1" ]
	[ "$(summary t 4)" = 0.5 ]
	[ "$(summary t 5)" = 0.5 ]
}

@test "TPR at FPR 0.001, 0.01, 0.1 on the linear curve" {
	# 1000 negatives 0..999, positives above all but the top 100
	awk 'BEGIN { for (i = 0; i < 1000; i++) print i, 0; for (i = 0; i < 10; i++) print 899.5, 1 }' > "$TMP/s"
	run --separate-stderr opml-roc "$TMP/s"
	[ "$status" -eq 0 ]
	[ "$(summary s 6)" = 0 ]
	[ "$(summary s 7)" = 0 ]
	[ "$(summary s 8)" = 1 ]
	awk 'BEGIN { for (i = 0; i < 1000; i++) print i, 0; for (i = 0; i < 10; i++) print 998.5, 1 }' > "$TMP/s"
	run --separate-stderr opml-roc "$TMP/s"
	near "$(summary s 6)" 1
	near "$(summary s 7)" 1
}

@test "several files: one curve each, a # name line before each; -N names them" {
	run --separate-stderr opml-roc "$FIX/roc-hand.txt" "$FIX/roc-sym.txt"
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | grep -c '^#')" -eq 2 ]
	[ "${lines[0]}" = "# roc-hand" ]
	[ "${lines[6]}" = "# roc-sym" ]
	[ "$(printf '%s\n' "$output" | sed -n 7p)" = "" ]
	run --separate-stderr opml-roc -N first -N "second one" "$FIX/roc-hand.txt" "$FIX/roc-sym.txt"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "# first" ]
	[ "$(summary "second one" 4)" = 0.79 ]
	run --separate-stderr opml-roc -N a -N b -N c "$FIX/roc-hand.txt" "$FIX/roc-sym.txt"
	[ "$status" -eq 2 ]
	[[ $stderr == *"3 names for 2 curves"* ]]
}

@test "-D and -S: the direction of each curve, against a Mann-Whitney count" {
	awk 'BEGIN { srand(7); for (i = 0; i < 600; i++) { l = rand() < 0.4; printf "%d %d\n", int(rand() * 9) + 3 * l, l } }' > "$TMP/sim"
	awk '{ print -$1, $2 }' "$TMP/sim" > "$TMP/dist"
	# U / (P N), ties one half, of similarities (high means same)
	want=$(awk '{ s[NR] = $1; l[NR] = $2 }
	    END { for (i = 1; i <= NR; i++) if (l[i]) { P++
		for (j = 1; j <= NR; j++) if (!l[j]) u += s[i] > s[j] ? 1 : s[i] == s[j] ? 0.5 : 0 }
		printf "%.17g\n", u / (P * (NR - P)) }' "$TMP/sim")
	for d in "" -d; do
		run --separate-stderr opml-roc $d -F -S s -D d -N n "$TMP/sim" "$TMP/dist" "$TMP/sim"
		show
		[ "$status" -eq 0 ]
		near "$(summary s 4)" "$want"
		near "$(summary d 4)" "$want"
		# -N: the direction of -d
		if [ -n "$d" ]; then near "$(summary n 4)" "$(awk -v a="$want" 'BEGIN { printf "%.17g", 1 - a }')"
		else near "$(summary n 4)" "$want"; fi
	done
	# the curve of -D is that of -d, thresholds and all
	opml-roc -q -d "$TMP/dist" > "$TMP/want"
	opml-roc -q -D dist -d "$TMP/dist" | cmp - "$TMP/want"
	opml-roc -q -D dist "$TMP/dist" | cmp - "$TMP/want"
}

@test "several score columns: one curve per column, the label last" {
	paste -d' ' <(awk '!/^#/ { print $1 }' "$FIX/roc-hand.txt") <(awk '!/^#/ { print -$1, $2 }' "$FIX/roc-hand.txt") > "$TMP/cols"
	run --separate-stderr opml-roc "$TMP/cols"
	show
	[ "$status" -eq 0 ]
	[ "$(summary cols:1 4)" = 0.75 ]
	[ "$(summary cols:2 4)" = 0.25 ]
}

@test "stdin, and -q: no summary" {
	run --separate-stderr sh -c 'opml-roc -q < "$FIX/roc-hand.txt"'
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	[ "${lines[0]}" = "# stdin" ]
	[ "${#lines[@]}" -eq 6 ]
}

@test "-g: a well-formed SVG with one curve per input, title, legend with AUCs" {
	run --separate-stderr opml-roc -q -g "$TMP/f.svg" -T 'Faces & <pairs>' -N 'A&B' "$FIX/roc-hand.txt" "$FIX/roc-sym.txt"
	[ "$status" -eq 0 ]
	[ "$(grep -c '<polyline class="curve"' "$TMP/f.svg")" -eq 2 ]
	# markers on each curve, at FPRs of their own
	[ "$(grep -c '<g class="marks"' "$TMP/f.svg")" -eq 2 ]
	[ "$(sed -n '/class="marks"/,/<\/g>/p' "$TMP/f.svg" | grep -v '<g\|</g' | sort | uniq -d | wc -l)" -eq 0 ]
	grep -q 'Faces &amp; &lt;pairs&gt;' "$TMP/f.svg"
	grep -q 'A&amp;B (AUC 0.7500)' "$TMP/f.svg"
	grep -q 'roc-sym (AUC 0.7900)' "$TMP/f.svg"
	grep -q 'False positive rate' "$TMP/f.svg"
	grep -q 'True positive rate' "$TMP/f.svg"
	if command -v python3 > /dev/null; then
		python3 -c 'import xml.dom.minidom,sys; xml.dom.minidom.parse(sys.argv[1])' "$TMP/f.svg"
	fi
	# every element that opens is closed (a structural check without python)
	awk '{ s = $0
		while (match(s, /<[^>]*>/)) { t = substr(s, RSTART, RLENGTH); s = substr(s, RSTART + RLENGTH)
			if (t ~ /^<[?!]/ || t ~ /\/>$/) continue
			if (t ~ /^<\//) { n = substr(t, 3, length(t) - 3); if (st[d] != n) { print "bad close " t; exit 1 }; d-- }
			else { split(substr(t, 2), a, /[ >]/); st[++d] = a[1] } } }
		END { if (d != 0) { print "unclosed"; exit 1 } }' "$TMP/f.svg"
}

@test "-g: a curve of a million points stays small" {
	awk 'BEGIN { for (i = 0; i < 1000000; i++) print i, i % 3 == 0 }' > "$TMP/big"
	# the curve's million lines to a file: run would split them into
	# bash's lines array, a minute's work under load
	opml-roc -q -g "$TMP/big.svg" "$TMP/big" > "$TMP/curve"
	[ "$(wc -l < "$TMP/curve")" -gt 1000000 ]
	[ "$(wc -c < "$TMP/big.svg")" -lt 200000 ]
}

@test "error: one class only, AUC undefined" {
	printf '0.5 1\n0.7 1\n' > "$TMP/one"
	run --separate-stderr opml-roc "$TMP/one"
	[ "$status" -eq 1 ]
	[[ $stderr == *"one: only same pairs (2): AUC undefined"* ]]
	[ -z "$output" ]
	printf '0.5 0\n' > "$TMP/one"
	run --separate-stderr opml-roc "$TMP/one"
	[ "$status" -eq 1 ]
	[[ $stderr == *"only different pairs"* ]]
}

@test "error: non-numeric, NaN, inf, overflowing scores name file:line" {
	for bad in x nan NaN inf -inf 1e999 0x10 1.5.2 ''; do
		printf '0.5 1\n%s 0\n' "$bad" > "$TMP/s"
		run --separate-stderr opml-roc -g "$TMP/s.svg" -o "$TMP/out" "$TMP/s"
		[ "$status" -eq 1 ]
		[[ $stderr == "opml-roc: $TMP/s:2: "* ]]
		[ ! -e "$TMP/out" ]
		[ ! -e "$TMP/s.svg" ]
	done
}

@test "error: bad labels, ragged lines, no scores, missing file, bad option" {
	printf '0.5 2\n' > "$TMP/s"
	run --separate-stderr opml-roc "$TMP/s"
	[ "$status" -eq 1 ]
	[[ $stderr == *"$TMP/s:1: label '2': expected 1 or 0 (+1 or -1)"* ]]
	printf '0.5 1\n0.2 0.1 0\n' > "$TMP/s"
	run --separate-stderr opml-roc "$TMP/s"
	[ "$status" -eq 1 ]
	[[ $stderr == *"$TMP/s:2: 3 fields, expected 2"* ]]
	printf '0.5\n' > "$TMP/s"
	run --separate-stderr opml-roc "$TMP/s"
	[ "$status" -eq 1 ]
	[[ $stderr == *"$TMP/s:1: expected SCORE LABEL"* ]]
	printf '# nothing\n\n' > "$TMP/s"
	run --separate-stderr opml-roc "$TMP/s"
	[ "$status" -eq 1 ]
	[[ $stderr == *"no scores"* ]]
	run --separate-stderr opml-roc "$TMP/missing"
	[ "$status" -eq 1 ]
	[[ $stderr == *"$TMP/missing"* ]]
	run --separate-stderr opml-roc -x
	[ "$status" -eq 2 ]
	[[ $stderr == *usage:* ]]
	run --separate-stderr opml-roc -z
	[ "$status" -eq 2 ]
}

@test "blank lines, comments, CRLF and a missing final newline are fine" {
	printf '# c\r\n\r\n0.9 1\r\n0.1 0' > "$TMP/s"
	run --separate-stderr opml-roc "$TMP/s"
	show
	[ "$status" -eq 0 ]
	[ "$(summary s 4)" = 1 ]
}

@test "-a writes the summary alone on stdout, the same numbers as on stderr" {
	printf '4 1\n3 1\n2 1\n3 0\n1 0\n' > "$TMP/s"
	run --separate-stderr opml-roc -a "$TMP/s"
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	[ "${#lines[@]}" -eq 2 ]
	[[ ${lines[0]} == "# curve"* ]]
	[ "$(printf '%s\n' "${lines[1]}" | cut -f4)" = 0.75 ]
	opml-roc "$TMP/s" 2> "$TMP/err" > /dev/null
	[ "$(tail -1 "$TMP/err")" = "${lines[1]}" ]
}

@test "-o with a -g that cannot be written leaves no -o file" {
	# The curves were put in place before the figure failed.
	run opml-roc -o "$TMP/out" -g "$TMP/none/x.svg" "$FIX/roc-hand.txt"
	show
	[ "$status" -eq 1 ]
	[ "${#lines[@]}" -eq 1 ]
	[[ $output == "opml-roc: $TMP/none/x.svg: "* ]]
	[ -z "$(ls -A "$TMP")" ]
	run opml-roc -o "$TMP/out" -g "$TMP/x.svg" "$FIX/roc-hand.txt"
	[ "$status" -eq 0 ]
	[ -s "$TMP/out" ] && [ -s "$TMP/x.svg" ]
}

@test "parsing on several threads: the same bytes as one thread, errors at their line in a later part" {
	# about 3 MB: cut into parts of at least 1 MB, one per thread
	awk 'BEGIN { srand(7); for (i = 1; i <= 260000; i++) {
		if (i % 1000 == 0) print "# comment"
		printf "%.6g %s%d\n", rand() * 4 - 2 + (i % 2), i % 6 == 1 ? "+" : "", i % 2 } }' > "$TMP/big"
	for opt in "" "-a -F" "-d"; do
		OPML_THREADS=1 opml-roc $opt "$TMP/big" > "$TMP/one" 2> "$TMP/one.err"
		opml-roc $opt "$TMP/big" > "$TMP/two" 2> "$TMP/two.err"
		cmp "$TMP/one" "$TMP/two"
		cmp "$TMP/one.err" "$TMP/two.err"
	done
	opml-roc - < "$TMP/big" > "$TMP/two" 2> /dev/null
	OPML_THREADS=1 opml-roc - < "$TMP/big" > "$TMP/one" 2> /dev/null
	cmp "$TMP/one" "$TMP/two"
	# a bad label in the last part and a bad number after it: the
	# first is named, at its line
	awk 'NR == 250001 { print "0.5 2"; next } NR == 255000 { print "x 1"; next } { print }' "$TMP/big" > "$TMP/bad"
	for t in 1 ""; do
		run --separate-stderr env ${t:+OPML_THREADS=$t} opml-roc "$TMP/bad"
		[ "$status" -eq 1 ]
		[ "$stderr" = "opml-roc: $TMP/bad:250001: label '2': expected 1 or 0 (+1 or -1)" ]
	done
	# a NUL byte late, an error early: the early one wins
	awk 'NR == 3 { print "0.5 0.5 1"; next } { print }' "$TMP/big" | tr '#' '\0' > "$TMP/bad"
	run --separate-stderr opml-roc "$TMP/bad"
	[ "$status" -eq 1 ]
	[ "$stderr" = "opml-roc: $TMP/bad:3: 3 fields, expected 2" ]
	awk 'NR == 200003 { print "0.5 0.5 1"; next } { print }' "$TMP/big" > "$TMP/bad"
	run --separate-stderr opml-roc "$TMP/bad"
	[ "$stderr" = "opml-roc: $TMP/bad:200003: 3 fields, expected 2" ]
}
