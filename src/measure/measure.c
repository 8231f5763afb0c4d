/*
 * measure.c - the harness (see measure.h): it times what the plan (plan.c)
 * decides, on this machine's threads and buffers, and hands the run
 * directory's files to runfiles.c.
 *
 * Long: 850 lines since `measure --simulate` gave it its seam (struct
 * harness.sim: now, time_job, clock_sample, load_sample, find_cores); its
 * concerns are one harness. What each job's calibration decides (left out,
 * reps, kept trials a pass) is the scheduler's (sched_calibrate_job), the
 * one sequence the time-left estimate also runs, on a foretold clock.
 *
 * Order of work:
 *  1. pin to one core, describe the machine, measure the timer and the clock;
 *  2. create the run directory (never an existing one), write env.csv;
 *  3. allocate the three arrays once, 2 MiB aligned, as large as the cap;
 *     each thread fills its own as far as a job first needs them (first
 *     touch), before that job's clock starts;
 *  4. pre-scan the sweep's kernel (the hand-written triad of the widest ISA,
 *     bw_triad_<isa>) at growing sizes to see where the curve settles on its
 *     last (DRAM) level (plan.c): STREAM's rule sets the DRAM arrays (each
 *     at least 4x the reported last-level cache, or 4x where the curve's
 *     DRAM plateau begins when the reported cache is not in the curve), and
 *     the sweep reaches two sizes that obey it; the curve's plateaus give
 *     the L1- and L2-resident working sets of --levels l1,l2 and where each
 *     access pattern's bandwidth kernels run;
 *  5. for each thread count (--threads; default one core, then all physical
 *     cores): bring up that many OpenMP threads, each pinned to its own core
 *     with its own first-touched arrays; a team of more than one pre-scans
 *     its own curve (plan_prescan_team) and is placed from it; build the
 *     plan (the sweep, the pattern jobs, the peak and kernels groups), each
 *     job's arrays split between the threads; calibrate each job's
 *     repetitions to a minimum time per timing (trial 0 of pass 1, all
 *     warm-ups); then the passes (rounds.c): warm-up and kept trials, each
 *     trial timing every job still running once in the same order
 *     (round-robin), so a slow moment on the machine hits all jobs alike,
 *     each job done once its figure is known, at its ceiling, or when the
 *     budget is spent. A timing starts all threads at a barrier and runs
 *     from the first one's start to the last one's end; every thread's result is checked; every timing is
 *     written to timings.csv with its thread count, flushed after each trial
 *     so an interrupted run keeps what it did; stops.csv says why each job
 *     stopped.
 */
#include "measure.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <omp.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cache_share.h"
#include "cpu.h"
#include "levels_rule.h"
#include "plan.h"
#include "registry.h"
#include "rounds.h"
#include "schedule.h"
#include "runfiles.h"
#include "sim.h"
#include "stats.h"
#include "timer.h"
#include "util.h"
#include "version.h"

struct harness {
	const struct measure_opts *o;
	struct plan_machine pm;      /* what the plan is told of this machine */
	struct kernel_buffers buf;   /* thread 0's arrays */
	size_t capacity;             /* doubles per array and thread */
	/*
	 * The pass in hand runs `threads` OpenMP threads, thread t pinned to CPU
	 * cpus[t] (one physical core each; -1: not pinned) and working on its own
	 * arrays tbuf[t], which it allocated and touched first, so a NUMA machine
	 * places them on its node. A job's n is per thread.
	 */
	int threads;
	int *cpus;                   /* the cores' first hardware threads, in topology order */
	int ncpus;
	struct kernel_buffers *tbuf;
	double **tbase;              /* each thread's three allocations, to free them */
	size_t *tfilled;             /* each thread's elements zeroed (a) and filled (b, c) so far */
	double *tstart, *tend;       /* per thread: the last timing's clock at its start and end ... */
	int *tok;                    /* ... whether its check passed ... */
	char (*twhy)[256];           /* ... and why not */
	int corrupt_thread;          /* the thread ROOFLINE_TEST_CORRUPT spoils; -1: all */
	int huge;                    /* ask for transparent huge pages (ROOFLINE_HUGEPAGES=0: no) */
	struct plan_job *jobs;
	size_t njobs;
	struct runfiles_stream timings, failures, load, stops;
	struct runfiles_machine *m;  /* what is learned of the machine as the run goes (env.csv) */
	struct runfiles_load_sample load_before;  /* at the pass in hand's start (load.csv) */
	double run_start;            /* timer_now() as the run began: the budget counts from here */
	double prescan_seconds;      /* the one-core pre-scan's (the machine's description counted) */
	/* The thread counts run so far, and how far the last one's jobs went past their floor (rounds_fill). */
	int counts_run;
	double fill;
	struct plan_job *left_out;   /* earlier counts' jobs the budget left out (sched_budget_skip_unrun) */
	size_t nleft_out;
	struct plan_job *planned;    /* every thread count's jobs as planned, in id order (plan.csv) */
	size_t nplanned;
	int next_id;                 /* the next job's plan.csv id (1, 2, ...) */
	struct plan_job *before;     /* the thread count before's jobs, as they ended: what a later one is foretold from */
	size_t nbefore;
	const struct plan_sweep *scan_before, *scan_here;   /* the count before's pre-scan, this one's (NULL: none) */
	char *dir;
	int any_failed;
	int tty;
	const struct kernel *corrupt;   /* kernel whose results are spoiled, for tests (ROOFLINE_TEST_CORRUPT) */
	/*
	 * A test's record of every time-left estimate, exact (ROOFLINE_TEST_ESTIMATES=FILE:
	 * a line "elapsed,left" each, seconds): scripts/estimate-error.sh checks them
	 * against the run's end. NULL: none.
	 */
	FILE *estimates;
	/*
	 * A test's late thread (ROOFLINE_TEST_LATE=KERNEL, ROOFLINE_TEST_LATE_SECONDS):
	 * the last thread of a team starts that kernel's timed call this much
	 * after the barrier, as a thread taken off its core would.
	 */
	const struct kernel *late;
	double late_seconds;
	double tile_bytes;           /* the cache tiled kernels block for (kernel_buffers.tile_bytes) */
	const struct kernel *sweep;  /* the pre-scan's kernel (plan_sweep.sweep) */
	/* While calibrating: the pass and trial its timings are recorded under. */
	int cal_pass, cal_trial;
	/*
	 * The seam of `measure --simulate`: NULL on this machine; else a
	 * described machine (sim.h) answers what the hardware would (the
	 * clock, a job's timing, the load) and nothing else changes.
	 */
	struct sim *sim;
};

