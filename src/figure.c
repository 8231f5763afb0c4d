/*
 * figure.c - see figure.h.
 *
 * The figure is laid out in one pass over a label scene (src/labels.h): the
 * lines (roofs, family polylines) and markers go in as occupied space, then
 * the roof labels are placed along their lines, the ridge label and the
 * legend next, and the point labels last, each one avoiding all that came
 * before. A second scene holds only the roofs and their labels: what a roof
 * label may never cover, even where markers leave it no free spot.
 */
#include "figure.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "registry.h"
#include "util.h"

#define HEX(v) { ((v) >> 16 & 0xff) / 255.0, ((v) >> 8 & 0xff) / 255.0, ((v) & 0xff) / 255.0 }

static const struct figure_rgb C_ROOF = HEX(0x1b1b1b);      /* DRAM slope, peak: the roofline */
static const struct figure_rgb C_CACHE = HEX(0x4f5359);     /* cache slopes and ceilings */
static const struct figure_rgb C_ALLCORE = HEX(0x1f4e79);   /* roofs measured on all cores (@Nt) */

/* Okabe & Ito's colour-blind-safe palette, yellow last (weak on white), black left to the roofs. */
static const struct figure_rgb PALETTE[] = {
	HEX(0x0072b2), HEX(0xd55e00), HEX(0x009e73), HEX(0xcc79a7),
	HEX(0xe69f00), HEX(0x56b4e9), HEX(0xf0e442),
};
#define NPALETTE (sizeof PALETTE / sizeof PALETTE[0])

/* Families that keep their look from run to run; others follow in order of appearance. */
static const char *const KNOWN_FAMILIES[] = { "triad", "dot", "horner", "horner_simd" };
#define NKNOWN (sizeof KNOWN_FAMILIES / sizeof KNOWN_FAMILIES[0])

/* The layout's state: the frame, the two label scenes and the text measure. */
struct fig {
	const struct analysis *a;
	struct plot_frame f;
	double s;
	struct labels scene;
	struct labels roofs;     /* what a roof label may never cover: the roofs and their labels */
	struct labels solid;     /* the scene but the kernels' polylines: what a roof label had rather not cover */
	const struct figure_measure *m;
	const struct analysis *base;   /* the roofs `a` scales from (figure_layout_vs), or NULL */
	int legend_cols_outside;   /* > 0: the legend goes right of the plot, in so many columns */
	double font_size;        /* set_font's choice, for measure() */
	int font_bold;
};

static void set_font(struct fig *g, double px, int bold)
{
	g->font_size = px * g->s;
	g->font_bold = bold;
}

static void text_extents(struct fig *g, const char *text, struct figure_text *te)
{
	g->m->extents(g->m->ctx, text, g->font_size, g->font_bold, te);
}

/* Between the plot and a legend beside it (at scale 1). */
#define LEGEND_GAP 24.0

/* The ink box of text drawn at baseline origin (0,0), grown by the halo. */
struct ink {
	double x0, y0, w, h;     /* relative to the baseline origin */
};

/* ---- frame ------------------------------------------------------------------- */

/* A roof the figure draws: pattern roofs are listed in the report, never drawn. */
static int roof_ok(const struct roof *r)
{
	return r->kind != ROOF_PATTERN && isfinite(r->value) && r->value > 0;
}

/* ---- one thread count --------------------------------------------------------- */

/* Inserts v into the ascending set c[0..n) of at most max, returns the new n. */
static size_t add_count(int *c, size_t n, size_t max, int v)
{
	size_t i = 0;
	while (i < n && c[i] < v)
		i++;
	if ((i < n && c[i] == v) || n >= max || v <= 0)
		return n;
	memmove(c + i + 1, c + i, (n - i) * sizeof *c);
	c[i] = v;
	return n + 1;
}

size_t figure_thread_counts(const struct analysis *a, int *counts, size_t max)
{
	size_t n = 0;
	for (size_t i = 0; i < a->nroofs; i++)
		if (a->roofs[i].kind == ROOF_BANDWIDTH || a->roofs[i].kind == ROOF_COMPUTE)
			n = add_count(counts, n, max, a->roofs[i].threads);
	for (size_t i = 0; i < a->npoints; i++)
		n = add_count(counts, n, max, a->points[i].threads);
	return n;
}

/* "DRAM@2t" -> "DRAM": in a figure of one thread count the count is the title's. */
static void strip_count(char *name)
{
	name[strcspn(name, "@")] = 0;
}

void figure_select_threads(const struct analysis *a, int threads, struct analysis *out)
{
	*out = *a;
	out->nroofs = out->npoints = out->npeaks = 0;
	for (size_t i = 0; i < a->nroofs; i++)
		if (a->roofs[i].threads == threads) {
			struct roof *r = &out->roofs[out->nroofs++];
			*r = a->roofs[i];
			strip_count(r->name);
		}
	for (size_t i = 0; i < a->npoints; i++)
		if (a->points[i].threads == threads) {
			struct point *p = &out->points[out->npoints++];
			*p = a->points[i];
			strip_count(p->roof);
			strip_count(p->mem_roof);
			strip_count(p->ceiling);
		}
	for (size_t i = 0; i < a->npeaks; i++)
		if (a->peaks[i].threads == threads)
			out->peaks[out->npeaks++] = a->peaks[i];
	const struct roof *pk = analysis_peak_of(out, threads), *dram = analysis_dram_of(out, threads);
	out->peak = pk && roof_ok(pk) ? pk->value : NAN;
	out->ridge = dram && isfinite(out->peak) ? out->peak / dram->value : NAN;
}

struct figure_rgb figure_palette(size_t slot)
{
	return PALETTE[slot % NPALETTE];
}

struct figure_rgb figure_kernel_colour(const struct figure_kernels *k, const char *kernel)
{
	for (size_t f = 0; f < k->nfam; f++)
		if (strcmp(k->fam[f].kernel, kernel) == 0)
			return k->fam[f].col;
	return PALETTE[0];
}

size_t figure_select_rows(const struct analysis *a, int threads, size_t *rows)
{
	size_t n = 0;
	for (size_t i = 0; i < a->npoints; i++)
		if (a->points[i].threads == threads)
			rows[n++] = i;
	return n;
}

size_t figure_select_users(const struct userpoints *up, int threads, struct userpoints *out)
{
	out->path = up->path;
	out->v = xmalloc((up->n ? up->n : 1) * sizeof *out->v);
	out->n = 0;
	for (size_t i = 0; i < up->n; i++)
		if (up->v[i].threads == threads)
			out->v[out->n++] = up->v[i];
	return out->n;
}

/*
 * A roof the figure draws: the slopes and the peak, and of the ceilings
 * those that cap a drawn point (its roof). A ceiling no point meets says
 * nothing about the points and was one more line through them; the report
 * lists them all.
 */
static int roof_drawn(const struct analysis *a, const struct roof *r)
{
	if (!roof_ok(r))
		return 0;
	if (r->kind != ROOF_CEILING)
		return 1;
	struct roof_key rk = model_key_of(r), pk;
	for (size_t i = 0; i < a->npoints; i++) {
		/* The point's roof by key (its name says "@Nt" or not, as the selection left it). */
		if (a->points[i].threads != r->threads || roofkey_parse(a->points[i].roof, ROOF_CEILING, &pk) != 0)
			continue;
		pk = roofkey_at(pk, rk.threads);
		if (roofkey_equal(&pk, &rk))
			return 1;
	}
	return 0;
}

/*
 * A roof the frame holds: every roof of one thread, and of more threads the
 * slopes, the peak and the ceilings that cap one of their points. Wider
 * than what the roofline figure draws (roof_drawn): the compare figure
 * frames the whole run with plot_frame_for and draws its ceilings.
 */
