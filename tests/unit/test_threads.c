/*
 * test_threads.c - analysis_build on a scripted run of 1 and 2 threads with
 * FMA chains and the FMA+add mix, whose answers are exact: each thread
 * count's roofs come from its own timings and carry "@Nt", points are judged
 * by the roofs of their own count, the peak is the best of the FMA chains and
 * the mix (the FMA-only plateau staying as the `fma` ceiling), and the
 * theoretical peak follows from the inferred pipes and each count's clock.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "analysis.h"
#include "diagnosis.h"
#include "roof_text.h"
#include "registry.h"

static struct rundata run;
static size_t cap;

static void add(const char *group, const char *kernel, long param, int threads, double ws,
		double flops, double bytes, double rate, int pass, int trial)
{
	if (run.ntimings == cap) {
		cap = cap ? cap * 2 : 256;
		run.timings = realloc(run.timings, cap * sizeof *run.timings);
	}
	struct timing *t = &run.timings[run.ntimings++];
	memset(t, 0, sizeof *t);
	t->pass = pass;
	t->trial = trial;
	tgroup_parse(group, &t->group);
	snprintf(t->kernel, sizeof t->kernel, "%s", kernel);
	t->k = registry_find(kernel);   /* as input resolves it */
	t->param = param;
	t->threads = threads;
	t->working_set = ws;
	t->flops = flops;
	t->bytes = bytes;
	double work = strcmp(group, "bandwidth") == 0 ? bytes : flops;
	t->seconds = work / (rate * 1e9);
}

static const char *const env[][2] = {
	{ "clock_ghz", "3.5" }, { "clock_ghz@2t", "3" }, { "sweep_settled", "1" },
};
#define NENV (sizeof env / sizeof env[0])

/* Two levels per count: L1 to 32 KiB (x threads), then DRAM from 4 MiB (x threads). */
static double sweep_rate(double ws, int threads)
{
	double per_thread = ws / threads;
	double rate = per_thread <= 32768 ? 160 : per_thread >= 4194304 ? 20 : 40;
	/* The DRAM roof scales by 1.5 on two threads, the private L1 by 2. */
	return threads == 1 ? rate : per_thread <= 32768 ? 2 * rate : rate * 1.5;
}

/*
 * mix: the per-core rate of the FMA+add mix's plateau: 168 = 3.5 GHz x 8
 * lanes x (2 x 2 FMAs + 2 adds) (a core with add pipes of its own), or 84 (a
 * core whose adds share the 2 FMA pipes: 1 FMA + 1 add a cycle).
 */
static void script(double mix)
{
	memset(&run, 0, sizeof run);
	cap = 0;
	run.env = calloc(NENV, sizeof *run.env);
	run.nenv = NENV;
	for (size_t i = 0; i < NENV; i++) {
		run.env[i].key = strdup(env[i][0]);
		run.env[i].value = strdup(env[i][1]);
	}
	rundata_parse_env(&run);
	for (int threads = 1; threads <= 2; threads++) {
		/* The all-core clock is 3/3.5 of one core's: the chip's rates scale by that. */
		double slow = threads == 1 ? 1.0 : 2 * 3.0 / 3.5;
		for (int trial = 1; trial <= 2; trial++) {
			for (double ws = 16384; ws <= 67108864.0 * threads; ws *= 2)
				add("bandwidth", "triad", (long)(ws / 3), threads, ws, ws / 12, ws,
				    sweep_rate(ws, threads), 1, trial);
			for (int k = 1; k <= 16; k++)
				add("peak", "fma_avx512", k, threads, 0, 16e7 * k, 0,
				    fmin(14.0 * k, 112) * slow, 1, trial);
			for (int p = 1; p <= 15; p++)
				add("peak", "fma_add_avx512", p, threads, 0, 24e7 * p, 0,
				    fmin(12.0 * p, mix) * slow, 1, trial);
			/*
			 * A dot from DRAM at half its roof's rate: 20 GB/s x 1/8 flop/byte
			 * x 1/2; 64 MiB in both counts, inside both counts' DRAM plateaus.
			 */
			add("kernels", "dot", 0, threads, 67108864.0, 8388608, 67108864,
			    1.25 * (threads == 1 ? 1 : 1.5), 1, trial);
			/*
			 * Horner D=64: 8 flop/byte, above the ridge; all FMAs, so capped by
			 * the FMA-only plateau (112 x slow), here at half of it.
			 */
			add("kernels", "horner", 64, threads, 67108864.0, 2.0 * 64 * 4194304,
			    16.0 * 4194304, 56 * slow, 1, trial);
		}
	}
}

