/*
 * timed.c - ROOFLINE_TIME's loop: roofline_begin, roofline_next, roofline_end.
 *
 * The code runs in batches on CLOCK_MONOTONIC; the repetitions double until a
 * batch lasts min_seconds (thousands of clock ticks), then `trials` batches
 * are kept. Each kept batch is one execution of the region (its time over its
 * repetitions), recorded through rows.c like a region's, so the row is their
 * median; roofline_end writes that row at once, since a ROOFLINE_TIME is a
 * whole measurement.
 *
 * Counted flops follow the calling thread and the threads it creates after
 * roofline_begin (inherit); a thread pool started earlier (OpenMP's) is not
 * counted: time threaded code with the regions, which count every thread.
 */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The longest batch ROOFLINE_MIN_SECONDS may ask for: past it a statement would run for hours. */
#define TIMED_MIN_SECONDS_MAX 10.0

/* ROOFLINE_MIN_SECONDS when it is a number of seconds above 0 and at most 10, else the default (said once). */
static double timed_min_seconds(void)
{
	static int said;
	const char *e = getenv("ROOFLINE_MIN_SECONDS");
	if (!e || !e[0])
		return ROOFLINE_MIN_SECONDS;
	char *end;
	double v = strtod(e, &end);
	if (*end == '\0' && v > 0 && v <= TIMED_MIN_SECONDS_MAX)
		return v;
	if (!__atomic_exchange_n(&said, 1, __ATOMIC_RELAXED)) {
		char shown[40];
		fprintf(stderr, "roofline: ROOFLINE_MIN_SECONDS='%s' ignored: want seconds above 0 and at "
			"most %g; timing batches of %g s\n", rl_shown(e, shown, sizeof shown),
			TIMED_MIN_SECONDS_MAX, ROOFLINE_MIN_SECONDS);
	}
	return ROOFLINE_MIN_SECONDS;
}

void roofline_begin(struct roofline_region *r, const char *file, const char *name,
		    const char *version, double flops, double bytes)
{
	memset(r, 0, sizeof *r);
	r->file = file;
	r->name = name;
	r->version = version;
	r->flops = flops;
	r->bytes = bytes;
	r->threads = 1;
	r->min_seconds = timed_min_seconds();
	r->trials = ROOFLINE_TRIALS;
	r->count_flops = rl_want_count("ROOFLINE_COUNT_FLOPS");
	r->count_bytes = rl_want_count("ROOFLINE_COUNT_BYTES");
	r->reps = 1;
	r->calibrating = 1;
}

/* The counters' readings now: flops of this thread's group, bytes of the memory controllers. */
static void timed_read(const struct roofline_region *r, double *flops, double *bytes)
{
	*flops = r->counters ? rl_fp_read(r->counters) : 0;
	if (!r->bytes_ok || !rl_mem_read(bytes))
		*bytes = 0;
}

static void timed_start(struct roofline_region *r)
{
	if (r->trials < 1)
		r->trials = 1;
	if (r->trials > ROOFLINE_MAX_TRIALS)
		r->trials = ROOFLINE_MAX_TRIALS;
	if (!(r->min_seconds > 0 && r->min_seconds <= TIMED_MIN_SECONDS_MAX))
		r->min_seconds = ROOFLINE_MIN_SECONDS;   /* set by hand past the bound (or NaN) */
	if (r->count_flops) {
		struct rl_fp_group *g = calloc(1, sizeof *g);
		if (g && rl_fp_open(g, 1) == 0)
			r->counters = g;
		else
			free(g);
	}
	r->flops_ok = r->counters != NULL;
	double ignored;
	r->bytes_ok = r->count_bytes && rl_mem_read(&ignored);
	r->started = 1;
}

int roofline_next(struct roofline_region *r)
{
	if (r->left > 0) {
		r->left--;
		return 1;
	}
	if (r->started) {
		double t1 = rl_now(), flops, bytes;
		timed_read(r, &flops, &bytes);
		double dt = t1 - r->t0;
		if (r->calibrating && dt < r->min_seconds && r->reps < (1L << 30)) {
			r->reps *= 2;
		} else {
			r->calibrating = 0;
			r->times[r->ntimes++] = dt / (double)r->reps;
			r->counted_flops += flops - r->counted_flops_at;
			r->counted_bytes += bytes - r->counted_bytes_at;
			r->counted_reps += r->reps;
			if (r->ntimes >= r->trials)
				return 0;
		}
	} else {
		timed_start(r);
	}
	r->left = r->reps - 1;
	timed_read(r, &r->counted_flops_at, &r->counted_bytes_at);
	r->t0 = rl_now();
	return 1;
}

int roofline_end(struct roofline_region *r)
{
	if (r->ntimes == 0) {
		fprintf(stderr, "roofline: %s %s: nothing was timed\n", r->name ? r->name : "",
			r->version ? r->version : "");
		return -1;
	}
	struct rl_execution e = {
		.file = r->file, .name = r->name, .version = r->version, .level = r->level,
		.threads = r->threads > 0 ? r->threads : 1, .flops = r->flops, .bytes = r->bytes,
		.flops_counted = r->flops_ok, .bytes_counted = r->bytes_ok,
	};
	/* Every batch is charged the mean count per repetition: the counters ran over all of them. */
	e.counted_flops = r->counted_reps ? r->counted_flops / (double)r->counted_reps : 0;
	e.counted_bytes = r->counted_reps ? r->counted_bytes / (double)r->counted_reps : 0;
	if (r->flops_ok && !(e.counted_flops > 0))
		rl_not_counted(RL_COUNT_FLOPS, "the counters counted no floating-point instructions");
	if (r->bytes_ok && !(e.counted_bytes > 0))
		rl_not_counted(RL_COUNT_BYTES, "the memory controllers counted no traffic");
	for (int i = 0; i < r->ntimes; i++) {
		e.seconds = r->times[i];
		rl_record(&e);
	}
	if (r->counters) {
		rl_fp_close(r->counters);
		free(r->counters);
		r->counters = NULL;
	}
	return rl_flush_rows(r->file, r->name, r->version);
}
