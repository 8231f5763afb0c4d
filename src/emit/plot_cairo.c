/*
 * plot_cairo.c - see plot_cairo.h.
 *
 * The painter: figure.c lays the figure out (every line, marker, label and
 * the legend), and this file only draws what it decided, back to front, with
 * cairo. Text is measured with hinting off, on the surface being drawn, so
 * the layout, and with it every pixel position, is the same on the image,
 * SVG and PDF surfaces.
 */
#include "plot_cairo.h"
#include "plot_axes.h"
#include "plot_write.h"

#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "figure.h"
#include "labels.h"
#include "util.h"

/* ---- drawing helpers ------------------------------------------------------------ */


static struct figure_rgb darker(struct figure_rgb c, double k)
{
	struct figure_rgb d = { c.r * k, c.g * k, c.b * k };
	return d;
}

/* Horizontal text whose ink box (with halo) is exactly box b. */
/* The ink box of text drawn at baseline origin (0,0), grown by the halo. */
struct ink {
	double x0, y0, w, h;     /* relative to the baseline origin */
};

static struct ink measure(struct fig *g, const char *text)
{
	cairo_text_extents_t te;
	cairo_text_extents(g->cr, text, &te);
	double m = FIGURE_HALO * g->s;
	struct ink k = { te.x_bearing - m, te.y_bearing - m, te.width + 2 * m, te.height + 2 * m };
	return k;
}

static void text_in_box(struct fig *g, const char *text, struct labels_box b, struct figure_rgb col)
{
	struct ink k = measure(g, text);
	cairo_move_to(g->cr, b.x0 - k.x0, b.y0 - k.y0);
	pc_show_text(g, text, col, 1);
}

static void marker_path(cairo_t *cr, enum figure_shape sh, double x, double y, double r)
{
	double xy[FIGURE_MARKER_VERTICES][2];
	size_t n = figure_marker_outline(sh, x, y, r, xy);
	cairo_new_path(cr);
	if (!n)
		cairo_arc(cr, x, y, r, 0, 2 * M_PI);
	for (size_t i = 0; i < n; i++)
		if (i == 0)
			cairo_move_to(cr, xy[i][0], xy[i][1]);
		else
			cairo_line_to(cr, xy[i][0], xy[i][1]);
	cairo_close_path(cr);
}

static void draw_marker(struct fig *g, enum figure_shape sh, struct figure_rgb col, double x, double y)
{
	cairo_t *cr = g->cr;
	marker_path(cr, sh, x, y, FIGURE_MARKER_R * g->s);
	pc_set_rgb(cr, col);
	cairo_fill_preserve(cr);
	cairo_set_line_width(cr, 1.6 * g->s);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
	pc_set_rgb(cr, C_BG);
	cairo_stroke(cr);
}


static void stroke_line(struct fig *g, const struct figure_line *l)
{
	cairo_t *cr = g->cr;
	double s = g->s;
	cairo_new_path(cr);
	cairo_move_to(cr, l->x0, l->y0);
	cairo_line_to(cr, l->x1, l->y1);
	pc_set_rgb(cr, l->col);
	cairo_set_line_width(cr, l->width * s);
	cairo_set_line_cap(cr, l->dashed ? CAIRO_LINE_CAP_BUTT : CAIRO_LINE_CAP_ROUND);
	if (l->dashed) {
		double dash[2] = { 12 * s, 7 * s };
		cairo_set_dash(cr, dash, 2, 0);
	}
	cairo_stroke(cr);
	cairo_set_dash(cr, NULL, 0, 0);
}

static void draw_line_label(struct fig *g, const struct figure_line *l)
{
	if (!l->labelled)
		return;
	cairo_t *cr = g->cr;
	pc_set_font(g, l->px, 0);
	cairo_save(cr);
	cairo_translate(cr, l->ox, l->oy);
	cairo_rotate(cr, l->angle);
	cairo_move_to(cr, 0, 0);
	pc_show_text(g, l->text, darker(l->col, 0.9), 1);
	cairo_restore(cr);
}

