/*
 * gnuplot_axes.h - ranges, tics and right-margin labels for the gnuplot
 * scripts of gnuplot.c (bandwidth.gp, chains.gp, kernels.gp).
 */
#ifndef ROOFLINE_GNUPLOT_AXES_H
#define ROOFLINE_GNUPLOT_AXES_H

#include <stddef.h>

#include "util.h"

/* The power of two at or below (above) v. */
double gp_pow2_floor(double v);
double gp_pow2_ceil(double v);

/* 1, 2 or 5 times a power of ten, at or above v. */
double gp_nice_ceil(double v);

/*
 * A tics list "('1/8' 0.125, '1/4' 0.25, ...)" for the powers of two from lo
 * to hi, every `step`-th: as ratios (1/8), bytes (4 KiB) or whole numbers.
 * At most 128 tics. Fresh.
 */
char *gp_pow2_tics(double lo, double hi, int as_ratio, int as_bytes, int step);

/*
 * Labels in the right margin beside horizontal lines: positions in character
 * cells above the line (offset), spread so that no two are closer than one
 * line of text. Clusters of close values are centred on their mean.
 */
struct gp_margin_label {
	double value;          /* data y */
	double pos;            /* in character cells from the bottom of the plot */
	double offset;         /* what to add to pos to keep labels apart */
	char text[96];         /* gnuplot expression for the label text */
	char var[32];          /* gnuplot variable holding the value */
};

/*
 * Appends `set label` lines for l[0..n) in the right margin of a plot
 * height_px tall over [ymin, ymax], each beside its value, spread a line of
 * text apart (l is sorted and its offsets set).
 */
void gp_margin_labels(struct buf *b, struct gp_margin_label *l, size_t n, double ymin, double ymax,
		      double height_px);

#endif
