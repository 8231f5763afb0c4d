/*
 * fma_avx2.c - K independent 256-bit FMA chains (4 doubles a register):
 * acc[k] = acc[k]*x + x, 8*K flops and 0 bytes per iteration. See fma_chains.h.
 */
#include "fma_chains_asm.h"

#if FMA_CHAIN_ASM
#define CHAIN(K, C, S) FMA_CHAIN_ASM_DEFINE(fma_avx2, AVX2, 4, K, C, S)
FMA_CHAIN_MEMBERS_16(CHAIN)
#define fma_avx2_CASE(K, C, S) FMA_CHAIN_CASE(fma_avx2, K)
FMA_CHAIN_RUN_DEFINE(fma_avx2, FMA_CHAIN_MEMBERS_16)
FMA_CHAIN_CHECK_DEFINE(fma_avx2, 4)
#define RUN_FN fma_avx2_run
#define CHECK_FN fma_avx2_check
#elif defined(__x86_64__)
#include <immintrin.h>

#define ATTR __attribute__((target("avx2,fma")))
ATTR static inline double hsum_avx2(__m256d v)
{
	__m128d lo = _mm256_castpd256_pd128(v), hi = _mm256_extractf128_pd(v, 1);
	lo = _mm_add_pd(lo, hi);
	return _mm_cvtsd_f64(lo) + _mm_cvtsd_f64(_mm_unpackhi_pd(lo, lo));
}
#define CHAIN(K) FMA_CHAIN_DEFINE(fma_avx2, __m256d, _mm256_set1_pd, _mm256_fmadd_pd, \
				  _mm256_add_pd, hsum_avx2, ATTR, K)
FMA_CHAIN_COUNTS(CHAIN)

#define fma_avx2_CASE(K) FMA_CHAIN_CASE(fma_avx2, K)
FMA_CHAIN_RUN_DEFINE(fma_avx2, FMA_CHAIN_COUNTS)
FMA_CHAIN_CHECK_DEFINE(fma_avx2, 4)
#define RUN_FN fma_avx2_run
#define CHECK_FN fma_avx2_check
#else
#define RUN_FN NULL
#define CHECK_FN NULL
#endif

const struct kernel kernel_fma_avx2 = {
	.name = "fma_avx2",
	.computes = "K chains of acc = acc*x + x, 4-double vectors",
	.isa = ISA_AVX2,
	.flops_per_param = 8,
	FMA_CHAIN_FIELDS,
	.run = RUN_FN,
	.check = CHECK_FN,
};