static int roof_framed(const struct analysis *a, const struct roof *r)
{
	return roof_drawn(a, r) || (roof_ok(r) && r->kind == ROOF_CEILING && r->threads <= 1);
}

/*
 * The figure's own thread count: the smallest its roofs have (a selection,
 * figure_select_threads, has one). A roof of another count is drawn apart
 * (C_ALLCORE) where a caller lays out a whole run of several.
 */
static int base_threads(const struct analysis *a)
{
	int t = 0;
	for (size_t i = 0; i < a->nroofs; i++)
		if (a->roofs[i].threads > 0 && (t == 0 || a->roofs[i].threads < t))
			t = a->roofs[i].threads;
	return t ? t : 1;
}

/* The compute roof a slope of `threads` meets: same thread count, else one thread's, else a->peak. */
static double peak_for(const struct analysis *a, int threads)
{
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < a->nroofs; i++) {
			const struct roof *r = &a->roofs[i];
			if (r->kind == ROOF_COMPUTE && roof_ok(r) &&
			    (pass ? model_key_of(r).threads <= 1 : model_key_of(r).threads == threads))
				return r->value;
		}
	return isfinite(a->peak) && a->peak > 0 ? a->peak : NAN;
}

/* The DRAM roof of `threads` threads (analysis_dram_of's one rule), else the run's. */
static const struct roof *dram_for(const struct analysis *a, int threads)
{
	const struct roof *r = analysis_dram_of(a, threads);
	return r ? r : analysis_dram(a);
}

/* The same roof, thread counts aside (L2 at 1 and at 8 threads): by key. */
static int roof_same_at_any_count(const struct roof *x, const struct roof *y)
{
	struct roof_key kx = roofkey_at(model_key_of(x), 1), ky = roofkey_at(model_key_of(y), 1);
	return roofkey_equal(&kx, &ky);
}

static int point_ok(const struct point *p)
{
	return isfinite(p->ai) && isfinite(p->gflops) && p->ai > 0 && p->gflops > 0;
}

/* The largest 1 or 3 times a power of ten at or below v. */
static double floor13(double v)
{
	double k = floor(log10(v) + 1e-9), d = pow(10, k);
	return v >= 3 * d * (1 - 1e-9) ? 3 * d : d;
}

/* The smallest 1 or 3 times a power of ten at or above v. */
static double ceil13(double v)
{
	double k = floor(log10(v) - 1e-9), d = pow(10, k);
	if (v <= d * (1 + 1e-9))
		return d;
	return v <= 3 * d * (1 + 1e-9) ? 3 * d : 10 * d;
}

/* One step out on the 1-3-10 ladder. */
static double down13(double v)
{
	return floor13(v * (1 - 1e-6) / 2.5);
}

static double up13(double v)
{
	return ceil13(v * (1 + 1e-6) * 2.5);
}

/*
 * An axis from the data's [lo, hi] (either may be missing: then three
 * decades from the other, or [dlo, dhi] with neither), out to the 1-3-10
 * ladder and at least two decades wide.
 */
static void axis_range(double lo, double hi, double dlo, double dhi, double *min, double *max)
{
	if (!isfinite(lo) && isfinite(hi))
		lo = hi / 1000;
	if (!isfinite(hi) && isfinite(lo))
		hi = lo * 1000;
	if (!isfinite(lo) || !isfinite(hi)) {
		lo = dlo;
		hi = dhi;
	}
	*min = floor13(lo);
	*max = ceil13(hi);
	while (*max / *min < 99.9) {
		*min = down13(*min);
		if (*max / *min < 99.9)
			*max = up13(*max);
	}
}

/* A decade's label in plain digits: 0.001, 0.1, 1, 10, 10000. */
void figure_decade_text(int k, char *buf, size_t n)
{
	if (k >= 0)
		snprintf(buf, n, "%.0f", pow(10, k));
	else
		snprintf(buf, n, "%.*f", -k, pow(10, k));
}

static void data_ranges(const struct analysis *a, int tight, double *xmin, double *xmax, double *ymin, double *ymax)
{
	double pxlo = INFINITY, pxhi = -INFINITY, pylo = INFINITY, pyhi = -INFINITY;
	double clo = INFINITY, chi = -INFINITY, top = -INFINITY, bwlo = INFINITY, bwhi = -INFINITY;
	double cxlo = INFINITY, cylo = INFINITY;

	for (size_t i = 0; i < a->npoints; i++) {
		const struct point *p = &a->points[i];
		if (!point_ok(p))
			continue;
		pxlo = fmin(pxlo, p->ai);
		pxhi = fmax(pxhi, p->ai);
		pylo = fmin(pylo, p->gflops);
		pyhi = fmax(pyhi, p->gflops);
	}
	for (size_t i = 0; i < a->nroofs; i++) {
		const struct roof *r = &a->roofs[i];
		if (!(tight ? roof_drawn(a, r) : roof_framed(a, r)))
			continue;
		int suf = model_key_of(r).threads;
		if (r->kind == ROOF_BANDWIDTH) {
			double p = peak_for(a, suf);
			bwlo = fmin(bwlo, r->value);
			bwhi = fmax(bwhi, r->value);
			if (isfinite(p)) {
				clo = fmin(clo, p / r->value);
				chi = fmax(chi, p / r->value);
			}
		} else {
			top = fmax(top, r->value);
			if (r->kind == ROOF_CEILING) {
				const struct roof *d = dram_for(a, suf);
				cylo = fmin(cylo, r->value);
				if (d)
					cxlo = fmin(cxlo, r->value / d->value);
			}
		}
	}
	if (isfinite(a->peak) && a->peak > 0)
		top = fmax(top, a->peak);
	if (isfinite(a->ridge) && a->ridge > 0) {
		clo = fmin(clo, a->ridge);
		chi = fmax(chi, a->ridge);
	}

	/* x: every point, room left of the first corner for the slopes' labels, right of the last for the peak's. */
	double lo = fmin(fmin(pxlo / 1.6, clo / 12), cxlo / 3);
	double hi = fmax(pxhi * 1.6, chi * 5);
	axis_range(lo, hi, 0.01, 100, xmin, xmax);

	/* y: every point and ceiling, the slopes where they enter, room above the top roof for its label. */
	if (!isfinite(top) && isfinite(bwhi))
		top = bwhi * *xmax;
	lo = fmin(fmin(pylo / 1.6, cylo / 1.6), bwlo * *xmin);
	hi = fmax(pyhi * 1.6, top * 1.7);
	axis_range(lo, hi, 0.1, 1000, ymin, ymax);
}

/* The frame of plot_frame_for (tight 0) or of the roofline figure (tight 1: only what it draws). */
static void frame_for(const struct analysis *a, int width, int height, int tight, struct plot_frame *f)
{
	double s = fmin(width / 1600.0, height / 1000.0);
	memset(f, 0, sizeof *f);
	f->width = width;
	f->height = height;
	f->scale = s;
	data_ranges(a, tight, &f->xmin, &f->xmax, &f->ymin, &f->ymax);

	/* The widest y tick label decides the left margin (DejaVu Sans digits are 0.636 em). */
	size_t chars = 1;
	char buf[32];
	for (int k = (int)ceil(log10(f->ymin) - 1e-9); k <= (int)floor(log10(f->ymax) + 1e-9); k++) {
		figure_decade_text(k, buf, sizeof buf);
		if (strlen(buf) > chars)
			chars = strlen(buf);
	}
	f->left = round(s * (22 + FIGURE_PX_AXIS_TITLE * 1.25 + 16 + 14) + chars * 0.64 * FIGURE_PX_TICK * s);
	f->right = width - round(48 * s);
	f->top = round(128 * s);
	f->bottom = height - round(106 * s);
}

