/*
 * svg_scene.c - see svg_scene.h. Back to front as plot_cairo.c paints: the
 * titles; inside the plot area the shaded region, the grid, the ridge's drop
 * line, the roofs, the polylines, the leaders, the markers, the user's
 * points and the ridge; then the labels, the legend and the axes.
 */
#include "svg_scene.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "html.h"
#include "labels.h"
#include "plot_axes.h"

#define FONTS "'DejaVu Sans', 'Bitstream Vera Sans', Verdana, sans-serif"

static void hex(struct buf *b, const char *attr, struct figure_rgb c)
{
	buf_addf(b, " %s=\"#%02x%02x%02x\"", attr, (int)lround(fmin(fmax(c.r, 0), 1) * 255),
		 (int)lround(fmin(fmax(c.g, 0), 1) * 255), (int)lround(fmin(fmax(c.b, 0), 1) * 255));
}

static struct figure_rgb darker(struct figure_rgb c, double k)
{
	return (struct figure_rgb){ c.r * k, c.g * k, c.b * k };
}

static struct figure_rgb tint(struct figure_rgb c, double k)
{
	return (struct figure_rgb){ 1 - k * (1 - c.r), 1 - k * (1 - c.g), 1 - k * (1 - c.b) };
}

/* ` data-fam="<the family's legend text>"` */
static void fam_attr(struct buf *b, const struct figure_family *fm)
{
	buf_puts(b, " data-fam=\"");
	html_escape(b, fm->name);
	buf_puts(b, "\"");
}

/* One piece of text. */
struct svg_text_at {
	const char *text;
	double x, y;             /* baseline origin, pixels */
	double px;               /* size at scale 1 */
	int bold;
	double angle;            /* radians, y down, as cairo_rotate */
	struct figure_rgb col;
	int halo;
	const char *cls;         /* class, or NULL */
	const struct figure_family *fam;   /* data-fam, or NULL */
};

static void text(struct buf *b, const struct svg_scene_in *in, const struct svg_text_at *t)
{
	double s = in->fg->s, size = t->px * s;
	struct figure_text te = { 0 };
	in->m->extents(in->m->ctx, t->text, size, t->bold, &te);
	buf_addf(b, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\"%s", t->x, t->y, size,
		 t->bold ? " font-weight=\"bold\"" : "");
	/* The width the layout measured: a reader's fallback font takes exactly the room it was given. */
	if (te.x_advance > 0)
		buf_addf(b, " textLength=\"%.1f\" lengthAdjust=\"spacingAndGlyphs\"", te.x_advance);
	if (fabs(t->angle) > 1e-4)
		buf_addf(b, " transform=\"rotate(%.2f %.1f %.1f)\"", t->angle * 180 / M_PI, t->x, t->y);
	hex(b, "fill", t->col);
	/* The halo: the background stroked under the glyphs (paint-order), so text stays legible over the grid. */
	if (t->halo)
		buf_addf(b, " paint-order=\"stroke\" stroke=\"#ffffff\" stroke-opacity=\"0.9\" stroke-linejoin=\"round\" "
			 "stroke-width=\"%.1f\"", 2 * FIGURE_HALO * s);
	if (t->cls)
		buf_addf(b, " class=\"%s\"", t->cls);
	if (t->fam)
		fam_attr(b, t->fam);
	buf_puts(b, ">");
	html_escape(b, t->text);
	buf_puts(b, "</text>\n");
}

/* Text whose ink box (with the halo) is exactly box r, as plot_cairo.c's text_in_box. */
static void text_in_box(struct buf *b, const struct svg_scene_in *in, struct svg_text_at t, struct labels_box r)
{
	struct figure_text te = { 0 };
	double s = in->fg->s, m = FIGURE_HALO * s;
	in->m->extents(in->m->ctx, t.text, t.px * s, t.bold, &te);
	t.x = r.x0 - (te.x_bearing - m);
	t.y = r.y0 - (te.y_bearing - m);
	text(b, in, &t);
}

