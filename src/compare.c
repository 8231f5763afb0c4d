/*
 * compare.c - two runs side by side: compare.md, compare.csv and the compare
 * figure's rows (see compare.h).
 */
#include "compare.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "markdown.h"
#include "ratio.h"
#include "registry.h"
#include "report.h"
#include "util.h"

/* ---- gathering the timings behind a value ---------------------------------------- */

/* A growing sample of rates, split into strata. */
struct rates {
	double *x;
	size_t n, cap;
	size_t *len;
	size_t nstrata, lencap;
};

static void rates_add(struct rates *r, double v)
{
	if (r->n == r->cap) {
		r->cap = r->cap ? 2 * r->cap : 64;
		r->x = xrealloc(r->x, r->cap * sizeof *r->x);
	}
	r->x[r->n++] = v;
	r->len[r->nstrata - 1]++;
}

static void rates_stratum(struct rates *r)
{
	if (r->nstrata && r->len[r->nstrata - 1] == 0)
		return;   /* the last one is still empty: reuse it */
	if (r->nstrata == r->lencap) {
		r->lencap = r->lencap ? 2 * r->lencap : 16;
		r->len = xrealloc(r->len, r->lencap * sizeof *r->len);
	}
	r->len[r->nstrata++] = 0;
}

static void rates_free(struct rates *r)
{
	free(r->x);
	free(r->len);
	memset(r, 0, sizeof *r);
}

static struct ratio_sample rates_sample(const struct rates *r)
{
	size_t ns = r->nstrata;
	if (ns && r->len[ns - 1] == 0)
		ns--;   /* a trailing empty stratum holds nothing */
	struct ratio_sample s = { r->x, r->n, ns > 1 ? r->len : NULL, ns };
	return s;
}

/* Kept: not a warm-up, not a job whose check failed. */
static int kept(const struct rundata *run, const struct timing *t)
{
	return !t->warmup && t->seconds > 0 && !rundata_failed(run, t->group, t->kernel, t->param);
}

/* A timing's rate as analysis.c takes it: GB/s in the bandwidth group, GFLOP/s elsewhere. */
static double rate_of(const struct timing *t)
{
	int bw = strcmp(t->group, "bandwidth") == 0;
	return (bw ? t->bytes : t->flops) / t->seconds / 1e9;
}

/* The kept rates of one job into the current stratum; working_set < 0: any. */
static void job_rates(const struct rundata *run, const char *group, const char *kernel, long param,
		      int threads, double working_set, struct rates *out)
{
	for (size_t i = 0; i < run->ntimings; i++) {
		const struct timing *t = &run->timings[i];
		if (t->param != param || t->threads != threads || strcmp(t->kernel, kernel) != 0 ||
		    strcmp(t->group, group) != 0 || (working_set >= 0 && t->working_set != working_set) ||
		    !kept(run, t))
			continue;
		rates_add(out, rate_of(t));
	}
}

/*
 * The sweep's kernel: the bandwidth-group kernel timed at the most distinct
 * sizes (a pattern job runs at a few sizes only). Writes "" when none.
 * One pass collects the distinct (kernel, size) jobs; a few hundred at most.
 */
static void sweep_kernel(const struct rundata *run, int threads, char *out, size_t size)
{
	struct job { const char *kernel; long param; } *jobs = NULL;
	size_t n = 0, cap = 0, best = 0;
	out[0] = 0;
	for (size_t i = 0; i < run->ntimings; i++) {
		const struct timing *t = &run->timings[i];
		if (strcmp(t->group, "bandwidth") != 0 || t->threads != threads)
			continue;
		size_t k;
		for (k = n; k-- > 0;)   /* rows come round-robin: a repeat is usually recent */
			if (jobs[k].param == t->param && strcmp(jobs[k].kernel, t->kernel) == 0)
				break;
		if (k != (size_t)-1)
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 64;
			jobs = xrealloc(jobs, cap * sizeof *jobs);
		}
		jobs[n].kernel = t->kernel;
		jobs[n++].param = t->param;
	}
	for (size_t i = 0; i < n; i++) {
		size_t count = 0;
		for (size_t j = 0; j < n; j++)
			count += strcmp(jobs[j].kernel, jobs[i].kernel) == 0;
		if (count > best) {
			best = count;
			snprintf(out, size, "%s", jobs[i].kernel);
		}
	}
	free(jobs);
}

