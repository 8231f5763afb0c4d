/*
 * fma_add_chains.h - the FMA+add mixes, shared by the fma_add_<isa>.c (1:1),
 * fma_mix21_<isa>.c (2:1), fma_mix12_<isa>.c (1:2) and fma_mix43_<isa>.c
 * (4:3) files.
 *
 * A mix keeps F FMA chains and A add chains in registers:
 *     f += x*x    (x = 2^-10: each step adds exactly 2^-20)
 *     s += 1
 * with no memory traffic. A core whose separate add pipes run beside its FMA
 * pipes goes faster on a mix than on FMAs alone; one whose adds share the
 * FMA pipes does not; one whose pipes cannot all issue together (Zen 3 at
 * 256 bits: 2 FMA + 2 add pipes, 3 FP operations a cycle) goes fastest at
 * some ratio other than 1:1. So each ISA runs four ratios, FMA:add 2:1,
 * 1:1, 1:2 and 4:3 (eight FMA chains, enough for two pipes of latency 4,
 * beside six adds in 16 registers), and the peak roof is the best of all
 * (analysis_peak.c), the deep mixes' too (fma_deep.h: every register a
 * chain, several steps a chain, for cores whose latency x pipes needs more
 * chains than these hold).
 *
 * A member is G groups of the kernel's ratio: a group of 2:1 is two FMA
 * chains and one add chain, of 1:1 one and one, of 1:2 one and two, of 4:3
 * four and three. Group g keeps its chains in registers S*g .. S*g+S-1
 * (S = the group's size); the two constants sit at the top of the register
 * file (x at R-1, 1 at R-2, R = 16 or 32), so G goes up to (R - 2) / S: 1:1
 * to 7, 2:1 and 1:2 to 4, 4:3 to 2 with 16 registers (AVX2, SSE2, scalar);
 * 15, 10 and 4 with 32 (AVX-512, NEON).
 *
 * The loop is GNU extended inline assembly (gcc and clang), as likwid's
 * assembly kernels are: the registers and the order of the instructions
 * are fixed here, not by the compiler, so every compiler times the same
 * schedule, its loop aligned to 64 bytes (tests/cli/t0111 checks the
 * disassembly). Each member loads its
 * registers from an array, runs the loop, and stores them back; a build
 * without GNU asm runs the same recurrence in C (FMA_MIX_C).
 *
 * Per iteration: lanes x (2F + A) flops, 0 bytes. Every chain counts
 * exactly (steps of 2^-20 and 1 on values far below 2^32), so the check is
 * exact: the increments, the FMA chains' in units of 2^-20, sum to
 * (F + A) x lanes x N per call. One call runs at most FMA_MAX_ITERS
 * iterations, as the FMA chains do.
 */
#ifndef ROOFLINE_FMA_ADD_CHAINS_H
#define ROOFLINE_FMA_ADD_CHAINS_H

#include "fma_chains_asm.h"

#define FMA_MIX_X (1.0 / 1024.0)
#define FMA_MIX_STEP (FMA_MIX_X * FMA_MIX_X)
#define FMA_MIX_ADD_OFFSET 0.25
#define FMA_MIX_MAX_REGS 32
#define FMA_MIX_MAX_LANES 8

#if (defined(__GNUC__) || defined(__clang__)) && !defined(FMA_MIX_C)
#define FMA_MIX_ASM 1
#else
#define FMA_MIX_ASM 0
#endif

/* Members: G = 1.. of each ratio within 16 or 32 registers. */
#define FMA_MIX_MEMBERS_2_16(X) X(1) X(2) X(3) X(4) X(5) X(6) X(7)
#define FMA_MIX_MEMBERS_2_32(X) FMA_MIX_MEMBERS_2_16(X) X(8) X(9) X(10) X(11) X(12) X(13) X(14) X(15)
#define FMA_MIX_MEMBERS_3_16(X) X(1) X(2) X(3) X(4)
#define FMA_MIX_MEMBERS_3_32(X) FMA_MIX_MEMBERS_3_16(X) X(5) X(6) X(7) X(8) X(9) X(10)
#define FMA_MIX_MEMBERS_7_16(X) X(1) X(2)
#define FMA_MIX_MEMBERS_7_32(X) FMA_MIX_MEMBERS_7_16(X) X(3) X(4)

