/*
 * test_compare_unsettled.c - compare.c's pure rules on one row: when a
 * move is unsettled because its fastest trials did not move
 * (compare_fast_agree), and when it is not.
 */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include "compare.h"

/*
 * A median move of x0.60 (0.55-0.66) whose trials do not span it (each
 * run's 10th-90th percentile far from the other's median).
 */
static struct compare_row row(double fast_ratio, double fast_lo, double fast_hi)
{
	struct compare_row r;
	memset(&r, 0, sizeof r);
	r.rel_tested = 1;
	r.fraction_a = 0.50, r.fraction_b = 0.30;
	r.rel = 0.60, r.rel_lo = 0.55, r.rel_hi = 0.66;
	r.range_a[0] = 0.48, r.range_a[1] = 0.52;
	r.range_b[0] = 0.29, r.range_b[1] = 0.31;
	r.fast_a = 0.52, r.fast_b = 0.52 * fast_ratio;
	r.fast_lo = fast_lo, r.fast_hi = fast_hi;
	return r;
}

/* Fast ends within the noise, their interval as tight as the median's: the median moved alone. */
static void test_fast_ends_agree(void **state)
{
	(void)state;
	struct compare_row r = row(0.98, 0.95, 1.02);
	assert_true(compare_fast_agree(&r));
	assert_true(compare_unsettled(&r));
}

/* Every trial 20 % slower: the fast end moved too, a move of the code. */
static void test_fast_end_moved(void **state)
{
	(void)state;
	struct compare_row r = row(0.80, 0.77, 0.83);
	assert_false(compare_fast_agree(&r));
	assert_false(compare_unsettled(&r));
}

/*
 * Three trials a pass: the fast end's interval holds 1 only because it is
 * wider than the median's; no evidence that the fast trials agree, so the
 * move stands.
 */
static void test_wide_fast_interval_settles_nothing(void **state)
{
	(void)state;
	struct compare_row r = row(0.75, 0.50, 1.10);
	assert_false(compare_fast_agree(&r));
	assert_false(compare_unsettled(&r));
}

/* A wide fast interval with the fast ratio itself within 5 %: they agree. */
static void test_wide_but_close(void **state)
{
	(void)state;
	struct compare_row r = row(0.98, 0.58, 1.01);
	assert_true(compare_fast_agree(&r));
}

/* No fast fraction (a row not judged relative): nothing to agree. */
static void test_no_fast_fraction(void **state)
{
	(void)state;
	struct compare_row r = row(1, 0.95, 1.05);
	r.fast_a = NAN;
	assert_false(compare_fast_agree(&r));
	r = row(1, 0.95, 1.05);
	r.rel_tested = 0;
	assert_false(compare_fast_agree(&r));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fast_ends_agree),
		cmocka_unit_test(test_fast_end_moved),
		cmocka_unit_test(test_wide_fast_interval_settles_nothing),
		cmocka_unit_test(test_wide_but_close),
		cmocka_unit_test(test_no_fast_fraction),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
