/*
 * fma_add_neon.c - the FMA+add mix at 1:1, 2-double NEON vectors: P FMA chains f += x*x
 * and P add chains s += 1, in registers, 6*P flops and
 * 0 bytes per iteration, P = 1..15. See fma_add_chains.h.
 * Builds to nothing but the description on other architectures.
 */
#include "fma_add_chains.h"

#if defined(__aarch64__)
#define MEMBER(G) FMA_MIX_DEFINE(fma_add_neon, NEON, 2, 32, 2, 1, 11, G)
FMA_MIX_MEMBERS_2_32(MEMBER)
#define fma_add_neon_CASE(G) FMA_CHAIN_CASE(fma_add_neon, G)
FMA_CHAIN_RUN_DEFINE(fma_add_neon, FMA_MIX_MEMBERS_2_32)
FMA_MIX_CHECK_DEFINE(fma_add_neon, 2, 2)
#define RUN_FN fma_add_neon_run
#define CHECK_FN fma_add_neon_check
#else
#define RUN_FN NULL
#define CHECK_FN NULL
#endif

static const int fma_add_neon_params[] = { FMA_MIX_MEMBERS_2_32(FMA_MIX_PARAM_ENTRY) };

const struct kernel kernel_fma_add_neon = {
	.name = "fma_add_neon",
	.computes = "P chains of f += x*x beside P chains of s += 1, 2-double NEON vectors",
	.isa = ISA_NEON,
	FMA_MIX_FIELDS(2, 1, 1, fma_add_neon_params, 'P', "FMA+add chain pairs"),
	.run = RUN_FN,
	.check = CHECK_FN,
};
