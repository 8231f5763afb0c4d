/*
 * fma_deep21_avx2.c - the deep FMA+add mix at 2:1 instructions, 4-double vectors: G groups of
 * 5 FMA chains f += s*s, 6 steps an iteration, beside 3 add chains s += 1,
 * 5 steps, every register a chain, 300*G flops and 0 bytes per iteration,
 * G = 1..2. See fma_deep.h.
 */
#include "fma_deep.h"

#if defined(__x86_64__)
#define MEMBER(G) FMA_DEEP_DEFINE(fma_deep21_avx2, AVX2, 4, 6, G)
FMA_DEEP_MEMBERS_16(MEMBER)
#define fma_deep21_avx2_CASE(G) FMA_CHAIN_CASE(fma_deep21_avx2, G)
FMA_CHAIN_RUN_DEFINE(fma_deep21_avx2, FMA_DEEP_MEMBERS_16)
FMA_DEEP_CHECK_DEFINE(fma_deep21_avx2, 4)
#define RUN_FN fma_deep21_avx2_run
#define CHECK_FN fma_deep21_avx2_check
#else
#define RUN_FN NULL
#define CHECK_FN NULL
#endif

static const int fma_deep21_avx2_params[] = { FMA_DEEP_MEMBERS_16(FMA_MIX_PARAM_ENTRY) };

const struct kernel kernel_fma_deep21_avx2 = {
	.name = "fma_deep21_avx2",
	.computes = "5G chains of f += s*s, 6 steps an iteration, beside the 3G chains of s += 1 they read, 5 steps, 4-double vectors",
	.isa = ISA_AVX2,
	FMA_DEEP_FIELDS(4, 6, fma_deep21_avx2_params),
	.run = RUN_FN,
	.check = CHECK_FN,
};