/*
 * A trajectory's arrowheads: one at the middle of each segment, pointing from
 * the smaller size to the larger, so the direction of the move reads without
 * the labels.
 */
static void draw_arrows(struct fig *g, const struct figure *fg, const struct figure_group *gr,
			struct figure_rgb col)
{
	const struct figure_kernels *k = &fg->k;
	cairo_t *cr = g->cr;
	double len = 16 * g->s, half = 6 * g->s;
	for (size_t i = 1; i < gr->n; i++) {
		size_t p0 = k->byparam[gr->start + i - 1], p1 = k->byparam[gr->start + i];
		double x0 = fg->px[p0], y0 = fg->py[p0], x1 = fg->px[p1], y1 = fg->py[p1];
		double dx = x1 - x0, dy = y1 - y0, d = hypot(dx, dy);
		if (d < 3 * len)
			continue;
		dx /= d, dy /= d;
		double tx = 0.5 * (x0 + x1) + 0.5 * len * dx, ty = 0.5 * (y0 + y1) + 0.5 * len * dy;
		cairo_new_path(cr);
		cairo_move_to(cr, tx, ty);
		cairo_line_to(cr, tx - len * dx - half * dy, ty - len * dy + half * dx);
		cairo_line_to(cr, tx - len * dx + half * dy, ty - len * dy - half * dx);
		cairo_close_path(cr);
		pc_set_rgb(cr, col);
		cairo_fill(cr);
	}
}

/* c mixed with white: k of c. */
static struct figure_rgb tint(struct figure_rgb c, double k)
{
	struct figure_rgb t = { 1 - k * (1 - c.r), 1 - k * (1 - c.g), 1 - k * (1 - c.b) };
	return t;
}

/* A marker drawn as an outline: filled white (open) or with a tint of its colour. */
static void draw_outlined_marker(struct fig *g, enum figure_shape sh, struct figure_rgb col, int tinted, double x, double y)
{
	cairo_t *cr = g->cr;
	marker_path(cr, sh, x, y, FIGURE_MARKER_R * g->s * 0.92);
	pc_set_rgb(cr, tinted ? tint(col, 0.45) : C_BG);
	cairo_fill_preserve(cr);
	pc_set_rgb(cr, col);
	cairo_set_line_width(cr, 2.6 * g->s);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
	cairo_stroke(cr);
}

/* The dash pattern of a level style's polyline, at scale s; 0 dashes: solid. */
static int level_dashes(enum figure_level_style st, double s, double dash[2])
{
	if (st == LV_L1) {
		dash[0] = 0.01 * s;      /* round dots */
		dash[1] = 5 * s;
		return 2;
	}
	if (st == LV_OTHER) {
		dash[0] = 9 * s;
		dash[1] = 5 * s;
		return 2;
	}
	return 0;
}

static void draw_point_marker(struct fig *g, const struct figure_kernels *k, const struct figure_group *gr, double x, double y)
{
	const struct figure_family *f = &k->fam[gr->fam];
	if (gr->style != LV_BASE) {
		draw_outlined_marker(g, f->shape, f->col, gr->style == LV_OTHER, x, y);
		return;
	}
	if (!gr->hollow) {
		draw_marker(g, f->shape, f->col, x, y);
		return;
	}
	cairo_t *cr = g->cr;
	marker_path(cr, f->shape, x, y, FIGURE_MARKER_R * g->s * 0.92);
	pc_set_rgb(cr, C_BG);
	cairo_fill_preserve(cr);
	pc_set_rgb(cr, f->col);
	cairo_set_line_width(cr, 2.6 * g->s);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
	cairo_stroke(cr);
}

