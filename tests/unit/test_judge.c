/*
 * test_judge.c - judge.c: the noise-aware rule, both conditions, each on
 * its own: an interval that excludes 1, and a move beyond the threshold.
 */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include "judge.h"

/* Beyond the threshold and outside the noise, either way: a move. */
static void test_moves(void **state)
{
	(void)state;
	assert_int_equal(judge_move(0.85, 0.83, 0.87, JUDGE_PRACTICAL_MOVE), JUDGE_SLOWER);
	assert_int_equal(judge_move(1.20, 1.10, 1.30, JUDGE_PRACTICAL_MOVE), JUDGE_FASTER);
	assert_string_equal(judge_verdict_name(JUDGE_SLOWER), "slower");
	assert_string_equal(judge_verdict_name(JUDGE_FASTER), "faster");
	assert_string_equal(judge_verdict_name(JUDGE_SAME), "");
}

/* An interval that holds 1 is noise, however large the move. */
static void test_interval_holds_one(void **state)
{
	(void)state;
	assert_int_equal(judge_move(0.70, 0.40, 1.01, JUDGE_PRACTICAL_MOVE), JUDGE_SAME);
	assert_int_equal(judge_move(1.50, 0.99, 2.00, JUDGE_PRACTICAL_MOVE), JUDGE_SAME);
}

/*
 * A tight interval around a small move is below the threshold: 4 % against
 * 5 % (|ln| 0.041 < 0.05) stays; 6 % (0.058) moves. The threshold is an
 * |ln|, symmetric: 1/0.95 is as far up as 0.95 is down.
 */
static void test_threshold(void **state)
{
	(void)state;
	assert_int_equal(judge_move(0.96, 0.955, 0.965, JUDGE_PRACTICAL_MOVE), JUDGE_SAME);
	assert_int_equal(judge_move(0.94, 0.935, 0.945, JUDGE_PRACTICAL_MOVE), JUDGE_SLOWER);
	assert_int_equal(judge_move(1.04, 1.035, 1.045, JUDGE_PRACTICAL_MOVE), JUDGE_SAME);
	assert_int_equal(judge_move(1.06, 1.055, 1.065, JUDGE_PRACTICAL_MOVE), JUDGE_FASTER);
	/* a node against a fleet with its own threshold: 10 % */
	assert_int_equal(judge_move(0.92, 0.91, 0.93, 0.10), JUDGE_SAME);
	assert_int_equal(judge_move(0.88, 0.87, 0.89, 0.10), JUDGE_SLOWER);
}

/* No threshold goes under the floor of 3 %: 2 % with a tight interval is not a move. */
static void test_floor(void **state)
{
	(void)state;
	assert_int_equal(judge_move(0.98, 0.979, 0.981, 0), JUDGE_SAME);
	assert_int_equal(judge_move(0.98, 0.979, 0.981, NAN), JUDGE_SAME);
	assert_int_equal(judge_move(0.96, 0.959, 0.961, 0), JUDGE_SLOWER);
}

/* No evidence, no move: NaN anywhere, a ratio that is not positive, an interval upside down. */
static void test_no_evidence(void **state)
{
	(void)state;
	assert_int_equal(judge_move(NAN, 0.5, 0.6, JUDGE_PRACTICAL_MOVE), JUDGE_SAME);
	assert_int_equal(judge_move(0.5, NAN, 0.6, JUDGE_PRACTICAL_MOVE), JUDGE_SAME);
	assert_int_equal(judge_move(0.5, 0.4, NAN, JUDGE_PRACTICAL_MOVE), JUDGE_SAME);
	assert_int_equal(judge_move(0, -1, -0.5, JUDGE_PRACTICAL_MOVE), JUDGE_SAME);
	assert_int_equal(judge_move(INFINITY, 2, 3, JUDGE_PRACTICAL_MOVE), JUDGE_SAME);
	assert_int_equal(judge_move(0.5, 0.6, 0.4, JUDGE_PRACTICAL_MOVE), JUDGE_SAME);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_moves),
		cmocka_unit_test(test_interval_holds_one),
		cmocka_unit_test(test_threshold),
		cmocka_unit_test(test_floor),
		cmocka_unit_test(test_no_evidence),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
