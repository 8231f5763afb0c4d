/*
 * figure_frame.h - the frame of a figure, the thread counts it shows and the
 * roofs it draws (figure_frame.c), for the layout's files.
 */
#ifndef ROOFLINE_FIGURE_FRAME_H
#define ROOFLINE_FIGURE_FRAME_H

#include "figure.h"

/* A roof the figure may draw (finite, positive, not a pattern roof), and one it does draw (roof_drawn). */
int fig_roof_ok(const struct roof *r);
int fig_roof_drawn(const struct analysis *a, const struct roof *r);
int fig_roof_framed(const struct analysis *a, const struct roof *r);
/* The figure's own thread count; the peak and the DRAM roof of a count. */
int fig_base_threads(const struct analysis *a);
double fig_peak_for(const struct analysis *a, int threads);
const struct roof *fig_dram_for(const struct analysis *a, int threads);
/* The same roof, thread counts aside, by key. */
int fig_roof_same(const struct roof *x, const struct roof *y);
int fig_point_ok(const struct point *p);
/*
 * The frame of a and of the user's points (NULL: none): tight (what the
 * roofline figure draws) or of every roof of one thread.
 */
void fig_frame_for(const struct analysis *a, const struct userpoints *user, int width, int height, int tight,
		   struct plot_frame *f);

#endif
