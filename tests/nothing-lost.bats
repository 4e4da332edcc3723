#!/usr/bin/env bats
# Nothing lost (issue 25): inputs cut short or without end, row indices
# that would wrap, a model resumed from its smallest form, outputs under
# PIPE and TERM and as sets, closed standard descriptors, -o onto pipes,
# descriptors, set-id files and hard links, and file names in the shell
# programs.

load helper

SHIM="$TOP/tests/fault.so"

setup() {
	TMP="$BATS_TEST_TMPDIR"
	opml-learn -s 2 "$DATA/wine.txt" > "$TMP/m"
}

# No temporary in the directory: only the files named.
no_temporaries() {
	! ls -A "$1" | grep -q '^\.opml-'
}

@test "a model cut short in its last line is refused, naming the file and the line: from a file, and heading stdin" {
	n=$(wc -l < "$TMP/m")
	# cut inside the last number: it would read as another number
	head -c -2 "$TMP/m" > "$TMP/cut"
	for p in opml-transform opml-knn "opml-pairs -a" opml-learn; do
		run --separate-stderr $p -m "$TMP/cut" "$DATA/wine.txt" "$DATA/wine.txt"
		show
		[ "$status" -eq 1 ]
		[ "$stderr" = "${p%% *}: $TMP/cut:$n: no line end: the input may be cut short" ]
	done
	# the line end alone missing: the same
	head -c -1 "$TMP/m" > "$TMP/cut"
	run --separate-stderr opml-transform < "$TMP/cut"
	show
	[ "$status" -eq 1 ]
	[ "$stderr" = "opml-transform: stdin:$n: no line end: the input may be cut short" ]
	# whole, it reads
	run opml-transform -m "$TMP/m" "$DATA/wine.txt"
	[ "$status" -eq 0 ]
}

@test "a sample file whose last line has no line end is refused by every tool that reads samples; a blank last line is not" {
	# 4.25 cut from 4.255: a value that a cut would hide
	printf 'a 1 2\nb 3 4.25' > "$TMP/s"
	printf '#opml version=1 d=2 r=2\n1 0\n0 1\n' > "$TMP/id"
	printf 'a 1 2\nb 3 4\n' > "$TMP/whole"
	for p in opml-learn "opml-learn -a pola" opml-scale "opml-split -x" \
	    "opml-transform -m $TMP/id" "opml-pairs -a -m $TMP/id" \
	    "opml-knn -k 1 $TMP/whole"; do
		run --separate-stderr $p "$TMP/s"
		show
		[ "$status" -eq 1 ]
		[ "$stderr" = "${p%% *}: $TMP/s:2: no line end: the input may be cut short" ]
		run --separate-stderr $p < "$TMP/s"
		[ "$status" -eq 1 ]
		[ "$stderr" = "${p%% *}: stdin:2: no line end: the input may be cut short" ]
	done
	# a last line of blanks is no cut
	printf 'a 1 2\nb 3 4\n  \t' > "$TMP/b"
	run opml-scale "$TMP/b"
	show
	[ "$status" -eq 0 ]
	[ "$output" = "$(opml-scale "$TMP/whole")" ]
}

@test "a line past OPML_LINE_MAX bytes without its end is refused at that size, naming the input and the line" {
	# 3 MB without a line end, after a good line (a sample, a score, a
	# figure)
	{ echo '0.5 1'; yes 1 | tr -d '\n' | head -c 3000000; } > "$TMP/long"
	printf '#opml version=1 d=1 r=1\n1\n' > "$TMP/id"
	for p in opml-learn opml-scale "opml-split -x" "opml-transform -m $TMP/id" \
	    opml-stat opml-roc; do
		run --separate-stderr env OPML_LINE_MAX=100000 $p < "$TMP/long"
		show
		[ "$status" -eq 1 ]
		[ "$stderr" = "${p%% *}: stdin:2: a line longer than 100000 bytes (the limit OPML_LINE_MAX sets)" ]
	done
	# raised, the same line is read (and found to be no sample)
	run --separate-stderr env OPML_LINE_MAX=4000000 opml-scale "$TMP/long"
	[ "$status" -eq 1 ]
	[[ $stderr == "opml-scale: $TMP/long:2: "* ]]
	[[ $stderr != *"longer than"* ]]
	# a stream without end stops at the bound
	run --separate-stderr env OPML_LINE_MAX=100000 sh -c 'yes 1 | tr -d "\n" | opml-learn'
	[ "$status" -eq 1 ]
	[ "$stderr" = "opml-learn: stdin:1: a line longer than 100000 bytes (the limit OPML_LINE_MAX sets)" ]
	for v in 0 x 1e6 -1; do
		run --separate-stderr env OPML_LINE_MAX=$v opml-scale "$DATA/iris.txt"
		[ "$status" -eq 1 ]
		[ "$stderr" = "opml-scale: OPML_LINE_MAX=$v: expected a number of bytes from 1" ]
	done
}

