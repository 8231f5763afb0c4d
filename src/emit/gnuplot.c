/*
 * gnuplot.c - see gnuplot.h. The figure builders: what roofline.gp,
 * bandwidth.gp, chains.gp and kernels.gp each draw, worked out from the
 * analysis and handed to its template as placeholders. The template and
 * quoting machinery is src/gnuplot_text.c; running gnuplot, src/gnuplot_run.c.
 */
#include "gnuplot.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "figure.h"
#include "gnuplot_axes.h"
#include "gnuplot_scene.h"
#include "gnuplot_text.h"
#include "plot_cairo.h"
#include "registry.h"
#include "util.h"

/*
 * Plot geometry the templates fix with `set [lbrt]margin at screen`: label
 * positions computed here (rotation of slope labels, spacing of labels in the
 * right margin) assume it. Keep in step with the templates.
 */
#define CANVAS_H 1000.0
#define GP_CANVAS_W 1600          /* roofline.gp's canvas: the scene is laid out at it */
#define GP_CANVAS_H 1000

/* ---- titles and paths ------------------------------------------------- */

/* "CPU · gcc 12.2.0 -O3 -march=native", from env.csv, as a gnuplot string body. */
static char *title(const struct rundata *run)
{
	const struct run_env *e = &run->info;
	struct buf b = { 0 };
	buf_puts(&b, rundata_or(e->cpu_model, "unknown CPU"));
	if (*e->cc) {
		buf_addf(&b, " · %s", e->cc);
		if (*e->cc_version)
			buf_addf(&b, " %s", e->cc_version);
	}
	if (*e->kernel_cflags)
		buf_addf(&b, " %s", e->kernel_cflags);
	char *raw = buf_take(&b);
	char *s = gp_str(raw);
	free(raw);
	return s;
}

static int need_file(const char *run_dir, const char *name, char *err, size_t errlen)
{
	char *p = path_join(run_dir, name);
	int ok = access(p, R_OK) == 0;
	if (!ok)
		snprintf(err, errlen, "%s: %s (run 'roofline fit %s' first)", p, strerror(errno),
			 run_dir);
	free(p);
	return ok ? 0 : -1;
}

/* ---- what the figures draw ------------------------------------------------ */

static int is_bandwidth(const struct roof *r)
{
	return r->kind == ROOF_BANDWIDTH && isfinite(r->value) && r->value > 0;
}

/* The ceilings under the peak (by kind: the peak is ROOF_COMPUTE at every thread count). */
static int is_flat(const struct roof *r)
{
	return r->kind == ROOF_CEILING && isfinite(r->value) && r->value > 0;
}

/* kernels.gp draws the families whose parameter is a degree (the registry's letter D). */
static int is_horner(const struct point *p)
{
	return p->param_letter == 'D';
}

/*
 * Levels. A run measured with `measure --levels` has a kernel at several
 * working sets, one point each. A kernel's point at its largest working set
 * (DRAM-resident, unless the run left that level out) is its base level and
 * looks as in a run of one level; the others are drawn apart from it, with
 * open markers and dashed lines, and never joined to it.
 */

/*
 * 1 when no point of p's kernel and threads has a larger working set. A
 * trajectory's sizes (point.trajectory: GEMM n = 64 .. 1024) are its members,
 * one line in size order, not levels: every member is base.
 */
static int is_base_level(const struct analysis *a, const struct point *p)
{
	if (p->trajectory)
		return 1;
	for (size_t i = 0; i < a->npoints; i++) {
		const struct point *q = &a->points[i];
		if (q->threads == p->threads && model_same_kernel(q, p) && q->working_set > p->working_set)
			return 0;
	}
	return 1;
}

/* Some kernel has points at more than one working set. */
static int multi_level(const struct analysis *a)
{
	for (size_t i = 0; i < a->npoints; i++)
		if (!is_base_level(a, &a->points[i]))
			return 1;
	return 0;
}

/* What tells p's level apart, one word: its level (L1, DRAM), else its working set. */
static const char *level_word(const struct point *p, char *buf, size_t size)
{
	if (p->level[0] && !strpbrk(p->level, " '"))
		snprintf(buf, size, "%s", p->level);
	else
		snprintf(buf, size, "ws%.0f", p->working_set);
	return buf;
}

