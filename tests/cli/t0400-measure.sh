#!/bin/sh
# measure end to end on this machine, small and short: files, columns, rules.
# No timing thresholds: only what was written and how.
. "$(dirname "$0")/lib.sh"
# One thread: the thread counts have their own test (t0604-threads.sh).
SMALL="--quick --threads 1 --max-size 1M --passes 2 --trials 2 --warmup 1 --min-time 2e-4"

test_expect_success 'measure --quick writes a run and prints its path last' '
	"$ROOFLINE" measure $SMALL --out run >stdout 2>stderr &&
	test "$(tail -n 1 stdout)" = run &&
	test -s run/env.csv && test -s run/timings.csv && test -d run/remarks
'
test_expect_success 'env.csv has the contract keys' '
	for k in cpu_model isa cores threads l1d_bytes l2_bytes l3_bytes cc cc_version \
		kernel_cflags date_utc os; do
		grep -q "^$k," run/env.csv || { echo "missing $k"; exit 1; }
	done
'
test_expect_success 'timings.csv has the contract columns and every group' '
	test "$(csv_header run/timings.csv)" = \
		"pass,trial,warmup,group,kernel,param,threads,working_set_bytes,flops,bytes,seconds,job" &&
	grep -q ",bandwidth,bw_triad_[a-z0-9]*," run/timings.csv &&
	grep -q ",peak,fma_scalar,1," run/timings.csv &&
	grep -q ",kernels,triad,0," run/timings.csv
'
test_expect_success 'warm-ups are kept and flagged; each pass has its kept trials' '
	awk -F, "NR > 1 && \$3 == 1" run/timings.csv | grep -q . &&
	awk -F, "NR > 1 && \$3 == 0 && \$1 == 2 && \$2 == 3" run/timings.csv | grep -q .
