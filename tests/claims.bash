# Shared by the suites that run the documents' commands (man.bats,
# man-events.bats, results.bats): the commands of a page's EXAMPLES or
# of a Markdown file's sh blocks, run as pasted, and the figures their
# "prints" comments claim checked.
#
# A command whose trailing comment says "prints" and then figures, as
#	opml-knn -e train.z test.z   # the Euclidean error: prints 0.1506
# claims that its standard output, then its standard error, hold those
# figures in that order, each as printed or rounded to the digits
# shown; the words between them are read over.  A changed default then
# fails here with the doc's line and what the command prints now.

# The commands of a page's EXAMPLES, as LINE<TAB>COMMAND: the lines of
# its literal displays and its .Dl lines, with \e line continuations
# joined (LINE the first one's) and escapes undone.
numbered_examples() {
	awk '/^\.Sh / { on = ($2 == "EXAMPLES") } !on { next }
	/^\.Bd -literal/ { lit = 1; next } /^\.Ed/ { lit = 0; next }
	/^\.Dl / { sub(/^\.Dl /, ""); print_cmd($0); next }
	lit { print_cmd($0) }
	function print_cmd(l) {
		gsub(/\\-/, "-", l); gsub(/\\\(aq/, "\047", l)
		if (cont == "") first = NR
		if (l ~ /\\e$/) { sub(/\\e$/, "", l); cont = cont l; return }
		l = cont l; cont = ""; gsub(/\\e/, "\\", l); print first "\t" l }' "$1"
}

# The commands alone.
examples() {
	numbered_examples "$1" | cut -f 2-
}

# The commands of the ```sh blocks of a Markdown file, as LINE<TAB>COMMAND;
# not the set-up lines (make ...), which are what runs this.
md_blocks() {
	awk '/^```/ { sh = !sh && $0 == "```sh"; next }
	sh && !/^make / { print NR "\t" $0 }' "$1"
}

# The commands of the documents that need a tool outside the README's
# list, as PROGRAM:TOOL:PACKAGE: PROGRAM (a word of the command) needs
# TOOL, which Debian's PACKAGE installs.
optional="opml-events:svm-train:libsvm-tools parallel:parallel:parallel
ffmpeg:ffmpeg:ffmpeg svm-train:svm-train:libsvm-tools svm-scale:svm-scale:libsvm-tools"

# without_missing DIR NAME: the LINE<TAB>COMMAND lines of stdin, from
# file NAME, less those that need a tool this machine lacks; what was
# left out, and why, goes to DIR/skipped, for skip_missing.
without_missing() {
	local o progs=
	for o in $optional; do
		command -v "$(echo "$o" | cut -d: -f2)" > /dev/null 2>&1 || progs="$progs $o"
	done
	awk -F '\t' -v progs="$progs" -v skipped="$1/skipped" -v name="$2" '
	BEGIN { n = split(progs, p, " ") }
	{
		for (i = 1; i <= n; i++) {
			split(p[i], w, ":")
			if ($2 ~ ("(^|[ \t|;&(/])" w[1] "([ \t]|$)")) {
				printf "%s:%d needs %s (Debian: apt-get install %s)\n", name, $1, w[2], w[3] > skipped
				next
			}
		}
		print
	}'
}

# skip_missing DIR...: once the rest has passed, skip the test with what
# was left out for want of a tool, if anything was.
skip_missing() {
	local d msg
	msg=$(for d in "$@"; do [ ! -s "$d/skipped" ] || cat "$d/skipped"; done | paste -s -d ';' -)
	[ -z "$msg" ] || skip "not run: $msg; the rest ran and printed its figures"
}

# run_claims DIR NAME: run the LINE<TAB>COMMAND lines of stdin, from
# file NAME, in DIR as one sh -e script, each claimed output going to
# DIR/claim.K (stdout) and DIR/claim.K.err; then check every claim.
# Prints what failed and returns 1.
run_claims() {
	awk -F '\t' -v claims="$1/claims" -v name="$2" '{
		cmd = substr($0, length($1) + 2)
		if (!match(cmd, /[ \t]#[^#\047"]*prints[^#\047"]*$/)) { print cmd; next }
		body = substr(cmd, 1, RSTART - 1); sub(/[ \t]+$/, "", body)
		c = substr(cmd, RSTART); sub(/.*prints/, "", c)
		n = split(c, w, /[^0-9.]+/); figs = ""
		for (i = 1; i <= n; i++) {
			sub(/\.$/, "", w[i])
			if (w[i] ~ /^[0-9]*\.[0-9]+$/) figs = figs " " w[i]
		}
		if (figs == "") { print cmd; next }
		k++
		print "{ " body
		print "} > claim." k " 2> claim." k ".err"
		printf "%d\t%s:%d\t%s\t%s\n", k, name, $1, body, substr(figs, 2) > claims
	}' > "$1/examples.sh"
	: >> "$1/claims"
	run sh -ec "cd '$1' && . ./examples.sh"
	[ "$status" -eq 0 ] || { echo "$2 failed: $output"; cat "$1/examples.sh"; return 1; }
	awk -F '\t' -v dir="$1" '
	# x is y as printed or rounded to k decimals (a printed 0.8925 is
	# either 0.892 or 0.893)
	function near(x, y, k, d) { d = x - y; if (d < 0) d = -d
		return d <= 0.5000001 * 10 ^ -k }
	{
		out = ""; nt = 0
		for (e = 0; e < 2; e++) {
			f = dir "/claim." $1 (e ? ".err" : "")
			while ((g = getline l < f) > 0) {
				out = out "\n    " l
				m = split(l, w, /[^-+.0-9eE]+/)
				for (i = 1; i <= m; i++)
					if (w[i] ~ /^-?[0-9]*\.?[0-9]+([eE][-+]?[0-9]+)?$/) t[++nt] = w[i]
			}
			close(f)
			if (g < 0) break
		}
		if (g < 0) { printf "%s: `%s` did not run\n", $2, $3; bad = 1; next }
		nf = split($4, fig, " "); j = 1; miss = ""
		for (i = 1; i <= nf; i++) {
			k = fig[i]; sub(/^[0-9]*\.?/, "", k); k = length(k)
			while (j <= nt && !near(t[j], fig[i], k)) j++
			if (j > nt) { miss = fig[i]; break }
			j++
		}
		if (miss != "") {
			printf "%s: `%s` says it prints %s; %s is not there (in that order). It prints:%s\n", $2, $3, $4, miss, out
			bad = 1
		}
	}
	END { exit bad }' "$1/claims"
}

# The project installed (make install) into a prefix of this file's,
# once for the tests that run the examples as a user who installed it
# would; -o all: the programs as built, never rebuilt under the suites
# that run them beside this one.
setup_file() {
	export INSTALLED=$BATS_FILE_TMPDIR/prefix
	make -C "$TOP" -o all install PREFIX="$INSTALLED" > "$BATS_FILE_TMPDIR/install.log" 2>&1 ||
	    { cat "$BATS_FILE_TMPDIR/install.log"; false; }
}

# as_installed DIR: DIR a directory outside the source tree with data/
# the installed data (as the README's set-up links it), and PATH the
# installed programs' without bin/ and scripts/ of the tree (after
# $FIRST_ON_PATH, if set: events_assembled's opml-events).
as_installed() {
	mkdir -p "$1"
	ln -s "$INSTALLED/share/opml" "$1/data"
	PATH=${FIRST_ON_PATH:+$FIRST_ON_PATH:}$INSTALLED/bin:$(echo "$PATH" | tr : '\n' |
	    grep -v -x -F -e "$TOP/bin" -e "$TOP/scripts" | paste -s -d : -)
}

# page_examples PAGE...: the EXAMPLES of each man/PAGE run as pasted,
# from a directory of its own under $TMP outside the tree, once
# installed (as_installed); every claim checked.  Fails if one fails;
# skips, once the rest has passed, with what needed a missing tool.
# With EXAMPLES_MATCH set, only the commands that it matches (grep -e).
page_examples() {
	local m d bad=0
	for m in "$@"; do
		d="$TMP/$m"
		as_installed "$d"
		numbered_examples "$TOP/man/$m" | grep -e "${EXAMPLES_MATCH:-}" > "$d/lines" || :
		[ -s "$d/lines" ] || [[ $m == *.5 ]] || { echo "man/$m: no examples"; false; }
		without_missing "$d" "man/$m" < "$d/lines" |
		    run_claims "$d" "man/$m" || bad=1
	done
	[ "$bad" -eq 0 ]
}

# The documents' opml-events commands.  Each is a whole run of the UMN
# protocol, 18 SVMs (libsvm's svm-train -b 1): a minute and a half of
# CPU for the default's table, three minutes and more of wall time as
# one test on a loaded machine.  So man.bats leaves them out (events_re
# matches them) and man-events.bats and man-events-c30.bats run each
# one's folds as tests of their own (events_folds: a test a fold, or a
# scene where its folds are small), then the command as pasted on those
# parts (events_assembled: opml-events -m, which prints what one run
# prints, byte for byte: tests/opml-events.bats's "-f, -m: each fold of
# each scene alone ..." and tests/scale-out.bats's recipes test that).
# Each command is named by what it is, its comment left out; the
# coverage test of man-events.bats checks that these are every
# opml-events line of the README's sh blocks and opml-events(1)'s
# EXAMPLES.
events_re=$'(^|[ \t|;&(/])opml-events([ \t]|$)'
events_page_c30='opml-events -o umn umn'
events_readme_c30='opml-events umn'
events_page_caption='opml-events -l caption -c 0 umn'

# events_lines: of the LINE<TAB>COMMAND lines of stdin, those that run
# opml-events
events_lines() {
	grep -E "$events_re" || :
}

# events_command: the COMMAND of the LINE<TAB>COMMAND lines of stdin,
# without its comment
events_command() {
	cut -f 2- | sed 's/[ \t]*#.*//'
}

# events_folds COMMAND S:F...: fold F of scene S of the documented
# opml-events COMMAND (its options, less -o DIR; -f S:F), each run alone
# as installed from a directory outside the tree, its part kept in
# $BATS_FILE_TMPDIR/parts/S:F for events_assembled
events_folds() {
	local cmd=$1 args sf
	shift
	need svm-train libsvm-tools
	[[ $cmd == "opml-events "* ]] || { echo "$cmd: not an opml-events command"; false; }
	args=$(echo "${cmd#opml-events }" | sed 's/\(^\| \)-o [^ ]*//')
	as_installed "$TMP/run"
	mkdir -p "$BATS_FILE_TMPDIR/parts"
	for sf; do
		# shellcheck disable=SC2086 # the command's words
		(cd "$TMP/run" && opml-events -f "$sf" $args) > "$BATS_FILE_TMPDIR/parts/$sf"
	done
}

# events_assembled FILE COMMAND: the lines of FILE (a man page, or
# README.md) whose command, less its comment, is COMMAND, run as pasted
# from a directory outside the tree, once installed, with the opml-events
# first on PATH one that runs the installed program with -m the parts of
# events_folds (all the run's folds, or it fails naming the one
# missing); their claims checked as run_claims does
events_assembled() {
	local d=$TMP/assembled
	need svm-train libsvm-tools
	mkdir -p "$BATS_FILE_TMPDIR/wrap"
	cat "$BATS_FILE_TMPDIR"/parts/* > "$BATS_FILE_TMPDIR/umn.parts" ||
	    { echo "no parts: the fold tests of this file make them"; false; }
	printf '#!/bin/sh\nexec "%s" -m "%s" "$@"\n' "$INSTALLED/bin/opml-events" \
	    "$BATS_FILE_TMPDIR/umn.parts" > "$BATS_FILE_TMPDIR/wrap/opml-events"
	chmod +x "$BATS_FILE_TMPDIR/wrap/opml-events"
	FIRST_ON_PATH=$BATS_FILE_TMPDIR/wrap as_installed "$d"
	[ "$(command -v opml-events)" = "$BATS_FILE_TMPDIR/wrap/opml-events" ]
	case $1 in
	*.md) md_blocks "$TOP/$1" ;;
	*) numbered_examples "$TOP/man/$1" ;;
	esac | awk -F '\t' -v c="$2" '{ x = $2; sub(/[ \t]*#.*/, "", x) } x == c' > "$d/lines"
	[ "$(wc -l < "$d/lines")" -eq 1 ] || { echo "$1: not one line \`$2\`"; cat "$d/lines"; false; }
	grep -q prints "$d/lines"
	run_claims "$d" "$1" < "$d/lines"
	[ "$(wc -l < "$d/claims")" -eq 1 ]
}
