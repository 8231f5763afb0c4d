/*
 * report_html.c - report.html (see report_html.h): the page's head and
 * policy, one figure scene per thread count painted by svg_scene.c, the
 * roofs, kernels and notes tables. Every name and string goes through
 * html_escape (html.h); numbers are formatted here.
 */
#include "report_html.h"

#include <cairo.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "figure.h"
#include "html.h"
#include "roof_notes.h"
#include "note_text.h"
#include "symptom_text.h"
#include "markdown.h"
#include "plot_cairo.h"
#include "pointtext.h"
#include "sha256.h"
#include "svg_scene.h"
#include "symptoms.h"
#include "util.h"

/* A number as points.csv writes it (fitout.c: %.6g, "nan"), so a page and the file agree to the digit. */
static const char *csv_num(double v, char *buf, size_t size)
{
	if (isfinite(v))
		snprintf(buf, size, "%.6g", v);
	else
		snprintf(buf, size, "nan");
	return buf;
}

/* ` data-NAME="value"`, the value escaped. */
static void attr(struct buf *b, const char *name, const char *value)
{
	buf_addf(b, " data-%s=\"", name);
	html_escape(b, value);
	buf_puts(b, "\"");
}

static void attr_num(struct buf *b, const char *name, double v)
{
	char n[32];
	attr(b, name, csv_num(v, n, sizeof n));
}

/* <tag>text</tag>, escaped. */
static void elem(struct buf *b, const char *tag, const char *text)
{
	buf_addf(b, "<%s>", tag);
	html_escape(b, text);
	buf_addf(b, "</%s>", tag);
}

static const char *threads_words(int threads, char *buf, size_t size)
{
	snprintf(buf, size, "%d thread%s", threads, threads == 1 ? "" : "s");
	return buf;
}

/* ---- the figure: one scene per thread count ---- */

/* What a scene's points are: the run's analysis and the row of each scene point in it. */
struct scene_points {
	const struct analysis *a;
	const size_t *rows;
};

static void point_attrs(void *ctx, size_t i, struct buf *b)
{
	const struct scene_points *sp = ctx;
	const struct point *p = &sp->a->points[sp->rows[i]];
	char par[48], says[768];
	buf_addf(b, " data-row=\"%zu\"", sp->rows[i]);
	attr(b, "kernel", p->kernel);
	attr(b, "param", pointtext_param(p->param_letter, p->param, par, sizeof par));
	buf_addf(b, " data-threads=\"%d\"", p->threads);
	attr_num(b, "gflops", p->gflops);
	attr_num(b, "ai", p->ai);
	attr(b, "level", p->level);
	char roof[48];
	attr(b, "roof", roofkey_format(&p->roof, roof, sizeof roof));
	attr_num(b, "roof-gflops", p->roof_gflops);
	attr_num(b, "fraction", p->fraction);
	attr(b, "bound", point_bound_name(p->bound_id));
	attr(b, "verdict", pointtext_diagnosis(p, says, sizeof says));
}

/* The text of a point's <title>: what the script's tooltip says, for a browser without script. */
static void point_title(void *ctx, size_t i, struct buf *b)
{
	const struct scene_points *sp = ctx;
	const struct point *p = &sp->a->points[sp->rows[i]];
	char par[48], says[768], g[32], ai[32], rg[32], fr[32], pc[16], th[24], roof[48];
	html_escapef(b, "%s %s, %s: %s GFLOP/s at %s flop/byte, from %s", p->kernel,
		     pointtext_param(p->param_letter, p->param, par, sizeof par), threads_words(p->threads, th, sizeof th),
		     csv_num(p->gflops, g, sizeof g), csv_num(p->ai, ai, sizeof ai), p->level[0] ? p->level : "?");
	buf_puts(b, "&#10;");
	html_escapef(b, "roof %s (%s GFLOP/s): fraction %s (%s)", roofkey_format(&p->roof, roof, sizeof roof),
		     csv_num(p->roof_gflops, rg, sizeof rg), csv_num(p->fraction, fr, sizeof fr),
		     md_percent(p->fraction, pc, sizeof pc));
	buf_puts(b, "&#10;");
	html_escape(b, pointtext_diagnosis(p, says, sizeof says));
}

