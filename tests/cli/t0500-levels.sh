#!/bin/sh
# measure --levels: a kernel timed at several working sets is one point per
# level, each placed under its own level's roof. Scripted timings (one kernel
# at an L1- and a DRAM-resident size) give exact answers.
. "$(dirname "$0")/lib.sh"
SCRIPTED="sh $ROOFLINE_SRC/tests/cli/scripted-run.sh"

# rows FILE KERNEL PARAM: the rows of points.csv for that kernel and param
rows() {
	awk -F, -v k="$2" -v p="$3" 'NR > 1 && $1 == k && $2 == p' "$1"
}
# cell FILE KERNEL PARAM ROOF COLUMN: a column of the row under that roof
cell() {
	awk -F, -v k="$2" -v p="$3" -v r="$4" -v c="$5" 'NR > 1 && $1 == k && $2 == p && $6 == r { print $c }' "$1"
}

test_expect_success 'a kernel at an L1 and a DRAM working set is two points' '
	$SCRIPTED run levels && "$ROOFLINE" fit run >summary &&
	test "$(rows run/points.csv triad 0 | wc -l)" -eq 2 &&
	test "$(cell run/points.csv triad 0 DRAM.2r1w 8)" = 0.96 &&
	test "$(cell run/points.csv triad 0 L1.2r1w 8)" = 0.75 &&
	test "$(cell run/points.csv triad 0 L1.2r1w 7)" = 16.6667 &&
	test "$(cell run/points.csv dot 0 DRAM 8)" = 0.56 &&
	test "$(cell run/points.csv dot 0 L1 8)" = 0.2 &&
	test "$(rows run/points.csv dot_split 0 | wc -l)" -eq 1 &&
	grep -q "^12 kernel points placed" summary
'
test_expect_success 'each level keeps its members together, the larger working set first' '
	awk -F, "NR > 1 && \$1 == \"horner\" { printf \"%s:%s \", \$2, \$6 }" run/points.csv >order &&
	test "$(cat order)" = "1:DRAM 8:DRAM 64:peak 1:L1 8:peak 64:peak "
'
test_expect_success 'compute-bound at both levels: one row each, by its own rate' '
	test "$(rows run/points.csv horner 64 | cut -d, -f8 | tr "\n" " ")" = "0.357143 0.892857 "
'
test_expect_success 'report.md gives each point its level' '
	"$ROOFLINE" report run --out out &&
	grep -q "^| kernel | param | level | AI" out/report.md &&
	grep -q "timed the kernels at several working sets" out/report.md &&
	grep -q "^| triad | — | DRAM | 0.0833 | 2.00 " out/report.md &&
	grep -q "^| triad | — | L1 | 0.0833 | 12.5 " out/report.md &&
	grep -q "^| horner | D = 64 | L1 | 8 | 100.0 " out/report.md
'
test_expect_success 'compare.md pairs points by kernel, param and level' '
	$SCRIPTED other && "$ROOFLINE" fit other >/dev/null &&
	"$ROOFLINE" compare run run --out same &&
	grep -q "^| triad | — | L1 | L1.2r1w | 75 % | 75 % | 1.000 | 1.000–1.000 | 12.5 | 12.5 | 1.000 |" same/compare.md &&
	grep -q "^| triad | — | DRAM | DRAM.2r1w | 96 % | 96 % | 1.000 | 1.000–1.000 | 2.00 | 2.00 | 1.000 |" same/compare.md &&
	"$ROOFLINE" compare other run --out cmp &&
	grep -q "^| triad | — | DRAM | DRAM.2r1w | 96 % | 96 % | 1.000 | 1.000–1.000 | 2.00 | 2.00 | 1.000 |" cmp/compare.md &&
	grep -q "^| triad | — | L1 | — | — | — | — | — | — | 12.5 | — | only in B |" cmp/compare.md
'
test_expect_success 'plot draws both levels; roofline.gp draws the L1 rows open, their line dotted' '
	"$ROOFLINE" plot run --out out --format png,svg &&
	file out/roofline.png | grep -q "PNG image data, 1600 x 1000" &&
	l1=$(awk -F, "NR > 1 && \$1 == \"horner\" && \$10 == \"L1\" { printf \" %d\", NR - 2 }" run/points.csv) &&
	test "$l1" = " 8 9 10" &&
	grep -q "row(column(0), .$l1 .) ? column(.gflops.) : NaN) with linespoints .* pt 8 .* dt 3 notitle" out/roofline.gp &&
	t1=$(awk -F, "NR > 1 && \$1 == \"triad\" && \$10 == \"L1\" { print NR - 2 }" run/points.csv) &&
	grep -q "row(column(0), . $t1 .) ? column(.gflops.) : NaN) with points .* pt 6 .* notitle" out/roofline.gp &&
	grep -q "title .L1-resident." out/roofline.gp &&
	head -c 200 out/roofline.svg | grep -q "<svg" &&
	! grep -q "eq .L1." out/kernels.gp &&
	grep -q "strcol(.kernel.) eq .horner. && level(column(0)) eq .DRAM." out/kernels.gp
'
test_expect_success 'a run of one level draws and reports as it always did' '
	"$ROOFLINE" plot other --out one && "$ROOFLINE" report other --out one &&
	! grep -q "several working sets" one/report.md &&
	! grep -q "level(" one/roofline.gp && ! grep -q "level(" one/kernels.gp &&
	! grep -q "resident" one/roofline.gp
'
test_expect_success 'a check failed at one level leaves that kernel and param out at all' '
	$SCRIPTED failed levels &&
	echo "kernels,triad,0,1,2,\"a[3]: got 2, want 1\"" >>failed/failures.csv &&
	"$ROOFLINE" fit failed >/dev/null &&
	test "$(rows failed/points.csv triad 0 | wc -l)" -eq 0 &&
	test "$(rows failed/points.csv dot 0 | wc -l)" -eq 2
'
test_done
