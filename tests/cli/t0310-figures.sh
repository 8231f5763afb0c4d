#!/bin/sh
# plot's figures: one thread count a figure (--threads N), the all-core figure
# beside it when a run has more than one, SVG whose text is text, --title.
. "$(dirname "$0")/lib.sh"
FIXTURE=$ROOFLINE_SRC/tests/fixtures/gnuplot-run

test_expect_success 'a run of one thread count: roofline.png, no all-core figure' '
	cp -R "$FIXTURE" run && "$ROOFLINE" fit run >/dev/null &&
	"$ROOFLINE" plot run --out one 2>/dev/null &&
	test -s one/roofline.png && test ! -e one/roofline-allcores.png
'
test_expect_success 'plot --threads with a count the run lacks: exit 2, one line' '
	expect_usage_error plot run --out bad --threads 4 &&
	grep -q "^roofline: plot: --threads 4: run measured 1 thread$" "$TRASH/.stderr" &&
	expect_usage_error plot run --out bad --threads x &&
	test ! -e bad/roofline.png
'
test_expect_success 'plot --title refuses control characters, bad UTF-8 and a long title: exit 2' '
	expect_usage_error plot run --out bad --title "$(printf "a\tb")" &&
	grep -q "^roofline: plot: --title: a control character" "$TRASH/.stderr" &&
	expect_usage_error plot run --out bad --title "$(printf "a\302\205b")" &&
	grep -q "^roofline: plot: --title: a control character" "$TRASH/.stderr" &&
	expect_usage_error plot run --out bad --title "$(printf "a\377")" &&
	grep -q "^roofline: plot: --title: not valid UTF-8" "$TRASH/.stderr" &&
	expect_usage_error plot run --out bad --title "$(printf "%091d" 0)" &&
	grep -q "^roofline: plot: --title: want 1 to 90 characters" "$TRASH/.stderr" &&
	test ! -e bad/roofline.png
'
test_expect_success 'SVG keeps its text as text, the title escaped' '
	"$ROOFLINE" plot run --out svg --format svg --title "Zen <5> & \"more\" · ü" 2>/dev/null &&
	grep -q "<text [^>]*font-family=\"'"'"'DejaVu Sans'"'"'" svg/roofline.svg &&
	grep -q ">Zen &lt;5&gt; &amp; &quot;more&quot; · ü</text>" svg/roofline.svg &&
	grep -q ">Arithmetic intensity (flop/byte)</text>" svg/roofline.svg &&
	! grep -q "<symbol" svg/roofline.svg && tail -c 7 svg/roofline.svg | grep -q "</svg>"
'
test_expect_success 'PDF text is glyphs of an embedded font, not paths' '
	"$ROOFLINE" plot run --out pdf --format pdf 2>/dev/null &&
	grep -aq "/FontFile" pdf/roofline.pdf
'
test_expect_success 'a run of 1 and 2 threads: the default figure one core, the all-core one beside it' '
	cp -R "$ROOFLINE_SRC/data/example/run" two &&
	"$ROOFLINE" plot two --out two-out --format svg 2>/dev/null &&
	grep -q "  ·  1 thread  ·  " two-out/roofline.svg &&
	grep -q "  ·  2 threads  ·  " two-out/roofline-allcores.svg &&
	grep -q ">scaling from 1 thread:</text>" two-out/roofline-allcores.svg &&
	# like with like, as the report: DRAM@2t was set by the in-place job, so it scales from
	# one core in-place roof (66.2 GB/s, x1.65), not from its ordinary-store DRAM (42.5, x2.56)
	grep -q ">DRAM 66.2 (2r1w-ip) → 108.9 GB/s  ×1.65</text>" two-out/roofline-allcores.svg &&
	grep -q ">L2 266.0 → 491.5 GB/s  ×1.85</text>" two-out/roofline-allcores.svg &&
	! grep -q "@2t" two-out/roofline.svg two-out/roofline-allcores.svg &&
	"$ROOFLINE" plot two --out two-2 --format svg --threads 2 2>/dev/null &&
	grep -q "  ·  2 threads  ·  " two-2/roofline.svg
'
test_expect_success 'your points go to the figure of their thread count' '
	printf "name,version,flops,bytes,seconds,threads\nmine,one,1e9,1e9,0.5,1\nmine,two,2e9,1e9,0.5,2\nmine,four,2e9,1e9,0.5,4\n" >pts.csv &&
	"$ROOFLINE" plot two --out pts --format svg --points pts.csv 2>err &&
	grep -q ">mine one</text>" pts/roofline.svg && ! grep -q ">mine two</text>" pts/roofline.svg &&
	grep -q ">mine two</text>" pts/roofline-allcores.svg && ! grep -q ">mine one</text>" pts/roofline-allcores.svg &&
	! grep -q ">mine four</text>" pts/roofline.svg pts/roofline-allcores.svg &&
	grep -q "^roofline: warning: pts.csv: 1 of its 3 points are of a thread count no figure shows" err
