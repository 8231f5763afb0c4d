/*
 * fma_neon.c - K independent 128-bit NEON FMA chains (2 doubles a register):
 * acc[k] = acc[k]*x + x, 4*K flops and 0 bytes per iteration. See fma_chains.h.
 * Builds to nothing but the description on other architectures.
 */
#include "fma_chains.h"

#if defined(__aarch64__)
#include <arm_neon.h>

/* vfmaq_f64(a, b, c) is a + b*c, so acc*x + y is vfmaq_f64(y, acc, x). */
#define NEON_FMA(a, x, y) vfmaq_f64((y), (a), (x))
#define CHAIN(K) FMA_CHAIN_DEFINE(fma_neon, float64x2_t, vdupq_n_f64, NEON_FMA, \
				  vaddq_f64, vaddvq_f64, , K)
FMA_CHAIN_COUNTS(CHAIN)

#define fma_neon_CASE(K) FMA_CHAIN_CASE(fma_neon, K)
FMA_CHAIN_RUN_DEFINE(fma_neon, FMA_CHAIN_COUNTS)
FMA_CHAIN_CHECK_DEFINE(fma_neon, 2)
#define RUN_FN fma_neon_run
#define CHECK_FN fma_neon_check
#else
#define RUN_FN NULL
#define CHECK_FN NULL
#endif

const struct kernel kernel_fma_neon = {
	.name = "fma_neon",
	.computes = "K chains of acc = acc*x + x on 2-double NEON vectors",
	.isa = ISA_NEON,
	.flops_per_param = 4,
	FMA_CHAIN_FIELDS,
	.run = RUN_FN,
	.check = CHECK_FN,
};
