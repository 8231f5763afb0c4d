/*
 * fma_deep.h - the deep FMA+add mixes, every register a chain and every
 * chain several steps an iteration: fma_deep11_<isa>.c (FMA:add
 * instructions 1:1) and fma_deep21_<isa>.c (2:1), x86-64 scalar, SSE2,
 * AVX2 and AVX-512.
 *
 * Why: the other mixes (fma_add_chains.h) keep x and 1 in two registers
 * and take one step a chain an iteration, so an iteration lasts at least
 * one latency and its instructions are its chains: in 16 registers at most
 * 8 FMA chains beside 6 adds. A Zen 2 core (FMA latency 5, add latency 3,
 * 2 FMA + 2 add pipes at 256 bits) then runs 17.6 of its 24 flops a cycle,
 * its peak roof 27 % low, and a kernel beats it (check-sim seeds 135 and
 * 454; tests/machines/zen2-core.machine). Every pipe busy takes latency x
 * pipes chains of each kind, 10 + 6 = 16, and the adds and FMAs balanced
 * over one iteration.
 *
 * So group g (8 registers, 8g .. 8g+7) is 5 FMA chains and 3 add chains:
 *     f += s*s    U times an iteration (FMA chain k reads add chain k mod 3)
 *     s += 1      V = 5 times an iteration (the 1 a memory operand)
 * U = 3 (fma_deep11: 15 FMAs and 15 adds a group) or 6 (fma_deep21: 30 and
 * 15). An iteration lasts the longest of U FMA latencies, V add latencies
 * and its instructions over the pipes: on that Zen 2, 15 cycles for 30
 * FMAs and 30 adds, every pipe busy. No register holds a constant: the
 * FMAs read registers only, the adds one load each (at most 2 a cycle).
 * G = 1..2 groups in 16 registers, 1..4 in 32. The loop runs U steps of
 * every FMA chain, then V of every add chain (FMAs before adds: the order
 * fma_add_chains.h explains), aligned to 64 bytes. The kernels declare their steps (mix_fma_steps, mix_add_steps),
 * which the machine model reads (kernel_peak_steps, machine_peak_rate).
 *
 * Exact: s starts at seed + r (seed 1.5) and steps by V; FMA chain f adds
 * U (s0 + V t)^2 at iteration t, multiples of 1/4 below 2^50 for N <=
 * FMA_DEEP_MAX_ITERS = 2^14 iterations a call, so nothing rounds. The tally
 * gives each chain its N (an FMA chain's: its add chain's N plus how far
 * its own value is from the sum that N gives), and the check wants
 * 8G x lanes x N a call.
 */
#ifndef ROOFLINE_FMA_DEEP_H
#define ROOFLINE_FMA_DEEP_H

#include "fma_add_chains.h"

#define FMA_DEEP_SIZE 8
#define FMA_DEEP_FMAS 5
#define FMA_DEEP_ADDS 3
#define FMA_DEEP_ADD_STEPS 5
#define FMA_DEEP_MAX_ITERS (1L << 14)

/* Members: G groups of 8 within 16 or 32 registers. */
#define FMA_DEEP_MEMBERS_16(X) X(1) X(2)
#define FMA_DEEP_MEMBERS_32(X) FMA_DEEP_MEMBERS_16(X) X(3) X(4)

#define FMA_DEEP_GROUPS_1(X, I) X(I, 0, 1, 2, 3, 4, 5, 6, 7)
#define FMA_DEEP_GROUPS_2(X, I) FMA_DEEP_GROUPS_1(X, I) X(I, 8, 9, 10, 11, 12, 13, 14, 15)
#define FMA_DEEP_GROUPS_3(X, I) FMA_DEEP_GROUPS_2(X, I) X(I, 16, 17, 18, 19, 20, 21, 22, 23)
#define FMA_DEEP_GROUPS_4(X, I) FMA_DEEP_GROUPS_3(X, I) X(I, 24, 25, 26, 27, 28, 29, 30, 31)

/* One step of a group's FMA chains (chain k reads add chain k mod 3), of its add chains. */
#define FMA_DEEP_F(I, a, b, c, d, e, f, g, h) \
	FMA_DEEP_FMA_##I(a, f) FMA_DEEP_FMA_##I(b, g) FMA_DEEP_FMA_##I(c, h) \
	FMA_DEEP_FMA_##I(d, f) FMA_DEEP_FMA_##I(e, g)
