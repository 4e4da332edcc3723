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
	for sig in TERM INT; do
		rm -f "$TMP/m"
		# an endless stream, so that the signal comes mid-stream
		{ while :; do cat "$TMP/stream"; done | opml-learn -s 4 -C 500 -o "$TMP/m"; } 2>/dev/null &
		sleep 0.5
		pid=$(pgrep -n -f "opml-learn -s 4 -C 500 -o $TMP/m")
		kill -"$sig" "$pid"
		for i in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
		! kill -0 "$pid" 2>/dev/null
		n=$(header_samples "$TMP/m")
		[ "$n" -gt 0 ]
		for i in $(seq 50); do cat "$TMP/stream"; done | head -n "$n" |
		    opml-learn -s 4 | cmp - "$TMP/m"
		! ls -A "$TMP" | grep -q '^\.opml-'
		kill %1 2>/dev/null || true
	done
}

@test "kill-check: TERM at random points always leaves a whole model of a prefix" {
	run sh "$TOP/scripts/kill-check" 100000 3
	show
	[ "$status" -eq 0 ]
	[ "$(grep -c 'a whole model of the first' <<< "$output")" -eq 3 ]
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
	opml-learn -i "$TMP/bare" "$DATA/wine.txt" > "$TMP/r"
	sed '1s/ state=none$//' "$TMP/bare" > "$TMP/plain"
	opml-learn -i "$TMP/plain" "$DATA/wine.txt" | cmp - "$TMP/r"
	head -1 "$TMP/r" | grep -q ' classes=3 '
	! head -1 "$TMP/r" | grep -q 'state=none'
}
