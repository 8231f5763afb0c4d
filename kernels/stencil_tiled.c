/*
 * stencil_tiled.c - the same STENCIL_STEPS steps as stencil.c (stencil.h),
 * tiled in time: one pass down the grid computes every step of a row as soon
 * as the rows it needs exist, so the intermediate steps live in rings of
 * three rows each (3 * (STENCIL_STEPS - 1) rows, in a[S*S..)), small enough to
 * stay in cache, and only b is read and a[0..S*S) written from memory.
 *
 * Per call: 6 flops per interior point and step, as stencil.c. Bytes it
 * must move: read b once and write the result once, 16 bytes a point for all
 * the steps, intensity 6*STENCIL_STEPS/16 = 1.5 flop/byte: STENCIL_STEPS times
 * the naive version's, the move right the roofline asks a tiling for.
 */
#include "stencil.h"

#include <string.h>

/* The row loop, here so that its remarks are this file's (stencil.h). */
STENCIL_ROW_DEFINE

static double stencil_tiled_run(const struct kernel_buffers *buf, long reps, int param)
{
	const size_t S = stencil_side(buf->n), G = S * S;
	double *ring = buf->a + G;    /* level l (1..STEPS-1), row r: ring + ((l-1)*3 + r%3)*S */
	(void)param;
	for (long r = 0; r < reps; r++) {
		/*
		 * Iteration w computes row w - (l-1) of level l, for l = 1..STEPS
		 * in order: the three rows of level l-1 it needs were made in
		 * this iteration and the two before, and are still in their ring.
		 */
		for (size_t w = 0; w < S + STENCIL_STEPS - 1; w++)
			for (size_t l = 1; l <= STENCIL_STEPS; l++) {
				if (w < l - 1 || w - (l - 1) >= S)
					continue;
				size_t row = w - (l - 1);
				double *out = l == STENCIL_STEPS ? buf->a + row * S
								 : ring + ((l - 1) * 3 + row % 3) * S;
#define LEVEL_ROW(lv, rr) ((lv) == 0 ? buf->b + (rr) * S : ring + (((lv) - 1) * 3 + (rr) % 3) * S)
				const double *mid = LEVEL_ROW(l - 1, row);
				if (row == 0 || row + 1 == S)
					memcpy(out, mid, S * sizeof *out);
				else
					stencil_row(out, LEVEL_ROW(l - 1, row - 1), mid, LEVEL_ROW(l - 1, row + 1), S);
#undef LEVEL_ROW
			}
		__asm__ __volatile__("" : : "r"(buf->a) : "memory");
	}
	return buf->a[G - S - 2];
}

static void stencil_tiled_shape(int param, size_t offered, double tile_bytes, struct kernel_shape *s)
{
	(void)param, (void)tile_bytes;
	stencil_shape_common(offered, 16.0, 2.0, s);
	/* b and the result, plus the rings of rows. */
	double S = (double)stencil_side(offered);
	s->working_set += 8.0 * 3 * (STENCIL_STEPS - 1) * S;
}

const struct kernel kernel_stencil_tiled = {
	.name = "stencil_tiled",
	.family = "stencil",
	.stage_by = KSTAGE_TILING, .stage = 2, .stage_name = "tiled",
	.computes = "the same 4 steps, fused down the grid in rings of rows (tiled in time)",
	.kind = KERNEL_STREAM,
	.isa = ISA_NONE,
	.arrays = 2,
	.reads = 1, .writes = 1,
	.run = stencil_tiled_run,
	.check = stencil_check,
	.shape = stencil_tiled_shape,
};
