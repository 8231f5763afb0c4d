/*
 * test_diagnosis.c - the bound and diagnosis of every point, on the output of
 * analysis_build for a scripted run whose truth is known (table below), and
 * on points that do not come from the registry (a user's own code).
 *
 * The scripted run: three kept trials a pass at 0.9, 1.0 and 1.1 x each
 * job's rate (a warm-up at 0.1 x), so every median is the scripted rate and
 * every best 10% above it: a fraction that mixed a median with a best would
 * be off by 10%.
 *  - sweep (triad, 2r1w): <= 32 KiB of working set 160 GB/s, <= 1 MiB 80,
 *    2 MiB 40 (a transition), >= 4 MiB 20 (DRAM);
 *  - FMA chains, K = 1..16: scalar 1.75 GFLOP/s a chain up to 21 (K = 12),
 *    avx2 7 a chain up to 84, avx512 14 a chain up to 168 (the peak);
 *  - the compiler's remarks (gcc): horner's loops vectorised 64 bytes wide
 *    (8 doubles) except the members D = 32 and D = 64, not vectorised.
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
#include "registry.h"
#include "pointtext.h"
#include "roof_text.h"

/* The sentence the writers make of p's verdict (pointtext.h). */
static const char *said(const struct point *p)
{
	static char buf[4][480];
	static int next;
	next = (next + 1) % 4;
	return pointtext_diagnosis(p, buf[next], sizeof buf[next]);
}

#define MIB 1048576.0

/* gcc -fopt-info-vec-all for horner.c: one loop a member, D = 1 .. 128 on lines 44 .. 51. */
static const char horner_remarks[] =
	"horner.c:44:1: optimized: loop vectorized using 64 byte vectors\n"
	"horner.c:45:1: optimized: loop vectorized using 64 byte vectors\n"
	"horner.c:46:1: optimized: loop vectorized using 64 byte vectors\n"
	"horner.c:47:1: optimized: loop vectorized using 64 byte vectors\n"
	"horner.c:48:1: optimized: loop vectorized using 64 byte vectors\n"
	"horner.c:49:1: missed: couldn't vectorize loop\n"
	"horner.c:49:1: missed: not vectorized: complicated access pattern.\n"
	"horner.c:50:1: missed: couldn't vectorize loop\n"
	"horner.c:50:1: missed: not vectorized: complicated access pattern.\n"
	"horner.c:51:1: optimized: loop vectorized using 64 byte vectors\n";

/*
 * Each kernels-group job and what the model must say of it. `n` is the
 * number of chains a latency-bound point runs at (its rate is n one-chain
 * rates), 0 for the others; `says` is a phrase the diagnosis must contain
 * and `not` one it must not.
 */
static const struct scripted_point {
	const char *what;
	const char *kernel;
	long param;
	double ws, rate;            /* bytes, median GFLOP/s */
	const char *level, *roof, *bound;
	double fraction;
	const char *says, *not;
} cases[] = {
	{ "memory-bound near its roof", "triad", 0, 96 * MIB, 1.6,
	  "DRAM", "DRAM.2r1w", "memory", 1.6 / (20.0 / 12), "near its roof", "ceiling" },
	{ "memory-bound a little under", "dot", 0, 64 * MIB, 1.75,
	  "DRAM", "DRAM", "memory", 0.7, "stream a little less well", "chain" },
	{ "memory-bound far from its roof", "dot_split", 0, 64 * MIB, 0.75,
	  "DRAM", "DRAM", "memory", 0.3, "far under its roof", "scalar" },
	{ "memory-bound from L1", "horner", 1, 32768, 19,
	  "L1", "L1", "memory", 0.95, "near its roof", "ceiling" },
	{ "above its roof", "triad", 0, 48 * MIB, 2.0,
	  "DRAM", "DRAM.2r1w", "memory", 1.2, "above its roof", NULL },
	{ "faster than its remarks' ceiling: judged by the widest vectors, memory-bound there", "horner", 64, 32 * MIB, 30,
	  "DRAM", "DRAM", "memory", 30.0 / 160, "undersell the build", "above" },
	{ "compute-bound at the peak", "horner_simd_avx512", 128, 64 * MIB, 160,
	  "DRAM", "peak", "compute", 160.0 / 168, "near the FMA peak", "latency" },
	{ "a narrower ISA at its ceiling", "horner_simd_avx2", 128, 64 * MIB, 80,
	  "DRAM", "avx2", "compute", 80.0 / 84, "as fast as its vector width goes", "latency" },
	{ "compiled, not vectorised, at the scalar ceiling", "horner", 64, 64 * MIB, 20,
	  "DRAM", "scalar", "compute", 20.0 / 21, "compiled, not vectorised", "latency" },
	{ "compiled, not vectorised, two scalar chains", "horner", 32, 64 * MIB, 3.5,
	  "DRAM", "scalar", "compute", 3.5 / 21, "2 x the rate of one dependent scalar FMA chain",
	  NULL },
};

