#!/usr/bin/env bats
# Long streams: checkpoints (-C), a model written on TERM or INT,
# progress (-P, -v), and bare models that carry no raw sample (-B).

load helper

setup() {
	TMP="$BATS_TEST_TMPDIR"
	# 20000 samples of 4 classes: about a second of learning
	for i in $(seq 60); do cat "$DATA/balance.txt"; done | head -20000 > "$TMP/stream"
}

header_samples() {
	sed -n '1s/.* samples=\([0-9]*\).*/\1/p' "$1"
}

@test "-C N: checkpoints change nothing in the model; -C needs -o" {
	opml-learn -s 4 -C 1000 -o "$TMP/m" "$TMP/stream"
	opml-learn -s 4 "$TMP/stream" | cmp - "$TMP/m"
	opml-learn -s 4 -C 7 -o "$TMP/m7" "$DATA/wine.txt"
	opml-learn -s 4 "$DATA/wine.txt" | cmp - "$TMP/m7"
	run -2 opml-learn -C 10 "$TMP/stream"
	[[ $output == *"-C: needs -o file"* ]]
}

@test "TERM or INT during learning: the model of what was read, then death by the signal" {
	# The stream comes through a FIFO that the test holds open: the
	# learner reads what was written, then waits for more, so the
	# signal comes mid-stream however fast the machine learns.
	mkfifo "$TMP/in"
	for sig in TERM INT; do
		rm -f "$TMP/m"
		opml-learn -s 4 -C 500 -o "$TMP/m" < "$TMP/in" 2>/dev/null &
		pid=$!
		exec 7> "$TMP/in"
		cat "$TMP/stream" >&7
		# the first checkpoint says that learning is under way
		for i in $(seq 1200); do [ -e "$TMP/m" ] && break; sleep 0.05; done
		[ -e "$TMP/m" ]
		kill -"$sig" "$pid"
		status=0
		wait "$pid" || status=$?
		exec 7>&-
		[ "$status" -eq $((128 + $(kill -l "$sig"))) ]
		n=$(header_samples "$TMP/m")
		[ "$n" -gt 0 ]
		head -n "$n" "$TMP/stream" | opml-learn -s 4 | cmp - "$TMP/m"
		! ls -A "$TMP" | grep -q '^\.opml-'
	done
}

@test "kill-check: TERM at random points always leaves a whole model of a prefix" {
	run sh "$TOP/scripts/kill-check" 100000 3
	show
	[ "$status" -eq 0 ]
	# each kill leaves a whole model of a prefix, or (killed before the
	# first checkpoint, which a loaded machine can do) nothing at all
	[ "$(grep -c 'a whole model of the first\|no model yet' <<< "$output")" -eq 3 ]
}

@test "-P N reports samples, rate, updates and active hinges every N samples" {
	run --separate-stderr opml-learn -s 4 -P 5000 "$TMP/stream"
	[ "$status" -eq 0 ]
	[ "$(grep -c '^opml-learn: [0-9]* samples, [0-9]*/s, [0-9]* updates, active hinges .*% of the last [0-9]* triplets$' <<< "$stderr")" -eq 4 ]
	[[ $stderr == *"opml-learn: 20000 samples"* ]]
	# the same model as without progress
	opml-learn -s 4 "$TMP/stream" | cmp - <(printf '%s\n' "$output")
}

@test "-B writes a bare model: L without any sample, read by every tool" {
	opml-learn -s 4 -B "$DATA/wine.txt" > "$TMP/bare"
	opml-learn -s 4 "$DATA/wine.txt" > "$TMP/full"
	head -1 "$TMP/bare" | grep -q ' classes=0 .*state=none$'
	! grep -q '^#class\|^#rng' "$TMP/bare"
	# the same L
	diff <(grep -v '^#' "$TMP/bare") <(grep -v '^#' "$TMP/full")
	opml-transform -m "$TMP/bare" "$DATA/wine.txt" > "$TMP/a"
	opml-transform -m "$TMP/full" "$DATA/wine.txt" > "$TMP/b"
	cmp "$TMP/a" "$TMP/b"
	run opml-knn -e -m "$TMP/bare" "$DATA/wine.txt" "$DATA/wine.txt"
	[ "$status" -eq 0 ]
	# -i on a bare model starts a fresh learner from its L: as from the
	# same L with the header's counters and no state
	opml-learn -m "$TMP/bare" "$DATA/wine.txt" > "$TMP/r"
	sed '1s/ state=none$//' "$TMP/bare" > "$TMP/plain"
	opml-learn -m "$TMP/plain" "$DATA/wine.txt" | cmp - "$TMP/r"
	head -1 "$TMP/r" | grep -q ' classes=3 '
	! head -1 "$TMP/r" | grep -q 'state=none'
}
