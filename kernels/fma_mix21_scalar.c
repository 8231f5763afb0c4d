/*
 * fma_mix21_scalar.c - the FMA+add mix at 2:1, scalar doubles: 2G FMA chains f += x*x
 * and G add chains s += 1, in registers, 5*G flops and
 * 0 bytes per iteration, G = 1..4. See fma_add_chains.h.
 * Built with the vectorisers off (Makefile), like fma_scalar.c.
 */
#include "fma_add_chains.h"

#if 1
#define MEMBER(G) FMA_MIX_DEFINE(fma_mix21_scalar, SCALAR, 1, 16, 3, 2, 21, G)
FMA_MIX_MEMBERS_3_16(MEMBER)
#define fma_mix21_scalar_CASE(G) FMA_CHAIN_CASE(fma_mix21_scalar, G)
FMA_CHAIN_RUN_DEFINE(fma_mix21_scalar, FMA_MIX_MEMBERS_3_16)
FMA_MIX_CHECK_DEFINE(fma_mix21_scalar, 1, 3)
#define RUN_FN fma_mix21_scalar_run
#define CHECK_FN fma_mix21_scalar_check
#else
#define RUN_FN NULL
#define CHECK_FN NULL
#endif

static const int fma_mix21_scalar_params[] = { FMA_MIX_MEMBERS_3_16(FMA_MIX_PARAM_ENTRY) };

const struct kernel kernel_fma_mix21_scalar = {
	.name = "fma_mix21_scalar",
	.computes = "2G chains of f += x*x beside G chains of s += 1, scalar doubles",
	.isa = ISA_SCALAR,
	FMA_MIX_FIELDS(1, 2, 1, fma_mix21_scalar_params, 'G', "groups of 2 FMA chains and 1 add chain"),
	.run = RUN_FN,
	.check = CHECK_FN,
};