/* What every scene shares: the run, the text measure, the page being written. */
struct page {
	struct buf b;
	const struct rundata *run;
	const struct analysis *a;
	const struct userpoints *up;
	const struct symptoms *sy;   /* the model's, for the notes */
	struct figure_measure m;
	int counts[ANALYSIS_MAX_THREAD_COUNTS];
	size_t ncounts;
};

/*
 * What a thread count is called: "one core (1 thread)", "all cores (2
 * threads)" for the run's largest count, else "4 threads".
 */
static const char *count_words(const struct page *pg, int threads, char *buf, size_t size)
{
	char th[24];
	int largest = pg->ncounts > 1 && threads == pg->counts[pg->ncounts - 1];
	if (threads == 1 || largest)
		snprintf(buf, size, "%s (%s)", threads == 1 ? "one core" : "all cores", threads_words(threads, th, sizeof th));
	else
		threads_words(threads, buf, size);
	return buf;
}

/* s with its first letter a capital: a button's or a sentence's start (the words are ASCII). */
static char *capital(char *s)
{
	if (s[0] >= 'a' && s[0] <= 'z')
		s[0] = (char)(s[0] - 'a' + 'A');
	return s;
}

static void plot_meta_of(const struct page *pg, int threads, struct plot_meta *meta)
{
	*meta = (struct plot_meta){
		.cpu_model = pg->run->info.cpu_model,
		.compiler = pg->run->info.cc,
		.compiler_version = pg->run->info.cc_version,
		.kernel_cflags = pg->run->info.kernel_cflags,
		.date_utc = pg->run->info.date_utc,
		.threads = threads,
	};
}

/*
 * One scene: the selection of `threads` threads laid out as plot lays out
 * roofline.png (the all-core one scaled from `base`), painted as SVG in a
 * <figure>. Fills *sel (the caller keeps it as the next scene's base).
 */
static void scene(struct page *pg, int threads, const struct analysis *base, struct analysis *sel)
{
	struct figure *fg = xmalloc(sizeof *fg);
	size_t *rows = xmalloc(ANALYSIS_MAX_POINTS * sizeof *rows);
	struct userpoints mine = { 0 };
	struct plot_meta meta;
	struct plot_frame f;
	char words[64], id[32];
	figure_select_threads(pg->a, threads, sel);
	figure_select_rows(pg->a, threads, rows);
	if (pg->up)
		figure_select_users(pg->up, threads, &mine);
	plot_meta_of(pg, threads, &meta);
	meta.user = pg->up ? &mine : NULL;
	meta.base = base;
	figure_frame(sel, meta.user, PLOT_DEFAULT_WIDTH, PLOT_DEFAULT_HEIGHT, &f);
	figure_layout_vs(sel, base, meta.user, &f, &pg->m, fg);
	struct scene_points sp = { pg->a, rows };
	snprintf(id, sizeof id, "clip-%d", threads);
	buf_addf(&pg->b, "<figure class=\"scene\" data-threads=\"%d\">\n", threads);
	svg_scene_write(&pg->b, &(struct svg_scene_in){ fg, &meta, &pg->m, id, { point_attrs, point_title, &sp } });
	buf_puts(&pg->b, "<figcaption>");
	html_escapef(&pg->b, "%s. Hover over or tab to a point for its verdict.",
		     capital((char *)count_words(pg, threads, words, sizeof words)));
	buf_puts(&pg->b, "</figcaption>\n</figure>\n");
	free(mine.v);
	free(rows);
	free(fg);
}

