#!/bin/sh
# The peak over every FMA:add ratio and the theoretical line of the report,
# on scripted peak groups whose truth is known (the model of
# tests/unit/test_peak_issue.c: an iteration of F FMA chains and A add chains
# takes max(latencies, F / FMA pipes, A / add pipes, (F + A) / issue) cycles):
#  - Zen 3: 2 FMA + 2 add pipes, 3 issued together at 256 bits, 4 at 64 and
#    128: the 2:1 mix sets the peak, the report says the pipes do not all
#    issue together and gives the theoretical the mixes support (ratio 1.00);
#  - the same core's run with only the 1:1 mix (as runs before the ratios
#    were): still read, the peak the 1:1 mix (P = 6 and 7 tie at 3 a cycle),
#    the same line;
#  - a core whose adds share the FMA pipes: the FMA chains set it, no line.
. "$(dirname "$0")/lib.sh"

# script DIR FMA_PIPES ADD_PIPES ISSUE_AVX2 ISSUE_NARROW KERNELS_REGEX
script() {
	mkdir -p "$1" &&
	printf 'key,value\ncpu_model,scripted core\nisa,avx2\nisas,scalar sse2 avx2\ncores,1\nthreads,1\nclock_ghz,3.24\n' >"$1/env.csv" &&
	echo "group,kernel,param,pass,trial,message" >"$1/failures.csv" &&
	awk -v pf="$2" -v pa="$3" -v iw="$4" -v nw="$5" -v keep="$6" 'BEGIN {
		print "pass,trial,warmup,group,kernel,param,threads,working_set_bytes,flops,bytes,seconds"
		split("scalar sse2 avx2", isa, " "); split("1 2 4", lanes, " ")
		for (t = 1; t <= 2; t++) for (i = 1; i <= 3; i++) {
			issue = i == 3 ? iw : nw
			for (k = 1; k <= 32; k++) job("fma_" isa[i], k, k, 0, lanes[i], issue)
			for (g = 1; g <= 7; g++) job("fma_add_" isa[i], g, g, g, lanes[i], issue)
			for (g = 1; g <= 4; g++) job("fma_mix21_" isa[i], g, 2 * g, g, lanes[i], issue)
			for (g = 1; g <= 4; g++) job("fma_mix12_" isa[i], g, g, 2 * g, lanes[i], issue)
			for (g = 1; g <= 2; g++) job("fma_mix43_" isa[i], g, 4 * g, 3 * g, lanes[i], issue)
		}
	}
	function job(name, param, f, a, l, issue,   c, flops) {
		if (name !~ keep) return
		c = f ? (f / pf > 4 ? f / pf : 4) : 0
		if (a && c < 3) c = 3
		if (a && pa && a / pa > c) c = a / pa
		if (!pa && (f + a) / pf > c) c = (f + a) / pf
		if (issue && (f + a) / issue > c) c = (f + a) / issue
		flops = l * (2 * f + a) * 1e7
		printf "1,%d,0,peak,%s,%d,1,0,%.17g,0,%.9e\n", t, name, param, flops, flops / (l * (2 * f + a) / c * 3.24e9)
	}' >"$1/timings.csv"
}

test_expect_success 'Zen 3: the 2:1 mix sets the peak, 20 flops a cycle' '
	script z3 2 2 3 4 . && "$ROOFLINE" fit z3 >/dev/null && "$ROOFLINE" report z3 --out z3r >/dev/null &&
	awk -F, "\$1 == \"peak\" { exit !(\$3 > 64.79 && \$3 < 64.81) }" z3/roofs.csv &&
	grep -q "^| 1 | fma_mix21_avx2 G=4 (8 FMA + 4 add chains) |" z3r/report.md
'
test_expect_success 'Zen 3: one line says the four pipes do not all issue, the theoretical is what did' '
	grep -qF "**2 FMA + 2 add pipes, but at most 3 FP instructions issued a cycle in any mix tried at avx2 (4 lanes); 4 at scalar, 4 at sse2**: the theoretical counts 2 FMA + 1 add a cycle" z3r/report.md &&
	grep -qF "| 3.24 GHz | 2 FMA, 2 add | 3 (2 FMA + 1 add) | 20 | 64.8 GFLOP/s (64.8 a core) | 1.00 |" z3r/report.md
'
test_expect_success 'Zen 3: the scalar ceiling is the scalar 4:3 mix (5.5 flops a cycle), past the FMA chains (4)' '
	awk -F, "\$1 == \"scalar\" { exit !(\$3 > 17.81 && \$3 < 17.83) }" z3/roofs.csv &&
	grep -q "^| scalar | 17.8 GFLOP/s | best timing of scalar FMA chains over K or scalar FMA+add mixes: fma_mix43_scalar G=2 |" z3r/report.md
'
test_expect_success 'a run with the 1:1 mix only (older runs) is read: its peak, the same line' '
	script old 2 2 3 4 "^fma_(add_|[a-z0-9]+$)" && "$ROOFLINE" fit old >/dev/null && "$ROOFLINE" report old --out oldr >/dev/null &&
	! grep -q fma_mix old/timings.csv &&
	grep -q "^| 1 | fma_add_avx2 P=\([67]\) (\1 FMA + \1 add chains) |" oldr/report.md &&
	grep -qF "**2 FMA + 2 add pipes, but at most 3 FP instructions issued a cycle" oldr/report.md
'
test_expect_success 'adds on the FMA pipes: the FMA chains set the peak, no add pipes, no line' '
	script shared 2 0 0 0 . && "$ROOFLINE" fit shared >/dev/null && "$ROOFLINE" report shared --out sharedr >/dev/null &&
	grep -q "^| 1 | fma_avx2 K=[0-9]* (FMA chains alone) |" sharedr/report.md &&
	grep -qF "| 2 FMA, 0 add | 2 (2 FMA + 0 add) | 16 |" sharedr/report.md &&
	! grep -q "but at most" sharedr/report.md
'
test_done
