/*
 * plot_compare_paint.c - the compare figure's painter: it renders the layout
 * layout/compare_figure.c decided (lines, markers, arrows, labels, legend)
 * and decides nothing itself; plot_compare_layout() hands that layout a
 * cairo text measure.
 */
#include "plot_compare.h"

#include <cairo.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare_figure_style.h"
#include "compare_machines_text.h"
#include "util.h"

static void cmpfig_set_font(cairo_t *cr, double px, int bold)
{
	cairo_select_font_face(cr, FONT, CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, px);
}

/* Hinting off: the same text extents on image, SVG and PDF surfaces. */
static void cmpfig_no_hinting(cairo_t *cr)
{
	cairo_font_options_t *fo = cairo_font_options_create();
	cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
	cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
	cairo_set_font_options(cr, fo);
	cairo_font_options_destroy(fo);
}

/* The ink box of text at baseline origin (0, 0), grown by the halo: x0, y0, w, h. */
static void cmpfig_ink(cairo_t *cr, const char *text, double halo, double box[4])
{
	cairo_text_extents_t te;
	cairo_text_extents(cr, text, &te);
	box[0] = te.x_bearing - halo;
	box[1] = te.y_bearing - halo;
	box[2] = te.width + 2 * halo;
	box[3] = te.height + 2 * halo;
}

void plot_compare_layout(const struct compare *c, struct plot_compare_run A, struct plot_compare_run B,
			 struct plot_compare_view v, struct plot_compare_layout *out)
{
	/* The layout measures its text on a scratch surface, as the painter draws it. */
	cairo_surface_t *surf = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 4, 4);
	cairo_t *cr = cairo_create(surf);
	cmpfig_no_hinting(cr);
	struct figure_measure meas;
	plot_measure_cairo(cr, &meas);
	/* The machines' differences as compare.md words them, for the subtitle. */
	char what[400];
	if (!v.machines)
		v.machines = compare_machines_what(&c->machines, what, sizeof what);
	compare_figure_layout(c, A, B, v, &meas, out);
	cairo_destroy(cr);
	cairo_surface_destroy(surf);
}

/* ---- painting --------------------------------------------------------------------- */

static void set_rgba(cairo_t *cr, struct figure_rgb c, double alpha)
{
	cairo_set_source_rgba(cr, c.r, c.g, c.b, alpha);
}

/* Text whose ink box (with halo) is exactly b, over a halo of the background. */
static void text_in_box(cairo_t *cr, const char *text, struct labels_box b, struct figure_rgb col, double s)
{
	double box[4];
	cmpfig_ink(cr, text, HALO * s, box);
	cairo_new_path(cr);
	cairo_move_to(cr, b.x0 - box[0], b.y0 - box[1]);
	cairo_text_path(cr, text);
	cairo_set_line_width(cr, 2 * HALO * s);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
	set_rgba(cr, C_BG, 0.9);
	cairo_stroke_preserve(cr);
	set_rgba(cr, col, 1);
	cairo_fill(cr);
}

/* A title's line: text of size px (bold or not) at (x, y), shrunk until it fits in maxw, in col. */
struct fitted_line {
	const char *text;
	double size;
	int bold;
	double x, y, maxw;
	struct figure_rgb col;
};

static void fitted_text(cairo_t *cr, const struct fitted_line *t)
{
	const char *text = t->text;
	double size = t->size, maxw = t->maxw;
	int bold = t->bold;
	cairo_text_extents_t te;
	cmpfig_set_font(cr, size, bold);
	cairo_text_extents(cr, text, &te);
	if (te.x_advance > maxw && te.x_advance > 0)
		cairo_set_font_size(cr, size * maxw / te.x_advance);
	cairo_move_to(cr, t->x, t->y);
	set_rgba(cr, t->col, 1);
	cairo_show_text(cr, text);
}

/* A marker's circle: centre and radius, in pixels. */
struct circle {
	double x, y, r;
};

