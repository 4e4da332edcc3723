#!/usr/bin/env bats
# RESULTS.md's ```sh blocks run as pasted, from the top of the source
# tree with bin/ and scripts/ on PATH (as RESULTS.md says), and print
# the figures they say they print (claims.bash): a test a part, for
# their cost, each part's commands run in order in one directory.

load helper
load claims

# nothing to install: RESULTS.md runs in the source tree
setup_file() { :; }

# The parts, each the commands (grep -e) that tell it apart: Table 2 on
# the authors' splits, LFW's protocol, LFW by hand, the rest.
part1='^[0-9]*	opml-uci-table -p data/splits data '
part2='^[0-9]*	opml-verify -s 1 lfw '

# results_part GREP-ARGS...: the commands that grep GREP-ARGS selects
# run in $TMP, and their claims checked
results_part() {
	ln -s "$DATA" "$TMP/data"
	ln -s "$TOP/scripts" "$TMP/scripts"
	md_blocks "$TOP/RESULTS.md" | grep "$@" > "$TMP/lines" || :
	[ -s "$TMP/lines" ]
	without_missing "$TMP" RESULTS.md < "$TMP/lines" | run_claims "$TMP" RESULTS.md
	skip_missing "$TMP"
}

@test "RESULTS.md: every sh block is run by a part, and the parts hold the claims they should" {
	md_blocks "$TOP/RESULTS.md" > "$TMP/all"
	# Table 2, LFW's protocol and by hand, the relative steps
	[ "$(grep -c prints "$TMP/all")" -ge 9 ]
	[ "$(grep -c -e "$part1" "$TMP/all")" -eq 1 ]
	[ "$(grep -c -e "$part2" "$TMP/all")" -eq 1 ]
}

@test "RESULTS.md, section 1: Table 2 on the authors' splits prints the figures it says" {
	results_part -e "$part1"
}

@test "RESULTS.md, section 2: opml-verify -s 1 lfw prints the figures it says" {
	results_part -e "$part2"
}

@test "RESULTS.md: the other sh blocks run as pasted and print the figures they say" {
	results_part -v -e "$part1" -e "$part2"
}
