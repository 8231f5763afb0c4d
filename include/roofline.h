/*
 * roofline.h - put your own loop on the roofline chart. One file, no library:
 * copy it or `make install` it (PREFIX/include/roofline.h). Linux, C99 or later
 * with POSIX (gcc's and clang's default gnu dialects; with -std=c11 add
 * -D_GNU_SOURCE).
 *
 *     #include <roofline.h>
 *
 *     // flops and bytes of ONE execution of the code, counted by hand
 *     // (STREAM's convention: what the loop must move, a triad element is 24 bytes)
 *     ROOFLINE_TIME("points.csv", "transpose", "naive", 2.0 * n * n, 24.0 * n * n,
 *                   transpose_add(a, b, c, n));
 *
 * ROOFLINE_TIME runs the code repeatedly on CLOCK_MONOTONIC: it doubles the
 * repetitions until one batch lasts ROOFLINE_MIN_SECONDS (default 0.01 s,
 * thousands of clock ticks; the environment variable of that name overrides
 * it), then keeps that batch and times ROOFLINE_TRIALS - 1 more (default 3 in
 * all), and appends one row to the points file with the median time of one
 * execution:
 *
 *     name,version,flops,bytes,seconds,threads,level,flops_source
 *
 * The file is created with that header when missing or empty; each row is
 * built in memory and written with one write() on an O_APPEND descriptor
 * under flock(), so concurrent writers never interleave and a row is whole
 * or absent. `roofline plot RUN --points points.csv` and `roofline report RUN
 * --points points.csv` place the rows under a measured run's roofs; rows of
 * one name are joined by arrows in file order, so write the versions of a
 * loop in the order you made them.
 *
 * Counted flops: with ROOFLINE_COUNT_FLOPS=1 in the environment (or
 * r.count_flops = 1 with the function interface), the retired floating-point
 * instructions of the timed batches are counted with perf_event_open, and
 * the row's flops are derived from them (roofline_flops_from_counts: the
 * count of each event times the flops it stands for, by vector width; Intel
 * counts an FMA twice in hardware, so each count is one flop per lane there)
 * and marked `counted`. Events: Intel fp_arith_inst_retired.* (Skylake and
 * later), AMD's retired SSE/AVX flops (Zen). Where the CPU has no such
 * events, or the kernel or the VM refuses them (perf says "not supported"),
 * roofline.h says so once on stderr and records the declared flops. The
 * counters follow the calling thread and the threads it creates after
 * roofline_begin; a thread pool started earlier (OpenMP's) is not counted,
 * so count multi-threaded regions by hand.
 *
 * The function interface, for code that a macro argument cannot hold:
 *
 *     struct roofline_region r;
 *     roofline_begin(&r, "points.csv", "matvec", "tiled", flops, bytes);
 *     while (roofline_next(&r))
 *             matvec_tiled(...);
 *     roofline_end(&r);            // appends the row; 0, or -1 and a message
 *
 * and roofline_append() writes a row you timed yourself. Set r.threads and
 * r.level ("L1", "L2", "L3", "DRAM": the roof its bytes are judged against)
 * between roofline_begin and roofline_end when they apply.
 *
 * The code must do the same work each time and its result must be used, or
 * the compiler may drop it: read something it wrote after the macro.
 */
#ifndef ROOFLINE_H
#define ROOFLINE_H

#if defined(__STRICT_ANSI__) && !defined(_GNU_SOURCE) && !defined(_DEFAULT_SOURCE)
#error "roofline.h needs POSIX and Linux calls: compile with -std=gnu11 (the default) or -D_GNU_SOURCE"
#endif

#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#endif

#if defined(__GNUC__)
#define ROOFLINE_API_ static __attribute__((unused))
#else
#define ROOFLINE_API_ static
#endif

