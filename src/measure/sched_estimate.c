/*
 * sched_estimate.c - the run's time left (see sched_estimate.h).
 */
#include "sched_estimate.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"
#include "util.h"

/*
 * Whether job j, with no interval yet, can stop once it has one: where its
 * first interval spans all of its timings (a median's at 6), it is no
 * narrower than the spread of those it already has.
 */
static int first_interval_stops(const struct plan_job *j)
{
	enum known_statistic st = sched_statistic(j);
	int m = known_min_count(st), lo, hi;
	if (j->nkept < 1 || known_bounds(st, m, &lo, &hi) != 0 || lo != 1 || hi != m)
		return 1;
	size_t n = (size_t)j->nkept;
	return stats_max(j->kept, n) / stats_min(j->kept, n) - 1 <= sched_tolerance(j);
}

/*
 * The kept timings job j is foretold to take in a pass it has not finished
 * (what the foretold clock's timings for it are made to stop it at, struct
 * foretold_passes; with it the same job's later passes, each the same):
 * as many as its last finished pass took, until it has taken them and is
 * still wider than its tolerance (then as in the first pass); in the first pass, its ceiling
 * once its interval is known and wider than its tolerance (the best's
 * interval narrows slowly: it bounds a quantile, whose spread stays), as
 * many as it has once within it; with no interval yet, the geometric
 * middle of its share and its ceiling (nothing known of its spread: off by
 * at most their ratio's square root either way), or, after an earlier
 * thread count, as far past its share as that count's jobs went
 * (prior_fill: the same jobs on other threads; the middle read a count
 * that stops near its floor high). In the final
 * pass a job with no interval yet no longer stops at its share (keep(): no
 * later pass to wait for), so what its earlier passes took does not say
 * what it takes there: as many as give it an interval, or its ceiling where
 * that interval cannot be within its tolerance (first_interval_stops).
 * Never fewer than it has or its share asks, never more than its ceiling
 * (docs/plan.md R15; the variants and their errors: docs/measurements.md).
 */
static double foretold_kept(const struct plan_job *j, int ceil, double prior_fill, int final)
{
	double e;
	if (final && !j->pass_done && !isfinite(j->width)) {
		int to_interval = known_min_count(sched_statistic(j)) - j->nkept;
		e = first_interval_stops(j) ? j->pass_n + fmax(1.0, (double)to_interval) : ceil;
	} else if (j->last_pass_n > 0 && !(j->pass_n >= j->last_pass_n && j->width > sched_tolerance(j)))
		e = j->last_pass_n;
	else if (j->pass_done)
		e = j->pass_n;
	else if (isfinite(j->width))
		e = j->width <= sched_tolerance(j) ? j->pass_n : ceil;
	else if (isfinite(prior_fill))
		e = j->share + prior_fill * (ceil - j->share);
	else
		e = sqrt(fmax(1.0, (double)j->share) * ceil);
	e = fmax(e, (double)j->share);
	e = fmax(e, (double)j->pass_n + (j->pass_done ? 0 : 1));
	return fmin(e, (double)ceil);
}

/*
 * Whether j, with no interval yet, stops at its share in this pass for
 * certain: a pass before the last, whose share leaves it short of the
 * timings an interval needs (keep(): with passes to come it waits for
 * them), rather than the geometric middle of its share and ceiling, which
 * reads the first pass high (docs/plan.md R15).
 */
static int stops_at_share(const struct measure_opts *o, const struct plan_job *j, int pass)
{
	return pass < o->passes && !isfinite(j->width) &&
	       j->nkept - j->pass_n + j->share < known_min_count(sched_statistic(j));
}

/*
 * The foretold clock a count's passes run on (count_left): copies of its
 * jobs, each timing its job's trial as last known (plan_trial_seconds, its
 * untimed call counted) on the clock, and each job's timings foretold so
 * that its stop rule (keep(), schedule.c) fires after the kept timings
 * foretold_kept expects of it: spread wider than any tolerance before
 * them, all its length once it has them. The stop, the share, the
 * ceiling, the budget's cut and the thinning are the passes' own.
 */
struct foretold_passes {
	const struct measure_opts *o;
	struct plan_job *jobs;        /* the copies the passes run on */
	double now;                   /* the foretold clock */
	int pass;                     /* the pass in hand as the foretelling began */
	double *length, *trial;       /* job i's timing, and its trial with its untimed call */
	double *here, *later;         /* the kept timings job i is foretold in the pass in hand, and in each after */
	char *spread;                 /* whether job i's kept timings are the wide spread now */
	double *wide;                 /* wide(k), k below any job's room for kept timings */
};

