#!/bin/sh
# fit, plot and report on a run with scripted timings: exact answers.
. "$(dirname "$0")/lib.sh"
SCRIPTED="sh $ROOFLINE_SRC/tests/cli/scripted-run.sh"

# field FILE NAME COLUMN: the COLUMN-th field of the row whose first field is NAME
field() {
	awk -F, -v n="$2" -v c="$3" 'NR > 1 && $1 == n { print $c; exit }' "$1"
}
# point FILE KERNEL PARAM COLUMN
point() {
	awk -F, -v k="$2" -v p="$3" -v c="$4" 'NR > 1 && $1 == k && $2 == p { print $c; exit }' "$1"
}

test_expect_success 'fit writes the contract files with their headers' '
	$SCRIPTED run && "$ROOFLINE" fit run >summary &&
	test "$(csv_header run/roofs.csv)" = "name,kind,value,unit,size_lo,size_hi,samples" &&
	test "$(csv_header run/points.csv)" = "kernel,param,threads,ai,gflops,roof,roof_gflops,fraction,bound,level,pattern,working_set_bytes,ai_ideal,ai_loop" &&
	test -s run/sweep.csv && test -s run/chains.csv
'
test_expect_success 'fit finds the scripted plateaus exactly, warm-ups ignored' '
	test "$(field run/roofs.csv L1 3)" = 200 &&
	test "$(field run/roofs.csv L2 3)" = 100 &&
	test "$(field run/roofs.csv L3 3)" = 50 &&
	test "$(field run/roofs.csv DRAM 3)" = 25 &&
	test "$(field run/roofs.csv DRAM 2)" = bandwidth &&
	test "$(field run/roofs.csv DRAM 4)" = GB/s
'
test_expect_success 'plateau ranges follow the scripted levels' '
	test "$(field run/roofs.csv L1 6)" -le 49152 &&
	test "$(field run/roofs.csv L2 5)" -gt 49152 &&
	test "$(field run/roofs.csv L2 6)" -le 1048576 &&
	test "$(field run/roofs.csv DRAM 5)" -gt 25165824
'
test_expect_success 'fit takes the peak, the scalar and the one-chain ceilings' '
	test "$(field run/roofs.csv peak 3)" = 112 &&
	test "$(field run/roofs.csv peak 2)" = compute &&
	test "$(field run/roofs.csv scalar 3)" = 14 &&
	test "$(field run/roofs.csv scalar 2)" = ceiling &&
	test "$(field run/roofs.csv one-chain 3)" = 14
'
test_expect_success 'fit prints the ridge and Little'"'"'s law' '
	grep -q "ridge at 4.48 flop/byte" summary &&
	grep -q "fma_avx512 .*plateau 112.00 at K=8, 8 chains to saturate, FMA latency 4.0 cycles" summary
'
test_expect_success 'kernels are placed under the right roof' '
	test "$(point run/points.csv triad 0 4)" = 0.0833333 &&
	test "$(point run/points.csv triad 0 6)" = DRAM.2r1w &&
	test "$(point run/points.csv triad 0 9)" = memory &&
	test "$(point run/points.csv triad 0 8)" = 0.96 &&
	test "$(point run/points.csv horner 64 6)" = peak &&
	test "$(point run/points.csv horner 64 9)" = compute &&
	test "$(point run/points.csv horner 64 7)" = 112 &&
	test "$(point run/points.csv horner_simd_avx512 64 8)" = 0.892857 &&
	test "$(point run/points.csv triad 0 10)" = DRAM &&
	test "$(point run/points.csv triad 0 11)" = 2r1w &&
	test "$(point run/points.csv triad 0 12)" = 201326592 &&
	test "$(point run/points.csv horner 64 11)" = 1r1w
'
test_expect_success 'report: latency explains the compute-bound horner, never the memory-bound dot' '
	"$ROOFLINE" report run --out out &&
	grep "^| dot " out/report.md | grep -q "memory-bound but far under its roof: 56% of DRAM" &&
	! grep "^| dot " out/report.md | grep -q "chain" &&
	grep "^| horner .* 64 " out/report.md | grep -q "latency-bound, about 3 chains in flight"