/* A marker's outline as path data (figure_marker_outline, as roofline.png draws it). */
static void marker_d(struct buf *b, enum figure_shape sh, double x, double y, double r)
{
	double xy[FIGURE_MARKER_VERTICES][2];
	size_t n = figure_marker_outline(sh, x, y, r, xy);
	buf_puts(b, " d=\"");
	if (!n)
		buf_addf(b, "M%.1f %.1fa%.2f %.2f 0 1 0 %.2f 0a%.2f %.2f 0 1 0 %.2f 0", x - r, y, r, r, 2 * r, r, r, -2 * r);
	for (size_t i = 0; i < n; i++)
		buf_addf(b, "%c%.1f %.1f", i ? 'L' : 'M', xy[i][0], xy[i][1]);
	buf_puts(b, "Z\"");
}

/* A kernel's marker in its group's look: filled, open (another thread count, L1) or tinted (L2, L3). */
static void point_marker(struct buf *b, double s, const struct figure_family *f, const struct figure_group *gr,
			 double x, double y)
{
	buf_puts(b, "<path");
	if (gr && (gr->style != LV_BASE || gr->hollow)) {
		marker_d(b, f->shape, x, y, FIGURE_MARKER_R * s * 0.92);
		hex(b, "fill", gr->style == LV_OTHER ? tint(f->col, 0.45) : C_BG);
		hex(b, "stroke", f->col);
		buf_addf(b, " stroke-width=\"%.2f\"/>", 2.6 * s);
		return;
	}
	marker_d(b, f->shape, x, y, FIGURE_MARKER_R * s);
	hex(b, "fill", f->col);
	hex(b, "stroke", C_BG);
	buf_addf(b, " stroke-width=\"%.2f\"/>", 1.6 * s);
}

/* The dash array of a level style's polyline (none: solid). */
static void level_dash(struct buf *b, enum figure_level_style st, int hollow, double s)
{
	if (st == LV_L1)
		buf_addf(b, " stroke-dasharray=\"0.01 %.1f\" stroke-linecap=\"round\" stroke-width=\"%.2f\"", 5 * s, 2.8 * s);
	else if (st == LV_OTHER)
		buf_addf(b, " stroke-dasharray=\"%.1f %.1f\" stroke-linecap=\"round\"", 9 * s, 5 * s);
	else if (hollow)
		buf_addf(b, " stroke-dasharray=\"%.1f %.1f\"", 6 * s, 4 * s);
}

/* A roof or ceiling line l, drawn from (l->x0, l->y0) to (l->x1, l->y1) (or a legend's sample of one). */
static void line(struct buf *b, double s, const struct figure_line *l, const char *cls)
{
	buf_addf(b, "<path d=\"M%.1f %.1fL%.1f %.1f\"", l->x0, l->y0, l->x1, l->y1);
	hex(b, "stroke", l->col);
	buf_addf(b, " stroke-width=\"%.2f\" stroke-linecap=\"%s\"", l->width * s, l->dashed ? "butt" : "round");
	if (l->dashed)
		buf_addf(b, " stroke-dasharray=\"%.1f %.1f\"", 12 * s, 7 * s);
	if (cls)
		buf_addf(b, " class=\"%s\"", cls);
	buf_puts(b, "/>\n");
}

static int is_ceiling(const struct figure_line *l)
{
	return l->roof && l->roof->kind == ROOF_CEILING;
}

/* ---- grid and axes, as plot_axes.c draws them ---- */

static void grid(struct buf *b, const struct plot_frame *f, double s)
{
	for (int major = 0; major < 2; major++) {
		buf_puts(b, "<path d=\"");
		for (int axis = 0; axis < 2; axis++) {
			double lo = axis ? f->ymin : f->xmin, hi = axis ? f->ymax : f->xmax;
			for (int k = (int)floor(log10(lo)) - 1; k <= (int)ceil(log10(hi)) && k < 400; k++)
				for (int m = 1; m <= 9; m++) {
					double v = m * pow(10, k), x, y;
					if ((m == 1) != major || v < lo * (1 + 1e-9) || v > hi * (1 - 1e-9))
						continue;
					plot_to_pixel(f, axis ? f->xmin : v, axis ? v : f->ymin, &x, &y);
					if (axis)
						buf_addf(b, "M%.1f %.1fH%.1f", f->left, round(y) + 0.5, f->right);
					else
						buf_addf(b, "M%.1f %.1fV%.1f", round(x) + 0.5, f->top, f->bottom);
				}
		}
		buf_puts(b, "\" fill=\"none\"");
		hex(b, "stroke", major ? C_GRID : C_GRID_MINOR);
		buf_addf(b, " stroke-width=\"%.2f\"/>\n", (major ? 1.3 : 1.0) * fmax(s, 0.75));
	}
}

