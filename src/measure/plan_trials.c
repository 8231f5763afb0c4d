/*
 * plan_trials.c - how each job of the plan is calibrated and how many
 * trials it keeps (see plan.h), apart from the plan's sizes (plan.c):
 * nothing here reads a clock; timings come in through the callbacks.
 */
#include "plan.h"

#include <math.h>
#include <string.h>

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

/* ---- calibration and trial budgets ------------------------------------------ */

/*
 * Whether a timing of job j follows one untimed call of the same job.
 * Round-robin means the job before this one left its own data in the caches
 * (and, on a VM, its pages' translations); one call of this job first puts
 * the machine in the state the job's own repetitions keep it in, as
 * back-to-back passes (STREAM, likwid-bench) do. A job that fits a cache
 * level then finds its data there (else its first repetition drags an L3
 * figure towards DRAM); one that streams from memory no longer pays for
 * what the job before it left: on this 2-core VM the streaming-store triad
 * at 302 MB moved 50-57 GB/s (median) after a pass of its own, 44-47 after
 * 1 GB of other data, the two interleaved in one process. A kernel's call
 * longer than MEASURE_WARM_RUN_MAX_SECONDS (a matrix product at n = 1024)
 * reuses its data so often that the state it starts from is lost in it,
 * and is not doubled. A bandwidth job's stream reuses nothing, however
 * long: unwarmed, a 2-core Intel VM's triad at 1.5 and 2.1 GiB (0.11-0.15
 * s a call) had medians of 12.7 GB/s under bests of 14.2, where the warmed
 * 1.1 GiB size had 15.1 under 15.1, and the compiled triad at 1.1 GiB sat
 * 20 % above the DRAM roof's median. Peak kernels touch no memory.
 */
int plan_warm_run(enum kernel_kind kind, double call_seconds, double stream_seconds)
{
	if (kind == KERNEL_PEAK)
		return 0;
	if (kind == KERNEL_BANDWIDTH || !(call_seconds > MEASURE_WARM_RUN_MAX_SECONDS))
		return 1;
	/*
	 * A long kernel call that is mostly a stream (the compiled triad at
	 * 2.3 GiB: 0.15 s) is a bandwidth job's case: unwarmed, this VM's
	 * read 80 % of its DRAM roof where the warmed 1.1 GiB one read 102 %.
	 */
	return stream_seconds > 0 && stream_seconds >= PLAN_STREAM_SHARE * call_seconds;
}

double plan_call_seconds(const struct plan_job *j)
{
	if (j->reps > 0 && j->last_seconds > 0)
		return j->last_seconds / (double)j->reps;
	return j->guess_seconds > 0 ? j->guess_seconds : 0.0;
}

static int job_warm_run(const struct plan_job *j)
{
	return plan_warm_run(j->k->kind, plan_call_seconds(j), j->stream_seconds);
}

double plan_trial_seconds(const struct plan_job *j)
{
	double t = j->last_seconds;
	return job_warm_run(j) && j->reps > 0 ? t + t / (double)j->reps : t;
}

int plan_kept_trial(int trial, int kept, int trials)
{
	if (trial < 1 || trial > trials || kept < 1)
		return 0;
	return (long)(trial - 1) * kept % trials < kept;
}

/*
 * A peak job's timings last half the min time: its chains run in registers,
 * with no data to warm and nothing that settles over time, and at 0.5 ms a
 * timing is still 25,000 ticks of a 20 ns clock; they are 160-odd of a
 * run's 250 jobs, so this is a quarter of a full run's time.
 */
double plan_min_time(const struct measure_opts *o, const struct plan_job *j)
{
	return j->k->kind == KERNEL_PEAK ? o->min_time / 2 : o->min_time;
}

