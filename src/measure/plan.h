/*
 * plan.h - what measure times, decided without timing anything: the
 * pre-scan's decisions (where the curve settles, STREAM's rule and the cap),
 * the cache levels' working sets, how far the sweep goes, where the pattern
 * jobs and kernels run, how each job is calibrated and how many trials it
 * keeps. The harness (measure.c) supplies the timings through callbacks; a
 * unit test supplies a scripted machine's (a curve and a fake clock), so
 * every decision is checked exactly on machines we do not have, and
 * `measure --simulate` a described machine's (sim.h). The rules as a whole,
 * each with the run that showed its failure and its test: docs/plan.md.
 */
#ifndef ROOFLINE_PLAN_H
#define ROOFLINE_PLAN_H

#include <stddef.h>
#include <stdio.h>

#include "fit.h"
#include "kernel.h"
#include "levels.h"
#include "measure.h"
#include "planrole.h"
#include "roofkey.h"
#include "util.h"


/*
 * Where a job is placed and why (plan.csv, docs/plan.md): its role, the
 * level it is meant to run from (MEM_LEVELS: none, a peak job), the roof
 * its figure sets or is judged against (roofkey_none for a sweep size),
 * one array's bytes, all threads' parts together (0 for a peak job), and
 * whether every array obeys STREAM's rule (never off DRAM).
 */
struct plan_place {
	enum plan_role role;
	enum mem_level level;
	struct roof_key target;
	double array_bytes;
	int obeys_rule;
};

/* One job of the round-robin plan: a kernel at one size (or chain count). */
struct plan_job {
	/* plan.csv's id (1, 2, ... through the run; plan_number), 0 before it has one; and its placement. */
	int id;
	struct plan_place place;
	const struct kernel *k;
	enum timing_group group;
	int param;
	size_t n;            /* elements per array, or loop iterations for KERNEL_PEAK */
	long reps;
	int full_checked;
	int failed;
	double last_seconds;
	double calib_seconds;   /* what its calibration took: its timings and its first untimed call (sched_calibrate) */
	/* The work of one call for a kernel with a shape (k->shape); shaped = 0 otherwise. */
	struct kernel_shape shape;
	int shaped;
	/* Kept timings per pass, for a job too slow to time every trial (sched_slow_job). */
	int kept_per_pass;
	int skipped;         /* too slow for a quick run, or for its share of the budget: left out */
	double left_out_trial;   /* left out by the budget (SCHED_JOB_SHARE): its trial's seconds, timed or foretold; else 0 */
	int left_out_for_floor;  /* left out because its count's floor outlasted its share (sched_leave_out_for_floor) */
	int threads;         /* the team that ran it last (the harness sets it): n is per thread */
	/*
	 * Offered DRAM-sized arrays: a DRAM-level kernel, a pattern job on the
	 * DRAM plateau, a sweep size past STREAM's rule, whose arrays are each
	 * at least the rule (plan_sweep.rule) unless the cap binds. A shaped
	 * kernel sizes its problem from this offer (plan_shaped_offer); the
	 * floor may leave out a bandwidth job's DRAM sizes past its smallest
	 * few (schedule.c floor_may_leave_out). Not where
	 * the job is placed (place.level): a fixed-order matrix is offered the
	 * DRAM arrays but placed where its order runs.
	 */
	int dram_arrays;
	/*
	 * Seconds one call takes to stream its working set once at the
	 * pre-scan's rate there (plan_build); 0: not known. What the state a
	 * call starts from can cost it (plan_warm_run).
	 */
	double stream_seconds;
	/*
	 * Seconds one call is foretold to take before it is first timed
	 * (plan_call_guess: the family member before it, scaled by flops); 0:
	 * no guess. A guessed long call is calibrated from its first call.
	 */
	double guess_seconds;
	/* The pass in hand's kept timings: their number, fastest and slowest (sched_thin). */
	int pass_n;
	double pass_lo, pass_hi;
	/*
	 * Its trials so far (rounds.c): every kept timing (kept, nkept; the
	 * array is rounds_run's), the 95 % interval's relative width of its
	 * figure over them (known_width), the kept timings the floor still asks
	 * of this pass, whether it is done for this pass, whether the budget
	 * ended a pass of it before its figure was known, the last finished
	 * pass's kept timings (0: none yet) and, once the thread count's trials
	 * end, why it stopped (enum rounds_stop).
	 */
	double *kept;
	int nkept;
	double width;
	int share, pass_done, budget_cut, last_pass_n, stop;
};

