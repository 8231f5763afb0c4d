/*
 * fma_mix21_neon.c - the FMA+add mix at 2:1, 2-double NEON vectors: 2G FMA chains f += x*x
 * and G add chains s += 1, in registers, 10*G flops and
 * 0 bytes per iteration, G = 1..10. See fma_add_chains.h.
 * Builds to nothing but the description on other architectures.
 */
#include "fma_add_chains.h"

#if defined(__aarch64__)
#define MEMBER(G) FMA_MIX_DEFINE(fma_mix21_neon, NEON, 2, 32, 3, 2, 21, G)
FMA_MIX_MEMBERS_3_32(MEMBER)
#define fma_mix21_neon_CASE(G) FMA_CHAIN_CASE(fma_mix21_neon, G)
FMA_CHAIN_RUN_DEFINE(fma_mix21_neon, FMA_MIX_MEMBERS_3_32)
FMA_MIX_CHECK_DEFINE(fma_mix21_neon, 2, 3)
#define RUN_FN fma_mix21_neon_run
#define CHECK_FN fma_mix21_neon_check
#else
#define RUN_FN NULL
#define CHECK_FN NULL
#endif

static const int fma_mix21_neon_params[] = { FMA_MIX_MEMBERS_3_32(FMA_MIX_PARAM_ENTRY) };

const struct kernel kernel_fma_mix21_neon = {
	.name = "fma_mix21_neon",
	.computes = "2G chains of f += x*x beside G chains of s += 1, 2-double NEON vectors",
	.isa = ISA_NEON,
	FMA_MIX_FIELDS(2, 2, 1, fma_mix21_neon_params, 'G', "groups of 2 FMA chains and 1 add chain"),
	.run = RUN_FN,
	.check = CHECK_FN,
};