/*
 * For a run of several levels: the level of each row of points.csv in row
 * order, and level(i) to read it, so a filter can pick one level of one
 * kernel. (points.csv has a level column now; the list is kept because it
 * also tells apart points with no level, by their working set.)
 */
static void level_vars(const struct analysis *a, struct buf *vars)
{
	char w[32];
	buf_puts(vars, "# The memory level each row of points.csv ran from, in row order (measure --levels):\n"
		 "levels = '");
	for (size_t i = 0; i < a->npoints; i++)
		buf_addf(vars, "%s%s", i ? " " : "", level_word(&a->points[i], w, sizeof w));
	buf_puts(vars, "'\nlevel(i) = word(levels, int(i) + 1)\n");
}

/* The kernels of a->points, each once (once per level), in order of first appearance. */
struct kernel_set {
	const struct point *first[ANALYSIS_MAX_POINTS];
	int members[ANALYSIS_MAX_POINTS];
	long pmin[ANALYSIS_MAX_POINTS], pmax[ANALYSIS_MAX_POINTS];
	int base[ANALYSIS_MAX_POINTS];      /* its kernel's base level */
	size_t n;
	int multi_threads;     /* points with different thread counts */
	int min_threads;       /* the smallest: its kernels have the key's entries */
	int multi_level;       /* a kernel at several working sets: filters name the level */
};

static void kernel_set(const struct analysis *a, int horner_only, struct kernel_set *ks)
{
	memset(ks, 0, sizeof *ks);
	ks->multi_level = multi_level(a);
	for (size_t i = 0; i < a->npoints; i++) {
		const struct point *p = &a->points[i];
		if (p->threads != a->points[0].threads)
			ks->multi_threads = 1;
		if (ks->min_threads == 0 || p->threads < ks->min_threads)
			ks->min_threads = p->threads;
	}
	for (size_t i = 0; i < a->npoints; i++) {
		const struct point *p = &a->points[i];
		if (horner_only && !is_horner(p))
			continue;
		/*
		 * kernels.gp draws against the degree, under one thread count's
		 * roofs: one level, the base one, and the smallest count are enough
		 * (the others' curves, untitled there, read as the same names above
		 * a peak that is not theirs).
		 */
		if (horner_only && (!is_base_level(a, p) || p->threads != ks->min_threads))
			continue;
		if (!isfinite(p->gflops) || !(p->gflops > 0) || !(p->ai > 0))
			continue;
		size_t k;
		for (k = 0; k < ks->n; k++)
			if (model_same_kernel(ks->first[k], p) &&
			    ks->first[k]->threads == p->threads &&
			    (p->trajectory ||
			     ks->first[k]->working_set == p->working_set))   /* a level is a working set */
				break;
		if (k == ks->n) {
			ks->base[k] = is_base_level(a, p);
			ks->first[k] = p;
			ks->pmin[k] = ks->pmax[k] = p->param;
			ks->n++;
		}
		ks->members[k]++;
		if (p->param < ks->pmin[k])
			ks->pmin[k] = p->param;
		if (p->param > ks->pmax[k])
			ks->pmax[k] = p->param;
	}
}

/*
 * The points.csv filter for kernel k: "strcol('kernel') eq 'dot'" (and its
 * threads, its level), the name as points.csv stores it (csv_sheet_text).
 */
static char *kernel_filter(const struct kernel_set *ks, size_t k)
{
	char *stored = csv_sheet_text(ks->first[k]->kernel);
	char *name = gp_str(stored);
	free(stored);
	char *f, *lv, w[32];
	if (ks->multi_level)
		lv = xasprintf(" && level(column(0)) eq '%s'", level_word(ks->first[k], w, sizeof w));
	else
		lv = xstrdup("");
	if (ks->multi_threads)
		f = xasprintf("strcol('kernel') eq '%s' && column('threads') == %d%s", name,
			      ks->first[k]->threads, lv);
	else
		f = xasprintf("strcol('kernel') eq '%s'%s", name, lv);
	free(name);
	free(lv);
	return f;
}

static void plot_clause(struct buf *plots, const char *fmt, ...) PRINTF_LIKE(2, 3);
static void plot_clause(struct buf *plots, const char *fmt, ...)
{
	va_list ap;
	if (plots->len)
		buf_puts(plots, ", \\\n");
	buf_puts(plots, "     ");
	va_start(ap, fmt);
	char *s = xvasprintf(fmt, ap);
	va_end(ap);
	buf_puts(plots, s);
	free(s);
}

