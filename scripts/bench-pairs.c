/*
 * bench-pairs.c - built-in kernels timed side by side in one process, for
 * `make bench-pairs` only: on a shared machine only ratios measured side by
 * side mean anything, so each round times every kernel once, in an order
 * rotated from round to round, and the figure to read is the median over
 * the rounds of each kernel's rate divided by the first kernel's rate in
 * the same round.
 *
 *   bench-pairs CPU BYTES_PER_ARRAY ROUNDS KERNEL[:PARAM] KERNEL[:PARAM]...
 *
 * A KERNEL of plain:PATTERN (plain:2r1w, plain:2r1w-ip, plain:2r0w,
 * plain:1r1w, plain:1r0w) is scripts/bench-loops.c's plain loop of it.
 *
 * BENCH_THREADS=T times T threads at once (CPU, CPU + 1, ...), each on its
 * own arrays of BYTES_PER_ARRAY, as the harness's teams. The arrays are
 * laid out as the harness lays out its own (measure.c: 2 MiB
 * aligned, huge pages asked for unless BENCH_HUGEPAGES=0, b and c skewed by
 * 1 KiB + 64 and 2 KiB + 128 bytes), filled with the shared inputs; each
 * timing is as the harness's (prepare, one untimed call, prepare, the timed
 * call of reps repetitions, the check), reps calibrated once per kernel to
 * BENCH_MIN_SECONDS (default 0.02) a timing; BENCH_ORDER=fixed keeps the
 * order given in every round (each kernel then follows the same one, as a
 * job follows the same job in the harness's round-robin). Rates by the kernel's own
 * metadata (bytes an element, STREAM's convention); a peak kernel's in
 * GFLOP/s. Prints one line per kernel: median and best rate, and the median
 * and quartiles of its ratio to the first kernel.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <omp.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel.h"
#include "registry.h"
#include "stats.h"
#include "timer.h"

#define SKEW (1024 / 8 + 8)
#define MAX_KERNELS 200
#define MAX_ROUNDS 400

/* scripts/bench-loops.c's plain loops, built with the kernels' flags (-DBENCH_LOOPS_LIB). */
double bench_loop_bytes(const char *pattern);
double bench_loop_run(const char *pattern, double *a, double *b, double *c, size_t n, long reps);
double *bench_loop_array(size_t n, int huge);

struct entry {
	const struct kernel *k;  /* NULL: the plain loop of pattern `plain` */
	const char *plain;
	int param;
	long reps;
	double rate[MAX_ROUNDS];
};

/* Thread t's arrays (each thread's own, first touched by it). */
static struct kernel_buffers tbuf[64];
static double tstart[64], tend[64];

/*
 * One timing as the harness's: on each of `threads` threads at once (each
 * pinned to CPU first + t, on its own arrays), prepare, an untimed call,
 * prepare, a barrier, the timed call, a barrier, the check; the seconds
 * from the first thread's start to the last one's end.
 */
static double timed(struct entry *e, int threads, int full)
{
	int failed = 0;
#pragma omp parallel num_threads(threads) reduction(+ : failed)
	{
		int t = omp_get_thread_num();
		const struct kernel_buffers *buf = &tbuf[t];
		if (!e->k) {
			/* A plain loop: an untimed call, the timed one; no check of its own. */
			volatile double sink = bench_loop_run(e->plain, buf->a, buf->b, buf->c, buf->n, 1);
#pragma omp barrier
			tstart[t] = timer_now();
			sink = bench_loop_run(e->plain, buf->a, buf->b, buf->c, buf->n, e->reps);
			tend[t] = timer_now();
			(void)sink;
#pragma omp barrier
		} else {
			if (e->k->prepare)
				e->k->prepare(buf, e->param);
			volatile double sink = e->k->run(buf, 1, e->param);
			(void)sink;
			if (e->k->prepare)
				e->k->prepare(buf, e->param);
#pragma omp barrier
			tstart[t] = timer_now();
			double result = e->k->run(buf, e->reps, e->param);
			tend[t] = timer_now();
#pragma omp barrier
			char why[256];
			if (e->k->check(buf, e->reps, e->param, result, full, why, sizeof why) != 0) {
				fprintf(stderr, "bench-pairs: %s (thread %d): %s\n", e->k->name, t, why);
				failed++;
			}
		}
	}
	if (failed)
		exit(1);
	/*
	 * The team's time: the first start to the last end. The slowest
	 * thread's own seconds would miss a thread that started late (taken
	 * off its core after the barrier): the others then streamed alone,
	 * faster than the team does together.
	 */
	double first = tstart[0], last = tend[0];
	for (int t = 1; t < threads; t++) {
		first = tstart[t] < first ? tstart[t] : first;
		last = tend[t] > last ? tend[t] : last;
	}
	return last - first;
}

