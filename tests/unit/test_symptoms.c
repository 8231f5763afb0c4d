/*
 * test_symptoms.c - each of the guide's symptom checks on a scripted run
 * that must fire it and one that must stay quiet.
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
#include "symptoms.h"
#include "symptom_text.h"
#include "registry.h"

/* A symptom as the report words it (symptom_text). */
static char said[640];

static struct env_entry env[4];
static struct timing timings[4];
static struct rundata run;
static struct analysis *a;

static void add_roof(const char *name, enum roof_kind kind, double value, int threads)
{
	struct roof *r = &a->roofs[a->nroofs++];
	memset(r, 0, sizeof *r);
	snprintf(r->name, sizeof r->name, "%s", name);
	r->kind = kind;
	r->value = value;
	r->threads = threads;
	r->size_hi = kind == ROOF_BANDWIDTH ? 1e12 : 0;
}

static void add_point(const char *kernel, const char *bound, double fraction)
{
	struct point *p = &a->points[a->npoints++];
	memset(p, 0, sizeof *p);
	snprintf(p->kernel, sizeof p->kernel, "%s", kernel);
	p->bound_id = strcmp(bound, "memory") == 0 ? BOUND_MEMORY : BOUND_COMPUTE;
	p->fraction = fraction;
	p->threads = 1;
}

static void timing(size_t i, const char *group, long param, double seconds, int warmup)
{
	memset(&timings[i], 0, sizeof timings[i]);
	tgroup_parse(group, &timings[i].group);
	snprintf(timings[i].kernel, sizeof timings[i].kernel, "k");
	timings[i].param = param;
	timings[i].seconds = seconds;
	timings[i].warmup = warmup;
}

/*
 * A healthy run: ridge 4 (peak 100 / DRAM 25, both one thread), one point on
 * the slope and one well under the flat roof, timings of 1 ms on a 20 ns
 * clock (50000 ticks), a sweep to 4 GiB per array against a 2 GiB rule.
 */
static int setup(void **state)
{
	(void)state;
	a = calloc(1, sizeof *a);
	add_roof("DRAM", ROOF_BANDWIDTH, 25, 1);
	add_roof("peak", ROOF_COMPUTE, 100, 1);
	a->peak = 100;
	a->ridge = 4;
	add_point("triad", "memory", 0.95);
	add_point("horner", "compute", 0.4);
	static char keys[3][32] = { "timer_granularity_ns", "stream_rule_bytes", "sweep_settled" };
	static char values[3][16] = { "20", "2147483648", "1" };
	for (int i = 0; i < 3; i++)
		env[i] = (struct env_entry){ .key = keys[i], .value = values[i] };
	run.env = env;
	run.nenv = 3;
	rundata_parse_env(&run);
	timing(0, "bandwidth", 4294967296L, 1e-3, 0);
	timing(1, "kernels", 0, 1e-3, 0);
	timing(2, "kernels", 0, 1e-9, 1);   /* a short warm-up does not count */
	run.timings = timings;
	run.ntimings = 3;
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	free(a);
	return 0;
}

/* The symptoms found, as a string of their names: "ridge above". */
static const char *found(const struct userpoints *up)
{
	static char buf[128];
	struct symptoms sy;
	symptoms_check(&run, a, up, &sy);
	buf[0] = '\0';
	for (size_t i = 0; i < sy.n; i++) {
		strcat(buf, i ? " " : "");
		strcat(buf, symptom_name(sy.which[i]));
		assert_non_null(strstr(symptom_text(&sy, i, said, sizeof said), "The guide") ? symptom_text(&sy, i, said, sizeof said) : strstr(symptom_text(&sy, i, said, sizeof said), "STREAM's rule"));
	}
	return buf;
}

static void test_quiet(void **state)
{
	(void)state;
	assert_string_equal(found(NULL), "");
}

/* ---- the ridge, on what analysis_build makes of scripted timings ---- */

static struct rundata built;
static size_t built_cap;

