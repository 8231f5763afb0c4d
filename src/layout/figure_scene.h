/*
 * figure_scene.h - the roofline layout's working state (struct fig), which
 * the files of the layout share, and its text: the font, the ink a text
 * takes (figure_scene.c). The files below figure.c see their own headers
 * (figure_frame.h, figure_points.h, figure_scaling.h); figure.c calls them,
 * never the other way.
 */
#ifndef ROOFLINE_FIGURE_SCENE_H
#define ROOFLINE_FIGURE_SCENE_H

#include <stddef.h>

#include "figure.h"
#include "labels.h"

/* The layout's state: the frame, the two label scenes and the text measure. */
struct fig {
	const struct analysis *a;
	struct plot_frame f;
	double s;
	struct labels scene;
	struct labels roofs;     /* what a roof label may never cover: the roofs and their labels */
	struct labels solid;     /* the scene but the kernels' polylines: what a roof label had rather not cover */
	const struct figure_measure *m;
	const struct analysis *base;   /* the roofs `a` scales from (figure_layout_vs), or NULL */
	int legend_cols_outside;   /* > 0: the legend goes right of the plot, in so many columns */
	double font_size;        /* set_font's choice, for fig_measure() */
	int font_bold;
};

/* Between the plot and a legend beside it (at scale 1). */
#define LEGEND_GAP 24.0

/* The ink box of text drawn at baseline origin (0,0), grown by the halo. */
struct ink {
	double x0, y0, w, h;     /* relative to the baseline origin */
};

void fig_set_font(struct fig *g, double px, int bold);
void fig_text_extents(struct fig *g, const char *text, struct figure_text *te);
/* The ink box of text at the current font, grown by the halo. */
struct ink fig_measure(struct fig *g, const char *text);
/* A roof's value as its label writes it: 1083, 42.5, 0.85. */
void fig_format_value(double v, char *buf, size_t n);

/* A roof's label along its line, or l->listed (figure.c; roof_labels.h lends it to the compare figure). */
void fig_place_line_label(struct fig *g, struct figure_line *l);

#endif
