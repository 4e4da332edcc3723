#!/usr/bin/env bats
# opml-events(1)'s EXAMPLES, as man.bats runs the other pages' (suites
# of their own, a test an example, each a whole run of the UMN protocol
# beside the other suites: the default's table, the longest, in
# man-events-c30.bats).

load helper
load claims

# The examples, each the command that tells it apart (example2 runs in
# man-events-c30.bats).
example1='opml-events -l caption -c 0 umn'
example2='opml-events -o umn umn'

@test "opml-events(1): each example is run by a test of this suite or of man-events-c30.bats" {
	[ "$(numbered_examples "$TOP/man/opml-events.1" | wc -l)" -eq 2 ]
	[ "$(numbered_examples "$TOP/man/opml-events.1" | grep -c -F -e "$example1" -e "$example2")" -eq 2 ]
}

@test "opml-events(1): the caption's table (-c 0), from any directory once installed, prints the figures it says" {
	EXAMPLES_MATCH=$example1 page_examples opml-events.1
	skip_missing "$TMP"/*
	[ "$(cat "$TMP"/*/claims | wc -l)" -eq 1 ]
}
