/*
 * fma_mix43_scalar.c - the FMA+add mix at 4:3, scalar doubles: 4G FMA chains f += x*x
 * and 3G add chains s += 1, in registers, 11*G flops and
 * 0 bytes per iteration, G = 1..2. See fma_add_chains.h.
 * Built with the vectorisers off (Makefile), like fma_scalar.c.
 */
#include "fma_add_chains.h"

#if 1
#define MEMBER(G) FMA_MIX_DEFINE(fma_mix43_scalar, SCALAR, 1, 16, 7, 4, 43, G)
FMA_MIX_MEMBERS_7_16(MEMBER)
#define fma_mix43_scalar_CASE(G) FMA_CHAIN_CASE(fma_mix43_scalar, G)
FMA_CHAIN_RUN_DEFINE(fma_mix43_scalar, FMA_MIX_MEMBERS_7_16)
FMA_MIX_CHECK_DEFINE(fma_mix43_scalar, 1, 7)
#define RUN_FN fma_mix43_scalar_run
#define CHECK_FN fma_mix43_scalar_check
#else
#define RUN_FN NULL
#define CHECK_FN NULL
#endif

static const int fma_mix43_scalar_params[] = { FMA_MIX_MEMBERS_7_16(FMA_MIX_PARAM_ENTRY) };

const struct kernel kernel_fma_mix43_scalar = {
	.name = "fma_mix43_scalar",
	.computes = "4G chains of f += x*x beside 3G chains of s += 1, scalar doubles",
	.isa = ISA_SCALAR,
	FMA_MIX_FIELDS(1, 4, 3, fma_mix43_scalar_params, 'G', "groups of 4 FMA chains and 3 add chains"),
	.run = RUN_FN,
	.check = CHECK_FN,
};
