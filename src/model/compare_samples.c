/*
 * compare_samples.c - the kept timings behind each value compare judges
 * (see compare_samples.h). Pure: no I/O.
 */
#include "compare_samples.h"

#include <stdlib.h>
#include <string.h>

#include "registry.h"
#include "stats.h"
#include "util.h"

/* ---- gathering the timings behind a value ---------------------------------------- */


static void rates_add(struct compare_rates *r, double v)
{
	if (r->n == r->cap) {
		r->cap = r->cap ? 2 * r->cap : 64;
		r->x = xrealloc(r->x, r->cap * sizeof *r->x);
	}
	r->x[r->n++] = v;
	r->len[r->nstrata - 1]++;
}

static void rates_stratum(struct compare_rates *r)
{
	if (r->nstrata && r->len[r->nstrata - 1] == 0)
		return;   /* the last one is still empty: reuse it */
	if (r->nstrata == r->lencap) {
		r->lencap = r->lencap ? 2 * r->lencap : 16;
		r->len = xrealloc(r->len, r->lencap * sizeof *r->len);
	}
	r->len[r->nstrata++] = 0;
}

void compare_rates_free(struct compare_rates *r)
{
	free(r->x);
	free(r->len);
	memset(r, 0, sizeof *r);
}

struct ratio_sample compare_rates_sample(const struct compare_rates *r)
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
	int bw = t->group == TGROUP_BANDWIDTH;
	return (bw ? t->bytes : t->flops) / t->seconds / 1e9;
}

/*
 * A job as the model names it: its group, its kernel (the registry entry;
 * the name only where the build lacks it), param, threads, and working set
 * (< 0: any, for the jobs keyed without it).
 */
struct job_id {
	enum timing_group group;
	const struct kernel *k;
	const char *kernel;
	long param;
	int threads;
	double working_set;
};

static enum timing_group roof_group(const struct roof *r);

/* The job that set roof r (r->job_kernel set). */
static struct job_id roof_job(const struct roof *r)
{
	return (struct job_id){ roof_group(r), r->job_k, r->job_kernel, r->job_param, r->threads, -1 };
}

static struct job_id point_job(const struct point *p)
{
	return (struct job_id){ TGROUP_KERNELS, p->k, p->kernel, p->param, p->threads, p->working_set };
}

/* 1 when t is a kept timing of job `id`. */
static int of_job(const struct rundata *run, const struct timing *t, const struct job_id *id)
{
	return t->param == id->param && t->threads == id->threads && t->group == id->group &&
	       registry_same(t->k, t->kernel, id->k, id->kernel) &&
	       (id->working_set < 0 || t->working_set == id->working_set) && kept(run, t);
}

/* The kept rates of one job into the current stratum. */
static void job_rates(const struct rundata *run, struct job_id id, struct compare_rates *out)
{
	for (size_t i = 0; i < run->ntimings; i++)
		if (of_job(run, &run->timings[i], &id))
			rates_add(out, rate_of(&run->timings[i]));
}

/*
 * The sweep's job of `param` bytes per array at `threads`: its kernel is
 * the one of the run's sweep jobs, as its plan rows say (recorded in
 * plan.csv, or inferred once at input for an older run: runplan.h).
 */
static struct job_id sweep_job(const struct rundata *run, int threads, long param)
{
	struct job_id id = { TGROUP_BANDWIDTH, NULL, "", param, threads, -1 };
	for (size_t i = 0; i < run->ntimings; i++) {
		const struct timing *t = &run->timings[i];
		if (t->plan && t->plan->role == PLAN_ROLE_SWEEP && t->threads == threads &&
		    t->group == TGROUP_BANDWIDTH) {
			id.k = t->k;
			id.kernel = t->kernel;
			break;
		}
	}
	return id;
}

/* Whether t is a timing of the run's sweep (its plan row's role). */
static int of_sweep(const struct timing *t)
{
	return t->plan && t->plan->role == PLAN_ROLE_SWEEP && t->group == TGROUP_BANDWIDTH;
}

