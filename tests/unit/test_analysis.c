/*
 * test_analysis.c - analysis_build (and diagnosis_place through it) on scripted timings
 * whose answers are exact: every kept timing gives the scripted rate, and
 * warm-ups (10x slower) must change nothing.
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
#include "note_text.h"
#include "pointtext.h"
#include "registry.h"
#include "roofkey.h"
#include "roof_text.h"

/* The sentence the writers make of p's verdict (pointtext.h). */
static const char *said(const struct point *p)
{
	static char buf[4][480];
	static int next;
	next = (next + 1) % 4;
	return pointtext_diagnosis(p, buf[next], sizeof buf[next]);
}

static struct rundata run;
static size_t cap;

static void add(const char *group, const char *kernel, long param, double ws, double flops,
		double bytes, double rate, int pass, int trial, int warmup)
{
	if (run.ntimings == cap) {
		cap = cap ? cap * 2 : 256;
		run.timings = realloc(run.timings, cap * sizeof *run.timings);
	}
	struct timing *t = &run.timings[run.ntimings++];
	memset(t, 0, sizeof *t);
	t->pass = pass;
	t->trial = trial;
	t->warmup = warmup;
	tgroup_parse(group, &t->group);
	snprintf(t->kernel, sizeof t->kernel, "%s", kernel);
	t->k = registry_find(kernel);   /* as input resolves it */
	t->param = param;
	t->threads = 1;
	t->working_set = ws;
	t->flops = flops;
	t->bytes = bytes;
	double work = strcmp(group, "bandwidth") == 0 ? bytes : flops;
	t->seconds = work / (rate * 1e9) * (warmup ? 10 : 1);
}

static const char *const env[][2] = {
	{ "clock_ghz", "3.5" }, { "l1d_bytes", "49152" }, { "l2_bytes", "1048576" },
	{ "l3_bytes", "2097152" }, { "sweep_settled", "1" },
};
#define NENV (sizeof env / sizeof env[0])

/*
 * Three levels: 16..32 KiB working set at 160 GB/s, 64 KiB..1 MiB at 80, a
 * one-point transition at 2 MiB (40, the reported 2 MiB L3), then 4..64 MiB
 * at 20.
 */
static double sweep_rate(double ws)
{
	return ws <= 32768 ? 160 : ws <= 1048576 ? 80 : ws >= 4194304 ? 20 : 40;
}

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
	for (int pass = 1; pass <= 2; pass++) {
		for (int trial = 1; trial <= 3; trial++) {
			int w = trial == 1;
			for (double ws = 16384; ws <= 100663296; ws *= 2)
				add("bandwidth", "triad", (long)(ws / 3), ws, ws / 12, ws, sweep_rate(ws),
				    pass, trial, w);
			for (int k = 1; k <= 16; k++) {
				add("peak", "fma_scalar", k, 0, 2e7 * k, 0, fmin(1.75 * k, 14), pass, trial, w);
				add("peak", "fma_avx512", k, 0, 16e7 * k, 0, fmin(14.0 * k, 112), pass, trial, w);
			}
			/* dot at 1 scalar chain; horner D=64 at 3 vector chains; triad near its roof */
			add("kernels", "dot", 0, 67108864, 8388608, 67108864, 1.75, pass, trial, w);
			add("kernels", "horner", 64, 67108864, 2.0 * 64 * 4194304, 16.0 * 4194304, 42,
			    pass, trial, w);
			add("kernels", "triad", 0, 100663296, 8388608, 100663296, 1.6, pass, trial, w);
			add("kernels", "horner", 1, 32768, 2.0 * 2048, 16.0 * 2048, 19, pass, trial, w);
		}
	}
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
	free(run.timings);
	return 0;
}

static const struct point *point_of(const struct analysis *a, const char *kernel, long param)
{
	for (size_t i = 0; i < a->npoints; i++)
		if (a->points[i].param == param && strcmp(a->points[i].kernel, kernel) == 0)
			return &a->points[i];
	return NULL;
}

