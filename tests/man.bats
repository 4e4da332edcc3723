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
