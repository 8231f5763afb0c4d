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
#include "stats.h"
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

/* 1 when t is a kept timing of the job (group, kernel, param, threads, working set; < 0: any). */
static int of_job(const struct rundata *run, const struct timing *t, const char *group, const char *kernel,
		  long param, int threads, double working_set)
{
	return t->param == param && t->threads == threads && strcmp(t->kernel, kernel) == 0 &&
	       strcmp(t->group, group) == 0 && (working_set < 0 || t->working_set == working_set) && kept(run, t);
}

/* The kept rates of one job into the current stratum; working_set < 0: any. */
static void job_rates(const struct rundata *run, const char *group, const char *kernel, long param,
		      int threads, double working_set, struct rates *out)
{
	for (size_t i = 0; i < run->ntimings; i++)
		if (of_job(run, &run->timings[i], group, kernel, param, threads, working_set))
			rates_add(out, rate_of(&run->timings[i]));
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
	/* The run's record of it (rundata_sweep_kernel); the count below only for older runs. */
	const char *recorded = rundata_sweep_kernel(run);
	if (recorded) {
		snprintf(out, size, "%s", recorded);
		return;
	}
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

/* ---- a point against its own roof ---------------------------------------------- */

/* fit.c's rule for a plateau's value: the mean of the three best sizes. */
#define COMPARE_PLATEAU_BEST_OF 3

/* Rates keyed by the round-robin trial they were taken in. */
struct trial_rate {
	int pass, trial;
	double rate;
};

struct trial_rates {
	struct trial_rate *v;
	size_t n, cap;
};

static void trial_add(struct trial_rates *t, const struct timing *x)
{
	if (t->n == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 64;
		t->v = xrealloc(t->v, t->cap * sizeof *t->v);
	}
	t->v[t->n].pass = x->pass;
	t->v[t->n].trial = x->trial;
	t->v[t->n++].rate = rate_of(x);
}

static int cmp_trial(const void *x, const void *y)
{
	const struct trial_rate *a = x, *b = y;
	if (a->pass != b->pass)
		return (a->pass > b->pass) - (a->pass < b->pass);
	return (a->trial > b->trial) - (a->trial < b->trial);
}

/* The kept timings of one job, each with its trial; working_set < 0: any. */
static void job_trials(const struct rundata *run, const char *group, const char *kernel, long param,
		       int threads, double working_set, struct trial_rates *out)
{
	for (size_t i = 0; i < run->ntimings; i++)
		if (of_job(run, &run->timings[i], group, kernel, param, threads, working_set))
			trial_add(out, &run->timings[i]);
}

/*
 * A roof's rate in each trial: the kept timings of the job that set it; for
 * a plateau (no single job) the sweep's sizes inside it, one rate a trial by
 * fit.c's rule (the mean of the best three sizes of that trial), so that it
 * pairs with a point's timing of the same trial.
 */
static void roof_trials(const struct rundata *run, const struct roof *r, struct trial_rates *out)
{
	if (r->job_kernel[0]) {
		job_trials(run, roof_group(r), r->job_kernel, r->job_param, r->threads, -1, out);
		return;
	}
	char sweep[48];
	sweep_kernel(run, r->threads, sweep, sizeof sweep);
	struct trial_rates all = { 0 };
	for (size_t i = 0; i < run->ntimings; i++) {
		const struct timing *t = &run->timings[i];
		if (t->threads == r->threads && strcmp(t->group, "bandwidth") == 0 && strcmp(t->kernel, sweep) == 0 &&
		    t->working_set >= r->size_lo && t->working_set <= r->size_hi && kept(run, t))
			trial_add(&all, t);
	}
	if (all.n)
		qsort(all.v, all.n, sizeof *all.v, cmp_trial);
	double *x = xmalloc((all.n + 1) * sizeof *x);
	for (size_t i = 0; i < all.n;) {
		size_t j = i, m = 0;
		for (; j < all.n && cmp_trial(&all.v[i], &all.v[j]) == 0; j++)
			x[m++] = all.v[j].rate;
		struct timing key = { .pass = all.v[i].pass, .trial = all.v[i].trial };
		trial_add(out, &key);
		out->v[out->n - 1].rate = stats_mean_of_best(x, m, COMPARE_PLATEAU_BEST_OF);
		i = j;
	}
	free(x);
	free(all.v);
}

/* Pairs with fewer than this many trials in common are judged unpaired. */
#define COMPARE_MIN_PAIRS 3

/*
 * One run's fraction of a roof, for ratio_of_fractions. How it pairs: each
 * of the point's kept timings with the roof's timing of the same trial (pass
 * and trial number), both jobs being timed once a trial in the same round
 * robin, so the machine's slow and fast moments hit both and cancel in the
 * quotient. Where the trials do not line up (a long kernel job timed in
 * fewer trials than the roof, or a run whose rows lost their trials) and
 * fewer than COMPARE_MIN_PAIRS or under half of the point's timings find a
 * partner, the two samples are used unpaired. The arrays are the caller's to
 * free.
 */
static void run_fraction(struct trial_rates *pt, struct trial_rates *rf, double **point,
			 double **roof, int **block, struct ratio_fraction *f)
{
	*point = xmalloc((pt->n + 1) * sizeof **point);
	*roof = xmalloc((pt->n + rf->n + 1) * sizeof **roof);
	*block = xmalloc((pt->n + 1) * sizeof **block);
	/* Pass after pass: ratio.h's blocks are contiguous; the roof's sorted to be searched. */
	if (pt->n)
		qsort(pt->v, pt->n, sizeof *pt->v, cmp_trial);
	if (rf->n)
		qsort(rf->v, rf->n, sizeof *rf->v, cmp_trial);
	size_t pairs = 0;
	for (size_t i = 0; i < pt->n && rf->n; i++) {
		const struct trial_rate *q = bsearch(&pt->v[i], rf->v, rf->n, sizeof *rf->v, cmp_trial);
		if (!q)
			continue;
		(*point)[pairs] = pt->v[i].rate;
		(*block)[pairs] = pt->v[i].pass;
		(*roof)[pairs++] = q->rate;
	}
	f->paired = pairs >= COMPARE_MIN_PAIRS && 2 * pairs >= pt->n;
	f->block = f->paired ? *block : NULL;
	if (f->paired) {
		f->npoint = f->nroof = pairs;
	} else {
		for (size_t i = 0; i < pt->n; i++)
			(*point)[i] = pt->v[i].rate;
		for (size_t j = 0; j < rf->n; j++)
			(*roof)[j] = rf->v[j].rate;
		f->npoint = pt->n;
		f->nroof = rf->n;
	}
	f->point = *point;
	f->roof = *roof;
}

/*
 * The roof the model judged p against (diagnosis.h: point->roof names it),
 * or NULL when it found none. Looked up by the name diagnosis_place()
 * copied from that roof, never parsed.
 */
static const struct roof *judged_roof(const struct analysis *a, const struct point *p)
{
	return p->roof[0] ? analysis_roof(a, p->roof) : NULL;
}

/* Fills the row's fractions and relative move; rel_tested = 0 when either run gives none. */
static void relative_test(struct compare_row *row, const struct rundata *ra, const struct analysis *aa,
			  const struct rundata *rb, const struct analysis *ab)
{
	/*
	 * Like with like: the same roof in both runs where both have it (A's
	 * verdict first, else B's). Each run's own verdict would let the build
	 * move the roof: code that gcc vectorised and clang did not is judged
	 * against the AVX-512 ceiling in one run and the scalar one in the
	 * other, and an 8x slowdown reads as no move; and a quick run whose
	 * pattern job landed on another level would judge one point against two
	 * different bandwidths. The machine's move still cancels, as the same
	 * roof is measured in each run.
	 */
	row->model_a = judged_roof(aa, row->pa);
	row->model_b = judged_roof(ab, row->pb);
	const struct roof *a_in_b = row->model_a ? analysis_roof(ab, row->model_a->name) : NULL;
	const struct roof *b_in_a = row->model_b ? analysis_roof(aa, row->model_b->name) : NULL;
	if (a_in_b) {
		row->roof_a = row->model_a;
		row->roof_b = a_in_b;
	} else if (b_in_a) {
		row->roof_a = b_in_a;
		row->roof_b = row->model_b;
	} else {
		row->roof_a = row->model_a;   /* no roof in common (other machines): each run's own */
		row->roof_b = row->model_b;
	}
	if (!row->roof_a || !row->roof_b)
		return;
	struct trial_rates pa = { 0 }, pb = { 0 }, qa = { 0 }, qb = { 0 };
	const struct point *x = row->pa, *y = row->pb;
	job_trials(ra, "kernels", x->kernel, x->param, x->threads, x->working_set, &pa);
	job_trials(rb, "kernels", y->kernel, y->param, y->threads, y->working_set, &pb);
	roof_trials(ra, row->roof_a, &qa);
	roof_trials(rb, row->roof_b, &qb);
	double *xa, *ya, *xb, *yb;
	int *ba, *bb;
	struct ratio_fraction fa, fb;
	run_fraction(&pa, &qa, &xa, &ya, &ba, &fa);
	run_fraction(&pb, &qb, &xb, &yb, &bb, &fb);
	struct ratio_relative rr;
	row->rel_tested = ratio_of_fractions(&fa, &fb, RATIO_REPS, RATIO_LEVEL, RATIO_SEED, &rr) == 0;
	row->paired = fa.paired && fb.paired;
	/*
	 * A point judged against a ceiling: the fraction is of the ceiling's
	 * GFLOP/s. Against a memory roof, of GB/s x intensity, and the intensity
	 * (from the kernel's metadata) is the same in both runs' fractions only
	 * when the kernel is, so it is kept in: the fraction reads as the
	 * report's (gflops / roof_gflops).
	 */
	double ka = row->roof_a->kind == ROOF_BANDWIDTH || row->roof_a->kind == ROOF_PATTERN ? x->ai : 1;
	double kb = row->roof_b->kind == ROOF_BANDWIDTH || row->roof_b->kind == ROOF_PATTERN ? y->ai : 1;
	row->fraction_a = rr.fa / ka;
	row->fraction_b = rr.fb / kb;
	row->rel = rr.rel * ka / kb;
	row->rel_lo = rr.lo * ka / kb;
	row->rel_hi = rr.hi * ka / kb;
	row->spread_a[0] = rr.a_q1 / ka;
	row->spread_a[1] = rr.a_q3 / ka;
	row->spread_b[0] = rr.b_q1 / kb;
	row->spread_b[1] = rr.b_q3 / kb;
	row->overlap = row->spread_a[0] <= row->spread_b[1] && row->spread_b[0] <= row->spread_a[1];
	if (!row->rel_tested)
		row->fraction_a = row->fraction_b = row->rel = row->rel_lo = row->rel_hi = NAN;
	free(xa);
	free(ya);
	free(ba);
	free(xb);
	free(yb);
	free(bb);
	free(pa.v);
	free(pb.v);
	free(qa.v);
	free(qb.v);
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
	r->fraction_a = r->fraction_b = r->rel = r->rel_lo = r->rel_hi = NAN;
	return r;
}

/* A roof against the other roofs' drift (threshold); a point against its own roof. */
static void judge(struct compare *c, struct compare_row *r, double threshold)
{
	r->threshold = threshold;
	if (!r->tested)
		return;
	c->compared++;
	if (r->is_roof) {
		r->moved = (enum compare_move)judge_move(r->ratio, r->lo, r->hi, threshold);
		r->differs = judge_move(r->ratio, r->lo, r->hi, JUDGE_PRACTICAL_MOVE) != JUDGE_SAME;
	} else {
		r->threshold = JUDGE_PRACTICAL_MOVE;
		/*
		 * No roof in one run: the machine's move cannot be taken out of
		 * its raw ratio, which on a VM that changed host is as likely the
		 * machine's as the code's. Such a point is not judged.
		 */
		r->moved = r->rel_tested ? (enum compare_move)judge_move(r->rel, r->rel_lo, r->rel_hi, JUDGE_PRACTICAL_MOVE)
					 : COMPARE_SAME;
		/*
		 * The middle halves of the two runs' trials overlap: what moved is
		 * the mix of a kernel whose trials spread wide (gemm_ijk n = 16 on
		 * a Zen 4 VM runs at 3.3 or 6.4 GFLOP/s, trial by trial, and one
		 * run had mostly fast trials), not the kernel; its median cannot
		 * tell a move from a run's luck.
		 */
		if (r->rel_tested && r->overlap)
			r->moved = COMPARE_SAME;
		c->points_compared++;
		c->points_faster += r->moved == COMPARE_FASTER;
		c->points_slower += r->moved == COMPARE_SLOWER;
	}
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
	compare_machines(ra, rb, &out->machines);
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
		if (r->pb) {
			point_test(r, ra, rb);
			relative_test(r, ra, aa, rb, ab);
		}
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
	return judge_verdict_name((enum judge_verdict)m);
}

/* ---- the machines -------------------------------------------------------------- */

/* "48 KiB", "508 MiB": a cache size as people read it. */
static void cache_text(double bytes, char *buf, size_t size)
{
	if (!(bytes > 0))
		snprintf(buf, size, "?");
	else if (bytes >= 1048576)
		snprintf(buf, size, "%.4g MiB", bytes / 1048576);
	else
		snprintf(buf, size, "%.4g KiB", bytes / 1024);
}

/* Appends "what a → b" to out->what, comma-separated. */
static void differs(struct compare_machines *out, const char *what, const char *a, const char *b)
{
	size_t n = strlen(out->what);
	snprintf(out->what + n, sizeof out->what - n, "%s%s %s \u2192 %s", n ? ", " : "", what, a, b);
}

/* A run's measured clock range, [min, max]; NaN where the run does not record it. */
static void clock_range(const struct rundata *r, double *lo, double *hi)
{
	const char *a = rundata_env(r, "clock_ghz_min"), *b = rundata_env(r, "clock_ghz_max");
	*lo = a ? strtod(a, NULL) : NAN;
	*hi = b ? strtod(b, NULL) : NAN;
}

/*
 * The clock agrees when each run's clock lies inside the other's range of
 * samples (a VM's clock wanders within a run: 2.97 to 3.76 GHz in the
 * committed example), within COMPARE_CLOCK_AGREE without ranges.
 */
#define COMPARE_CLOCK_AGREE 0.10
static int clocks_agree(const struct rundata *a, const struct rundata *b)
{
	double ca = a->info.clock_ghz, cb = b->info.clock_ghz, alo, ahi, blo, bhi;
	if (!(ca > 0) || !(cb > 0))
		return 1;   /* unknown on a side: nothing says they differ */
	clock_range(a, &alo, &ahi);
	clock_range(b, &blo, &bhi);
	if (alo > 0 && ahi >= alo && blo > 0 && bhi >= blo)
		return ca >= blo && ca <= bhi && cb >= alo && cb <= ahi;
	return fabs(log(cb / ca)) <= log(1 + COMPARE_CLOCK_AGREE);
}

void compare_machines(const struct rundata *a, const struct rundata *b, struct compare_machines *out)
{
	memset(out, 0, sizeof *out);
	const struct run_env *ea = &a->info, *eb = &b->info;
	const struct { const char *what, *a, *b; } text[] = {
		{ "CPU", ea->cpu_model, eb->cpu_model }, { "ISAs", ea->isas, eb->isas },
		{ "widest ISA", ea->isa, eb->isa }, { "cores", ea->cores, eb->cores },
	};
	for (size_t i = 0; i < sizeof text / sizeof text[0]; i++) {
		const char *x = rundata_or(text[i].a, "?"), *y = rundata_or(text[i].b, "?");
		if (strcmp(x, y) != 0)
			differs(out, text[i].what, x, y);
	}
	const struct { const char *what; double a, b; } caches[] = {
		{ "L1d", ea->l1d_bytes, eb->l1d_bytes }, { "L2", ea->l2_bytes, eb->l2_bytes },
		{ "L3", ea->l3_bytes, eb->l3_bytes },
	};
	for (size_t i = 0; i < sizeof caches / sizeof caches[0]; i++)
		if (caches[i].a != caches[i].b && (caches[i].a > 0 || caches[i].b > 0)) {
			char x[32], y[32];
			cache_text(caches[i].a, x, sizeof x);
			cache_text(caches[i].b, y, sizeof y);
			differs(out, caches[i].what, x, y);
		}
	if (!clocks_agree(a, b)) {
		char x[32], y[32];
		snprintf(x, sizeof x, "%.2f", ea->clock_ghz);
		snprintf(y, sizeof y, "%.2f GHz", eb->clock_ghz);
		differs(out, "clock", x, y);
	}
	out->differ = out->what[0] != 0;
	char l1[32];
	cache_text(ea->l1d_bytes, l1, sizeof l1);
	snprintf(out->same, sizeof out->same, "%s, %s, %s cores, L1d %s", rundata_or(ea->cpu_model, "?"),
		 rundata_or(ea->isa, "?"), rundata_or(ea->cores, "?"), l1);
	const char *oa = rundata_or(ea->os, "?"), *ob = rundata_or(eb->os, "?");
	if (strcmp(oa, ob) != 0)
		snprintf(out->os, sizeof out->os, "%s \u2192 %s", oa, ob);
	/* One line each, for a heading and a subtitle: env.csv's quoted line breaks flattened. */
	char *texts[] = { out->what, out->same, out->os };
	for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++)
		for (char *c = texts[i]; *c; c++)
			if (*c == '\n' || *c == '\r')
				*c = ' ';
}