static struct rundata run;
static size_t cap;
static struct analysis an;

/* The thread count of the timings add() writes. */
static int cur_threads = 1;

static void add(const char *group, const char *kernel, long param, double ws, double flops,
		double bytes, double rate, int pass, int trial)
{
	if (run.ntimings == cap) {
		cap = cap ? cap * 2 : 1024;
		run.timings = realloc(run.timings, cap * sizeof *run.timings);
	}
	struct timing *t = &run.timings[run.ntimings++];
	memset(t, 0, sizeof *t);
	t->pass = pass;
	t->trial = trial;
	t->warmup = trial == 1;
	tgroup_parse(group, &t->group);
	snprintf(t->kernel, sizeof t->kernel, "%s", kernel);
	t->k = registry_find(kernel);   /* as input resolves it */
	t->param = param;
	t->threads = cur_threads;
	t->working_set = ws;
	t->flops = flops;
	t->bytes = bytes;
	static const double factor[] = { 0, 0.1, 0.9, 1.0, 1.1 };
	double work = strcmp(group, "bandwidth") == 0 ? bytes : flops;
	t->seconds = work / (rate * factor[trial] * 1e9);
}

/* A kernels job of registry kernel `name` at working set ws, running at `rate`. */
static void add_kernel(const char *name, long param, double ws, double rate, int pass, int trial)
{
	const struct kernel *k = registry_find(name);
	assert_non_null(k);
	double n = ws / (8.0 * k->arrays);
	add("kernels", name, param, ws, n * kernel_flops_per_elem(k, (int)param),
	    n * kernel_bytes_per_elem(k, (int)param), rate, pass, trial);
}

static double sweep_rate(double ws)
{
	return ws <= 32768 ? 160 : ws <= MIB ? 80 : ws >= 4 * MIB ? 20 : 40;
}

static const char *const env[][2] = {
	{ "clock_ghz", "3.5" }, { "l1d_bytes", "49152" }, { "l2_bytes", "1048576" },
	{ "l3_bytes", "2097152" }, { "sweep_settled", "1" }, { "cc", "gcc" },
};
#define NENV (sizeof env / sizeof env[0])

static int setup(void **state)
{
	(void)state;
	memset(&run, 0, sizeof run);
	cap = 0;
	run.env = calloc(NENV, sizeof *run.env);
	run.nenv = NENV;
	for (size_t i = 0; i < NENV; i++) {
		run.env[i].key = strdup(env[i][0]);
		run.env[i].value = strdup(env[i][1]);
	}
	rundata_parse_env(&run);
	run.remarks = calloc(1, sizeof *run.remarks);
	run.nremarks = 1;
	snprintf(run.remarks[0].kernel, sizeof run.remarks[0].kernel, "horner");
	run.remarks[0].text = strdup(horner_remarks);
	for (int pass = 1; pass <= 2; pass++) {
		for (int trial = 1; trial <= 4; trial++) {
			for (double ws = 16384; ws <= 96 * MIB; ws *= 2)
				add("bandwidth", "triad", (long)(ws / 3), ws, ws / 12, ws, sweep_rate(ws),
				    pass, trial);
			for (int k = 1; k <= 16; k++) {
				add("peak", "fma_scalar", k, 0, 2e7 * k, 0, fmin(1.75 * k, 21), pass, trial);
				add("peak", "fma_avx2", k, 0, 8e7 * k, 0, fmin(7.0 * k, 84), pass, trial);
				add("peak", "fma_avx512", k, 0, 16e7 * k, 0, fmin(14.0 * k, 168), pass, trial);
			}
			for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
				add_kernel(cases[i].kernel, cases[i].param, cases[i].ws, cases[i].rate,
					   pass, trial);
			/* Latency: horner D = 128, vectorised 8 wide, at 1..8 avx512 chains' rate. */
			for (int n = 1; n <= 8; n++)
				add_kernel("horner", 128, 8 * MIB * n, 14.0 * n, pass, trial);
			/*
			 * Two threads: twice each roof, every ISA's chains; three
			 * threads: the avx512 chains only (a run that did not
			 * measure the narrower ISA at that count). An avx2 kernel
			 * at 2 and 3 threads must meet a compute ceiling either way.
			 */
			for (cur_threads = 2; cur_threads <= 3; cur_threads++) {
				double x = cur_threads;
				for (double ws = 16384; ws <= 96 * MIB; ws *= 2)
					add("bandwidth", "triad", (long)(ws / 3), ws, ws / 12, ws,
					    x * sweep_rate(ws), pass, trial);
				for (int k = 1; k <= 16; k++) {
					add("peak", "fma_avx512", k, 0, 16e7 * k, 0, x * fmin(14.0 * k, 168), pass, trial);
					if (cur_threads == 2)
						add("peak", "fma_avx2", k, 0, 8e7 * k, 0, x * fmin(7.0 * k, 84), pass, trial);
				}
				add_kernel("horner_simd_avx2", 128, 64 * MIB, x * 80, pass, trial);
			}
			cur_threads = 1;
		}
	}
	char err[256] = "";
	if (analysis_build(&run, &an, err, sizeof err) != 0)
		fail_msg("analysis_build: %s", err);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	for (size_t i = 0; i < run.nenv; i++) {
		free(run.env[i].key);
		free(run.env[i].value);
	}
	free(run.env);
	free(run.remarks[0].text);
	free(run.remarks);
	free(run.timings);
	return 0;
}

