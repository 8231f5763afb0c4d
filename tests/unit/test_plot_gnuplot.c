/*
 * test_plot_gnuplot.c - roofline.gp draws the scene roofline.png draws.
 * The script gnuplot_write() writes for the committed example (its default
 * figure, one core; and the figure of two threads, from the example
 * measured again on two) is read back and held against the layout
 * plot_roofline_layout() gives for the same figure: the frame's ranges and
 * margins, every roof and ceiling segment (ends within half a pixel, colour,
 * dash), every roof label's text, each group's rows of points.csv, colour
 * and marker, and each point label's text. Point types are this test's own
 * table of gnuplot's numbers, not the writer's.
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
#include "figure.h"
#include "fitout.h"
#include "gnuplot.h"
#include "plot_cairo.h"
#include "rundata.h"
#include "util.h"

static char tmpdir[256];

static const char *src_dir(void)
{
	const char *s = getenv("ROOFLINE_SRC");
	return s && *s ? s : ".";
}

static int setup(void **state)
{
	(void)state;
	snprintf(tmpdir, sizeof tmpdir, "/tmp/test_plot_gnuplot.XXXXXX");
	return mkdtemp(tmpdir) ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	char cmd[300];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
	return system(cmd) == 0 ? 0 : -1;
}

static const struct plot_meta meta0 = {
	.cpu_model = "Gnuplot test", .compiler = "gcc", .compiler_version = "12.2.0",
	.kernel_cflags = "-O3 -march=native", .date_utc = "2026-12-01T00:00:00Z", .threads = 1,
};

/* The script's lines, read once. */
struct script {
	char **line;
	size_t n;
};

static void read_script(const char *path, struct script *s)
{
	FILE *fp = fopen(path, "r");
	char buf[8192];
	assert_non_null(fp);
	memset(s, 0, sizeof *s);
	while (fgets(buf, sizeof buf, fp)) {
		buf[strcspn(buf, "\n")] = 0;
		s->line = realloc(s->line, (s->n + 1) * sizeof *s->line);
		s->line[s->n++] = xstrdup(buf);
	}
	fclose(fp);
}

static void free_script(struct script *s)
{
	for (size_t i = 0; i < s->n; i++)
		free(s->line[i]);
	free(s->line);
}

static int ends_with(const char *s, const char *tail)
{
	size_t a = strlen(s), b = strlen(tail);
	return a >= b && strcmp(s + a - b, tail) == 0;
}

static void hex_of(struct figure_rgb c, char *out)
{
	sprintf(out, "#%02x%02x%02x", (int)lround(c.r * 255), (int)lround(c.g * 255), (int)lround(c.b * 255));
}

/* gnuplot's point types (pngcairo, svg, pdfcairo): filled and open, for circle .. star. */
static int pt_of(enum figure_shape sh, int open)
{
	static const int filled[NSHAPES] = { 7, 5, 9, 13, 11, 15, 3 };
	static const int hollow[NSHAPES] = { 6, 4, 8, 12, 10, 14, 3 };
	return open ? hollow[sh] : filled[sh];
}

/* The visible roofs: "set arrow from X, Y to X, Y nohead lw W dt D lc rgb 'HEX' back    # roof". */
static void check_roofs(const struct figure *fg, const struct script *s)
{
	size_t k = 0;
	for (size_t i = 0; i < s->n; i++) {
		if (!ends_with(s->line[i], "# roof"))
			continue;
		double ax, ay, bx, by, lw;
		int dt;
		char hex[16];
		assert_int_equal(sscanf(s->line[i], "set arrow from %lf, %lf to %lf, %lf nohead lw %lf dt %d lc rgb '%7[^']'",
					&ax, &ay, &bx, &by, &lw, &dt, hex), 7);
		while (k < fg->nlines && !fg->lines[k].visible)
			k++;
		assert_true(k < fg->nlines);
		const struct figure_line *l = &fg->lines[k++];
		double x0, y0, x1, y1;
		char want[16];
		plot_to_pixel(&fg->f, ax, ay, &x0, &y0);
		plot_to_pixel(&fg->f, bx, by, &x1, &y1);
		if (fabs(x0 - l->x0) > 0.5 || fabs(y0 - l->y0) > 0.5 || fabs(x1 - l->x1) > 0.5 || fabs(y1 - l->y1) > 0.5)
			fail_msg("roof %s: script (%.1f,%.1f)-(%.1f,%.1f), scene (%.1f,%.1f)-(%.1f,%.1f)", l->text, x0, y0,
				 x1, y1, l->x0, l->y0, l->x1, l->y1);
		hex_of(l->col, want);
		assert_string_equal(hex, want);
		assert_int_equal(dt, l->dashed ? 2 : 1);
	}
	while (k < fg->nlines && !fg->lines[k].visible)
		k++;
	assert_int_equal(k, fg->nlines);   /* every visible roof drawn, none more */
}