#define FMA_DEEP_A(I, a, b, c, d, e, f, g, h) FMA_DEEP_ADD_##I(f) FMA_DEEP_ADD_##I(g) FMA_DEEP_ADD_##I(h)
#define FMA_DEEP_LD(I, a, b, c, d, e, f, g, h) FMA_MIX_LD7(I, a, b, c, d, e, f, g) FMA_MIX_LD_##I(h)
#define FMA_DEEP_ST(I, a, b, c, d, e, f, g, h) FMA_MIX_ST7(I, a, b, c, d, e, f, g) FMA_MIX_ST_##I(h)
/* A step of every group, U or V times over (asm text): a chain's next step waits a step of all. */
#define FMA_DEEP_TIMES_3(x) x x x
#define FMA_DEEP_TIMES_5(x) x x x x x
#define FMA_DEEP_TIMES_6(x) FMA_DEEP_TIMES_3(x) FMA_DEEP_TIMES_3(x)
#define FMA_DEEP_TIMES(n, x) FMA_DEEP_TIMES_##n(x)

#if defined(__x86_64__)
/* f += s*s (registers only); s += 1, the 1 a full vector at %[one]. */
#define FMA_DEEP_FMA_AVX2(f, s) "vfmadd231pd %%ymm" #s ", %%ymm" #s ", %%ymm" #f "\n\t"
#define FMA_DEEP_ADD_AVX2(s) "vaddpd (%[one]), %%ymm" #s ", %%ymm" #s "\n\t"
#define FMA_DEEP_FMA_SSE2(f, s) "vfmadd231pd %%xmm" #s ", %%xmm" #s ", %%xmm" #f "\n\t"
#define FMA_DEEP_ADD_SSE2(s) "vaddpd (%[one]), %%xmm" #s ", %%xmm" #s "\n\t"
#define FMA_DEEP_FMA_SCALAR(f, s) "vfmadd231sd %%xmm" #s ", %%xmm" #s ", %%xmm" #f "\n\t"
#define FMA_DEEP_ADD_SCALAR(s) "vaddsd (%[one]), %%xmm" #s ", %%xmm" #s "\n\t"
#define FMA_DEEP_FMA_AVX512(f, s) "vfmadd231pd %%zmm" #s ", %%zmm" #s ", %%zmm" #f "\n\t"
#define FMA_DEEP_ADD_AVX512(s) "vaddpd (%[one]), %%zmm" #s ", %%zmm" #s "\n\t"
#define FMA_DEEP_ASM FMA_MIX_ASM
#else
#define FMA_DEEP_ASM 0
#endif

/* The add chain FMA chain r reads. */
static inline int fma_deep_source(int r)
{
	return r - r % FMA_DEEP_SIZE + FMA_DEEP_FMAS + r % FMA_DEEP_SIZE % FMA_DEEP_ADDS;
}

static inline int fma_deep_is_fma(int r)
{
	return r % FMA_DEEP_SIZE < FMA_DEEP_FMAS;
}

/* Register r's start, lanes alike: seed + r (the seed read through a volatile); the 1s. */
static inline void fma_deep_init(double *acc, int lanes, int chains, double *one)
{
	const double seed = fma_chain_seed;
	for (int r = 0; r < chains; r++)
		for (int l = 0; l < lanes; l++)
			acc[r * lanes + l] = seed + r;
	for (int l = 0; l < lanes; l++)
		one[l] = 1.0;
}

/* What U steps an iteration add to an FMA chain over n iterations: U x sum over t < n of (s0 + V t)^2. */
static inline double fma_deep_squares(int steps, double s0, double n)
{
	const double v = FMA_DEEP_ADD_STEPS;
	return steps * (n * s0 * s0 + s0 * v * n * (n - 1) + v * v * ((n - 1) * n * (2 * n - 1) / 6));
}

/*
 * Every chain's N: an add chain's its increment over V; an FMA chain's its
 * add chain's N plus how far its own increment is from what that N gives.
 */
static inline double fma_deep_tally(const double *acc, int lanes, int chains, int steps)
{
	const double seed = fma_chain_seed;
	double sum = 0.0;
	for (int r = 0; r < chains; r++) {
		int fma = fma_deep_is_fma(r), src = fma ? fma_deep_source(r) : r;
		for (int l = 0; l < lanes; l++) {
			double n = (acc[src * lanes + l] - (seed + src)) / FMA_DEEP_ADD_STEPS;
			sum += n;
			if (fma)
				sum += acc[r * lanes + l] - (seed + r) - fma_deep_squares(steps, seed + src, n);
		}
	}
	return sum;
}