/* The run's clock: the monotonic timer, or the simulated machine's fake one. */
static double now(const struct harness *h)
{
	return h->sim ? sim_now(h->sim) : timer_now();
}

/* The core clock measured with the pass's threads loaded (cpu_measure_clock_ghz), or the simulated one. */
static double clock_sample(struct harness *h, double seconds, int repeats, const char **method)
{
	if (h->sim)
		return sim_clock_ghz(h->sim, h->threads, seconds * repeats);
	return cpu_measure_clock_ghz(seconds, repeats, method);
}

/* ---- buffers and timing ---------------------------------------------------- */

/*
 * Each array starts at a different offset within a page (0, 1 KiB + 64 and
 * 2 KiB + 128 bytes): with equal offsets a[i], b[i] and c[i] share their low
 * 12 address bits, and the core's store-to-load check (4K aliasing) stalls
 * loads behind unrelated stores, which shows up as noise in the L1 plateau.
 */
#define ARRAY_SKEW_DOUBLES (1024 / 8 + 8)

/* Thread t (of the calling OpenMP team) on its own core, once: the pool keeps its threads. */
static void pin_thread(const struct harness *h, int t)
{
	static _Thread_local int pinned = -1;
	if (!h->cpus || t >= h->ncpus || h->cpus[t] < 0 || pinned == h->cpus[t])
		return;
	char err[160];
	if (cpu_pin_to(h->cpus[t], err, sizeof err) == 0)
		pinned = h->cpus[t];
}

static void free_buffers(struct harness *h)
{
	for (int t = 0; h->tbase && t < h->threads; t++)
		for (int i = 0; i < 3; i++)
			free(h->tbase[t * 3 + i]);
	free(h->tbase);
	free(h->tbuf);
	free(h->tfilled);
	h->tfilled = NULL;
	h->tbase = NULL;
	h->tbuf = NULL;
	memset(&h->buf, 0, sizeof h->buf);
}

/*
 * n doubles per array for each of h->threads threads, allocated but not yet
 * touched: time_share fills them as far as each job needs, on the thread
 * that uses them, before its clock starts.
 */
static void alloc_buffers(struct harness *h, size_t n)
{
	int threads = h->threads > 0 ? h->threads : 1, failed = 0;
	h->threads = threads;
	h->capacity = n;
	h->tbuf = xcalloc((size_t)threads, sizeof *h->tbuf);
	h->tbase = xcalloc((size_t)threads * 3, sizeof *h->tbase);
	h->tfilled = xcalloc((size_t)threads, sizeof *h->tfilled);
	if (h->sim) {
		/* A simulated machine's jobs touch no memory: the element counts are all it needs. */
		for (int t = 0; t < threads; t++)
			h->tbuf[t].n = n;
		h->buf = h->tbuf[0];
		return;
	}
#pragma omp parallel num_threads(threads) reduction(+ : failed)
	{
		int t = omp_get_thread_num();
		pin_thread(h, t);
		double **base = &h->tbase[t * 3];
		for (int i = 0; i < 3; i++)
			base[i] = util_huge_array(n + 2 * ARRAY_SKEW_DOUBLES, h->huge);   /* NULL: no die() in a thread */
		if (base[0] && base[1] && base[2]) {
			struct kernel_buffers *b = &h->tbuf[t];
			b->a = base[0];
			b->b = base[1] + ARRAY_SKEW_DOUBLES;
			b->c = base[2] + 2 * ARRAY_SKEW_DOUBLES;
			b->n = n;
			h->tfilled[t] = 0;
		} else {
			failed++;
		}
	}
	if (failed)
		die(EXIT_FAILED, "cannot allocate 3 x %zu bytes for the arrays of each of %d threads",
		    n * sizeof(double), threads);
	h->buf = h->tbuf[0];
}

