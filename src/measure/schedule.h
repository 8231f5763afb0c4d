/*
 * schedule.h - the scheduler: how a job is calibrated, how many trials a
 * pass it keeps, which jobs a profile or the budget leaves out (timed, or
 * foretold unrun), and what a thread count may spend. One sequence,
 * sched_calibrate_job, takes a job through them: the harness (measure.c)
 * runs it on its clock, the time-left estimate (sched_estimate.c) on a
 * foretold one, and a scripted machine's test on its fake one. The floor
 * every job keeps, the budget's deadline for each thread count, the jobs
 * it leaves out for the floor's sake and the passes that time them
 * (sched_passes: each trial, each kept timing, each stop) are here too.
 * Calls go one way: rounds.c (the passes as the harness sees them: its
 * hooks, its progress line, why each job stopped) -> sched_estimate.c (the
 * time left) -> schedule.c -> plan_job.c (a job's costs), plan.c
 * (plan_say).
 */
#ifndef ROOFLINE_SCHEDULE_H
#define ROOFLINE_SCHEDULE_H

#include <stddef.h>

#include "known.h"
#include "plan.h"

/*
 * Doubles j's repetitions (a peak kernel's iterations up to its max_n
 * first) until one timing lasts its min time, never stopping on the first
 * timing (it carries what happens once); likwid's MEASURE loop. Sets
 * j->last_seconds; j->failed when a timing failed.
 */
void sched_calibrate(const struct measure_opts *o, struct plan_job *j, plan_time_fn time, void *ctx);

/*
 * After calibration: a job too slow to time every trial keeps fewer
 * (j->kept_per_pass, no warm-up trials), and a profile that skips slow
 * calls leaves out a kernels job whose one timing takes over its
 * skip_call_seconds
 * (j->skipped). Said on m->say.
 */
void sched_slow_job(const struct measure_opts *o, const struct plan_machine *m, struct plan_job *j);

/*
 * A budgeted run leaves out a kernels job whose kept timings alone (one a
 * pass) would take more than this share of what its thread count may spend
 * (sched_count_share): one figure of some 280 may not take a quarter of the
 * time of all of them (docs/plan.md R14). It is said, with the budget that
 * would time it, and stops.csv has it "skipped".
 */
#define SCHED_JOB_SHARE 0.25

/*
 * When a thread count's floor alone (SCHED_FLOOR_KEPT kept timings of every
 * job) outlasts what is left of its share, the budget cannot hold with every
 * job in it: the kernels job or DRAM sweep size (SCHED_DRAM_SIZES_KEPT)
 * whose floor costs most is left out, then the next, while the floor is
 * still past the share, but only one whose floor
 * costs over this part of sched_count_share and of the whole floor (a budget
 * far too small for any floor leaves out the outliers, not every job that
 * costs more than a tenth of its tiny share). One figure of some 280 costing
 * a tenth of a count's time is an outlier worth 28 of the others (docs/plan.md
 * R14).
 */
#define SCHED_FLOOR_JOB_SHARE 0.1
/*
 * The sweep's DRAM sizes (each at least STREAM's rule) the floor's relief
 * never leaves out, the smallest: its largest sizes cost the most (a sweep
 * run to the cap) and the DRAM roof needs only a plateau of them (R14).
 */
#define SCHED_DRAM_SIZES_KEPT 2

/*
 * Leaves out job j, whose floor costs `cost` seconds, for the floor's sake
 * (SCHED_FLOOR_JOB_SHARE): its count's floor, `floor` seconds, with j in it,
 * is past `share`, and a budget of `needed` seconds would fit it. Sets
 * j->skipped, j->left_out_trial and j->left_out_for_floor; says so.
 */
void sched_leave_out_for_floor(const struct plan_machine *m, struct plan_job *j, double cost, double floor,
			      double share, double needed);

/* What one thread count of a budgeted run may spend: the budget over the counts (0: no budget). */
double sched_count_share(const struct measure_opts *o);

/*
 * Where the profile skips slow calls, whether j is left out unrun because the family member
 * before it (prev) was skipped or was so slow that j would be; sets
 * j->skipped and says so.
 */
int sched_slow_skip_unrun(const struct measure_opts *o, const struct plan_machine *m,
			  const struct plan_job *prev, struct plan_job *j);

