/*
 * fma_chains.h - the peak-FLOP/s family, shared by fma_scalar.c, fma_sse2.c,
 * fma_avx2.c, fma_avx512.c and fma_neon.c.
 *
 * On x86-64 the members are fixed assembly (fma_chains_asm.h): the C below
 * is the version for aarch64 and for compilers without GNU asm.
 *
 * Member K keeps K independent accumulators in registers and updates each with
 * one fused multiply-add per iteration, acc = acc*x + x, with no memory traffic:
 * the inner loop is exactly K FMAs plus the loop counter (tests/cli checks the
 * disassembly). One chain runs at the FMA latency; enough chains run at the
 * FMA throughput; their ratio is Little's law for the pipeline.
 *
 * Per iteration: 2 * lanes * K flops, 0 bytes.
 *
 * The addend is x itself so that the whole family needs one constant
 * register: with 32 vector registers (AVX-512) K = 31 chains still fit without
 * a spill, and only K = 32 must keep one accumulator in memory.
 * x = 1 - 2^-20 pulls every accumulator towards L = x / (1 - x) = 2^20 - 1
 * without overflow or denormals, and after N iterations a chain started at a0
 * holds x^N (a0 - L) + L, which is what the check compares against.
 */
#ifndef ROOFLINE_FMA_CHAINS_H
#define ROOFLINE_FMA_CHAINS_H

#include "kernel.h"

#include <math.h>
#include <stdio.h>

#define FMA_X (1.0 - 1.0 / 1048576.0)
#define FMA_LIMIT (FMA_X / (1.0 - FMA_X))
/*
 * The most iterations one call runs (struct kernel's max_n): at 2^22, x^N is
 * e^-4 and one iteration fewer moves a chain by 2e-8 of its value, which the
 * check's 1e-9 sees. At 2^26 x^N is 1e-28 and the result no longer depends
 * on N: a 10-second timing (--min-time 10) would check nothing. Longer
 * timings take more calls (reps), each counted in the result.
 */
#define FMA_MAX_ITERS (1L << 22)

/* The family's members: K = 1..32 independent chains. */
#define FMA_CHAIN_COUNTS(X) \
	X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11) X(12) X(13) X(14) X(15) X(16) \
	X(17) X(18) X(19) X(20) X(21) X(22) X(23) X(24) X(25) X(26) X(27) X(28) X(29) X(30) \
	X(31) X(32)

#define FMA_PARAM_ENTRY(K) K,
static const int fma_chain_params[] = { FMA_CHAIN_COUNTS(FMA_PARAM_ENTRY) };
#define FMA_NCHAINS ((int)(sizeof fma_chain_params / sizeof fma_chain_params[0]))

/* Read through a volatile so the compiler cannot fold the chains at build time. */
extern volatile double fma_chain_seed;

/*
 * What run() must return: the sum over K chains and `lanes` lanes of
 * x^N (seed + k - L) + L with N = iterations.
 */
static inline double fma_chain_expected(int chains, int lanes, double iterations)
{
	double decay = pow(FMA_X, iterations), sum = 0.0;
	for (int k = 0; k < chains; k++)
		sum += decay * (fma_chain_seed + k - FMA_LIMIT) + FMA_LIMIT;
	return sum * lanes;
}

/*
 * Defines `static double PREFIX##_K(long iters)` for one K: VEC is the vector
 * type, SET1 broadcasts a double, FMA(a, x, y) is a*x + y, HSUM sums the lanes,
 * ATTR carries the target attribute that lets the file build without -march.
 */