/* The gnuplot variable of roof r of a (gp_roof_var: from its index, never its name). */
static void roof_id(const struct analysis *a, const struct roof *r, char *out, size_t size)
{
	gp_roof_var((size_t)(r - a->roofs), out, size);
}

/*
 * A flat roof (peak's ceilings) as a variable, a dashed line drawn by
 * `clause` (a format taking the variable's name) and a right-margin label
 * (its value, text and variable written to *label).
 */
static void add_flat_roof(const struct analysis *a, const struct roof *r, struct buf *vars,
			  struct buf *plots, const char *clause, struct gp_margin_label *label)
{
	char id[32], num[32], shown[41];
	roof_id(a, r, id, sizeof id);
	snprintf(shown, sizeof shown, "%s", r->name);   /* cut before quoting, never inside a quote */
	char *name = gp_str(shown);
	buf_addf(vars, "%s = %s    # GFLOP/s\n", id, gp_num(r->value, num, sizeof num));
	plot_clause(plots, clause, id);
	label->value = r->value;
	snprintf(label->text, sizeof label->text, "sprintf('%%s %%.3g', '%s', %s)", name, id);
	snprintf(label->var, sizeof label->var, "%s", id);
	free(name);
}


/* Ends a plot: a figure with nothing to draw says why on an empty canvas. */
static char *finish_plots(struct buf *plots, struct buf *labels, const char *why)
{
	if (!plots->len) {
		buf_addf(labels, "set label '%s' at graph 0.5, graph 0.5 center font ',20'\n", why);
		buf_puts(labels, "unset key\n");
		plot_clause(plots, "NaN notitle");
	}
	buf_puts(plots, "\n");
	return buf_take(plots);
}

/* ---- bandwidth.gp ---------------------------------------------------------- */

/*
 * The sweep's own plateau at level roof lv: the pattern roof fit_patterns
 * made from it ("L2.2r1w", ordinary stores, the level's sizes), or lv itself
 * where the level's roof is the sweep's (older runs have no pattern roofs).
 */
static const struct roof *sweep_plateau(const struct analysis *a, const struct roof *lv)
{
	struct roof_key lk = model_key_of(lv);
	for (size_t i = 0; i < a->nroofs; i++) {
		const struct roof *r = &a->roofs[i];
		struct roof_key k = model_key_of(r);
		if (k.kind == ROOF_PATTERN && k.level == lk.level && k.threads == lk.threads &&
		    k.stores == STORES_ALLOCATE && r->size_lo == lv->size_lo && r->size_hi == lv->size_hi)
			return r;
	}
	return lv;
}

/* bandwidth.gp's cache sizes from env.csv: a variable each, a dotted line and a label where in range. */
static void bandwidth_caches(const struct rundata *run, double xmin, double xmax, struct buf *caches_out,
			     struct buf *labels_out)
{
	char num[32], label[32];
	struct buf caches = *caches_out, labels = *labels_out;
	const struct { const char *key, *var, *name; double v; } levels[] = {
		{ "l1d_bytes", "l1d", "L1d", run->info.l1d_bytes },
		{ "l2_bytes", "l2", "L2", run->info.l2_bytes },
		{ "l3_bytes", "l3", "L3", run->info.l3_bytes },
	};
	for (size_t i = 0; i < sizeof levels / sizeof levels[0]; i++) {
		double v = levels[i].v;
		if (!(v > 0))
			continue;
		buf_addf(&caches, "%s = %s    # env.csv %s\n", levels[i].var, gp_num(v, num, sizeof num),
			 levels[i].key);
		if (v < xmin || v > xmax)
			continue;
		buf_addf(&labels, "set arrow from %s, graph 0 to %s, graph 1 nohead dt 2 lc 'gray30'\n",
			 levels[i].var, levels[i].var);
		/* Above the frame: inside it they ran into the plateau labels. */
		buf_addf(&labels, "set label '%s %s' at %s, graph 1 center offset 0,0.7 tc 'gray30'\n",
			 levels[i].name, format_bytes(v, label, sizeof label), levels[i].var);
	}
	if (!caches.len)
		buf_puts(&caches, "# (env.csv reports no cache sizes)\n");
	*caches_out = caches;
	*labels_out = labels;
}

