#!/usr/bin/env bats
# Outputs named with -o, in every tool: whole or not at all, under a full
# disk and under signals; through symbolic links; keeping a file's mode;
# refusing what `>` could not write; any name the directory allows.

load helper

setup() {
	TMP="$BATS_TEST_TMPDIR"
	opml-learn -s 2 "$DATA/wine.txt" > "$TMP/m"
	# A file big enough that its transform outgrows a 1-block limit.
	for i in 1 2 3 4 5 6 7 8; do cat "$DATA/wine.txt"; done > "$TMP/big"
}

# No temporary beside the output: only the files named.
no_temporaries() {
	! ls -A "$1" | grep -q '^\.opml-'
}

@test "a full disk mid-write: error, no output, no temporary (every tool)" {
	mkdir "$TMP/d"
	# A coverage build's counts, written at exit, would be cut short by
	# the limit (and the counts of every run after lost): aside.
	export GCOV_PREFIX="$TMP/gcov"
	run -1 sh -c 'ulimit -f 1; opml-transform -m "$1" -o "$2/out" "$3"' sh "$TMP/m" "$TMP/d" "$TMP/big"
	show
	[[ $output == *"File too large"* ]]
	[ ! -e "$TMP/d/out" ]
	no_temporaries "$TMP/d"
	run -1 sh -c 'ulimit -f 1; opml-scale -o "$1/out" "$2"' sh "$TMP/d" "$TMP/big"
	[ ! -e "$TMP/d/out" ]
	no_temporaries "$TMP/d"
	run -1 sh -c 'ulimit -f 1; opml-pairs -n 2000 -s 1 -o "$1/out" "$2"' sh "$TMP/d" "$TMP/big"
	[ ! -e "$TMP/d/out" ]
	no_temporaries "$TMP/d"
	# wine's model (13 x 13 and the state) outgrows the limit
	[ -f "$DATA/wine.txt" ]
	run -1 sh -c 'ulimit -f 1; opml-learn -o "$1/out" "$2"' sh "$TMP/d" "$DATA/wine.txt"
	[[ $output == *"File too large"* ]]
	[ ! -e "$TMP/d/out" ]
	no_temporaries "$TMP/d"
}

# signal_ends_write SIG: SIG to opml-transform while it writes -o from a
# FIFO ends it as SIG would, with no output and no temporary left.
signal_ends_write() {
	local sig=$1 pid status i
	mkdir "$TMP/$sig"
	mkfifo "$TMP/$sig/in"
	opml-transform -m "$TMP/m" -o "$TMP/$sig/out" "$TMP/$sig/in" &
	pid=$!
	# the FIFO held open by the test: the program waits for more
	# input for as long as the test needs, however slow the machine
	exec 7> "$TMP/$sig/in"
	head -5 "$DATA/wine.txt" >&7
	# the temporary exists once the program has opened its output
	for i in $(seq 1200); do ls -A "$TMP/$sig" | grep -q '^\.opml-' && break; sleep 0.05; done
	ls -A "$TMP/$sig" | grep -q '^\.opml-'
	kill -"$sig" "$pid"
	# a program the signal does not end fails the test (KILL after
	# 60 s) instead of hanging the suite
	for i in $(seq 1200); do kill -0 "$pid" 2> /dev/null || break; sleep 0.05; done
	kill -KILL "$pid" 2> /dev/null || :
	status=0
	wait "$pid" || status=$?
	exec 7>&-
	echo "$sig: status $status, left: $(ls -A "$TMP/$sig" | tr '\n' ' ')"
	[ "$status" -eq $((128 + $(kill -l "$sig"))) ]
	[ ! -e "$TMP/$sig/out" ]
	no_temporaries "$TMP/$sig"
}

@test "TERM, INT or HUP during an -o write remove the temporary" {
	for sig in TERM INT HUP; do
		signal_ends_write "$sig"
	done
}

@test "every other signal that ends a program and can be caught removes the temporary too: USR1 USR2 ALRM VTALRM PROF XCPU BUS SEGV ILL FPE ABRT TRAP SYS QUIT" {
	for sig in USR1 USR2 ALRM VTALRM PROF XCPU BUS SEGV ILL FPE ABRT TRAP SYS QUIT; do
		signal_ends_write "$sig"
	done
}

@test "two runs writing one prefix at once leave the set of one of them, never a mix: the second waits for the first's renames" {
	skip_if_sanitized "LD_PRELOAD cannot interpose"
	[ -r /proc/locks ] || skip "no /proc/locks, to see a run wait for the lock"
	mkdir "$TMP/d"
	mkfifo "$TMP/go"
	# A: wine's split, held after its first rename (tests/fault.c)
	OPML_FAULT=rename-wait OPML_FAULT_FIFO="$TMP/go" LD_PRELOAD="$TOP/tests/fault.so" \
	    opml-split -f 0.5 -o "$TMP/d/p" "$DATA/wine.txt" &
	a=$!
	for i in $(seq 1200); do [ -e "$TMP/d/p.train" ] && break; sleep 0.05; done
	[ -e "$TMP/d/p.train" ] && [ ! -e "$TMP/d/p.test" ]
	# B: iris's split into the same prefix, not held: it ends, its
	# renames among A's (9e64f68), or it waits for A's lock
	opml-split -f 0.5 -o "$TMP/d/p" "$DATA/iris.txt" &
	b=$!
	for i in $(seq 1200); do
		kill -0 "$b" 2> /dev/null || break
		grep -q -- "-> FLOCK *ADVISORY *WRITE *$b " /proc/locks && break
		sleep 0.05
	done
	echo "A's first rename done; B: $(kill -0 "$b" 2> /dev/null && echo waiting || echo ended)"
	: > "$TMP/go"
	wait "$a"
	wait "$b"
	# the set is B's, the last to rename: both parts of iris
	opml-split -f 0.5 -o "$TMP/want" "$DATA/iris.txt"
	cmp "$TMP/want.train" "$TMP/d/p.train"
	cmp "$TMP/want.test" "$TMP/d/p.test"
	no_temporaries "$TMP/d"
}

