/*
 * gemm_ijk.c - C += A*B, the textbook loop: for i, for j, s = C[i][j],
 * for k s += A[i][k] * B[k][j]. Layout and check in gemm.h.
 *
 * Per call: 2n^3 flops. Placed at the ideal 32n^2 bytes (intensity n/16);
 * the loop as written loads A[i][k] and B[k][j] for every multiply-add, 16
 * bytes per 2 flops (the English article's 1/8 flop/byte): 16n^3 + 16n^2 (C
 * read and written once). B is walked down a column, a new cache line per k.
 */
#include "gemm.h"

static double gemm_ijk_run(const struct kernel_buffers *buf, long reps, int param)
{
	GEMM_OPERANDS(buf, param);
	for (long r = 0; r < reps; r++) {
		for (size_t i = 0; i < n; i++)
			for (size_t j = 0; j < n; j++) {
				double s = C[i * n + j];
				for (size_t k = 0; k < n; k++)
					s += A[i * lda + k] * B[k * ldb + j];
				C[i * n + j] = s;
			}
		__asm__ __volatile__("" : : "r"(C) : "memory");
	}
	return C[n * n - 1];
}

static void gemm_ijk_shape(int param, size_t offered, double tile_bytes, struct kernel_shape *s)
{
	(void)offered, (void)tile_bytes;
	gemm_shape_common(param, s);
	double n = param;
	s->loop_bytes = 16.0 * n * n * n + 16.0 * n * n;
}

const struct kernel kernel_gemm_ijk = {
	.name = "gemm_ijk",
	.computes = "C += A*B, i-j-k (textbook)",
	GEMM_FIELDS,
	.run = gemm_ijk_run,
	.check = gemm_check,
	.shape = gemm_ijk_shape,
	.prepare = gemm_prepare,
};
