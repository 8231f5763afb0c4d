/*
 * internal.h - libroofline's modules, between themselves (not installed).
 *
 *   append.c    one row to a points file: formatted, one write() under flock()
 *   counters.c  counted flops (per thread) and counted bytes (memory controllers)
 *   rows.c      executions aggregated into rows (median time), flushed to files
 *   regions.c   roofline_region_begin/end, set_version: threads joined into executions
 *   timed.c     ROOFLINE_TIME's calibrated loop, recorded through rows.c
 *   rowrule.c   roofline_row_check, the rule of a row (the tool's points reader applies it too)
 *
 * roofline-single.h is include/roofline.h, this file and those sources in that
 * order (scripts/single-header.sh): static names are unique across the files.
 */
#ifndef ROOFLINE_INTERNAL_H
#define ROOFLINE_INTERNAL_H

#include "roofline.h"

#include <stddef.h>
#include <stdint.h>

/* Hidden from the shared library's symbol table; still linkable from the static one. */
#if defined(__GNUC__) && !defined(ROOFLINE_SINGLE_HEADER)
#define RL_INTERNAL __attribute__((visibility("hidden")))
#else
#define RL_INTERNAL
#endif

/* ---- counters.c ---------------------------------------------------------------- */

/* CLOCK_MONOTONIC in seconds: one clock for every thread, so their begins and ends compare. */
RL_INTERNAL double rl_now(void);

enum rl_count { RL_COUNT_FLOPS, RL_COUNT_BYTES };

/* Says once per kind why that kind is declared, not counted. */
RL_INTERNAL void rl_not_counted(enum rl_count kind, const char *why);

/* ROOFLINE_COUNT_FLOPS=1 / ROOFLINE_COUNT_BYTES=1 in the environment. */
RL_INTERNAL int rl_want_count(const char *variable);

/* One group of floating-point events, on one thread (and, with inherit, the threads it starts). */
struct rl_fp_group {
	int fds[ROOFLINE_MAX_EVENTS];
	size_t n;
	const struct roofline_fp_event *ev;
};

/* Opens and starts the CPU's FP events on the calling thread; 0, or -1 having said why once. */
RL_INTERNAL int rl_fp_open(struct rl_fp_group *g, int inherit);
/* The flops counted so far (the events run freely: a region takes the difference). */
RL_INTERNAL double rl_fp_read(const struct rl_fp_group *g);
RL_INTERNAL void rl_fp_close(struct rl_fp_group *g);
/*
 * The calling thread's own group, opened at its first use when counting is
 * wanted: 1 and *flops when counted, 0 when this thread cannot count.
 */
RL_INTERNAL int rl_fp_thread_read(double *flops);

/* One memory-traffic event as sysfs describes it, ready for perf_event_open. */
struct rl_mem_event {
	char pmu[64], event[32];
	uint32_t type;
	uint64_t config, config1, config2;
	int cpu;                 /* system-wide events count on one CPU of their socket */
	double bytes_per_count;  /* the event's .scale times its .unit in bytes */
};

#define RL_MEM_MAX_EVENTS 64

/*
 * The memory controllers' read and write events under a sysfs
 * event_source/devices directory: Intel's uncore_imc_N cas_count_read and
 * cas_count_write (else the free-running data_read and data_write), one per
 * CPU of each PMU's cpumask. Returns how many (at most max), or 0 with the
 * reason in why. Reads files only: testable on a made-up tree.
 */
RL_INTERNAL size_t rl_mem_plan(const char *devices, struct rl_mem_event *out, size_t max,
			       char *why, size_t whylen);

/*
 * Puts the value of each term of an event description ("event=0x04,umask=0x03")
 * into config words by the PMU's format files ("config:0-7", "config1:0-3",
 * "config:0-7,32-35"). 0, or -1 with the reason.
 */
RL_INTERNAL int rl_perf_encode(const char *pmu_dir, const char *spec, uint64_t config[3],
			       char *why, size_t whylen);

/*
 * The bytes the memory controllers moved so far, process-wide counters opened
 * at the first call when counting is wanted: 1 and *bytes, or 0 (said why once).
 */
RL_INTERNAL int rl_mem_read(double *bytes);

/* ---- rowrule.c ------------------------------------------------------------------ */

/* s for a one-line message: control bytes (and every byte past ASCII of what is not UTF-8) as '?'. */
RL_INTERNAL const char *rl_shown(const char *s, char *out, size_t cap);

/* ---- rows.c --------------------------------------------------------------------- */

/* One finished execution of a region, as rows.c aggregates it. */
struct rl_execution {
	const char *file, *name, *version, *level;
	int threads;
	double flops, bytes;             /* declared totals */
	double seconds;
	int flops_counted, bytes_counted;
	double counted_flops, counted_bytes;
};

/* Adds an execution to its row (file, name, version, threads, declared totals). Thread-safe. */
RL_INTERNAL void rl_record(const struct rl_execution *e);

/*
 * Writes and forgets the rows of `file` named `name` and `version`, or every
 * row when name is NULL. 0, or -1 when a row could not be written (said on stderr).
 */
RL_INTERNAL int rl_flush_rows(const char *file, const char *name, const char *version);

/*
 * Two declared totals are one row's: equal, or both NaN (NaN never equals
 * itself, and a NaN region would make a row per execution, judged each time).
 */
RL_INTERNAL int rl_same_figure(double a, double b);

/* The median of n values (sorted in place, O(n log n)). */
RL_INTERNAL double rl_median(double *v, size_t n);

/* Runs roofline_flush at exit, registered once. */
RL_INTERNAL void rl_flush_at_exit(void);

#endif
