# Shared by the suites of the shell programs: stop one with a signal
# once it is at work, as a terminal's Ctrl-C or a kill(1) would.

# ignored SIGNAL: whether SIGNAL was ignored when this shell started (as
# nohup ignores HUP, or a non-interactive shell INT for a background
# job): the program inherits that and, a POSIX sh, cannot trap it, so
# there is nothing to test.
ignored() {
	[ -n "$(trap -p "$1")" ]
}

# interrupt SIGNAL HOW READY CMD...: run CMD in a process group of its
# own, as an interactive shell runs a job, with TMPDIR a fresh folder;
# once the command READY succeeds (polled every 0.1 s, for at most
# 300 s), send SIGNAL to the whole group (HOW = group: what Ctrl-C
# does) or to CMD alone (HOW = alone) and wait for CMD (at most 120 s,
# then KILL: a failure, not a hang).  Sets status,
# stderr, left (what is left in TMPDIR) and alive (the group's processes
# still running).
interrupt() {
	local sig=$1 how=$2 ready=$3 n=0 pid
	shift 3
	if ignored "$sig"; then
		echo "$sig is ignored here: see ignored"
		return 1
	fi
	export TMPDIR=$TMP/tmp.$sig.$how
	mkdir -p "$TMPDIR"
	set -m
	"$@" > "$TMP/out" 2> "$TMP/err" &
	pid=$!
	set +m
	until eval "$ready"; do
		n=$((n + 1))
		if [ $n -gt 3000 ] || ! kill -0 "$pid" 2> /dev/null; then
			kill -KILL -- -"$pid" 2> /dev/null || :
			echo "never ready: $ready"
			cat "$TMP/err"
			return 1
		fi
		sleep 0.1
	done
	if [ "$how" = group ]; then
		kill -s "$sig" -- -"$pid"
	else
		kill -s "$sig" "$pid"
	fi
	# the program must end, quietly and soon; a program that does not
	# fails the test instead of hanging the suite
	n=0
	while kill -0 "$pid" 2> /dev/null && [ $n -lt 1200 ]; do
		n=$((n + 1))
		sleep 0.1
	done
	if kill -0 "$pid" 2> /dev/null; then
		kill -KILL -- -"$pid" 2> /dev/null || :
		echo "still running 120 s after $sig"
	fi
	status=0
	wait "$pid" || status=$?
	stderr=$(cat "$TMP/err")
	left=$(ls -A "$TMPDIR")
	alive=$(ps -A -o pgid= -o stat= -o args= | awk -v g="$pid" '$1 == g && $2 !~ /^Z/')
	echo "$sig to the $how: status $status, stderr [$stderr], left [$left], alive [$alive]"
}
