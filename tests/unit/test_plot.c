/*
 * test_plot.c - the cairo figure, drawn from scripted analyses: file
 * signatures and size, and pixels probed on and off the roofs through the
 * same axis transform (plot_to_pixel) the figure uses.
 *
 * Set PLOT_KEEP=DIR to keep the PNGs (scripted.png, crowded.png, ...) for a look.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <cairo.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "plot_cairo.h"
#include "registry.h"

#include "layout_check.h"
#include "roof_text.h"

static char tmpdir[256];

static void add_roof(struct analysis *a, const char *name, enum roof_kind kind, double value)
{
	struct roof *r = &a->roofs[a->nroofs++];
	snprintf(r->name, sizeof r->name, "%s", name);
	r->kind = kind;
	r->value = value;
	const char *at = strchr(name, '@');
	r->threads = at ? atoi(at + 1) : 1;
	roof_name_key(r, name, kind);
}

/*
 * The figure draws a ceiling only where it caps a point (the point's roof):
 * each ceiling of these scenes caps one of the points of its thread count,
 * the first whose roof is not set yet, so that every ceiling is drawn and
 * its label placed among the others, as in a run where every ISA has a kernel.
 */
static struct analysis *capped(struct analysis *a)
{
	for (size_t i = 0; i < a->nroofs; i++) {
		const struct roof *r = &a->roofs[i];
		if (r->kind != ROOF_CEILING)
			continue;
		for (size_t j = 0; j < a->npoints; j++) {
			struct point *p = &a->points[j];
			if (roofkey_is_none(&p->roof) && p->threads == r->threads && isfinite(p->ai) && isfinite(p->gflops)) {
				p->roof = r->key;
				break;
			}
		}
	}
	return a;
}

static void add_point(struct analysis *a, const char *kernel, const char *family, long param,
		      int threads, double ai, double gflops)
{
	struct point *p = &a->points[a->npoints++];
	snprintf(p->kernel, sizeof p->kernel, "%s", kernel);
	snprintf(p->family, sizeof p->family, "%s", family);
	/* As input resolves them: a kernel of the registry has its entry and its family's. */
	p->k = registry_find(kernel);
	p->family_k = registry_family(p->k);
	p->param = param;
	p->threads = threads;
	p->ai = ai;
	p->gflops = gflops;
}

/* The brief's machine: L1 200, L2 100, DRAM 30 GB/s, peak 110, scalar 14, one-chain 3.5. */
static struct analysis *scripted(void)
{
	struct analysis *a = calloc(1, sizeof *a);
	static const double horner[8] = { 3.5, 6.8, 13, 22, 18, 12, 8, 6 };
	add_roof(a, "L1", ROOF_BANDWIDTH, 200);
	add_roof(a, "L2", ROOF_BANDWIDTH, 100);
	add_roof(a, "DRAM", ROOF_BANDWIDTH, 30);
	add_roof(a, "peak", ROOF_COMPUTE, 110);
	add_roof(a, "scalar", ROOF_CEILING, 14);
	add_roof(a, "one-chain", ROOF_CEILING, 3.5);
	a->peak = 110;
	a->ridge = 110.0 / 30;
	a->clock_ghz = NAN;
	add_point(a, "triad", "triad", 0, 1, 2.0 / 24, 2.3);
	add_point(a, "dot", "dot", 0, 1, 2.0 / 16, 1.9);
	add_point(a, "dot_split", "dot", 0, 1, 2.0 / 16, 3.55);
	for (int i = 0; i < 8; i++)
		add_point(a, "horner", "horner", 1L << i, 1, (1 << i) / 8.0, horner[i]);
	add_point(a, "horner_simd_avx512", "horner_simd", 16, 1, 2, 52);
	add_point(a, "horner_simd_avx512", "horner_simd", 32, 1, 4, 70);
	add_point(a, "horner_simd_avx512", "horner_simd", 64, 1, 8, 75);
	add_point(a, "horner_simd_avx512", "horner_simd", 128, 1, 16, 76);
	add_point(a, "broken", "broken", 0, 1, NAN, 5);          /* skipped, not drawn */
	add_point(a, "broken", "broken", 0, 1, 1, INFINITY);
	return capped(a);
}

