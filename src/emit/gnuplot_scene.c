/*
 * gnuplot_scene.c - roofline.gp drawn from the figure's scene (figure.h):
 * the frame, every roof and ceiling segment with its look and label, the
 * ridge, the shaded region, the point labels and the legend's entries are
 * the layout roofline.png was drawn from, written as numbers; nothing here
 * decides what is shown or where. The points themselves are read by the
 * script from points.csv, one clause per scene group naming its rows.
 */
#include "gnuplot_scene.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gnuplot_text.h"
#include "util.h"

/* Pixel (x, y) of the scene to data (intensity, GFLOP/s): plot_to_pixel's inverse. */
void gp_scene_to_data(const struct plot_frame *f, double x, double y, double *ai, double *gf)
{
	double lx = log10(f->xmin), hx = log10(f->xmax);
	double ly = log10(f->ymin), hy = log10(f->ymax);
	*ai = pow(10, lx + (x - f->left) / (f->right - f->left) * (hx - lx));
	*gf = pow(10, ly + (f->bottom - y) / (f->bottom - f->top) * (hy - ly));
}

/* A colour as gnuplot's rgb string body: "#1b1b1b". */
void gp_scene_hex(struct figure_rgb c, char *out, size_t size)
{
	int r = (int)lround(fmin(fmax(c.r, 0), 1) * 255), g = (int)lround(fmin(fmax(c.g, 0), 1) * 255),
	    b = (int)lround(fmin(fmax(c.b, 0), 1) * 255);
	snprintf(out, size, "#%02x%02x%02x", r, g, b);
}

/*
 * gnuplot's point types for the scene's shapes (pngcairo, svg and pdfcairo
 * number them alike): filled, then open. gnuplot has no hexagon: its
 * pentagon stands in.
 */
int gp_scene_point_type(enum figure_shape sh, int open)
{
	static const int filled[NSHAPES] = { 7, 5, 9, 13, 11, 15, 3 };
	static const int hollow[NSHAPES] = { 6, 4, 8, 12, 10, 14, 3 };
	return (open ? hollow : filled)[sh < NSHAPES ? sh : 0];
}

/* "at 0.125, 3.5" for pixel (x, y). */
static void at(struct buf *b, const struct plot_frame *f, double x, double y)
{
	char n1[32], n2[32];
	double ai, gf;
	gp_scene_to_data(f, x, y, &ai, &gf);
	buf_addf(b, "%s, %s", gp_num(ai, n1, sizeof n1), gp_num(gf, n2, sizeof n2));
}

/* One text label: at pixel (x, y), justified `just`, rotated by deg, size px, colour col; tag names it in the script. */
struct gp_label {
	const char *text;
	double x, y;
	const char *just;
	double deg, px;
	struct figure_rgb col;
	const char *tag;
};

/* A segment between pixels (x0, y0) and (x1, y1): its width, dash type, colour and tag. */
struct gp_segment {
	double x0, y0, x1, y1;
	double width;
	const char *dt;
	struct figure_rgb col;
	const char *tag;
};

static void text_label(struct buf *b, const struct plot_frame *f, const struct gp_label *l)
{
	char hex[16];
	char *t = gp_str(l->text);
	gp_scene_hex(l->col, hex, sizeof hex);
	buf_addf(b, "set label '%s' at ", t);
	at(b, f, l->x, l->y);
	buf_addf(b, " %s rotate by %.2f font ',%.1f' tc rgb '%s' front    # %s\n", l->just, l->deg, l->px, hex,
		 l->tag);
	free(t);
}

/* A label of size px centred in box r, unrotated. */
static struct gp_label centred(const char *text, struct labels_box r, double px, struct figure_rgb col,
			       const char *tag)
{
	return (struct gp_label){ text, 0.5 * (r.x0 + r.x1), 0.5 * (r.y0 + r.y1), "center", 0, px, col, tag };
}