/* The stores that set a roof, as bandwidth.gp's labels say them. */
static const char *stores_word(enum kernel_stores s)
{
	return s == STORES_STREAMING ? "streaming" : s == STORES_IN_PLACE ? "in place" : "allocate";
}

/* bandwidth.gp's plateaus: a label each, and a dashed roof where other stores set it higher. */
static void bandwidth_plateaus(const struct analysis *a, struct buf *labels_out, struct buf *plots_out)
{
	char num[32], label[32];
	struct buf labels = *labels_out, plots = *plots_out;
	/*
	 * The plateaus the sweep itself found are its pattern's roofs
	 * ("L2.2r1w": ordinary stores, the points drawn here); where streaming
	 * stores or stores in place set a level's roof higher, that roof is a
	 * dashed line above its plateau, saying which.
	 */
	struct buf names = { 0 };
	int plateaus = 0, nplateaus = 0;
	for (size_t i = 0; i < a->nroofs; i++)
		nplateaus += is_bandwidth(&a->roofs[i]) && model_key_of(&a->roofs[i]).threads <= 1 && a->roofs[i].size_hi > 0;
	for (size_t i = 0; i < a->nroofs; i++) {
		const struct roof *lv = &a->roofs[i];
		if (!is_bandwidth(lv) || model_key_of(lv).threads > 1 || !(lv->size_hi > 0))
			continue;
		/*
		 * A label centred on its plateau ran off the frame for the first
		 * and the last (L1 over the y axis, DRAM past the right edge): those
		 * two start at their plateau's first size and end at its last.
		 */
		double at = sqrt(lv->size_lo * lv->size_hi);
		const char *align = "center";
		if (plateaus == 0 && nplateaus > 1) {
			at = lv->size_lo;
			align = "left";
		} else if (plateaus == nplateaus - 1 && nplateaus > 1) {
			at = lv->size_hi;
			align = "right";
		}
		const struct roof *own = sweep_plateau(a, lv);
		char *own_name = gp_str(own->name);
		buf_addf(&names, "%s(n eq '%s')", plateaus ? " || " : "", own_name);
		free(own_name);
		plateaus++;
		char mid[32];
		gp_num(at, mid, sizeof mid);
		int higher = own != lv && lv->value > own->value * 1.01;
		char *name = gp_str(lv->name);
		if (higher)
			/* Above the dashed roof: between it and the plateau it crossed the line. */
			buf_addf(&labels, "set label '%s %.1f GB/s; roof %.1f, %s' at %s, %s %s offset 0,1.2\n",
				 name, own->value, lv->value, stores_word(lv->store_kind), mid, gp_num(lv->value, num, sizeof num), align);
		else
			buf_addf(&labels, "set label '%s %.1f GB/s' at %s, %s %s offset 0,1.2\n", name,
				 own->value, mid, gp_num(own->value, num, sizeof num), align);
		free(name);
		if (!higher)
			continue;
		buf_addf(&labels, "set arrow from %s, %s", gp_num(lv->size_lo, num, sizeof num),
			 gp_num(lv->value, label, sizeof label));
		buf_addf(&labels, " to %s, %s nohead dt 2 lw 2 lc 'gray40'\n",
			 gp_num(lv->size_hi, num, sizeof num), gp_num(lv->value, label, sizeof label));
	}
	if (plateaus) {
		/* A function, not a macro: the names are never inside a string that is read again. */
		buf_addf(&labels, "plateau(n) = %s\n", names.s);
		plot_clause(&plots, "rf using 'size_lo':(plateau(strcol('name')) ? column('value') : NaN):(column('size_hi') - column('size_lo')):(0) with vectors nohead lw 4 lc 'black' title 'plateau of the sweep (roofs.csv)'");
		plot_clause(&plots, "NaN with lines dt 2 lw 2 lc 'gray40' title 'roof set by other stores'");
	}
	free(names.s);
	*labels_out = labels;
	*plots_out = plots;
}

static void bandwidth_substs(const struct rundata *run, const struct analysis *a,
			     struct gp_substs *s)
{
	char num[32];
	struct buf caches = { 0 }, labels = { 0 }, plots = { 0 };
	double xlo = INFINITY, xhi = 0, yhi = 0;

