#!/bin/sh
# compare on scripted pairs whose truth is known (scripted-run.sh, then
# perturb-run.sh for drift, moves and noise): which values it calls moved.
. "$(dirname "$0")/lib.sh"
SCRIPTED="sh $ROOFLINE_SRC/tests/cli/scripted-run.sh"
PERTURB="sh $ROOFLINE_SRC/tests/cli/perturb-run.sh"

# moved FILE: "kind,name,param,level,moved" of every row compare.csv calls moved
moved() {
	awk -F, 'NR > 1 && $10 != "" { print $1 "," $2 "," $3 "," $4 "," $10 }' "$1"
}
# arrows GP: "label,moved" of each kernel compare.gp draws as an arrow (A's position given)
arrows() {
	awk -F, '/^\$points << EOD/ { on = 1; next } /^EOD/ { on = 0 } on && $2 != "NaN" { print $1 "," $7 }' "$1"
}
# faint GP: the labels of A's roof lines (drawn where a roof moved) in compare.gp
faint() {
	awk -F, '/^\$roofs << EOD/ { on = 1; next } /^EOD/ { on = 0 } on && $5 == 0 { print $10 }' "$1"
}
# png_size FILE: "1600x1000" from the PNG header
png_size() {
	od -An -tu1 -j16 -N8 "$1" | awk '{ printf "%dx%d\n", $1*16777216+$2*65536+$3*256+$4, $5*16777216+$6*65536+$7*256+$8 }'
}

test_expect_success 'one kernel moved 10 % among drift up to 3 %: that one is flagged, nothing else' '
	$SCRIPTED a && cp -R a b && $PERTURB a 1 &&
	$PERTURB b 2 bandwidth/triad=1.03 peak/fma_avx512=0.97 peak/fma_scalar=1.02 kernels/dot=0.97 \
		kernels/triad=1.03 kernels/horner:8=1.10 "*=1.02" &&
	"$ROOFLINE" compare a b --out drift &&
	test "$(moved drift/compare.csv)" = "point,horner,8,DRAM,faster" &&
	grep -q "^\*\*1 of 19 values moved beyond the runs. noise and drift: 1 faster, 0 slower.\*\*" drift/compare.md &&
	grep -q "^| horner | D = 8 | DRAM | 20.0 | 22.0 | 1.09[0-9] | 1.0[0-9][0-9]–1.1[0-9][0-9] | \*\*faster\*\* |" drift/compare.md &&
	# the drifted values lie outside the noise: the threshold, not the interval, keeps them
	test "$(awk -F, "NR > 1 && (\$9 < 1 || \$8 > 1)" drift/compare.csv | wc -l)" -ge 12
'
test_expect_success 'a ratio beyond the drift whose interval holds 1 is not a move' '
	cp -R a c && $PERTURB c 3 kernels/horner:64=1.10~0.3 &&
	"$ROOFLINE" compare a c --out noisy &&
	test -z "$(moved noisy/compare.csv)" &&
	awk -F, "NR > 1 && \$2 == \"horner\" && \$3 == 64 { exit !(\$7 > 1.05 && \$8 < 1) }" noisy/compare.csv
'
test_expect_success 'an A/A pair (same build, two runs) flags nothing' '
	cp -R a aa && $SCRIPTED a2 && $PERTURB a2 7 &&
	"$ROOFLINE" compare aa a2 --out aa-out &&
	test -z "$(moved aa-out/compare.csv)" &&
	grep -q "^\*\*0 of 19 values moved" aa-out/compare.md
'
test_expect_success 'a roof that moved alone is flagged, and does not hide a point that moved' '
	cp -R a d && $PERTURB d 4 peak/fma_avx512:1=0.85 kernels/horner:8=1.10 kernels/dot=0.5 &&
	"$ROOFLINE" compare a d --out roof &&
	test "$(moved roof/compare.csv | tr "\n" " ")" = "roof,one-chain,1,,slower point,dot,0,DRAM,slower point,horner,8,DRAM,faster "
'
test_expect_success 'roofs that drift together hold a point move within their drift' '
	cp -R a g && $PERTURB g 5 kernels/horner:8=0.88 "*=0.90" &&
	"$ROOFLINE" compare a g --out together &&
	test -z "$(moved together/compare.csv | grep "^point")"