/*
 * In a budgeted run, whether kernels job j is left out unrun (SCHED_JOB_SHARE):
 * foretold from the same job at an earlier thread count (before[0..nbefore);
 * one left out there for the floor's sake, doing no fewer flops a thread
 * here, is left out here too),
 * or from the family member before it (prev; NULL: none). Sets j->skipped
 * and says so.
 */
int sched_budget_skip_unrun(const struct measure_opts *o, const struct plan_machine *m,
			   const struct plan_job *prev, struct plan_job *j, const struct plan_job *before,
			   size_t nbefore);

/* Appends the jobs of jobs[0..njobs) the budget left out to *kept (for the thread counts after). */
void sched_keep_left_out(const struct plan_job *jobs, size_t njobs, struct plan_job **kept, size_t *nkept);

/*
 * After the first pass: a job whose trial is long (SCHED_THIN_TRIAL_SECONDS
 * or more, its untimed call counted) and whose kept timings that pass were
 * within SCHED_THIN_SPREAD of each other keeps half as many kept trials in
 * the later passes (at least SCHED_THIN_MIN_KEPT, never more than it had),
 * and no warm-up trials: STREAM's rule made the DRAM jobs' timings several
 * times longer, and a steady long timing says little more the tenth time.
 * A job with a wider spread keeps all it had: the spread is what the later
 * passes are there to see. Said on m->say.
 */
#define SCHED_THIN_TRIAL_SECONDS 5e-3
#define SCHED_THIN_SPREAD 0.03
#define SCHED_THIN_MIN_KEPT 3
void sched_thin(const struct measure_opts *o, const struct plan_machine *m, struct plan_job *j);

/*
 * Seconds the calibrated plan's passes will take (every trial of every job,
 * its untimed calls included, from each job's last_seconds): the work a
 * plan asks for, counted rather than timed.
 */
double sched_seconds(const struct measure_opts *o, const struct plan_job *jobs, size_t njobs);

/*
 * Every job keeps at least this many kept timings (fewer only where its
 * ceiling is lower: --passes x --trials, or a slow job's kept_per_pass),
 * spread over the passes: a figure from fewer says nothing of its spread.
 */
#define SCHED_FLOOR_KEPT 5
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
#define SCHED_ROOF_TOLERANCE 0.01
#define SCHED_KERNEL_TOLERANCE 0.02

/* The statistic job j contributes (a kernels job: its median; a roof: its best). */
enum known_statistic sched_statistic(const struct plan_job *j);
/* The tolerance its interval must meet. */
double sched_tolerance(const struct plan_job *j);

/* Where this thread count stands in the run's time. */
struct sched_clock {
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
	/*
	 * The earlier thread count's jobs as they ended (NULL: none): how
	 * each job's timings spread there, before its own here say.
	 */
	const struct plan_job *before;
	size_t nbefore;
};

/*
 * When this thread count's trials are to end: the run's budget left at
 * `now`, shared evenly with the thread counts after it (each times the
 * same plan, split between its threads: about as long a trial). INFINITY
 * without a budget.
 */
double sched_deadline(const struct sched_clock *c, double now);


/*
 * The floor: what every job keeps, whatever the budget. A job's ceiling a
 * pass (its kept_per_pass, else every kept trial), whether it still runs
 * (not failed, not left out), its floor's kept timings in all (the floor,
 * or as many as give its statistic an interval, within its ceiling), and
 * what they cost with their untimed calls and warm-up trials.
 */
int sched_pass_ceiling(const struct measure_opts *o, const struct plan_job *j);
int sched_runs(const struct plan_job *j);
int sched_floor_kept(const struct measure_opts *o, const struct plan_job *j);
double sched_floor_cost(const struct measure_opts *o, const struct plan_job *j);

/* The thread count in hand, as the estimate sees it. */
struct sched_count {
	const struct measure_opts *o;
	const struct sched_clock *c;
	struct plan_job *jobs;
	size_t njobs;
	double deadline;     /* the thread count's (sched_deadline at its first pass) */
	double first_pass;   /* when its first pass began: calibration before it */
	double floor_total;  /* seconds its floor asks, all passes (warm-ups counted) */
	double pass_end;     /* when the pass in hand's even share of the time to the deadline is spent */
	int pass, trial;
};


/*
 * A count's passes begin at `start`: its deadline (sched_deadline), no
 * job with a kept timing yet, the cost of its floor (floor_total).
 */