/* A laptop-sized worst case: four levels, all-core roofs, two threads' worth of families. */
static struct analysis *crowded(void)
{
	struct analysis *a = calloc(1, sizeof *a);
	add_roof(a, "L1", ROOF_BANDWIDTH, 410);
	add_roof(a, "L2", ROOF_BANDWIDTH, 190);
	add_roof(a, "L3", ROOF_BANDWIDTH, 96);
	add_roof(a, "DRAM", ROOF_BANDWIDTH, 21.7);
	add_roof(a, "peak", ROOF_COMPUTE, 141.2);
	add_roof(a, "scalar", ROOF_CEILING, 17.6);
	add_roof(a, "one-chain", ROOF_CEILING, 4.4);
	add_roof(a, "DRAM@8t", ROOF_BANDWIDTH, 78.5);
	add_roof(a, "L3@8t", ROOF_BANDWIDTH, 520);
	add_roof(a, "peak@8t", ROOF_COMPUTE, 1090);
	a->peak = 141.2;
	a->ridge = 141.2 / 21.7;
	add_point(a, "triad", "triad", 0, 1, 2.0 / 24, 1.62);
	add_point(a, "dot", "dot", 0, 1, 2.0 / 16, 2.4);
	add_point(a, "copy", "copy", 0, 1, 0.0625, 1.1);
	add_point(a, "stencil5", "stencil", 0, 1, 0.3125, 5.9);
	add_point(a, "spmv_csr", "spmv", 0, 1, 0.17, 1.3);
	for (int t = 1; t <= 8; t *= 8)
		for (int i = 0; i < 8; i++) {
			double ai = (1 << i) / 8.0;
			double roof = fmin(ai * (t == 1 ? 21.7 : 78.5), t == 1 ? 141.2 : 1090);
			add_point(a, "horner", "horner", 1L << i, t, ai, roof * (i < 4 ? 0.85 : 0.9 / (1 << (i - 3))));
			add_point(a, "horner_simd_avx512", "horner_simd", 1L << i, t, ai,
				  roof * (i < 3 ? 0.8 : 0.62));
		}
	add_point(a, "triad", "triad", 0, 8, 2.0 / 24, 5.9);
	add_point(a, "dot", "dot", 0, 8, 2.0 / 16, 8.8);
	return capped(a);
}

/*
 * A measured run (data/latest as of the SIMD ceilings): five ceilings, two of
 * them 2% apart (scalar, one-chain), and horner_simd_avx2 levelling off a few
 * pixels under the avx2 ceiling all along its right end.
 */
static struct analysis *simd_ceilings(void)
{
	struct analysis *a = calloc(1, sizeof *a);
	static const double avx2[8] = { 4.52, 9.17, 18.3, 34.7, 52.7, 54.2, 54.9, 55.3 };
	static const double avx512[8] = { 4.51, 9.28, 17.2, 37.8, 73.8, 102.9, 107.1, 108.9 };
	static const double horner[8] = { 4.54, 9.36, 18.4, 37.4, 71.2, 61.6, 41.6, 28.0 };
	add_roof(a, "L1", ROOF_BANDWIDTH, 433.6);
	add_roof(a, "L2", ROOF_BANDWIDTH, 208.9);
	add_roof(a, "L3", ROOF_BANDWIDTH, 93.0);
	add_roof(a, "DRAM", ROOF_BANDWIDTH, 43.25);
	add_roof(a, "peak", ROOF_COMPUTE, 115.6);
	add_roof(a, "scalar", ROOF_CEILING, 14.55);
	add_roof(a, "one-chain", ROOF_CEILING, 14.30);
	add_roof(a, "avx2", ROOF_CEILING, 58.5);
	add_roof(a, "sse2", ROOF_CEILING, 28.95);
	add_roof(a, "one-chain-scalar", ROOF_CEILING, 1.79);
	a->peak = 115.6;
	a->ridge = 115.6 / 43.25;
	a->clock_ghz = NAN;
	add_point(a, "dot", "dot", 0, 1, 0.125, 3.33);
	add_point(a, "dot_split", "dot", 0, 1, 0.125, 5.19);
	add_point(a, "triad", "triad", 0, 1, 2.0 / 24, 3.01);
	for (int i = 0; i < 8; i++) {
		double ai = (1 << i) / 8.0;
		add_point(a, "horner", "horner", 1L << i, 1, ai, horner[i]);
		add_point(a, "horner_simd_avx2", "horner_simd", 1L << i, 1, ai, avx2[i]);
		add_point(a, "horner_simd_avx512", "horner_simd", 1L << i, 1, ai, avx512[i]);
	}
	return capped(a);
}