	for (size_t i = 0; i < a->nsweep; i++) {
		const struct sweep_point *p = &a->sweep[i];
		if (!(p->working_set > 0))
			continue;
		xlo = fmin(xlo, p->working_set / 1.5);
		xhi = fmax(xhi, p->working_set * 1.5);
		yhi = fmax(yhi, fmax(p->best, p->spread_hi));
	}
	for (size_t i = 0; i < a->nroofs; i++) {
		const struct roof *r = &a->roofs[i];
		if (!is_bandwidth(r) || model_key_of(r).threads > 1)
			continue;
		yhi = fmax(yhi, r->value);
		if (r->size_lo > 0) {
			xlo = fmin(xlo, r->size_lo / 1.5);
			xhi = fmax(xhi, r->size_hi * 1.5);
		}
	}
	if (!isfinite(xlo)) {
		xlo = 4096;
		xhi = 1073741824;
	}
	double xmin = gp_pow2_floor(xlo), xmax = gp_pow2_ceil(xhi);
	/* Tics every 4x, starting on a power of 4 so they read 16 KiB, 64 KiB, ... */
	double tic0 = exp2(2 * ceil(log2(xmin) / 2 - 1e-9));
	/* Headroom above the highest point for the cache-size labels. */
	double step = yhi > 0 ? gp_nice_ceil(yhi / 8) : 10;
	double ymax = yhi > 0 ? ceil(yhi * 1.2 / step) * step : 100;

	gp_subst_setf(s, "XMIN", "%s", gp_num(xmin, num, sizeof num));
	gp_subst_setf(s, "XMAX", "%s", gp_num(xmax, num, sizeof num));
	gp_subst_setf(s, "YMAX", "%s", gp_num(ymax, num, sizeof num));
	gp_subst_set(s, "XTICS", gp_pow2_tics(tic0, xmax, 0, 1, 2));

	bandwidth_caches(run, xmin, xmax, &caches, &labels);


	if (a->nsweep) {
		plot_clause(&plots, "sw using 'working_set_bytes':'median_gbs':'spread_lo_gbs':'spread_hi_gbs' with yerrorbars lt 1 title 'median, bars: per-pass spread'");
		plot_clause(&plots, "sw using 'working_set_bytes':'best_gbs' with points lt 2 title 'best'");
	}
	bandwidth_plateaus(a, &labels, &plots);
	gp_subst_set(s, "CACHES", buf_take(&caches));
	gp_subst_set(s, "PLOTS", finish_plots(&plots, &labels, "no bandwidth group in this run"));
	gp_subst_set(s, "LABELS", buf_take(&labels));
}

/* ---- chains.gp --------------------------------------------------------------- */

/* The curves in the order they stack, for the key: highest plateau first. */
static void chains_order(const struct analysis *a, size_t *order)
{
	for (size_t c = 0; c < a->nchains; c++) {
		size_t j = c;
		while (j > 0 && a->chains[order[j - 1]].plateau < a->chains[c].plateau) {
			order[j] = order[j - 1];
			j--;
		}
		order[j] = c;
	}
}

