#!/bin/sh
# The English article's Apple M1 run, scripted (scripted-m1.sh): fit, plot and
# report must find what the article found. Roofs and the ridge from roofs.csv,
# each point's roof and bound from points.csv; not the diagnosis wording.
. "$(dirname "$0")/lib.sh"

# field FILE NAME COLUMN: the COLUMN-th field of the row whose first field is NAME
field() {
	awk -F, -v n="$2" -v c="$3" 'NR > 1 && $1 == n { print $c; exit }' "$1"
}
# point KERNEL PARAM COLUMN: a column of run/points.csv
point() {
	awk -F, -v k="$1" -v p="$2" -v c="$3" 'NR > 1 && $1 == k && $2 == p { print $c; exit }' run/points.csv
}
# near X Y TOL: |X - Y| <= TOL
near() {
	awk -v x="$1" -v y="$2" -v t="$3" 'BEGIN { d = x - y; if (d < 0) d = -d; exit !(x != "" && d <= t) }'
}

test_expect_success 'fit finds the three plateaus: 196, 124 and 46 GB/s' '
	sh "$ROOFLINE_SRC/tests/cli/scripted-m1.sh" run && "$ROOFLINE" fit run >summary &&
	test "$(awk -F, "NR > 1 && \$2 == \"bandwidth\"" run/roofs.csv | wc -l)" -eq 3 &&
	test "$(field run/roofs.csv L1 3)" = 196 &&
	test "$(field run/roofs.csv L2 3)" = 124 &&
	test "$(field run/roofs.csv DRAM 3)" = 46 &&
	! grep -q "^L3," run/roofs.csv
'
test_expect_success 'the plateaus span what the article says' '
	test "$(field run/roofs.csv L1 6)" -eq 196608 &&
	test "$(field run/roofs.csv L2 5)" -eq 393216 &&
	test "$(field run/roofs.csv L2 6)" -lt 25165824 &&
	test "$(field run/roofs.csv DRAM 5)" -ge 25165824
'
test_expect_success 'peak 49.8 (the best timing), one chain 3.05, scalar half the peak' '
	test "$(field run/roofs.csv peak 3)" = 49.8 &&
	test "$(field run/roofs.csv one-chain 3)" = 3.05 &&
	test "$(field run/roofs.csv scalar 3)" = 24.9 &&
	grep -q "^fma_neon .* 16 chains to saturate, FMA latency 4.0 cycles" summary
'
test_expect_success 'the ridge is near 1.1 flop/byte' '
	ridge=$(awk -F, "\$1 == \"peak\" { p = \$3 } \$1 == \"DRAM\" { d = \$3 } END { printf \"%.3f\", p / d }" run/roofs.csv) &&
	near "$ridge" 1.083 0.001
'
test_expect_success 'triad, dot and Horner D <= 8 are memory-bound under DRAM' '
	for k in "triad 0" "dot 0" "horner 1" "horner 2" "horner 4" "horner 8" \
		"horner_simd_neon 1" "horner_simd_neon 4" "horner_simd_neon 8"; do
		set -- $k
		# DRAM, or the roof of its own pattern there (the triad: 2r1w, set by the sweep)
		case "$(point $1 $2 6)" in DRAM | DRAM.*) ;; *) false ;; esac &&
		test "$(point $1 $2 9)" = memory ||
			{ echo "$k: $(point $1 $2 6) $(point $1 $2 9)"; exit 1; }
	done
'
test_expect_success 'D <= 4, the dot product and the triad land at 80 to 92% of beta x I' '
	for k in "triad 0" "dot 0" "horner 1" "horner 2" "horner 4"; do
		set -- $k
		f=$(point $1 $2 8)
		near "$f" 0.86 0.06 || { echo "$k: $f"; exit 1; }
	done &&
	near "$(point horner 4 7)" 23 1e-9 && near "$(point dot 0 7)" 5.75 1e-9
'
test_expect_success 'beyond the ridge (D >= 16) every Horner point is compute-bound under the peak' '
	for d in 16 32 64 128; do
		for k in horner horner_simd_neon; do
			test "$(point $k $d 6)" = peak && test "$(point $k $d 9)" = compute &&
			# the peak median (48.8 in the script; its best is 49.8): medians with medians
			test "$(point $k $d 7)" = 48.8 || { echo "$k $d"; exit 1; }
		done
	done
'
test_expect_success 'the Horner points sit where the article puts them' '
	one=$(field run/roofs.csv one-chain 3) &&
	near "$(awk -v g="$(point horner 64 5)" -v o="$one" "BEGIN { print g / o }")" 5 0.1 &&
	near "$(awk -v g="$(point horner 128 5)" -v o="$one" "BEGIN { print g / o }")" 3 0.1 &&
	# the article: 61 % of pi, its best (30.4 of 49.8); median over median is 30.4 / 48.8
	near "$(point horner_simd_neon 64 8)" 0.623 0.005 &&
	near "$(point horner_simd_neon 128 8)" 0.623 0.005 &&
	awk -v a="$(point horner 64 5)" -v b="$(point horner 16 5)" "BEGIN { exit !(a < b) }"
'
test_expect_success 'plot draws it and report names the roofs, the ridge and the flags' '
	"$ROOFLINE" plot run --out out 2>err &&
	file out/roofline.png | grep -q "PNG image data" &&
	test -s out/roofline.gp && test -s out/chains.gp &&
	"$ROOFLINE" report run --out out &&
	grep -E -q "^\| L1 \| 196(\.0)? GB/s" out/report.md &&
	grep -E -q "^\| L2 \| 124(\.0)? GB/s" out/report.md &&
	grep -E -q "^\| DRAM \| 46\.0 GB/s" out/report.md &&
	grep -E -q "^\| peak \| 49\.8 GFLOP/s" out/report.md &&
	grep -q "1.08 flop/byte" out/report.md &&
	grep -q "\`-O3 -mcpu=native\`" out/report.md &&
	grep -q "widest neon" out/report.md
'
test_done