/* The roof labels, in order: the scene's text of each labelled visible line. */
static void check_roof_labels(const struct figure *fg, const struct script *s)
{
	size_t k = 0, n = 0;
	for (size_t i = 0; i < s->n; i++) {
		if (!ends_with(s->line[i], "# roof label"))
			continue;
		while (k < fg->nlines && !(fg->lines[k].visible && fg->lines[k].labelled))
			k++;
		assert_true(k < fg->nlines);
		char want[128];
		snprintf(want, sizeof want, "set label '%s' at ", fg->lines[k++].text);
		assert_true(strncmp(s->line[i], want, strlen(want)) == 0);
		n++;
	}
	size_t labelled = 0;
	for (size_t i = 0; i < fg->nlines; i++)
		labelled += fg->lines[i].visible && fg->lines[i].labelled;
	assert_int_equal(n, labelled);
	assert_true(n >= 2);
}

/* Each group's clause: its rows of points.csv, colour, marker; every drawn point in one clause. */
static void check_groups(const struct figure *fg, const size_t *rows, const struct script *s)
{
	const struct figure_kernels *k = &fg->k;
	size_t j = 0, drawn = 0, listed = 0;
	for (size_t i = 0; i < fg->npoints; i++)
		drawn += k->grp_of[i] >= 0;
	for (size_t i = 0; i < s->n; i++) {
		const char *p = strstr(s->line[i], "pts using 'ai':(row(column(0), '");
		if (!p)
			continue;
		assert_true(j < k->ngrp);
		const struct figure_group *gr = &k->grp[j++];
		const struct figure_family *fm = &k->fam[gr->fam];
		char want[1024] = "'", hex[16], *at = want + 1;
		for (size_t m = 0; m < gr->n; m++)
			at += sprintf(at, " %zu", rows[k->byparam[gr->start + m]]);
		strcat(want, " '");
		assert_non_null(strstr(p, want));
		listed += gr->n;
		hex_of(fm->col, hex);
		char look[64];
		snprintf(look, sizeof look, "lc rgb '%s' pt %d ", hex, pt_of(fm->shape, gr->style != LV_BASE || gr->hollow));
		if (!strstr(p, look))
			fail_msg("group %s: want '%s' in %s", gr->kernel, look, p);
		assert_non_null(strstr(p, figure_joined(gr) ? " with linespoints " : " with points "));
	}
	assert_int_equal(j, k->ngrp);
	assert_int_equal(listed, drawn);
	assert_true(drawn >= 10);
}

/*
 * The placed point labels, each centred where the scene placed its box
 * (within a pixel: the script's geometry is the scene's, whose overlaps
 * test_layout checks), inside the plot; none of those the scene left out.
 */
static void check_point_labels(const struct figure *fg, const struct script *s)
{
	size_t n = 0, placed = 0;
	for (size_t i = 0; i < s->n; i++)
		n += ends_with(s->line[i], "# point label");
	for (size_t i = 0; i < fg->nitems; i++) {
		char want[128];
		snprintf(want, sizeof want, "set label '%s' at ", fg->item_text[i]);
		const char *line = NULL;
		for (size_t j = 0; j < s->n && !line; j++)
			if (ends_with(s->line[j], "# point label") && strncmp(s->line[j], want, strlen(want)) == 0)
				line = s->line[j];
		assert_int_equal(line != NULL, fg->items[i].placed);
		if (!line)
			continue;
		placed++;
		double ai, gf, x, y;
		assert_int_equal(sscanf(line + strlen(want), "%lf, %lf center", &ai, &gf), 2);
		plot_to_pixel(&fg->f, ai, gf, &x, &y);
		struct labels_box b = fg->items[i].box;
		if (fabs(x - 0.5 * (b.x0 + b.x1)) > 1 || fabs(y - 0.5 * (b.y0 + b.y1)) > 1)
			fail_msg("label '%s' at (%.1f, %.1f), the scene's box centred at (%.1f, %.1f)", fg->item_text[i],
				 x, y, 0.5 * (b.x0 + b.x1), 0.5 * (b.y0 + b.y1));
		assert_true(b.x0 >= fg->f.left - 1 && b.x1 <= fg->f.right + 1 && b.y0 >= fg->f.top - 1 &&
			    b.y1 <= fg->f.bottom + 1);
	}
	assert_int_equal(n, placed);
	assert_true(placed >= 5);
}

/* The frame: ranges and the plot area's margins, as screen fractions of the scene's. */
static void check_frame(const struct figure *fg, const struct script *s)
{
	int got = 0;
	for (size_t i = 0; i < s->n; i++) {
		double a, b;
		if (sscanf(s->line[i], "set xrange [%lf:%lf]", &a, &b) == 2) {
			assert_true(fabs(a / fg->f.xmin - 1) < 1e-5 && fabs(b / fg->f.xmax - 1) < 1e-5);
			got |= 1;
		} else if (sscanf(s->line[i], "set yrange [%lf:%lf]", &a, &b) == 2) {
			assert_true(fabs(a / fg->f.ymin - 1) < 1e-5 && fabs(b / fg->f.ymax - 1) < 1e-5);
			got |= 2;
		} else if (sscanf(s->line[i], "set lmargin at screen %lf; set rmargin at screen %lf", &a, &b) == 2) {
			assert_true(fabs(a * fg->f.width - fg->f.left) < 1 && fabs(b * fg->f.width - fg->f.right) < 1);
			got |= 4;
		} else if (sscanf(s->line[i], "set bmargin at screen %lf; set tmargin at screen %lf", &a, &b) == 2) {
			assert_true(fabs((1 - a) * fg->f.height - fg->f.bottom) < 1 &&
				    fabs((1 - b) * fg->f.height - fg->f.top) < 1);
			got |= 8;
		}
	}
	assert_int_equal(got, 15);
}

