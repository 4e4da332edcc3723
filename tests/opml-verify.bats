#!/usr/bin/env bats
# opml-verify: the setting is chosen on development data only; the LFW
# protocol on a small benchmark cut from the shipped LFW files.

load helper

# A small benchmark in the LFW layout under $TMP/lfw: View 1 of 100 +
# 100 training pairs and 50 + 50 test pairs, View 2 of two folds of 50 +
# 50 pairs, all from the official lists, and the features of their
# people.
small_lfw() {
	L="$DATA/lfw"
	mkdir -p "$TMP/lfw"
	{ echo 100; sed -n '2,101p;1102,1201p' "$L/pairsDevTrain.txt"; } > "$TMP/lfw/pairsDevTrain.txt"
	{ echo 50; sed -n '2,51p;502,551p' "$L/pairsDevTest.txt"; } > "$TMP/lfw/pairsDevTest.txt"
	{ printf '2\t50\n'; sed -n '2,51p;302,351p;602,651p;902,951p' "$L/pairs.txt"; } > "$TMP/lfw/pairs.txt"
	cat "$TMP"/lfw/*.txt | awk '{ for (k = 1; k <= NF; k++) if ($k !~ /^[0-9]+$/) print $k }' |
	    sort -u > "$TMP/people"
	gzip -dc "$L/lbp.txt.gz" | awk 'NR == FNR { want[$1]; next } $1 in want' "$TMP/people" - |
	    gzip > "$TMP/lfw/lbp.txt.gz"
}

@test "lfw: View 2's pairs swapped for shuffled ones leave the View 1 choice unchanged" {
	small_lfw
	run --separate-stderr opml-verify -D "$TMP/lfw" -g 1e-3,2e-2 -o "$TMP" lfw
	show
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" | sed -n '1,/^LFW View 2/p' > "$TMP/view1.a"
	printf '%s\n' "$output" | sed -n '/^LFW View 2/,$p' > "$TMP/view2.a"
	grep -q '^chosen on View 1' "$TMP/view1.a"
	[ -s "$TMP/lfw-roc.svg" ]
	# the pairs of View 2 in a random order across both folds
	{ head -n 1 "$TMP/lfw/pairs.txt"
	  tail -n +2 "$TMP/lfw/pairs.txt" | awk 'BEGIN { srand(7) } { print rand() "\t" $0 }' |
	      sort -n | cut -f 2-; } > "$TMP/shuffled"
	mv "$TMP/shuffled" "$TMP/lfw/pairs.txt"
	run --separate-stderr opml-verify -D "$TMP/lfw" -g 1e-3,2e-2 -o "$TMP" lfw
	show
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" | sed -n '1,/^LFW View 2/p' > "$TMP/view1.b"
	printf '%s\n' "$output" | sed -n '/^LFW View 2/,$p' > "$TMP/view2.b"
	cmp "$TMP/view1.a" "$TMP/view1.b"
	# View 2 did run on the swapped pairs
	! cmp -s "$TMP/view2.a" "$TMP/view2.b"
}

@test "lfw -1: the View 1 table and the choice, no View 2" {
	small_lfw
	rm "$TMP/lfw/pairs.txt"
	printf '2\t50\n' > "$TMP/lfw/pairs.txt"
	run --separate-stderr opml-verify -1 -D "$TMP/lfw" -N unit -g 1e-2 -a copml lfw
	show
	[ "$status" -eq 0 ]
	[[ ${lines[0]} == "LFW View 1 "* ]]
	[[ $output == *"OPML: z-score + unit length, gamma 1e-2 (AUC 0."* ]]
	[ "$(printf '%s\n' "$output" | grep -c '^  COPML:')" -eq 1 ]
	[[ $output != *"View 2"* ]]
}

@test "lfw: the features may be given, gzipped or not" {
	small_lfw
	gzip -dc "$TMP/lfw/lbp.txt.gz" > "$TMP/mine.txt"
	run --separate-stderr opml-verify -1 -D "$TMP/lfw" -N unit -g 1e-2 lfw "$TMP/mine.txt"
	[ "$status" -eq 0 ]
	run --separate-stderr opml-verify -1 -D "$TMP/lfw" -N unit -g 1e-2 lfw
	[ "$status" -eq 0 ]
	a=$output
	run --separate-stderr opml-verify -1 -D "$TMP/lfw" -N unit -g 1e-2 lfw "$TMP/mine.txt"
	[ "$output" = "$a" ]
}

@test "a labeled file: the choice on held-out training people, a table over folds" {
	run --separate-stderr opml-verify -k 3 -N unit -g 1e-2,5e-2 -o "$TMP" "$DATA/faces/orl.txt"
	show
	[ "$status" -eq 0 ]
	[[ $output == *"OPML: z-score + unit length, gamma "*" of 3 folds"* ]]
	printf '%s\n' "$output" | grep -q '^ *Euclidean *3 '
	printf '%s\n' "$output" | grep -q '^ *cosine *3 '
	printf '%s\n' "$output" | grep -q '^ *OPML *3 '
	printf '%s\n' "$output" | grep -q '^ *COPML *3 '
	[ -s "$TMP/orl-roc.svg" ]
}

@test "a labeled file: OPML tested against cosine too; the figure has every curve, cosine as similarities" {
	run --separate-stderr opml-verify -k 3 -N unit -g 1e-2 -o "$TMP" "$DATA/faces/orl.txt"
	show
	[ "$status" -eq 0 ]
	row() { printf '%s\n' "$output" | awk -v m="$1" -v f="$2" '$1 == m { print $f }'; }
	[ "$(row '#column' 5)" = p ] && [ "$(row '#column' 6)" = vs-Euclidean ]
	[ "$(row '#column' 7)" = p ] && [ "$(row '#column' 8)" = vs-cosine ]
	[ "$(row Euclidean 6)" = ref ] && [ "$(row cosine 8)" = ref ]
	# the two tests of Euclidean against cosine mirror each other
	[ "$(row Euclidean 7)" = "$(row cosine 5)" ]
	[ "$(row Euclidean 8)/$(row cosine 6)" = loss/win ]
	[[ $(row OPML 8) == @(win|tie|loss) ]]
	[[ $(row COPML 8) == @(win|tie|loss) ]]
	# four curves, cosine read as similarities (AUC above one half),
	# each with its markers
	svg=$TMP/orl-roc.svg
	[ "$(grep -c '<polyline class="curve"' "$svg")" -eq 4 ]
	[ "$(grep -c '<g class="marks"' "$svg")" -eq 4 ]
	grep -q '<title>cosine</title>' "$svg"
	for m in Euclidean cosine OPML COPML; do
		a=$(sed -n "s/.*>$m (AUC \([0-9.]*\)).*/\1/p" "$svg")
		awk -v a="$a" 'BEGIN { exit !(a > 0.7) }'
	done
}

