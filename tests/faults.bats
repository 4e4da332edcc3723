#!/usr/bin/env bats
# Faults a full disk or a broken file system would cause, injected by
# tests/fault.so (see tests/fault.c): every program exits 1 with one
# line saying so, and an -o file appears whole or not at all, with no
# temporary left behind.  (tests/slow/allocs.bats fails each allocation
# in turn: make check-faults.)

load helper

SHIM="$TOP/tests/fault.so"

setup() {
	TMP="$BATS_TEST_TMPDIR"
	# The feed's thread would make the order of allocations vary.
	export OPML_THREADS=1
	skip_if_sanitized "LD_PRELOAD cannot interpose"
}

# once FAULTS CMD...: run CMD in $TMP/o with the named calls failing;
# it must exit 1 with one line naming the -o file, leaving nothing.
once() {
	local faults=$1
	shift
	rm -rf "$TMP/o"
	mkdir "$TMP/o"
	run --separate-stderr env -C "$TMP/o" OPML_FAULT="$faults" \
	    LD_PRELOAD="$SHIM" "$@"
	show
	[ "$status" -eq 1 ]
	[ "${#stderr_lines[@]}" -eq 1 ]
	[ -z "$(ls -A "$TMP/o")" ]
}

@test "a failed rename, fclose, fdopen, fchmod or mkstemp of an -o file leaves nothing" {
	for f in rename fclose fdopen fchmod mkstemp; do
		once $f opml-learn -o m "$FIX/knn-ties.txt"
		[[ $stderr == "opml-learn: m: "* ]]
		once $f opml-scale -w p -o s "$FIX/scale-const.txt"
		[[ $stderr == "opml-scale: "[ps]": "* ]]
		once $f opml-roc -g f.svg -o r "$FIX/roc-hand.txt"
		once $f opml-split -f 0.5 -o part "$FIX/split-four.txt"
		once $f opml-split -x -o x "$FIX/split-four.txt"
	done
}

@test "a read error names the input" {
	run --separate-stderr env OPML_FAULT=read LD_PRELOAD="$SHIM" \
	    opml-learn "$FIX/knn-ties.txt"
	show
	[ "$status" -eq 1 ]
	[[ $stderr == "opml-learn: $FIX/knn-ties.txt: Input/output error" ]]
	# a directory reads as an error too, without the injector
	run --separate-stderr opml-scale "$TMP"
	[ "$status" -eq 1 ]
	[[ $stderr == "opml-scale: $TMP: Is a directory" ]]
	run --separate-stderr opml-learn -i "$TMP" "$FIX/knn-ties.txt"
	[ "$status" -eq 1 ]
	[[ $stderr == "opml-learn: $TMP: Is a directory" ]]
}

@test "a file system that is full: no -o output is left, whole or in part" {
	seq 1 20000 | sed 's/^/a /' > "$TMP/big"
	# 3 classes of 40 features: a model of some 30 kB
	awk 'BEGIN { for (i = 0; i < 300; i++) { printf "%d", i % 3
	    for (j = 0; j < 40; j++) printf " %d", (i * 7 + j * 13) % 17
	    printf "\n" } }' > "$TMP/wide"
	opml-learn "$TMP/wide" > "$TMP/m" 2> /dev/null
	mkdir "$TMP/o"
	cd "$TMP/o"
	# A coverage build (make coverage) writes its counts at exit: under
	# the limit they would be cut short, and the counts of every run
	# after lost; these runs write theirs aside.
	export GCOV_PREFIX="$TMP/gcov"
	# 16 kB at most; SIGXFSZ ignored, so that the write fails (EFBIG)
	for cmd in "opml-scale -o s $TMP/big" "opml-split -x -o x $TMP/big" \
	    "opml-split -f 0.5 -o part $TMP/big" \
	    "opml-learn -o m $TMP/wide" \
	    "opml-transform -m $TMP/m -o t $TMP/wide" \
	    "opml-pairs -n 2000 -o p $TMP/wide" \
	    "opml-transform -m $TMP/m $TMP/wide"; do
		run --separate-stderr sh -c "trap '' XFSZ; ulimit -f 16; $cmd > out"
		show
		[ "$status" -eq 1 ]
		[ "${#stderr_lines[@]}" -eq 1 ]
		[[ $stderr == *"File too large" ]]
		rm -f out
		[ -z "$(ls -A "$TMP/o")" ]	# and no temporary
	done
}