#define ROOFLINE_MIN_SECONDS 0.01
#define ROOFLINE_TRIALS 3
#define ROOFLINE_MAX_EVENTS 8
#define ROOFLINE_HEADER "name,version,flops,bytes,seconds,threads,level,flops_source\n"

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

/* Intel Skylake and later (family 6): FP_ARITH_INST_RETIRED, event 0xC7, one umask per width. */
static const struct roofline_fp_event roofline_intel_events_[] = {
	{ "fp_arith_inst_retired.scalar_double", 0x01c7, 1 },
	{ "fp_arith_inst_retired.scalar_single", 0x02c7, 1 },
	{ "fp_arith_inst_retired.128b_packed_double", 0x04c7, 2 },
	{ "fp_arith_inst_retired.128b_packed_single", 0x08c7, 4 },
	{ "fp_arith_inst_retired.256b_packed_double", 0x10c7, 4 },
	{ "fp_arith_inst_retired.256b_packed_single", 0x20c7, 8 },
	{ "fp_arith_inst_retired.512b_packed_double", 0x40c7, 8 },
	{ "fp_arith_inst_retired.512b_packed_single", 0x80c7, 16 },
};

/*
 * AMD Zen (families 0x17, 0x19, 0x1a): PMCx003 "retired SSE/AVX FLOPs",
 * unit mask add/sub, mult, div, mac: the hardware already counts flops
 * (lanes included, a multiply-add as 2), so each count is one flop.
 */
static const struct roofline_fp_event roofline_amd_events_[] = {
	{ "ex_ret_sse_avx_ops.all", 0x0f03, 1 },
};

/*
 * The events of a CPU given its /proc/cpuinfo vendor_id and cpu family, and
 * their count in *n; NULL (and *n = 0) when there is no table for it.
 */
ROOFLINE_API_ const struct roofline_fp_event *roofline_fp_events(const char *vendor, int family, size_t *n)
{
	if (vendor && strcmp(vendor, "GenuineIntel") == 0 && family == 6) {
		*n = sizeof roofline_intel_events_ / sizeof roofline_intel_events_[0];
		return roofline_intel_events_;
	}
	if (vendor && strcmp(vendor, "AuthenticAMD") == 0 && family >= 0x17) {
		*n = sizeof roofline_amd_events_ / sizeof roofline_amd_events_[0];
		return roofline_amd_events_;
	}
	*n = 0;
	return NULL;
}

/*
 * Flops from counts: the sum over events of count x flops per count.
 * counts[i] belongs to ev[i]. Pure, for tests on scripted counts.
 */
ROOFLINE_API_ double roofline_flops_from_counts(const struct roofline_fp_event *ev, size_t n,
						const uint64_t *counts)
{
	double flops = 0;
	for (size_t i = 0; i < n; i++)
		flops += (double)counts[i] * ev[i].flops_per_count;
	return flops;
}

/*
 * A count read while the group was scheduled only part of the time (the PMU
 * multiplexed), scaled to the whole: count x enabled / running. 0 when it
 * never ran.
 */
ROOFLINE_API_ double roofline_scale_count(uint64_t count, uint64_t enabled, uint64_t running)
{
	if (running == 0)
		return 0;
	return (double)count * ((double)enabled / (double)running);
}

/* ---- the region ---------------------------------------------------------------------- */

struct roofline_region {
	const char *file, *name, *version;
	double flops, bytes;     /* one execution of the code, declared */
	int threads;             /* default 1 */
	const char *level;       /* NULL or "": not said (the report takes DRAM) */
	double min_seconds;      /* a timed batch lasts at least this */
	int trials;              /* batches kept; the median is recorded */
	int count_flops;         /* 1: count retired FP instructions where possible */
	/* state */
	long reps, left;
	int started, calibrating, ntimes;
	double times[16];
	struct timespec t0;
	int fds[ROOFLINE_MAX_EVENTS];
	size_t nev;
	const struct roofline_fp_event *ev;
	double counts[ROOFLINE_MAX_EVENTS];
	long counted_reps;
	int counted;             /* the row's flops came from the counters */
};

