/*
 * test_layout.c - the figures' layouts (figure.h, plot_compare.h) checked
 * for overlaps on real runs: the committed example (1 and 2 threads: its
 * default figure and its all-core figure), the scripted runs of tests/cli
 * (with L1 levels, with shaped kernels), a clang run of 1 and 2 threads,
 * the Zen 4 run of another machine (one core) and a tiny one (one roof, one point); the compare figure on a run of 1
 * and 2 threads. Each layout is checked on its geometry, not on its own
 * counters: no label overlaps another label, a marker, a roof or ceiling
 * line (other than its own) or the legend, none crosses the plot's edge, no
 * two leader lines cross; the legend covers no roof line and no marker.
 * Every roof drawn is labelled, by a label naming it alone, no text is
 * under 18 px (9 px at the 800 px a blog shows), each figure shows one
 * thread count, and each polyline is named once with its range.
 *
 * Set LAYOUT_KEEP=DIR to keep the PNGs drawn from the same layouts for a look.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analysis.h"
#include "compare.h"
#include "figure.h"
#include "labels.h"
#include "plot_cairo.h"
#include "registry.h"
#include "plot_compare.h"
#include "rundata.h"

#include "layout_check.h"
#include "roof_text.h"

static char tmpdir[256];

static const char *src_dir(void)
{
	const char *s = getenv("ROOFLINE_SRC");
	return s && *s ? s : ".";
}

static int setup(void **state)
{
	(void)state;
	snprintf(tmpdir, sizeof tmpdir, "/tmp/test_layout.XXXXXX");
	return mkdtemp(tmpdir) ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	char cmd[300];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
	return system(cmd) == 0 ? 0 : -1;
}

/* A run loaded and analysed; `run` is kept for compare. */
struct loaded {
	struct rundata run;
	struct analysis *a;
};

static void analyse(struct loaded *l)
{
	char err[512] = "";
	l->a = calloc(1, sizeof *l->a);
	assert_non_null(l->a);
	if (analysis_build(&l->run, l->a, err, sizeof err) != 0)
		fail_msg("analysis_build: %s", err);
}

static void load(const char *dir, struct loaded *l)
{
	char err[512] = "";
	memset(l, 0, sizeof *l);
	if (rundata_load(dir, &l->run, err, sizeof err) != 0)
		fail_msg("rundata_load %s: %s", dir, err);
	analyse(l);
}

/* tests/cli/scripted-run.sh DIR [how], loaded. */
static void scripted(const char *how, struct loaded *l)
{
	char dir[512], cmd[1200];
	snprintf(dir, sizeof dir, "%s/scripted-%s", tmpdir, *how ? how : "plain");
	snprintf(cmd, sizeof cmd, "sh '%s/tests/cli/scripted-run.sh' '%s' %s >/dev/null", src_dir(), dir, how);
	assert_int_equal(system(cmd), 0);
	load(dir, l);
}

/*
 * The example run measured again on two threads as well: every timing
 * repeated at threads=2 (but the chains of narrower instruction sets than
 * the run's, which the all-core pass leaves out), both threads doing the
 * same work in the same time
 * (twice the flops, bytes and working set), as `measure --threads 1,2`
 * writes it. The all-core roofs come out twice the single-core ones, as on
 * the machine the example was measured on, and with them the crowded figure
 * of a real 1,2 run: L1@2t..DRAM@2t and peak@2t beside the single-core roofs.
 * When the example was measured at two threads itself, it is used as it is.
 */
