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

#include "symptoms.h"

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
	snprintf(p->bound, sizeof p->bound, "%s", bound);
	p->bound_id = strcmp(bound, "memory") == 0 ? BOUND_MEMORY : BOUND_COMPUTE;
	p->fraction = fraction;
	p->threads = 1;
}

static void timing(size_t i, const char *group, long param, double seconds, int warmup)
{
	memset(&timings[i], 0, sizeof timings[i]);
	snprintf(timings[i].group, sizeof timings[i].group, "%s", group);
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
		env[i] = (struct env_entry){ keys[i], values[i] };
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
		assert_non_null(strstr(sy.notes[i], "The guide") ? sy.notes[i] : strstr(sy.notes[i], "STREAM's rule"));
	}
	return buf;
}

static void test_quiet(void **state)
{
	(void)state;
	assert_string_equal(found(NULL), "");
}

static void test_ridge(void **state)
{
	(void)state;
	/* A 2-thread peak over the 1-thread DRAM: the ridge mixes thread counts. */
	add_roof("peak@2t", ROOF_COMPUTE, 200, 2);
	add_roof("DRAM@2t", ROOF_BANDWIDTH, 40, 2);
	a->roofs[1].threads = 2;     /* "peak" itself now a 2-thread figure */
	a->peak = 200;
	a->ridge = 8;                /* 200 / 25: but 200 / 40 = 5 on two threads */
	assert_string_equal(found(NULL), "ridge");
	a->ridge = 5;                /* what the 2-thread roofs give: quiet */
	assert_string_equal(found(NULL), "");
	a->roofs[1].threads = 1;
	a->nroofs = 2;
	a->peak = 100;
	/* In the hundreds: a theoretical peak, or one core's bandwidth. */
	a->ridge = 400;
	assert_string_equal(found(NULL), "ridge");
	a->ridge = 4;
}

static void test_slope_and_flat(void **state)
{
	(void)state;
	a->points[1] = a->points[0];             /* both on the slope */
	assert_string_equal(found(NULL), "slope");
	snprintf(a->points[0].bound, sizeof a->points[0].bound, "compute");
	snprintf(a->points[1].bound, sizeof a->points[1].bound, "compute");
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
	a->points[1].fraction = 1.3;
	assert_string_equal(found(NULL), "above");
	a->points[1].fraction = 1.04;            /* within the noise margin */
	assert_string_equal(found(NULL), "");
	/* A user's point above its roof fires it too. */
	struct userpoint u = { .name = "mine", .seconds = 1 };
	u.p.fraction = 2;
	snprintf(u.p.kernel, sizeof u.p.kernel, "mine");
	snprintf(u.p.bound, sizeof u.p.bound, "memory");
	u.p.bound_id = BOUND_MEMORY;
	struct userpoints up = { .v = &u, .n = 1 };
	assert_string_equal(found(&up), "above");
	a->points[1].fraction = 0.4;
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
	assert_non_null(strstr(sy.notes[0], "had not settled"));
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
		cmocka_unit_test(test_ticks),
		cmocka_unit_test(test_stream),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