@test "without OPML_LINE_MAX, a stream without line ends stops at 256 MiB" {
	skip_if_sanitized "half a gigabyte of buffer"
	run --separate-stderr sh -c 'yes 1 | tr -d "\n" | head -c 300000000 | opml-stat'
	show
	[ "$status" -eq 1 ]
	[ "$stderr" = "opml-stat: stdin:1: a line longer than 268435456 bytes (the limit OPML_LINE_MAX sets)" ]
}

@test "opml-split -p: a row index of 2^64 + 1 is out of range, not row 1" {
	printf 'a 1\nb 2\nc 3\n' > "$TMP/d"
	printf 'train 0 18446744073709551617\ntest 2\n' > "$TMP/l"
	run --separate-stderr opml-split -p "$TMP/l" -i 1 -o "$TMP/o" "$TMP/d"
	show
	[ "$status" -eq 1 ]
	[ "$stderr" = "opml-split: $TMP/l:1: row 18446744073709551617 out of range (3 rows, counted from 0)" ]
	[ ! -e "$TMP/o.train" ]
	printf 'train 0 000000000000000000000000001\ntest 2\n' > "$TMP/l"
	run opml-split -p "$TMP/l" -i 1 -o "$TMP/o" "$TMP/d"
	[ "$status" -eq 0 ]
	[ "$(cat "$TMP/o.train")" = "$(printf 'a 1\nb 2')" ]
}

@test "the smallest model of opml(5) resumes with the default step: the rows of a fresh -g 1e-3 run without the long-run rule" {
	{
		echo '#opml version=1 d=13 r=13'
		awk 'BEGIN { for (i = 1; i <= 13; i++) { s = ""
			for (j = 1; j <= 13; j++) s = s (j > 1 ? " " : "") (i == j)
			print s } }'
	} > "$TMP/small"
	run --separate-stderr opml-learn -m "$TMP/small" "$DATA/wine.txt"
	show
	[ "$status" -eq 0 ]
	[[ ${lines[0]} == *" step=fixed gamma=0.001 gamma1=0.001 "* ]]
	[ "$(printf '%s\n' "$output" | grep -v '^#')" = \
	    "$(opml-learn -g 1e-3 -p longrun=0 "$DATA/wine.txt" | grep -v '^#')" ]
	# and it learned: not the identity
	[ "$(printf '%s\n' "$output" | grep -v '^#')" != "$(grep -v '^#' "$TMP/small")" ]
}

# Run "$@" with its standard output a pipe that nobody reads any more:
# the first write raises PIPE (with its default action, whatever bats
# set; with PIPE_ACTION=ignore, ignored: the write fails with EPIPE),
# at once and every time.
into_closed_pipe() {
	mkfifo "$TMP/fifo"
	exec 7<> "$TMP/fifo"	# a reader, so that the writer's open returns
	exec 8> "$TMP/fifo"
	exec 7<&-		# and no reader any more
	run --separate-stderr sh -c 'exec env --"${PIPE_ACTION:-default}"-signal=PIPE "$@" >&8' sh "$@"
	exec 8>&-
	rm "$TMP/fifo"
}

@test "PIPE on stdout removes the temporaries of the other outputs: opml-scale -w and -W, opml-roc -g" {
	mkdir "$TMP/o"
	into_closed_pipe opml-scale -w "$TMP/o/p" "$DATA/wine.txt"
	show
	[ "$status" -eq 141 ]
	[ -z "$(ls -A "$TMP/o")" ]
	into_closed_pipe opml-scale -W "$TMP/o/r" "$DATA/wine.txt"
	[ "$status" -eq 141 ]
	[ -z "$(ls -A "$TMP/o")" ]
	opml-pairs -a "$DATA/iris.txt" > "$TMP/scores"
	into_closed_pipe opml-roc -g "$TMP/o/f.svg" "$TMP/scores"
	[ "$status" -eq 141 ]
	[ -z "$(ls -A "$TMP/o")" ]
	# PIPE ignored by the caller: a write error, the same cleanup
	PIPE_ACTION=ignore into_closed_pipe opml-scale -w "$TMP/o/p" "$DATA/wine.txt"
	show
	[ "$status" -eq 1 ]
	[ "$stderr" = "opml-scale: stdout: Broken pipe" ]
	[ -z "$(ls -A "$TMP/o")" ]
}