#define FMA_CHAIN_DEFINE(PREFIX, VEC, SET1, FMA, ADD, HSUM, ATTR, K)              \
	ATTR __attribute__((noinline)) static double PREFIX##_##K(long iters)      \
	{                                                                          \
		VEC acc[K];                                                        \
		const VEC x = SET1(FMA_X);                        \
		const double seed = fma_chain_seed;                                \
		_Pragma("GCC unroll 32")                                           \
		for (int k = 0; k < K; k++)                                        \
			acc[k] = SET1(seed + k);                                   \
		for (long it = 0; it < iters; it++) {                              \
			_Pragma("GCC unroll 32")                                   \
			for (int k = 0; k < K; k++)                                \
				acc[k] = FMA(acc[k], x, x);                        \
		}                                                                  \
		VEC s = acc[0];                                                    \
		_Pragma("GCC unroll 32")                                           \
		for (int k = 1; k < K; k++)                                        \
			s = ADD(s, acc[k]);                                        \
		return HSUM(s);                                                    \
	}

/*
 * The run() of a file: dispatches on the parameter to the function made for
 * it. MEMBERS is the file's X-macro (FMA_CHAIN_COUNTS here, an
 * FMA_MIX_MEMBERS_* list in fma_add_chains.h); the file defines PREFIX##_CASE(K)
 * as FMA_CHAIN_CASE(PREFIX, K) first (a macro cannot define the one the
 * X-macro calls).
 */
#define FMA_CHAIN_CASE(PREFIX, K) case K: sum += PREFIX##_##K(iters); break;

#define FMA_CHAIN_RUN_DEFINE(PREFIX, MEMBERS)                                      \
	static double PREFIX##_run(const struct kernel_buffers *buf, long reps,    \
				   int param)                                      \
	{                                                                          \
		double sum = 0.0;                                                  \
		long iters = (long)buf->n;                                         \
		for (long r = 0; r < reps; r++) {                                  \
			switch (param) {                                           \
			MEMBERS(PREFIX##_CASE)                                     \
			}                                                          \
		}                                                                  \
		return sum;                                                        \
	}

/*
 * A file's check(): the sum run() returned against EXPECTED(param, LANES,
 * iterations) for each of reps calls; LETTER names the parameter in the
 * message. FMA_CHAIN_CHECK_DEFINE is this family's; the FMA+add mixes check
 * exactly (FMA_MIX_CHECK_DEFINE, fma_add_chains.h).
 */
#define FMA_FAMILY_CHECK_DEFINE(PREFIX, LANES, EXPECTED, LETTER)                   \
	static int PREFIX##_check(const struct kernel_buffers *buf, long reps,     \
				  int param, double result, int full, char *why,   \
				  size_t whylen)                                   \
	{                                                                          \
		double want = (double)reps *                                       \
			EXPECTED(param, LANES, (double)buf->n);                    \
		char what[64];                                                     \
		(void)full;                                                        \
		snprintf(what, sizeof what, #PREFIX " " LETTER "=%d sum", param);  \
		return kernel_expect(result, want, 1e-9, what, why, whylen);       \
	}
#define FMA_CHAIN_CHECK_DEFINE(PREFIX, LANES) \
	FMA_FAMILY_CHECK_DEFINE(PREFIX, LANES, fma_chain_expected, "K")

/*
 * The fields every member's descriptor shares; each file's `struct kernel`
 * names what differs (name, ISA, width, run and check) and adds these.
 */
#define FMA_CHAIN_FIELDS                                                           \
	.family = "fma", .kind = KERNEL_PEAK,                                      \
	.params = fma_chain_params, .nparams = FMA_NCHAINS,                        \
	.param_letter = 'K', .param_meaning = "chains",                            \
	.flops_all_fma = 1, .max_n = FMA_MAX_ITERS

/*
 * The scalar members (fma_scalar.c, fma_add_scalar.c) run on plain doubles:
 * these stand in for the vector intrinsics, and the target attribute lets
 * the FMA instruction build without -march on x86-64.
 */
#if defined(__x86_64__)
#define FMA_SCALAR_ATTR __attribute__((target("fma")))
#else
#define FMA_SCALAR_ATTR
#endif
#define FMA_SCALAR_SET1(v) (v)
#define FMA_SCALAR_FMA(a, x, y) __builtin_fma((a), (x), (y))
#define FMA_SCALAR_ADD(a, b) ((a) + (b))
#define FMA_SCALAR_HSUM(v) (v)

#endif