void plot_frame_for(const struct analysis *a, int width, int height, struct plot_frame *f)
{
	frame_for(a, width, height, 0, f);
}

void plot_to_pixel(const struct plot_frame *f, double ai, double gflops, double *x, double *y)
{
	double lx = log10(f->xmin), hx = log10(f->xmax);
	double ly = log10(f->ymin), hy = log10(f->ymax);
	*x = f->left + (log10(ai) - lx) / (hx - lx) * (f->right - f->left);
	*y = f->bottom - (log10(gflops) - ly) / (hy - ly) * (f->bottom - f->top);
}

static struct ink measure(struct fig *g, const char *text)
{
	struct figure_text te;
	text_extents(g, text, &te);
	double m = FIGURE_HALO * g->s;
	struct ink k = { te.x_bearing - m, te.y_bearing - m, te.width + 2 * m, te.height + 2 * m };
	return k;
}

/* Clips the segment to the box (Liang-Barsky). Returns 0 when nothing is left. */
static int clip_segment(struct labels_box b, double *x0, double *y0, double *x1, double *y1)
{
	double t0 = 0, t1 = 1, dx = *x1 - *x0, dy = *y1 - *y0;
	double p[4] = { -dx, dx, -dy, dy };
	double q[4] = { *x0 - b.x0, b.x1 - *x0, *y0 - b.y0, b.y1 - *y0 };
	for (int i = 0; i < 4; i++) {
		if (p[i] == 0) {
			if (q[i] < 0)
				return 0;
			continue;
		}
		double t = q[i] / p[i];
		if (p[i] < 0)
			t0 = fmax(t0, t);
		else
			t1 = fmin(t1, t);
	}
	if (t0 > t1)
		return 0;
	double ax = *x0 + t0 * dx, ay = *y0 + t0 * dy;
	*x1 = *x0 + t1 * dx;
	*y1 = *y0 + t1 * dy;
	*x0 = ax;
	*y0 = ay;
	return 1;
}

static void format_value(double v, char *buf, size_t n)
{
	if (v >= 1000)
		snprintf(buf, n, "%.0f", v);
	else if (v >= 1)
		snprintf(buf, n, "%.1f", v);
	else
		snprintf(buf, n, "%.2g", v);
}
/* ---- the lines ------------------------------------------------------------------ */


static struct labels_box plot_box(const struct fig *g)
{
	struct labels_box b = { g->f.left, g->f.top, g->f.right, g->f.bottom };
	return b;
}

/* The roofs as pixel segments, in the order their labels are placed: DRAM, peak, other slopes, ceilings. */
static size_t build_lines(struct fig *g, struct figure_line *out)
{
	const struct analysis *a = g->a;
	const struct plot_frame *f = &g->f;
	size_t n = 0;
	int order[ANALYSIS_MAX_ROOFS];
	size_t norder = 0;
	int base = base_threads(a);

	for (int pass = 0; pass < 4; pass++)
		for (size_t i = 0; i < a->nroofs && i < ANALYSIS_MAX_ROOFS; i++) {
			const struct roof *r = &a->roofs[i];
			if (!roof_drawn(a, r))
				continue;
			int allcore = model_key_of(r).threads != base;
			int is_dram = r->kind == ROOF_BANDWIDTH && dram_for(a, model_key_of(r).threads) == r;
			int want = pass == 0 ? is_dram && !allcore
				 : pass == 1 ? r->kind == ROOF_COMPUTE
				 : pass == 2 ? r->kind == ROOF_BANDWIDTH && !(is_dram && !allcore)
				 : r->kind == ROOF_CEILING;
			if (want)
				order[norder++] = (int)i;
		}

	for (size_t k = 0; k < norder; k++) {
		const struct roof *r = &a->roofs[order[k]];
		int suf = model_key_of(r).threads, allcore = suf != base;
		struct figure_line *l = &out[n];
		char v[32];
		memset(l, 0, sizeof *l);
		l->roof = r;
		format_value(r->value, v, sizeof v);
		double ax0, ay0, ax1, ay1;
		if (r->kind == ROOF_BANDWIDTH) {
			double p = peak_for(a, suf);
			double end = isfinite(p) ? fmin(p / r->value, f->xmax) : f->xmax;
			ax0 = f->xmin;
			ay0 = r->value * f->xmin;
			ax1 = end;
			ay1 = r->value * end;
			int main_dram = dram_for(a, suf) == r;
			l->width = main_dram ? 3.4 : 2.2;
			l->col = allcore ? C_ALLCORE : main_dram ? C_ROOF : C_CACHE;
			snprintf(l->text, sizeof l->text, "%s %s GB/s", r->name, v);
		} else {
			/* Compute roof: from where the steepest slope meets it. Ceiling: from the DRAM slope. */
			double start = f->xmin;
			if (r->kind == ROOF_COMPUTE) {
				double best = INFINITY;
				for (size_t i = 0; i < a->nroofs; i++) {
					const struct roof *b = &a->roofs[i];
					if (b->kind == ROOF_BANDWIDTH && roof_ok(b) &&
					    model_key_of(b).threads == suf)
						best = fmin(best, r->value / b->value);
				}
				if (isfinite(best))
					start = fmax(best, f->xmin);
				l->width = 3.4;
				l->col = allcore ? C_ALLCORE : C_ROOF;
				snprintf(l->text, sizeof l->text, "%s %s GFLOP/s", r->name, v);
			} else {
				const struct roof *d = dram_for(a, suf);
				if (d)
					start = fmax(r->value / d->value, f->xmin);
				l->width = 2.2;
				l->dashed = 1;
				l->col = allcore ? C_ALLCORE : C_CACHE;
				snprintf(l->text, sizeof l->text, "%s %s GFLOP/s", r->name, v);
			}
			ax0 = start;
			ay0 = r->value;
			ax1 = f->xmax;
			ay1 = r->value;
		}
		plot_to_pixel(f, ax0, ay0, &l->x0, &l->y0);
		plot_to_pixel(f, ax1, ay1, &l->x1, &l->y1);
		l->visible = ax1 > ax0 && clip_segment(plot_box(g), &l->x0, &l->y0, &l->x1, &l->y1) &&
			     hypot(l->x1 - l->x0, l->y1 - l->y0) > 1;
		n++;
	}
	return n;
}

/*
 * A label written along line l: its baseline runs parallel to the line,
 * `side` above (+1) or below (-1) it, `off` pixels further out than the
 * least clearance, starting `at` pixels from the line's left end. Fills the
 * capsule the text covers and the baseline origin.
 */
static void along(struct fig *g, const struct figure_line *l, const struct ink *k, double at, int side, double off,
		  struct labels_seg *cap, double *ox, double *oy)
{
	double len = hypot(l->x1 - l->x0, l->y1 - l->y0);
	double ux = (l->x1 - l->x0) / len, uy = (l->y1 - l->y0) / len;
	double nx = uy, ny = -ux;                /* the normal pointing up (y grows downwards) */
	double clear = 0.5 * l->width * g->s + 2.5 * g->s + off;   /* more than the scene's pad */
	double px = l->x0 + at * ux, py = l->y0 + at * uy;
	/* k->y0 < 0 is the ink's top above the baseline, k->y0 + k->h its bottom. */
	double base = side > 0 ? clear + (k->y0 + k->h) : -(clear - k->y0);
	*ox = px + base * nx - k->x0 * ux;
	*oy = py + base * ny - k->x0 * uy;
	double mid = base - (k->y0 + 0.5 * k->h);   /* from the line to the ink's middle, along n */
	double cx = px + mid * nx, cy = py + mid * ny;
	/* The capsule over the whole length covers the box, corners included. */
	cap->x0 = cx;
	cap->y0 = cy;
	cap->x1 = cx + k->w * ux;
	cap->y1 = cy + k->w * uy;
	cap->r = 0.5 * k->h;
	cap->crossable = 0;
}

