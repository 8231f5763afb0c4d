/*
 * runfiles.h - the run directory's files as measure writes them: the
 * directory itself (never an existing one) and data/latest, env.csv (the
 * machine, the build, the clock, the plan's decisions), the compiler's
 * remarks, the streamed timings.csv and failures.csv, and load.csv (what
 * else ran during each pass). Every whole file is written under a
 * temporary name and renamed; the streamed ones reach the disk a trial at
 * a time.
 */
#ifndef ROOFLINE_RUNFILES_H
#define ROOFLINE_RUNFILES_H

#include <stddef.h>
#include <stdio.h>

#include "cpu.h"
#include "measure.h"
#include "plan.h"
#include "rounds.h"

/* Passes whose clock range env.csv records (clock_ghz_min_pass<N>, _max_pass<N>). */
#define MEASURE_MAX_PASSES 64

/* What measure learned of the machine, for env.csv. */
struct runfiles_machine {
	struct cpu_info info;
	int interrupted;             /* SIGINT or SIGTERM stopped the run: env.csv's interrupted, 1 */
	int pinned_cpu;
	double clock_ghz;            /* median of the samples */
	const char *clock_method;
	double clock_samples[1024];  /* one before the trials, one after each trial */
	int nclock;
	/* Under all-core load: every thread of a pass runs the clock chain at once. */
	double clock_allcore_ghz[MEASURE_MAX_THREAD_COUNTS];
	/* The one-core pass's clock samples, per pass (1..): the fastest and slowest, NaN none. */
	double pass_clock_lo[MEASURE_MAX_PASSES + 1], pass_clock_hi[MEASURE_MAX_PASSES + 1];
	int npass_clock;             /* passes with samples */
	double granularity, resolution;
	int counters;
	char counters_why[160];
	/* Pages: the THP mode, whether MADV_HUGEPAGE was asked, what the process got. */
	char thp_mode[32];           /* the bracketed word of .../transparent_hugepage/enabled; "" unknown */
	int huge_asked;              /* 1: the arrays were madvise'd MADV_HUGEPAGE */
	double huge_pages_kib;       /* AnonHugePages after the largest allocation; NaN unknown */
	int stops[ROUNDS_NSTOPS];    /* jobs (every thread count's) by why their trials stopped */
	/* Each thread count's own decisions where it had a pre-scan of its own (threads > 1; else 0). */
	struct plan_sweep team[MEASURE_MAX_THREAD_COUNTS];
	/* What runs the kernels: NULL for this CPU (cpu.h), else a simulated machine's (sim.h). */
	int (*has_isa)(enum isa isa);
	enum isa widest_isa;
	const char *sim_file;        /* the machine file of `measure --simulate`; NULL: measured here */
	unsigned long long sim_hash;
	unsigned long sim_seed;
	double run_seconds;          /* the whole run's seconds (its clock's), once it ends; 0 before */
	/*
	 * Where the run said it would end past its budget (its clock's seconds,
	 * rounds_run: a count's floor outlasting its share), as last said; 0: never.
	 */
	double budget_said_end;
};

/*
 * 1. the machine: pins to the first physical core (cores[0]), describes the
 * CPU, the timer, the clock, the counters and the pages (huge: whether
 * MADV_HUGEPAGE is asked) into m, and says so on stderr.
 */
void runfiles_describe_machine(const struct measure_opts *o, int huge, struct runfiles_machine *m,
			       const int *cores);

/* data/runs/<UTC stamp>-<cc>-<version>, newly allocated. */
char *runfiles_default_dir(void);

/* Creates a directory that did not exist (with `unique`, adds -2, -3 ... on a clash); dies otherwise. */
char *runfiles_create_dir(const char *want, int unique);

/* data/latest -> runs/<name>, replaced atomically; a warning when it cannot be. */
void runfiles_point_latest(const char *dir);

/*
 * plan.csv, whole, under a temporary name then renamed: one row per
 * planned job in id order, its placement (struct plan_place). Written
 * again as each thread count's jobs join it. Dies on a write error.
 */
