/*
 * rundata.h - a run directory in memory: env.csv and timings.csv as read,
 * nothing derived. Loading is the only I/O; src/model/analysis.c derives the rest.
 */
#ifndef ROOFLINE_RUNDATA_H
#define ROOFLINE_RUNDATA_H

#include <stddef.h>

#include "remarkfiles.h"
#include "isa.h"
#include "levels.h"
#include "runplan.h"
#include "tgroup.h"

struct kernel;

struct env_entry {
	char *key;
	char *value;
	size_t line;             /* its line in env.csv (a key is given once) */
};

/* One row of timings.csv. */
struct timing {
	int pass, trial, warmup;
	enum timing_group group;
	char kernel[48];
	const struct kernel *k;  /* kernel's registry entry, resolved once at load; NULL when this build has none */
	/* Without an entry: the ISA its name's suffix names ("avx512" of fma_avx512), typed at load; ISA_COUNT: none. */
	enum isa isa_named;
	long param;
	int threads;
	double working_set;      /* bytes */
	double flops, bytes;     /* totals this timing did and moved */
	double seconds;
	/*
	 * Its job's intent (runplan.h): the plan.csv row its `job` cell names,
	 * else one inferred at load (runplan_infer). NULL only in a struct
	 * rundata built by hand that runplan_infer has not seen.
	 */
	const struct plan_row *plan;
};

/* A job whose check failed (failures.csv): never fitted, never plotted. */
struct failure {
	enum timing_group group;
	char kernel[48];
	long param;
	char message[200];
};

/*
 * One row of load.csv: what else ran on the machine during one pass of one
 * thread count (other processes' CPU time and steal time from /proc/stat,
 * the load average at its end). Runs from before the file have none.
 */
struct load_row {
	int pass, threads;
	double seconds;               /* the pass's wall time */
	double busy_other, steal;     /* CPU-seconds */
	double loadavg;
};

/*
 * A job stops.csv says was left out ("skipped": a quick run's or the
 * budget's, measure's log says which and why): no timing of it was kept.
 */
struct run_skip {
	char kernel[48];
	long param;
	int threads;
	const struct kernel *k;   /* its registry entry, resolved here; NULL for a kernel the build lacks */
};

/* What the compiler said about one kernel file (remarks/<kernel>.txt, kept by measure). */
struct run_remarks {
	char kernel[48];
	char *text;
};

#define RUNDATA_MAX_CLOCKS 16

/*
 * env.csv parsed once, at load: every key this program reads, typed, with
 * its default here and nowhere else. Text is as written and "" when the run
 * did not record the key (never NULL), so a reader says "?" or "unknown" by
 * testing *text; numbers are NaN when absent or not a number. The strings
 * point into struct rundata's env rows and live as long as the run.
 */
struct run_env {
	const char *cpu_model, *cores, *hw_threads, *os, *date_utc;
	/* `measure --simulate`: "1", the machine file and its content's hash; "" for a measured run. */
	const char *simulated, *machine_file, *machine_hash;
	const char *isa, *isas, *isa_dispatch;           /* widest ISA, all of them, the dispatch */
	const char *cc, *cc_version, *kernel_cflags;
	const char *threads;                              /* the measured counts, "1,2" */
	const char *pinned_cpu;                           /* "-1": not pinned */
	const char *timer, *timer_resolution_ns, *timer_granularity_ns, *clock_method;
	const char *kernel_tile_source;
	const char *blas_isa, *blas_core, *blas_config, *openblas_coretype;
	const char *sweep_kernel;                         /* the kernel whose sweep set the plateaus */
	const char *stream_rule_source;                   /* reported, curve or none: measure's rule */
	double l1d_bytes, l2_bytes, l3_bytes;             /* as the machine reports them */
	double l1d_shared_cpus, l2_shared_cpus, l3_shared_cpus;   /* logical CPUs sharing one instance; NaN: unknown */
	double l1d_shared_cores, l2_shared_cores, l3_shared_cores; /* cores one instance serves (cache_share_cores); 0: unknown */
	/* Past the L3 (an L4, a memory-side cache): bytes and sharing as reported; NaN: not reported (older runs too). */
	double l4_bytes, memcache_bytes, l4_shared_cpus, memcache_shared_cpus;
	/* The largest of those two (0: none): with the L3, the reported last-level cache (levels_reported_llc). */
	double reported_beyond;
	double clock_ghz;                                 /* measured with one core loaded */
	double clock_ghz_min, clock_ghz_max;              /* its smallest and largest sample */
	double tick_ns;                                   /* timer_granularity_ns as a number */
	double stream_rule_bytes;                         /* STREAM's array-size rule for this machine */
	double stream_rule_cache_bytes;                   /* the cache that rule is 4x of */
	double kernel_tile_bytes;                         /* the block the tiled kernels were built for */
	double sweep_cap_binds;                           /* 1: a quarter of memory capped the sweep; NaN: not said */
	int sweep_settled;     /* the pre-scan saw a last level: 1, 0, or -1 where the run does not say (older runs) */
	/*
	 * The largest thread count: threads_max, else (older runs) threads; 1 when
	 * neither is there, 0 when the value is no count (1 to 1e6). threads_max_key
	 * names the key it came from, for the message.
	 */
	int threads_max;
	const char *threads_max_key;
	/*
	 * 1 when a signal stopped the run before its end: env.csv's interrupted
	 * (measure writes it), or, for runs made before that key, a stops.csv row
	 * whose stop is "interrupted". Its figures are of the jobs it reached.
	 */
	int interrupted;
	/*
	 * The ISA names, typed here once: isa (the widest) and blas_isa
	 * (ISA_COUNT: absent or no ISA this build names), isas as a set
	 * (1 << enum isa of each word it names).
	 */
	enum isa isa_widest, blas_isa_id;
	unsigned isa_set;
	/* stream_rule_source typed: 1 and the source where it names one (reported, curve, none); 0 for older runs. */
	int stream_rule_recorded;
	enum levels_rule_source stream_rule_from;
	/* clock_ghz@Nt: the clock with N threads running, one per count measured. */
	struct { int threads; double ghz; } clocks[RUNDATA_MAX_CLOCKS];
	size_t nclocks;
};

