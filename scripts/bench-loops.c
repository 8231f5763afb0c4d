/*
 * bench-loops.c - plain hand-written loops of each access pattern, for
 * `make bench` only (scripts/bench.sh): what a user's own loop reaches at a
 * working set, against which the roofs are read. A roof is the best way of
 * running its pattern, so each roof must reach at least this.
 *
 *   bench-loops PATTERN BYTES_PER_ARRAY CPU  ->  GB/s, one line
 *
 *   2r1w     a[i] = b[i] + s*c[i]   24 bytes an element
 *   2r1w-ip  a[i] = a[i] + s*b[i]   24
 *   2r0w     s += b[i]*c[i]         16 (16 partial sums, as a user splits them)
 *   1r1w     a[i] = b[i]            16
 *   1r0w     s += c[i]               8 (16 partial sums)
 *
 * Plain C, built with the kernels' flags (KERNEL_CFLAGS) and its loops on
 * 64-byte blocks, as the bandwidth kernels' (Makefile): the compiler
 * vectorises and unrolls as it likes. Bytes by STREAM's convention, as the
 * roofs count them. The arrays are laid out as the harness lays out its own
 * (src/measure/measure.c): 2 MiB aligned, huge pages asked for, b and c
 * skewed by 1 KiB + 64 and 2 KiB + 128 bytes so that a[i], b[i] and c[i]
 * never share their low 12 address bits; pinned to CPU; an untimed call,
 * then timings of enough passes to last a millisecond at least, and the
 * best of them (the roofs are bests too).
 *
 * Built with -DBENCH_LOOPS_LIB it has no main and gives its loops to
 * scripts/bench-pairs.c instead (bench_loop_bytes, bench_loop_run), timed
 * there side by side with the built-in kernels.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#define SKEW (1024 / 8 + 8)
#define SUMS 16

__attribute__((unused)) static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/*
 * An array of n doubles and room for the skews, on a 2 MiB boundary,
 * zeroed; huge pages asked for where `huge`. Shared with bench-pairs.c
 * (which has the lib build), so both time loops over the same arrays.
 */
double *bench_loop_array(size_t n, int huge);
double *bench_loop_array(size_t n, int huge)
{
	size_t bytes = ((n + 2 * SKEW) * sizeof(double) + (2u << 20) - 1) / (2u << 20) * (2u << 20);
	double *p = aligned_alloc(2u << 20, bytes);
	if (!p) {
		fprintf(stderr, "bench: cannot allocate %zu bytes\n", bytes);
		exit(2);
	}
#ifdef MADV_HUGEPAGE
	if (huge)
		madvise(p, bytes, MADV_HUGEPAGE);
#endif
	memset(p, 0, bytes);
	return p;
}

/* Each loop: reps passes over n elements; returns a value that depends on all of them. */
static double triad(double *restrict a, const double *restrict b, const double *restrict c, size_t n, long reps)
{
	for (long r = 0; r < reps; r++) {
		for (size_t i = 0; i < n; i++)
			a[i] = b[i] + 3.0 * c[i];
		__asm__ __volatile__("" : : "r"(a) : "memory");
	}
	return a[n - 1];
}

static double update(double *restrict a, const double *restrict b, size_t n, long reps)
{
	for (long r = 0; r < reps; r++) {
		for (size_t i = 0; i < n; i++)
			a[i] = a[i] + 3.0 * b[i];
		__asm__ __volatile__("" : : "r"(a) : "memory");
	}
	return a[n - 1];
}

static double copy(double *restrict a, const double *restrict b, size_t n, long reps)
{
	for (long r = 0; r < reps; r++) {
		for (size_t i = 0; i < n; i++)
			a[i] = b[i];
		__asm__ __volatile__("" : : "r"(a) : "memory");
	}
	return a[n - 1];
}

static double dot(const double *restrict b, const double *restrict c, size_t n, long reps)
{
	double total = 0.0;
	for (long r = 0; r < reps; r++) {
		double s[SUMS] = { 0.0 };
		size_t i = 0;
		for (; i + SUMS <= n; i += SUMS)
			for (int k = 0; k < SUMS; k++)
				s[k] += b[i + k] * c[i + k];
		for (; i < n; i++)
			s[0] += b[i] * c[i];
		for (int k = 1; k < SUMS; k++)
			s[0] += s[k];
		total += s[0];
		__asm__ __volatile__("" : : "r"(b), "r"(c) : "memory");
	}
	return total;
}

