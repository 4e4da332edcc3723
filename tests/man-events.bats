#!/usr/bin/env bats
# opml-events(1)'s EXAMPLES, as man.bats runs the other pages' (a suite
# of its own: two whole runs of the UMN protocol, beside the others).

load helper
load claims

@test "opml-events(1)'s EXAMPLES run as pasted, from any directory once installed, and print the figures they say" {
	page_examples opml-events.1
	skip_missing "$TMP"/*
	[ "$(cat "$TMP"/*/claims | wc -l)" -ge 2 ]
}
