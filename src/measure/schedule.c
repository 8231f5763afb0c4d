/*
 * schedule.c - the scheduler (see schedule.h): each job's calibration,
 * kept trials a pass and leave-outs; then the floor and the budget's
 * deadline and shares of a thread count; then its passes. Nothing here
 * reads a clock; timings come in through the callbacks.
 */
#include "schedule.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "stats.h"

/*
 * A kernels job whose timings would take longer than its profile's
 * slow_pass_seconds a pass is timed in fewer kept trials and no warm-up
 * trials, so `make report` stays short; a profile may leave out a job whose
 * one timing takes longer than its skip_call_seconds (measure_opts.c).
 *
 * The bandwidth group's: each DRAM-sized job costs two passes a trial (its
 * untimed call, plan_warm_run), so a pattern job at 302 MB keeps 10 timings
 * of 6 ms a pass, and the sweep's largest sizes SWEEP_MIN_KEPT.
 */
#define SWEEP_SLOW_PASS_SECONDS 0.12
#define SWEEP_MIN_KEPT 3

void sched_calibrate(const struct measure_opts *o, struct plan_job *j, plan_time_fn time, void *ctx)
{
	/* Whether the harness gives the first timing an untimed call before it (time_share). */
	int warmed_first = plan_warm_run(j->k->kind, plan_call_seconds(j), j->stream_seconds);
	j->calib_seconds = 0;
	for (int first = 1;; first = 0) {
		double t = time(ctx, j);
		if (t < 0) {
			j->failed = 1;
			return;
		}
		j->last_seconds = t;
		j->calib_seconds += t + (first && warmed_first && j->reps > 0 ? t / (double)j->reps : 0.0);
		/*
		 * Never a first call: it carries what happens once (a library's
		 * first call allocating its buffers, pages faulted in), and a first
		 * call long enough to stop here left OpenBLAS at n = 16 timed one
		 * 30 us call at a time, at a hundredth of its rate. A job that
		 * touches memory had its first call untimed, just before its
		 * first timing (plan_warm_run: call_seconds 0 is warmed), so that
		 * timing is already a second call and may end the calibration (timing
		 * it again would double a DRAM job's calibration); a peak job's first
		 * timing is its first call (docs/plan.md R12).
		 *
		 * A first call foretold long (plan_call_guess: the textbook
		 * product at n = 1024) had no untimed call
		 * before it, and ends the calibration too: one call at least
		 * MEASURE_WARM_RUN_MAX_SECONDS, a hundred min times, could only
		 * call for more reps if what happens once were 99 % of it, and a
		 * guess that long says the call itself is. Its timings follow no
		 * untimed call either, once timed that long (plan_warm_run). Only
		 * a peak chain's first timing never counts.
		 */
		if (t >= plan_min_time(o, j) && (!first || warmed_first || j->k->kind != KERNEL_PEAK))
			return;
		if (first && t >= plan_min_time(o, j)) {
			/* One call past the profile's limit: skipped anyway (sched_slow_job). */
			if (o->profile.skip_call_seconds > 0 && t > o->profile.skip_call_seconds)
				return;
			continue;
		}
		/* A peak kernel grows its loop up to the longest its check can vouch for (max_n). */
		if (j->k->kind == KERNEL_PEAK && (j->k->max_n <= 0 || (long)j->n * 2 <= j->k->max_n)) {
			if (j->n > (1ul << 40))
				return;
			j->n *= 2;
		} else {
			if (j->reps > (1l << 40))
				return;
			j->reps *= 2;
		}
	}
}

/* The kept trials a pass of a kernels job whose trial takes t seconds (sched_slow_job's). */
static int slow_kept(const struct measure_opts *o, double t)
{
	double k = floor(o->profile.slow_pass_seconds / t);
	return k < 1 ? 1 : k > o->trials ? o->trials : (int)k;
}

double sched_count_share(const struct measure_opts *o)
{
	return o->budget > 0 ? o->budget / (o->nthreads > 0 ? o->nthreads : 1) : 0;
}

