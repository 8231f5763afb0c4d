/*
 * gemm.h - what the matrix-product kernels share (gemm_ijk.c, gemm_ikj.c,
 * gemm_tiled.c, gemm_blas.c): C += A*B on square matrices of order n (the
 * family parameter, 16, 64, 256 and 1024), row-major, in the shared buffers:
 *
 *   C = a[i*n + j]           (ldc = n), zeroed before each timing (prepare)
 *   A = b[i*(n+3) + k]       (lda = n + 3)
 *   B = c[k*(n+5) + j]       (ldb = n + 5)
 *
 * The leading dimensions are not n on purpose: with the shared inputs'
 * periods (16 and 8), rows of a plain n-wide layout would all be equal, and
 * a product with its indices swapped would pass the check. With these, A and
 * B are not symmetric and no two of i, j, k play the same part.
 *
 * Flops: 2n^3 per call. Bytes where the point is placed: 32n^2, the articles'
 * ideal (read A, B and C once, write C once), intensity n/16. Each kernel
 * also declares the traffic of its loop as written (struct kernel_shape).
 * All products are multiples of 1/64 and every partial sum is exact, so the
 * check demands equality with a reference product, whatever the order.
 */
#ifndef ROOFLINE_GEMM_H
#define ROOFLINE_GEMM_H

#include "kernel.h"

#define GEMM_LDA_PAD 3
#define GEMM_LDB_PAD 5

/*
 * Declares a run()'s operands from its buffers (the layout above): the order
 * n, the leading dimensions lda and ldb, C (written) and A, B (read), all
 * restrict so the compiler may keep them in registers across the loops.
 */
#define GEMM_OPERANDS(buf, param)                                                     \
	const size_t n = (size_t)(param), lda = n + GEMM_LDA_PAD, ldb = n + GEMM_LDB_PAD; \
	double *restrict C = (buf)->a;                                                 \
	const double *restrict A = (buf)->b;                                           \
	const double *restrict B = (buf)->c

/*
 * The fields every member's descriptor shares; each file's `struct kernel`
 * names what differs (name, loop order, run, check, shape) and adds these.
 */
#define GEMM_FIELDS                                                                   \
	.family = "gemm",                                                              \
	.kind = KERNEL_STREAM,                                                         \
	.isa = ISA_NONE,                                                               \
	.arrays = 3,                                                                   \
	.reads = 3, .writes = 1,                                                       \
	.param_letter = 'n', .param_meaning = "matrix order",                         \
	.params = gemm_params, .nparams = GEMM_NPARAMS,                                \
	.flops_all_fma = 1

/*
 * The family members: the articles' small and large matrix (64, 1024) and
 * the orders between and below them, so the trajectory of intensity n/16
 * (1, 4, 16, 64 flop/byte) crosses the ridge wherever a machine has it.
 */
#define GEMM_NPARAMS 4
extern const int gemm_params[GEMM_NPARAMS];

/*
 * The common shape of order `param`: n, flops, the ideal bytes, working set;
 * loop_bytes = bytes until the caller sets its own. n = 0 (cannot run) when
 * param is not a positive multiple of 16.
 */
void gemm_shape_common(int param, struct kernel_shape *s);

/* prepare: C = 0. */
void gemm_prepare(const struct kernel_buffers *buf, int param);

/*
 * check: C == reps * A*B exactly, every element (full) or 64 spread ones,
 * against a reference built from the inputs' formulas; `result` must be
 * C[n-1][n-1].
 */
int gemm_check(const struct kernel_buffers *buf, long reps, int param, double result,
	       int full, char *why, size_t whylen);

#endif
