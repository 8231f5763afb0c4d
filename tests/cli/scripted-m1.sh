#!/bin/sh
# scripted-m1.sh DIR - writes a run directory whose timings are those of the
# English article (/work/shared/seeds/roofline-on-a-laptop.txt: one core of an
# Apple M1, Apple clang 16, -O3 -mcpu=native), made the way scripted-run.sh
# makes its own: every kept timing gives exactly the rate below, warm-ups are
# 10x slower and must change nothing.
#
# The truth it encodes (working set = 3 arrays for the triad sweep):
#   triad sweep, 4 KiB to 256 MiB per array in half-octave steps: up to 64 KiB
#   per array (192 KiB of working set) 196 GB/s (L1); from 384 KiB to 8 MiB
#   124 (L2); beyond 24 MiB 46 (DRAM); the transitions between go smoothly
#   (geometrically) from one level's rate to the next's.
#   fma_neon: 3.05 GFLOP/s a chain, median plateau 48.8 from K = 16; one trial
#   (pass 2, trial 2) reaches 49.8 there: the article's best single timing.
#   fma_scalar: half of each (1.525 a chain, 24.4, best 24.9).
#   kernels at 128 MiB per array (16 Mi doubles): triad 3.40, dot 4.61;
#   horner (clang's loop) D = 1, 2, 4 at 85-88% of 46 x D/8, D = 8 at 32,
#   then slower as the degree grows: D = 16 24, 32 18.3, 64 15.4 (about five
#   one-chain rates), 128 9.15 (three); horner_simd_neon (12 interleaved
#   chains) slower at low degree, then a plateau of 30.4 (61% of the peak).
set -eu
dir=$1
mkdir -p "$dir"
cat >"$dir/env.csv" <<'EOC'
key,value
cpu_model,Apple M1 (scripted from the article)
isa,neon
isas,scalar neon
cores,8
threads,1
l1d_bytes,131072
l2_bytes,12582912
l3_bytes,0
cc,clang
cc_version,16.0.0
kernel_cflags,-O3 -mcpu=native
date_utc,2026-11-30T00:00:00Z
os,macOS (the article's run; this fixture is scripted)
clock_ghz,3.05
sweep_settled,1
EOC
awk 'BEGIN {
	print "pass,trial,warmup,group,kernel,param,threads,working_set_bytes,flops,bytes,seconds"
	for (i = 0; i <= 32; i++)
		size[i] = int(4096 * 2 ^ (i / 2) / 64) * 64
	for (p = 1; p <= 3; p++) for (t = 1; t <= 4; t++) {
		w = (t == 1)
		best = (p == 2 && t == 2)
		for (i = 0; i <= 32; i++) {
			b = size[i]; ws = 3 * b
			if (ws <= 196608) r = 196
			else if (ws < 393216) r = between(196, 124, ws, 196608, 393216)
			else if (ws <= 8388608) r = 124
			else if (ws < 25165824) r = between(124, 46, ws, 8388608, 25165824)
			else r = 46
			bytes = 24 * (b / 8) * 100
			flops = 2 * (b / 8) * 100
			printf "%d,%d,%d,bandwidth,triad,%d,1,%d,%.17g,%.17g,%.9e\n", p, t, w, b, ws, flops, bytes, bytes / (r * 1e9) * (w ? 10 : 1)
		}
		for (k = 1; k <= 32; k++) {
			chain("fma_scalar", k, 2, 1.525, best ? 24.9 : 24.4)
			chain("fma_neon", k, 4, 3.05, best ? 49.8 : 48.8)
		}
		n = 16777216
		kern("triad", 0, 3, 2, 24, 3.40)
		kern("dot", 0, 2, 2, 16, 4.61)
		split("1 2 4 8 16 32 64 128", deg, " ")
		split("4.9 10.1 19.6 32 24 18.3 15.4 9.15", loop, " ")
		split("3.9 7.8 15 25 29.5 30.2 30.4 30.4", simd, " ")
		for (d = 1; d <= 8; d++)
			kern("horner", deg[d], 2, 2 * deg[d], 16, loop[d])
		for (d = 1; d <= 8; d++)
			kern("horner_simd_neon", deg[d], 2, 2 * deg[d], 16, simd[d])
	}
}
# The rate at working set ws, geometrically between r0 at s0 and r1 at s1.
function between(r0, r1, ws, s0, s1) {
	return r0 * exp(log(r1 / r0) * log(ws / s0) / log(s1 / s0))
}
function chain(name, k, fpc, one, top,   r, f) {
	r = one * k; if (k >= 16 || r > top) r = top
	f = fpc * k * 1e7
	printf "%d,%d,%d,peak,%s,%d,1,0,%.17g,0,%.9e\n", p, t, w, name, k, f, f / (r * 1e9) * (w ? 10 : 1)
}
function kern(name, param, arrays, fpe, bpe, gf,   f, by) {
	f = fpe * n; by = bpe * n
	printf "%d,%d,%d,kernels,%s,%d,1,%d,%.17g,%.17g,%.9e\n", p, t, w, name, param, arrays * 8 * n, f, by, f / (gf * 1e9) * (w ? 10 : 1)
}' >"$dir/timings.csv"
echo "group,kernel,param,pass,trial,message" >"$dir/failures.csv"
