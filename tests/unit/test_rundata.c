/*
 * test_rundata.c - env.csv parsed once (rundata_parse_env): every known key
 * typed, the defaults of a run that recorded nothing, the last line of a
 * repeated key winning, the per-count clocks and the thread count. And each
 * timing's plan row (runplan.h): plan.csv's cells read, and the rows of a
 * run without plan.csv inferred once, one per job.
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

#include "registry.h"
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
	assert_int_equal(run.info.isa_widest, ISA_COUNT);
	assert_int_equal(run.info.blas_isa_id, ISA_COUNT);
	assert_int_equal(run.info.isa_set, 0);
	assert_int_equal(run.info.stream_rule_recorded, 0);
	/* A run from before the keys past the L3 reported none there. */
	assert_true(isnan(run.info.l4_bytes) && isnan(run.info.memcache_bytes));
	assert_true(run.info.reported_beyond == 0);
}

/* The caches past the L3 (hwloc's L4Cache and MemCache): the larger is the reported cache past it. */
static void test_caches_past_the_l3(void **state)
{
	(void)state;
	static char k[][24] = { "l3_bytes", "l4_bytes", "l4_shared_cpus", "memcache_bytes" };
	static char v[][24] = { "6291456", "134217728", "8", "17179869184" };
	struct env_entry rows[4];
	for (size_t i = 0; i < 4; i++)
		rows[i] = (struct env_entry){ .key = k[i], .value = v[i] };
	struct rundata run;
	with_env(&run, rows, 2);
	assert_true(run.info.l4_bytes == 134217728 && run.info.reported_beyond == 134217728);
	with_env(&run, rows, 4);
	assert_true(run.info.l4_shared_cpus == 8);
	assert_true(run.info.reported_beyond == 17179869184.0);
}

