#!/usr/bin/env bats
# opml-events(1)'s EXAMPLES and the README's opml-events line, as
# man.bats runs the other pages' (claims.bash), but fold by fold: a
# whole run is 18 SVMs (libsvm's svm-train -b 1), minutes of wall time
# as one test on a loaded machine.  The folds run first, a test a
# scene and a test a fold of scene 2, the largest, each keeping its
# part (opml-events -f) in $BATS_FILE_TMPDIR; then the example runs as
# pasted with -m those parts, which prints what one run prints, byte
# for byte (tested by tests/opml-events.bats, "-f, -m: each fold of
# each scene alone ...", and tests/scale-out.bats, "the protocols'
# recipes of opml(7) ..."): the claims of one run.  Here the caption's
# example; the default's (-c 30) and the README's line in
# man-events-c30.bats, beside this one.  The tests run in order, the
# last on the others' parts.

load helper
load claims

@test "every opml-events line of the README's sh blocks and of opml-events(1)'s EXAMPLES is run by this suite or man-events-c30.bats" {
	md_blocks "$TOP/README.md" | events_lines | events_command > "$TMP/readme"
	numbered_examples "$TOP/man/opml-events.1" > "$TMP/page.all"
	events_lines < "$TMP/page.all" | events_command > "$TMP/page"
	# the page's examples are all opml-events commands
	[ "$(wc -l < "$TMP/page")" -eq "$(wc -l < "$TMP/page.all")" ]
	echo "$events_readme_c30" | diff - "$TMP/readme"
	printf '%s\n' "$events_page_c30" "$events_page_caption" | sort | diff - <(sort "$TMP/page")
	# and the suites run those: each of the three a test's line
	for s in "man-events-c30 README.md events_readme_c30" "man-events-c30 opml-events.1 events_page_c30" \
	    "man-events opml-events.1 events_page_caption"; do
		# shellcheck disable=SC2086 # the words: file, document, name
		set -- $s
		[ "$(grep -c -x -F "	events_assembled $2 \"\$$3\"" "$TOP/tests/$1.bats")" -eq 1 ] ||
		    { echo "tests/$1.bats runs no events_assembled $2 \"\$$3\""; false; }
	done
}

@test "opml-events(1), -l caption -c 0: scene 1's folds, as installed" {
	events_folds "$events_page_caption" 1:1 1:2
}

@test "opml-events(1), -l caption -c 0: scene 2, fold 1, as installed" {
	events_folds "$events_page_caption" 2:1
}

@test "opml-events(1), -l caption -c 0: scene 2, fold 2, as installed" {
	events_folds "$events_page_caption" 2:2
}

@test "opml-events(1), -l caption -c 0: scene 3's folds, as installed" {
	events_folds "$events_page_caption" 3:1 3:2
}

@test "opml-events(1): the caption's table (-l caption -c 0), on its folds' parts, from any directory once installed, prints the figures it says" {
	events_assembled opml-events.1 "$events_page_caption"
}