static const struct point *point_at(const char *kernel, long param, double ws)
{
	for (size_t i = 0; i < an.npoints; i++)
		if (an.points[i].param == param && an.points[i].working_set == ws &&
		    strcmp(an.points[i].kernel, kernel) == 0)
			return &an.points[i];
	fail_msg("no point %s %ld at %g bytes", kernel, param, ws);
	return NULL;
}

static void test_roofs_are_what_was_scripted(void **state)
{
	(void)state;
	/* Bests are 1.1 x, medians 1.0 x the scripted rates. */
	assert_float_equal(analysis_roof(&an, "DRAM")->value, 22, 1e-9);
	assert_float_equal(analysis_roof(&an, "DRAM")->median, 20, 1e-9);
	assert_float_equal(analysis_roof(&an, "peak")->median, 168, 1e-9);
	assert_float_equal(analysis_roof(&an, "avx2")->median, 84, 1e-9);
	assert_float_equal(analysis_roof(&an, "scalar")->median, 21, 1e-9);
}

static void test_scripted_points(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const struct scripted_point *c = &cases[i];
		const struct point *p = point_at(c->kernel, c->param, c->ws);
		if (strcmp(p->level, c->level) || strcmp(roof_text(p->roof), c->roof) || strcmp(point_bound_name(p->bound_id), c->bound) ||
		    fabs(p->fraction - c->fraction) > 1e-9 || !strstr(said(p), c->says) ||
		    (c->not && strstr(said(p), c->not)) ||
		    (strstr(c->what, "above") != NULL) != p->above_roof)
			fail_msg("%s: %s %ld: level %s, roof %s, %s-bound, fraction %.4f (want %s, %s, %s, "
				 "%.4f), above %d: \"%s\" (want \"%s\"%s%s)", c->what, c->kernel, c->param,
				 p->level, roof_text(p->roof), point_bound_name(p->bound_id), p->fraction, c->level, c->roof, c->bound,
				 c->fraction, p->above_roof, said(p), c->says, c->not ? ", not " : "",
				 c->not ? c->not : "");
	}
}

