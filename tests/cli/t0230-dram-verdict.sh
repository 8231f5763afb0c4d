#!/bin/sh
# The DRAM verdict (src/model/levels.h) on runs whose truth is known: a real run
# that never reached DRAM (tests/fixtures/zen4-sweep), and scripted ones
# (scripted-run.sh: triad sweep 200/100/50 GB/s caches, 25 GB/s from 72 MiB of
# working set to its end at 64 MiB per array, 508 MiB L3 reported).
. "$(dirname "$0")/lib.sh"
SCRIPTED="sh $ROOFLINE_SRC/tests/cli/scripted-run.sh"
FX=$ROOFLINE_SRC/tests/fixtures/zen4-sweep

# field FILE NAME COLUMN: the COLUMN-th field of the row whose first field is NAME
field() {
	awk -F, -v n="$2" -v c="$3" 'NR > 1 && $1 == n { print $c; exit }' "$1"
}
# with_l3 DIR BYTES: the run's reported last-level cache set to BYTES
with_l3() {
	sed "s/^l3_bytes,.*/l3_bytes,$2/" "$1/env.csv" >"$1/env.tmp" && mv "$1/env.tmp" "$1/env.csv"
}
# scaled DIR SRC FACTOR: SRC's bandwidth rows again at 2 threads, FACTOR times as fast
scaled() {
	cp -r "$2" "$1" && sed "s/^threads,1\$/threads,\"1,2\"/" "$2/env.csv" >"$1/env.csv" &&
	awk -F, -v OFS=, -v f="$3" 'NR > 1 && $4 == "bandwidth" { $7 = 2; $11 = $11 / f; print }' \
		"$2/timings.csv" >>"$1/timings.csv"
}

test_expect_success 'Zen 4: DRAM was reached at neither thread count, and 143 GB/s is no roof' '
	cp -r "$FX" z4 && "$ROOFLINE" fit z4 >z4.out &&
	grep -q "^note: DRAM not reached: the sweep stopped at 64 MiB per array (192 MiB of working set, 28.3 GB/s there, flat from 96 MiB within the 15% spread of the largest sizes. kept timings), short of STREAM.s rule: each array at least 4x the reported 32 MiB last-level cache, 128 MiB" z4.out &&
	grep -q "^note: DRAM@2t not reached: the sweep stopped at 64 MiB per array (192 MiB of working set, 53.7 GB/s there, flat from 136 MiB within the 25% spread of the largest sizes. kept timings), short of STREAM.s rule" z4.out &&
	! grep -q "^DRAM" z4/roofs.csv && ! grep -q "^143" z4/roofs.csv && ! grep -q ",143\." z4/roofs.csv &&
	test "$(field z4/roofs.csv L3@2t 6)" = 17794560
'
test_expect_success 'Zen 4: a level the all-core pattern jobs missed is named with its thread count' '
	grep -q "^note: L3@2t: no 1r1w job of 2 threads landed on this level (.*): 2-thread kernels of that pattern there are judged against the sweep.s L3@2t\$" z4.out &&
	! grep -q "^note: L3: no" z4.out &&
	grep -q "^note: 1 bandwidth-pattern job of 2 threads ran at 72 MiB of working set, past the caches .*no DRAM pattern roofs" z4.out
'
test_expect_success 'Zen 4: the DRAM kernels are placed at DRAM with no roof, not under a cache' '
	test "$(awk -F, "NR > 1 && \$10 == \"DRAM\" && \$9 == \"unknown\" && \$6 == \"none\"" z4/points.csv | wc -l)" -eq 4 &&
	"$ROOFLINE" report z4 --out z4r >/dev/null 2>&1 &&
	grep "^| triad " z4r/report.md | grep -q "this run.s sweep did not reach DRAM" &&
	grep -q "STREAM.s array-size rule is not met.*this run gives no DRAM roof" z4r/report.md &&
	! grep -q "likely right" z4r/report.md &&
	grep -q "^| DRAM | not reached | no array obeyed STREAM.s rule; at most 28.3 GB/s" z4r/report.md &&
	grep -q "^| DRAM@2t | not reached | no array obeyed STREAM.s rule; at most 53.7 GB/s" z4r/report.md
