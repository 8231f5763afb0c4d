#!/bin/sh
# t0786-plan-read.sh - plan.csv read at input and each job checked against
# the fitted levels: filed where it ran when its working set lies inside a
# fitted level, by its recorded target in a transition, the disagreement
# said; on scripted runs whose truth is known (no timing taken):
#   sweep bw_triad_avx512, working set (3 arrays): <= 48 KiB 200 GB/s;
#   <= 1 MiB 100; <= 24 MiB 50; beyond 25 (up to 128 MiB per array); the
#   reported L3 is 16 MiB, so STREAM's rule is 64 MiB per array;
#   bw_copy_avx512 (1r1w, 2 arrays) at 300 KiB of working set (L2) 80 GB/s,
#   at 4 MiB (L3) 40, at 100 MiB (50 MiB per array, short of the rule) 30;
#   the kernel dot at 128 MiB of working set (DRAM), 2 GFLOP/s.
# Modes: "none" writes no plan.csv and no job column (a run from before
# them); "agree" a plan whose every level is the fit's (the DRAM copy job
# recorded as short of the rule, as it is); "disagree" plans the 4 MiB copy
# job for L2 and says the DRAM one obeys the rule, adds a copy job planned
# for L2 at 928 KiB of working set, between the sweep's last L2 size (768
# KiB) and its first L3 one (1.06 MiB), at 80 GB/s, and dot at 16 KiB (L1)
# and 2 MiB (L3) of working set, both planned for DRAM.
. "$(dirname "$0")/lib.sh"

plan_run() { # plan_run DIR MODE
	mkdir -p "$1"
	printf 'key,value\ncpu_model,Scripted CPU (test fixture)\nisa,avx512\nthreads,1\nclock_ghz,3.5\n' >"$1/env.csv"
	printf 'l3_bytes,16777216\nsweep_settled,1\nsweep_kernel,bw_triad_avx512\n' >>"$1/env.csv"
	awk -v mode="$2" -v plan="$1/plan.csv" 'BEGIN {
	if (mode != "none")
		print "job,role,level,target,array_bytes,obeys_rule" >plan
	printf "pass,trial,warmup,group,kernel,param,threads,working_set_bytes,flops,bytes,seconds%s\n", mode == "none" ? "" : ",job"
	for (p = 1; p <= 2; p++) for (t = 1; t <= 2; t++) {
		id = 0
		for (i = 0; i <= 30; i++) {
			b = int(4096 * 2 ^ (i / 2) / 64) * 64; ws = 3 * b
			r = ws <= 49152 ? 200 : ws <= 1048576 ? 100 : ws <= 25165824 ? 50 : 25
			job("bw_triad_avx512", b, 3, 24, r, "sweep", "", "", 0)
		}
		job("bw_copy_avx512", 153600, 2, 16, 80, "pattern", "L2", "L2.1r1w", 0)
		if (mode == "disagree") {
			job("bw_copy_avx512", 2097152, 2, 16, 40, "pattern", "L2", "L2.1r1w", 0)
			job("bw_copy_avx512", 474944, 2, 16, 80, "pattern", "L2", "L2.1r1w", 0)
		}
		else
			job("bw_copy_avx512", 2097152, 2, 16, 40, "pattern", "L3", "L3.1r1w", 0)
		job("bw_copy_avx512", 52428800, 2, 16, 30, "pattern", "DRAM", "DRAM.1r1w", mode == "disagree")
		kern(67108864, 2)
		if (mode == "disagree") { kern(8192, 4); kern(1048576, 3) }
	}
}
function kern(b, gf,   n, f) {
	n = b / 8; f = 2 * n * 10; id++
	if (mode != "none" && p == 1 && t == 1)
		printf "%d,kernel,DRAM,DRAM.2r0w,%d,0\n", id, b >plan
	printf "%d,%d,0,kernels,dot,0,1,%d,%.17g,%.17g,%.9e,%d\n", p, t, 2 * b, f, 8 * f, f / (gf * 1e9), id
}
function job(k, b, arrays, bpe, gbs, role, level, target, obeys,   n, bytes) {
	n = b / 8; bytes = bpe * n * 10; id++
	if (mode != "none" && p == 1 && t == 1)
		printf "%d,%s,%s,%s,%d,%d\n", id, role, level, target, b, obeys >plan
	printf "%d,%d,0,bandwidth,%s,%d,1,%d,0,%.17g,%.9e%s\n", p, t, k, b, arrays * b, bytes,
		bytes / (gbs * 1e9), mode == "none" ? "" : "," id
}' >"$1/timings.csv"
}
# roof NAME: its value in DIR/roofs.csv
roof() {
	awk -F, -v n="$2" '$1 == n { print $3 }' "$1/roofs.csv"
}

test_expect_success 'a plan the fit agrees with changes nothing: the same roofs and notes as no plan' '
	plan_run none none && plan_run agree agree &&
	"$ROOFLINE" fit none >none.out && "$ROOFLINE" fit agree >agree.out &&
	cmp none/roofs.csv agree/roofs.csv && sed "s/agree/none/g" agree.out | cmp - none.out &&
	test "$(roof agree L2.1r1w)" = 80 && test "$(roof agree L3.1r1w)" = 40 &&
	! grep "planned" agree.out