/* Compiled horner D = 128, vectorised 8 wide, against the avx512 curve: n chains is latency. */
static void test_latency_bound_1_to_8_chains(void **state)
{
	(void)state;
	for (int n = 1; n <= 8; n++) {
		const struct point *p = point_at("horner", 128, 8 * MIB * n);
		char want[96];
		snprintf(want, sizeof want, "at %d x the rate of one dependent avx512 FMA chain", n);
		if (p->bound_id != BOUND_COMPUTE || strcmp(roof_text(p->roof), "peak") || !strstr(said(p), want) ||
		    !strstr(said(p), "latency-bound") || p->vec_width != 8)
			fail_msg("%d chains: %s-bound under %s, width %d: \"%s\"", n, point_bound_name(p->bound_id), roof_text(p->roof),
				 p->vec_width, said(p));
		assert_float_equal(p->fraction, 14.0 * n / 168, 1e-9);
		/* The verdict is data: the reason and its numbers, the sentence made from them. */
		assert_int_equal(p->bound_id, BOUND_COMPUTE);
		assert_int_equal(p->reason, p->fraction >= DIAGNOSIS_NEAR ? REASON_NEAR : REASON_LATENCY);
		if (p->reason == REASON_LATENCY) {
			assert_int_equal(p->why.chains, n);
			assert_float_equal(p->why.one_chain, 14, 1e-9);
			assert_int_equal(p->why.chain_isa, ISA_AVX512);
		}
	}
}

/*
 * A point is judged by its own pattern's roof when the run has one: the
 * triad by "DRAM.2r1w", which the sweep itself sets (its kernel's pattern is
 * 2r1w); a pattern the run did not measure falls back to the sweep's roof,
 * and the diagnosis says so; once measured (the bandwidth group's pattern
 * jobs), that roof is used.
 */
/*
 * A kernel of a narrower ISA at 2 threads meets that ISA's ceiling at 2
 * threads; at 3, where the run has no avx2 chains, the peak at 3 threads
 * (never a memory roof alone: at intensity 16 that would call it memory-bound
 * at a few percent of a roof it cannot reach).
 */
static void test_threads_ceiling(void **state)
{
	(void)state;
	const struct point *p = NULL;
	for (size_t i = 0; i < an.npoints; i++)
		if (an.points[i].threads == 2 && strcmp(an.points[i].kernel, "horner_simd_avx2") == 0)
			p = &an.points[i];
	assert_non_null(p);
	assert_string_equal(roof_text(p->roof), "avx2@2t");
	assert_int_equal(p->bound_id, BOUND_COMPUTE);
	assert_float_equal(p->fraction, 160.0 / 168, 1e-9);
	p = NULL;
	for (size_t i = 0; i < an.npoints; i++)
		if (an.points[i].threads == 3 && strcmp(an.points[i].kernel, "horner_simd_avx2") == 0)
			p = &an.points[i];
	assert_non_null(p);
	assert_string_equal(roof_text(p->roof), "peak@3t");
	assert_int_equal(p->bound_id, BOUND_COMPUTE);
	assert_float_equal(p->fraction, 240.0 / 504, 1e-9);
	assert_non_null(strstr(said(p), "no avx2 FMA chains at 3 threads"));
}

/* The scripted run's analysis in *with, plus a one-thread DRAM.1r1w pattern roof of this best and median (GB/s). */
static struct roof *with_dram_1r1w(struct analysis *with, double best, double median)
{
	*with = an;
	struct roof *r = &with->roofs[with->nroofs++];
	memset(r, 0, sizeof *r);
	snprintf(r->name, sizeof r->name, "DRAM.1r1w");
	r->kind = ROOF_PATTERN;
	r->value = best;
	r->median = median;
	r->threads = 1;
	roof_name_key(r, "DRAM.1r1w", ROOF_PATTERN);
	return r;
}

/* Streams a point's kernel may have: its pattern roof is found from them (p->k), its text made from them. */
static const struct kernel k_1r1w = { .name = "k_1r1w", .reads = 1, .writes = 1 };
static const struct kernel k_1r0w = { .name = "k_1r0w", .reads = 1 };

static void set_streams(struct point *p, const struct kernel *k)
{
	p->k = k;
	kernel_pattern(k, p->pattern, sizeof p->pattern);
}

static void test_pattern_roof_or_sweep(void **state)
{
	(void)state;
	struct point p = *point_at("triad", 0, 96 * MIB);
	assert_string_equal(p.pattern, "2r1w");
	assert_string_equal(roof_text(p.mem_roof), "DRAM.2r1w");
	assert_null(strstr(said(&p), "sweep"));

	set_streams(&p, &k_1r1w);
	diagnosis_place(&an, &p);
	assert_string_equal(roof_text(p.mem_roof), "DRAM");
	assert_non_null(strstr(said(&p), "the sweep's: no DRAM.1r1w roof"));

	static struct analysis with;
	with_dram_1r1w(&with, 19.8, 18);
	diagnosis_place(&with, &p);
	assert_string_equal(roof_text(p.roof), "DRAM.1r1w");
	assert_string_equal(roof_text(p.mem_roof), "DRAM.1r1w");
	assert_int_equal(p.bound_id, BOUND_MEMORY);
	assert_float_equal(p.roof_gflops, 18.0 / 12, 1e-12);
	assert_float_equal(p.fraction, 1.6 / 1.5, 1e-12);
	assert_null(strstr(said(&p), "sweep"));
	assert_non_null(strstr(said(&p), "near its roof"));

	/* Another pattern at the same level still falls back to the sweep. */
	set_streams(&p, &k_1r0w);
	diagnosis_place(&with, &p);
	assert_string_equal(roof_text(p.roof), "DRAM");
	assert_non_null(strstr(said(&p), "no DRAM.1r0w roof"));
}

