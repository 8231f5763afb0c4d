/*
 * plot_compare_gp.c - compare.gp (plot_compare.h: plot_compare_gnuplot):
 * the compare figure's layout as numbers in datablocks and its texts in
 * gnuplot arrays, every text through gp_str, so `gnuplot compare.gp` draws
 * what compare.png shows.
 */
#include "plot_compare.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gnuplot.h"
#include "gnuplot_text.h"
#include "util.h"

#include "compare_figure_style.h"

/*
 * s for a comment line of the script: gp_str's body, without a backslash at
 * its end (the template writes the run names at the end of comment lines,
 * where a trailing backslash would carry the comment into the next line).
 */
static char *gp_note(const char *s)
{
	char *q = gp_str(s);
	size_t n = strlen(q);
	while (n > 0 && q[n - 1] == '\\')
		q[--n] = 0;
	return q;
}

/* name[i] = 'text' for a gnuplot array of n strings, every text through gp_str. */
static void gp_array(struct buf *b, const char *name, size_t n, const char *const *texts)
{
	buf_addf(b, "array %s[%zu]\n", name, n ? n : 1);
	for (size_t i = 0; i < n; i++) {
		char *q = gp_str(texts[i]);
		buf_addf(b, "%s[%zu] = '%s'\n", name, i + 1, q);
		free(q);
	}
}

/* A number for a datablock: %.9g, or NaN (gnuplot's spelling) when missing. */
static const char *block_num(double v, char *buf)
{
	if (isfinite(v))
		snprintf(buf, 32, "%.9g", v);
	else
		snprintf(buf, 32, "NaN");
	return buf;
}

/* Pixel (x, y) of f back to data (intensity, GFLOP/s). */
static void to_data(const struct plot_frame *f, double x, double y, double *ai, double *gf)
{
	double lx = log10(f->xmin), hx = log10(f->xmax), ly = log10(f->ymin), hy = log10(f->ymax);
	*ai = pow(10, lx + (x - f->left) / (f->right - f->left) * (hx - lx));
	*gf = pow(10, ly + (f->bottom - y) / (f->bottom - f->top) * (hy - ly));
}

/* $roofs: each line's ends, run, dash and its label where compare.png has it (NaN when left out). */
static char *roof_rows(const struct plot_compare_layout *l)
{
	const struct plot_frame *f = &l->f;
	struct buf rf = { 0 };
	char n1[32], n2[32];
	for (size_t i = 0; i < l->nlines; i++) {
		const struct plot_compare_line *ln = &l->lines[i];
		double x = NAN, y = NAN;
		if (ln->labelled)
			to_data(f, ln->lx, ln->ly, &x, &y);
		buf_addf(&rf, "%.9g,%.9g,%.9g,%.9g,%d,%d,%s,%s,%.2f\n", ln->x0, ln->y0, ln->x1, ln->y1,
			ln->run_b, ln->roof->kind == ROOF_CEILING, block_num(x, n1), block_num(y, n2),
			ln->labelled ? -ln->angle * 180 / M_PI : 0.0);
	}
	return rf.len ? buf_take(&rf) : xstrdup("");
}

static long rgb_of(struct figure_rgb c)
{
	return lround(c.r * 255) << 16 | lround(c.g * 255) << 8 | lround(c.b * 255);
}