/* Spoils what one thread's kernel returned (ROOFLINE_TEST_CORRUPT): its check must fail. */
static void corrupt_result(const struct harness *h, const struct plan_job *j, int t,
			   struct kernel_buffers *b, double *result)
{
	if (!h->corrupt || h->corrupt != j->k ||
	    (h->corrupt_thread >= 0 && h->corrupt_thread != t))
		return;
	*result += 1.0;
	if (j->k->kind != KERNEL_PEAK)
		b->a[b->n - 1] += 1.0;
}

/*
 * Thread t's share of one timing of job j: its own arrays, the untimed pass
 * that brings them into cache where needed, the timed call between two
 * barriers (when there is a team), and its check.
 */
static void time_share(struct harness *h, const struct plan_job *j, int t, int team, int full)
{
	struct kernel_buffers b = h->tbuf[t];
	b.n = j->n;
	b.tile_bytes = h->tile_bytes;
	/*
	 * The arrays are filled as far as a job first needs them, by the thread
	 * that uses them (first touch: on a NUMA machine the pages land on its
	 * node), and before its clock starts (page faults are not bandwidth).
	 * Filling all of the pre-scan's cap up front took seconds of a quick run.
	 */
	if (j->k->kind != KERNEL_PEAK && b.n > h->tfilled[t]) {
		memset(b.a + h->tfilled[t], 0, (b.n - h->tfilled[t]) * sizeof(double));
		kernel_fill_inputs_from(&b, h->tfilled[t]);
		h->tfilled[t] = b.n;
	}
	if (plan_warm_run(j->k->kind, plan_call_seconds(j), j->stream_seconds)) {
		if (j->k->prepare)
			j->k->prepare(&b, j->param);
		j->k->run(&b, 1, j->param);
	}
	/* The state the check counts from (y = y0, C = 0), set before the clock starts. */
	if (j->k->prepare)
		j->k->prepare(&b, j->param);
	if (team > 1) {
#pragma omp barrier
	}
	if (team > 1 && t == team - 1 && h->late && h->late == j->k)
		nanosleep(&(struct timespec){ (time_t)h->late_seconds,
					      (long)((h->late_seconds - (time_t)h->late_seconds) * 1e9) }, NULL);
	double t0 = timer_now();
	double result = j->k->run(&b, j->reps, j->param);
	double t1 = timer_now();
	if (team > 1) {
#pragma omp barrier
	}
	corrupt_result(h, j, t, &b, &result);
	h->tstart[t] = t0;
	h->tend[t] = t1;
	h->tok[t] = j->k->check(&b, j->reps, j->param, result, full, h->twhy[t],
				sizeof h->twhy[t]) == 0;
}

/*
 * Times one call of job j with its current reps on every thread of the pass
 * at once, each on its own n elements (or iterations); checks every thread's
 * result. A barrier before the timing starts them together and one after it
 * keeps a fast thread from moving on while a slow one still runs. The job's
 * time is the team's span, from the first thread's start to the last one's
 * end (one clock, CLOCK_MONOTONIC, for all): the work is done only when all
 * of it is, and a thread taken off its core after the barrier starts late
 * while the others stream alone, faster, so each thread's own time, even
 * the slowest, reads the team too fast (a daxpy@2t timing at 1.9 of its
 * roof on a 2-vCPU VM; side by side in `make bench-pairs`). One thread runs
 * on the calling thread, with no OpenMP region around the timing at all.
 */
static double time_job(struct harness *h, struct plan_job *j, int *ok, char *why, size_t whylen)
{
	int threads = h->threads > 0 ? h->threads : 1, team = 1;
	int full = !j->full_checked;
	j->threads = threads;
	if (h->sim) {
		*ok = 1;
		j->full_checked = 1;
		return sim_time_job(h->sim, j, threads);
	}
	if (threads == 1) {
		time_share(h, j, 0, 1, full);
	} else {
		omp_set_dynamic(0);
#pragma omp parallel num_threads(threads)
		{
			int t = omp_get_thread_num();
#pragma omp single
			team = omp_get_num_threads();
			pin_thread(h, t);
			if (team == threads)
				time_share(h, j, t, team, full);
		}
	}
	double first_start = h->tstart[0], last_end = h->tend[0];
	*ok = team == threads;
	if (!*ok)
		snprintf(why, whylen, "OpenMP ran %d threads, not %d", team, threads);
	for (int t = 0; t < threads && *ok; t++) {
		if (!h->tok[t]) {
			*ok = 0;
			if (threads > 1)
				snprintf(why, whylen, "thread %d of %d: %s", t, threads, h->twhy[t]);
			else
				snprintf(why, whylen, "%s", h->twhy[t]);
		}
		first_start = fmin(first_start, h->tstart[t]);
		last_end = fmax(last_end, h->tend[t]);
	}
	if (*ok)
		j->full_checked = 1;
	return last_end - first_start;
}

static void record(struct harness *h, int pass, int trial, int warmup, const struct plan_job *j,
		   double seconds)
{
	fprintf(h->timings.fp, "%d,%d,%d,%s,%s,%ld,%d,%.0f,%.17g,%.17g,%.9e,", pass, trial, warmup,
		tgroup_name(j->group), j->k->name, plan_job_param_column(j), (int)plan_job_threads(j), plan_job_working_set(j),
		plan_job_flops(j), plan_job_bytes(j), seconds);
	/* The job's plan.csv id; empty for a timing of no planned job. */
	if (j->id > 0)
		fprintf(h->timings.fp, "%d", j->id);
	fputc('\n', h->timings.fp);
}

