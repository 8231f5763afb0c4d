/*
 * dot.h - what the two dot-product kernels share (dot.c, one dependent chain
 * of adds, and dot_split.c, independent partial sums): s = sum b[i]*c[i],
 * 2 flops and 16 bytes per element, and the check.
 */
#ifndef ROOFLINE_DOT_H
#define ROOFLINE_DOT_H

#include "kernel.h"

/*
 * Defines PREFIX##_check. The inputs are dyadic, so every partial sum is
 * exact in any order and the result must equal reps times the analytic sum;
 * the epsilon only forgives what exactness cannot promise for huge n * reps.
 */
#define DOT_CHECK_DEFINE(PREFIX)                                                      \
	static int PREFIX##_check(const struct kernel_buffers *buf, long reps,       \
				  int param, double result, int full, char *why,     \
				  size_t whylen)                                     \
	{                                                                             \
		(void)param;                                                          \
		(void)full;                                                           \
		return kernel_expect(result,                                          \
				     (double)reps * kernel_dot_reference(buf->n), 1e-12, \
				     #PREFIX " sum over reps", why, whylen);           \
	}

/*
 * The fields both descriptors share; each file's `struct kernel` names what
 * differs (name, what it computes, run and check) and adds these.
 */
#define DOT_FIELDS                                                                    \
	.family = "dot",                                                              \
	.kind = KERNEL_STREAM,                                                        \
	.isa = ISA_NONE,                                                              \
	.flops_fixed = 2, .bytes_fixed = 16,                                          \
	.arrays = 2,                                                                  \
	.reads = 2, .writes = 0,                                                      \
	.flops_all_fma = 1

#endif