@test "a failed rename, fclose, fdopen, fchmod or mkstemp: opml-transform, opml-pairs, opml-stat leave nothing" {
	opml-learn -s 2 "$FIX/knn-ties.txt" > "$TMP/m"
	printf 'a b\n1 2\n2 4\n3 5\n' > "$TMP/t"
	for f in rename fclose fdopen fchmod mkstemp; do
		once $f opml-transform -m "$TMP/m" -o t "$FIX/knn-ties.txt"
		[[ $stderr == "opml-transform: t: "* ]]
		once $f opml-pairs -n 2 -o p "$FIX/pairs-faces.txt"
		[[ $stderr == "opml-pairs: p: "* ]]
		once $f opml-stat -o s "$TMP/t"
		[[ $stderr == "opml-stat: s: "* ]]
	done
	# the words of each
	once mkstemp opml-stat -o s "$TMP/t"
	[ "$stderr" = "opml-stat: s: No space left on device" ]
	once rename opml-stat -o s "$TMP/t"
	[ "$stderr" = "opml-stat: s: Invalid cross-device link" ]
	once fclose opml-stat -o s "$TMP/t"
	[ "$stderr" = "opml-stat: s: Input/output error" ]
}

@test "a read error on the reading threads names the input" {
	run --separate-stderr env -u OPML_THREADS OPML_FAULT=read \
	    LD_PRELOAD="$SHIM" opml-scale "$FIX/scale-const.txt"
	show
	[ "$status" -eq 1 ]
	[ "$stderr" = "opml-scale: $FIX/scale-const.txt: Input/output error" ]
	[ -z "$output" ]
	# opml-learn's feed reads on a thread of its own, after the
	# first block (which opml-learn reads to fix d): parsed there, or
	# handed over as raw lines
	awk 'BEGIN { for (i = 0; i < 60000; i++)
	    printf "%d %d.5 %d.25 %d\n", i % 3, i % 17, i % 13, i % 7 }' \
	    > "$TMP/big"
	for raw in "-u OPML_FEED_RAW" OPML_FEED_RAW=1; do
		run --separate-stderr env -u OPML_THREADS $raw \
		    OPML_FAULT=read OPML_FAULT_AFTER=1 LD_PRELOAD="$SHIM" \
		    opml-learn -o "$TMP/m" "$TMP/big"
		show
		[ "$status" -eq 1 ]
		[ "$stderr" = "opml-learn: $TMP/big: Input/output error" ]
		[ ! -e "$TMP/m" ]
	done
}

@test "the first error is the one told: a full device, then a failed close; a link the kernel will not follow" {
	printf 'a 1 2\nb 3 4\n' > "$TMP/small"
	# the bytes wait in stdio's buffer: the flush finds the device full
	run --separate-stderr opml-scale -o /dev/full "$TMP/small"
	[ "$status" -eq 1 ]
	[ "$stderr" = "opml-scale: /dev/full: No space left on device" ]
	run --separate-stderr env OPML_FAULT=fclose LD_PRELOAD="$SHIM" \
	    opml-scale -w /dev/full -o /dev/null "$TMP/small"
	[ "$status" -eq 1 ]
	[ "$stderr" = "opml-scale: /dev/full: No space left on device" ]
	# -o through a link that the kernel refuses to follow (as
	# fs.protected_symlinks does in a sticky directory): refused as `>`
	# would be, the file at its end untouched
	mkdir "$TMP/o"
	echo old > "$TMP/target"
	ln -s ../target "$TMP/o/link"
	run --separate-stderr env -C "$TMP/o" OPML_FAULT=protected \
	    LD_PRELOAD="$SHIM" opml-scale -o link "$TMP/small"
	show
	[ "$status" -eq 1 ]
	[ "$stderr" = "opml-scale: link: Permission denied" ]
	[ "$(ls -A "$TMP/o")" = link ]
	[ "$(cat "$TMP/target")" = old ]
}