'
test_expect_success 'a 508 MiB L3 and a curve flat past 72 MiB: DRAM is the flat end, and the report says which rule' '
	$SCRIPTED vm && "$ROOFLINE" fit vm >vm.out &&
	test "$(field vm/roofs.csv DRAM 3)" = 25 &&
	test "$(field vm/roofs.csv DRAM 5)" = 71179584 && test "$(field vm/roofs.csv DRAM 6)" = 201326592 &&
	grep -q "^note: DRAM: 25 GB/s from 4 sizes, 67.9 MiB .. 192 MiB of working set, within 10% of the rate at the sweep.s largest size (25 GB/s); the reported 508 MiB last-level cache is implausible" vm.out &&
	test "$(grep -c "^note: DRAM" vm.out)" -eq 1
'
test_expect_success 'the rule measure recorded is read back, never re-derived: the curve.s cache, or the reported one' '
	$SCRIPTED curve && printf "stream_rule_source,curve\nstream_rule_bytes,33554432\nstream_rule_cache_bytes,8388608\n" >>curve/env.csv &&
	"$ROOFLINE" fit curve >curve.out &&
	grep -q "^note: DRAM: 25 GB/s from 3 sizes, 96 MiB .. 192 MiB of working set, .*STREAM.s rule on the cache the run.s curve showed: the reported 508 MiB last-level cache is implausible .*so measure took 4x 8 MiB, the cache as its curve showed it: 32 MiB per array" curve.out &&
	$SCRIPTED rep && printf "stream_rule_source,reported\nstream_rule_bytes,2130706432\nstream_rule_cache_bytes,532676608\n" >>rep/env.csv &&
	"$ROOFLINE" fit rep >rep.out &&
	grep -q "^note: DRAM not reached: the sweep stopped at 64 MiB per array .*short of STREAM.s rule: each array at least 4x the reported 508 MiB last-level cache, 1.98 GiB" rep.out &&
	! grep -q "^DRAM" rep/roofs.csv
'
test_expect_success 'a plausible 4 MiB L3: DRAM by STREAM.s rule, from the sizes whose arrays are 16 MiB or more' '
	$SCRIPTED rule && with_l3 rule 4194304 && "$ROOFLINE" fit rule >rule.out &&
	grep -q "^note: DRAM: 25 GB/s from 4 sizes, 67.9 MiB .. 192 MiB of working set, .*STREAM.s rule: each array at least 4x the reported 4 MiB last-level cache, 16 MiB" rule.out &&
	$SCRIPTED rule2 && with_l3 rule2 8388608 && "$ROOFLINE" fit rule2 >rule2.out &&
	test "$(field rule2/roofs.csv DRAM 5)" = 100663296 &&
	grep -q "^note: DRAM: 25 GB/s from 3 sizes, 96 MiB .. 192 MiB" rule2.out
'
test_expect_success 'a plausible 32 MiB L3 the sweep never reached 4x of: DRAM not reached, no roof named DRAM' '
	$SCRIPTED short && with_l3 short 33554432 && "$ROOFLINE" fit short >short.out &&
	grep -q "^note: DRAM not reached: the sweep stopped at 64 MiB per array (192 MiB of working set, 25 GB/s there, flat from 67.9 MiB), short of STREAM.s rule" short.out &&
	! grep -q "^DRAM" short/roofs.csv &&
	test "$(field short/points.csv triad 9)" = unknown &&
	"$ROOFLINE" report short --out shortr >/dev/null 2>&1 &&
	grep -q "^Ridge point: peak / L3 = 2.24 flop/byte, the slowest level the sweep found: DRAM was not reached" shortr/report.md &&
	grep -q "^| DRAM | not reached | no array obeyed STREAM.s rule; at most 25.0 GB/s" shortr/report.md