/* The label sizes tried, largest first. */
/* Smaller sizes for a crowded line, none under FIGURE_PX_MIN_TEXT: 9 px when shown at half size. */
static const double LINE_LABEL_PX[] = { FIGURE_PX_ROOF_LABEL, 0.5 * (FIGURE_PX_ROOF_LABEL + FIGURE_PX_MIN_TEXT),
					FIGURE_PX_MIN_TEXT };
#define NLINE_LABEL_PX (sizeof LINE_LABEL_PX / sizeof LINE_LABEL_PX[0])

/*
 * The spots tried for l's label, measured k, in order of preference; spot i
 * is (at[i], side[i], off[i]): `at` pixels from the line's left end, above
 * (+1) or below (-1) it, `off` pixels further out than right beside it.
 * Roofs keep to one side as long as they can: above, from the end readers
 * look at (slopes: the left end, where they enter; the compute roof: the
 * right end) along the whole line, then below. A ceiling tries its ends
 * first, each above and below: the right end (within a label height of it),
 * then the left end, just right of where it meets the DRAM slope, then the
 * positions in between, from the right. All of that right beside the line
 * first, then stepped away from it by up to `reach` label heights (markers
 * sitting on the line), before the caller goes to a smaller size. Returns
 * how many spots there are: 0 when the label is longer than the line, unless
 * `overhang` is set, which lets it run on past either end.
 */
#define MAX_SPOTS 16384
static size_t line_spots(struct fig *g, const struct figure_line *l, const struct ink *k, int overhang,
			 double reach, double *at, int *side, double *off)
{
	double len = hypot(l->x1 - l->x0, l->y1 - l->y0);
	int flat = fabs(l->y1 - l->y0) < 1e-9, ceiling = l->roof->kind == ROOF_CEILING;
	double margin = 14 * g->s, step = 3 * g->s, ostep = 2 * g->s;
	if (k->w + 2 * margin > len)
		margin = fmax(0, (len - k->w) / 2);
	double span = len - k->w - 2 * margin;
	if (span < 0 && !overhang)
		return 0;
	if (span < 0) {
		/* From ending short of the line's right end (14 px and the capsule's end) to starting 14 px into it. */
		margin = len - k->w - 14 * g->s - 0.5 * k->h;
		span = 14 * g->s - margin;
	}
	int nsteps = (int)(span / step), noff = (int)(reach * k->h / ostep);
	int nend = (int)fmin(nsteps, k->h / step);   /* steps within a label height of an end */
	size_t n = 0;
#define SPOT(d, sd, o) do { if (n < MAX_SPOTS) { at[n] = flat ? margin + span - (d) : margin + (d); \
	side[n] = (sd); off[n] = (o) * ostep; n++; } } while (0)
	for (int o = 0; o <= noff; o++) {
		if (!ceiling) {
			for (int sd = 1; sd >= -1; sd -= 2)
				for (int i = 0; i <= nsteps; i++)
					SPOT(i * step, sd, o);
			continue;
		}
		/* The first end, the other end, then what lies between them. */
		for (int i = 0; i <= nend; i++)
			for (int sd = 1; sd >= -1; sd -= 2)
				SPOT(i * step, sd, o);
		for (int i = 0; i <= nend; i++)
			for (int sd = 1; sd >= -1; sd -= 2)
				SPOT(span - i * step, sd, o);
		for (int i = nend + 1; i * step < span - nend * step; i++)
			for (int sd = 1; sd >= -1; sd -= 2)
				SPOT(i * step, sd, o);
	}
#undef SPOT
	return n;
}

/* Takes spot (at, side, off) at size px for l's label: marks it occupied in both scenes. */
static void take_spot(struct fig *g, struct figure_line *l, double px, double at, int side, double off, int crowded)
{
	struct labels_seg cap;
	double ox, oy;
	set_font(g, px, 0);
	struct ink k = measure(g, l->text);
	along(g, l, &k, at, side, off, &cap, &ox, &oy);
	labels_add_seg(&g->scene, cap);
	labels_add_seg(&g->roofs, cap);
	labels_add_seg(&g->solid, cap);
	l->cap = cap;
	l->labelled = 1;
	l->crowded = crowded;
	l->ox = ox;
	l->oy = oy;
	l->px = px;
	l->angle = atan2(l->y1 - l->y0, l->x1 - l->x0);
}

/*
 * The first of l's spots (line_spots with overhang and reach) free in scene
 * sc, at the largest size that has one, taken (crowded or not); 0 when none
 * is free. at, side and off are room for MAX_SPOTS spots.
 */
static int take_first_free(struct fig *g, struct figure_line *l, const struct labels *sc, int overhang, double reach,
			   int crowded, double *at, int *side, double *off)
{
	for (size_t z = 0; z < NLINE_LABEL_PX; z++) {
		set_font(g, LINE_LABEL_PX[z], 0);
		struct ink k = measure(g, l->text);
		size_t n = line_spots(g, l, &k, overhang, reach, at, side, off);
		for (size_t i = 0; i < n; i++) {
			struct labels_seg cap;
			double ox, oy;
			along(g, l, &k, at[i], side[i], off[i], &cap, &ox, &oy);
			if (labels_seg_free(sc, cap)) {
				take_spot(g, l, LINE_LABEL_PX[z], at[i], side[i], off[i], crowded);
				return 1;
			}
		}
	}
	return 0;
}

/*
 * Places a roof's label along its line: the first free spot (line_spots) at
 * the largest size that has one. The roof labels are placed before the
 * ridge, the legend and the points' labels, which then avoid them. Where
 * nothing is free, the first spot that crosses only the kernels' lines
 * (the label's halo keeps it legible over them), stepped away from the line
 * by up to two label heights where three ceilings a few pixels apart leave
 * no room right beside it, then running past the ends of a line shorter
 * than the label. A marker hidden under a label would hide a measurement:
 * where even that finds no spot, the label stays out of the plot and the
 * legend names the roof beside a sample of its line (l->listed).
 */
static void place_line_label(struct fig *g, struct figure_line *l)
{
	double *at = xmalloc(MAX_SPOTS * sizeof *at), *off = xmalloc(MAX_SPOTS * sizeof *off);
	int *side = xmalloc(MAX_SPOTS * sizeof *side);
	if (l->visible &&
	    !take_first_free(g, l, &g->scene, 0, 0.5, 0, at, side, off) &&
	    !take_first_free(g, l, &g->solid, 0, 0.5, 1, at, side, off) &&
	    !take_first_free(g, l, &g->solid, 0, 2.0, 1, at, side, off) &&
	    !take_first_free(g, l, &g->solid, 1, 2.0, 1, at, side, off))
		l->listed = 1;
	free(at);
	free(off);
	free(side);
}

/* ---- points and families -------------------------------------------------------- */




#define JOIN_MIN 3                       /* members from which a group is drawn as a polyline */

/* Drawn as a polyline: enough members, or a trajectory (two sizes are already a move). */
int figure_joined(const struct figure_group *gr)
{
	return gr->n >= JOIN_MIN || (gr->trajectory && gr->n >= 2);
}

static const char *family_of(const struct point *p)
{
	return p->family[0] ? p->family : p->kernel;
}

/* p's kernel when it is one stage of its family's change (kernel.h: stage), else NULL. */
static const struct kernel *stage_of(const struct point *p)
{
	const struct kernel *k = registry_find(p->kernel);
	return k && k->stage_by != KSTAGE_NONE && k->stage > 0 ? k : NULL;
}

