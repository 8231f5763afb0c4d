/* test_roofkey.c - a roof's typed key and its name: formatted and parsed in one place. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include "roofkey.h"

static void test_format(void **state)
{
	(void)state;
	char buf[48];
	struct roof_key k = roofkey_level(MEM_L2, 1);
	assert_string_equal(roofkey_format(&k, buf, sizeof buf), "L2");
	k = roofkey_level(MEM_DRAM, 2);
	assert_string_equal(roofkey_format(&k, buf, sizeof buf), "DRAM@2t");
	struct kernel copy = { .reads = 1, .writes = 1, .stores = STORES_ALLOCATE };
	k = roofkey_pattern(MEM_DRAM, &copy, 2);
	assert_string_equal(roofkey_format(&k, buf, sizeof buf), "DRAM.1r1w@2t");
	struct kernel nt = { .reads = 2, .writes = 1, .stores = STORES_STREAMING };
	k = roofkey_pattern(MEM_L3, &nt, 1);
	assert_string_equal(roofkey_format(&k, buf, sizeof buf), "L3.2r1w-nt");
	k = roofkey_compute(ROOF_CEILING, "one-chain", 8);
	assert_string_equal(roofkey_format(&k, buf, sizeof buf), "one-chain@8t");
}

static void test_parse_round_trip(void **state)
{
	(void)state;
	static const struct { const char *name; enum roof_kind kind; } names[] = {
		{ "L1", ROOF_BANDWIDTH }, { "DRAM@2t", ROOF_BANDWIDTH }, { "L2.2r1w-ip", ROOF_PATTERN },
		{ "DRAM.2r0w@16t", ROOF_PATTERN }, { "peak", ROOF_COMPUTE }, { "avx2@2t", ROOF_CEILING },
	};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		struct roof_key k;
		char buf[48];
		assert_int_equal(roofkey_parse(names[i].name, names[i].kind, &k), 0);
		assert_string_equal(roofkey_format(&k, buf, sizeof buf), names[i].name);
	}
	struct roof_key a, b;
	assert_int_equal(roofkey_parse("L2.2r1w-ip@2t", ROOF_PATTERN, &a), 0);
	assert_int_equal(a.level, MEM_L2);
	assert_int_equal(a.reads, 2);
	assert_int_equal(a.writes, 1);
	assert_int_equal(a.stores, STORES_IN_PLACE);
	assert_int_equal(a.threads, 2);
	b = roofkey_at(a, 1);
	assert_false(roofkey_equal(&a, &b));
	b = roofkey_at(b, 2);
	assert_true(roofkey_equal(&a, &b));
	b.stores = STORES_STREAMING;
	assert_false(roofkey_equal(&a, &b));
}

static void test_parse_refuses(void **state)
{
	(void)state;
	struct roof_key k;
	assert_int_equal(roofkey_parse("L4", ROOF_BANDWIDTH, &k), -1);
	assert_int_equal(roofkey_parse("L2.1r1w", ROOF_BANDWIDTH, &k), -1);
	assert_int_equal(roofkey_parse("L2", ROOF_PATTERN, &k), -1);
	assert_int_equal(roofkey_parse("L2.1r1w-xx", ROOF_PATTERN, &k), -1);
	assert_int_equal(roofkey_parse("DRAM@0t", ROOF_BANDWIDTH, &k), -1);
	assert_int_equal(roofkey_parse("DRAM@2", ROOF_BANDWIDTH, &k), -1);
	assert_int_equal(roofkey_parse("", ROOF_COMPUTE, &k), -1);
}

/*
 * An access pattern is a typed value: the one formatter writes what the one
 * parser reads back, equality is by streams and stores, and text that is
 * not a pattern is refused.
 */
static void test_access_patterns(void **state)
{
	(void)state;
	static const char *const texts[] = { "2r1w", "1r1w-nt", "2r1w-ip", "2r0w", "0r1w-nt" };
	for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
		struct access_pattern p;
		char buf[24];
		assert_int_equal(access_pattern_parse(texts[i], &p), 0);
		assert_string_equal(access_pattern_format(p, buf, sizeof buf), texts[i]);
	}
	struct access_pattern p;
	assert_int_equal(access_pattern_parse("2r1w-ip", &p), 0);
	assert_int_equal(p.reads, 2);
	assert_int_equal(p.writes, 1);
	assert_int_equal(p.stores, STORES_IN_PLACE);
	assert_false(access_pattern_equal(p, ACCESS_PATTERN_TRIAD));
	p.stores = STORES_ALLOCATE;
	assert_true(access_pattern_equal(p, ACCESS_PATTERN_TRIAD));
	static const char *const bad[] = { "*", "", "2r", "r1w", "2r1w-xx", "2r1wnt", "-1r1w", "2w1r" };
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		assert_int_equal(access_pattern_parse(bad[i], &p), -1);
	/* A kernel's pattern from its metadata, the same as its pattern roof's. */
	struct kernel triad = { .reads = 2, .writes = 1, .stores = STORES_STREAMING };
	struct roof_key k = roofkey_pattern(MEM_L2, &triad, 1);
	assert_true(access_pattern_equal(kernel_access_pattern(&triad), roofkey_access_pattern(&k)));
	struct kernel peak = { .reads = 0, .writes = 0 };
	char buf[24] = "x";
	assert_true(access_pattern_is_none(kernel_access_pattern(&peak)));
	assert_string_equal(access_pattern_format(kernel_access_pattern(&peak), buf, sizeof buf), "");
}

/* The compute roofs' identity, typed: what the writers switch on instead of comparing names. */
static void test_ceiling_ids(void **state)
{
	(void)state;
	static const struct { enum roof_kind kind; const char *name; enum ceiling_id id; } cases[] = {
		{ ROOF_COMPUTE, "peak", CEIL_PEAK }, { ROOF_CEILING, "fma", CEIL_FMA },
		{ ROOF_CEILING, "scalar", CEIL_SCALAR }, { ROOF_CEILING, "one-chain", CEIL_ONE_CHAIN },
		{ ROOF_CEILING, "one-chain-scalar", CEIL_ONE_CHAIN_SCALAR },
		{ ROOF_CEILING, "avx2", CEIL_ISA },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct roof_key k = roofkey_compute(cases[i].kind, cases[i].name, 2);
		assert_int_equal(roofkey_ceiling(&k), cases[i].id);
	}
	struct roof_key l2 = roofkey_level(MEM_L2, 1);
	assert_int_equal(roofkey_ceiling(&l2), CEIL_NONE);
	/* A name of any kind, parsed in the one place: what analysis_roof looks roofs up by. */
	struct roof_key k;
	assert_int_equal(roofkey_parse_any("DRAM@2t", &k), 0);
	assert_true(k.kind == ROOF_BANDWIDTH && k.level == MEM_DRAM && k.threads == 2);
	assert_int_equal(roofkey_parse_any("L2.1r1w-nt", &k), 0);
	assert_true(k.kind == ROOF_PATTERN && k.stores == STORES_STREAMING);
	assert_int_equal(roofkey_parse_any("peak@2t", &k), 0);
	assert_int_equal(k.kind, ROOF_COMPUTE);
	assert_int_equal(roofkey_parse_any("avx2", &k), 0);
	assert_true(k.kind == ROOF_CEILING && roofkey_ceiling(&k) == CEIL_ISA);
	assert_int_equal(roofkey_parse_any("DRAM@0t", &k), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_format),
		cmocka_unit_test(test_parse_round_trip),
		cmocka_unit_test(test_parse_refuses),
		cmocka_unit_test(test_access_patterns),
		cmocka_unit_test(test_ceiling_ids),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