/*
 * Over DIAGNOSIS_ABOVE of its roof's median is above the roof only past the
 * roof's best timing as well: an Intel VM's DRAM.2r1w-ip, five trials, best
 * 19.2 GB/s and median 16.0, with daxpy's median at 17.7 (111 %) is the
 * roof's spread. The same point past 19.2 is above, the tool's own kernel
 * or the user's; a roof with no best judges by its median alone.
 */
static void test_above_only_past_the_roofs_best(void **state)
{
	(void)state;
	static struct analysis with;
	struct roof *r = with_dram_1r1w(&with, 19.2, 16.0);
	struct point p = *point_at("triad", 0, 96 * MIB);
	set_streams(&p, &k_1r1w);
	p.gflops = 17.7 / 12;
	diagnosis_place(&with, &p);
	assert_string_equal(roof_text(p.roof), "DRAM.1r1w");
	assert_float_equal(p.fraction, 17.7 / 16.0, 1e-12);
	assert_false(p.above_roof);
	assert_int_equal(p.reason, REASON_NEAR);
	assert_float_equal(p.why.roof_best, 19.2 / 12, 1e-12);
	assert_non_null(strstr(said(&p), "within the roof's own spread"));

	p.gflops = 19.5 / 12;
	for (int builtin = 0; builtin <= 1; builtin++) {
		p.builtin = builtin;
		diagnosis_place(&with, &p);
		assert_true(p.above_roof);
		assert_int_equal(p.reason, builtin ? REASON_ABOVE_LOW_ROOF : REASON_ABOVE_COUNTS);
		assert_true(isnan(p.why.roof_best));
		assert_null(strstr(said(&p), "spread"));
	}

	/* At or under 110 % of the median nothing is said of the spread. */
	p.gflops = 17.5 / 12;
	diagnosis_place(&with, &p);
	assert_false(p.above_roof);
	assert_true(isnan(p.why.roof_best));

	r->value = NAN;
	p.gflops = 17.7 / 12;
	diagnosis_place(&with, &p);
	assert_true(p.above_roof);
}

/*
 * Above a DRAM roof from sizes past STREAM's rule with arrays short of it
 * (a quick run's DRAM kernels, each array the cache the curve shows): a cache served
 * part of them, so the roof does not bound them, and the verdict blames
 * neither the roof nor the counts, nor counts as a kernel above its roof. A
 * roof from a job as short as the kernel is like with like: above it is
 * above its roof again.
 */
static void test_above_with_arrays_short_of_the_rule(void **state)
{
	(void)state;
	static struct analysis with;
	struct roof *r = with_dram_1r1w(&with, 19.2, 16.0);
	const struct level_map *map = model_levels_of(&with, 1);
	assert_non_null(map);
	assert_float_equal(map->dram.rule_bytes, 8 * MIB, 1);
	struct point p = *point_at("triad", 0, 96 * MIB);
	set_streams(&p, &k_1r1w);
	snprintf(p.level, sizeof p.level, "DRAM");
	p.builtin = 1;
	p.array_bytes = 4 * MIB;
	p.gflops = 24.0 / 12;
	diagnosis_place(&with, &p);
	assert_int_equal(p.reason, REASON_ABOVE_SHORT);
	assert_false(p.above_roof);
	assert_non_null(strstr(said(&p), "with arrays of 4 MiB each, short of STREAM's rule (8 MiB): a cache served"));
	/* Arrays at the rule: above its roof, the roof low. */
	p.array_bytes = 8 * MIB;
	diagnosis_place(&with, &p);
	assert_int_equal(p.reason, REASON_ABOVE_LOW_ROOF);
	assert_true(p.above_roof);
	/* The roof's own job as short as the kernel's arrays: like with like, above it again. */
	p.array_bytes = 4 * MIB;
	snprintf(r->job_kernel, sizeof r->job_kernel, "bw_copy_avx2");
	r->job_param = 4 * MIB;
	diagnosis_place(&with, &p);
	assert_int_equal(p.reason, REASON_ABOVE_LOW_ROOF);
}

