/* stencil_util.c - the stencil kernels' shared shape and check (stencil.h). */
#include "stencil.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

size_t stencil_side(size_t n)
{
	size_t s = (size_t)floor(sqrt((double)n / 2.0));
	s -= s % 8;
	return s < STENCIL_MIN_SIDE ? STENCIL_MIN_SIDE : s;
}

void stencil_shape_common(size_t offered, double bytes_per_point, double grids,
			  struct kernel_shape *s)
{
	memset(s, 0, sizeof *s);
	size_t S = stencil_side(offered);
	double points = (double)S * (double)S, interior = (double)(S - 2) * (double)(S - 2);
	s->n = 2 * S * S;
	s->flops = 6.0 * STENCIL_STEPS * interior;
	s->bytes = bytes_per_point * points;
	s->loop_bytes = s->bytes;
	s->working_set = grids * 8.0 * points;
	snprintf(s->why, sizeof s->why, "grid %zux%zu (%.1f MiB a grid), %d steps", S, S,
		 8.0 * points / 1048576, STENCIL_STEPS);
}

/*
 * The value at (i, j) after `steps` steps, from b alone: the (2*steps+1)^2
 * window around it, stepped down one ring at a time. Plain scalar code,
 * nothing shared with the kernels but the formula.
 */
static double point_after(const double *b, size_t S, size_t i, size_t j, int steps)
{
	enum { W = 2 * STENCIL_STEPS + 1 };
	double win[2][W][W];
	long r = steps;
	for (long di = -r; di <= r; di++)
		for (long dj = -r; dj <= r; dj++) {
			long y = (long)i + di, x = (long)j + dj;
			int in = y >= 0 && x >= 0 && y < (long)S && x < (long)S;
			win[0][di + r][dj + r] = in ? b[(size_t)y * S + (size_t)x] : NAN;
		}
	int cur = 0;
	for (long t = 1; t <= r; t++, cur ^= 1)
		for (long di = -(r - t); di <= r - t; di++)
			for (long dj = -(r - t); dj <= r - t; dj++) {
				long y = (long)i + di, x = (long)j + dj, wy = di + r, wx = dj + r;
				if (y < 0 || x < 0 || y >= (long)S || x >= (long)S)
					continue;
				double (*in)[W] = win[cur], v = in[wy][wx];
				if (y > 0 && x > 0 && y + 1 < (long)S && x + 1 < (long)S)
					v = 0.5 * in[wy][wx] + 0.125 * ((in[wy - 1][wx] + in[wy + 1][wx]) +
									(in[wy][wx - 1] + in[wy][wx + 1]));
				win[cur ^ 1][wy][wx] = v;
			}
	return win[cur][r][r];
}

int stencil_check(const struct kernel_buffers *buf, long reps, int param, double result,
		  int full, char *why, size_t whylen)
{
	(void)reps, (void)param;
	size_t S = (size_t)floor(sqrt((double)buf->n / 2.0)), G = S * S;
	if (full) {
		/* Every point: replay the steps whole, in two grids of our own. */
		double *g0 = malloc(G * sizeof *g0), *g1 = malloc(G * sizeof *g1);
		if (!g0 || !g1) {
			free(g0);
			free(g1);
			snprintf(why, whylen, "stencil check: cannot allocate two %zux%zu grids", S, S);
			return -1;
		}
		memcpy(g0, buf->b, G * sizeof *g0);
		for (int t = 0; t < STENCIL_STEPS; t++) {
			for (size_t i = 0; i < S; i++)
				for (size_t j = 0; j < S; j++) {
					size_t at = i * S + j;
					if (i == 0 || j == 0 || i + 1 == S || j + 1 == S)
						g1[at] = g0[at];
					else
						g1[at] = 0.5 * g0[at] + 0.125 * ((g0[at - S] + g0[at + S]) +
										 (g0[at - 1] + g0[at + 1]));
				}
			double *swap = g0;
			g0 = g1;
			g1 = swap;
		}
		int rc = 0;
		for (size_t at = 0; at < G && rc == 0; at++)
			if (buf->a[at] != g0[at]) {
				snprintf(why, whylen, "stencil out[%zu][%zu] = %.17g, want %.17g", at / S, at % S,
					 buf->a[at], g0[at]);
				rc = -1;
			}
		free(g0);
		free(g1);
		if (rc)
			return rc;
	} else {
		for (size_t s = 0; s < KERNEL_SPOT_CHECKS; s++) {
			size_t at = kernel_spot_index(s, G), i = at / S, j = at % S;
			double want = point_after(buf->b, S, i, j, STENCIL_STEPS);
			if (buf->a[at] != want) {
				snprintf(why, whylen, "stencil out[%zu][%zu] = %.17g, want %.17g", i, j,
					 buf->a[at], want);
				return -1;
			}
		}
	}
	return kernel_expect(result, buf->a[G - 1 - S - 1], 0.0, "stencil result", why, whylen);
}
