#!/bin/sh
# measure --threads: the list's errors, a two-thread run whose timings, roofs
# and points carry the thread count, and one thread's wrong result failing
# the run, and a team timed from its first start to its last end. No timing
# thresholds.
. "$(dirname "$0")/lib.sh"
SMALL="--max-size 1M --passes 1 --trials 2 --warmup 1 --min-time 2e-4"

for bad in 0 -1 x 2.5 "1,,2" "1," "" 100000; do
	test_expect_success "--threads '$bad' is a usage error, and no run is made" "
		expect_usage_error measure --threads '$bad' --out bad &&
		! test -e bad
	"
done

if [ "$(nproc)" -lt 2 ]; then
	echo "# one CPU here: the two-thread tests are skipped"
	test_done
fi

test_expect_success 'a run of 1 and 2 threads: every group at both counts' '
	"$ROOFLINE" measure $SMALL --threads 1,2 --out run >/dev/null 2>err &&
	grep -q "^threads,\"1,2\"\$" run/env.csv &&
	grep -q "^clock_ghz@2t," run/env.csv &&
	for g in bandwidth peak kernels; do
		for t in 1 2; do
			awk -F, -v g=$g -v t=$t "NR > 1 && \$3 == 0 && \$4 == g && \$7 == t" run/timings.csv |
				grep -q . || { echo "no kept $g timing of $t threads"; exit 1; }
		done
	done
'
test_expect_success 'a 2-thread timing counts both threads: bytes, working set, param' '
	# A triad row of the sweep moves 24 bytes per element of the whole array
	# (param bytes per array over both threads, 3 arrays), 2 flops each.
	awk -F, "NR > 1 && \$4 == \"bandwidth\" && \$5 ~ /^bw_triad_/ && \$7 == 2 {
		if (\$10 != 12 * \$9 || \$8 != 3 * \$6) bad = 1; n++ } END { exit bad || !n }" run/timings.csv
'
test_expect_success 'roofs and points of 2 threads carry @2t and are judged by @2t roofs' '
	"$ROOFLINE" fit run >/dev/null &&
	grep -q "^peak,compute," run/roofs.csv &&
	grep -q "^peak@2t,compute," run/roofs.csv &&
	awk -F, "NR > 1 && \$3 == 2 { if (\$6 ~ /@2t\$/) n++; else if (\$6 != \"none\" || \$9 != \"unknown\") bad = 1 }
		 NR > 1 && \$3 == 1 { m++; if (\$6 ~ /@/) bad = 1 } END { exit bad || !n || !m }" run/points.csv
'
# Which all-core bandwidth roofs a 1 MiB sweep keeps depends on how busy the
# machine was (a disturbed one-core plateau makes its all-core one look
# over-scaled, and it is left out), so the figure tests below read a measured
# run of this kind of machine: tests/fixtures/intel-vm-run, 1 and 2 threads.
FX=$ROOFLINE_SRC/tests/fixtures/intel-vm-run
test_expect_success 'a measured two-count run: every level has its @2t roof, memory points use them' '
	cp -R "$FX" fx && "$ROOFLINE" fit fx >/dev/null &&
	for l in L1 L2 L3 DRAM; do
		grep -q "^$l@2t,bandwidth," fx/roofs.csv || { echo "no $l@2t roof"; exit 1; }
	done &&
	awk -F, "NR > 1 && \$3 == 2 && \$9 == \"memory\" { n++; if (\$6 !~ /^DRAM[.a-z0-9-]*@2t\$/) bad = 1 }
		 END { exit bad || !n }" fx/points.csv
'
test_expect_success 'plot and report run on a two-count run' '
	"$ROOFLINE" plot fx --out out 2>/dev/null && "$ROOFLINE" report fx --out out &&
	grep -q "@2t" out/report.md &&
	"$ROOFLINE" plot run --out live 2>/dev/null && "$ROOFLINE" report run --out live
'
test_expect_success 'roofline.gp draws roofline.png'"'"'s one count: each roof label names one roof, none @2t' '
	! grep -q "@2t" out/roofline.gp &&
	grep "# roof label\$" out/roofline.gp >labels &&
	test "$(grep -c "GB/s. at" labels)" -ge 2 && grep -q "^set label .peak " labels &&
	! grep -q " · " labels &&
	grep -q "^set label 2 .* 1 thread " out/roofline.gp
'
# fmt V: a roof's value as the figure labels it (figure.c's format_value).
fmt() {
	awk -v v="$1" "BEGIN { if (v >= 1000) printf \"%.0f\", v; else if (v >= 1) printf \"%.1f\", v; else printf \"%.2g\", v }"
}
test_expect_success 'plot --threads 2: roofline.gp draws the 2-thread roofs and says so' '
	"$ROOFLINE" plot fx --threads 2 --out t2 2>/dev/null &&
	awk -F, "\$2 == \"bandwidth\" && \$1 ~ /@2t\$/ { sub(/@2t\$/, \"\", \$1); print \$1, \$3 }" fx/roofs.csv >bw2 &&
	test -s bw2 &&
	while read name v; do
		grep -q "^set label .$name $(fmt "$v") GB/s. at .*# roof label\$" t2/roofline.gp ||
			{ echo "no label for $name@2t $v"; exit 1; }
	done <bw2 &&
	peak=$(awk -F, "\$1 == \"peak@2t\" { print \$3 }" fx/roofs.csv) &&
	grep -q "^set label .peak $(fmt "$peak") GFLOP/s. at .*# roof label\$" t2/roofline.gp &&
	grep -q "^set label 2 .* 2 threads " t2/roofline.gp