static void marker(cairo_t *cr, struct circle c, struct figure_rgb col, int open, double s)
{
	cairo_new_path(cr);
	cairo_arc(cr, c.x, c.y, c.r, 0, 2 * M_PI);
	set_rgba(cr, open ? C_BG : col, 1);
	cairo_fill_preserve(cr);
	set_rgba(cr, open ? col : C_BG, 1);
	cairo_set_line_width(cr, (open ? 2.6 : 1.6) * s);
	cairo_stroke(cr);
}

/* From A's point to B's, pixels. */
struct span {
	double x0, y0, x1, y1;
};

/* A -> B: a line in col ending in a filled head just short of B's marker. */
static void arrow(cairo_t *cr, struct span a, struct figure_rgb col, double s)
{
	double x0 = a.x0, y0 = a.y0, x1 = a.x1, y1 = a.y1;
	double dx = x1 - x0, dy = y1 - y0, len = hypot(dx, dy);
	if (len < 1)
		return;
	double ux = dx / len, uy = dy / len, stop = MARKER_R * s + 2 * s, head = 16 * s;
	double start = MARKER_R * 0.8 * s;
	if (len <= stop + start + head / 2)
		return;   /* the markers touch: the label's ratio says it */
	double tx = x1 - ux * stop, ty = y1 - uy * stop;
	cairo_new_path(cr);
	cairo_move_to(cr, x0 + ux * start, y0 + uy * start);
	cairo_line_to(cr, tx - ux * head * 0.8, ty - uy * head * 0.8);
	set_rgba(cr, col, 1);
	cairo_set_line_width(cr, 3.0 * s);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
	cairo_stroke(cr);
	cairo_new_path(cr);
	cairo_move_to(cr, tx, ty);
	cairo_line_to(cr, tx - ux * head - uy * head * 0.4, ty - uy * head + ux * head * 0.4);
	cairo_line_to(cr, tx - ux * head + uy * head * 0.4, ty - uy * head - ux * head * 0.4);
	cairo_close_path(cr);
	cairo_fill(cr);
}

/* A point that did not move: small (radius r), its colour faded, no outline. */
static void quiet(cairo_t *cr, struct circle c, struct figure_rgb col, int open, double s)
{
	cairo_new_path(cr);
	cairo_arc(cr, c.x, c.y, c.r, 0, 2 * M_PI);
	set_rgba(cr, col, 0.45);
	if (open) {
		cairo_set_line_width(cr, 1.6 * s);
		cairo_stroke(cr);
	} else {
		cairo_fill(cr);
	}
}

/* The roof lines, A's faint under B's; ceilings dashed. */
static void paint_lines(cairo_t *cr, const struct plot_compare_layout *l)
{
	const struct plot_frame *f = &l->f;
	double s = f->scale;
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < l->nlines; i++) {
			const struct plot_compare_line *ln = &l->lines[i];
			if (ln->run_b != pass)
				continue;
			double x0, y0, x1, y1;
			plot_to_pixel(f, ln->x0, ln->y0, &x0, &y0);
			plot_to_pixel(f, ln->x1, ln->y1, &x1, &y1);
			cairo_new_path(cr);
			cairo_move_to(cr, x0, y0);
			cairo_line_to(cr, x1, y1);
			int main_roof = ln->roof->kind != ROOF_CEILING;
			if (!main_roof) {
				double dash[2] = { 10 * s, 6 * s };
				cairo_set_dash(cr, dash, 2, 0);
			}
			set_rgba(cr, C_ROOF, ln->run_b ? 0.9 : FAINT);
			cairo_set_line_width(cr, (main_roof ? 3.2 : 2.0) * s);
			cairo_stroke(cr);
			cairo_set_dash(cr, NULL, 0, 0);
		}
}

