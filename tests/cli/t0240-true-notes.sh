#!/bin/sh
# Notes that are true, on scripted runs (scripted-run.sh) whose truth is known:
# a spread is said once for the run, "busy" only where load.csv saw load (and
# named), "not recorded" without load.csv; a built-in kernel above its own
# pattern's roof says the roof is low, a user's point above its roof still
# says to check its counts.
. "$(dirname "$0")/lib.sh"
SCRIPTED="sh $ROOFLINE_SRC/tests/cli/scripted-run.sh"

# noisy DIR: DIR's third pass of the sweep 20% slower: every level.s per-pass medians spread 20%
noisy() {
	awk -F, -v OFS=, "\$4 == \"bandwidth\" && \$1 == 3 { \$11 = \$11 / 0.8 } { print }" \
		"$1/timings.csv" >"$1/t" && mv "$1/t" "$1/timings.csv"
}
HEADER=pass,threads,seconds,busy_other_cpu_seconds,steal_cpu_seconds,loadavg_1m

test_expect_success 'no load.csv: the spread is said once, load "not recorded", never "busy"' '
	$SCRIPTED bare && noisy bare && "$ROOFLINE" fit bare >bare.out &&
	test "$(grep -c "^note: .*per-pass medians" bare.out)" -eq 1 &&
	grep -q "^note: 4 roofs. per-pass medians spread more than 10% from pass to pass (widest: L3, per-pass medians 40 to 50 GB/s, 20%); load was not recorded (no load.csv in this run)" bare.out &&
	! grep -q "busy" bare.out
'
test_expect_success 'load.csv with another program running: "busy", naming the pass and the load' '
	$SCRIPTED busy && noisy busy &&
	printf "%s\n1,1,10,0.1,0,0.2\n2,1,10,0.2,0,0.3\n3,1,10,6.5,0.5,1.7\n" "$HEADER" >busy/load.csv &&
	"$ROOFLINE" fit busy >busy.out &&
	grep -q "^note: 4 roofs.* the machine was busy: in pass 3 at 1 thread other processes used 6.5 CPU-seconds and steal took 0.5 over 10 s (load average 1.70)" busy.out
'
test_expect_success 'load.csv with nothing else running: the host.s own variation, and the clock' '
	$SCRIPTED quiet && noisy quiet &&
	printf "clock_ghz_min,3.3\nclock_ghz_max,3.6\n" >>quiet/env.csv &&
	printf "%s\n1,1,10,0.1,0.01,0.2\n2,1,10,0.2,0,0.3\n3,1,10,0.1,0,0.1\n" "$HEADER" >quiet/load.csv &&
	"$ROOFLINE" fit quiet >quiet.out &&
	grep -q "^note: 4 roofs.*, with no other load recorded (load.csv: other processes and steal under 5% of a core in every pass): the host.s own variation; the run.s clock samples ranged from 3.30 to 3.60 GHz (9%), narrower: not the clock alone" quiet.out &&
	! grep -q "busy" quiet.out
'
test_expect_success 'a bad load.csv is bad input: one line naming the cell, exit 2' '
	$SCRIPTED bad && printf "%s\n1,1,ten,0,0,0\n" "$HEADER" >bad/load.csv &&
	expect_usage_error fit bad && grep -q "bad/load.csv:2:5: seconds .ten. is not a number >= 0" "$TRASH/.stderr"
'
test_expect_success 'a built-in kernel above its own pattern.s roof: the roof is low, its counts are right' '
	$SCRIPTED low &&
	for p in 1 2 3; do for t in 1 2 3 4; do w=$((t == 1)); s=$(awk -v w=$w "BEGIN { printf \"%.9e\", 1.6e9 / 16e9 * (w ? 10 : 1) }")
		echo "$p,$t,$w,bandwidth,bw_copy_avx512,75497472,1,150994944,0,1600000000,$s"; done; done >>low/timings.csv &&
	"$ROOFLINE" fit low >/dev/null && "$ROOFLINE" report low --out lowr >/dev/null 2>&1 &&
	test "$(awk -F, "\$1 == \"DRAM.1r1w\" { print \$3 }" low/roofs.csv)" = 16 &&
	grep "^| horner | D = 1 |" lowr/report.md | grep -q "above its roof: 125% of DRAM.1r1w x intensity; horner D=1 streamed 1r1w 25 % faster than the tool.s own 1r1w kernels: this roof is not the core.s limit" &&
	! grep "^| horner | D = 1 |" lowr/report.md | grep -q "declared flops" &&
	grep -q "^- Symptom (above): [0-9]* of the tool.s own kernels above their roof by more than 10%, and past its best timing: horner.*the roof is short" lowr/report.md &&
	! grep -q "make the units agree" lowr/report.md &&
	printf "name,version,flops,bytes,seconds,threads,level\nmine,v1,2e8,1.6e9,0.04,1,DRAM\n" >pts.csv &&
	"$ROOFLINE" report low --out lowp --points pts.csv >/dev/null 2>&1 &&
	grep "^| mine | v1 |" lowp/report.md | grep -q "declared flops or bytes"
'
test_expect_success 'the budget row: how wide the roofs are and whether a larger budget narrows them' '
	$SCRIPTED cut && printf "budget_s,50\nstops_tolerance,40\nstops_ceiling,2\nstops_budget,3\n" >>cut/env.csv &&
	"$ROOFLINE" report cut --out cutr >/dev/null 2>&1 &&
	grep -q "^| budget | 50 s: roofs known to within 0.0 % (median of their 95 % intervals); the budget stopped 3 jobs short of their tolerance, and .make report BUDGET=100. narrows them |" cutr/report.md &&
	$SCRIPTED whole && printf "budget_s,50\nstops_tolerance,45\nstops_ceiling,0\nstops_budget,0\n" >>whole/env.csv &&
	"$ROOFLINE" report whole --out wholer >/dev/null 2>&1 &&
	grep -q "^| budget | 50 s: roofs known to within 0.0 % (median of their 95 % intervals); every job met its tolerance or its trial ceiling, so a larger budget buys little |" wholer/report.md &&
	$SCRIPTED old && "$ROOFLINE" report old --out oldr >/dev/null 2>&1 &&
	grep -q "^| budget | roofs known to within 0.0 % (median of their 95 % intervals) |" oldr/report.md
'
test_done