/* Writes the scripts of a (fitted into tmpdir/NAME/fit) for meta's thread count and checks roofline.gp. */
static void check_run(const char *name, const struct rundata *run, const struct analysis *a, int threads)
{
	char dir[512], fit[600], err[512] = "", tdir[512], line[4096];
	snprintf(dir, sizeof dir, "%s/%s", tmpdir, name);
	snprintf(fit, sizeof fit, "%s/fit", dir);
	snprintf(tdir, sizeof tdir, "%s/templates", src_dir());
	snprintf(line, sizeof line, "%s/points.csv", fit);   /* its parents made: fit and dir */
	assert_int_equal(util_mkdir_parents(line), 0);
	if (fitout_write(fit, a, err, sizeof err) != 0)
		fail_msg("fitout_write: %s", err);
	struct plot_meta m = meta0;
	m.threads = threads;
	struct gnuplot_job job = { .run_dir = fit, .out_dir = dir, .templates_dir = tdir, .run = run, .a = a,
				   .meta = &m };
	if (gnuplot_write(&job, err, sizeof err) != 0)
		fail_msg("gnuplot_write: %s", err);

	struct analysis *one = calloc(1, sizeof *one);
	struct figure *fg = calloc(1, sizeof *fg);
	size_t *rows = calloc(ANALYSIS_MAX_POINTS, sizeof *rows);
	assert_non_null(one);
	assert_non_null(fg);
	assert_non_null(rows);
	figure_select_threads(a, threads, one);
	/* points.csv's rows of this count, found here from the file's own threads column. */
	char csv[700];
	snprintf(csv, sizeof csv, "%s/points.csv", fit);
	FILE *fp = fopen(csv, "r");
	assert_non_null(fp);
	size_t row = 0, n = 0;
	assert_non_null(fgets(line, sizeof line, fp));
	while (fgets(line, sizeof line, fp)) {
		char *c = line;
		if (*c == '"')
			c = strchr(c + 1, '"');
		c = strchr(c, ',');
		c = strchr(c + 1, ',');
		if (atoi(c + 1) == threads)
			rows[n++] = row;
		row++;
	}
	fclose(fp);
	assert_int_equal(n, one->npoints);
	assert_int_equal(plot_roofline_layout(one, &m, 1600, 1000, fg), 0);

	struct script s;
	char gp[700];
	snprintf(gp, sizeof gp, "%s/roofline.gp", dir);
	read_script(gp, &s);
	check_frame(fg, &s);
	check_roofs(fg, &s);
	check_roof_labels(fg, &s);
	check_groups(fg, rows, &s);
	check_point_labels(fg, &s);
	free_script(&s);
	free(rows);
	free(fg);
	free(one);
}

static void load(struct rundata *run, struct analysis **a, int twice)
{
	char dir[512], err[512] = "";
	snprintf(dir, sizeof dir, "%s/data/example/run", src_dir());
	if (rundata_load(dir, run, err, sizeof err) != 0)
		fail_msg("rundata_load %s: %s", dir, err);
	if (twice) {
		/* Every kernel timing again at two threads, twice the work in the same time. */
		size_t n = run->ntimings, m = n;
		struct timing *t = realloc(run->timings, 2 * n * sizeof *t);
		assert_non_null(t);
		for (size_t i = 0; i < n; i++) {
			if (t[i].group != TGROUP_KERNELS && t[i].group != TGROUP_BANDWIDTH)
				continue;
			t[m] = t[i];
			t[m].threads = 2;
			t[m].flops *= 2;
			t[m].bytes *= 2;
			t[m].working_set *= 2;
			m++;
		}
		run->timings = t;
		run->ntimings = m;
	}
	*a = calloc(1, sizeof **a);
	assert_non_null(*a);
	if (analysis_build(run, *a, err, sizeof err) != 0)
		fail_msg("analysis_build: %s", err);
}

static void test_example_default(void **state)
{
	(void)state;
	struct rundata run;
	struct analysis *a;
	load(&run, &a, 0);
	check_run("example", &run, a, 1);
	rundata_free(&run);
	free(a);
}

static void test_two_threads(void **state)
{
	(void)state;
	struct rundata run;
	struct analysis *a;
	load(&run, &a, 1);
	check_run("two-1", &run, a, 1);
	check_run("two-2", &run, a, 2);
	rundata_free(&run);
	free(a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_example_default),
		cmocka_unit_test(test_two_threads),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