static void rounded_rect(cairo_t *cr, struct labels_box b, double r)
{
	cairo_new_path(cr);
	cairo_arc(cr, b.x1 - r, b.y0 + r, r, -M_PI / 2, 0);
	cairo_arc(cr, b.x1 - r, b.y1 - r, r, 0, M_PI / 2);
	cairo_arc(cr, b.x0 + r, b.y1 - r, r, M_PI / 2, M_PI);
	cairo_arc(cr, b.x0 + r, b.y0 + r, r, M_PI, 1.5 * M_PI);
	cairo_close_path(cr);
}

static void draw_legend(struct fig *g, const struct figure_legend *lg)
{
	if (lg->n == 0)
		return;
	cairo_t *cr = g->cr;
	double s = g->s;
	rounded_rect(cr, lg->box, 6 * s);
	cairo_set_source_rgba(cr, 1, 1, 1, lg->placed ? 0.92 : 1.0);
	cairo_fill_preserve(cr);
	cairo_set_line_width(cr, 1.2 * s);
	pc_set_rgb(cr, C_GRID);
	cairo_stroke(cr);
	pc_set_font(g, FIGURE_PX_LEGEND, 0);
	for (size_t i = 0; i < lg->n; i++) {
		const struct figure_legend_row *r = &lg->rows[i];
		struct figure_legend_spot at = figure_legend_spot(lg, i, s);
		double cy = at.cy, sx0 = at.sx0, sx1 = at.sx1, mx = at.mx;
		if (r->kind == LEG_FAMILY) {
			if (r->fam->joined) {
				cairo_new_path(cr);
				cairo_move_to(cr, sx0, cy);
				cairo_line_to(cr, sx1, cy);
				cairo_set_source_rgba(cr, r->fam->col.r, r->fam->col.g, r->fam->col.b, 0.55);
				cairo_set_line_width(cr, 2 * s);
				cairo_stroke(cr);
			}
			draw_marker(g, r->fam->shape, r->fam->col, mx, cy);
		} else if (r->kind == LEG_LEVEL) {
			double dash[2];
			int nd = level_dashes(r->style, s, dash);
			cairo_save(cr);
			cairo_new_path(cr);
			cairo_move_to(cr, sx0, cy);
			cairo_line_to(cr, sx1, cy);
			pc_set_rgb(cr, C_MUTED);
			cairo_set_line_width(cr, (r->style == LV_L1 ? 2.8 : 2) * s);
			cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
			cairo_set_dash(cr, dash, nd, 0);
			cairo_stroke(cr);
			cairo_restore(cr);
			draw_outlined_marker(g, SH_CIRCLE, C_MUTED, r->style == LV_OTHER, mx, cy);
		} else if (r->kind == LEG_OPEN) {
			marker_path(cr, SH_CIRCLE, mx, cy, FIGURE_MARKER_R * s * 0.92);
			pc_set_rgb(cr, C_BG);
			cairo_fill_preserve(cr);
			pc_set_rgb(cr, C_MUTED);
			cairo_set_line_width(cr, 2.6 * s);
			cairo_stroke(cr);
		} else if (r->kind != LEG_TEXT) {
			struct figure_line l;
			memset(&l, 0, sizeof l);
			l.x0 = sx0;
			l.x1 = sx1;
			l.y0 = l.y1 = cy;
			l.width = r->width;
			l.dashed = r->dashed;
			l.col = r->col;
			stroke_line(g, &l);
		}
		cairo_text_extents_t te;
		cairo_text_extents(cr, r->text, &te);
		cairo_move_to(cr, r->kind == LEG_TEXT ? sx0 : sx1 + 10 * s, cy - te.y_bearing - te.height / 2);
		pc_show_text(g, r->text, C_TEXT, 0);
	}
}

/* ---- the figure ----------------------------------------------------------------- */