static void decade_labels(struct buf *b, const struct svg_scene_in *in)
{
	const struct plot_frame *f = &in->fg->f;
	double s = in->fg->s, size = FIGURE_PX_TICK * s;
	char t[32];
	for (int axis = 0; axis < 2; axis++) {
		double lo = axis ? f->ymin : f->xmin, hi = axis ? f->ymax : f->xmax;
		int k0 = (int)ceil(log10(lo) - 1e-9), k1 = (int)floor(log10(hi) + 1e-9);
		double per_decade = (axis ? f->bottom - f->top : f->right - f->left) / log10(hi / lo), need = 0;
		struct figure_text te;
		for (int k = k0; k <= k1 && k - k0 < 400; k++) {
			figure_decade_text(k, t, sizeof t);
			in->m->extents(in->m->ctx, t, size, 0, &te);
			need = fmax(need, axis ? te.height * 1.8 : te.x_advance + 18 * s);
		}
		double apart = need / per_decade;
		int span = k1 - k0 + 1;
		int every = !(apart > 1) ? 1 : apart < span ? (int)ceil(apart) : span;
		for (int k = k0; k <= k1 && k - k0 < 400; k += every) {
			double x, y;
			figure_decade_text(k, t, sizeof t);
			in->m->extents(in->m->ctx, t, size, 0, &te);
			plot_to_pixel(f, axis ? f->xmin : pow(10, k), axis ? pow(10, k) : f->ymin, &x, &y);
			struct svg_text_at at = { t, 0, 0, FIGURE_PX_TICK, 0, 0, C_TEXT, 0, NULL, NULL };
			if (axis)
				at.x = f->left - 16 * s - te.x_advance, at.y = y - te.y_bearing - te.height / 2;
			else
				at.x = x - te.x_bearing - te.width / 2, at.y = f->bottom + 16 * s - te.y_bearing;
			text(b, in, &at);
		}
	}
}

static void axes(struct buf *b, const struct svg_scene_in *in)
{
	const struct plot_frame *f = &in->fg->f;
	double s = in->fg->s;
	buf_addf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"none\"", f->left, f->top,
		 f->right - f->left, f->bottom - f->top);
	hex(b, "stroke", C_AXIS);
	buf_addf(b, " stroke-width=\"%.2f\"/>\n<path d=\"", 1.5 * s);
	for (int axis = 0; axis < 2; axis++) {
		double lo = axis ? f->ymin : f->xmin, hi = axis ? f->ymax : f->xmax;
		for (int k = (int)floor(log10(lo)) - 1; k <= (int)ceil(log10(hi)) && k < 400; k++)
			for (int m = 1; m <= 9; m++) {
				double v = m * pow(10, k), x, y, len = (m == 1 ? 10 : 5.5) * s;
				if (v < lo * (1 - 1e-9) || v > hi * (1 + 1e-9))
					continue;
				plot_to_pixel(f, axis ? f->xmin : v, axis ? v : f->ymin, &x, &y);
				if (axis)
					buf_addf(b, "M%.1f %.1fH%.1f", f->left, y, f->left - len);
				else
					buf_addf(b, "M%.1f %.1fV%.1f", x, f->bottom, f->bottom + len);
			}
	}
	buf_puts(b, "\"");
	hex(b, "stroke", C_AXIS);
	buf_addf(b, " stroke-width=\"%.2f\"/>\n", 1.4 * s);
	decade_labels(b, in);
	const char *xt = "Arithmetic intensity (flop/byte)", *yt = "Performance (GFLOP/s)";
	struct figure_text te;
	double size = FIGURE_PX_AXIS_TITLE * s;
	in->m->extents(in->m->ctx, xt, size, 0, &te);
	text(b, in, &(struct svg_text_at){ xt, 0.5 * (f->left + f->right) - te.x_advance / 2, f->height - 24 * s,
					   FIGURE_PX_AXIS_TITLE, 0, 0, C_TEXT, 0, NULL, NULL });
	in->m->extents(in->m->ctx, yt, size, 0, &te);
	text(b, in, &(struct svg_text_at){ yt, 22 * s - te.y_bearing, 0.5 * (f->top + f->bottom) + te.x_advance / 2,
					   FIGURE_PX_AXIS_TITLE, 0, -M_PI / 2, C_TEXT, 0, NULL, NULL });
}