static void chains_substs(const struct analysis *a, struct gp_substs *s)
{
	char num[32], n2[32], n3[32];
	struct buf plots = { 0 }, labels = { 0 };
	double ylo = INFINITY, yhi = 0;
	int kmax = 1;

	for (size_t c = 0; c < a->nchains; c++) {
		const struct chain_curve *cc = &a->chains[c];
		for (int i = 0; i < cc->n; i++) {
			if (cc->chains[i] > kmax)
				kmax = cc->chains[i];
			if (cc->median[i] > 0)
				ylo = fmin(ylo, cc->median[i]);
			yhi = fmax(yhi, fmax(cc->best[i], cc->median[i]));
		}
		yhi = fmax(yhi, cc->plateau);
	}
	if (!isfinite(ylo)) {
		ylo = 1;
		yhi = 64;
		kmax = 32;
	}
	double xmax = gp_pow2_ceil(kmax) * 1.25;
	gp_subst_setf(s, "XMAX", "%s", gp_num(xmax, num, sizeof num));
	gp_subst_setf(s, "YMIN", "%s", gp_num(gp_pow2_floor(ylo / 1.4), num, sizeof num));
	gp_subst_setf(s, "YMAX", "%s", gp_num(gp_pow2_ceil(yhi * 1.4), num, sizeof num));
	gp_subst_set(s, "XTICS", gp_pow2_tics(1, gp_pow2_ceil(kmax), 0, 0, 1));

	size_t order[ANALYSIS_MAX_ISAS];
	chains_order(a, order);
	/* Curve c's rows of chains.csv, which fitout.c writes curve by curve, in a->chains' order. */
	size_t first[ANALYSIS_MAX_ISAS + 1];
	first[0] = 0;
	for (size_t c = 0; c < a->nchains; c++)
		first[c + 1] = first[c] + (size_t)(a->chains[c].n > 0 ? a->chains[c].n : 0);
	int lt = 1;
	for (size_t c = 0; c < a->nchains; c++) {
		const struct chain_curve *cc = &a->chains[order[c]];
		double one = NAN;
		for (int i = 0; i < cc->n; i++)
			if (cc->chains[i] == 1)
				one = cc->best[i];
		if (cc->n == 0)
			continue;
		char *isa = gp_str(*model_curve_isa_name(cc) ? model_curve_isa_name(cc) : cc->kernel);
		struct buf rows = { 0 };
		for (size_t r = first[order[c]]; r < first[order[c] + 1]; r++)
			buf_addf(&rows, " %zu", r);
		struct buf t = { 0 };
		if (isfinite(one) && isfinite(cc->plateau)) {
			char one_r[32], plateau_r[32];
			buf_addf(&t, "%s: K × %s up to %s GFLOP/s", isa, format_rate(one, one_r, sizeof one_r),
				 format_rate(cc->plateau, plateau_r, sizeof plateau_r));
			if (isfinite(cc->chains_to_saturate))
				buf_addf(&t, " at K ≥ %.0f", cc->chains_to_saturate);
		} else {
			buf_puts(&t, isa);
		}
		if (isfinite(cc->latency_cycles))
			buf_addf(&t, " (latency %.1f cycles)", cc->latency_cycles);
		char *tt = buf_take(&t);
		plot_clause(&plots, "ch using 'chains':(row(column(0), '%s ') ? column('median_gflops') : NaN) with linespoints lt %d title '%s'",
			    rows.s, lt, tt);
		if (isfinite(one) && isfinite(cc->plateau))
			plot_clause(&plots, "little(%s, %s, x) with lines lt %d dt 2 lw 1.5 notitle",
				    gp_num(one, n2, sizeof n2), gp_num(cc->plateau, n3, sizeof n3), lt);
		lt++;
		free(tt);
		free(rows.s);
		free(isa);
	}
	gp_subst_set(s, "PLOTS", finish_plots(&plots, &labels, "no peak group in this run"));
	gp_subst_set(s, "LABELS", buf_take(&labels));
}

/* ---- kernels.gp -------------------------------------------------------------- */

/* kernels.gp's ranges: the Horner points at their base level, the peak, DRAM at D = 1; D up to a power of two. */
static void kernels_range(const struct analysis *a, const struct roof *dram, double peak, double *ylo_out,
			  double *yhi_out, double *dtop_out)
{
	long dmax = 1;
	double ylo = INFINITY, yhi = 0;
	for (size_t i = 0; i < a->npoints; i++) {
		const struct point *p = &a->points[i];
		if (!is_horner(p) || !(p->gflops > 0) || !is_base_level(a, p))
			continue;
		if (p->param > dmax)
			dmax = p->param;
		ylo = fmin(ylo, p->gflops);
		yhi = fmax(yhi, p->gflops);
	}
	if (isfinite(peak))
		yhi = fmax(yhi, peak);
	if (dram)
		ylo = fmin(ylo, dram->value / 8);
	if (!isfinite(ylo) || !(ylo > 0))
		ylo = 1;
	if (!(yhi > ylo))
		yhi = ylo * 64;
	*ylo_out = ylo;
	*yhi_out = yhi;
	*dtop_out = fmax(gp_pow2_ceil((double)dmax), 8);
}

