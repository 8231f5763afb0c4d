#!/bin/sh
# docs/plan.md R6: a matrix product of a fixed order whose working set lies
# in a fall between two levels is one decision, the plan's. plan.csv
# records the fall's faster level (only its roof bounds the job), the fit
# judges the job there and says the fall, and no note says that the plan
# and the fit disagree. A run from before plan.csv still reads: filed by
# the fitted map's nearest span, as before, the fall said.
. "$(dirname "$0")/lib.sh"
T=$ROOFLINE_SRC/tests/machines

# The Zen 3 VM's curve with the L3 ending at 12 MiB and DRAM flat from 35
# MiB: GEMM n = 1024 at one core (24 MiB) lies past the fall's middle.
test_expect_success 'a fixed-order product in a fall: planned at the faster level, judged there, the fall said' '
	cp "$T/zen3-vm.machine" fall.machine &&
	echo "curve 1 = 12M:77.7 17794752:60 24M:45 35589696:28 48M:27.6 71179584:27.4 96M:27.2" >>fall.machine &&
	"$ROOFLINE" measure --simulate fall.machine --out run >/dev/null 2>&1 &&
	awk -F, "\$5 == \"gemm_ijk\" && \$6 == 1024 && \$7 == 1 { print \$NF }" run/timings.csv | sort -u >jobs &&
	test "$(wc -l <jobs)" = 1 &&
	test "$(awk -F, -v j="$(cat jobs)" "\$1 == j { print \$3 }" run/plan.csv)" = L3 &&
	"$ROOFLINE" report run --out rep >/dev/null 2>&1 &&
	grep "^| gemm_ijk | n = 1024 |" rep/report.md >row &&
	grep -q "^| gemm_ijk | n = 1024 | L3 |" row &&
	grep -q "its working set, 24.1 MiB, is in the fall from L3 (to [0-9.]* MiB) to DRAM" row &&
	! grep -q "another level than" rep/report.md
'
test_expect_success 'the same run without plan.csv: filed by the nearest span, as before, the fall said' '
	mkdir old &&
	cp run/env.csv run/failures.csv old/ &&
	awk -F, "BEGIN { OFS = \",\" } { NF = NF - 1; print }" run/timings.csv >old/timings.csv &&
	"$ROOFLINE" report old --out oldrep >/dev/null 2>&1 &&
	grep "^| gemm_ijk | n = 1024 |" oldrep/report.md >row &&
	grep -q "^| gemm_ijk | n = 1024 | DRAM |" row &&
	grep -q "in the fall from L3 (to [0-9.]* MiB) to DRAM" row
'
test_done
