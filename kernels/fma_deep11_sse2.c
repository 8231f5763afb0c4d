/*
 * fma_deep11_sse2.c - the deep FMA+add mix at 1:1 instructions, 2-double vectors: G groups of
 * 5 FMA chains f += s*s, 3 steps an iteration, beside 3 add chains s += 1,
 * 5 steps, every register a chain, 90*G flops and 0 bytes per iteration,
 * G = 1..2. See fma_deep.h.
 */
#include "fma_deep.h"

#if defined(__x86_64__)
#define MEMBER(G) FMA_DEEP_DEFINE(fma_deep11_sse2, SSE2, 2, 3, G)
FMA_DEEP_MEMBERS_16(MEMBER)
#define fma_deep11_sse2_CASE(G) FMA_CHAIN_CASE(fma_deep11_sse2, G)
FMA_CHAIN_RUN_DEFINE(fma_deep11_sse2, FMA_DEEP_MEMBERS_16)
FMA_DEEP_CHECK_DEFINE(fma_deep11_sse2, 2)
#define RUN_FN fma_deep11_sse2_run
#define CHECK_FN fma_deep11_sse2_check
#else
#define RUN_FN NULL
#define CHECK_FN NULL
#endif

static const int fma_deep11_sse2_params[] = { FMA_DEEP_MEMBERS_16(FMA_MIX_PARAM_ENTRY) };

const struct kernel kernel_fma_deep11_sse2 = {
	.name = "fma_deep11_sse2",
	.computes = "5G chains of f += s*s, 3 steps an iteration, beside the 3G chains of s += 1 they read, 5 steps, 2-double vectors",
	.isa = ISA_SSE2,
	FMA_DEEP_FIELDS(2, 3, fma_deep11_sse2_params),
	.run = RUN_FN,
	.check = CHECK_FN,
};