static int roofline_said_no_counters_;   /* say once per program (per file that includes this) */

ROOFLINE_API_ void roofline_no_counters_(const char *why)
{
	if (!roofline_said_no_counters_)
		fprintf(stderr, "roofline.h: flops are declared, not counted: %s\n", why);
	roofline_said_no_counters_ = 1;
}

#ifdef __linux__
/* vendor_id and cpu family from /proc/cpuinfo; 0, or -1 when unreadable. */
ROOFLINE_API_ int roofline_cpu_(char *vendor, size_t len, int *family)
{
	FILE *fp = fopen("/proc/cpuinfo", "r");
	char line[256];
	int got = 0;
	if (!fp)
		return -1;
	vendor[0] = '\0';
	*family = -1;
	while (got < 2 && fgets(line, sizeof line, fp)) {
		char *colon = strchr(line, ':');
		if (!colon)
			continue;
		char *v = colon + 1;
		v += strspn(v, " \t");
		v[strcspn(v, "\n")] = '\0';
		if (strncmp(line, "vendor_id", 9) == 0 && !vendor[0]) {
			snprintf(vendor, len, "%s", v);
			got++;
		} else if (strncmp(line, "cpu family", 10) == 0 && *family < 0) {
			*family = atoi(v);
			got++;
		}
	}
	fclose(fp);
	return got == 2 ? 0 : -1;
}

ROOFLINE_API_ void roofline_close_counters_(struct roofline_region *r)
{
	for (size_t i = 0; i < r->nev; i++)
		if (r->fds[i] >= 0)
			close(r->fds[i]);
	r->nev = 0;
	r->ev = NULL;
}

/* Opens one group of the CPU's FP events; 0, or -1 having said why once. */
ROOFLINE_API_ int roofline_open_counters_(struct roofline_region *r)
{
	char vendor[64], why[160];
	int family;
	size_t n;
	if (roofline_cpu_(vendor, sizeof vendor, &family) != 0) {
		roofline_no_counters_("cannot read /proc/cpuinfo");
		return -1;
	}
	const struct roofline_fp_event *ev = roofline_fp_events(vendor, family, &n);
	if (!ev) {
		snprintf(why, sizeof why, "no floating-point event table for %s family %d", vendor, family);
		roofline_no_counters_(why);
		return -1;
	}
	r->ev = ev;
	r->nev = 0;
	for (size_t i = 0; i < n && i < ROOFLINE_MAX_EVENTS; i++) {
		struct perf_event_attr pe;
		memset(&pe, 0, sizeof pe);
		pe.size = sizeof pe;
		pe.type = PERF_TYPE_RAW;
		pe.config = ev[i].config;
		pe.disabled = i == 0;
		pe.exclude_kernel = 1;
		pe.exclude_hv = 1;
		pe.inherit = 1;   /* threads the region starts count too; a pool started before does not */
		pe.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
		long fd = syscall(__NR_perf_event_open, &pe, 0, -1, i == 0 ? -1 : r->fds[0], 0);
		if (fd < 0) {
			snprintf(why, sizeof why, "perf_event_open(%s): %s", ev[i].name, strerror(errno));
			roofline_close_counters_(r);
			roofline_no_counters_(why);
			return -1;
		}
		r->fds[r->nev++] = (int)fd;
	}
	return 0;
}