static double sum(const double *restrict c, size_t n, long reps)
{
	double total = 0.0;
	for (long r = 0; r < reps; r++) {
		double s[SUMS] = { 0.0 };
		size_t i = 0;
		for (; i + SUMS <= n; i += SUMS)
			for (int k = 0; k < SUMS; k++)
				s[k] += c[i + k];
		for (; i < n; i++)
			s[0] += c[i];
		for (int k = 1; k < SUMS; k++)
			s[0] += s[k];
		total += s[0];
		__asm__ __volatile__("" : : "r"(c) : "memory");
	}
	return total;
}

enum pattern { TRIAD, UPDATE, DOT, COPY, SUM };
static const struct {
	const char *name;
	enum pattern p;
	int arrays;
	double bytes;   /* an element, STREAM's convention */
} patterns[] = {
	{ "2r1w", TRIAD, 3, 24 }, { "2r1w-ip", UPDATE, 2, 24 }, { "2r0w", DOT, 2, 16 },
	{ "1r1w", COPY, 2, 16 },  { "1r0w", SUM, 1, 8 },
};

static double run(enum pattern p, double *a, double *b, double *c, size_t n, long reps)
{
	switch (p) {
	case TRIAD: return triad(a, b, c, n, reps);
	case UPDATE: return update(a, b, n, reps);
	case DOT: return dot(b, c, n, reps);
	case COPY: return copy(a, b, n, reps);
	case SUM: return sum(c, n, reps);
	}
	return 0.0;
}

#ifdef BENCH_LOOPS_LIB
/* The bytes an element of PATTERN's loop moves, STREAM's convention; 0: no such loop. */
double bench_loop_bytes(const char *pattern);
double bench_loop_run(const char *pattern, double *a, double *b, double *c, size_t n, long reps);

double bench_loop_bytes(const char *pattern)
{
	for (size_t i = 0; i < sizeof patterns / sizeof patterns[0]; i++)
		if (strcmp(patterns[i].name, pattern) == 0)
			return patterns[i].bytes;
	return 0;
}

/* PATTERN's loop, reps passes over n elements (a known pattern: bench_loop_bytes > 0). */
double bench_loop_run(const char *pattern, double *a, double *b, double *c, size_t n, long reps)
{
	for (size_t i = 0; i < sizeof patterns / sizeof patterns[0]; i++)
		if (strcmp(patterns[i].name, pattern) == 0)
			return run(patterns[i].p, a, b, c, n, reps);
	return 0.0;
}
#else
int main(int argc, char **argv)
{
	if (argc != 4) {
		fprintf(stderr, "usage: bench-loops PATTERN BYTES_PER_ARRAY CPU\n");
		return 2;
	}
	size_t which = 0, np = sizeof patterns / sizeof patterns[0];
	while (which < np && strcmp(patterns[which].name, argv[1]) != 0)
		which++;
	char *end;
	double per_array = strtod(argv[2], &end);
	if (which == np || *end || !(per_array >= 64)) {
		fprintf(stderr, "bench-loops: no pattern %s or a bad size %s\n", argv[1], argv[2]);
		return 2;
	}
	cpu_set_t set;
	CPU_ZERO(&set);
	CPU_SET(atoi(argv[3]), &set);
	sched_setaffinity(0, sizeof set, &set);
	size_t n = (size_t)(per_array / 8) / 8 * 8;
	double *a = bench_loop_array(n, 1), *b = bench_loop_array(n, 1) + SKEW, *c = bench_loop_array(n, 1) + 2 * SKEW;
	for (size_t i = 0; i < n; i++) {
		b[i] = (double)(i % 16) / 16;
		c[i] = (double)(i % 8) / 8;
	}
	enum pattern p = patterns[which].p;
	volatile double sink = run(p, a, b, c, n, 1);   /* the untimed call */
	long reps = 1;
	double t;
	for (;;) {
		double t0 = now();
		sink += run(p, a, b, c, n, reps);
		t = now() - t0;
		if (t >= 1e-3 || reps > (1L << 40))
			break;
		reps *= 2;
	}
	/* Timings to a quarter of a second, 10 at least (a DRAM pass is tens of milliseconds). */
	int timings = 0;
	double best = t, spent = 0;
	while (timings < 10 || spent < 0.25) {
		double t0 = now();
		sink += run(p, a, b, c, n, reps);
		double dt = now() - t0;
		best = dt < best ? dt : best;
		spent += dt;
		timings++;
		if (timings >= 200)
			break;
	}
	(void)sink;
	printf("%.2f\n", patterns[which].bytes * (double)n * (double)reps / best / 1e9);
	return 0;
}
#endif