/* 1 when the sweep timed param at a working set inside r's plateau. */
static int in_plateau(const struct rundata *run, const char *kernel, const struct roof *r, long param)
{
	for (size_t i = 0; i < run->ntimings; i++) {
		const struct timing *t = &run->timings[i];
		if (t->param == param && t->threads == r->threads && strcmp(t->kernel, kernel) == 0 &&
		    strcmp(t->group, "bandwidth") == 0)
			return t->working_set >= r->size_lo && t->working_set <= r->size_hi;
	}
	return 0;
}

static int cmp_long(const void *x, const void *y)
{
	long a = *(const long *)x, b = *(const long *)y;
	return (a > b) - (a < b);
}

/* The sizes of the sweep of `run` inside plateau r, sorted; returns how many. */
static size_t plateau_sizes(const struct rundata *run, const char *kernel, const struct roof *r, long **out)
{
	size_t n = 0, cap = 0;
	long *v = NULL;
	for (size_t i = 0; i < run->ntimings; i++) {
		const struct timing *t = &run->timings[i];
		if (t->threads != r->threads || strcmp(t->kernel, kernel) != 0 || strcmp(t->group, "bandwidth") != 0 ||
		    !(t->working_set >= r->size_lo && t->working_set <= r->size_hi))
			continue;
		size_t k;
		for (k = 0; k < n && v[k] != t->param; k++)
			;
		if (k < n)
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 16;
			v = xrealloc(v, cap * sizeof *v);
		}
		v[n++] = t->param;
	}
	if (n)
		qsort(v, n, sizeof *v, cmp_long);
	*out = v;
	return n;
}

/*
 * A plateau's rates in both runs, one stratum per size: the sizes both runs
 * timed inside both runs' plateaus, so the mix is the same on each side.
 */
static void plateau_rates(const struct rundata *ra, const struct roof *a, const struct rundata *rb,
			  const struct roof *b, struct rates *oa, struct rates *ob)
{
	char ka[48], kb[48];
	long *sa = NULL;
	sweep_kernel(ra, a->threads, ka, sizeof ka);
	sweep_kernel(rb, b->threads, kb, sizeof kb);
	size_t na = plateau_sizes(ra, ka, a, &sa);
	for (size_t i = 0; i < na; i++) {
		if (!in_plateau(rb, kb, b, sa[i]))
			continue;
		rates_stratum(oa);
		rates_stratum(ob);
		job_rates(ra, "bandwidth", ka, sa[i], a->threads, -1, oa);
		job_rates(rb, "bandwidth", kb, sa[i], b->threads, -1, ob);
	}
	/*
	 * No size in both: the fits found different plateaus under one name (a
	 * level more or less in one run), and comparing them would compare two
	 * levels. The row stays untested.
	 */
	free(sa);
}

/* The group whose job sets a roof of this kind. */
static const char *roof_group(const struct roof *r)
{
	return r->kind == ROOF_COMPUTE || r->kind == ROOF_CEILING ? "peak" : "bandwidth";
}

/* ---- deciding ------------------------------------------------------------------ */

/* Fills the row's a, b, ratio and interval from the two samples; tested = 0 when they give none. */
static void test_row(struct compare_row *row, const struct rates *a, const struct rates *b)
{
	struct ratio_sample sa = rates_sample(a), sb = rates_sample(b);
	struct ratio_interval ri;
	row->tested = ratio_of_medians(&sa, &sb, RATIO_REPS, RATIO_LEVEL, RATIO_SEED, &ri) == 0;
	row->a = ri.a;
	row->b = ri.b;
	row->ratio = ri.ratio;
	row->lo = ri.lo;
	row->hi = ri.hi;
}

