#!/usr/bin/env bats
# opml-uci-table: its figures are those of the tools run by hand on the
# same splits; the marks those of a t-test computed here; options and
# errors.

load helper

# The p-value of the paired t-test of columns $1 and $2 of a table of
# 5 rows (4 degrees of freedom, Abramowitz and Stegun 26.7.4); 1 when
# the differences are all 0.
p4() {
	awk -v a="$1" -v b="$2" '!/^[a-z#]/ { d[++n] = $a - $b; m += $a - $b }
	END { m /= n; for (i = 1; i <= n; i++) s += (d[i] - m) ^ 2
	if (s == 0) { print (m == 0 ? 1 : 0); exit }
	t = m / sqrt(s / (n - 1) / n); if (t < 0) t = -t; h = atan2(t, 2)
	printf "%.17g\n", 1 - sin(h) * (1 + cos(h) ^ 2 / 2) }' "$3"
}

# "mean +- std" of column $1 of a table, to 3 decimals, std with n - 1.
cell() {
	awk -v c="$1" '!/^[a-z#]/ { x[++n] = $c; m += $c }
	END { m /= n; for (i = 1; i <= n; i++) s += (x[i] - m) ^ 2
	printf "%.3f +- %.3f\n", m, sqrt(s / (n - 1)) }' "$2"
}

@test "-h: the usage and every option of the man page, on stdout, exit 0" {
	run --separate-stderr opml-uci-table -h
	[ "$status" -eq 0 ]
	[ -z "$stderr" ]
	[[ ${lines[0]} == "usage: opml-uci-table "* ]]
	for o in $(grep -o '^\.It Fl [a-zA-Z]' "$TOP/man/opml-uci-table.1" | awk '{ print $3 }'); do
		echo "$output" | grep -q -- "^  -$o " || { echo "-$o not in -h"; false; }
	done
}

@test "the Euclidean (scaled and raw), OPML and COPML errors are opml-knn's on the same splits, by hand" {
	run opml-uci-table -j 2 -R 5 -s 10 -w "$TMP/w" "$DATA/balance.txt"
	[ "$status" -eq 0 ] || { show; false; }
	opml-scale "$DATA/balance.txt" > "$TMP/z"
	echo "euclidean euclidean-raw opml copml" > "$TMP/hand"
	for i in 11 12 13 14 15; do
		opml-split -f 0.5 -S -s $i -o "$TMP/s" "$TMP/z"
		opml-split -f 0.5 -S -s $i -o "$TMP/r" "$DATA/balance.txt"
		opml-learn -g 1e-3 -s $i -o "$TMP/o.model" "$TMP/s.train"
		opml-learn -a copml -g 1e-3 -G 1e-3 -s $i -o "$TMP/c.model" "$TMP/s.train"
		echo "$(opml-knn -F -e -k 5 "$TMP/s.train" "$TMP/s.test")" \
		    "$(opml-knn -F -e -k 5 "$TMP/r.train" "$TMP/r.test")" \
		    "$(opml-knn -F -e -k 5 -m "$TMP/o.model" "$TMP/s.train" "$TMP/s.test")" \
		    "$(opml-knn -F -e -k 5 -m "$TMP/c.model" "$TMP/s.train" "$TMP/s.test")"
	done >> "$TMP/hand"
	cmp "$TMP/hand" "$TMP/w/balance.errors"
	# The row: each cell's mean +- std from the figures by hand.
	row=$(echo "$output" | grep '^balance ')
	[[ ${lines[1]} == "data "*" splits  Euclidean "*" Euclidean (raw) "*" OPML "*" COPML" ]] || { show; false; }
	[[ $row == "balance      5  $(cell 1 "$TMP/hand") "* ]] || { show; false; }
	[[ $row == *"  $(cell 2 "$TMP/hand") "[-+=]"  "* ]] || { show; false; }
	[[ $row == *"  $(cell 3 "$TMP/hand") ("* ]] || { show; false; }
	[[ $row == *"  $(cell 4 "$TMP/hand") "[-+=]" ("* ]] || { show; false; }
	# The marks: OPML against each, by a t-test computed here.
	for c in 1 2 4; do
		p=$(p4 $c 3 "$TMP/hand")
		d=$(awk -v a=$c '!/^[a-z]/ { s += $a - $3 } END { print (s > 0) - (s < 0) }' "$TMP/hand")
		want="="
		if awk -v p="$p" 'BEGIN { exit !(p < 0.05) }'; then
			[ "$d" -gt 0 ] && want="+" || want="-"
		fi
		# Euclidean's mark is field 6, the raw one's 10, COPML's the
		# one before its seconds.
		case $c in
		1) m=$(echo "$row" | awk '{ print $6 }') ;;
		2) m=$(echo "$row" | awk '{ print $10 }') ;;
		4) m=$(echo "$row" | awk '{ print $(NF - 1) }') ;;
		esac
		[ "$m" = "$want" ] || { echo "column $c: p $p mark $m, expected $want"; show; false; }
	done
	# Which Euclidean is which, then the counts.
	n=${#lines[@]}
	[ "${lines[$((n - 4))]}" = "Euclidean: the data z-scored, as the learners get it; Euclidean (raw): the data as read." ] || { show; false; }
	[ "${lines[$((n - 3))]}" = "OPML vs Euclidean, win/tie/loss (paired t-test, p < 0.05): $(echo "$row" | awk '{ print ($6 == "+") "/" ($6 == "=") "/" ($6 == "-") }')" ] || { show; false; }
	[ "${lines[$((n - 2))]}" = "OPML vs Euclidean (raw), win/tie/loss (paired t-test, p < 0.05): $(echo "$row" | awk '{ print ($10 == "+") "/" ($10 == "=") "/" ($10 == "-") }')" ] || { show; false; }
	[[ ${lines[$((n - 1))]} == "OPML vs COPML, win/tie/loss (paired t-test, p < 0.05): "* ]]
	# The seconds: one non-negative figure per learner and split.
	[ "$(head -1 "$TMP/w/balance.seconds")" = "opml copml" ]
	[ "$(awk 'NR > 1 && NF == 2 && $1 >= 0 && $2 >= 0' "$TMP/w/balance.seconds" | wc -l)" -eq 5 ]
}

