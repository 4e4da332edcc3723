#!/usr/bin/env bats
# opml-events(1)'s table of the default setting (-c 30), `opml-events -o
# umn umn`, and the README's `opml-events umn`, run as pasted from any
# directory once installed, their figures checked (claims.bash).  As one
# test each they took minutes on a loaded machine (a minute and a half
# of CPU: 18 SVMs of libsvm's svm-train -b 1), so their folds run first,
# a test a fold, and scene 2's (the largest, 25 and 35 s of CPU, most
# of it in svm-train) a test a method's SVM (opml-events -f S:F:M:
# beside a CPU burner a fold took 67 and 77 s), each keeping its part
# in $BATS_FILE_TMPDIR; then each
# command runs as pasted with -m those parts, which prints what one run
# prints, byte for byte (tested by tests/opml-events.bats, "-f, -m:
# each fold of each scene alone ...", and tests/scale-out.bats, "the
# protocols' recipes of opml(7) ..."): the claims of one run.  Both
# commands share the parts: -m refuses parts of other options.  The
# caption's example: man-events.bats, which checks that every
# opml-events line of the README and of the page is run by one of the
# two.  The tests run in order, the last two on the others' parts.

load helper
load claims

@test "opml-events(1), -c 30: scene 1, fold 1, as installed" {
	events_folds "$events_page_c30" 1:1
}

@test "opml-events(1), -c 30: scene 1, fold 2, as installed" {
	events_folds "$events_page_c30" 1:2
}

@test "opml-events(1), -c 30: scene 2, fold 1, euclidean's SVM, as installed" {
	events_folds "$events_page_c30" 2:1:euclidean
}

@test "opml-events(1), -c 30: scene 2, fold 1, opml's SVM, as installed" {
	events_folds "$events_page_c30" 2:1:opml
}

@test "opml-events(1), -c 30: scene 2, fold 1, copml's SVM, as installed" {
	events_folds "$events_page_c30" 2:1:copml
}

@test "opml-events(1), -c 30: scene 2, fold 2, euclidean's SVM, as installed" {
	events_folds "$events_page_c30" 2:2:euclidean
}

@test "opml-events(1), -c 30: scene 2, fold 2, opml's SVM, as installed" {
	events_folds "$events_page_c30" 2:2:opml
}

@test "opml-events(1), -c 30: scene 2, fold 2, copml's SVM, as installed" {
	events_folds "$events_page_c30" 2:2:copml
}

@test "opml-events(1), -c 30: scene 3, fold 1, as installed" {
	events_folds "$events_page_c30" 3:1
}

@test "opml-events(1), -c 30: scene 3, fold 2, as installed" {
	events_folds "$events_page_c30" 3:2
}

@test "opml-events(1): the table of the shipped features (-c 30), on its folds' parts, from any directory once installed, prints the figures it says" {
	events_assembled opml-events.1 "$events_page_c30"
}

@test "README: opml-events umn, on the same parts, from any directory once installed, prints the figures it says" {
	events_assembled README.md "$events_readme_c30"
}
