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

# Random scores with many ties (and -0 beside 0), labels at random, as
# N lines into $TMP/all; then each line dealt at random to one of K
# shards $TMP/shard.1.. ($TMP/shard.1 all positives, so a shard may
# lack a class).
random_shards() {
	awk -v seed="$1" -v n="$2" -v k="$3" -v dir="$TMP" 'BEGIN { srand(seed)
		for (i = 0; i < n; i++) {
			r = rand()
			if (r < 0.6) s = int(rand() * 40) / 8 - 2
			else if (r < 0.65) s = rand() < 0.5 ? "-0" : "0"
			else s = sprintf("%.17g", rand() * 6 - 3)
			l = rand() < 0.45
			print s, l > dir "/all"
			print s, l > (dir "/shard." (l && rand() < 0.1 ? 1 : 2 + int(rand() * (k - 1))))
		}
	}'
}

@test "-c on shards, -m on their counts: the curve, AUC and EER of one process over all scores, bit for bit" {
	for seed in 1 2 3 4; do
		rm -f "$TMP"/all "$TMP"/shard.*
		random_shards "$seed" $((1500 * seed)) $((seed + 2))
		for d in "" -d; do
			for f in "$TMP"/shard.[0-9]; do opml-roc $d -c -o "$f.counts" "$f"; done
			opml-roc $d -F -N all "$TMP/all" > "$TMP/want" 2> "$TMP/want.sum"
			opml-roc -F -N all -m "$TMP"/shard.*.counts > "$TMP/got" 2> "$TMP/got.sum"
			cmp "$TMP/want" "$TMP/got"
			cmp "$TMP/want.sum" "$TMP/got.sum"
			# the counts of the whole are the sum of the shards'
			opml-roc $d -c "$TMP/all" > "$TMP/all.counts"
			opml-roc -c -m "$TMP"/shard.*.counts | cmp - "$TMP/all.counts"
			# and sums of sums: two shards' counts summed first
			opml-roc -c -m "$TMP/shard.1.counts" "$TMP/shard.2.counts" > "$TMP/s12"
			opml-roc -F -N all -m "$TMP"/shard.[3-9].counts "$TMP/s12" 2>&1 > "$TMP/got" |
			    cmp - "$TMP/want.sum"
			cmp "$TMP/want" "$TMP/got"
			# the figure too
			opml-roc -q -N all -g "$TMP/want.svg" $d "$TMP/all" > /dev/null
			opml-roc -q -N all -g "$TMP/got.svg" -m "$TMP"/shard.*.counts > /dev/null
			cmp "$TMP/want.svg" "$TMP/got.svg"
		done
		# the merged AUC is U / (P N) counted pair by pair, exactly
		for f in "$TMP"/shard.[0-9]; do opml-roc -c -o "$f.counts" "$f"; done
		run --separate-stderr opml-roc -F -a -m "$TMP"/shard.*.counts
		[ "$status" -eq 0 ]
		awk -v got="$(printf '%s\n' "$output" | awk -F'\t' 'NR == 2 { print $4 }')" '
			{ s[NR] = $1 + 0; l[NR] = $2 }
			END { for (i = 1; i <= NR; i++) if (l[i]) { P++
				for (j = 1; j <= NR; j++) if (!l[j]) u += s[i] > s[j] ? 1 : s[i] == s[j] ? 0.5 : 0 }
			      printf "U/(PN) %.17g, merged %.17g\n", u / (P * (NR - P)), got
			      exit !(u / (P * (NR - P)) == got + 0) }' "$TMP/all"
	done
}

@test "-m on counts of 200000 scores gives the bytes of one process sweeping on two threads" {
	random_shards 5 200000 4
	for f in "$TMP"/shard.[0-9]; do opml-roc -c -o "$f.counts" "$f"; done
	OPML_THREADS=2 opml-roc -F -N all "$TMP/all" > "$TMP/want" 2> "$TMP/want.sum"
	OPML_THREADS=1 opml-roc -F -N all -m "$TMP"/shard.*.counts > "$TMP/got" 2> "$TMP/got.sum"
	cmp "$TMP/want" "$TMP/got"
	cmp "$TMP/want.sum" "$TMP/got.sum"
}