@test "an input cut short while it is mapped: SIGBUS, as the page says, and no temporary beside the -o file" {
	# 8.7 MB: two windows of the reader's mapping (lib/reader.c); the
	# file is cut to 0 bytes as the first window is mapped, or the
	# second, when some 4 MB of output have been written
	awk 'BEGIN { srand(1); for (i = 0; i < 300000; i++) print i % 3, rand(), rand(), rand() }' > "$TMP/big"
	head -150 "$TMP/big" | opml-learn -o "$TMP/m"
	for after in 0 1; do
		rm -rf "$TMP/o"
		mkdir "$TMP/o"
		cp "$TMP/big" "$TMP/in"
		run --separate-stderr env OPML_FAULT=mmap-shrink OPML_FAULT_AFTER=$after \
		    LD_PRELOAD="$SHIM" opml-transform -m "$TMP/m" -o "$TMP/o/out" "$TMP/in"
		show
		[ "$status" -eq $((128 + $(kill -l BUS))) ]
		[ "$(wc -c < "$TMP/in")" -eq 0 ]
		[ -z "$(ls -A "$TMP/o")" ]
		cp "$TMP/big" "$TMP/in"
		rm -f "$TMP/o/m"
		run --separate-stderr env OPML_FAULT=mmap-shrink OPML_FAULT_AFTER=$after \
		    LD_PRELOAD="$SHIM" opml-learn -o "$TMP/o/m" "$TMP/in"
		[ "$status" -eq $((128 + $(kill -l BUS))) ]
		[ -z "$(ls -A "$TMP/o")" ]
	done
}

# every_alloc_says_nomem CMD...: count CMD's allocations, then fail each
# in turn: each run ends 0 or says "PROG: out of memory" (and what it
# could not hold, after a colon), never an input's name before it, a stale errno's words ("Cannot allocate
# memory") or a message that mixes it with another failure.
every_alloc_says_nomem() {
	local n count rc err prog=$1
	rm -rf "$TMP/o"
	mkdir "$TMP/o"
	env -C "$TMP/o" OPML_FAULT_COUNT="$TMP/count" LD_PRELOAD="$SHIM" \
	    "$@" > /dev/null
	count=$(< "$TMP/count")
	[ "$count" -gt 10 ]
	for ((n = 1; n <= count; n++)); do
		rc=0
		env -C "$TMP/o" OPML_FAULT_ALLOC=$n LD_PRELOAD="$SHIM" "$@" \
		    > /dev/null 2> "$TMP/stderr" || rc=$?
		err=$(< "$TMP/stderr")
		if [ "$rc" -ne 0 ] && [ "$err" != "$prog: out of memory" ] &&
		    [[ $err != "$prog: out of memory: "* ]]; then
			echo "allocation $n of $count: exit $rc: $err"
			return 1
		fi
	done
}

@test "out of memory anywhere is told as such, by every program the same way" {
	opml-learn -s 2 -o "$TMP/m" "$FIX/knn-ties.txt"
	every_alloc_says_nomem opml-learn -o m "$FIX/knn-ties.txt"
	# a model's #class lines and the reader of each input
	every_alloc_says_nomem opml-learn -i "$TMP/m" -o m2 \
	    "$FIX/knn-ties-test.txt"
	every_alloc_says_nomem opml-learn -a rdml -o m "$FIX/knn-ties.txt"
	# a sparse stream (its samples kept sparse, H too, the moments
	# lazy), and a model resumed on one (its #class lines made sparse)
	printf '1 1:0.5 3:1\n2 2:1 4:-1\n1 1:1 4:0.5\n3 3:2\n2 2:0.25 1:3\n1 4:1\n' > "$TMP/s.txt"
	every_alloc_says_nomem opml-learn -r 2 -o m "$TMP/s.txt"
	opml-learn -r 2 -o "$TMP/ms" "$TMP/s.txt"
	every_alloc_says_nomem opml-learn -i "$TMP/ms" -o m2 "$TMP/s.txt"
	every_alloc_says_nomem opml-knn -e -m "$TMP/m" "$FIX/knn-ties.txt" \
	    "$FIX/knn-ties-test.txt"
	every_alloc_says_nomem opml-transform -m "$TMP/m" -o t \
	    "$FIX/knn-ties.txt"
	every_alloc_says_nomem opml-pairs -n 2 -o p "$FIX/pairs-faces.txt"
}
