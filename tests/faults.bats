#!/usr/bin/env bats
# Faults a full disk, a broken file system or exhausted memory would
# cause, injected by tests/fault.so (see tests/fault.c): every program
# either does its job or exits 1 with one line saying so, and an -o
# file appears whole or not at all, with no temporary left behind.

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

# each_alloc_fails CMD...: run CMD (in $TMP/o, outputs there, stdout to
# $TMP/stdout) once to count its allocations, then once with each
# allocation in turn failing.  Each run ends 0 with the same outputs as
# the first, or 1 with one line "PROG: ..." on stderr and every output
# file absent or whole; never a temporary left, never a crash.
each_alloc_fails() {
	local n count rc prog=$1 f
	rm -rf "$TMP/o" "$TMP/ref"
	mkdir "$TMP/o"
	(cd "$TMP/o" && OPML_FAULT_COUNT="$TMP/count" LD_PRELOAD="$SHIM" \
	    "$@" > "$TMP/ref.stdout")
	mv "$TMP/o" "$TMP/ref"
	count=$(cat "$TMP/count")
	[ "$count" -gt 0 ]
	for n in $(seq 1 "$count"); do
		mkdir "$TMP/o"
		rc=0
		(cd "$TMP/o" && OPML_FAULT_ALLOC=$n LD_PRELOAD="$SHIM" "$@" \
		    > "$TMP/stdout" 2> "$TMP/stderr") || rc=$?
		if [ "$rc" -eq 0 ]; then
			diff -r "$TMP/o" "$TMP/ref"
			cmp "$TMP/stdout" "$TMP/ref.stdout"
		else
			if [ "$rc" -ne 1 ] || [ "$(wc -l < "$TMP/stderr")" -ne 1 ] ||
			    ! grep -q "^$prog: " "$TMP/stderr"; then
				echo "allocation $n of $count: exit $rc"
				cat "$TMP/stderr"
				return 1
			fi
			for f in "$TMP"/o/*; do
				[ -e "$f" ] || continue
				if ! cmp "$f" "$TMP/ref/${f##*/}"; then
					echo "allocation $n: ${f##*/} not whole"
					return 1
				fi
			done
		fi
		rm -rf "$TMP/o"
	done
}

@test "opml-learn: any allocation may fail" {
	each_alloc_fails opml-learn -o m "$FIX/knn-ties.txt"
	each_alloc_fails opml-learn -a copml -n -o m "$FIX/knn-ties-test.txt"
	opml-learn -s 2 "$FIX/knn-ties.txt" > "$TMP/m"
	each_alloc_fails opml-learn -i "$TMP/m" -o m2 "$FIX/knn-ties-test.txt"
}

@test "opml-transform, opml-knn: any allocation may fail" {
	opml-learn -s 2 "$FIX/knn-ties.txt" > "$TMP/m"
	each_alloc_fails opml-transform -m "$TMP/m" -o t "$FIX/knn-ties.txt"
	each_alloc_fails opml-transform -l -m "$TMP/m" "$FIX/knn-ties.txt"
	each_alloc_fails opml-knn -k 3 "$FIX/knn-ties.txt" \
	    "$FIX/knn-ties-test.txt"
	each_alloc_fails opml-knn -e -m "$TMP/m" "$FIX/knn-ties.txt"
}

@test "opml-scale, opml-split: any allocation may fail" {
	each_alloc_fails opml-scale -s p -o s "$FIX/scale-const.txt"
	opml-scale -t minmax -s "$TMP/p" "$FIX/scale-const.txt" > /dev/null
	each_alloc_fails opml-scale -r "$TMP/p" -o s "$FIX/scale-const.txt"
	each_alloc_fails opml-split -S -f 0.5 -o part "$FIX/split-four.txt"
	each_alloc_fails opml-split -g -k 2 -o fold "$FIX/split-four.txt"
	each_alloc_fails opml-split -x -o x "$FIX/split-four.txt"
	each_alloc_fails opml-split -c 2 -o c "$FIX/split-four.txt"
	each_alloc_fails opml-split -p "$FIX/split-list.splits" -i 2 -o s \
	    "$FIX/split-four.txt"
}

@test "opml-pairs, opml-roc: any allocation may fail" {
	each_alloc_fails opml-pairs -n 2 -o p "$FIX/pairs-faces.txt"
	each_alloc_fails opml-pairs -p "$FIX/pairs-lfw.txt" -o p \
	    "$FIX/pairs-faces.txt"
	each_alloc_fails opml-roc -g f.svg -o r "$FIX/roc-hand.txt" \
	    "$FIX/roc-sym.txt"
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