/* A line from (x0,y0) to (x1,y1) ending in a filled head, stopping short of the marker. */
static void arrow(struct fig *g, struct figure_rgb col, double x0, double y0, double x1, double y1)
{
	cairo_t *cr = g->cr;
	double s = g->s, dx = x1 - x0, dy = y1 - y0, len = hypot(dx, dy);
	double stop = FIGURE_MARKER_R * 1.6 * s, head = 16 * s;
	if (len < 2 * stop + head)
		return;
	double ux = dx / len, uy = dy / len;
	double sx = x0 + ux * stop, sy = y0 + uy * stop, ex = x1 - ux * stop, ey = y1 - uy * stop;
	cairo_new_path(cr);
	cairo_move_to(cr, sx, sy);
	cairo_line_to(cr, ex - ux * head * 0.8, ey - uy * head * 0.8);
	pc_set_rgb(cr, col);
	cairo_set_line_width(cr, 3 * s);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
	cairo_stroke(cr);
	cairo_new_path(cr);
	cairo_move_to(cr, ex, ey);
	cairo_line_to(cr, ex - ux * head - uy * head * 0.45, ey - uy * head + ux * head * 0.45);
	cairo_line_to(cr, ex - ux * head + uy * head * 0.45, ey - uy * head - ux * head * 0.45);
	cairo_close_path(cr);
	cairo_fill(cr);
}

/* Arrows, then stars (flagged ones ringed), counting what is drawn into st. */
static void user_paint(struct fig *g, const struct figure_users *u, struct plot_stats *st)
{
	if (!u->up)
		return;
	cairo_t *cr = g->cr;
	double s = g->s;
	for (size_t k = 0; k < u->narrows; k++) {
		size_t from = u->arrows[k].from, to = u->arrows[k].to;
		if (!u->drawn[from] || !u->drawn[to])
			continue;
		arrow(g, u->col[from], u->x[from], u->y[from], u->x[to], u->y[to]);
		st->user_arrows++;
	}
	for (size_t i = 0; i < u->up->n; i++) {
		const struct userpoint *up = &u->up->v[i];
		double x = u->x[i], y = u->y[i];
		/* Counted only inside the frame: the frame is made to hold them all. */
		if (!u->inside[i])
			continue;
		if (up->above) {
			cairo_new_path(cr);
			cairo_arc(cr, x, y, FIGURE_MARKER_R * 2.1 * s, 0, 2 * M_PI);
			pc_set_rgb(cr, C_FLAG);
			cairo_set_line_width(cr, 3 * s);
			cairo_stroke(cr);
			st->user_flagged++;
		}
		marker_path(cr, SH_STAR, x, y, FIGURE_MARKER_R * 1.45 * s);
		pc_set_rgb(cr, u->col[i]);
		cairo_fill_preserve(cr);
		pc_set_rgb(cr, darker(u->col[i], 0.6));
		cairo_set_line_width(cr, 1.5 * s);
		cairo_stroke(cr);
		st->user_points++;
	}
}

/* Labels on top of everything but the legend. */
static void user_paint_labels(struct fig *g, const struct figure_users *u, struct plot_stats *st)
{
	if (!u->up)
		return;
	pc_set_font(g, FIGURE_PX_POINT_LABEL, 1);
	for (size_t i = 0; i < u->up->n; i++) {
		if (!u->items[i].placed)
			continue;
		text_in_box(g, u->text[i], u->items[i].box, u->up->v[i].above ? C_FLAG : darker(u->col[i], 0.7));
		st->user_labels++;
	}
}