void sched_begin_count(struct sched_count *s, double start);
/* The count's floor at its jobs' trials as they now are. */
double sched_floor_now(const struct sched_count *s);
/*
 * Pass `pass` begins at `now`: each running job's share of the floor left,
 * spread over the passes left; the pass's end (pass_end).
 */
void sched_begin_pass(struct sched_count *s, int pass, double now);
/*
 * Before the passes (sched_begin_count at `start`): while the floor is
 * past the count's share, the kernels job or DRAM sweep size whose floor
 * costs most, if over SCHED_FLOOR_JOB_SHARE of a count's share and of the
 * whole floor, is left out (sched_leave_out_for_floor). Said on m->say.
 */
void sched_relieve_floor(struct sched_count *s, const struct plan_machine *m, double start);
/*
 * Said when the floor alone still outlasts the count's share: every job
 * stops at its floor, and the count ends past the budget, at about `now`
 * and the floor, which it returns (NaN: within its share, nothing said).
 */
double sched_say_floor_past_budget(const struct sched_count *s, const struct plan_machine *m, double now);

/*
 * One job's turn in its thread count's calibration, jobs[i] after
 * jobs[0..i) had theirs: left out unrun where the profile skips slow
 * calls (the member before it skipped or foretold too slow) or where the
 * budget's share foretells it too costly (from c->left_out, the
 * earlier counts' left-out jobs, or the member before it); else its call
 * guessed from the member before it, timed to its min time through c->time,
 * and its kept trials a pass decided (sched_slow_job). Returns 1 when it
 * was timed, 0 when left out unrun.
 */
struct sched_calibrator {
	const struct measure_opts *o;
	const struct plan_machine *m;           /* where it is said (quiet for the estimate) */
	const struct plan_job *left_out;        /* the earlier counts' left-out jobs (sched_keep_left_out) */
	size_t nleft_out;
	plan_time_fn time;                      /* the clock: the machine's, or a foretold one */
	void *ctx;
};
int sched_calibrate_job(const struct sched_calibrator *c, struct plan_job *jobs, size_t i);

/*
 * The clock and the timings a count's passes run on: the machine's (the
 * harness, through rounds.c), a scripted machine's, or a foretold one
 * (the time-left estimate, sched_estimate.c). NULL hooks: none.
 */
struct sched_hooks {
	void *ctx;
	double (*now)(void *ctx);                          /* seconds, a monotonic clock */
	/* One timing of j with its reps: seconds, or < 0 when its check failed (recorded there). */
	double (*time)(void *ctx, struct plan_job *j, int pass, int trial);
	void (*record)(void *ctx, int pass, int trial, int warm, const struct plan_job *j, double seconds);
	/* Each trial begins at `now`, its budget's cut made (s->pass, s->trial); its own context. */
	void (*trial_begin)(void *begin_ctx, const struct sched_count *s, double now);
	void *begin_ctx;
	void (*trial_end)(void *ctx, int pass, int trial);
	void (*pass_begin)(void *ctx, int pass);
	void (*pass_end)(void *ctx, int pass);
	int (*stop)(void *ctx);                            /* interrupted */
};

/*
 * A thread count's passes (sched_begin_count made, its floor relieved):
 * o->passes passes of o->warmup warm-up trials and up to o->trials kept
 * ones (a slow job's kept_per_pass), every running job timed once per
 * trial in the plan's order. A job is done for a pass once it has its
 * share of the floor and its figure's interval is within its tolerance
 * (or too few timings for an interval yet, with passes to come), or at
 * its ceiling; once a pass's share of the time to the deadline is spent,
 * every job that has its share of the floor is done for that pass. After
 * pass 1, sched_thin. Each job's kept timings go to j->kept (room for
 * o->passes times its ceiling).
 */
void sched_passes(struct sched_count *s, const struct plan_machine *m, const struct sched_hooks *h);
/*
 * The same passes resumed at the start of pass s->pass's trial s->trial,
 * that pass begun (sched_begin_pass) and that trial's budget cut made (as
 * sched_hooks.trial_begin sees them): the time-left estimate runs the rest
 * of a count's passes so, on a foretold clock (sched_estimate.c).
 */
void sched_passes_resume(struct sched_count *s, const struct plan_machine *m, const struct sched_hooks *h);

#endif