'
test_expect_success 'a curve still falling at its largest size: DRAM not reached, with the rate there' '
	$SCRIPTED fall &&
	awk -F, -v OFS=, "\$4 == \"bandwidth\" && \$6 >= 47453120 { \$11 = \$11 * (\$6 > 60000000 ? 1.3 : 1.14) } { print }" \
		fall/timings.csv >fall/t && mv fall/t fall/timings.csv &&
	"$ROOFLINE" fit fall >fall.out &&
	grep -q "^note: DRAM not reached: the curve was still falling at the sweep.s largest size, 19.2 GB/s at 64 MiB per array (192 MiB of working set)" fall.out &&
	! grep -q "^DRAM" fall/roofs.csv && ! grep -q "its cap" fall.out &&
	echo sweep_cap_binds,1 >>fall/env.csv && "$ROOFLINE" fit fall >cap.out &&
	grep -q "^note: DRAM not reached: the curve was still falling.*; the sweep stopped at its cap (--max-size, a quick run.s or a quarter of memory: env.csv.s sweep_decision says which)\$" cap.out
'
test_expect_success 'all-core roofs 4.9x one core.s on 2 threads are left out as a measurement error' '
	$SCRIPTED one && scaled x49 one 4.9 && "$ROOFLINE" fit x49 >x49.out &&
	grep -q "^note: DRAM@2t: 12[23] GB/s is 4.90x the 25 GB/s of 1 thread on 2 threads: more than threads can scale, a measurement error" x49.out &&
	! grep -q "@2t,bandwidth" x49/roofs.csv && ! grep -q "@2t,pattern" x49/roofs.csv &&
	test "$(grep -c "measurement error" x49.out)" -eq 4 &&
	test "$(field x49/roofs.csv DRAM 3)" = 25
'
test_expect_success 'all-core roofs 1.8x one core.s stay; no one-thread point is judged by an @2t roof' '
	scaled x18 one 1.8 && "$ROOFLINE" fit x18 >x18.out &&
	test "$(field x18/roofs.csv DRAM@2t 3)" = 45 && ! grep -q "measurement error" x18.out &&
	awk -F, -v OFS=, "NR > 1 && \$4 == \"kernels\" { \$7 = 2; print }" one/timings.csv >>x18/timings.csv &&
	"$ROOFLINE" fit x18 >/dev/null &&
	test "$(awk -F, "NR > 1 && \$3 == 1 && \$6 ~ /@/" x18/points.csv | wc -l)" -eq 0 &&
	test "$(awk -F, "NR > 1 && \$3 == 2 && \$9 == \"memory\" && \$6 !~ /@2t/" x18/points.csv | wc -l)" -eq 0 &&
	test "$(awk -F, "NR > 1 && \$3 == 2" x18/points.csv | wc -l)" -gt 0
'
test_expect_success 'the sweep kernel is the one env.csv records, not the one timed at the most sizes' '
	$SCRIPTED sk &&
	awk "BEGIN { for (i = 0; i < 40; i++) { b = 4096 * (i + 1); printf \"1,2,0,bandwidth,bw_copy_avx512,%d,1,%d,0,%d,%.9e\\n\", b, 2 * b, 2 * b, 2 * b / 5e9 } }" >>sk/timings.csv &&
	cp -r sk sk-old && echo sweep_kernel,triad >>sk/env.csv &&
	"$ROOFLINE" fit sk >/dev/null && test "$(field sk/roofs.csv DRAM 3)" = 25 &&
	"$ROOFLINE" fit sk-old >/dev/null 2>&1 && ! grep -q "^DRAM,bandwidth,25," sk-old/roofs.csv
'
test_done
