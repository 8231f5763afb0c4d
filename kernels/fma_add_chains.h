/*
 * fma_add_chains.h - the FMA+add mix, shared by fma_add_scalar.c,
 * fma_add_sse2.c, fma_add_avx2.c, fma_add_avx512.c and fma_add_neon.c.
 *
 * Member P keeps P FMA chains and P add chains in registers, interleaved:
 *     f[k] = f[k]*x + x    (as the FMA chains of fma_chains.h)
 *     s[k] = s[k] + 1
 * with no memory traffic: the inner loop is P FMAs, P adds and the loop
 * counter (tests/cli/t0110 checks the disassembly). A core whose separate
 * add pipes run beside its FMA pipes goes faster on this mix than on FMAs
 * alone (2 FMA + 2 add pipes: 6 flops a lane a cycle instead of 4); a core
 * whose adds share the FMA pipes goes slower. The peak roof is the best of
 * both families (analysis.c), so neither kind of core is understated.
 *
 * Per iteration: 3 * lanes * P flops (2 per FMA, 1 per add), 0 bytes.
 *
 * Every accumulator starts from its own value (the seed read through a
 * volatile, plus k for the FMA chains and k + 1/4 for the add chains), so
 * the compiler can neither fold nor merge them. 2P + 2 registers (the
 * accumulators, x and 1): P goes up to the ISA's register file, 15 with 32
 * vector registers (AVX-512, NEON), 7 with 16 (AVX2, SSE2, scalar on x86-64).
 * The add chains count exactly (whole steps of 1 on a quarter, far below
 * 2^52); the FMA chains are checked as in fma_chains.h, and one call runs at
 * most FMA_MAX_ITERS iterations so the check still sees every one of them.
 */
#ifndef ROOFLINE_FMA_ADD_CHAINS_H
#define ROOFLINE_FMA_ADD_CHAINS_H

#include "fma_chains.h"

#define FMA_ADD_PAIRS_16(X) X(1) X(2) X(3) X(4) X(5) X(6) X(7)
#define FMA_ADD_PAIRS_32(X) FMA_ADD_PAIRS_16(X) X(8) X(9) X(10) X(11) X(12) X(13) X(14) X(15)

#define FMA_ADD_STEP 1.0
#define FMA_ADD_OFFSET 0.25

/* What run() must return for P pairs, `lanes` lanes and N iterations. */
static inline double fma_add_expected(int pairs, int lanes, double iterations)
{
	double sum = fma_chain_expected(pairs, lanes, iterations) / lanes;
	for (int k = 0; k < pairs; k++)
		sum += fma_chain_seed + k + FMA_ADD_OFFSET + iterations * FMA_ADD_STEP;
	return sum * lanes;
}

/* Defines `static double PREFIX##_P(long iters)`; the macros as for FMA_CHAIN_DEFINE. */
#define FMA_ADD_DEFINE(PREFIX, VEC, SET1, FMA, ADD, HSUM, ATTR, P)                 \
	ATTR __attribute__((noinline)) static double PREFIX##_##P(long iters)      \
	{                                                                          \
		VEC f[P], s[P];                                                    \
		const VEC x = SET1(FMA_X), one = SET1(FMA_ADD_STEP);               \
		const double seed = fma_chain_seed;                                \
		_Pragma("GCC unroll 16")                                           \
		for (int k = 0; k < P; k++) {                                      \
			f[k] = SET1(seed + k);                                     \
			s[k] = SET1(seed + k + FMA_ADD_OFFSET);                    \
		}                                                                  \
		for (long it = 0; it < iters; it++) {                              \
			_Pragma("GCC unroll 16")                                   \
			for (int k = 0; k < P; k++) {                              \
				f[k] = FMA(f[k], x, x);                            \
				s[k] = ADD(s[k], one);                             \
			}                                                          \
		}                                                                  \
		VEC sum = ADD(f[0], s[0]);                                         \
		_Pragma("GCC unroll 16")                                           \
		for (int k = 1; k < P; k++)                                        \
			sum = ADD(sum, ADD(f[k], s[k]));                           \
		return HSUM(sum);                                                  \
	}

/* A file's check() (see FMA_FAMILY_CHECK_DEFINE). */
#define FMA_ADD_CHECK_DEFINE(PREFIX, LANES) \
	FMA_FAMILY_CHECK_DEFINE(PREFIX, LANES, fma_add_expected, "P")

#define FMA_ADD_PARAM_ENTRY(P) P,

#endif
