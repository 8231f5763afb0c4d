/*
 * roofline.h - put your own code on the roofline chart: libroofline's interface.
 *
 * Declarations only: link with libroofline (`pkg-config --cflags --libs roofline`).
 * The header is C99/C11 and C++11/C++17 clean under -Wall -Wextra -Werror
 * -pedantic (gcc and clang); the library is Linux-only. Fortran: the module
 * `roofline` (roofline.f90, built beside the library when gfortran is present).
 *
 * Regions, the way LIKWID's markers are used:
 *
 *     roofline_set_version("tiled");              // the version column of the rows that follow
 *     roofline_region_begin("transpose");
 *     transpose_tiled(c, a, b, n);
 *     roofline_region_end("transpose", 1.0 * n * n, 24.0 * n * n);   // this execution's totals
 *
 * flops and bytes are the region's declared totals for one execution, counted
 * by hand (STREAM's convention: what the code must move, a triad element is 24
 * bytes). Inside an OpenMP parallel region every thread calls begin and end
 * with the region's totals (not its share): the library records one execution,
 * the totals once, its time from the first begin to the last end (the slowest
 * thread) and threads = how many threads took part. An execution ends when
 * every thread that began it has ended it, so put begin and end around a
 * work-sharing loop whose implicit barrier holds every thread until all have
 * begun (`#pragma omp for` without nowait), or around the parallel region.
 *
 * The executions of one name, version, thread count and pair of totals make
 * one row with their median time. Rows go to the file named by ROOFLINE_POINTS
 * (default points.csv) at roofline_flush() or at exit (an execution that ends
 * after the exit flush, in an atexit handler or a C++ destructor, at once):
 *
 *     name,version,flops,bytes,seconds,threads,level,flops_source,bytes_source
 *
 * created with that header when missing or empty; each row is one write() on
 * an O_APPEND descriptor under flock(), so processes (MPI ranks) appending to
 * one file never interleave and a row is whole or absent. `roofline report RUN
 * --points points.csv` and `roofline plot RUN --points points.csv` place the
 * rows under a measured run's roofs (threads = N against the run's @Nt roofs).
 *
 * Counted flops (ROOFLINE_COUNT_FLOPS=1): each thread counts its retired
 * floating-point instructions between its begin and end with perf_event_open
 * (Intel fp_arith_inst_retired.* by width, AMD Zen's retired-flops event); the
 * row's flops are then `counted`. Counted bytes (ROOFLINE_COUNT_BYTES=1): the
 * memory controllers' read and write traffic (Intel uncore_imc cas_count_*, as
 * /sys/bus/event_source/devices describes them) from the first begin to the last
 * end, the whole socket's: other processes' traffic included. Where the machine
 * has no such counters or refuses them, the library says so once on stderr and
 * keeps the declared figures, marked `declared`.
 *
 * ROOFLINE_TIME times a statement on its own, repeating it until a batch lasts
 * ROOFLINE_MIN_SECONDS (default 0.01 s; the environment variable overrides with
 * seconds above 0 and at most 10, else it is ignored, said once on stderr),
 * and records ROOFLINE_TRIALS batches as executions of a region: one row, their
 * median, written when the macro ends:
 *
 *     ROOFLINE_TIME("points.csv", "transpose_add", "naive", 1.0 * n * n, 24.0 * n * n,
 *                   transpose_add_naive(c, a, b, n));
 *
 * C++: roofline::region r("name", flops, bytes); ends the region at the end of
 * its scope.
 *
 * The one-header form, for a project that cannot link a library: roofline-single.h
 * (installed beside this header) is this header and the library's source; define
 * ROOFLINE_IMPLEMENTATION in one C file before including it there.
 */
#ifndef ROOFLINE_H
#define ROOFLINE_H

#include <stddef.h>
#include <stdint.h>

#if defined(__GNUC__) && !defined(ROOFLINE_SINGLE_HEADER)
#define ROOFLINE_EXPORT __attribute__((visibility("default")))
#else
#define ROOFLINE_EXPORT
#endif

