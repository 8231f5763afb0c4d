/*
 * test_fleet.c - fleet.c on fleets built by hand: the judgement's two
 * conditions, the threshold from the fleet's own spread, each roof's median
 * and range, and who differs in what. Answers worked out in the comments.
 */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "fleet.h"
#include "roof_text.h"

#define NODES 8

#define assert_near(actual, expected, tol) do { \
	double a_ = (actual), e_ = (expected); \
	if (!(fabs(a_ - e_) <= (tol))) \
		fail_msg("%s = %.17g, expected %.17g (+-%g)", #actual, a_, e_, (double)(tol)); \
} while (0)

static void test_judge(void **state)
{
	(void)state;
	/* 20 % below, its interval 0.78..0.82 excludes 1, beyond a 3 % threshold */
	assert_int_equal(fleet_judge(0.8, 0.78, 0.82, 0.03), FLEET_BELOW);
	assert_int_equal(fleet_judge(1.2, 1.1, 1.3, 0.03), FLEET_ABOVE);
	/* the node's own noise reaches the median: within, however far the ratio */
	assert_int_equal(fleet_judge(0.8, 0.7, 1.01, 0.03), FLEET_WITHIN);
	/* the interval excludes 1 but |ln 0.98| = 0.0202 is under the threshold */
	assert_int_equal(fleet_judge(0.98, 0.975, 0.985, 0.03), FLEET_WITHIN);
	/* no threshold (one node), no ratio */
	assert_int_equal(fleet_judge(0.5, 0.5, 0.5, NAN), FLEET_WITHIN);
	assert_int_equal(fleet_judge(NAN, NAN, NAN, 0.03), FLEET_WITHIN);
}

struct scripted {
	struct rundata run[NODES];
	struct analysis a[NODES];
	struct fleet_member m[NODES];
	char names[NODES][8];
};

/* The fleet's roof named `name` as a person reads it ("DRAM@2t"), or NULL. */
static const struct fleet_roof *roof_named(const struct fleet *f, const char *name)
{
	struct roof_key key;
	return roofkey_parse_any(name, &key) == 0 ? fleet_roof(f, &key) : NULL;
}

static void add_roof(struct analysis *a, const char *name, enum roof_kind kind, int threads, double value)
{
	struct roof *r = &a->roofs[a->nroofs++];
	memset(r, 0, sizeof *r);
	snprintf(r->name, sizeof r->name, "%s", name);
	r->kind = kind;
	r->threads = threads;
	r->value = r->median = value;
	/* a per-pass spread of +-0.5 % about the median */
	r->spread_lo = value * 0.995;
	r->spread_hi = value * 1.005;
	roof_name_key(r, name, kind);
}

/*
 * Eight nodes: L1 600, DRAM 60, peak 180, DRAM@2t 110, ceiling scalar 15,
 * each scaled by 1 + 0.001 (i - 4) (0.996 .. 1.003); node `slow` runs DRAM at
 * `factor`; node `other` reports another CPU model.
 */
static void build(struct scripted *s, int slow, double factor, int other)
{
	memset(s, 0, sizeof *s);
	for (int i = 0; i < NODES; i++) {
		double k = 1 + 0.001 * (i - 4);
		struct analysis *a = &s->a[i];
		/* DRAM@2t second: the fleet puts one core's roofs first, whatever the runs' order */
		add_roof(a, "L1", ROOF_BANDWIDTH, 1, 600 * k);
		add_roof(a, "DRAM@2t", ROOF_BANDWIDTH, 2, 110 * k);
		add_roof(a, "DRAM", ROOF_BANDWIDTH, 1, 60 * k * (i == slow ? factor : 1));
		add_roof(a, "peak", ROOF_COMPUTE, 1, 180 * k);
		add_roof(a, "scalar", ROOF_CEILING, 1, i == slow ? 5 : 15 * k);
		s->run[i].info.cpu_model = i == other ? "Intel Xeon" : "AMD EPYC";
		s->run[i].info.cc = "gcc";
		s->run[i].info.cc_version = "12.2.0";
		s->run[i].info.kernel_cflags = "-O3";
		s->run[i].info.l1d_bytes = 49152;
		s->run[i].info.l2_bytes = 1048576;
		s->run[i].info.l3_bytes = 33554432;
		s->run[i].info.clock_ghz = 3.7;
		snprintf(s->names[i], sizeof s->names[i], "%c", 'a' + i);
		s->m[i] = (struct fleet_member){ s->names[i], &s->run[i], a };
	}
}

