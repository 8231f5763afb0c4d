/*
 * fma_deep11_avx512.c - the deep FMA+add mix at 1:1 instructions, 8-double vectors: G groups of
 * 5 FMA chains f += s*s, 3 steps an iteration, beside 3 add chains s += 1,
 * 5 steps, every register a chain, 360*G flops and 0 bytes per iteration,
 * G = 1..4. See fma_deep.h.
 */
#include "fma_deep.h"

#if defined(__x86_64__)
#define MEMBER(G) FMA_DEEP_DEFINE(fma_deep11_avx512, AVX512, 8, 3, G)
FMA_DEEP_MEMBERS_32(MEMBER)
#define fma_deep11_avx512_CASE(G) FMA_CHAIN_CASE(fma_deep11_avx512, G)
FMA_CHAIN_RUN_DEFINE(fma_deep11_avx512, FMA_DEEP_MEMBERS_32)
FMA_DEEP_CHECK_DEFINE(fma_deep11_avx512, 8)
#define RUN_FN fma_deep11_avx512_run
#define CHECK_FN fma_deep11_avx512_check
#else
#define RUN_FN NULL
#define CHECK_FN NULL
#endif

static const int fma_deep11_avx512_params[] = { FMA_DEEP_MEMBERS_32(FMA_MIX_PARAM_ENTRY) };

const struct kernel kernel_fma_deep11_avx512 = {
	.name = "fma_deep11_avx512",
	.computes = "5G chains of f += s*s, 3 steps an iteration, beside the 3G chains of s += 1 they read, 5 steps, 8-double vectors",
	.isa = ISA_AVX512,
	FMA_DEEP_FIELDS(8, 3, fma_deep11_avx512_params),
	.run = RUN_FN,
	.check = CHECK_FN,
};
