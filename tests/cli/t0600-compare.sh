#!/bin/sh
# compare on scripted pairs whose truth is known (scripted-run.sh, then
# perturb-run.sh for drift, moves and noise): which values it calls moved.
. "$(dirname "$0")/lib.sh"
SCRIPTED="sh $ROOFLINE_SRC/tests/cli/scripted-run.sh"
PERTURB="sh $ROOFLINE_SRC/tests/cli/perturb-run.sh"
Q="'"

# moved FILE: "kind,name,param,level,moved" of every row compare.csv calls moved
moved() {
	awk -F, 'NR > 1 && $10 != "" { print $1 "," $2 "," $3 "," $4 "," $10 }' "$1"
}
# arrows GP: "label,moved" of each kernel compare.gp draws as an arrow (A's position given);
# a row's label is point_text[row], a roof's roof_text[row]
arrows() {
	awk -F, '/^point_text\[/ { t = $0; sub(/^[^=]*= '"'"'/, "", t); sub(/'"'"'$/, "", t); text[++nt] = t }
		/^\$points << EOD/ { on = 1; r = 0; next } /^EOD/ { on = 0 } on { row[++r] = $0 }
		END { for (i = 1; i <= r; i++) { split(row[i], c, ","); if (c[1] != "NaN") print text[i] "," c[6] } }' "$1"
}
# faint GP: the labels of A's roof lines (drawn where a roof moved) in compare.gp
faint() {
	awk -F, '/^roof_text\[/ { t = $0; sub(/^[^=]*= '"'"'/, "", t); sub(/'"'"'$/, "", t); text[++nt] = t }
		/^\$roofs << EOD/ { on = 1; r = 0; next } /^EOD/ { on = 0 } on { run[++r] = $5 }
		END { for (i = 1; i <= r; i++) if (run[i] == 0) print text[i] }' "$1"
}
# png_size FILE: "1600x1000" from the PNG header
png_size() {
	od -An -tu1 -j16 -N8 "$1" | awk '{ printf "%dx%d\n", $1*16777216+$2*65536+$3*256+$4, $5*16777216+$6*65536+$7*256+$8 }'
}

# The truth tests: scripted pairs (a kernel's rate, its roof's, the machine's)
# whose answer is known. A point is judged by its fraction of its own roof.
test_expect_success 'A/A with noise: nothing moved, and the first line says the same kind of machine' '
	$SCRIPTED a && $PERTURB a 1 && $SCRIPTED a2 && $PERTURB a2 7 &&
	"$ROOFLINE" compare a a2 --out aa-out &&
	test -z "$(moved aa-out/compare.csv)" &&
	grep -q "^\*\*0 of 7 kernels moved against their roofs" aa-out/compare.md &&
	head -n 1 aa-out/compare.md | grep -q "^# Comparing two runs on the same kind of machine (Scripted CPU" &&
	# every point was judged relative: its fractions and move are numbers
	test "$(awk -F, "\$1 == \"point\" && \$13 > 0.98 && \$13 < 1.02 && \$14 < 1 && \$15 > 1" aa-out/compare.csv | wc -l)" -eq 7
'
test_expect_success 'same machine, every rate 0.97 (drift), one kernel 15 % slower: that kernel, nothing else' '
	cp -R a drift && $PERTURB drift 2 kernels/dot=0.8245 "*=0.97" &&
	"$ROOFLINE" compare a drift --out drift-out &&
	test "$(moved drift-out/compare.csv)" = "point,dot,0,DRAM,slower" &&
	grep -q "^\*\*1 of 7 kernels moved against their roofs: 0 faster, 1 slower.\*\*" drift-out/compare.md &&
	grep -q "^- \*\*dot\*\* slower: it reaches 56 % of its roof (DRAM) on A and 48 % (DRAM) on B, ×0.8[45]" drift-out/compare.md &&
	# the raw ratio stays beside the relative one: 0.82 raw, 0.85 against the roof
	awk -F, "\$2 == \"dot\" { exit !(\$7 > 0.81 && \$7 < 0.83 && \$13 > 0.84 && \$13 < 0.86) }" drift-out/compare.csv
