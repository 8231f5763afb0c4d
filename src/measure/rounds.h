/*
 * rounds.h - the trials of one thread count: round robin within each
 * trial, each job timed until its figure is known (known.h) or its ceiling
 * or the budget stops it, and the time left, estimated as it goes. No
 * clock and no buffer here: the harness (measure.c) gives the timings and
 * the clock through hooks, a unit test a scripted machine's and a fake
 * clock, so every stop and every estimate is checked exactly.
 */
#ifndef ROOFLINE_ROUNDS_H
#define ROOFLINE_ROUNDS_H

#include <stddef.h>

#include "known.h"
#include "plan.h"

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

/*
 * Every job keeps at least this many kept timings (fewer only where its
 * ceiling is lower: --passes x --trials, or a slow job's kept_per_pass),
 * spread over the passes: a figure from fewer says nothing of its spread.
 */
#define ROUNDS_FLOOR_KEPT 5
/*
 * The tolerances (relative width of the 95 % interval, known_width): a roof
 * to 1 %, a placed kernel's median to 2 %. A roof is read against other
 * runs' (compare judges a move by its spread) and divides every point's
 * fraction: 1 % is below the run-to-run spread seen for any roof but the
 * peak, so a narrower interval inside one run buys nothing the next run
 * keeps. A kernel's fraction of its roof is printed in whole percent, and
 * its median to 2 % over a roof to 1 % keeps that fraction within about
 * two points.
 */
#define ROUNDS_ROOF_TOLERANCE 0.01
#define ROUNDS_KERNEL_TOLERANCE 0.02

/* The statistic job j contributes (a kernels job: its median; a roof: its best). */
enum known_statistic rounds_statistic(const struct plan_job *j);
/* The tolerance its interval must meet. */
double rounds_tolerance(const struct plan_job *j);

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

/* Where this thread count stands in the run's time. */
struct rounds_clock {
	double run_start;    /* the run's first moment (the pre-scan counted) */
	double budget;       /* seconds for the whole run; 0: none */
	double count_start;  /* when this thread count began, its calibration counted */
	double prescan_seconds;  /* what the one-core pre-scan took (a later team pre-scans too) */
	int counts_after;    /* thread counts still to run after this one ... */
	const int *later_threads;  /* ... and their threads */
	int threads;
	/*
	 * How far an earlier thread count's jobs went past their floor towards
	 * their ceiling (rounds_fill), NaN for the first: what this count's
	 * jobs are expected to keep before their own timings say.
	 */
	double prior_fill;
};

/*
 * When this thread count's trials are to end: the run's budget left at
 * `now`, shared evenly with the thread counts after it (each times the
 * same plan, split between its threads: about as long a trial). INFINITY
 * without a budget.
 */
double rounds_deadline(const struct rounds_clock *c, double now);

/*
 * The passes of one thread count over its calibrated jobs: o->passes
 * passes of o->warmup warm-up trials and up to o->trials kept ones (a slow
 * job's kept_per_pass), every running job timed once per trial in the
 * plan's order. A job is done for a pass once it has its share of the
 * floor and its figure's interval is within its tolerance, or at its
 * ceiling; once a pass's share of the time to the deadline is spent, every
 * job that has its share of the floor is done for that pass. After pass 1,
 * plan_thin. Sets each job's stop, width and nkept (kept is NULL again).
 */
void rounds_run(const struct measure_opts *o, const struct plan_machine *m, struct plan_job *jobs,
		size_t njobs, const struct rounds_clock *c, const struct rounds_hooks *h);

/*
 * While a thread count calibrates: the run's time left, as rounds_run will
 * estimate it once its passes begin. Each job not yet calibrated is
 * foretold from its counterpart in the earlier thread count, scaled as
 * this count's calibrated jobs like it were against theirs, else from what
 * this count knows of it (the member of its family just before it, or its
 * working set streamed at the pre-scan's rate, scaled as its calibrated
 * group's were), and the rest of the calibration at what the done part
 * cost a trial. NaN until a job is calibrated: before that nothing timed
 * says.
 */
struct rounds_calibration {
	const struct plan_job *jobs;     /* this thread count's plan ... */
	size_t njobs;
	size_t done;                     /* ... jobs[0..done) calibrated */
	const struct plan_job *before;   /* the earlier thread count's jobs as they ended; NULL: none */
	size_t nbefore;
	double start;                    /* when the calibration began */
	/* The earlier count's pre-scan and this count's (NULL: none): a stream's rate at each working set. */
	const struct plan_sweep *scan_before, *scan_here;
};
double rounds_calibrating_left(const struct measure_opts *o, const struct rounds_calibration *k,
			       const struct rounds_clock *c, double now);

/*
 * After rounds_run: how far its jobs went past their floor towards their
 * ceiling, all kept timings over all jobs that ran, 0..1 (0: every job
 * stopped at its floor); NaN when no job could keep more than its floor.
 */
double rounds_fill(const struct measure_opts *o, const struct plan_job *jobs, size_t njobs);

#endif