/* The shaded region, the grid, the ridge's drop line and the roofs: under everything else. */
static void draw_back(struct fig *g, const struct figure *fg)
{
	cairo_t *cr = g->cr;
	const struct plot_frame *f = &fg->f;
	const struct figure_kernels *k = &fg->k;
	double s = g->s;
	(void)cr, (void)f, (void)k, (void)s;
	if (fg->shaded) {
		cairo_new_path(cr);
		cairo_move_to(cr, fg->shade_x[0], fg->shade_y[0]);
		for (int i = 1; i < 5; i++)
			cairo_line_to(cr, fg->shade_x[i], fg->shade_y[i]);
		cairo_close_path(cr);
		pc_set_rgb(cr, C_SHADE);
		cairo_fill(cr);
	}
	pc_draw_grid(g);
	if (fg->has_ridge) {
		/* A dotted drop line from the ridge to the axis, under everything else. */
		cairo_new_path(cr);
		cairo_move_to(cr, fg->rx, fg->ry);
		cairo_line_to(cr, fg->rx, f->bottom);
		double dots[2] = { 2 * s, 5 * s };
		cairo_set_dash(cr, dots, 2, 0);
		cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
		cairo_set_line_width(cr, 1.6 * s);
		pc_set_rgb(cr, C_LEADER);
		cairo_stroke(cr);
		cairo_set_dash(cr, NULL, 0, 0);
	}
	for (int pass = 0; pass < 2; pass++)   /* the roofline proper on top of the others */
		for (size_t i = 0; i < fg->nlines; i++)
			if (fg->lines[i].visible && (fg->lines[i].width > 3) == pass)
				stroke_line(g, &fg->lines[i]);
}

/* The families' polylines (other levels first, the base level over them) with a trajectory's arrowheads. */
static void draw_polylines(struct fig *g, const struct figure *fg)
{
	cairo_t *cr = g->cr;
	const struct plot_frame *f = &fg->f;
	const struct figure_kernels *k = &fg->k;
	double s = g->s;
	(void)cr, (void)f, (void)k, (void)s;
	/* Polylines of the other levels first, the base level's over them. */
	size_t order[ANALYSIS_MAX_POINTS], n = figure_polyline_order(k, order);
	for (size_t o = 0; o < n; o++) {
		const struct figure_group *gr = &k->grp[order[o]];
		const struct figure_family *fm = &k->fam[gr->fam];
		if (gr->trajectory)
			draw_arrows(g, fg, gr, fm->col);
		cairo_new_path(cr);
		for (size_t i = 0; i < gr->n; i++) {
			size_t pi = k->byparam[gr->start + i];
			if (i == 0)
				cairo_move_to(cr, fg->px[pi], fg->py[pi]);
			else
				cairo_line_to(cr, fg->px[pi], fg->py[pi]);
		}
		cairo_set_source_rgba(cr, fm->col.r, fm->col.g, fm->col.b, 0.55);
		cairo_set_line_width(cr, 2 * s);
		cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
		double ldash[2];
		int nld = level_dashes(gr->style, s, ldash);
		if (nld) {
			cairo_save(cr);
			cairo_set_dash(cr, ldash, nld, 0);
			cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
			if (gr->style == LV_L1)
				cairo_set_line_width(cr, 2.8 * s);   /* dots as heavy as the dashes */
			cairo_stroke(cr);
			cairo_restore(cr);
			continue;
		}
		if (gr->hollow) {
			double dash[2] = { 6 * s, 4 * s };
			cairo_set_dash(cr, dash, 2, 0);
		}
		cairo_stroke(cr);
		cairo_set_dash(cr, NULL, 0, 0);
	}
}

/* Leaders for labels that had to move away from their point. */
static void draw_leaders(struct fig *g, const struct figure *fg)
{
	cairo_t *cr = g->cr;
	const struct plot_frame *f = &fg->f;
	const struct figure_kernels *k = &fg->k;
	double s = g->s;
	(void)cr, (void)f, (void)k, (void)s;
	/* Leaders for labels that had to move away from their point. */
	for (size_t i = 0; i <= fg->nitems; i++) {
		const struct labels_item *it = i < fg->nitems ? &fg->items[i] : &fg->ridge_item;
		if (!it->placed || !it->moved)
			continue;
		double lx0, ly0, lx1, ly1;
		labels_leader(it, &lx0, &ly0, &lx1, &ly1);
		cairo_new_path(cr);
		cairo_move_to(cr, lx0, ly0);
		cairo_line_to(cr, lx1, ly1);
		pc_set_rgb(cr, C_LEADER);
		cairo_set_line_width(cr, 1.2 * s);
		cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
		cairo_stroke(cr);
	}
}

