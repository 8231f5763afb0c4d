/*
 * fma_add_avx2.c - the FMA+add mix at 1:1, 4-double vectors: P FMA chains f += x*x
 * and P add chains s += 1, in registers, 12*P flops and
 * 0 bytes per iteration, P = 1..7. See fma_add_chains.h.
 */
#include "fma_add_chains.h"

#if defined(__x86_64__)
#define MEMBER(G) FMA_MIX_DEFINE(fma_add_avx2, AVX2, 4, 16, 2, 1, 11, G)
FMA_MIX_MEMBERS_2_16(MEMBER)
#define fma_add_avx2_CASE(G) FMA_CHAIN_CASE(fma_add_avx2, G)
FMA_CHAIN_RUN_DEFINE(fma_add_avx2, FMA_MIX_MEMBERS_2_16)
FMA_MIX_CHECK_DEFINE(fma_add_avx2, 4, 2)
#define RUN_FN fma_add_avx2_run
#define CHECK_FN fma_add_avx2_check
#else
#define RUN_FN NULL
#define CHECK_FN NULL
#endif

static const int fma_add_avx2_params[] = { FMA_MIX_MEMBERS_2_16(FMA_MIX_PARAM_ENTRY) };

const struct kernel kernel_fma_add_avx2 = {
	.name = "fma_add_avx2",
	.computes = "P chains of f += x*x beside P chains of s += 1, 4-double vectors",
	.isa = ISA_AVX2,
	FMA_MIX_FIELDS(4, 1, 1, fma_add_avx2_params, 'P', "FMA+add chain pairs"),
	.run = RUN_FN,
	.check = CHECK_FN,
};