@test "one split: the table without standard deviations or t-tests, and no complaint; a file x.csv is row x" {
	cp "$DATA/wine.txt" "$TMP/x.csv"
	run --separate-stderr opml-uci-table -j 1 -R 1 -a mahalanobis,opml "$TMP/x.csv"
	show
	[ "$status" -eq 0 ]
	[[ $stderr =~ ^x:\ 1\ split\ \.\.\.\ [0-9]+s$ ]]
	# the mean alone in a cell, no "+- -"
	[[ ${lines[1]} == "x "*"  0."* ]] && [[ ${lines[1]} != *"+-"* ]] || { show; false; }
	printf '%s\n' "$output" | grep -q '^OPML vs Mahalanobis, win/tie/loss (paired t-test, p < 0.05): 0/0/0, 1 set of one split untested$'
	# on raw wine, whose features differ in scale by 10^3, the raw
	# Euclidean column is opml-knn's on the unscaled halves
	opml-split -f 0.5 -S -s 1 -o "$TMP/r" "$TMP/x.csv"
	want=$(opml-knn -e -k 5 "$TMP/r.train" "$TMP/r.test" | awk '{ printf "%.3f", $1 }')
	[ "$(printf '%s\n' "${lines[1]}" | awk '{ print $4 }')" = "$want" ] || { show; false; }
	# several times the z-scored one's, as opml(7) says
	printf '%s\n' "${lines[1]}" | awk '{ exit !($4 > 3 * $3) }'
}

