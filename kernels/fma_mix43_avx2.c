/*
 * fma_mix43_avx2.c - the FMA+add mix at 4:3, 4-double vectors: 4G FMA chains f += x*x
 * and 3G add chains s += 1, in registers, 44*G flops and
 * 0 bytes per iteration, G = 1..2. See fma_add_chains.h.
 */
#include "fma_add_chains.h"

#if defined(__x86_64__)
#define MEMBER(G) FMA_MIX_DEFINE(fma_mix43_avx2, AVX2, 4, 16, 7, 4, 43, G)
FMA_MIX_MEMBERS_7_16(MEMBER)
#define fma_mix43_avx2_CASE(G) FMA_CHAIN_CASE(fma_mix43_avx2, G)
FMA_CHAIN_RUN_DEFINE(fma_mix43_avx2, FMA_MIX_MEMBERS_7_16)
FMA_MIX_CHECK_DEFINE(fma_mix43_avx2, 4, 7)
#define RUN_FN fma_mix43_avx2_run
#define CHECK_FN fma_mix43_avx2_check
#else
#define RUN_FN NULL
#define CHECK_FN NULL
#endif

static const int fma_mix43_avx2_params[] = { FMA_MIX_MEMBERS_7_16(FMA_MIX_PARAM_ENTRY) };

const struct kernel kernel_fma_mix43_avx2 = {
	.name = "fma_mix43_avx2",
	.computes = "4G chains of f += x*x beside 3G chains of s += 1, 4-double vectors",
	.isa = ISA_AVX2,
	FMA_MIX_FIELDS(4, 4, 3, fma_mix43_avx2_params, 'G', "groups of 4 FMA chains and 3 add chains"),
	.run = RUN_FN,
	.check = CHECK_FN,
};