static void two_threads(struct loaded *l)
{
	char dir[512], err[512] = "";
	snprintf(dir, sizeof dir, "%s/data/example/run", src_dir());
	memset(l, 0, sizeof *l);
	if (rundata_load(dir, &l->run, err, sizeof err) != 0)
		fail_msg("rundata_load %s: %s", dir, err);
	/* A run measured at more than one thread count already is the real thing. */
	int measured = 0;
	for (size_t i = 0; i < l->run.ntimings; i++)
		measured |= l->run.timings[i].threads > 1;
	if (measured) {
		analyse(l);
		return;
	}
	const char *isa = rundata_env(&l->run, "isa");
	char widest[32];
	snprintf(widest, sizeof widest, "_%s", isa ? isa : "");
	size_t n = l->run.ntimings, m = n;
	struct timing *t = realloc(l->run.timings, 2 * n * sizeof *t);
	assert_non_null(t);
	for (size_t i = 0; i < n; i++) {
		/* The all-core pass times the chains of the widest instruction set only. */
		size_t kl = strlen(t[i].kernel), wl = strlen(widest);
		if (t[i].group == TGROUP_PEAK && (kl < wl || strcmp(t[i].kernel + kl - wl, widest) != 0))
			continue;
		t[m] = t[i];
		t[m].threads = 2;
		t[m].flops *= 2;
		t[m].bytes *= 2;
		t[m].working_set *= 2;
		m++;
	}
	l->run.timings = t;
	l->run.ntimings = m;
	analyse(l);
	int allcore = 0;
	for (size_t i = 0; i < l->a->nroofs; i++)
		allcore += strstr(l->a->roofs[i].name, "@2t") != NULL;
	assert_true(allcore >= 3);
}

static void unload(struct loaded *l)
{
	rundata_free(&l->run);
	free(l->a);
}

static const struct plot_meta meta = {
	.cpu_model = "Layout test", .compiler = "gcc", .compiler_version = "12.2.0",
	.kernel_cflags = "-O3 -march=native", .date_utc = "2026-12-01T00:00:00Z", .threads = 1,
};

/* How many times `unit` stands in text as a word of its own: a label naming two roofs has two. */
static int units_in(const char *text)
{
	int n = 0;
	for (const char *p = text; (p = strstr(p, " G")) != NULL; p++)
		n += strncmp(p, " GB/s", 5) == 0 || strncmp(p, " GFLOP/s", 8) == 0;
	return n;
}

/*
 * What the figure promises a reader besides no overlaps: one thread count
 * (every line and point of `threads`), every label of a roof naming one
 * roof, no text under FIGURE_PX_MIN_TEXT (9 px at half size), and each
 * polyline named once, by its range. Returns the failures, printing each.
 */
static size_t promises(const char *name, const struct analysis *a, const struct figure *fg, int threads)
{
	size_t bad = 0, joined = 0, named = 0;
#define BAD(...) do { bad++; fprintf(stderr, "# %s: ", name); fprintf(stderr, __VA_ARGS__); fputc('\n', stderr); } while (0)
	for (size_t i = 0; i < fg->nlines; i++) {
		const struct figure_line *l = &fg->lines[i];
		if (!l->visible)
			continue;
		if (l->roof->threads != threads)
			BAD("roof '%s' of %d threads in the figure of %d", l->text, l->roof->threads, threads);
		if (units_in(l->text) != 1)
			BAD("the label '%s' names %d roofs", l->text, units_in(l->text));
		if (l->labelled && l->px < FIGURE_PX_MIN_TEXT * fg->s - 1e-9)
			BAD("the label '%s' is %.1f px, under %.0f", l->text, l->px, FIGURE_PX_MIN_TEXT * fg->s);
	}
	for (size_t i = 0; i < fg->npoints; i++)
		if (fg->k.grp_of[i] >= 0 && a->points[i].threads != threads)
			BAD("point '%s' of %d threads in the figure of %d", a->points[i].kernel, a->points[i].threads,
			    threads);
	for (size_t g = 0; g < fg->k.ngrp; g++) {
		const struct figure_group *gr = &fg->k.grp[g];
		size_t labels = 0;
		if (!figure_joined(gr) || gr->style != LV_BASE)
			continue;
		joined++;
		for (size_t i = 0; i < fg->nitems; i++)
			if (fg->k.grp_of[fg->item_point[i]] == (int)g) {
				labels++;
				/* A parameter's range "D=1…128", or a family's stages "untiled→tiled". */
				if (!strstr(fg->item_text[i], "\u2026") && !strstr(fg->item_text[i], "\u2192"))
					BAD("the polyline label '%s' gives no range", fg->item_text[i]);
				named += fg->items[i].placed;
			}
		if (labels != 1)
			BAD("polyline '%s' has %zu labels, not one", gr->kernel, labels);
	}
	size_t placed = 0, roof_labels = 0;
	for (size_t i = 0; i < fg->nitems; i++)
		placed += fg->items[i].placed;
	for (size_t i = 0; i < fg->nlines; i++)
		roof_labels += fg->lines[i].labelled;
	size_t drawn = 0;
	for (size_t i = 0; i < fg->npoints; i++)
		drawn += fg->k.grp_of[i] >= 0;
	fprintf(stderr, "# %s: %zu points, %zu labels (%zu of roofs, %zu of points: %zu of %zu polylines named)\n",
		name, drawn, roof_labels + placed + (fg->has_ridge && fg->ridge_item.placed), roof_labels, placed,
		named, joined);
#undef BAD
	return bad;
}