/* Where point i goes along its polyline: its stage for a family's stages, else its parameter. */
static long order_key(const struct analysis *a, size_t i)
{
	const struct kernel *st = stage_of(&a->points[i]);
	return st ? st->stage : a->points[i].param;
}

/*
 * Families keep their look from run to run (the known ones have fixed
 * slots, others take the next ones in order of appearance); points are
 * grouped by kernel and thread count and sorted by parameter.
 */
void figure_families(const struct analysis *a, struct figure_kernels *k)
{
	size_t next = NKNOWN, npts = a->npoints < ANALYSIS_MAX_POINTS ? a->npoints : ANALYSIS_MAX_POINTS;
	memset(k, 0, sizeof *k);
	k->min_threads = 0;
	for (size_t i = 0; i < npts; i++) {
		const struct point *p = &a->points[i];
		if (point_ok(p) && (k->min_threads == 0 || p->threads < k->min_threads))
			k->min_threads = p->threads;
	}
	for (size_t i = 0; i < npts; i++) {
		const struct point *p = &a->points[i];
		k->grp_of[i] = -1;
		if (!point_ok(p))
			continue;
		size_t f, g;
		const struct kernel *st = stage_of(p);
		/* A family's stages are one family entry: one colour, one marker, one legend row. */
		for (f = 0; f < k->nfam; f++)
			if (st ? k->fam[f].staged && strcmp(k->fam[f].family, family_of(p)) == 0
			       : strcmp(k->fam[f].kernel, p->kernel) == 0)
				break;
		if (f == k->nfam) {
			size_t slot = (size_t)-1, variant = 0;
			for (size_t j = 0; j < k->nfam; j++)
				if (strcmp(k->fam[j].family, family_of(p)) == 0) {
					slot = k->fam[j].slot;
					variant++;
				}
			for (size_t j = 0; j < NKNOWN && slot == (size_t)-1; j++)
				if (strcmp(family_of(p), KNOWN_FAMILIES[j]) == 0)
					slot = j;
			if (slot == (size_t)-1)
				slot = next++;
			snprintf(k->fam[f].family, sizeof k->fam[f].family, "%.23s", family_of(p));
			k->fam[f].kernel = p->kernel;
			k->fam[f].slot = slot;
			k->fam[f].col = PALETTE[slot % NPALETTE];
			k->fam[f].shape = (enum figure_shape)((slot + 3 * variant) % NSHAPES);
			k->fam[f].staged = st != NULL;
			k->nfam++;
		}
		for (g = 0; g < k->ngrp; g++)
			if (k->grp[g].fam == f && k->grp[g].threads == p->threads &&
			    (st || (strcmp(k->grp[g].kernel, p->kernel) == 0 &&
				    (p->trajectory || k->grp[g].working_set == p->working_set))))
				break;
		if (g == k->ngrp) {
			k->grp[g].fam = f;
			k->grp[g].kernel = p->kernel;
			k->grp[g].threads = p->threads;
			k->grp[g].working_set = p->working_set;
			k->grp[g].style = LV_BASE;
			k->grp[g].trajectory = p->trajectory || st;
			/* A trajectory's sizes (a family's stages) are its members, not other levels of it. */
			for (size_t j = 0; j < npts && !k->grp[g].trajectory; j++) {
				const struct point *q = &a->points[j];
				if (point_ok(q) && q->threads == p->threads && strcmp(q->kernel, p->kernel) == 0 &&
				    q->working_set > p->working_set)
					k->grp[g].style = levels_parse(p->level) == MEM_L1 ? LV_L1 : LV_OTHER;
			}
			if (p->level[0])
				snprintf(k->grp[g].level, sizeof k->grp[g].level, "%s", p->level);
			else
				format_bytes(p->working_set, k->grp[g].level, sizeof k->grp[g].level);
			if (k->grp[g].style != LV_BASE) {
				k->styles_used[k->grp[g].style]++;
				memcpy(k->style_level[k->grp[g].style], k->grp[g].level, sizeof k->style_level[0]);
			}
			k->grp[g].hollow = p->threads != k->min_threads;
			if (k->grp[g].hollow)
				k->other_threads = p->threads;
			k->ngrp++;
		}
		k->grp[g].n++;
		k->grp_of[i] = (int)g;
	}
	size_t at = 0;
	for (size_t g = 0; g < k->ngrp; g++) {
		k->grp[g].start = at;
		for (size_t i = 0; i < npts; i++)
			if (k->grp_of[i] == (int)g) {
				/* insertion by parameter: stable, n is small */
				size_t j = at++;
				while (j > k->grp[g].start && order_key(a, k->byparam[j - 1]) > order_key(a, i)) {
					k->byparam[j] = k->byparam[j - 1];
					j--;
				}
				k->byparam[j] = i;
			}
		if (figure_joined(&k->grp[g]))
			k->fam[k->grp[g].fam].joined = 1;
	}
	for (size_t f = 0; f < k->nfam; f++) {
		int kernels = 0;
		for (size_t j = 0; j < k->nfam; j++)
			kernels += strcmp(k->fam[j].family, k->fam[f].family) == 0;
		snprintf(k->fam[f].name, sizeof k->fam[f].name, "%.47s", kernels > 1 ? k->fam[f].kernel : k->fam[f].family);
	}
}

/*
 * A point's label. A polyline (a family with a parameter, or a trajectory)
 * is named once, at its end, with its range ("horner D=1…128"): eight
 * numbers along one curve were most of a crowded figure's labels, and the
 * legend and the range say what the members are. Other points say their
 * name, with the parameter when they have one. Open markers add the thread
 * count; another level adds its level.
 */
static void point_text(const struct analysis *a, const struct figure_kernels *k, size_t i, char *buf, size_t n)
{
	const struct point *p = &a->points[i];
	const struct figure_group *gr = &k->grp[k->grp_of[i]];
	char letter[3] = "";
	int len;
	if (p->param_letter)
		snprintf(letter, sizeof letter, "%c=", p->param_letter);
	const struct kernel *st = stage_of(p), *last = stage_of(&a->points[k->byparam[gr->start + gr->n - 1]]);
	if (figure_joined(gr) && st && last) {
		/* A family's stages: "stencil untiled→tiled". */
		len = snprintf(buf, n, "%s %s\u2192%s", family_of(p), stage_of(&a->points[k->byparam[gr->start]])->stage_name,
			       last->stage_name);
	} else if (figure_joined(gr)) {
		long lo = a->points[k->byparam[gr->start]].param;
		long hi = a->points[k->byparam[gr->start + gr->n - 1]].param;
		len = snprintf(buf, n, "%s %s%ld\u2026%ld", p->kernel, letter, lo, hi);
	} else if (p->param > 0) {
		len = snprintf(buf, n, "%s %s%ld", p->kernel, letter, p->param);
	} else {
		len = snprintf(buf, n, "%s", p->kernel);
	}
	if (gr->hollow && len > 0 && (size_t)len < n)
		len += snprintf(buf + len, n - (size_t)len, " @%dt", p->threads);
	if (gr->style != LV_BASE && len > 0 && (size_t)len < n)
		snprintf(buf + len, n - (size_t)len, " (%s)", gr->level);
}

/* ---- legend --------------------------------------------------------------------- */




/*
 * The all-core figure's scaling table, as legend rows of text: each drawn
 * slope and the peak with its value on the base figure's threads and here,
 * and the ratio ("L1  620 \u2192 1083 GB/s  \u00d71.75"). A roof the base
 * run lacks is left out of the table, not guessed.
 */
