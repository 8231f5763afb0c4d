/*
 * fma_scalar.c - K independent scalar FMA chains (one double a register):
 * acc[k] = acc[k]*x + x, 2*K flops and 0 bytes per iteration. See fma_chains.h.
 * The Makefile builds this file with the vectorisers off, so the scalar twin
 * stays scalar and gives the `scalar` ceiling.
 */
#include "fma_chains_asm.h"

#if FMA_CHAIN_ASM
#define CHAIN(K, C, S) FMA_CHAIN_ASM_DEFINE(fma_scalar, SCALAR, 1, K, C, S)
FMA_CHAIN_MEMBERS_16(CHAIN)
#define fma_scalar_CASE(K, C, S) FMA_CHAIN_CASE(fma_scalar, K)
FMA_CHAIN_RUN_DEFINE(fma_scalar, FMA_CHAIN_MEMBERS_16)
#else
#define CHAIN(K) FMA_CHAIN_DEFINE(fma_scalar, double, FMA_SCALAR_SET1, FMA_SCALAR_FMA, \
				  FMA_SCALAR_ADD, FMA_SCALAR_HSUM, FMA_SCALAR_ATTR, K)
FMA_CHAIN_COUNTS(CHAIN)

#define fma_scalar_CASE(K) FMA_CHAIN_CASE(fma_scalar, K)
FMA_CHAIN_RUN_DEFINE(fma_scalar, FMA_CHAIN_COUNTS)
#endif
FMA_CHAIN_CHECK_DEFINE(fma_scalar, 1)

const struct kernel kernel_fma_scalar = {
	.name = "fma_scalar",
	.computes = "K chains of acc = acc*x + x on scalar doubles",
	.isa = ISA_SCALAR,
	.flops_per_param = 2,
	FMA_CHAIN_FIELDS,
	.run = fma_scalar_run,
	.check = fma_scalar_check,
};