static void roof_test(struct compare_row *row, const struct rundata *ra, const struct rundata *rb)
{
	struct rates a = { 0 }, b = { 0 };
	const struct roof *x = row->ra, *y = row->rb;
	/*
	 * A plateau, or a pattern roof that is a plateau's value (the sweep's own
	 * pattern, set by no single job): the sweep's sizes inside its range.
	 */
	int plateau_x = x->kind == ROOF_BANDWIDTH || (x->kind == ROOF_PATTERN && !x->job_kernel[0]);
	int plateau_y = y->kind == ROOF_BANDWIDTH || (y->kind == ROOF_PATTERN && !y->job_kernel[0]);
	if (plateau_x && plateau_y && x->kind == y->kind) {
		plateau_rates(ra, x, rb, y, &a, &b);
	} else if (x->job_kernel[0] && y->job_kernel[0]) {
		rates_stratum(&a);
		rates_stratum(&b);
		job_rates(ra, roof_group(x), x->job_kernel, x->job_param, x->threads, -1, &a);
		job_rates(rb, roof_group(y), y->job_kernel, y->job_param, y->threads, -1, &b);
	}
	test_row(row, &a, &b);
	rates_free(&a);
	rates_free(&b);
}

static void point_test(struct compare_row *row, const struct rundata *ra, const struct rundata *rb)
{
	struct rates a = { 0 }, b = { 0 };
	const struct point *x = row->pa, *y = row->pb;
	rates_stratum(&a);
	rates_stratum(&b);
	job_rates(ra, "kernels", x->kernel, x->param, x->threads, x->working_set, &a);
	job_rates(rb, "kernels", y->kernel, y->param, y->threads, y->working_set, &b);
	test_row(row, &a, &b);
	rates_free(&a);
	rates_free(&b);
}

/*
 * The point of `a` that is p's counterpart: same kernel, parameter, threads
 * and memory level (a run measured with --levels has one point per level).
 * The level is the name of the plateau the working set falls in, so runs
 * whose sizes differ a little still pair up; where neither run has a level
 * (no bandwidth group), the working set itself must match.
 */
static const struct point *point_like(const struct analysis *a, const struct point *p)
{
	for (size_t i = 0; i < a->npoints; i++) {
		const struct point *q = &a->points[i];
		if (strcmp(q->kernel, p->kernel) != 0 || q->param != p->param || q->threads != p->threads ||
		    strcmp(q->level, p->level) != 0)
			continue;
		if (p->level[0] || q->working_set == p->working_set)
			return q;
	}
	return NULL;
}

static struct compare_row *add_row(struct compare *c, int is_roof, const char *name)
{
	struct compare_row *r = &c->rows[c->nrows++];
	memset(r, 0, sizeof *r);
	r->is_roof = is_roof;
	snprintf(r->name, sizeof r->name, "%s", name);
	r->a = r->b = r->ratio = r->lo = r->hi = r->threshold = NAN;
	return r;
}

static void judge(struct compare *c, struct compare_row *r, double threshold)
{
	r->threshold = threshold;
	if (!r->tested)
		return;
	c->compared++;
	if (r->lo > 1 && log(r->ratio) > threshold)
		r->moved = COMPARE_FASTER;
	else if (r->hi < 1 && -log(r->ratio) > threshold)
		r->moved = COMPARE_SLOWER;
	c->faster += r->moved == COMPARE_FASTER;
	c->slower += r->moved == COMPARE_SLOWER;
}

static int cmp_double(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;
	return (a > b) - (a < b);
}

/*
 * The roofs' drift without `skip`: the COMPARE_DRIFT_QUANTILE quantile of
 * the tested roofs' |ln ratio| (NaN when none was tested). A quantile, not
 * the largest: with 40-odd roofs (patterns and thread counts) one noisy roof
 * (a streaming-store L1 job at two threads moved 1.6x in an A/A pair) set a
 * threshold no kernel could pass.
 */
static double drift_without(const struct compare *c, const struct compare_row *skip)
{
	double *d = xcalloc(c->nrows + 1, sizeof *d);
	size_t n = 0;
	for (size_t i = 0; i < c->nrows; i++) {
		const struct compare_row *r = &c->rows[i];
		if (r->is_roof && r->tested && r != skip && isfinite(r->ratio) && r->ratio > 0)
			d[n++] = fabs(log(r->ratio));
	}
	double q = NAN;
	if (n) {
		qsort(d, n, sizeof *d, cmp_double);
		size_t k = (size_t)ceil(COMPARE_DRIFT_QUANTILE * (double)n);
		q = d[k > 0 ? k - 1 : 0];
	}
	free(d);
	return q;
}