int main(int argc, char **argv)
{
	if (argc < 5 || argc - 4 > MAX_KERNELS) {
		fprintf(stderr, "usage: bench-pairs CPU BYTES_PER_ARRAY ROUNDS KERNEL[:PARAM]... (at most %d)\n",
			MAX_KERNELS);
		return 2;
	}
	size_t n = (size_t)(strtod(argv[2], NULL) / 8) / 8 * 8;
	int rounds = atoi(argv[3]), nk = argc - 4;
	if (n < 64 || rounds < 1 || rounds > MAX_ROUNDS) {
		fprintf(stderr, "bench-pairs: a bad size %s or rounds %s\n", argv[2], argv[3]);
		return 2;
	}
	const char *h = getenv("BENCH_HUGEPAGES"), *ms = getenv("BENCH_MIN_SECONDS");
	const char *order = getenv("BENCH_ORDER");
	int rotate = !(order && strcmp(order, "fixed") == 0);
	int huge = !(h && strcmp(h, "0") == 0);
	double min_seconds = ms ? atof(ms) : 0.02;
	static struct entry e[MAX_KERNELS];
	for (int i = 0; i < nk; i++) {
		char name[128];
		snprintf(name, sizeof name, "%s", argv[4 + i]);
		char *colon = strchr(name, ':');
		e[i].param = colon ? atoi(colon + 1) : 0;
		if (colon)
			*colon = 0;
		if (strcmp(name, "plain") == 0 && colon && bench_loop_bytes(colon + 1) > 0) {
			e[i].plain = argv[4 + i] + (colon + 1 - name);
			e[i].param = 0;
			continue;
		}
		e[i].k = registry_find(name);
		if (!e[i].k || !e[i].k->run) {
			fprintf(stderr, "bench-pairs: no kernel %s built here\n", name);
			return 2;
		}
	}
	const char *th = getenv("BENCH_THREADS");
	int threads = th ? atoi(th) : 1, first = atoi(argv[1]);
	if (threads < 1 || threads > 64) {
		fprintf(stderr, "bench-pairs: BENCH_THREADS=%s: 1 to 64\n", th);
		return 2;
	}
	omp_set_dynamic(0);
#pragma omp parallel num_threads(threads)
	{
		int t = omp_get_thread_num();
		cpu_set_t one;
		CPU_ZERO(&one);
		CPU_SET(first + t, &one);
		sched_setaffinity(0, sizeof one, &one);
		struct kernel_buffers *buf = &tbuf[t];
		buf->a = bench_loop_array(n, huge);
		buf->b = bench_loop_array(n, huge) + SKEW;
		buf->c = bench_loop_array(n, huge) + 2 * SKEW;
		buf->n = n;
		kernel_fill_inputs(buf);
	}
	for (int i = 0; i < nk; i++) {
		e[i].reps = 1;
		while (timed(&e[i], threads, e[i].reps == 1) < min_seconds && e[i].reps < (1L << 40))
			e[i].reps *= 2;
	}
	for (int r = 0; r < rounds; r++)
		for (int j = 0; j < nk; j++) {
			struct entry *x = &e[(rotate * r + j) % nk];
			double per = !x->k ? bench_loop_bytes(x->plain)
				     : x->k->kind == KERNEL_PEAK ? kernel_flops_per_elem(x->k, x->param)
				     : kernel_bytes_per_elem(x->k, x->param);
			x->rate[r] = per * (double)n * threads * (double)x->reps / timed(x, threads, 0) / 1e9;
		}
	printf("%-24s %6s %9s %9s %7s %7s %7s   (%d rounds, %zu bytes an array, huge pages %s)\n",
	       "kernel", "reps", "median", "best", "ratio", "q1", "q3", rounds, n * 8, huge ? "asked" : "off");
	printf("%d thread(s) on CPU %d on, each its own arrays\n", threads, first);
	for (int i = 0; i < nk; i++) {
		double ratio[MAX_ROUNDS], v[MAX_ROUNDS];
		for (int r = 0; r < rounds; r++) {
			ratio[r] = e[i].rate[r] / e[0].rate[r];
			v[r] = e[i].rate[r];
		}
		double med = stats_quantile(v, (size_t)rounds, 0.5), best = stats_quantile(v, (size_t)rounds, 1.0);
		double q1 = stats_quantile(ratio, (size_t)rounds, 0.25), q3 = stats_quantile(ratio, (size_t)rounds, 0.75);
		char label[160];
		if (e[i].k)
			snprintf(label, sizeof label, "%s%s%.0d", e[i].k->name, e[i].param ? ":" : "", e[i].param);
		else
			snprintf(label, sizeof label, "plain:%s", e[i].plain);
		printf("%-24s %6ld %9.2f %9.2f %7.3f %7.3f %7.3f\n", label, e[i].reps, med, best,
		       stats_quantile(ratio, (size_t)rounds, 0.5), q1, q3);
	}
	return 0;
}