@test "a labeled file: the test fold's samples never enter its choice" {
	# the folds are the same whatever the features (opml-split -g deals
	# whole people by label); fold 1's people get other features
	opml-split -g -n 2 -s 1 -o "$TMP/f" "$DATA/faces/orl.txt"
	awk 'NR == FNR { test[$1]; next }
	$1 in test { for (j = 2; j <= NF; j++) $j = (NR * j) % 17 - 8 } { print }' \
	    "$TMP/f.1" "$DATA/faces/orl.txt" > "$TMP/other.txt"
	run --separate-stderr opml-verify -1 -k 2 -N unit -g 1e-3,5e-2 -s 1 "$DATA/faces/orl.txt"
	[ "$status" -eq 0 ]
	a=$stderr
	run --separate-stderr opml-verify -1 -k 2 -N unit -g 1e-3,5e-2 -s 1 "$TMP/other.txt"
	[ "$status" -eq 0 ]
	b=$stderr
	one() { printf '%s\n' "$1" | grep "fold $2: chosen"; }
	[ -n "$(one "$a" 1)" ]
	# fold 1 (test: the changed people) chose from the others alone
	[ "$(one "$a" 1)" = "$(one "$b" 1)" ]
	# fold 2 learned from the changed people, and its choice's AUC moved
	[ "$(one "$a" 2)" != "$(one "$b" 2)" ]
}