static int teardown(void **state)
{
	(void)state;
	for (size_t i = 0; i < run.nenv; i++) {
		free(run.env[i].key);
		free(run.env[i].value);
	}
	free(run.env);
	free(run.timings);
	return 0;
}

static double roof(const struct analysis *a, const char *name)
{
	const struct roof *r = analysis_roof(a, name);
	if (!r)
		fail_msg("no roof %s", name);
	return r->value;
}

#define assert_near(x, want) do { \
	double x_ = (x), w_ = (want); \
	if (!(fabs(x_ - w_) <= 1e-9 * fabs(w_))) \
		fail_msg("%s = %.17g, want %.17g", #x, x_, w_); \
} while (0)

static void test_roofs_per_thread_count(void **state)
{
	static struct analysis a;
	char err[256];
	(void)state;
	script(168);
	assert_int_equal(analysis_build(&run, &a, err, sizeof err), 0);
	assert_near(roof(&a, "L1"), 160);
	assert_near(roof(&a, "DRAM"), 20);
	assert_near(roof(&a, "L1@2t"), 320);
	assert_near(roof(&a, "DRAM@2t"), 30);
	assert_int_equal(analysis_roof(&a, "DRAM@2t")->threads, 2);
	/* The kept sweep is one thread's: 16 KiB .. 64 MiB, 13 sizes. */
	assert_int_equal(a.nsweep, 13);
	/* The ridge pairs one count's roofs. */
	assert_near(a.ridge, 168.0 / 20);
	assert_ptr_equal(analysis_dram(&a), analysis_roof(&a, "DRAM"));
	assert_ptr_equal(analysis_dram_of(&a, 2), analysis_roof(&a, "DRAM@2t"));
	assert_ptr_equal(analysis_peak_of(&a, 2), analysis_roof(&a, "peak@2t"));
	teardown(state);
}

static void test_points_judged_by_their_count(void **state)
{
	static struct analysis a;
	char err[256];
	(void)state;
	script(168);
	assert_int_equal(analysis_build(&run, &a, err, sizeof err), 0);
	int seen = 0;
	for (size_t i = 0; i < a.npoints; i++) {
		const struct point *p = &a.points[i];
		if (strcmp(p->kernel, "dot") != 0)
			continue;
		seen |= p->threads;
		assert_string_equal(roof_text(p->roof), p->threads == 1 ? "DRAM" : "DRAM@2t");
		assert_near(p->roof_gflops, (p->threads == 1 ? 20 : 30) / 8.0);
		assert_near(p->fraction, 0.5);
	}
	assert_int_equal(seen, 3);
	teardown(state);
}

