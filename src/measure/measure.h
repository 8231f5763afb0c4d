/*
 * measure.h - the harness: times the plan of jobs (plan.h: sweep sizes, FMA
 * chain counts, kernels) round-robin within each trial, checks every
 * result, and stores every timing in a new run directory (runfiles.h).
 */
#ifndef ROOFLINE_MEASURE_H
#define ROOFLINE_MEASURE_H

#include <stddef.h>

#include "tgroup.h"

/* The memory levels the kernels are timed from (--levels): each is a working-set size. */
enum {
	LEVEL_DRAM = 1 << 0,
	LEVEL_L2 = 1 << 1,
	LEVEL_L1 = 1 << 2,
};

/* Thread counts one run may measure (--threads LIST). */
#define MEASURE_MAX_THREAD_COUNTS 16

/* Where a profile puts the DRAM kernels' arrays (plan_kernel_arrays). */
enum measure_dram_arrays {
	MEASURE_DRAM_BY_RULE,     /* each at least STREAM's rule, inside the DRAM plateau */
	/*
	 * Each where the curve first crosses halfway to DRAM's rate, not the
	 * rule, and a team keeps one core's (a short run's: see plan_rule.c).
	 */
	MEASURE_DRAM_AT_HALFWAY,
};

/*
 * A run's profile: every setting in which a quick run differs from a full
 * one, as one row (measure_profiles in measure_opts.c), chosen once from
 * the options (measure_defaults). The plan and the trials read its fields,
 * never which profile it is. passes .. budget are the defaults of the
 * options of those names (--passes, --trials, --warmup, --budget), which
 * the command line may change in measure_opts; the rest is the profile's
 * alone.
 */
struct measure_profile {
	const char *name;         /* "full", "quick" */
	int quick;                /* env.csv's `quick` (the report reads it); no decision does */
	const char *said;         /* how the plan's lines name a run of it ("a quick run") */
	int passes, trials, warmup;
	double min_time, budget;
	double cap_bytes;         /* the largest array without --max-size (0: a quarter of memory) */
	/* A kernels job whose warm-up and kept trials would take longer a pass keeps fewer (sched_slow_job). */
	double slow_pass_seconds;
	int sweep_keeps_fewer;    /* bandwidth jobs that long keep fewer too (at least SWEEP_MIN_KEPT) */
	/* A kernels job whose one timing takes longer is left out, and its larger family unrun (0: none). */
	double skip_call_seconds;
	/* A budget leaves out a kernels job over its share (SCHED_JOB_SHARE, sched_budget_skip_unrun). */
	int budget_leaves_out;
	enum measure_dram_arrays dram_arrays;
	unsigned twin_levels;     /* 1u << level for each level its patterns' twins are timed at (plan_twins) */
};

/* The rows: the full run `make report` makes, and the quick one (--quick). */
enum { MEASURE_PROFILE_FULL, MEASURE_PROFILE_QUICK, MEASURE_NPROFILES };
extern const struct measure_profile measure_profiles[MEASURE_NPROFILES];

struct measure_opts {
	const char *out_dir;   /* NULL: data/runs/<stamp>-<cc>-<version>, and data/latest */
	struct measure_profile profile;   /* the run's row of settings (measure_defaults) */
	unsigned groups;       /* TGROUP_BIT(g) for each timing group measured (--only) */
	unsigned levels;       /* LEVEL_* mask; default LEVEL_DRAM */
	/*
	 * Thread counts, one pass over the plan each, in this order; nthreads 0
	 * means the default: one core and all physical cores.
	 */
	int threads[MEASURE_MAX_THREAD_COUNTS];
	int nthreads;
	int passes, trials, warmup;
	double max_size;       /* bytes per array the sweep may reach; 0: the default cap */
	double min_time;       /* seconds a timing must last at least */
	/*
	 * Seconds the whole run may take (--budget; 0: none): once a pass's
	 * share is spent, a job stops when it has its floor of kept timings,
	 * its figure then perhaps wider than its tolerance (stops.csv says).
	 */
	double budget;
	/*
	 * --simulate FILE: the plan runs against a described machine (sim.h)
	 * on a fake clock instead of this one; seed (--seed) draws its noise.
	 */
	const char *simulate;
	unsigned long seed;
};

/*
 * The default budgets: what `make report` (a full run, one core and all
 * cores) and a quick run may spend measuring. A wish of the person
 * waiting, not a fact of any machine: a machine whose floor costs more
 * takes longer, and says which figures the budget left wide.
 */
#define MEASURE_DEFAULT_BUDGET_S 50.0
#define MEASURE_QUICK_BUDGET_S 12.0
/* --budget: from this to a day. */
#define MEASURE_MIN_BUDGET_S 1.0
#define MEASURE_MAX_BUDGET_S 86400.0

/* The defaults: the quick profile's row, or the full one's. */
void measure_defaults(struct measure_opts *o, int quick);

/* Parses "bandwidth,peak" into a set of TGROUP_BIT()s; -1 on an unknown name. */
int measure_parse_groups(const char *list, unsigned *mask);

/* Parses "dram,l2,l1" into a LEVEL_* mask; -1 on an unknown name or an empty list. */
int measure_parse_levels(const char *list, unsigned *mask);

/* A kernel's call longer than this is its own warm-up: no untimed call before its timings (plan_warm_run). */
#define MEASURE_WARM_RUN_MAX_SECONDS 0.1

/*
 * Parses a --threads LIST ("1,2"): each element a whole number >= 1.
 * Returns 0, or -1 with one line in err (0, negative, not a number, an empty
 * element, too many). Whether a count fits the machine is measure_run's check.
 */
int measure_parse_threads(const char *list, struct measure_opts *o, char *err, size_t errlen);

/*
 * Runs the plan, once per thread count. Prints the run directory as the last
 * line of stdout and returns 0; EXIT_FAILED when a kernel's check failed (in
 * any thread; written to failures.csv) or measuring failed; EXIT_USAGE for an
 * unusable out_dir or a thread count above the physical cores.
 */
int measure_run(const struct measure_opts *o);

/*
 * The thread counts to measure: o's list, or one core and all `ncores`
 * physical cores; a count above them is a usage error (dies).
 */
void measure_resolve_threads(struct measure_opts *o, int ncores);

/* Prints the kernel table (roofline measure --list). */
void measure_list(void);

#endif
