/*
 * fma_deep11_scalar.c - the deep FMA+add mix at 1:1 instructions, scalar doubles: G groups of
 * 5 FMA chains f += s*s, 3 steps an iteration, beside 3 add chains s += 1,
 * 5 steps, every register a chain, 45*G flops and 0 bytes per iteration,
 * G = 1..2. See fma_deep.h.
 * Built with the vectorisers off (Makefile), like fma_scalar.c.
 */
#include "fma_deep.h"

#if 1 /* x86-64 assembly, the same recurrence in C elsewhere (fma_deep.h) */
#define MEMBER(G) FMA_DEEP_DEFINE(fma_deep11_scalar, SCALAR, 1, 3, G)
FMA_DEEP_MEMBERS_16(MEMBER)
#define fma_deep11_scalar_CASE(G) FMA_CHAIN_CASE(fma_deep11_scalar, G)
FMA_CHAIN_RUN_DEFINE(fma_deep11_scalar, FMA_DEEP_MEMBERS_16)
FMA_DEEP_CHECK_DEFINE(fma_deep11_scalar, 1)
#define RUN_FN fma_deep11_scalar_run
#define CHECK_FN fma_deep11_scalar_check
#else
#define RUN_FN NULL
#define CHECK_FN NULL
#endif

static const int fma_deep11_scalar_params[] = { FMA_DEEP_MEMBERS_16(FMA_MIX_PARAM_ENTRY) };

const struct kernel kernel_fma_deep11_scalar = {
	.name = "fma_deep11_scalar",
	.computes = "5G chains of f += s*s, 3 steps an iteration, beside the 3G chains of s += 1 they read, 5 steps, scalar doubles",
	.isa = ISA_SCALAR,
	FMA_DEEP_FIELDS(1, 3, fma_deep11_scalar_params),
	.run = RUN_FN,
	.check = CHECK_FN,
};