/* Defines `static double PREFIX##_##G(long iters)`: I the ISA, LANES its doubles a register, U the FMA steps. */
#if FMA_DEEP_ASM
#define FMA_DEEP_DEFINE(PREFIX, I, LANES, U, G)                                            \
	FMA_MIX_ATTR_##I __attribute__((noinline)) static double PREFIX##_##G(long iters)  \
	{                                                                                  \
		double acc[FMA_DEEP_SIZE * (G) * LANES] __attribute__((aligned(64)));      \
		double one[LANES] __attribute__((aligned(64)));                            \
		long n = iters;                                                            \
		fma_deep_init(acc, LANES, FMA_DEEP_SIZE * (G), one);                       \
		if (n > 0)                                                                 \
			__asm__ volatile(FMA_DEEP_GROUPS_##G(FMA_DEEP_LD, I)               \
					 ".p2align 6\n1:\n\t"                              \
					 FMA_DEEP_TIMES(U, FMA_DEEP_GROUPS_##G(FMA_DEEP_F, I)) \
					 FMA_DEEP_TIMES(5, FMA_DEEP_GROUPS_##G(FMA_DEEP_A, I)) \
					 FMA_MIX_LOOP_##I                                  \
					 FMA_DEEP_GROUPS_##G(FMA_DEEP_ST, I)               \
					 FMA_MIX_END_##I                                   \
					 : [n] "+r"(n)                                     \
					 : [acc] "r"(acc), [one] "r"(one)                  \
					 : "cc", "memory", FMA_MIX_CLOBBER_##I);           \
		return fma_deep_tally(acc, LANES, FMA_DEEP_SIZE * (G), U);                 \
	}
#else
/* The portable fallback: the same recurrence in C, in the same order. */
#define FMA_DEEP_DEFINE(PREFIX, I, LANES, U, G)                                            \
	FMA_MIX_ATTR_##I __attribute__((noinline)) static double PREFIX##_##G(long iters)  \
	{                                                                                  \
		double acc[FMA_DEEP_SIZE * (G) * LANES], one[LANES];                       \
		const int chains = FMA_DEEP_SIZE * (G);                                    \
		fma_deep_init(acc, LANES, chains, one);                                    \
		for (long it = 0; it < iters; it++) {                                      \
			for (int u = 0; u < (U); u++)                                      \
				for (int r = 0; r < chains; r++)                           \
					for (int l = 0; fma_deep_is_fma(r) && l < LANES; l++) { \
						double s = acc[fma_deep_source(r) * LANES + l]; \
						acc[r * LANES + l] = __builtin_fma(s, s, acc[r * LANES + l]); \
					}                                                  \
			for (int v = 0; v < FMA_DEEP_ADD_STEPS; v++)                       \
				for (int r = 0; r < chains; r++)                           \
					for (int l = 0; !fma_deep_is_fma(r) && l < LANES; l++) \
						acc[r * LANES + l] += one[l];              \
		}                                                                          \
		return fma_deep_tally(acc, LANES, chains, U);                              \
	}
#endif

/* A file's check: every chain's N, 8G x lanes x N a call. */
#define FMA_DEEP_CHECK_DEFINE(PREFIX, LANES) FMA_MIX_CHECK_DEFINE(PREFIX, LANES, FMA_DEEP_SIZE)

/*
 * The descriptor's fields: a group's instructions an iteration (5U FMAs,
 * 15 adds) and its chains' steps; at most FMA_DEEP_MAX_ITERS iterations a
 * call (what keeps the sums exact).
 */
#define FMA_DEEP_FIELDS(LANES, U, PARAMS)                                                  \
	.family = "fma_add", .kind = KERNEL_PEAK,                                          \
	.flops_per_param = (LANES) * (2 * FMA_DEEP_FMAS * (U) + FMA_DEEP_ADDS * FMA_DEEP_ADD_STEPS), \
	.mix_fmas = FMA_DEEP_FMAS * (U), .mix_adds = FMA_DEEP_ADDS * FMA_DEEP_ADD_STEPS,  \
	.mix_fma_steps = (U), .mix_add_steps = FMA_DEEP_ADD_STEPS,                         \
	.params = PARAMS, .nparams = (int)(sizeof PARAMS / sizeof PARAMS[0]),              \
	.param_letter = 'G', .param_meaning = "groups of 5 FMA chains and 3 add chains",   \
	.flops_all_fma = 0, .max_n = FMA_DEEP_MAX_ITERS

#endif
