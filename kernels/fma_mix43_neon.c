/*
 * fma_mix43_neon.c - the FMA+add mix at 4:3, 2-double NEON vectors: 4G FMA chains f += x*x
 * and 3G add chains s += 1, in registers, 22*G flops and
 * 0 bytes per iteration, G = 1..4. See fma_add_chains.h.
 * Builds to nothing but the description on other architectures.
 */
#include "fma_add_chains.h"

#if defined(__aarch64__)
#define MEMBER(G) FMA_MIX_DEFINE(fma_mix43_neon, NEON, 2, 32, 7, 4, 43, G)
FMA_MIX_MEMBERS_7_32(MEMBER)
#define fma_mix43_neon_CASE(G) FMA_CHAIN_CASE(fma_mix43_neon, G)
FMA_CHAIN_RUN_DEFINE(fma_mix43_neon, FMA_MIX_MEMBERS_7_32)
FMA_MIX_CHECK_DEFINE(fma_mix43_neon, 2, 7)
#define RUN_FN fma_mix43_neon_run
#define CHECK_FN fma_mix43_neon_check
#else
#define RUN_FN NULL
#define CHECK_FN NULL
#endif

static const int fma_mix43_neon_params[] = { FMA_MIX_MEMBERS_7_32(FMA_MIX_PARAM_ENTRY) };

const struct kernel kernel_fma_mix43_neon = {
	.name = "fma_mix43_neon",
	.computes = "4G chains of f += x*x beside 3G chains of s += 1, 2-double NEON vectors",
	.isa = ISA_NEON,
	FMA_MIX_FIELDS(2, 4, 3, fma_mix43_neon_params, 'G', "groups of 4 FMA chains and 3 add chains"),
	.run = RUN_FN,
	.check = CHECK_FN,
};