/* $points: each kernel's A and B, its move, its label's centre, colour, arrow flag and leader. */
static char *point_rows(const struct plot_compare_layout *l)
{
	const struct plot_frame *f = &l->f;
	struct buf pf = { 0 };
	for (size_t i = 0; i < l->nmarks; i++) {
		const struct plot_compare_mark *mk = &l->marks[i];
		double x = NAN, y = NAN;
		if (mk->arrow && mk->item.placed)
			to_data(f, 0.5 * (mk->item.box.x0 + mk->item.box.x1), 0.5 * (mk->item.box.y0 + mk->item.box.y1), &x, &y);
		/* A label that moved away: its leader, as compare.png draws it. */
		double lx0 = NAN, ly0 = NAN, lx1 = NAN, ly1 = NAN;
		if (mk->arrow && mk->item.placed && mk->item.moved) {
			double px0, py0, px1, py1;
			labels_leader(&mk->item, &px0, &py0, &px1, &py1);
			to_data(f, px0, py0, &lx0, &ly0);
			to_data(f, px1, py1, &lx1, &ly1);
		}
		char n[8][32];
		buf_addf(&pf, "%s,%s,%.9g,%.9g,%d,%s,%s,%s,%ld,%d,%s,%s,%s,%s\n", block_num(mk->arrow ? mk->ai_a : NAN, n[0]),
			block_num(mk->arrow ? mk->gf_a : NAN, n[1]), mk->ai_b, mk->gf_b, mk->run_b,
			mk->arrow ? compare_move_name(mk->row->moved) : "", block_num(x, n[2]), block_num(y, n[3]),
			rgb_of(mk->col), mk->arrow, block_num(lx0, n[4]), block_num(ly0, n[5]), block_num(lx1, n[6]),
			block_num(ly1, n[7]));
	}
	return pf.len ? buf_take(&pf) : xstrdup("");
}

/*
 * The key's rows after the runs, as compare.png's legend has them: the
 * families of the moves (a line in each one's colour), then the roofs no
 * spot along their lines could name.
 */
static char *key_rows(const struct plot_compare_layout *l)
{
	struct buf kf = { 0 };
	for (size_t i = 0; i < l->nkeys; i++) {
		const struct plot_compare_key *k = &l->keys[i];
		if (k->kind == KEY_FAMILY) {
			char *q = gp_str(k->text);
			buf_addf(&kf, ", \\\n  NaN with lines lw 3 lc rgb '#%06lx' title '%s'", (unsigned long)rgb_of(k->col), q);
			free(q);
		} else if (k->kind == KEY_ROOF) {
			const struct plot_compare_line *ln = &l->lines[k->line];
			buf_addf(&kf, ", \\\n  NaN with lines lw %d%s lc rgb %s title roof_text[%d]",
				 ln->roof->kind == ROOF_CEILING ? 2 : 3, ln->roof->kind == ROOF_CEILING ? " dt 2" : "",
				 ln->run_b ? "solid" : "faint", k->line + 1);
		}
	}
	return kf.len ? buf_take(&kf) : xstrdup("");
}

/* The "what moved" box: labels at compare.png's place, its rows one below another, in a frame. */
static char *moved_box(const struct plot_compare_layout *l)
{
	const struct plot_frame *f = &l->f;
	struct buf mf = { 0 };
	for (size_t i = 0; i < l->nmoved; i++) {
		char *q = gp_str(l->moved[i]);
		double y = l->moved_box.y0 + KEY_PAD * f->scale + ((double)i + 0.5) * l->row_h;
		buf_addf(&mf, "set label %zu '%s' at screen %.4f, %.4f left front%s\n", i + 1, q,
			 (l->moved_box.x0 + KEY_PAD * f->scale) / f->width, 1 - y / f->height, i == 0 ? " font ',16:Bold'" : "");
		free(q);
	}
	buf_addf(&mf, "set object 1 rectangle from screen %.4f, %.4f to screen %.4f, %.4f front fillstyle empty border lc rgb 'gray50'\n",
		 l->moved_box.x0 / f->width, 1 - l->moved_box.y1 / f->height, l->moved_box.x1 / f->width,
		 1 - l->moved_box.y0 / f->height);
	return buf_take(&mf);
}

/* The numbers the template takes: the ranges, the plot area, the key's and the titles' places. */
struct gp_numbers {
	char xmin[32], xmax[32], ymin[32], ymax[32], narrows[32], threads[32];
	char margins[200], key[120], heads[80], subhead[80];
};