/* COMPARE_DRIFT_FACTOR x the roofs' drift other than `skip`; at least COMPARE_MIN_MOVE. */
static double threshold_without(const struct compare *c, const struct compare_row *skip)
{
	double d = drift_without(c, skip);
	return fmax(COMPARE_MIN_MOVE, COMPARE_DRIFT_FACTOR * (isfinite(d) ? d : 0));
}

void compare_build(const struct rundata *ra, const struct analysis *aa, const struct rundata *rb,
		   const struct analysis *ab, struct compare *out)
{
	memset(out, 0, sizeof *out);
	out->rows = xcalloc(aa->nroofs + ab->nroofs + aa->npoints + ab->npoints + 1, sizeof *out->rows);
	out->drift = NAN;
	for (size_t i = 0; i < aa->nroofs; i++) {
		struct compare_row *r = add_row(out, 1, aa->roofs[i].name);
		r->ra = &aa->roofs[i];
		r->rb = analysis_roof(ab, r->name);
		if (r->rb && r->ra->kind == r->rb->kind)
			roof_test(r, ra, rb);
	}
	for (size_t i = 0; i < ab->nroofs; i++)
		if (!analysis_roof(aa, ab->roofs[i].name)) {
			struct compare_row *r = add_row(out, 1, ab->roofs[i].name);
			r->rb = &ab->roofs[i];
		}
	for (size_t i = 0; i < aa->npoints; i++) {
		struct compare_row *r = add_row(out, 0, aa->points[i].kernel);
		r->pa = &aa->points[i];
		r->pb = point_like(ab, r->pa);
		if (r->pb)
			point_test(r, ra, rb);
	}
	for (size_t i = 0; i < ab->npoints; i++)
		if (!point_like(aa, &ab->points[i])) {
			struct compare_row *r = add_row(out, 0, ab->points[i].kernel);
			r->pb = &ab->points[i];
		}
	/*
	 * Every roof's move is drift, by the premise (no build moves a roof):
	 * the points are held to the roofs' drift (drift_without); each roof to
	 * the other roofs'. The roof that moved most is kept to be named.
	 */
	double most = -1;
	for (size_t i = 0; i < out->nrows; i++) {
		const struct compare_row *r = &out->rows[i];
		if (r->is_roof && r->tested && fabs(log(r->ratio)) > most) {
			most = fabs(log(r->ratio));
			snprintf(out->drift_roof, sizeof out->drift_roof, "%s", r->name);
			out->drift_ratio = r->ratio;
		}
	}
	out->drift = drift_without(out, NULL);
	out->threshold = threshold_without(out, NULL);
	for (size_t i = 0; i < out->nrows; i++) {
		struct compare_row *r = &out->rows[i];
		judge(out, r, r->is_roof ? threshold_without(out, r) : out->threshold);
	}
}

void compare_free(struct compare *c)
{
	free(c->rows);
	memset(c, 0, sizeof *c);
}

const char *compare_move_name(enum compare_move m)
{
	return m == COMPARE_FASTER ? "faster" : m == COMPARE_SLOWER ? "slower" : "";
}

/* ---- writing ------------------------------------------------------------------- */

/* One env.csv value of both runs, "?" where a run did not record it. */
static void env_row(FILE *fp, const char *label, const char *a, const char *b)
{
	fprintf(fp, "| %s |", label);
	md_cell(fp, rundata_or(a, "?"));
	md_cell(fp, rundata_or(b, "?"));
	fputs("\n", fp);
}

/* The memory level a roof belongs to: a plateau's name, a pattern roof's "<level>." prefix. */
static void roof_level(const struct roof *r, char *buf, size_t size)
{
	size_t n = 0;
	buf[0] = 0;
	if (r->kind == ROOF_BANDWIDTH)
		n = strcspn(r->name, "@");
	else if (r->kind == ROOF_PATTERN)
		n = strcspn(r->name, ".@");
	if (n >= size)
		n = size - 1;
	memcpy(buf, r->name, n);
	buf[n] = 0;
}

