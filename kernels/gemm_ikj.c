/*
 * gemm_ikj.c - C += A*B, the i-k-j order: for i, for k, a = A[i][k], for j
 * C[i][j] += a * B[k][j]. The inner loop walks rows of B and C with unit
 * stride, so it vectorises. Layout and check in gemm.h.
 *
 * Per call: 2n^3 flops. Placed at the ideal 32n^2 bytes (intensity n/16);
 * the loop as written loads B[k][j] and C[i][j] and stores C[i][j] for every
 * multiply-add, 24 bytes per 2 flops: 24n^3 + 8n^2 (A read once).
 */
#include "gemm.h"

static double gemm_ikj_run(const struct kernel_buffers *buf, long reps, int param)
{
	GEMM_OPERANDS(buf, param);
	for (long r = 0; r < reps; r++) {
		for (size_t i = 0; i < n; i++)
			for (size_t k = 0; k < n; k++) {
				const double aik = A[i * lda + k];
				for (size_t j = 0; j < n; j++)
					C[i * n + j] += aik * B[k * ldb + j];
			}
		__asm__ __volatile__("" : : "r"(C) : "memory");
	}
	return C[n * n - 1];
}

static void gemm_ikj_shape(int param, size_t offered, double tile_bytes, struct kernel_shape *s)
{
	(void)offered, (void)tile_bytes;
	gemm_shape_common(param, s);
	double n = param;
	s->loop_bytes = 24.0 * n * n * n + 8.0 * n * n;
}

const struct kernel kernel_gemm_ikj = {
	.name = "gemm_ikj",
	.computes = "C += A*B, i-k-j (unit stride inner loop)",
	GEMM_FIELDS,
	.run = gemm_ikj_run,
	.check = gemm_check,
	.shape = gemm_ikj_shape,
	.prepare = gemm_prepare,
};