/* A kernel made only of FMAs is judged by `fma` of its count, not by the mix's peak. */
static void test_fma_only_kernels_judged_by_fma(void **state)
{
	static struct analysis a;
	char err[256];
	(void)state;
	script(168);
	assert_int_equal(analysis_build(&run, &a, err, sizeof err), 0);
	int seen = 0;
	for (size_t i = 0; i < a.npoints; i++) {
		const struct point *p = &a.points[i];
		if (strcmp(p->kernel, "horner") != 0)
			continue;
		seen |= p->threads;
		assert_int_equal(p->bound_id, BOUND_COMPUTE);
		assert_string_equal(roof_text(p->roof), p->threads == 1 ? "fma" : "fma@2t");
		assert_near(p->fraction, 0.5);
	}
	assert_int_equal(seen, 3);
	/* A compiled point whose flops are not all FMAs reaches for the mix's peak. */
	struct point q = { .ai = 64, .gflops = 100, .threads = 2, .isa = ISA_NONE };
	snprintf(q.kernel, sizeof q.kernel, "mine");
	snprintf(q.level, sizeof q.level, "DRAM");
	diagnosis_place(&a, &q);
	assert_string_equal(roof_text(q.ceiling), "peak@2t");
	q.fma_only = 1;
	diagnosis_place(&a, &q);
	assert_string_equal(roof_text(q.ceiling), "fma@2t");
	teardown(state);
}

static void test_mix_sets_the_peak(void **state)
{
	static struct analysis a;
	char err[256];
	(void)state;
	script(168);
	assert_int_equal(analysis_build(&run, &a, err, sizeof err), 0);
	assert_near(roof(&a, "peak"), 168);
	assert_near(a.peak, 168);
	assert_near(roof(&a, "fma"), 112);
	assert_int_equal(analysis_roof(&a, "fma")->kind, ROOF_CEILING);
	assert_near(roof(&a, "peak@2t"), 168 * 2 * 3.0 / 3.5);
	assert_near(roof(&a, "fma@2t"), 112 * 2 * 3.0 / 3.5);
	/* The mix sets no chain curve: one ISA, fma_avx512. */
	assert_int_equal(a.nchains, 1);
	assert_string_equal(a.chains[0].kernel, "fma_avx512");
	/* Pipes: 112 / (3.5 x 8 x 2) = 2 FMA; the mix keeps 168 / (3.5 x 8 x 3) = 2 FMAs a cycle: 2 add. */
	assert_int_equal(a.npeaks, 2);
	assert_string_equal(a.peaks[0].set_by.kernel, "fma_add_avx512");
	assert_int_equal(a.peaks[0].set_by.letter, 'P');
	assert_int_equal(a.peaks[0].set_by.param, 14);
	assert_int_equal(a.peaks[0].fma_pipes, 2);
	assert_int_equal(a.peaks[0].add_pipes, 2);
	assert_near(a.peaks[0].flops_per_cycle, 48);
	assert_near(a.peaks[0].theory, 3.5 * 48);
	/* The chip: 2 cores at the all-core clock of 3 GHz. */
	assert_int_equal(a.peaks[1].threads, 2);
	assert_near(a.peaks[1].clock_ghz, 3.0);
	assert_near(a.peaks[1].theory, 2 * 3.0 * 48);
	teardown(state);
}

static void test_shared_pipes_keep_the_fma_peak(void **state)
{
	static struct analysis a;
	char err[256];
	(void)state;
	script(84);
	assert_int_equal(analysis_build(&run, &a, err, sizeof err), 0);
	assert_near(roof(&a, "peak"), 112);
	assert_near(roof(&a, "fma"), 112);
	assert_string_equal(a.peaks[0].set_by.kernel, "fma_avx512");
	assert_int_equal(a.peaks[0].set_by.letter, 'K');
	assert_int_equal(a.peaks[0].set_by.param, 8);
	assert_int_equal(a.peaks[0].fma_pipes, 2);
	assert_int_equal(a.peaks[0].add_pipes, 0);
	assert_near(a.peaks[0].theory, 3.5 * 8 * 4);
	teardown(state);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_roofs_per_thread_count),
		cmocka_unit_test(test_points_judged_by_their_count),
		cmocka_unit_test(test_fma_only_kernels_judged_by_fma),
		cmocka_unit_test(test_mix_sets_the_peak),
		cmocka_unit_test(test_shared_pipes_keep_the_fma_peak),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