/* The quiet points under the moves; then the leaders of labels that moved, and the arrows from A to B. */
static void paint_marks(cairo_t *cr, const struct plot_compare_layout *l)
{
	const struct plot_frame *f = &l->f;
	double s = f->scale;
	for (size_t i = 0; i < l->nmarks; i++) {
		const struct plot_compare_mark *mk = &l->marks[i];
		double xb, yb;
		plot_to_pixel(f, mk->ai_b, mk->gf_b, &xb, &yb);
		if (!mk->arrow)
			quiet(cr, (struct circle){ xb, yb, mk->radius }, mk->col, !mk->run_b, s);
	}
	for (size_t i = 0; i < l->nmarks; i++) {
		const struct labels_item *it = &l->marks[i].item;
		if (!l->marks[i].arrow || !it->placed || !it->moved)
			continue;
		double x0, y0, x1, y1;
		labels_leader(it, &x0, &y0, &x1, &y1);
		cairo_new_path(cr);
		cairo_move_to(cr, x0, y0);
		cairo_line_to(cr, x1, y1);
		set_rgba(cr, C_MUTED, 0.8);
		cairo_set_line_width(cr, 1.2 * s);
		cairo_stroke(cr);
	}
	for (size_t i = 0; i < l->nmarks; i++) {
		const struct plot_compare_mark *mk = &l->marks[i];
		if (!mk->arrow)
			continue;
		double xa, ya, xb, yb;
		plot_to_pixel(f, mk->ai_b, mk->gf_b, &xb, &yb);
		plot_to_pixel(f, mk->ai_a, mk->gf_a, &xa, &ya);
		marker(cr, (struct circle){ xa, ya, MARKER_R * 0.8 * s }, mk->col, 1, s);
		arrow(cr, (struct span){ xa, ya, xb, yb }, mk->col, s);
		marker(cr, (struct circle){ xb, yb, mk->radius }, mk->col, 0, s);
	}
}

/* The roofs' labels along their lines, the points' in their boxes. */
static void paint_labels(cairo_t *cr, const struct plot_compare_layout *l)
{
	double s = l->f.scale;
	for (size_t i = 0; i < l->nlines; i++) {
		const struct plot_compare_line *ln = &l->lines[i];
		if (!ln->labelled)
			continue;
		cmpfig_set_font(cr, ln->size, 0);
		double box[4];
		cmpfig_ink(cr, ln->label, HALO * s, box);
		cairo_save(cr);
		cairo_translate(cr, ln->lx, ln->ly);
		cairo_rotate(cr, ln->angle);
		struct labels_box b = { -box[2] / 2, -box[3] / 2, box[2] / 2, box[3] / 2 };
		text_in_box(cr, ln->label, b, ln->run_b ? C_ROOF : C_MUTED, s);
		cairo_restore(cr);
	}
	cmpfig_set_font(cr, PX_POINT_LABEL * s, 0);
	for (size_t i = 0; i < l->nmarks; i++) {
		const struct plot_compare_mark *mk = &l->marks[i];
		struct figure_rgb c = mk->col;
		if (mk->arrow && mk->item.placed)
			text_in_box(cr, mk->label, mk->item.box, (struct figure_rgb){ c.r * 0.7, c.g * 0.7, c.b * 0.7 }, s);
	}
}

/* A listed roof's sample in the legend: its line as paint_lines draws it. */
static void legend_line(cairo_t *cr, const struct plot_compare_line *ln, double x, double y, double s)
{
	cairo_new_path(cr);
	cairo_move_to(cr, x, y);
	cairo_line_to(cr, x + 32 * s, y);
	if (ln->roof->kind == ROOF_CEILING) {
		double dash[2] = { 10 * s, 6 * s };
		cairo_set_dash(cr, dash, 2, 0);
	}
	set_rgba(cr, C_ROOF, ln->run_b ? 0.9 : FAINT);
	cairo_set_line_width(cr, cmpfig_line_width(ln) * s);
	cairo_stroke(cr);
	cairo_set_dash(cr, NULL, 0, 0);
}

/* A framed box beside the plot. */
static void panel_box(cairo_t *cr, struct labels_box b, double s)
{
	cairo_new_path(cr);
	cairo_rectangle(cr, b.x0, b.y0, b.x1 - b.x0, b.y1 - b.y0);
	set_rgba(cr, C_BG, 1);
	cairo_fill_preserve(cr);
	set_rgba(cr, C_MUTED, 0.6);
	cairo_set_line_width(cr, 1.2 * s);
	cairo_stroke(cr);
}