@test "lfw -r: image-restricted, the figures depend only on the images the pairs name; both tables and the figure" {
	small_lfw
	run --separate-stderr opml-verify -r -D "$TMP/lfw" -N unit -g 1e-2 -a itml -o "$TMP" lfw
	show
	[ "$status" -eq 0 ]
	a=$output
	[[ ${lines[0]} == "LFW View 1, image-restricted (train: the 200 pairs of pairsDevTrain; "* ]]
	[[ $a == *"ITML: z-score, its defaults (AUC 0."* ]]
	[[ $a == *"image-restricted, 2 folds, settings chosen on View 1: AUC over folds"* ]]
	[[ $a == *"accuracy at the threshold fitted on the training folds' pairs, over folds"* ]]
	[ -s "$TMP/lfw-restricted-roc.svg" ]
	[[ $stderr == *"fold 1: 100 training pairs, AUC "* ]]
	# images that no pair names, changed: nothing moves (the unrestricted
	# protocol learns from them)
	cat "$TMP"/lfw/pairs*.txt | awk 'NF == 3 { print $1, $2; print $1, $3 }
	    NF == 4 { print $1, $2; print $3, $4 }' | sort -u > "$TMP/named"
	gzip -dc "$TMP/lfw/lbp.txt.gz" | awk 'NR == FNR { n[$1 " " $2]; next }
	    { k[$1]++ } !(($1 " " k[$1]) in n) { c++; $2 += 1000 } { print }
	    END { if (c < 100) exit 1 }' "$TMP/named" - > "$TMP/changed.txt"
	run --separate-stderr opml-verify -r -D "$TMP/lfw" -N unit -g 1e-2 -a itml -o "$TMP" lfw "$TMP/changed.txt"
	[ "$status" -eq 0 ]
	[ "$output" = "$a" ]
	run --separate-stderr opml-verify -D "$TMP/lfw" -N unit -g 1e-2 -1 lfw "$TMP/changed.txt"
	b=$output
	run --separate-stderr opml-verify -D "$TMP/lfw" -N unit -g 1e-2 -1 lfw
	[ "$output" != "$b" ]
}

@test "usage errors exit 2, a missing file 1" {
	run --separate-stderr opml-verify
	[ "$status" -eq 2 ]
	[[ $stderr == *usage:* ]]
	run --separate-stderr opml-verify -N cosine lfw
	[ "$status" -eq 2 ]
	run --separate-stderr opml-verify -k 1 "$DATA/faces/orl.txt"
	[ "$status" -eq 2 ]
	run --separate-stderr opml-verify -j x lfw
	[ "$status" -eq 2 ]
	run --separate-stderr opml-verify lfw a b
	[ "$status" -eq 2 ]
	run --separate-stderr opml-verify -r "$DATA/faces/orl.txt"
	[ "$status" -eq 2 ]
	[[ $stderr == "opml-verify: -r: only with lfw"* ]]
	run --separate-stderr opml-verify "$TMP/nothing"
	[ "$status" -eq 1 ]
	run --separate-stderr opml-verify -D "$TMP" lfw
	[ "$status" -eq 1 ]
	[[ $stderr == *"pairs.txt"* ]]
}

