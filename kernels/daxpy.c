/*
 * daxpy.c - y = alpha*x + y (BLAS daxpy), with y in a and x in b.
 *
 * Per element: 2 flops (one multiply-add), 24 bytes (load x, load y, store
 * y; STREAM's convention), intensity 1/12, the Chinese guide's DAXPY.
 *
 * y is both read and written (stores in place: no write-allocate traffic; it
 * is judged by the 2r1w-ip roof, which bw_update measures: in place ran
 * 12-20% faster than streaming stores here), so every timing starts from the same y0 =
 * kernel_input_c (prepare, untimed) and after r repetitions y = y0 + r*alpha*x
 * exactly: alpha = 1/2 and the inputs are dyadic, so every step is exact and
 * the check demands equality.
 */
#include "kernel.h"

#include <stdio.h>
#include <string.h>

#define DAXPY_ALPHA 0.5

static double daxpy_run(const struct kernel_buffers *buf, long reps, int param)
{
	double *restrict y = buf->a;
	const double *restrict x = buf->b;
	const size_t n = buf->n;
	const double alpha = DAXPY_ALPHA;
	(void)param;
	for (long r = 0; r < reps; r++) {
		for (size_t i = 0; i < n; i++)
			y[i] = alpha * x[i] + y[i];
		__asm__ __volatile__("" : : "r"(y) : "memory");
	}
	return y[n - 1];
}

static void daxpy_prepare(const struct kernel_buffers *buf, int param)
{
	(void)param;
	memcpy(buf->a, buf->c, buf->n * sizeof(double));
}

static int daxpy_check(const struct kernel_buffers *buf, long reps, int param,
		       double result, int full, char *why, size_t whylen)
{
	size_t count = full ? buf->n : KERNEL_SPOT_CHECKS;
	(void)param;
	if (kernel_expect(result, buf->a[buf->n - 1], 0.0, "daxpy result", why, whylen))
		return -1;
	for (size_t j = 0; j < count; j++) {
		size_t i = full ? j : kernel_spot_index(j, buf->n);
		double want = kernel_input_c(i) + (double)reps * DAXPY_ALPHA * kernel_input_b(i);
		if (buf->a[i] != want) {
			snprintf(why, whylen, "daxpy y[%zu] = %.17g after %ld repetitions, want %.17g",
				 i, buf->a[i], reps, want);
			return -1;
		}
	}
	return 0;
}

const struct kernel kernel_daxpy = {
	.name = "daxpy",
	.family = "daxpy",
	.computes = "y = a*x + y",
	.kind = KERNEL_STREAM,
	.isa = ISA_NONE,
	.flops_fixed = 2, .bytes_fixed = 24,
	.arrays = 2,             /* y and x; y0 is copied from c before the clock starts */
	.reads = 2, .writes = 1, .stores = STORES_IN_PLACE,
	.flops_all_fma = 1,
	.run = daxpy_run,
	.check = daxpy_check,
	.prepare = daxpy_prepare,
};