@test "a set of outputs appears whole: a failed close of any leaves every old file; a TERM among the renames waits for the last" {
	skip_if_sanitized "the fault injector is preloaded"
	for f in part.train part.test p s; do echo old > "$TMP/$f"; done
	# the second output's close fails: the first is not put in place
	run --separate-stderr env -C "$TMP" OPML_FAULT=fclose OPML_FAULT_AFTER=1 \
	    LD_PRELOAD="$SHIM" opml-split -f 0.5 -o part "$DATA/iris.txt"
	show
	[ "$status" -eq 1 ]
	[ "$(cat "$TMP/part.train" "$TMP/part.test")" = "$(printf 'old\nold')" ]
	run --separate-stderr env -C "$TMP" OPML_FAULT=fclose OPML_FAULT_AFTER=1 \
	    LD_PRELOAD="$SHIM" opml-scale -w p -o s "$DATA/iris.txt"
	[ "$status" -eq 1 ]
	[ "$(cat "$TMP/p" "$TMP/s")" = "$(printf 'old\nold')" ]
	no_temporaries "$TMP"
	# TERM as the first is renamed: it ends the program only once the
	# whole set is in place
	run --separate-stderr env -C "$TMP" OPML_FAULT=rename-term \
	    LD_PRELOAD="$SHIM" opml-split -f 0.5 -s 1 -o part "$DATA/iris.txt"
	[ "$status" -eq 143 ]
	opml-split -f 0.5 -s 1 -o "$TMP/ref" "$DATA/iris.txt"
	cmp "$TMP/part.train" "$TMP/ref.train"
	cmp "$TMP/part.test" "$TMP/ref.test"
	run --separate-stderr env -C "$TMP" OPML_FAULT=rename-term \
	    LD_PRELOAD="$SHIM" opml-scale -w p -o s "$DATA/iris.txt"
	[ "$status" -eq 143 ]
	[ "$(cat "$TMP/p")" != old ]
	[ "$(cat "$TMP/s")" = "$(opml-scale "$DATA/iris.txt")" ]
	no_temporaries "$TMP"
}

@test "a closed standard input or output is an error naming it, not an empty run" {
	# (bats' run gives the command a stdin of its own: closed in sh)
	run --separate-stderr sh -c 'opml-transform -m "$1" <&-' sh "$TMP/m"
	show
	[ "$status" -eq 1 ]
	[ "$stderr" = "opml-transform: stdin: Bad file descriptor" ]
	run --separate-stderr sh -c 'opml-learn <&-'
	[ "$status" -eq 1 ]
	[ "$stderr" = "opml-learn: stdin: Bad file descriptor" ]
	run --separate-stderr sh -c 'opml-scale "$1" >&-' sh "$DATA/iris.txt"
	[ "$status" -eq 1 ]
	[ "$stderr" = "opml-scale: stdout: Bad file descriptor" ]
	# -o given: the output is not opened where stdin was
	run --separate-stderr sh -c 'opml-transform -m "$1" -o "$2" <&-' sh "$TMP/m" "$TMP/out"
	[ "$status" -eq 1 ]
	[ "$stderr" = "opml-transform: stdin: Bad file descriptor" ]
	[ ! -e "$TMP/out" ]
}

@test "-o /dev/stdout, /dev/fd/N and a pipe are written through: into a pipe, after >>, among what the shell writes" {
	want=$(opml-transform -m "$TMP/m" "$DATA/wine.txt")
	run --separate-stderr sh -c 'opml-transform -m "$1" -o /dev/stdout "$2" | cat' sh "$TMP/m" "$DATA/wine.txt"
	show
	[ "$status" -eq 0 ]
	[ "$output" = "$want" ]
	echo first > "$TMP/f"
	opml-transform -m "$TMP/m" -o /dev/stdout "$DATA/wine.txt" >> "$TMP/f"
	[ "$(cat "$TMP/f")" = "$(printf 'first\n%s' "$want")" ]
	{ echo head; opml-transform -m "$TMP/m" -o /dev/stdout "$DATA/wine.txt"; echo tail; } > "$TMP/g"
	[ "$(cat "$TMP/g")" = "$(printf 'head\n%s\ntail' "$want")" ]
	opml-transform -m "$TMP/m" -o /dev/fd/3 "$DATA/wine.txt" 3> "$TMP/h"
	[ "$(cat "$TMP/h")" = "$want" ]
	opml-transform -m "$TMP/m" -o >(cat > "$TMP/i") "$DATA/wine.txt"
	wait $!
	[ "$(cat "$TMP/i")" = "$want" ]
	# a descriptor not open: an error naming it
	run --separate-stderr opml-transform -m "$TMP/m" -o /dev/fd/9 "$DATA/wine.txt"
	[ "$status" -eq 1 ]
	[ "$stderr" = "opml-transform: /dev/fd/9: Bad file descriptor" ]
}

