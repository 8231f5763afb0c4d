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

static double fma_neon_run(const struct kernel_buffers *buf, long reps, int param)
{
	double sum = 0.0;
	long iters = (long)buf->n;
	for (long r = 0; r < reps; r++) {
		switch (param) {
#define CASE(K) FMA_CHAIN_CASE(fma_neon, K)
			FMA_CHAIN_COUNTS(CASE)
#undef CASE
		}
	}
	return sum;
}
FMA_CHAIN_CHECK_DEFINE(fma_neon, 2)
#define RUN_FN fma_neon_run
#define CHECK_FN fma_neon_check
#else
#define RUN_FN NULL
#define CHECK_FN NULL
#endif

const struct kernel kernel_fma_neon = {
	.name = "fma_neon",
	.family = "fma",
	.computes = "K chains of acc = acc*x + x on 2-double NEON vectors",
	.kind = KERNEL_PEAK,
	.isa = ISA_NEON,
	.flops_per_param = 4,
	.params = fma_chain_params, .nparams = FMA_NCHAINS,
	.param_letter = 'K', .param_meaning = "chains",
	.flops_all_fma = 1, .max_n = FMA_MAX_ITERS,
	.run = RUN_FN,
	.check = CHECK_FN,
};