static void test_alike(void **state)
{
	(void)state;
	static struct scripted s;
	build(&s, -1, 1, -1);
	struct fleet f;
	fleet_build(s.m, NODES, &f);
	assert_int_equal(f.nloaded, NODES);
	assert_int_equal(f.outside, 0);
	/* every |ln ratio| is under 0.5 %: the threshold is its floor */
	assert_near(f.threshold, FLEET_MIN_MOVE, 0);
	const struct fleet_roof *l1 = roof_named(&f, "L1");
	assert_non_null(l1);
	/* scales 0.996 .. 1.003: median of the 4th and 5th, 600 * (0.999 + 1.000) / 2 */
	assert_near(l1->median, 599.7, 1e-9);
	assert_near(l1->lo, 600 * 0.996, 1e-9);
	assert_near(l1->hi, 600 * 1.003, 1e-9);
	assert_int_equal(l1->n, NODES);
	for (int a = 0; a < FLEET_NASPECTS; a++)
		assert_int_equal(f.diff[a].ndiffer, 0);
	assert_string_equal(f.diff[FLEET_CPU].usual, "AMD EPYC");
	/* one core's roofs before two threads', each in the runs' order */
	assert_string_equal(f.roofs[0].name, "L1");
	assert_string_equal(f.roofs[1].name, "DRAM");
	assert_string_equal(f.roofs[f.nroofs - 1].name, "DRAM@2t");
	fleet_free(&f);
}

static void test_one_slow(void **state)
{
	(void)state;
	static struct scripted s;
	build(&s, 1, 0.8, -1);
	/* node d's DRAM 10 % above, but its own passes spread from 0.85 of it: its noise, not a move */
	struct roof *d = &s.a[3].roofs[2];
	assert_string_equal(d->name, "DRAM");
	d->value *= 1.1;
	d->median = d->value;
	d->spread_lo = 0.85 * d->value;
	struct fleet f;
	fleet_build(s.m, NODES, &f);
	/* node b's DRAM, and nothing else: its ceiling `scalar` is 3x off, but ceilings are not judged */
	assert_int_equal(f.outside, 1);
	const struct fleet_roof *dram = roof_named(&f, "DRAM");
	assert_int_equal(dram->moved[1], FLEET_BELOW);
	for (int i = 0; i < NODES; i++)
		if (i != 1)
			assert_int_equal(dram->moved[i], FLEET_WITHIN);
	/*
	 * b sits lowest and d (1.1 x 0.999) highest: sorted 0.997*0.8, 0.996, 0.998, 1.000, 1.001,
	 * 1.002, 1.003, 1.0989 (x 60): the median is (1.000 + 1.001) / 2 of 60
	 */
	assert_near(dram->median, 60.03, 1e-9);
	assert_near(dram->ratio[1], 60 * 0.997 * 0.8 / 60.03, 1e-12);
	assert_near(dram->lo, 60 * 0.997 * 0.8, 1e-9);
	/* its other judged roofs (L1, peak, DRAM@2t, median 0.9995 of theirs): at most |0.997 / 0.9995 - 1| */
	assert_near(fleet_member_max_within(&f, 1), 1 - 0.997 / 0.9995, 1e-9);
	assert_int_equal(roof_named(&f, "scalar")->judged, 0);
	fleet_free(&f);
}