static int setup(void **state)
{
	(void)state;
	snprintf(tmpdir, sizeof tmpdir, "/tmp/test_plot.XXXXXX");
	return mkdtemp(tmpdir) ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	char cmd[300];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
	return system(cmd) == 0 ? 0 : -1;
}

static const struct plot_meta meta = {
	.cpu_model = "Scripted CPU @ 3.0GHz", .compiler = "gcc", .compiler_version = "12.2.0",
	.kernel_cflags = "-O3 -march=native", .date_utc = "2024-05-01T12:00:00Z", .threads = 1,
};

static struct plot_stats last;   /* what the latest render() labelled */

static char *render(const struct analysis *a, const char *name, const char *format, int w, int h)
{
	static char path[512];
	char err[256] = "";
	snprintf(path, sizeof path, "%s/%s.%s", tmpdir, name, format);
	memset(&last, 0xff, sizeof last);
	int rc = plot_roofline_stats(a, &meta, &(struct plot_file){ path, format, w, h }, &last, err, sizeof err);
	if (rc != 0)
		fail_msg("plot_roofline: %s", err);
	const char *keep = getenv("PLOT_KEEP");
	if (keep && *keep) {
		char kp[512];
		snprintf(kp, sizeof kp, "%s/%s.%s", keep, name, format);
		assert_int_equal(plot_roofline(a, &meta, &(struct plot_file){ kp, format, w, h }, err, sizeof err), 0);
	}
	return path;
}

/* The overlaps in the layout render() drew a from (plot_roofline_layout: the same layout). */
static size_t layout_overlaps(const struct analysis *a, const char *name, int w, int h)
{
	struct figure *fg = calloc(1, sizeof *fg);
	struct scene *sc = calloc(1, sizeof *sc);
	size_t unlabelled;
	assert_non_null(fg);
	assert_non_null(sc);
	assert_int_equal(plot_roofline_layout(a, &meta, w, h, fg), 0);
	figure_scene(fg, sc, &unlabelled);
	size_t bad = overlaps(name, sc);
	free(fg);
	free(sc);
	return bad;
}

/*
 * The roofs drawn that no text names: each visible roof line must have a
 * label along it (its label's capsule parallel to the line and no further
 * from it than a label's height) or a legend row of kind LEG_LINE with its
 * text, and that text must say the roof's name. Checked on the layout's
 * geometry, not on its counters (a roof marked "listed" that no legend row
 * names is unnamed).
 */
static size_t unnamed_roofs(const struct analysis *a, const char *name, int w, int h)
{
	struct figure *fg = calloc(1, sizeof *fg);
	size_t bad = 0;
	assert_non_null(fg);
	assert_int_equal(plot_roofline_layout(a, &meta, w, h, fg), 0);
	for (size_t i = 0; i < fg->nlines; i++) {
		const struct figure_line *l = &fg->lines[i];
		if (!l->visible)
			continue;
		int named = 0;
		if (l->labelled) {
			/* The label's middle, its distance from the line (not the segment: a label may sit past an end). */
			double mx = 0.5 * (l->cap.x0 + l->cap.x1), my = 0.5 * (l->cap.y0 + l->cap.y1);
			double dx = l->x1 - l->x0, dy = l->y1 - l->y0, len = hypot(dx, dy);
			double d = len > 0 ? fabs((mx - l->x0) * dy - (my - l->y0) * dx) / len : INFINITY;
			double ldx = l->cap.x1 - l->cap.x0, ldy = l->cap.y1 - l->cap.y0, llen = hypot(ldx, ldy);
			double cross = len > 0 && llen > 0 ? fabs(dx * ldy - dy * ldx) / (len * llen) : 1;
			named = d <= l->cap.r + 2 * l->px * fg->s && cross < 0.02;
		}
		for (size_t r = 0; r < fg->lg.n && !named; r++)
			named = fg->lg.rows[r].kind == LEG_LINE && strcmp(fg->lg.rows[r].text, l->text) == 0;
		if (!named || !strstr(l->text, l->roof->name)) {
			fprintf(stderr, "# %s: roof %s drawn, not named\n", name, l->roof->name);
			bad++;
		}
	}
	free(fg);
	return bad;
}

