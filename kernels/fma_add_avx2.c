/*
 * fma_add_avx2.c - P FMA chains and P add chains, interleaved, 4 doubles a
 * register: f[k] = f[k]*x + x and s[k] = s[k] + 1, 12*P flops and 0 bytes
 * per iteration, P = 1..7 (2P + 2 registers). See fma_add_chains.h.
 */
#include "fma_add_chains.h"

#if defined(__x86_64__)
#include <immintrin.h>

#define ATTR __attribute__((target("avx2,fma")))
ATTR static inline double hsum_avx2(__m256d v)
{
	__m128d s = _mm_add_pd(_mm256_castpd256_pd128(v), _mm256_extractf128_pd(v, 1));
	return _mm_cvtsd_f64(s) + _mm_cvtsd_f64(_mm_unpackhi_pd(s, s));
}
#define fma_add_avx2_CASE(P) FMA_CHAIN_CASE(fma_add_avx2, P)
#define PAIR(P) FMA_ADD_DEFINE(fma_add_avx2, __m256d, _mm256_set1_pd, _mm256_fmadd_pd, _mm256_add_pd, hsum_avx2, ATTR, P)
FMA_ADD_PAIRS_16(PAIR)
FMA_CHAIN_RUN_DEFINE(fma_add_avx2, FMA_ADD_PAIRS_16)
FMA_ADD_CHECK_DEFINE(fma_add_avx2, 4)
#define RUN_FN fma_add_avx2_run
#define CHECK_FN fma_add_avx2_check
#else
#define RUN_FN NULL
#define CHECK_FN NULL
#endif

static const int fma_add_avx2_params[] = { FMA_ADD_PAIRS_16(FMA_ADD_PARAM_ENTRY) };

const struct kernel kernel_fma_add_avx2 = {
	.name = "fma_add_avx2",
	.family = "fma_add",
	.computes = "P chains of f = f*x + x beside P chains of s = s + 1, 4-double vectors",
	.kind = KERNEL_PEAK,
	.isa = ISA_AVX2,
	.flops_per_param = 12,
	.params = fma_add_avx2_params,
	.nparams = (int)(sizeof fma_add_avx2_params / sizeof fma_add_avx2_params[0]),
	.param_letter = 'P', .param_meaning = "FMA+add chain pairs",
	.flops_all_fma = 0, .max_n = FMA_MAX_ITERS,
	.run = RUN_FN,
	.check = CHECK_FN,
};