@test "-o through a symbolic link writes its target and keeps the link" {
	mkdir "$TMP/real"
	echo old > "$TMP/real/model"
	ln -s real/model "$TMP/link"
	opml-learn -s 2 -o "$TMP/link" "$DATA/wine.txt"
	[ -L "$TMP/link" ]
	cmp "$TMP/real/model" "$TMP/m"
	no_temporaries "$TMP"
	no_temporaries "$TMP/real"
	# a dangling link: its target is created
	ln -s real/new "$TMP/dangling"
	opml-learn -s 2 -o "$TMP/dangling" "$DATA/wine.txt"
	[ -L "$TMP/dangling" ]
	cmp "$TMP/real/new" "$TMP/m"
}

@test "-o keeps an existing file's mode" {
	echo old > "$TMP/out"
	chmod 640 "$TMP/out"
	opml-transform -m "$TMP/m" -o "$TMP/out" "$DATA/wine.txt"
	[ "$(stat -c %a "$TMP/out")" = 640 ]
	chmod 444 "$TMP/out"
	if [ "$(id -u)" -eq 0 ]; then
		# root may write it with `>`, so -o may too; the mode stays
		opml-transform -m "$TMP/m" -o "$TMP/out" "$DATA/wine.txt"
		[ "$(stat -c %a "$TMP/out")" = 444 ]
	fi
}

@test "-o refuses a file the user could not write with >" {
	# a directory that another user can reach and write in
	dir=$(mktemp -d /tmp/opml-outputs.XXXXXX)
	chmod 777 "$dir"
	echo keep > "$dir/ro"
	chmod 444 "$dir/ro"
	if [ "$(id -u)" -ne 0 ]; then
		run -1 opml-learn -s 2 -o "$dir/ro" "$DATA/wine.txt"
	elif command -v setpriv >/dev/null; then
		# copies the other user can read and run wherever the clone
		# lies (a 0700 home directory hides bin/ and data/ from it)
		cp "$TOP/bin/opml-learn" "$DATA/wine.txt" "$dir/"
		chmod 755 "$dir/opml-learn"
		chmod 644 "$dir/wine.txt"
		run -1 setpriv --reuid=65534 --regid=65534 --clear-groups \
		    "$dir/opml-learn" -s 2 -o "$dir/ro" "$dir/wine.txt"
	else
		rm -rf "$dir"
		skip "needs a non-root user (setpriv)"
	fi
	show
	content=$(cat "$dir/ro")
	left=$(ls -A "$dir" | grep -v -x -e opml-learn -e wine.txt)
	rm -rf "$dir"
	[[ $output == *"$dir/ro: Permission denied"* ]]
	[ "$content" = keep ]
	[ "$left" = ro ]
}

@test "-o takes any name the directory allows (255 bytes)" {
	name=$(printf 'm%.0s' $(seq 255))
	opml-learn -s 2 -o "$TMP/$name" "$DATA/wine.txt"
	cmp "$TMP/$name" "$TMP/m"
	no_temporaries "$TMP"
}

@test "-o - is stdout; -o onto a directory is refused; a full device is an error naming it" {
	opml-scale "$DATA/iris.txt" > "$TMP/plain"
	opml-scale -o - "$DATA/iris.txt" | cmp - "$TMP/plain"
	run --separate-stderr opml-scale -o "$TMP" "$DATA/iris.txt"
	[ "$status" -eq 1 ]
	[ "$stderr" = "opml-scale: $TMP: Is a directory" ]
	[ -z "$output" ]
	# /dev/full: every write fails with ENOSPC, on stdout or as -o,
	# whether the failure shows at a flush or only at the close
	run --separate-stderr sh -c 'opml-scale "$1" > /dev/full' sh "$DATA/iris.txt"
	[ "$status" -eq 1 ]
	[ "$stderr" = "opml-scale: stdout: No space left on device" ]
	run --separate-stderr opml-scale -o /dev/full "$DATA/iris.txt"
	[ "$status" -eq 1 ]
	[ "$stderr" = "opml-scale: /dev/full: No space left on device" ]
	run --separate-stderr opml-scale -w /dev/full -o "$TMP/s" "$DATA/iris.txt"
	[ "$status" -eq 1 ]
	[ "$stderr" = "opml-scale: /dev/full: No space left on device" ]
	[ ! -e "$TMP/s" ]
	no_temporaries "$TMP"
	# parameters of 3000 features: more than stdio's buffer, so the
	# write itself fails
	awk 'BEGIN { for (i = 0; i < 2; i++) { printf "%d", i
	    for (j = 0; j < 3000; j++) printf " %d", i + j; printf "\n" } }' \
	    > "$TMP/wide"
	run --separate-stderr opml-scale -w /dev/full -o "$TMP/s" "$TMP/wide"
	[ "$status" -eq 1 ]
	[ "$stderr" = "opml-scale: /dev/full: No space left on device" ]
	[ ! -e "$TMP/s" ]
	run --separate-stderr opml-learn -o /dev/full "$DATA/iris.txt"
	[ "$status" -eq 1 ]
	[ "$stderr" = "opml-learn: /dev/full: No space left on device" ]
	# the help too
	run --separate-stderr sh -c 'opml-learn -h > /dev/full'
	[ "$status" -eq 1 ]
	[ "$stderr" = "opml-learn: stdout: No space left on device" ]
}
