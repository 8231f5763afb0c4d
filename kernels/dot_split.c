/*
 * dot_split.c - the dot product of dot.c, s = sum b[i]*c[i], split into
 * DOT_SPLIT_SUMS independent partial sums in plain C (the article's TIP).
 * Without -ffast-math the compiler may not reassociate dot.c's single chain;
 * here the source itself says which additions are independent, so it can
 * keep the partial sums in vector registers. 32 sums cover the worst case we
 * target, the L1 roof of a 512-bit machine: two loads and one FMA per cycle
 * per 8 lanes, times a 4-cycle FMA latency, is 4 vectors of 8 = 32 chains.
 * Fewer would do for DRAM; more only adds register pressure.
 *
 * Per element: 2 flops, 16 bytes (load b, load c); intensity 0.125 flop/byte.
 */
#include "dot.h"

#define DOT_SPLIT_SUMS 32

static double dot_split_run(const struct kernel_buffers *buf, long reps, int param)
{
	const double *restrict b = buf->b;
	const double *restrict c = buf->c;
	const size_t n = buf->n;
	const size_t body = n - n % DOT_SPLIT_SUMS;
	double total = 0.0;
	(void)param;
	for (long r = 0; r < reps; r++) {
		double s[DOT_SPLIT_SUMS] = { 0.0 };
		for (size_t i = 0; i < body; i += DOT_SPLIT_SUMS) {
#pragma GCC unroll 32
			for (int k = 0; k < DOT_SPLIT_SUMS; k++)
				s[k] += b[i + k] * c[i + k];
		}
		/* The tail has its own sum: indexing s[] by i would pin s to memory. */
		double tail = 0.0;
		for (size_t i = body; i < n; i++)
			tail += b[i] * c[i];
		/*
		 * Once per repetition, so a plain chain costs nothing here; a
		 * pairwise tree made clang's SLP vectoriser pack the sums into
		 * 2-wide vectors and spill them.
		 */
		for (int k = 1; k < DOT_SPLIT_SUMS; k++)
			s[0] += s[k];
		total += s[0] + tail;
		/* The inputs "may have changed": each repetition sums them again. */
		__asm__ __volatile__("" : : "r"(b), "r"(c) : "memory");
	}
	return total;
}

DOT_CHECK_DEFINE(dot_split)

const struct kernel kernel_dot_split = {
	.name = "dot_split",
	.computes = "s = sum b[i]*c[i] as 32 independent partial sums",
	DOT_FIELDS,
	.run = dot_split_run,
	.check = dot_split_check,
};
