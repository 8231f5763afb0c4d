/*
 * fma_add_sse2.c - P FMA chains and P add chains, interleaved, 2 doubles a
 * register: f[k] = f[k]*x + x and s[k] = s[k] + 1, 6*P flops and 0 bytes
 * per iteration, P = 1..7 (2P + 2 registers). See fma_add_chains.h.
 * SSE2 itself has no FMA: this is the SSE2 vector width, encoded as VEX FMA3.
 */
#include "fma_add_chains.h"

#if defined(__x86_64__)
#include <immintrin.h>

#define ATTR __attribute__((target("fma")))
ATTR static inline double hsum_sse2(__m128d v)
{
	return _mm_cvtsd_f64(v) + _mm_cvtsd_f64(_mm_unpackhi_pd(v, v));
}
#define fma_add_sse2_CASE(P) FMA_CHAIN_CASE(fma_add_sse2, P)
#define PAIR(P) FMA_ADD_DEFINE(fma_add_sse2, __m128d, _mm_set1_pd, _mm_fmadd_pd, _mm_add_pd, hsum_sse2, ATTR, P)
FMA_ADD_PAIRS_16(PAIR)
FMA_CHAIN_RUN_DEFINE(fma_add_sse2, FMA_ADD_PAIRS_16)
FMA_ADD_CHECK_DEFINE(fma_add_sse2, 2)
#define RUN_FN fma_add_sse2_run
#define CHECK_FN fma_add_sse2_check
#else
#define RUN_FN NULL
#define CHECK_FN NULL
#endif

static const int fma_add_sse2_params[] = { FMA_ADD_PAIRS_16(FMA_ADD_PARAM_ENTRY) };

const struct kernel kernel_fma_add_sse2 = {
	.name = "fma_add_sse2",
	.family = "fma_add",
	.computes = "P chains of f = f*x + x beside P chains of s = s + 1, 2-double vectors",
	.kind = KERNEL_PEAK,
	.isa = ISA_SSE2,
	.flops_per_param = 6,
	.params = fma_add_sse2_params,
	.nparams = (int)(sizeof fma_add_sse2_params / sizeof fma_add_sse2_params[0]),
	.param_letter = 'P', .param_meaning = "FMA+add chain pairs",
	.flops_all_fma = 0, .max_n = FMA_MAX_ITERS,
	.run = RUN_FN,
	.check = CHECK_FN,
};
