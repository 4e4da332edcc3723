#!/usr/bin/env bats
# Exhausted memory, injected by tests/fault.so (see tests/fault.c): with
# each allocation in turn failing, every program either does its job or
# exits 1 with one line saying so, and an -o file appears whole or not
# at all, with no temporary left behind.  Some hundreds of runs: not
# part of make test (make check-faults; make coverage runs it).

bats_require_minimum_version 1.5.0
# As tests/helper.bash, one directory deeper.
TOP="$(cd "$(dirname "$BATS_TEST_FILENAME")/../.." && pwd)"
PATH="$TOP/bin:$PATH"
FIX="$TOP/tests/fixtures"
export PATH TOP FIX LC_ALL=C

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
	local n count rc prog=$1 f err
	rm -rf "$TMP/o" "$TMP/ref"
	mkdir "$TMP/o"
	env -C "$TMP/o" OPML_FAULT_COUNT="$TMP/count" LD_PRELOAD="$SHIM" \
	    "$@" > "$TMP/ref.stdout"
	mv "$TMP/o" "$TMP/ref"
	count=$(< "$TMP/count")
	[ "$count" -gt 0 ]
	for ((n = 1; n <= count; n++)); do
		mkdir "$TMP/o"
		rc=0
		env -C "$TMP/o" OPML_FAULT_ALLOC=$n LD_PRELOAD="$SHIM" "$@" \
		    > "$TMP/stdout" 2> "$TMP/stderr" || rc=$?
		if [ "$rc" -eq 0 ]; then
			diff -r "$TMP/o" "$TMP/ref"
			cmp "$TMP/stdout" "$TMP/ref.stdout"
		else
			err=$(< "$TMP/stderr")
			if [ "$rc" -ne 1 ] || [[ $err == *$'\n'* ]] ||
			    [[ $err != "$prog: "* ]]; then
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
	each_alloc_fails opml-learn -a copml -u -o m "$FIX/knn-ties-test.txt"
	opml-learn -s 2 "$FIX/knn-ties.txt" > "$TMP/m"
	each_alloc_fails opml-learn -i "$TMP/m" -o m2 "$FIX/knn-ties-test.txt"
}

@test "opml-transform, opml-knn: any allocation may fail" {
	opml-learn -s 2 "$FIX/knn-ties.txt" > "$TMP/m"
	each_alloc_fails opml-transform -m "$TMP/m" -o t "$FIX/knn-ties.txt"
	each_alloc_fails opml-transform -l -m "$TMP/m" "$FIX/knn-ties.txt"
	each_alloc_fails opml-knn -k 3 "$FIX/knn-ties.txt" \
	    "$FIX/knn-ties-test.txt"
	each_alloc_fails opml-knn -e -m "$TMP/m" "$FIX/knn-ties.txt" \
	    "$FIX/knn-ties-test.txt"
}

@test "opml-scale, opml-split: any allocation may fail" {
	each_alloc_fails opml-scale -w p -o s "$FIX/scale-const.txt"
	opml-scale -t minmax -w "$TMP/p" "$FIX/scale-const.txt" > /dev/null
	each_alloc_fails opml-scale -r "$TMP/p" -o s "$FIX/scale-const.txt"
	each_alloc_fails opml-split -S -f 0.5 -o part "$FIX/split-four.txt"
	each_alloc_fails opml-split -g -n 2 -o fold "$FIX/split-four.txt"
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


@test "opml-pairs under a model, opml-stat, range files, -o through a link: any allocation may fail" {
	opml-learn -s 2 "$FIX/pairs-faces.txt" > "$TMP/m"
	each_alloc_fails opml-pairs -m "$TMP/m" -n 2 -o p "$FIX/pairs-faces.txt"
	each_alloc_fails opml-pairs -c -m "$TMP/m" -a "$FIX/pairs-faces.txt"
	printf 'opml opml-x pola\n0.1 0.2 0.3\n0.2 0.25 0.1\n0.15 0.3 0.2\n' \
	    > "$TMP/t"
	each_alloc_fails opml-stat -o s "$TMP/t"
	each_alloc_fails opml-scale -b -1,1 -W r -o s "$FIX/scale-const.txt"
	opml-scale -W "$TMP/r" "$FIX/scale-const.txt" > /dev/null
	each_alloc_fails opml-scale -r "$TMP/r" "$FIX/scale-const.txt"
	# a model with comment lines of another learner's state
	{ head -1 "$TMP/m"; echo "#note one"; echo "#note two"
	    tail -n +2 "$TMP/m"; } > "$TMP/m2"
	each_alloc_fails opml-transform -m "$TMP/m2" -o t "$FIX/pairs-faces.txt"
	# the link is followed into o, where its target is checked
	ln -s o/t "$TMP/link"
	each_alloc_fails opml-scale -o "$TMP/link" "$FIX/scale-const.txt"
}

@test "a line longer than the first read block, when it cannot grow: one line naming it" {
	awk 'BEGIN { printf "a"; for (i = 0; i < 600000; i++) printf " %d", i % 10
	    printf "\nb"; for (i = 0; i < 600000; i++) printf " 1"; printf "\n" }' \
	    > "$TMP/long"
	each_alloc_fails opml-scale -t unit -o s "$TMP/long"
}

@test "opml-knn's confusion matrix, lists and their merge: any allocation may fail" {
	each_alloc_fails opml-knn -c -k 1 "$FIX/knn-ties.txt" \
	    "$FIX/knn-ties-test.txt"
	each_alloc_fails opml-knn -N -k 2 -o l "$FIX/knn-ties.txt" \
	    "$FIX/knn-ties-test.txt"
	opml-knn -N -k 2 "$FIX/knn-ties.txt" "$FIX/knn-ties-test.txt" > "$TMP/l"
	each_alloc_fails opml-knn -M -c -k 2 "$TMP/l" "$TMP/l"
}

@test "a set read on two threads: any allocation may fail" {
	# two chunks of a megabyte and more, parsed side by side
	awk 'BEGIN { for (i = 0; i < 200000; i++)
	    printf "%d %d.5 %d.25 %d\n", i % 5, i % 17, i % 13, i % 7 }' \
	    > "$TMP/big"
	OPML_THREADS=2 each_alloc_fails opml-scale -o s "$TMP/big"
}

@test "opml-mhof: any allocation may fail" {
	head -c $((40 * 30 * 3)) /dev/urandom > "$TMP/frames"
	each_alloc_fails opml-mhof -s 40x30 -g 2x2 -m 1,1,3,3 -m 5,5,2,2 -o o "$TMP/frames"
	each_alloc_fails opml-mhof -F -s 40x30 "$TMP/frames"
}
