/*
 * fma_add_scalar.c - the FMA+add mix at 1:1, scalar doubles: P FMA chains f += x*x
 * and P add chains s += 1, in registers, 3*P flops and
 * 0 bytes per iteration, P = 1..7. See fma_add_chains.h.
 * Built with the vectorisers off (Makefile), like fma_scalar.c.
 */
#include "fma_add_chains.h"

#if 1
#define MEMBER(G) FMA_MIX_DEFINE(fma_add_scalar, SCALAR, 1, 16, 2, 1, 11, G)
FMA_MIX_MEMBERS_2_16(MEMBER)
#define fma_add_scalar_CASE(G) FMA_CHAIN_CASE(fma_add_scalar, G)
FMA_CHAIN_RUN_DEFINE(fma_add_scalar, FMA_MIX_MEMBERS_2_16)
FMA_MIX_CHECK_DEFINE(fma_add_scalar, 1, 2)
#define RUN_FN fma_add_scalar_run
#define CHECK_FN fma_add_scalar_check
#else
#define RUN_FN NULL
#define CHECK_FN NULL
#endif

static const int fma_add_scalar_params[] = { FMA_MIX_MEMBERS_2_16(FMA_MIX_PARAM_ENTRY) };

const struct kernel kernel_fma_add_scalar = {
	.name = "fma_add_scalar",
	.computes = "P chains of f += x*x beside P chains of s += 1, scalar doubles",
	.isa = ISA_SCALAR,
	FMA_MIX_FIELDS(1, 1, 1, fma_add_scalar_params, 'P', "FMA+add chain pairs"),
	.run = RUN_FN,
	.check = CHECK_FN,
};