static void test_roofs(void **state)
{
	(void)state;
	static struct analysis a;
	char err[256];
	assert_int_equal(analysis_build(&run, &a, err, sizeof err), 0);
	const struct roof *l1 = analysis_roof(&a, "L1"), *l2 = analysis_roof(&a, "L2");
	const struct roof *dram = analysis_roof(&a, "DRAM");
	assert_non_null(l1);
	assert_non_null(l2);
	assert_non_null(dram);
	assert_null(analysis_roof(&a, "L3"));
	assert_float_equal(l1->value, 160, 1e-9);
	assert_float_equal(l2->value, 80, 1e-9);
	assert_float_equal(dram->value, 20, 1e-9);
	assert_float_equal(l1->size_lo, 16384, 0.5);
	assert_float_equal(l1->size_hi, 32768, 0.5);
	assert_float_equal(l2->size_lo, 65536, 0.5);
	assert_float_equal(l2->size_hi, 1048576, 0.5);
	/* DRAM from the sizes whose arrays obey STREAM's rule: 4 x the 2 MiB L3 per array, 24 MiB of working set up. */
	assert_float_equal(dram->size_lo, 33554432, 0.5);
	assert_float_equal(dram->size_hi, 67108864, 0.5);
	assert_float_equal(analysis_roof(&a, "peak")->value, 112, 1e-9);
	assert_float_equal(analysis_roof(&a, "scalar")->value, 14, 1e-9);
	assert_float_equal(analysis_roof(&a, "one-chain")->value, 14, 1e-9);
	assert_float_equal(a.ridge, 112.0 / 20, 1e-9);
	assert_int_equal(a.nchains, 2);
	for (size_t c = 0; c < a.nchains; c++) {
		assert_float_equal(a.chains[c].latency_cycles, 4.0, 1e-9);
		assert_float_equal(a.chains[c].chains_to_saturate, 8.0, 1e-9);
		assert_int_equal(a.chains[c].plateau_chains, 8);
	}
}

static void test_placement_and_diagnosis(void **state)
{
	(void)state;
	static struct analysis a;
	char err[256];
	assert_int_equal(analysis_build(&run, &a, err, sizeof err), 0);

	const struct point *dot = point_of(&a, "dot", 0);
	assert_non_null(dot);
	assert_float_equal(dot->ai, 0.125, 1e-12);
	assert_string_equal(roof_text(dot->roof), "DRAM");
	assert_int_equal(dot->bound_id, BOUND_MEMORY);
	assert_float_equal(dot->roof_gflops, 2.5, 1e-9);
	assert_float_equal(dot->fraction, 0.7, 1e-9);
	/* Memory-bound: at 1 x one scalar chain's rate, but latency does not explain it. */
	assert_non_null(strstr(said(dot), "memory-bound at 70% of DRAM"));
	assert_null(strstr(said(dot), "chain"));

	const struct point *h64 = point_of(&a, "horner", 64);
	assert_string_equal(roof_text(h64->roof), "peak");
	assert_int_equal(h64->bound_id, BOUND_COMPUTE);
	assert_float_equal(h64->fraction, 42.0 / 112, 1e-9);
	assert_non_null(strstr(said(h64), "about 3 chains in flight"));

	const struct point *triad = point_of(&a, "triad", 0);
	assert_float_equal(triad->fraction, 1.6 / (20.0 / 12), 1e-9);
	assert_non_null(strstr(said(triad), "near its roof"));

	/* A working set inside the L1 plateau is placed against the L1 roof. */
	const struct point *h1 = point_of(&a, "horner", 1);
	assert_string_equal(h1->level, "L1");
	assert_string_equal(roof_text(h1->roof), "L1");
	assert_float_equal(h1->roof_gflops, 20, 1e-9);
	assert_float_equal(h1->fraction, 0.95, 1e-9);
}

static void test_failures_are_left_out(void **state)
{
	(void)state;
	static struct analysis a;
	char err[256];
	struct failure f = { TGROUP_KERNELS, "dot", 0, "dot sum: wrong" };
	run.failures = &f;
	run.nfailures = 1;
	assert_int_equal(analysis_build(&run, &a, err, sizeof err), 0);
	run.failures = NULL;
	run.nfailures = 0;
	assert_null(point_of(&a, "dot", 0));
	assert_non_null(point_of(&a, "triad", 0));
	int noted = 0;
	char said[600];
	for (size_t i = 0; i < a.nnotes; i++)
		noted |= strstr(analysis_note_text(&a, i, said, sizeof said), "dot param 0 failed its check") != NULL;
	assert_true(noted);
}