ROOFLINE_API_ void roofline_counters_(struct roofline_region *r, int on)
{
	if (!r->nev)
		return;
	if (on) {
		ioctl(r->fds[0], PERF_EVENT_IOC_RESET, PERF_IOC_FLAG_GROUP);
		ioctl(r->fds[0], PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP);
		return;
	}
	ioctl(r->fds[0], PERF_EVENT_IOC_DISABLE, PERF_IOC_FLAG_GROUP);
	for (size_t i = 0; i < r->nev; i++) {
		uint64_t v[3];
		if (read(r->fds[i], v, sizeof v) == (ssize_t)sizeof v)
			r->counts[i] += roofline_scale_count(v[0], v[1], v[2]);
	}
}
#else
ROOFLINE_API_ int roofline_open_counters_(struct roofline_region *r)
{
	(void)r;
	roofline_no_counters_("perf_event_open is Linux's");
	return -1;
}
ROOFLINE_API_ void roofline_counters_(struct roofline_region *r, int on)
{
	(void)r, (void)on;
}
ROOFLINE_API_ void roofline_close_counters_(struct roofline_region *r)
{
	(void)r;
}
#endif

/* Starts a region: flops and bytes of one execution of the code. */
ROOFLINE_API_ void roofline_begin(struct roofline_region *r, const char *file, const char *name,
				  const char *version, double flops, double bytes)
{
	memset(r, 0, sizeof *r);
	r->file = file;
	r->name = name;
	r->version = version;
	r->flops = flops;
	r->bytes = bytes;
	r->threads = 1;
	const char *e = getenv("ROOFLINE_MIN_SECONDS");
	r->min_seconds = e && atof(e) > 0 ? atof(e) : ROOFLINE_MIN_SECONDS;
	r->trials = ROOFLINE_TRIALS;
	e = getenv("ROOFLINE_COUNT_FLOPS");
	r->count_flops = e && strcmp(e, "1") == 0;
	r->reps = 1;
	r->calibrating = 1;
}

/*
 * The loop condition: 1 while the code should run once more. Between
 * batches it reads the clock, doubles the repetitions while a batch is
 * shorter than min_seconds, and stops after `trials` batches that were long
 * enough.
 */
ROOFLINE_API_ int roofline_next(struct roofline_region *r)
{
	if (r->left > 0) {
		r->left--;
		return 1;
	}
	if (r->started) {
		struct timespec t1;
		clock_gettime(CLOCK_MONOTONIC, &t1);
		roofline_counters_(r, 0);
		double dt = (double)(t1.tv_sec - r->t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - r->t0.tv_nsec);
		if (r->calibrating && dt < r->min_seconds && r->reps < (1L << 30)) {
			r->reps *= 2;
			for (size_t i = 0; i < r->nev; i++)
				r->counts[i] = 0;
		} else {
			r->calibrating = 0;
			r->times[r->ntimes++] = dt / (double)r->reps;
			r->counted_reps += r->reps;
			if (r->ntimes >= r->trials || r->ntimes >= 16)
				return 0;
		}
	} else {
		if (r->trials < 1)
			r->trials = 1;
		if (r->count_flops)
			roofline_open_counters_(r);
		r->started = 1;
	}
	r->left = r->reps - 1;
	roofline_counters_(r, 1);
	clock_gettime(CLOCK_MONOTONIC, &r->t0);
	return 1;
}