/* The row's param: a point's, or the chain count / size of the job that set a roof; "" for a plateau. */
static void row_param(const struct compare_row *row, char *buf, size_t size)
{
	const struct roof *r = row->ra ? row->ra : row->rb;
	const struct point *p = row->pa ? row->pa : row->pb;
	buf[0] = 0;
	if (p)
		snprintf(buf, size, "%ld", p->param);
	else if (r && r->job_kernel[0])
		snprintf(buf, size, "%ld", r->job_param);
}

static void row_level(const struct compare_row *row, char *buf, size_t size)
{
	const struct point *p = row->pa ? row->pa : row->pb;
	if (p)
		snprintf(buf, size, "%s", p->level);
	else
		roof_level(row->ra ? row->ra : row->rb, buf, size);
}

/* "| ratio | [lo, hi] | verdict |" for a row present in both runs, or its absence. */
static void verdict_cells(FILE *fp, const struct compare_row *r)
{
	if (!(r->is_roof ? r->ra && r->rb : r->pa && r->pb)) {
		fprintf(fp, " — | — | only in %s |\n", (r->is_roof ? r->ra != NULL : r->pa != NULL) ? "A" : "B");
		return;
	}
	if (!r->tested) {
		fputs(" — | — | not compared: no timings in common (a plateau at other sizes in each run) |\n", fp);
		return;
	}
	fprintf(fp, " %.3f | %.3f–%.3f | %s |\n", r->ratio, r->lo, r->hi,
		r->moved == COMPARE_FASTER ? "**faster**" : r->moved == COMPARE_SLOWER ? "**slower**" : "");
}

static void value_cells(FILE *fp, const struct compare_row *r, double va, double vb)
{
	char x[32], y[32];
	fprintf(fp, " %s | %s |", md_rate(va, x, sizeof x), md_rate(vb, y, sizeof y));
	verdict_cells(fp, r);
}

static void roof_row(FILE *fp, const struct compare_row *r)
{
	const struct roof *x = r->ra ? r->ra : r->rb;
	fputs("| ", fp);
	md_text(fp, r->name);
	fprintf(fp, " (%s) |", roof_unit(x));
	value_cells(fp, r, r->tested ? r->a : r->ra ? r->ra->median : NAN,
		    r->tested ? r->b : r->rb ? r->rb->median : NAN);
}

static void point_row(FILE *fp, const struct compare_row *r)
{
	const struct point *p = r->pa ? r->pa : r->pb;
	char param[32];
	analysis_param_text(p->param_letter, p->param, param, sizeof param);
	fputs("| ", fp);
	md_text(fp, p->kernel);
	if (p->threads > 1)
		fprintf(fp, " (%d threads)", p->threads);
	fputs(" |", fp);
	md_cell(fp, param);
	md_cell(fp, p->level[0] ? p->level : "—");
	value_cells(fp, r, r->tested ? r->a : r->pa ? r->pa->gflops : NAN,
		    r->tested ? r->b : r->pb ? r->pb->gflops : NAN);
}

/* Keeps the names of files with kernels the run used; returns how many. */
static size_t used_only(char **names, size_t n, const struct rundata *run, const struct analysis *a)
{
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		if (report_kernel_file_used(run, a, names[i]))
			names[k++] = names[i];
		else
			free(names[i]);
	}
	return k;
}

/* Kernel files whose remarks either run kept, each with both verdicts. */
static void remarks_section(FILE *fp, const struct rundata *ra, const struct analysis *aa,
			    const struct rundata *rb, const struct analysis *ab)
{
	char **na = NULL, **nb = NULL;
	size_t ca = ra->dir ? report_remark_files(ra->dir, &na) : 0;
	size_t cb = rb->dir ? report_remark_files(rb->dir, &nb) : 0;
	ca = used_only(na, ca, ra, aa);
	cb = used_only(nb, cb, rb, ab);
	if (!ca && !cb)
		goto done;
	fputs("## Vectorisation verdicts\n\n| kernel file | A | B | |\n| --- | --- | --- | --- |\n", fp);
	size_t i = 0, j = 0;
	while (i < ca || j < cb) {
		int c = i >= ca ? 1 : j >= cb ? -1 : strcmp(na[i], nb[j]);
		const char *name = c <= 0 ? na[i] : nb[j];
		char va[240] = "—", vb[240] = "—";
		if (c <= 0) {
			char *t = report_read_remarks(ra->dir, name);
			report_vec_verdict(t ? t : "", rundata_or(ra->info.cc, "?"), name, va, sizeof va);
			free(t);
		}
		if (c >= 0) {
			char *t = report_read_remarks(rb->dir, name);
			report_vec_verdict(t ? t : "", rundata_or(rb->info.cc, "?"), name, vb, sizeof vb);
			free(t);
		}
		char *file = xasprintf("%s.c", name);
		fputs("|", fp);
		md_cell(fp, file);
		free(file);
		md_cell(fp, va);
		md_cell(fp, vb);
		fprintf(fp, " %s |\n", c == 0 && strcmp(va, vb) != 0 ? "**changed**" : "");
		if (c <= 0)
			i++;
		if (c >= 0)
			j++;
	}
	fputs("\n", fp);
done:
	report_free_names(na, ca);
	report_free_names(nb, cb);
}

