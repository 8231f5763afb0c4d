/*
 * test_plot_compare.c - the compare figure's layout (src/plot_compare.c) on
 * the fixture run (tests/fixtures/gnuplot-run, 19 points: a crowded figure)
 * against a copy whose timings are scripted to move two kernels: the arrows
 * are exactly compare's moves, and no text box overlaps another or leaves
 * the canvas. The decision is tested, not pixels.
 */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "analysis.h"
#include "compare.h"
#include "figure.h"
#include "labels.h"
#include "plot_cairo.h"
#include "plot_compare.h"
#include "rundata.h"
#include "util.h"

struct pair {
	struct rundata ra, rb;
	struct analysis aa, ab;
	struct compare c;
	struct plot_compare_layout l;
};

static const char *fixture(void)
{
	static char path[4096];
	const char *s = getenv("ROOFLINE_SRC");
	snprintf(path, sizeof path, "%s/tests/fixtures/gnuplot-run", s && *s ? s : ".");
	return path;
}

/* B: rates of (kernel, param) times f. */
static void scale(struct rundata *r, const char *kernel, long param, double f)
{
	for (size_t i = 0; i < r->ntimings; i++)
		if (strcmp(r->timings[i].kernel, kernel) == 0 && r->timings[i].param == param)
			r->timings[i].seconds /= f;
}

/*
 * B: every rate times `all` (a host slower everywhere) and, where l1d > 0,
 * another L1d in env.csv (another machine), before dot and horner D=128 move.
 */
static struct pair *build_machine(double dot, double horner128, double all, double l1d)
{
	char err[512];
	struct pair *p = xcalloc(1, sizeof *p);
	if (rundata_load(fixture(), &p->ra, err, sizeof err) != 0 ||
	    rundata_load(fixture(), &p->rb, err, sizeof err) != 0)
		fail_msg("%s", err);
	scale(&p->rb, "dot", 0, dot);
	scale(&p->rb, "horner", 128, horner128);
	for (size_t i = 0; i < p->rb.ntimings; i++)
		p->rb.timings[i].seconds /= all;
	if (l1d > 0)
		p->rb.info.l1d_bytes = l1d;
	if (analysis_build(&p->ra, &p->aa, err, sizeof err) != 0 || analysis_build(&p->rb, &p->ab, err, sizeof err) != 0)
		fail_msg("%s", err);
	compare_build(&p->ra, &p->aa, &p->rb, &p->ab, &p->c);
	plot_compare_layout(&p->c, (struct plot_compare_run){ &p->ra, &p->aa }, (struct plot_compare_run){ &p->rb, &p->ab },
			    (struct plot_compare_view){ 1, 1600, 1000, NULL }, &p->l);
	return p;
}

static struct pair *build(double dot, double horner128)
{
	return build_machine(dot, horner128, 1, 0);
}

static void release(struct pair *p)
{
	compare_free(&p->c);
	rundata_free(&p->ra);
	rundata_free(&p->rb);
	free(p);
}

static void test_arrows_are_the_moves(void **state)
{
	(void)state;
	struct pair *p = build(0.5, 1.25);
	size_t moved = 0;
	for (size_t i = 0; i < p->c.nrows; i++)
		moved += !p->c.rows[i].is_roof && p->c.rows[i].moved != COMPARE_SAME;
	assert_int_equal(moved, 2);
	assert_int_equal(p->l.narrows, 2);
	for (size_t i = 0; i < p->l.nmarks; i++) {
		const struct plot_compare_mark *m = &p->l.marks[i];
		assert_int_equal(m->arrow, m->row->moved != COMPARE_SAME);
		if (!m->arrow)
			continue;
		assert_true((strcmp(m->row->name, "dot") == 0 && m->gf_b < m->gf_a) ||
			    (strcmp(m->row->name, "horner") == 0 && m->row->pb->param == 128 && m->gf_b > m->gf_a));
		assert_true(m->item.placed);   /* a move is what the figure is for: always labelled */
		assert_non_null(strstr(m->label, "\u00d7"));
	}
	/* No roof moved: each drawn once, B's. */
	for (size_t i = 0; i < p->l.nlines; i++)
		assert_int_equal(p->l.lines[i].run_b, 1);
	release(p);
}

