/*
 * svg_scene.h - the roofline figure's scene (figure.h's struct figure, the
 * one roofline.png is painted from) painted as inline SVG for report.html:
 * a third painter beside plot_cairo.c and gnuplot_scene.c, deciding
 * nothing the layout decided. What it adds is for a reader in a browser:
 * every kernel point is an element of its own (class "pt", focusable) that
 * the caller fills with its data; the polylines, point labels and legend
 * rows of a family carry data-fam (its legend text), the ceilings and their
 * labels class "ceil", so a page can hide a family or the ceilings. Every
 * string goes through html_escape (html.h).
 */
#ifndef ROOFLINE_SVG_SCENE_H
#define ROOFLINE_SVG_SCENE_H

#include <stddef.h>

#include "figure.h"
#include "plot_cairo.h"
#include "util.h"

/*
 * What the caller writes into scene point i's element: `attrs` appends
 * attributes (` data-x="..."`, escaped by the caller), `title` appends the
 * escaped text of its <title> (the tooltip a browser shows without script).
 */
struct svg_point_hook {
	void (*attrs)(void *ctx, size_t i, struct buf *b);
	void (*title)(void *ctx, size_t i, struct buf *b);
	void *ctx;
};

struct svg_scene_in {
	const struct figure *fg;
	const struct plot_meta *meta;     /* the titles, as roofline.png writes them */
	const struct figure_measure *m;   /* the measure the layout used: each text's width (textLength) */
	const char *id;                   /* unique within the page: the clip path's id */
	struct svg_point_hook hook;
};

/* One <svg> element (viewBox the figure's pixels, no width: the page sizes it) appended to b. */
void svg_scene_write(struct buf *b, const struct svg_scene_in *in);

#endif
