/*
 * test_measure_plan.c - the harness's rule for the untimed call before a
 * timing (plan_warm_run): every job that touches memory gets one, as
 * back-to-back passes would leave the machine, except a call so long that
 * the state it starts from is lost in it; the peak chains touch no memory.
 * And which kept trials of a pass a slow job is timed in
 * (plan_kept_trial): as many as it keeps, spread over the whole pass.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "plan.h"

static void memory_jobs_are_warmed(void **state)
{
	(void)state;
	assert_true(plan_warm_run(0, 0.0));     /* not timed yet (calibration's first call) */
	assert_true(plan_warm_run(0, 2e-6));    /* an L1 pass */
	assert_true(plan_warm_run(0, 6e-3));    /* a DRAM pass of 302 MB */
	assert_true(plan_warm_run(0, MEASURE_WARM_RUN_MAX_SECONDS));
}

static void long_calls_and_peak_chains_are_not(void **state)
{
	(void)state;
	assert_false(plan_warm_run(0, 2 * MEASURE_WARM_RUN_MAX_SECONDS)); /* n = 1024 textbook product */
	assert_false(plan_warm_run(0, 3.0));
	assert_false(plan_warm_run(1, 0.0));
	assert_false(plan_warm_run(1, 1e-3));
}

static void kept_trials_spread_over_the_pass(void **state)
{
	(void)state;
	for (int trials = 1; trials <= 20; trials++) {
		for (int kept = 1; kept <= trials; kept++) {
			int n = 0, first = 0, last = 0, widest = 0, prev = 0;
			for (int t = 1; t <= trials; t++) {
				if (!plan_kept_trial(t, kept, trials))
					continue;
				n++;
				if (!first)
					first = t;
				if (prev && t - prev > widest)
					widest = t - prev;
				prev = last = t;
			}
			assert_int_equal(n, kept);
			assert_int_equal(first, 1);
			/* Evenly: no gap wider than trials/kept rounded up, and the last in the last stretch. */
			assert_true(widest <= (trials + kept - 1) / kept);
			assert_true(last > trials - (trials + kept - 1) / kept);
		}
	}
	/* 5 of 15: trials 1, 4, 7, 10, 13 (not 1-5). */
	assert_true(plan_kept_trial(13, 5, 15));
	assert_false(plan_kept_trial(2, 5, 15));
	assert_false(plan_kept_trial(0, 5, 15));
	assert_false(plan_kept_trial(16, 5, 15));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(kept_trials_spread_over_the_pass),
		cmocka_unit_test(memory_jobs_are_warmed),
		cmocka_unit_test(long_calls_and_peak_chains_are_not),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