@test "-a opml -b euclidean: the Euclidean columns and OPML, the marks and counts against Euclidean" {
	run --separate-stderr opml-uci-table -j 2 -a opml -b euclidean -R 5 -m "$DATA/iris.txt" "$DATA/wine.txt"
	[ "$status" -eq 0 ] || { show; false; }
	[ "${lines[0]}" = "| data | splits | Euclidean | Euclidean (raw) | OPML |" ]
	[ "${lines[1]}" = "|---|---:|---:|---:|---:|" ]
	[[ ${lines[2]} =~ ^\|\ iris\ \|\ 5\ \|\ 0\.[0-9]{3}\ ±\ 0\.[0-9]{3}\ \|\ 0\.[0-9]{3}\ ±\ 0\.[0-9]{3}\ [-+=]\ \|\ 0\.[0-9]{3}\ ±\ 0\.[0-9]{3}\ [-+=]\ \(0\.[0-9]{3}\)\ \|$ ]] || { show; false; }
	[[ ${lines[3]} == "| wine | 5 |"* ]]
	[ "$(echo "$output" | sed -n 5p)" = "" ]
	[[ ${lines[4]} == "Euclidean: the data z-scored, "* ]]
	[[ ${lines[5]} == "Euclidean vs Euclidean (raw), win/tie/loss (paired t-test, p < 0.05): "* ]]
	[[ ${lines[6]} == "Euclidean vs OPML, win/tie/loss (paired t-test, p < 0.05): "* ]]
	[ "$(echo "$output" | wc -l)" -eq 8 ]
}

@test "-p: the listed splits; -c: rows named by the parts" {
	run opml-uci-table -j 2 -R 2 -p "$DATA/splits" -w "$TMP/w" "$DATA/pima.txt" "$DATA/iris.txt"
	[ "$status" -eq 0 ] || { show; false; }
	[ "$(echo "$output" | grep -c '^pima ')" -eq 1 ]
	[ "$(echo "$output" | grep -c '^iris ')" -eq 0 ]
	opml-scale "$DATA/pima.txt" > "$TMP/z"
	for i in 1 2; do
		opml-split -p "$DATA/splits/pima.splits" -i $i -o "$TMP/s" "$TMP/z"
		opml-knn -F -e -k 5 "$TMP/s.train" "$TMP/s.test"
	done > "$TMP/e"
	[ "$(awk 'NR > 1 { print $1 }' "$TMP/w/pima.errors")" = "$(cat "$TMP/e")" ]
	run --separate-stderr opml-uci-table -j 2 -R 2 -c 5 "$DATA/iris.txt"
	[ "$status" -eq 0 ]
	[[ ${lines[1]} == "iris-5 "* ]] || { show; false; }
	[[ $stderr == "iris-5: 2 splits ..."* ]]
}

@test "-t scales with the training half and leaves the data file alone" {
	cp "$DATA/iris.txt" "$TMP/iris.txt"
	run opml-uci-table -j 2 -t -R 2 -w "$TMP/w" "$TMP/iris.txt"
	[ "$status" -eq 0 ] || { show; false; }
	cmp "$DATA/iris.txt" "$TMP/iris.txt"
	opml-split -f 0.5 -S -s 1 -o "$TMP/s" "$TMP/iris.txt"
	opml-scale -w "$TMP/p" -o "$TMP/tr" "$TMP/s.train"
	opml-scale -r "$TMP/p" -o "$TMP/te" "$TMP/s.test"
	[ "$(awk 'NR == 2 { print $1 }' "$TMP/w/iris.errors")" = "$(opml-knn -F -e -k 5 "$TMP/tr" "$TMP/te")" ]
}

@test "usage errors exit 2; a missing file or an unknown method exit 1" {
	for a in "-R 0" "-R x" "-j 0" "-s -1" "-c x" "-a euclidean,opml" "-a opml,opml" \
	    "-a opml,,copml" "-a OPML" "-b copml -a opml" "-b x" "-q" "-a pola-cv" \
	    "-x rdml" "-x rdml:lambda" "-x rdml:lambda=1/" "-x rdml:lambda=1:" \
	    "-a pola:" "-a pola:similar" "-a pola::similar=1" "-a POLA:similar=1" \
	    "-a pola-cv:similar=1" "-a pola:similar=2" "-a pola:nosuch=1"; do
		# shellcheck disable=SC2086
		run opml-uci-table -R 1 $a "$DATA/iris.txt"
		[ "$status" -eq 2 ] || { echo "$a"; show; false; }
	done
	run --separate-stderr opml-uci-table -R 1 -a pola:nosuch=1 "$DATA/iris.txt"
	[[ $stderr == "opml-uci-table: -a pola:nosuch=1: -p nosuch=1: pola has no parameter nosuch" ]] || { show; false; }
	run opml-uci-table -R 2 "$TMP/none.txt"
	[ "$status" -eq 1 ]
	[[ $output == *"$TMP/none.txt: no such file or directory"* ]]
	run opml-uci-table -j 1 -R 1 -a copml,nosuch "$DATA/iris.txt"
	[ "$status" -eq 1 ]
	[[ $output == *"opml-learn"* ]]
	[[ $output == *"iris: a split failed"* ]]
}

