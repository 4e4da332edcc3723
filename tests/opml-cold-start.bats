#!/usr/bin/env bats
# opml-cold-start: the paper's Table 4 protocol, chaining the tools.

load helper

@test "prints, per P, the opml-stat table of Euclidean, OPML and COPML errors" {
	run --separate-stderr opml-cold-start -R 2 -p 5,2 "$DATA/wine.txt"
	show
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "wine-5" ]
	[[ ${lines[1]} == "#column"* ]]
	[[ ${lines[2]} == "euclidean  2  "* ]]
	[[ ${lines[3]} == "opml "*" ref" ]]
	[[ ${lines[4]} == "copml "* ]]
	[ "${lines[5]}" = "wine-2" ]
}

@test "the figures are those of the tools run by hand on the same sequence" {
	opml-scale -o "$TMP/z" "$DATA/wine.txt"
	echo "euclidean opml copml" > "$TMP/want"
	for s in 1 2; do
		opml-split -c 5 -x -l -s "$s" -f 0.5 -o "$TMP/h" "$TMP/z"
		opml-learn -g 1e-3 -G 1e-3 -s "$s" -o "$TMP/o" "$TMP/h.train"
		opml-learn -a copml -g 1e-3 -G 1e-3 -s "$s" -o "$TMP/c" "$TMP/h.train"
		echo "$(opml-knn -F -e "$TMP/h.train" "$TMP/h.test")" \
		    "$(opml-knn -F -e -m "$TMP/o" "$TMP/h.train" "$TMP/h.test")" \
		    "$(opml-knn -F -e -m "$TMP/c" "$TMP/h.train" "$TMP/h.test")" >> "$TMP/want"
	done
	opml-cold-start -R 2 -p 5 "$DATA/wine.txt" > "$TMP/got"
	{ echo wine-5; opml-stat -r opml "$TMP/want"; echo; } | cmp - "$TMP/got"
}

@test "the Euclidean error depends on P (odd P cuts inside a part); with -t it does not" {
	# wine has no ties between distances, so the order of the training
	# rows does not matter to the Euclidean 5-NN, only which they are.
	opml-cold-start -R 2 -p 10,5,2 "$DATA/wine.txt" > "$TMP/new"
	e10=$(awk '$1 == "wine-10" { s = 1 } s && $1 == "euclidean" { print $3; exit }' "$TMP/new")
	e5=$(awk '$1 == "wine-5" { s = 1 } s && $1 == "euclidean" { print $3; exit }' "$TMP/new")
	e2=$(awk '$1 == "wine-2" { s = 1 } s && $1 == "euclidean" { print $3; exit }' "$TMP/new")
	[ "$e10" = "$e2" ]
	[ "$e10" != "$e5" ]
	opml-cold-start -t -R 2 -p 10,5 "$DATA/wine.txt" > "$TMP/old"
	[ "$(grep -c '^euclidean' "$TMP/old")" -eq 2 ]
	[ "$(awk '$1 == "euclidean" { print $3 }' "$TMP/old" | sort -u | wc -l)" -eq 1 ]
}

@test "-d learns with opml-learn's default; bad options and files" {
	run opml-cold-start -d -R 2 -p 2 "$DATA/iris.txt"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "iris-2" ]
	for o in "" "-R 0 x" "-R x x" "-p 5,,2 x" "-p a x" "-s -1 x" "-q x"; do
		run opml-cold-start $o
		[ "$status" -eq 2 ] || { echo "options: $o"; show; false; }
	done
	run opml-cold-start -R 1 "$TMP/none"
	[ "$status" -eq 1 ]
	[[ $output == *none* ]]
	run opml-cold-start -h
	[ "$status" -eq 0 ]
	[[ $output == *"-p parts"* ]]
}

@test "INT to its process group (Ctrl-C), INT, TERM or HUP to it alone stop it quietly: 128 + signal, no temporaries, no process left" {
	load signal
	for s in INT.group INT.alone TERM.alone HUP.alone; do
		! ignored "${s%.*}" || continue
		interrupt "${s%.*}" "${s#*.}" 'ls "$TMPDIR"/opml-cold-start.*/o.model > /dev/null 2>&1' \
		    opml-cold-start -R 1000000 -p 2 "$DATA/iris.txt"
		[ "$status" -eq "$(kill -l "${s%.*}" | awk '{ print 128 + $1 }')" ]
		[ -z "$stderr" ]
		[ -z "$left" ]
		[ -z "$alive" ]
	done
}

@test "usage errors name the program, as the C tools do; a row is named by its file less the extension" {
	run --separate-stderr opml-cold-start -x "$DATA/iris.txt"
	[ "$status" -eq 2 ]
	[ "${stderr%%$'\n'*}" = "opml-cold-start: invalid option -- 'x'" ]
	[[ $stderr == *$'\n'"usage: opml-cold-start "* ]]
	run --separate-stderr opml-cold-start -R
	[ "$status" -eq 2 ]
	[ "${stderr%%$'\n'*}" = "opml-cold-start: option requires an argument -- 'R'" ]
	cp "$DATA/iris.txt" "$TMP/x.csv"
	run --separate-stderr opml-cold-start -R 2 -p 2 "$TMP/x.csv"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = x-2 ]
}