/* Appends one row you timed yourself; 0, or -1 with a message on stderr. */
ROOFLINE_API_ int roofline_append(const char *file, const char *name, const char *version,
				  double flops, double bytes, double seconds, int threads,
				  const char *level, int counted)
{
	char row[1024], head[sizeof ROOFLINE_HEADER];
	size_t len = 0;
	const char *fields[2] = { name, version };
	for (int f = 0; f < 2; f++) {
		const char *s = fields[f] ? fields[f] : "";
		int quote = strpbrk(s, ",\"\r\n") != NULL;
		if (quote)
			row[len++] = '"';
		for (; *s && len < 600; s++) {
			if (*s == '"')
				row[len++] = '"';
			row[len++] = *s;
		}
		if (quote)
			row[len++] = '"';
		row[len++] = ',';
	}
	int w = snprintf(row + len, sizeof row - len, "%.17g,%.17g,%.9e,%d,%s,%s\n", flops, bytes,
			 seconds, threads > 0 ? threads : 1, level ? level : "",
			 counted ? "counted" : "declared");
	if (w < 0 || (size_t)w >= sizeof row - len) {
		fprintf(stderr, "roofline.h: %s: row too long\n", file);
		return -1;
	}
	len += (size_t)w;
	int fd = open(file, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
	if (fd < 0) {
		fprintf(stderr, "roofline.h: cannot open %s: %s\n", file, strerror(errno));
		return -1;
	}
	int rc = -1;
	struct stat st;
	/* The lock makes "empty? then the header" and the row one step for every writer. */
	if (flock(fd, LOCK_EX) != 0 || fstat(fd, &st) != 0) {
		fprintf(stderr, "roofline.h: %s: %s\n", file, strerror(errno));
		goto done;
	}
	char buf[sizeof ROOFLINE_HEADER + sizeof row];
	size_t n = 0;
	if (st.st_size == 0) {
		memcpy(buf, ROOFLINE_HEADER, sizeof ROOFLINE_HEADER - 1);
		n = sizeof ROOFLINE_HEADER - 1;
	} else {
		ssize_t got = pread(fd, head, sizeof head - 1, 0);
		if (got != (ssize_t)sizeof head - 1 || memcmp(head, ROOFLINE_HEADER, sizeof head - 1) != 0) {
			fprintf(stderr, "roofline.h: %s does not start with the header %.*s: not appending\n",
				file, (int)strlen(ROOFLINE_HEADER) - 1, ROOFLINE_HEADER);
			goto done;
		}
	}
	memcpy(buf + n, row, len);
	n += len;
	if (write(fd, buf, n) != (ssize_t)n) {
		fprintf(stderr, "roofline.h: cannot write %s: %s\n", file, strerror(errno));
		goto done;
	}
	rc = 0;
done:
	close(fd);
	return rc;
}

/* Ends a region: appends its row (median seconds of one execution); 0 or -1. */
ROOFLINE_API_ int roofline_end(struct roofline_region *r)
{
	double t[16], flops = r->flops;
	int n = r->ntimes;
	if (n == 0) {
		fprintf(stderr, "roofline.h: %s %s: nothing was timed\n", r->name, r->version);
		return -1;
	}
	for (int i = 0; i < n; i++) {   /* insertion sort: a handful of times */
		int j = i;
		while (j > 0 && t[j - 1] > r->times[i]) {
			t[j] = t[j - 1];
			j--;
		}
		t[j] = r->times[i];
	}
	double median = n % 2 ? t[n / 2] : 0.5 * (t[n / 2 - 1] + t[n / 2]);
	if (r->ev && r->nev && r->counted_reps > 0) {
		uint64_t counts[ROOFLINE_MAX_EVENTS];
		for (size_t i = 0; i < r->nev; i++)
			counts[i] = (uint64_t)(r->counts[i] + 0.5);
		double counted = roofline_flops_from_counts(r->ev, r->nev, counts) / (double)r->counted_reps;
		if (counted > 0) {
			flops = counted;
			r->counted = 1;
		} else {
			roofline_no_counters_("the counters counted no floating-point instructions");
		}
	}
	roofline_close_counters_(r);
	return roofline_append(r->file, r->name, r->version, flops, r->bytes, median, r->threads,
			       r->level, r->counted);
}

/* Times `...` (statements; commas allowed) and appends its row: see the top of this file. */
#define ROOFLINE_TIME(file, name, version, flops, bytes, ...)                                  \
	do {                                                                                   \
		struct roofline_region roofline_r_;                                            \
		roofline_begin(&roofline_r_, (file), (name), (version), (flops), (bytes));     \
		while (roofline_next(&roofline_r_)) {                                          \
			__VA_ARGS__;                                                           \
		}                                                                              \
		roofline_end(&roofline_r_);                                                    \
	} while (0)

#endif