'
test_expect_success 'the machine 20 % slower everywhere (a host change): no point moved, the roofs say it' '
	cp -R a host && $PERTURB host 3 "*=0.8" &&
	"$ROOFLINE" compare a host --out host-out &&
	test -z "$(moved host-out/compare.csv)" &&
	grep -q "^The machine (B/A of its roofs): L1 0.80, L2 0.80, L3 0.80, DRAM 0.80, peak 0.80\.$" host-out/compare.md &&
	# every raw ratio moved beyond its noise: only the relative judgement keeps the points still
	test "$(awk -F, "\$1 == \"point\" && \$9 < 0.82" host-out/compare.csv | wc -l)" -eq 7 &&
	# no roof moved against the others: each drawn once, B'"'"'s (the machine'"'"'s move is compare.md'"'"'s line)
	test -z "$(faint host-out/compare.gp)" && ! grep -q "^roof_text.*= '"'"'[AB]: " host-out/compare.gp
'
test_expect_success 'the machine 20 % slower and one kernel a further 15 % slower: only that kernel' '
	cp -R a host2 && $PERTURB host2 4 kernels/horner:8=0.68 "*=0.8" &&
	"$ROOFLINE" compare a host2 --out host2-out &&
	test "$(moved host2-out/compare.csv)" = "point,horner,8,DRAM,slower" &&
	test "$(arrows host2-out/compare.gp)" = "horner D=8 ×0.85,slower"
'
test_expect_success 'a kernel whose rate dropped only because its roof dropped: not moved' '
	cp -R a roofdrop && $PERTURB roofdrop 5 bandwidth/triad=0.8 kernels/triad=0.8 kernels/dot=0.8 \
		kernels/dot_split=0.8 kernels/horner:1=0.8 kernels/horner:8=0.8 &&
	"$ROOFLINE" compare a roofdrop --out roofdrop-out &&
	test -z "$(moved roofdrop-out/compare.csv | grep "^point")" &&
	awk -F, "\$1 == \"point\" && \$2 == \"triad\" { exit !(\$9 < 0.82 && \$14 < 1 && \$15 > 1) }" roofdrop-out/compare.csv &&
	grep -q "^The machine (B/A of its roofs): L1 0.80, L2 0.80, L3 0.80, DRAM 0.80, peak 1.00\.$" roofdrop-out/compare.md
'
test_expect_success 'two different machines: said in the first line, each kernel judged against its roof' '
	mkdir ex && cp "$ROOFLINE_SRC"/data/example/run/env.csv "$ROOFLINE_SRC"/data/example/run/timings.csv \
		"$ROOFLINE_SRC"/data/example/run/failures.csv ex/ &&
	cp -R "$ROOFLINE_SRC"/tests/fixtures/zen4-run zen4 && chmod -R u+w zen4 &&
	"$ROOFLINE" compare ex zen4 --out machines >/dev/null 2>&1 &&
	test "$(head -n 1 machines/compare.md)" = "# Comparing two runs on different machines: L1d 48 KiB → 32 KiB, L3 508 MiB → 32 MiB; OS Linux 6.18.44-fc-v782 x86_64 → Linux 6.18.44-fc-v669 x86_64" &&
	grep -q "^\*\*The machines differ\*\*" machines/compare.md &&
	grep -q "^The machine (B/A of its roofs): L1 0.4[0-9], " machines/compare.md &&
	# points judged in both runs carry their fractions and relative move; the Zen 4 run never
	# reached DRAM (issue 18), so its DRAM points with no roof carry none
	test "$(awk -F, "\$1 == \"point\" && \$11 > 0 && \$12 > 0 && \$13 > 0" machines/compare.csv | wc -l)" -ge 20 &&
	test "$(awk -F, "\$1 == \"point\" && \$4 == \"DRAM\" && \$12 == \"\"" machines/compare.csv | wc -l)" -gt 0 &&
	grep -q "^- \*\*[a-z_0-9]*[^*]*\*\* [a-z]*er: it reaches [0-9]* % of its roof ([^)]*) on A and [0-9]* % ([^)]*) on B" machines/compare.md &&
	grep -q "different machines: L1d" machines/compare.gp