static double foretold_passes_now(void *ctx)
{
	return ((struct foretold_passes *)ctx)->now;
}

/*
 * 1.05 to the (k/2 + 1)-th power, alternately below and above 1: a spread
 * whose every interval is wider than 2 %, its median about 1 (f->wide[k]).
 */
static double wide(int k)
{
	return pow(1.05, (double)(k / 2 + 1) * (k % 2 ? 1.0 : -1.0));
}

static double foretold_passes_time(void *ctx, struct plan_job *j, int pass, int trial)
{
	struct foretold_passes *f = ctx;
	size_t i = (size_t)(j - f->jobs);
	f->now += f->trial[i];
	int warm = !j->kept_per_pass && trial <= f->o->warmup;
	if (warm)
		return f->length[i];
	/*
	 * An expectation between two whole counts (foretold_kept interpolates)
	 * is met on the whole: the job keeps the larger where its own fixed
	 * draw (a golden-ratio walk over the jobs and passes) is under the
	 * fraction, so the count's jobs keep as many as expected together.
	 */
	double want = pass == f->pass ? f->here[i] : f->later[i], whole = floor(want);
	double draw = fmod(0.6180339887498949 * (double)(i + 1) + 0.7548776662466927 * (double)pass, 1.0);
	if (want - whole > draw)
		whole += 1;
	if (j->pass_n + 1 >= (int)whole) {
		for (int k = 0; k < j->nkept; k++)
			j->kept[k] = f->length[i];
		f->spread[i] = 0;
		return f->length[i];
	}
	/* Its kept timings rewritten to the wide spread once; each after it takes the spread's next. */
	for (int k = 0; k < j->nkept && !f->spread[i]; k++)
		j->kept[k] = f->length[i] * f->wide[k];
	f->spread[i] = 1;
	return f->length[i] * f->wide[j->nkept];
}

/*
 * Seconds left in this thread count: its passes from where they are
 * (sched_passes_resume), run on the foretold clock (struct
 * foretold_passes).
 */
static double count_left(const struct sched_count *s, double now)
{
	const struct measure_opts *o = s->o;
	size_t n = s->njobs, m = n ? n : 1;
	struct foretold_passes f = { .o = o, .now = now, .pass = s->pass };
	f.jobs = xcalloc(m, sizeof *f.jobs);
	f.length = xcalloc(m, sizeof *f.length);
	f.trial = xcalloc(m, sizeof *f.trial);
	f.here = xcalloc(m, sizeof *f.here);
	f.later = xcalloc(m, sizeof *f.later);
	f.spread = xcalloc(m, sizeof *f.spread);
	int most = 0;
	for (size_t i = 0; i < n; i++) {
		const struct plan_job *j = &s->jobs[i];
		struct plan_job *c = &f.jobs[i];
		*c = *j;
		int ceil = sched_pass_ceiling(o, j), room = o->trials > ceil ? o->trials : ceil;
		c->kept = xcalloc((size_t)(o->passes * room + j->nkept + 1), sizeof *c->kept);
		most = o->passes * room + j->nkept + 1 > most ? o->passes * room + j->nkept + 1 : most;
		if (j->nkept > 0 && j->kept)
			memcpy(c->kept, j->kept, (size_t)j->nkept * sizeof *c->kept);
		else
			c->nkept = 0;
		f.length[i] = j->last_seconds;
		f.trial[i] = plan_trial_seconds(j);
		if (!sched_runs(j))
			continue;
		f.later[i] = foretold_kept(j, ceil, s->c->prior_fill, s->pass == o->passes);
		f.here[i] = stops_at_share(o, j, s->pass) ? fmax(j->share, j->pass_n) : f.later[i];
	}
	f.wide = xcalloc((size_t)most + 1, sizeof *f.wide);
	for (int k = 0; k <= most; k++)
		f.wide[k] = wide(k);
	struct sched_count fs = *s;
	fs.jobs = f.jobs;
	const struct plan_machine quiet = { .say = NULL };
	struct sched_hooks h = { .ctx = &f, .now = foretold_passes_now, .time = foretold_passes_time };
	sched_passes_resume(&fs, &quiet, &h);
	for (size_t i = 0; i < n; i++)
		free(f.jobs[i].kept);
	free(f.jobs);
	free(f.length);
	free(f.trial);
	free(f.here);
	free(f.later);
	free(f.spread);
	free(f.wide);
	return f.now - now;
}

