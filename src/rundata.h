/*
 * rundata.h - a run directory in memory: env.csv and timings.csv as read,
 * nothing derived. Loading is the only I/O; src/analysis.c derives the rest.
 */
#ifndef ROOFLINE_RUNDATA_H
#define ROOFLINE_RUNDATA_H

#include <stddef.h>

struct env_entry {
	char *key;
	char *value;
};

/* One row of timings.csv. */
struct timing {
	int pass, trial, warmup;
	char group[16];          /* bandwidth, peak, kernels */
	char kernel[48];
	long param;
	int threads;
	double working_set;      /* bytes */
	double flops, bytes;     /* totals this timing did and moved */
	double seconds;
};

/* A job whose check failed (failures.csv): never fitted, never plotted. */
struct failure {
	char group[16];
	char kernel[48];
	long param;
	char message[200];
};

/* What the compiler said about one kernel file (remarks/<kernel>.txt, kept by measure). */
struct run_remarks {
	char kernel[48];
	char *text;
};

struct rundata {
	char *dir;
	struct env_entry *env;
	size_t nenv;
	struct timing *timings;
	size_t ntimings;
	struct failure *failures;
	size_t nfailures;
	struct run_remarks *remarks;   /* one per kernels-group kernel whose file is there */
	size_t nremarks;
};

/*
 * Loads DIR/env.csv, DIR/timings.csv and DIR/failures.csv (when present). On bad input returns -1 with one
 * line in err ("DIR/timings.csv:12:5: 'x' is not a number"); the caller prints
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
int rundata_failed(const struct rundata *run, const char *group, const char *kernel, long param);

/*
 * The remarks text of the kernel file named `kernel` (remarks/<kernel>.txt),
 * or NULL when the run kept none for it. rundata_load reads the files of the
 * kernels the `kernels` group timed; a missing or unreadable one is no error
 * (older runs have no remarks/ folder): the analysis then knows less.
 */
const char *rundata_remarks(const struct rundata *run, const char *kernel);

/* The value of an env.csv key, or NULL. */
const char *rundata_env(const struct rundata *run, const char *key);

/* The env value as a number, or `fallback` when absent or not a number. */
double rundata_env_num(const struct rundata *run, const char *key, double fallback);

#endif