/* The first G groups of size 2 or 3, register numbers written out (asm text). */
#define FMA_MIX_GROUPS2_1(X, I) X(I, 0, 1)
#define FMA_MIX_GROUPS2_2(X, I) FMA_MIX_GROUPS2_1(X, I) X(I, 2, 3)
#define FMA_MIX_GROUPS2_3(X, I) FMA_MIX_GROUPS2_2(X, I) X(I, 4, 5)
#define FMA_MIX_GROUPS2_4(X, I) FMA_MIX_GROUPS2_3(X, I) X(I, 6, 7)
#define FMA_MIX_GROUPS2_5(X, I) FMA_MIX_GROUPS2_4(X, I) X(I, 8, 9)
#define FMA_MIX_GROUPS2_6(X, I) FMA_MIX_GROUPS2_5(X, I) X(I, 10, 11)
#define FMA_MIX_GROUPS2_7(X, I) FMA_MIX_GROUPS2_6(X, I) X(I, 12, 13)
#define FMA_MIX_GROUPS2_8(X, I) FMA_MIX_GROUPS2_7(X, I) X(I, 14, 15)
#define FMA_MIX_GROUPS2_9(X, I) FMA_MIX_GROUPS2_8(X, I) X(I, 16, 17)
#define FMA_MIX_GROUPS2_10(X, I) FMA_MIX_GROUPS2_9(X, I) X(I, 18, 19)
#define FMA_MIX_GROUPS2_11(X, I) FMA_MIX_GROUPS2_10(X, I) X(I, 20, 21)
#define FMA_MIX_GROUPS2_12(X, I) FMA_MIX_GROUPS2_11(X, I) X(I, 22, 23)
#define FMA_MIX_GROUPS2_13(X, I) FMA_MIX_GROUPS2_12(X, I) X(I, 24, 25)
#define FMA_MIX_GROUPS2_14(X, I) FMA_MIX_GROUPS2_13(X, I) X(I, 26, 27)
#define FMA_MIX_GROUPS2_15(X, I) FMA_MIX_GROUPS2_14(X, I) X(I, 28, 29)
#define FMA_MIX_GROUPS3_1(X, I) X(I, 0, 1, 2)
#define FMA_MIX_GROUPS3_2(X, I) FMA_MIX_GROUPS3_1(X, I) X(I, 3, 4, 5)
#define FMA_MIX_GROUPS3_3(X, I) FMA_MIX_GROUPS3_2(X, I) X(I, 6, 7, 8)
#define FMA_MIX_GROUPS3_4(X, I) FMA_MIX_GROUPS3_3(X, I) X(I, 9, 10, 11)
#define FMA_MIX_GROUPS3_5(X, I) FMA_MIX_GROUPS3_4(X, I) X(I, 12, 13, 14)
#define FMA_MIX_GROUPS3_6(X, I) FMA_MIX_GROUPS3_5(X, I) X(I, 15, 16, 17)
#define FMA_MIX_GROUPS3_7(X, I) FMA_MIX_GROUPS3_6(X, I) X(I, 18, 19, 20)
#define FMA_MIX_GROUPS3_8(X, I) FMA_MIX_GROUPS3_7(X, I) X(I, 21, 22, 23)
#define FMA_MIX_GROUPS3_9(X, I) FMA_MIX_GROUPS3_8(X, I) X(I, 24, 25, 26)
#define FMA_MIX_GROUPS3_10(X, I) FMA_MIX_GROUPS3_9(X, I) X(I, 27, 28, 29)
#define FMA_MIX_GROUPS7_1(X, I) X(I, 0, 1, 2, 3, 4, 5, 6)
#define FMA_MIX_GROUPS7_2(X, I) FMA_MIX_GROUPS7_1(X, I) X(I, 7, 8, 9, 10, 11, 12, 13)
#define FMA_MIX_GROUPS7_3(X, I) FMA_MIX_GROUPS7_2(X, I) X(I, 14, 15, 16, 17, 18, 19, 20)
#define FMA_MIX_GROUPS7_4(X, I) FMA_MIX_GROUPS7_3(X, I) X(I, 21, 22, 23, 24, 25, 26, 27)

