#!/bin/sh
# t0650-robust3.sh - issue 44's third round on the newer surfaces: compare
# --check that compared nothing, measure --out's spellings and places,
# interrupted runs, report's left-out text, env.csv keys given twice.
. "$(dirname "$0")/lib.sh"
SCRIPTED="sh $ROOFLINE_SRC/tests/cli/scripted-run.sh"
Q="'"

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

TINY="--only peak --passes 1 --trials 1 --warmup 0 --min-time 1e-4"
test_expect_success 'measure --out DIR/ (a trailing slash, as completion writes it) makes DIR and measures' '
	"$ROOFLINE" measure --out slash/run// $TINY >slash.out 2>slash.err &&
	test -s slash/run/timings.csv && test -s slash/run/env.csv &&
	# the same again is refused as any existing directory is, and nothing is left half-made
	expect_usage_error measure --out slash/run/ $TINY && grep -q "File exists" "$TRASH/.stderr"
'

test_expect_success 'measure --out inside a run directory, a fleet or a fleet node is refused in one line' '
	$SCRIPTED inrun && mkdir -p fl/nodes && cp -r inrun fl/nodes/a &&
	printf "node,run,cpu_model,status\na,nodes/a,Scripted,ok\n" >fl/fleet.csv &&
	expect_usage_error measure --out inrun/new $TINY &&
	grep -q "^roofline: --out inrun/new is inside the run directory .*/inrun: a run is never made inside an existing one$" "$TRASH/.stderr" &&
	expect_usage_error measure --out fl/new/deeper/ $TINY &&
	grep -q "is inside the fleet .*/fl:" "$TRASH/.stderr" &&
	expect_usage_error measure --out fl/nodes/a/sub $TINY &&
	grep -q "is inside the run directory .*/fl/nodes/a:" "$TRASH/.stderr" &&
	(cd inrun && expect_usage_error measure --out here $TINY) &&
	! test -e inrun/new && ! test -e fl/new && ! test -e fl/nodes/a/sub && ! test -e inrun/here
'

test_expect_success 'an env.csv key given twice is refused at file:line:column, naming the first' '
	$SCRIPTED twice && echo "clock_ghz,9.9" >>twice/env.csv &&
	line=$(wc -l <twice/env.csv) && first=$(grep -n "^clock_ghz," twice/env.csv | head -n 1 | cut -d: -f1) &&
	for cmd in fit report; do
		expect_usage_error $cmd twice &&
		grep -x "roofline: twice/env.csv:$line:1: key $Q""clock_ghz$Q given twice (first on line $first)" "$TRASH/.stderr" ||
		return 1
	done
'

test_done