static int has_prefix(const char *path, const char *sig, size_t at_most)
{
	char buf[512] = { 0 };
	FILE *fp = fopen(path, "rb");
	if (!fp)
		return 0;
	size_t n = fread(buf, 1, sizeof buf - 1, fp);
	fclose(fp);
	return n > 0 && memmem(buf, n < at_most ? n : at_most, sig, strlen(sig)) != NULL;
}

/* ---- pixels ---------------------------------------------------------------------- */

struct image {
	cairo_surface_t *s;
	unsigned char *data;
	int w, h, stride;
};

static void load(struct image *im, const char *path)
{
	im->s = cairo_image_surface_create_from_png(path);
	assert_int_equal(cairo_surface_status(im->s), CAIRO_STATUS_SUCCESS);
	cairo_surface_flush(im->s);
	im->data = cairo_image_surface_get_data(im->s);
	im->w = cairo_image_surface_get_width(im->s);
	im->h = cairo_image_surface_get_height(im->s);
	im->stride = cairo_image_surface_get_stride(im->s);
}

static void rgb_at(const struct image *im, int x, int y, int *r, int *g, int *b)
{
	uint32_t px = *(const uint32_t *)(im->data + (size_t)y * im->stride + (size_t)x * 4);
	*r = px >> 16 & 0xff;
	*g = px >> 8 & 0xff;
	*b = px & 0xff;
}

/* Some pixel within `rad` of (x, y) is ink of a roof: dark (the all-core navy included), not a family's colour. */
static int dark_near(const struct image *im, double x, double y, int rad)
{
	for (int dy = -rad; dy <= rad; dy++)
		for (int dx = -rad; dx <= rad; dx++) {
			int px = (int)floor(x) + dx, py = (int)floor(y) + dy, r, g, b;
			if (px < 0 || py < 0 || px >= im->w || py >= im->h)
				continue;
			rgb_at(im, px, py, &r, &g, &b);
			if (r < 130 && g < 130 && b < 130)
				return 1;
		}
	return 0;
}

/* Every pixel within `rad` of (x, y) is light (background, shade or grid). */
static int light_around(const struct image *im, double x, double y, int rad)
{
	for (int dy = -rad; dy <= rad; dy++)
		for (int dx = -rad; dx <= rad; dx++) {
			int r, g, b;
			rgb_at(im, (int)floor(x) + dx, (int)floor(y) + dy, &r, &g, &b);
			if (r < 200 || g < 200 || b < 200)
				return 0;
		}
	return 1;
}

/* Is (x, y) clear of every drawn point and the ridge by `d` pixels? */
static int clear_of_points(const struct analysis *a, const struct plot_frame *f, double x, double y, double d)
{
	for (size_t i = 0; i < a->npoints; i++) {
		double px, py;
		if (!isfinite(a->points[i].ai) || !isfinite(a->points[i].gflops))
			continue;
		plot_to_pixel(f, a->points[i].ai, a->points[i].gflops, &px, &py);
		if (hypot(px - x, py - y) < d)
			return 0;
	}
	double rx, ry;
	plot_to_pixel(f, a->ridge, a->peak, &rx, &ry);
	return hypot(rx - x, ry - y) >= d;
}

/*
 * Walks a roof from ai0 to ai1 (GFLOP/s = bw * ai, or the flat value when
 * bw is 0) and checks the line is there at every probe away from points.
 */