@test "without OPML among the methods the reference is Euclidean" {
	run --separate-stderr opml-uci-table -j 2 -a copml -R 2 "$DATA/iris.txt"
	[ "$status" -eq 0 ]
	[[ $output == *"Euclidean vs COPML, win/tie/loss"* ]] || { show; false; }
	run opml-uci-table -R 1 -a copml -b opml "$DATA/iris.txt"
	[ "$status" -eq 2 ]
	[[ $output == *"-b opml: not euclidean, euclidean-raw or one of copml"* ]]
}

@test "-a with the batch learners: their columns are opml-knn's under their models, counted against OPML" {
	run --separate-stderr opml-uci-table -j 2 -R 3 -a opml,mahalanobis,itml,lmnn,pca -w "$TMP/w" "$DATA/iris.txt"
	[ "$status" -eq 0 ] || { show; false; }
	opml-scale "$DATA/iris.txt" > "$TMP/z"
	echo "euclidean opml mahalanobis itml lmnn pca" > "$TMP/hand"
	for i in 1 2 3; do
		opml-split -f 0.5 -S -s $i -o "$TMP/s" "$TMP/z"
		e=$(opml-knn -F -e -k 5 "$TMP/s.train" "$TMP/s.test")
		opml-learn -g 1e-3 -s $i -o "$TMP/m" "$TMP/s.train"
		e="$e $(opml-knn -F -e -k 5 -m "$TMP/m" "$TMP/s.train" "$TMP/s.test")"
		for a in mahalanobis itml lmnn pca; do
			opml-learn -a $a -s $i -o "$TMP/m" "$TMP/s.train"
			e="$e $(opml-knn -F -e -k 5 -m "$TMP/m" "$TMP/s.train" "$TMP/s.test")"
		done
		echo "$e"
	done >> "$TMP/hand"
	cut -d" " -f1,3- "$TMP/w/iris.errors" | cmp "$TMP/hand" -
	[ "$(head -1 "$TMP/w/iris.seconds")" = "opml mahalanobis itml lmnn pca" ]
	[[ ${lines[0]} == "data "*"Euclidean"*"OPML"*"Mahalanobis"*"ITML"*"LMNN"*"PCA" ]] || { show; false; }
	for t in Euclidean Mahalanobis ITML LMNN PCA; do
		printf '%s\n' "$output" | grep -q "^OPML vs $t, win/tie/loss (paired t-test, p < 0.05): [0-1]/[0-1]/[0-1]$" || { echo "$t"; show; false; }
	done
}

@test "-a NAME:param=value, oasis-random: the columns of those options, by hand" {
	run --separate-stderr opml-uci-table -j 2 -R 2 -a pola,pola:similar=0.8,oasis-random,oasis:C=0.01:random=500 -w "$TMP/w" "$DATA/iris.txt"
	[ "$status" -eq 0 ] || { show; false; }
	[[ ${lines[0]} == "data "*"POLA "*"POLA:similar=0.8 "*"OASIS-RANDOM "*"OASIS:C=0.01:random=500" ]] || { show; false; }
	opml-scale "$DATA/iris.txt" > "$TMP/z"
	echo "euclidean pola pola:similar=0.8 oasis-random oasis:C=0.01:random=500" > "$TMP/hand"
	for i in 1 2; do
		opml-split -f 0.5 -S -s $i -o "$TMP/s" "$TMP/z"
		e=$(opml-knn -F -e -k 5 "$TMP/s.train" "$TMP/s.test")
		for o in "-a pola" "-a pola -p similar=0.8" "-a oasis -p random=10000" "-a oasis -p C=0.01 -p random=500"; do
			opml-learn $o -s $i -o "$TMP/m" "$TMP/s.train"
			e="$e $(opml-knn -F -e -k 5 -m "$TMP/m" "$TMP/s.train" "$TMP/s.test")"
		done
		echo "$e"
	done >> "$TMP/hand"
	cut -d" " -f1,3- "$TMP/w/iris.errors" | cmp "$TMP/hand" -
	# the parameters reached opml-learn: the columns differ somewhere
	awk 'NR > 1 && $2 != $3 { d = 1 } END { exit !d }' "$TMP/hand"
	awk 'NR > 1 && $4 != $5 { d = 1 } END { exit !d }' "$TMP/hand"
}

