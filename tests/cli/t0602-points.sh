#!/bin/sh
# Your code on the chart: plot and report --points on a scripted run, bad
# points files refused with FILE:LINE:COLUMN, and the example program of
# include/roofline.h end to end: two rows appended, both placed, one arrow.
. "$(dirname "$0")/lib.sh"
: "${ROOFLINE_EXAMPLE:?run these through make test (ROOFLINE_EXAMPLE is not set)}"
SCRIPTED="sh $ROOFLINE_SRC/tests/cli/scripted-run.sh"

# expect_bad_points FILE WHERE: exit 2, one line "roofline: FILE:WHERE: ..."
expect_bad_points() {
	for cmd in report plot; do
		expect_usage_error $cmd run --out out --points "$1" || return 1
		grep -q "^roofline: $1:$2: " "$TRASH/.stderr" || { cat "$TRASH/.stderr"; return 1; }
	done
}

test_expect_success 'setup: a scripted run (DRAM 25 GB/s, peak 112 GFLOP/s)' '
	$SCRIPTED run && "$ROOFLINE" fit run >/dev/null
'
test_expect_success 'bad points files: exit 2 with file:line:column, nothing written' '
	: >empty.csv && expect_bad_points empty.csv 1:1 &&
	printf "name,version,flops,bytes\n" >nosec.csv && expect_bad_points nosec.csv 1:1 &&
	printf "name,version,flops,bytes,seconds\nx,v,1,1,0\n" >zero.csv && expect_bad_points zero.csv 2:9 &&
	printf "name,version,flops,bytes,seconds\nx,v,1,1,-2\n" >neg.csv && expect_bad_points neg.csv 2:9 &&
	printf "name,version,flops,bytes,seconds\nx,v,1,1,NaN\n" >nan.csv && expect_bad_points nan.csv 2:9 &&
	printf "name,version,flops,bytes,seconds\nx,v,many,1,1\n" >word.csv && expect_bad_points word.csv 2:5 &&
	printf "name,version,flops,bytes,seconds,threads,level\nx,v,1,1,1,2,DRAM\n" >lvl.csv &&
	expect_bad_points lvl.csv 2:13 &&
	expect_usage_error report run --points missing.csv &&
	test ! -e out/report.md && test ! -e out/roofline.png
'
test_expect_success 'a BOM before the header is accepted' '
	printf "\357\273\277name,version,flops,bytes,seconds\nx,v,1e9,8e9,1\n" >bom.csv &&
	"$ROOFLINE" report run --out out --points bom.csv 2>/dev/null &&
	grep -q "^| x | v | 1 | DRAM | declared | 0.125 | 1.00 | DRAM 3.12 | 32 % | memory |" out/report.md
'
test_expect_success 'report --points: each row placed, counted and declared said, above-roof flagged' '
	cat >pts.csv <<-EOC &&
	name,version,flops,bytes,seconds,threads,level,flops_source
	loop,naive,1e9,8e9,1,1,,declared
	loop,tiled,1e9,8e9,0.4,1,,counted
	other,v1,8e9,1e9,0.1,1,L1,declared
	EOC
	"$ROOFLINE" report run --out out --points pts.csv 2>/dev/null &&
	grep -q "^| loop | naive | 1 | DRAM | declared | 0.125 | 1.00 | DRAM 3.12 | 32 % | memory |" out/report.md &&
	grep -q "^| loop | tiled | 1 | DRAM | counted | 0.125 | 2.50 | DRAM 3.12 | 80 % | memory |" out/report.md &&
	grep -q "^| other | v1 | 1 | L1 | declared | 8 | 80.0 | peak 112.0 | 71 % | compute |" out/report.md &&
	grep -q "1 point counted by hardware counters, 2 declared" out/report.md &&
	! grep -q "above its roof" out/report.md &&
	printf "loop,wrong,1e9,1e9,0.01,1,,declared\n" >>pts.csv &&
	"$ROOFLINE" report run --out out --points pts.csv 2>/dev/null &&
	grep "^| loop | wrong |" out/report.md | grep -q "above its roof" &&
	grep -q "^- Symptom (above): .*loop (400%)" out/report.md
'
test_expect_success 'plot --points: roofline.gp plots the file and draws the arrows in file order' '
	"$ROOFLINE" plot run --out out --points pts.csv 2>/dev/null &&
	test -s out/roofline.png &&
	grep -q "^upts = '"'"'../pts.csv'"'"'" out/roofline.gp &&
	grep -c "# user arrow" out/roofline.gp >n && test "$(cat n)" = 2 &&
	grep -q "set arrow from 0.125, 1 to 0.125, 2.5 " out/roofline.gp &&
	grep -q "set arrow from 0.125, 2.5 to 1, 100 " out/roofline.gp &&
	grep -q "set label '"'"'loop wrong (above its roof!)'"'"' at .*# user label\$" out/roofline.gp &&
	rows=$(awk -F, "NR > 1 && \$1 == \"loop\" && (\$6 == \"\" || \$6 == 1) { printf \" %d\", NR - 2 }" pts.csv) &&
	grep -q "^     upts using .*row(column(0), .$rows .)" out/roofline.gp
'
test_expect_success 'the example program appends two rows; they land on the chart joined by an arrow' '
	ROOFLINE_MIN_SECONDS=0.002 "$ROOFLINE_EXAMPLE" ex.csv 256 >ex.out 2>ex.err &&
	grep -q "both versions checked" ex.out &&
	test "$(head -n 1 ex.csv)" = "name,version,flops,bytes,seconds,threads,level,flops_source,bytes_source" &&
	test "$(wc -l <ex.csv)" = 3 &&
	grep -q "^transpose_add,naive,65536,1572864," ex.csv &&
	grep -q "^transpose_add,tiled,65536,1572864," ex.csv &&
	"$ROOFLINE" plot run --out exout --points ex.csv 2>/dev/null &&
	"$ROOFLINE" report run --out exout --points ex.csv 2>/dev/null &&
	grep -c "^| transpose_add | " exout/report.md >n && test "$(cat n)" = 2 &&
	grep -c "# user arrow" exout/roofline.gp >n && test "$(cat n)" = 1 &&
	grep -q "set arrow from 0.0416667, .* to 0.0416667, " exout/roofline.gp
'
test_expect_success 'the example again appends below the header, never a second header' '
	ROOFLINE_MIN_SECONDS=0.001 "$ROOFLINE_EXAMPLE" ex.csv 128 >/dev/null 2>&1 &&
	test "$(wc -l <ex.csv)" = 5 && test "$(grep -c "^name," ex.csv)" = 1
'
test_expect_success 'without counters the example says so once, and records declared flops' '
	ROOFLINE_COUNT_FLOPS=1 ROOFLINE_MIN_SECONDS=0.001 "$ROOFLINE_EXAMPLE" cnt.csv 128 >/dev/null 2>cnt.err &&
	test "$(wc -l <cnt.csv)" = 3 &&
	if grep -q ",declared,[a-z]*$" cnt.csv; then
		test "$(grep -c "flops are declared, not counted" cnt.err)" = 1
	else
		test "$(grep -c ",counted,[a-z]*$" cnt.csv)" = 2
	fi
'
test_expect_success 'gnuplot draws the script with the points, when installed' '
	if command -v gnuplot >/dev/null; then
		(cd exout && gnuplot roofline.gp) && test -s exout/roofline-gnuplot.png
	fi
'
test_done
