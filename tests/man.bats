#!/usr/bin/env bats
# Every man page renders without a warning; its EXAMPLES, and the ```sh
# blocks of the README, run as pasted, from any directory once
# installed, and print the figures they say they print (claims.bash).
# RESULTS.md's blocks: results.bats; opml-events(1)'s EXAMPLES and the
# README's opml-events line, each minutes of SVMs: man-events.bats and
# man-events-c30.bats, fold by fold (claims.bash, events_folds).

load helper
load claims

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

# The pages whose EXAMPLES have suites of their own (opml-events(1):
# man-events.bats) or tests of their own below, for their cost.
own_suite="opml-events.1"
own_test="opml-verify.1 opml-uci-table.1 opml.7"

@test "the EXAMPLES of every other page run as pasted, from any directory once installed, and print the figures they say" {
	pages=
	for m in "$TOP"/man/*.[157]; do
		m=$(basename "$m")
		case " $own_suite $own_test " in *" $m "*) continue ;; esac
		pages="$pages $m"
	done
	# shellcheck disable=SC2086
	page_examples $pages
	# the claims were found (knn, pairs, roc, stat)
	[ "$(cat "$TMP"/*/claims | wc -l)" -ge 6 ]
	skip_missing "$TMP"/*
}

@test "opml-verify(1)'s EXAMPLES run as pasted, from any directory once installed" {
	page_examples opml-verify.1
	skip_missing "$TMP"/*
}

@test "opml-uci-table(1)'s EXAMPLES run as pasted, from any directory once installed" {
	page_examples opml-uci-table.1
	skip_missing "$TMP"/*
}

@test "opml(7)'s EXAMPLES run as pasted, from any directory once installed, and print the figures they say" {
	page_examples opml.7
	skip_missing "$TMP"/*
	[ "$(cat "$TMP"/*/claims | wc -l)" -ge 1 ]
}

@test "the README's sh blocks run as pasted, from any directory once installed, and print the figures they say (opml-events: man-events-c30.bats)" {
	as_installed "$TMP"
	[ "$(command -v opml-learn)" = "$INSTALLED/bin/opml-learn" ]
	# its opml-events line, a run of 18 SVMs, in a suite of its own
	md_blocks "$TOP/README.md" | grep -v -E "$events_re" > "$TMP/lines"
	[ "$(md_blocks "$TOP/README.md" | events_lines | wc -l)" -ge 1 ]
	[ "$(grep -c prints "$TMP/lines")" -ge 2 ]
	without_missing "$TMP" README.md < "$TMP/lines" | run_claims "$TMP" README.md
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
	run make -C "$TOP" -o all install DESTDIR="$TMP/root" PREFIX=/usr
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

@test "opml-methods(7) has a section for every method of the registry, and opml-learn(1) keeps no test-suite notes" {
	names=$(sed -n '/^#define OPML_METHODS/,$p' "$TOP/lib/methods/registry.h" | grep -o 'X([A-Z]*, [a-z]*)' | sed 's/.*, \(.*\))/\1/')
	[ "$(wc -w <<< "$names")" -eq 12 ]
	for n in $names; do
		case $n in opml|copml) grep -q '^\.Ss OPML and COPML' "$TOP/man/opml-methods.7" ;;
		*) grep -q "^\.It Cm $n\$" "$TOP/man/opml-methods.7" || { echo "no $n"; false; } ;;
		esac
	done
	! grep -n 'make check\|Octave\|tests/' "$TOP/man/opml-learn.1"
}