'
test_expect_success 'plot writes the fit it draws beside its scripts; plot and report leave the run as found' '
	$SCRIPTED stale && "$ROOFLINE" fit stale >/dev/null &&
	echo "kernel,param,threads,ai,gflops,roof,roof_gflops,fraction,bound" >stale/points.csv &&
	echo "name,kind,value,unit,size_lo,size_hi,samples" >stale/roofs.csv &&
	(cd stale && ls -l --time-style=full-iso && cat ./*.csv) >before &&
	"$ROOFLINE" plot stale --out stale-out 2>/dev/null &&
	test "$(csv_header stale-out/fit/points.csv)" = "$(csv_header run/points.csv)" &&
	test "$(field stale-out/fit/roofs.csv DRAM 3)" = 25 &&
	test "$(point stale-out/fit/points.csv triad 0 6)" = DRAM.2r1w &&
	"$ROOFLINE" report stale --out stale-out 2>/dev/null &&
	(cd stale && ls -l --time-style=full-iso && cat ./*.csv) >after && cmp before after
'
test_expect_success 'plot draws a PNG of at least 1600x1000 and the gnuplot scripts' '
	"$ROOFLINE" plot run --out out --format png,svg,pdf &&
	file out/roofline.png | grep -q "PNG image data, 1600 x 1000" &&
	head -c 200 out/roofline.svg | grep -q "<svg" &&
	head -c 4 out/roofline.pdf | grep -q "%PDF" &&
	for s in roofline bandwidth chains kernels; do test -s out/$s.gp || exit 1; done
'
test_expect_success 'compare of a run with itself: every ratio and interval is 1, nothing moved' '
	"$ROOFLINE" compare run run --out out &&
	test "$(awk -F, "NR > 1" out/compare.csv | wc -l)" -gt 10 &&
	awk -F, "NR > 1 && (\$7 != 1 || \$8 != 1 || \$9 != 1 || \$10 != \"\") { exit 1 }" out/compare.csv &&
	awk -F, "\$1 == \"point\" && (\$13 != 1 || \$14 != 1 || \$15 != 1) { exit 1 }" out/compare.csv &&
	# and the same comparison sees a move where there is one
	cp -R run moved && sh "$ROOFLINE_SRC"/tests/cli/perturb-run.sh moved 0 kernels/horner:8=1.25 &&
	"$ROOFLINE" compare run moved --out out2 &&
	test "$(awk -F, "\$10 != \"\" && NR > 1 { print \$2 \",\" \$3 \",\" \$10 }" out2/compare.csv)" = "horner,8,faster"
'
test_expect_success 'a bad cell is exit 2 with file:line:column, and nothing is lost' '
	$SCRIPTED bad && "$ROOFLINE" fit bad >/dev/null &&
	sed -i "5s/,[^,]*\$/,abc/" bad/timings.csv &&
	cksum bad/* >before &&
	expect_usage_error fit bad &&
	grep -q "bad/timings.csv:5:[0-9][0-9]*: seconds .abc. is not a positive number" "$TRASH/.stderr" &&
	cksum bad/* >after && cmp before after
'
test_expect_success 'an unterminated quote is exit 2 with a position' '
	$SCRIPTED quote && printf "1,2,0,\"kernels\n" >>quote/timings.csv &&
	expect_usage_error fit quote && grep -q "quote/timings.csv:[0-9]*:[0-9]*: malformed CSV" "$TRASH/.stderr"
'
test_expect_success 'a missing column is exit 2 naming it' '
	$SCRIPTED nocol && sed -i "1s/,seconds\$/,secs/" nocol/timings.csv &&
	expect_usage_error report nocol && grep -q "missing column .seconds." "$TRASH/.stderr"
'
test_expect_success 'a short row is exit 2 with its line' '
	$SCRIPTED short && echo "1,2,0,peak" >>short/timings.csv &&
	expect_usage_error plot short --out out2 && grep -q "short/timings.csv:1202:1: row has 4 fields" "$TRASH/.stderr" &&
	test ! -e out2/roofline.png
'
test_expect_success 'a failed kernel is left out of points.csv and noted' '
	$SCRIPTED failed && echo "kernels,dot,0,1,2,dot sum: got 1 want 2" >>failed/failures.csv &&
	"$ROOFLINE" fit failed >summary2 && ! grep -q "^dot," failed/points.csv &&
	grep -q "dot param 0 failed its check" summary2
'
test_done