/* The ISA names typed once: the widest, the library's, the set (a word no ISA names left out); and STREAM's rule's source. */
static void test_isas_typed(void **state)
{
	(void)state;
	static char k[][24] = { "isa", "isas", "blas_isa", "stream_rule_source" };
	static char v[][40] = { "avx2", "scalar  sse2 avx2 zen9", "sse2", "curve" };
	struct env_entry rows[4];
	for (size_t i = 0; i < 4; i++)
		rows[i] = (struct env_entry){ .key = k[i], .value = v[i] };
	struct rundata run;
	with_env(&run, rows, 4);
	assert_int_equal(run.info.stream_rule_recorded, 1);
	assert_int_equal(run.info.stream_rule_from, RULE_CURVE);
	assert_int_equal(run.info.isa_widest, ISA_AVX2);
	assert_int_equal(run.info.blas_isa_id, ISA_SSE2);
	assert_int_equal(run.info.isa_set, 1u << ISA_SCALAR | 1u << ISA_SSE2 | 1u << ISA_AVX2);
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

/* A timing of `kernel` (group g) with param and working set: what runplan_infer reads. */
static struct timing timing(enum timing_group g, const char *kernel, long param, double ws, int threads, int warmup)
{
	struct timing t = { .group = g, .param = param, .working_set = ws, .threads = threads, .warmup = warmup };
	snprintf(t.kernel, sizeof t.kernel, "%s", kernel);
	t.k = registry_find(kernel);
	return t;
}

/*
 * A run from before plan.csv: the sweep is the bandwidth kernel with the
 * most kept sizes (a warm-up-only size does not count), the copy at two
 * sizes is pattern jobs, each thread count its own job; peak and kernels
 * rows by group, a kernel's arrays its working set over its arrays; the
 * level and the rule left to the fit (inferred). One row per job, however
 * many timings, numbered in the order the timings first name them.
 */
static void test_inferred_rows(void **state)
{
	(void)state;
	struct timing t[] = {
		timing(TGROUP_BANDWIDTH, "bw_copy_avx2", 65536, 131072, 1, 1),
		timing(TGROUP_BANDWIDTH, "bw_copy_avx2", 65536, 131072, 1, 0),
		timing(TGROUP_BANDWIDTH, "bw_copy_avx2", 1048576, 2097152, 1, 0),
		timing(TGROUP_BANDWIDTH, "triad", 4096, 12288, 1, 0),
		timing(TGROUP_BANDWIDTH, "triad", 8192, 24576, 1, 0),
		timing(TGROUP_BANDWIDTH, "triad", 16384, 49152, 1, 0),
		timing(TGROUP_BANDWIDTH, "triad", 4096, 12288, 2, 0),
		timing(TGROUP_BANDWIDTH, "bw_copy_avx2", 3, 6, 1, 1),
		timing(TGROUP_PEAK, "fma_avx2", 4, 0, 1, 0),
		timing(TGROUP_KERNELS, "dot", 0, 67108864, 1, 0),
		timing(TGROUP_KERNELS, "dot", 0, 16384, 1, 0),
		timing(TGROUP_KERNELS, "dot", 0, 67108864, 1, 0),
		timing(TGROUP_BANDWIDTH, "triad", 8192, 24576, 1, 0),
	};
	struct rundata run;
	with_env(&run, NULL, 0);
	run.timings = t;
	run.ntimings = sizeof t / sizeof t[0];
	runplan_infer(&run);
	assert_int_equal(run.nplan, 10);
	static const enum plan_role role[] = { PLAN_ROLE_PATTERN, PLAN_ROLE_PATTERN, PLAN_ROLE_SWEEP, PLAN_ROLE_SWEEP, PLAN_ROLE_SWEEP,
					       PLAN_ROLE_SWEEP, PLAN_ROLE_PATTERN, PLAN_ROLE_PEAK, PLAN_ROLE_KERNEL, PLAN_ROLE_KERNEL };
	static const size_t row_of[] = { 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 8, 3 };
	for (size_t i = 0; i < run.ntimings; i++)
		assert_ptr_equal(t[i].plan, &run.plan[row_of[i]]);
	for (size_t i = 0; i < run.nplan; i++) {
		assert_int_equal(run.plan[i].job, (int)i + 1);
		assert_int_equal(run.plan[i].role, role[i]);
		assert_int_equal(run.plan[i].basis, PLAN_INFERRED);
		assert_int_equal(run.plan[i].level, MEM_LEVELS);
		assert_true(roofkey_is_none(&run.plan[i].target));
		assert_int_equal(run.plan[i].obeys_rule, -1);
	}
	assert_true(run.plan[1].array_bytes == 1048576);
	assert_true(run.plan[7].array_bytes == 0);
	assert_true(run.plan[8].array_bytes == 67108864 / 2);
	assert_string_equal(runplan_sweep(&run)->kernel, "triad");
	free(run.plan);
}

/*
 * A run with plan.csv: a timing its `job` cell names keeps that row; one
 * with none gets an inferred row numbered after the recorded ones.
 */
static void test_recorded_rows_kept(void **state)
{
	(void)state;
	struct plan_row *plan = calloc(1, sizeof *plan);
	const char *cells[4] = { "L2", "L2.1r1w@2t", "1048576", "0" };
	int bad = -1;
	const char *want = NULL;
	plan[0].job = 7;
	plan[0].role = PLAN_ROLE_PATTERN;
	assert_int_equal(runplan_parse_cells(cells, &plan[0], &bad, &want), 0);
	assert_int_equal(plan[0].basis, PLAN_RECORDED);
	assert_int_equal(plan[0].level, MEM_L2);
	assert_int_equal(plan[0].target.kind, ROOF_PATTERN);
	assert_int_equal(plan[0].target.threads, 2);
	assert_int_equal(plan[0].obeys_rule, 0);
	struct timing t[] = {
		timing(TGROUP_BANDWIDTH, "bw_copy_avx2", 1048576, 2097152, 2, 0),
		timing(TGROUP_BANDWIDTH, "triad", 4096, 12288, 2, 0),
		timing(TGROUP_BANDWIDTH, "triad", 8192, 24576, 2, 0),
	};
	t[0].plan = &plan[0];
	struct rundata run;
	with_env(&run, NULL, 0);
	run.plan = plan;
	run.nplan = 1;
	run.has_plan = 1;
	run.timings = t;
	run.ntimings = 3;
	runplan_infer(&run);
	assert_int_equal(run.nplan, 3);
	assert_ptr_equal(t[0].plan, &run.plan[0]);
	assert_int_equal(t[1].plan->job, 8);
	assert_int_equal(t[1].plan->role, PLAN_ROLE_SWEEP);
	/*
	 * A target at another level than the row's, and a peak job's memory roof,
	 * are bad cells (on the run's rows: inferring them moved the array).
	 */
	const char *off[4] = { "L3", "L2.1r1w", "0", "0" };
	assert_int_equal(runplan_parse_cells(off, &run.plan[0], &bad, &want), -1);
	assert_int_equal(bad, 1);
	run.plan[0].role = PLAN_ROLE_PEAK;
	const char *peak[4] = { "", "DRAM", "0", "0" };
	assert_int_equal(runplan_parse_cells(peak, &run.plan[0], &bad, &want), -1);
	assert_int_equal(bad, 1);
	free(run.plan);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_defaults),
		cmocka_unit_test(test_caches_past_the_l3),
		cmocka_unit_test(test_isas_typed),
		cmocka_unit_test(test_typed),
		cmocka_unit_test(test_bad_thread_count),
		cmocka_unit_test(test_inferred_rows),
		cmocka_unit_test(test_recorded_rows_kept),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