/*
 * How long one trial of job j takes in a later thread count, against its
 * trial here, with its data split between `ratio` times the threads: a
 * peak job or one that solves a whole problem a thread (shaped: the matrix
 * products) takes as long; a job that streams memory moves its bytes split
 * between the threads, from 1/ratio as long (private caches) to as long (a
 * bandwidth that does not grow with cores), and nothing measured says
 * which before that count calibrates, so the geometric middle,
 * 1/sqrt(ratio). But a trial is never shorter than the min time its
 * repetitions are calibrated to: a job whose one call here is under it
 * (reps > 1: a cache-sized job) calibrates to as long a trial there, and
 * only its untimed call shrinks: most of a quick run's jobs are
 * cache-sized, at the min time either way (docs/plan.md R15).
 */
static double later_trial_scale(const struct measure_opts *o, const struct plan_job *j, double f)
{
	double t = j->last_seconds, all = plan_trial_seconds(j), min = plan_min_time(o, j);
	if (j->k->kind == KERNEL_PEAK || j->shaped || !(t > 0) || !(all > 0))
		return 1.0;
	/* One call a trial: calibrated so, or foretold (reps 0) past twice the min time (reps double up to it). */
	int one_call = j->reps == 1 || (j->reps < 1 && t >= 2 * min);
	double trial = one_call ? fmax(min, t * f) : t;
	return (trial + (all - t) * f) / all;
}

/*
 * How long a later thread count of `threads` takes against this one: its
 * jobs' trials scaled (later_trial_scale), weighted by what each job's
 * floor costs here.
 */
static double later_scale(const struct sched_count *s, int threads)
{
	double ratio = (double)threads / (double)(s->c->threads > 0 ? s->c->threads : 1), w = 0, scaled = 0;
	for (size_t i = 0; i < s->njobs; i++) {
		const struct plan_job *j = &s->jobs[i];
		if (!sched_runs(j))
			continue;
		double cost = sched_floor_cost(s->o, j);
		w += cost;
		scaled += cost * later_trial_scale(s->o, j, 1.0 / sqrt(ratio > 1 ? ratio : 1));
	}
	return w > 0 ? scaled / w : 1.0 / sqrt(ratio > 1 ? ratio : 1);
}

/*
 * The whole run's time left: this thread count's, and for each count
 * after it its pre-scan, calibration and trials, this count's scaled
 * (later_scale), within its share of the budget then left, but no less
 * than that and this count's floor, scaled alike.
 */
double sched_time_left(const struct sched_count *s, double now)
{
	/*
	 * A later count pre-scans its own team and calibrates its own jobs
	 * first: the same timings of the same jobs, split between its threads
	 * as its trials are, so they scale as the trials do (docs/plan.md R15).
	 */
	double here = count_left(s, now), fixed = s->first_pass - s->c->count_start + s->c->prescan_seconds;
	double trials = now - s->first_pass + here, later = 0;
	double budget_left = s->c->run_start + s->c->budget - (now + here), floor = sched_floor_now(s);
	for (int c = 0; c < s->c->counts_after; c++) {
		double f = later_scale(s, s->c->later_threads[c]), t = f * (fixed + trials);
		if (s->c->budget > 0)
			t = fmax(f * (fixed + floor), fmin(t, budget_left / (s->c->counts_after - c)));
		budget_left -= t;
		later += t;
	}
	return here + later;
}

/*
 * Where a calibrated job that streams sits on the machine's roofline: its
 * demand (its flops against the seconds its bytes take at the pre-scan's
 * rate, bytes_seconds: the flops a second it would need to run at that
 * rate) and its call against those seconds. A call is its bytes' time or
 * its flops', whichever is longer, so the ratio is flat at the memory's
 * where the demand is low and grows with it where the flops bind: a
 * function of the demand alone, whatever the kernel. Jobs of one demand
 * (the same kernel at its SIMD widths) share a point, their median ratio.
 */
struct roof_point {
	double demand, ratio;
};

