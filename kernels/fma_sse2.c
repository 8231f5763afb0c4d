/*
 * fma_sse2.c - K independent 128-bit FMA chains (2 doubles a register):
 * acc[k] = acc[k]*x + x, 4*K flops and 0 bytes per iteration. See fma_chains.h.
 * SSE2 itself has no FMA: this is the SSE2 vector width, encoded as VEX FMA3.
 */
#include "fma_chains_asm.h"

#if FMA_CHAIN_ASM
#define CHAIN(K, C, S) FMA_CHAIN_ASM_DEFINE(fma_sse2, SSE2, 2, K, C, S)
FMA_CHAIN_MEMBERS_16(CHAIN)
#define fma_sse2_CASE(K, C, S) FMA_CHAIN_CASE(fma_sse2, K)
FMA_CHAIN_RUN_DEFINE(fma_sse2, FMA_CHAIN_MEMBERS_16)
FMA_CHAIN_CHECK_DEFINE(fma_sse2, 2)
#define RUN_FN fma_sse2_run
#define CHECK_FN fma_sse2_check
#elif defined(__x86_64__)
#include <immintrin.h>

#define ATTR __attribute__((target("fma")))
ATTR static inline double hsum_sse2(__m128d v)
{
	return _mm_cvtsd_f64(v) + _mm_cvtsd_f64(_mm_unpackhi_pd(v, v));
}
#define CHAIN(K) FMA_CHAIN_DEFINE(fma_sse2, __m128d, _mm_set1_pd, _mm_fmadd_pd, \
				  _mm_add_pd, hsum_sse2, ATTR, K)
FMA_CHAIN_COUNTS(CHAIN)

#define fma_sse2_CASE(K) FMA_CHAIN_CASE(fma_sse2, K)
FMA_CHAIN_RUN_DEFINE(fma_sse2, FMA_CHAIN_COUNTS)
FMA_CHAIN_CHECK_DEFINE(fma_sse2, 2)
#define RUN_FN fma_sse2_run
#define CHECK_FN fma_sse2_check
#else
#define RUN_FN NULL
#define CHECK_FN NULL
#endif

const struct kernel kernel_fma_sse2 = {
	.name = "fma_sse2",
	.computes = "K chains of acc = acc*x + x, 2-double vectors (SSE2 width, FMA3 encoding)",
	.isa = ISA_SSE2,
	.flops_per_param = 4,
	FMA_CHAIN_FIELDS,
	.run = RUN_FN,
	.check = CHECK_FN,
};