#define RUNFILES_PLAN_HEADER "job,role,level,target,array_bytes,obeys_rule\n"
void runfiles_write_plan(const char *dir, const struct plan_job *jobs, size_t njobs);

/* remarks/<file>.txt: the compiler's remarks for every kernel file. */
void runfiles_write_remarks(const char *dir);

/*
 * env.csv, whole, under a temporary name then renamed: the machine, the
 * options, the plan's decisions (d) and what each shaped or library job
 * chose (jobs). Dies on a write error.
 */
void runfiles_write_env(const char *dir, const struct measure_opts *o, const struct runfiles_machine *m,
			const struct plan_sweep *d, const struct plan_job *jobs, size_t njobs);

/*
 * A CSV file that rows reach a trial at a time (fflush): its buffer is far
 * larger than a trial's rows, so a run killed mid-trial leaves whole rows.
 */
struct runfiles_stream {
	FILE *fp;
	char *buffer;
	char *path;
};
void runfiles_open_stream(struct runfiles_stream *s, const char *dir, const char *name, const char *header);
/* Flushes and closes; dies on a write error. */
void runfiles_close_stream(struct runfiles_stream *s);

/* load.csv's header (the model reads it to say whether the machine was busy). */
#define RUNFILES_LOAD_HEADER "pass,threads,seconds,busy_other_cpu_seconds,steal_cpu_seconds,loadavg_1m\n"

/*
 * What the whole machine did, read from /proc: every CPU's non-idle and
 * steal time (/proc/stat, in seconds), this process's own CPU time
 * (/proc/self/stat) and the 1-minute load average. A field that cannot be
 * read is NaN.
 */
struct runfiles_load_sample {
	double wall;          /* CLOCK_MONOTONIC seconds */
	double busy_all;      /* user+nice+system+irq+softirq of every CPU (steal apart) */
	double steal_all;
	double self_cpu;      /* this process's utime+stime */
	double loadavg_1m;
};
void runfiles_load_sample(struct runfiles_load_sample *s);

/*
 * One row of load.csv from two samples around a pass: its seconds, the CPU
 * time others used (all CPUs' busy time less this process's own; the
 * threads of this process are its own), the time the host took (steal),
 * and the load average at its end.
 */
void runfiles_load_row(FILE *fp, int pass, int threads, const struct runfiles_load_sample *a,
		       const struct runfiles_load_sample *b);

/* The bracketed word of /sys/kernel/mm/transparent_hugepage/enabled ("madvise"); "" unknown. */
void runfiles_thp_mode(char *out, size_t len);
/* AnonHugePages of this process (/proc/self/smaps_rollup), in KiB; NaN when unknown. */
double runfiles_huge_pages_kib(void);

/*
 * stops.csv: a row per job and thread count, why its trials stopped. `param`,
 * `threads` and `working_set_bytes` as in timings.csv; `statistic` the one
 * the job contributes (`best` for a roof, `median` for a placed kernel);
 * `kept` its kept timings; `width` the relative width of that statistic's
 * 95 % interval over them (known.h; `inf` where they cannot give one) and
 * `tolerance` the width asked; `stop` is `tolerance` (met), `ceiling` (every
 * trial it may keep was kept), `budget` (the budget ran out first: wider
 * than asked), `failed`, `skipped` or `interrupted`.
 */
#define RUNFILES_STOPS_HEADER "group,kernel,param,threads,working_set_bytes,statistic,kept,width,tolerance,stop\n"
/* The run's last lines on stderr: how long it took, why its jobs stopped, what the budget cut, an interruption. */
void runfiles_say_summary(const struct measure_opts *o, const struct runfiles_machine *m, double seconds,
			  int interrupted, const char *dir);

struct runfiles_stop {
	enum timing_group group;
	const char *kernel, *statistic, *stop;
	long param;
	int threads, kept;
	double working_set, width, tolerance;
};
void runfiles_stop_row(FILE *fp, const struct runfiles_stop *r);

#endif