static void test_an_unchanged_pair_has_no_arrow(void **state)
{
	(void)state;
	struct pair *p = build(1, 1);
	assert_int_equal(p->l.narrows, 0);
	assert_true(p->l.nmarks >= 19);
	release(p);
}

/*
 * A host 20 % slower everywhere moves no kernel (each is judged against its
 * own roof) and no roof against the others: no arrow, each roof drawn once,
 * B's, its label without "A:" or "B:"; with dot a further half slower, one
 * arrow, labelled with its move against its roof (x0.50), not the raw x0.40.
 */
static void test_a_slower_host_moves_roofs_not_kernels(void **state)
{
	(void)state;
	struct pair *p = build_machine(1, 1, 0.8, 0);
	assert_int_equal(p->l.narrows, 0);
	size_t b = 0;
	for (size_t i = 0; i < p->l.nlines; i++) {
		assert_int_equal(p->l.lines[i].run_b, 1);
		assert_null(strstr(p->l.lines[i].label, "A: "));
		assert_null(strstr(p->l.lines[i].label, "B: "));
		b++;
	}
	assert_true(b >= 4);
	assert_string_equal(p->l.machines, "the same kind of machine");
	release(p);
	p = build_machine(0.5, 1, 0.8, 0);
	assert_int_equal(p->l.narrows, 1);
	for (size_t i = 0; i < p->l.nmarks; i++)
		if (p->l.marks[i].arrow)
			assert_non_null(strstr(p->l.marks[i].label, "dot \u00d70.50"));
	release(p);
}

/* Another machine is said in the subtitle, with what differs. */
static void test_another_machine_is_said(void **state)
{
	(void)state;
	struct pair *p = build_machine(1, 1, 1, 49152);
	assert_true(p->c.machines.differ);
	assert_non_null(strstr(p->l.machines, "different machines: L1d "));
	assert_non_null(strstr(p->l.machines, "32 KiB \u2192 48 KiB"));
	assert_int_equal(p->l.narrows, 0);
	release(p);
}

/* Every text box inside the canvas, none touching another or a roof label. */
static void test_no_text_overlaps(void **state)
{
	(void)state;
	struct pair *p = build(0.5, 1.25);
	const struct plot_compare_layout *l = &p->l;
	assert_true(l->nplaced > 1);
	for (size_t i = 0; i < l->nplaced; i++) {
		struct labels_box b = l->placed[i];
		assert_true(b.x0 >= 0 && b.y0 >= 0 && b.x1 <= l->f.width && b.y1 <= l->f.height);
		for (size_t j = i + 1; j < l->nplaced; j++)
			if (labels_boxes_touch(b, l->placed[j], 0))
				fail_msg("text boxes %zu and %zu overlap", i, j);
		for (size_t k = 0; k < l->nlines; k++)
			if (l->lines[k].labelled && labels_seg_box_dist(l->lines[k].seg, b) < l->lines[k].seg.r)
				fail_msg("roof label %s overlaps text box %zu", l->lines[k].label, i);
	}
	size_t roof_labels = 0;
	for (size_t k = 0; k < l->nlines; k++) {
		if (!l->lines[k].labelled)
			continue;
		roof_labels++;
		for (size_t m = k + 1; m < l->nlines; m++)
			if (l->lines[m].labelled &&
			    labels_seg_seg_dist(l->lines[k].seg, l->lines[m].seg) < l->lines[k].seg.r + l->lines[m].seg.r)
				fail_msg("roof labels %s and %s overlap", l->lines[k].label, l->lines[m].label);
	}
	assert_true(roof_labels >= 4);
	release(p);
}

/*
 * One palette: each kernel's marker in compare.png has the colour of its
 * family in the roofline figure of B (the scene plot_roofline_layout gives,
 * which assigns colours by family, known families first), not a colour by
 * order of appearance of its own.
 */