static void probe_roof(const struct image *im, const struct analysis *a, const struct plot_frame *f,
		       double bw, double flat, double ai0, double ai1)
{
	int probed = 0;
	for (int i = 1; i < 16; i++) {
		double ai = ai0 * pow(ai1 / ai0, i / 16.0), x, y;
		plot_to_pixel(f, ai, bw > 0 ? bw * ai : flat, &x, &y);
		if (!clear_of_points(a, f, x, y, 28))
			continue;
		if (!dark_near(im, x, y, 2))
			fail_msg("no roof ink near ai %g, %g GFLOP/s (pixel %.1f, %.1f)", ai,
				 bw > 0 ? bw * ai : flat, x, y);
		probed++;
	}
	assert_true(probed >= 8);
}

static void test_scripted_png(void **state)
{
	(void)state;
	struct analysis *a = scripted();
	const char *path = render(a, "scripted", "png", PLOT_DEFAULT_WIDTH, PLOT_DEFAULT_HEIGHT);
	assert_true(has_prefix(path, "\x89PNG\r\n\x1a\n", 8));

	struct image im;
	load(&im, path);
	assert_true(im.w >= 1600 && im.h >= 1000);

	struct plot_frame f;
	plot_frame_for(a, im.w, im.h, &f);
	/* The ranges hold everything with a margin, and the plot area sits inside the image. */
	assert_true(f.xmin < 2.0 / 24 && f.xmax > 16 && f.xmax >= a->ridge * 4);
	assert_true(f.ymin < 2.3 && f.ymax > 110 * 1.5);
	assert_true(f.left > 0 && f.top > 0 && f.right < im.w && f.bottom < im.h);
	assert_true(f.right - f.left > 0.75 * im.w && f.bottom - f.top > 0.7 * im.h);

	/* On every roof, along its whole visible length. */
	probe_roof(&im, a, &f, 200, 0, f.xmin * 1.05, 110.0 / 200 * 0.95);   /* L1 */
	probe_roof(&im, a, &f, 100, 0, f.xmin * 1.05, 110.0 / 100 * 0.95);   /* L2 */
	probe_roof(&im, a, &f, 30, 0, f.xmin * 1.05, 110.0 / 30 * 0.95);     /* DRAM */
	probe_roof(&im, a, &f, 0, 110, 110.0 / 200 * 1.05, f.xmax * 0.95);   /* peak */
	/* Ceilings are dashed: probe with a radius of one dash gap. */
	for (int c = 0; c < 2; c++) {
		double v = c ? 3.5 : 14, ai0 = v / 30 * 1.1, ai1 = f.xmax * 0.95;
		int probed = 0;
		for (int i = 1; i < 16; i++) {
			double ai = ai0 * pow(ai1 / ai0, i / 16.0), x, y;
			plot_to_pixel(&f, ai, v, &x, &y);
			if (!clear_of_points(a, &f, x, y, 28))
				continue;
			assert_true(dark_near(&im, x, y, 6));
			probed++;
		}
		assert_true(probed >= 8);
	}
	/* The slopes stop at the peak: nothing dark where L1 would go on past it. */
	double x, y;
	plot_to_pixel(&f, 110.0 / 200 * 2.5, 200 * 110.0 / 200 * 2.5, &x, &y);
	assert_true(light_around(&im, x, y, 4));
	/* The ceilings start at the DRAM slope: nothing left of where it meets them. */
	plot_to_pixel(&f, 14.0 / 30 / 3, 14, &x, &y);
	assert_true(light_around(&im, x, y, 4));
	/* Off the lines: between the peak and the scalar ceiling right of the ridge... */
	plot_to_pixel(&f, a->ridge * 2.2, sqrt(110.0 * 14), &x, &y);
	assert_true(light_around(&im, x, y, 6));
	/* ...and between the L2 and DRAM slopes, left of the points. */
	plot_to_pixel(&f, 0.045, sqrt(100 * 30) * 0.045, &x, &y);
	assert_true(light_around(&im, x, y, 4));
	/* The roofs are where plot_to_pixel says, not a few pixels off: just beside DRAM is light. */
	plot_to_pixel(&f, 1.5, 30 * 1.5, &x, &y);
	assert_true(dark_near(&im, x, y, 1));
	assert_true(light_around(&im, x, y - 14, 2) || light_around(&im, x, y + 14, 2));

	cairo_surface_destroy(im.s);
	free(a);
}

