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