static void test_kernels_keep_the_roofline_colours(void **state)
{
	(void)state;
	struct pair *p = build(0.5, 1.25);
	struct figure *fg = xcalloc(1, sizeof *fg);
	struct plot_meta m = { .threads = 1 };
	assert_int_equal(plot_roofline_layout(&p->ab, &m, 1600, 1000, fg), 0);
	size_t checked = 0, colours = 0;
	struct figure_rgb seen[16];
	for (size_t i = 0; i < p->l.nmarks; i++) {
		const struct plot_compare_mark *mk = &p->l.marks[i];
		const char *kernel = (mk->row->pb ? mk->row->pb : mk->row->pa)->kernel;
		/* The colour of the family the scene put this kernel's points in (a family's stages share one). */
		for (size_t pt = 0; pt < fg->npoints; pt++) {
			if (fg->k.grp_of[pt] < 0 || strcmp(p->ab.points[pt].kernel, kernel) != 0)
				continue;
			struct figure_rgb c = fg->k.fam[fg->k.grp[fg->k.grp_of[pt]].fam].col;
			if (mk->col.r != c.r || mk->col.g != c.g || mk->col.b != c.b)
				fail_msg("%s: compare colour differs from the roofline figure's", kernel);
			checked++;
			size_t k = 0;
			while (k < colours && !(seen[k].r == c.r && seen[k].g == c.g && seen[k].b == c.b))
				k++;
			if (k == colours && colours < 16)
				seen[colours++] = c;
		}
	}
	assert_true(checked >= 5);
	assert_true(colours >= 3);   /* not vacuous: the kernels are of several colours */
	free(fg);
	release(p);
}

/* A family's stages keep one colour in compare too: the example's stencil and stencil_tiled. */
static void test_stages_share_a_colour(void **state)
{
	(void)state;
	char dir[4096], err[512];
	const char *src = getenv("ROOFLINE_SRC");
	snprintf(dir, sizeof dir, "%s/data/example/run", src && *src ? src : ".");
	struct pair *p = xcalloc(1, sizeof *p);
	if (rundata_load(dir, &p->ra, err, sizeof err) != 0 || rundata_load(dir, &p->rb, err, sizeof err) != 0 ||
	    analysis_build(&p->ra, &p->aa, err, sizeof err) != 0 || analysis_build(&p->rb, &p->ab, err, sizeof err) != 0)
		fail_msg("%s", err);
	compare_build(&p->ra, &p->aa, &p->rb, &p->ab, &p->c);
	plot_compare_layout(&p->c, (struct plot_compare_run){ &p->ra, &p->aa }, (struct plot_compare_run){ &p->rb, &p->ab },
			    (struct plot_compare_view){ 1, 1600, 1000, NULL }, &p->l);
	const struct figure_rgb *a = NULL, *b = NULL;
	for (size_t i = 0; i < p->l.nmarks; i++) {
		const struct point *pt = p->l.marks[i].row->pb ? p->l.marks[i].row->pb : p->l.marks[i].row->pa;
		if (strcmp(pt->kernel, "stencil") == 0)
			a = &p->l.marks[i].col;
		else if (strcmp(pt->kernel, "stencil_tiled") == 0)
			b = &p->l.marks[i].col;
	}
	assert_non_null(a);
	assert_non_null(b);
	assert_true(a->r == b->r && a->g == b->g && a->b == b->b);
	release(p);
}

/* Two runs loaded from the source tree's directories a and b, analysed and compared. */
static struct pair *load_pair(const char *a, const char *b)
{
	char da[4096], db[4096], err[512];
	const char *src = getenv("ROOFLINE_SRC");
	snprintf(da, sizeof da, "%s/%s", src && *src ? src : ".", a);
	snprintf(db, sizeof db, "%s/%s", src && *src ? src : ".", b);
	struct pair *p = xcalloc(1, sizeof *p);
	if (rundata_load(da, &p->ra, err, sizeof err) != 0 || rundata_load(db, &p->rb, err, sizeof err) != 0 ||
	    analysis_build(&p->ra, &p->aa, err, sizeof err) != 0 || analysis_build(&p->rb, &p->ab, err, sizeof err) != 0)
		fail_msg("%s", err);
	compare_build(&p->ra, &p->aa, &p->rb, &p->ab, &p->c);
	return p;
}

static void lay_out(struct pair *p, int threads)
{
	plot_compare_layout(&p->c, (struct plot_compare_run){ &p->ra, &p->aa }, (struct plot_compare_run){ &p->rb, &p->ab },
			    (struct plot_compare_view){ threads, 1600, 1000, NULL }, &p->l);
}