/* 1 when the sweep timed param at a working set inside r's plateau. */
static int in_plateau(const struct rundata *run, const struct roof *r, long param)
{
	for (size_t i = 0; i < run->ntimings; i++) {
		const struct timing *t = &run->timings[i];
		if (t->param == param && t->threads == r->threads && of_sweep(t))
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
static size_t plateau_sizes(const struct rundata *run, const struct roof *r, long **out)
{
	size_t n = 0, cap = 0;
	long *v = NULL;
	for (size_t i = 0; i < run->ntimings; i++) {
		const struct timing *t = &run->timings[i];
		if (t->threads != r->threads || !of_sweep(t) ||
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
			  const struct roof *b, struct compare_rates *oa, struct compare_rates *ob)
{
	long *sa = NULL;
	size_t na = plateau_sizes(ra, a, &sa);
	for (size_t i = 0; i < na; i++) {
		if (!in_plateau(rb, b, sa[i]))
			continue;
		rates_stratum(oa);
		rates_stratum(ob);
		job_rates(ra, sweep_job(ra, a->threads, sa[i]), oa);
		job_rates(rb, sweep_job(rb, b->threads, sa[i]), ob);
	}
	/*
	 * No size in both: the fits found different plateaus under one name (a
	 * level more or less in one run), and comparing them would compare two
	 * levels. The row stays untested.
	 */
	free(sa);
}

/* The group whose job sets a roof of this kind. */
static enum timing_group roof_group(const struct roof *r)
{
	return r->kind == ROOF_COMPUTE || r->kind == ROOF_CEILING ? TGROUP_PEAK : TGROUP_BANDWIDTH;
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

/* The kept timings of one job, each with its trial. */
static void job_trials(const struct rundata *run, struct job_id id, struct trial_rates *out)
{
	for (size_t i = 0; i < run->ntimings; i++)
		if (of_job(run, &run->timings[i], &id))
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
		job_trials(run, roof_job(r), out);
		return;
	}
	struct trial_rates all = { 0 };
	for (size_t i = 0; i < run->ntimings; i++) {
		const struct timing *t = &run->timings[i];
		if (t->threads == r->threads && of_sweep(t) &&
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


/* ---- what compare.c asks for --------------------------------------------------- */

void compare_roof_rates(const struct rundata *ra, const struct roof *x, const struct rundata *rb,
			const struct roof *y, struct compare_rates *a, struct compare_rates *b)
{
	/*
	 * A plateau, or a pattern roof that is a plateau's value (the sweep's own
	 * pattern, set by no single job): the sweep's sizes inside its range.
	 */
	int plateau_x = x->kind == ROOF_BANDWIDTH || (x->kind == ROOF_PATTERN && !x->job_kernel[0]);
	int plateau_y = y->kind == ROOF_BANDWIDTH || (y->kind == ROOF_PATTERN && !y->job_kernel[0]);
	if (plateau_x && plateau_y && x->kind == y->kind) {
		plateau_rates(ra, x, rb, y, a, b);
	} else if (x->job_kernel[0] && y->job_kernel[0]) {
		rates_stratum(a);
		rates_stratum(b);
		job_rates(ra, roof_job(x), a);
		job_rates(rb, roof_job(y), b);
	}
}

void compare_point_rates(const struct rundata *run, const struct point *p, struct compare_rates *out)
{
	rates_stratum(out);
	job_rates(run, point_job(p), out);
}

void compare_fraction_of(const struct rundata *run, const struct point *p, const struct roof *r,
			 struct compare_fraction *out)
{
	struct trial_rates pt = { 0 }, rf = { 0 };
	job_trials(run, point_job(p), &pt);
	roof_trials(run, r, &rf);
	run_fraction(&pt, &rf, &out->point, &out->roof, &out->block, &out->f);
	free(pt.v);
	free(rf.v);
}

void compare_fraction_free(struct compare_fraction *f)
{
	free(f->point);
	free(f->roof);
	free(f->block);
	memset(f, 0, sizeof *f);
}