static void record_failure(struct harness *h, int pass, int trial, struct plan_job *j, const char *why)
{
	j->failed = 1;
	h->any_failed = 1;
	fprintf(h->failures.fp, "%s,%s,%d,%d,%d,", tgroup_name(j->group), j->k->name, j->param, pass, trial);
	csv_field(h->failures.fp, why);
	fputc('\n', h->failures.fp);
	fflush(h->failures.fp);
	fprintf(stderr, "%sroofline: check failed: %s %s param %d: %s\n", h->tty ? "\n" : "",
		tgroup_name(j->group), j->k->name, j->param, why);
}

/* Set by SIGINT or SIGTERM: the run stops after the job in hand and keeps what it has. */
static volatile sig_atomic_t interrupted;

/* sched_calibrate's clock: one timing of j, recorded as a warm-up; a failed check is written down. */
static double calibrate_timing(void *ctx, struct plan_job *j)
{
	struct harness *h = ctx;
	char why[256];
	int ok;
	double t = time_job(h, j, &ok, why, sizeof why);
	if (!ok) {
		record_failure(h, h->cal_pass, h->cal_trial, j, why);
		return -1;
	}
	record(h, h->cal_pass, h->cal_trial, 1, j, t);
	return t;
}

static void calibrate(struct harness *h, struct plan_job *j, int pass, int trial)
{
	h->cal_pass = pass;
	h->cal_trial = trial;
	sched_calibrate(h->o, j, calibrate_timing, h);
}

/*
 * The pre-scan's probe (plan_prescan, plan_prescan_team): the sweep's
 * kernel at n elements per array, split between the pass's threads,
 * calibrated, then the best of 5 timings (one slow moment must not move
 * the decision); all recorded as warm-ups of pass 0.
 */
static int prescan_probe(void *ctx, size_t n, double *rate)
{
	struct harness *h = ctx;
	if (interrupted)
		return -1;
	size_t share = n / (size_t)(h->threads > 0 ? h->threads : 1) / 8 * 8;
	share = share < 64 ? 64 : share > h->capacity ? h->capacity : share;
	struct plan_job j = { .k = h->sweep, .group = TGROUP_BANDWIDTH, .n = share, .reps = 1 };
	calibrate(h, &j, 0, 0);
	if (j.failed)
		die(EXIT_FAILED, "%s failed its check during the pre-scan", j.k->name);
	double best = j.last_seconds;
	for (int r = 0; r < 4; r++) {
		double t = calibrate_timing(h, &j);
		if (t < 0)
			die(EXIT_FAILED, "%s failed its check during the pre-scan", j.k->name);
		best = fmin(best, t);
	}
	*rate = plan_job_bytes(&j) / best;
	return 0;
}

/* ---- the run ------------------------------------------------------------------ */

static void on_interrupt(int sig)
{
	(void)sig;
	interrupted = 1;
}

/*
 * Brings a harness to `threads` threads: their CPUs (the pass of one thread
 * stays where the run was pinned; more take one physical core each), their
 * own first-touched arrays of n doubles each, and the plan's sizes split
 * between them. Every element count is per thread, a multiple of 8 (one
 * cache line), so a job of T threads moves T times one thread's share.
 */
static void set_team(struct harness *h, int threads, int *cores, int *one_cpu, size_t n)
{
	if (h->tbuf && h->threads == threads && h->capacity >= n)
		return;
	free_buffers(h);
	h->threads = threads;
	h->cpus = threads == 1 ? one_cpu : cores;
	h->ncpus = threads == 1 ? 1 : threads;
	alloc_buffers(h, n);
}

/* The clock with every thread of the pass running the add chain at once: the median thread. */
static double clock_allcore(struct harness *h)
{
	if (h->sim)
		return clock_sample(h, 2e-3, 5, NULL);
	double *ghz = xcalloc((size_t)h->threads, sizeof *ghz);
#pragma omp parallel num_threads(h->threads)
	{
		const char *how;
		int t = omp_get_thread_num();
		pin_thread(h, t);
		ghz[t] = cpu_measure_clock_ghz(2e-3, 5, &how);
	}
	double v = stats_median(ghz, (size_t)h->threads);
	free(ghz);
	return v;
}

/*
 * 3-4. The buffers, as large as the cap so the pre-scan can look that far,
 * and the pre-scan with the sweep's kernel (hand-written, so no compiler
 * moves the roofs): the plan's decisions in d.
 */
