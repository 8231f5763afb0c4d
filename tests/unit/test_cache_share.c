/*
 * test_cache_share.c - how many cores share a reported cache, how many of it
 * a team uses, and where the curve overrules the report (docs/plan.md R7).
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "cache_share.h"

#define MiB 1048576.0

/* Logical CPUs over a core's siblings; unknown stays unknown. */
static void cores_from_logical_cpus(void **state)
{
	(void)state;
	assert_true(cache_share_cores(1, 2, 2) == 1);     /* this Zen 3 VM's L1d and L2 */
	assert_true(cache_share_cores(2, 2, 2) == 2);     /* its L3 */
	assert_true(cache_share_cores(2, 8, 16) == 1);    /* SMT siblings: one core's L2 */
	assert_true(cache_share_cores(16, 8, 16) == 8);
	assert_true(cache_share_cores(0, 8, 16) == 0);
	assert_true(cache_share_cores(NAN, 8, 16) == 0);  /* a run without the key */
	assert_true(cache_share_cores(4, NAN, 16) == 0);
}

/* Unknown: L1 and L2 private, L3 shared, as before; known: threads over the cores an instance serves. */
static void a_teams_instances(void **state)
{
	(void)state;
	assert_true(cache_team_copies(0, 0, 4) == 4);
	assert_true(cache_team_copies(1, 0, 4) == 4);
	assert_true(cache_team_copies(2, 0, 4) == 1);
	assert_true(cache_team_copies(1, 4, 4) == 1);     /* a shared L2 */
	assert_true(cache_team_copies(1, 1, 4) == 4);     /* a private one, said */
	assert_true(cache_team_copies(1, 2, 5) == 3);     /* pairs of cores: the fifth thread is a third pair's */
	assert_true(cache_team_copies(2, 8, 16) == 2);    /* two L3s of eight cores each */
	assert_true(cache_team_copies(1, 4, 1) == 1);
	assert_false(cache_shared_at(4, 1));
	assert_false(cache_shared_at(1, 4));
	assert_true(cache_shared_at(4, 4));
}

/* The curve is the judge: an L2 reported shared whose team plateau ends at 3x one instance is private. */
static void the_curve_overrules_a_wrong_report(void **state)
{
	(void)state;
	const double reported[3] = { 48 * 1024.0, 2 * MiB, 16 * MiB }, shared[3] = { 1, 4, 4 };
	double out[3];
	int over[3];
	cache_share_judge(reported, shared, 4, (const double[3]){ 139008, 6 * MiB, 0 }, out, over);
	assert_true(out[0] == 1 && out[1] == 0 && out[2] == 4);
	assert_true(over[0] == 0 && over[1] == 1 && over[2] == 0);   /* what the report says was overruled */
	cache_share_judge(reported, shared, 4, (const double[3]){ 139008, 2.9 * MiB, 0 }, out, over);
	assert_true(out[1] == 4 && over[1] == 0);         /* within 1.5x of one instance: as reported */
	cache_share_judge(reported, shared, 1, (const double[3]){ 34752, 6 * MiB, 0 }, out, NULL);
	assert_true(out[1] == 4);                         /* one core: sharing says nothing */
	cache_share_judge(reported, NULL, 4, (const double[3]){ 139008, 6 * MiB, 0 }, out, NULL);
	assert_true(out[0] == 0 && out[1] == 0 && out[2] == 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(cores_from_logical_cpus),
		cmocka_unit_test(a_teams_instances),
		cmocka_unit_test(the_curve_overrules_a_wrong_report),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