/* A segment as a headless arrow. */
static void segment(struct buf *b, const struct plot_frame *f, const struct gp_segment *g)
{
	char hex[16];
	gp_scene_hex(g->col, hex, sizeof hex);
	buf_puts(b, "set arrow from ");
	at(b, f, g->x0, g->y0);
	buf_puts(b, " to ");
	at(b, f, g->x1, g->y1);
	buf_addf(b, " nohead lw %.2f dt %s lc rgb '%s' back    # %s\n", g->width, g->dt, hex, g->tag);
}

/* A leader from a moved label to its spot, as labels_leader draws it. */
static struct gp_segment leader(const struct labels_item *it, double width, struct figure_rgb col, const char *tag)
{
	struct gp_segment g = { .width = width, .dt = "1", .col = col, .tag = tag };
	labels_leader(it, &g.x0, &g.y0, &g.x1, &g.y1);
	return g;
}

/*
 * The roofs and ceilings: each visible segment as the scene has it, its
 * label (baseline origin and angle, y down) moved to the middle of its
 * text's height, where gnuplot anchors a label.
 */
static void roofs(const struct figure *fg, struct buf *b)
{
	const struct plot_frame *f = &fg->f;
	for (size_t i = 0; i < fg->nlines; i++) {
		const struct figure_line *l = &fg->lines[i];
		if (!l->visible)
			continue;
		/* The scene's widths are at scale 1; gnuplot's lw 1 is about 1 px at this size. */
		segment(b, f, &(struct gp_segment){ l->x0, l->y0, l->x1, l->y1, l->width * fg->s, l->dashed ? "2" : "1",
					       l->col, "roof" });
		if (!l->labelled)
			continue;
		double up = 0.36 * l->px * fg->s;
		double x = l->ox + up * sin(l->angle), y = l->oy - up * cos(l->angle);
		struct figure_rgb c = { 0.9 * l->col.r, 0.9 * l->col.g, 0.9 * l->col.b };
		text_label(b, f, &(struct gp_label){ l->text, x, y, "left", -l->angle * 180 / M_PI, l->px * fg->s, c,
					       "roof label" });
	}
	if (!b->len)
		buf_puts(b, "# (no roofs drawn)\n");
}

static void ridge_shade_labels(const struct figure *fg, struct buf *b)
{
	const struct plot_frame *f = &fg->f;
	static const struct figure_rgb ink = { 0x1b / 255.0, 0x1b / 255.0, 0x1b / 255.0 };
	static const struct figure_rgb lead = { 0x8a / 255.0, 0x8f / 255.0, 0x96 / 255.0 };
	if (fg->shaded) {
		buf_puts(b, "set object 1 polygon from ");
		for (int i = 0; i <= 5; i++) {   /* back to the first corner: gnuplot wants it closed */
			if (i)
				buf_puts(b, " to ");
			at(b, f, fg->shade_x[i % 5], fg->shade_y[i % 5]);
		}
		buf_puts(b, " fc rgb '#f1f4f8' fs solid noborder behind    # under the roofline's slope and peak\n");
	}
	if (fg->has_ridge) {
		segment(b, f, &(struct gp_segment){ fg->rx, fg->ry, fg->rx, f->bottom, 1.6 * fg->s, "3", lead, "ridge drop" });
		buf_puts(b, "set label '' at ");
		at(b, f, fg->rx, fg->ry);
		buf_puts(b, " point pt 6 ps 1.6 lc rgb '#1b1b1b' front    # ridge\n");
		if (fg->ridge_item.placed) {
			struct gp_label l = centred(fg->ridge_text, fg->ridge_item.box, FIGURE_PX_ROOF_LABEL * fg->s, ink,
						    "ridge label");
			text_label(b, f, &l);
		}
	}
	for (size_t i = 0; i <= fg->nitems; i++) {
		const struct labels_item *it = i < fg->nitems ? &fg->items[i] : &fg->ridge_item;
		if (!it->placed || !it->moved || (i == fg->nitems && !fg->has_ridge))
			continue;
		struct gp_segment g = leader(it, 1.2 * fg->s, lead, "leader");
		segment(b, f, &g);
	}
	for (size_t i = 0; i < fg->nitems; i++) {
		if (!fg->items[i].placed)
			continue;   /* no free spot: left out, as in roofline.png */
		const struct figure_group *gr = &fg->k.grp[fg->k.grp_of[fg->item_point[i]]];
		struct figure_rgb c = fg->k.fam[gr->fam].col;
		c.r *= 0.7, c.g *= 0.7, c.b *= 0.7;
		struct gp_label l = centred(fg->item_text[i], fg->items[i].box, FIGURE_PX_POINT_LABEL * fg->s, c,
					    "point label");
		text_label(b, f, &l);
	}
}