/* What the plan knows of the machine before it times anything. */
struct plan_machine {
	/* The last-level cache it reports: the largest of the L3 (else the L2) and an L4 or memory-side cache (0: none). */
	double llc_bytes;
	/* A cache it reports past the L3 (an L4, a memory-side cache; 0: none): no level of the model's, a reported level. */
	double reported_beyond;
	/* L1d, L2 (each core's) and L3 bytes as reported (0: unknown): which level a plateau is (levels_map_curve). */
	double reported_caches[LEVELS_CACHE_LEVELS];
	/* The cores one instance of each serves, as reported (cache_share_cores); 0: unknown (L1, L2 private, L3 shared). */
	double reported_shared[LEVELS_CACHE_LEVELS];
	double phys_bytes;          /* physical memory (0: unknown) */
	int (*has_isa)(enum isa);   /* whether a kernel of this ISA runs here (cpu_has_isa) */
	/*
	 * Whether kernel k is built (NULL: k->run is set). A scripted machine
	 * of another architecture says yes to the kernels of its ISA, which
	 * this build compiled out.
	 */
	int (*built)(const struct kernel *k);
	const struct kernel *unbuilt;   /* a kernel treated as not built (test hook ROOFLINE_TEST_UNBUILT); NULL */
	FILE *say;                  /* where the plan says what it skipped and why; NULL: silent */
};

/* Says one line on m->say ("roofline: ..."), when it is set. */
void plan_say(const struct plan_machine *m, const char *fmt, ...) PRINTF_LIKE(2, 3);

/* The cache levels kernels may also run from (--levels l1,l2), in this order. */
enum { PLAN_L1, PLAN_L2, PLAN_NCACHE };
extern const struct plan_cache_level {
	unsigned flag;       /* LEVEL_L1, LEVEL_L2 */
	const char *opt, *name;  /* "l1", "L1" */
	size_t plateaus;     /* the pre-scan plateaus needed to call the level's one a cache */
} plan_cache_levels[PLAN_NCACHE];

/* Which last-level cache STREAM's rule was taken from. */
enum plan_rule_source {
	PLAN_RULE_NONE = 0,  /* no cache reported and no settled curve: no rule */
	PLAN_RULE_REPORTED,  /* 4x the last-level cache the machine reports */
	/*
	 * 4x the working set where the curve left its last cache (where its
	 * rate crossed halfway from the cache's to DRAM's, plan_cache_left_ws): the
	 * machine reports a last-level cache the curve does not show (flat from below the
	 * reported size to twice past it: a VM reporting its host's whole L3).
	 */
	PLAN_RULE_CURVE,
};

struct plan_sweep {
	/* Bytes per array (all threads' parts together). */
	double cap;          /* the largest array: --max-size, or a quarter of memory over the sweep's arrays */
	double settle, max, kernel_bytes;
	double min_bytes;    /* the first size (plan_limits: PLAN_SWEEP_MIN_BYTES, less for a small L1); 0: that */
	double rule;         /* STREAM's rule: each DRAM array at least this */
	double rule_l3;      /* the last-level cache the rule is 4x of */
	enum plan_rule_source rule_source;
	int cap_binds;       /* the rule asks for more than the cap allows: DRAM jobs at the cap */
	int settled;
	int kernel_at_reach; /* no DRAM plateau seen: kernel_bytes is the sweep's reach */
	char text[480];      /* sweep_decision: what was decided and why, one line */
	/* Working sets (all arrays) of the L1- and L2-resident kernel jobs; NaN: none. */
	double cache_ws[PLAN_NCACHE];
	/* The pre-scan's curve: working set (bytes) and best rate (GB/s) per size. */
	double scan_ws[64], scan_gbs[64];
	int nscan;
	/* The cache tiled kernels block for (kernel_buffers.tile_bytes): 0 when none; and why. */
	double tile_bytes;
	char tile_text[200];
	/* The pre-scan's plateaus: the geometric middle of each (all arrays), smallest first; their ranges. */
	double plateau_ws[FIT_MAX_PLATEAUS], plateau_lo[FIT_MAX_PLATEAUS], plateau_hi[FIT_MAX_PLATEAUS];
	size_t nplateaus;
	/*
	 * Where the level map puts DRAM's start (its span's lo: for a curve
	 * that never settled, where it left its last cache); 0: none. A settled
	 * curve's DRAM is its last place; an unsettled one has no DRAM place,
	 * but a working set past this is DRAM's all the same (R6).
	 */
	double dram_from;
	const struct kernel *sweep;  /* the kernel of the pre-scan and the sweep */
	/*
	 * The team this decision is for (0, 1: one core). An all-core decision
	 * (plan_prescan_team) keeps the one-core STREAM rule (rule_fixed: the
	 * rule is the machine's cache, not a thread count's) and places its
	 * jobs from its own curve.
	 */
	int threads;
	int rule_fixed;
};

