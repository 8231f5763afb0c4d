/*
 * test_ratio.c - ratio.c: the ratio of medians and its bootstrap interval on
 * samples whose interval can be worked out by hand (see each comment).
 */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include "ratio.h"

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

#define assert_near(actual, expected, tol) do { \
	double a_ = (actual), e_ = (expected); \
	if (!(fabs(a_ - e_) <= (tol))) \
		fail_msg("%s = %.17g, expected %.17g (+-%g)", #actual, a_, e_, (double)(tol)); \
} while (0)

static struct ratio_sample one(const double *x, size_t n)
{
	struct ratio_sample s = { x, n, NULL, 0 };
	return s;
}

/*
 * A is constant, so every resampled ratio is B's resampled median / 1. A
 * resample of three values from {1.9, 2, 2.1} has median 1.9 when at least two
 * draws are 1.9: probability 7/27 (0.26), likewise 2.1; so the 2.5 % and
 * 97.5 % quantiles of 2000 ratios are 1.9 and 2.1 (a shortfall below 2.5 %
 * of 2000 draws at probability 0.26 does not happen).
 */
static void test_known_interval(void **state)
{
	const double a[] = { 1, 1, 1, 1, 1 }, b[] = { 2.1, 1.9, 2.0 };
	struct ratio_sample sa = one(a, 5), sb = one(b, 3);
	struct ratio_interval r;
	(void)state;
	assert_int_equal(ratio_of_medians(&sa, &sb, RATIO_REPS, RATIO_LEVEL, RATIO_SEED, &r), 0);
	assert_near(r.a, 1.0, 0);
	assert_near(r.b, 2.0, 0);
	assert_near(r.ratio, 2.0, 0);
	assert_near(r.lo, 1.9, 1e-15);
	assert_near(r.hi, 2.1, 1e-15);
}

/*
 * An even count: a resample of {2, 2, 4, 4} has median 2 (three or four
 * twos, 5/16), 3 (two of each, 6/16) or 4 (5/16); A is {1}. The interval is
 * [2, 4]; a median taken as the upper middle value alone would give [2, 4]
 * too, so the ratio of the full samples must be the mean of the middle: 3.
 */
static void test_even_counts(void **state)
{
	const double a[] = { 1 }, b[] = { 4, 2, 4, 2 };
	struct ratio_sample sa = one(a, 1), sb = one(b, 4);
	struct ratio_interval r;
	(void)state;
	assert_int_equal(ratio_of_medians(&sa, &sb, RATIO_REPS, RATIO_LEVEL, RATIO_SEED, &r), 0);
	assert_near(r.ratio, 3.0, 0);
	assert_near(r.lo, 2.0, 1e-15);
	assert_near(r.hi, 4.0, 1e-15);
}

/*
 * Strata: A holds a size at 1 and one at 10 (three timings each), B the same
 * sizes at 2 and 20. Redrawn within each size, every resample of A has
 * median (1 + 10) / 2 = 5.5 and of B 11: the interval is [2, 2] exactly.
 * Pooled without strata, a resample of all small sizes would give other ratios.
 */
static void test_strata_keep_the_mix(void **state)
{
	const double a[] = { 1, 1, 1, 10, 10, 10 }, b[] = { 2, 2, 2, 20, 20, 20 };
	const size_t len[] = { 3, 3 };
	struct ratio_sample sa = { a, 6, len, 2 }, sb = { b, 6, len, 2 };
	struct ratio_interval r;
	(void)state;
	assert_int_equal(ratio_of_medians(&sa, &sb, RATIO_REPS, RATIO_LEVEL, RATIO_SEED, &r), 0);
	assert_near(r.a, 5.5, 0);
	assert_near(r.b, 11.0, 0);
	assert_near(r.lo, 2.0, 0);
	assert_near(r.hi, 2.0, 0);
	/* The same values as one stratum: resamples change the mix, the interval widens. */
	sa = one(a, 6);
	sb = one(b, 6);
	assert_int_equal(ratio_of_medians(&sa, &sb, RATIO_REPS, RATIO_LEVEL, RATIO_SEED, &r), 0);
	assert_true(r.lo < 1.0 && r.hi > 4.0);
}

/*
 * 45 timings each with +-3 % of noise: B 10 % faster gives an interval inside
 * (1.03, 1.17) that excludes 1; B a reordering of A gives one around 1.
 * The same call twice gives the same interval (a fixed seed).
 */
static void test_shift_and_no_shift(void **state)
{
	double a[45], b[45], c[45];
	struct ratio_interval r, r2;
	(void)state;
	for (size_t i = 0; i < 45; i++) {
		a[i] = 10 * (1 + 0.03 * sin((double)i));
		b[i] = 11 * (1 + 0.03 * cos(3.0 * (double)i));
	}
	for (size_t i = 0; i < 45; i++)
		c[i] = a[(i * 7) % 45];   /* a permutation: 7 and 45 are coprime */
	struct ratio_sample sa = one(a, 45), sb = one(b, 45), sc = one(c, 45);
	assert_int_equal(ratio_of_medians(&sa, &sb, RATIO_REPS, RATIO_LEVEL, RATIO_SEED, &r), 0);
	assert_true(r.lo > 1.03 && r.hi < 1.17 && r.lo <= r.ratio && r.ratio <= r.hi);
	assert_int_equal(ratio_of_medians(&sa, &sb, RATIO_REPS, RATIO_LEVEL, RATIO_SEED, &r2), 0);
	assert_true(r.lo == r2.lo && r.hi == r2.hi);
	assert_int_equal(ratio_of_medians(&sa, &sc, RATIO_REPS, RATIO_LEVEL, RATIO_SEED, &r), 0);
	assert_near(r.ratio, 1.0, 0);
	assert_true(r.lo < 1.0 && r.hi > 1.0 && r.lo > 0.97 && r.hi < 1.03);
}

static void test_bad_input(void **state)
{
	const double a[] = { 1, 2 }, z[] = { 0, 0, 1 };
	const size_t bad_len[] = { 1, 2 }, empty_len[] = { 2, 0 };
	struct ratio_sample sa = one(a, 2), s0 = one(a, 0), sz = one(z, 3);
	struct ratio_sample sbad = { a, 2, bad_len, 2 }, sempty = { a, 2, empty_len, 2 };
	struct ratio_interval r;
	(void)state;
	assert_int_equal(ratio_of_medians(&sa, &s0, RATIO_REPS, RATIO_LEVEL, 1, &r), -1);
	assert_true(isnan(r.ratio) && isnan(r.lo) && isnan(r.hi));
	assert_int_equal(ratio_of_medians(&sa, &sz, RATIO_REPS, RATIO_LEVEL, 1, &r), -1);
	assert_int_equal(ratio_of_medians(&sa, &sbad, RATIO_REPS, RATIO_LEVEL, 1, &r), -1);
	assert_int_equal(ratio_of_medians(&sa, &sempty, RATIO_REPS, RATIO_LEVEL, 1, &r), -1);
	assert_int_equal(ratio_of_medians(&sa, &sa, 0, RATIO_LEVEL, 1, &r), -1);
	assert_int_equal(ratio_of_medians(&sa, &sa, RATIO_REPS, 1.0, 1, &r), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_known_interval),
		cmocka_unit_test(test_even_counts),
		cmocka_unit_test(test_strata_keep_the_mix),
		cmocka_unit_test(test_shift_and_no_shift),
		cmocka_unit_test(test_bad_input),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