static void test_other_cpu_and_missing_node(void **state)
{
	(void)state;
	static struct scripted s;
	build(&s, -1, 1, 2);
	s.m[5].run = NULL;   /* node f failed: no run */
	s.m[5].a = NULL;
	struct fleet f;
	fleet_build(s.m, NODES, &f);
	assert_int_equal(f.nloaded, NODES - 1);
	assert_int_equal(f.outside, 0);
	const struct fleet_difference *d = &f.diff[FLEET_CPU];
	assert_int_equal(d->ndiffer, 1);
	assert_int_equal(d->differs[2], 1);
	assert_string_equal(d->value[2], "Intel Xeon");
	assert_string_equal(d->usual, "AMD EPYC");
	assert_int_equal(f.diff[FLEET_COMPILER].ndiffer, 0);
	assert_int_equal(roof_named(&f, "L1")->n, NODES - 1);
	assert_true(isnan(roof_named(&f, "L1")->value[5]));
	fleet_free(&f);
}

static void test_two_nodes_not_judged(void **state)
{
	(void)state;
	static struct scripted s;
	build(&s, 1, 0.5, -1);
	struct fleet f;
	/* nodes a and b only: b at half a's DRAM, but the median of two cannot say which is off */
	fleet_build(s.m, 2, &f);
	assert_int_equal(f.nloaded, 2);
	assert_true(isnan(f.threshold));
	assert_int_equal(f.outside, 0);
	assert_int_equal(roof_named(&f, "DRAM")->n, 2);
	fleet_free(&f);
	/* a third node: b is the one */
	fleet_build(s.m, 3, &f);
	assert_int_equal(f.outside, 1);
	assert_int_equal(roof_named(&f, "DRAM")->moved[1], FLEET_BELOW);
	fleet_free(&f);
}

/* Every roof of a node scaled by `by` (its value, median and per-pass spread). */
static void scale_node(struct analysis *a, double by)
{
	for (size_t r = 0; r < a->nroofs; r++) {
		a->roofs[r].value *= by;
		a->roofs[r].median *= by;
		a->roofs[r].spread_lo *= by;
		a->roofs[r].spread_hi *= by;
	}
}

/*
 * A noisy fleet: node i's roofs at 1 + 0.01 (i - 4) (0.96 .. 1.03) instead
 * of 1 + 0.001 (i - 4), node b's DRAM at 0.85 of that. Each judged roof's
 * median is (0.99 + 1.00) / 2 = 0.995 (b's slow DRAM sits below it and
 * leaves it there); of the 32 |ln ratio| (L1, DRAM, peak, DRAM@2t on 8
 * nodes) the 29th smallest, the 0.9 quantile, is node a's |ln(0.96 /
 * 0.995)| = 0.0358, so the threshold is 1.5 x that, 0.0537, not the 3 %
 * floor: nodes a and h, 3.5 % off with intervals that exclude 1, are within
 * the fleet's own spread; b's DRAM, 17 % off, is outside.
 */
static void test_noisy_fleet(void **state)
{
	(void)state;
	static struct scripted s;
	build(&s, 1, 0.85, -1);
	for (int i = 0; i < NODES; i++)
		scale_node(&s.a[i], (1 + 0.01 * (i - 4)) / (1 + 0.001 * (i - 4)));
	struct fleet f;
	fleet_build(s.m, NODES, &f);
	assert_near(f.threshold, 1.5 * fabs(log(0.96 / 0.995)), 1e-12);
	assert_true(f.threshold > FLEET_MIN_MOVE);
	const struct fleet_roof *dram = roof_named(&f, "DRAM");
	assert_near(dram->median, 60 * 0.995, 1e-9);
	assert_int_equal(dram->moved[1], FLEET_BELOW);
	assert_int_equal(f.outside, 1);
	for (size_t r = 0; r < f.nroofs; r++)
		if (f.roofs[r].judged) {
			assert_int_equal(f.roofs[r].moved[0], FLEET_WITHIN);
			assert_int_equal(f.roofs[r].moved[NODES - 1], FLEET_WITHIN);
		}
	fleet_free(&f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_judge),
		cmocka_unit_test(test_alike),
		cmocka_unit_test(test_one_slow),
		cmocka_unit_test(test_other_cpu_and_missing_node),
		cmocka_unit_test(test_two_nodes_not_judged),
		cmocka_unit_test(test_noisy_fleet),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