static void prescan_phase(struct harness *h, const struct runfiles_machine *m, struct plan_sweep *d)
{
	const struct measure_opts *o = h->o;
	h->pm.reported_beyond = fmax(m->info.l4, m->info.memcache);
	h->pm.llc_bytes = levels_reported_llc(m->info.l3 > 0 ? m->info.l3 : m->info.l2, h->pm.reported_beyond);
	h->pm.reported_caches[MEM_L1] = m->info.l1d;
	h->pm.reported_caches[MEM_L2] = m->info.l2;
	h->pm.reported_caches[MEM_L3] = m->info.l3;
	for (int l = MEM_L1; l < LEVELS_CACHE_LEVELS; l++)
		h->pm.reported_shared[l] = cache_share_cores(m->info.shared_cpus[l], m->info.cores, m->info.pus);
	if (plan_limits(o, &h->pm, d) != 0)
		die(EXIT_FAILED, "no kernel of pattern 2r1w runs on this CPU: no sweep");
	if (o->max_size > 0 && d->cap < o->max_size)
		util_warn("--max-size lowered to %.0f MiB per array: a job's arrays stay within a quarter "
			  "of memory", d->cap / 1048576);
	if (!(o->groups & (TGROUP_BIT(TGROUP_BANDWIDTH) | TGROUP_BIT(TGROUP_KERNELS)))) {
		alloc_buffers(h, 8);
		snprintf(d->text, sizeof d->text, "no bandwidth or kernels group: no sweep");
		plan_no_sweep(o, &h->pm, d);
		return;
	}
	h->sweep = d->sweep;
	alloc_buffers(h, (size_t)(d->cap / 8));
	fprintf(stderr, "roofline: pre-scan: %s at doubling sizes up to %.0f MiB per array\n",
		d->sweep->name, d->cap / 1048576);
	if (plan_prescan(o, &h->pm, d, (struct plan_probe){ prescan_probe, h }) != 0 || interrupted) {
		fflush(h->timings.fp);
		die(EXIT_FAILED, "interrupted during the pre-scan: %s holds only its timings", h->dir);
	}
	fprintf(stderr, "roofline: %s\n", d->text);
}

/* Whole rows reach the file a trial at a time; a write error says what is kept. */
static void flush_timings(struct harness *h, const char *what)
{
	if (fflush(h->timings.fp) != 0)
		die(EXIT_FAILED, "cannot write %s/timings.csv: %s: %s", h->dir, strerror(errno), what);
}

/* ---- the trials: rounds.c's hooks on this machine ---------------------------- */

static double hook_now(void *ctx)
{
	return now(ctx);
}

static double hook_time(void *ctx, struct plan_job *j, int pass, int trial)
{
	struct harness *h = ctx;
	char why[320];
	int ok;
	double t = time_job(h, j, &ok, why, sizeof why);
	if (!ok) {
		record_failure(h, pass, trial, j, why);
		return -1;
	}
	return t;
}

static void hook_record(void *ctx, int pass, int trial, int warm, const struct plan_job *j, double seconds)
{
	record(ctx, pass, trial, warm, j, seconds);
}

/* A trial at a time reaches the file, and the one-core clock is sampled through the run. */
static void hook_trial_end(void *ctx, int pass, int trial)
{
	struct harness *h = ctx;
	struct runfiles_machine *m = h->m;
	char what[160];
	snprintf(what, sizeof what, "the rows before pass %d trial %d of %d thread%s are kept (a "
		 "last row cut short is dropped when read)", pass, trial, h->threads, h->threads == 1 ? "" : "s");
	flush_timings(h, what);
	/* The all-core clock is taken apart (clock_allcore). */
	if (h->threads != 1 || m->nclock >= (int)(sizeof m->clock_samples / sizeof m->clock_samples[0]))
		return;
	double ghz = clock_sample(h, 2e-4, 3, &m->clock_method);
	m->clock_samples[m->nclock++] = ghz;
	if (pass <= MEASURE_MAX_PASSES && isfinite(ghz)) {
		int first = pass > m->npass_clock;
		m->pass_clock_lo[pass] = first ? ghz : fmin(m->pass_clock_lo[pass], ghz);
		m->pass_clock_hi[pass] = first ? ghz : fmax(m->pass_clock_hi[pass], ghz);
		m->npass_clock = pass > m->npass_clock ? pass : m->npass_clock;
	}
}

/* What else ran (runfiles_load_sample); a simulated machine's host is quiet: its slow spells are its own. */
static void load_sample(const struct harness *h, struct runfiles_load_sample *s)
{
	if (h->sim)
		*s = (struct runfiles_load_sample){ .wall = sim_now(h->sim) };
	else
		runfiles_load_sample(s);
}

static void hook_pass_begin(void *ctx, int pass)
{
	struct harness *h = ctx;
	(void)pass;
	load_sample(h, &h->load_before);
}

static void hook_pass_end(void *ctx, int pass)
{
	struct harness *h = ctx;
	struct runfiles_load_sample after;
	load_sample(h, &after);
	runfiles_load_row(h->load.fp, pass, h->threads, &h->load_before, &after);
	fflush(h->load.fp);
}

static void hook_progress(void *ctx, const struct rounds_progress *p)
{
	struct harness *h = ctx;
	char line[200];
	rounds_progress_text(p, line, sizeof line);
	if (h->estimates)
		fprintf(h->estimates, "%.9g,%.9g\n", p->elapsed, p->left);
	if (h->tty)
		fprintf(stderr, "\r\033[Kroofline: %s", line);
	else
		fprintf(stderr, "roofline: %s\n", line);
}

static int hook_stop(void *ctx)
{
	(void)ctx;
	return interrupted != 0;
}

/*
 * The progress line while the jobs calibrate (sched_calibrating_left), at
 * most every CALIBRATING_SAY_S seconds (a line each on a log, redrawn on a
 * terminal): the first estimate comes here, a fifth of a run before the
 * passes begin.
 */
