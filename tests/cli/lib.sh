# lib.sh - a tiny TAP harness for the CLI tests, in git's t/test-lib.sh style.
# Source it, call test_expect_success "description" 'commands' for each test,
# then test_done. Commands run in a subshell with `set -e`-like && chains.
# ROOFLINE (the binary) comes from `make test`; a scratch directory is
# $TRASH, removed at the end unless a test failed.

: "${ROOFLINE:?run these through make test (ROOFLINE is not set)}"
ROOFLINE_SRC=${ROOFLINE_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
TRASH=$(mktemp -d "${TMPDIR:-/tmp}/roofline-test.XXXXXX")
test_count=0
test_failed=0

test_expect_success() {
	test_count=$((test_count + 1))
	if (cd "$TRASH" && eval "$2") >"$TRASH/.out" 2>&1; then
		echo "ok $test_count - $1"
	else
		echo "not ok $test_count - $1"
		sed 's/^/# /' "$TRASH/.out"
		test_failed=$((test_failed + 1))
	fi
}

# expect_usage_error "args...": exit 2 and exactly one stderr line starting "roofline:"
expect_usage_error() {
	"$ROOFLINE" "$@" >"$TRASH/.stdout" 2>"$TRASH/.stderr"
	rc=$?
	[ "$rc" -eq 2 ] || { echo "exit $rc, want 2"; cat "$TRASH/.stderr"; return 1; }
	[ "$(wc -l <"$TRASH/.stderr")" -eq 1 ] || { echo "want one stderr line:"; cat "$TRASH/.stderr"; return 1; }
	grep -q '^roofline: ' "$TRASH/.stderr" || { echo "no roofline: prefix:"; cat "$TRASH/.stderr"; return 1; }
}

# csv_header FILE: the header line
csv_header() {
	head -n 1 "$1"
}

test_done() {
	echo "1..$test_count"
	if [ "$test_failed" -eq 0 ]; then
		rm -rf "$TRASH"
		exit 0
	fi
	echo "# $test_failed of $test_count failed; scratch kept in $TRASH"
	exit 1
}
