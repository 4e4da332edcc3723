#!/usr/bin/env bats
# RESULTS.md's ```sh blocks run as pasted, from the top of the source
# tree with bin/ and scripts/ on PATH (as RESULTS.md says), and print
# the figures they say they print (claims.bash).

load helper
load claims

# nothing to install: RESULTS.md runs in the source tree
setup_file() { :; }

@test "RESULTS.md's sh blocks run as pasted and print the figures they say" {
	ln -s "$DATA" "$TMP/data"
	ln -s "$TOP/scripts" "$TMP/scripts"
	md_blocks "$TOP/RESULTS.md" > "$TMP/lines"
	# Table 2, LFW's protocol and by hand, the relative steps
	[ "$(grep -c prints "$TMP/lines")" -ge 9 ]
	without_missing "$TMP" RESULTS.md < "$TMP/lines" | run_claims "$TMP" RESULTS.md
	skip_missing "$TMP"
}