static void scaling_rows(struct fig *g, const struct figure_line *lines, size_t nlines, struct figure_legend *lg)
{
	const struct analysis *b = g->base;
	if (!b || b->nroofs == 0)
		return;
	int bt = b->roofs[0].threads;
	size_t header = lg->n;
	for (size_t k = 0; k < 2 * g->a->nroofs; k++) {
		/* The slopes first (L1 down to DRAM, as fitted), then the peak; those drawn. */
		const struct roof *r = &g->a->roofs[k % g->a->nroofs];
		size_t li = 0;
		while (li < nlines && lines[li].roof != r)
			li++;
		if (li == nlines || !lines[li].visible ||
		    r->kind != (k < g->a->nroofs ? ROOF_BANDWIDTH : ROOF_COMPUTE))
			continue;
		const struct roof *o = NULL;
		for (size_t j = 0; j < b->nroofs && !o; j++)
			if (roof_same_at_any_count(&b->roofs[j], r) && roof_ok(&b->roofs[j]))
				o = &b->roofs[j];
		if (!o)
			continue;
		if (lg->n == header) {
			lg->rows[lg->n].kind = LEG_TEXT;
			lg->rows[lg->n].fam = NULL;
			snprintf(lg->rows[lg->n++].text, sizeof lg->rows[0].text, "scaling from %d thread%s:", bt,
				 bt == 1 ? "" : "s");
		}
		char v0[16], v1[16];
		format_value(o->value, v0, sizeof v0);
		format_value(r->value, v1, sizeof v1);
		lg->rows[lg->n].kind = LEG_TEXT;
		lg->rows[lg->n].fam = NULL;
		snprintf(lg->rows[lg->n++].text, sizeof lg->rows[0].text, "%s %s \u2192 %s %s  \u00d7%.2f", r->name, v0, v1,
			 roof_unit(r), r->value / o->value);
	}
}

static void build_legend(struct fig *g, const struct figure_kernels *k, const struct figure_line *lines, size_t nlines,
			 struct figure_legend *lg)
{
	const struct analysis *a = g->a;
	int has_ceiling = 0, allcore = 0;
	lg->n = 0;
	for (size_t j = 0; j < k->nfam; j++) {
		struct figure_legend_row *r = &lg->rows[lg->n++];
		r->kind = LEG_FAMILY;
		r->fam = &k->fam[j];
		snprintf(r->text, sizeof r->text, "%.47s", k->fam[j].name);
	}
	for (size_t i = 0; i < a->nroofs; i++) {
		if (!roof_drawn(a, &a->roofs[i]))
			continue;
		int t = model_key_of(&a->roofs[i]).threads;
		if (a->roofs[i].kind == ROOF_CEILING)
			has_ceiling = 1;
		if (t != base_threads(a))
			allcore = t;
	}
#define ROW(kd, ...) do { lg->rows[lg->n].kind = (kd); lg->rows[lg->n].fam = NULL; \
	snprintf(lg->rows[lg->n++].text, sizeof lg->rows[0].text, __VA_ARGS__); } while (0)
	if (k->other_threads > 0)
		ROW(LEG_OPEN, "open: %d threads", k->other_threads);
	/*
	 * The other levels' looks, the smaller working set last, as they stand
	 * on the figure. The base level's look is the families' own (filled,
	 * solid): a row of its own would cost the legend its free spot.
	 */
	for (int st = NLEVEL_STYLES; st-- > LV_BASE + 1;) {
		if (!k->styles_used[st])
			continue;
		lg->rows[lg->n].style = (enum figure_level_style)st;
		ROW(LEG_LEVEL, "%s-resident", k->style_level[st]);
	}
	if (allcore > 0) {
		ROW(LEG_ROOF, "roof, 1 thread");
		ROW(LEG_ALLCORE, "roof, %d threads", allcore);
	} else if (k->nfam > 0 || has_ceiling) {
		ROW(LEG_ROOF, "roof");
	}
	if (has_ceiling)
		ROW(LEG_CEILING, "ceiling");
	size_t first_line = lg->n;
	for (size_t i = 0; i < nlines; i++)
		if (lines[i].listed)
			ROW(LEG_LINE, "%s", lines[i].text);
	size_t after_lines = lg->n;
	scaling_rows(g, lines, nlines, lg);
#undef ROW
	for (size_t i = first_line, j = 0; i < after_lines; i++, j++) {
		while (!lines[j].listed)
			j++;
		lg->rows[i].col = lines[j].col;
		lg->rows[i].width = lines[j].width;
		lg->rows[i].dashed = lines[j].dashed;
	}
	for (size_t i = 0; i < lg->n; i++) {
		struct figure_legend_row *r = &lg->rows[i];
		if (r->kind != LEG_ROOF && r->kind != LEG_ALLCORE && r->kind != LEG_CEILING)
			continue;
		r->width = r->kind == LEG_CEILING ? 2.2 : 3.0;
		r->dashed = r->kind == LEG_CEILING;
		r->col = r->kind == LEG_ALLCORE ? C_ALLCORE : r->kind == LEG_CEILING ? C_CACHE : C_ROOF;
	}

	set_font(g, FIGURE_PX_LEGEND, 0);
	double s = g->s, w = 0;
	lg->pad = 12 * s;
	lg->row_h = 29 * s;
	lg->sample_w = 40 * s;
	for (size_t i = 0; i < lg->n; i++) {
		struct figure_text te;
		text_extents(g, lg->rows[i].text, &te);
		/* A row of text starts where the others' samples do. */
		w = fmax(w, te.x_advance + (lg->rows[i].kind == LEG_TEXT ? 0 : lg->sample_w + 10 * s));
	}
	lg->col_w = w;
	lg->cols = 1;
}

static double legend_w(const struct figure_legend *lg)
{
	return 2 * lg->pad + lg->cols * lg->col_w + (lg->cols - 1) * 24 * lg->pad / 12;
}

static size_t legend_rows_per_col(const struct figure_legend *lg)
{
	return (lg->n + (size_t)lg->cols - 1) / (size_t)lg->cols;
}

static double legend_h(const struct figure_legend *lg)
{
	return 2 * lg->pad + (double)legend_rows_per_col(lg) * lg->row_h - 4 * lg->pad / 12;
}

/*
 * A spot for the legend: near a corner of the plot (top left, bottom right,
 * top right, bottom left), in one column and then in two, searched outwards
 * from the corner along anti-diagonals so the nearest free spot wins.
 */
static void place_legend(struct fig *g, struct figure_legend *lg)
{
	if (lg->n == 0)
		return;
	struct labels_box pb = plot_box(g);
	if (g->legend_cols_outside > 0) {
		/* Beside the plot, right of it, at its top (figure_layout made the room). */
		lg->cols = g->legend_cols_outside;
		lg->box.x0 = pb.x1 + LEGEND_GAP * g->s;
		lg->box.y0 = pb.y0;
		lg->box.x1 = lg->box.x0 + legend_w(lg);
		lg->box.y1 = lg->box.y0 + legend_h(lg);
		lg->placed = 1;
		lg->outside = 1;
		lg->per_col = legend_rows_per_col(lg);
		return;
	}
	double inset = 14 * g->s, step = 6 * g->s;
	double reach_x = 0.5 * (pb.x1 - pb.x0), reach_y = 0.5 * (pb.y1 - pb.y0);
	int kmax = (int)((reach_x + reach_y) / step);
	for (int corner = 0; corner < 4; corner++)
		for (lg->cols = 1; lg->cols <= 2; lg->cols++) {
			int right = corner == 1 || corner == 2, bottom = corner == 1 || corner == 3;
			double w = legend_w(lg), h = legend_h(lg);
			for (int k = 0; k <= kmax; k++)
				for (int j = 0; j <= k; j++) {
					double dx = j * step, dy = (k - j) * step;
					if (dx > reach_x || dy > reach_y)
						continue;
					double x0 = right ? pb.x1 - inset - dx - w : pb.x0 + inset + dx;
					double y0 = bottom ? pb.y1 - inset - dy - h : pb.y0 + inset + dy;
					struct labels_box b = { x0, y0, x0 + w, y0 + h };
					if (labels_box_free(&g->scene, b)) {
						lg->box = b;
						lg->placed = 1;
						lg->per_col = legend_rows_per_col(lg);
						labels_add_box(&g->scene, b);
						return;
					}
				}
		}
	/* Nowhere free: two columns top left, opaque over whatever is there. */
	lg->cols = 2;
	lg->box = (struct labels_box){ pb.x0 + inset, pb.y0 + inset, pb.x0 + inset + legend_w(lg),
				       pb.y0 + inset + legend_h(lg) };
	lg->placed = 0;
	lg->per_col = legend_rows_per_col(lg);
	labels_add_box(&g->scene, lg->box);
}

