#!/usr/bin/env bats
# Every man page renders without a warning, and its EXAMPLES run as
# pasted (from a directory that has the project's data/).

load helper

# The commands of a page's EXAMPLES: the lines of its literal displays
# and its .Dl lines, with \e line continuations joined and escapes
# undone.
examples() {
	awk '/^\.Sh / { on = ($2 == "EXAMPLES") } !on { next }
	/^\.Bd -literal/ { lit = 1; next } /^\.Ed/ { lit = 0; next }
	/^\.Dl / { sub(/^\.Dl /, ""); print_cmd($0); next }
	lit { print_cmd($0) }
	function print_cmd(l) {
		gsub(/\\-/, "-", l); gsub(/\\\(aq/, "\047", l)
		if (l ~ /\\e$/) { sub(/\\e$/, "", l); cont = cont l; return }
		l = cont l; cont = ""; gsub(/\\e/, "\\", l); print l }' "$1"
}

@test "every program has a page, and every page renders without warnings" {
	for p in "$TOP"/bin/opml-*.c "$TOP"/scripts/opml-*; do
		n=$(basename "$p" .c)
		[ -f "$TOP/man/$n.1" ] || { echo "no man page for $n"; false; }
	done
	for m in "$TOP"/man/*.[157]; do
		run groff -man -ww -z "$m"
		[ -z "$output" ] || { echo "$m: $output"; false; }
	done
}

@test "the EXAMPLES of every page run as pasted" {
	for m in "$TOP"/man/*.[157]; do
		d="$TMP/$(basename "$m")"
		mkdir -p "$d"
		ln -s "$DATA" "$d/data"
		ln -s "$TOP/scripts" "$d/scripts"
		examples "$m" > "$d/examples.sh"
		[ -s "$d/examples.sh" ] || [[ $m == *.5 ]] || { echo "$m: no examples"; false; }
		run sh -ec "cd '$d' && . ./examples.sh"
		[ "$status" -eq 0 ] || { echo "$m failed: $output"; cat "$d/examples.sh"; false; }
	done
}
