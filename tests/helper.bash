# Shared by the bats suites: the fresh binaries and the installed
bats_require_minimum_version 1.5.0
# scripts (scripts/opml-*) first on PATH, fixtures and a scratch
# directory at hand.
TOP="$(cd "$(dirname "$BATS_TEST_FILENAME")/.." && pwd)"
PATH="$TOP/bin:$TOP/scripts:$PATH"
FIX="$TOP/tests/fixtures"
DATA="$TOP/data"
export PATH TOP FIX DATA LC_ALL=C

setup() {
	TMP="$BATS_TEST_TMPDIR"
}

# Print what a failing `run` saw, so that a failure explains itself.
show() {
	echo "status: $status"
	echo "output: $output"
	[ -z "${stderr-}" ] || echo "stderr: $stderr"
}

# A sanitizer's runtime reserves terabytes of shadow address space and
# must come first among preloaded libraries: tests of ulimit -v or of
# LD_PRELOAD cannot run under it.
skip_if_sanitized() {
	if ldd "$TOP/bin/opml-learn" 2>/dev/null | grep -q 'lib[atu]*san'; then
		skip "a sanitizer build: $1"
	fi
}

# need TOOL PACKAGE: skip the test, with the same message everywhere,
# unless TOOL is on PATH.  Only for tools outside the README's list (a C
# compiler, make; bats, which scripts/bats fetches): the rest of the
# suite runs on a machine that has nothing else.
need() {
	command -v "$1" > /dev/null 2>&1 ||
	    skip "needs $1 (Debian: apt-get install $2), not on the README's list"
}

# The release lib/version.c defines, and the commit the GNUmakefile
# gives the build: git's short hash in a clone, else "unknown".
release() {
	sed -n 's/^const char opml_version\[\] = "\(.*\)";$/\1/p' "$TOP/lib/version.c"
}
commit() {
	if [ -e "$TOP/.git" ]; then git -C "$TOP" rev-parse --short HEAD; else echo unknown; fi
}
