/*
 * fma_add_avx512.c - the FMA+add mix at 1:1, 8-double vectors: P FMA chains f += x*x
 * and P add chains s += 1, in registers, 24*P flops and
 * 0 bytes per iteration, P = 1..15. See fma_add_chains.h.
 */
#include "fma_add_chains.h"

#if defined(__x86_64__)
#define MEMBER(G) FMA_MIX_DEFINE(fma_add_avx512, AVX512, 8, 32, 2, 1, 11, G)
FMA_MIX_MEMBERS_2_32(MEMBER)
#define fma_add_avx512_CASE(G) FMA_CHAIN_CASE(fma_add_avx512, G)
FMA_CHAIN_RUN_DEFINE(fma_add_avx512, FMA_MIX_MEMBERS_2_32)
FMA_MIX_CHECK_DEFINE(fma_add_avx512, 8, 2)
#define RUN_FN fma_add_avx512_run
#define CHECK_FN fma_add_avx512_check
#else
#define RUN_FN NULL
#define CHECK_FN NULL
#endif

static const int fma_add_avx512_params[] = { FMA_MIX_MEMBERS_2_32(FMA_MIX_PARAM_ENTRY) };

const struct kernel kernel_fma_add_avx512 = {
	.name = "fma_add_avx512",
	.computes = "P chains of f += x*x beside P chains of s += 1, 8-double vectors",
	.isa = ISA_AVX512,
	FMA_MIX_FIELDS(8, 1, 1, fma_add_avx512_params, 'P', "FMA+add chain pairs"),
	.run = RUN_FN,
	.check = CHECK_FN,
};