@test "-a NAME-cv: each split takes the grid point of least two-fold error on its training half, by hand; -x sets the grid" {
	run --separate-stderr opml-uci-table -j 2 -R 2 -a rdml-cv -x rdml:lambda=0.001/1:threshold=1/100 -w "$TMP/w" "$DATA/iris.txt"
	[ "$status" -eq 0 ] || { show; false; }
	opml-scale "$DATA/iris.txt" > "$TMP/z"
	echo "euclidean rdml-cv" > "$TMP/hand"
	: > "$TMP/choices"
	for i in 1 2; do
		opml-split -f 0.5 -S -s $i -o "$TMP/s" "$TMP/z"
		opml-split -f 0.5 -S -s $i -o "$TMP/f" "$TMP/s.train"
		best= beste=
		for l in 0.001 1; do
			for h in 1 100; do
				p="-p lambda=$l -p threshold=$h"
				# shellcheck disable=SC2086
				opml-learn -a rdml $p -s $i -o "$TMP/m1" "$TMP/f.train"
				# shellcheck disable=SC2086
				opml-learn -a rdml $p -s $i -o "$TMP/m2" "$TMP/f.test"
				e=$(echo "$(opml-knn -F -e -k 5 -m "$TMP/m1" "$TMP/f.train" "$TMP/f.test")" \
				    "$(opml-knn -F -e -k 5 -m "$TMP/m2" "$TMP/f.test" "$TMP/f.train")" |
				    awk '{ printf "%.17g", ($1 + $2) / 2 }')
				echo "$i $p $e" >> "$TMP/grid"
				if [ -z "$best" ] || awk -v e="$e" -v b="$beste" 'BEGIN { exit !(e < b) }'; then
					best=$p beste=$e
				fi
			done
		done
		echo "$i rdml-cv $best" >> "$TMP/choices"
		# shellcheck disable=SC2086
		opml-learn -a rdml $best -s $i -o "$TMP/m" "$TMP/s.train"
		echo "$(opml-knn -F -e -k 5 "$TMP/s.train" "$TMP/s.test")" \
		    "$(opml-knn -F -e -k 5 -m "$TMP/m" "$TMP/s.train" "$TMP/s.test")"
	done >> "$TMP/hand"
	# The grid's errors differ, so the choice is not the first point by default.
	[ "$(awk '{ print $NF }' "$TMP/grid" | sort -u | wc -l)" -gt 1 ] || { cat "$TMP/grid"; false; }
	cmp "$TMP/choices" "$TMP/w/iris.choices" || { cat "$TMP/grid" "$TMP/w/iris.choices"; false; }
	cut -d" " -f1,3- "$TMP/w/iris.errors" | cmp "$TMP/hand" -
	[[ ${lines[0]} == "data "*"Euclidean"*"RDML-CV" ]] || { show; false; }
}

