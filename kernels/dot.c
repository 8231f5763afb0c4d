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
#include "dot.h"

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

DOT_CHECK_DEFINE(dot)

const struct kernel kernel_dot = {
	.name = "dot",
	.computes = "s = sum b[i]*c[i], one dependent chain",
	DOT_FIELDS,
	.run = dot_run,
	.check = dot_check,
};
