/*
 * test_cpu.c - cpu_physical_cores() on layouts scripted through hwloc's
 * synthetic topologies: SMT siblings count once, each core is named by its
 * first hardware thread, and the thread parser measure_parse_threads().
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "cpu.h"
#include "measure.h"

static void test_smt_siblings_count_once(void **state)
{
	int cpus[8] = { 0 };
	char err[160];
	(void)state;
	/* One package, 2 cores of 2 hardware threads each: PUs 0,1 on core 0 and 2,3 on core 1. */
	assert_int_equal(cpu_physical_cores("pack:1 core:2 pu:2", cpus, 8, err, sizeof err), 2);
	assert_int_equal(cpus[0], 0);
	assert_int_equal(cpus[1], 2);
}

static void test_smt4_two_packages(void **state)
{
	int cpus[8] = { 0 };
	char err[160];
	(void)state;
	/* 2 packages x 2 cores x 4 threads: 4 cores, first PUs 0, 4, 8, 12. */
	assert_int_equal(cpu_physical_cores("pack:2 core:2 pu:4", cpus, 8, err, sizeof err), 4);
	assert_int_equal(cpus[0], 0);
	assert_int_equal(cpus[1], 4);
	assert_int_equal(cpus[2], 8);
	assert_int_equal(cpus[3], 12);
}

static void test_no_smt_and_a_short_array(void **state)
{
	int cpus[2] = { -1, -1 };
	char err[160];
	(void)state;
	/* 3 cores of one thread each, room for 2: the count is still 3. */
	assert_int_equal(cpu_physical_cores("pack:1 core:3 pu:1", cpus, 2, err, sizeof err), 3);
	assert_int_equal(cpus[0], 0);
	assert_int_equal(cpus[1], 1);
}

static void test_bad_synthetic_is_an_error(void **state)
{
	int cpus[2];
	char err[160] = "";
	(void)state;
	assert_int_equal(cpu_physical_cores("bogus:1", cpus, 2, err, sizeof err), -1);
	assert_true(err[0] != '\0');
}

static void test_this_machine_has_a_core(void **state)
{
	char err[160];
	(void)state;
	assert_true(cpu_physical_cores(NULL, NULL, 0, err, sizeof err) >= 1);
}

static void test_parse_threads(void **state)
{
	struct measure_opts o;
	char err[160];
	(void)state;
	measure_defaults(&o, 0);
	assert_int_equal(o.nthreads, 0);   /* the default: decided from the topology */
	assert_int_equal(measure_parse_threads("1,2,16", &o, err, sizeof err), 0);
	assert_int_equal(o.nthreads, 3);
	assert_int_equal(o.threads[0], 1);
	assert_int_equal(o.threads[1], 2);
	assert_int_equal(o.threads[2], 16);
	static const char *const bad[] = { "0", "-1", "x", "", "1,", ",1", "1,,2", "2.5", "1 ", "+2",
					   "99999999999999999999" };
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		err[0] = '\0';
		if (measure_parse_threads(bad[i], &o, err, sizeof err) != -1)
			fail_msg("'%s' was accepted", bad[i]);
		assert_true(err[0] != '\0');
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_smt_siblings_count_once),
		cmocka_unit_test(test_smt4_two_packages),
		cmocka_unit_test(test_no_smt_and_a_short_array),
		cmocka_unit_test(test_bad_synthetic_is_an_error),
		cmocka_unit_test(test_this_machine_has_a_core),
		cmocka_unit_test(test_parse_threads),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