/* ---- --check ------------------------------------------------------------------- */

int compare_check_parse(const char *list, unsigned *mask, char *err, size_t errlen)
{
	*mask = 0;
	if (!list || !*list) {
		*mask = COMPARE_CHECK_SLOWER;
		return 0;
	}
	const char *p = list;
	for (;;) {
		size_t n = strcspn(p, ",");
		if (n == 6 && strncmp(p, "slower", 6) == 0)
			*mask |= COMPARE_CHECK_SLOWER;
		else if (n == 6 && strncmp(p, "faster", 6) == 0)
			*mask |= COMPARE_CHECK_FASTER;
		else {
			snprintf(err, errlen, "compare: --check '%s': '%.*s' is not a direction: want a comma "
				 "list of slower, faster", list, (int)(n > 40 ? 40 : n), p);
			return -1;
		}
		if (!p[n])
			return 0;
		p += n + 1;
	}
}

int compare_check_line(const struct compare *c, unsigned mask, char *buf, size_t size)
{
	const char *dirs = mask == (COMPARE_CHECK_SLOWER | COMPARE_CHECK_FASTER) ? "slower or faster"
			   : mask & COMPARE_CHECK_FASTER ? "faster" : "slower";
	int n = 0;
	char list[1024] = "";
	size_t at = 0;
	for (size_t i = 0; i < c->nrows; i++) {
		const struct compare_row *r = &c->rows[i];
		int hit = !r->is_roof && ((r->moved == COMPARE_SLOWER && (mask & COMPARE_CHECK_SLOWER)) ||
					  (r->moved == COMPARE_FASTER && (mask & COMPARE_CHECK_FASTER)));
		if (!hit)
			continue;
		n++;
		const struct point *p = r->pa;
		char param[32] = "";
		if (p->param_letter || p->param)
			analysis_param_text(p->param_letter, p->param, param, sizeof param);
		char where[40];
		if (p->threads > 1)
			snprintf(where, sizeof where, "%s, %d threads", p->level[0] ? p->level : "?", p->threads);
		else
			snprintf(where, sizeof where, "%s", p->level[0] ? p->level : "?");
		if (at < sizeof list)
			at += (size_t)snprintf(list + at, sizeof list - at, "%s%s%s%s (%s) %s \u00d7%.2f",
					       n > 1 ? ", " : "", p->kernel, param[0] ? " " : "", param, where,
					       compare_move_name(r->moved), r->rel_tested ? r->rel : r->ratio);
	}
	if (n)
		snprintf(buf, size, "%d point%s moved %s against %s roof%s: %s", n, n == 1 ? "" : "s", dirs,
			 n == 1 ? "its" : "their", n == 1 ? "" : "s", list);
	else
		snprintf(buf, size, "no point moved %s against its roof (%d compared)", dirs, c->points_compared);
	return n;
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

/* " 61 % |" or " — |": a fraction of a roof. */
static void fraction_cell(FILE *fp, double f)
{
	char pct[32];
	md_cell(fp, md_percent(f, pct, sizeof pct));
}

/*
 * The roof a point was judged against: "DRAM.1r1w", "fma → avx2" where the
 * runs had none in common, and what the model chose in each run where that
 * differs from it.
 */
static void judged_roofs_cell(FILE *fp, const struct compare_row *r)
{
	const char *a = r->roof_a ? r->roof_a->name : "—", *b = r->roof_b ? r->roof_b->name : "—";
	const char *ma = r->model_a ? r->model_a->name : "—", *mb = r->model_b ? r->model_b->name : "—";
	char text[160];
	size_t n;
	if (strcmp(a, b) == 0)
		n = (size_t)snprintf(text, sizeof text, "%s", a);
	else
		n = (size_t)snprintf(text, sizeof text, "%s \u2192 %s", a, b);
	if ((strcmp(ma, a) != 0 || strcmp(mb, b) != 0) && n < sizeof text)
		snprintf(text + n, sizeof text - n, " (the model's: %s in A, %s in B)", ma, mb);
	md_cell(fp, text);
}

static void point_row(FILE *fp, const struct compare_row *r)
{
	const struct point *p = r->pa ? r->pa : r->pb;
	char param[32], x[32], y[32];
	analysis_param_text(p->param_letter, p->param, param, sizeof param);
	fputs("| ", fp);
	md_text(fp, p->kernel);
	if (p->threads > 1)
		fprintf(fp, " (%d threads)", p->threads);
	fputs(" |", fp);
	md_cell(fp, param);
	md_cell(fp, p->level[0] ? p->level : "—");
	if (!(r->pa && r->pb)) {
		fprintf(fp, " — | — | — | — | — | %s | %s | — | only in %s |\n",
			md_rate(r->pa ? r->pa->gflops : NAN, x, sizeof x), md_rate(r->pb ? r->pb->gflops : NAN, y, sizeof y),
			r->pa ? "A" : "B");
		return;
	}
	judged_roofs_cell(fp, r);
	fraction_cell(fp, r->fraction_a);
	fraction_cell(fp, r->fraction_b);
	if (r->rel_tested)
		fprintf(fp, " %.3f | %.3f–%.3f |", r->rel, r->rel_lo, r->rel_hi);
	else
		fputs(" — | — |", fp);
	fprintf(fp, " %s | %s |", md_rate(r->tested ? r->a : r->pa->gflops, x, sizeof x),
		md_rate(r->tested ? r->b : r->pb->gflops, y, sizeof y));
	if (r->tested)
		fprintf(fp, " %.3f |", r->ratio);
	else
		fputs(" — |", fp);
	const char *v = r->moved == COMPARE_FASTER ? "**faster**" : r->moved == COMPARE_SLOWER ? "**slower**" : "";
	if (!r->tested)
		v = "not compared: no kept timings in one run";
	else if (!r->rel_tested)
		v = !r->roof_a && !r->roof_b ? "not judged: no roof in either run"
		    : !r->roof_a            ? "not judged: no roof in A"
		    : !r->roof_b            ? "not judged: no roof in B"
					    : "not judged: no fraction of its roof in one run";
	else if (r->overlap && judge_move(r->rel, r->rel_lo, r->rel_hi, JUDGE_PRACTICAL_MOVE) != JUDGE_SAME)
		v = "within its trials' spread";
	fprintf(fp, " %s |\n", v);
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

/* How points and roofs were judged, with the numbers. */
static void method(FILE *fp, const struct compare *c)
{
	fprintf(fp, "A kernel is judged against its own roof: in each run its fraction of the roof the "
		"model judged it against (its access pattern's bandwidth at its level, or the compute "
		"ceiling of its build; the same roof in both runs where both have it, so that code one "
		"compiler vectorised and the other did not still shows its move), and the relative move "
		"is B's fraction over A's. A machine "
		"that is slower everywhere, or another machine, moves no kernel: only what the code makes "
		"of the machine it runs on. Each fraction pairs the kernel's kept timings (warm-ups left "
		"out) with its roof's timings of the same round-robin trial, so the machine's slow moments, "
		"which hit both, cancel (a plateau roof: the mean of its three best sizes in that trial); "
		"where the trials do not line up the two are taken unpaired. Beside the relative move is its "
		"%.0f %% bootstrap interval (%d resamples, each drawing whole passes and then trials within "
		"them, so that the machine's drift from one pass to the next is inside it; fixed seed: the "
		"same runs give the same interval), and the raw B/A of the medians.\n\n", 100 * RATIO_LEVEL,
		RATIO_REPS);
	fprintf(fp, "A kernel is marked **faster** or **slower** only when its relative interval excludes "
		"1 (a difference the runs' own noise does not explain) *and* it moved by more than %.0f %% "
		"(|ln| > %.3f): a move that small comes and goes between two runs of one build (compared "
		"pass with pass, half the kernels of one run move by 2 to 3.5 %% with nothing changed). A "
		"kernel whose roof one run lacks "
		"is judged on its raw ratio by the same rule.\n\n", 100 * (exp(JUDGE_PRACTICAL_MOVE) - 1),
		JUDGE_PRACTICAL_MOVE);
	fputs("A roof's B/A is the machine's move. A roof is marked moved when it moved against the other "
	      "roofs: its interval excludes 1 and its ratio lies beyond ", fp);
	if (isfinite(c->drift))
		fprintf(fp, "%.1f x the move that %.0f %% of the other roofs stay within (|ln B/A| %.3f here; the "
			"roof that moved most, %s, at B/A %.3f)", COMPARE_DRIFT_FACTOR, 100 * COMPARE_DRIFT_QUANTILE,
			c->drift, c->drift_roof, c->drift_ratio);
	else
		fputs("the floor alone (no roof was timed in both runs)", fp);
	fprintf(fp, ", and at least %.0f %%: one level of the machine, or one roof's own code, changed "
		"between the runs.\n\n", 100 * COMPARE_MIN_MOVE);
}

/* "the machine: L1 0.97, L2 1.00, DRAM 0.92, peak 1.00": the one-thread plateaus and peak, B/A. */
static void machine_move(FILE *fp, const struct compare *c)
{
	int lowest = 0;
	for (size_t i = 0; i < c->nrows; i++) {
		const struct compare_row *r = &c->rows[i];
		if (r->is_roof && r->tested && (!lowest || r->ra->threads < lowest))
			lowest = r->ra->threads;
	}
	int n = 0;
	for (size_t i = 0; i < c->nrows; i++) {
		const struct compare_row *r = &c->rows[i];
		if (!r->is_roof || !r->tested || r->ra->threads != lowest ||
		    !(r->ra->kind == ROOF_BANDWIDTH || r->ra->kind == ROOF_COMPUTE))
			continue;
		fputs(n ? ", " : "The machine (B/A of its roofs): ", fp);
		md_text(fp, r->name);
		fprintf(fp, " %.2f", r->ratio);
		n++;
	}
	if (n)
		fputs(".\n\n", fp);
}

/* One sentence per moved kernel: its fraction of its roof in each run. */
static void moves_list(FILE *fp, const struct compare *c)
{
	for (size_t i = 0; i < c->nrows; i++) {
		const struct compare_row *r = &c->rows[i];
		if (r->is_roof || r->moved == COMPARE_SAME)
			continue;
		const struct point *p = r->pa;
		char param[32] = "";
		if (p->param_letter || p->param)
			analysis_param_text(p->param_letter, p->param, param, sizeof param);
		fputs("- **", fp);
		md_text(fp, p->kernel);
		fprintf(fp, "%s%s**", param[0] ? " " : "", param);
		if (p->threads > 1)
			fprintf(fp, " (%d threads)", p->threads);
		if (r->rel_tested) {
			fprintf(fp, " %s: it reaches %.0f %% of its roof (", compare_move_name(r->moved),
				100 * r->fraction_a);
			md_text(fp, r->roof_a->name);
			fprintf(fp, ") on A and %.0f %% (", 100 * r->fraction_b);
			md_text(fp, r->roof_b->name);
			fprintf(fp, ") on B, \u00d7%.3f (%.3f–%.3f); raw GFLOP/s \u00d7%.3f.\n", r->rel,
				r->rel_lo, r->rel_hi, r->ratio);
		} else
			fprintf(fp, " %s: raw GFLOP/s \u00d7%.3f (%.3f–%.3f), no roof to judge it against in one run.\n",
				compare_move_name(r->moved), r->ratio, r->lo, r->hi);
	}
}

int compare_write(const char *path, const struct rundata *ra, const struct analysis *aa,
		  const struct rundata *rb, const struct analysis *ab, const struct compare *c,
		  char *err, size_t errlen)
{
	struct outfile o;
	if (outfile_open(&o, path, err, errlen) < 0)
		return -1;
	FILE *fp = o.fp;

	const struct compare_machines *m = &c->machines;
	/* The first line says it all: the machines, what differs, and the OS where it does. */
	/* env.csv's text, flattened: a quoted line break in a CPU's name must not end the line. */
	fputs(m->differ ? "# Comparing two runs on different machines: " : "# Comparing two runs on the same kind of machine (", fp);
	md_cell_text(fp, m->differ ? m->what : m->same);
	fputs(m->differ ? "" : ")", fp);
	if (m->os[0]) {
		fputs("; OS ", fp);
		md_cell_text(fp, m->os);
	}
	fputs("\n\n", fp);
	fputs("| | A | B |\n| --- | --- | --- |\n", fp);
	fprintf(fp, "| run |");
	md_cell(fp, ra->dir ? ra->dir : "?");
	md_cell(fp, rb->dir ? rb->dir : "?");
	fputs("\n", fp);
	const struct run_env *ea = &ra->info, *eb = &rb->info;
	env_row(fp, "CPU", ea->cpu_model, eb->cpu_model);
	env_row(fp, "ISAs", ea->isas ? ea->isas : ea->isa, eb->isas ? eb->isas : eb->isa);
	env_row(fp, "cores", ea->cores, eb->cores);
	char ca[128], cb[128], x[32], y[32], z[32];
	cache_text(ea->l1d_bytes, x, sizeof x);
	cache_text(ea->l2_bytes, y, sizeof y);
	cache_text(ea->l3_bytes, z, sizeof z);
	snprintf(ca, sizeof ca, "%s / %s / %s", x, y, z);
	cache_text(eb->l1d_bytes, x, sizeof x);
	cache_text(eb->l2_bytes, y, sizeof y);
	cache_text(eb->l3_bytes, z, sizeof z);
	snprintf(cb, sizeof cb, "%s / %s / %s", x, y, z);
	env_row(fp, "L1d / L2 / L3", ca, cb);
	snprintf(ca, sizeof ca, "%.2f GHz", ea->clock_ghz);
	snprintf(cb, sizeof cb, "%.2f GHz", eb->clock_ghz);
	env_row(fp, "clock (measured)", ea->clock_ghz > 0 ? ca : NULL, eb->clock_ghz > 0 ? cb : NULL);
	env_row(fp, "OS", ea->os, eb->os);
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
	if (m->differ)
		fputs("**The machines differ**: each kernel is judged by its fraction of its own roof on each "
		      "machine; the raw ratios compare machines, not code.\n\n", fp);

	fprintf(fp, "**%d of %d kernels moved against their roofs: %d faster, %d slower.**\n\n",
		c->points_faster + c->points_slower, c->points_compared, c->points_faster, c->points_slower);
	moves_list(fp, c);
	if (c->points_faster + c->points_slower)
		fputs("\n", fp);
	machine_move(fp, c);
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
	fputs("\n## Kernels, each against its own roof\n\n"
	      "| kernel | param | level | roof | A of roof | B of roof | relative | 95 % interval | "
	      "A GFLOP/s | B GFLOP/s | B/A | moved |\n"
	      "| --- | --- | --- | --- | ---: | ---: | ---: | :---: | ---: | ---: | ---: | --- |\n", fp);
	for (size_t i = 0; i < c->nrows; i++)
		if (!c->rows[i].is_roof)
			point_row(fp, &c->rows[i]);
	if (!npoints)
		fputs("| (no kernels group in either run) | | | | | | | | | | | |\n", fp);
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
	fputs("kind,name,param,level,a,b,ratio,ratio_lo,ratio_hi,moved,fraction_a,fraction_b,rel,rel_lo,rel_hi\n",
	      o.fp);
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
		fprintf(o.fp, ",%s", compare_move_name(r->moved));
		csv_num(o.fp, r->fraction_a);
		csv_num(o.fp, r->fraction_b);
		csv_num(o.fp, r->rel);
		csv_num(o.fp, r->rel_lo);
		csv_num(o.fp, r->rel_hi);
		fputs("\n", o.fp);
	}
	return outfile_commit(&o, err, errlen);
}
