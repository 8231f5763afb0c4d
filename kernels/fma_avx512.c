/*
 * fma_avx512.c - K independent 512-bit FMA chains (8 doubles a register):
 * acc[k] = acc[k]*x + x, 16*K flops and 0 bytes per iteration. See fma_chains.h.
 */
#include "fma_chains_asm.h"

#if FMA_CHAIN_ASM
#define CHAIN(K, C, S) FMA_CHAIN_ASM_DEFINE(fma_avx512, AVX512, 8, K, C, S)
FMA_CHAIN_MEMBERS_32(CHAIN)
#define fma_avx512_CASE(K, C, S) FMA_CHAIN_CASE(fma_avx512, K)
FMA_CHAIN_RUN_DEFINE(fma_avx512, FMA_CHAIN_MEMBERS_32)
FMA_CHAIN_CHECK_DEFINE(fma_avx512, 8)
#define RUN_FN fma_avx512_run
#define CHECK_FN fma_avx512_check
#elif defined(__x86_64__)
#include <immintrin.h>

#define ATTR __attribute__((target("avx512f")))
ATTR static inline double hsum_avx512(__m512d v) { return _mm512_reduce_add_pd(v); }
#define CHAIN(K) FMA_CHAIN_DEFINE(fma_avx512, __m512d, _mm512_set1_pd, _mm512_fmadd_pd, \
				  _mm512_add_pd, hsum_avx512, ATTR, K)
FMA_CHAIN_COUNTS(CHAIN)

#define fma_avx512_CASE(K) FMA_CHAIN_CASE(fma_avx512, K)
FMA_CHAIN_RUN_DEFINE(fma_avx512, FMA_CHAIN_COUNTS)
FMA_CHAIN_CHECK_DEFINE(fma_avx512, 8)
#define RUN_FN fma_avx512_run
#define CHECK_FN fma_avx512_check
#else
#define RUN_FN NULL
#define CHECK_FN NULL
#endif

const struct kernel kernel_fma_avx512 = {
	.name = "fma_avx512",
	.computes = "K chains of acc = acc*x + x, 8-double vectors",
	.isa = ISA_AVX512,
	.flops_per_param = 16,
	FMA_CHAIN_FIELDS,
	.run = RUN_FN,
	.check = CHECK_FN,
};