@test "-o onto a set-uid or set-gid file leaves the bits off; onto a file with hard links writes the file that every link names" {
	for bits in 4755 2755 6775; do
		echo old > "$TMP/f$bits"
		chmod "$bits" "$TMP/f$bits"
		opml-transform -m "$TMP/m" -o "$TMP/f$bits" "$DATA/wine.txt"
		[ "$(stat -c %a "$TMP/f$bits")" = "${bits#?}" ]
	done
	echo old > "$TMP/a"
	chmod 4755 "$TMP/a"
	ln "$TMP/a" "$TMP/b"
	opml-transform -m "$TMP/m" -o "$TMP/a" "$DATA/wine.txt"
	[ "$(stat -c %i "$TMP/a")" = "$(stat -c %i "$TMP/b")" ]
	[ "$(cat "$TMP/b")" = "$(opml-transform -m "$TMP/m" "$DATA/wine.txt")" ]
	[ "$(stat -c %a "$TMP/b")" = 755 ]
	no_temporaries "$TMP"
}

@test "as root, -o onto another user's set-uid file: the file stays theirs, without the bit" {
	[ "$(id -u)" -eq 0 ] || skip "needs root"
	id nobody > /dev/null 2>&1 || skip "no user nobody"
	echo old > "$TMP/u"
	chown nobody "$TMP/u"
	chmod 4777 "$TMP/u"
	opml-transform -m "$TMP/m" -o "$TMP/u" "$DATA/wine.txt"
	[ "$(stat -c '%U %a' "$TMP/u")" = "nobody 777" ]
	[ "$(cat "$TMP/u")" = "$(opml-transform -m "$TMP/m" "$DATA/wine.txt")" ]
}

@test "opml-uci-table: file names with blanks, brackets and a leading dash are each their own row, with their own figures" {
	mkdir "$TMP/x y"
	cp "$DATA/iris.txt" "$TMP/x y/[ab].txt"
	cp "$DATA/wine.txt" "$TMP/x y/a.txt"
	cp "$DATA/iris.txt" "$TMP/x y/-i s.txt"
	# the figures of a row: all but its name and the seconds last
	want=$(opml-uci-table -j 1 -R 2 -a opml "$DATA/iris.txt" 2>/dev/null | awk 'NR == 2 { $1 = $NF = ""; print }')
	cd "$TMP/x y"
	run --separate-stderr opml-uci-table -j 1 -R 2 -a opml -- "[ab].txt" "-i s.txt"
	show
	[ "$status" -eq 0 ]
	[[ ${lines[1]} == "[ab] "* ]]
	[[ ${lines[2]} == "-i s "* ]]
	[ "$(printf '%s\n' "${lines[1]}" | awk '{ $1 = $NF = ""; print }')" = "$want" ]
	[ "$(printf '%s\n' "${lines[2]}" | awk '{ $1 = $2 = $NF = ""; print }')" = " $want" ]
}

@test "opml-verify and opml-cold-start: a TMPDIR with blanks and brackets, a file whose name starts with a dash; nothing written outside" {
	mkdir "$TMP/t [1]" "$TMP/w d" "$TMP/o"
	cp "$DATA/faces/orl.txt" "$TMP/w d/-o r.txt"
	cd "$TMP/w d"
	run --separate-stderr env TMPDIR="$TMP/t [1]" opml-verify -k 2 -N unit -g 1e-2 -o "$TMP/o" -- "-o r.txt"
	show
	[ "$status" -eq 0 ]
	[ -f "$TMP/o/-o r-roc.svg" ]
	[ -z "$(ls -A "$TMP/t [1]")" ]
	[ "$(ls -A "$TMP/w d")" = "-o r.txt" ]
	cp "$DATA/wine.txt" "$TMP/w d/-w x.txt"
	run --separate-stderr env TMPDIR="$TMP/t [1]" opml-cold-start -R 1 -p 2 -- "-w x.txt"
	show
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "-w x-2" ]
	[ "$(printf '%s\n' "${lines[@]:1}")" = \
	    "$(opml-cold-start -R 1 -p 2 "$DATA/wine.txt" | tail -n +2)" ]
	[ -z "$(ls -A "$TMP/t [1]")" ]
}