/* The ceilings' ladder, for a point placed by hand (diagnosis_place, as a user's point is). */
static void test_between_ceilings(void **state)
{
	(void)state;
	static struct analysis a;
	char err[256];
	assert_int_equal(analysis_build(&run, &a, err, sizeof err), 0);
	struct point p = { .ai = 16, .gflops = 50.5, .threads = 1, .isa = ISA_NONE, .vec_width = 8 };
	snprintf(p.level, sizeof p.level, "DRAM");
	diagnosis_place(&a, &p);
	/* 50.5 / 14 = 3.6: no whole number of chains, above the scalar ceiling. */
	assert_string_equal(roof_text(p.roof), "peak");
	assert_non_null(strstr(said(&p), "not a whole number of dependent chains"));
	p.gflops = 7.0;   /* 4 x the scalar one-chain rate, not vectorised */
	p.vec_width = 1;
	diagnosis_place(&a, &p);
	assert_string_equal(roof_text(p.roof), "scalar");
	assert_non_null(strstr(said(&p), "at 4 x the rate of one dependent scalar FMA chain"));
}

static void test_no_kept_timings(void **state)
{
	(void)state;
	static struct analysis a;
	struct rundata empty = { 0 };
	char err[256] = "";
	assert_int_equal(analysis_build(&empty, &a, err, sizeof err), -1);
	assert_non_null(strstr(err, "no kept timings"));
}

/* The one DRAM rule: the plateau named DRAM of that count, else its lowest usable plateau. */
static void test_dram_rule(void **state)
{
	(void)state;
	static struct analysis a;
	memset(&a, 0, sizeof a);
	const struct { const char *name; enum roof_kind kind; double value; int threads; } rows[] = {
		{ "L1", ROOF_BANDWIDTH, 300, 1 }, { "DRAM.2r1w", ROOF_PATTERN, 5, 1 },
		{ "DRAM", ROOF_BANDWIDTH, 20, 1 }, { "L2", ROOF_BANDWIDTH, 100, 1 },
		{ "L3@4t", ROOF_BANDWIDTH, NAN, 4 }, { "L1@4t", ROOF_BANDWIDTH, 1000, 4 },
		{ "L2@4t", ROOF_BANDWIDTH, 400, 4 }, { "peak", ROOF_COMPUTE, 50, 1 },
	};
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		struct roof *r = &a.roofs[a.nroofs++];
		snprintf(r->name, sizeof r->name, "%s", rows[i].name);
		r->kind = rows[i].kind;
		r->value = rows[i].value;
		r->threads = rows[i].threads;
		roof_name_key(r, rows[i].name, rows[i].kind);
	}
	assert_string_equal(analysis_dram(&a)->name, "DRAM");
	assert_string_equal(analysis_dram_of(&a, 1)->name, "DRAM");
	/* No DRAM plateau on four threads: the lowest one with a value (L3@4t has none). */
	assert_string_equal(analysis_dram_of(&a, 4)->name, "L2@4t");
	assert_null(analysis_dram_of(&a, 2));
	assert_string_equal(analysis_roof(&a, "L2@4t")->name, "L2@4t");
	assert_null(analysis_roof(&a, "L2@2t"));
	/* A roof's counterpart on another count: same kind, same name up to the "@". */
	assert_string_equal(analysis_roof_at(&a, analysis_roof(&a, "L1"), 4)->name, "L1@4t");
	assert_string_equal(analysis_roof_at(&a, analysis_roof(&a, "L2@4t"), 1)->name, "L2");
	assert_null(analysis_roof_at(&a, analysis_roof(&a, "DRAM"), 4));
	assert_null(analysis_roof_at(&a, analysis_roof(&a, "DRAM.2r1w"), 4));
}