/*
 * A group's FMAs (F) and its adds (A). The loop runs every group's FMAs,
 * then every group's adds, each in register order: on a Zen 3 VM the same
 * chains interleaved group by group (FMA, FMA, add, ...) ran at 0.55-0.9 of
 * this order (2:1, 4 groups: 34-54 GFLOP/s against 58-63), the FMAs' pipes
 * starved behind the adds in the scheduler's oldest-first choice.
 */
#define FMA_MIX_F11(I, a, b) FMA_MIX_FMA_##I(a)
#define FMA_MIX_A11(I, a, b) FMA_MIX_ADD_##I(b)
#define FMA_MIX_F21(I, a, b, c) FMA_MIX_FMA_##I(a) FMA_MIX_FMA_##I(b)
#define FMA_MIX_A21(I, a, b, c) FMA_MIX_ADD_##I(c)
#define FMA_MIX_F12(I, a, b, c) FMA_MIX_FMA_##I(a)
#define FMA_MIX_A12(I, a, b, c) FMA_MIX_ADD_##I(b) FMA_MIX_ADD_##I(c)
#define FMA_MIX_F43(I, a, b, c, d, e, f, g) \
	FMA_MIX_FMA_##I(a) FMA_MIX_FMA_##I(b) FMA_MIX_FMA_##I(c) FMA_MIX_FMA_##I(d)
#define FMA_MIX_A43(I, a, b, c, d, e, f, g) FMA_MIX_ADD_##I(e) FMA_MIX_ADD_##I(f) FMA_MIX_ADD_##I(g)
#define FMA_MIX_LD2(I, a, b) FMA_MIX_LD_##I(a) FMA_MIX_LD_##I(b)
#define FMA_MIX_LD3(I, a, b, c) FMA_MIX_LD_##I(a) FMA_MIX_LD_##I(b) FMA_MIX_LD_##I(c)
#define FMA_MIX_ST2(I, a, b) FMA_MIX_ST_##I(a) FMA_MIX_ST_##I(b)
#define FMA_MIX_ST3(I, a, b, c) FMA_MIX_ST_##I(a) FMA_MIX_ST_##I(b) FMA_MIX_ST_##I(c)
#define FMA_MIX_LD7(I, a, b, c, d, e, f, g) FMA_MIX_LD3(I, a, b, c) FMA_MIX_LD_##I(d) FMA_MIX_LD3(I, e, f, g)
#define FMA_MIX_ST7(I, a, b, c, d, e, f, g) FMA_MIX_ST3(I, a, b, c) FMA_MIX_ST_##I(d) FMA_MIX_ST3(I, e, f, g)

/*
 * Each ISA's instructions (AT&T syntax on x86-64): LD/ST move register r
 * from/to acc[r], FMA adds x*x (register R-1) to r, ADD adds 1 (R-2) to r,
 * CONST loads the two constants, LOOP closes the loop on %[n].
 */
#define FMA_MIX_STR(x) #x
#if defined(__x86_64__)
#define FMA_MIX_X86_LD(op, reg, size, r) op " " #r "*" #size "(%[acc]), %%" reg #r "\n\t"
#define FMA_MIX_X86_ST(op, reg, size, r) op " %%" reg #r ", " #r "*" #size "(%[acc])\n\t"
#define FMA_MIX_X86_LOOP "dec %[n]\n\tjnz 1b\n\t"

