/*
 * fma_mix12_scalar.c - the FMA+add mix at 1:2, scalar doubles: G FMA chains f += x*x
 * and 2G add chains s += 1, in registers, 4*G flops and
 * 0 bytes per iteration, G = 1..4. See fma_add_chains.h.
 * Built with the vectorisers off (Makefile), like fma_scalar.c.
 */
#include "fma_add_chains.h"

#if 1
#define MEMBER(G) FMA_MIX_DEFINE(fma_mix12_scalar, SCALAR, 1, 16, 3, 1, 12, G)
FMA_MIX_MEMBERS_3_16(MEMBER)
#define fma_mix12_scalar_CASE(G) FMA_CHAIN_CASE(fma_mix12_scalar, G)
FMA_CHAIN_RUN_DEFINE(fma_mix12_scalar, FMA_MIX_MEMBERS_3_16)
FMA_MIX_CHECK_DEFINE(fma_mix12_scalar, 1, 3)
#define RUN_FN fma_mix12_scalar_run
#define CHECK_FN fma_mix12_scalar_check
#else
#define RUN_FN NULL
#define CHECK_FN NULL
#endif

static const int fma_mix12_scalar_params[] = { FMA_MIX_MEMBERS_3_16(FMA_MIX_PARAM_ENTRY) };

const struct kernel kernel_fma_mix12_scalar = {
	.name = "fma_mix12_scalar",
	.computes = "G chains of f += x*x beside 2G chains of s += 1, scalar doubles",
	.isa = ISA_SCALAR,
	FMA_MIX_FIELDS(1, 1, 2, fma_mix12_scalar_params, 'G', "groups of 1 FMA chain and 2 add chains"),
	.run = RUN_FN,
	.check = CHECK_FN,
};