static void plot_clause(struct buf *plots, const char *s)
{
	if (plots->len)
		buf_puts(plots, ", \\\n");
	buf_puts(plots, "     ");
	buf_puts(plots, s);
}

/* The dash type of a group's polyline: the level styles' dots and dashes, another thread count's dashes. */
static const char *group_dt(const struct figure_group *gr)
{
	if (gr->style == LV_L1)
		return "3";
	if (gr->style == LV_OTHER || gr->hollow)
		return "2";
	return "1";
}

/*
 * One clause per group: its rows of points.csv (rows[i] is the row of the
 * scene's point i), its family's colour and marker, open for another level
 * or thread count; the family's legend text on its first group.
 */
static void groups(const struct figure *fg, const size_t *rows, struct buf *plots)
{
	const struct figure_kernels *k = &fg->k;
	char titled[ANALYSIS_MAX_POINTS] = { 0 };
	for (size_t j = 0; j < k->ngrp; j++) {
		const struct figure_group *gr = &k->grp[j];
		const struct figure_family *fm = &k->fam[gr->fam];
		struct buf rs = { 0 }, cl = { 0 };
		char hex[16];
		buf_puts(&rs, " ");
		for (size_t i = 0; i < gr->n; i++)
			buf_addf(&rs, "%zu ", rows[k->byparam[gr->start + i]]);
		gp_scene_hex(fm->col, hex, sizeof hex);
		int joined = figure_joined(gr);
		buf_addf(&cl, "pts using 'ai':(row(column(0), '%s') ? column('gflops') : NaN) with %s lc rgb '%s' pt %d ps 2.2",
			 rs.s, joined ? "linespoints" : "points", hex,
			 gp_scene_point_type(fm->shape, gr->style != LV_BASE || gr->hollow));
		if (joined)
			buf_addf(&cl, " lw %.2f dt %s", 2 * fg->s, group_dt(gr));
		if (gr->style == LV_BASE && !gr->hollow && !titled[gr->fam]) {
			char *t = gp_str(fm->name);
			buf_addf(&cl, " title '%s'", t);
			free(t);
			titled[gr->fam] = 1;
		} else {
			buf_puts(&cl, " notitle");
		}
		plot_clause(plots, cl.s);
		free(rs.s);
		free(cl.s);
	}
}

/* The legend's rows other than families: a sample line (roofs, levels) or text alone, as key entries. */
static void legend_rows(const struct figure *fg, struct buf *plots)
{
	for (size_t i = 0; i < fg->lg.n; i++) {
		const struct figure_legend_row *r = &fg->lg.rows[i];
		if (r->kind == LEG_FAMILY)
			continue;
		char hex[16], *t = gp_str(r->text);
		struct buf cl = { 0 };
		if (r->kind == LEG_TEXT) {
			buf_addf(&cl, "NaN with lines lc rgb '#ffffff' title '%s'", t);
		} else if (r->kind == LEG_LEVEL || r->kind == LEG_OPEN) {
			buf_addf(&cl, "NaN with linespoints lc rgb '#5c5c5c' pt 6 dt %s title '%s'",
				 r->kind == LEG_OPEN ? "2" : r->style == LV_L1 ? "3" : "2", t);
		} else {
			gp_scene_hex(r->col, hex, sizeof hex);
			buf_addf(&cl, "NaN with lines lw %.2f dt %s lc rgb '%s' title '%s'", r->width * fg->s,
				 r->dashed ? "2" : "1", hex, t);
		}
		plot_clause(plots, cl.s);
		free(cl.s);
		free(t);
	}
}