/* How the threshold was set, with its numbers. */
static void method(FILE *fp, const struct compare *c)
{
	fprintf(fp, "Ratios are B/A of the medians of the kept timings (warm-ups left out) behind each "
		"value: a kernel's own job; for the peak and each ceiling the FMA-chain job that set it; "
		"for a bandwidth plateau the sweep's sizes inside it, on the sizes both runs timed there. "
		"Beside each ratio is its %.0f %% bootstrap interval (%d resamples of each run's timings, "
		"a plateau's sizes each redrawn from itself, fixed seed: the same runs give the same "
		"interval).\n\n", 100 * RATIO_LEVEL, RATIO_REPS);
	fprintf(fp, "A value is marked **faster** or **slower** only when its interval excludes 1 (a "
		"difference the runs' own noise does not explain) *and* its ratio lies beyond the "
		"machine's drift between the runs, measured on the roofs, which no compiler moves: ");
	if (isfinite(c->drift))
		fprintf(fp, "%.0f %% of the roofs moved by at most |ln B/A| %.3f (the one that moved most, "
			"%s at B/A %.3f, is left out with the rest of the top %.0f %%: a few noisy roofs must "
			"not hide every move), so the threshold on |ln B/A| is %.1f x %.3f",
			100 * COMPARE_DRIFT_QUANTILE, c->drift, c->drift_roof, c->drift_ratio,
			100 * (1 - COMPARE_DRIFT_QUANTILE), COMPARE_DRIFT_FACTOR, c->drift);
	else
		fputs("no roof was timed in both runs, so only the floor applies", fp);
	fprintf(fp, ", and at least %.3f (a %.0f %% move): %.3f, a ratio above %.3f or below %.3f. "
		"A roof is held to "
		"the threshold the *other* roofs give, so a roof that moved alone is still marked; a "
		"marked roof means the machine, or the roof's own code, changed between the runs.\n\n",
		COMPARE_MIN_MOVE, 100 * COMPARE_MIN_MOVE, c->threshold, exp(c->threshold), exp(-c->threshold));
}

