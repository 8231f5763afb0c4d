/*
 * fma_add_scalar.c - P FMA chains and P add chains, interleaved, 1 double a
 * register: f[k] = f[k]*x + x and s[k] = s[k] + 1, 3*P flops and 0 bytes
 * per iteration, P = 1..7 (2P + 2 registers). See fma_add_chains.h.
 * Built with the vectorisers off (Makefile), like fma_scalar.c.
 */
#include "fma_add_chains.h"

#define fma_add_scalar_CASE(P) FMA_CHAIN_CASE(fma_add_scalar, P)
#define PAIR(P) FMA_ADD_DEFINE(fma_add_scalar, double, FMA_SCALAR_SET1, FMA_SCALAR_FMA, FMA_SCALAR_ADD, \
			       FMA_SCALAR_HSUM, FMA_SCALAR_ATTR, P)
FMA_ADD_PAIRS_16(PAIR)
FMA_CHAIN_RUN_DEFINE(fma_add_scalar, FMA_ADD_PAIRS_16)
FMA_ADD_CHECK_DEFINE(fma_add_scalar, 1)
#define RUN_FN fma_add_scalar_run
#define CHECK_FN fma_add_scalar_check

static const int fma_add_scalar_params[] = { FMA_ADD_PAIRS_16(FMA_ADD_PARAM_ENTRY) };

const struct kernel kernel_fma_add_scalar = {
	.name = "fma_add_scalar",
	.family = "fma_add",
	.computes = "P chains of f = f*x + x beside P chains of s = s + 1, scalar doubles",
	.kind = KERNEL_PEAK,
	.isa = ISA_SCALAR,
	.flops_per_param = 3,
	.params = fma_add_scalar_params,
	.nparams = (int)(sizeof fma_add_scalar_params / sizeof fma_add_scalar_params[0]),
	.param_letter = 'P', .param_meaning = "FMA+add chain pairs",
	.flops_all_fma = 0, .max_n = FMA_MAX_ITERS,
	.run = RUN_FN,
	.check = CHECK_FN,
};