/* A title's line shrunk to the width, as plot_axes.c's fitted_text (not under the least size). */
static void fitted(struct buf *b, const struct svg_scene_in *in, struct svg_text_at t)
{
	double s = in->fg->s, maxw = in->fg->f.width - 44 * s;
	struct figure_text te;
	in->m->extents(in->m->ctx, t.text, t.px * s, t.bold, &te);
	if (te.x_advance > maxw && te.x_advance > 0)
		t.px = fmax(t.px * maxw / te.x_advance, FIGURE_PX_MIN_TEXT);
	t.x = 22 * s;
	text(b, in, &t);
}

/* ---- the plot area ---- */

static void back(struct buf *b, const struct figure *fg)
{
	double s = fg->s;
	if (fg->shaded) {
		buf_puts(b, "<path d=\"");
		for (int i = 0; i < 5; i++)
			buf_addf(b, "%c%.1f %.1f", i ? 'L' : 'M', fg->shade_x[i], fg->shade_y[i]);
		buf_puts(b, "Z\"");
		hex(b, "fill", C_SHADE);
		buf_puts(b, "/>\n");
	}
	grid(b, &fg->f, s);
	if (fg->has_ridge) {
		buf_addf(b, "<path d=\"M%.1f %.1fV%.1f\" stroke-dasharray=\"%.1f %.1f\" stroke-linecap=\"round\" "
			 "stroke-width=\"%.2f\"", fg->rx, fg->ry, fg->f.bottom, 2 * s, 5 * s, 1.6 * s);
		hex(b, "stroke", C_LEADER);
		buf_puts(b, "/>\n");
	}
	for (int pass = 0; pass < 2; pass++)   /* the roofline proper on top of the others */
		for (size_t i = 0; i < fg->nlines; i++) {
			const struct figure_line *l = &fg->lines[i];
			if (l->visible && (l->width > 3) == pass)
				line(b, s, l, is_ceiling(l) ? "ceil" : "roof");
		}
}

/* A trajectory's arrowheads, as plot_cairo.c's draw_arrows. */
static void arrowheads(struct buf *b, const struct figure *fg, const struct figure_group *gr,
		       const struct figure_family *fm)
{
	const struct figure_kernels *k = &fg->k;
	double len = 16 * fg->s, half = 6 * fg->s;
	for (size_t i = 1; i < gr->n; i++) {
		size_t p0 = k->byparam[gr->start + i - 1], p1 = k->byparam[gr->start + i];
		double x0 = fg->px[p0], y0 = fg->py[p0], dx = fg->px[p1] - x0, dy = fg->py[p1] - y0, d = hypot(dx, dy);
		if (d < 3 * len)
			continue;
		dx /= d, dy /= d;
		double tx = x0 + 0.5 * d * dx + 0.5 * len * dx, ty = y0 + 0.5 * d * dy + 0.5 * len * dy;
		buf_addf(b, "<path d=\"M%.1f %.1fL%.1f %.1fL%.1f %.1fZ\"", tx, ty, tx - len * dx - half * dy,
			 ty - len * dy + half * dx, tx - len * dx + half * dy, ty - len * dy - half * dx);
		hex(b, "fill", fm->col);
		fam_attr(b, fm);
		buf_puts(b, "/>\n");
	}
}

static void polylines(struct buf *b, const struct figure *fg)
{
	const struct figure_kernels *k = &fg->k;
	size_t order[ANALYSIS_MAX_POINTS], n = figure_polyline_order(k, order);
	for (size_t o = 0; o < n; o++) {
		const struct figure_group *gr = &k->grp[order[o]];
		const struct figure_family *fm = &k->fam[gr->fam];
		if (gr->trajectory)
			arrowheads(b, fg, gr, fm);
		buf_puts(b, "<path d=\"");
		for (size_t i = 0; i < gr->n; i++) {
			size_t pi = k->byparam[gr->start + i];
			buf_addf(b, "%c%.1f %.1f", i ? 'L' : 'M', fg->px[pi], fg->py[pi]);
		}
		buf_addf(b, "\" fill=\"none\" stroke-opacity=\"0.55\" stroke-width=\"%.2f\" stroke-linejoin=\"round\"",
			 2 * fg->s);
		hex(b, "stroke", fm->col);
		level_dash(b, gr->style, gr->hollow, fg->s);
		fam_attr(b, fm);
		buf_puts(b, "/>\n");
	}
}

