/*
 * plot_write.h - the cairo painters' SVG text (plot_write.c): what
 * plot_write() collects while a figure is painted on SVG, so its text stays
 * text. Only for the painters (plot_cairo.c).
 */
#ifndef ROOFLINE_PLOT_WRITE_H
#define ROOFLINE_PLOT_WRITE_H

#include <cairo.h>
#include <stddef.h>

#include "figure.h"

/*
 * cairo 1.16 (Debian 12) has no way to keep text as text on its SVG
 * surface: every glyph becomes a <symbol> path (cairo_svg_surface_set_document_unit
 * sets units only). A figure in a blog post should have text a reader can
 * select and search, so on SVG show_text() does not draw: it appends a
 * <text> element here, and plot_write() puts them after cairo's drawing,
 * before </svg>. Each element names DejaVu Sans (what the layout measured)
 * and generic fallbacks, and carries textLength, the width cairo measured,
 * so a reader's fallback font takes exactly the room the layout gave it.
 */
struct svg_text {
	char *buf;
	size_t len, cap;
	int failed;              /* out of memory or an over-long string: the figure is not written */
};

/* The <text> collector of a figure plot_write() paints on SVG, NULL on PNG and PDF. */
struct svg_text *plot_svg_text_of(cairo_t *cr);

/* One <text> at cr's current point, in cr's font, size and rotation; halo: a background stroke under it. */
void plot_svg_text_add(cairo_t *cr, struct svg_text *t, const char *text, struct figure_rgb col, int halo, double s);

#endif