/* The parameter's words: the registry's letter, "param" without one, "—" for none. */
static void test_param_text(void **state)
{
	(void)state;
	char b[64];
	assert_string_equal(pointtext_param('D', 16, b, sizeof b), "D = 16");
	assert_string_equal(pointtext_param('D', 0, b, sizeof b), "—");
	assert_string_equal(pointtext_param(0, 0, b, sizeof b), "—");
	assert_string_equal(pointtext_param(0, 7, b, sizeof b), "7");
	assert_string_equal(pointtext_param_span('K', 1, 32, "–", b, sizeof b), "K = 1–32");
	assert_string_equal(pointtext_param_span('K', 4, 4, "–", b, sizeof b), "K = 4");
	assert_string_equal(pointtext_param_span(0, 64, 1024, " → ", b, sizeof b), "param = 64 → 1024");
}

/* ---- all-core roofs against one core's, like with like ---- */

static struct rundata two;
static size_t two_cap;

static void two_add(const char *kernel, long param, int threads, double ws, double rate, int trial)
{
	if (two.ntimings == two_cap) {
		two_cap = two_cap ? two_cap * 2 : 256;
		two.timings = realloc(two.timings, two_cap * sizeof *two.timings);
	}
	struct timing *t = &two.timings[two.ntimings++];
	memset(t, 0, sizeof *t);
	t->pass = 1;
	t->trial = trial;
	t->group = TGROUP_BANDWIDTH;
	snprintf(t->kernel, sizeof t->kernel, "%s", kernel);
	t->k = registry_find(kernel);   /* as input resolves it */
	t->param = param;
	t->threads = threads;
	t->working_set = ws;
	t->bytes = ws;
	t->seconds = ws / (rate * 1e9);
}

/* A run of the setup's machine with no timings yet (two_add adds them). */
static void two_begin(void)
{
	memset(&two, 0, sizeof two);
	two_cap = 0;
	two.env = run.env;
	two.nenv = run.nenv;
	rundata_parse_env(&two);
}

/* The run built into b, its timings freed. */
static void two_end(struct analysis *b)
{
	char err[160] = "";
	assert_int_equal(analysis_build(&two, b, err, sizeof err), 0);
	free(two.timings);
}

/*
 * One and two threads: the triad sweep (DRAM 20 and 36 GB/s from 4 MiB of
 * working set, STREAM's rule 8 MiB per array on the 2 MiB L3) and the
 * in-place update at DRAM: at one thread with 4 MiB arrays, short of the
 * rule (so it sets no DRAM roof there: DRAM stays the triad's 20), at two
 * threads with 16 MiB arrays at `ip2` GB/s (it sets DRAM@2t). The DRAM@2t
 * roof is checked for over-scaling against one core's in-place 32 GB/s.
 */
static void build_two_at(double ip2, long ip2_array_bytes, struct analysis *b);

static void build_two(double ip2, struct analysis *b)
{
	build_two_at(ip2, 16777216, b);
}

/* As build_two, the two-thread in-place job's arrays ip2_array_bytes each. */
static void build_two_at(double ip2, long ip2_array_bytes, struct analysis *b)
{
	two_begin();
	for (int trial = 1; trial <= 3; trial++) {
		for (int th = 1; th <= 2; th++)
			for (double ws = 16384; ws <= 100663296; ws *= 2)
				two_add("triad", (long)(ws / 3), th, ws,
					sweep_rate(ws) * (th == 1 ? 1 : 1.8), trial);
		two_add("bw_update_avx2", 4194304, 1, 8388608, 32, trial);
		two_add("bw_update_avx2", ip2_array_bytes, 2, 2.0 * (double)ip2_array_bytes, ip2, trial);
	}
	two_end(b);
}

/* Whether any of b's notes holds `text`. */
static int has_note(const struct analysis *b, const char *text)
{
	char said[600];
	for (size_t i = 0; i < b->nnotes; i++)
		if (strstr(analysis_note_text(b, i, said, sizeof said), text))
			return 1;
	return 0;
}