static void gp_numbers(const struct plot_compare_layout *l, struct gp_numbers *n)
{
	const struct plot_frame *f = &l->f;
	snprintf(n->margins, sizeof n->margins,
		 "set lmargin at screen %.4f; set rmargin at screen %.4f\nset tmargin at screen %.4f; set bmargin at screen %.4f",
		 f->left / f->width, f->right / f->width, 1 - f->top / f->height, 1 - f->bottom / f->height);
	snprintf(n->key, sizeof n->key, "%.4f, %.4f", l->legend.x0 / f->width, 1 - l->legend.y0 / f->height);
	/* The title and subtitle where compare.png has them, left at its margin. */
	snprintf(n->heads, sizeof n->heads, "%.4f, %.4f", 22 * f->scale / f->width, 1 - 52 * f->scale / f->height);
	snprintf(n->subhead, sizeof n->subhead, "%.4f, %.4f", 22 * f->scale / f->width, 1 - 90 * f->scale / f->height);
	snprintf(n->xmin, sizeof n->xmin, "%.9g", f->xmin);
	snprintf(n->xmax, sizeof n->xmax, "%.9g", f->xmax);
	snprintf(n->ymin, sizeof n->ymin, "%.9g", f->ymin);
	snprintf(n->ymax, sizeof n->ymax, "%.9g", f->ymax);
	snprintf(n->narrows, sizeof n->narrows, "%zu", l->narrows);
	snprintf(n->threads, sizeof n->threads, "%d", l->threads);
}

int plot_compare_gnuplot(const struct plot_compare_layout *l, const char *templates_dir,
			 const char *out_dir, char *err, size_t errlen)
{
	const char *rtext[2 * ANALYSIS_MAX_ROOFS], *ptext[2 * ANALYSIS_MAX_POINTS];
	for (size_t i = 0; i < l->nlines; i++)
		rtext[i] = l->lines[i].label;
	for (size_t i = 0; i < l->nmarks; i++)
		ptext[i] = l->marks[i].label;
	struct buf tb = { 0 };
	gp_array(&tb, "roof_text", l->nlines, rtext);
	gp_array(&tb, "point_text", l->nmarks, ptext);
	char *texts = buf_take(&tb), *roofs = roof_rows(l), *points = point_rows(l), *listed = key_rows(l),
	     *moved = moved_box(l);
	struct gp_numbers n;
	gp_numbers(l, &n);
	/* Every text through gp_str: as a string's body, and for the comment lines without a trailing backslash. */
	char *title = gp_str(l->title), *ra = gp_str(l->run_a), *rb = gp_str(l->run_b), *sub = gp_str(l->subtitle);
	char *title_n = gp_note(l->title), *ra_n = gp_note(l->run_a), *rb_n = gp_note(l->run_b),
	     *machines_n = gp_note(l->machines);
	const char *keys[] = { "TITLE", "RUN_A", "RUN_B", "XMIN", "XMAX", "YMIN", "YMAX", "ROOFS", "POINTS",
			       "ARROWS", "MARGINS", "KEY", "TEXTS", "TITLE_NOTE", "RUN_A_NOTE",
			       "RUN_B_NOTE", "MACHINES_NOTE", "LISTED", "MOVED", "THREADS", "SUBTITLE", "TITLE_AT",
			       "SUBTITLE_AT" };
	const char *values[] = { title, ra, rb, n.xmin, n.xmax, n.ymin, n.ymax, roofs, points, n.narrows, n.margins,
				 n.key, texts, title_n, ra_n, rb_n, machines_n, listed, moved, n.threads, sub,
				 n.heads, n.subhead };
	struct gnuplot_values kv = { keys, values, sizeof keys / sizeof keys[0] };
	int rc = gnuplot_write_template(templates_dir, "compare", out_dir, &kv, err, errlen);
	char *owned[] = { roofs, points, texts, title, ra, rb, title_n, ra_n, rb_n, machines_n, listed, moved, sub };
	for (size_t i = 0; i < sizeof owned / sizeof owned[0]; i++)
		free(owned[i]);
	return rc;
}