/*
 * Whether kernels job j, whose trial takes t seconds (measured, or foretold
 * as `how` says), is left out of a budgeted run: its kept timings, at one a
 * pass and no warm-up trial, would take over SCHED_JOB_SHARE of what its
 * thread count may spend. Sets j->skipped and says it, with the budget
 * that would time it.
 */
static int over_job_share(const struct measure_opts *o, const struct plan_machine *m, struct plan_job *j,
			  double t, const char *how)
{
	double share = sched_count_share(o), cost = t * o->passes * slow_kept(o, t);
	if (!(share > 0) || !(cost > SCHED_JOB_SHARE * share))
		return 0;
	j->skipped = 1;
	j->left_out_trial = t;
	char letter = j->k->param_letter ? j->k->param_letter : 'p';
	double needed = ceil(cost / SCHED_JOB_SHARE * (o->nthreads > 0 ? o->nthreads : 1) / 10) * 10;
	plan_say(m, "left out %s %c = %d%s: a timing takes %.2g s%s, its %d kept timings about %.0f s, over "
	    "%.0f%% of the %.0f s each thread count may spend of the %.0f s budget; --budget %.0f "
	    "(make report BUDGET=%.0f) times it", j->k->name, letter, j->param,
	    plan_job_threads(j) > 1 ? " on all cores" : "", t, how, o->passes * slow_kept(o, t), cost,
	    100 * SCHED_JOB_SHARE, share, o->budget, needed, needed);
	return 1;
}

void sched_leave_out_for_floor(const struct plan_machine *m, struct plan_job *j, double cost, double floor,
			      double share, double needed)
{
	j->skipped = j->left_out_for_floor = 1;
	j->left_out_trial = plan_trial_seconds(j);
	char letter = j->k->param_letter ? j->k->param_letter : 'p', what[64];
	double budget = ceil(needed / 10) * 10;
	if (j->group == TGROUP_BANDWIDTH)
		snprintf(what, sizeof what, "at %.0f MiB per array", (double)plan_job_param_column(j) / 1048576);
	else
		snprintf(what, sizeof what, "%c = %d", letter, j->param);
	plan_say(m, "left out %s %s%s: the floor alone (%.0f s) is past this count's share of the budget "
	    "(%.0f s), and this job's is the costliest, about %.1f s (a timing takes %.2g s), over %.0f%% of "
	    "what a thread count may spend and of its floor; --budget %.0f (make report BUDGET=%.0f) times it", j->k->name,
	    what, plan_job_threads(j) > 1 ? " on all cores" : "", floor, fmax(0.0, share), cost,
	    j->left_out_trial, 100 * SCHED_FLOOR_JOB_SHARE, budget, budget);
}

void sched_slow_job(const struct measure_opts *o, const struct plan_machine *m, struct plan_job *j)
{
	/* Budgets count a trial's untimed call too (plan_warm_run): it costs as much as the timing. */
	double t = plan_trial_seconds(j), budget = o->profile.slow_pass_seconds;
	char letter = j->k->param_letter ? j->k->param_letter : 'p';
	if (j->failed)
		return;
	/*
	 * The bandwidth group's DRAM-sized jobs (a timing of a 1.5 GB working
	 * set lasts 80 ms) get fewer kept trials too, at least SWEEP_MIN_KEPT a
	 * pass: the DRAM roof is fitted over several such sizes, and it was a
	 * quarter of a run whose DRAM settled late.
	 */
	if (j->group == TGROUP_BANDWIDTH && o->profile.sweep_keeps_fewer &&
	    t * (o->warmup + o->trials) > SWEEP_SLOW_PASS_SECONDS) {
		double k = floor(SWEEP_SLOW_PASS_SECONDS / t);
		j->kept_per_pass = k < SWEEP_MIN_KEPT ? SWEEP_MIN_KEPT : k > o->trials ? o->trials : (int)k;
		if (j->kept_per_pass < o->trials)
			plan_say(m, "%s at %.0f MiB per array takes %.2g s a trial: timed in %d kept trials a pass, "
			    "no warm-up trials", j->k->name, (double)j->n * 8 / 1048576, t, j->kept_per_pass);
		else
			j->kept_per_pass = 0;
		return;
	}
	if (j->group != TGROUP_KERNELS || t * (o->warmup + o->trials) <= budget)
		return;
	if (o->profile.skip_call_seconds > 0 && t > o->profile.skip_call_seconds) {
		j->skipped = 1;
		plan_say(m, "skipped %s %c = %d in %s: one timing takes %.2g s", j->k->name, letter,
		    j->param, o->profile.said, t);
		return;
	}
	j->kept_per_pass = slow_kept(o, t);
	if (over_job_share(o, m, j, t, ""))
		return;
	plan_say(m, "%s %c = %d takes %.2g s a trial: timed in %d kept trial%s a pass, no warm-up trials "
	    "(its calibration warmed it)", j->k->name, letter, j->param, t, j->kept_per_pass,
	    j->kept_per_pass == 1 ? "" : "s");
}

