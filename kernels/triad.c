/*
 * triad.c - STREAM triad: a[i] = b[i] + s * c[i].
 *
 * Per element: 2 flops (one multiply-add), 24 bytes (load b, load c, store a;
 * STREAM's convention, no write-allocate). Intensity 2/24 = 0.083 flop/byte.
 * A compiled kernel, placed under the roofs like any other (the kernels group,
 * at the levels --levels names: DRAM by default); the sweep that sets the roofs
 * times the hand-written bw_triad_<isa> of bw_stream.h instead, so that no
 * compiler moves them.
 */
#include "kernel.h"

#include <stdio.h>

/*
 * gcc vectorises without interleaving, and in L1 the loop's own overhead then
 * caps the rate: it is told to unroll. clang interleaves by 4 on its own, and
 * an unroll hint there switches its vectoriser off (a scalar loop: several
 * times slower in L1 where this was measured).
 */
#if defined(__clang__)
#define TRIAD_UNROLL
#else
#define TRIAD_UNROLL _Pragma("GCC unroll 4")
#endif

/*
 * Not a power of two, but exact all the same: 3 * c[i] is a multiple of 1/4
 * below 8 and b[i] a multiple of 1/16 below 1 (kernel.h's inputs), so
 * b + s*c needs a handful of bits, fused or not, and the check can demand
 * equality.
 */
#define TRIAD_SCALAR 3.0

static double triad_run(const struct kernel_buffers *buf, long reps, int param)
{
	double *restrict a = buf->a;
	const double *restrict b = buf->b;
	const double *restrict c = buf->c;
	const size_t n = buf->n;
	const double s = TRIAD_SCALAR;
	(void)param;
	for (long r = 0; r < reps; r++) {
		TRIAD_UNROLL
		for (size_t i = 0; i < n; i++)
			a[i] = b[i] + s * c[i];
		/* Keeps the repetitions: without it the compiler may run the loop once. */
		__asm__ __volatile__("" : : "r"(a) : "memory");
	}
	return a[n - 1];
}

static int triad_check(const struct kernel_buffers *buf, long reps, int param,
		       double result, int full, char *why, size_t whylen)
{
	size_t count = full ? buf->n : KERNEL_SPOT_CHECKS;
	(void)reps;
	(void)param;
	if (kernel_expect(result, buf->a[buf->n - 1], 0.0, "triad result", why, whylen))
		return -1;
	for (size_t j = 0; j < count; j++) {
		size_t i = full ? j : kernel_spot_index(j, buf->n);
		double want = kernel_input_b(i) + TRIAD_SCALAR * kernel_input_c(i);
		if (buf->a[i] != want) {
			snprintf(why, whylen, "triad a[%zu] = %.17g, want %.17g", i, buf->a[i], want);
			return -1;
		}
	}
	return 0;
}

const struct kernel kernel_triad = {
	.name = "triad",
	.family = "triad",
	.computes = "a[i] = b[i] + s*c[i]",
	.kind = KERNEL_STREAM,
	.isa = ISA_NONE,
	.flops_fixed = 2, .bytes_fixed = 24,
	.arrays = 3,
	.reads = 2, .writes = 1,
	.flops_all_fma = 1,
	.run = triad_run,
	.check = triad_check,
};
