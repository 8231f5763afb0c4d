/*
 * figure_int.h - what the scene's files share (figure.c: the layout of
 * lines, labels and legend; figure_frame.c: the frame, the thread counts a
 * figure shows and the roofs it draws; figure_points.c: the kernels'
 * families, colours and markers, and the user's points). Not for other
 * modules: they see figure.h.
 */
#ifndef ROOFLINE_FIGURE_INT_H
#define ROOFLINE_FIGURE_INT_H

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

/* The palette's size (figure_palette takes any slot, modulo it). */
#define NPALETTE 7

void fig_set_font(struct fig *g, double px, int bold);
void fig_text_extents(struct fig *g, const char *text, struct figure_text *te);
/* The ink box of text at the current font, grown by the halo. */
struct ink fig_measure(struct fig *g, const char *text);
/* A roof's value as its label writes it: 1083, 42.5, 0.85. */
void fig_format_value(double v, char *buf, size_t n);

/* The all-core figure's scaling table, as legend rows (figure_scaling.c). */
void fig_scaling_rows(struct fig *g, const struct figure_line *lines, size_t nlines, struct figure_legend *lg);

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
/* Point i's label text: a polyline's name and range, a single point's name. */
void fig_point_text(const struct analysis *a, const struct figure_kernels *k, size_t i, char *buf, size_t n);
/* The user's points: their colours, markers as occupied space, arrows; then their labels. */
void fig_user_layout(struct fig *g, const struct userpoints *up, struct figure_users *u);
void fig_user_labels(struct fig *g, struct figure_users *u);
/* A roof's label along its line, or l->listed (figure.c; roof_labels.h lends it to the compare figure). */
void fig_place_line_label(struct fig *g, struct figure_line *l);

#endif