'
test_expect_success 'report.md embeds both figures, each with a caption a post can paste' '
	"$ROOFLINE" report two --out two-out 2>/dev/null &&
	grep -q "^!\[roofline\](roofline.png)$" two-out/report.md &&
	grep -q "^!\[roofline, all cores\](roofline-allcores.png)$" two-out/report.md &&
	grep -q "^\*Roofline of [^,]*, one core: [a-z]* [0-9.]* \`-O3 [^\`]*\`, measured [0-9T:-]*Z\. .*points: each kernel" two-out/report.md &&
	grep -q "^\*Roofline of [^,]*, 2 threads: " two-out/report.md &&
	"$ROOFLINE" report run --out one 2>/dev/null && ! grep -q "allcores" one/report.md
'
# curve_points TABLE TEXT: the points gnuplot plotted (set table) in the curve titled TEXT...
curve_points() {
	awk -v t="# Curve title: \"$2" "/^# Curve [0-9]/ { on = 0 } index(\$0, t) == 1 { on = 1 } on && / i\$/ { n++ } END { print n + 0 }" "$1"
}
test_expect_success 'chains.gp draws a peak kernel whose name holds a comma' '
	cp -R "$ROOFLINE_SRC/data/example/run" comma &&
	sed -i "s/,peak,fma_avx2,/,peak,\"fma_a,b\",/" comma/timings.csv &&
	"$ROOFLINE" fit comma >/dev/null && grep -q "^\"fma_a,b\"," comma/chains.csv &&
	"$ROOFLINE" plot comma --out comma-out 2>/dev/null &&
	(cd comma-out && gnuplot -e "set table '"'"'t.tbl'"'"'" chains.gp 2>err && test ! -s err) &&
	want=$(grep -c "^\"fma_a,b\"," comma/chains.csv) &&
	test "$(curve_points comma-out/t.tbl "a,b: ")" = "$want" &&
	test "$(curve_points comma-out/t.tbl "avx512: ")" = "$(grep -c "^fma_avx512," comma/chains.csv)"
'
test_expect_success 'compare.gp keeps a run name with a quote and a comma as it is (gp_str)' '
	cp -R "$ROOFLINE_SRC/data/example/run" qa && cp -R "$ROOFLINE_SRC/data/example/run" qb &&
	sed -i "s/^cc_version,.*/cc_version,\"12.2'"'"'0,x\"/" qb/env.csv &&
	"$ROOFLINE" compare qa qb --out q-out >/dev/null 2>&1 &&
	(cd q-out && gnuplot -e "fmt='"'"'svg'"'"'" compare.gp 2>err && test ! -s err) &&
	grep -q ">B: gcc 12.2'"'"'0,x<" q-out/compare-gnuplot.svg
'
# The fixture's model (tests/fixtures/gnuplot-run/generate.py), the truth its fit must recover:
# triad plateaus of 190, 95, 50 and 31 GB/s; two 512-bit FMA ports at 3.44 GHz, 2 x 2 x 8 x 3.44
# = 110.08 GFLOP/s; one chain of 4-cycle FMAs, 2 x 8 x 3.44 / 4 = 13.76; each kernel's rate.
# Every timing is the model's rate lowered by noise (and up to 2% by the pass), never raised.
test_expect_success 'the fixture fits to its model: plateaus, peak, one chain, kernels' '
	cp -R "$FIXTURE" truth && "$ROOFLINE" fit truth >/dev/null &&
	for want in L1:190 L2:95 L3:50 DRAM:31 peak:110.08 one-chain:13.76; do
		v=$(awk -F, -v n="${want%%:*}" "\$1 == n { print \$3 }" truth/roofs.csv) &&
		awk -v v="$v" -v m="${want#*:}" "BEGIN { exit !(v >= 0.97 * m && v <= 1.001 * m) }" ||
			{ echo "${want%%:*}: fitted $v, model ${want#*:}"; exit 1; }
	done &&
	for want in triad:0:2.36 dot:0:1.70 dot_split:0:3.52 horner:16:34.0 horner:128:17.1 \
	            horner_simd_avx512:64:96.0 horner_simd_avx512:128:99.0; do
		k=${want%%:*} rest=${want#*:} && p=${rest%%:*} m=${rest#*:} &&
		v=$(awk -F, -v k="$k" -v p="$p" "NR > 1 && \$1 == k && \$2 == p { print \$5 }" truth/points.csv) &&
		awk -v v="$v" -v m="$m" "BEGIN { exit !(v >= 0.94 * m && v <= m) }" ||
			{ echo "$k $p: fitted $v GFLOP/s, model $m"; exit 1; }
	done
'
test_done
