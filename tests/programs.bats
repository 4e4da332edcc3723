#!/usr/bin/env bats
# What every program shares: -h, usage errors, the notice when samples
# would come from a terminal, and -o.

load helper

# The programs, by their man pages.
programs() {
	for m in "$TOP"/man/opml-*.1; do
		basename "$m" .1
	done
}

@test "-h on every program: the synopsis and every option of its page, on stdout, exit 0" {
	for p in $(programs); do
		run --separate-stderr "$p" -h
		[ "$status" -eq 0 ] || { echo "$p -h: status $status"; false; }
		[ -z "$stderr" ] || { echo "$p -h: stderr $stderr"; false; }
		[[ ${lines[0]} == "usage: $p "* ]] || { echo "$p -h: $output"; false; }
		for o in $(grep -o '^\.It Fl [a-zA-Z]' "$TOP/man/$p.1" | awk '{ print $3 }'); do
			printf '%s\n' "$output" | grep -q -- "^  -$o " ||
			    { echo "$p: -$o of $p(1) not in -h"; false; }
		done
		# and each page puts -h in its synopsis
		sed -n '/^\.Sh SYNOPSIS/,/^\.Sh DESCRIPTION/p' "$TOP/man/$p.1" |
		    grep -q '^\.Op Fl [a-zA-Z0-9]*h' || { echo "$p(1): no -h in SYNOPSIS"; false; }
	done
}

@test "every program that takes -X lists it beside each -Y of its usage and its page's SYNOPSIS" {
	n=0
	for p in $(programs); do
		"$p" -h | grep -q -- '^  -X ' || continue
		n=$((n + 1))
		usage=$("$p" -h | sed '/^  -/,$d')
		y=$(printf '%s\n' "$usage" | grep -o -- '\[-Y column\]' | wc -l)
		xy=$(printf '%s\n' "$usage" | grep -o -- '\[-X columns\] \[-Y column\]' | wc -l)
		[ "$y" -gt 0 ] && [ "$y" -eq "$xy" ] || { echo "$p: $xy of $y usage forms list -X"; false; }
		syn=$(sed -n '/^\.Sh SYNOPSIS/,/^\.Sh DESCRIPTION/p' "$TOP/man/$p.1")
		y=$(printf '%s\n' "$syn" | grep -c '^\.Op Fl Y Ar column$')
		xy=$(printf '%s\n' "$syn" | grep -B1 '^\.Op Fl Y Ar column$' | grep -c '^\.Op Fl X Ar columns$')
		[ "$y" -gt 0 ] && [ "$y" -eq "$xy" ] || { echo "$p(1): $xy of $y SYNOPSIS forms list -X"; false; }
	done
	[ "$n" -eq 6 ]
}

@test "--help and --version on every program of bin/ and every script: stdout, exit 0" {
	rel=$(release) c=$(commit)
	[ -n "$rel" ] && [ -n "$c" ]
	n=0
	for p in $(cd "$TOP/bin" && ls opml-*.c | sed 's/\.c$//') \
	    opml-verify opml-uci-table opml-cold-start opml-events; do
		run --separate-stderr "$p" --help
		[ "$status" -eq 0 ] && [ -z "$stderr" ] || { echo "$p --help: $status $stderr"; false; }
		[[ ${lines[0]} == "usage: $p "* ]] || { echo "$p --help: $output"; false; }
		[ "$output" = "$("$p" -h)" ] || { echo "$p: --help is not -h"; false; }
		run --separate-stderr "$p" --version
		[ "$status" -eq 0 ] && [ -z "$stderr" ] || { echo "$p --version: $status $stderr"; false; }
		[ "$output" = "$p $rel (commit $c)" ] || { echo "$p --version: $output"; false; }
		n=$((n + 1))
	done
	[ "$n" -eq 15 ]
}

@test "a tree without .git builds, its commit unknown" {
	mkdir -p "$TMP/src/lib"
	cp "$TOP/GNUmakefile" "$TMP/src/"
	cp "$TOP/lib/version.c" "$TOP/lib/version.h" "$TMP/src/lib/"
	run make -C "$TMP/src" lib/version.o
	[ "$status" -eq 0 ] || { show; false; }
	[ "$(cat "$TMP/src/lib/version.commit")" = unknown ]
}

@test "a usage error on every program: the synopsis on stderr, nothing on stdout, exit 2" {
	for p in $(programs); do
		run --separate-stderr "$p" -Q
		[ "$status" -eq 2 ] || { echo "$p -Q: status $status"; false; }
		[ -z "$output" ] || { echo "$p -Q: stdout $output"; false; }
		[[ $stderr == *"usage: $p "* ]] || { echo "$p -Q: $stderr"; false; }
	done
}