#define ROOFLINE_VERSION_STRING "0.1.0"
#define ROOFLINE_MIN_SECONDS 0.01
#define ROOFLINE_TRIALS 3
#define ROOFLINE_MAX_TRIALS 16
#define ROOFLINE_MAX_EVENTS 8

/* The longest name and version `roofline report --points` reads (longer ones are refused here). */
#define ROOFLINE_NAME_MAX 47
#define ROOFLINE_VERSION_MAX 31

/* The flags of roofline_append: which of the row's figures came from counters. */
#define ROOFLINE_FLOPS_COUNTED 1
#define ROOFLINE_BYTES_COUNTED 2

#ifdef __cplusplus
extern "C" {
#endif

/* ---- regions ---------------------------------------------------------------- */

/* Starts an execution of the region `name` (1 to 47 characters) on the calling thread (see above). */
ROOFLINE_EXPORT void roofline_region_begin(const char *name);

/*
 * Ends the calling thread's part of the execution of `name`: flops and bytes
 * are the whole execution's declared totals, the same on every thread. An end
 * without its begin is reported on stderr and ignored.
 */
ROOFLINE_EXPORT void roofline_region_end(const char *name, double flops, double bytes);

/* The version column of the executions that begin after this call (default "v1"; 1 to 31 characters). */
ROOFLINE_EXPORT void roofline_set_version(const char *version);

/*
 * Appends the rows of every finished execution to their points files and
 * forgets them; an execution still open stays. Also runs at exit. Errors (a
 * file that cannot be opened, a foreign header) are one line on stderr each.
 */
ROOFLINE_EXPORT void roofline_flush(void);

/* ---- rows you timed yourself -------------------------------------------------- */

/*
 * Appends one row: seconds of one execution, threads (at least 1), level
 * ("L1", "L2", "L3", "DRAM", or NULL: the roof its bytes are judged against),
 * flags ROOFLINE_FLOPS_COUNTED | ROOFLINE_BYTES_COUNTED. Returns 0, or -1 with
 * a message on stderr: a row the points reader would refuse (roofline_row_check)
 * is not written, so one bad row never spoils a file. A file whose header has no bytes_source (an older
 * roofline.h) gets rows without it.
 */
ROOFLINE_EXPORT int roofline_append(const char *file, const char *name, const char *version,
				    double flops, double bytes, double seconds, int threads,
				    const char *level, int flags);

/* ---- the rule every row obeys -------------------------------------------------------- */

/* The longest thread count a row may carry, and the range of a point's place (GFLOP/s, flop/byte). */
#define ROOFLINE_THREADS_MAX 4096
#define ROOFLINE_PLACE_MAX 1e100

/* One row of a points file, as its fields say. */
struct roofline_row {
	const char *name, *version;
	double flops, bytes, seconds;
	long threads;
	const char *level;       /* NULL or "": not said */
};

/* Which field a row breaks the rule at (ROOFLINE_ROW_OK: none). */
enum roofline_row_field {
	ROOFLINE_ROW_OK, ROOFLINE_ROW_NAME, ROOFLINE_ROW_VERSION, ROOFLINE_ROW_FLOPS,
	ROOFLINE_ROW_BYTES, ROOFLINE_ROW_SECONDS, ROOFLINE_ROW_THREADS, ROOFLINE_ROW_LEVEL
};

/*
 * The one rule of a row, applied by the library before it writes one and by
 * `roofline report --points` to each it reads: a name of 1 to 47 and a
 * version of 1 to 31 bytes of UTF-8 text, flops, bytes and seconds finite and
 * above zero, a place (flops/seconds/1e9 GFLOP/s, flops/bytes flop/byte) from
 * 1e-100 to 1e100, threads from 1 to 4096, a level L1, L2, L3, DRAM or none.
 * Returns the field at fault with why, in one line, in `why` (ROOFLINE_ROW_OK: none).
 */
ROOFLINE_EXPORT enum roofline_row_field roofline_row_check(const struct roofline_row *row, char *why,
							    size_t whylen);

/* ---- ROOFLINE_TIME and its function form ------------------------------------------ */

/*
 *     struct roofline_region r;
 *     roofline_begin(&r, "points.csv", "matvec", "tiled", flops, bytes);
 *     while (roofline_next(&r))
 *             matvec_tiled(...);
 *     roofline_end(&r);            // writes the row; 0, or -1 and a message
 *
 * Set r.threads and r.level between roofline_begin and the loop when they
 * apply. The fields after `state` are the library's.
 */
struct roofline_region {
	const char *file, *name, *version;
	double flops, bytes;     /* one execution of the code, declared */
	int threads;             /* default 1 */
	const char *level;       /* NULL or "": not said (the report takes DRAM) */
	double min_seconds;      /* a timed batch lasts at least this */
	int trials;              /* batches kept; the median is recorded */
	int count_flops, count_bytes;   /* 1: count where the machine allows */
	/* state */
	long reps, left, counted_reps;
	int started, calibrating, ntimes;
	double times[ROOFLINE_MAX_TRIALS];
	double t0;
	double counted_flops, counted_bytes, counted_flops_at, counted_bytes_at;
	int flops_ok, bytes_ok;
	void *counters;
};

/* Starts timing: flops and bytes of one execution of the code. */
ROOFLINE_EXPORT void roofline_begin(struct roofline_region *r, const char *file, const char *name,
				    const char *version, double flops, double bytes);

/* The loop condition: 1 while the code should run once more (calibrates, then times). */
ROOFLINE_EXPORT int roofline_next(struct roofline_region *r);

/* Ends timing and writes its row (median seconds of one execution); 0 or -1. */
ROOFLINE_EXPORT int roofline_end(struct roofline_region *r);

/* Times `...` (statements; commas allowed) and writes its row: see the top of this file. */
#define ROOFLINE_TIME(file, name, version, flops, bytes, ...)                              \
	do {                                                                               \
		struct roofline_region roofline_r_;                                        \
		roofline_begin(&roofline_r_, (file), (name), (version), (flops), (bytes)); \
		while (roofline_next(&roofline_r_)) {                                      \
			__VA_ARGS__;                                                       \
		}                                                                          \
		roofline_end(&roofline_r_);                                                \
	} while (0)

/* ---- counted flops: the event tables and their arithmetic ------------------------ */

/*
 * One hardware event that counts floating-point work, and how many flops
 * each count stands for: the elements one instruction works on (its vector
 * width in that precision) times the flops one element's operation does
 * where the hardware counts the instruction once. Intel counts an FMA
 * instruction twice in fp_arith_inst_retired, so its entries say 1 per
 * lane; an event counting FMA instructions once would say 2.
 */
struct roofline_fp_event {
	const char *name;
	uint64_t config;         /* PERF_TYPE_RAW: umask << 8 | event */
	double flops_per_count;
};

/*
 * The events of a CPU given its /proc/cpuinfo vendor_id and cpu family, and
 * their count in *n; NULL (and *n = 0) when there is no table for it.
 */
ROOFLINE_EXPORT const struct roofline_fp_event *roofline_fp_events(const char *vendor, int family,
								   size_t *n);

/* Flops from counts: the sum over events of count x flops per count (counts[i] of ev[i]). */
ROOFLINE_EXPORT double roofline_flops_from_counts(const struct roofline_fp_event *ev, size_t n,
						  const uint64_t *counts);

/* A count read while the PMU multiplexed, scaled to the whole: count x enabled / running; 0 if never run. */
ROOFLINE_EXPORT double roofline_scale_count(uint64_t count, uint64_t enabled, uint64_t running);

#ifdef __cplusplus
}

namespace roofline {
/* A region for one scope: begins here, ends (with these totals) when the scope is left. */
class region {
public:
	region(const char *name, double flops, double bytes)
		: name_(name), flops_(flops), bytes_(bytes)
	{
		roofline_region_begin(name);
	}
	~region() { roofline_region_end(name_, flops_, bytes_); }

private:
	region(const region &);             /* one scope, one region: not copied */
	region &operator=(const region &);
	const char *name_;
	double flops_, bytes_;
};
} /* namespace roofline */
#endif

#endif