@test "INT to its process group (Ctrl-C), INT, TERM or HUP to it alone stop it quietly: 128 + signal, no temporaries, no process left" {
	load signal
	# a grid of 400 step sizes: minutes of work, of which the test
	# waits for the first cell alone (10000 took minutes to lay out
	# the grid before the first cell, and under load was never ready)
	g=$(awk 'BEGIN { for (i = 1; i <= 400; i++) printf "%s%de-8", (i > 1 ? "," : ""), i }')
	for s in INT.group INT.alone TERM.alone HUP.alone; do
		! ignored "${s%.*}" || continue
		interrupt "${s%.*}" "${s#*.}" 'ls -d "$TMPDIR"/opml-verify.*/fold*/dev/unit_* > /dev/null 2>&1' \
		    opml-verify -j 2 -k 3 -N unit -g "$g" -o "$TMP" "$DATA/faces/orl.txt"
		[ "$status" -eq "$(kill -l "${s%.*}" | awk '{ print 128 + $1 }')" ]
		# progress lines only
		[ -z "$(printf '%s\n' "$stderr" | grep -v -e '^opml-verify: orl: 400 samples, 3 folds' -e '^opml-verify: fold [1-3]: chosen on ')" ]
		[ -z "$left" ]
		[ -z "$alive" ]
		[ -z "$(ls -A "$TMP" | grep -v -e '^tmp\.' -e '^out$' -e '^err$')" ]
	done
}

@test "usage errors name the program, as the C tools do" {
	run --separate-stderr opml-verify -x lfw
	[ "$status" -eq 2 ]
	[ "${stderr%%$'\n'*}" = "opml-verify: invalid option -- 'x'" ]
	[[ $stderr == *$'\n'"usage: opml-verify "* ]]
	run --separate-stderr opml-verify -g
	[ "$status" -eq 2 ]
	[ "${stderr%%$'\n'*}" = "opml-verify: option requires an argument -- 'g'" ]
}

@test "lfw -r: the accuracy is at the threshold fitted on the training folds' pairs (Euclidean by brute force)" {
	small_lfw
	run --separate-stderr opml-verify -r -D "$TMP/lfw" -N unit -g 1e-2 -o "$TMP" lfw
	[ "$status" -eq 0 ] || { show; false; }
	got=$(printf '%s\n' "$output" | sed -n '/accuracy at the threshold fitted on the training folds/,$p' |
	    awk '$1 == "Euclidean" { print $3 }')
	[ -n "$got" ]
	gzip -dc "$TMP/lfw/lbp.txt.gz" > "$TMP/all"
	for i in 1 2; do
		awk -v i="$i" 'NR > 1 { print > (int((NR - 2) / 100) + 1 == i ? "'"$TMP/test.$i"'" : "'"$TMP/train.$i"'") }' \
		    "$TMP/lfw/pairs.txt"
		# z-scored with the images the training pairs name
		awk 'NF == 3 { print $1, $2; print $1, $3 } NF == 4 { print $1, $2; print $3, $4 }' "$TMP/train.$i" |
		    sort -u > "$TMP/named"
		awk 'NR == FNR { w[$1 " " $2]; next } { k[$1]++ } ($1 " " k[$1]) in w' "$TMP/named" "$TMP/all" |
		    opml-scale -w "$TMP/z" > /dev/null
		opml-scale -r "$TMP/z" "$TMP/all" > "$TMP/all.z"
		opml-pairs -p "$TMP/train.$i" "$TMP/all.z" > "$TMP/tr"
		opml-pairs -p "$TMP/test.$i" "$TMP/all.z" > "$TMP/te"
		# every threshold between two training distances: the smallest
		# of those with the most training pairs right, then the test
		# pairs right at it
		awk 'NR == FNR { d[++n] = $1; y[n] = $2; next } { e[++m] = $1; z[m] = $2 }
		END {
			c[0] = -1; k = 0
			for (a = 1; a <= n; a++) { c[++k] = d[a] }
			best = -1
			for (a = 0; a <= k; a++) {
				# the midpoint above candidate a and the next larger distance
				t = c[a]; nx = ""
				for (b = 1; b <= n; b++) if (d[b] > t && (nx == "" || d[b] < nx)) nx = d[b]
				t = nx == "" ? t + 1 : (t + nx) / 2
				r = 0
				for (b = 1; b <= n; b++) r += (d[b] <= t) == (y[b] == 1)
				if (r > best || (r == best && t < bt)) { best = r; bt = t }
			}
			r = 0
			for (b = 1; b <= m; b++) r += (e[b] <= bt) == (z[b] == 1)
			printf "%.10f\n", r / m
		}' "$TMP/tr" "$TMP/te"
	done > "$TMP/acc"
	awk -v got="$got" '{ s += $1 } END { m = s / NR; d = m - got; exit !(d < 5e-5 && d > -5e-5) }' "$TMP/acc" ||
	    { cat "$TMP/acc"; echo "printed $got"; false; }
}

