/*
 * test_measure_plan.c - the harness's rule for the untimed call before a
 * timing (measure_warm_run): every job that touches memory gets one, as
 * back-to-back passes would leave the machine, except a call so long that
 * the state it starts from is lost in it; the peak chains touch no memory.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "measure.h"

static void memory_jobs_are_warmed(void **state)
{
	(void)state;
	assert_true(measure_warm_run(0, 0.0));     /* not timed yet (calibration's first call) */
	assert_true(measure_warm_run(0, 2e-6));    /* an L1 pass */
	assert_true(measure_warm_run(0, 6e-3));    /* a DRAM pass of 302 MB */
	assert_true(measure_warm_run(0, MEASURE_WARM_RUN_MAX_SECONDS));
}

static void long_calls_and_peak_chains_are_not(void **state)
{
	(void)state;
	assert_false(measure_warm_run(0, 2 * MEASURE_WARM_RUN_MAX_SECONDS)); /* n = 1024 textbook product */
	assert_false(measure_warm_run(0, 3.0));
	assert_false(measure_warm_run(1, 0.0));
	assert_false(measure_warm_run(1, 1e-3));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(memory_jobs_are_warmed),
		cmocka_unit_test(long_calls_and_peak_chains_are_not),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
