/*
 * gemm_tiled.c - C += A*B in T x T tiles (loops i0, k0, j0 over tiles, then
 * i-k-j inside a tile), so that a tile of A, one of B and one of C are
 * reused from cache while they are there. Layout and check in gemm.h.
 *
 * The tile comes from the measured plateaus, not from a reported cache size:
 * the largest power of two T with three T x T tiles (24 T^2 bytes) within
 * the middle of the pre-scan's L2 plateau (buf->tile_bytes), at least 16 and
 * at most n. Without an L2 plateau it is TILE_DEFAULT, and the shape says so.
 *
 * Per call: 2n^3 flops. Placed at the ideal 32n^2 bytes (intensity n/16);
 * the loop as written, tiles reused and nothing else: A read once (8n^2); a
 * tile of B read for each of the n/T tile rows of C, and each tile of C read
 * and written once per k0 step: 8n^3/T + 16n^3/T. With T = n it is the ideal.
 */
#include "gemm.h"

#include <stdio.h>

#define TILE_DEFAULT 64
#define TILE_MIN 16

static size_t gemm_tile(size_t n, double tile_bytes)
{
	size_t t = TILE_DEFAULT;
	if (tile_bytes > 0)
		for (t = TILE_MIN; 24.0 * (double)(2 * t) * (double)(2 * t) <= tile_bytes; t *= 2)
			;
	if (t > n)
		t = n;
	while (t > 1 && n % t)   /* whole tiles only: n is a multiple of 16 */
		t /= 2;
	return t;
}

static double gemm_tiled_run(const struct kernel_buffers *buf, long reps, int param)
{
	/*
	 * GEMM_OPERANDS written out: the tile is chosen between n and the
	 * pointers, as measured (the other order compiles to other code).
	 */
	const size_t n = (size_t)param, lda = n + GEMM_LDA_PAD, ldb = n + GEMM_LDB_PAD;
	const size_t T = gemm_tile(n, buf->tile_bytes);
	double *restrict C = buf->a;
	const double *restrict A = buf->b;
	const double *restrict B = buf->c;
	for (long r = 0; r < reps; r++) {
		for (size_t i0 = 0; i0 < n; i0 += T)
			for (size_t k0 = 0; k0 < n; k0 += T)
				for (size_t j0 = 0; j0 < n; j0 += T)
					for (size_t i = i0; i < i0 + T; i++)
						for (size_t k = k0; k < k0 + T; k++) {
							const double aik = A[i * lda + k];
							for (size_t j = j0; j < j0 + T; j++)
								C[i * n + j] += aik * B[k * ldb + j];
						}
		__asm__ __volatile__("" : : "r"(C) : "memory");
	}
	return C[n * n - 1];
}

static void gemm_tiled_shape(int param, size_t offered, double tile_bytes, struct kernel_shape *s)
{
	(void)offered;
	gemm_shape_common(param, s);
	if (!s->n)
		return;
	size_t T = gemm_tile((size_t)param, tile_bytes);
	double n = param;
	s->tile = (int)T;
	s->loop_bytes = 8.0 * n * n + 24.0 * n * n * n / (double)T;
	if (tile_bytes > 0)
		snprintf(s->why, sizeof s->why, "tile %zu: three %zux%zu tiles (%.0f KiB) fit the L2 plateau's "
			 "middle (%.0f KiB)%s", T, T, T, 24.0 * (double)(T * T) / 1024, tile_bytes / 1024,
			 T == (size_t)param ? ", capped at n" : "");
	else
		snprintf(s->why, sizeof s->why, "tile %zu: the pre-scan showed no L2 plateau, so the default",
			 T);
}

const struct kernel kernel_gemm_tiled = {
	.name = "gemm_tiled",
	.computes = "C += A*B in TxT tiles, T from the measured L2 plateau",
	GEMM_FIELDS,
	.run = gemm_tiled_run,
	.check = gemm_check,
	.shape = gemm_tiled_shape,
	.prepare = gemm_prepare,
};