'
test_expect_success 'a CPU name with a quoted line break keeps the first line one line' '
	cp -R a nl && awk "{ sub(/^cpu_model,.*/, \"cpu_model,\\\"Odd | CPU\\nline two\\\"\") } 1" a/env.csv >nl/env.csv &&
	"$ROOFLINE" compare a nl --out nl-out >/dev/null 2>&1 &&
	test "$(head -n 1 nl-out/compare.md)" = "# Comparing two runs on different machines: CPU Scripted CPU (test fixture) → Odd \\| CPU line two" &&
	test -z "$(sed -n 2p nl-out/compare.md)"
'
test_expect_success 'code a compiler stopped vectorising is judged against the same ceiling in both runs' '
	cp -R "$ROOFLINE_SRC"/tests/fixtures/gnuplot-run vec-a && cp -R vec-a vec-b && chmod -R u+w vec-a vec-b &&
	sed -i "s/optimized: loop vectorized using [0-9]* byte vectors/missed: couldn${Q}t vectorize loop/; /vectorized 1 loops/d" \
		vec-b/remarks/horner.txt &&
	$PERTURB vec-b 0 kernels/horner:64=0.25 &&
	"$ROOFLINE" compare vec-a vec-b --out vec >/dev/null 2>&1 &&
	# B alone would judge it against the scalar ceiling, 4x lower, and call it no move or faster
	grep -q "^| horner | D = 64 | DRAM | peak (the model${Q}s: peak in A, scalar in B) | 21 % | 5 % | 0.250 |" vec/compare.md &&
	test "$(moved vec/compare.csv)" = "point,horner,64,DRAM,slower"
'
test_expect_success 'compare --check: exit 1 on the slower kernel, 0 on A/A, 2 on bad input; one line naming the moves' '
	"$ROOFLINE" compare a drift --out chk --check >chk.out 2>/dev/null; test $? -eq 1 &&
	test "$(cat chk.out)" = "roofline: compare --check: 1 point moved slower against its roof: dot (DRAM) slower ×0.85" &&
	"$ROOFLINE" compare a a2 --out chk --check >chk.out 2>/dev/null &&
	test "$(cat chk.out)" = "roofline: compare --check: no point moved slower against its roof (7 compared)" &&
	"$ROOFLINE" compare a drift --out chk --check=faster >/dev/null 2>&1 &&
	"$ROOFLINE" compare a drift --out chk --check faster >/dev/null 2>&1 &&
	{ "$ROOFLINE" compare a drift --out chk --check faster,slower >/dev/null 2>&1; test $? -eq 1; } &&
	{ "$ROOFLINE" compare a host2 --out chk --check slower,faster >chk.out 2>/dev/null; test $? -eq 1; } &&
	grep -q "horner D = 8 (DRAM) slower ×0.85" chk.out &&
	expect_usage_error compare a nowhere --out chk --check &&
	expect_usage_error compare a drift --out chk --check slowr &&
	expect_usage_error compare a drift --out chk --check=faster,,slower &&
	expect_usage_error compare a drift --out chk --check ""
'
test_expect_success 'a move whose interval holds 1 is not a move' '
	cp -R a c && $PERTURB c 3 kernels/horner:64=1.10~0.3 &&
	"$ROOFLINE" compare a c --out noisy &&
	test -z "$(moved noisy/compare.csv)" &&
	awk -F, "NR > 1 && \$2 == \"horner\" && \$3 == 64 { exit !(\$13 > 1.05 && \$14 < 1) }" noisy/compare.csv
