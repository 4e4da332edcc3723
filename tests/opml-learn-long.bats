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
		# the first checkpoint says that learning is under way, on a
		# fast machine or a slow one
		for i in $(seq 1200); do [ -e "$TMP/m" ] && break; sleep 0.05; done
		[ -e "$TMP/m" ]
		pid=$(pgrep -n -f "opml-learn -s 4 -C 500 -o $TMP/m")
		kill -"$sig" "$pid"
		for i in $(seq 1200); do kill -0 "$pid" 2>/dev/null || break; sleep 0.05; done
		! kill -0 "$pid" 2>/dev/null
		kill %1 2>/dev/null || true
		n=$(header_samples "$TMP/m")
		[ "$n" -gt 0 ]
		# the first n samples of the endless stream, however many
		awk -v n="$n" '{ row[NR] = $0 } END { for (i = 0; i < n; i++) print row[i % NR + 1] }' \
		    "$TMP/stream" | opml-learn -s 4 | cmp - "$TMP/m"
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

@test "-P N reports samples, rate, updates, active hinges, M's scale and condition every N samples" {
	run --separate-stderr opml-learn -s 4 -P 5000 "$TMP/stream"
	[ "$status" -eq 0 ]
	[ "$(grep -c '^opml-learn: [0-9]* samples, [0-9]*/s, [0-9]* updates, active hinges .*% of the last [0-9]* triplets, trace M / r [0-9.e+-]*, condition [0-9.e+-]*$' <<< "$stderr")" -eq 4 ]
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

# A stream on which L grows without bound under the paper's update:
# two classes of one distribution, so that half the triplets stay
# active at any scale, and a large step.  Until the long-run rule it
# made a model that opml-knn and opml-pairs refused ("squared distances
# overflow a double") within 20000 samples.
noise_stream() {
	awk 'BEGIN { srand(3); for (i = 0; i < 20000; i++) {
	    printf "%d", int(rand() * 2)
	    for (j = 0; j < 8; j++) printf " %.4f", rand(); printf "\n" } }'
}

# The rows and squared distances of the k nearest under the model's L
# divided by its Frobenius norm (the scale-free metric), in awk:
# neighbour rows only, a distance tie to the earlier row.
scale_free_neighbours() {	# k model train test
	awk -v k="$1" '
	FILENAME == ARGV[1] { if ($0 ~ /^#/) next; r++; for (j = 1; j <= NF; j++) { L[r, j] = $j; f += $j * $j }; d = NF; next }
	FILENAME == ARGV[2] { n++; for (i = 1; i <= r; i++) { s = 0
		for (j = 1; j <= d; j++) s += L[i, j] / sqrt(f) * $(j + 1); y[n, i] = s }; next }
	{	for (i = 1; i <= r; i++) { s = 0
			for (j = 1; j <= d; j++) s += L[i, j] / sqrt(f) * $(j + 1); q[i] = s }
		for (t = 1; t <= n; t++) { s = 0
			for (i = 1; i <= r; i++) { e = y[t, i] - q[i]; s += e * e }; dist[t] = s }
		delete used; line = ""
		for (m = 1; m <= k; m++) { b = 0
			for (t = 1; t <= n; t++) if (!used[t] && (b == 0 || dist[t] < dist[b])) b = t
			used[b] = 1; line = line (m > 1 ? " " : "") (b - 1) }
		print line }' "$2" "$3" "$4"
}

@test "a stream that overflowed L: the default keeps trace M = r; without the rule a power of two keeps it finite; every tool takes both, with the scale-free neighbours" {
	noise_stream > "$TMP/noise"
	head -300 "$TMP/noise" > "$TMP/train"
	sed -n '301,340p' "$TMP/noise" > "$TMP/test"
	run --separate-stderr opml-learn -v -Z -g 1 "$TMP/noise"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" > "$TMP/rule"
	[[ $stderr == *"long-run rule, pull 3e-05: trace M / r "* ]]
	run --separate-stderr opml-learn -v -Z -g 1 -p longrun=0 "$TMP/noise"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" > "$TMP/norule"
	# the warning, and L far beyond the data's units but finite
	[[ $stderr == *"trace M / r is "*"e+"*" without the long-run rule"* ]]
	[[ $stderr == *"no long-run rule: trace M / r "*"e+"* ]]
	for m in rule norule; do
		# trace M = ||L||_F^2: at most r = 8 right after the rule acts,
		# the steps since then moving it (steps of g = 1 here, up to a
		# doubling of L each: 56 at the end); beyond 1e100 without
		awk '!/^#/ { for (j = 1; j <= NF; j++) f += $j * $j } END { print f }' "$TMP/$m" > "$TMP/$m.trace"
		opml-knn -i -k 3 -m "$TMP/$m" "$TMP/train" "$TMP/test" 2> /dev/null |
		    awk '{ printf "%s %s %s\n", $3, $5, $7 }' > "$TMP/$m.knn"
		scale_free_neighbours 3 "$TMP/$m" "$TMP/train" "$TMP/test" > "$TMP/$m.ref"
		cmp "$TMP/$m.knn" "$TMP/$m.ref"
		[ "$(wc -l < "$TMP/$m.knn")" -eq 40 ]
		opml-pairs -m "$TMP/$m" -n 50 -s 1 "$TMP/test" > "$TMP/$m.pairs"
		[ "$(wc -l < "$TMP/$m.pairs")" -eq 100 ]
		! grep -qi 'nan\|inf' "$TMP/$m.pairs"
		opml-metric -e "$TMP/$m" > /dev/null
	done
	awk '{ exit !($1 > 1 && $1 < 1000) }' "$TMP/rule.trace"
	awk '{ exit !($1 > 1e100) }' "$TMP/norule.trace"
}

@test "the long-run rule resumes exactly: a model written at any point and resumed gives the bytes of one run" {
	opml-learn -s 4 "$TMP/stream" > "$TMP/full"
	grep -q ' pull=3e-05 ' <(head -1 "$TMP/full")
	for n in 1 777 4096 12345; do
		head -n $n "$TMP/stream" | opml-learn -s 4 > "$TMP/m1"
		tail -n +$((n + 1)) "$TMP/stream" | opml-learn -m "$TMP/m1" | cmp - "$TMP/full"
	done
	# a model without the rule resumes without it, unless told
	opml-learn -s 4 -p longrun=0 "$TMP/stream" > "$TMP/off"
	head -5000 "$TMP/stream" | opml-learn -s 4 -p longrun=0 > "$TMP/m1"
	tail -n +5001 "$TMP/stream" | opml-learn -m "$TMP/m1" | cmp - "$TMP/off"
	tail -n +5001 "$TMP/stream" | opml-learn -m "$TMP/m1" -p longrun=1 | head -1 | grep -q ' pull=3e-05 '
}