/* ---- the user's points (plot --points) ------------------------------------------ */



/* The user's points and arrows as occupied space, so that no label covers them. */
static void user_layout(struct fig *g, const struct userpoints *up, struct figure_users *u)
{
	memset(u, 0, sizeof *u);
	u->up = up;
	if (!up)
		return;
	double s = g->s, mr = FIGURE_MARKER_R * 1.5 * s;
	size_t names = 0;
	for (size_t i = 0; i < up->n; i++) {
		size_t j = 0;
		while (j < i && strcmp(up->v[j].name, up->v[i].name) != 0)
			j++;
		/* Colours from the end of the palette (yellow skipped): the kernels take its start. */
		u->col[i] = j < i ? u->col[j] : PALETTE[(NPALETTE - 2 + NPALETTE - (names++ % (NPALETTE - 1))) % NPALETTE];
	}
	u->narrows = userpoints_arrows(up, u->arrows, USERPOINTS_MAX);
	for (size_t k = 0; k < u->narrows; k++) {
		const struct point *p0 = &up->v[u->arrows[k].from].p, *p1 = &up->v[u->arrows[k].to].p;
		if (!point_ok(p0) || !point_ok(p1))
			continue;
		struct labels_seg seg = { 0, 0, 0, 0, 2.0 * s, 1 };
		plot_to_pixel(&g->f, p0->ai, p0->gflops, &seg.x0, &seg.y0);
		plot_to_pixel(&g->f, p1->ai, p1->gflops, &seg.x1, &seg.y1);
		labels_add_seg(&g->scene, seg);
	}
	for (size_t i = 0; i < up->n; i++) {
		double x, y;
		if (!point_ok(&up->v[i].p))
			continue;
		plot_to_pixel(&g->f, up->v[i].p.ai, up->v[i].p.gflops, &x, &y);
		u->x[i] = x;
		u->y[i] = y;
		u->drawn[i] = 1;
		u->inside[i] = !(up->v[i].p.ai < g->f.xmin || up->v[i].p.ai > g->f.xmax ||
				 up->v[i].p.gflops < g->f.ymin || up->v[i].p.gflops > g->f.ymax);
		struct labels_box b = { x - mr, y - mr, x + mr, y + mr };
		labels_add_box(&g->scene, b);
		labels_add_box(&g->solid, b);
	}
}

/* Their labels, "name version" (and "above its roof"), after the kernels' labels. */
static void user_labels(struct fig *g, struct figure_users *u)
{
	if (!u->up)
		return;
	double s = g->s, mr = FIGURE_MARKER_R * 1.5 * s;
	set_font(g, FIGURE_PX_POINT_LABEL, 1);
	for (size_t i = 0; i < u->up->n; i++) {
		const struct userpoint *up = &u->up->v[i];
		struct labels_item *it = &u->items[i];
		if (!point_ok(&up->p))
			continue;
		double x, y;
		plot_to_pixel(&g->f, up->p.ai, up->p.gflops, &x, &y);
		snprintf(u->text[i], sizeof u->text[0], "%s %s%s", up->name, up->version,
			 up->above ? " (above its roof!)" : "");
		struct ink ik = measure(g, u->text[i]);
		*it = (struct labels_item){ .ax = x, .ay = y, .w = ik.w, .h = ik.h, .gap = mr + 1 * s,
					    .leader = 1 };
		labels_place(&g->scene, it);
	}
}


/* ---- the figure ----------------------------------------------------------------- */

/* The ridge (where the drawn DRAM slope meets the drawn peak) and the shaded region under them. */
static void ridge_and_shade(struct fig *g, struct figure *out)
{
	const struct analysis *a = g->a;
	const struct plot_frame *f = &g->f;
	double s = g->s, ridge = a->ridge, rpeak = peak_for(a, base_threads(a));
	const struct roof *dram = dram_for(a, base_threads(a));
	if (!(isfinite(ridge) && ridge > 0) && dram && isfinite(rpeak))
		ridge = rpeak / dram->value;   /* where the drawn DRAM slope meets the drawn peak */
	out->has_ridge = isfinite(ridge) && ridge > 0 && isfinite(rpeak) &&
			 ridge >= f->xmin && ridge <= f->xmax;
	/* A ridge on a cache's slope (DRAM not reached) says which: it is no DRAM ridge. */
	if (dram && model_key_of(dram).level != MEM_DRAM)
		snprintf(out->ridge_text, sizeof out->ridge_text, "ridge %.3g flop/byte on %s, no DRAM",
			 ridge, dram->name);
	else
		snprintf(out->ridge_text, sizeof out->ridge_text, "ridge %.3g flop/byte", ridge);
	if (out->has_ridge) {
		plot_to_pixel(f, ridge, rpeak, &out->rx, &out->ry);
		struct labels_box b = { out->rx - 8 * s, out->ry - 8 * s, out->rx + 8 * s, out->ry + 8 * s };
		labels_add_box(&g->scene, b);
		labels_add_box(&g->roofs, b);
		labels_add_box(&g->solid, b);
	}
	out->shaded = dram && isfinite(rpeak);
	if (out->shaded) {
		/* The region a DRAM-resident kernel can reach. */
		const double ai[5] = { f->xmin, f->xmin, rpeak / dram->value, f->xmax, f->xmax };
		const double gf[5] = { f->ymin, dram->value * f->xmin, rpeak, rpeak, f->ymin };
		for (int i = 0; i < 5; i++)
			plot_to_pixel(f, ai[i], gf[i], &out->shade_x[i], &out->shade_y[i]);
	}
}

/*
 * Each polyline's name first, at its last member (its end: the largest
 * parameter), right next to it where it fits, else as far as it takes with
 * a leader; then every single point's label, the most hemmed-in first
 * (labels_place_all). The polylines of other levels come after those of
 * the base level, and name themselves only right next to their end: a long
 * leader across the figure would confuse more than their line style and the
 * legend leave unsaid.
 */