/* A row's text, left at x, centred on y. */
static void row_text(cairo_t *cr, const char *text, double x, double y, struct figure_rgb col)
{
	cairo_text_extents_t te;
	cairo_text_extents(cr, text, &te);
	cairo_move_to(cr, x, y - te.y_bearing - te.height / 2);
	set_rgba(cr, col, 1);
	cairo_show_text(cr, text);
}

/* The legend: a framed box, each row's sample drawn beside it. */
static void paint_legend(cairo_t *cr, const struct plot_compare_layout *l)
{
	double s = l->f.scale;
	const struct labels_box b = l->legend;
	panel_box(cr, b, s);
	cmpfig_set_font(cr, PX_LEGEND * s, 0);
	for (size_t i = 0; i < l->nkeys; i++) {
		const struct plot_compare_key *k = &l->keys[i];
		double y = b.y0 + KEY_PAD * s + ((double)i + 0.5) * l->row_h, x = b.x0 + KEY_PAD * s;
		switch (k->kind) {
		case KEY_RUN_B:
		case KEY_RUN_A:
			cairo_new_path(cr);
			cairo_move_to(cr, x, y);
			cairo_line_to(cr, x + 32 * s, y);
			set_rgba(cr, C_ROOF, k->kind == KEY_RUN_B ? 0.9 : FAINT);
			cairo_set_line_width(cr, 3.2 * s);
			cairo_stroke(cr);
			marker(cr, (struct circle){ x + 16 * s, y, MARKER_R * 0.8 * s }, C_MUTED, k->kind == KEY_RUN_A, s);
			break;
		case KEY_QUIET:
			quiet(cr, (struct circle){ x + 16 * s, y, MARKER_R * QUIET_R * s }, C_MUTED, 0, s);
			break;
		case KEY_FAMILY:
			arrow(cr, (struct span){ x, y, x + 40 * s, y }, k->col, s * 0.8);
			break;
		case KEY_ROOF:
			legend_line(cr, &l->lines[k->line], x, y, s);
			break;
		case KEY_TEXT:
			break;
		}
		row_text(cr, k->text, k->kind == KEY_TEXT ? x : x + KEY_SAMPLE * s, y, C_TEXT);
	}
}

/* The "what moved" box: its heading bold, then its rows. */
static void paint_moved(cairo_t *cr, const struct plot_compare_layout *l)
{
	double s = l->f.scale;
	const struct labels_box b = l->moved_box;
	panel_box(cr, b, s);
	for (size_t i = 0; i < l->nmoved; i++) {
		cmpfig_set_font(cr, PX_LEGEND * s, i == 0);
		row_text(cr, l->moved[i], b.x0 + KEY_PAD * s, b.y0 + KEY_PAD * s + ((double)i + 0.5) * l->row_h, C_TEXT);
	}
}

static void paint(cairo_t *cr, const struct plot_compare_layout *l)
{
	const struct plot_frame *f = &l->f;
	double s = f->scale;
	cmpfig_no_hinting(cr);
	set_rgba(cr, C_BG, 1);
	cairo_paint(cr);

	fitted_text(cr, &(struct fitted_line){ l->title, PX_TITLE * s, 1, 22 * s, 52 * s, f->width - 44 * s, C_TEXT });
	fitted_text(cr, &(struct fitted_line){ l->subtitle, PX_SUBTITLE * s, 0, 22 * s, 90 * s, f->width - 44 * s, C_MUTED });

	cairo_save(cr);
	cairo_rectangle(cr, f->left, f->top, f->right - f->left, f->bottom - f->top);
	cairo_clip(cr);
	plot_draw_grid(cr, f);
	paint_lines(cr, l);
	paint_marks(cr, l);
	cairo_restore(cr);
	paint_labels(cr, l);
	paint_moved(cr, l);
	paint_legend(cr, l);
	plot_draw_axes(cr, f);
}

static void paint_compare(cairo_t *cr, void *ctx)
{
	const struct plot_compare_layout *const *l = ctx;
	paint(cr, *l);
}

int plot_compare_draw(const struct plot_compare_layout *l, const char *path, const char *format,
		      char *err, size_t errlen)
{
	struct plot_file file = { path, format, l->f.width, l->f.height };
	return plot_write(&file, NULL, paint_compare, &l, err, errlen);
}