/* Lays out one figure, keeps a PNG when asked, and checks it: 0 overlaps, every roof labelled, its promises. */
static void check_one(const char *name, const struct analysis *a, const struct analysis *base, int threads, int w,
		      int h)
{
	struct figure *fg = calloc(1, sizeof *fg);
	struct scene *sc = calloc(1, sizeof *sc);
	struct plot_meta m = meta;
	size_t unlabelled;
	assert_non_null(fg);
	assert_non_null(sc);
	m.threads = threads;
	m.base = base;
	assert_int_equal(plot_roofline_layout(a, &m, w, h, fg), 0);
	const char *keep = getenv("LAYOUT_KEEP");
	if (keep && *keep) {
		char path[512], err[256];
		snprintf(path, sizeof path, "%s/%s.png", keep, name);
		assert_int_equal(plot_roofline(a, &m, &(struct plot_file){ path, "png", w, h }, err, sizeof err), 0);
	}
	figure_scene(fg, sc, &unlabelled);
	size_t bad = overlaps(name, sc) + promises(name, a, fg, threads);
	if (unlabelled)
		fprintf(stderr, "# %s: %zu roofs drawn without a label\n", name, unlabelled);
	/* Not vacuous: the figure has lines, markers and labels to check. */
	assert_true(sc->nlines >= 1);
	assert_true(sc->nlabels >= 1);
	free(fg);
	free(sc);
	if (bad || unlabelled)
		fail_msg("%s at %dx%d: %zu failures, %zu roofs unlabelled", name, w, h, bad, unlabelled);
}

/*
 * The figures `roofline plot` draws of a: the default (the smallest thread
 * count) and, when a has more than one, the all-core figure (the largest,
 * its legend scaling from the default's).
 */
static void check_figure(const char *name, const struct analysis *a, int w, int h)
{
	int counts[ANALYSIS_MAX_THREAD_COUNTS];
	size_t n = figure_thread_counts(a, counts, ANALYSIS_MAX_THREAD_COUNTS);
	struct analysis *one = calloc(1, sizeof *one), *all = calloc(1, sizeof *all);
	char sub[96];
	assert_non_null(one);
	assert_non_null(all);
	assert_true(n >= 1);
	figure_select_threads(a, counts[0], one);
	check_one(name, one, NULL, counts[0], w, h);
	if (n > 1) {
		figure_select_threads(a, counts[n - 1], all);
		snprintf(sub, sizeof sub, "%s-allcores", name);
		check_one(sub, all, one, counts[n - 1], w, h);
	}
	free(one);
	free(all);
}

/* One compare figure (of `threads`): no overlap, nothing clipped, no leader over another point, every roof named. */
static void check_compare_threads(const char *name, const struct compare *c, struct loaded *ra, struct loaded *rb,
				  int threads)
{
	struct plot_compare_layout *l = calloc(1, sizeof *l);
	struct scene *sc = calloc(1, sizeof *sc);
	size_t unlabelled;
	assert_non_null(l);
	assert_non_null(sc);
	plot_compare_layout(c, (struct plot_compare_run){ &ra->run, ra->a }, (struct plot_compare_run){ &rb->run, rb->a },
			    (struct plot_compare_view){ threads, 1600, 1000, NULL }, l);
	const char *keep = getenv("LAYOUT_KEEP");
	if (keep && *keep) {
		char path[512], err[256];
		snprintf(path, sizeof path, "%s/%s.png", keep, name);
		assert_int_equal(plot_compare_draw(l, path, "png", err, sizeof err), 0);
	}
	compare_scene(l, sc, &unlabelled);
	size_t bad = overlaps(name, sc) + leaders_over_markers(name, sc);
	for (size_t i = 0; i < l->nlines; i++)
		if (!l->lines[i].labelled && !l->lines[i].listed)
			fprintf(stderr, "# %s: roof '%s' drawn without a label\n", name, l->lines[i].label);
	assert_true(sc->nlines >= 1);
	free(l);
	free(sc);
	if (bad || unlabelled)
		fail_msg("%s: %zu overlaps, %zu roofs unlabelled", name, bad, unlabelled);
}