static void point_labels(struct fig *g, struct figure *out)
{
	const struct analysis *a = g->a;
	const struct figure_kernels *k = &out->k;
	struct labels_item *items = out->items;
	double s = g->s, mr = out->marker_r;
	size_t nitems = 0;
	set_font(g, FIGURE_PX_POINT_LABEL, 0);
	for (size_t jj = 0; jj < 2 * k->ngrp; jj++) {
		size_t j = jj % k->ngrp;
		const struct figure_group *gr = &k->grp[j];
		if (!figure_joined(gr) || (gr->style != LV_BASE) != (jj >= k->ngrp))
			continue;
		size_t pi = k->byparam[gr->start + gr->n - 1];
		struct labels_item *it = &items[nitems];
		point_text(a, k, pi, out->item_text[nitems], sizeof out->item_text[0]);
		struct ink ik = measure(g, out->item_text[nitems]);
		*it = (struct labels_item){ .ax = out->px[pi], .ay = out->py[pi], .w = ik.w, .h = ik.h,
					    .gap = mr + 1 * s, .leader = 1, .max_r = mr + 1 * s + ik.h };
		if (labels_place(&g->scene, it) != 0) {
			if (gr->style != LV_BASE)
				continue;
			it->max_r = 0;
			labels_place(&g->scene, it);
		}
		out->item_point[nitems++] = pi;
	}
	size_t first_other = nitems;
	for (size_t j = 0; j < k->ngrp; j++) {
		if (figure_joined(&k->grp[j]))
			continue;
		for (size_t i = 0; i < k->grp[j].n; i++) {
			size_t pi = k->byparam[k->grp[j].start + i];
			point_text(a, k, pi, out->item_text[nitems], sizeof out->item_text[0]);
			struct ink ik = measure(g, out->item_text[nitems]);
			items[nitems] = (struct labels_item){ .ax = out->px[pi], .ay = out->py[pi], .w = ik.w, .h = ik.h,
							      .gap = mr + 1 * s, .leader = 1 };
			out->item_point[nitems] = pi;
			nitems++;
		}
	}
	labels_place_all(&g->scene, items + first_other, nitems - first_other);
	out->nitems = nitems;
}

static void lay_out(const struct analysis *a, const struct analysis *base, const struct userpoints *user,
		    const struct plot_frame *f, const struct figure_measure *m, int legend_cols_outside,
		    struct figure *out)
{
	struct fig g = { .a = a, .f = *f, .s = f->scale, .m = m, .base = base,
			 .legend_cols_outside = legend_cols_outside };
	double s = g.s;
	memset(out, 0, sizeof *out);
	out->f = *f;
	out->s = s;
	out->plot = plot_box(&g);
	struct labels_box pb = out->plot;
	struct labels_box inner = { pb.x0 + 3 * s, pb.y0 + 3 * s, pb.x1 - 3 * s, pb.y1 - 3 * s };
	labels_init(&g.scene, inner, 2 * s);
	g.scene.exclusive_leaders = 1;   /* two crossing leaders leave a reader guessing whose label is whose */
	labels_init(&g.roofs, inner, 2 * s);
	labels_init(&g.solid, inner, 2 * s);

	/* Geometry first: lines, polylines and markers become occupied space. */
	out->nlines = build_lines(&g, out->lines);
	for (size_t i = 0; i < out->nlines; i++) {
		const struct figure_line *l = &out->lines[i];
		if (l->visible) {
			struct labels_seg seg = { l->x0, l->y0, l->x1, l->y1, 0.5 * l->width * s, 1 };
			labels_add_seg(&g.scene, seg);
			labels_add_seg(&g.roofs, seg);
			labels_add_seg(&g.solid, seg);
		}
	}
	struct figure_kernels *k = &out->k;
	figure_families(a, k);
	out->npoints = a->npoints < ANALYSIS_MAX_POINTS ? a->npoints : ANALYSIS_MAX_POINTS;
	for (size_t i = 0; i < out->npoints; i++)
		if (k->grp_of[i] >= 0)
			plot_to_pixel(f, a->points[i].ai, a->points[i].gflops, &out->px[i], &out->py[i]);
	for (size_t j = 0; j < k->ngrp; j++) {
		const struct figure_group *gr = &k->grp[j];
		if (!figure_joined(gr))
			continue;
		for (size_t i = 1; i < gr->n; i++) {
			size_t p0 = k->byparam[gr->start + i - 1], p1 = k->byparam[gr->start + i];
			struct labels_seg seg = { out->px[p0], out->py[p0], out->px[p1], out->py[p1], 1.0 * s, 1 };
			labels_add_seg(&g.scene, seg);
		}
	}
	double mr = out->marker_r = FIGURE_MARKER_R * 1.3 * s;
	for (size_t i = 0; i < out->npoints; i++) {
		if (k->grp_of[i] < 0)
			continue;
		struct labels_box b = { out->px[i] - mr, out->py[i] - mr, out->px[i] + mr, out->py[i] + mr };
		labels_add_box(&g.scene, b);
		labels_add_box(&g.solid, b);
	}
	user_layout(&g, user, &out->users);
	ridge_and_shade(&g, out);

	/* Labels: roofs along their lines, the ridge, the legend, then the points. */
	for (size_t i = 0; i < out->nlines; i++)
		place_line_label(&g, &out->lines[i]);
	if (out->has_ridge) {
		set_font(&g, FIGURE_PX_ROOF_LABEL, 0);
		struct ink ik = measure(&g, out->ridge_text);
		out->ridge_item = (struct labels_item){ .ax = out->rx, .ay = out->ry, .w = ik.w, .h = ik.h,
							.gap = 10 * s, .max_r = 200 * s, .leader = 1 };
		labels_place(&g.scene, &out->ridge_item);
	}
	build_legend(&g, k, out->lines, out->nlines, &out->lg);
	place_legend(&g, &out->lg);
	point_labels(&g, out);
	user_labels(&g, &out->users);
	labels_free(&g.scene);
	labels_free(&g.roofs);
	labels_free(&g.solid);
}

/*
 * Inside the plot where the legend finds a free spot; where it finds none
 * (a crowded run: all-core roofs beside the single-core ones, many
 * families), it would cover lines and markers, so the plot gives up the
 * room for it on its right instead and everything is laid out again in the
 * narrower plot, the legend beside it in as few columns as its height
 * allows. Not when that would leave the plot less than half its width (a
 * small figure): then the legend stays inside, opaque, over what is there.
 */
void figure_layout(const struct analysis *a, const struct userpoints *user, const struct plot_frame *f,
		   const struct figure_measure *m, struct figure *out)
{
	figure_layout_vs(a, NULL, user, f, m, out);
}

void figure_layout_vs(const struct analysis *a, const struct analysis *base, const struct userpoints *user,
		      const struct plot_frame *f, const struct figure_measure *m, struct figure *out)
{
	lay_out(a, base, user, f, m, 0, out);
	struct figure_legend *lg = &out->lg;
	if (lg->n == 0 || lg->placed)
		return;
	double room = f->bottom - f->top;
	int was = lg->cols;
	for (lg->cols = 1; lg->cols < 4 && legend_h(lg) > room; lg->cols++)
		;
	int cols = lg->cols;
	struct plot_frame narrow = *f;
	narrow.right = f->right - legend_w(lg) - LEGEND_GAP * f->scale;
	if (legend_h(lg) > room || narrow.right - narrow.left < 0.5 * (f->right - f->left)) {
		lg->cols = was;
		return;
	}
	/*
	 * The narrower plot can leave a roof label no spot, and the legend takes
	 * it as a row of its own, wider than the room made for it (a clang run:
	 * "sse2 30.4 · scalar@2t 30.0 GFLOP/s" ran past the image's edge): make
	 * the room again for the legend as it came out, a few times at most.
	 */
	for (int tries = 0; tries < 3; tries++) {
		lay_out(a, base, user, &narrow, m, cols, out);
		double need = f->right - legend_w(lg) - LEGEND_GAP * f->scale;
		if (!(need < narrow.right - 0.5))
			return;
		narrow.right = need;
	}
	lay_out(a, base, user, &narrow, m, cols, out);
}

void figure_frame(const struct analysis *a, const struct userpoints *user, int width, int height,
		  struct plot_frame *f)
{
	if (user && user->n) {
		/* The frame holds the user's points too: frame a copy that has them as points. */
		struct analysis *with = xmalloc(sizeof *with);
		*with = *a;
		for (size_t i = 0; i < user->n && with->npoints < ANALYSIS_MAX_POINTS; i++)
			with->points[with->npoints++] = user->v[i].p;
		frame_for(with, width, height, 1, f);
		free(with);
	} else {
		frame_for(a, width, height, 1, f);
	}
}