static void leaders(struct buf *b, const struct figure *fg)
{
	for (size_t i = 0; i <= fg->nitems; i++) {
		const struct labels_item *it = i < fg->nitems ? &fg->items[i] : &fg->ridge_item;
		if (!it->placed || !it->moved || (i == fg->nitems && !fg->has_ridge))
			continue;
		double x0, y0, x1, y1;
		labels_leader(it, &x0, &y0, &x1, &y1);
		buf_addf(b, "<path d=\"M%.1f %.1fL%.1f %.1f\" stroke-width=\"%.2f\" stroke-linecap=\"round\"", x0, y0, x1,
			 y1, 1.2 * fg->s);
		hex(b, "stroke", C_LEADER);
		if (i < fg->nitems)
			fam_attr(b, &fg->k.fam[fg->k.grp[fg->k.grp_of[fg->item_point[i]]].fam]);
		buf_puts(b, "/>\n");
	}
}

/* Each drawn point an element: single points over polylines' members, the base level over the others. */
static void points(struct buf *b, const struct svg_scene_in *in)
{
	const struct figure *fg = in->fg;
	const struct figure_kernels *k = &fg->k;
	size_t order[ANALYSIS_MAX_POINTS], n = figure_point_order(fg, order);
	for (size_t o = 0; o < n; o++) {
		size_t i = order[o];
		const struct figure_group *gr = &k->grp[k->grp_of[i]];
		buf_puts(b, "<g class=\"pt\" tabindex=\"0\"");
		fam_attr(b, &k->fam[gr->fam]);
		if (in->hook.attrs)
			in->hook.attrs(in->hook.ctx, i, b);
		buf_puts(b, ">");
		if (in->hook.title) {
			buf_puts(b, "<title>");
			in->hook.title(in->hook.ctx, i, b);
			buf_puts(b, "</title>");
		}
		point_marker(b, fg->s, &k->fam[gr->fam], gr, fg->px[i], fg->py[i]);
		buf_puts(b, "</g>\n");
	}
}

/* The user's points: arrows between versions, stars (a ring where above the roof). */
static void users(struct buf *b, const struct figure *fg)
{
	const struct figure_users *u = &fg->users;
	double s = fg->s;
	if (!u->up)
		return;
	for (size_t k = 0; k < u->narrows; k++) {
		size_t from = u->arrows[k].from, to = u->arrows[k].to;
		if (!u->drawn[from] || !u->drawn[to])
			continue;
		double x0 = u->x[from], y0 = u->y[from], dx = u->x[to] - x0, dy = u->y[to] - y0, len = hypot(dx, dy);
		double stop = FIGURE_MARKER_R * 1.6 * s, head = 16 * s;
		if (len < 2 * stop + head)
			continue;
		double ux = dx / len, uy = dy / len, ex = u->x[to] - ux * stop, ey = u->y[to] - uy * stop;
		buf_addf(b, "<path d=\"M%.1f %.1fL%.1f %.1f\" stroke-width=\"%.2f\" stroke-linecap=\"round\"",
			 x0 + ux * stop, y0 + uy * stop, ex - ux * head * 0.8, ey - uy * head * 0.8, 3 * s);
		hex(b, "stroke", u->col[from]);
		buf_addf(b, "/>\n<path d=\"M%.1f %.1fL%.1f %.1fL%.1f %.1fZ\"", ex, ey, ex - ux * head - uy * head * 0.45,
			 ey - uy * head + ux * head * 0.45, ex - ux * head + uy * head * 0.45, ey - uy * head - ux * head * 0.45);
		hex(b, "fill", u->col[from]);
		buf_puts(b, "/>\n");
	}
	for (size_t i = 0; i < u->up->n; i++) {
		const struct userpoint *up = &u->up->v[i];
		if (!u->inside[i])
			continue;
		buf_puts(b, "<g class=\"upt\" tabindex=\"0\"><title>");
		char rate[32];
		html_escapef(b, "%s %s: %s GFLOP/s at %.3g flop/byte%s", up->name, up->version,
			     format_rate(up->p.gflops, rate, sizeof rate), up->p.ai,
			     up->above ? " (above its roof!)" : "");
		buf_puts(b, "</title>");
		if (up->above) {
			buf_addf(b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"none\" stroke-width=\"%.2f\"", u->x[i],
				 u->y[i], FIGURE_MARKER_R * 2.1 * s, 3 * s);
			hex(b, "stroke", C_FLAG);
			buf_puts(b, "/>");
		}
		buf_puts(b, "<path");
		marker_d(b, SH_STAR, u->x[i], u->y[i], FIGURE_MARKER_R * 1.45 * s);
		hex(b, "fill", u->col[i]);
		hex(b, "stroke", darker(u->col[i], 0.6));
		buf_addf(b, " stroke-width=\"%.2f\"/></g>\n", 1.5 * s);
	}
}

