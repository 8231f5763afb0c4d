/*
 * plot_axes.c - see plot_axes.h: what every cairo figure paints with (the
 * colour, the font, text with its halo) and the roofline figure's grid,
 * axes and titles, which the compare and fleet figures draw on the same
 * axes (plot_draw_grid, plot_draw_axes).
 */
#include "plot_axes.h"
#include "plot_cairo.h"
#include "plot_write.h"

#include <cairo.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

void pc_set_rgb(cairo_t *cr, struct figure_rgb c)
{
	cairo_set_source_rgb(cr, c.r, c.g, c.b);
}


void pc_set_font(struct fig *g, double px, int bold)
{
	cairo_select_font_face(g->cr, FONT, CAIRO_FONT_SLANT_NORMAL,
			       bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(g->cr, px * g->s);
}

/* Text with a halo of the background around it, so it stays legible over the grid. */
void pc_show_text(struct fig *g, const char *text, struct figure_rgb col, int halo)
{
	cairo_t *cr = g->cr;
	double x = 0, y = 0;
	struct svg_text *svg = plot_svg_text_of(cr);
	if (svg) {
		plot_svg_text_add(cr, svg, text, col, halo, g->s);
		cairo_new_path(cr);
		return;
	}
	if (cairo_has_current_point(cr))
		cairo_get_current_point(cr, &x, &y);
	cairo_new_path(cr);          /* drop any stray path, keep where the text goes */
	cairo_move_to(cr, x, y);
	cairo_text_path(cr, text);
	if (halo) {
		cairo_set_line_width(cr, 2 * FIGURE_HALO * g->s);
		cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
		cairo_set_source_rgba(cr, C_BG.r, C_BG.g, C_BG.b, 0.9);
		cairo_stroke_preserve(cr);
	}
	pc_set_rgb(cr, col);
	if (cairo_surface_get_type(cairo_get_target(cr)) == CAIRO_SURFACE_TYPE_PDF) {
		/* In a PDF, glyphs of an embedded font: text a reader can select and search. */
		cairo_new_path(cr);
		cairo_move_to(cr, x, y);
		cairo_show_text(cr, text);
		cairo_new_path(cr);
		return;
	}
	cairo_fill(cr);
}

void pc_draw_grid(struct fig *g)
{
	cairo_t *cr = g->cr;
	const struct plot_frame *f = &g->f;
	double s = g->s;
	for (int major = 0; major < 2; major++) {
		cairo_new_path(cr);
		for (int axis = 0; axis < 2; axis++) {
			double lo = axis ? f->ymin : f->xmin, hi = axis ? f->ymax : f->xmax;
			for (int k = (int)floor(log10(lo)) - 1; k <= (int)ceil(log10(hi)); k++)
				for (int m = 1; m <= 9; m++) {
					double v = m * pow(10, k), x, y;
					if ((m == 1) != major || v < lo * (1 + 1e-9) || v > hi * (1 - 1e-9))
						continue;
					plot_to_pixel(f, axis ? f->xmin : v, axis ? v : f->ymin, &x, &y);
					if (axis) {
						cairo_move_to(cr, f->left, round(y) + 0.5);
						cairo_line_to(cr, f->right, round(y) + 0.5);
					} else {
						cairo_move_to(cr, round(x) + 0.5, f->top);
						cairo_line_to(cr, round(x) + 0.5, f->bottom);
					}
				}
		}
		pc_set_rgb(cr, major ? C_GRID : C_GRID_MINOR);
		cairo_set_line_width(cr, (major ? 1.3 : 1.0) * fmax(s, 0.75));
		cairo_stroke(cr);
	}
}

/* The decade labels of both axes; every other one (or fewer) when they would crowd. */
static void decade_labels(struct fig *g)
{
	cairo_t *cr = g->cr;
	const struct plot_frame *f = &g->f;
	double s = g->s;
	char buf[32];
	pc_set_font(g, FIGURE_PX_TICK, 0);
	for (int axis = 0; axis < 2; axis++) {
		double lo = axis ? f->ymin : f->xmin, hi = axis ? f->ymax : f->xmax;
		int k0 = (int)ceil(log10(lo) - 1e-9), k1 = (int)floor(log10(hi) + 1e-9);
		double per_decade = (axis ? f->bottom - f->top : f->right - f->left) / log10(hi / lo);
		double need = 0;
		for (int k = k0; k <= k1; k++) {
			cairo_text_extents_t te;
			figure_decade_text(k, buf, sizeof buf);
			cairo_text_extents(cr, buf, &te);
			need = fmax(need, axis ? te.height * 1.8 : te.x_advance + 18 * s);
		}
		/* Compared as doubles first: an infinite quotient must not reach the int. */
		double apart = need / per_decade;
		int span = k1 - k0 + 1;
		int every = !(apart > 1) ? 1 : apart < span ? (int)ceil(apart) : span;
		for (int k = k0; k <= k1; k++) {
			if ((k - k0) % every)
				continue;
			double x, y;
			cairo_text_extents_t te;
			figure_decade_text(k, buf, sizeof buf);
			cairo_text_extents(cr, buf, &te);
			plot_to_pixel(f, axis ? f->xmin : pow(10, k), axis ? pow(10, k) : f->ymin, &x, &y);
			if (axis)
				cairo_move_to(cr, f->left - 16 * s - te.x_advance, y - te.y_bearing - te.height / 2);
			else
				cairo_move_to(cr, x - te.x_bearing - te.width / 2, f->bottom + 16 * s - te.y_bearing);
			pc_show_text(g, buf, C_TEXT, 0);
		}
	}
}

void pc_draw_axes(struct fig *g)
{
	cairo_t *cr = g->cr;
	const struct plot_frame *f = &g->f;
	double s = g->s;

	cairo_new_path(cr);
	cairo_rectangle(cr, f->left, f->top, f->right - f->left, f->bottom - f->top);
	pc_set_rgb(cr, C_AXIS);
	cairo_set_line_width(cr, 1.5 * s);
	cairo_stroke(cr);

	/* Ticks: outwards, decades long, 2..9 short. */
	cairo_new_path(cr);
	for (int axis = 0; axis < 2; axis++) {
		double lo = axis ? f->ymin : f->xmin, hi = axis ? f->ymax : f->xmax;
		for (int k = (int)floor(log10(lo)) - 1; k <= (int)ceil(log10(hi)); k++)
			for (int m = 1; m <= 9; m++) {
				double v = m * pow(10, k), x, y, len = (m == 1 ? 10 : 5.5) * s;
				if (v < lo * (1 - 1e-9) || v > hi * (1 + 1e-9))
					continue;
				plot_to_pixel(f, axis ? f->xmin : v, axis ? v : f->ymin, &x, &y);
				if (axis) {
					cairo_move_to(cr, f->left, y);
					cairo_line_to(cr, f->left - len, y);
				} else {
					cairo_move_to(cr, x, f->bottom);
					cairo_line_to(cr, x, f->bottom + len);
				}
			}
	}
	cairo_set_line_width(cr, 1.4 * s);
	cairo_stroke(cr);

	decade_labels(g);

	/* Axis titles. */
	pc_set_font(g, FIGURE_PX_AXIS_TITLE, 0);
	const char *xt = "Arithmetic intensity (flop/byte)", *yt = "Performance (GFLOP/s)";
	cairo_text_extents_t te;
	cairo_text_extents(cr, xt, &te);
	cairo_move_to(cr, 0.5 * (f->left + f->right) - te.x_advance / 2, f->height - 24 * s);
	pc_show_text(g, xt, C_TEXT, 0);
	cairo_text_extents(cr, yt, &te);
	cairo_save(cr);
	cairo_translate(cr, 22 * s - te.y_bearing, 0.5 * (f->top + f->bottom) + te.x_advance / 2);
	cairo_rotate(cr, -M_PI / 2);
	cairo_move_to(cr, 0, 0);
	pc_show_text(g, yt, C_TEXT, 0);
	cairo_restore(cr);
}

/* A title's line: text of px (bold or not) at (x, y), shrunk until it fits in `maxw`, in col. */
struct fitted_line {
	const char *text;
	double px;
	int bold;
	double x, y, maxw;
	struct figure_rgb col;
};

static void fitted_text(struct fig *g, const struct fitted_line *t)
{
	const char *text = t->text;
	double px = t->px, maxw = t->maxw;
	int bold = t->bold;
	cairo_text_extents_t te;
	pc_set_font(g, px, bold);
	cairo_text_extents(g->cr, text, &te);
	/* Not under the figure's least text size: a long title or subtitle past that runs off the edge. */
	if (te.x_advance > maxw && te.x_advance > 0)
		cairo_set_font_size(g->cr, fmax(px * maxw / te.x_advance, FIGURE_PX_MIN_TEXT) * g->s);
	cairo_move_to(g->cr, t->x, t->y);
	pc_show_text(g, text, t->col, 0);
}

void plot_title_text(const struct plot_meta *m, char *title, size_t tsize, char *sub, size_t ssize)
{
	int own = m && m->title && *m->title;
	if (own)
		snprintf(title, tsize, "%s", m->title);
	else if (m && m->cpu_model && *m->cpu_model)
		snprintf(title, tsize, "Roofline of %s", m->cpu_model);
	else
		snprintf(title, tsize, "Roofline");

	/* "gcc 12.2.0, -O3 -march=native  ·  1 thread  ·  2024-05-01T12:00:00Z" (the CPU first under a title of the user's) */
	size_t n = 0;
	sub[0] = 0;
#define PART(...) do { if (n < ssize) n += (size_t)snprintf(sub + n, ssize - n, __VA_ARGS__); } while (0)
	if (own && m->cpu_model && *m->cpu_model)
		PART("%s  \u00b7  ", m->cpu_model);
	if (m && m->compiler && *m->compiler)
		PART("%s%s%s", m->compiler, m->compiler_version && *m->compiler_version ? " " : "",
		     m->compiler_version ? m->compiler_version : "");
	if (m && m->kernel_cflags && *m->kernel_cflags)
		PART("%s%s", n ? ", kernels " : "kernels ", m->kernel_cflags);
	if (m && m->threads > 0)
		PART("%s%d thread%s", n ? "  \u00b7  " : "", m->threads, m->threads == 1 ? "" : "s");
	if (m && m->date_utc && *m->date_utc)
		PART("%s%s", n ? "  \u00b7  " : "", m->date_utc);
	if (m && m->interrupted)
		PART("%sinterrupted: only the jobs it reached", n ? "  \u00b7  " : "");
#undef PART
}

void pc_draw_titles(struct fig *g, const struct plot_meta *m)
{
	double s = g->s, x = 22 * s, maxw = g->f.width - 44 * s;
	char title[512], sub[512];
	plot_title_text(m, title, sizeof title, sub, sizeof sub);
	fitted_text(g, &(struct fitted_line){ title, FIGURE_PX_TITLE, 1, x, 52 * s, maxw, C_TEXT });
	if (sub[0])
		fitted_text(g, &(struct fitted_line){ sub, FIGURE_PX_SUBTITLE, 0, x, 90 * s, maxw, C_MUTED });
}

/* ---- pieces other figures share --------------------------------------------------- */

void plot_draw_grid(cairo_t *cr, const struct plot_frame *f)
{
	struct fig g = { .cr = cr, .f = *f, .s = f->scale };
	pc_draw_grid(&g);
}

void plot_draw_axes(cairo_t *cr, const struct plot_frame *f)
{
	struct fig g = { .cr = cr, .f = *f, .s = f->scale };
	pc_draw_axes(&g);
}