@test "a bad option value names the option" {
	run --separate-stderr opml-knn -k 0 "$DATA/iris.txt"
	[ "$status" -eq 2 ]
	[ "$stderr" = "opml-knn: -k 0: too small" ]
	run --separate-stderr opml-knn -t near "$DATA/iris.txt"
	[ "$status" -eq 2 ]
	[ "$stderr" = "opml-knn: -t near: expected nearest or smallest" ]
	run --separate-stderr opml-scale -t z "$DATA/iris.txt"
	[ "$status" -eq 2 ]
	[ "$stderr" = "opml-scale: -t z: expected zscore, minmax or unit" ]
	run --separate-stderr opml-split -s x -x "$DATA/iris.txt"
	[ "$status" -eq 2 ]
	[ "$stderr" = "opml-split: -s x: not a whole number" ]
}

# Run "$@" with a terminal as its standard input (script(1) gives it a
# pty; the empty pipe into script ends the pty's input).
on_terminal() {
	printf '' | script -qec "$*" /dev/null | tr -d '\r'
}

@test "samples from a terminal: said once on stderr; from a pipe: nothing said" {
	need script util-linux
	opml-learn "$DATA/iris.txt" > "$TMP/m"
	for cmd in "opml-learn" "opml-knn -L" "opml-scale" "opml-split -x" \
	    "opml-transform -m $TMP/m" "opml-pairs -n 1" "opml-knn $DATA/iris.txt"; do
		out=$(on_terminal $cmd)
		n=$(printf '%s\n' "$out" | grep -c "reading samples from the terminal (standard input)" || true)
		[ "$n" -eq 1 ] || { echo "$cmd: $out"; false; }
		[[ $out == "${cmd%% *}: reading samples from the terminal"* ]] || { echo "$cmd: $out"; false; }
		run --separate-stderr sh -c "$cmd < /dev/null"
		[[ $stderr != *terminal* ]] || { echo "$cmd: $stderr"; false; }
	done
	out=$(on_terminal opml-transform)
	[[ $out == "opml-transform: reading the model from the terminal (standard input)"* ]]
	out=$(on_terminal opml-roc)
	[[ $out == "opml-roc: reading scores from the terminal (standard input)"* ]]
	out=$(on_terminal opml-stat)
	[[ $out == "opml-stat: reading figures from the terminal (standard input)"* ]]
	# files named on the command line: nothing said
	out=$(on_terminal opml-learn -o "$TMP/m2" "$DATA/iris.txt")
	[ -z "$out" ]
}

@test "opml-knn -o: the predictions in the file, whole; nothing on stdout; no file on error" {
	opml-knn "$DATA/iris.txt" "$DATA/iris.txt" > "$TMP/want" 2>/dev/null
	run --separate-stderr opml-knn -o "$TMP/got" "$DATA/iris.txt" "$DATA/iris.txt"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	[[ $stderr == "opml-knn: error "* ]]
	cmp "$TMP/want" "$TMP/got"
	opml-knn -e -o "$TMP/e" "$DATA/iris.txt" "$DATA/iris.txt"
	[ "$(cat "$TMP/e")" = "$(opml-knn -e "$DATA/iris.txt" "$DATA/iris.txt")" ]
	printf '1 2 3\n' > "$TMP/bad"
	run opml-knn -o "$TMP/none" "$DATA/iris.txt" "$TMP/bad"
	[ "$status" -eq 1 ]
	[ ! -e "$TMP/none" ]
	run opml-knn -o "$TMP/nodir/x" "$DATA/iris.txt" "$DATA/iris.txt"
	[ "$status" -eq 1 ]
	[[ $output == *"$TMP/nodir/x"* ]]
}

@test "numbers for people have 4 significant digits; -F gives them in full" {
	[ "$(opml-knn -L -e -k 1 "$DATA/wine.txt")" = "$(opml-knn -F -L -e -k 1 "$DATA/wine.txt" | awk '{ printf "%.4g\n", $1 }')" ]
	opml-pairs -n 300 -s 2 "$DATA/iris.txt" > "$TMP/s"
	opml-roc -a -d "$TMP/s" > "$TMP/short"
	opml-roc -F -a -d "$TMP/s" > "$TMP/full"
	# every summary figure of the short form is the full one to 4 digits
	paste "$TMP/short" "$TMP/full" | awk -F'\t' 'NR > 1 { for (i = 4; i <= 8; i++)
		if ($i != sprintf("%.4g", $(i + 8))) { print i ": " $i " vs " $(i + 8); bad = 1 } }
		END { exit bad }'
	# the curves' points stay exact either way
	cmp <(opml-roc -d "$TMP/s" 2>/dev/null) <(opml-roc -F -d "$TMP/s" 2>/dev/null)
}