static void kernels_substs(const struct analysis *a, struct gp_substs *s)
{
	char num[32];
	struct buf vars = { 0 }, labels = { 0 }, plots = { 0 };
	struct kernel_set ks;
	kernel_set(a, 1, &ks);
	const struct roof *dram = analysis_dram(a);
	double peak = isfinite(a->peak) && a->peak > 0 ? a->peak : NAN;

	double ylo, yhi, dtop;
	kernels_range(a, dram, peak, &ylo, &yhi, &dtop);
	gp_subst_setf(s, "XMAX", "%s", gp_num(dtop * 1.25, num, sizeof num));
	gp_subst_setf(s, "YMIN", "%s", gp_num(gp_pow2_floor(ylo / 1.4), num, sizeof num));
	gp_subst_setf(s, "YMAX", "%s", gp_num(gp_pow2_ceil(yhi * 1.6), num, sizeof num));
	gp_subst_set(s, "XTICS", gp_pow2_tics(1, dtop, 0, 0, 1));

	buf_addf(&vars, "peak = %s    # GFLOP/s\n", gp_num(peak, num, sizeof num));
	if (ks.multi_level)
		level_vars(a, &vars);
	/* The template's DRAM: the DRAM plateau, or the lowest bandwidth roof where there is none. */
	buf_addf(&vars, "DRAM = %s    # GB/s\n", gp_num(dram ? dram->value : NAN, num, sizeof num));

	struct gp_margin_label ml[ANALYSIS_MAX_ROOFS + 1];
	size_t nml = 0;
	if (isfinite(peak)) {
		ml[nml].value = peak;
		snprintf(ml[nml].text, sizeof ml[nml].text, "sprintf('peak %%.3g', peak)");
		snprintf(ml[nml].var, sizeof ml[nml].var, "peak");
		nml++;
	}
	if (dram || isfinite(peak))
		plot_clause(&plots, "roof(x) with lines lw 3 lc 'black' notitle");
	if (dram)
		buf_addf(&labels, "set label sprintf('DRAM %%.3g GB/s × D/8', DRAM) at %s, roof(%s) right rotate by angle offset 0,0.6\n",
			 gp_num(fmin(isfinite(peak) ? 8 * peak / dram->value : dtop, dtop) / 1.4, num, sizeof num),
			 num);
	double ymin = gp_pow2_floor(ylo / 1.4), ymax = gp_pow2_ceil(yhi * 1.6);
	for (size_t i = 0; i < a->nroofs; i++) {
		const struct roof *r = &a->roofs[i];
		/* A ceiling outside the range would leave a label with no line beside it. */
		if (!is_flat(r) || model_key_of(r).threads > 1 || !(r->value > ymin && r->value < ymax))
			continue;
		add_flat_roof(a, r, &vars, &plots, "%s with lines lw 2 dt 2 lc 'gray40' notitle", &ml[nml++]);
	}
	gp_margin_labels(&labels, ml, nml, ymin, ymax, CANVAS_H * (0.93 - 0.09));

	int any = 0;
	for (size_t k = 0; k < ks.n; k++) {
		char *filter = kernel_filter(&ks, k);
		char *name = gp_str(ks.first[k]->kernel);
		plot_clause(&plots, "pts using 'param':(%s ? column('gflops') : NaN) with linespoints lt %zu title '%s'",
			    filter, k + 1, name);
		free(filter);
		free(name);
		any = 1;
	}
	if (!any) {
		buf_puts(&labels, "set label 'no Horner kernels in this run' at graph 0.5, graph 0.5 center font ',20'\n");
		buf_puts(&labels, "unset key\n");
		if (!plots.len)
			plot_clause(&plots, "NaN notitle");
	}
	buf_puts(&plots, "\n");
	gp_subst_set(s, "ROOFS", buf_take(&vars));
	gp_subst_set(s, "LABELS", buf_take(&labels));
	gp_subst_set(s, "PLOTS", buf_take(&plots));
}

/* ---- writing ------------------------------------------------------------------- */

/* ---- roofline.gp: roofline.png's scene (gnuplot_scene.c) ------------------------ */

/*
 * The scene of roofline.png at the script's canvas: the figure of meta's
 * thread count (meta NULL: the smallest, titled from the run), laid out as
 * plot_roofline lays it out, its points' rows in points.csv, its words.
 */