struct rundata {
	char *dir;
	struct env_entry *env;   /* env.csv's rows as read: report prints them all */
	size_t nenv;
	struct run_env info;     /* the same, typed (rundata_parse_env) */
	struct timing *timings;
	size_t ntimings;
	/* plan.csv's rows (has_plan), then the rows inferred for timings that name no job (runplan.h). */
	struct plan_row *plan;
	size_t nplan;
	int has_plan;
	struct failure *failures;
	size_t nfailures;
	struct load_row *load;   /* load.csv's rows; has_load 0 when the run has no load.csv */
	size_t nload;
	int has_load;
	struct run_skip *skips;  /* stops.csv's left-out jobs (none where the run has no stops.csv) */
	size_t nskips;
	size_t nstops_interrupted;   /* stops.csv's rows of jobs an interrupt cut short */
	struct run_remarks *remarks;   /* one per kernels-group kernel whose file is there */
	size_t nremarks;
	struct remark_files remark_files;   /* the remarks/ folder, every file, for the report (remarkfiles.h) */
};

/*
 * Loads DIR/env.csv, DIR/timings.csv and, when present, DIR/plan.csv,
 * DIR/failures.csv, DIR/load.csv and DIR/stops.csv, and gives every timing
 * its plan row (runplan_infer). On bad input returns -1 with one line in err ("DIR/timings.csv:12:5: 'x' is not a number"); the caller prints
 * it after "roofline: " and exits 2.
 */
int rundata_load(const char *dir, struct rundata *run, char *err, size_t errlen);

void rundata_free(struct rundata *run);

/*
 * 1 when (group, kernel, param) failed its check in this run. failures.csv
 * has no working set: a kernel measured at several levels (measure --levels)
 * that failed at one is left out at all of them, which is acceptable: a wrong
 * result is the kernel's fault, not the size's.
 */
int rundata_failed(const struct rundata *run, enum timing_group group, const char *kernel, long param);

/*
 * The remarks text of the kernel file named `kernel` (remarks/<kernel>.txt),
 * or NULL when the run kept none for it. rundata_load reads the files of the
 * kernels the `kernels` group timed; a missing or unreadable one is no error
 * (older runs have no remarks/ folder): the analysis then knows less.
 */
const char *rundata_remarks(const struct rundata *run, const char *kernel);

/* `text`, or `fallback` where the run did not record it (""): a reader's "?" or "unknown". */
static inline const char *rundata_or(const char *text, const char *fallback)
{
	return text && *text ? text : fallback;
}

/*
 * Fills run->info from run->env. rundata_load calls it; a caller that
 * builds a struct rundata by hand (tests) calls it after filling env.
 */
void rundata_parse_env(struct rundata *run);

/*
 * The clock with `threads` threads running (clock_ghz@Nt), or `fallback`
 * when the run did not measure it.
 */
double rundata_clock_ghz(const struct rundata *run, int threads, double fallback);
/* 1: the cap kept this thread count's sweep short of its STREAM rule (env.csv sweep_cap_binds@Nt, else the run's). */
int rundata_cap_binds(const struct rundata *run, int threads);

/*
 * The value of an env.csv key, or NULL: for keys named at run time
 * (shape_<kernel>_<param>); the keys every run has are in run->info.
 */
const char *rundata_env(const struct rundata *run, const char *key);

#endif