#define CALIBRATING_SAY_S 0.5
static void say_calibrating(struct harness *h, const struct sched_clock *c, size_t done, double calib_start,
			    double *said)
{
	double t = now(h);
	if (t - *said < (h->tty ? CALIBRATING_SAY_S / 5 : CALIBRATING_SAY_S) && done < h->njobs)
		return;
	struct sched_calibration k = { .jobs = h->jobs, .njobs = h->njobs, .done = done, .before = h->before,
					.nbefore = h->nbefore, .left_out = h->left_out, .nleft_out = h->nleft_out, .start = calib_start, .scan_before = h->scan_before, .scan_here = h->scan_here };
	double left = sched_calibrating_left(h->o, &k, c, t);
	if (!isfinite(left))
		return;
	*said = t;
	struct rounds_progress p = { .threads = h->threads, .calibrated = done, .jobs = h->njobs,
				     .elapsed = t - h->run_start, .left = left };
	hook_progress(h, &p);
}

/* Trial 0 of each thread count's pass 1 calibrates every job; its timings are all warm-ups. */
static void calibrate_all(struct harness *h, const struct sched_clock *c)
{
	const struct measure_opts *o = h->o;
	char what[160];
	double calib_start = now(h), said = calib_start;
	fprintf(stderr, "roofline: %d thread%s: calibrating %zu jobs to at least %.2g ms a timing\n",
		h->threads, h->threads == 1 ? "" : "s", h->njobs, o->min_time * 1e3);
	h->cal_pass = 1;
	h->cal_trial = 0;
	struct sched_calibrator cal = { .o = o, .m = &h->pm, .left_out = h->left_out, .nleft_out = h->nleft_out,
					.time = calibrate_timing, .ctx = h };
	for (size_t i = 0; i < h->njobs && !interrupted; i++) {
		h->jobs[i].threads = h->threads;   /* also where it is left out unrun: stops.csv says */
		if (sched_calibrate_job(&cal, h->jobs, i))
			say_calibrating(h, c, i + 1, calib_start, &said);
	}
	if (h->tty)
		fputc('\n', stderr);
	snprintf(what, sizeof what, "of this pass of %d thread%s, no kept trial reached it, only warm-up rows",
		 h->threads, h->threads == 1 ? "" : "s");
	flush_timings(h, what);
}

/* Why each job of this thread count stopped, a row each (stops.csv); the counts for env.csv. */
static void record_stops(struct harness *h)
{
	/* Opened once the first trials are done: a full disk is met by timings.csv first, as before. */
	if (!h->stops.fp)
		runfiles_open_stream(&h->stops, h->dir, "stops.csv", RUNFILES_STOPS_HEADER);
	for (size_t i = 0; i < h->njobs; i++) {
		const struct plan_job *j = &h->jobs[i];
		struct runfiles_stop row = { .group = j->group, .kernel = j->k->name, .param = plan_job_param_column(j),
					     .threads = (int)plan_job_threads(j), .working_set = plan_job_working_set(j),
					     .statistic = sched_statistic(j) == KNOWN_MEDIAN ? "median" : "best",
					     .kept = j->nkept, .width = j->width, .tolerance = sched_tolerance(j),
					     .stop = rounds_stop_name(j->stop) };
		runfiles_stop_row(h->stops.fp, &row);
		if (j->stop >= 0 && j->stop < ROUNDS_NSTOPS)
			h->m->stops[j->stop]++;
	}
	if (fflush(h->stops.fp) != 0)
		die(EXIT_FAILED, "cannot write %s/stops.csv: %s", h->dir, strerror(errno));
}

/* The trials of one thread count: see the file's top comment, step 5. */
static void run_passes(struct harness *h, int counts_after, double count_start)
{
	const struct measure_opts *o = h->o;
	struct sched_clock c = { .run_start = h->run_start, .budget = o->budget, .count_start = count_start,
				  .prescan_seconds = h->prescan_seconds,
				  .counts_after = counts_after, .threads = h->threads,
				  .later_threads = o->threads + o->nthreads - counts_after,
				  .prior_fill = h->counts_run > 0 ? h->fill : NAN };
	calibrate_all(h, &c);
	struct rounds_hooks hooks = { .ctx = h, .now = hook_now, .time = hook_time, .record = hook_record,
				      .trial_end = hook_trial_end, .pass_begin = hook_pass_begin,
				      .pass_end = hook_pass_end, .progress = hook_progress, .stop = hook_stop };
	double said_end = rounds_run(o, &h->pm, h->jobs, h->njobs, &c, &hooks);
	if (isfinite(said_end))
		h->m->budget_said_end = said_end - h->run_start;
	h->fill = rounds_fill(o, h->jobs, h->njobs);
	h->counts_run++;
	if (h->tty)
		fputc('\n', stderr);
	record_stops(h);
	/* The team's arrays are touched as far as its largest job: what the kernel gave them. */
	double kib = h->sim ? h->m->huge_pages_kib : runfiles_huge_pages_kib();
	if (isfinite(kib) && !(kib <= h->m->huge_pages_kib))
		h->m->huge_pages_kib = kib;
}

/* The thread counts' per-thread timing slots, once, for the largest team. */
/* The kernel a test hook's variable names, resolved once here (NULL: unset, or no kernel of that name). */
static const struct kernel *hook_kernel(const char *var)
{
	const char *name = getenv(var);
	return name ? registry_find(name) : NULL;
}

