/*
 * test_userpoints.c - the points file (plot/report --points): every bad file
 * refused with FILE:LINE:COLUMN, a good one placed by the kernels' model on
 * scripted roofs whose answers are exact, the arrows between versions in
 * file order, the above-roof flag, and the figure drawing what it should.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "plot_cairo.h"
#include "report.h"
#include "userpoints.h"
#include "userpoints_md.h"
#include "pointtext.h"
#include "roof_text.h"

/* The sentence the writers make of p's verdict (pointtext.h). */
static const char *said(const struct point *p)
{
	static char buf[4][480];
	static int next;
	next = (next + 1) % 4;
	return pointtext_diagnosis(p, buf[next], sizeof buf[next]);
}

static char dir[256];

static int setup(void **state)
{
	(void)state;
	snprintf(dir, sizeof dir, "/tmp/roofline-userpoints.XXXXXX");
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	char cmd[300];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

/* Writes text to dir/name and returns the path (static buffer). */
static const char *file(const char *name, const char *text)
{
	static char path[320];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *fp = fopen(path, "w");
	assert_non_null(fp);
	fputs(text, fp);
	assert_int_equal(fclose(fp), 0);
	return path;
}

/* Loading `text` fails with err ending in ":LINE:COL: <what...>". */
static void refused(const char *text, const char *where, const char *what)
{
	struct userpoints up;
	char err[512], want[64];
	const char *path = file("bad.csv", text);
	assert_int_equal(userpoints_load(path, &up, err, sizeof err), -1);
	snprintf(want, sizeof want, "bad.csv:%s: ", where);
	if (!strstr(err, want) || !strstr(err, what))
		fail_msg("for %s want '%s...%s', got: %s", text, want, what, err);
	assert_null(up.v);
}

static void test_bad_files(void **state)
{
	(void)state;
	refused("", "1:1", "empty file");
	refused("name,version,flops,bytes\nx,v,1,2\n", "1:1", "missing column 'seconds'");
	refused("name,version,flops,bytes,seconds,colour\n", "1:34", "unknown column 'colour'");
	refused("name,version,flops,bytes,seconds\n", "2:1", "no points after the header");
	refused("name,version,flops,bytes,seconds\nx,v,1e9,1e9,0\n", "2:13", "seconds '0': want a number above zero");
	refused("name,version,flops,bytes,seconds\nx,v,1e9,1e9,-1\n", "2:13", "want a number above zero");
	refused("name,version,flops,bytes,seconds\nx,v,1e9,1e9,nan\n", "2:13", "seconds 'nan' is not a number");
	refused("name,version,flops,bytes,seconds\nx,v,1e9,1e9,inf\n", "2:13", "is not a number");
	refused("name,version,flops,bytes,seconds\nx,v,lots,1e9,1\n", "2:5", "flops 'lots' is not a number");
	refused("name,version,flops,bytes,seconds\nx,v,1e9,2x,1\n", "2:9", "bytes '2x' is not a number");
	refused("name,version,flops,bytes,seconds\nx,v,1e9,1e9\n", "2:1", "4 fields, the header has 5");
	refused("name,version,flops,bytes,seconds\n,v,1,1,1\n", "2:1", "name: want 1 to 47 characters");
	refused("name,version,flops,bytes,seconds,threads\nx,v,1,1,1,0\n", "2:11", "threads '0'");
	refused("name,version,flops,bytes,seconds,level\nx,v,1,1,1,L4\n", "2:11", "level 'L4'");
	refused("name,version,flops,bytes,seconds,flops_source\nx,v,1,1,1,guessed\n", "2:11",
		"flops_source 'guessed'");
	refused("name,version,flops,bytes,seconds,flops_source,bytes_source\nx,v,1,1,1,counted,measured\n",
		"2:19", "bytes_source 'measured': want declared or counted");
	refused("name,version,name,flops,bytes,seconds\n", "1:14", "column 'name' given twice");
	refused("name,version,flops,bytes,seconds\nx,\"v,1,1,1\n", "2:11", "malformed CSV");
}

static void test_good_file(void **state)
{
	(void)state;
	struct userpoints up;
	char err[512];
	/* BOM, columns in another order, a quoted name, optional columns. */
	const char *path = file("good.csv",
				"\xEF\xBB\xBFversion,name,flops,bytes,seconds,level,threads,flops_source\n"
				"naive,\"mat,vec\",1e9,4e9,0.5,dram,1,declared\n"
				"tiled,\"mat,vec\",1e9,1e9,0.1,,1,counted\n"
				"v1,other,2e9,1e8,0.1,L1,1,\n");
	if (userpoints_load(path, &up, err, sizeof err) != 0)
		fail_msg("%s", err);
	assert_int_equal(up.n, 3);
	assert_string_equal(up.v[0].name, "mat,vec");
	assert_string_equal(up.v[0].version, "naive");
	assert_string_equal(up.v[0].level, "DRAM");
	assert_int_equal(up.v[0].counted, 0);
	assert_int_equal(up.v[1].counted, 1);
	assert_string_equal(up.v[1].level, "");
	assert_string_equal(up.v[2].level, "L1");
	assert_int_equal(up.v[2].line, 4);
	assert_true(up.v[0].flops == 1e9 && up.v[0].bytes == 4e9 && up.v[0].seconds == 0.5);
	userpoints_free(&up);
	/* libroofline's header: bytes_source last, counted or declared. */
	path = file("bytes.csv", "name,version,flops,bytes,seconds,threads,level,flops_source,bytes_source\n"
		    "x,v1,1e9,8e9,1,2,,declared,counted\nx,v2,1e9,8e9,1,1,,counted,declared\n");
	if (userpoints_load(path, &up, err, sizeof err) != 0)
		fail_msg("%s", err);
	assert_int_equal(up.n, 2);
	assert_int_equal(up.v[0].bytes_counted, 1);
	assert_int_equal(up.v[0].counted, 0);
	assert_int_equal(up.v[0].threads, 2);
	assert_int_equal(up.v[1].bytes_counted, 0);
	assert_int_equal(up.v[1].counted, 1);
	userpoints_free(&up);
}

static void add_roof(struct analysis *a, const char *name, enum roof_kind kind, double value, double hi)
{
	struct roof *r = &a->roofs[a->nroofs++];
	memset(r, 0, sizeof *r);
	snprintf(r->name, sizeof r->name, "%s", name);
	r->kind = kind;
	r->value = r->median = r->spread_lo = r->spread_hi = value;
	r->size_hi = hi;
	r->threads = 1;
	roof_name_key(r, name, kind);
}

/* DRAM 25 GB/s, L1 200 GB/s, peak 100 GFLOP/s: the ridge at 4 flop/byte. */
static struct analysis *roofs(void)
{
	struct analysis *a = calloc(1, sizeof *a);
	add_roof(a, "L1", ROOF_BANDWIDTH, 200, 49152);
	add_roof(a, "DRAM", ROOF_BANDWIDTH, 25, 1e12);
	add_roof(a, "peak", ROOF_COMPUTE, 100, 0);
	a->peak = 100;
	a->ridge = 4;
	a->clock_ghz = NAN;
	return a;
}

static void test_place_and_arrows(void **state)
{
	(void)state;
	struct userpoints up;
	char err[512];
	struct analysis *a = roofs();
	const char *path = file("place.csv",
				"name,version,flops,bytes,seconds,level\n"
				"t,naive,1e9,8e9,1,\n"           /* 1/8 flop/byte at 1 GFLOP/s: DRAM 3.125 */
				"m,v1,8e9,1e9,0.1,\n"            /* 8 flop/byte at 80: peak 100, compute */
				"t,tiled,1e9,8e9,0.5,\n"         /* 2 GFLOP/s */
				"t,l1,1e9,8e9,0.04,L1\n"         /* 25 GFLOP/s under L1 (25): on the roof */
				"t,wrong,1e9,8e9,0.1,\n"        /* 10 GFLOP/s over DRAM's 3.125: above */
				"e,over,1e9,8e9,0.29,\n"        /* 110% of its roof: above */
				"e,noise,1e9,8e9,0.3077,\n");   /* 104%: within the margin */
	if (userpoints_load(path, &up, err, sizeof err) != 0 || userpoints_place(a, &up, err, sizeof err) != 0)
		fail_msg("%s", err);
	assert_string_equal(roof_text(up.v[0].p.roof), "DRAM");
	assert_int_equal(up.v[0].p.bound_id, BOUND_MEMORY);
	assert_true(fabs(up.v[0].p.roof_gflops - 3.125) < 1e-12);
	assert_true(fabs(up.v[0].p.fraction - 0.32) < 1e-12);
	assert_string_equal(roof_text(up.v[1].p.roof), "peak");
	assert_int_equal(up.v[1].p.bound_id, BOUND_COMPUTE);
	assert_true(fabs(up.v[1].p.fraction - 0.8) < 1e-12);
	assert_string_equal(roof_text(up.v[3].p.roof), "L1");
	assert_true(fabs(up.v[3].p.fraction - 1.0) < 1e-12);
	assert_int_equal(up.v[3].above, 0);
	assert_int_equal(up.v[4].above, 1);
	assert_int_equal(up.v[0].above, 0);
	assert_int_equal(up.v[5].above, 1);
	assert_int_equal(up.v[6].above, 0);
	assert_non_null(strstr(said(&up.v[0].p), "32%"));

	/* t: naive -> tiled -> l1 -> wrong, in file order; m alone has none; e one. */
	struct userpoints_arrow ar[8];
	assert_int_equal(userpoints_arrows(&up, ar, 8), 4);
	assert_true(ar[0].from == 0 && ar[0].to == 2);
	assert_true(ar[1].from == 2 && ar[1].to == 3);
	assert_true(ar[2].from == 3 && ar[2].to == 4);
	assert_int_equal(userpoints_arrows(&up, ar, 1), 1);

	/* The report names the counting, flags the point above its roof. */
	char rpath[320];
	snprintf(rpath, sizeof rpath, "%s/section.md", dir);
	FILE *fp = fopen(rpath, "w+");
	userpoints_report(fp, &up);
	rewind(fp);
	char text[8192];
	size_t n = fread(text, 1, sizeof text - 1, fp);
	text[n] = '\0';
	fclose(fp);
	assert_non_null(strstr(text, "## Your code"));
	assert_non_null(strstr(text, "all declared by the program"));
	assert_non_null(strstr(text, "| t | wrong | 1 | DRAM | declared |"));
	assert_non_null(strstr(text, "**above its roof**"));
	assert_non_null(strstr(text, "2 points are above their roof"));
	assert_null(strstr(text, "| t | naive | 1 | DRAM | declared | 0.125 | 1.00 | DRAM 3.12 | 32 % | memory | **above"));

	/* A level the run has no roof for is bad input, at its cell. */
	const char *l2 = file("l2.csv", "name,version,flops,bytes,seconds,level\nx,v,1,1,1,L2\n");
	userpoints_free(&up);
	assert_int_equal(userpoints_load(l2, &up, err, sizeof err), 0);
	assert_int_equal(userpoints_place(a, &up, err, sizeof err), -1);
	assert_non_null(strstr(err, "l2.csv:2:11: level L2: the run has no L2 bandwidth roof"));
	userpoints_free(&up);
	free(a);
}

static void test_counted_declared_mix(void **state)
{
	(void)state;
	struct userpoints up;
	char err[512], text[4096];
	struct analysis *a = roofs();
	const char *path = file("mix.csv", "name,version,flops,bytes,seconds,flops_source\n"
				"x,a,1e9,8e9,1,counted\nx,b,1e9,8e9,1,declared\n");
	assert_int_equal(userpoints_load(path, &up, err, sizeof err), 0);
	assert_int_equal(userpoints_place(a, &up, err, sizeof err), 0);
	FILE *fp = fmemopen(text, sizeof text, "w");
	userpoints_report(fp, &up);
	fclose(fp);
	assert_non_null(strstr(text, "1 point counted by hardware counters, 1 declared"));
	assert_non_null(strstr(text, "| x | a | 1 | DRAM | counted |"));
	userpoints_free(&up);
	free(a);
}

/* The figure draws two stars joined by one arrow; the gnuplot script has the same arrow. */
static void test_figure(void **state)
{
	(void)state;
	struct userpoints up;
	char err[512], out[320];
	struct analysis *a = roofs();
	const char *path = file("fig.csv", "name,version,flops,bytes,seconds\n"
				"transpose,naive,1e9,24e9,2\ntranspose,tiled,1e9,24e9,1\n"
				"wrong,v,1e9,1e9,0.001\n");
	assert_int_equal(userpoints_load(path, &up, err, sizeof err), 0);
	assert_int_equal(userpoints_place(a, &up, err, sizeof err), 0);
	/* st.user_points counts stars inside the axes: the frame must grow to hold 1000 GFLOP/s. */
	struct plot_meta meta = { .cpu_model = "test", .threads = 1, .user = &up };
	struct plot_stats st;
	snprintf(out, sizeof out, "%s/fig.png", dir);
	if (plot_roofline_stats(a, &meta, &(struct plot_file){ out, "png", 1600, 1000 }, &st, err, sizeof err) != 0)
		fail_msg("%s", err);
	assert_int_equal(st.user_points, 3);
	assert_int_equal(st.user_arrows, 1);
	assert_int_equal(st.user_flagged, 1);
	assert_int_equal(st.user_labels, 3);
	meta.user = NULL;
	struct plot_file file = { out, "png", 1600, 1000 };
	assert_int_equal(plot_roofline_stats(a, &meta, &file, &st, err, sizeof err), 0);
	assert_int_equal(st.user_points, 0);
	userpoints_free(&up);
	free(a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bad_files),
		cmocka_unit_test(test_good_file),
		cmocka_unit_test(test_place_and_arrows),
		cmocka_unit_test(test_counted_declared_mix),
		cmocka_unit_test(test_figure),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