/*
 * The seconds job j's bytes take at the pre-scan's rate where its working
 * set lies: stream_seconds (its working set streamed once) times the bytes
 * a call moves per byte of working set, from the kernel's metadata (a
 * stencil's grid is read again for each step, a matrix product's arrays
 * once).
 */
static double bytes_seconds(const struct plan_job *j)
{
	double per_ws = j->shaped ? (j->shape.working_set > 0 ? j->shape.bytes / j->shape.working_set : 0.0)
				  : j->k->arrays > 0 ? kernel_bytes_per_elem(j->k, j->param) / (8.0 * j->k->arrays) : 0.0;
	return j->stream_seconds * (per_ws > 0 ? per_ws : 1.0);
}

static double roof_demand(const struct plan_job *j)
{
	return fmax(0.0, plan_call_flops(j)) / bytes_seconds(j);
}

static int by_demand(const void *a, const void *b)
{
	double x = ((const struct roof_point *)a)->demand, y = ((const struct roof_point *)b)->demand;
	return x < y ? -1 : x > y;
}

/* The calibrated jobs that stream, a point each demand (*n of them), rising. */
static struct roof_point *roof_points(const struct plan_job *jobs, size_t done, size_t *n)
{
	struct roof_point *p = xcalloc(done ? done : 1, sizeof *p);
	double *ratio = xcalloc(done ? done : 1, sizeof *ratio);
	size_t np = 0, out = 0;
	for (size_t i = 0; i < done; i++) {
		const struct plan_job *j = &jobs[i];
		if (sched_runs(j) && plan_call_seconds(j) > 0 && j->stream_seconds > 0)
			p[np++] = (struct roof_point){ roof_demand(j), plan_call_seconds(j) / bytes_seconds(j) };
	}
	qsort(p, np, sizeof *p, by_demand);
	for (size_t a = 0, b; a < np; a = b) {
		for (b = a; b < np && p[b].demand <= p[a].demand * (1 + 1e-9); b++)
			ratio[b - a] = p[b].ratio;
		p[out++] = (struct roof_point){ p[a].demand, stats_median(ratio, b - a) };
	}
	free(ratio);
	*n = out;
	return p;
}

/* The fewest seconds a flop took in the first `done` jobs' calibrated calls; 0: none did flops. */
static double fastest_flop(const struct plan_job *jobs, size_t done)
{
	double best = 0;
	for (size_t i = 0; i < done; i++) {
		const struct plan_job *j = &jobs[i];
		if (!sched_runs(j) || !(plan_call_seconds(j) > 0) || !(plan_call_flops(j) > 0))
			continue;
		double spf = plan_call_seconds(j) / plan_call_flops(j);
		best = best > 0 ? fmin(best, spf) : spf;
	}
	return best;
}

/*
 * Job j's call against its bytes' time (bytes_seconds), read off the
 * calibrated jobs' roofline at its demand. Between two points, the
 * roofline through them: flat from the lower, growing with the demand
 * towards the higher, but no faster than the fastest flops seen
 * (flop_seconds: the fewest seconds a flop took in any calibrated call, a
 * peak chain's or, before one, the sweep's smallest sizes'); exact where
 * each point is bound by bytes or by flops (not a line straight in
 * log-log between them). Below the lowest, as it: a lower demand than a
 * job's that streams streams too. Past the highest, as it, or its flops at
 * the fastest rate seen where that is longer. With no point, the
 * pre-scan's rate (1), or the fastest flops seen where longer. A roofline,
 * not one median ratio a group: stencils and Horner are neither triads
 * nor matrix products (docs/plan.md R15; the variants rejected and their
 * errors: docs/measurements.md).
 */
static double roof_ratio(const struct roof_point *p, size_t n, double demand, double flop_seconds)
{
	if (n == 0)
		return fmax(1.0, demand * flop_seconds);
	if (demand <= p[0].demand)
		return p[0].ratio;
	size_t i = 1;
	while (i < n && p[i].demand < demand)
		i++;
	if (i == n)
		return fmax(p[n - 1].ratio, demand * flop_seconds);
	double flops = p[i].ratio * demand / p[i].demand;
	if (flop_seconds > 0)
		flops = fmin(flops, demand * flop_seconds);
	return fmax(p[i - 1].ratio, flops);
}

