#!/bin/sh
# plot, report and compare on the fixture run (tests/fixtures/gnuplot-run):
# each gnuplot script runs on its own, silently, from the directory it is in.
. "$(dirname "$0")/lib.sh"
FIXTURE=$ROOFLINE_SRC/tests/fixtures/gnuplot-run


# png_size FILE: "1600x1000" from the PNG header (bytes 16..23, big-endian)
png_size() {
	od -An -tu1 -j16 -N8 "$1" | awk '{ printf "%dx%d\n", $1*16777216+$2*65536+$3*256+$4, $5*16777216+$6*65536+$7*256+$8 }'
}

test_expect_success 'fit and plot write the four scripts' '
	cp -R "$FIXTURE" run && "$ROOFLINE" fit run >/dev/null &&
	mkdir plots && "$ROOFLINE" plot run --out plots &&
	for s in roofline bandwidth chains kernels; do test -s plots/$s.gp || exit 1; done
'
test_expect_success 'scripts read the fit plot wrote beside them (fit/), not the run directory' '
	for s in roofline bandwidth chains kernels; do
		grep -q "^run = '"'"'fit'"'"'" plots/$s.gp || exit 1
	done &&
	test -s plots/fit/roofs.csv && test -s plots/fit/points.csv
'
test_expect_success 'scripts hold no unfilled placeholder' '
	! grep -n "@[A-Z_][A-Z_0-9]*@" plots/*.gp
'
test_expect_success 'each script runs on its own: exit 0, nothing on stderr, a 1600x1000 PNG' '
	cd plots && rm -f ./*.png &&
	for s in roofline bandwidth chains kernels; do
		gnuplot $s.gp 2>$s.err || { cat $s.err; exit 1; }
		test ! -s $s.err || { cat $s.err; exit 1; }
		png=$s.png; [ $s = roofline ] && png=roofline-gnuplot.png
		test "$(png_size $png)" = 1600x1000 || { png_size $png; exit 1; }
	done
'
test_expect_success 'the same scripts write SVG when asked' '
	cd plots && gnuplot -e "fmt='"'"'svg'"'"'" roofline.gp 2>err && test ! -s err &&
	grep -q "<svg" roofline-gnuplot.svg
'
test_expect_success 'plot --format svg renders SVG' '
	mkdir svg && "$ROOFLINE" plot run --out svg --format svg && grep -q "<svg" svg/kernels.svg
'
test_expect_success 'report writes report.md with the figure and the kernels' '
	"$ROOFLINE" report run --out plots &&
	grep -q "^# Roofline: Intel(R) Xeon(R) W-2245 CPU @ 3.90GHz" plots/report.md &&
	grep -q "^!\[roofline\](roofline.png)" plots/report.md &&
	grep -q "^| horner_simd_avx512 | D = 128 |" plots/report.md &&
	grep -q "^| dot.c | " plots/report.md
'
# moved FILE: "name,param,threads,moved" of every point compare.csv calls moved
moved() {
	awk -F, '$1 == "point" && $10 != "" { print $2 "," $3 "," $16 "," $10 }' "$1"
}
test_expect_success 'compare: the same run with dot 20 % slower and horner D=8 25 % faster moves those two only' '
	cp -R run moved && sh "$ROOFLINE_SRC"/tests/cli/perturb-run.sh moved 0 kernels/dot=0.8 kernels/horner:8=1.25 &&
	"$ROOFLINE" compare run moved --out moved-out &&
	test "$(moved moved-out/compare.csv | sort | tr "\n" " ")" = "dot,0,1,slower horner,8,1,faster " &&
	grep -q "^\*\*2 of [0-9]* kernels moved against their roofs: 1 faster, 1 slower" moved-out/compare.md &&
	grep -q "^- \*\*dot\*\* slower" moved-out/compare.md
'
test_expect_success 'compare of a run with itself: every kernel judged against its roof at x1, none moved' '
	"$ROOFLINE" compare run run --out plots &&
	test -z "$(moved plots/compare.csv)" &&
	n=$(awk -F, "\$1 == \"point\" && \$13 == 1" plots/compare.csv | wc -l) &&
	test "$n" -gt 10 &&
	test "$n" -eq "$(awk -F, "\$1 == \"point\" && \$11 != \"\"" plots/compare.csv | wc -l)" &&
	grep -q "^\*\*0 of $(awk -F, "\$1 == \"point\" && \$13 != \"\"" plots/compare.csv | wc -l) kernels moved against their roofs" plots/compare.md
'
test_done