/*
 * The sweep's own pattern timed by its one-vector twin (kernel.one_vector)
 * at L1's middle: faster than the sweep's L1 plateau (160 GB/s), it sets
 * both L1.2r1w and L1, and says so; slower, it changes neither. At a
 * many-core rate (1090.4 GB/s) the note says the whole number, no exponent.
 */
static void test_one_vector_twin_sets_the_roof(void **state)
{
	(void)state;
	struct analysis *b = calloc(1, sizeof *b);
	struct roof_key l1 = roofkey_level(MEM_L1, 1);
	struct roof_key l1p = roofkey_pattern(MEM_L1, registry_find("bw_triad_avx2"), 1);
	static const double twin[] = { 150, 210, 1090.4 };
	for (int k = 0; k < 3; k++) {
		int faster = twin[k] > 160;
		two_begin();
		for (int trial = 1; trial <= 3; trial++) {
			for (double ws = 16384; ws <= 100663296; ws *= 2)
				two_add("triad", (long)(ws / 3), 1, ws, sweep_rate(ws), trial);
			two_add("bw_triad1_avx2", 8192, 1, 24576, twin[k], trial);
		}
		two_end(b);
		assert_non_null(model_roof(b, &l1));
		assert_non_null(model_roof(b, &l1p));
		assert_float_equal(model_roof(b, &l1)->value, faster ? twin[k] : 160, 1e-9);
		assert_float_equal(model_roof(b, &l1p)->value, faster ? twin[k] : 160, 1e-9);
		assert_int_equal(has_note(b, "L1: bw_triad1_avx2 set the roof, 210 GB/s, over the sweep's 160"), k == 1);
		assert_int_equal(has_note(b, "L1: bw_triad1_avx2 set the roof, 1090 GB/s, over the sweep's 160"), k == 2);
	}
	free(b);
}

static void test_overscaled_like_with_like(void **state)
{
	(void)state;
	struct analysis *b = calloc(1, sizeof *b);
	struct roof_key k1 = roofkey_level(MEM_DRAM, 1), k2 = roofkey_level(MEM_DRAM, 2);
	/* 56 in place at two threads: 1.75x one core's 32 in place, not 2.8x its triad's 20. */
	build_two(56, b);
	assert_non_null(model_roof(b, &k1));
	assert_float_equal(model_roof(b, &k1)->value, 20, 1e-9);
	assert_non_null(model_roof(b, &k2));
	assert_float_equal(model_roof(b, &k2)->value, 56, 1e-9);
	assert_int_equal(model_roof(b, &k2)->store_kind, STORES_IN_PLACE);
	/* The one rule the check and the report's scaling column share. */
	const struct roof *base = analysis_scaling_base(b, model_roof(b, &k2), 1);
	assert_non_null(base);
	assert_float_equal(base->value, 32, 1e-9);
	assert_int_equal(model_key_of(base).kind, ROOF_PATTERN);
	/* 80 in place: 2.5x one core's 32 on two threads, a measurement error, left out and said. */
	build_two(80, b);
	assert_null(model_roof(b, &k2));
	assert_true(has_note(b, "DRAM@2t: 80 GB/s is 2.50x the 32 GB/s of 1 thread"));
	/* 20 in place: below one core's 32 in place, a disturbed team: kept, and said. */
	build_two(20, b);
	assert_non_null(model_roof(b, &k2));
	assert_true(has_note(b, "DRAM.2r1w-ip@2t: 20 GB/s on 2 threads is 0.63x the 32 GB/s of 1 thread: a team "
			     "moves at least what one of its cores moves alone"));
	/*
	 * Its arrays at the rule, 8 MiB each: a working set of 16 MiB, below
	 * the flat end's first (24 MiB, the triad's three 8 MiB arrays), and
	 * as far from the 2 MiB L3 as any DRAM size: not said to read high
	 * (it was, by working set). One core's, with 4 MiB arrays, is short of
	 * the rule: said so.
	 */
	build_two_at(56, 8388608, b);
	assert_non_null(model_roof(b, &k2));
	assert_float_equal(model_roof(b, &k2)->value, 56, 1e-9);
	assert_false(has_note(b, "DRAM@2t pattern roofs"));
	assert_true(has_note(b, "DRAM pattern roofs: their jobs ran with arrays of 4 MiB each, short of "
			     "STREAM's rule (8 MiB per array)"));
	/*
	 * 80 in place with 4 MiB arrays at two threads, short of the rule as
	 * one core's 32 is: a cache serves part of both, and its bandwidth
	 * grows with cores, so 2.5x is no measurement error: kept, and said.
	 */
	build_two_at(80, 4194304, b);
	struct roof_key ip2 = roofkey_pattern(MEM_DRAM, registry_find("bw_update_avx2"), 2);
	assert_non_null(model_roof(b, &ip2));
	assert_float_equal(model_roof(b, &ip2)->value, 80, 1e-9);
	assert_false(has_note(b, "more than threads can scale"));
	assert_true(has_note(b, "DRAM.2r1w-ip@2t: 80 GB/s is 2.50x the 32 GB/s of 1 thread on 2 threads: "
			     "its job's arrays (4 MiB each) are short of STREAM's rule"));
	/* 56: neither past two cores nor below one: nothing said of its scaling. */
	build_two(56, b);
	assert_false(has_note(b, "moves at least what one of its cores"));
	free(b);
}