@test "samples of another width than the model's: the message names the model and both widths" {
	opml-learn "$DATA/iris.txt" > "$TMP/iris.model"
	for cmd in "opml-learn -m" "opml-transform -m" "opml-knn -m" "opml-pairs -n 2 -m"; do
		run --separate-stderr $cmd "$TMP/iris.model" "$DATA/wine.txt"
		[ "$status" -eq 1 ] && [ -z "$output" ] || { echo "$cmd"; show; false; }
		[ "$stderr" = "${cmd%% *}: $DATA/wine.txt:1: 13 features, but the model $TMP/iris.model has 4" ] ||
		    { echo "$cmd"; show; false; }
	done
	# fewer features, and a sparse index beyond the model's
	cut -d' ' -f1-3 "$DATA/iris.txt" > "$TMP/narrow"
	run --separate-stderr opml-learn -m "$TMP/iris.model" "$TMP/narrow"
	[ "$stderr" = "opml-learn: $TMP/narrow:1: 2 features, but the model $TMP/iris.model has 4" ] || { show; false; }
	printf '1 1:1 9:2\n' > "$TMP/sparse"
	run --separate-stderr opml-transform -m "$TMP/iris.model" "$TMP/sparse"
	[ "$stderr" = "opml-transform: $TMP/sparse:1: field 2: index 9 out of range 1..4 (the d of the model $TMP/iris.model)" ] || { show; false; }
}

@test "lib/opml.h's map names every file of lib/ and lib/methods/, and no other" {
	sed -n '/The files, from the data in/,/\*\//p' "$TOP/lib/opml.h" |
	    grep -E '^ \*   ( {2})?[a-z]' |
	    sed -E 's/^ \* +//; s/^(([a-z0-9_]+, )*[a-z0-9_/]+) .*/\1/' |
	    tr ',' '\n' | tr -d ' ' | grep -v '/$' | sort > "$TMP/map"
	for f in "$TOP"/lib/*.[ch] "$TOP"/lib/methods/*.[ch]; do
		n=$(basename "$f")
		echo "${n%.?}"
	done | grep -vx opml | sort -u > "$TMP/files"
	# methods/opml.c is in the map, lib/opml.h is the map itself
	echo opml >> "$TMP/files"
	sort -o "$TMP/files" "$TMP/files"
	diff "$TMP/map" "$TMP/files"
}

@test "-s (the seed) has one default in every tool: 0" {
	n=0
	for p in "$TOP"/bin/opml-* "$TOP"/scripts/opml-*; do
		[ -x "$p" ] && [ "${p%.c}" = "$p" ] || continue
		l=$("$p" -h 2>&1 | grep -E '^  -s seed ') || continue
		[[ $l == *"(default 0)" ]] || { echo "$p: $l"; false; }
		n=$((n + 1))
	done
	[ "$n" -ge 7 ]
}

@test "an option after the files, taken for a file that does not exist: the message says that options go before the files" {
	for c in "opml-learn" "opml-knn" "opml-scale" "opml-split -x" "opml-pairs -a" \
	    "opml-transform -m $TMP/m" "opml-stat" "opml-uci-table -R 1" "opml-cold-start -R 1"; do
		opml-learn "$DATA/iris.txt" > "$TMP/m"
		run --separate-stderr $c "$DATA/iris.txt" -v
		[ "$status" -eq 1 ] || { echo "$c"; show; false; }
		[[ $stderr == *"-v: "*"(options go before the files)" ]] || { echo "$c"; show; false; }
	done
	run --separate-stderr opml-mhof -s 2x2 -g 1x1 -- -v
	[ "$status" -eq 1 ]
	[ "$stderr" = "opml-mhof: -v: No such file or directory (options go before the files)" ]
	run --separate-stderr opml-verify lfw -v
	[ "$stderr" = "opml-verify: -v: no such file (options go before the files)" ]
	# not said of a missing file whose name does not start with a dash
	run --separate-stderr opml-learn "$TMP/none"
	[ "$stderr" = "opml-learn: $TMP/none: No such file or directory" ]
}