/*
 * Where the profile skips slow calls (skip_call_seconds: a quick run), a
 * family member is skipped without being run when the
 * member before it (the plan lists a family's members in ascending order)
 * was skipped, or took so long a call that this one, doing more flops at no
 * better rate, would take over that: calibrating it only
 * to learn that (the textbook matrix product at n = 1024: 3 s) cost more
 * than the rest of its kernel's jobs. A plan's guess, said as one; nothing
 * measured comes from it.
 */
int sched_slow_skip_unrun(const struct measure_opts *o, const struct plan_machine *m,
			  const struct plan_job *prev, struct plan_job *j)
{
	double limit = o->profile.skip_call_seconds;
	if (!(limit > 0) || j->group != TGROUP_KERNELS || prev->k != j->k ||
	    prev->param >= j->param || prev->failed)
		return 0;
	double call = prev->reps > 0 ? prev->last_seconds / (double)prev->reps : NAN;
	double guess = plan_call_guess(prev, j);
	if (!prev->skipped && !(guess > limit))
		return 0;
	j->skipped = 1;
	char letter = j->k->param_letter ? j->k->param_letter : 'p';
	if (prev->skipped)
		plan_say(m, "skipped %s %c = %d in %s, unrun: %c = %d before it was skipped", j->k->name,
		    letter, j->param, o->profile.said, letter, prev->param);
	else
		plan_say(m, "skipped %s %c = %d in %s, unrun: %c = %d took %.2g s a call, so one of "
		    "this would take about %.2g s", j->k->name, letter, j->param, o->profile.said, letter, prev->param,
		    call, guess);
	return 1;
}

/*
 * Foretold, before j is first run: the same job at an earlier thread count
 * (doing no fewer flops a thread now), or the family member before it,
 * scaled by flops (plan_call_guess; a left-out member leaves the larger
 * ones out). A guess that the job stays within its share calibrates it,
 * and sched_slow_job decides from its timing.
 */
int sched_budget_skip_unrun(const struct measure_opts *o, const struct plan_machine *m,
			   const struct plan_job *prev, struct plan_job *j, const struct plan_job *before,
			   size_t nbefore)
{
	if (!o->profile.budget_leaves_out || !(sched_count_share(o) > 0) || j->group != TGROUP_KERNELS)
		return 0;
	char how[96];
	char letter = j->k->param_letter ? j->k->param_letter : 'p';
	for (size_t i = 0; i < nbefore; i++) {
		const struct plan_job *b = &before[i];
		if (b->k != j->k || b->param != j->param || !(b->left_out_trial > 0) ||
		    !(plan_call_flops(j) >= plan_call_flops(b)) || !(plan_call_flops(b) > 0))
			continue;
		if (b->left_out_for_floor) {
			j->skipped = j->left_out_for_floor = 1;
			j->left_out_trial = b->left_out_trial * plan_call_flops(j) / plan_call_flops(b);
			plan_say(m, "left out %s %c = %d%s, unrun: at %.0f thread%s it was, for that count's floor, "
			    "and each thread does no less here", j->k->name, letter, j->param,
			    plan_job_threads(j) > 1 ? " on all cores" : "", plan_job_threads(b),
			    plan_job_threads(b) == 1 ? "" : "s");
			return 1;
		}
		snprintf(how, sizeof how, " (foretold: at %.0f thread%s it was, unrun here)", plan_job_threads(b),
			 plan_job_threads(b) == 1 ? "" : "s");
		return over_job_share(o, m, j, b->left_out_trial * plan_call_flops(j) / plan_call_flops(b), how);
	}
	if (!prev || prev->k != j->k || prev->param >= j->param || prev->failed || !(plan_call_flops(prev) > 0))
		return 0;
	double t = prev->left_out_trial > 0 ? prev->left_out_trial * plan_call_flops(j) / plan_call_flops(prev)
					     : plan_call_guess(prev, j);
	if (!(t > 0))
		return 0;
	snprintf(how, sizeof how, " (foretold from %c = %d, unrun)", letter, prev->param);
	return over_job_share(o, m, j, t, how);
}