/*
 * Each roof's label names that one roof, never two that lie close, and
 * never its thread count (the title says it): the example against the Zen
 * 4 fixture, each figure of a thread count both measured. Every drawn roof is named, along its line or in
 * the legend.
 */
static void test_a_label_names_one_roof(void **state)
{
	(void)state;
	struct pair *p = load_pair("data/example/run", "tests/fixtures/zen4-run");
	int counts[ANALYSIS_MAX_THREAD_COUNTS];
	size_t n = plot_compare_thread_counts(&p->aa, &p->ab, counts, ANALYSIS_MAX_THREAD_COUNTS);
	assert_true(n >= 1);
	size_t checked = 0;
	for (size_t k = 0; k < n; k++) {
		lay_out(p, counts[k]);
		const struct plot_compare_layout *l = &p->l;
		for (size_t i = 0; i < l->nlines; i++) {
			const struct plot_compare_line *x = &l->lines[i];
			/* "B: L1 337 GB/s ×0.92": an optional run, the roof's own name, its value and unit, once. */
			const char *t = x->label;
			if (strncmp(t, "A: ", 3) == 0 || strncmp(t, "B: ", 3) == 0)
				t += 3;
			char want[128];
			snprintf(want, sizeof want, "%.*s ", (int)strcspn(x->roof->name, "@"), x->roof->name);
			if (strncmp(t, want, strlen(want)) != 0 || strstr(t, "\u00b7") || strchr(t, '@'))
				fail_msg("label '%s' is not roof %s's alone", x->label, x->roof->name);
			const char *unit = strstr(t, " GB/s") ? " GB/s" : " GFLOP/s", *u = strstr(t, unit);
			if (!u || strstr(u + 1, unit) || strchr(t + strlen(want), ' ') != u)
				fail_msg("label '%s' names more than one value", x->label);
			if (!x->labelled && !x->listed)
				fail_msg("roof %s drawn unnamed", x->label);
			checked++;
		}
	}
	assert_true(checked >= 8);
	release(p);
}

/*
 * One thread count a figure: the example's one-core figure holds only its
 * one-thread roofs and points, its all-core figure only the two-thread
 * ones, and no label says "@2t" (the title says the count).
 */
static void test_one_thread_count_a_figure(void **state)
{
	(void)state;
	struct pair *p = load_pair("data/example/run", "data/example/run");
	for (int threads = 1; threads <= 2; threads++) {
		lay_out(p, threads);
		const struct plot_compare_layout *l = &p->l;
		assert_int_equal(l->threads, threads);
		assert_true(l->nlines >= 4);
		assert_true(l->nmarks >= 10);
		for (size_t i = 0; i < l->nlines; i++) {
			assert_int_equal(l->lines[i].roof->threads, threads);
			assert_null(strchr(l->lines[i].label, '@'));
		}
		for (size_t i = 0; i < l->nmarks; i++)
			assert_int_equal(l->marks[i].row->pb->threads, threads);
		assert_non_null(strstr(l->title, threads == 1 ? "one core" : "2 threads"));
	}
	release(p);
}

/* The same run compared with itself: no arrow, every roof once (B's, no "A:"/"B:"), nothing in the legend of moves. */
static void test_itself_no_arrow_every_roof_once(void **state)
{
	(void)state;
	struct pair *p = load_pair("data/example/run", "data/example/run");
	for (int threads = 1; threads <= 2; threads++) {
		lay_out(p, threads);
		const struct plot_compare_layout *l = &p->l;
		assert_int_equal(l->narrows, 0);
		for (size_t i = 0; i < l->nlines; i++) {
			assert_int_equal(l->lines[i].run_b, 1);
			assert_true(strncmp(l->lines[i].label, "A: ", 3) != 0 && strncmp(l->lines[i].label, "B: ", 3) != 0);
			for (size_t j = i + 1; j < l->nlines; j++)
				assert_string_not_equal(l->lines[i].roof->name, l->lines[j].roof->name);
		}
		for (size_t i = 0; i < l->nmarks; i++) {
			assert_false(l->marks[i].arrow);
			assert_string_equal(l->marks[i].label, "");   /* a quiet point is not labelled */
		}
		for (size_t i = 0; i < l->nkeys; i++)
			assert_int_not_equal(l->keys[i].kind, KEY_FAMILY);
		assert_non_null(strstr(l->moved[1], "no kernel moved"));
	}
	release(p);
}

