/*
 * fma_mix12_sse2.c - the FMA+add mix at 1:2, 2-double vectors (the SSE2 width, VEX FMA3): G FMA chains f += x*x
 * and 2G add chains s += 1, in registers, 8*G flops and
 * 0 bytes per iteration, G = 1..4. See fma_add_chains.h.
 * SSE2 itself has no FMA: this is the SSE2 vector width, encoded as VEX FMA3.
 */
#include "fma_add_chains.h"

#if defined(__x86_64__)
#define MEMBER(G) FMA_MIX_DEFINE(fma_mix12_sse2, SSE2, 2, 16, 3, 1, 12, G)
FMA_MIX_MEMBERS_3_16(MEMBER)
#define fma_mix12_sse2_CASE(G) FMA_CHAIN_CASE(fma_mix12_sse2, G)
FMA_CHAIN_RUN_DEFINE(fma_mix12_sse2, FMA_MIX_MEMBERS_3_16)
FMA_MIX_CHECK_DEFINE(fma_mix12_sse2, 2, 3)
#define RUN_FN fma_mix12_sse2_run
#define CHECK_FN fma_mix12_sse2_check
#else
#define RUN_FN NULL
#define CHECK_FN NULL
#endif

static const int fma_mix12_sse2_params[] = { FMA_MIX_MEMBERS_3_16(FMA_MIX_PARAM_ENTRY) };

const struct kernel kernel_fma_mix12_sse2 = {
	.name = "fma_mix12_sse2",
	.computes = "G chains of f += x*x beside 2G chains of s += 1, 2-double vectors",
	.isa = ISA_SSE2,
	FMA_MIX_FIELDS(2, 1, 2, fma_mix12_sse2_params, 'G', "groups of 1 FMA chain and 2 add chains"),
	.run = RUN_FN,
	.check = CHECK_FN,
};
