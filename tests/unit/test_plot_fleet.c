/*
 * test_plot_fleet.c - the fleet's figure laid out and drawn for a fleet built
 * by hand whose L3 and DRAM roofs lie 3 % apart (their labels would print
 * over each other at the same spot), with one node's DRAM outside: every roof
 * and the outside node drawn, no two labels over each other, all inside the plot.
 */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "fleet.h"
#include "fleet_dir.h"
#include "plot_fleet.h"
#include "roof_text.h"

#define NODES 8

static void add_roof(struct analysis *a, const char *name, enum roof_kind kind, double value)
{
	struct roof *r = &a->roofs[a->nroofs++];
	memset(r, 0, sizeof *r);
	snprintf(r->name, sizeof r->name, "%s", name);
	r->kind = kind;
	r->threads = 1;
	r->value = r->median = value;
	r->spread_lo = 0.995 * value;
	r->spread_hi = 1.005 * value;
	roof_name_key(r, name, kind);   /* keyed as the fit keys its roofs: what the fleet tells them apart by */
}

static void test_near_roofs_labelled_apart(void **state)
{
	(void)state;
	static struct rundata run[NODES];
	static struct analysis a[NODES];
	static struct fleet_node nodes[NODES];
	struct fleet_member m[NODES];
	for (int i = 0; i < NODES; i++) {
		double k = 1 + 0.001 * (i - 4);
		add_roof(&a[i], "L1", ROOF_BANDWIDTH, 600 * k);
		add_roof(&a[i], "L2", ROOF_BANDWIDTH, 250 * k);
		add_roof(&a[i], "L3", ROOF_BANDWIDTH, 62 * k);
		add_roof(&a[i], "DRAM", ROOF_BANDWIDTH, 60 * k * (i == 1 ? 0.8 : 1));
		add_roof(&a[i], "peak", ROOF_COMPUTE, 180 * k);
		run[i].info.cpu_model = "AMD EPYC";
		run[i].info.clock_ghz = NAN;
		snprintf(nodes[i].name, sizeof nodes[i].name, "%c", 'a' + i);
		m[i] = (struct fleet_member){ nodes[i].name, &run[i], &a[i] };
	}
	struct fleet_dir fd = { .dir = (char *)"fleet", .nodes = nodes, .n = NODES };
	struct fleet f;
	fleet_build(m, NODES, &f);
	assert_int_equal(f.outside, 1);

	char path[] = "/tmp/test_plot_fleet.XXXXXX";
	int fdesc = mkstemp(path);
	assert_true(fdesc >= 0);
	close(fdesc);
	struct plot_fleet_stats st;
	char err[256];
	struct plot_fleet_view v = { &fd, &f, 1 };
	int rc = plot_fleet_draw_stats(&v, &(struct plot_file){ path, "png", 1600, 1000 }, &st, err, sizeof err);
	unlink(path);
	assert_int_equal(rc, 0);
	assert_int_equal(st.lines, 5);
	assert_int_equal(st.outside, 1);
	assert_int_equal(st.overlaps, 0);
	assert_int_equal(st.labels_out, 0);
	fleet_free(&f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_near_roofs_labelled_apart),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