/*
 * What is known while a thread count calibrates: its jobs, the first
 * `done` calibrated; each job's counterpart in the earlier count (NULL:
 * none, or no earlier count) and that counterpart's trial at the job's
 * size; the calibrated jobs that stream as a roofline (struct
 * roof_point, by demand); per group, apart for jobs that solve a whole
 * problem a thread (shaped: the matrix products) and those that split one,
 * their mean call.
 */
struct foretell {
	const struct measure_opts *o;
	const struct plan_job *jobs;
	size_t njobs, done;
	int threads;
	const struct plan_job **match;
	double *match_trial;
	const struct plan_sweep *scan_before, *scan_here;   /* NULL: not known */
	struct roof_point *roof;   /* by demand, rising; one a demand */
	size_t nroof;
	double flop_seconds;   /* the fewest seconds a flop took in a calibrated call (0: none) */
	double mean_call[3][2];   /* by group, and by whether shaped */
};

/* The row of mean_call a group's jobs share: bandwidth, kernels, peak. */
static int group_index(enum timing_group g)
{
	return g == TGROUP_BANDWIDTH ? 0 : g == TGROUP_KERNELS ? 1 : 2;
}

/*
 * Job j's counterpart in the earlier thread count, timed there: the same
 * kernel and parameter and, for a bandwidth job, the same bytes per array
 * (its threads' parts together: the sweep's sizes are its identity, as in
 * timings.csv); NULL: none.
 */
static const struct plan_job *counterpart(const struct plan_job *before, size_t nbefore, const struct plan_job *j,
					  int threads)
{
	int sized = j->group == TGROUP_BANDWIDTH;
	for (size_t i = 0; i < nbefore; i++) {
		const struct plan_job *b = &before[i];
		if (b->k != j->k || b->param != j->param || !sched_runs(b) || !(plan_trial_seconds(b) > 0))
			continue;
		if (!sized || (double)b->n * plan_job_threads(b) == (double)j->n * threads)
			return b;
	}
	return NULL;
}

/*
 * Counterpart b's trial, at j's size: a kernel streaming arrays the team's
 * pre-scan placed elsewhere (its DRAM size is its team's) moves as many
 * more bytes as it has elements, all threads' together.
 */
static double before_trial(const struct plan_job *b, const struct plan_job *j, int threads)
{
	double t = plan_trial_seconds(b);
	if (j->k->kind == KERNEL_PEAK || j->shaped || !(b->n > 0))
		return t;
	return t * (double)j->n * threads / ((double)b->n * plan_job_threads(b));
}

static void foretell_init(struct foretell *f, const struct plan_job *before, size_t nbefore)
{
	f->match = xcalloc(f->njobs ? f->njobs : 1, sizeof *f->match);
	f->match_trial = xcalloc(f->njobs ? f->njobs : 1, sizeof *f->match_trial);
	for (size_t i = 0; i < f->njobs; i++) {
		f->match[i] = counterpart(before, nbefore, &f->jobs[i], f->threads);
		f->match_trial[i] = f->match[i] ? before_trial(f->match[i], &f->jobs[i], f->threads) : 0.0;
	}
	f->roof = roof_points(f->jobs, f->done, &f->nroof);
	f->flop_seconds = fastest_flop(f->jobs, f->done);
	for (int g = 0; g < 6; g++) {
		double call = 0;
		size_t n = 0;
		for (size_t i = 0; i < f->done; i++) {
			const struct plan_job *j = &f->jobs[i];
			if (!sched_runs(j) || group_index(j->group) != g / 2 || j->shaped != g % 2 ||
			    !(plan_call_seconds(j) > 0))
				continue;
			call += plan_call_seconds(j);
			n++;
		}
		f->mean_call[g / 2][g % 2] = n ? call / (double)n : 0.0;
	}
}

static void foretell_free(struct foretell *f)
{
	free(f->match);
	free(f->match_trial);
	free(f->roof);
}

/*
 * The seconds one call of job i, not yet calibrated, is foretold to take:
 * the member of its family just before it, calibrated, scaled by flops
 * (plan_call_guess, as the harness foretells it; a guess from further back
 * multiplies a small call's overheads: the matrix product from n = 16 to
 * 1024, by 262144), else its bytes' time at the pre-scan's rate
 * (bytes_seconds) scaled as the calibrated jobs' roofline says at its
 * demand (roof_ratio), else its group's mean call; 0: nothing says (a peak
 * chain: it calibrates to its min time).
 */