/* The compare figures of ra and rb: compare.png's (one core) and compare-allcores.png's. */
static void check_compare(const char *name, struct loaded *ra, struct loaded *rb)
{
	struct compare c;
	compare_build(&ra->run, ra->a, &rb->run, rb->a, &c);
	int counts[ANALYSIS_MAX_THREAD_COUNTS];
	size_t n = plot_compare_thread_counts(ra->a, rb->a, counts, ANALYSIS_MAX_THREAD_COUNTS);
	assert_true(n >= 1);
	check_compare_threads(name, &c, ra, rb, counts[0]);
	if (n > 1) {
		char sub[128];
		snprintf(sub, sizeof sub, "%s-allcores", name);
		check_compare_threads(sub, &c, ra, rb, counts[n - 1]);
	}
	compare_free(&c);
}

/* ---- the runs ---------------------------------------------------------------------- */

static void test_example(void **state)
{
	(void)state;
	char dir[512];
	struct loaded l;
	snprintf(dir, sizeof dir, "%s/data/example/run", src_dir());
	load(dir, &l);
	check_figure("example", l.a, 1600, 1000);
	unload(&l);
}

/*
 * A family's stages (kernel.h: stage) are one trajectory: the example's
 * stencil and stencil_tiled in one joined group, untiled first, named once
 * ("stencil untiled\u2192tiled"), one legend row for both.
 */
static void test_stages_joined(void **state)
{
	(void)state;
	char dir[512];
	struct loaded l;
	snprintf(dir, sizeof dir, "%s/data/example/run", src_dir());
	load(dir, &l);
	struct analysis *one = calloc(1, sizeof *one);
	struct figure *fg = calloc(1, sizeof *fg);
	assert_non_null(one);
	assert_non_null(fg);
	figure_select_threads(l.a, 1, one);
	assert_int_equal(plot_roofline_layout(one, &meta, 1600, 1000, fg), 0);
	int g = -1;
	size_t members = 0;
	for (size_t i = 0; i < one->npoints; i++) {
		if (strcmp(one->points[i].family, "stencil") != 0 || fg->k.grp_of[i] < 0)
			continue;
		if (g < 0)
			g = fg->k.grp_of[i];
		assert_int_equal(fg->k.grp_of[i], g);
		members++;
	}
	assert_int_equal(members, 2);
	const struct figure_group *gr = &fg->k.grp[g];
	assert_true(figure_joined(gr));
	assert_string_equal(one->points[fg->k.byparam[gr->start]].kernel, "stencil");
	assert_string_equal(one->points[fg->k.byparam[gr->start + 1]].kernel, "stencil_tiled");
	size_t labels = 0, rows = 0;
	for (size_t i = 0; i < fg->nitems; i++)
		if (fg->k.grp_of[fg->item_point[i]] == g) {
			assert_string_equal(fg->item_text[i], "stencil untiled\u2192tiled");
			labels++;
		}
	for (size_t i = 0; i < fg->lg.n; i++)
		rows += fg->lg.rows[i].kind == LEG_FAMILY && strstr(fg->lg.rows[i].text, "stencil") != NULL;
	assert_int_equal(labels, 1);
	assert_int_equal(rows, 1);
	free(fg);
	free(one);
	unload(&l);
}

static void test_scripted(void **state)
{
	(void)state;
	static const char *const how[] = { "", "levels", "shaped" };
	for (size_t i = 0; i < sizeof how / sizeof how[0]; i++) {
		struct loaded l;
		char name[64];
		scripted(how[i], &l);
		snprintf(name, sizeof name, "scripted-%s", *how[i] ? how[i] : "plain");
		check_figure(name, l.a, 1600, 1000);
		unload(&l);
	}
}