/* The smallest array of the sweep and the pre-scan, unless the L1 is small (plan_limits). */
#define PLAN_SWEEP_MIN_BYTES 4096.0

/*
 * The sweep's kernel: the hand-written bandwidth kernel of the 2r1w pattern
 * (the STREAM triad) of the widest ISA m runs, else a placed kernel of that
 * pattern. NULL when none.
 */
const struct kernel *plan_sweep_kernel(const struct plan_machine *m);

/*
 * The kernel that runs access pattern `pattern` best here: a bandwidth
 * kernel of that pattern for the widest ISA with fewer lanes than `below`
 * (INT_MAX: any) and `pace` FMAs an element (0: a plain stream), or with
 * `placed_too`, failing that, a placed kernel of the pattern. NULL when none.
 */
const struct kernel *plan_pattern_kernel(const struct plan_machine *m, struct access_pattern pattern,
					 int pace, int placed_too, int below);

/*
 * The largest array (d->cap) and d->sweep's arrays: --max-size, or a
 * quarter of memory over the sweep's arrays (a quick run: at most 256 MiB).
 * Sets d->sweep first. Returns -1 when no kernel runs the sweep's pattern.
 */
int plan_limits(const struct measure_opts *o, const struct plan_machine *m, struct plan_sweep *d);

/*
 * The pre-scan's timing of the sweep kernel at n elements per array on one
 * thread: its best rate in bytes per second into *rate. Returns 0, or -1 to
 * stop (interrupted).
 */
typedef int (*plan_probe_fn)(void *ctx, size_t n, double *rate);
/* A probe and the context it is called with. */
struct plan_probe {
	plan_probe_fn fn;
	void *ctx;
};

/*
 * The pre-scan and every decision drawn from it: half-octave sizes up to
 * 1 MiB per array (a team's, threads times that), doubling beyond, up to d->cap, stopping once the curve
 * has settled (fit_settle) past twice the reported last-level cache and
 * its flat end holds, probed on, to 4x where it began an array (R2); then the settle
 * point, STREAM's rule and where it comes from, how far the sweep goes (at
 * least the rule, or the cap), the kernels' DRAM arrays, the plateaus'
 * middles, the L1/L2 working sets and the tile. Returns 0, or -1 when the
 * probe stopped it (d->nscan says how far it got).
 */
int plan_prescan(const struct measure_opts *o, const struct plan_machine *m, struct plan_sweep *d,
		 struct plan_probe probe);

/*
 * The pre-scan of a team of `threads` threads (probe: all threads' arrays
 * together, n elements per array split between them) and the all-core
 * plan's decisions from its own curve: its settle point, how far its sweep
 * goes (at least the one-core sweep's reach and two sizes past STREAM's
 * rule, which stays one's), its plateaus, pattern-job and kernel working
 * sets and its DRAM arrays. One-core levels are not all-core levels: an L3
 * shared by two cores ends at another working set, and a one-core DRAM
 * plateau can be a team's L3 slope. Returns 0, or -1 when the probe stopped.
 */
int plan_prescan_team(const struct measure_opts *o, const struct plan_machine *m, const struct plan_sweep *one,
		      int threads, struct plan_sweep *d, struct plan_probe probe);

/* No pre-scan (neither the bandwidth nor the kernels group): no plateaus, no cache levels, no tile. */
void plan_no_sweep(const struct measure_opts *o, const struct plan_machine *m, struct plan_sweep *d);

/*
 * Elements per array for a kernel of `arrays` arrays to span `working_set`
 * bytes: rounded down to a multiple of 8 (one 64-byte line), at least 64.
 */
size_t plan_cache_level_n(double working_set, int arrays);