'
test_expect_success 'a job planned for L2 that ran inside L3 is filed at L3, where it ran, and said once' '
	plan_run dis disagree && "$ROOFLINE" fit dis >dis.out && cat dis.out &&
	grep -x "note: bw_copy_avx512 at 4 MiB of working set, for L2.1r1w: planned for L2, but the fit puts its working set in L3: judged there, where it ran" dis.out &&
	test "$(roof dis L2.1r1w)" = 80 && test "$(roof dis L3.1r1w)" = 40 &&
	"$ROOFLINE" report dis --out rep >/dev/null &&
	test "$(grep -c "bw_copy_avx512 at 4 MiB of working set, for L2.1r1w (planned L2, fit L3)" rep/report.md)" -eq 1
'
test_expect_success 'a pattern job planned for L2 in the transition to L3 is filed at L2, as planned' '
	grep -x "note: bw_copy_avx512 at 928 KiB of working set, for L2.1r1w: planned for L2, but the fit puts its working set in L3: judged as planned, at L2" dis.out &&
	test "$(grep -c "bw_copy_avx512 at 928 KiB of working set, for L2.1r1w (planned L2, fit L3, judged as planned)" rep/report.md)" -eq 1
'
test_expect_success 'kernels planned for DRAM that ran from caches are judged where they ran, said once' '
	grep -x "note: dot.s 2 jobs at 16 KiB .. 2 MiB of working set, for DRAM.2r0w: planned for DRAM, but the fit puts their working sets in L1 .. L3: judged there, where they ran" dis.out &&
	test "$(grep -c "^note: dot" dis.out)" -eq 1 &&
	awk -F, "\$1 == \"dot\" { print \$12, \$10 }" dis/points.csv | sort -n >levels &&
	printf "16384 L1\n2097152 L3\n134217728 DRAM\n" | cmp - levels &&
	grep "jobs of 2 kernels ran at working sets the fit puts in another level than their plan.s, each judged where" rep/report.md
'
test_expect_success 'a DRAM job planned at the rule, short of the fitted rule, is said' '
	grep -x "note: bw_copy_avx512 at 100 MiB of working set, for DRAM.1r1w: planned with arrays of 50 MiB each, at STREAM.s rule, but the fit.s rule is 64 MiB per array: part of it may come from a cache" dis.out &&
	! grep "at STREAM.s rule, but" agree.out
'
# bad CELL: plan.csv of a copy of the agreeing run with line 3 (the second sweep job) changed by sed
bad_plan() {
	rm -rf b && cp -r agree b && sed -i "3s/.*/$1/" b/plan.csv
}
test_expect_success 'a bad plan.csv cell is one line naming file, line and column' '
	bad_plan "2,bogus,,,4160,0" && expect_usage_error fit b &&
	grep -x "roofline: b/plan.csv:3:3: role .bogus. is not sweep, pattern, kernel or peak" "$TRASH/.stderr" &&
	bad_plan "1,sweep,,,4160,0" && expect_usage_error fit b &&
	grep -x "roofline: b/plan.csv:3:1: job 1 given twice (first on line 2)" "$TRASH/.stderr" &&
	bad_plan "2,pattern,L4,,4160,0" && expect_usage_error fit b &&
	grep -x "roofline: b/plan.csv:3:11: level .L4. is not L1, L2, L3, DRAM or empty" "$TRASH/.stderr" &&
	bad_plan "2,pattern,L2,L3.1r1w,4160,0" && expect_usage_error fit b &&
	grep -x "roofline: b/plan.csv:3:14: target .L3.1r1w. is not a roof at the row.s level" "$TRASH/.stderr" &&
	bad_plan "2,pattern,L2,L2.x,4160,0" && expect_usage_error fit b &&
	grep -x "roofline: b/plan.csv:3:14: target .L2.x. is not a level.s or a pattern.s roof (L2, DRAM.2r1w@2t) or empty" "$TRASH/.stderr" &&
	bad_plan "2,sweep,,,4160,2" && expect_usage_error fit b &&
	grep -x "roofline: b/plan.csv:3:16: obeys_rule .2. is not 0 or 1" "$TRASH/.stderr"
'
test_expect_success 'a timing naming no job of plan.csv, or a job without plan.csv, is bad input' '
	rm -rf c && cp -r agree c && sed -i "2s/,1\$/,99/" c/timings.csv && expect_usage_error fit c &&
	grep "^roofline: c/timings.csv:2:[0-9]*: job .99. is not a job of plan.csv" "$TRASH/.stderr" &&
	rm c/plan.csv && sed -i "2s/,99\$/,1/" c/timings.csv && expect_usage_error fit c &&
	grep "^roofline: c/timings.csv:2:[0-9]*: job .1. is not empty (the run has no plan.csv)" "$TRASH/.stderr"
'
test_done