/*
 * One thread, two in-place jobs landing on DRAM: one with 4 MiB arrays,
 * short of the rule (8 MiB per array) and faster, at `short_rate` (part of
 * it from the L3), one with 16 MiB arrays at 32 GB/s. The rule decides
 * between them before the rate does: a faster job short of the rule is not
 * the DRAM pattern's roof where one obeying it ran (a 2-core Zen 4 VM's
 * DRAM@2t in-place roof came from a job at 68 MiB per array, short of 128,
 * and so set nothing: DRAM@2t 34.8 GB/s, the triad's, in one run of four).
 */
static void build_short_and_ruled(double short_rate, struct analysis *b)
{
	two_begin();
	for (int trial = 1; trial <= 3; trial++) {
		for (double ws = 16384; ws <= 100663296; ws *= 2)
			two_add("triad", (long)(ws / 3), 1, ws, sweep_rate(ws), trial);
		two_add("bw_update_avx2", 4194304, 1, 8388608, short_rate, trial);
		two_add("bw_update_avx2", 16777216, 1, 33554432, 32, trial);
	}
	two_end(b);
}

static void test_a_ruled_dram_job_beats_a_faster_short_one(void **state)
{
	(void)state;
	struct analysis *b = calloc(1, sizeof *b);
	struct roof_key dram = roofkey_level(MEM_DRAM, 1);
	const struct kernel *ip = registry_find("bw_update_avx2");
	assert_non_null(ip);
	struct roof_key ip_dram = roofkey_pattern(MEM_DRAM, ip, 1);
	build_short_and_ruled(40, b);
	assert_non_null(model_roof(b, &ip_dram));
	assert_float_equal(model_roof(b, &ip_dram)->value, 32, 1e-9);
	assert_int_equal(model_roof(b, &ip_dram)->job_param, 16777216);
	/* The ruled job sets DRAM (in place beats the triad's 20), and no roof is said to read high. */
	assert_non_null(model_roof(b, &dram));
	assert_float_equal(model_roof(b, &dram)->value, 32, 1e-9);
	assert_false(has_note(b, "DRAM pattern roofs: their jobs ran"));
	/* Slower than the ruled one, the short job loses either way. */
	build_short_and_ruled(25, b);
	assert_float_equal(model_roof(b, &ip_dram)->value, 32, 1e-9);
	free(b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_roofs),
		cmocka_unit_test(test_placement_and_diagnosis),
		cmocka_unit_test(test_failures_are_left_out),
		cmocka_unit_test(test_between_ceilings),
		cmocka_unit_test(test_no_kept_timings),
		cmocka_unit_test(test_dram_rule),
		cmocka_unit_test(test_param_text),
		cmocka_unit_test(test_overscaled_like_with_like),
		cmocka_unit_test(test_one_vector_twin_sets_the_roof),
		cmocka_unit_test(test_a_ruled_dram_job_beats_a_faster_short_one),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