/*
 * A built-in kernel past its pattern roof's best: the roof is low, unless the
 * roof's own per-pass medians varied more than the kernel beats it (a host
 * whose rate swings: a 2-core Zen 3 VM's DRAM.2r0w@2t passes 70 % apart, and
 * dot_split at 115 % of it, tied with the roof's kernel side by side).
 */
static void test_above_a_swinging_roof(void **state)
{
	(void)state;
	static struct analysis with;
	struct roof *r = with_dram_1r1w(&with, 19.2, 16.0);
	struct point p = *point_at("triad", 0, 96 * MIB);
	set_streams(&p, &k_1r1w);
	snprintf(p.level, sizeof p.level, "DRAM");
	p.builtin = 1;
	p.array_bytes = 8 * MIB;   /* at STREAM's rule */
	p.gflops = 24.0 / 12;   /* 24 GB/s: 150 % of the roof's median, past its best */
	r->spread_lo = 15.0;
	r->spread_hi = 17.0;    /* passes 13 % apart: less than the kernel beats the roof by */
	diagnosis_place(&with, &p);
	assert_int_equal(p.reason, REASON_ABOVE_LOW_ROOF);
	assert_true(p.above_roof);
	assert_non_null(strstr(said(&p), "this roof is not the core's limit"));
	assert_null(strstr(said(&p), "bench-pairs"));
	r->spread_hi = 30.0;    /* passes 100 % apart: more than it */
	diagnosis_place(&with, &p);
	assert_int_equal(p.reason, REASON_ABOVE_LOW_ROOF);
	assert_true(p.above_roof);
	assert_non_null(strstr(said(&p), "per-pass medians varied 100 % (the host's swings)"));
	assert_null(strstr(said(&p), "not the core's limit"));
}

/*
 * docs/plan.md R6: a point whose working set sits in a fall between two
 * levels streams partly from each, and only the faster level's roof bounds
 * it. Its verdict says the fall wherever it was filed. Filed at the faster
 * level (the plan's rule) it is judged against that roof; filed at the
 * slower (the nearest span, as before plan.csv, or an older plan) and over
 * that roof but not the faster one, the slower roof does not bound it: not
 * a point above its roof. Over the faster one too it is.
 */
static void test_a_point_in_a_fall(void **state)
{
	(void)state;
	const struct level_map *map = model_levels_of(&an, 1);
	struct levels_fall f;
	assert_non_null(map);
	/* The scripted sweep: L1 to 32 KiB at 160 GB/s, L2 from 64 KiB at 80. */
	assert_true(levels_in_fall(map, 48 * 1024.0, &f));
	assert_int_equal(f.faster->id, MEM_L1);
	assert_int_equal(f.slower->id, MEM_L2);
	struct point q = { .ai = 0.125, .gflops = 8, .threads = 1, .working_set = 48 * 1024.0, .builtin = 1 };
	snprintf(q.kernel, sizeof q.kernel, "in_fall");
	diagnosis_place(&an, &q);
	/* No level given: the nearest span, L2's, as before; the fall said. */
	assert_string_equal(q.level, "L2");
	assert_true(q.why.in_fall);
	assert_int_equal(q.why.fall_faster, MEM_L1);
	assert_int_equal(q.why.fall_slower, MEM_L2);
	assert_float_equal(q.fraction, 0.8, 1e-9);
	assert_non_null(strstr(said(&q), "; its working set, 48 KiB, is in the fall from L1 (to 32 KiB) to L2 "
				   "(from 64 KiB) and streams partly from each: judged at L2, where it was filed, "
				   "though only L1's roof, the faster, bounds it"));
	/* Over L2's roof, under L1's: in the fall, not above its roof. */
	q.gflops = 14;
	diagnosis_place(&an, &q);
	assert_int_equal(q.reason, REASON_ABOVE_IN_FALL);
	assert_false(q.above_roof);
	assert_string_equal(roof_text(q.why.fall_roof), "L1");
	assert_non_null(strstr(said(&q), "over L2 x intensity (140%), which does not bound it: L1, the faster "
				   "level's, does, and it runs at 70% of that; its working set"));
	/* Over L1's too: above its roof. */
	q.gflops = 25;
	diagnosis_place(&an, &q);
	assert_true(q.above_roof);
	assert_int_equal(q.reason, REASON_ABOVE_COUNTS);
	/* Filed at the faster level (the plan's rule): judged by its roof, which bounds it. */
	snprintf(q.level, sizeof q.level, "L1");
	q.gflops = 8;
	diagnosis_place(&an, &q);
	assert_true(q.why.in_fall);
	assert_float_equal(q.fraction, 0.4, 1e-9);
	assert_non_null(strstr(said(&q), "streams partly from each: L1's roof, the faster, bounds it"));
	/* Inside a span: no fall. */
	q.level[0] = '\0';
	q.working_set = 128 * 1024.0;
	diagnosis_place(&an, &q);
	assert_false(q.why.in_fall);
	assert_null(strstr(said(&q), "fall"));
}

