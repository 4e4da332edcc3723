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
	# A preloaded library cannot come before a sanitizer's runtime.
	if ldd "$TOP/bin/opml-learn" 2>/dev/null | grep -q 'lib[at]san'; then
		skip "a sanitizer build: LD_PRELOAD cannot interpose"
	fi
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

@test "a failed rename, fclose or fdopen of an -o file leaves nothing" {
	for f in rename fclose fdopen mkstemp; do
		once $f opml-learn -o m "$FIX/knn-ties.txt"
		[[ $stderr == "opml-learn: m: "* ]]
		once $f opml-scale -s p -o s "$FIX/scale-const.txt"
		[[ $stderr == "opml-scale: "[ps]": "* ]]
		once $f opml-roc -g f.svg -o r "$FIX/roc-hand.txt"
		once $f opml-split -f 0.5 -o part "$FIX/split-four.txt"
		once $f opml-split -x -o x "$FIX/split-four.txt"
	done
}

@test "a mode the temporary cannot be given is no error" {
	mkdir "$TMP/o"
	(cd "$TMP/o" && OPML_FAULT=fchmod LD_PRELOAD="$SHIM" \
	    opml-learn -o m "$FIX/knn-ties.txt")
	opml-learn "$FIX/knn-ties.txt" | cmp - "$TMP/o/m"
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

@test "a file system that is full: -o of scale, split and roc leaves nothing" {
	seq 1 20000 | sed 's/^/a /' > "$TMP/big"
	mkdir "$TMP/o"
	cd "$TMP/o"
	# 64 kB at most; SIGXFSZ ignored, so that the write fails (EFBIG)
	run --separate-stderr sh -c 'trap "" XFSZ; ulimit -f 64;
	    opml-scale -o s "$1"' sh "$TMP/big"
	show
	[ "$status" -eq 1 ]
	[[ $stderr == "opml-scale: s: File too large" ]]
	run --separate-stderr sh -c 'trap "" XFSZ; ulimit -f 64;
	    opml-split -x -o x "$1"' sh "$TMP/big"
	[ "$status" -eq 1 ]
	[[ $stderr == "opml-split: x: File too large" ]]
	run --separate-stderr sh -c 'trap "" XFSZ; ulimit -f 64;
	    opml-split -f 0.5 -o part "$1"' sh "$TMP/big"
	[ "$status" -eq 1 ]
	[ -z "$(ls -A "$TMP/o")" ]
}