#define FMA_MIX_LD_AVX2(r) FMA_MIX_X86_LD("vmovupd", "ymm", 32, r)
#define FMA_MIX_ST_AVX2(r) FMA_MIX_X86_ST("vmovupd", "ymm", 32, r)
#define FMA_MIX_FMA_AVX2(r) "vfmadd231pd %%ymm15, %%ymm15, %%ymm" #r "\n\t"
#define FMA_MIX_ADD_AVX2(r) "vaddpd %%ymm14, %%ymm" #r ", %%ymm" #r "\n\t"
#define FMA_MIX_CONST_AVX2 FMA_MIX_LD_AVX2(14) FMA_MIX_LD_AVX2(15)
#define FMA_MIX_END_AVX2 "vzeroupper\n\t"
#define FMA_MIX_CLOBBER_AVX2 FMA_X86_CLOBBER16
#define FMA_MIX_ATTR_AVX2 __attribute__((target("avx2,fma")))

#define FMA_MIX_LD_SSE2(r) FMA_MIX_X86_LD("vmovupd", "xmm", 16, r)
#define FMA_MIX_ST_SSE2(r) FMA_MIX_X86_ST("vmovupd", "xmm", 16, r)
#define FMA_MIX_FMA_SSE2(r) "vfmadd231pd %%xmm15, %%xmm15, %%xmm" #r "\n\t"
#define FMA_MIX_ADD_SSE2(r) "vaddpd %%xmm14, %%xmm" #r ", %%xmm" #r "\n\t"
#define FMA_MIX_CONST_SSE2 FMA_MIX_LD_SSE2(14) FMA_MIX_LD_SSE2(15)
#define FMA_MIX_END_SSE2 ""
#define FMA_MIX_CLOBBER_SSE2 FMA_X86_CLOBBER16
#define FMA_MIX_ATTR_SSE2 __attribute__((target("fma")))

#define FMA_MIX_LD_SCALAR(r) FMA_MIX_X86_LD("vmovsd", "xmm", 8, r)
#define FMA_MIX_ST_SCALAR(r) FMA_MIX_X86_ST("vmovsd", "xmm", 8, r)
#define FMA_MIX_FMA_SCALAR(r) "vfmadd231sd %%xmm15, %%xmm15, %%xmm" #r "\n\t"
#define FMA_MIX_ADD_SCALAR(r) "vaddsd %%xmm14, %%xmm" #r ", %%xmm" #r "\n\t"
#define FMA_MIX_CONST_SCALAR FMA_MIX_LD_SCALAR(14) FMA_MIX_LD_SCALAR(15)
#define FMA_MIX_END_SCALAR ""
#define FMA_MIX_CLOBBER_SCALAR FMA_X86_CLOBBER16
#define FMA_MIX_ATTR_SCALAR __attribute__((target("fma")))

#define FMA_MIX_LD_AVX512(r) FMA_MIX_X86_LD("vmovupd", "zmm", 64, r)
#define FMA_MIX_ST_AVX512(r) FMA_MIX_X86_ST("vmovupd", "zmm", 64, r)
#define FMA_MIX_FMA_AVX512(r) "vfmadd231pd %%zmm31, %%zmm31, %%zmm" #r "\n\t"
#define FMA_MIX_ADD_AVX512(r) "vaddpd %%zmm30, %%zmm" #r ", %%zmm" #r "\n\t"
#define FMA_MIX_CONST_AVX512 FMA_MIX_LD_AVX512(30) FMA_MIX_LD_AVX512(31)
#define FMA_MIX_END_AVX512 "vzeroupper\n\t"
#define FMA_MIX_CLOBBER_AVX512 FMA_X86_CLOBBER32
#define FMA_MIX_ATTR_AVX512 __attribute__((target("avx512f")))
#elif defined(__aarch64__)
#define FMA_MIX_A64_LOOP "subs %[n], %[n], #1\n\tb.ne 1b\n\t"
#define FMA_MIX_A64_CLOBBER "v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10", \
	"v11", "v12", "v13", "v14", "v15", "v16", "v17", "v18", "v19", "v20", "v21", "v22", \
	"v23", "v24", "v25", "v26", "v27", "v28", "v29", "v30", "v31"