/* One bandwidth roof and one point: nothing to crowd, and still every label placed right. */
static void test_tiny(void **state)
{
	(void)state;
	struct analysis *a = calloc(1, sizeof *a);
	assert_non_null(a);
	struct roof *r = &a->roofs[a->nroofs++];
	r->kind = ROOF_BANDWIDTH;
	r->value = 20;
	r->threads = 1;
	roof_name_key(r, "DRAM", ROOF_BANDWIDTH);
	a->peak = NAN;
	a->ridge = NAN;
	struct point *p = &a->points[a->npoints++];
	snprintf(p->kernel, sizeof p->kernel, "triad");
	snprintf(p->family, sizeof p->family, "triad");
	p->k = registry_find("triad");
	p->family_k = registry_family(p->k);
	p->threads = 1;
	p->ai = 2.0 / 24;
	p->gflops = 1.5;
	check_figure("tiny", a, 1600, 1000);
	check_figure("tiny-small", a, PLOT_MIN_WIDTH, PLOT_MIN_HEIGHT);
	free(a);
}


/*
 * A clang run of 1 and 2 threads (tests/fixtures/layout-clang-run): a roof
 * label that finds no spot in the narrowed plot goes to the legend beside
 * it, and the legend must still fit between the plot and the image's edge.
 */
static void test_legend_beside_fits(void **state)
{
	(void)state;
	char dir[512];
	struct loaded l;
	snprintf(dir, sizeof dir, "%s/tests/fixtures/layout-clang-run", src_dir());
	load(dir, &l);
	check_figure("clang-run", l.a, 1600, 1000);
	unload(&l);
}

/* The Zen 4 run of another machine (tests/fixtures/zen4-run, one core): its default figure. */
static void test_zen4(void **state)
{
	(void)state;
	char dir[512];
	struct loaded l;
	snprintf(dir, sizeof dir, "%s/tests/fixtures/zen4-run", src_dir());
	load(dir, &l);
	check_figure("zen4", l.a, 1600, 1000);
	unload(&l);
}

/* Two runs of 1 and 2 threads compared (the second 10% faster in DRAM): every roof labelled. */
static void test_compare_two_threads(void **state)
{
	(void)state;
	struct loaded a, b;
	two_threads(&a);
	two_threads(&b);
	/*
	 * B's DRAM 10 % faster: the sweep and the jobs past 64 MB a thread of
	 * intensity up to 1 flop/byte. The kernels of higher intensity at those
	 * sizes stay as they were, as on a machine whose memory alone got
	 * faster; so the three horner D=16 (2 flop/byte, under this run's ridge
	 * near 2.7) fall behind their risen roof and are arrows, with every roof
	 * still labelled beside them.
	 */
	for (size_t i = 0; i < b.run.ntimings; i++) {
		struct timing *t = &b.run.timings[i];
		if (t->working_set / t->threads > 64e6 && !(t->bytes > 0 && t->flops / t->bytes > 1))
			t->seconds /= 1.1;
	}
	free(b.a);
	analyse(&b);
	check_compare("compare-two-threads", &a, &b);
	unload(&a);
	unload(&b);
}

/*
 * The compare figure of the example against the Zen 4 fixture (another
 * machine: roofs of both runs drawn, many close slopes, arrows) and of the
 * example against itself: no overlap, nothing clipped, every roof named
 * (along its line or in the legend).
 */
static void test_compare_example(void **state)
{
	(void)state;
	char dir[512];
	struct loaded ex, ex2, z4;
	snprintf(dir, sizeof dir, "%s/data/example/run", src_dir());
	load(dir, &ex);
	load(dir, &ex2);
	snprintf(dir, sizeof dir, "%s/tests/fixtures/zen4-run", src_dir());
	load(dir, &z4);
	check_compare("compare-example-zen4", &ex, &z4);
	check_compare("compare-example-itself", &ex, &ex2);
	unload(&ex);
	unload(&ex2);
	unload(&z4);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_example),
		cmocka_unit_test(test_scripted),
		cmocka_unit_test(test_stages_joined),
		cmocka_unit_test(test_tiny),
		cmocka_unit_test(test_legend_beside_fits),
		cmocka_unit_test(test_zen4),
		cmocka_unit_test(test_compare_two_threads),
		cmocka_unit_test(test_compare_example),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
