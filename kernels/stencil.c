/*
 * stencil.c - a 2-D 5-point stencil, STENCIL_STEPS Jacobi steps over the
 * whole grid one after the other (stencil.h): b -> grid 1 -> grid 0 -> ...
 * -> grid 0 = a[0..S*S).
 *
 * Per call: 6 flops per interior point and step. Bytes it must move: each
 * step reads one grid and writes another, 16 bytes a point, and on a grid
 * larger than the last cache level nothing survives from one step to the
 * next: 16 * STENCIL_STEPS bytes a point, intensity 6/16 = 0.375 flop/byte.
 * Three rows of a grid stay in cache within a step, so the neighbours come
 * from cache: that is the reuse a plain loop already gets.
 */
#include "stencil.h"

/* The row loop, here so that its remarks are this file's (stencil.h). */
STENCIL_ROW_DEFINE

static void sweep(double *restrict out, const double *restrict in, size_t S)
{
	for (size_t j = 0; j < S; j++) {
		out[j] = in[j];
		out[(S - 1) * S + j] = in[(S - 1) * S + j];
	}
	for (size_t i = 1; i + 1 < S; i++)
		stencil_row(out + i * S, in + (i - 1) * S, in + i * S, in + (i + 1) * S, S);
}

static double stencil_run(const struct kernel_buffers *buf, long reps, int param)
{
	const size_t S = stencil_side(buf->n), G = S * S;
	double *grid[2] = { buf->a, buf->a + G };
	(void)param;
	for (long r = 0; r < reps; r++) {
		/* An even number of steps from b ends in grid 0: the last step writes grid 0. */
		const double *in = buf->b;
		for (int t = 0; t < STENCIL_STEPS; t++) {
			double *out = grid[(STENCIL_STEPS - 1 - t) % 2];
			sweep(out, in, S);
			in = out;
		}
		__asm__ __volatile__("" : : "r"(buf->a) : "memory");
	}
	return buf->a[G - S - 2];
}

static void stencil_shape(int param, size_t offered, double tile_bytes, struct kernel_shape *s)
{
	(void)param, (void)tile_bytes;
	/* Every step reads a grid and writes a grid; three grids in all (b and two in a). */
	stencil_shape_common(offered, 16.0 * STENCIL_STEPS, 3.0, s);
}

const struct kernel kernel_stencil = {
	.name = "stencil",
	.family = "stencil",
	.stage_by = KSTAGE_TILING, .stage = 1, .stage_name = "untiled",
	.computes = "4 steps of a 2-D 5-point stencil, one sweep of the grid each",
	.kind = KERNEL_STREAM,
	.isa = ISA_NONE,
	.arrays = 3,
	.reads = 1, .writes = 1,
	.run = stencil_run,
	.check = stencil_check,
	.shape = stencil_shape,
};