static void labels(struct buf *b, const struct svg_scene_in *in)
{
	const struct figure *fg = in->fg;
	const struct figure_kernels *k = &fg->k;
	for (size_t i = 0; i < fg->nlines; i++) {
		const struct figure_line *l = &fg->lines[i];
		if (!l->labelled)
			continue;
		text(b, in, &(struct svg_text_at){ l->text, l->ox, l->oy, l->px, 0, l->angle, darker(l->col, 0.9), 1,
						   is_ceiling(l) ? "ceil" : NULL, NULL });
	}
	if (fg->has_ridge && fg->ridge_item.placed)
		text_in_box(b, in, (struct svg_text_at){ fg->ridge_text, 0, 0, FIGURE_PX_ROOF_LABEL, 0, 0, C_ROOF, 1, NULL,
							  NULL }, fg->ridge_item.box);
	for (size_t i = 0; i < fg->nitems; i++) {
		if (!fg->items[i].placed)
			continue;   /* no free spot: left out, as in roofline.png */
		const struct figure_family *fm = &k->fam[k->grp[k->grp_of[fg->item_point[i]]].fam];
		text_in_box(b, in, (struct svg_text_at){ fg->item_text[i], 0, 0, FIGURE_PX_POINT_LABEL, 0, 0,
							  darker(fm->col, 0.7), 1, NULL, fm }, fg->items[i].box);
	}
	const struct figure_users *u = &fg->users;
	for (size_t i = 0; u->up && i < u->up->n; i++)
		if (u->items[i].placed)
			text_in_box(b, in, (struct svg_text_at){ u->text[i], 0, 0, FIGURE_PX_POINT_LABEL, 1, 0,
								  u->up->v[i].above ? C_FLAG : darker(u->col[i], 0.7), 1,
								  NULL, NULL }, u->items[i].box);
}