int compare_write(const char *path, const struct rundata *ra, const struct analysis *aa,
		  const struct rundata *rb, const struct analysis *ab, const struct compare *c,
		  char *err, size_t errlen)
{
	struct outfile o;
	if (outfile_open(&o, path, err, errlen) < 0)
		return -1;
	FILE *fp = o.fp;

	fputs("# Comparing two runs\n\n| | A | B |\n| --- | --- | --- |\n", fp);
	fprintf(fp, "| run |");
	md_cell(fp, ra->dir ? ra->dir : "?");
	md_cell(fp, rb->dir ? rb->dir : "?");
	fputs("\n", fp);
	const struct run_env *ea = &ra->info, *eb = &rb->info;
	env_row(fp, "CPU", ea->cpu_model, eb->cpu_model);
	env_row(fp, "compiler", ea->cc, eb->cc);
	env_row(fp, "version", ea->cc_version, eb->cc_version);
	env_row(fp, "kernel flags", ea->kernel_cflags, eb->kernel_cflags);
	env_row(fp, "threads", ea->threads, eb->threads);
	env_row(fp, "date (UTC)", ea->date_utc, eb->date_utc);
	fputs("\n", fp);

	const struct { const char *a, *b, *what; } changes[] = {
		{ ea->cc, eb->cc, "compiler" }, { ea->cc_version, eb->cc_version, "compiler version" },
		{ ea->kernel_cflags, eb->kernel_cflags, "kernel flags" },
		{ ea->threads, eb->threads, "threads" },
	};
	int nchanged = 0;
	for (size_t i = 0; i < sizeof changes / sizeof changes[0]; i++) {
		const char *a = rundata_or(changes[i].a, "?"), *b = rundata_or(changes[i].b, "?");
		if (strcmp(a, b) != 0) {
			fprintf(fp, "%s %s (", nchanged ? "," : "Changed between the runs:",
				changes[i].what);
			md_text(fp, a);
			fputs(" → ", fp);
			md_text(fp, b);
			fputs(")", fp);
			nchanged++;
		}
	}
	fputs(nchanged ? ".\n\n" : "Same compiler, version, flags and threads in both runs.\n\n", fp);
	if (strcmp(rundata_or(ea->cpu_model, "?"), rundata_or(eb->cpu_model, "?")) != 0)
		fputs("**The CPUs differ**: the ratios compare machines, not compilers.\n\n", fp);

	fprintf(fp, "**%d of %d values moved beyond the runs' noise and drift: %d faster, %d slower.**\n\n",
		c->faster + c->slower, c->compared, c->faster, c->slower);
	method(fp, c);

	size_t nroofs = 0, npoints = 0;
	for (size_t i = 0; i < c->nrows; i++) {
		nroofs += c->rows[i].is_roof;
		npoints += !c->rows[i].is_roof;
	}
	fputs("## Roofs (median of the timings that set each)\n\n"
	      "| roof | A | B | B/A | 95 % interval | moved |\n| --- | ---: | ---: | ---: | :---: | --- |\n", fp);
	for (size_t i = 0; i < c->nrows; i++)
		if (c->rows[i].is_roof)
			roof_row(fp, &c->rows[i]);
	if (!nroofs)
		fputs("| (no roofs in either run) | | | | | |\n", fp);
	fputs("\n## Kernels (median GFLOP/s)\n\n| kernel | param | level | A | B | B/A | 95 % interval | moved |\n"
	      "| --- | --- | --- | ---: | ---: | ---: | :---: | --- |\n", fp);
	for (size_t i = 0; i < c->nrows; i++)
		if (!c->rows[i].is_roof)
			point_row(fp, &c->rows[i]);
	if (!npoints)
		fputs("| (no kernels group in either run) | | | | | | | |\n", fp);
	fputs("\n", fp);
	remarks_section(fp, ra, aa, rb, ab);
	return outfile_commit(&o, err, errlen);
}

/* A number for compare.csv: %.6g, empty when missing. */
static void csv_num(FILE *fp, double v)
{
	if (isfinite(v))
		fprintf(fp, ",%.6g", v);
	else
		fputs(",", fp);
}

int compare_write_csv(const char *path, const struct compare *c, char *err, size_t errlen)
{
	struct outfile o;
	if (outfile_open(&o, path, err, errlen) < 0)
		return -1;
	fputs("kind,name,param,level,a,b,ratio,ratio_lo,ratio_hi,moved\n", o.fp);
	for (size_t i = 0; i < c->nrows; i++) {
		const struct compare_row *r = &c->rows[i];
		char param[32], level[24];
		if (r->is_roof ? !(r->ra && r->rb) : !(r->pa && r->pb))
			continue;   /* present in both runs only */
		row_param(r, param, sizeof param);
		row_level(r, level, sizeof level);
		fputs(r->is_roof ? "roof," : "point,", o.fp);
		csv_sheet_field(o.fp, r->name);
		fputs(",", o.fp);
		csv_sheet_field(o.fp, param);
		fputs(",", o.fp);
		csv_sheet_field(o.fp, level);
		csv_num(o.fp, r->a);
		csv_num(o.fp, r->b);
		csv_num(o.fp, r->ratio);
		csv_num(o.fp, r->lo);
		csv_num(o.fp, r->hi);
		fprintf(o.fp, ",%s\n", compare_move_name(r->moved));
	}
	return outfile_commit(&o, err, errlen);
}