static void test_svg_and_pdf(void **state)
{
	(void)state;
	struct analysis *a = scripted();
	const char *svg = render(a, "scripted", "svg", PLOT_DEFAULT_WIDTH, PLOT_DEFAULT_HEIGHT);
	assert_true(has_prefix(svg, "<?xml", 5));
	assert_true(has_prefix(svg, "<svg", 400));
	const char *pdf = render(a, "scripted", "pdf", PLOT_DEFAULT_WIDTH, PLOT_DEFAULT_HEIGHT);
	assert_true(has_prefix(pdf, "%PDF", 4));
	free(a);
}

static void test_crowded_and_sizes(void **state)
{
	(void)state;
	struct analysis *a = crowded();
	const char *path = render(a, "crowded", "png", PLOT_DEFAULT_WIDTH, PLOT_DEFAULT_HEIGHT);
	struct image im;
	load(&im, path);
	assert_int_equal(im.w, 1600);
	assert_int_equal(im.h, 1000);
	struct plot_frame f;
	plot_frame_for(a, im.w, im.h, &f);
	probe_roof(&im, a, &f, 21.7, 0, f.xmin * 1.05, a->ridge * 0.95);
	probe_roof(&im, a, &f, 78.5, 0, f.xmin * 1.05, 1090 / 78.5 * 0.95);
	cairo_surface_destroy(im.s);

	/* Other sizes scale; a larger one for print. */
	path = render(a, "crowded-large", "png", 2400, 1500);
	load(&im, path);
	assert_int_equal(im.w, 2400);
	cairo_surface_destroy(im.s);
	path = render(a, "crowded-small", "png", 800, 500);
	load(&im, path);
	assert_int_equal(im.h, 500);
	cairo_surface_destroy(im.s);
	free(a);
}

static void test_empty_and_errors(void **state)
{
	(void)state;
	struct analysis *a = calloc(1, sizeof *a);
	char err[256], path[300];
	a->peak = a->ridge = a->clock_ghz = NAN;
	/* Nothing to draw still makes a figure: empty axes. */
	render(a, "empty", "png", 1600, 1000);
	struct plot_frame f;
	plot_frame_for(a, 1600, 1000, &f);
	assert_true(f.xmin > 0 && f.xmax > f.xmin && f.ymin > 0 && f.ymax > f.ymin);

	/* Slopes with no compute roof run to the right edge; points without roofs still fit. */
	add_roof(a, "DRAM", ROOF_BANDWIDTH, 25);
	add_point(a, "triad", "triad", 0, 1, 2.0 / 24, 1.9);
	add_point(a, "far", "far", 0, 1, 400, 9000);
	render(a, "no-peak", "png", 1600, 1000);
	plot_frame_for(a, 1600, 1000, &f);
	assert_true(f.xmax > 400 && f.ymax > 9000 && f.xmin < 2.0 / 24 && f.ymin < 1.9);
	a->nroofs = a->npoints = 0;

	snprintf(path, sizeof path, "%s/bad.gif", tmpdir);
	assert_int_equal(plot_roofline(a, &meta, &(struct plot_file){ path, "gif", 1600, 1000 }, err, sizeof err), -1);
	assert_non_null(strstr(err, "gif"));
	assert_int_equal(plot_roofline(a, &meta, &(struct plot_file){ path, "png", 10, 10 }, err, sizeof err), -1);
	assert_int_equal(access(path, F_OK), -1);
	assert_int_equal(plot_roofline(a, &meta, &(struct plot_file){ "/nonexistent-dir/x.png", "png", 1600, 1000 }, err,
				       sizeof err), -1);
	assert_non_null(strstr(err, "/nonexistent-dir/x.png"));
	assert_null(strchr(err, '\n'));
	/* No temporary file is left behind. */
	snprintf(path, sizeof path, "ls '%s' | grep -q tmp", tmpdir);
	assert_int_not_equal(system(path), 0);
	free(a);
}

