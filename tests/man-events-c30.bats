#!/usr/bin/env bats
# opml-events(1)'s -c 30 example, the longest of its EXAMPLES, in a
# suite of its own so that it runs beside man-events.bats (which checks
# that every example is run by one of the two).

load helper
load claims

@test "opml-events(1): the table of the shipped features (-c 30), from any directory once installed, prints the figures it says" {
	EXAMPLES_MATCH='opml-events -o umn umn' page_examples opml-events.1
	skip_missing "$TMP"/*
	[ "$(cat "$TMP"/*/claims | wc -l)" -eq 1 ]
}