static int roofline_substs(const struct gnuplot_job *j, struct gp_substs *s, char *err, size_t errlen)
{
	struct plot_meta own = { 0 };
	const struct plot_meta *m = j->meta;
	if (!m) {
		int counts[ANALYSIS_MAX_THREAD_COUNTS];
		size_t n = figure_thread_counts(j->a, counts, ANALYSIS_MAX_THREAD_COUNTS);
		own = (struct plot_meta){ .cpu_model = j->run->info.cpu_model, .compiler = j->run->info.cc,
					  .compiler_version = j->run->info.cc_version,
					  .kernel_cflags = j->run->info.kernel_cflags,
					  .date_utc = j->run->info.date_utc, .threads = n ? counts[0] : 1,
					  .interrupted = j->run->info.interrupted };
		m = &own;
	}
	char *urel = NULL;
	if (m->user && m->user->n && m->user->path) {
		char *rel = gp_run_dir_for(m->user->path, j->out_dir, err, errlen);
		if (!rel)
			return -1;
		urel = gp_str(rel);
		free(rel);
	}
	struct analysis *one = xmalloc(sizeof *one);
	struct figure *fg = xmalloc(sizeof *fg);
	size_t *rows = xmalloc(ANALYSIS_MAX_POINTS * sizeof *rows);
	figure_select_threads(j->a, m->threads, one);
	figure_select_rows(j->a, m->threads, rows);
	int rc = plot_roofline_layout(one, m, GP_CANVAS_W, GP_CANVAS_H, fg);
	if (rc == 0) {
		char title[512], sub[512];
		plot_title_text(m, title, sizeof title, sub, sizeof sub);
		struct gp_scene_text t = { title, sub, m->threads };
		gp_scene_substs(fg, &t, rows, urel, s);
	} else {
		snprintf(err, errlen, "roofline.gp: the figure could not be laid out");
	}
	free(rows);
	free(fg);
	free(one);
	free(urel);
	return rc;
}

/* ---- writing ------------------------------------------------------------------- */

int gnuplot_write_scripts(const char *run_dir, const char *out_dir, const struct rundata *run,
			  const struct analysis *a, const char *templates_dir,
			  char *err, size_t errlen)
{
	struct gnuplot_job j = { .run_dir = run_dir, .out_dir = out_dir, .templates_dir = templates_dir,
				 .run = run, .a = a };
	return gnuplot_write(&j, err, errlen);
}

int gnuplot_write(const struct gnuplot_job *j, char *err, size_t errlen)
{
	struct gp_substs common = { 0 }, s = { 0 };
	const struct analysis *a = j->a;
	int rc = -1;

	if ((a->npoints && need_file(j->run_dir, "points.csv", err, errlen) < 0) ||
	    (a->nsweep && need_file(j->run_dir, "sweep.csv", err, errlen) < 0) ||
	    (a->nroofs && need_file(j->run_dir, "roofs.csv", err, errlen) < 0) ||
	    (a->nchains && need_file(j->run_dir, "chains.csv", err, errlen) < 0))
		return -1;

	char *rel = gp_run_dir_for(j->run_dir, j->out_dir, err, errlen);
	if (!rel)
		return -1;
	gp_subst_set(&common, "RUN_DIR", gp_str(rel));
	free(rel);
	gp_subst_set(&common, "TITLE", title(j->run));

	for (size_t i = 0; i < gnuplot_nscripts; i++) {
		s.n = 0;
		for (size_t k = 0; k < common.n; k++)
			gp_subst_set(&s, common.v[k].key, xstrdup(common.v[k].value));
		int failed = 0;
		switch (i) {   /* gnuplot_scripts[]'s order */
		case 0: failed = roofline_substs(j, &s, err, errlen) < 0; break;
		case 1: bandwidth_substs(j->run, a, &s); break;
		case 2: chains_substs(a, &s); break;
		default: kernels_substs(a, &s); break;
		}
		failed = failed || gp_write_script(j->templates_dir, gnuplot_scripts[i], j->out_dir, &s, err, errlen) < 0;
		gp_subst_free(&s);
		if (failed)
			goto done;
	}
	rc = 0;
done:
	gp_subst_free(&common);
	return rc;
}

/* The template machinery (src/gnuplot_text.h) for other figures (compare.gp). */
int gnuplot_write_template(const char *templates_dir, const char *name, const char *out_dir,
			   const struct gnuplot_values *kv, char *err, size_t errlen)
{
	struct gp_substs s = { .n = 0 };
	for (size_t i = 0; i < kv->n; i++)
		gp_subst_set(&s, kv->keys[i], xstrdup(kv->values[i]));
	int rc = gp_write_script(templates_dir, name, out_dir, &s, err, errlen);
	gp_subst_free(&s);
	return rc;
}