void plan_calibrate(const struct measure_opts *o, struct plan_job *j, plan_time_fn time, void *ctx)
{
	/* Whether the harness gives the first timing an untimed call before it (time_share). */
	int warmed_first = job_warm_run(j);
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
		 * timing is already a second call and may end the calibration; a
		 * peak job's first timing is its first call. Timing it again cost
		 * a third of a run's calibration on a 2-core VM whose DRAM jobs
		 * take 0.1 s a call (four calls a job where two do).
		 *
		 * A first call foretold long (plan_call_guess: the textbook
		 * product at n = 1024, 1.3-2.9 s a call on a 2-core Zen 4 VM, a
		 * sixth of a run for its untimed call alone) had no untimed call
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
			/* One call past the profile's limit: skipped anyway (plan_slow_job). */
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

/* The kept trials a pass of a kernels job whose trial takes t seconds (plan_slow_job's). */
static int slow_kept(const struct measure_opts *o, double t)
{
	double k = floor(o->profile.slow_pass_seconds / t);
	return k < 1 ? 1 : k > o->trials ? o->trials : (int)k;
}

double plan_count_share(const struct measure_opts *o)
{
	return o->budget > 0 ? o->budget / (o->nthreads > 0 ? o->nthreads : 1) : 0;
}

/*
 * Whether kernels job j, whose trial takes t seconds (measured, or foretold
 * as `how` says), is left out of a budgeted run: its kept timings, at one a
 * pass and no warm-up trial, would take over PLAN_JOB_SHARE of what its
 * thread count may spend. Sets j->skipped and says it, with the budget
 * that would time it.
 */
static int over_job_share(const struct measure_opts *o, const struct plan_machine *m, struct plan_job *j,
			  double t, const char *how)
{
	double share = plan_count_share(o), cost = t * o->passes * slow_kept(o, t);
	if (!(share > 0) || !(cost > PLAN_JOB_SHARE * share))
		return 0;
	j->skipped = 1;
	j->left_out_trial = t;
	char letter = j->k->param_letter ? j->k->param_letter : 'p';
	double needed = ceil(cost / PLAN_JOB_SHARE * (o->nthreads > 0 ? o->nthreads : 1) / 10) * 10;
	plan_say(m, "left out %s %c = %d%s: a timing takes %.2g s%s, its %d kept timings about %.0f s, over "
	    "%.0f%% of the %.0f s each thread count may spend of the %.0f s budget; --budget %.0f "
	    "(make report BUDGET=%.0f) times it", j->k->name, letter, j->param,
	    plan_job_threads(j) > 1 ? " on all cores" : "", t, how, o->passes * slow_kept(o, t), cost,
	    100 * PLAN_JOB_SHARE, share, o->budget, needed, needed);
	return 1;
}

void plan_leave_out_for_floor(const struct plan_machine *m, struct plan_job *j, double cost, double floor,
			      double share, double needed)
{
	j->skipped = j->left_out_for_floor = 1;
	j->left_out_trial = plan_trial_seconds(j);
	char letter = j->k->param_letter ? j->k->param_letter : 'p';
	double budget = ceil(needed / 10) * 10;
	plan_say(m, "left out %s %c = %d%s: the floor alone (%.0f s) is past this count's share of the budget "
	    "(%.0f s), and this job's is the costliest, about %.1f s (a timing takes %.2g s), over %.0f%% of "
	    "what a thread count may spend and of its floor; --budget %.0f (make report BUDGET=%.0f) times it", j->k->name,
	    letter, j->param, plan_job_threads(j) > 1 ? " on all cores" : "", floor, fmax(0.0, share), cost,
	    j->left_out_trial, 100 * PLAN_FLOOR_JOB_SHARE, budget, budget);
}

void plan_slow_job(const struct measure_opts *o, const struct plan_machine *m, struct plan_job *j)
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

/* Flops of one call of job j on one thread. */
static double call_flops(const struct plan_job *j)
{
	return j->shaped ? j->shape.flops : kernel_flops_per_elem(j->k, j->param) * (double)j->n;
}

double plan_call_guess(const struct plan_job *prev, const struct plan_job *j)
{
	if (prev->k != j->k || prev->param >= j->param || prev->failed || prev->skipped || prev->reps <= 0 ||
	    !(prev->last_seconds > 0) || !(call_flops(prev) > 0))
		return 0.0;
	return prev->last_seconds / (double)prev->reps * call_flops(j) / call_flops(prev);
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
int plan_slow_skip_unrun(const struct measure_opts *o, const struct plan_machine *m,
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
 * and plan_slow_job decides from its timing.
 */
int plan_budget_skip_unrun(const struct measure_opts *o, const struct plan_machine *m,
			   const struct plan_job *prev, struct plan_job *j, const struct plan_job *before,
			   size_t nbefore)
{
	if (!o->profile.budget_leaves_out || !(plan_count_share(o) > 0) || j->group != TGROUP_KERNELS)
		return 0;
	char how[96];
	char letter = j->k->param_letter ? j->k->param_letter : 'p';
	for (size_t i = 0; i < nbefore; i++) {
		const struct plan_job *b = &before[i];
		if (b->k != j->k || b->param != j->param || !(b->left_out_trial > 0) ||
		    !(call_flops(j) >= call_flops(b)) || !(call_flops(b) > 0))
			continue;
		if (b->left_out_for_floor) {
			j->skipped = j->left_out_for_floor = 1;
			j->left_out_trial = b->left_out_trial * call_flops(j) / call_flops(b);
			plan_say(m, "left out %s %c = %d%s, unrun: at %.0f thread%s it was, for that count's floor, "
			    "and each thread does no less here", j->k->name, letter, j->param,
			    plan_job_threads(j) > 1 ? " on all cores" : "", plan_job_threads(b),
			    plan_job_threads(b) == 1 ? "" : "s");
			return 1;
		}
		snprintf(how, sizeof how, " (foretold: at %.0f thread%s it was, unrun here)", plan_job_threads(b),
			 plan_job_threads(b) == 1 ? "" : "s");
		return over_job_share(o, m, j, b->left_out_trial * call_flops(j) / call_flops(b), how);
	}
	if (!prev || prev->k != j->k || prev->param >= j->param || prev->failed || !(call_flops(prev) > 0))
		return 0;
	double t = prev->left_out_trial > 0 ? prev->left_out_trial * call_flops(j) / call_flops(prev)
					     : plan_call_guess(prev, j);
	if (!(t > 0))
		return 0;
	snprintf(how, sizeof how, " (foretold from %c = %d, unrun)", letter, prev->param);
	return over_job_share(o, m, j, t, how);
}

void plan_keep_left_out(const struct plan_job *jobs, size_t njobs, struct plan_job **kept, size_t *nkept)
{
	for (size_t i = 0; i < njobs; i++) {
		if (!(jobs[i].left_out_trial > 0))
			continue;
		*kept = xrealloc(*kept, (*nkept + 1) * sizeof **kept);
		(*kept)[*nkept] = jobs[i];
		(*kept)[(*nkept)++].kept = NULL;   /* rounds_run's, gone with its thread count */
	}
}

void plan_thin(const struct measure_opts *o, const struct plan_machine *m, struct plan_job *j)
{
	if (j->failed || j->skipped || j->k->kind == KERNEL_PEAK || j->pass_n < PLAN_THIN_MIN_KEPT ||
	    !(j->pass_lo > 0))
		return;
	int kept = j->kept_per_pass ? j->kept_per_pass : o->trials;
	double t = plan_trial_seconds(j), spread = j->pass_hi / j->pass_lo - 1.0;
	if (t < PLAN_THIN_TRIAL_SECONDS || !(spread <= PLAN_THIN_SPREAD) || kept <= PLAN_THIN_MIN_KEPT)
		return;
	int k = (kept + 1) / 2;
	j->kept_per_pass = k < PLAN_THIN_MIN_KEPT ? PLAN_THIN_MIN_KEPT : k;
	plan_say(m, "%s %s (%.0f MiB per array) takes %.2g s a trial and its kept timings spread %.1f%%: "
	    "%d kept trials a pass from now on, not %d", tgroup_name(j->group), j->k->name,
	    (double)j->n * 8 * (j->threads > 0 ? j->threads : 1) / 1048576, t, 100 * spread,
	    j->kept_per_pass, kept);
}

double plan_seconds(const struct measure_opts *o, const struct plan_job *jobs, size_t njobs)
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

/* ---- what one timing of a job did (timings.csv) ---- */

/* Threads that ran job j: its n is per thread, and its totals count them all. */
double plan_job_threads(const struct plan_job *j)
{
	return j->threads > 0 ? (double)j->threads : 1.0;
}

double plan_job_flops(const struct plan_job *j)
{
	if (j->shaped)
		return j->shape.flops * (double)j->reps * plan_job_threads(j);
	return kernel_flops_per_elem(j->k, j->param) * (double)j->n * (double)j->reps * plan_job_threads(j);
}

double plan_job_bytes(const struct plan_job *j)
{
	if (j->shaped)
		return j->shape.bytes * (double)j->reps * plan_job_threads(j);
	return kernel_bytes_per_elem(j->k, j->param) * (double)j->n * (double)j->reps * plan_job_threads(j);
}

double plan_job_working_set(const struct plan_job *j)
{
	if (j->shaped)
		return j->shape.working_set * plan_job_threads(j);
	return j->k->kind == KERNEL_PEAK ? 0.0
		: (double)j->k->arrays * 8.0 * (double)j->n * plan_job_threads(j);
}

long plan_job_param_column(const struct plan_job *j)
{
	/* The contract: bytes per array (all threads' parts) in the bandwidth group, else the param. */
	if (j->group == TGROUP_BANDWIDTH)
		return (long)((double)j->n * sizeof(double) * plan_job_threads(j));
	return j->param;
}