'
# Trials 1.. of passes 1.. (trial 0 is the pre-scan and the calibration):
# 2 passes of 1 warm-up and 2 kept trials, each the same jobs in the same order.
# A kernels job that a loaded machine makes slow keeps fewer trials (said on
# stderr, "timed in N kept trials"): it is left out of the comparison.
test_expect_success 'trials are round-robin: every job once per trial, in the same order' '
	{ echo "none none"; sed -n "s/^roofline: \([a-z0-9_]*\) [a-zA-Z] = \([0-9]*\) takes .* kept trial.*/\1 \2/p" stderr; } >slow &&
	awk -F, "NR > 1 && \$1 >= 1 && \$2 >= 1 { print \$1 \",\" \$2 }" run/timings.csv | sort -u >trials &&
	test "$(wc -l <trials)" -eq 6 &&
	jobs() { awk -F, -v p=$1 -v t=$2 "NR == FNR { slow[\$0] = 1; next }
		FNR > 1 && \$1 == p && \$2 == t && !((\$5 \" \" \$6) in slow) { print \$4, \$5, \$6, \$8 }" \
		slow run/timings.csv; } &&
	jobs 1 1 >first &&
	test -s first && test "$(sort first | uniq -d | wc -l)" -eq 0 &&
	while IFS=, read -r p t; do
		jobs $p $t >this &&
		cmp -s first this || { echo "pass $p trial $t differs from pass 1 trial 1"; exit 1; }
	done <trials
'
test_expect_success 'calibration never stops on a first call (what happens once is in it): a peak job'"'"'s first timing is one, timed again' '
	awk -F, "NR > 1 && \$1 == 1 && \$2 == 0 { n[\$4 \" \" \$5 \" \" \$6 \" \" \$8]++ }
		END { for (k in n) { split(k, f, \" \"); jobs++; peaks += f[1] == \"peak\"
			if (n[k] < (f[1] == \"peak\" ? 2 : 1)) { print k; bad = 1 } } exit bad || !jobs || !peaks }" run/timings.csv
'
test_expect_success 'flops and bytes of a sweep (bw_triad) timing are 2 and 24 per element' '
	awk -F, "NR > 1 && \$4 == \"bandwidth\" && \$5 ~ /^bw_triad_/ { n++; if (\$10 != 12 * \$9 || \$10 == 0) bad = 1 } END { exit bad || !n }" run/timings.csv
'
test_expect_success 'load.csv: one row per pass and thread count, what else ran' '
	test "$(csv_header run/load.csv)" = \
		"pass,threads,seconds,busy_other_cpu_seconds,steal_cpu_seconds,loadavg_1m" &&
	test "$(awk -F, "NR > 1 { print \$1 \",\" \$2 }" run/load.csv | tr "\n" " ")" = "1,1 2,1 " &&
	awk -F, "NR > 1 { if (!(\$3 > 0) || \$4 < 0 || \$6 < 0) bad = 1 } END { exit bad }" run/load.csv
'
test_expect_success 'env.csv says STREAM'"'"'s rule, its source, whether the cap binds, and the pages' '
	for k in stream_rule_bytes stream_rule_source stream_rule_cache_bytes sweep_cap_binds \
		sweep_max_bytes kernel_array_bytes thp_mode huge_pages_kib; do
		grep -q "^$k," run/env.csv || { echo "missing $k"; exit 1; }
	done &&
	grep -q "^sweep_cap_binds,1\$" run/env.csv &&
	for p in 1 2; do
		lo=$(awk -F, -v k=clock_ghz_min_pass$p "\$1 == k { print \$2 }" run/env.csv) &&
		hi=$(awk -F, -v k=clock_ghz_max_pass$p "\$1 == k { print \$2 }" run/env.csv) &&
		awk -v lo="$lo" -v hi="$hi" "BEGIN { exit !(lo > 0 && hi >= lo) }" || exit 1
	done &&
	! grep -q "^clock_ghz_min_pass3," run/env.csv &&
	grep -q "^sweep_decision,.*the cap binds: 1 MiB per array (--max-size)" run/env.csv &&
	grep -q "^roof_pages,huge\$" run/env.csv && grep -q "^kernel_pages,huge\$" run/env.csv &&
	ROOFLINE_HUGEPAGES=0 "$ROOFLINE" measure $SMALL --only peak --out base >/dev/null 2>err &&
	grep -q "^roof_pages,base\$" base/env.csv && grep -q "^kernel_pages,base\$" base/env.csv &&
	grep -q "ROOFLINE_HUGEPAGES=0" err
'
test_expect_success 'measure never writes into an existing directory' '
	expect_usage_error measure $SMALL --out run
'
test_expect_success 'fit, plot and report run on a measured run' '
	"$ROOFLINE" fit run >/dev/null && "$ROOFLINE" plot run --out out &&
	"$ROOFLINE" report run --out out && test -s out/report.md && test -s out/roofline.png
'
test_expect_success '--only peak measures only the peak group' '
	"$ROOFLINE" measure $SMALL --only peak --out peak >/dev/null &&
	! awk -F, "NR > 1 { print \$4 }" peak/timings.csv | grep -v -q "^peak\$"
'
test_expect_success 'measure --levels dram,l1 times each kernel at two working sets' '
	"$ROOFLINE" measure $SMALL --only kernels --levels dram,l1 --out lv >/dev/null 2>err &&
	grep -q "^roofline: l1 kernels at .* of working set" err &&
	grep -q "^kernel_levels,\"dram,l1\"\$" lv/env.csv &&
	l1=$(awk -F, "\$1 == \"kernel_l1_working_set_bytes\" { print \$2 }" lv/env.csv) &&
	test "$l1" -gt 0 &&
	for k in triad dot; do
		n=$(awk -F, -v k=$k "NR > 1 && \$4 == \"kernels\" && \$5 == k { print \$8 }" lv/timings.csv | sort -u | wc -l)
		test "$n" -eq 2 || exit 1
	done &&
	"$ROOFLINE" fit lv >/dev/null &&
	test "$(awk -F, "NR > 1 && \$1 == \"triad\"" lv/points.csv | wc -l)" -eq 2
'
test_expect_success 'the default directory is under data/runs and data/latest points at it' '
	dir=$("$ROOFLINE" measure $SMALL --only peak 2>/dev/null | tail -n 1) &&
	case $dir in data/runs/*-*-*) ;; *) exit 1 ;; esac &&
	test "$(readlink data/latest)" = "runs/${dir#data/runs/}"
'
test_expect_success 'a kernel that computes wrong fails the run with exit 1, written down' '
	ROOFLINE_TEST_CORRUPT=dot "$ROOFLINE" measure $SMALL --only kernels --out bad >/dev/null 2>err;
	test $? -eq 1 && grep -q "^kernels,dot,0," bad/failures.csv &&
	! grep -q ",kernels,dot," bad/timings.csv
'
# Interrupted once its plan is made (env.csv is written then), however long the
# pre-scan took on a loaded machine: a fixed sleep before the signal once fell in it.
test_expect_success 'an interrupted run stops cleanly, exit 1, keeping whole rows, and says so in env.csv' '
	"$ROOFLINE" measure --max-size 32M --passes 50 --out intr >/dev/null 2>err &
	pid=$! && i=0 && while ! test -s intr/env.csv && test $i -lt 6000; do sleep 0.02; i=$((i + 1)); done
	kill -INT $pid;
	wait $pid; rc=$?
	test $rc -eq 1 && grep -q "interrupted" err &&
	test -s intr/env.csv && grep -qx "interrupted,1" intr/env.csv &&
	awk -F, "{ if (NF != 12) bad = 1 } END { exit bad }" intr/timings.csv
'
test_done