/* The switch (shown by the script), then the scenes: one core, and all cores where the run has more. */
static void figures(struct page *pg)
{
	struct buf *b = &pg->b;
	char words[64];
	int one = pg->ncounts ? pg->counts[0] : 1, all = pg->ncounts ? pg->counts[pg->ncounts - 1] : 1;
	buf_puts(b, "<div id=\"controls\" class=\"controls\" hidden>\n<span role=\"group\" aria-label=\"thread count\">");
	for (int k = 0; all != one && k < 2; k++) {
		int t = k ? all : one;
		buf_addf(b, "<button type=\"button\" class=\"threads\" data-threads=\"%d\" aria-pressed=\"%s\">", t,
			 k ? "false" : "true");
		html_escape(b, capital((char *)count_words(pg, t, words, sizeof words)));
		buf_puts(b, "</button>");
	}
	buf_puts(b, "</span>\n<label><input type=\"checkbox\" id=\"ceilings\" checked> ceilings</label>\n"
		 "<span class=\"hint\">Click a family in the legend to hide or show it.</span>\n</div>\n");
	struct analysis *first = xmalloc(sizeof *first), *second = xmalloc(sizeof *second);
	scene(pg, one, NULL, first);
	if (all != one)
		scene(pg, all, first, second);
	buf_puts(b, "<div id=\"tip\" class=\"tip\" role=\"tooltip\" hidden></div>\n");
	free(first);
	free(second);
}

/* ---- the tables ---- */

static int base_len(const char *name)
{
	return (int)strcspn(name, "@");
}

/* A roof's counterpart at `threads` by name ("L1" -> "L1@2t"), for one that the typed lookup does not pair. */
static const struct roof *roof_of(const struct analysis *a, const struct roof *r, int threads)
{
	const struct roof *at = analysis_roof_at(a, r, threads);
	return at && at->threads == threads ? at : NULL;
}

/* One row per roof (levels, then the peak and the ceilings): one core and all cores side by side, the scaling. */
static void roofs_table(struct page *pg)
{
	struct buf *b = &pg->b;
	const struct analysis *a = pg->a;
	char v[32], th[24], words[64];
	int one = pg->ncounts ? pg->counts[0] : 1, all = pg->ncounts ? pg->counts[pg->ncounts - 1] : one;
	buf_puts(b, "<section id=\"roofs\">\n<h2>Roofs</h2>\n");
	if (!a->nroofs) {
		buf_puts(b, "<p>No roofs: the run has neither a bandwidth nor a peak group.</p>\n</section>\n");
		return;
	}
	buf_puts(b, "<table>\n<thead><tr><th scope=\"col\">roof</th><th scope=\"col\">unit</th>");
	buf_puts(b, "<th scope=\"col\" class=\"num\">");
	html_escape(b, count_words(pg, one, words, sizeof words));
	buf_puts(b, "</th>");
	if (all != one) {
		buf_puts(b, "<th scope=\"col\" class=\"num\">");
		html_escape(b, count_words(pg, all, words, sizeof words));
		buf_puts(b, "</th><th scope=\"col\" class=\"num\">scaling</th>");
	}
	buf_puts(b, "</tr></thead>\n<tbody>\n");
	for (int pass = 0; pass < 2; pass++)   /* the levels first, then the peak and the ceilings */
		for (size_t i = 0; i < a->nroofs; i++) {
			const struct roof *r = &a->roofs[i];
			if (r->kind == ROOF_PATTERN || (r->kind != ROOF_BANDWIDTH) != pass)
				continue;
			/* A roof of one core, or one of all cores that one core lacks. */
			const struct roof *r1 = r->threads == one ? r : NULL;
			if (!r1 && (r->threads != all || roof_of(a, r, one)))
				continue;
			const struct roof *rn = r1 ? (all != one ? roof_of(a, r1, all) : NULL) : r;
			buf_puts(b, "<tr><th scope=\"row\">");
			html_escapef(b, "%.*s", base_len(r->name), r->name);
			buf_puts(b, "</th><td>");
			html_escape(b, roof_unit(r));
			buf_addf(b, "</td><td class=\"num\">%s</td>", r1 ? md_rate(r1->value, v, sizeof v) : "—");
			if (all != one) {
				buf_addf(b, "<td class=\"num\">%s</td>", rn ? md_rate(rn->value, v, sizeof v) : "—");
				/* Scaled like with like (analysis_scaling_base), as report.md and the figure's legend. */
				const struct roof *base = rn ? analysis_scaling_base(a, rn, one) : NULL;
				if (base && base->value > 0) {
					buf_addf(b, "<td class=\"num\">%.2fx", rn->value / base->value);
					if (!r1 || base->value != r1->value)   /* another roof set it: named, as report.md does */
						html_escapef(b, " of %s (%s)", md_rate(base->value, v, sizeof v), base->name);
					buf_puts(b, "</td>");
				} else {
					buf_puts(b, "<td class=\"num\">—</td>");
				}
			}
			buf_puts(b, "</tr>\n");
		}
	buf_puts(b, "</tbody>\n</table>\n");
	/* Each thread count's ridge, from its own peak and DRAM. */
	int said = 0;
	for (size_t k = 0; k < pg->ncounts; k++) {
		const struct roof *pk = analysis_peak_of(a, pg->counts[k]), *dr = analysis_dram_of(a, pg->counts[k]);
		if (!pk || !dr || !(dr->value > 0) || (k && k != pg->ncounts - 1))
			continue;
		buf_puts(b, said++ ? "; " : "<p>Ridge point (peak / DRAM): ");
		html_escapef(b, "%.2f flop/byte at %s", pk->value / dr->value, threads_words(pg->counts[k], th, sizeof th));
	}
	if (said)
		buf_puts(b, ". A kernel of lower intensity is capped by memory, one of higher intensity by the peak.</p>\n");
	buf_puts(b, "</section>\n");
}