static void test_axis_transform(void **state)
{
	(void)state;
	struct analysis *a = scripted();
	struct plot_frame f;
	double x, y, x2, y2;
	plot_frame_for(a, 1600, 1000, &f);
	plot_to_pixel(&f, f.xmin, f.ymin, &x, &y);
	assert_true(fabs(x - f.left) < 1e-9 && fabs(y - f.bottom) < 1e-9);
	plot_to_pixel(&f, f.xmax, f.ymax, &x, &y);
	assert_true(fabs(x - f.right) < 1e-9 && fabs(y - f.top) < 1e-9);
	/* Log scale: each decade the same number of pixels. */
	plot_to_pixel(&f, 0.1, 1, &x, &y);
	plot_to_pixel(&f, 1, 10, &x2, &y2);
	double dx = x2 - x, dy = y - y2;
	plot_to_pixel(&f, 10, 100, &x, &y);
	assert_true(fabs((x - x2) - dx) < 1e-9 && fabs((y2 - y) - dy) < 1e-9);
	/* Ranges end on 1 or 3 times a power of ten. */
	double ends[4] = { f.xmin, f.xmax, f.ymin, f.ymax };
	for (int i = 0; i < 4; i++) {
		double m = ends[i] / pow(10, floor(log10(ends[i]) + 1e-9));
		assert_true(fabs(m - 1) < 1e-9 || fabs(m - 3) < 1e-9);
	}
	free(a);
}

/*
 * Every roof and ceiling is labelled, in a free spot, wherever points crowd
 * its right end; the points' labels give way. Sizes down to half scale.
 */
static void test_every_roof_labelled(void **state)
{
	(void)state;
	struct {
		struct analysis *(*make)(void);
		const char *name;
		size_t roofs;
	} scenes[] = {
		{ simd_ceilings, "simd-ceilings", 10 },
		{ scripted, "scripted", 6 },
		{ crowded, "crowded", 10 },
	};
	static const int sizes[][2] = { { 1600, 1000 }, { 2400, 1500 }, { 800, 500 } };
	for (size_t i = 0; i < sizeof scenes / sizeof scenes[0]; i++)
		for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
			struct analysis *a = scenes[i].make();
			char name[64];
			snprintf(name, sizeof name, "%s-%dx%d", scenes[i].name, sizes[z][0], sizes[z][1]);
			render(a, name, "png", sizes[z][0], sizes[z][1]);
			if (last.roofs != scenes[i].roofs || unnamed_roofs(a, name, sizes[z][0], sizes[z][1]) ||
			    last.roof_crowded != 0)
				fail_msg("%s: %zu roofs drawn (want %zu), %zu crowded, or some unnamed", name,
					 last.roofs, scenes[i].roofs, last.roof_crowded);
			/*
			 * Every drawable point (finite, positive intensity and rate) wants
			 * its label; at full size and larger there is room for all of them.
			 * At every size, what is placed overlaps nothing (layout_check.h).
			 */
			/*
			 * A kernel's curve (three members or more, at one thread count)
			 * wants one label, at its end, with its range; a point of its
			 * own, one.
			 */
			size_t drawable = 0;
			for (size_t j = 0; j < a->npoints; j++) {
				const struct point *p = &a->points[j];
				if (!(isfinite(p->ai) && isfinite(p->gflops) && p->ai > 0 && p->gflops > 0))
					continue;
				size_t members = 0, before = 0;
				for (size_t q = 0; q < a->npoints; q++)
					if (a->points[q].threads == p->threads && strcmp(a->points[q].kernel, p->kernel) == 0) {
						members++;
						before += q < j;
					}
				drawable += members < 3 || before == 0;
			}
			if (last.points != drawable || (sizes[z][0] >= 1600 && last.points_dropped != 0))
				fail_msg("%s: %zu point labels wanted (want %zu), %zu dropped", name,
					 last.points, drawable, last.points_dropped);
			size_t bad = layout_overlaps(a, name, sizes[z][0], sizes[z][1]);
			if (bad)
				fail_msg("%s: %zu overlaps", name, bad);
			free(a);
		}

	/* A ceiling with a family right on it from end to end is labelled all the same. */
	struct analysis *a = simd_ceilings();
	for (int i = 0; i < 12; i++)
		add_point(a, "on_sse2", "on_sse2", 1L << i, 1, 0.7 * pow(1.5, i), 28.95);
	render(a, "on-ceiling", "png", 1600, 1000);
	assert_int_equal(last.roofs, 10);
	assert_int_equal(unnamed_roofs(a, "on-ceiling", 1600, 1000), 0);
	assert_int_equal(last.roof_crowded, 0);

	/* Markers packed above and below it from end to end: over the fewest, but labelled. */
	for (int i = 0; i < 40; i++) {
		double ai = 0.7 * pow(1.1, i);
		add_point(a, "above_sse2", "above_sse2", i + 1, 1, ai, 28.95 * 1.12);
		add_point(a, "below_sse2", "below_sse2", i + 1, 1, ai, 28.95 / 1.12);
	}
	render(a, "walled-ceiling", "png", 1600, 1000);
	assert_int_equal(last.roofs, 10);
	assert_int_equal(unnamed_roofs(a, "walled-ceiling", 1600, 1000), 0);
	assert_true(last.roof_crowded >= 1);
	free(a);

	/* A ceiling that meets the DRAM slope a few pixels from the right edge: shorter than its label. */
	a = simd_ceilings();
	add_roof(a, "short", ROOF_CEILING, 43.25 * 29);
	capped(a);
	render(a, "short-ceiling", "png", 1600, 1000);
	assert_int_equal(last.roofs, 11);
	assert_int_equal(unnamed_roofs(a, "short-ceiling", 1600, 1000), 0);
	free(a);
}