@test "the grid marks the cells whose every step the guard shortened (their gamma had no effect, one AUC for all)" {
	small_lfw
	run --separate-stderr opml-verify -1 -D "$TMP/lfw" -N zscore -g 1e-4,1e-2,1e-1 -o "$TMP" lfw
	[ "$status" -eq 0 ] || { show; false; }
	row() { printf '%s\n' "$output" | awk -v g="$1" '$1 == "zscore" && $2 == g { print $3, $4 }'; }
	[[ $(row 1e-4) != *"*"* ]] || { show; false; }
	[[ $(row 1e-2) == *"* "*"*" ]] || { show; false; }
	[ "$(row 1e-2)" = "$(row 1e-1)" ]
	[[ $output == *"*: the guard (opml-learn -c) shortened every step, so gamma had no effect"* ]]
	# by hand: View 1's training people z-scored, shuffled, learned
	awk '{ for (k = 1; k <= NF; k++) if ($k !~ /^[0-9]+$/) print $k }' "$TMP/lfw/pairsDevTrain.txt" |
	    sort -u > "$TMP/p"
	gzip -dc "$TMP/lfw/lbp.txt.gz" | awk 'NR == FNR { w[$1]; next } $1 in w' "$TMP/p" - |
	    opml-scale | opml-split -x -s 1 > "$TMP/train.z"
	clipped_all() { opml-learn -g "$1" -s 1 "$TMP/train.z" | head -1 | tr ' ' '\n' |
	    awk -F= '$1 == "updates" { u = $2 } $1 == "clipped" { k = $2 } END { exit !(u > 0 && k == u) }'; }
	! clipped_all 1e-4
	clipped_all 1e-2
	clipped_all 1e-1
}

# parts_of FILE: the names of the parts in FILE, in order
parts_of() {
	sed -n 's/^#opml-verify part \([^:]*\): .*/\1/p' "$1" | paste -s -d ' ' -
}

@test "-f, -m: a labeled file's folds run one at a time, their parts in any order give the table and figure of one run, byte for byte" {
	o="-k 3 -N unit -g 1e-2,5e-2 -n 200 -s 2"
	# shellcheck disable=SC2086
	run --separate-stderr opml-verify $o -o "$TMP/one" "$DATA/faces/orl.txt"
	[ "$status" -eq 0 ] || { show; false; }
	one=$output
	for k in 1 2 3; do
		# shellcheck disable=SC2086
		run --separate-stderr opml-verify $o -f $k -o "$TMP/no" "$DATA/faces/orl.txt"
		[ "$status" -eq 0 ] || { show; false; }
		printf '%s\n' "$output" > "$TMP/part.$k"
		# that fold alone ran, and its part is all it printed
		[ "$(parts_of "$TMP/part.$k")" = fold$k ]
		[ -z "$(printf '%s\n' "$stderr" | grep 'fold [1-3]:' | grep -v "fold $k:")" ]
		[ "$(tail -n 1 "$TMP/part.$k")" = "#end of part fold$k" ]
		[ ! -e "$TMP/no" ]
		# the part's AUC of OPML is the one the whole run gave that fold
		a=$(printf '%s\n' "$stderr" | sed -n "s/.*fold $k: .* OPML \\([0-9.]*\\) .*/\\1/p")
		b=$(awk -F '\t' -v f="fold$k/opml.auc" '$1 == f { printf "%.4f", $2 }' "$TMP/part.$k")
		[ -n "$a" ] && [ "$a" = "$b" ]
	done
	cat "$TMP/part.3" "$TMP/part.1" "$TMP/part.2" > "$TMP/parts"
	# shellcheck disable=SC2086
	run --separate-stderr opml-verify $o -m "$TMP/parts" -o "$TMP/two" "$DATA/faces/orl.txt"
	[ "$status" -eq 0 ] || { show; false; }
	[ "$output" = "$one" ]
	[[ $one == *"AUC over folds"* ]]
	cmp "$TMP/one/orl-roc.svg" "$TMP/two/orl-roc.svg"
	# no fold ran again
	[ -z "$(printf '%s\n' "$stderr" | grep 'fold [1-3]:')" ]
	# the standard input
	# shellcheck disable=SC2086
	cat "$TMP/part.2" "$TMP/part.3" "$TMP/part.1" | opml-verify $o -m - -o "$TMP/three" "$DATA/faces/orl.txt" > "$TMP/out"
	[ "$(cat "$TMP/out")" = "$one" ]
	cmp "$TMP/one/orl-roc.svg" "$TMP/three/orl-roc.svg"
}

