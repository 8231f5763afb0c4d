/*
 * dot.c - dot product s = sum b[i]*c[i], the plain loop exactly as the
 * compiler builds it: without -ffast-math it may not reorder the additions,
 * so the loop is one dependent chain of adds and runs at the add (or FMA)
 * latency, not at the bandwidth roof. dot_split.c is the same sum with
 * independent partial sums; the pair shows the latency ceiling.
 *
 * Per element: 2 flops (multiply and add), 16 bytes (load b, load c);
 * intensity 2/16 = 0.125 flop/byte.
 */
#include "kernel.h"

static double dot_run(const struct kernel_buffers *buf, long reps, int param)
{
	const double *restrict b = buf->b;
	const double *restrict c = buf->c;
	const size_t n = buf->n;
	double total = 0.0;
	(void)param;
	for (long r = 0; r < reps; r++) {
		double s = 0.0;
		for (size_t i = 0; i < n; i++)
			s += b[i] * c[i];
		total += s;
		/* The inputs "may have changed": each repetition sums them again. */
		__asm__ __volatile__("" : : "r"(b), "r"(c) : "memory");
	}
	return total;
}

static int dot_check(const struct kernel_buffers *buf, long reps, int param,
		     double result, int full, char *why, size_t whylen)
{
	/*
	 * The inputs are dyadic, so every partial sum is exact in any order and
	 * the result must equal reps times the analytic sum; the epsilon only
	 * forgives what exactness cannot promise for huge n * reps.
	 */
	(void)param;
	(void)full;
	return kernel_expect(result, (double)reps * kernel_dot_reference(buf->n), 1e-12,
			     "dot sum over reps", why, whylen);
}

const struct kernel kernel_dot = {
	.name = "dot",
	.family = "dot",
	.computes = "s = sum b[i]*c[i], one dependent chain",
	.kind = KERNEL_STREAM,
	.isa = ISA_NONE,
	.flops_fixed = 2, .bytes_fixed = 16,
	.arrays = 2,
	.reads = 2, .writes = 0,
	.flops_all_fma = 1,
	.run = dot_run,
	.check = dot_check,
};