/* One timing of `threads` threads: a bandwidth job moves `work` bytes, a peak job does `work` flops. */
static void built_add(const char *group, const char *kernel, long param, int threads, double ws,
		      double work, double rate, int trial)
{
	if (built.ntimings == built_cap) {
		built_cap = built_cap ? built_cap * 2 : 256;
		built.timings = realloc(built.timings, built_cap * sizeof *built.timings);
	}
	struct timing *t = &built.timings[built.ntimings++];
	memset(t, 0, sizeof *t);
	t->pass = 1;
	t->trial = trial;
	tgroup_parse(group, &t->group);
	snprintf(t->kernel, sizeof t->kernel, "%s", kernel);
	t->k = registry_find(kernel);   /* as input resolves it */
	t->param = param;
	t->threads = threads;
	t->working_set = ws;
	int bw = strcmp(group, "bandwidth") == 0;
	t->bytes = bw ? work : 0;
	t->flops = bw ? ws / 12 : work;
	t->seconds = work / (rate * 1e9);
}

/*
 * The ridge check on what analysis_build makes of a run: a triad sweep at
 * `bw_threads` (caches 160/80/40 GB/s, DRAM `dram` GB/s from 4 MiB, the 2 MiB
 * L3 reported: STREAM's rule met from 8 MiB per array) and FMA chains at
 * `peak_threads` up to `peak` GFLOP/s. 1 when the ridge symptom fired.
 */
static int ridge_fires(int bw_threads, int peak_threads, double dram, double peak)
{
	static char keys[5][16] = { "l1d_bytes", "l2_bytes", "l3_bytes", "sweep_settled", "clock_ghz" };
	static char values[5][16] = { "49152", "1048576", "2097152", "1", "3.5" };
	static struct env_entry e[5];
	memset(&built, 0, sizeof built);
	built_cap = 0;
	for (int i = 0; i < 5; i++)
		e[i] = (struct env_entry){ .key = keys[i], .value = values[i] };
	built.env = e;
	built.nenv = 5;
	rundata_parse_env(&built);
	for (int trial = 1; trial <= 3; trial++) {
		for (double ws = 16384; ws <= 96 * 1048576.0; ws *= 2) {
			double r = ws <= 32768 ? 160 : ws <= 1048576 ? 80 : ws >= 4 * 1048576.0 ? dram : 40;
			built_add("bandwidth", "triad", (long)(ws / 3), bw_threads, ws, ws, r, trial);
		}
		for (int k = 1; k <= 16; k++)
			built_add("peak", "fma_avx512", k, peak_threads, 0, 16e7 * k,
				  fmin(peak / 12 * k, peak), trial);
	}
	struct analysis *b = calloc(1, sizeof *b);
	char err[160] = "";
	assert_int_equal(analysis_build(&built, b, err, sizeof err), 0);
	struct symptoms sy;
	symptoms_check(&built, b, NULL, &sy);
	int fired = 0;
	for (size_t i = 0; i < sy.n; i++)
		fired |= sy.which[i] == SYMPTOM_RIDGE;
	free(b);
	free(built.timings);
	return fired;
}

static void test_ridge(void **state)
{
	(void)state;
	/* Peak 160 / DRAM 20, both one core's: 8 flop/byte, quiet. */
	assert_false(ridge_fires(1, 1, 20, 160));
	/* Peak 160 / DRAM 0.8: 200 flop/byte, in the guide's hundreds. */
	assert_true(ridge_fires(1, 1, 0.8, 160));
	/* A peak of one thread count over a bandwidth of another (a run with no sweep at 1 thread). */
	assert_true(ridge_fires(2, 1, 20, 160));
}

static void test_slope_and_flat(void **state)
{
	(void)state;
	a->points[1] = a->points[0];             /* both on the slope */
	assert_string_equal(found(NULL), "slope");
	a->points[0].bound_id = a->points[1].bound_id = BOUND_COMPUTE;
	assert_string_equal(found(NULL), "flat");
	a->points[1].fraction = 0.5;             /* one off the roof: quiet */
	assert_string_equal(found(NULL), "");
	a->npoints = 1;                          /* one point alone says nothing */
	a->points[0].fraction = 0.9;
	assert_string_equal(found(NULL), "");
	a->npoints = 0;                          /* the healthy pair again */
	add_point("triad", "memory", 0.95);
	add_point("horner", "compute", 0.4);
}