@test "-f, -m: lfw and lfw -r, View 1 the part 0 that the folds of View 2 are given, assemble to one run, byte for byte" {
	small_lfw
	for r in "" -r; do
		o="$r -D $TMP/lfw -N unit -g 1e-2,5e-2"
		# shellcheck disable=SC2086
		opml-verify $o -o "$TMP/one$r" lfw > "$TMP/one$r.out" 2> /dev/null
		# shellcheck disable=SC2086
		opml-verify $o -f 0 lfw > "$TMP/view1$r" 2> /dev/null
		[ "$(parts_of "$TMP/view1$r")" = view1 ]
		for k in 1 2; do
			# shellcheck disable=SC2086
			run --separate-stderr opml-verify $o -f $k -m "$TMP/view1$r" lfw
			[ "$status" -eq 0 ] || { show; false; }
			# given View 1's part, the fold ran without View 1
			[[ $stderr != *"View 1"* ]]
			[[ $stderr == *"fold $k: "* ]]
			printf '%s\n' "$output" > "$TMP/fold$k$r"
			[ "$(parts_of "$TMP/fold$k$r")" = fold$k ]
		done
		# shellcheck disable=SC2086
		cat "$TMP/fold2$r" "$TMP/view1$r" "$TMP/fold1$r" |
		    opml-verify $o -m - -o "$TMP/two$r" lfw 2> /dev/null | cmp - "$TMP/one$r.out"
		cmp "$TMP"/one$r/lfw*-roc.svg "$TMP"/two$r/lfw*-roc.svg
		# View 1 alone (-1) from its part
		# shellcheck disable=SC2086
		opml-verify -1 $o -m "$TMP/view1$r" lfw | cmp - <(sed '/^LFW View 2/,$d' "$TMP/one$r.out")
	done
	grep -q 'image-restricted: accuracy' "$TMP/one-r.out"
	# a fold of View 2 without View 1's part runs View 1 itself
	run --separate-stderr opml-verify -D "$TMP/lfw" -N unit -g 1e-2,5e-2 -f 2 lfw
	[ "$status" -eq 0 ]
	[[ $stderr == *"View 1: "* ]]
	cmp <(printf '%s\n' "$output") "$TMP/fold2"
}

