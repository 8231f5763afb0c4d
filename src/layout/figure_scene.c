/*
 * figure_scene.c - see figure_scene.h: the layout's text, measured at the
 * font it chose, and a roof's value as its label writes it.
 */
#include "figure_scene.h"

#include <stdio.h>

void fig_set_font(struct fig *g, double px, int bold)
{
	g->font_size = px * g->s;
	g->font_bold = bold;
}

void fig_text_extents(struct fig *g, const char *text, struct figure_text *te)
{
	g->m->extents(g->m->ctx, text, g->font_size, g->font_bold, te);
}

struct ink fig_measure(struct fig *g, const char *text)
{
	struct figure_text te;
	fig_text_extents(g, text, &te);
	double m = FIGURE_HALO * g->s;
	struct ink k = { te.x_bearing - m, te.y_bearing - m, te.width + 2 * m, te.height + 2 * m };
	return k;
}

void fig_format_value(double v, char *buf, size_t n)
{
	if (v >= 1000)
		snprintf(buf, n, "%.0f", v);
	else if (v >= 1)
		snprintf(buf, n, "%.1f", v);
	else
		snprintf(buf, n, "%.2g", v);
}
