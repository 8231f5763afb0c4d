#!/bin/sh
# Jobs a run left out (stops.csv "skipped": a quick run's slow kernels, or
# one past its share of the budget, plan.h SCHED_JOB_SHARE) are named in the
# report with their thread counts; a bad stops.csv is bad input (exit 2, one
# line); a kernel name is written as text, never as markdown.
. "$(dirname "$0")/lib.sh"
FX=$ROOFLINE_SRC/tests/fixtures/intel-vm-run
HEADER=group,kernel,param,threads,working_set_bytes,statistic,kept,width,tolerance,stop

test_expect_success 'the report names each left-out job and says how to time it' '
	cp -R "$FX" run &&
	{ echo "$HEADER"
	  echo "kernels,triad,0,1,3000000000,median,6,0.01,0.02,tolerance"
	  echo "kernels,gemm_ijk,1024,1,25231360,median,0,inf,0.02,skipped"
	  echo "kernels,gemm_ijk,1024,2,50462720,median,0,inf,0.02,skipped"; } >run/stops.csv &&
	"$ROOFLINE" report run --out out 2>err &&
	grep -q "^| left out | gemm_ijk n = 1024 (1 thread), gemm_ijk n = 1024 (2 threads): too long for the budget: their kept timings alone would take over a quarter of a thread count.s share, or their floor was the costliest of a count whose floor outlasted its share (measure.s log says which, and the budget that times them) |\$" out/report.md
'
test_expect_success 'in a quick run the row says a full run times them' '
	sed "s/^quick,0\$/quick,1/" run/env.csv >env && mv env run/env.csv && grep -q "^quick,1\$" run/env.csv &&
	"$ROOFLINE" report run --out quick-out &&
	grep -q "^| left out | gemm_ijk n = 1024 (1 thread), gemm_ijk n = 1024 (2 threads): too long for a quick run (measure.s log says why); a full run times them |\$" quick-out/report.md
'
test_expect_success 'a run with no job left out has no such row' '
	cp -R "$FX" none && "$ROOFLINE" report none --out none-out &&
	! grep -q "^| left out |" none-out/report.md &&
	{ echo "$HEADER"; echo "kernels,triad,0,1,3000000000,median,6,0.01,0.02,tolerance"; } >none/stops.csv &&
	"$ROOFLINE" report none --out none-out && ! grep -q "^| left out |" none-out/report.md
'
test_expect_success 'a kernel name from the file is text in the report' '
	cp -R "$FX" odd &&
	{ echo "$HEADER"; echo "kernels,a|b*c,16,1,1,median,0,inf,0.02,skipped"; } >odd/stops.csv &&
	"$ROOFLINE" report odd --out odd-out &&
	grep "^| left out |" odd-out/report.md >row &&
	grep -q -F "a\\|b*c 16 (1 thread)" row
'
for bad in "kernels,gemm_ijk,1024,x,1,median,0,inf,0.02,skipped:threads 'x' is not a whole number >= 1" \
	"kernels,gemm_ijk,n,1,1,median,0,inf,0.02,skipped:param 'n' is not a whole number" \
	"disks,gemm_ijk,1024,1,1,median,0,inf,0.02,skipped:group 'disks' is not bandwidth, peak or kernels"; do
	row=${bad%%:*} want=${bad#*:}
	test_expect_success "stops.csv row '$row' is bad input, one line, exit 2" '
		rm -rf bad && cp -R "$FX" bad && { echo "$HEADER"; echo "'"$row"'"; } >bad/stops.csv &&
		"$ROOFLINE" report bad --out bad-out 2>err; test $? -eq 2 &&
		test "$(wc -l <err)" -eq 1 && grep -q "bad/stops.csv:2:[0-9]*: '"$want"'" err
	'
done
test_expect_success 'a stops.csv without the stop column is bad input' '
	rm -rf bad && cp -R "$FX" bad && echo "group,kernel,param,threads" >bad/stops.csv &&
	"$ROOFLINE" report bad --out bad-out 2>err; test $? -eq 2 && test "$(wc -l <err)" -eq 1 &&
	grep -q "stops.csv" err
'
test_done