static void alloc_slots(struct harness *h)
{
	const struct measure_opts *o = h->o;
	int tmax = 1;
	for (int t = 0; t < o->nthreads; t++)
		tmax = o->threads[t] > tmax ? o->threads[t] : tmax;
	h->tstart = xcalloc((size_t)tmax, sizeof *h->tstart);
	h->tend = xcalloc((size_t)tmax, sizeof *h->tend);
	h->tok = xcalloc((size_t)tmax, sizeof *h->tok);
	h->twhy = xcalloc((size_t)tmax, sizeof *h->twhy);
	const char *ct = getenv("ROOFLINE_TEST_CORRUPT_THREAD");
	if (ct && *ct)
		h->corrupt_thread = atoi(ct);
	const char *late = getenv("ROOFLINE_TEST_LATE_SECONDS");
	h->late = hook_kernel("ROOFLINE_TEST_LATE");
	h->late_seconds = late ? atof(late) : 0;
	const char *estimates = getenv("ROOFLINE_TEST_ESTIMATES");
	if (estimates && *estimates && !(h->estimates = fopen(estimates, "w")))
		die(EXIT_USAGE, "cannot write %s: %s", estimates, strerror(errno));
}

/* The run directory and its streamed files; SIGINT and SIGTERM stop the run between jobs. */
static void open_run(struct harness *h)
{
	const struct measure_opts *o = h->o;
	/* The directory first: a bad --out is a usage error before any work. */
	char *want = o->out_dir ? NULL : runfiles_default_dir();
	h->dir = runfiles_create_dir(want ? want : o->out_dir, want != NULL);
	free(want);
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_interrupt;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
}

static void open_streams(struct harness *h)
{
	runfiles_write_remarks(h->dir);
	runfiles_open_stream(&h->timings, h->dir, "timings.csv",
			     "pass,trial,warmup,group,kernel,param,threads,working_set_bytes,"
			     "flops,bytes,seconds,job\n");
	runfiles_open_stream(&h->failures, h->dir, "failures.csv", "group,kernel,param,pass,trial,message\n");
	runfiles_open_stream(&h->load, h->dir, "load.csv", RUNFILES_LOAD_HEADER);
}

/*
 * The decisions thread count c's plan is placed by: the one-core pre-scan's
 * for one thread, else its own team's pre-scan (plan_prescan_team), kept
 * for env.csv (m->team[c]).
 */
static const struct plan_sweep *team_decisions(struct harness *h, const struct plan_sweep *d, int c, int threads)
{
	const struct measure_opts *o = h->o;
	if (threads == 1 || !(o->groups & (TGROUP_BIT(TGROUP_BANDWIDTH) | TGROUP_BIT(TGROUP_KERNELS))) || !d->sweep)
		return d;
	struct plan_sweep *t = &h->m->team[c];
	fprintf(stderr, "roofline: pre-scan of %d threads: %s, each array split between them\n", threads,
		d->sweep->name);
	if (plan_prescan_team(o, &h->pm, d, threads, t, (struct plan_probe){ prescan_probe, h }) != 0 || interrupted) {
		fflush(h->timings.fp);
		die(EXIT_FAILED, "interrupted during the pre-scan of %d threads: %s holds the timings so far",
		    threads, h->dir);
	}
	fprintf(stderr, "roofline: %s\n", t->text);
	return t;
}

/*
 * 5. plan and trials, once per thread count: the all-core pass times the
 * same sweep, chains and kernels as the one-core pass, each job split
 * between the threads.
 */
static void each_thread_count(struct harness *h, const struct plan_sweep *d, int *cores)
{
	const struct measure_opts *o = h->o;
	struct runfiles_machine *m = h->m;
	size_t per_array = (o->groups & (TGROUP_BIT(TGROUP_BANDWIDTH) | TGROUP_BIT(TGROUP_KERNELS))) ? (size_t)(d->cap / 8) : 8;
	for (int c = 0; c < o->nthreads && !interrupted; c++) {
		int threads = o->threads[c];
		double count_start = now(h);
		size_t share = per_array / (size_t)threads / 8 * 8;
		set_team(h, threads, cores, &m->pinned_cpu, share < 64 ? 64 : share);
		sched_keep_left_out(h->jobs, h->jobs ? h->njobs : 0, &h->left_out, &h->nleft_out);
		free(h->before);
		h->before = h->jobs;
		h->nbefore = h->jobs ? h->njobs : 0;
		const struct plan_sweep *dc = team_decisions(h, d, c, threads);
		h->scan_before = c > 0 ? h->scan_here : NULL;
		h->scan_here = dc;
		plan_build(o, &h->pm, dc, h->capacity * (size_t)threads, &h->jobs, &h->njobs);
		plan_split(h->jobs, &h->njobs, threads, h->capacity, h->tile_bytes);
		/* plan.csv as each count's jobs are planned: an interrupted run still says what it meant to time. */
		plan_number(h->jobs, h->njobs, threads, dc->rule, &h->next_id);
		h->planned = xrealloc(h->planned, (h->nplanned + h->njobs + 1) * sizeof *h->planned);
		memcpy(h->planned + h->nplanned, h->jobs, h->njobs * sizeof *h->jobs);
		h->nplanned += h->njobs;
		runfiles_write_plan(h->dir, h->planned, h->nplanned);
		/* env.csv as soon as the first plan is made (it records what the shaped kernels chose). */
		if (c == 0)
			runfiles_write_env(h->dir, o, m, d, h->jobs, h->njobs);
		if (threads > 1) {
			m->clock_allcore_ghz[c] = clock_allcore(h);
			fprintf(stderr, "roofline: %d threads on cores (CPUs", threads);
			for (int t = 0; t < threads; t++)
				fprintf(stderr, " %d", cores[t]);
			fprintf(stderr, "), clock under all-core load %.2f GHz\n", m->clock_allcore_ghz[c]);
		}
		run_passes(h, o->nthreads - c - 1, count_start);
	}
}

