/*
 * fma_add_neon.c - P FMA chains and P add chains, interleaved, 2 doubles a
 * register: f[k] = f[k]*x + x and s[k] = s[k] + 1, 6*P flops and 0 bytes
 * per iteration, P = 1..15 (2P + 2 registers). See fma_add_chains.h.
 */
#include "fma_add_chains.h"

#if defined(__aarch64__)
#include <arm_neon.h>

#define ATTR
/* vfmaq_f64(a, b, c) is a + b*c, so acc*x + y is vfmaq_f64(y, acc, x). */
#define NEON_FMA(a, x, y) vfmaq_f64((y), (a), (x))
#define fma_add_neon_CASE(P) FMA_CHAIN_CASE(fma_add_neon, P)
#define PAIR(P) FMA_ADD_DEFINE(fma_add_neon, float64x2_t, vdupq_n_f64, NEON_FMA, vaddq_f64, vaddvq_f64, ATTR, P)
FMA_ADD_PAIRS_32(PAIR)
FMA_CHAIN_RUN_DEFINE(fma_add_neon, FMA_ADD_PAIRS_32)
FMA_ADD_CHECK_DEFINE(fma_add_neon, 2)
#define RUN_FN fma_add_neon_run
#define CHECK_FN fma_add_neon_check
#else
#define RUN_FN NULL
#define CHECK_FN NULL
#endif

static const int fma_add_neon_params[] = { FMA_ADD_PAIRS_32(FMA_ADD_PARAM_ENTRY) };

const struct kernel kernel_fma_add_neon = {
	.name = "fma_add_neon",
	.family = "fma_add",
	.computes = "P chains of f = f*x + x beside P chains of s = s + 1, 2-double vectors",
	.kind = KERNEL_PEAK,
	.isa = ISA_NEON,
	.flops_per_param = 6,
	.params = fma_add_neon_params,
	.nparams = (int)(sizeof fma_add_neon_params / sizeof fma_add_neon_params[0]),
	.param_letter = 'P', .param_meaning = "FMA+add chain pairs",
	.flops_all_fma = 0, .max_n = FMA_MAX_ITERS,
	.run = RUN_FN,
	.check = CHECK_FN,
};