/* A numeric cell: its text, and its value for sorting (data-v; NaN sorts last). */
static void num_cell(struct buf *b, const char *text, double v)
{
	char n[32];
	buf_addf(b, "<td class=\"num\" data-v=\"%s\">", csv_num(v, n, sizeof n));
	html_escape(b, text);
	buf_puts(b, "</td>");
}

static void text_cell(struct buf *b, const char *text)
{
	elem(b, "td", text);
}

/* Lowest fraction first: the kernels furthest under their roofs lead; no fraction last. ctx: the analysis. */
static int by_fraction(const void *x, const void *y, void *ctx)
{
	const struct analysis *a = ctx;
	double fx = a->points[*(const size_t *)x].fraction, fy = a->points[*(const size_t *)y].fraction;
	int nx = !isfinite(fx), ny = !isfinite(fy);
	if (nx || ny)
		return nx - ny;
	return (fx > fy) - (fx < fy);
}

static void kernels_table(struct page *pg)
{
	static const char *const cols[] = { "kernel", "param", "threads", "level", "AI (flop/byte)", "GFLOP/s",
		"best", "roof", "roof GFLOP/s", "of roof", "bound", "verdict" };
	struct buf *b = &pg->b;
	const struct analysis *a = pg->a;
	char t[64];
	buf_puts(b, "<section id=\"kernels\">\n<h2>Kernels</h2>\n");
	if (!a->npoints) {
		buf_puts(b, "<p>No kernels group in this run: nothing to place under the roof.</p>\n</section>\n");
		return;
	}
	buf_puts(b, "<p>GFLOP/s are medians (placed) and bests; <i>of roof</i> is the median over the median of "
		 "the roof that caps the kernel at its intensity. Lowest first; a column's header sorts by it.</p>\n"
		 "<table id=\"kernel-table\" class=\"sortable\">\n<thead><tr>");
	for (size_t c = 0; c < sizeof cols / sizeof cols[0]; c++) {
		buf_addf(b, "<th scope=\"col\"%s%s><button type=\"button\" data-col=\"%zu\">", c == 9 ? " aria-sort=\"ascending\"" : "",
			 c == 2 || (c >= 4 && c <= 6) || c == 8 || c == 9 ? " class=\"num\"" : "", c);
		html_escape(b, cols[c]);
		buf_puts(b, "</button></th>");
	}
	buf_puts(b, "</tr></thead>\n<tbody>\n");
	size_t *order = xmalloc(a->npoints * sizeof *order);
	for (size_t i = 0; i < a->npoints; i++)
		order[i] = i;
	qsort_r(order, a->npoints, sizeof *order, by_fraction, (void *)a);
	for (size_t k = 0; k < a->npoints; k++) {
		const struct point *p = &a->points[order[k]];
		char says[768];
		buf_addf(b, "<tr data-row=\"%zu\">", order[k]);
		text_cell(b, p->kernel);
		text_cell(b, pointtext_param(p->param_letter, p->param, t, sizeof t));
		snprintf(t, sizeof t, "%d", p->threads);
		num_cell(b, t, p->threads);
		text_cell(b, p->level[0] ? p->level : "—");
		snprintf(t, sizeof t, "%.3g", p->ai);
		num_cell(b, t, p->ai);
		num_cell(b, md_rate(p->gflops, t, sizeof t), p->gflops);
		num_cell(b, md_rate(p->best_gflops, t, sizeof t), p->best_gflops);
		char roof[48];
		text_cell(b, roofkey_format(&p->roof, roof, sizeof roof));
		num_cell(b, md_rate(p->roof_gflops, t, sizeof t), p->roof_gflops);
		num_cell(b, md_percent(p->fraction, t, sizeof t), p->fraction);
		text_cell(b, point_bound_name(p->bound_id));
		text_cell(b, pointtext_diagnosis(p, says, sizeof says));
		buf_puts(b, "</tr>\n");
	}
	free(order);
	buf_puts(b, "</tbody>\n</table>\n</section>\n");
}

