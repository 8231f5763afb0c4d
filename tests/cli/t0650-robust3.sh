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
	test -s slash/run/timings.csv && test -s slash/run/env.csv && grep -qx "interrupted,0" slash/run/env.csv &&
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

STOPS_HEADER="group,kernel,param,threads,working_set_bytes,statistic,kept,width,tolerance,stop"
test_expect_success 'an interrupted run (a stops.csv row) says so in the budget row and the figure' '
	$SCRIPTED cut && printf "budget_s,50\nstops_tolerance,40\nstops_ceiling,2\nstops_budget,0\n" >>cut/env.csv &&
	{ echo "$STOPS_HEADER"; echo "kernels,dot,0,1,134217728,median,2,0.1,0.05,interrupted"; } >cut/stops.csv &&
	"$ROOFLINE" report cut --out cut-r 2>/dev/null &&
	grep -q "^| budget | interrupted: a signal stopped the run before its end; its figures are of the jobs it reached (\`stops.csv\` names those it cut short); roofs known to " cut-r/report.md &&
	! grep -q "every figure within its tolerance" cut-r/report.md &&
	"$ROOFLINE" plot cut --out cut-p --format svg 2>/dev/null &&
	grep -q "2026-11-30T00:00:00Z  ·  interrupted: only the jobs it reached<" cut-p/roofline.svg &&
	grep -q "interrupted: only the jobs it reached" cut-p/roofline.gp
'

test_expect_success 'env.csv interrupted,1 marks a run as interrupted; 0 and a run without the key do not' '
	$SCRIPTED sig && echo "interrupted,1" >>sig/env.csv &&
	"$ROOFLINE" report sig --out sig-r 2>/dev/null && grep -q "^| budget | interrupted: " sig-r/report.md &&
	$SCRIPTED calm && echo "interrupted,0" >>calm/env.csv &&
	"$ROOFLINE" report calm --out calm-r 2>/dev/null && ! grep -q "^| budget | interrupted" calm-r/report.md &&
	"$ROOFLINE" report a --out a-r 2>/dev/null && ! grep -q "interrupted" a-r/report.md
'

test_expect_success 'report names at most 30 left-out jobs, then counts the rest (2000 skipped rows)' '
	$SCRIPTED many && awk -v h="$STOPS_HEADER" "BEGIN { print h; for (i = 0; i < 2000; i++)
		printf \"kernels,gemm_ijk,%d,1,1000,median,0,inf,0.05,skipped\\n\", 1000 + i }" >many/stops.csv &&
	"$ROOFLINE" report many --out many-r 2>/dev/null &&
	row=$(grep "^| left out |" many-r/report.md) &&
	test "$(echo "$row" | grep -o "gemm_ijk n = " | wc -l)" -eq 30 &&
	echo "$row" | grep -q "gemm_ijk n = 1029 (1 thread) and 1970 more (2000 jobs in all; \`stops.csv\` names each): too long for the budget"
'

# A gnuplot that says it started, then writes its figure late: plot is
# interrupted while it runs (no timing: the wait is for its pid file).
test_expect_success 'plot: SIGTERM while gnuplot runs kills and reaps it before the cleanup' '
	$SCRIPTED gp && mkdir fakebin && cat >fakebin/gnuplot <<-\EOS &&
	#!/bin/sh
	out=$(printf "%s" "$2" | sed -n "s/.*out=.\([^'"'"']*\).*/\1/p")
	echo $$ >"$GP_PID" && sleep 0.5 && echo late >"$out"
	EOS
	chmod +x fakebin/gnuplot &&
	GP_PID=$PWD/gp.pid PATH=$PWD/fakebin:$PATH "$ROOFLINE" plot gp --out gp-o 2>/dev/null & pid=$!
	i=0; while ! test -s gp.pid && test $i -lt 1000; do sleep 0.02; i=$((i + 1)); done
	kill -TERM $pid; wait $pid; rc=$?
	gp=$(cat gp.pid)
	alive=0; kill -0 "$gp" 2>/dev/null && alive=1 && kill "$gp"
	test $rc -eq 143 && test $alive -eq 0 &&
	sleep 0.7 && ! ls gp-o | grep "\.tmp\."
'

FLEET="sh $ROOFLINE_SRC/tests/cli/scripted-fleet.sh"
# sums DIR: every file under DIR with its checksum (what is there, and what it holds)
sums() {
	(cd "$1" && find . | LC_ALL=C sort | while read -r f; do
		if test -f "$f"; then sha256sum "$f"; else echo "$f"; fi; done)
}
test_expect_success 'plot and report of a fleet fit in memory: the fleet is left as found' '
	$FLEET fro 2 && sums fro >before &&
	"$ROOFLINE" plot fro --out fro-p --format svg 2>/dev/null && test -s fro-p/roofline.svg &&
	"$ROOFLINE" report fro --out fro-r 2>/dev/null && test -s fro-r/report.md &&
	sums fro >after && cmp before after &&
	# fit stays the one writer
	"$ROOFLINE" fit fro >/dev/null && test -s fro/fleet-roofs.csv && test -s fro/nodes/a/roofs.csv
'

test_expect_success 'a node directory linked out of the fleet is left out in one line naming it, nothing written there' '
	$FLEET fl 2 && mkdir elsewhere && mv fl/nodes/b elsewhere/b && ln -s ../../elsewhere/b fl/nodes/b &&
	sums elsewhere >before &&
	for cmd in "fit fl" "plot fl --format svg --out fl-p" "report fl --out fl-r"; do
		"$ROOFLINE" $cmd >out 2>err || return 1
		test "$(grep -c "^roofline: warning: node b left out: fl/nodes/b resolves to .*/elsewhere/b, outside the fleet (a symbolic link?)$" err)" -eq 1 ||
		{ cat err; return 1; }
	done &&
	sums elsewhere >after && cmp before after && test -s fl/nodes/a/roofs.csv
'

test_done