void sched_keep_left_out(const struct plan_job *jobs, size_t njobs, struct plan_job **kept, size_t *nkept)
{
	for (size_t i = 0; i < njobs; i++) {
		if (!(jobs[i].left_out_trial > 0))
			continue;
		*kept = xrealloc(*kept, (*nkept + 1) * sizeof **kept);
		(*kept)[*nkept] = jobs[i];
		(*kept)[(*nkept)++].kept = NULL;   /* rounds_run's, gone with its thread count */
	}
}

void sched_thin(const struct measure_opts *o, const struct plan_machine *m, struct plan_job *j)
{
	if (j->failed || j->skipped || j->k->kind == KERNEL_PEAK || j->pass_n < SCHED_THIN_MIN_KEPT ||
	    !(j->pass_lo > 0))
		return;
	int kept = j->kept_per_pass ? j->kept_per_pass : o->trials;
	double t = plan_trial_seconds(j), spread = j->pass_hi / j->pass_lo - 1.0;
	if (t < SCHED_THIN_TRIAL_SECONDS || !(spread <= SCHED_THIN_SPREAD) || kept <= SCHED_THIN_MIN_KEPT)
		return;
	int k = (kept + 1) / 2;
	j->kept_per_pass = k < SCHED_THIN_MIN_KEPT ? SCHED_THIN_MIN_KEPT : k;
	plan_say(m, "%s %s (%.0f MiB per array) takes %.2g s a trial and its kept timings spread %.1f%%: "
	    "%d kept trials a pass from now on, not %d", tgroup_name(j->group), j->k->name,
	    (double)j->n * 8 * (j->threads > 0 ? j->threads : 1) / 1048576, t, 100 * spread,
	    j->kept_per_pass, kept);
}

double sched_seconds(const struct measure_opts *o, const struct plan_job *jobs, size_t njobs)
{
	double total = 0;
	for (size_t i = 0; i < njobs; i++) {
		const struct plan_job *j = &jobs[i];
		if (j->failed || j->skipped)
			continue;
		int per_pass = j->kept_per_pass ? j->kept_per_pass : o->warmup + o->trials;
		total += (double)o->passes * per_pass * plan_trial_seconds(j);
	}
	return total;
}

int sched_calibrate_job(const struct sched_calibrator *c, struct plan_job *jobs, size_t i)
{
	struct plan_job *j = &jobs[i], *prev = i > 0 ? &jobs[i - 1] : NULL;
	if (prev && sched_slow_skip_unrun(c->o, c->m, prev, j))
		return 0;
	if (sched_budget_skip_unrun(c->o, c->m, prev, j, c->left_out, c->nleft_out))
		return 0;
	if (prev)
		j->guess_seconds = plan_call_guess(prev, j);
	sched_calibrate(c->o, j, c->time, c->ctx);
	sched_slow_job(c->o, c->m, j);
	return 1;
}

/* ---- the floor, the budget's deadline and its shares ---------------------- */

enum known_statistic sched_statistic(const struct plan_job *j)
{
	return j->group == TGROUP_KERNELS ? KNOWN_MEDIAN : KNOWN_BEST;
}

