/*
 * gnuplot_scene.h - roofline.gp from the scene roofline.png is drawn from
 * (figure.h's struct figure): the script draws what the layout decided and
 * decides nothing itself. Used by gnuplot.c; tests read the helpers.
 */
#ifndef ROOFLINE_GNUPLOT_SCENE_H
#define ROOFLINE_GNUPLOT_SCENE_H

#include <stddef.h>

#include "figure.h"
#include "gnuplot_text.h"

/* The figure's words, as roofline.png's titles say them. */
struct gp_scene_text {
	const char *headline;    /* "Roofline of <cpu>", or the user's --title */
	const char *subtitle;    /* compiler, flags, thread count, date */
	int threads;             /* the thread count the scene shows */
};

/*
 * Sets roofline.gp.in's placeholders but RUN_DIR and TITLE from scene fg:
 * rows[i] is the row of points.csv (0 the first data row) of the scene's
 * point i; upath the user's points file as a gnuplot string body (NULL: none).
 */
void gp_scene_substs(const struct figure *fg, const struct gp_scene_text *t, const size_t *rows,
		     const char *upath, struct gp_substs *s);

/* Pixel (x, y) of frame f to data (intensity, GFLOP/s). */
void gp_scene_to_data(const struct plot_frame *f, double x, double y, double *ai, double *gf);

/* "#rrggbb" for c. */
void gp_scene_hex(struct figure_rgb c, char *out, size_t size);

/* gnuplot's point type for a shape, filled or open. */
int gp_scene_point_type(enum figure_shape sh, int open);

#endif
