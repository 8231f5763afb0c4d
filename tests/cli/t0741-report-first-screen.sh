#!/bin/sh
# report.md's first screen on scripted runs whose truth is known
# (scripted-run.sh): under 40 lines before "## Details"; the roofs, ridge and
# kernels' fractions the timings encode; the budget row's interval widths
# (every timing exact: 0.0 %; DRAM's passes 0, 5 and 10 % slower: DRAM to
# 5 %, the 4th fastest of its 9 kept timings); and the notes that stores in
# place set three levels' roofs said once in report.md, as fit still says
# each.
. "$(dirname "$0")/lib.sh"
SCRIPTED="sh $ROOFLINE_SRC/tests/cli/scripted-run.sh"

# screen FILE: the lines of FILE before its "## Details"
screen() {
	awk '/^## Details$/ { exit } { print }' "$1"
}

test_expect_success 'the first screen: under 40 lines, with the run.s known roofs, ridge and fractions' '
	$SCRIPTED run shaped && "$ROOFLINE" fit run >/dev/null && "$ROOFLINE" report run --out rep >/dev/null 2>&1 &&
	grep -q "^## Details$" rep/report.md && screen rep/report.md >s &&
	test "$(wc -l <s)" -le 40 &&
	grep -qx "| L1 | 200.0 GB/s |" s && grep -qx "| L2 | 100.0 GB/s |" s &&
	grep -qx "| L3 | 50.0 GB/s |" s && grep -qx "| DRAM | 25.0 GB/s |" s &&
	grep -qx "| peak | 112.0 GFLOP/s |" s &&
	grep -q "^\*\*Ridge:\*\* 4.48 flop/byte on one core (peak / DRAM)" s &&
	grep -qx "| triad | memory | DRAM | 96 %, triad | 96 %, triad |" s &&
	grep -qx "| stencil | memory | DRAM | 86 %, stencil | 53 %, stencil_tiled |" s &&
	grep -qx "| dot | memory | DRAM | 96 %, dot_split | 56 %, dot |" s &&
	grep -q "^| machine | Scripted CPU (test fixture): 2 cores; L1d 48 KiB, L2 1 MiB, L3 508 MiB, 3.50 GHz; avx512; gcc 12.2.0 .-O3 -march=native.; 2026-11-30T00:00:00Z |$" s
'
test_expect_success 'the budget row: exact timings give 0.0 %, DRAM.s slower passes give it 5 %' '
	grep -q "^| budget | roofs known to within 0.0 % (median of their 95 % intervals) |$" s &&
	$SCRIPTED slow && awk -F, -v OFS=, "NR > 1 && \$4 == \"bandwidth\" && \$8 > 50331648 && \$1 > 1 { \$11 = \$11 * (1 + 0.05 * (\$1 - 1)) } { print }" \
		slow/timings.csv >t && mv t slow/timings.csv &&
	printf "budget_s,40\nstops_tolerance,40\nstops_ceiling,2\nstops_budget,3\n" >>slow/env.csv &&
	"$ROOFLINE" fit slow >/dev/null && "$ROOFLINE" report slow --out slowr >/dev/null 2>&1 &&
	grep -q "^| budget | 40 s: roofs known to within 0.0 % (median of their 95 % intervals), DRAM to 5 %; the budget stopped 3 jobs short of their tolerance, and .make report BUDGET=80. narrows them |$" slowr/report.md
'
test_expect_success 'stores in place that set three levels. roofs: one note in report.md, three in fit.s summary' '
	$SCRIPTED ip && awk -v OFS=, "BEGIN {
		for (p = 1; p <= 3; p++) for (t = 2; t <= 4; t++) {
			job(12288, 210); job(153600, 110); job(2097152, 60) } }
		function job(b, gbs,   n, bytes) { n = b / 8; bytes = 24 * n * 10
			printf \"%d,%d,0,bandwidth,bw_update_avx512,%d,1,%d,%.17g,%.17g,%.9e\n\", p, t, b, 2 * b, 2 * n * 10, bytes, bytes / (gbs * 1e9) }" \
		>>ip/timings.csv &&
	"$ROOFLINE" fit ip >fit.out && "$ROOFLINE" report ip --out ipr >/dev/null 2>&1 &&
	test "$(grep -c "^note: L[123]: stores in place set the roof" fit.out)" = 3 &&
	test "$(grep -c "set the roof" ipr/report.md)" = 1 &&
	grep -q "^- stores in place set the roof of 3 levels, by bw_update_avx512 unless named, over ordinary stores. rate (in brackets): L1 210 GB/s (200), L2 110 GB/s (100), L3 60 GB/s (50); " ipr/report.md &&
	grep -qx "| L1 | 210.0 GB/s |" ipr/report.md
'
test_done
