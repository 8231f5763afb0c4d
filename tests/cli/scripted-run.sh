#!/bin/sh
# scripted-run.sh DIR [levels|shaped] - writes a run directory whose timings are
# scripted, so fit, plot and report have exact answers (hyperfine's
# --debug-mode idea). With `levels`, as `measure --levels dram,l1` would:
# some kernels also at an L1-resident working set (see below). With `shaped`,
# also the kernels whose work comes from their shape (kernel.h), each timing
# one call: gemm_ijk n=1024 0.8 GFLOP/s, n=64 1.6 (n=1024 written first, to
# show the order comes from the sizes); gemm_tiled n=64 10, n=1024 9;
# gemm_blas n=64 30, n=1024 100 (env: OpenBLAS core SkylakeX, avx512);
# stencil (2048x2048 grid) 8, stencil_tiled 20; daxpy 2.
#
# The truth it encodes, at 3.5 GHz:
#   triad sweep, working set (3 arrays): <= 48 KiB 200 GB/s; <= 1 MiB 100;
#   <= 24 MiB 50; beyond 25 GB/s (sizes in the transitions get in-between rates)
#   fma_scalar: 1.75 GFLOP/s a chain up to 14; fma_avx512: 14 a chain up to 112
#   kernels at 64 MiB per array: triad 2.0 GFLOP/s, dot 1.75, dot_split 3.0,
#   horner D=1 2.5, D=8 20, D=64 40, horner_simd_avx512 D=64 100
# With `levels`, also at 1024 elements per array (L1: 24 KiB for the triad,
# 16 KiB for two arrays): triad 12.5 GFLOP/s, dot 5, horner D=1 20, D=8 56,
# D=64 100; each kernel's L1 jobs follow its DRAM ones, as measure plans them.
# Every kept timing gives exactly those rates; warm-ups are 10x slower, and
# must not change any result.
set -eu
dir=$1
levels=${2:-}
mkdir -p "$dir"
cat >"$dir/env.csv" <<'EOC'
key,value
cpu_model,Scripted CPU (test fixture)
isa,avx512
cores,2
threads,1
l1d_bytes,49152
l2_bytes,1048576
l3_bytes,532676608
cc,gcc
cc_version,12.2.0
kernel_cflags,-O3 -march=native
date_utc,2026-11-30T00:00:00Z
os,Linux test
clock_ghz,3.5
sweep_settled,1
EOC
if [ "$levels" = shaped ]; then
	printf 'kernel_tile_bytes,393216\nkernel_tile_source,384 KiB (scripted)\n' >>"$dir/env.csv"
	printf 'shape_gemm_tiled_1024,tile 128: scripted\nblas_isa,avx512\nblas_core,SkylakeX\n' >>"$dir/env.csv"
	printf 'blas_config,OpenBLAS scripted\nopenblas_coretype,unset\n' >>"$dir/env.csv"
fi
if [ "$levels" = levels ]; then
	printf 'kernel_levels,"dram,l1"\nkernel_l1_working_set_bytes,24576\n' >>"$dir/env.csv"
fi
awk -v levels="$levels" 'BEGIN {
	print "pass,trial,warmup,group,kernel,param,threads,working_set_bytes,flops,bytes,seconds"
	nsizes = 0
	for (i = 0; i <= 28; i++) {
		b = int(4096 * 2 ^ (i / 2) / 64) * 64
		size[nsizes++] = b
	}
	for (p = 1; p <= 3; p++) for (t = 1; t <= 4; t++) {
		w = (t == 1)
		for (i = 0; i < nsizes; i++) {
			b = size[i]; ws = 3 * b
			if (ws <= 49152) r = 200
			else if (ws <= 65536) r = 150
			else if (ws <= 1048576) r = 100
			else if (ws <= 2097152) r = 75
			else if (ws <= 25165824) r = 50
			else if (ws <= 50331648) r = 37
			else r = 25
			bytes = 24 * (b / 8) * 100
			flops = 2 * (b / 8) * 100
			s = bytes / (r * 1e9) * (w ? 10 : 1)
			printf "%d,%d,%d,bandwidth,triad,%d,1,%d,%.17g,%.17g,%.9e\n", p, t, w, b, ws, flops, bytes, s
		}
		for (k = 1; k <= 32; k++) {
			r = 1.75 * k; if (r > 14) r = 14
			f = 2 * k * 1e7
			printf "%d,%d,%d,peak,fma_scalar,%d,1,0,%.17g,0,%.9e\n", p, t, w, k, f, f / (r * 1e9) * (w ? 10 : 1)
			r = 14 * k; if (r > 112) r = 112
			f = 16 * k * 1e7
			printf "%d,%d,%d,peak,fma_avx512,%d,1,0,%.17g,0,%.9e\n", p, t, w, k, f, f / (r * 1e9) * (w ? 10 : 1)
		}
		n = 8388608
		kern("triad", 0, 3, 2, 24, 2.0)
		if (levels == "levels") { n = 1024; kern("triad", 0, 3, 2, 24, 12.5); n = 8388608 }
		kern("dot", 0, 2, 2, 16, 1.75)
		if (levels == "levels") { n = 1024; kern("dot", 0, 2, 2, 16, 5); n = 8388608 }
		kern("dot_split", 0, 2, 2, 16, 3.0)
		kern("horner", 1, 2, 2, 16, 2.5)
		kern("horner", 8, 2, 16, 16, 20)
		kern("horner", 64, 2, 128, 16, 40)
		if (levels == "levels") {
			n = 1024
			kern("horner", 1, 2, 2, 16, 20)
			kern("horner", 8, 2, 16, 16, 56)
			kern("horner", 64, 2, 128, 16, 100)
			n = 8388608
		}
		kern("horner_simd_avx512", 64, 2, 128, 16, 100)
		if (levels == "shaped") {
			n = 8388608
			kern("daxpy", 0, 2, 2, 24, 2)
			gemm("gemm_ijk", 1024, 0.8); gemm("gemm_ijk", 64, 1.6)
			gemm("gemm_tiled", 64, 10); gemm("gemm_tiled", 1024, 9)
			gemm("gemm_blas", 64, 30); gemm("gemm_blas", 1024, 100)
			S = 2048
			call("stencil", 0, 24 * S * S, 24 * (S - 2) * (S - 2), 64 * S * S, 8)
			call("stencil_tiled", 0, 16 * S * S + 24 * 9 * S, 24 * (S - 2) * (S - 2), 16 * S * S, 20)
		}
	}
}
function gemm(name, m, gf) {
	call(name, m, 8 * (m * m + m * (m + 3) + m * (m + 5)), 2 * m * m * m, 32 * m * m, gf)
}
function call(name, param, ws, f, by, gf) {
	printf "%d,%d,%d,kernels,%s,%d,1,%d,%.17g,%.17g,%.9e\n", p, t, w, name, param, ws, f, by, f / (gf * 1e9) * (w ? 10 : 1)
}
function kern(name, param, arrays, fpe, bpe, gf,   f, by) {
	f = fpe * n; by = bpe * n
	printf "%d,%d,%d,kernels,%s,%d,1,%d,%.17g,%.17g,%.9e\n", p, t, w, name, param, arrays * 8 * n, f, by, f / (gf * 1e9) * (w ? 10 : 1)
}' >"$dir/timings.csv"
echo "group,kernel,param,pass,trial,message" >"$dir/failures.csv"
