/* kernel_util.c - helpers shared by the kernel files: inputs, references, checks. */
#include "kernel.h"

#include <math.h>
#include <stdio.h>

#include "fma_chains.h"

double kernel_reldiff(double x, double y)
{
	double scale = fmax(fmax(fabs(x), fabs(y)), 1e-300);
	return fabs(x - y) / scale;
}

int kernel_expect(double got, double want, double eps, const char *what,
		  char *why, size_t whylen)
{
	double rel = kernel_reldiff(got, want);
	/* !(rel <= eps) also catches NaN, which compares false with everything. */
	if (!(rel <= eps)) {
		snprintf(why, whylen, "%s: got %.17g, want %.17g (relative error %.3g > %.3g)",
			 what, got, want, rel, eps);
		return -1;
	}
	return 0;
}

void kernel_fill_inputs(const struct kernel_buffers *buf)
{
	kernel_fill_inputs_from(buf, 0);
}

void kernel_fill_inputs_from(const struct kernel_buffers *buf, size_t from)
{
	for (size_t i = from; i < buf->n; i++) {
		buf->b[i] = kernel_input_b(i);
		buf->c[i] = kernel_input_c(i);
	}
}

double kernel_dot_reference(size_t n)
{
	/* Both inputs repeat every 16 elements, so the sum is whole periods plus a tail. */
	double period = 0.0, tail = 0.0;
	for (size_t i = 0; i < 16; i++)
		period += kernel_input_b(i) * kernel_input_c(i);
	for (size_t i = 0; i < n % 16; i++)
		tail += kernel_input_b(i) * kernel_input_c(i);
	return (double)(n / 16) * period + tail;
}

size_t kernel_spot_index(size_t j, size_t n)
{
	if (n == 0)
		return 0;
	if (j == 0)
		return 0;
	if (j + 1 >= KERNEL_SPOT_CHECKS)
		return n - 1;
	/* A multiplicative stride spreads the spots without a regular pattern. */
	return (size_t)(((unsigned long long)j * 2654435761ull) % n);
}
volatile double fma_chain_seed = 1.5;
