/*
 * rounds.h - the trials of one thread count: round robin within each
 * trial, each job timed until its figure is known (known.h) or its ceiling
 * or the budget stops it (the scheduler's decisions: schedule.h), and the
 * time left said as it goes (sched_estimate.h). No
 * clock and no buffer here: the harness (measure.c) gives the timings and
 * the clock through hooks, a unit test a scripted machine's and a fake
 * clock, so every stop and every estimate is checked exactly.
 */
#ifndef ROOFLINE_ROUNDS_H
#define ROOFLINE_ROUNDS_H

#include <stddef.h>

#include "known.h"
#include "plan.h"
#include "sched_estimate.h"

/* Why a job's trials stopped (plan_job.stop). */
enum rounds_stop {
	ROUNDS_RUNNING = 0,
	ROUNDS_TOLERANCE,    /* its figure's 95 % interval is within its tolerance */
	ROUNDS_CEILING,      /* every trial it may keep is kept, and the interval is still wider */
	ROUNDS_BUDGET,       /* the budget ended a pass of it before the interval was narrow enough */
	ROUNDS_FAILED,       /* its check failed */
	ROUNDS_SKIPPED,      /* left out (a quick run's slow kernel) */
	ROUNDS_INTERRUPTED,  /* the run was interrupted */
	ROUNDS_NSTOPS
};

/* "tolerance", "ceiling", "budget", "failed", "skipped", "interrupted" (stops.csv). */
const char *rounds_stop_name(int stop);

/* What the progress line says, at the start of each trial (pass 0: while the jobs calibrate). */
struct rounds_progress {
	int threads, pass, passes, trial, trials, warm;
	size_t calibrated, jobs;   /* pass 0: the jobs calibrated so far, of all */
	int running;         /* jobs still timed this pass */
	double elapsed;      /* seconds since the run began */
	double left;         /* the estimate of the seconds left in the whole run */
};

/* The progress line (no "roofline: " before it): where the run is, and about how long it has left. */
void rounds_progress_text(const struct rounds_progress *p, char *buf, size_t len);

/* The harness's side (measure.c), or a scripted machine's. */
struct rounds_hooks {
	void *ctx;
	double (*now)(void *ctx);                          /* seconds, a monotonic clock */
	/* One timing of j with its reps: seconds, or < 0 when its check failed (recorded there). */
	double (*time)(void *ctx, struct plan_job *j, int pass, int trial);
	void (*record)(void *ctx, int pass, int trial, int warm, const struct plan_job *j, double seconds);
	void (*trial_end)(void *ctx, int pass, int trial); /* NULL: none */
	void (*pass_begin)(void *ctx, int pass);           /* NULL: none */
	void (*pass_end)(void *ctx, int pass);             /* NULL: none */
	void (*progress)(void *ctx, const struct rounds_progress *p); /* NULL: none */
	int (*stop)(void *ctx);                            /* interrupted; NULL: never */
};

/*
 * The passes of one thread count over its calibrated jobs: o->passes
 * passes of o->warmup warm-up trials and up to o->trials kept ones (a slow
 * job's kept_per_pass), every running job timed once per trial in the
 * plan's order. A job is done for a pass once it has its share of the
 * floor and its figure's interval is within its tolerance, or at its
 * ceiling; once a pass's share of the time to the deadline is spent, every
 * job that has its share of the floor is done for that pass. After pass 1,
 * sched_thin. The passes are the scheduler's (sched_passes); this gives
 * them h's clock and timings and says the progress line at each trial.
 * Sets each job's stop, width and nkept (kept is NULL again).
 * Before the passes, what the floor asks is held to the count's share
 * (sched_relieve_floor); where it still outlasts it, the count's end past
 * the budget is said (sched_say_floor_past_budget) and returned, on h's
 * clock; NaN where nothing was said.
 */
double rounds_run(const struct measure_opts *o, const struct plan_machine *m, struct plan_job *jobs,
		  size_t njobs, const struct sched_clock *c, const struct rounds_hooks *h);

/*
 * After rounds_run: how far its jobs went past their floor towards their
 * ceiling, all kept timings over all jobs that ran, 0..1 (0: every job
 * stopped at its floor); NaN when no job could keep more than its floor.
 */
double rounds_fill(const struct measure_opts *o, const struct plan_job *jobs, size_t njobs);

#endif
