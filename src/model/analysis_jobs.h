/*
 * analysis_jobs.h - a run's timings gathered into jobs, their statistics,
 * and the helpers that add roofs and notes to an analysis being built
 * (analysis_jobs.c), for the fits of analysis_build (analysis_bw.c,
 * analysis_peak.c, analysis_scaling.c, analysis_build.c) inside the model.
 */
#ifndef ROOFLINE_ANALYSIS_JOBS_H
#define ROOFLINE_ANALYSIS_JOBS_H

#include <stddef.h>

#include "analysis.h"
#include "model.h"
#include "rundata.h"
#include "util.h"

/* A plateau's neighbours must differ by 15% to be two levels; a size within 10% of a level is on it. */
#define PLATEAU_MIN_STEP FIT_MIN_STEP
#define PLATEAU_TOLERANCE FIT_TOLERANCE
/* Per-pass medians further apart than this (relative to the median) earn a warning. */
#define NOISY_SPREAD 0.10

/*
 * All kept timings of one job: (group, kernel, param), and in the kernels
 * group its working set too, since `measure --levels` times the same kernel
 * and parameter at several sizes (DRAM-, L2-, L1-resident): each is a point.
 */
struct job_rates {
	enum timing_group group;
	const char *kernel;
	const struct kernel *k;   /* its registry entry (struct timing.k); NULL when this build has none */
	enum isa isa_named;       /* without an entry, the ISA its name names (struct timing.isa_named) */
	const struct plan_row *plan;   /* its intent, recorded or inferred at input (struct timing.plan) */
	long param;
	int threads;
	double working_set, flops_per_byte;
	double *rates;     /* GB/s for bandwidth, GFLOP/s otherwise */
	int *passes;
	size_t n, cap;
};

struct job_summary {
	double best, median, spread_lo, spread_hi;
	size_t kept;
};

struct jobs {
	struct job_rates *v;
	size_t n, cap;
};


/* A job's best, median and per-pass spread over its kept timings. */
void analysis_summarize_job(const struct job_rates *j, struct job_summary *s);

/* The run's kept timings, one job each (failed jobs and warm-ups left out). */
void analysis_collect_jobs(const struct rundata *run, struct jobs *js);
void analysis_free_jobs(struct jobs *js);

/*
 * The job of (group, kernel, param) at `threads` threads, or NULL (peak-group
 * jobs: no working set); the kernel is its registry entry k, its name only
 * where the build lacks it (registry_same).
 */
struct job_rates *analysis_job_of(struct jobs *js, enum timing_group group, const struct kernel *k,
				  const char *kernel, long param, int threads);

/* r's value, and its median, spread, samples and job from job j. */
void analysis_set_roof_from_job(struct roof *r, struct job_rates *j, double value);

/* A new roof of that key (or level, or compute name), its name formatted from it; NULL when full. */
struct roof *analysis_add_roof_key(struct analysis *a, const struct roof_key *key);
struct roof *analysis_add_level_roof(struct analysis *a, enum mem_level level, int threads);
struct roof *analysis_add_roof(struct analysis *a, const char *ceiling, int threads, enum roof_kind kind);

/*
 * The level job j is filed at. With as_planned (a pattern job: the roof
 * it was measured for), the one its plan recorded where the fitted map
 * `map` has that level; a kernel's recorded level where the map puts its
 * working set in that level's span or between it and a neighbour's (docs/plan.md
 * R6: the plan's decision, which the fit reads); else (a kernel inside
 * another level's plateau, which is judged where it ran; an inferred row;
 * a level this fit does not have) the one the map gives its working set,
 * the rule every job was filed by before plan.csv.
 * MEM_LEVELS where neither gives one. A recorded level the fit does not
 * put its working set in is said as a typed note (NOTE_JOB_OFF_TARGET),
 * one for a kernel's jobs of one thread count and planned level.
 */
enum mem_level analysis_filed_level(struct analysis *a, const struct job_rates *j, const struct level_map *map,
				    int as_planned);

/*
 * Job j's arrays against STREAM's rule as its plan recorded them. A job
 * filed at DRAM that its plan says obeys the rule, with arrays short of
 * the fitted rule (map's), is said as a typed note (NOTE_JOB_SHORT_OF_RULE).
 */
enum job_rule analysis_job_rule(struct analysis *a, const struct job_rates *j, const struct level_map *map,
				enum mem_level filed);

/* Counts r among the run's noisy roofs when its per-pass spread is wider than NOISY_SPREAD of `ref`. */
void analysis_check_spread(struct analysis *a, const struct roof *r, double ref, const char *unit);

#endif