double sched_tolerance(const struct plan_job *j)
{
	return sched_statistic(j) == KNOWN_MEDIAN ? SCHED_KERNEL_TOLERANCE : SCHED_ROOF_TOLERANCE;
}

double sched_deadline(const struct sched_clock *c, double now)
{
	if (!(c->budget > 0))
		return INFINITY;
	double left = c->run_start + c->budget - now;
	return now + fmax(0.0, left) / (double)(c->counts_after + 1);
}

/* The kept timings job j may take in one pass: its kept_per_pass, else every kept trial. */
int sched_pass_ceiling(const struct measure_opts *o, const struct plan_job *j)
{
	return j->kept_per_pass ? j->kept_per_pass : o->trials;
}

int sched_runs(const struct plan_job *j)
{
	return !j->failed && !j->skipped;
}

/* The kept timings job j must take in all: the floor, or as many as give its statistic an interval (a median: 6), within its ceiling. */
int sched_floor_kept(const struct measure_opts *o, const struct plan_job *j)
{
	int n = SCHED_FLOOR_KEPT, least = known_min_count(sched_statistic(j));
	n = n > least ? n : least;
	return n < o->passes * sched_pass_ceiling(o, j) ? n : o->passes * sched_pass_ceiling(o, j);
}

/* The kept timings of its floor job j is to take this pass: the floor left, spread over the passes left. */
static int floor_share(const struct measure_opts *o, const struct plan_job *j, int pass)
{
	int ceil = sched_pass_ceiling(o, j);
	int left = sched_floor_kept(o, j) - j->nkept, passes_left = o->passes - pass + 1;
	int share = left > 0 ? (left + passes_left - 1) / passes_left : 0;
	return share > ceil ? ceil : share;
}

/* What job j's floor costs: its floor's kept trials, with their untimed calls, and its warm-up trials. */
double sched_floor_cost(const struct measure_opts *o, const struct plan_job *j)
{
	return plan_trial_seconds(j) * (sched_floor_kept(o, j) + (j->kept_per_pass ? 0 : o->passes * o->warmup));
}

/*
 * This count's floor at its jobs' trials as they now are (floor_total is
 * it as the passes began, for the decisions taken before them).
 */
double sched_floor_now(const struct sched_count *s)
{
	double t = 0;
	for (size_t i = 0; i < s->njobs; i++)
		if (sched_runs(&s->jobs[i]))
			t += sched_floor_cost(s->o, &s->jobs[i]);
	return t;
}

void sched_begin_pass(struct sched_count *s, int pass, double now)
{
	/* The pass's even share of the time to the deadline: time a pass leaves goes to the next. */
	s->pass_end = isfinite(s->deadline) ? now + (s->deadline - now) / (s->o->passes - pass + 1) : INFINITY;
	s->pass = pass;
	s->trial = 1;
	for (size_t i = 0; i < s->njobs; i++) {
		struct plan_job *j = &s->jobs[i];
		j->pass_n = 0;
		j->pass_done = !sched_runs(j);
		j->share = floor_share(s->o, j, pass);
	}
}

/*
 * Said once a thread count's floor is known: when the floor alone (every
 * job's SCHED_FLOOR_KEPT kept timings, their warm-up trials and untimed
 * calls) outlasts this count's share of the budget, no job can stop early
 * enough to keep it; the run ends past its budget by about the difference,
 * and the user learns here, not at the end, what a budget can buy.
 */
double sched_say_floor_past_budget(const struct sched_count *s, const struct plan_machine *m, double now)
{
	double share = s->deadline - now;
	if (!isfinite(share) || !(s->floor_total > share))
		return NAN;
	size_t n = 0;
	for (size_t i = 0; i < s->njobs; i++)
		n += sched_runs(&s->jobs[i]);
	double end = now + s->floor_total - s->c->run_start;
	plan_say(m, "%d thread%s: the floor alone (%d kept timings of each of %zu jobs, fewer for a slow one) takes about %.0f s, "
	    "past this count's share of the budget (%.0f s): every job stops at its floor, and the count ends about "
	    "%.0f s into the run, %s %.0f s budget", s->c->threads, s->c->threads == 1 ? "" : "s", SCHED_FLOOR_KEPT, n,
	    s->floor_total, fmax(0.0, share), end, end > s->c->budget ? "past the run's" : "within the run's", s->c->budget);
	return now + s->floor_total;
}

