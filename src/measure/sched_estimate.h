/*
 * sched_estimate.h - the scheduler's estimate of the run's time left: the
 * count in hand's own passes (sched_passes, resumed) run on a foretold
 * clock, each job's timings foretold to stop it after the kept timings it
 * is expected to take, and the thread counts after it scaled from this
 * one, within the budget (sched_time_left); while a count calibrates,
 * its jobs not yet calibrated taken through the harness's own sequence
 * (sched_calibrate_job) on a foretold clock (sched_calibrating_left).
 * Calls go one way: rounds.c -> here -> schedule.c.
 */
#ifndef ROOFLINE_SCHED_ESTIMATE_H
#define ROOFLINE_SCHED_ESTIMATE_H

#include <stddef.h>

#include "schedule.h"

/*
 * The whole run's time left at `now`, the count in hand at pass s->pass,
 * trial s->trial: this count's passes from there on the foretold clock
 * (their budget's cuts, shares and stops their own), and each count after it.
 */
double sched_time_left(const struct sched_count *s, double now);

/*
 * While a thread count calibrates: the run's time left, as rounds_run will
 * estimate it once its passes begin. The jobs not yet calibrated go
 * through the harness's own sequence (sched_calibrate_job: what the
 * profile or the budget leaves out unrun, the calibration's reps, the kept
 * trials a pass) on a foretold clock: each call from its counterpart in
 * the earlier thread count, scaled as this count's calibrated jobs like it
 * were against theirs, else from what this count knows of it (the member
 * of its family just before it, or its bytes moved at the pre-scan's
 * rate, scaled as the calibrated jobs' roofline says at its demand); what their
 * calibrations count, at the time this count's calibrated ones took
 * against what theirs counted. NaN until a job is calibrated: before that
 * nothing timed says.
 */
struct sched_calibration {
	const struct plan_job *jobs;     /* this thread count's plan ... */
	size_t njobs;
	size_t done;                     /* ... jobs[0..done) calibrated */
	const struct plan_job *before;   /* the earlier thread count's jobs as they ended; NULL: none */
	size_t nbefore;
	/* The earlier counts' jobs the budget left out (sched_keep_left_out): what sched_calibrate_job reads. */
	const struct plan_job *left_out;
	size_t nleft_out;
	double start;                    /* when the calibration began */
	/* The earlier count's pre-scan and this count's (NULL: none): a stream's rate at each working set. */
	const struct plan_sweep *scan_before, *scan_here;
};
double sched_calibrating_left(const struct measure_opts *o, const struct sched_calibration *k,
			       const struct sched_clock *c, double now);

#endif
