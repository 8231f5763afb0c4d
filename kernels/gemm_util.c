/* gemm_util.c - the matrix-product kernels' shared shape, preparation and check (gemm.h). */
#include "gemm.h"

#include <stdlib.h>
#include <string.h>

const int gemm_params[GEMM_NPARAMS] = { 16, 64, 256, 1024 };

void gemm_shape_common(int param, struct kernel_shape *s)
{
	memset(s, 0, sizeof *s);
	if (param <= 0 || param % 16 != 0)
		return;
	double n = param;
	/* B's last row ends at (n-1)*(n+5) + n: the longest of the three. */
	s->n = (size_t)param * (size_t)(param + GEMM_LDB_PAD);
	s->flops = 2.0 * n * n * n;
	s->bytes = 32.0 * n * n;
	s->loop_bytes = s->bytes;
	s->working_set = 8.0 * (n * n + n * (n + GEMM_LDA_PAD) + n * (n + GEMM_LDB_PAD));
}

void gemm_prepare(const struct kernel_buffers *buf, int param)
{
	size_t n = (size_t)param;
	memset(buf->a, 0, n * n * sizeof(double));
}

/*
 * A(i,k) depends on i only through i*lda mod 16 and B(k,j) on j mod 8 (the
 * inputs' periods, n a multiple of 16), so (A*B)(i,j) depends only on
 * (i mod 16, j mod 8): a 16 x 8 table of n-term sums makes even the full
 * check O(n^2).
 */
static void gemm_reference(size_t n, double table[16][8])
{
	size_t lda = n + GEMM_LDA_PAD, ldb = n + GEMM_LDB_PAD;
	for (size_t i = 0; i < 16; i++)
		for (size_t j = 0; j < 8; j++) {
			double s = 0.0;
			for (size_t k = 0; k < n; k++)
				s += kernel_input_b(i * lda + k) * kernel_input_c(k * ldb + j);
			table[i][j] = s;
		}
}

int gemm_check(const struct kernel_buffers *buf, long reps, int param, double result,
	       int full, char *why, size_t whylen)
{
	size_t n = (size_t)param, count = full ? n * n : KERNEL_SPOT_CHECKS;
	double table[16][8];
	gemm_reference(n, table);
	for (size_t s = 0; s < count; s++) {
		size_t at = full ? s : kernel_spot_index(s, n * n);
		size_t i = at / n, j = at % n;
		double want = (double)reps * table[i % 16][j % 8];
		if (buf->a[at] != want) {
			snprintf(why, whylen, "C[%zu][%zu] = %.17g, want %.17g (%ld times (A*B)[%zu][%zu])",
				 i, j, buf->a[at], want, reps, i, j);
			return -1;
		}
	}
	return kernel_expect(result, buf->a[n * n - 1], 0.0, "gemm result C[n-1][n-1]", why, whylen);
}