/* The state a thread count's passes begin from at `start`: no job has a kept timing yet; its floor's cost. */
void sched_begin_count(struct sched_count *s, double start)
{
	s->deadline = sched_deadline(s->c, start);
	s->first_pass = start;
	for (size_t i = 0; i < s->njobs; i++) {
		struct plan_job *j = &s->jobs[i];
		j->nkept = j->last_pass_n = j->budget_cut = 0;
		j->width = INFINITY;
	}
	s->floor_total = sched_floor_now(s);
}

/*
 * Whether job j may be left out for the floor's sake: a kernels job (a
 * point, said), or a size of a bandwidth job's DRAM plateau (the sweep's
 * sizes past STREAM's rule) above SCHED_DRAM_SIZES_KEPT smaller DRAM sizes
 * of its kernel that still run: the DRAM roof keeps its samples. A pattern
 * job's one DRAM size is its roof's only one, and stays.
 */
static int floor_may_leave_out(const struct sched_count *s, const struct plan_job *j)
{
	if (!sched_runs(j))
		return 0;
	if (j->group == TGROUP_KERNELS)
		return 1;
	if (j->group != TGROUP_BANDWIDTH || !j->dram_arrays)
		return 0;
	int below = 0;
	for (size_t i = 0; i < s->njobs; i++) {
		const struct plan_job *b = &s->jobs[i];
		below += b != j && b->k == j->k && b->group == TGROUP_BANDWIDTH && b->dram_arrays && sched_runs(b) && b->n < j->n;
	}
	return below >= SCHED_DRAM_SIZES_KEPT;
}

/*
 * Before a thread count's passes, begun at `start` (sched_begin_count):
 * while its floor is past its share, the job whose floor costs most among
 * those that may go (floor_may_leave_out), if over SCHED_FLOOR_JOB_SHARE of
 * a count's share and of the whole floor as it was, is left out
 * (schedule.h). The budget said to time it is the one whose share would
 * hold this floor: a second more of this count's share costs as many of
 * the budget as there are counts from this one on.
 */
void sched_relieve_floor(struct sched_count *s, const struct plan_machine *m, double start)
{
	double least = SCHED_FLOOR_JOB_SHARE * fmax(sched_count_share(s->o), s->floor_total);
	while (isfinite(s->deadline) && s->floor_total > s->deadline - start) {
		struct plan_job *worst = NULL;
		double worst_cost = least;
		for (size_t i = 0; i < s->njobs; i++) {
			struct plan_job *j = &s->jobs[i];
			double cost = floor_may_leave_out(s, j) ? sched_floor_cost(s->o, j) : 0;
			if (cost > worst_cost) {
				worst = j;
				worst_cost = cost;
			}
		}
		if (!worst)
			return;
		double share = s->deadline - start;
		double needed = s->o->budget + (s->floor_total - share) * (s->c->counts_after + 1);
		sched_leave_out_for_floor(m, worst, worst_cost, s->floor_total, share, needed);
		sched_begin_count(s, start);
	}
}

/* ---- the passes ------------------------------------------------------------- */

/*
 * One kept timing of j: kept, and whether j is done for this pass: its
 * share of the floor is in and its figure is within tolerance, or too few
 * timings for an interval yet with passes still to come (they bring the
 * rest, spread), or its ceiling.
 */
static void keep(const struct measure_opts *o, struct plan_job *j, double t, int pass)
{
	j->kept[j->nkept++] = t;
	/*
	 * Its trial from here on, for the estimate and the next count: the
	 * median of its kept timings, not its calibration's last, which may run
	 * slower than its pass (docs/plan.md R15).
	 */
	j->last_seconds = stats_median(j->kept, (size_t)j->nkept);
	j->pass_lo = j->pass_n ? fmin(j->pass_lo, t) : t;
	j->pass_hi = j->pass_n ? fmax(j->pass_hi, t) : t;
	j->pass_n++;
	j->width = known_width(sched_statistic(j), j->kept, j->nkept);
	int early = !isfinite(j->width) && pass < o->passes;
	if ((j->pass_n >= j->share && (j->width <= sched_tolerance(j) || early)) || j->pass_n >= sched_pass_ceiling(o, j))
		j->pass_done = 1;
}