#define FMA_MIX_LD_NEON(r) "ldr q" #r ", [%[acc], #" #r "*16]\n\t"
#define FMA_MIX_ST_NEON(r) "str q" #r ", [%[acc], #" #r "*16]\n\t"
#define FMA_MIX_FMA_NEON(r) "fmla v" #r ".2d, v31.2d, v31.2d\n\t"
#define FMA_MIX_ADD_NEON(r) "fadd v" #r ".2d, v" #r ".2d, v30.2d\n\t"
#define FMA_MIX_CONST_NEON FMA_MIX_LD_NEON(30) FMA_MIX_LD_NEON(31)
#define FMA_MIX_END_NEON ""
#define FMA_MIX_CLOBBER_NEON FMA_MIX_A64_CLOBBER
#define FMA_MIX_ATTR_NEON

/* Scalar on aarch64: the 16-register layout, as on x86-64 (one parameter list everywhere). */
#define FMA_MIX_LD_SCALAR(r) "ldr d" #r ", [%[acc], #" #r "*8]\n\t"
#define FMA_MIX_ST_SCALAR(r) "str d" #r ", [%[acc], #" #r "*8]\n\t"
#define FMA_MIX_FMA_SCALAR(r) "fmadd d" #r ", d15, d15, d" #r "\n\t"
#define FMA_MIX_ADD_SCALAR(r) "fadd d" #r ", d" #r ", d14\n\t"
#define FMA_MIX_CONST_SCALAR FMA_MIX_LD_SCALAR(14) FMA_MIX_LD_SCALAR(15)
#define FMA_MIX_END_SCALAR ""
#define FMA_MIX_CLOBBER_SCALAR FMA_MIX_A64_CLOBBER
#define FMA_MIX_ATTR_SCALAR
#else
#undef FMA_MIX_ASM
#define FMA_MIX_ASM 0
#define FMA_MIX_ATTR_SCALAR
#endif
#if defined(__x86_64__)
#define FMA_MIX_LOOP_AVX2 FMA_MIX_X86_LOOP
#define FMA_MIX_LOOP_SSE2 FMA_MIX_X86_LOOP
#define FMA_MIX_LOOP_SCALAR FMA_MIX_X86_LOOP
#define FMA_MIX_LOOP_AVX512 FMA_MIX_X86_LOOP
#elif defined(__aarch64__)
#define FMA_MIX_LOOP_NEON FMA_MIX_A64_LOOP
#define FMA_MIX_LOOP_SCALAR FMA_MIX_A64_LOOP
#endif

/*
 * Register r's starting value, lanes alike: FMA chains seed + r, add chains
 * seed + r + 1/4 (the seed read through a volatile); x at R-1, 1 at R-2.
 */
static inline void fma_mix_init(double *acc, int regs, int lanes, int size, int fmas, int chains)
{
	const double seed = fma_chain_seed;
	for (int r = 0; r < regs; r++) {
		double v = r == regs - 1 ? FMA_MIX_X : r == regs - 2 ? 1.0
			 : seed + r + (r < chains && r % size >= fmas ? FMA_MIX_ADD_OFFSET : 0.0);
		for (int l = 0; l < lanes; l++)
			acc[r * lanes + l] = v;
	}
}

/* The chains' increments: FMA chains in units of FMA_MIX_STEP, add chains in units of 1. */
static inline double fma_mix_tally(const double *acc, int lanes, int size, int fmas, int chains)
{
	const double seed = fma_chain_seed;
	double sum = 0.0;
	for (int r = 0; r < chains; r++) {
		int fma = r % size < fmas;
		double start = seed + r + (fma ? 0.0 : FMA_MIX_ADD_OFFSET);
		for (int l = 0; l < lanes; l++)
			sum += (acc[r * lanes + l] - start) / (fma ? FMA_MIX_STEP : 1.0);
	}
	return sum;
}

/*
 * Defines `static double PREFIX##_##G(long iters)`: I the ISA (AVX2, SSE2,
 * SCALAR, AVX512, NEON), LANES its doubles a register, REGS its register
 * file (16 or 32), S the group's size (2, 3 or 7), FMAS its FMA chains (1,
 * 2 or 4), RATIO the ratio's digits (11, 21, 12, 43: FMA_MIX_F##RATIO and _A##RATIO).
 */