'
test_expect_success 'kernels.gp of a two-count run: one thread count, no title twice' '
	grep -o "title '"'"'[^'"'"']*'"'"'" out/kernels.gp | sort >titles &&
	test -s titles && test -z "$(uniq -d titles)" &&
	! grep -q "column(.threads.) == 2" out/kernels.gp
'
test_expect_success 'the all-core pass sweeps every size and times every ISA'"'"'s chains' '
	"$ROOFLINE" measure --quick $SMALL --threads 1,2 --out quick >/dev/null 2>&1 &&
	sweep=$(awk -F, "\$1 == \"sweep_kernel\" { print \$2 }" quick/env.csv) &&
	one=$(awk -F, -v k="$sweep" "NR > 1 && \$5 == k && \$7 == 1 { print \$6 }" quick/timings.csv | sort -u | wc -l) &&
	two=$(awk -F, -v k="$sweep" "NR > 1 && \$5 == k && \$7 == 2 { print \$6 }" quick/timings.csv | sort -u | wc -l) &&
	test "$two" -gt 2 && test "$two" -eq "$one" &&
	awk -F, "NR > 1 && \$4 == \"peak\" && \$7 == 1 { print \$5 }" quick/timings.csv | sort -u >peak1 &&
	awk -F, "NR > 1 && \$4 == \"peak\" && \$7 == 2 { print \$5 }" quick/timings.csv | sort -u >peak2 &&
	cmp -s peak1 peak2 && grep -q "^fma_scalar\$" peak2 &&
	awk -F, "NR > 1 && \$4 == \"kernels\" && \$7 == 2" quick/timings.csv | grep -q .
'
test_expect_success 'a run of 2 threads only: roofline.gp has its DRAM slope and ridge' '
	"$ROOFLINE" measure $SMALL --threads 2 --only bandwidth,peak --out two >/dev/null 2>&1 &&
	"$ROOFLINE" fit two >/dev/null && "$ROOFLINE" plot two --out twoplots 2>/dev/null &&
	grep -q "# ridge\$" twoplots/roofline.gp && grep -q "# ridge drop\$" twoplots/roofline.gp &&
	grep -q "^set label .[A-Z0-9]* [0-9.]* GB/s. at .*# roof label\$" twoplots/roofline.gp
'
test_expect_success 'the one-core pass runs on the first core it may use, not where it started' '
	# Started on the last CPU with every CPU allowed: it still pins to the
	# first physical core (two runs, or this run and likwid-bench, time the
	# same core); under taskset to one CPU it stays there.
	last=$(( $(nproc) - 1 )) &&
	taskset -c "$last" sh -c "taskset -p -c 0-$last \$\$ >/dev/null &&
		exec \"\$0\" measure $SMALL --threads 1 --only peak --out first" "$ROOFLINE" >/dev/null 2>err &&
	first=$(awk -F, "\$1 == \"pinned_cpu\" { print \$2 }" first/env.csv) &&
	test "$first" = 0 &&
	taskset -c "$last" "$ROOFLINE" measure $SMALL --threads 1 --only peak --out last >/dev/null 2>&1 &&
	test "$(awk -F, "\$1 == \"pinned_cpu\" { print \$2 }" last/env.csv)" = "$last"
'
test_expect_success 'one thread of two computing wrong fails the run with exit 1' '
	ROOFLINE_TEST_CORRUPT=dot ROOFLINE_TEST_CORRUPT_THREAD=1 \
	ROOFLINE_TEST_LATE=triad ROOFLINE_TEST_LATE_SECONDS=0.05 \
		"$ROOFLINE" measure $SMALL --threads 2 --only kernels --out bad1 >/dev/null 2>err;
	test $? -eq 1 && grep -q "^kernels,dot,0,.*thread 1 of 2" bad1/failures.csv &&
	! grep -q ",kernels,dot," bad1/timings.csv &&
	grep -q ",kernels,triad," bad1/timings.csv
'
test_expect_success 'the same spoiled thread passes when it is not in the team' '
	ROOFLINE_TEST_CORRUPT=dot ROOFLINE_TEST_CORRUPT_THREAD=1 \
		"$ROOFLINE" measure $SMALL --threads 1 --only kernels --out ok1 >/dev/null 2>err &&
	grep -q ",kernels,dot," ok1/timings.csv
'
test_expect_success 'a team is timed from its first start to its last end' '
	# The run above (bad1) started triad 50 ms late on its last thread: each thread
	# alone times only its own call (microseconds here); the team took the
	# 50 ms too. daxpy, not delayed, did not.
	awk -F, "\$5 == \"triad\" && \$7 == 2 { n++; if (\$11 < 0.05) short++ }
		END { exit !(n > 0 && short == 0) }" bad1/timings.csv &&
	awk -F, "\$5 == \"daxpy\" && \$7 == 2 && \$11 >= 0.05 { exit 1 }" bad1/timings.csv
'
test_done