static int stopped(const struct sched_hooks *h)
{
	return h->stop && h->stop(h->ctx);
}

/* Trial `trial` of the pass: every job not done, once, in the plan's order. */
static void one_trial(struct sched_count *s, const struct sched_hooks *h, int trial)
{
	const struct measure_opts *o = s->o;
	int warm = trial <= o->warmup;
	for (size_t i = 0; i < s->njobs && !stopped(h); i++) {
		struct plan_job *j = &s->jobs[i];
		if (j->pass_done)
			continue;
		if (j->kept_per_pass && (warm || !plan_kept_trial(trial - o->warmup, j->kept_per_pass, o->trials)))
			continue;
		double t = h->time(h->ctx, j, s->pass, trial);
		if (t < 0) {
			j->failed = 1;
			j->pass_done = 1;
			continue;
		}
		if (h->record)
			h->record(h->ctx, s->pass, trial, warm, j, t);
		if (!warm)
			keep(o, j, t, s->pass);
	}
}

/* Once the pass's time is spent: every job with its share of the floor is done for this pass. */
static void cut_by_budget(struct sched_count *s)
{
	for (size_t i = 0; i < s->njobs; i++) {
		struct plan_job *j = &s->jobs[i];
		if (j->pass_done || j->pass_n < j->share)
			continue;
		j->pass_done = 1;
		if (!(j->width <= sched_tolerance(j)))
			j->budget_cut = 1;
	}
}

static int any_running(const struct sched_count *s)
{
	for (size_t i = 0; i < s->njobs; i++)
		if (!s->jobs[i].pass_done)
			return 1;
	return 0;
}

/* The trials of the pass in hand from trial `first` on, each begun at its budget's cut. */
static void pass_trials(struct sched_count *s, const struct sched_hooks *h, int first)
{
	const struct measure_opts *o = s->o;
	for (int trial = first; trial <= o->warmup + o->trials && any_running(s) && !stopped(h); trial++) {
		s->trial = trial;
		double now = h->now(h->ctx);
		if (now >= s->pass_end)
			cut_by_budget(s);
		if (h->trial_begin)
			h->trial_begin(h->begin_ctx, s, now);
		one_trial(s, h, trial);
		if (h->trial_end)
			h->trial_end(h->ctx, s->pass, trial);
	}
	for (size_t i = 0; i < s->njobs; i++)
		if (sched_runs(&s->jobs[i]))
			s->jobs[i].last_pass_n = s->jobs[i].pass_n;
	if (h->pass_end)
		h->pass_end(h->ctx, s->pass);
}

/* The passes from pass s->pass's trial s->trial on; that pass already begun (sched_begin_pass) when `begun`. */
static void passes_from(struct sched_count *s, const struct plan_machine *m, const struct sched_hooks *h, int begun)
{
	const struct measure_opts *o = s->o;
	for (int pass = s->pass; pass <= o->passes && !stopped(h); pass++) {
		int resumed = begun && pass == s->pass;
		if (!resumed) {
			sched_begin_pass(s, pass, h->now(h->ctx));
			if (h->pass_begin)
				h->pass_begin(h->ctx, pass);
		}
		pass_trials(s, h, resumed ? s->trial : 1);
		/* Long, steady jobs keep fewer trials in the later passes (sched_thin). */
		for (size_t i = 0; pass == 1 && o->passes > 1 && i < s->njobs; i++)
			sched_thin(o, m, &s->jobs[i]);
	}
}

void sched_passes(struct sched_count *s, const struct plan_machine *m, const struct sched_hooks *h)
{
	s->pass = 1;
	passes_from(s, m, h, 0);
}

void sched_passes_resume(struct sched_count *s, const struct plan_machine *m, const struct sched_hooks *h)
{
	passes_from(s, m, h, 1);
}