/*
 * A scripted move of one kernel (dot half as fast): exactly that arrow, its
 * family the one legend row of moves, in its colour; the "what moved" box
 * counts it and names it; every other point small and unlabelled.
 */
static void test_one_move_one_arrow(void **state)
{
	(void)state;
	struct pair *p = build(0.5, 1);
	const struct plot_compare_layout *l = &p->l;
	assert_int_equal(l->narrows, 1);
	const struct plot_compare_mark *dot = NULL;
	for (size_t i = 0; i < l->nmarks; i++)
		if (l->marks[i].arrow)
			dot = &l->marks[i];
	assert_non_null(dot);
	assert_string_equal(dot->row->name, "dot");
	assert_true(dot->item.placed);
	for (size_t i = 0; i < l->nmarks; i++)
		if (!l->marks[i].arrow)
			assert_true(l->marks[i].radius < dot->radius);
	size_t families = 0;
	for (size_t i = 0; i < l->nkeys; i++)
		if (l->keys[i].kind == KEY_FAMILY) {
			families++;
			assert_string_equal(l->keys[i].text, "dot");
			assert_true(l->keys[i].col.r == dot->col.r && l->keys[i].col.g == dot->col.g &&
				    l->keys[i].col.b == dot->col.b);
		}
	assert_int_equal(families, 1);
	assert_true(strncmp(l->moved[1], "0 faster, 1 slower of ", 22) == 0);
	assert_string_equal(l->moved[2], "\u2022 dot \u00d70.50");
	release(p);
}

/*
 * One roof scripted to move (one chain of fma_avx512 15 % slower: the
 * one-chain ceiling): drawn for both runs, A's "A: one-chain ..." and B's
 * with its B/A; every other roof once.
 */
static void test_a_moved_roof_is_drawn_twice(void **state)
{
	(void)state;
	char err[512];
	struct pair *p = xcalloc(1, sizeof *p);
	if (rundata_load(fixture(), &p->ra, err, sizeof err) != 0 || rundata_load(fixture(), &p->rb, err, sizeof err) != 0)
		fail_msg("%s", err);
	scale(&p->rb, "fma_avx512", 1, 0.85);
	if (analysis_build(&p->ra, &p->aa, err, sizeof err) != 0 || analysis_build(&p->rb, &p->ab, err, sizeof err) != 0)
		fail_msg("%s", err);
	compare_build(&p->ra, &p->aa, &p->rb, &p->ab, &p->c);
	lay_out(p, 1);
	const struct plot_compare_layout *l = &p->l;
	size_t a = 0, b = 0;
	for (size_t i = 0; i < l->nlines; i++) {
		const struct plot_compare_line *ln = &l->lines[i];
		if (strcmp(ln->roof->name, "one-chain") != 0) {
			assert_int_equal(ln->run_b, 1);
			assert_null(strstr(ln->label, ": "));
			continue;
		}
		if (ln->run_b) {
			b++;
			assert_true(strncmp(ln->label, "B: one-chain ", 13) == 0);
			assert_non_null(strstr(ln->label, " \u00d70.85"));
		} else {
			a++;
			assert_true(strncmp(ln->label, "A: one-chain ", 13) == 0);
		}
	}
	assert_int_equal(a, 1);
	assert_int_equal(b, 1);
	release(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_arrows_are_the_moves),
		cmocka_unit_test(test_an_unchanged_pair_has_no_arrow),
		cmocka_unit_test(test_a_slower_host_moves_roofs_not_kernels),
		cmocka_unit_test(test_another_machine_is_said),
		cmocka_unit_test(test_no_text_overlaps),
		cmocka_unit_test(test_kernels_keep_the_roofline_colours),
		cmocka_unit_test(test_stages_share_a_colour),
		cmocka_unit_test(test_a_label_names_one_roof),
		cmocka_unit_test(test_one_thread_count_a_figure),
		cmocka_unit_test(test_itself_no_arrow_every_roof_once),
		cmocka_unit_test(test_one_move_one_arrow),
		cmocka_unit_test(test_a_moved_roof_is_drawn_twice),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