static double call_foretold(const struct foretell *f, size_t i)
{
	const struct plan_job *j = &f->jobs[i];
	double g = i > 0 && i == f->done ? plan_call_guess(&f->jobs[i - 1], j) : 0.0;
	if (g > 0)
		return g;
	int gi = group_index(j->group), sh = j->shaped != 0;
	if (j->stream_seconds > 0)
		return bytes_seconds(j) * roof_ratio(f->roof, f->nroof, roof_demand(j), f->flop_seconds);
	return f->mean_call[gi][sh];
}

/*
 * How much longer trials of job i take on this thread count than on the
 * earlier one, from the calibrated jobs with a counterpart there, their
 * trials summed against their counterparts' (a sum: the long trials are
 * the time). First those of its own kernel (a family splits alike: the
 * matrix product's team runs as long, a stream's splits); with none, its
 * group's whose counterpart's trial was within a factor COST_NEIGHBOUR of
 * its own counterpart's: a tiny job's trial is mostly the team's start and
 * stop, and does not say how a DRAM-sized one splits; with none, every
 * memory job's of such a cost (the team's
 * bandwidth against one core's is what it is for all of them); else
 * later_trial_scale's guess for its counterpart (a peak chain or a cache-sized
 * job as long, a longer stream as the two counts' pre-scans scale,
 * stream_scale).
 * Only jobs that, like it, solve a whole problem a thread (shaped) or
 * split one.
 */
#define COST_NEIGHBOUR 4.0
static double count_ratio(const struct foretell *f, size_t i, double guess)
{
	const struct plan_job *j = &f->jobs[i];
	double mine = f->match_trial[i];
	for (int tier = 0; tier <= 1 + (j->k->kind != KERNEL_PEAK); tier++) {
		double now_sum = 0, before_sum = 0;
		for (size_t d = 0; d < f->done; d++) {
			const struct plan_job *a = &f->jobs[d];
			double tb = f->match_trial[d];
			if (!f->match[d] || !sched_runs(a) || a->shaped != j->shaped)
				continue;
			int like = tier == 0 ? a->k == j->k : tier == 1 ? a->group == j->group
				: a->k->kind != KERNEL_PEAK;
			if (like && (tier == 0 || (tb * COST_NEIGHBOUR >= mine && tb <= mine * COST_NEIGHBOUR))) {
				now_sum += plan_trial_seconds(a);
				before_sum += tb;
			}
		}
		if (now_sum > 0 && before_sum > 0)
			return now_sum / before_sum;
	}
	return guess;
}

/* A pre-scan's best rate at working set ws, read log-log between its sizes (0: none). */
static double scan_rate(const struct plan_sweep *d, double ws)
{
	int n = d ? d->nscan : 0;
	if (n < 1 || !(ws > 0))
		return 0.0;
	if (ws <= d->scan_ws[0] || n == 1)
		return d->scan_gbs[0];
	for (int i = 1; i < n; i++)
		if (ws <= d->scan_ws[i]) {
			double u = log(ws / d->scan_ws[i - 1]) / log(d->scan_ws[i] / d->scan_ws[i - 1]);
			return exp(log(d->scan_gbs[i - 1]) + u * log(d->scan_gbs[i] / d->scan_gbs[i - 1]));
		}
	return d->scan_gbs[n - 1];
}

/*
 * How much longer one streaming call of job j takes on this count than its
 * counterpart b's, bytes apart: the earlier count's pre-scan rate at b's
 * working set over this count's at j's
 * (the team's triad against one core's, both measured by now), else the
 * geometric middle, 1/sqrt of the team ratio, which a team's DRAM at twice
 * one core's rate reads long (docs/plan.md R15).
 */
static double stream_scale(const struct foretell *f, const struct plan_job *b, const struct plan_job *j)
{
	double teams = (double)f->threads / (double)plan_job_threads(b), arrays = b->k->arrays > 0 ? b->k->arrays : 1;
	double before = scan_rate(f->scan_before, 8.0 * arrays * (double)b->n * plan_job_threads(b));
	double here = scan_rate(f->scan_here, 8.0 * arrays * (double)j->n * f->threads);
	return before > 0 && here > 0 ? before / here : 1.0 / sqrt(teams > 1 ? teams : 1);
}

