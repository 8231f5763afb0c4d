/*
 * test_rundata.c - env.csv parsed once (rundata_parse_env): every known key
 * typed, the defaults of a run that recorded nothing, the last line of a
 * repeated key winning, the per-count clocks and the thread count.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "rundata.h"

static void with_env(struct rundata *run, struct env_entry *rows, size_t n)
{
	memset(run, 0, sizeof *run);
	run->env = rows;
	run->nenv = n;
	rundata_parse_env(run);
}

static void test_defaults(void **state)
{
	(void)state;
	struct rundata run;
	with_env(&run, NULL, 0);
	assert_string_equal(run.info.cpu_model, "");
	assert_string_equal(run.info.cc, "");
	assert_string_equal(rundata_or(run.info.cc, "?"), "?");
	assert_true(isnan(run.info.l3_bytes));
	assert_true(isnan(run.info.clock_ghz));
	assert_int_equal(run.info.sweep_settled, -1);
	assert_int_equal(run.info.threads_max, 1);
	assert_int_equal(run.info.nclocks, 0);
	assert_true(rundata_clock_ghz(&run, 2, 3.5) == 3.5);
}

static void test_typed(void **state)
{
	(void)state;
	static char k[][32] = { "cpu_model", "l3_bytes", "clock_ghz", "clock_ghz@8t", "sweep_settled",
				"threads", "threads_max", "clock_ghz@8t", "clock_ghz@2t", "cc",
				"timer_granularity_ns", "mystery" };
	static char v[][32] = { "Xeon", "33554432", "3.5", "3.0", "0", "1,8", "8", "2.9", "3.2", "gcc",
				"20", "42" };
	struct env_entry rows[12];
	for (size_t i = 0; i < 12; i++)
		rows[i] = (struct env_entry){ .key = k[i], .value = v[i] };
	struct rundata run;
	with_env(&run, rows, 12);
	assert_string_equal(run.info.cpu_model, "Xeon");
	assert_string_equal(rundata_or(run.info.cc, "?"), "gcc");
	assert_true(run.info.l3_bytes == 33554432);
	assert_true(run.info.clock_ghz == 3.5);
	assert_true(run.info.tick_ns == 20);
	assert_int_equal(run.info.sweep_settled, 0);
	assert_string_equal(run.info.threads, "1,8");
	assert_int_equal(run.info.threads_max, 8);
	assert_string_equal(run.info.threads_max_key, "threads_max");
	/* The later line for 8 threads wins, as rundata_env's last value does. */
	assert_int_equal(run.info.nclocks, 2);
	assert_true(rundata_clock_ghz(&run, 8, NAN) == 2.9);
	assert_true(rundata_clock_ghz(&run, 2, NAN) == 3.2);
	/* A key the program does not know is still there for the raw table. */
	assert_string_equal(rundata_env(&run, "mystery"), "42");
}

static void test_bad_thread_count(void **state)
{
	(void)state;
	static char k[][16] = { "threads" }, v[][16] = { "1e300" };
	struct env_entry rows[1] = { { .key = k[0], .value = v[0] } };
	struct rundata run;
	with_env(&run, rows, 1);
	assert_int_equal(run.info.threads_max, 0);
	assert_string_equal(run.info.threads_max_key, "threads");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_defaults),
		cmocka_unit_test(test_typed),
		cmocka_unit_test(test_bad_thread_count),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