@test "-f, -m: a fold that the run has not, parts missing, repeated, cut short, or of another run: a message, no output, exit 2 or 1" {
	o="-k 3 -N unit -g 1e-2"
	orl=$DATA/faces/orl.txt
	for f in 0 4 x; do
		# shellcheck disable=SC2086
		run --separate-stderr opml-verify $o -f $f "$orl"
		[ "$status" -eq 2 ] || { echo "-f $f"; show; false; }
		[ -z "$output" ]
	done
	[[ $stderr == "opml-verify: x: not a whole number"* ]]
	# shellcheck disable=SC2086
	run --separate-stderr opml-verify $o -f 4 "$orl"
	[[ $stderr == "opml-verify: -f 4: not a fold of 1 to 3"$'\n'"usage:"* ]]
	small_lfw
	run --separate-stderr opml-verify -D "$TMP/lfw" -f 3 lfw
	[ "$status" -eq 2 ]
	[ "${stderr%%$'\n'*}" = "opml-verify: -f 3: not View 1 (0) nor a fold of 1 to 2" ]
	run --separate-stderr opml-verify -1 -D "$TMP/lfw" -f 1 lfw
	[ "$status" -eq 2 ]
	[ "${stderr%%$'\n'*}" = "opml-verify: -f 1: with -1, View 1 alone (-f 0)" ]
	for k in 1 2 3; do
		# shellcheck disable=SC2086
		opml-verify $o -f $k "$orl" > "$TMP/part.$k" 2> /dev/null
	done
	# refused: each case a parts file and its message
	cat "$TMP/part.1" "$TMP/part.3" > "$TMP/missing"
	cat "$TMP/part.1" "$TMP/part.2" "$TMP/part.3" "$TMP/part.2" > "$TMP/twice"
	cat "$TMP/part.1" > "$TMP/short"
	sed '$d' "$TMP/part.2" >> "$TMP/short"
	cat "$TMP/part.3" >> "$TMP/short"
	cat "$TMP/part.1" "$TMP/part.2" "$TMP/part.3" | sed 's/^fold2\/opml.auc/fold1\/opml.auc/' > "$TMP/astray"
	echo "1 2 3" > "$TMP/nota"
	n2=$(grep -n '^#opml-verify part fold2' "$TMP/twice" | tail -n 1 | cut -d: -f1)
	n3=$(grep -n '^#opml-verify part fold3' "$TMP/short" | cut -d: -f1)
	n4=$(grep -n '^fold1/opml.auc' "$TMP/astray" | tail -n 1 | cut -d: -f1)
	while IFS='|' read -r f msg; do
		# shellcheck disable=SC2086
		run --separate-stderr opml-verify $o -m "$TMP/$f" -o "$TMP/out" "$orl"
		[ "$status" -eq 1 ] || { echo "$f"; show; false; }
		[ -z "$output" ]
		[ "$(printf '%s\n' "$stderr" | tail -n 1)" = "opml-verify: $TMP/$msg" ] || { echo "$f"; show; false; }
		[ ! -e "$TMP/out" ]
	done <<-EOF
	missing|missing: no part fold2 (made by opml-verify -f 2 with these options and input)
	twice|twice:$n2: part fold2 twice
	short|short:$n3: part fold2 cut short (no end line)
	astray|astray:$n4: not a line of a part of opml-verify -f
	nota|nota:1: not a line of a part of opml-verify -f
	EOF
	# other options, other input
	cat "$TMP/part.1" "$TMP/part.2" "$TMP/part.3" > "$TMP/all"
	run --separate-stderr opml-verify -k 3 -N unit -g 5e-2 -m "$TMP/all" -o "$TMP/out" "$orl"
	[ "$status" -eq 1 ]
	[ -z "$output" ]
	[[ $stderr == *"opml-verify: $TMP/all:1: part fold1 is of another run: -k 3 -N unit -g 1e-2 "*"; this run: -k 3 -N unit -g 5e-2 "* ]]
	awk 'NR == 1 { $2 += 1 } 1' "$orl" > "$TMP/other.txt"
	# shellcheck disable=SC2086
	run --separate-stderr opml-verify $o -m "$TMP/all" -o "$TMP/out" "$TMP/other.txt"
	[ "$status" -eq 1 ]
	[[ $stderr == *"opml-verify: $TMP/all:1: part fold1 is of another run: "*", input "* ]]
	# shellcheck disable=SC2086
	run --separate-stderr opml-verify $o -m "$TMP/nothing" "$orl"
	[ "$status" -eq 1 ]
	[ "$stderr" = "opml-verify: $TMP/nothing: cannot read" ]
}