/* The markers: single points over polylines' members, the base level over the others. */
static void draw_points(struct fig *g, const struct figure *fg)
{
	cairo_t *cr = g->cr;
	const struct plot_frame *f = &fg->f;
	const struct figure_kernels *k = &fg->k;
	double s = g->s;
	(void)cr, (void)f, (void)k, (void)s;
	/* Single points over polylines' members; the base level over the others. */
	size_t order[ANALYSIS_MAX_POINTS], n = figure_point_order(fg, order);
	for (size_t o = 0; o < n; o++) {
		size_t i = order[o];
		draw_point_marker(g, k, &k->grp[k->grp_of[i]], fg->px[i], fg->py[i]);
	}
}

/* The roof labels, the ridge's, the points'. */
static void draw_labels(struct fig *g, const struct figure *fg)
{
	cairo_t *cr = g->cr;
	const struct plot_frame *f = &fg->f;
	const struct figure_kernels *k = &fg->k;
	double s = g->s;
	(void)cr, (void)f, (void)k, (void)s;
	for (size_t i = 0; i < fg->nlines; i++)
		draw_line_label(g, &fg->lines[i]);
	if (fg->has_ridge && fg->ridge_item.placed) {
		pc_set_font(g, FIGURE_PX_ROOF_LABEL, 0);
		text_in_box(g, fg->ridge_text, fg->ridge_item.box, C_ROOF);
	}
	pc_set_font(g, FIGURE_PX_POINT_LABEL, 0);
	for (size_t i = 0; i < fg->nitems; i++) {
		/* A label with no free spot is left out rather than drawn over something. */
		if (!fg->items[i].placed)
			continue;
		const struct figure_group *gr = &k->grp[k->grp_of[fg->item_point[i]]];
		text_in_box(g, fg->item_text[i], fg->items[i].box, darker(k->fam[gr->fam].col, 0.7));
	}
}

/* What the render labelled (plot_stats), counted from the layout it drew. */
static void count_stats(const struct figure *fg, struct plot_stats *st)
{
	for (size_t i = 0; i < fg->nlines; i++) {
		const struct figure_line *l = &fg->lines[i];
		st->roofs += l->visible;
		st->roof_labels += l->visible && (l->labelled || l->listed);
		st->roof_crowded += l->visible && l->labelled && l->crowded;
	}
	st->points = fg->nitems;
	for (size_t i = 0; i < fg->nitems; i++)
		st->points_dropped += !fg->items[i].placed;
}

static void draw(cairo_t *cr, const struct figure *fg, const struct plot_meta *meta, struct plot_stats *st)
{
	struct fig g = { .cr = cr, .f = fg->f, .s = fg->s };
	struct labels_box pb = fg->plot;

	pc_set_rgb(cr, C_BG);
	cairo_paint(cr);

	/* Back to front. */
	pc_draw_titles(&g, meta);
	cairo_save(cr);
	cairo_rectangle(cr, pb.x0, pb.y0, pb.x1 - pb.x0, pb.y1 - pb.y0);
	cairo_clip(cr);
	draw_back(&g, fg);
	draw_polylines(&g, fg);
	draw_leaders(&g, fg);
	draw_points(&g, fg);
	memset(st, 0, sizeof *st);
	user_paint(&g, &fg->users, st);
	if (fg->has_ridge) {
		double s = g.s;
		cairo_new_path(cr);
		cairo_arc(cr, fg->rx, fg->ry, 6.5 * s, 0, 2 * M_PI);
		pc_set_rgb(cr, C_BG);
		cairo_fill_preserve(cr);
		pc_set_rgb(cr, C_ROOF);
		cairo_set_line_width(cr, 2.6 * s);
		cairo_stroke(cr);
	}
	cairo_restore(cr);

	draw_labels(&g, fg);
	user_paint_labels(&g, &fg->users, st);
	draw_legend(&g, &fg->lg);
	pc_draw_axes(&g);
	count_stats(fg, st);
}

