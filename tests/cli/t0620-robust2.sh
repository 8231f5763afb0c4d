#!/bin/sh
# t0620-robust2.sh - the second robustness round (issue 20), one test per
# defect where the binary shows it: bad input is one "roofline:" line and
# exit 2, never a hang, a crash or a broken file. Each test is bounded by
# `timeout`, so a hang fails the test instead of the suite.
. "$(dirname "$0")/lib.sh"
SCRIPTED="sh $ROOFLINE_SRC/tests/cli/scripted-run.sh"

# usage_error ARGS...: like expect_usage_error, within 20 s (a hang is a failure)
usage_error() {
	timeout 20 "$ROOFLINE" "$@" >"$TRASH/.stdout" 2>"$TRASH/.stderr"
	rc=$?
	[ "$rc" -eq 2 ] || { echo "exit $rc, want 2"; cat "$TRASH/.stderr"; return 1; }
	[ "$(grep -vc '^roofline: warning: ' "$TRASH/.stderr")" -eq 1 ] ||
		{ echo "want one error line:"; cat "$TRASH/.stderr"; return 1; }
	grep -q '^roofline: ' "$TRASH/.stderr"
}

# ---- 8: every input read with a cap, only regular files ----
test_expect_success 'fit: env.csv linked to /dev/zero is refused at once' '
	$SCRIPTED r8 && rm r8/env.csv && ln -s /dev/zero r8/env.csv &&
	usage_error fit r8 && grep -q "env.csv: not a regular file" "$TRASH/.stderr"
'
test_expect_success 'fit: a FIFO for timings.csv is refused, not waited on' '
	$SCRIPTED r8f && rm r8f/timings.csv && mkfifo r8f/timings.csv &&
	usage_error fit r8f && grep -q "timings.csv: not a regular file" "$TRASH/.stderr"
'
test_expect_success 'report: a remarks file larger than the cap is refused naming it' '
	$SCRIPTED r8r && mkdir -p r8r/remarks && truncate -s 300M r8r/remarks/triad.txt &&
	usage_error report r8r --out o8r && grep -q "triad.txt: larger than 256 MB" "$TRASH/.stderr"
'
test_expect_success 'report: an unreadable remarks/ folder is said, not silently dropped' '
	test "$(id -u)" -eq 0 && exit 0
	$SCRIPTED r8u && mkdir -p r8u/remarks && echo x >r8u/remarks/triad.txt && chmod 000 r8u/remarks &&
	timeout 20 "$ROOFLINE" report r8u --out o8u 2>err; rc=$?; chmod 755 r8u/remarks
	test $rc -eq 0 && grep -q "verdict of .* left out" err
'

test_done
