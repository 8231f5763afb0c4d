/*
 * fma_scalar.c - K independent scalar FMA chains (one double a register):
 * acc[k] = acc[k]*x + x, 2*K flops and 0 bytes per iteration. See fma_chains.h.
 * The Makefile builds this file with the vectorisers off, so the scalar twin
 * stays scalar and gives the `scalar` ceiling.
 */
#include "fma_chains.h"

#if defined(__x86_64__)
#define ATTR __attribute__((target("fma")))
#else
#define ATTR
#endif

#define SCALAR_SET1(v) (v)
#define SCALAR_FMA(a, x, y) __builtin_fma((a), (x), (y))
#define SCALAR_ADD(a, b) ((a) + (b))
#define SCALAR_HSUM(v) (v)
#define CHAIN(K) FMA_CHAIN_DEFINE(fma_scalar, double, SCALAR_SET1, SCALAR_FMA, \
				  SCALAR_ADD, SCALAR_HSUM, ATTR, K)
FMA_CHAIN_COUNTS(CHAIN)

static double fma_scalar_run(const struct kernel_buffers *buf, long reps, int param)
{
	double sum = 0.0;
	long iters = (long)buf->n;
	for (long r = 0; r < reps; r++) {
		switch (param) {
#define CASE(K) FMA_CHAIN_CASE(fma_scalar, K)
			FMA_CHAIN_COUNTS(CASE)
#undef CASE
		}
	}
	return sum;
}
FMA_CHAIN_CHECK_DEFINE(fma_scalar, 1)

const struct kernel kernel_fma_scalar = {
	.name = "fma_scalar",
	.family = "fma",
	.computes = "K chains of acc = acc*x + x on scalar doubles",
	.kind = KERNEL_PEAK,
	.isa = ISA_SCALAR,
	.flops_per_param = 2,
	.params = fma_chain_params, .nparams = FMA_NCHAINS,
	.param_letter = 'K', .param_meaning = "chains",
	.flops_all_fma = 1, .max_n = FMA_MAX_ITERS,
	.run = fma_scalar_run,
	.check = fma_scalar_check,
};
