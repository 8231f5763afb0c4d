/*
 * figure_paint.c - what every painter of the scene shares (figure.h): the
 * markers' outlines, the order things are painted in, where a legend row's
 * sample and text go. plot_cairo.c and svg_scene.c paint from these, so
 * roofline.png and report.html's figure agree to the vertex.
 */
#include "figure.h"

#include <math.h>

size_t figure_marker_outline(enum figure_shape sh, double x, double y, double r, double xy[][2])
{
	size_t n = 0;
#define AT(px, py) (xy[n][0] = (px), xy[n][1] = (py), n++)
	switch (sh) {
	case SH_CIRCLE:
		return 0;
	case SH_SQUARE:
		r *= 0.88;
		AT(x - r, y - r), AT(x + r, y - r), AT(x + r, y + r), AT(x - r, y + r);
		break;
	case SH_TRIANGLE:
	case SH_TRIANGLE_DOWN: {
		double d = sh == SH_TRIANGLE ? -1 : 1;
		r *= 1.25;
		AT(x, y + d * r), AT(x + r * 0.866, y - d * r * 0.5), AT(x - r * 0.866, y - d * r * 0.5);
		break;
	}
	case SH_DIAMOND:
		r *= 1.25;
		AT(x, y - r), AT(x + r, y), AT(x, y + r), AT(x - r, y);
		break;
	case SH_HEXAGON:
		r *= 1.05;
		for (int i = 0; i < 6; i++)
			AT(x + r * cos(M_PI / 6 + i * M_PI / 3), y + r * sin(M_PI / 6 + i * M_PI / 3));
		break;
	case SH_STAR:
	default:
		r *= 1.35;
		for (int i = 0; i < 10; i++) {
			double t = -M_PI / 2 + i * M_PI / 5, q = i % 2 ? r * 0.45 : r;
			AT(x + q * cos(t), y + q * sin(t));
		}
		break;
	}
#undef AT
	return n;
}

size_t figure_polyline_order(const struct figure_kernels *k, size_t *order)
{
	size_t n = 0;
	for (size_t jj = 0; jj < 2 * k->ngrp; jj++) {
		size_t j = jj % k->ngrp;
		const struct figure_group *gr = &k->grp[j];
		if (figure_joined(gr) && (gr->style == LV_BASE) == (jj >= k->ngrp))
			order[n++] = j;
	}
	return n;
}

size_t figure_point_order(const struct figure *fg, size_t *order)
{
	const struct figure_kernels *k = &fg->k;
	size_t n = 0;
	for (int pass = 0; pass < 4; pass++)
		for (size_t i = 0; i < fg->npoints; i++) {
			if (k->grp_of[i] < 0)
				continue;
			const struct figure_group *gr = &k->grp[k->grp_of[i]];
			if ((gr->style == LV_BASE) == (pass >= 2) && (!figure_joined(gr)) == (pass % 2))
				order[n++] = i;
		}
	return n;
}

struct figure_legend_spot figure_legend_spot(const struct figure_legend *lg, size_t i, double s)
{
	size_t per_col = lg->per_col ? lg->per_col : lg->n, col = i / per_col, row = i % per_col;
	struct figure_legend_spot at;
	at.cy = lg->box.y0 + lg->pad + (row + 0.5) * lg->row_h - 2 * s;
	at.sx0 = lg->box.x0 + lg->pad + col * (lg->col_w + 24 * s);
	at.sx1 = at.sx0 + lg->sample_w;
	at.mx = 0.5 * (at.sx0 + at.sx1);
	return at;
}
