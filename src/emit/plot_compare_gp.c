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

int plot_compare_gnuplot(const struct plot_compare_layout *l, const char *templates_dir,
			 const char *out_dir, char *err, size_t errlen)
{
	const struct plot_frame *f = &l->f;
	struct buf rf = { 0 }, pf = { 0 };
	char n1[32], n2[32], n3[32], n4[32];
	const char *rtext[2 * ANALYSIS_MAX_ROOFS], *ptext[2 * ANALYSIS_MAX_POINTS];
	/* Labels where compare.png has them (the script sets the same plot area), NaN when left out. */
	for (size_t i = 0; i < l->nlines; i++) {
		const struct plot_compare_line *ln = &l->lines[i];
		double x = NAN, y = NAN;
		if (ln->labelled)
			to_data(f, ln->lx, ln->ly, &x, &y);
		rtext[i] = ln->label;
		buf_addf(&rf, "%.9g,%.9g,%.9g,%.9g,%d,%d,%s,%s,%.2f\n", ln->x0, ln->y0, ln->x1, ln->y1,
			ln->run_b, ln->roof->kind == ROOF_CEILING, block_num(x, n1), block_num(y, n2),
			ln->labelled ? -ln->angle * 180 / M_PI : 0.0);
	}
	for (size_t i = 0; i < l->nmarks; i++) {
		const struct plot_compare_mark *mk = &l->marks[i];
		double x = NAN, y = NAN;
		if (mk->item.placed)
			to_data(f, 0.5 * (mk->item.box.x0 + mk->item.box.x1), 0.5 * (mk->item.box.y0 + mk->item.box.y1), &x, &y);
		ptext[i] = mk->label;
		long rgb = lround(mk->col.r * 255) << 16 | lround(mk->col.g * 255) << 8 | lround(mk->col.b * 255);
		buf_addf(&pf, "%s,%s,%.9g,%.9g,%d,%s,%s,%s,%ld\n", block_num(mk->arrow ? mk->ai_a : NAN, n1),
			block_num(mk->arrow ? mk->gf_a : NAN, n2), mk->ai_b, mk->gf_b, mk->run_b,
			mk->arrow ? compare_move_name(mk->row->moved) : "", block_num(x, n3), block_num(y, n4), rgb);
	}
	/* A roof compare.png names in its legend (no free spot along its line): the key names it too. */
	struct buf kf = { 0 };
	for (size_t i = 0; i < l->nlines; i++)
		if (l->lines[i].listed)
			buf_addf(&kf, ", \\\n  NaN with lines lw %d%s lc rgb %s title roof_text[%zu]",
				 l->lines[i].roof->kind == ROOF_CEILING ? 2 : 3,
				 l->lines[i].roof->kind == ROOF_CEILING ? " dt 2" : "", l->lines[i].run_b ? "solid" : "faint", i + 1);
	char *listed = kf.len ? buf_take(&kf) : xstrdup("");
	struct buf tb = { 0 };
	gp_array(&tb, "roof_text", l->nlines, rtext);
	gp_array(&tb, "point_text", l->nmarks, ptext);
	char *roofs = rf.len ? buf_take(&rf) : xstrdup(""), *points = pf.len ? buf_take(&pf) : xstrdup("");
	char *texts = buf_take(&tb);
	char margins[200], key[120];
	snprintf(margins, sizeof margins,
		 "set lmargin at screen %.4f; set rmargin at screen %.4f\nset tmargin at screen %.4f; set bmargin at screen %.4f",
		 f->left / f->width, f->right / f->width, 1 - f->top / f->height, 1 - f->bottom / f->height);
	snprintf(key, sizeof key, "%.4f, %.4f", l->legend.x0 / f->width, 1 - l->legend.y0 / f->height);
	char xmin[32], xmax[32], ymin[32], ymax[32], narrows[32];
	snprintf(xmin, sizeof xmin, "%.9g", f->xmin);
	snprintf(xmax, sizeof xmax, "%.9g", f->xmax);
	snprintf(ymin, sizeof ymin, "%.9g", f->ymin);
	snprintf(ymax, sizeof ymax, "%.9g", f->ymax);
	snprintf(narrows, sizeof narrows, "%zu", l->narrows);
	/* Every text through gp_str: as a string's body, and for the comment lines without a trailing backslash. */
	char *title = gp_str(l->title), *ra = gp_str(l->run_a), *rb = gp_str(l->run_b), *machines = gp_str(l->machines);
	char *title_n = gp_note(l->title), *ra_n = gp_note(l->run_a), *rb_n = gp_note(l->run_b),
	     *machines_n = gp_note(l->machines);
	const char *keys[] = { "TITLE", "RUN_A", "RUN_B", "XMIN", "XMAX", "YMIN", "YMAX", "ROOFS", "POINTS",
			       "ARROWS", "MARGINS", "KEY", "MACHINES", "TEXTS", "TITLE_NOTE", "RUN_A_NOTE",
			       "RUN_B_NOTE", "MACHINES_NOTE", "LISTED" };
	const char *values[] = { title, ra, rb, xmin, xmax, ymin, ymax, roofs, points, narrows, margins, key,
				 machines, texts, title_n, ra_n, rb_n, machines_n, listed };
	struct gnuplot_values kv = { keys, values, sizeof keys / sizeof keys[0] };
	int rc = gnuplot_write_template(templates_dir, "compare", out_dir, &kv, err, errlen);
	char *owned[] = { roofs, points, texts, title, ra, rb, machines, title_n, ra_n, rb_n, machines_n, listed };
	for (size_t i = 0; i < sizeof owned / sizeof owned[0]; i++)
		free(owned[i]);
	return rc;
}
