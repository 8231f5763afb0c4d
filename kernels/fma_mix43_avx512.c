/*
 * fma_mix43_avx512.c - the FMA+add mix at 4:3, 8-double vectors: 4G FMA chains f += x*x
 * and 3G add chains s += 1, in registers, 88*G flops and
 * 0 bytes per iteration, G = 1..4. See fma_add_chains.h.
 */
#include "fma_add_chains.h"

#if defined(__x86_64__)
#define MEMBER(G) FMA_MIX_DEFINE(fma_mix43_avx512, AVX512, 8, 32, 7, 4, 43, G)
FMA_MIX_MEMBERS_7_32(MEMBER)
#define fma_mix43_avx512_CASE(G) FMA_CHAIN_CASE(fma_mix43_avx512, G)
FMA_CHAIN_RUN_DEFINE(fma_mix43_avx512, FMA_MIX_MEMBERS_7_32)
FMA_MIX_CHECK_DEFINE(fma_mix43_avx512, 8, 7)
#define RUN_FN fma_mix43_avx512_run
#define CHECK_FN fma_mix43_avx512_check
#else
#define RUN_FN NULL
#define CHECK_FN NULL
#endif

static const int fma_mix43_avx512_params[] = { FMA_MIX_MEMBERS_7_32(FMA_MIX_PARAM_ENTRY) };

const struct kernel kernel_fma_mix43_avx512 = {
	.name = "fma_mix43_avx512",
	.computes = "4G chains of f += x*x beside 3G chains of s += 1, 8-double vectors",
	.isa = ISA_AVX512,
	FMA_MIX_FIELDS(8, 4, 3, fma_mix43_avx512_params, 'G', "groups of 4 FMA chains and 3 add chains"),
	.run = RUN_FN,
	.check = CHECK_FN,
};
