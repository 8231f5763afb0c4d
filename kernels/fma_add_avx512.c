/*
 * fma_add_avx512.c - P FMA chains and P add chains, interleaved, 8 doubles a
 * register: f[k] = f[k]*x + x and s[k] = s[k] + 1, 24*P flops and 0 bytes
 * per iteration, P = 1..15 (2P + 2 registers). See fma_add_chains.h.
 */
#include "fma_add_chains.h"

#if defined(__x86_64__)
#include <immintrin.h>

#define ATTR __attribute__((target("avx512f")))
ATTR static inline double hsum_avx512(__m512d v) { return _mm512_reduce_add_pd(v); }
#define fma_add_avx512_CASE(P) FMA_CHAIN_CASE(fma_add_avx512, P)
#define PAIR(P) FMA_ADD_DEFINE(fma_add_avx512, __m512d, _mm512_set1_pd, _mm512_fmadd_pd, _mm512_add_pd, hsum_avx512, ATTR, P)
FMA_ADD_PAIRS_32(PAIR)
FMA_CHAIN_RUN_DEFINE(fma_add_avx512, FMA_ADD_PAIRS_32)
FMA_ADD_CHECK_DEFINE(fma_add_avx512, 8)
#define RUN_FN fma_add_avx512_run
#define CHECK_FN fma_add_avx512_check
#else
#define RUN_FN NULL
#define CHECK_FN NULL
#endif

static const int fma_add_avx512_params[] = { FMA_ADD_PAIRS_32(FMA_ADD_PARAM_ENTRY) };

const struct kernel kernel_fma_add_avx512 = {
	.name = "fma_add_avx512",
	.family = "fma_add",
	.computes = "P chains of f = f*x + x beside P chains of s = s + 1, 8-double vectors",
	.kind = KERNEL_PEAK,
	.isa = ISA_AVX512,
	.flops_per_param = 24,
	.params = fma_add_avx512_params,
	.nparams = (int)(sizeof fma_add_avx512_params / sizeof fma_add_avx512_params[0]),
	.param_letter = 'P', .param_meaning = "FMA+add chain pairs",
	.flops_all_fma = 0, .max_n = FMA_MAX_ITERS,
	.run = RUN_FN,
	.check = CHECK_FN,
};
