#!/bin/sh
# t0650-robust3.sh - issue 44's third round on the newer surfaces: compare
# --check that compared nothing, measure --out's spellings and places,
# interrupted runs, report's left-out text, env.csv keys given twice.
. "$(dirname "$0")/lib.sh"
SCRIPTED="sh $ROOFLINE_SRC/tests/cli/scripted-run.sh"

test_expect_success 'compare --check exits 2 when the runs share no point, saying why in one line' '
	$SCRIPTED a && cp -r a nokernels &&
	awk -F, "\$4 != \"kernels\"" a/timings.csv >nokernels/timings.csv &&
	"$ROOFLINE" compare a nokernels --out none --check >none.out 2>none.err; rc=$? &&
	test $rc -eq 2 && ! test -s none.out &&
	grep -x "roofline: compare --check: nothing compared: a and nokernels share no point (no kernel at one size and thread count in both)" none.err &&
	test "$(grep -c "^roofline: compare" none.err)" -eq 1 &&
	# the files are still written; without --check nothing fails
	test -s none/compare.md && "$ROOFLINE" compare a nokernels --out none2 2>/dev/null
'

test_done
