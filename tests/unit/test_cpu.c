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

/*
 * The caches past the L3 as hwloc reports them: an L4 above the PU (a
 * Broadwell's eDRAM: cpuid leaf 4) and a memory-side cache in front of its
 * memory (MemCache, from ACPI's HMAT: HBM or DRAM in cache mode), which
 * hwloc leaves out unless asked. Two cores share each. The header lines end
 * in newlines, as hwloc writes them: its minimalistic parser (a build
 * without libxml2: the aarch64 sysroot's, so t0900 runs it under qemu;
 * `HWLOC_LIBXML_IMPORT=0 test_cpu` here) failed on the one-line form.
 */
#define OBJ(type, rest) "<object type=\"" type "\" cpuset=\"0x00000003\" complete_cpuset=\"0x00000003\" " \
			"nodeset=\"0x00000001\" complete_nodeset=\"0x00000001\" " rest
#define CACHE(type, size, depth) OBJ(type, "cache_size=\"" size "\" depth=\"" depth "\" cache_linesize=\"64\" " \
				     "cache_associativity=\"0\" cache_type=\"0\">")
#define SET(set) "cpuset=\"" set "\" complete_cpuset=\"" set "\" nodeset=\"0x00000001\" complete_nodeset=\"0x00000001\""
#define CORE(i, set) "<object type=\"Core\" os_index=\"" i "\" " SET(set) ">" \
		     "<object type=\"PU\" os_index=\"" i "\" " SET(set) "/></object>"
static const char l4_memcache_xml[] =
	"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE topology SYSTEM \"hwloc2.dtd\">\n"
	"<topology version=\"2.0\">\n" OBJ("Machine", "os_index=\"0\">") OBJ("Package", "os_index=\"0\">")
	CACHE("MemCache", "17179869184", "1") OBJ("NUMANode", "os_index=\"0\" local_memory=\"1073741824\">")
	"</object></object>"
	CACHE("L4Cache", "134217728", "4") CACHE("L3Cache", "6291456", "3") CORE("0", "0x00000001")
	CORE("1", "0x00000002") "</object></object></object></object></topology>";

static void test_caches_past_the_l3(void **state)
{
	struct cpu_info info = { 0 };
	(void)state;
	assert_int_equal(cpu_caches_from_xml(l4_memcache_xml, (int)sizeof l4_memcache_xml, &info), 0);
	assert_true(info.l3 == 6291456);
	assert_true(info.l4 == 134217728);
	assert_true(info.memcache == 17179869184.0);
	assert_true(info.shared_cpus[CPU_L3] == 2);
	assert_true(info.shared_cpus[CPU_L4] == 2);
	assert_true(info.shared_cpus[CPU_MEMCACHE] == 2);
	assert_int_equal(cpu_caches_from_xml("<topology", 10, &info), -1);
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
		cmocka_unit_test(test_caches_past_the_l3),
		cmocka_unit_test(test_smt_siblings_count_once),
		cmocka_unit_test(test_smt4_two_packages),
		cmocka_unit_test(test_no_smt_and_a_short_array),
		cmocka_unit_test(test_bad_synthetic_is_an_error),
		cmocka_unit_test(test_this_machine_has_a_core),
		cmocka_unit_test(test_parse_threads),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