static void test_above(void **state)
{
	(void)state;
	/* The diagnosis's verdict (above_roof), not the fraction alone, fires it. */
	a->points[1].fraction = 1.3;
	a->points[1].above_roof = 1;
	assert_string_equal(found(NULL), "above");
	a->points[1].above_roof = 0;             /* 130 % of the roof's median, under its best */
	assert_string_equal(found(NULL), "");
	a->points[1].fraction = 1.04;            /* within the noise margin */
	assert_string_equal(found(NULL), "");
	/* A user's point above its roof fires it too. */
	struct userpoint u = { .name = "mine", .seconds = 1 };
	u.p.fraction = 2;
	u.p.above_roof = 1;
	snprintf(u.p.kernel, sizeof u.p.kernel, "mine");
	u.p.bound_id = BOUND_MEMORY;
	struct userpoints up = { .v = &u, .n = 1 };
	assert_string_equal(found(&up), "above");
	a->points[1].fraction = 0.4;
	a->points[1].above_roof = 0;
}

/*
 * The tool's own kernel past its pattern roof's best: a low roof, unless the
 * roof's own passes varied more than the kernel beats it (the diagnosis's
 * why.roof_spread), then side-by-side timing is what tells.
 */
static void test_above_builtin(void **state)
{
	(void)state;
	struct point *p = &a->points[1];
	p->fraction = 1.15;
	p->above_roof = 1;
	p->builtin = 1;
	p->why.roof_spread = 1.05;   /* passes 5 % apart */
	struct symptoms sy;
	symptoms_check(&run, a, NULL, &sy);
	assert_int_equal(sy.n, 1);
	assert_non_null(strstr(symptom_text(&sy, 0, said, sizeof said), "the roof is short: the roof kernels lack a way"));
	p->why.roof_spread = 1.70;   /* passes 70 % apart */
	symptoms_check(&run, a, NULL, &sy);
	assert_int_equal(sy.n, 1);
	assert_non_null(strstr(symptom_text(&sy, 0, said, sizeof said), "may have missed the fast spells"));
	assert_non_null(strstr(symptom_text(&sy, 0, said, sizeof said), "make bench-pairs"));
	assert_null(strstr(symptom_text(&sy, 0, said, sizeof said), "lack a way"));
	p->fraction = 0.4;
	p->above_roof = 0;
	p->builtin = 0;
	p->why.roof_spread = NAN;
}

static void test_ticks(void **state)
{
	(void)state;
	timings[1].seconds = 19 * 20e-9;         /* 19 ticks */
	assert_string_equal(found(NULL), "ticks");
	timings[1].seconds = 21 * 20e-9;
	assert_string_equal(found(NULL), "");
	struct userpoint u = { .name = "mine", .seconds = 100e-9 };   /* 5 ticks */
	u.p.fraction = 0.5;
	struct userpoints up = { .v = &u, .n = 1 };
	assert_string_equal(found(&up), "ticks");
	run.nenv = 0;                            /* no granularity recorded: nothing to judge */
	rundata_parse_env(&run);
	assert_string_equal(found(&up), "");
	run.nenv = 3;
	rundata_parse_env(&run);
	timings[1].seconds = 1e-3;
}

static void test_stream(void **state)
{
	(void)state;
	timings[0].param = 134217728;            /* 128 MiB against 2 GiB */
	assert_string_equal(found(NULL), "stream");
	run.nenv = 2;                            /* not settled: the advice changes */
	rundata_parse_env(&run);
	struct symptoms sy;
	symptoms_check(&run, a, NULL, &sy);
	assert_non_null(strstr(symptom_text(&sy, 0, said, sizeof said), "had not settled"));
	run.nenv = 3;
	rundata_parse_env(&run);
	timings[0].param = 2147483648L;          /* exactly the rule: met */
	assert_string_equal(found(NULL), "");
	timings[0].param = 4294967296L;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_quiet),
		cmocka_unit_test(test_ridge),
		cmocka_unit_test(test_slope_and_flat),
		cmocka_unit_test(test_above),
		cmocka_unit_test(test_above_builtin),
		cmocka_unit_test(test_ticks),
		cmocka_unit_test(test_stream),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