/* cairo's text extents, for the layout (struct figure_measure), on the context in ctx. */
static void cairo_extents(void *ctx, const char *text, double size, int bold, struct figure_text *out)
{
	cairo_t *cr = ctx;
	cairo_text_extents_t te;
	cairo_select_font_face(cr, FONT, CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, size);
	cairo_text_extents(cr, text, &te);
	*out = (struct figure_text){ te.x_bearing, te.y_bearing, te.width, te.height, te.x_advance };
}

void plot_measure_cairo(cairo_t *cr, struct figure_measure *m)
{
	/* Hinting off: the same extents on the image, SVG and PDF surfaces. */
	cairo_font_options_t *fo = cairo_font_options_create();
	cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
	cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
	cairo_set_font_options(cr, fo);
	cairo_font_options_destroy(fo);
	m->extents = cairo_extents;
	m->ctx = cr;
}

int plot_roofline_layout(const struct analysis *a, const struct plot_meta *meta, int width, int height,
			 struct figure *out)
{
	if (width < PLOT_MIN_WIDTH || height < PLOT_MIN_HEIGHT || width > 20000 || height > 20000)
		return -1;
	cairo_surface_t *surf = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 4, 4);
	cairo_t *cr = cairo_create(surf);
	struct figure_measure m;
	struct plot_frame f;
	const struct userpoints *user = meta ? meta->user : NULL;
	plot_measure_cairo(cr, &m);
	figure_frame(a, user, width, height, &f);
	figure_layout_vs(a, meta ? meta->base : NULL, user, &f, &m, out);
	int rc = cairo_status(cr) == CAIRO_STATUS_SUCCESS ? 0 : -1;
	cairo_destroy(cr);
	cairo_surface_destroy(surf);
	return rc;
}

int plot_roofline(const struct analysis *a, const struct plot_meta *meta, const struct plot_file *out, char *err,
		  size_t errlen)
{
	return plot_roofline_stats(a, meta, out, NULL, err, errlen);
}

/* What plot_roofline_stats hands its painter. */
struct roofline_job {
	const struct analysis *a;
	const struct plot_meta *meta;
	int width, height;
	struct plot_stats counts;
};

/* Lays out with the surface's own text measure, then paints. */
static void paint_roofline(cairo_t *cr, void *ctx)
{
	struct roofline_job *job = ctx;
	struct figure_measure m;
	struct plot_frame f;
	struct figure *fg = xmalloc(sizeof *fg);
	const struct userpoints *user = job->meta ? job->meta->user : NULL;
	plot_measure_cairo(cr, &m);
	figure_frame(job->a, user, job->width, job->height, &f);
	figure_layout_vs(job->a, job->meta ? job->meta->base : NULL, user, &f, &m, fg);
	draw(cr, fg, job->meta, &job->counts);
	free(fg);
}

int plot_roofline_stats(const struct analysis *a, const struct plot_meta *meta, const struct plot_file *out,
			struct plot_stats *stats, char *err, size_t errlen)
{
	const char *format = out->format;
	int width = out->width, height = out->height;
	struct roofline_job job = { .a = a, .meta = meta, .width = width, .height = height };
	if (plot_check_format(format, err, errlen) != 0)
		return -1;
	if (width < PLOT_MIN_WIDTH || height < PLOT_MIN_HEIGHT || width > 20000 || height > 20000) {
		snprintf(err, errlen, "figure size %dx%d out of range (%dx%d to 20000x20000)", width, height,
			 PLOT_MIN_WIDTH, PLOT_MIN_HEIGHT);
		return -1;
	}
	if (plot_write(out, "Roofline", paint_roofline, &job, err, errlen) != 0)
		return -1;
	if (stats)
		*stats = job.counts;
	return 0;
}