/* The legend: a family's row is a button (class "lg-fam") a page may make hide that family. */
static void legend(struct buf *b, const struct svg_scene_in *in)
{
	const struct figure_legend *lg = &in->fg->lg;
	double s = in->fg->s;
	if (!lg->n)
		return;
	buf_addf(b, "<g class=\"legend\"><rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"%.1f\" "
		 "fill=\"#ffffff\" fill-opacity=\"%.2f\" stroke-width=\"%.2f\"", lg->box.x0, lg->box.y0,
		 lg->box.x1 - lg->box.x0, lg->box.y1 - lg->box.y0, 6 * s, lg->placed ? 0.92 : 1.0, 1.2 * s);
	hex(b, "stroke", C_GRID);
	buf_puts(b, "/>\n");
	for (size_t i = 0; i < lg->n; i++) {
		const struct figure_legend_row *r = &lg->rows[i];
		struct figure_legend_spot at = figure_legend_spot(lg, i, s);
		double cy = at.cy, sx0 = at.sx0, sx1 = at.sx1, mx = at.mx;
		if (r->kind == LEG_FAMILY) {
			buf_puts(b, "<g class=\"lg-fam\" tabindex=\"0\" role=\"button\" aria-pressed=\"true\"");
			fam_attr(b, r->fam);
			buf_addf(b, "><rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"#ffffff\" "
				 "fill-opacity=\"0\"/>", sx0 - 4 * s, cy - lg->row_h / 2, lg->col_w + 8 * s, lg->row_h);
			if (r->fam->joined) {
				buf_addf(b, "<path d=\"M%.1f %.1fH%.1f\" stroke-opacity=\"0.55\" stroke-width=\"%.2f\"", sx0, cy,
					 sx1, 2 * s);
				hex(b, "stroke", r->fam->col);
				buf_puts(b, "/>");
			}
			point_marker(b, s, r->fam, NULL, mx, cy);
		} else if (r->kind == LEG_LEVEL) {
			buf_addf(b, "<g><path d=\"M%.1f %.1fH%.1f\" stroke-width=\"%.2f\"", sx0, cy, sx1, 2 * s);
			hex(b, "stroke", C_MUTED);
			level_dash(b, r->style, 0, s);
			buf_puts(b, "/>");
			struct figure_family muted = { .col = C_MUTED, .shape = SH_CIRCLE };
			struct figure_group look = { .style = r->style == LV_OTHER ? LV_OTHER : LV_L1 };
			point_marker(b, s, &muted, &look, mx, cy);
		} else if (r->kind == LEG_OPEN) {
			struct figure_family muted = { .col = C_MUTED, .shape = SH_CIRCLE };
			struct figure_group look = { .style = LV_BASE, .hollow = 1 };
			buf_puts(b, "<g>");
			point_marker(b, s, &muted, &look, mx, cy);
		} else if (r->kind != LEG_TEXT) {
			struct figure_line l = { .x0 = sx0, .y0 = cy, .x1 = sx1, .y1 = cy, .col = r->col, .width = r->width,
						 .dashed = r->dashed };
			buf_puts(b, r->kind == LEG_CEILING ? "<g class=\"ceil\">" : "<g>");
			line(b, s, &l, NULL);
		} else {
			buf_puts(b, "<g>");
		}
		struct figure_text te;
		in->m->extents(in->m->ctx, r->text, FIGURE_PX_LEGEND * s, 0, &te);
		text(b, in, &(struct svg_text_at){ r->text, r->kind == LEG_TEXT ? sx0 : sx1 + 10 * s,
						   cy - te.y_bearing - te.height / 2, FIGURE_PX_LEGEND, 0, 0, C_TEXT, 0,
						   NULL, NULL });
		buf_puts(b, "</g>\n");
	}
	buf_puts(b, "</g>\n");
}

void svg_scene_write(struct buf *b, const struct svg_scene_in *in)
{
	const struct figure *fg = in->fg;
	const struct plot_frame *f = &fg->f;
	double s = fg->s;
	char title[512], sub[512];
	plot_title_text(in->meta, title, sizeof title, sub, sizeof sub);
	buf_addf(b, "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\" font-family=\"" FONTS "\" "
		 "role=\"group\" aria-label=\"", f->width, f->height);
	html_escape(b, title);
	buf_puts(b, "\">\n<defs><clipPath id=\"");
	html_escape(b, in->id);
	buf_addf(b, "\"><rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\"/></clipPath></defs>\n",
		 fg->plot.x0, fg->plot.y0, fg->plot.x1 - fg->plot.x0, fg->plot.y1 - fg->plot.y0);
	buf_addf(b, "<rect width=\"%d\" height=\"%d\"", f->width, f->height);
	hex(b, "fill", C_BG);
	buf_puts(b, "/>\n");
	fitted(b, in, (struct svg_text_at){ title, 0, 52 * s, FIGURE_PX_TITLE, 1, 0, C_TEXT, 0, NULL, NULL });
	if (sub[0])
		fitted(b, in, (struct svg_text_at){ sub, 0, 90 * s, FIGURE_PX_SUBTITLE, 0, 0, C_MUTED, 0, NULL, NULL });
	buf_puts(b, "<g clip-path=\"url(#");
	html_escape(b, in->id);
	buf_puts(b, ")\">\n");
	back(b, fg);
	polylines(b, fg);
	leaders(b, fg);
	points(b, in);
	users(b, fg);
	if (fg->has_ridge) {
		buf_addf(b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" stroke-width=\"%.2f\"", fg->rx, fg->ry, 6.5 * s,
			 2.6 * s);
		hex(b, "fill", C_BG);
		hex(b, "stroke", C_ROOF);
		buf_puts(b, "/>\n");
	}
	buf_puts(b, "</g>\n");
	labels(b, in);
	legend(b, in);
	axes(b, in);
	buf_puts(b, "</svg>\n");
}