/* What the run ends with: env.csv whole, the summary, data/latest, the directory on stdout. */
static int finish_run(struct harness *h, const struct plan_sweep *d)
{
	const struct measure_opts *o = h->o;
	struct runfiles_machine *m = h->m;
	runfiles_close_stream(&h->timings);
	runfiles_close_stream(&h->failures);
	runfiles_close_stream(&h->load);
	if (h->stops.fp)
		runfiles_close_stream(&h->stops);
	/* env.csv again, whole, now that the clock has been sampled through the run. */
	m->clock_ghz = stats_median(m->clock_samples, (size_t)m->nclock);
	m->run_seconds = now(h) - h->run_start;
	m->interrupted = interrupted != 0;
	runfiles_write_env(h->dir, o, m, d, h->jobs, h->njobs);
	runfiles_say_summary(o, m, m->run_seconds, interrupted, h->dir);
	/* data/latest is this machine's last measured run: never a simulated one. */
	if (!o->out_dir && !interrupted && !h->sim)
		runfiles_point_latest(h->dir);
	printf("%s\n", h->dir);
	if (fflush(stdout) != 0)
		die(EXIT_FAILED, "cannot write to standard output");
	int rc = interrupted ? EXIT_FAILED : 0;
	if (!interrupted && h->any_failed) {
		fprintf(stderr, "roofline: a kernel failed its check: see %s/failures.csv; its timings are not plotted\n",
			h->dir);
		rc = EXIT_FAILED;
	}
	return rc;
}

/*
 * The machine the plan runs on: this one's physical cores (one topology
 * load, slow on some VMs), or the simulated machine's (the seam). Then the
 * thread counts, before anything else: one too many is a usage error.
 */
static int *find_cores(struct harness *h, struct measure_opts *o)
{
	char err[256];
	int *cores = xcalloc(CPU_SETSIZE, sizeof *cores), ncores;
	h->pm = (struct plan_machine){ .has_isa = cpu_has_isa, .unbuilt = hook_kernel("ROOFLINE_TEST_UNBUILT"),
				       .say = stderr,
				       .phys_bytes = (double)sysconf(_SC_PHYS_PAGES) * (double)sysconf(_SC_PAGESIZE) };
	if (o->simulate)
		ncores = sim_machine_open(&h->sim, o->simulate, o->seed, &h->pm, cores, CPU_SETSIZE);
	else if ((ncores = cpu_physical_cores(NULL, cores, CPU_SETSIZE, err, sizeof err)) < 0) {
		util_warn("%s: one core assumed", err);
		ncores = 1;
		cores[0] = -1;
	}
	measure_resolve_threads(o, ncores > CPU_SETSIZE ? CPU_SETSIZE : ncores);
	h->run_start = now(h);
	return cores;
}

int measure_run(const struct measure_opts *opts)
{
	struct measure_opts run_opts = *opts;
	const char *huge = getenv("ROOFLINE_HUGEPAGES");
	struct runfiles_machine m = { 0 };
	struct plan_sweep d = { 0 };
	struct harness h = { .o = &run_opts, .next_id = 1, .m = &m, .tty = isatty(STDERR_FILENO),
			     .corrupt = hook_kernel("ROOFLINE_TEST_CORRUPT"), .corrupt_thread = -1,
			     .huge = !(huge && strcmp(huge, "0") == 0) };
	int *cores = find_cores(&h, &run_opts);
	alloc_slots(&h);
	open_run(&h);
	if (h.sim)
		sim_describe(h.sim, &m);
	else
		runfiles_describe_machine(&run_opts, h.huge, &m, cores);
	/* The pre-scan and the decisions it makes run on one core. */
	h.threads = 1;
	h.cpus = &m.pinned_cpu;
	h.ncpus = 1;
	/* 2. the run directory's first files */
	open_streams(&h);
	prescan_phase(&h, &m, &d);
	h.prescan_seconds = now(&h) - h.run_start;
	h.tile_bytes = d.tile_bytes;
	fflush(h.timings.fp);
	each_thread_count(&h, &d, cores);
	int rc = finish_run(&h, &d);
	free(h.jobs);
	free(h.planned);
	free(h.left_out);
	free(h.before);
	free_buffers(&h);
	free(cores);
	free(h.tstart);
	free(h.tend);
	free(h.tok);
	free(h.twhy);
	if (h.estimates)
		fclose(h.estimates);
	free(h.dir);
	sim_free(h.sim);
	return rc;
}
