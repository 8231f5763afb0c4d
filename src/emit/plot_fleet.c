/*
 * plot_fleet.c - see plot_fleet.h.
 *
 * Paints the fleet figure that layout/fleet_figure.c lays out: the fleet's
 * roofs of one thread count are handed to it as plain numbers and names
 * (layout does not include fleet/), and paint() draws the bands, lines and
 * labels it placed. The grid, the axes and the file in each format are the
 * roofline figure's (plot_cairo.h).
 */
#include "plot_fleet.h"

#include <cairo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fleet_figure.h"
#include "plot_cairo.h"
#include "util.h"

#define FONT "DejaVu Sans"

typedef struct figure_rgb rgb;

/* 0xRRGGBB as cairo's 0..1 channels. */
#define RGB24(v) { (double)((v) >> 16 & 0xff) / 255, (double)((v) >> 8 & 0xff) / 255, (double)((v) & 0xff) / 255 }
static const rgb C_BG = RGB24(0xffffff), C_TEXT = RGB24(0x1a1a1a), C_MUTED = RGB24(0x5c5c5c);

/*
 * The layout's input from the fleet: every roof as numbers and names, and
 * each (roof, node) outside the fleet's spread, by roof then by node.
 * Allocates in->roofs and in->outside (free both).
 */
static void layout_input(const struct plot_fleet_view *v, struct fleet_figure_input *in)
{
	const struct fleet *f = v->f;
	const struct fleet_difference *cpu = &f->diff[FLEET_CPU], *cc = &f->diff[FLEET_COMPILER];
	memset(in, 0, sizeof *in);
	in->threads = v->threads;
	in->nloaded = f->nloaded;
	in->cpu = cpu->usual;
	in->cpu_others = cpu->ndiffer > 0;
	in->compiler = cc->usual;
	struct fleet_figure_roof *roofs = xcalloc(f->nroofs + 1, sizeof *roofs);
	size_t nout = 0;
	for (size_t r = 0; r < f->nroofs; r++)
		for (size_t i = 0; i < f->nmembers && f->roofs[r].judged; i++)
			nout += f->roofs[r].moved[i] != FLEET_WITHIN;
	struct fleet_figure_outside *outside = xcalloc(nout + 1, sizeof *outside);
	in->noutside = 0;
	for (size_t r = 0; r < f->nroofs; r++) {
		const struct fleet_roof *b = &f->roofs[r];
		roofs[r] = (struct fleet_figure_roof){ b->name, b->unit, b->kind, b->threads, b->judged,
						       b->median, b->lo, b->hi };
		for (size_t i = 0; i < f->nmembers && b->judged; i++)
			if (b->moved[i] != FLEET_WITHIN)
				outside[in->noutside++] = (struct fleet_figure_outside){ r, v->fd->nodes[i].name,
											 b->value[i], b->ratio[i] };
	}
	in->roofs = roofs;
	in->nroofs = f->nroofs;
	in->outside = outside;
}

static void set_rgba(cairo_t *cr, rgb c, double a)
{
	cairo_set_source_rgba(cr, c.r, c.g, c.b, a);
}

static void set_font(cairo_t *cr, double px, int bold)
{
	cairo_select_font_face(cr, FONT, CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, px);
}

/*
 * Text at (x, y) rotated by angle, ending at x with flush_right; shrunk to
 * maxw pixels wide when maxw > 0 (the title and subtitle); of px pixels,
 * bold or not, in col.
 */
struct fleet_text {
	const char *text;
	double x, y, angle;
	int flush_right;
	double maxw, px;
	int bold;
	rgb col;
};

/* t on a white halo (s: the figure's scale) so that lines under it do not cut it. */
static void label(cairo_t *cr, const struct fleet_text *t, double s)
{
	const char *text = t->text;
	double x = t->x, y = t->y, px = t->px, maxw = t->maxw;
	cairo_save(cr);
	set_font(cr, px, t->bold);
	cairo_text_extents_t te;
	cairo_text_extents(cr, text, &te);
	if (maxw > 0 && te.x_advance > maxw) {
		cairo_set_font_size(cr, px * maxw / te.x_advance);
		cairo_text_extents(cr, text, &te);
	}
	if (t->flush_right)
		x -= te.x_advance;
	cairo_translate(cr, x, y);
	cairo_rotate(cr, t->angle);
	cairo_move_to(cr, 0, 0);
	cairo_text_path(cr, text);
	set_rgba(cr, C_BG, 0.9);
	cairo_set_line_width(cr, 5 * s);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
	cairo_stroke(cr);
	cairo_move_to(cr, 0, 0);
	set_rgba(cr, t->col, 1);
	cairo_show_text(cr, text);
	cairo_restore(cr);
}