/* The user's points (report --points): where they stand and their verdict, as report.md words it. */
static void user_table(struct page *pg)
{
	struct buf *b = &pg->b;
	const struct userpoints *up = pg->up;
	char t[64], says[768];
	if (!up || !up->n)
		return;
	buf_puts(b, "<section id=\"your-code\">\n<h2>Your code</h2>\n<table>\n<thead><tr><th scope=\"col\">name</th>"
		 "<th scope=\"col\">version</th><th scope=\"col\" class=\"num\">threads</th><th scope=\"col\" class=\"num\">"
		 "AI (flop/byte)</th><th scope=\"col\" class=\"num\">GFLOP/s</th><th scope=\"col\">roof</th>"
		 "<th scope=\"col\" class=\"num\">of roof</th><th scope=\"col\">verdict</th></tr></thead>\n<tbody>\n");
	for (size_t i = 0; i < up->n; i++) {
		const struct userpoint *u = &up->v[i];
		buf_puts(b, "<tr>");
		text_cell(b, u->name);
		text_cell(b, u->version);
		snprintf(t, sizeof t, "%d", u->p.threads);
		num_cell(b, t, u->p.threads);
		snprintf(t, sizeof t, "%.3g", u->p.ai);
		num_cell(b, t, u->p.ai);
		num_cell(b, md_rate(u->p.gflops, t, sizeof t), u->p.gflops);
		char roof[48];
		text_cell(b, roofkey_format(&u->p.roof, roof, sizeof roof));
		num_cell(b, md_percent(u->p.fraction, t, sizeof t), u->p.fraction);
		text_cell(b, pointtext_diagnosis(&u->p, says, sizeof says));
		buf_puts(b, "</tr>\n");
	}
	buf_puts(b, "</tbody>\n</table>\n</section>\n");
}