/*
 * The foretold clock: what one timing of job i, not yet calibrated, will
 * take at its reps (a peak job's at its loop's length): its call, from its
 * counterpart in the earlier count where it has one (that call, scaled as
 * its trial is: count_ratio, else later_trial_scale's guess), else from
 * what this count knows (call_foretold); with nothing known, the min time
 * (every job calibrates to it). The calibration runs on this clock exactly
 * as on the machine's (sched_calibrate_job), so its reps, its kept trials
 * a pass and what the profile or the budget leaves out are the harness's
 * own decisions, not a second copy of them.
 */
struct foretold_clock {
	const struct foretell *f;
	struct plan_job *jobs;   /* the copy the calibration runs on */
	double *call, *call_n;   /* job i's call, and the elements (a peak job's iterations) it is for */
};

static void foretell_call(struct foretold_clock *fc, size_t i)
{
	const struct foretell *f = fc->f;
	const struct plan_job *j = &fc->jobs[i], *b = f->match[i];
	fc->call[i] = 0;
	fc->call_n[i] = (double)j->n;
	if (b && plan_call_seconds(b) > 0 && plan_trial_seconds(b) > 0) {
		double ratio = count_ratio(f, i, later_trial_scale(f->o, b, stream_scale(f, b, j)));
		fc->call[i] = plan_call_seconds(b) * f->match_trial[i] / plan_trial_seconds(b) * ratio;
		fc->call_n[i] = j->k->kind == KERNEL_PEAK ? (double)b->n : (double)j->n;
	} else if (!b) {
		fc->call[i] = call_foretold(f, i);
	}
}

static double foretold_timing(void *ctx, struct plan_job *j)
{
	struct foretold_clock *fc = ctx;
	size_t i = (size_t)(j - fc->jobs);
	double call = fc->call[i], min = plan_min_time(fc->f->o, j);
	if (!(call > 0) || !isfinite(call))
		return min;
	double scale = j->k->kind == KERNEL_PEAK && fc->call_n[i] > 0 ? (double)j->n / fc->call_n[i] : 1.0;
	return call * scale * (double)(j->reps > 0 ? j->reps : 1);
}

double sched_calibrating_left(const struct measure_opts *o, const struct sched_calibration *k,
			       const struct sched_clock *c, double now)
{
	const struct plan_job *jobs = k->jobs;
	size_t njobs = k->njobs;
	struct foretell f = { .o = o, .jobs = jobs, .njobs = njobs, .done = k->done < njobs ? k->done : njobs,
			      .threads = c->threads > 0 ? c->threads : 1, .scan_before = k->scan_before,
			      .scan_here = k->scan_here };
	foretell_init(&f, k->before, k->nbefore);
	struct plan_job *copy = xcalloc(njobs ? njobs : 1, sizeof *copy);
	memcpy(copy, jobs, njobs * sizeof *copy);
	struct foretold_clock fc = { .f = &f, .jobs = copy, .call = xcalloc(njobs ? njobs : 1, sizeof *fc.call),
				     .call_n = xcalloc(njobs ? njobs : 1, sizeof *fc.call_n) };
	const struct plan_machine quiet = { .say = NULL };
	/* What the calibrated jobs' calibrations counted, against the time they took (the harness's own costs). */
	double counted = 0, foretold = 0;
	for (size_t i = 0; i < f.done; i++)
		counted += jobs[i].calib_seconds > 0 ? jobs[i].calib_seconds : 0.0;
	/* The rest of the calibration, each job through the harness's sequence, on the foretold clock. */
	struct sched_calibrator cal = { .o = o, .m = &quiet, .left_out = k->left_out, .nleft_out = k->nleft_out,
					.time = foretold_timing, .ctx = &fc };
	for (size_t i = f.done; i < njobs; i++) {
		foretell_call(&fc, i);
		if (sched_calibrate_job(&cal, copy, i))
			foretold += copy[i].calib_seconds;
	}
	/* With none calibrated nothing is known. */
	double result = NAN;
	if (counted > 0) {
		double calib_left = foretold * (now - k->start) / counted;
		struct sched_count s = { .o = o, .c = c, .jobs = copy, .njobs = njobs };
		sched_begin_count(&s, now + calib_left);
		sched_relieve_floor(&s, &quiet, now + calib_left);
		sched_begin_pass(&s, 1, now + calib_left);
		result = calib_left + sched_time_left(&s, now + calib_left);
	}
	free(fc.call);
	free(fc.call_n);
	free(copy);
	foretell_free(&f);
	return result;
}