/* A point that is no registry kernel: the caller fills the inputs. */
static void test_user_point(void **state)
{
	(void)state;
	struct point p = { .ai = 2, .gflops = 42, .threads = 1, .isa = ISA_NONE, .vec_width = 4 };
	snprintf(p.kernel, sizeof p.kernel, "my_loop");
	snprintf(p.level, sizeof p.level, "L2");
	set_streams(&p, &k_1r1w);
	diagnosis_place(&an, &p);
	/* L2 80 GB/s x 2 = 160 is above the avx2 ceiling (4 lanes, 84): compute-bound there. */
	assert_string_equal(roof_text(p.mem_roof), "L2");
	assert_float_equal(p.mem_gflops, 160, 1e-9);
	assert_string_equal(roof_text(p.roof), "avx2");
	assert_int_equal(p.bound_id, BOUND_COMPUTE);
	assert_float_equal(p.fraction, 0.5, 1e-12);
	assert_non_null(strstr(said(&p), "6 x the rate of one dependent avx2 FMA chain"));

	/* No level given: from its working set; no remarks: judged against the peak. */
	struct point q = { .ai = 0.125, .gflops = 1.0, .threads = 1, .working_set = 24576 };
	diagnosis_place(&an, &q);
	assert_string_equal(q.level, "L1");
	assert_string_equal(roof_text(q.ceiling), "peak");
	assert_int_equal(q.bound_id, BOUND_MEMORY);
	assert_float_equal(q.fraction, 0.05, 1e-12);
	assert_non_null(strstr(said(&q), "far under its roof"));

	/* A run with no roofs at all says so. */
	static struct analysis none;
	memset(&none, 0, sizeof none);
	diagnosis_place(&none, &q);
	assert_string_equal(roof_text(q.roof), "none");
	assert_true(isnan(q.fraction));
}

/* The compiler's verdicts as widths. */
static void test_vec_width(void **state)
{
	(void)state;
	assert_int_equal(diagnosis_vec_width(horner_remarks, "gcc", 0), 8);
	assert_int_equal(diagnosis_vec_width(horner_remarks, "gcc", 5), 1);
	assert_int_equal(diagnosis_vec_width(horner_remarks, "gcc", 7), 8);
	assert_int_equal(diagnosis_vec_width(horner_remarks, "gcc", 8), 0);   /* no such loop */
	assert_int_equal(diagnosis_vec_width(NULL, "gcc", -1), 0);
	assert_int_equal(diagnosis_vec_width("dot.c:9:3: optimized: loop vectorized using 32 byte vectors\n",
					     "gcc", -1), 4);
	assert_int_equal(diagnosis_vec_width("t.c:5:3: remark: vectorized loop (vectorization width: 2, "
					     "interleaved count: 4) [-Rpass=loop-vectorize]\n", "clang", -1), 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_roofs_are_what_was_scripted),
		cmocka_unit_test(test_scripted_points),
		cmocka_unit_test(test_latency_bound_1_to_8_chains),
		cmocka_unit_test(test_pattern_roof_or_sweep),
		cmocka_unit_test(test_above_only_past_the_roofs_best),
		cmocka_unit_test(test_above_with_arrays_short_of_the_rule),
		cmocka_unit_test(test_above_a_swinging_roof),
		cmocka_unit_test(test_a_point_in_a_fall),
		cmocka_unit_test(test_threads_ceiling),
		cmocka_unit_test(test_user_point),
		cmocka_unit_test(test_vec_width),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