/* The notes by kind: the memory levels' DRAM verdicts, the fit's other notes, the guide's symptoms. */
static void notes(struct page *pg)
{
	struct buf *b = &pg->b;
	const struct analysis *a = pg->a;
	const struct symptoms *sy = pg->sy;
	char said[1200];
	buf_puts(b, "<section id=\"notes\">\n<h2>Notes</h2>\n");
	if (!a->nnotes && !sy->n)
		buf_puts(b, "<p>The plateaus agree with the reported cache sizes and no spread was large enough to "
			 "warn about.</p>\n");
	for (int kind = 0; kind < 2; kind++) {
		int any = 0;
		for (size_t i = 0; i < a->nnotes; i++) {
			if ((a->roof_notes[i].kind == NOTE_DRAM_VERDICT) != (kind == 0))
				continue;
			/* As report.md says them: a note that several roofs share once, naming them. */
			const char *text = analysis_note_grouped(a, i, said, sizeof said);
			if (!text)
				continue;
			if (!any++)
				buf_addf(b, "<h3>%s</h3>\n<ul>\n", kind == 0 ? "Memory levels" : "The fit and the timings");
			elem(b, "li", text);
			buf_puts(b, "\n");
		}
		if (any)
			buf_puts(b, "</ul>\n");
	}
	if (sy->n) {
		buf_puts(b, "<h3>Symptoms (what is wrong when the chart looks so)</h3>\n<ul>\n");
		for (size_t i = 0; i < sy->n; i++) {
			buf_puts(b, "<li><b>");
			html_escape(b, symptom_name(sy->which[i]));
			buf_puts(b, "</b>: ");
			char text[640];
			html_escape(b, symptom_text(sy, i, text, sizeof text));
			buf_puts(b, "</li>\n");
		}
		buf_puts(b, "</ul>\n");
	}
	buf_puts(b, "</section>\n");
}

/* ---- the page ---- */

/*
 * The head: the policy first (before anything it governs), allowing only
 * this page's own script and style by their SHA-256, no network, no
 * plugins, no base URL, no form target; then the style.
 */
static void head(struct page *pg, const char *title)
{
	struct buf *b = &pg->b;
	char script_hash[45], style_hash[45];
	sha256_base64(report_html_script, strlen(report_html_script), script_hash);
	sha256_base64(report_html_style, strlen(report_html_style), style_hash);
	buf_addf(b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
		 "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; script-src 'sha256-%s'; "
		 "style-src 'sha256-%s'; img-src 'none'; base-uri 'none'; form-action 'none'\">\n"
		 "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
		 "<meta name=\"generator\" content=\"roofline\">\n<title>", script_hash, style_hash);
	html_escape(b, title);
	buf_addf(b, "</title>\n<style>%s</style>\n</head>\n", report_html_style);
}

/* What cairo measures the text with: a scratch surface, as plot_roofline_layout uses. */
static void build(struct page *pg)
{
	struct buf *b = &pg->b;
	char title[512], sub[512];
	struct plot_meta meta;
	plot_meta_of(pg, 0, &meta);
	plot_title_text(&meta, title, sizeof title, sub, sizeof sub);
	head(pg, title);
	buf_puts(b, "<body>\n<header>\n");
	elem(b, "h1", title);
	buf_puts(b, "\n");
	buf_puts(b, "<p>");
	html_escape(b, sub);
	buf_puts(b, sub[0] ? ". " : "");
	buf_puts(b, "The same run in words: report.md.</p>\n</header>\n<main>\n");
	figures(pg);
	roofs_table(pg);
	kernels_table(pg);
	user_table(pg);
	notes(pg);
	buf_addf(b, "</main>\n<script>%s</script>\n</body>\n</html>\n", report_html_script);
}

int report_html_write(const char *path, const struct rundata *run, const struct analysis *a,
		      const struct userpoints *up, const struct symptoms *sy, char *err, size_t errlen)
{
	struct page pg = { .run = run, .a = a, .up = up && up->n ? up : NULL, .sy = sy };
	struct outfile o;
	cairo_surface_t *surf = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 4, 4);
	cairo_t *cr = cairo_create(surf);
	plot_measure_cairo(cr, &pg.m);
	pg.ncounts = figure_thread_counts(a, pg.counts, ANALYSIS_MAX_THREAD_COUNTS);
	build(&pg);
	int measured = cairo_status(cr) == CAIRO_STATUS_SUCCESS;
	cairo_destroy(cr);
	cairo_surface_destroy(surf);
	if (!measured) {
		snprintf(err, errlen, "cannot write %s: cairo could not measure the figure's text", path);
		free(pg.b.s);
		return -1;
	}
	if (outfile_open(&o, path, err, errlen) != 0) {
		free(pg.b.s);
		return -1;
	}
	fwrite(pg.b.s, 1, pg.b.len, o.fp);
	free(pg.b.s);
	return outfile_commit(&o, err, errlen);
}