/* The key where the scene put its legend: its top left corner, in screen fractions. */
static char *key(const struct figure *fg)
{
	if (!fg->lg.n)
		return xstrdup("unset key");
	double w = fg->f.width, h = fg->f.height;
	return xasprintf("set key at screen %.4f, screen %.4f left top Left reverse samplen 2.5 "
			 "spacing 1.3 font ',%.1f' box lc rgb '#dadde1' opaque maxrows %zu",
			 fg->lg.box.x0 / w, 1 - fg->lg.box.y0 / h, FIGURE_PX_LEGEND * fg->s,
			 fg->lg.per_col ? fg->lg.per_col : fg->lg.n);
}

/*
 * The user's points (plot --points) the scene holds: read from their file
 * by row (a row's line less the header's: the file's other thread counts
 * are other figures'), one clause per colour the scene gave a name; their
 * arrows, and their labels where the scene placed them.
 */
static void user_clauses(const struct figure *fg, const char *upath, struct buf *vars, struct buf *labels,
			 struct buf *plots)
{
	const struct figure_users *u = &fg->users;
	const struct userpoints *up = u->up;
	char n1[32], n2[32], n3[32], n4[32], hex[16];
	if (!up || !up->n || !upath)
		return;
	buf_addf(vars, "upts = '%s'    # your code (--points): versions of one name joined by arrows, in file order\n",
		 upath);
	for (size_t i = 0; i < up->n; i++) {
		size_t j = 0;
		while (j < i && !(u->col[j].r == u->col[i].r && u->col[j].g == u->col[i].g && u->col[j].b == u->col[i].b))
			j++;
		if (j < i)
			continue;   /* the scene gives a name one colour: one clause a colour */
		struct buf rows = { 0 }, cl = { 0 };
		for (size_t k = i; k < up->n; k++)
			if (u->col[k].r == u->col[i].r && u->col[k].g == u->col[i].g && u->col[k].b == u->col[i].b &&
			    up->v[k].line >= 2)
				buf_addf(&rows, " %zu", up->v[k].line - 2);
		gp_scene_hex(u->col[i], hex, sizeof hex);
		buf_addf(&cl, "upts using (column('flops') / column('bytes')):(row(column(0), '%s ') ? "
			 "column('flops') / column('seconds') / 1e9 : NaN) with points lc rgb '%s' pt 3 ps 2.4 notitle",
			 rows.s ? rows.s : "", hex);
		plot_clause(plots, cl.s);
		free(cl.s);
		free(rows.s);
	}
	for (size_t k = 0; k < u->narrows; k++) {
		const struct point *p0 = &up->v[u->arrows[k].from].p, *p1 = &up->v[u->arrows[k].to].p;
		gp_scene_hex(u->col[u->arrows[k].from], hex, sizeof hex);
		buf_addf(labels, "set arrow from %s, %s to %s, %s head filled size screen 0.012,20 lw 2 lc rgb '%s'  # user arrow\n",
			 gp_num(p0->ai, n1, sizeof n1), gp_num(p0->gflops, n2, sizeof n2),
			 gp_num(p1->ai, n3, sizeof n3), gp_num(p1->gflops, n4, sizeof n4), hex);
	}
	/* Their labels where the scene placed them ("loop v2 (above its roof!)"), leaders to those that moved. */
	for (size_t i = 0; i < up->n; i++) {
		const struct labels_item *it = &u->items[i];
		if (!u->drawn[i] || !it->placed)
			continue;
		if (it->moved) {
			struct gp_segment g = leader(it, 1.2 * fg->s, u->col[i], "user leader");
			segment(labels, &fg->f, &g);
		}
		struct figure_rgb c = { 0.7 * u->col[i].r, 0.7 * u->col[i].g, 0.7 * u->col[i].b };
		struct gp_label l = centred(u->text[i], it->box, FIGURE_PX_POINT_LABEL * fg->s, c, "user label");
		text_label(labels, &fg->f, &l);
	}
}

/*
 * "'0.01' 0.01, '' 0.02 1, ...": the decades from lo to hi as roofline.png
 * labels them, and the unlabelled minor tics (2..9 times a decade) its grid
 * draws.
 */