@test "-c writes one block per curve, distinct scores most same first; -m sums block by block" {
	printf '4 1\n3 1\n2 1\n3 0\n1 0\n' > "$TMP/a"
	printf '3 1 0\n2 0 1\n' | awk '{ print $1, $3 }' > "$TMP/b"
	run opml-roc -c "$TMP/a"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "#opml-roc-counts version=1 order=similarity positives=3 negatives=2 scores=4" ]
	[ "${lines[1]}" = "4 1 0" ]
	[ "${lines[2]}" = "3 1 1" ]
	[ "${lines[4]}" = "1 0 1" ]
	run opml-roc -c -d "$TMP/a"
	[ "${lines[0]}" = "#opml-roc-counts version=1 order=distance positives=3 negatives=2 scores=4" ]
	[ "${lines[1]}" = "1 0 1" ]
	# two columns: two blocks, each summed with its own
	paste -d ' ' "$TMP/a" "$TMP/a" | awk '{ print $1, -$1, $2 }' > "$TMP/two"
	opml-roc -c "$TMP/two" > "$TMP/two.counts"
	[ "$(grep -c '^#opml-roc-counts' "$TMP/two.counts")" -eq 2 ]
	run --separate-stderr opml-roc -F -m "$TMP/two.counts" "$TMP/two.counts"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "# two:1" ]
	[ "$(summary two:1 4)" = 0.75 ]
	[ "$(summary two:1 2)" = 6 ]
	[ "$(summary two:2 4)" = 0.25 ]
	# -S turns the counts of the second column's negated scores
	run --separate-stderr opml-roc -F -N x -D y -m "$TMP/two.counts"
	[ "$(summary y 4)" = 0.75 ]
}

@test "-m: memory follows the distinct scores, not the pairs" {
	skip_if_sanitized "ulimit -v"
	# 4 10^9 pairs at three scores: a few lines of counts, summed
	printf '#opml-roc-counts version=1 order=similarity positives=1000000000 negatives=1000000000 scores=3\n2 800000000 200000000\n1 200000000 200000000\n0 0 600000000\n' > "$TMP/big"
	run --separate-stderr sh -c "ulimit -v 100000 && opml-roc -F -m '$TMP/big' '$TMP/big'"
	[ "$status" -eq 0 ]
	[ "${lines[2]}" = "0.2 0.8 2" ]
	# U = 1.6e9 (1.6e9 + 0.4e9 / 2) + 0.4e9 (1.2e9 + 0.4e9 / 2), over
	# P N = 4e18
	[ "$(summary big 4)" = 0.86 ]
	[ "$(summary big 5)" = 0.2 ]
	# where twice the Mann-Whitney count would not fit 64 bits
	run --separate-stderr opml-roc -m "$TMP/big" "$TMP/big" "$TMP/big"
	[ "$status" -eq 1 ]
	[[ $stderr == *"big:4: positives times negatives past 2^62"* ]]
}

@test "-m errors: counts cut short, out of order, totals off, orders mixed, curves that differ; -c with curve options" {
	printf '1 1\n0 0\n' > "$TMP/s"
	opml-roc -c "$TMP/s" > "$TMP/c"
	head -2 "$TMP/c" > "$TMP/short"
	run --separate-stderr opml-roc -m "$TMP/short"
	[ "$status" -eq 1 ]
	[[ $stderr == *"short:2: ROC counts cut short: 1 of 2 scores"* ]]
	printf '#opml-roc-counts version=1 order=similarity positives=1 negatives=1 scores=2\n0 0 1\n1 1 0\n' > "$TMP/order"
	run --separate-stderr opml-roc -m "$TMP/order"
	[ "$status" -eq 1 ]
	[[ $stderr == *"order:3: score 1 not after the line before's in similarity order"* ]]
	printf '#opml-roc-counts version=1 order=similarity positives=2 negatives=1 scores=2\n1 1 0\n0 0 1\n' > "$TMP/tot"
	run --separate-stderr opml-roc -m "$TMP/tot"
	[ "$status" -eq 1 ]
	[[ $stderr == *"tot:3: 1 positives and 1 negatives, not the header's 2 and 1"* ]]
	opml-roc -c -d "$TMP/s" > "$TMP/dc"
	run --separate-stderr opml-roc -m "$TMP/c" "$TMP/dc"
	[ "$status" -eq 1 ]
	[[ $stderr == *"counts of distances, the first file's of similarities"* ]]
	cat "$TMP/c" "$TMP/c" > "$TMP/cc"
	run --separate-stderr opml-roc -m "$TMP/c" "$TMP/cc"
	[ "$status" -eq 1 ]
	[[ $stderr == *"cc: more than the 1 curves of the first file"* ]]
	run --separate-stderr opml-roc -m "$TMP/s"
	[ "$status" -eq 1 ]
	[[ $stderr == *"s:1: expected a line '#opml-roc-counts version=1"* ]]
	printf '1 1\n1 1\n' > "$TMP/pos"
	opml-roc -c "$TMP/pos" > "$TMP/pos.c"
	run --separate-stderr opml-roc -m "$TMP/pos.c"
	[ "$status" -eq 1 ]
	[[ $stderr == *"only same pairs (2): AUC undefined"* ]]
	for o in -a "-g x.svg" "-N x" -F -q; do
		run opml-roc -c $o "$TMP/s"
		[ "$status" -eq 2 ]
	done
	run --separate-stderr opml-roc -m -d "$TMP/c"
	[ "$status" -eq 2 ]
	[ "$stderr" = "opml-roc: -d: ROC counts (-m) carry their direction" ]
	# nothing half-written
	run opml-roc -c -m -o "$TMP/out" "$TMP/c" "$TMP/short"
	[ "$status" -eq 1 ]
	[ ! -e "$TMP/out" ]
}