'
test_expect_success 'a kernel whose passes differ by as much as the move (0.86, 0.94, 0.94): not moved; 0.8 of that is' '
	cp -R a2 pv && $PERTURB pv 0 kernels/horner:8=0.86,0.94,0.94 &&
	"$ROOFLINE" compare a pv --out passes &&
	test -z "$(moved passes/compare.csv)" &&
	awk -F, "\$2 == \"horner\" && \$3 == 8 { exit !(\$13 < 0.95 && \$14 < 0.87 && \$15 > 1) }" passes/compare.csv &&
	cp -R a2 pv2 && $PERTURB pv2 0 kernels/horner:8=0.69,0.75,0.75 &&
	"$ROOFLINE" compare a pv2 --out passes2 &&
	test "$(moved passes2/compare.csv)" = "point,horner,8,DRAM,slower"
'
# mix DIR HIGH: 48 more timings a pass of dot (trials 100..147, not paired with
# a roof's), HIGH of them at 1.3x its rate and the rest at 0.7x: a kernel that
# runs in one of two states, trial by trial, in a mix that differs by run
mix() {
	awk -F, -v OFS=, -v high="$2" "{ print }
		NR > 1 && \$4 == \"kernels\" && \$5 == \"dot\" && \$3 == 0 && \$2 == 2 {
			s = \$11
			for (k = 0; k < 48; k++) { \$2 = 100 + k; \$11 = sprintf(\"%.9e\", s / (k < high ? 1.3 : 0.7)); print }
		}" "$1/timings.csv" >"$1/timings.csv.new" && mv "$1/timings.csv.new" "$1/timings.csv"
}
test_expect_success 'a two-state kernel whose mix changed (2:1 fast, then 1:2): unsettled, not moved' '
	cp -R a m1 && mix m1 32 && cp -R a m2 && mix m2 16 &&
	"$ROOFLINE" compare m1 m2 --out mixed &&
	test -z "$(moved mixed/compare.csv)" &&
	grep -q "^| dot | — | DRAM | DRAM | 72 % | 39 % | 0.543 | 0.54[0-9]–0.54[0-9] | .* | unsettled: its trials span the move |" mixed/compare.md
'
# swing DIR fast|slow: dot's kept timings, with 48 more a pass (trials
# 100..147, as mix above), in one of two states, 1.3x or 0.7x its rate:
# every fifth in the other state than the rest (fast: four in five at
# 1.3x; slow: four in five at 0.7x). As a Zen 4 VM's gemm_ijk n = 16 ran at
# 3.3 or 6.4 GFLOP/s, one run with 18 % slow trials, another with 80 %.
swing() {
	awk -F, -v OFS=, -v mode="$2" -v period="${3:-5}" "
		function put(s) { odd = (k++ % period == 0); \$11 = sprintf(\"%.9e\", s / ((mode == \"fast\") != odd ? 1.3 : 0.7)); print }
		NR > 1 && \$4 == \"kernels\" && \$5 == \"dot\" && \$3 == 0 {
			s = \$11; t = \$2; put(s)
			if (t == 2) for (j = 0; j < 48; j++) { \$2 = 100 + j; put(s) }
			next
		} { print }" "$1/timings.csv" >"$1/timings.csv.new" && mv "$1/timings.csv.new" "$1/timings.csv"
}
# The middle halves no longer overlap (each run's sits in its main state),
# but each run's median lies among the other's trials.
test_expect_success 'a two-state kernel whose mix swung (80 % fast, then 20 %): unsettled, said by name, exit 0' '
	cp -R a s1 && swing s1 fast && cp -R a2 s2 && swing s2 slow &&
	"$ROOFLINE" compare s1 s2 --out swung --check >swung.out &&
	test -z "$(moved swung/compare.csv)" &&
	grep -q "^\*\*0 of 7 kernels moved against their roofs: 0 faster, 0 slower.\*\* 1 unsettled: its trials span the move.$" swung/compare.md &&
	grep -q "^- \*\*dot\*\* unsettled: most of its trials (10th to 90th percentile) reach [0-9]*–[0-9]* % of its roof on A" swung/compare.md &&
	grep -q "| dot | — | DRAM | DRAM | [0-9]* % | [0-9]* % | 0.5[0-9]* | .* | unsettled: its trials span the move |" swung/compare.md &&
	test "$(cat swung.out)" = "roofline: compare --check: no point moved slower against its roof (7 compared); 1 unsettled, not judged: dot (DRAM) ×0.54"
'
test_expect_success 'the same swing with every trial of B 20 % slower as well: moved, not hidden' '
	cp -R a2 s3 && $PERTURB s3 0 kernels/dot=0.8 && swing s3 slow &&
	"$ROOFLINE" compare s1 s3 --out swung-slow &&
	test "$(moved swung-slow/compare.csv)" = "point,dot,0,DRAM,slower" &&
	! grep -q "unsettled: its trials span" swung-slow/compare.md
'
# One run almost all fast (1 trial in 20 slow), the other mostly slow (1 in 5
# fast): B's median lies outside A's 10th-90th percentile, but both runs'
# fastest trials run at one speed, as interference (which only slows) leaves
# them and a change of the code would not.
test_expect_success 'a two-state kernel mostly fast in A, mostly slow in B, its fast trials alike: unsettled' '
	cp -R a f1 && swing f1 fast 20 && cp -R a2 f2 && swing f2 slow &&
	"$ROOFLINE" compare f1 f2 --out fastend --check >fastend.out &&
	test -z "$(moved fastend/compare.csv)" &&
	grep -q "| dot | .* | unsettled: its fast trials agree |" fastend/compare.md &&
	grep -q "Each fraction is of \*\*medians\*\*: the median of the per-trial quotients" fastend/compare.md &&
	grep -q "^- \*\*dot\*\* unsettled: its fastest trials (90th percentile) reach [0-9]* % of its roof on A and [0-9]* % on B" fastend/compare.md
'
# B's sweep saw its last cache end at 4 MiB (the pre-scan of a VM moved it),
# so its plan timed dot from 8 MiB, DRAM by its own map and L3 by A's.
test_expect_success 'dot timed from another level of one machine (B planned it from another sweep): not judged, said' '
	cp -R drift lv && awk -F, -v OFS=, "NR > 1 && \$4 == \"bandwidth\" && \$8 > 4194304 && \$8 <= 25165824 { \$11 = sprintf(\"%.9e\", \$11 * 2) }
		NR > 1 && \$5 == \"dot\" { \$8 = \$8 / 16 } 1" drift/timings.csv >lv/timings.csv &&
	"$ROOFLINE" compare a lv --out lv-out &&
	test -z "$(moved lv-out/compare.csv | grep "^point,dot,")" &&
	grep -q "| dot | .* | not judged: timed at 128 MiB on A, 8 MiB on B (another level) |$" lv-out/compare.md &&
	grep -q "1 not judged: each run${Q}s plan gave it another tile or a working set on another level" lv-out/compare.md
'
test_expect_success 'clocks 1 % apart, each outside the other run'"'"'s narrow range: the same kind of machine' '
	clocks() { grep -v "^clock_ghz" a/env.csv >"$1/env.csv" && printf "clock_ghz,%s\nclock_ghz_min,%s\nclock_ghz_max,%s\n" "$2" "$3" "$4" >>"$1/env.csv"; } &&
	cp -R a ck && clocks ck 3.68 3.67 3.69 && cp -R a2 ck2 && clocks ck2 3.65 3.64 3.66 &&
	"$ROOFLINE" compare ck ck2 --out ck-out >/dev/null 2>&1 &&
	head -n 1 ck-out/compare.md | grep -q "^# Comparing two runs on the same kind of machine" &&
	clocks ck2 3.0 2.99 3.01 &&
	"$ROOFLINE" compare ck ck2 --out ck-out2 >/dev/null 2>&1 &&
	head -n 1 ck-out2/compare.md | grep -q "^# Comparing two runs on different machines: clock 3.68 → 3.00 GHz$"
'
test_expect_success 'gemm_tiled timed with another tile in each run (the pre-scan moved its budget): not judged, said' '
	$SCRIPTED sh1 shaped && cp -R sh1 sh2 && sed "s/^kernel_tile_bytes,.*/kernel_tile_bytes,196608/" sh1/env.csv >sh2/env.csv &&
	"$ROOFLINE" compare sh1 sh2 --out tiles &&
	grep -q "^| gemm_tiled | n = 1024 | .* | not judged: tile 128 on A, 64 on B |$" tiles/compare.md &&
	grep -q "^| gemm_tiled | n = 64 | .* |  |$" tiles/compare.md &&
	grep -q "1 not judged: each run${Q}s plan gave it another tile or a working set on another level (the runs timed different experiments)." tiles/compare.md &&
	"$ROOFLINE" compare sh1 sh1 --out tiles-same && ! grep -q "not judged: tile\|plan gave" tiles-same/compare.md
'
test_expect_success 'a kernel with no roof (DRAM never reached) is not judged on its raw ratio' '
	cp -R "$ROOFLINE_SRC"/tests/fixtures/zen4-run z4a && chmod -R u+w z4a && cp -R z4a z4b &&
	$PERTURB z4b 0 kernels/dot=0.5 &&
	"$ROOFLINE" compare z4a z4b --out noroof &&
	test -z "$(moved noroof/compare.csv | grep "^point,dot,")" &&
	grep -q "^| dot | — | DRAM | — | — | — | — | — | 2.30 | 1.15 | 0.500 | not judged: no roof in either run |" noroof/compare.md
'
test_expect_success 'a moved kernel timed at another working set says both sizes' '
	cp -R drift ws && awk -F, -v OFS=, "NR > 1 && \$5 == \"dot\" { \$8 = \$8 * 2 } 1" drift/timings.csv >ws/timings.csv &&
	"$ROOFLINE" compare a ws --out ws-out &&
	grep -q "^- \*\*dot\*\* slower: .*; raw GFLOP/s ×0.8[0-9]*; working set 128 MiB on A, 256 MiB on B\.$" ws-out/compare.md &&
	! grep -q "working set" drift-out/compare.md
'
test_expect_success 'a roof that moved alone is flagged, and does not hide a point that moved' '
	cp -R a d && $PERTURB d 4 peak/fma_avx512:1=0.85 kernels/horner:8=1.10 kernels/dot=0.5 &&
	"$ROOFLINE" compare a d --out roof &&
	test "$(moved roof/compare.csv | tr "\n" " ")" = "roof,one-chain,1,,slower point,dot,0,DRAM,slower point,horner,8,DRAM,faster "
'
test_expect_success 'a kernel that moved with its roof, every roof 10 % slower, is not a move' '
	cp -R a g && $PERTURB g 5 kernels/horner:8=0.90 "*=0.90" &&
	"$ROOFLINE" compare a g --out together &&
	test -z "$(moved together/compare.csv)"
'
test_expect_success 'plateaus named alike at other sizes are not compared, and drawn twice' '
	$SCRIPTED p && cp -R p q &&
	awk -F, "NR == 1 || \$4 != \"bandwidth\" || \$8 > 65536" p/timings.csv >q/timings.csv &&
	"$ROOFLINE" compare p q --out shifted &&
	grep -qx "roof,L1,,L1,,,,,,,,,,,,1" shifted/compare.csv &&
	grep -qx "roof,DRAM,,DRAM,25,25,1,1,1,,,,,,,1" shifted/compare.csv &&
	grep -q "^| L1 (GB/s) | 200.0 | 100.0 | — | — | not compared: no timings in common" shifted/compare.md &&
	test -z "$(moved shifted/compare.csv)" &&
	test "$(faint shifted/compare.gp | cut -d" " -f1-2 | tr "\n" " ")" = "A: L1 A: L2 "
'
test_expect_success 'compare.csv: the old columns first, the relative ones at the end, exact values' '
	$SCRIPTED e && cp -R e f && $PERTURB f 0 kernels/dot=0.5 &&
	"$ROOFLINE" compare e f --out exact &&
	test "$(head -n 1 exact/compare.csv)" = "kind,name,param,level,a,b,ratio,ratio_lo,ratio_hi,moved,fraction_a,fraction_b,rel,rel_lo,rel_hi,threads" &&
	test "$(grep -c "^roof," exact/compare.csv)" -eq 12 &&
	grep -qx "roof,L2.2r1w,,L2,100,100,1,1,1,,,,,,,1" exact/compare.csv &&
	test "$(grep -c "^point," exact/compare.csv)" -eq 7 &&
	grep -qx "point,dot,0,DRAM,1.75,0.875,0.5,0.5,0.5,slower,0.56,0.28,0.5,0.5,0.5,1" exact/compare.csv &&
	grep -qx "point,horner,8,DRAM,20,20,1,1,1,,0.8,0.8,1,1,1,1" exact/compare.csv &&
	grep -qx "roof,L2,,L2,100,100,1,1,1,,,,,,,1" exact/compare.csv &&
	grep -qx "roof,one-chain,1,,14,14,1,1,1,,,,,,,1" exact/compare.csv &&
	test "$(moved exact/compare.csv)" = "point,dot,0,DRAM,slower" &&
	grep -q "^| dot | — | DRAM | DRAM | 56 % | 28 % | 0.500 | 0.500–0.500 | 1.75 | 0.875 | 0.500 | \*\*slower\*\* |" exact/compare.md &&
	! ls exact | grep -q tmp
'
test_expect_success 'the figure: a 1600x1000 PNG, svg and pdf on request, one arrow for the one move' '
	"$ROOFLINE" compare a drift --out fig --format png,svg,pdf &&
	test "$(head -c 4 fig/compare.png | od -An -tx1 | tr -d " ")" = 89504e47 &&
	test "$(png_size fig/compare.png)" = 1600x1000 &&
	head -c 200 fig/compare.svg | grep -q "<svg" &&
	head -c 4 fig/compare.pdf | grep -q "%PDF" &&
	test "$(arrows fig/compare.gp)" = "dot ×0.85,slower" &&
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
test_expect_success 'the example (both thread counts): every roof named, one thread count a figure' '
	"$ROOFLINE" compare ex ex --out exfig >/dev/null 2>&1 &&
	# a roof without a label along its line is in the key (its roof_text, never another label)
	awk -F, "/^roof_text\\[/ { nr++ } /title roof_text\\[[0-9]+\\]/ { k = \$0; sub(/.*title roof_text\\[/, \"\", k); sub(/\\].*/, \"\", k); key[k] = 1 }
		/^\\\$roofs << EOD/ { on = 1; next } /^EOD/ { on = 0 }
		on { n++; if (\$7 == \"NaN\") bare[n] = 1 }
		END { for (i = 1; i <= n; i++) if (bare[i] && !key[i]) { print i; bad = 1 } exit bad || !n || nr != n }" exfig/compare.gp &&
	! grep -q "^roof_text.* · " exfig/compare.gp &&
	# compare.gp draws compare.png: one core, no "@2t"; compare-allcores.png the two threads
	! grep -q "^[a-z]*_text.*@2t" exfig/compare.gp && test -s exfig/compare-allcores.png &&
	# compare.csv tells the one-core row of a kernel from its all-core row by its last column
	test "$(awk -F, "\$1 == \"point\" && \$2 == \"dot\" { print \$16 }" exfig/compare.csv | tr "\n" " ")" = "1 2 " &&
	awk -F, "\$1 == \"roof\" && \$2 ~ /@2t\$/ && \$16 != 2 { exit 1 }" exfig/compare.csv
'
test_expect_success 'compare rejects an unknown format before writing anything' '
	expect_usage_error compare a b --out none --format png,bmp && test ! -e none
'
test_done
