/*
 * test_stats.c - stats.c on small arrays whose answers are worked out by hand
 * in the comments. Every expectation is exact (or to 1e-12).
 */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "stats.h"

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

#define assert_near(actual, expected, tol) do { \
	double a_ = (actual), e_ = (expected); \
	if (!(fabs(a_ - e_) <= (tol))) \
		fail_msg("%s = %.17g, expected %.17g (+-%g)", #actual, a_, e_, (double)(tol)); \
} while (0)

#define assert_nan(x) do { \
	double x_ = (x); \
	if (!isnan(x_)) \
		fail_msg("%s = %.17g, expected NaN", #x, x_); \
} while (0)

static void test_median_odd_even_ties(void **state)
{
	const double odd[] = { 5, 1, 3 };
	const double even[] = { 4, 1, 3, 2 };
	const double ties[] = { 2, 5, 2, 2 };
	const double one[] = { 7.5 };
	(void)state;

	assert_near(stats_median(odd, 3), 3.0, 0);
	assert_near(stats_median(even, 4), 2.5, 0);   /* (2 + 3) / 2 */
	assert_near(stats_median(ties, 4), 2.0, 0);   /* 2 2 | 2 5 */
	assert_near(stats_median(one, 1), 7.5, 0);
	assert_nan(stats_median(odd, 0));
	assert_nan(stats_median(NULL, 0));
}

/*
 * The median and stats_kth select (the scheduler asks at every kept
 * timing): on arrays with runs of ties, every order statistic and the
 * median are what a sort gives, and a NaN still sorts last.
 */
static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static void test_selection_is_the_sorted_order(void **state)
{
	(void)state;
	unsigned s = 12345;
	for (size_t n = 1; n <= 40; n++) {
		double x[40], sorted[40], t[40];
		for (size_t i = 0; i < n; i++) {
			s = s * 1103515245u + 12345u;
			x[i] = (double)((s >> 16) % 7);   /* few values: long runs of ties */
		}
		memcpy(sorted, x, n * sizeof *x);
		qsort(sorted, n, sizeof *sorted, by_value);
		for (size_t k = 0; k < n; k++) {
			memcpy(t, x, n * sizeof *x);
			assert_true(stats_kth(t, n, k) == sorted[k]);
			for (size_t i = 0; i < k; i++)
				assert_true(t[i] <= sorted[k]);
		}
		double want = n % 2 ? sorted[n / 2] : 0.5 * (sorted[n / 2 - 1] + sorted[n / 2]);
		assert_true(stats_median(x, n) == want);
	}
	const double with_nan[] = { 3, NAN, 1, 2 };
	assert_true(stats_median(with_nan, 4) == 2.5);   /* 1 2 3 NaN: NaN last */
}

static void test_input_left_unchanged(void **state)
{
	double x[] = { 9, 3, 7, 1, 5 };
	const double copy[] = { 9, 3, 7, 1, 5 };
	(void)state;

	(void)stats_median(x, 5);
	(void)stats_quantile(x, 5, 0.3);
	(void)stats_mean_of_best(x, 5, 3);
	assert_memory_equal(x, copy, sizeof(x));
}

/* stats_max and stats_min on the same arrays: the largest and the smallest, a NaN skipped wherever it stands. */
static void test_max_and_min(void **state)
{
	const double x[] = { 1, 7, -3, 7, 2 };
	const double nan_first[] = { NAN, 2, 9, NAN, 4 };
	const double all_nan[] = { NAN, NAN };
	const struct {
		const double *x;
		size_t n;
		double max, min;
	} cases[] = {
		{ x, 5, 7.0, -3.0 }, { x, 1, 1.0, 1.0 }, { x, 2, 7.0, 1.0 },
		{ nan_first, 5, 9.0, 2.0 }, { nan_first + 3, 2, 4.0, 4.0 },
	};
	(void)state;

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		assert_near(stats_max(cases[i].x, cases[i].n), cases[i].max, 0);
		assert_near(stats_min(cases[i].x, cases[i].n), cases[i].min, 0);
	}
	assert_nan(stats_max(x, 0));
	assert_nan(stats_min(x, 0));
	assert_nan(stats_max(all_nan, 2));
	assert_nan(stats_min(all_nan, 2));
}

static void test_mean_of_best(void **state)
{
	const double x[] = { 1, 5, 3, 4 };
	const double two[] = { 2, 4 };
	const double ties[] = { 6, 1, 6, 6, 6 };
	(void)state;

	assert_near(stats_mean_of_best(x, 4, 3), 4.0, 1e-12);     /* (5 + 4 + 3) / 3 */
	assert_near(stats_mean_of_best(x, 4, 1), 5.0, 0);
	assert_near(stats_mean_of_best(x, 4, 4), 3.25, 1e-12);    /* all of them */
	assert_near(stats_mean_of_best(two, 2, 3), 3.0, 1e-12);   /* n < k: all of them */
	assert_near(stats_mean_of_best(ties, 5, 3), 6.0, 0);
	assert_nan(stats_mean_of_best(x, 0, 3));
	assert_nan(stats_mean_of_best(x, 4, 0));
}

static void test_quantile_type7(void **state)
{
	const double x[] = { 10, 1, 9, 2, 8, 3, 7, 4, 6, 5 };   /* 1..10 shuffled */
	const double three[] = { 30, 10, 20 };
	(void)state;

	/* h = (n - 1) p = 9 p: 0.25 -> 2.25 -> 3 + 0.25 (4 - 3) */
	assert_near(stats_quantile(x, 10, 0.25), 3.25, 1e-12);
	assert_near(stats_quantile(x, 10, 0.75), 7.75, 1e-12);   /* h = 6.75 */
	assert_near(stats_quantile(x, 10, 0.5), 5.5, 1e-12);     /* the median */
	assert_near(stats_quantile(x, 10, 0.1), 1.9, 1e-12);     /* h = 0.9 */
	assert_near(stats_quantile(x, 10, 0.0), 1.0, 0);
	assert_near(stats_quantile(x, 10, 1.0), 10.0, 0);
	assert_near(stats_quantile(three, 3, 0.9), 28.0, 1e-12); /* h = 1.8: 20 + 0.8 * 10 */
	assert_near(stats_quantile(three, 1, 0.7), 30.0, 0);     /* n = 1: the value */
	assert_nan(stats_quantile(x, 0, 0.5));
	assert_nan(stats_quantile(x, 10, -0.1));
	assert_nan(stats_quantile(x, 10, 1.5));
	assert_nan(stats_quantile(x, 10, NAN));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_median_odd_even_ties),
		cmocka_unit_test(test_selection_is_the_sorted_order),
		cmocka_unit_test(test_input_left_unchanged),
		cmocka_unit_test(test_max_and_min),
		cmocka_unit_test(test_mean_of_best),
		cmocka_unit_test(test_quantile_type7),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
