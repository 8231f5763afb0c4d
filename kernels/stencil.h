/*
 * stencil.h - what the two 2-D 5-point stencil kernels share (stencil.c, the
 * naive sweeps, and stencil_tiled.c, the same sweeps fused over a band of
 * rows held in cache).
 *
 * STENCIL_STEPS Jacobi steps of a square S x S grid, row-major:
 *   out[i][j] = 1/2 in[i][j] + 1/8 (in[i-1][j] + in[i+1][j] + in[i][j-1] + in[i][j+1])
 * on interior points; boundary points keep their value. The input grid is
 * b[0..S*S); the result lands in a[0..S*S), and a[S*S..2*S*S) is the second
 * grid the steps alternate with (kernels write only to a).
 *
 * Flops: 6 per interior point per step (2 multiplies, 4 adds). The grid is
 * as large as the level's working set allows (the DRAM level: larger than
 * the last cache level, from the pre-scan): S = sqrt(n/2), a multiple of 8.
 * Inputs are multiples of 1/16 and each step adds 3 bits, so every value is
 * exact and the check demands equality with a replay. Each kernel file
 * expands its own copy of the row loop (STENCIL_ROW_DEFINE), so the
 * compiler's remarks about it land in that file's remarks, at the line of
 * the expansion (a function in a shared header would be reported there).
 */
#ifndef ROOFLINE_STENCIL_H
#define ROOFLINE_STENCIL_H

#include "kernel.h"

#define STENCIL_STEPS 4
#define STENCIL_MIN_SIDE 16

/*
 * Defines `static void stencil_row(out, up, mid, down, S)`: one row of one
 * step, out from the rows above, at and below it (an interior row).
 */
#define STENCIL_ROW_DEFINE                                                            \
	static void stencil_row(double *restrict out, const double *restrict up,     \
				const double *restrict mid, const double *restrict down, \
				size_t S)                                             \
	{                                                                             \
		out[0] = mid[0];                                                      \
		for (size_t j = 1; j + 1 < S; j++)                                    \
			out[j] = 0.5 * mid[j] +                                       \
				 0.125 * ((up[j] + down[j]) + (mid[j - 1] + mid[j + 1])); \
		out[S - 1] = mid[S - 1];                                              \
	}

/* The grid's side for n offered elements per array (two grids in a). */
size_t stencil_side(size_t n);

/*
 * The common shape: n = 2 S^2, flops, and bytes = loop_bytes = `sweeps_bytes`
 * per point (what the version must move from memory); working set `grids` grids.
 */
void stencil_shape_common(size_t offered, double bytes_per_point, double grids,
			  struct kernel_shape *s);

/* check: a[0..S*S) against a replay of the steps from b (all points, or 64 spread ones). */
int stencil_check(const struct kernel_buffers *buf, long reps, int param, double result,
		  int full, char *why, size_t whylen);

#endif