static void paint(cairo_t *cr, void *ctx)
{
	const struct fleet_figure *l = ctx;
	const struct plot_frame *f = &l->f;
	double s = f->scale;
	cairo_font_options_t *fo = cairo_font_options_create();
	cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
	cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
	cairo_set_font_options(cr, fo);
	cairo_font_options_destroy(fo);
	set_rgba(cr, C_BG, 1);
	cairo_paint(cr);
	label(cr, &(struct fleet_text){ l->title, 22 * s, 52 * s, 0, 0, f->width - 44 * s, 34 * s, 1, C_TEXT }, s);
	label(cr, &(struct fleet_text){ l->subtitle, 22 * s, 90 * s, 0, 0, f->width - 44 * s, 22 * s, 0, C_MUTED }, s);

	cairo_save(cr);
	cairo_rectangle(cr, f->left, f->top, f->right - f->left, f->bottom - f->top);
	cairo_clip(cr);
	plot_draw_grid(cr, f);
	for (size_t i = 0; i < l->n; i++) {
		const struct fleet_figure_line *ln = &l->lines[i];
		if (ln->outside)
			continue;
		cairo_move_to(cr, ln->band[0], ln->band[1]);
		for (int k = 1; k < 4; k++)
			cairo_line_to(cr, ln->band[2 * k], ln->band[2 * k + 1]);
		cairo_close_path(cr);
		set_rgba(cr, ln->col, 0.2);
		cairo_fill(cr);
	}
	for (size_t i = 0; i < l->n; i++) {
		const struct fleet_figure_line *ln = &l->lines[i];
		double dash[2] = { 14 * s, 8 * s };
		cairo_set_dash(cr, dash, ln->outside ? 2 : 0, 0);
		cairo_set_line_width(cr, (ln->outside ? 3 : 3.5) * s);
		cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
		set_rgba(cr, ln->col, 1);
		cairo_move_to(cr, ln->x0, ln->y0);
		cairo_line_to(cr, ln->x1, ln->y1);
		cairo_stroke(cr);
	}
	cairo_set_dash(cr, NULL, 0, 0);
	for (size_t i = 0; i < l->n; i++) {
		const struct fleet_figure_line *ln = &l->lines[i];
		label(cr, &(struct fleet_text){ ln->text, ln->lx, ln->ly, ln->angle, ln->flush_right, 0, FLEET_FIGURE_LABEL_PX * s,
						ln->outside, ln->col }, s);
	}
	cairo_restore(cr);
	plot_draw_axes(cr, f);
}

int plot_fleet_draw(const struct plot_fleet_view *v, const struct plot_file *out, char *err, size_t errlen)
{
	return plot_fleet_draw_stats(v, out, NULL, err, errlen);
}

static void count_stats(const struct fleet_figure *l, struct plot_fleet_stats *st)
{
	memset(st, 0, sizeof *st);
	for (size_t i = 0; i < l->n; i++) {
		if (l->lines[i].outside)
			st->outside++;
		else
			st->lines++;
		st->labels_out += !fleet_figure_label_inside(&l->lines[i], &l->f);
		for (size_t j = i + 1; j < l->n; j++)
			st->overlaps += fleet_figure_labels_overlap(&l->lines[i], &l->lines[j], l->f.scale);
	}
}

int plot_fleet_draw_stats(const struct plot_fleet_view *v, const struct plot_file *out, struct plot_fleet_stats *st,
			  char *err, size_t errlen)
{
	if (plot_check_format(out->format, err, errlen) != 0)
		return -1;
	struct fleet_figure *l = xmalloc(sizeof *l);
	struct fleet_figure_input in;
	layout_input(v, &in);
	/* Text measured as it will be drawn: cairo on a scratch surface, hinting off (plot_cairo.h). */
	cairo_surface_t *surf = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 4, 4);
	cairo_t *cr = cairo_create(surf);
	struct figure_measure m;
	plot_measure_cairo(cr, &m);
	fleet_figure_layout(&in, out->width, out->height, &m, l);
	free((void *)in.roofs);
	free((void *)in.outside);
	cairo_destroy(cr);
	cairo_surface_destroy(surf);
	int rc = plot_write(out, l->title, paint, l, err, errlen);
	if (rc == 0 && st)
		count_stats(l, st);
	free(l);
	return rc;
}