'
test_expect_success 'plateaus named alike at other sizes are not compared, and drawn twice' '
	$SCRIPTED p && cp -R p q &&
	awk -F, "NR == 1 || \$4 != \"bandwidth\" || \$8 > 65536" p/timings.csv >q/timings.csv &&
	"$ROOFLINE" compare p q --out shifted &&
	grep -qx "roof,L1,,L1,,,,,," shifted/compare.csv &&
	grep -qx "roof,DRAM,,DRAM,25,25,1,1,1," shifted/compare.csv &&
	grep -q "^| L1 (GB/s) | 200.0 | 100.0 | — | — | not compared: no timings in common" shifted/compare.md &&
	test -z "$(moved shifted/compare.csv)" &&
	test "$(faint shifted/compare.gp | cut -d" " -f1-2 | tr "\n" " ")" = "A: L1 A: L2 A: L3 "
'
test_expect_success 'compare.csv: header, one row per value in both runs, exact values' '
	$SCRIPTED e && cp -R e f && $PERTURB f 0 kernels/dot=0.5 &&
	"$ROOFLINE" compare e f --out exact &&
	test "$(head -n 1 exact/compare.csv)" = "kind,name,param,level,a,b,ratio,ratio_lo,ratio_hi,moved" &&
	test "$(grep -c "^roof," exact/compare.csv)" -eq 12 &&
	grep -qx "roof,L2.2r1w,,L2,100,100,1,1,1," exact/compare.csv &&
	test "$(grep -c "^point," exact/compare.csv)" -eq 7 &&
	grep -qx "point,dot,0,DRAM,1.75,0.875,0.5,0.5,0.5,slower" exact/compare.csv &&
	grep -qx "point,horner,8,DRAM,20,20,1,1,1," exact/compare.csv &&
	grep -qx "roof,L2,,L2,100,100,1,1,1," exact/compare.csv &&
	grep -qx "roof,one-chain,1,,14,14,1,1,1," exact/compare.csv &&
	test "$(moved exact/compare.csv)" = "point,dot,0,DRAM,slower" &&
	grep -q "^| dot | — | DRAM | 1.75 | 0.875 | 0.500 | 0.500–0.500 | \*\*slower\*\* |" exact/compare.md &&
	! ls exact | grep -q tmp
'
test_expect_success 'the figure: a 1600x1000 PNG, svg and pdf on request, one arrow for the one move' '
	"$ROOFLINE" compare a b --out fig --format png,svg,pdf &&
	test "$(head -c 4 fig/compare.png | od -An -tx1 | tr -d " ")" = 89504e47 &&
	test "$(png_size fig/compare.png)" = 1600x1000 &&
	head -c 200 fig/compare.svg | grep -q "<svg" &&
	head -c 4 fig/compare.pdf | grep -q "%PDF" &&
	test "$(arrows fig/compare.gp)" = "horner D=8 ×1.10,faster" &&
	test -z "$(faint fig/compare.gp)" &&
	test -z "$(arrows aa-out/compare.gp)" && test -s aa-out/compare.png && test ! -e aa-out/compare.svg
'
test_expect_success 'the figure draws a moved roof twice (A faint), the others once' '
	test "$(faint roof/compare.gp | wc -l)" -eq 1 && faint roof/compare.gp | grep -q "^A: one-chain [0-9.]* GFLOP/s" &&
	test "$(grep -c "B: one-chain" roof/compare.gp)" -eq 1 &&
	test "$(arrows roof/compare.gp | tr "\n" " ")" = "dot ×0.50,slower horner D=8 ×1.10,faster "
'
test_expect_success 'compare.gp runs on its own in gnuplot' '
	if command -v gnuplot >/dev/null; then
		(cd fig && gnuplot compare.gp 2>err && test ! -s err) && test -s fig/compare-gnuplot.png
	fi
'
test_expect_success 'the example (both thread counts): every roof named, all-core points say @2t' '
	mkdir ex && cp "$ROOFLINE_SRC"/data/example/run/env.csv "$ROOFLINE_SRC"/data/example/run/timings.csv ex/ &&
	"$ROOFLINE" compare ex ex --out exfig >/dev/null 2>&1 &&
	awk -F, "/^\\\$roofs << EOD/ { on = 1; next } /^EOD/ { on = 0 }
		on { n++; name[n] = \$10; sub(/ .*/, \"\", name[n]); if (\$7 == \"NaN\") bare[n] = 1; else text = text \"|\" \$10 }
		END { for (i = 1; i <= n; i++) if (bare[i] && index(text, \" \" name[i] \" \") == 0) { print name[i]; bad = 1 } exit bad || !n }" exfig/compare.gp &&
	awk -F, "/^\\\$points << EOD/ { on = 1; next } /^EOD/ { on = 0 } on && \$1 ~ / @2t/ { n++ } END { exit !n }" exfig/compare.gp
'
test_expect_success 'compare rejects an unknown format before writing anything' '
	expect_usage_error compare a b --out none --format png,bmp && test ! -e none
'
test_done