/*
 * measure --levels: the measured run above with every kernel also at an L2-
 * and an L1-resident working set. Each level of a family is its own
 * polyline: nothing joins a kernel's DRAM point to its L2 point at the same
 * intensity; every roof keeps its label.
 */
static struct analysis *levels(void)
{
	struct analysis *a = simd_ceilings();
	size_t n = a->npoints;
	static const struct { const char *name; double ws, bw, k; } lv[] = {
		{ "L2", 131072, 208.9, 0.75 }, { "L1", 32768, 433.6, 0.8 },
	};
	for (size_t i = 0; i < n; i++) {
		a->points[i].working_set = 268435456;
		snprintf(a->points[i].level, sizeof a->points[i].level, "DRAM");
		a->points[i].level_id = MEM_DRAM;   /* as diagnosis_place types it */
	}
	for (size_t l = 0; l < 2; l++)
		for (size_t i = 0; i < n; i++) {
			struct point *p = &a->points[a->npoints++];
			*p = a->points[i];
			p->working_set = lv[l].ws;
			snprintf(p->level, sizeof p->level, "%s", lv[l].name);
			p->level_id = levels_parse(lv[l].name);
			p->gflops = fmin(a->peak, lv[l].bw * p->ai) * lv[l].k;
		}
	return a;
}

static void test_levels(void **state)
{
	(void)state;
	static const int sizes[][2] = { { 1600, 1000 }, { 2400, 1500 }, { 800, 500 } };
	for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
		struct analysis *a = levels();
		char name[64];
		snprintf(name, sizeof name, "levels-%dx%d", sizes[z][0], sizes[z][1]);
		const char *path = render(a, name, "png", sizes[z][0], sizes[z][1]);
		if (last.roofs != 10 || unnamed_roofs(a, name, sizes[z][0], sizes[z][1]) || last.roof_crowded != 0)
			fail_msg("%s: %zu roofs drawn, %zu crowded, or some unnamed", name, last.roofs,
				 last.roof_crowded);
		size_t bad = layout_overlaps(a, name, sizes[z][0], sizes[z][1]);
		if (bad)
			fail_msg("%s: %zu overlaps", name, bad);
		if (z == 0) {
			/* horner D = 1: DRAM 4.54, L2 19.6 GFLOP/s; between them, no line. */
			struct image im;
			struct plot_frame f;
			double x, y;
			load(&im, path);
			plot_frame_for(a, im.w, im.h, &f);
			plot_to_pixel(&f, 0.125, sqrt(4.54 * 19.6), &x, &y);
			assert_true(light_around(&im, x, y, 3));
			cairo_surface_destroy(im.s);
		}
		free(a);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_axis_transform),
		cmocka_unit_test(test_scripted_png),
		cmocka_unit_test(test_svg_and_pdf),
		cmocka_unit_test(test_crowded_and_sizes),
		cmocka_unit_test(test_empty_and_errors),
		cmocka_unit_test(test_every_roof_labelled),
		cmocka_unit_test(test_levels),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