/*
 * The sweep's sizes (bytes per array, all threads' parts), up to d->max:
 * half-octave steps where the pre-scan's curve bends, octave steps where
 * it is flat (every other flat size left out), every size that obeys
 * STREAM's rule, and the first and last. Returns their number (at most max).
 */
#define PLAN_MAX_SWEEP_SIZES 128
size_t plan_sweep_sizes(const struct plan_sweep *d, double *sizes, size_t max);

/*
 * The jobs of one thread count's plan, for one thread, into a new array
 * (*jobs, *njobs): the sweep (plan_sweep_sizes), each access
 * pattern's bandwidth kernels at each plateau, the peak chains and the
 * kernels at each asked level. `capacity` and `tile_bytes` are the arrays'
 * doubles and the tile (a shaped kernel that does not fit is left out).
 */
void plan_build(const struct measure_opts *o, const struct plan_machine *m,
		const struct plan_sweep *d, size_t capacity, struct plan_job **jobs, size_t *njobs);

/*
 * Numbers a thread count's jobs for plan.csv, from *next_id on (which it
 * advances), after plan_split: their targets' team is `threads`, their
 * arrays all threads' parts as split, and whether those obey `rule` (the
 * count's STREAM rule, plan_sweep.rule).
 */
void plan_number(struct plan_job *jobs, size_t njobs, int threads, double rule, int *next_id);

/* Splits each job between `threads` threads (n per thread); drops a shaped job that no longer fits. */
void plan_split(struct plan_job *jobs, size_t *njobs, int threads, size_t capacity, double tile_bytes);

/*
 * Whether a timing follows one untimed call of the same job (its own
 * steady state, as back-to-back passes leave it): every job that touches
 * memory (not KERNEL_PEAK), unless a kernel's call lasts longer than
 * MEASURE_WARM_RUN_MAX_SECONDS (call_seconds 0: not timed yet, warmed) and
 * streams its working set once in under PLAN_STREAM_SHARE of it
 * (stream_seconds; 0: not known, the length alone decides); a bandwidth
 * job's always.
 */
int plan_warm_run(enum kernel_kind kind, double call_seconds, double stream_seconds);

/* A call that streams its working set once in less than this share of its time reuses it or computes. */
#define PLAN_STREAM_SHARE 0.1

/* What one trial of job j costs: its timing, and its untimed call where it has one. */
double plan_trial_seconds(const struct plan_job *j);

/*
 * Whether kept trial `trial` (1..trials) of a pass times a job that keeps
 * `kept` of them: `kept` trials spread evenly over the pass (the first, then
 * every trials/kept), not the first `kept`. A machine that slows through a
 * pass (a busy neighbour) would otherwise judge a kernel, timed early,
 * against a roof timed all through it, and read it above the roof
 * (docs/plan.md R13).
 */
int plan_kept_trial(int trial, int kept, int trials);

/* A job's min time: a peak job's timings last half of it (register-only chains). */
double plan_min_time(const struct measure_opts *o, const struct plan_job *j);

/*
 * Times job j once with its current reps (the harness, or a scripted
 * machine's fake clock): seconds, or a negative number when its check
 * failed (the callback has recorded it). `ctx` is the caller's.
 */
typedef double (*plan_time_fn)(void *ctx, struct plan_job *j);

/*
 * One call of j as the family member before it (prev, timed) foretells it:
 * prev's call scaled by the flops of j's over prev's, j doing more flops at
 * no better rate; 0 when prev is not j's kernel at a smaller parameter or
 * was not timed. A plan's guess: nothing measured comes from it.
 */
double plan_call_guess(const struct plan_job *prev, const struct plan_job *j);

/* The length of one call of j that decides its untimed call: timed, else guessed (0: neither). */
double plan_call_seconds(const struct plan_job *j);

/* Flops of one call of job j on one thread. */
double plan_call_flops(const struct plan_job *j);

/*
 * What one timing of job j (with its reps, on j->threads threads) did, as
 * timings.csv records it: its threads, flops and bytes (all threads'), its
 * working set, and the param column (bytes per array in the bandwidth
 * group, all threads' parts; else the kernel's parameter).
 */
double plan_job_threads(const struct plan_job *j);
double plan_job_flops(const struct plan_job *j);
double plan_job_bytes(const struct plan_job *j);
double plan_job_working_set(const struct plan_job *j);
long plan_job_param_column(const struct plan_job *j);

#endif