#if FMA_MIX_ASM
#define FMA_MIX_DEFINE(PREFIX, I, LANES, REGS, S, FMAS, RATIO, G)                       \
	FMA_MIX_ATTR_##I __attribute__((noinline)) static double PREFIX##_##G(long iters)  \
	{                                                                                  \
		double acc[REGS * LANES] __attribute__((aligned(64)));                     \
		long n = iters;                                                            \
		fma_mix_init(acc, REGS, LANES, S, FMAS, S * G);                            \
		if (n > 0)                                                                 \
			__asm__ volatile(FMA_MIX_CONST_##I                                 \
					 FMA_MIX_GROUPS##S##_##G(FMA_MIX_LD##S, I)          \
					 ".p2align 6\n1:\n\t"                              \
					 FMA_MIX_GROUPS##S##_##G(FMA_MIX_F##RATIO, I)      \
					 FMA_MIX_GROUPS##S##_##G(FMA_MIX_A##RATIO, I)      \
					 FMA_MIX_LOOP_##I                                  \
					 FMA_MIX_GROUPS##S##_##G(FMA_MIX_ST##S, I)          \
					 FMA_MIX_END_##I                                   \
					 : [n] "+r"(n)                                     \
					 : [acc] "r"(acc)                                  \
					 : "cc", "memory", FMA_MIX_CLOBBER_##I);           \
		return fma_mix_tally(acc, LANES, S, FMAS, S * G);                          \
	}
#else
/* The portable fallback: the same recurrence in C, scalar doubles, order left to the compiler. */
#define FMA_MIX_DEFINE(PREFIX, I, LANES, REGS, S, FMAS, RATIO, G)                       \
	FMA_MIX_ATTR_##I __attribute__((noinline)) static double PREFIX##_##G(long iters)  \
	{                                                                                  \
		double acc[REGS * LANES];                                                  \
		fma_mix_init(acc, REGS, LANES, S, FMAS, S * G);                            \
		const double x = FMA_MIX_X;                                                \
		for (long it = 0; it < iters; it++)                                        \
			for (int r = 0; r < S * G * LANES; r++)                            \
				acc[r] = (r / LANES) % S < FMAS ? __builtin_fma(x, x, acc[r]) \
								: acc[r] + 1.0;              \
		return fma_mix_tally(acc, LANES, S, FMAS, S * G);                          \
	}
#endif

/* What run() must return: every chain moved by one step an iteration. */
static inline double fma_mix_expected(int chains, int lanes, double iterations)
{
	return (double)chains * lanes * iterations;
}

/* A file's run() and check(): CHAINS is the chains of member G (S * G). */
#define FMA_MIX_CASE(PREFIX, G) case G: sum += PREFIX##_##G(iters); break;
#define FMA_MIX_CHECK_DEFINE(PREFIX, LANES, S)                                             \
	static int PREFIX##_check(const struct kernel_buffers *buf, long reps, int param,  \
				  double result, int full, char *why, size_t whylen)       \
	{                                                                                  \
		double want = (double)reps * fma_mix_expected(S * param, LANES, (double)buf->n); \
		char what[64];                                                             \
		(void)full;                                                                \
		snprintf(what, sizeof what, #PREFIX " G=%d chain steps", param);          \
		return kernel_expect(result, want, 1e-15, what, why, whylen);             \
	}

#define FMA_MIX_PARAM_ENTRY(G) G,

/*
 * The descriptor's shared fields: FMAS FMA chains and ADDS add chains a
 * group, flops a group a lane 2 FMAS + ADDS.
 */
#define FMA_MIX_FIELDS(LANES, FMAS, ADDS, PARAMS, LETTER, MEANING)                         \
	.family = "fma_add", .kind = KERNEL_PEAK,                                          \
	.flops_per_param = (LANES) * (2 * (FMAS) + (ADDS)),                                \
	.mix_fmas = (FMAS), .mix_adds = (ADDS),                                            \
	.params = PARAMS, .nparams = (int)(sizeof PARAMS / sizeof PARAMS[0]),              \
	.param_letter = LETTER, .param_meaning = MEANING,                                  \
	.flops_all_fma = 0, .max_n = FMA_MAX_ITERS

#endif