@test "opml(7)'s one split of iris with eleven columns: the table, and only the progress line on stderr" {
	cmd=$(awk '/^opml-uci-table -R 1 / { on = 1 } on && /^\.Ed/ { exit }
	    on { sub(/\\e$/, ""); printf "%s", $0 }' "$TOP/man/opml.7")
	[[ $cmd == "opml-uci-table -R 1 "*"data/iris.txt" ]] || { echo "$cmd"; false; }
	cd "$TOP"
	run --separate-stderr sh -c "$cmd"
	show
	[ "$status" -eq 0 ]
	[[ $stderr =~ ^iris:\ 1\ split\ \.\.\.\ [0-9]+s$ ]]
	[[ ${lines[0]} == "data "*"Euclidean (raw)"*"COPML" ]]
	[[ ${lines[1]} == "iris "* ]]
}

@test "INT to its process group (Ctrl-C), INT, TERM or HUP to it alone stop it quietly: 128 + signal, no temporaries, no process left" {
	load signal
	for s in INT.group INT.alone TERM.alone HUP.alone; do
		! ignored "${s%.*}" || continue
		interrupt "${s%.*}" "${s#*.}" 'ls "$TMPDIR"/opml-uci-table.*/splits/*.train > /dev/null 2>&1' \
		    opml-uci-table -j 2 -R 1000000 -a lmnn,opml "$DATA/iris.txt"
		[ "$status" -eq "$(kill -l "${s%.*}" | awk '{ print 128 + $1 }')" ]
		[ "$stderr" = "iris: 1000000 splits ..." ]
		[ -z "$left" ]
		[ -z "$alive" ]
	done
}

@test "usage errors name the program, as the C tools do" {
	run --separate-stderr opml-uci-table -q
	[ "$status" -eq 2 ]
	[ "${stderr%%$'\n'*}" = "opml-uci-table: invalid option -- 'q'" ]
	[[ $stderr == *$'\n'"usage: opml-uci-table "* ]]
	run --separate-stderr opml-uci-table -R
	[ "$status" -eq 2 ]
	[ "${stderr%%$'\n'*}" = "opml-uci-table: option requires an argument -- 'R'" ]
}

@test "a column NAME:param=value learns NAME with the table's own step options and those parameters" {
	run opml-uci-table -j 2 -R 2 -s 10 -a opml,opml:longrun=0 -w "$TMP/w" "$DATA/balance.txt"
	[ "$status" -eq 0 ] || { show; false; }
	opml-scale "$DATA/balance.txt" > "$TMP/z"
	for i in 11 12; do
		opml-split -f 0.5 -S -s $i -o "$TMP/s" "$TMP/z"
		opml-learn -g 1e-3 -p longrun=0 -s $i -o "$TMP/o.model" "$TMP/s.train"
		opml-knn -F -e -k 5 -m "$TMP/o.model" "$TMP/s.train" "$TMP/s.test"
	done > "$TMP/hand"
	awk 'NR > 1 { print $4 }' "$TMP/w/balance.errors" | cmp - "$TMP/hand"
	# the paper's gamma and no rule: not the default pipeline's figures
	opml-learn -p longrun=0 -s 12 -o "$TMP/d.model" "$TMP/s.train"
	! cmp -s "$TMP/o.model" "$TMP/d.model"
}

@test "without an operand: a row for each of the thirteen sets of Table 2 shipped in data/; a compressed set gives the figures of its text" {
	run --separate-stderr opml-uci-table -j 2 -R 1
	[ "$status" -eq 0 ] || { show; false; }
	[ "$(printf '%s\n' "${lines[@]:1:13}" | awk '{ print $1 }' | sort | paste -s -d ' ' -)" = \
	    "balance breast eeg_eye_state glass ionosphere iris lsvt optdigits pima segment spect waveform wine" ] ||
	    { show; false; }
	[[ ${lines[14]} == "Euclidean: "* ]]
	# the figures less the seconds, of the .gz and of its text
	gzip -dc "$DATA/lsvt.txt.gz" > "$TMP/lsvt.txt"
	want=$(opml-uci-table -j 1 -R 2 "$TMP/lsvt.txt" 2> /dev/null | sed -n 2p | sed 's/([0-9.]*)//g')
	[ "$(opml-uci-table -j 1 -R 2 "$DATA/lsvt.txt.gz" 2> /dev/null | sed -n 2p | sed 's/([0-9.]*)//g')" = "$want" ]
	[[ $want == "lsvt "* ]]
	# nothing left behind, a damaged one named
	printf 'not gzip' > "$TMP/bad.txt.gz"
	run --separate-stderr env TMPDIR="$TMP" opml-uci-table -j 1 -R 1 "$TMP/bad.txt.gz"
	[ "$status" -eq 1 ]
	[[ $stderr == *"$TMP/bad.txt.gz: not read by gzip"* ]] || { show; false; }
	[ -z "$(ls "$TMP" | grep opml-uci-table)" ]
}