static char *decade_tics(double lo, double hi)
{
	struct buf b = { 0 };
	char txt[32], num[32];
	for (int k = (int)floor(log10(lo) + 1e-9); k <= (int)floor(log10(hi) + 1e-9) && k < 400; k++)
		for (int m = 1; m <= 9; m++) {
			double v = m * pow(10, k);
			if (v < lo * (1 - 1e-9) || v > hi * (1 + 1e-9))
				continue;
			if (m == 1)
				figure_decade_text(k, txt, sizeof txt);
			buf_addf(&b, "%s'%s' %s%s", b.len ? ", " : "", m == 1 ? txt : "", gp_num(v, num, sizeof num),
				 m == 1 ? "" : " 1");
		}
	return b.len ? buf_take(&b) : xstrdup("");
}

void gp_scene_substs(const struct figure *fg, const struct gp_scene_text *t, const size_t *rows,
		     const char *upath, struct gp_substs *s)
{
	const struct plot_frame *f = &fg->f;
	char num[32];
	struct buf vars = { 0 }, labels = { 0 }, plots = { 0 };
	double w = f->width, h = f->height;
	gp_subst_setf(s, "WIDTH", "%d", f->width);
	gp_subst_setf(s, "HEIGHT", "%d", f->height);
	gp_subst_setf(s, "LEFT", "%.4f", f->left / w);
	gp_subst_setf(s, "RIGHT", "%.4f", f->right / w);
	gp_subst_setf(s, "TOP", "%.4f", 1 - f->top / h);
	gp_subst_setf(s, "BOTTOM", "%.4f", 1 - f->bottom / h);
	gp_subst_set(s, "XMIN", xstrdup(gp_num(f->xmin, num, sizeof num)));
	gp_subst_set(s, "XMAX", xstrdup(gp_num(f->xmax, num, sizeof num)));
	gp_subst_set(s, "YMIN", xstrdup(gp_num(f->ymin, num, sizeof num)));
	gp_subst_set(s, "YMAX", xstrdup(gp_num(f->ymax, num, sizeof num)));
	gp_subst_set(s, "XTICS", decade_tics(f->xmin, f->xmax));
	gp_subst_set(s, "YTICS", decade_tics(f->ymin, f->ymax));
	/* Where roofline.png writes its title and subtitle (plot_cairo.c's draw_titles), baselines as centres. */
	gp_subst_setf(s, "TITLE_X", "%.4f", 22 * fg->s / w);
	gp_subst_setf(s, "TITLE_Y", "%.4f", 1 - (52 - 0.36 * FIGURE_PX_TITLE) * fg->s / h);
	gp_subst_setf(s, "SUBTITLE_Y", "%.4f", 1 - (90 - 0.36 * FIGURE_PX_SUBTITLE) * fg->s / h);
	gp_subst_set(s, "HEADLINE", gp_str(t->headline));
	gp_subst_set(s, "SUBTITLE", gp_str(t->subtitle));
	gp_subst_setf(s, "THREADS", "%d thread%s", t->threads, t->threads == 1 ? "" : "s");
	gp_subst_set(s, "KEY", key(fg));

	roofs(fg, &vars);
	ridge_shade_labels(fg, &labels);
	groups(fg, rows, &plots);
	user_clauses(fg, upath, &vars, &labels, &plots);
	legend_rows(fg, &plots);
	if (!plots.len) {
		/* Nothing read from points.csv: the roofs (set arrow) still draw under an empty plot. */
		if (!fg->nlines)
			buf_puts(&labels, "set label 'no roofs and no kernels in this run' at graph 0.5, graph 0.5 center font ',20'\n");
		plot_clause(&plots, "NaN notitle");
	}
	buf_puts(&plots, "\n");
	gp_subst_set(s, "ROOFS", buf_take(&vars));
	gp_subst_set(s, "LABELS", labels.len ? buf_take(&labels) : xstrdup(""));
	gp_subst_set(s, "PLOTS", buf_take(&plots));
}
