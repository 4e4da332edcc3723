#!/usr/bin/env bats
# Every man page renders without a warning; its EXAMPLES, and the ```sh
# blocks of the README and of RESULTS.md, run as pasted (from a
# directory that has the project's data/) and print the figures they
# say they print.
#
# A command whose trailing comment says "prints" and then figures, as
#	opml-knn -e train.z test.z   # the Euclidean error: prints 0.1506
# claims that its standard output, then its standard error, hold those
# figures in that order, each as printed or rounded to the digits
# shown; the words between them are read over.  A changed default then
# fails here with the doc's line and what the command prints now.

load helper

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

@test "every program has a page, and every page renders without warnings, by groff and by mandoc -Tlint when installed" {
	for p in "$TOP"/bin/opml-*.c "$TOP"/scripts/opml-*; do
		n=$(basename "$p" .c)
		[ -f "$TOP/man/$n.1" ] || { echo "no man page for $n"; false; }
	done
	for m in "$TOP"/man/*.[157]; do
		run groff -man -ww -z "$m"
		[ -z "$output" ] || { echo "$m: $output"; false; }
		command -v mandoc > /dev/null || continue
		# warnings and errors; its style notes include pages that are
		# not installed here
		run mandoc -Tlint -Wwarning "$m"
		[ "$status" -eq 0 ] && [ -z "$output" ] || { echo "$m: $output"; false; }
	done
}

# The project installed (make install) into a prefix of this file's,
# once for the tests that run the examples as a user who installed it
# would.
setup_file() {
	export INSTALLED=$BATS_FILE_TMPDIR/prefix
	make -C "$TOP" install PREFIX="$INSTALLED" > "$BATS_FILE_TMPDIR/install.log" 2>&1 ||
	    { cat "$BATS_FILE_TMPDIR/install.log"; false; }
}

# as_installed DIR: DIR a directory outside the source tree with data/
# the installed data (as the README's set-up links it), and PATH the
# installed programs' without bin/ and scripts/ of the tree.
as_installed() {
	mkdir -p "$1"
	ln -s "$INSTALLED/share/opml" "$1/data"
	PATH=$INSTALLED/bin:$(echo "$PATH" | tr : '\n' |
	    grep -v -x -F -e "$TOP/bin" -e "$TOP/scripts" | paste -s -d : -)
}

@test "the EXAMPLES of every page run as pasted, from any directory once installed, and print the figures they say" {
	bad=0
	for m in "$TOP"/man/*.[157]; do
		d="$TMP/$(basename "$m")"
		as_installed "$d"
		numbered_examples "$m" > "$d/lines"
		[ -s "$d/lines" ] || [[ $m == *.5 ]] || { echo "$m: no examples"; false; }
		without_missing "$d" "man/$(basename "$m")" < "$d/lines" |
		    run_claims "$d" "man/$(basename "$m")" || bad=1
	done
	[ "$bad" -eq 0 ]
	# the claims were found (knn, pairs, roc, stat, opml(7))
	[ "$(cat "$TMP"/*/claims | wc -l)" -ge 8 ]
	skip_missing "$TMP"/*
}

@test "the README's sh blocks run as pasted, from any directory once installed, and print the figures they say" {
	as_installed "$TMP"
	[ "$(command -v opml-learn)" = "$INSTALLED/bin/opml-learn" ]
	md_blocks "$TOP/README.md" > "$TMP/lines"
	[ "$(grep -c prints "$TMP/lines")" -ge 2 ]
	without_missing "$TMP" README.md < "$TMP/lines" | run_claims "$TMP" README.md
	skip_missing "$TMP"
}

@test "RESULTS.md's sh blocks run as pasted and print the figures they say" {
	ln -s "$DATA" "$TMP/data"
	ln -s "$TOP/scripts" "$TMP/scripts"
	md_blocks "$TOP/RESULTS.md" > "$TMP/lines"
	# Table 2, LFW's protocol and by hand, the relative steps
	[ "$(grep -c prints "$TMP/lines")" -ge 9 ]
	without_missing "$TMP" RESULTS.md < "$TMP/lines" | run_claims "$TMP" RESULTS.md
	skip_missing "$TMP"
}

@test "the pages that point to RESULTS.md find it, and every commit it names exists" {
	[ -n "$(grep -l 'RESULTS\.md' "$TOP"/man/*)" ]
	[ -f "$TOP/RESULTS.md" ]
	if git -C "$TOP" rev-parse --git-dir > /dev/null 2>&1 &&
	    [ "$(git -C "$TOP" rev-parse --is-shallow-repository)" = false ]; then
		n=0
		for c in $(tr '\n' ' ' < "$TOP/RESULTS.md" |
		    grep -o 'commits\{0,1\} [0-9a-f]\{7\}\(, [0-9a-f]\{7\}\)*' | grep -o '[0-9a-f]\{7\}' | sort -u); do
			git -C "$TOP" cat-file -e "$c^{commit}" || { echo "RESULTS.md: no commit $c"; false; }
			n=$((n + 1))
		done
		[ "$n" -ge 15 ]
	fi
}

@test "man opml opens the overview, opml(7); every opml page referred to exists; install and uninstall move them all" {
	for x in $(grep -ho 'Xr opml[a-z-]* [0-9]' "$TOP"/man/* | sort -u | awk '{ print $2 "." $3 }'); do
		[ -f "$TOP/man/$x" ] || { echo "no man/$x"; false; }
	done
	# man looks in section 5 before 7: no page of another section may
	# be named opml
	[ "$(cd "$TOP/man" && ls opml.*)" = opml.7 ]
	run make -C "$TOP" install DESTDIR="$TMP/root" PREFIX=/usr
	[ "$status" -eq 0 ] || { show; false; }
	mp="$TMP/root/usr/share/man"
	for m in "$TOP"/man/*.[157]; do
		n=$(basename "$m")
		[ -f "$mp/man${n##*.}/$n" ] || { echo "$n not installed"; false; }
	done
	if command -v man > /dev/null; then
		[ "$(man -M "$mp" -w opml)" = "$mp/man7/opml.7" ]
		[ "$(man -M "$mp" -w opml-formats)" = "$mp/man5/opml-formats.5" ]
	fi
	run make -C "$TOP" uninstall DESTDIR="$TMP/root" PREFIX=/usr
	[ "$status" -eq 0 ] || { show; false; }
	[ -z "$(find "$TMP/root" -type f)" ] || { find "$TMP/root" -type f; false; }
}

@test "opml-learn(1): the resume example resumes on samples the first run did not see" {
	examples "$TOP/man/opml-learn.1" | grep -B1 -A1 '^n=.*samples=' > "$TMP/block"
	[ "$(wc -l < "$TMP/block")" -eq 3 ] || { cat "$TMP/block"; false; }
	grep -q -- '-C [0-9]' "$TMP/block"
	f=$(sed -n 's/^tail .*)) \([^ ]*\) .*/\1/p' "$TMP/block")
	[ -n "$f" ]
	ln -s "$DATA" "$TMP/data"
	run sh -ec "cd '$TMP' && . ./block && echo \$n"
	[ "$status" -eq 0 ] || { show; false; }
	n=${lines[${#lines[@]} - 1]}
	rows=$(grep -c . "$TMP/$f")
	[ "$n" -gt 0 ] && [ "$n" -lt "$rows" ] || { echo "resumed at $n of $rows"; false; }
	[[ $(head -1 "$TMP/next.model") == *" samples=$rows "* ]]
}
