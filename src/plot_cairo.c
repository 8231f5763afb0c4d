/*
 * plot_cairo.c - see plot_cairo.h.
 *
 * The figure is laid out before anything is drawn: the lines (roofs, family
 * polylines) and markers go into a label scene (src/labels.h) as occupied
 * space, then the roof labels are placed along their lines, the ridge label
 * and the legend next, and the point labels last, each one avoiding all that
 * came before. Text is measured with hinting off, so the layout, and with it
 * every pixel position, is the same on the image, SVG and PDF surfaces.
 */
#include "plot_cairo.h"

#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "labels.h"
#include "util.h"

/* ---- colours and sizes (at scale 1: 1600x1000) ------------------------------ */

struct rgb {
	double r, g, b;
};

#define HEX(v) { ((v) >> 16 & 0xff) / 255.0, ((v) >> 8 & 0xff) / 255.0, ((v) & 0xff) / 255.0 }

static const struct rgb C_BG = HEX(0xffffff);
static const struct rgb C_TEXT = HEX(0x1a1a1a);
static const struct rgb C_MUTED = HEX(0x5c5c5c);
static const struct rgb C_GRID = HEX(0xdadde1);
static const struct rgb C_GRID_MINOR = HEX(0xeef0f2);
static const struct rgb C_AXIS = HEX(0x4d4d4d);
static const struct rgb C_ROOF = HEX(0x1b1b1b);      /* DRAM slope, peak: the roofline */
static const struct rgb C_CACHE = HEX(0x4f5359);     /* cache slopes and ceilings */
static const struct rgb C_ALLCORE = HEX(0x1f4e79);   /* roofs measured on all cores (@Nt) */
static const struct rgb C_SHADE = HEX(0xf1f4f8);     /* what a DRAM-resident kernel can attain */
static const struct rgb C_LEADER = HEX(0x8a8f96);

/* Okabe & Ito's colour-blind-safe palette, yellow last (weak on white), black left to the roofs. */
static const struct rgb PALETTE[] = {
	HEX(0x0072b2), HEX(0xd55e00), HEX(0x009e73), HEX(0xcc79a7),
	HEX(0xe69f00), HEX(0x56b4e9), HEX(0xf0e442),
};
#define NPALETTE (sizeof PALETTE / sizeof PALETTE[0])

enum shape { SH_CIRCLE, SH_SQUARE, SH_TRIANGLE, SH_DIAMOND, SH_TRIANGLE_DOWN, SH_HEXAGON, SH_STAR, NSHAPES };

/* Families that keep their look from run to run; others follow in order of appearance. */
static const char *const KNOWN_FAMILIES[] = { "triad", "dot", "horner", "horner_simd" };
#define NKNOWN (sizeof KNOWN_FAMILIES / sizeof KNOWN_FAMILIES[0])

#define FONT "DejaVu Sans"
#define PX_TITLE 34.0
#define PX_SUBTITLE 22.0
#define PX_AXIS_TITLE 26.0
#define PX_TICK 23.0
#define PX_ROOF_LABEL 22.0
#define PX_POINT_LABEL 21.0
#define PX_LEGEND 21.0
#define MARKER_R 9.0
#define HALO 3.0

/* ---- frame ------------------------------------------------------------------- */

/* A roof the figure draws: pattern roofs are listed in the report, never drawn. */
static int roof_ok(const struct roof *r)
{
	return r->kind != ROOF_PATTERN && isfinite(r->value) && r->value > 0;
}

/* "DRAM@8t" -> "@8t", "DRAM" -> "". */
static const char *roof_suffix(const char *name)
{
	const char *at = strchr(name, '@');
	return at ? at : "";
}

/* The compute roof a slope with this suffix meets: same suffix, else the plain one, else a->peak. */
static double peak_for(const struct analysis *a, const char *suffix)
{
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < a->nroofs; i++) {
			const struct roof *r = &a->roofs[i];
			if (r->kind == ROOF_COMPUTE && roof_ok(r) &&
			    strcmp(roof_suffix(r->name), pass ? "" : suffix) == 0)
				return r->value;
		}
	return isfinite(a->peak) && a->peak > 0 ? a->peak : NAN;
}

/* The DRAM roof of the count this suffix names (analysis's one rule), else the smallest count's. */
static const struct roof *dram_for(const struct analysis *a, const char *suffix)
{
	const struct roof *r = analysis_dram_of(a, *suffix ? atoi(suffix + 1) : 1);
	return r ? r : analysis_dram(a);
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

/* A decade's label in plain digits: 0.001, 0.1, 1, 10, 10000. */
static void decade_text(int k, char *buf, size_t n)
{
	if (k >= 0)
		snprintf(buf, n, "%.0f", pow(10, k));
	else
		snprintf(buf, n, "%.*f", -k, pow(10, k));
}

static void data_ranges(const struct analysis *a, double *xmin, double *xmax, double *ymin, double *ymax)
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
		if (!roof_ok(r))
			continue;
		const char *suf = roof_suffix(r->name);
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
	if (!isfinite(lo) && isfinite(hi))
		lo = hi / 1000;
	if (!isfinite(hi) && isfinite(lo))
		hi = lo * 1000;
	if (!isfinite(lo) || !isfinite(hi)) {
		lo = 0.01;
		hi = 100;
	}
	*xmin = floor13(lo);
	*xmax = ceil13(hi);
	while (*xmax / *xmin < 99.9) {
		*xmin = down13(*xmin);
		if (*xmax / *xmin < 99.9)
			*xmax = up13(*xmax);
	}

	/* y: every point and ceiling, the slopes where they enter, room above the top roof for its label. */
	if (!isfinite(top) && isfinite(bwhi))
		top = bwhi * *xmax;
	lo = fmin(fmin(pylo / 1.6, cylo / 1.6), bwlo * *xmin);
	hi = fmax(pyhi * 1.6, top * 1.7);
	if (!isfinite(lo) && isfinite(hi))
		lo = hi / 1000;
	if (!isfinite(hi) && isfinite(lo))
		hi = lo * 1000;
	if (!isfinite(lo) || !isfinite(hi)) {
		lo = 0.1;
		hi = 1000;
	}
	*ymin = floor13(lo);
	*ymax = ceil13(hi);
	while (*ymax / *ymin < 99.9) {
		*ymin = down13(*ymin);
		if (*ymax / *ymin < 99.9)
			*ymax = up13(*ymax);
	}
}

void plot_frame_for(const struct analysis *a, int width, int height, struct plot_frame *f)
{
	double s = fmin(width / 1600.0, height / 1000.0);
	memset(f, 0, sizeof *f);
	f->width = width;
	f->height = height;
	f->scale = s;
	data_ranges(a, &f->xmin, &f->xmax, &f->ymin, &f->ymax);

	/* The widest y tick label decides the left margin (DejaVu Sans digits are 0.636 em). */
	size_t chars = 1;
	char buf[32];
	for (int k = (int)ceil(log10(f->ymin) - 1e-9); k <= (int)floor(log10(f->ymax) + 1e-9); k++) {
		decade_text(k, buf, sizeof buf);
		if (strlen(buf) > chars)
			chars = strlen(buf);
	}
	f->left = round(s * (22 + PX_AXIS_TITLE * 1.25 + 16 + 14) + chars * 0.64 * PX_TICK * s);
	f->right = width - round(48 * s);
	f->top = round(128 * s);
	f->bottom = height - round(106 * s);
}

void plot_to_pixel(const struct plot_frame *f, double ai, double gflops, double *x, double *y)
{
	double lx = log10(f->xmin), hx = log10(f->xmax);
	double ly = log10(f->ymin), hy = log10(f->ymax);
	*x = f->left + (log10(ai) - lx) / (hx - lx) * (f->right - f->left);
	*y = f->bottom - (log10(gflops) - ly) / (hy - ly) * (f->bottom - f->top);
}

/* ---- drawing helpers ------------------------------------------------------------ */

struct fig {
	cairo_t *cr;
	const struct analysis *a;
	struct plot_frame f;
	double s;
	struct labels scene;
	struct labels roofs;     /* what a roof label may never cover: the roofs and their labels */
};

static void set_rgb(cairo_t *cr, struct rgb c)
{
	cairo_set_source_rgb(cr, c.r, c.g, c.b);
}

static struct rgb darker(struct rgb c, double k)
{
	struct rgb d = { c.r * k, c.g * k, c.b * k };
	return d;
}

static void set_font(struct fig *g, double px, int bold)
{
	cairo_select_font_face(g->cr, FONT, CAIRO_FONT_SLANT_NORMAL,
			       bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(g->cr, px * g->s);
}

/* Text with a halo of the background around it, so it stays legible over the grid. */
static void show_text(struct fig *g, const char *text, struct rgb col, int halo)
{
	cairo_t *cr = g->cr;
	double x = 0, y = 0;
	if (cairo_has_current_point(cr))
		cairo_get_current_point(cr, &x, &y);
	cairo_new_path(cr);          /* drop any stray path, keep where the text goes */
	cairo_move_to(cr, x, y);
	cairo_text_path(cr, text);
	if (halo) {
		cairo_set_line_width(cr, 2 * HALO * g->s);
		cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
		cairo_set_source_rgba(cr, C_BG.r, C_BG.g, C_BG.b, 0.9);
		cairo_stroke_preserve(cr);
	}
	set_rgb(cr, col);
	cairo_fill(cr);
}

/* The ink box of text drawn at baseline origin (0,0), grown by the halo. */
struct ink {
	double x0, y0, w, h;     /* relative to the baseline origin */
};

static struct ink measure(struct fig *g, const char *text)
{
	cairo_text_extents_t te;
	cairo_text_extents(g->cr, text, &te);
	double m = HALO * g->s;
	struct ink k = { te.x_bearing - m, te.y_bearing - m, te.width + 2 * m, te.height + 2 * m };
	return k;
}

/* Horizontal text whose ink box (with halo) is exactly box b. */
static void text_in_box(struct fig *g, const char *text, struct labels_box b, struct rgb col)
{
	struct ink k = measure(g, text);
	cairo_move_to(g->cr, b.x0 - k.x0, b.y0 - k.y0);
	show_text(g, text, col, 1);
}

static void marker_path(cairo_t *cr, enum shape sh, double x, double y, double r)
{
	cairo_new_path(cr);
	switch (sh) {
	case SH_CIRCLE:
		cairo_arc(cr, x, y, r, 0, 2 * M_PI);
		break;
	case SH_SQUARE:
		r *= 0.88;
		cairo_rectangle(cr, x - r, y - r, 2 * r, 2 * r);
		break;
	case SH_TRIANGLE:
	case SH_TRIANGLE_DOWN: {
		double d = sh == SH_TRIANGLE ? -1 : 1;
		r *= 1.25;
		cairo_move_to(cr, x, y + d * r);
		cairo_line_to(cr, x + r * 0.866, y - d * r * 0.5);
		cairo_line_to(cr, x - r * 0.866, y - d * r * 0.5);
		break;
	}
	case SH_DIAMOND:
		r *= 1.25;
		cairo_move_to(cr, x, y - r);
		cairo_line_to(cr, x + r, y);
		cairo_line_to(cr, x, y + r);
		cairo_line_to(cr, x - r, y);
		break;
	case SH_HEXAGON:
		r *= 1.05;
		for (int i = 0; i < 6; i++) {
			double t = M_PI / 6 + i * M_PI / 3;
			if (i == 0)
				cairo_move_to(cr, x + r * cos(t), y + r * sin(t));
			else
				cairo_line_to(cr, x + r * cos(t), y + r * sin(t));
		}
		break;
	case SH_STAR:
	default:
		r *= 1.35;
		for (int i = 0; i < 10; i++) {
			double t = -M_PI / 2 + i * M_PI / 5, q = i % 2 ? r * 0.45 : r;
			if (i == 0)
				cairo_move_to(cr, x + q * cos(t), y + q * sin(t));
			else
				cairo_line_to(cr, x + q * cos(t), y + q * sin(t));
		}
		break;
	}
	cairo_close_path(cr);
}

static void draw_marker(struct fig *g, enum shape sh, struct rgb col, double x, double y)
{
	cairo_t *cr = g->cr;
	marker_path(cr, sh, x, y, MARKER_R * g->s);
	set_rgb(cr, col);
	cairo_fill_preserve(cr);
	cairo_set_line_width(cr, 1.6 * g->s);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
	set_rgb(cr, C_BG);
	cairo_stroke(cr);
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

struct line {
	const struct roof *roof;
	double x0, y0, x1, y1;   /* visible part, pixels, x0 <= x1 */
	int visible;
	struct rgb col;
	double width;
	int dashed;
	char text[64];
	/* the label, written along the line from (ox, oy) at angle in px, or not at all */
	int labelled;
	int crowded;             /* labelled over a marker or point line: nowhere was free */
	double ox, oy, angle, px;
};

static struct labels_box plot_box(const struct fig *g)
{
	struct labels_box b = { g->f.left, g->f.top, g->f.right, g->f.bottom };
	return b;
}

/* The roofs as pixel segments, in the order their labels are placed: DRAM, peak, other slopes, ceilings. */
static size_t build_lines(struct fig *g, struct line *out)
{
	const struct analysis *a = g->a;
	const struct plot_frame *f = &g->f;
	size_t n = 0;
	int order[ANALYSIS_MAX_ROOFS];
	size_t norder = 0;

	for (int pass = 0; pass < 4; pass++)
		for (size_t i = 0; i < a->nroofs && i < ANALYSIS_MAX_ROOFS; i++) {
			const struct roof *r = &a->roofs[i];
			if (!roof_ok(r))
				continue;
			int allcore = *roof_suffix(r->name) != 0;
			int is_dram = r->kind == ROOF_BANDWIDTH && dram_for(a, roof_suffix(r->name)) == r;
			int want = pass == 0 ? is_dram && !allcore
				 : pass == 1 ? r->kind == ROOF_COMPUTE
				 : pass == 2 ? r->kind == ROOF_BANDWIDTH && !(is_dram && !allcore)
				 : r->kind == ROOF_CEILING;
			if (want)
				order[norder++] = (int)i;
		}

	for (size_t k = 0; k < norder; k++) {
		const struct roof *r = &a->roofs[order[k]];
		const char *suf = roof_suffix(r->name);
		struct line *l = &out[n];
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
			l->col = *suf ? C_ALLCORE : main_dram ? C_ROOF : C_CACHE;
			snprintf(l->text, sizeof l->text, "%s %s GB/s", r->name, v);
		} else {
			/* Compute roof: from where the steepest slope meets it. Ceiling: from the DRAM slope. */
			double start = f->xmin;
			if (r->kind == ROOF_COMPUTE) {
				double best = INFINITY;
				for (size_t i = 0; i < a->nroofs; i++) {
					const struct roof *b = &a->roofs[i];
					if (b->kind == ROOF_BANDWIDTH && roof_ok(b) &&
					    strcmp(roof_suffix(b->name), suf) == 0)
						best = fmin(best, r->value / b->value);
				}
				if (isfinite(best))
					start = fmax(best, f->xmin);
				l->width = 3.4;
				l->col = *suf ? C_ALLCORE : C_ROOF;
				snprintf(l->text, sizeof l->text, "%s %s GFLOP/s", r->name, v);
			} else {
				const struct roof *d = dram_for(a, suf);
				if (d)
					start = fmax(r->value / d->value, f->xmin);
				l->width = 2.2;
				l->dashed = 1;
				l->col = *suf ? C_ALLCORE : C_CACHE;
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

static void stroke_line(struct fig *g, const struct line *l)
{
	cairo_t *cr = g->cr;
	double s = g->s;
	cairo_new_path(cr);
	cairo_move_to(cr, l->x0, l->y0);
	cairo_line_to(cr, l->x1, l->y1);
	set_rgb(cr, l->col);
	cairo_set_line_width(cr, l->width * s);
	cairo_set_line_cap(cr, l->dashed ? CAIRO_LINE_CAP_BUTT : CAIRO_LINE_CAP_ROUND);
	if (l->dashed) {
		double dash[2] = { 12 * s, 7 * s };
		cairo_set_dash(cr, dash, 2, 0);
	}
	cairo_stroke(cr);
	cairo_set_dash(cr, NULL, 0, 0);
}

/*
 * A label written along line l: its baseline runs parallel to the line,
 * `side` above (+1) or below (-1) it, `off` pixels further out than the
 * least clearance, starting `at` pixels from the line's left end. Fills the
 * capsule the text covers and the baseline origin.
 */
static void along(struct fig *g, const struct line *l, const struct ink *k, double at, int side, double off,
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
static const double LINE_LABEL_PX[] = { PX_ROOF_LABEL, PX_ROOF_LABEL * 0.87, PX_ROOF_LABEL * 0.76 };
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
 * first, then stepped away from it by up to half a label height (markers
 * sitting on the line), before the caller goes to a smaller size. Returns
 * how many spots there are: 0 when the label is longer than the line, unless
 * `overhang` is set, which lets it run on past either end.
 */
#define MAX_SPOTS 16384
static size_t line_spots(struct fig *g, const struct line *l, const struct ink *k, int overhang,
			 double *at, int *side, double *off)
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
	int nsteps = (int)(span / step), noff = (int)(0.5 * k->h / ostep);
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
static void take_spot(struct fig *g, struct line *l, double px, double at, int side, double off, int crowded)
{
	struct labels_seg cap;
	double ox, oy;
	set_font(g, px, 0);
	struct ink k = measure(g, l->text);
	along(g, l, &k, at, side, off, &cap, &ox, &oy);
	labels_add_seg(&g->scene, cap);
	labels_add_seg(&g->roofs, cap);
	l->labelled = 1;
	l->crowded = crowded;
	l->ox = ox;
	l->oy = oy;
	l->px = px;
	l->angle = atan2(l->y1 - l->y0, l->x1 - l->x0);
}

/*
 * Places a roof's label along its line: the first free spot (line_spots) at
 * the largest size that has one. Every roof gets its label: the roof labels
 * are placed before the ridge, the legend and the points' labels, which
 * then avoid them, and where markers or point lines leave no spot free at
 * any size, the label goes where it covers the fewest of them, still clear
 * of every roof and roof label (g->roofs) and inside the plot. Only where
 * even that finds no spot (a roof hemmed in by others) is it left out.
 */
static void place_line_label(struct fig *g, struct line *l)
{
	double *at = xmalloc(MAX_SPOTS * sizeof *at), *off = xmalloc(MAX_SPOTS * sizeof *off);
	int *side = xmalloc(MAX_SPOTS * sizeof *side);
	if (!l->visible)
		goto out;
	for (size_t z = 0; z < NLINE_LABEL_PX; z++) {
		set_font(g, LINE_LABEL_PX[z], 0);
		struct ink k = measure(g, l->text);
		size_t n = line_spots(g, l, &k, 0, at, side, off);
		for (size_t i = 0; i < n; i++) {
			struct labels_seg cap;
			double ox, oy;
			along(g, l, &k, at[i], side[i], off[i], &cap, &ox, &oy);
			if (labels_seg_free(&g->scene, cap)) {
				take_spot(g, l, LINE_LABEL_PX[z], at[i], side[i], off[i], 0);
				goto out;
			}
		}
	}
	/*
	 * Nowhere free: the spot over the fewest markers and point lines,
	 * largest size first, running past the ends of a line shorter than it.
	 */
	for (size_t z = 0; z < NLINE_LABEL_PX; z++) {
		set_font(g, LINE_LABEL_PX[z], 0);
		struct ink k = measure(g, l->text);
		size_t n = line_spots(g, l, &k, 1, at, side, off), best = n, best_hits = 0;
		for (size_t i = 0; i < n; i++) {
			struct labels_seg cap;
			double ox, oy;
			along(g, l, &k, at[i], side[i], off[i], &cap, &ox, &oy);
			if (!labels_seg_free(&g->roofs, cap))
				continue;
			size_t hits = labels_seg_hits(&g->scene, cap);
			if (best == n || hits < best_hits) {
				best = i;
				best_hits = hits;
			}
		}
		if (best < n) {
			take_spot(g, l, LINE_LABEL_PX[z], at[best], side[best], off[best], best_hits > 0);
			goto out;
		}
	}
out:
	free(at);
	free(off);
	free(side);
}

static void draw_line_label(struct fig *g, const struct line *l)
{
	if (!l->labelled)
		return;
	cairo_t *cr = g->cr;
	set_font(g, l->px, 0);
	cairo_save(cr);
	cairo_translate(cr, l->ox, l->oy);
	cairo_rotate(cr, l->angle);
	cairo_move_to(cr, 0, 0);
	show_text(g, l->text, darker(l->col, 0.9), 1);
	cairo_restore(cr);
}

/* ---- points and families -------------------------------------------------------- */

/* A family (colour and marker), and the kernels at one thread count (one polyline). */
/*
 * A kernel's look: the colour of its family, the family's marker (a second
 * kernel of the same family, say horner_simd_avx2 beside _avx512, gets
 * another marker), and its legend entry.
 */
struct family {
	char name[48];           /* legend text: the family, or the kernel when the family has several */
	char family[24];
	const char *kernel;
	size_t slot;             /* the family's colour slot */
	struct rgb col;
	enum shape shape;
	int joined;              /* some group of it is drawn as a polyline */
};

/*
 * How a group of a level other than its kernel's base level (the largest
 * working set, DRAM-resident in a run of `measure --levels`) looks: the
 * base level as ever; L1 with open markers and a dotted line; any other
 * level (L2, L3) with tinted markers and a dashed line. Such a group names
 * only one point, with its level ("horner 128 (L1)"): its members stand
 * above the base level's at the same intensities, whose labels give D.
 */
enum level_style { LV_BASE, LV_L1, LV_OTHER, NLEVEL_STYLES };

struct group {
	size_t fam;
	const char *kernel;
	int threads;
	double working_set;      /* each level of a kernel is a group of its own */
	enum level_style style;
	char level[16];          /* what its label says: "L1", or the working set */
	int hollow;              /* not the run's lowest thread count: open markers */
	int trajectory;          /* one kernel at several sizes (point.trajectory): one group, arrows */
	size_t start, n;         /* its points in byparam[start..start+n), by parameter */
};

struct kernels {
	struct family fam[ANALYSIS_MAX_POINTS];
	size_t nfam;
	struct group grp[ANALYSIS_MAX_POINTS];
	size_t ngrp;
	size_t byparam[ANALYSIS_MAX_POINTS];
	int grp_of[ANALYSIS_MAX_POINTS];    /* per point; -1 when not drawn */
	int min_threads, other_threads;     /* other_threads: a thread count drawn open, 0 if none */
	int styles_used[NLEVEL_STYLES];     /* groups drawn in each level style */
	char style_level[NLEVEL_STYLES][16];  /* the level a style stands for, for the legend */
};

#define JOIN_MIN 3                       /* members from which a group is drawn as a polyline */

/* Drawn as a polyline: enough members, or a trajectory (two sizes are already a move). */
static int joined(const struct group *gr)
{
	return gr->n >= JOIN_MIN || (gr->trajectory && gr->n >= 2);
}

static const char *family_of(const struct point *p)
{
	return p->family[0] ? p->family : p->kernel;
}

/*
 * Families keep their look from run to run (the known ones have fixed
 * slots, others take the next ones in order of appearance); points are
 * grouped by kernel and thread count and sorted by parameter.
 */
static void build_kernels(const struct analysis *a, struct kernels *k)
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
		for (f = 0; f < k->nfam; f++)
			if (strcmp(k->fam[f].kernel, p->kernel) == 0)
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
			k->fam[f].shape = (enum shape)((slot + 3 * variant) % NSHAPES);
			k->nfam++;
		}
		for (g = 0; g < k->ngrp; g++)
			if (k->grp[g].fam == f && k->grp[g].threads == p->threads &&
			    strcmp(k->grp[g].kernel, p->kernel) == 0 &&
			    (p->trajectory || k->grp[g].working_set == p->working_set))
				break;
		if (g == k->ngrp) {
			k->grp[g].fam = f;
			k->grp[g].kernel = p->kernel;
			k->grp[g].threads = p->threads;
			k->grp[g].working_set = p->working_set;
			k->grp[g].style = LV_BASE;
			k->grp[g].trajectory = p->trajectory;
			/* A trajectory's sizes are its members, not other levels of it. */
			for (size_t j = 0; j < npts && !p->trajectory; j++) {
				const struct point *q = &a->points[j];
				if (point_ok(q) && q->threads == p->threads && strcmp(q->kernel, p->kernel) == 0 &&
				    q->working_set > p->working_set)
					k->grp[g].style = strcmp(p->level, "L1") == 0 ? LV_L1 : LV_OTHER;
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
				while (j > k->grp[g].start && a->points[k->byparam[j - 1]].param > a->points[i].param) {
					k->byparam[j] = k->byparam[j - 1];
					j--;
				}
				k->byparam[j] = i;
			}
		if (joined(&k->grp[g]))
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
 * A trajectory's arrowheads: one at the middle of each segment, pointing from
 * the smaller size to the larger, so the direction of the move reads without
 * the labels.
 */
static void draw_arrows(struct fig *g, const struct analysis *a, const struct kernels *k,
			const struct group *gr, struct rgb col)
{
	cairo_t *cr = g->cr;
	double len = 16 * g->s, half = 6 * g->s;
	for (size_t i = 1; i < gr->n; i++) {
		const struct point *p0 = &a->points[k->byparam[gr->start + i - 1]];
		const struct point *p1 = &a->points[k->byparam[gr->start + i]];
		double x0, y0, x1, y1;
		plot_to_pixel(&g->f, p0->ai, p0->gflops, &x0, &y0);
		plot_to_pixel(&g->f, p1->ai, p1->gflops, &x1, &y1);
		double dx = x1 - x0, dy = y1 - y0, d = hypot(dx, dy);
		if (d < 3 * len)
			continue;
		dx /= d, dy /= d;
		double tx = 0.5 * (x0 + x1) + 0.5 * len * dx, ty = 0.5 * (y0 + y1) + 0.5 * len * dy;
		cairo_new_path(cr);
		cairo_move_to(cr, tx, ty);
		cairo_line_to(cr, tx - len * dx - half * dy, ty - len * dy + half * dx);
		cairo_line_to(cr, tx - len * dx + half * dy, ty - len * dy - half * dx);
		cairo_close_path(cr);
		set_rgb(cr, col);
		cairo_fill(cr);
	}
}

/* c mixed with white: k of c. */
static struct rgb tint(struct rgb c, double k)
{
	struct rgb t = { 1 - k * (1 - c.r), 1 - k * (1 - c.g), 1 - k * (1 - c.b) };
	return t;
}

/* A marker drawn as an outline: filled white (open) or with a tint of its colour. */
static void draw_outlined_marker(struct fig *g, enum shape sh, struct rgb col, int tinted, double x, double y)
{
	cairo_t *cr = g->cr;
	marker_path(cr, sh, x, y, MARKER_R * g->s * 0.92);
	set_rgb(cr, tinted ? tint(col, 0.45) : C_BG);
	cairo_fill_preserve(cr);
	set_rgb(cr, col);
	cairo_set_line_width(cr, 2.6 * g->s);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
	cairo_stroke(cr);
}

/* The dash pattern of a level style's polyline, at scale s; 0 dashes: solid. */
static int level_dashes(enum level_style st, double s, double dash[2])
{
	if (st == LV_L1) {
		dash[0] = 0.01 * s;      /* round dots */
		dash[1] = 5 * s;
		return 2;
	}
	if (st == LV_OTHER) {
		dash[0] = 9 * s;
		dash[1] = 5 * s;
		return 2;
	}
	return 0;
}

static void draw_point_marker(struct fig *g, const struct kernels *k, const struct group *gr, double x, double y)
{
	const struct family *f = &k->fam[gr->fam];
	if (gr->style != LV_BASE) {
		draw_outlined_marker(g, f->shape, f->col, gr->style == LV_OTHER, x, y);
		return;
	}
	if (!gr->hollow) {
		draw_marker(g, f->shape, f->col, x, y);
		return;
	}
	cairo_t *cr = g->cr;
	marker_path(cr, f->shape, x, y, MARKER_R * g->s * 0.92);
	set_rgb(cr, C_BG);
	cairo_fill_preserve(cr);
	set_rgb(cr, f->col);
	cairo_set_line_width(cr, 2.6 * g->s);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
	cairo_stroke(cr);
}

/*
 * A point's label. A polyline's members say only their parameter ("64")
 * except one, which carries the name ("horner 128", see draw()), so a family
 * of eight reads as one curve, not eight names; other points say their name,
 * with the parameter when they have one. Open markers add the thread count.
 */
static void point_text(const struct analysis *a, const struct kernels *k, size_t i, int named, char *buf, size_t n)
{
	const struct point *p = &a->points[i];
	const struct group *gr = &k->grp[k->grp_of[i]];
	int len;
	if (joined(gr) && !named)
		len = snprintf(buf, n, "%ld", p->param);
	else if (p->param > 0)
		len = snprintf(buf, n, "%s %ld", p->kernel, p->param);
	else
		len = snprintf(buf, n, "%s", p->kernel);
	if (gr->hollow && (!joined(gr) || named) && len > 0 && (size_t)len < n)
		len += snprintf(buf + len, n - (size_t)len, " @%dt", p->threads);
	if (gr->style != LV_BASE && len > 0 && (size_t)len < n)
		snprintf(buf + len, n - (size_t)len, " (%s)", gr->level);
}

/* ---- legend --------------------------------------------------------------------- */

enum { LEG_FAMILY, LEG_ROOF, LEG_CEILING, LEG_ALLCORE, LEG_OPEN, LEG_LEVEL };

struct legend_row {
	int kind;
	const struct family *fam;
	enum level_style style;  /* LEG_LEVEL */
	char text[48];
};

struct legend {
	struct legend_row rows[ANALYSIS_MAX_POINTS + 5];
	size_t n;
	int cols;
	double col_w, row_h, sample_w, pad;
	struct labels_box box;
	int placed;
};

static void build_legend(struct fig *g, const struct kernels *k, struct legend *lg)
{
	const struct analysis *a = g->a;
	int has_ceiling = 0, allcore = 0;
	lg->n = 0;
	for (size_t j = 0; j < k->nfam; j++) {
		struct legend_row *r = &lg->rows[lg->n++];
		r->kind = LEG_FAMILY;
		r->fam = &k->fam[j];
		snprintf(r->text, sizeof r->text, "%.47s", k->fam[j].name);
	}
	for (size_t i = 0; i < a->nroofs; i++) {
		if (!roof_ok(&a->roofs[i]))
			continue;
		const char *suf = roof_suffix(a->roofs[i].name);
		if (a->roofs[i].kind == ROOF_CEILING)
			has_ceiling = 1;
		if (*suf)
			allcore = atoi(suf + 1);
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
		lg->rows[lg->n].style = (enum level_style)st;
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
#undef ROW

	set_font(g, PX_LEGEND, 0);
	double s = g->s, tw = 0;
	for (size_t i = 0; i < lg->n; i++) {
		cairo_text_extents_t te;
		cairo_text_extents(g->cr, lg->rows[i].text, &te);
		tw = fmax(tw, te.x_advance);
	}
	lg->pad = 12 * s;
	lg->row_h = 29 * s;
	lg->sample_w = 40 * s;
	lg->col_w = lg->sample_w + 10 * s + tw;
	lg->cols = 1;
}

static double legend_w(const struct legend *lg)
{
	return 2 * lg->pad + lg->cols * lg->col_w + (lg->cols - 1) * 24 * lg->pad / 12;
}

static size_t legend_rows_per_col(const struct legend *lg)
{
	return (lg->n + (size_t)lg->cols - 1) / (size_t)lg->cols;
}

static double legend_h(const struct legend *lg)
{
	return 2 * lg->pad + (double)legend_rows_per_col(lg) * lg->row_h - 4 * lg->pad / 12;
}

/*
 * A spot for the legend: near a corner of the plot (top left, bottom right,
 * top right, bottom left), in one column and then in two, searched outwards
 * from the corner along anti-diagonals so the nearest free spot wins.
 */
static void place_legend(struct fig *g, struct legend *lg)
{
	if (lg->n == 0)
		return;
	struct labels_box pb = plot_box(g);
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
	labels_add_box(&g->scene, lg->box);
}

static void rounded_rect(cairo_t *cr, struct labels_box b, double r)
{
	cairo_new_path(cr);
	cairo_arc(cr, b.x1 - r, b.y0 + r, r, -M_PI / 2, 0);
	cairo_arc(cr, b.x1 - r, b.y1 - r, r, 0, M_PI / 2);
	cairo_arc(cr, b.x0 + r, b.y1 - r, r, M_PI / 2, M_PI);
	cairo_arc(cr, b.x0 + r, b.y0 + r, r, M_PI, 1.5 * M_PI);
	cairo_close_path(cr);
}

static void draw_legend(struct fig *g, const struct legend *lg)
{
	if (lg->n == 0)
		return;
	cairo_t *cr = g->cr;
	double s = g->s;
	size_t per_col = legend_rows_per_col(lg);
	rounded_rect(cr, lg->box, 6 * s);
	cairo_set_source_rgba(cr, 1, 1, 1, lg->placed ? 0.92 : 1.0);
	cairo_fill_preserve(cr);
	cairo_set_line_width(cr, 1.2 * s);
	set_rgb(cr, C_GRID);
	cairo_stroke(cr);
	set_font(g, PX_LEGEND, 0);
	for (size_t i = 0; i < lg->n; i++) {
		const struct legend_row *r = &lg->rows[i];
		size_t col = i / per_col, row = i % per_col;
		double cy = lg->box.y0 + lg->pad + (row + 0.5) * lg->row_h - 2 * s;
		double sx0 = lg->box.x0 + lg->pad + col * (lg->col_w + 24 * s), sx1 = sx0 + lg->sample_w;
		double mx = 0.5 * (sx0 + sx1);
		if (r->kind == LEG_FAMILY) {
			if (r->fam->joined) {
				cairo_new_path(cr);
				cairo_move_to(cr, sx0, cy);
				cairo_line_to(cr, sx1, cy);
				cairo_set_source_rgba(cr, r->fam->col.r, r->fam->col.g, r->fam->col.b, 0.55);
				cairo_set_line_width(cr, 2 * s);
				cairo_stroke(cr);
			}
			draw_marker(g, r->fam->shape, r->fam->col, mx, cy);
		} else if (r->kind == LEG_LEVEL) {
			double dash[2];
			int nd = level_dashes(r->style, s, dash);
			cairo_save(cr);
			cairo_new_path(cr);
			cairo_move_to(cr, sx0, cy);
			cairo_line_to(cr, sx1, cy);
			set_rgb(cr, C_MUTED);
			cairo_set_line_width(cr, (r->style == LV_L1 ? 2.8 : 2) * s);
			cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
			cairo_set_dash(cr, dash, nd, 0);
			cairo_stroke(cr);
			cairo_restore(cr);
			draw_outlined_marker(g, SH_CIRCLE, C_MUTED, r->style == LV_OTHER, mx, cy);
		} else if (r->kind == LEG_OPEN) {
			marker_path(cr, SH_CIRCLE, mx, cy, MARKER_R * s * 0.92);
			set_rgb(cr, C_BG);
			cairo_fill_preserve(cr);
			set_rgb(cr, C_MUTED);
			cairo_set_line_width(cr, 2.6 * s);
			cairo_stroke(cr);
		} else {
			struct line l;
			memset(&l, 0, sizeof l);
			l.x0 = sx0;
			l.x1 = sx1;
			l.y0 = l.y1 = cy;
			l.width = r->kind == LEG_CEILING ? 2.2 : 3.0;
			l.dashed = r->kind == LEG_CEILING;
			l.col = r->kind == LEG_ALLCORE ? C_ALLCORE : r->kind == LEG_CEILING ? C_CACHE : C_ROOF;
			stroke_line(g, &l);
		}
		cairo_text_extents_t te;
		cairo_text_extents(cr, r->text, &te);
		cairo_move_to(cr, sx1 + 10 * s, cy - te.y_bearing - te.height / 2);
		show_text(g, r->text, C_TEXT, 0);
	}
}

/* ---- axes ---------------------------------------------------------------------- */

static void draw_grid(struct fig *g)
{
	cairo_t *cr = g->cr;
	const struct plot_frame *f = &g->f;
	double s = g->s;
	for (int major = 0; major < 2; major++) {
		cairo_new_path(cr);
		for (int axis = 0; axis < 2; axis++) {
			double lo = axis ? f->ymin : f->xmin, hi = axis ? f->ymax : f->xmax;
			for (int k = (int)floor(log10(lo)) - 1; k <= (int)ceil(log10(hi)); k++)
				for (int m = 1; m <= 9; m++) {
					double v = m * pow(10, k), x, y;
					if ((m == 1) != major || v < lo * (1 + 1e-9) || v > hi * (1 - 1e-9))
						continue;
					plot_to_pixel(f, axis ? f->xmin : v, axis ? v : f->ymin, &x, &y);
					if (axis) {
						cairo_move_to(cr, f->left, round(y) + 0.5);
						cairo_line_to(cr, f->right, round(y) + 0.5);
					} else {
						cairo_move_to(cr, round(x) + 0.5, f->top);
						cairo_line_to(cr, round(x) + 0.5, f->bottom);
					}
				}
		}
		set_rgb(cr, major ? C_GRID : C_GRID_MINOR);
		cairo_set_line_width(cr, (major ? 1.3 : 1.0) * fmax(s, 0.75));
		cairo_stroke(cr);
	}
}

static void draw_axes(struct fig *g)
{
	cairo_t *cr = g->cr;
	const struct plot_frame *f = &g->f;
	double s = g->s;
	char buf[32];

	cairo_new_path(cr);
	cairo_rectangle(cr, f->left, f->top, f->right - f->left, f->bottom - f->top);
	set_rgb(cr, C_AXIS);
	cairo_set_line_width(cr, 1.5 * s);
	cairo_stroke(cr);

	/* Ticks: outwards, decades long, 2..9 short. */
	cairo_new_path(cr);
	for (int axis = 0; axis < 2; axis++) {
		double lo = axis ? f->ymin : f->xmin, hi = axis ? f->ymax : f->xmax;
		for (int k = (int)floor(log10(lo)) - 1; k <= (int)ceil(log10(hi)); k++)
			for (int m = 1; m <= 9; m++) {
				double v = m * pow(10, k), x, y, len = (m == 1 ? 10 : 5.5) * s;
				if (v < lo * (1 - 1e-9) || v > hi * (1 + 1e-9))
					continue;
				plot_to_pixel(f, axis ? f->xmin : v, axis ? v : f->ymin, &x, &y);
				if (axis) {
					cairo_move_to(cr, f->left, y);
					cairo_line_to(cr, f->left - len, y);
				} else {
					cairo_move_to(cr, x, f->bottom);
					cairo_line_to(cr, x, f->bottom + len);
				}
			}
	}
	cairo_set_line_width(cr, 1.4 * s);
	cairo_stroke(cr);

	/* Decade labels; every other one when they would crowd. */
	set_font(g, PX_TICK, 0);
	for (int axis = 0; axis < 2; axis++) {
		double lo = axis ? f->ymin : f->xmin, hi = axis ? f->ymax : f->xmax;
		int k0 = (int)ceil(log10(lo) - 1e-9), k1 = (int)floor(log10(hi) + 1e-9);
		double per_decade = (axis ? f->bottom - f->top : f->right - f->left) / log10(hi / lo);
		double need = 0;
		for (int k = k0; k <= k1; k++) {
			cairo_text_extents_t te;
			decade_text(k, buf, sizeof buf);
			cairo_text_extents(cr, buf, &te);
			need = fmax(need, axis ? te.height * 1.8 : te.x_advance + 18 * s);
		}
		int every = per_decade >= need ? 1 : (int)ceil(need / per_decade);
		for (int k = k0; k <= k1; k++) {
			if ((k - k0) % every)
				continue;
			double x, y;
			cairo_text_extents_t te;
			decade_text(k, buf, sizeof buf);
			cairo_text_extents(cr, buf, &te);
			plot_to_pixel(f, axis ? f->xmin : pow(10, k), axis ? pow(10, k) : f->ymin, &x, &y);
			if (axis)
				cairo_move_to(cr, f->left - 16 * s - te.x_advance, y - te.y_bearing - te.height / 2);
			else
				cairo_move_to(cr, x - te.x_bearing - te.width / 2, f->bottom + 16 * s - te.y_bearing);
			show_text(g, buf, C_TEXT, 0);
		}
	}

	/* Axis titles. */
	set_font(g, PX_AXIS_TITLE, 0);
	const char *xt = "Arithmetic intensity (flop/byte)", *yt = "Performance (GFLOP/s)";
	cairo_text_extents_t te;
	cairo_text_extents(cr, xt, &te);
	cairo_move_to(cr, 0.5 * (f->left + f->right) - te.x_advance / 2, f->height - 24 * s);
	show_text(g, xt, C_TEXT, 0);
	cairo_text_extents(cr, yt, &te);
	cairo_save(cr);
	cairo_translate(cr, 22 * s - te.y_bearing, 0.5 * (f->top + f->bottom) + te.x_advance / 2);
	cairo_rotate(cr, -M_PI / 2);
	cairo_move_to(cr, 0, 0);
	show_text(g, yt, C_TEXT, 0);
	cairo_restore(cr);
}

/* Text at (x, y) shrunk until it fits in `maxw`. */
static void fitted_text(struct fig *g, const char *text, double px, int bold, double x, double y,
			double maxw, struct rgb col)
{
	cairo_text_extents_t te;
	set_font(g, px, bold);
	cairo_text_extents(g->cr, text, &te);
	if (te.x_advance > maxw && te.x_advance > 0)
		cairo_set_font_size(g->cr, px * g->s * maxw / te.x_advance);
	cairo_move_to(g->cr, x, y);
	show_text(g, text, col, 0);
}

static void draw_titles(struct fig *g, const struct plot_meta *m)
{
	double s = g->s, x = 22 * s, maxw = g->f.width - 44 * s;
	char title[256], sub[512];
	if (m && m->cpu_model && *m->cpu_model)
		snprintf(title, sizeof title, "Roofline of %s", m->cpu_model);
	else
		snprintf(title, sizeof title, "Roofline");
	fitted_text(g, title, PX_TITLE, 1, x, 52 * s, maxw, C_TEXT);

	/* "gcc 12.2.0, -O3 -march=native  ·  1 thread  ·  2024-05-01T12:00:00Z" */
	size_t n = 0;
	sub[0] = 0;
#define PART(...) do { if (n < sizeof sub) n += (size_t)snprintf(sub + n, sizeof sub - n, __VA_ARGS__); } while (0)
	if (m && m->compiler && *m->compiler)
		PART("%s%s%s", m->compiler, m->compiler_version && *m->compiler_version ? " " : "",
		     m->compiler_version ? m->compiler_version : "");
	if (m && m->kernel_cflags && *m->kernel_cflags)
		PART("%s%s", n ? ", kernels " : "kernels ", m->kernel_cflags);
	if (m && m->threads > 0)
		PART("%s%d thread%s", n ? "  \u00b7  " : "", m->threads, m->threads == 1 ? "" : "s");
	if (m && m->date_utc && *m->date_utc)
		PART("%s%s", n ? "  \u00b7  " : "", m->date_utc);
#undef PART
	if (sub[0])
		fitted_text(g, sub, PX_SUBTITLE, 0, x, 90 * s, maxw, C_MUTED);
}

/* ---- the figure ----------------------------------------------------------------- */

/* ---- the user's points (plot --points) ------------------------------------------ */

static const struct rgb C_FLAG = HEX(0xc0392b);    /* above its roof */

struct user_layer {
	const struct userpoints *up;
	size_t n;                                    /* points drawn (finite, positive) */
	struct userpoints_arrow arrows[USERPOINTS_MAX];
	size_t narrows;
	struct labels_item items[USERPOINTS_MAX];
	char text[USERPOINTS_MAX][104];   /* name (47) version (31) and the flag */
	struct rgb col[USERPOINTS_MAX];
};

/* The user's points and arrows as occupied space, so that no label covers them. */
static void user_layout(struct fig *g, const struct userpoints *up, struct user_layer *u)
{
	memset(u, 0, sizeof *u);
	u->up = up;
	if (!up)
		return;
	double s = g->s, mr = MARKER_R * 1.5 * s;
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
		struct labels_box b = { x - mr, y - mr, x + mr, y + mr };
		labels_add_box(&g->scene, b);
	}
}

/* Their labels, "name version" (and "above its roof"), after the kernels' labels. */
static void user_labels(struct fig *g, struct user_layer *u)
{
	if (!u->up)
		return;
	double s = g->s, mr = MARKER_R * 1.5 * s;
	set_font(g, PX_POINT_LABEL, 1);
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

/* A line from (x0,y0) to (x1,y1) ending in a filled head, stopping short of the marker. */
static void arrow(struct fig *g, struct rgb col, double x0, double y0, double x1, double y1)
{
	cairo_t *cr = g->cr;
	double s = g->s, dx = x1 - x0, dy = y1 - y0, len = hypot(dx, dy);
	double stop = MARKER_R * 1.6 * s, head = 16 * s;
	if (len < 2 * stop + head)
		return;
	double ux = dx / len, uy = dy / len;
	double sx = x0 + ux * stop, sy = y0 + uy * stop, ex = x1 - ux * stop, ey = y1 - uy * stop;
	cairo_new_path(cr);
	cairo_move_to(cr, sx, sy);
	cairo_line_to(cr, ex - ux * head * 0.8, ey - uy * head * 0.8);
	set_rgb(cr, col);
	cairo_set_line_width(cr, 3 * s);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
	cairo_stroke(cr);
	cairo_new_path(cr);
	cairo_move_to(cr, ex, ey);
	cairo_line_to(cr, ex - ux * head - uy * head * 0.45, ey - uy * head + ux * head * 0.45);
	cairo_line_to(cr, ex - ux * head + uy * head * 0.45, ey - uy * head - ux * head * 0.45);
	cairo_close_path(cr);
	cairo_fill(cr);
}

/* Arrows, then stars (flagged ones ringed), counting what is drawn into st. */
static void user_paint(struct fig *g, const struct user_layer *u, struct plot_stats *st)
{
	if (!u->up)
		return;
	cairo_t *cr = g->cr;
	double s = g->s;
	for (size_t k = 0; k < u->narrows; k++) {
		const struct point *p0 = &u->up->v[u->arrows[k].from].p, *p1 = &u->up->v[u->arrows[k].to].p;
		double x0, y0, x1, y1;
		if (!point_ok(p0) || !point_ok(p1))
			continue;
		plot_to_pixel(&g->f, p0->ai, p0->gflops, &x0, &y0);
		plot_to_pixel(&g->f, p1->ai, p1->gflops, &x1, &y1);
		arrow(g, u->col[u->arrows[k].from], x0, y0, x1, y1);
		st->user_arrows++;
	}
	for (size_t i = 0; i < u->up->n; i++) {
		const struct userpoint *up = &u->up->v[i];
		double x, y;
		/* Counted only inside the frame: the frame is made to hold them all. */
		if (!point_ok(&up->p) || up->p.ai < g->f.xmin || up->p.ai > g->f.xmax ||
		    up->p.gflops < g->f.ymin || up->p.gflops > g->f.ymax)
			continue;
		plot_to_pixel(&g->f, up->p.ai, up->p.gflops, &x, &y);
		if (up->above) {
			cairo_new_path(cr);
			cairo_arc(cr, x, y, MARKER_R * 2.1 * s, 0, 2 * M_PI);
			set_rgb(cr, C_FLAG);
			cairo_set_line_width(cr, 3 * s);
			cairo_stroke(cr);
			st->user_flagged++;
		}
		marker_path(cr, SH_STAR, x, y, MARKER_R * 1.45 * s);
		set_rgb(cr, u->col[i]);
		cairo_fill_preserve(cr);
		set_rgb(cr, darker(u->col[i], 0.6));
		cairo_set_line_width(cr, 1.5 * s);
		cairo_stroke(cr);
		st->user_points++;
	}
}

/* Labels on top of everything but the legend. */
static void user_paint_labels(struct fig *g, const struct user_layer *u, struct plot_stats *st)
{
	if (!u->up)
		return;
	set_font(g, PX_POINT_LABEL, 1);
	for (size_t i = 0; i < u->up->n; i++) {
		if (!u->items[i].placed)
			continue;
		text_in_box(g, u->text[i], u->items[i].box, u->up->v[i].above ? C_FLAG : darker(u->col[i], 0.7));
		st->user_labels++;
	}
}

static void draw(cairo_t *cr, const struct analysis *a, const struct plot_meta *meta, const struct plot_frame *f,
		 struct plot_stats *st)
{
	struct fig g = { .cr = cr, .a = a, .f = *f, .s = f->scale };
	double s = g.s;
	struct labels_box pb = plot_box(&g);
	struct labels_box inner = { pb.x0 + 3 * s, pb.y0 + 3 * s, pb.x1 - 3 * s, pb.y1 - 3 * s };
	struct line lines[ANALYSIS_MAX_ROOFS];
	struct kernels *k = xmalloc(sizeof *k);
	struct legend *lg = xmalloc(sizeof *lg);
	struct labels_item items[ANALYSIS_MAX_POINTS];
	size_t item_point[ANALYSIS_MAX_POINTS];
	char item_text[ANALYSIS_MAX_POINTS][80];

	cairo_font_options_t *fo = cairo_font_options_create();
	cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
	cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
	cairo_set_font_options(cr, fo);
	cairo_font_options_destroy(fo);

	set_rgb(cr, C_BG);
	cairo_paint(cr);
	labels_init(&g.scene, inner, 2 * s);
	labels_init(&g.roofs, inner, 2 * s);

	/* Geometry first: lines, polylines and markers become occupied space. */
	size_t nlines = build_lines(&g, lines);
	for (size_t i = 0; i < nlines; i++)
		if (lines[i].visible) {
			struct labels_seg seg = { lines[i].x0, lines[i].y0, lines[i].x1, lines[i].y1,
						  0.5 * lines[i].width * s, 1 };
			labels_add_seg(&g.scene, seg);
			labels_add_seg(&g.roofs, seg);
		}
	build_kernels(a, k);
	for (size_t j = 0; j < k->ngrp; j++) {
		const struct group *gr = &k->grp[j];
		if (!joined(gr))
			continue;
		for (size_t i = 1; i < gr->n; i++) {
			const struct point *p0 = &a->points[k->byparam[gr->start + i - 1]];
			const struct point *p1 = &a->points[k->byparam[gr->start + i]];
			struct labels_seg seg = { 0, 0, 0, 0, 1.0 * s, 1 };
			plot_to_pixel(f, p0->ai, p0->gflops, &seg.x0, &seg.y0);
			plot_to_pixel(f, p1->ai, p1->gflops, &seg.x1, &seg.y1);
			labels_add_seg(&g.scene, seg);
		}
	}
	double mr = MARKER_R * 1.3 * s;
	for (size_t i = 0; i < a->npoints && i < ANALYSIS_MAX_POINTS; i++) {
		double x, y;
		if (k->grp_of[i] < 0)
			continue;
		plot_to_pixel(f, a->points[i].ai, a->points[i].gflops, &x, &y);
		struct labels_box b = { x - mr, y - mr, x + mr, y + mr };
		labels_add_box(&g.scene, b);
	}
	struct user_layer *ul = xmalloc(sizeof *ul);
	user_layout(&g, meta ? meta->user : NULL, ul);
	double ridge = a->ridge, rpeak = peak_for(a, "");
	const struct roof *dram = dram_for(a, "");
	if (!(isfinite(ridge) && ridge > 0) && dram && isfinite(rpeak))
		ridge = rpeak / dram->value;   /* where the drawn DRAM slope meets the drawn peak */
	int has_ridge = isfinite(ridge) && ridge > 0 && isfinite(rpeak) &&
			ridge >= f->xmin && ridge <= f->xmax;
	double rx = 0, ry = 0;
	if (has_ridge) {
		plot_to_pixel(f, ridge, rpeak, &rx, &ry);
		struct labels_box b = { rx - 8 * s, ry - 8 * s, rx + 8 * s, ry + 8 * s };
		labels_add_box(&g.scene, b);
		labels_add_box(&g.roofs, b);
	}

	/* Labels: roofs along their lines, the ridge, the legend, then the points. */
	for (size_t i = 0; i < nlines; i++)
		place_line_label(&g, &lines[i]);
	struct labels_item ridge_item = { 0 };
	char ridge_text[64];
	snprintf(ridge_text, sizeof ridge_text, "ridge %.3g flop/byte", ridge);
	if (has_ridge) {
		set_font(&g, PX_ROOF_LABEL, 0);
		struct ink ik = measure(&g, ridge_text);
		ridge_item = (struct labels_item){ .ax = rx, .ay = ry, .w = ik.w, .h = ik.h, .gap = 10 * s,
						   .max_r = 200 * s, .leader = 1 };
		labels_place(&g.scene, &ridge_item);
	}
	build_legend(&g, k, lg);
	place_legend(&g, lg);

	/*
	 * Each polyline's name first, at the last member where it fits right
	 * next to the point (trying the members from the last back), else at
	 * the last one wherever it fits; then every other label, the most
	 * hemmed-in first (labels_place_all). The polylines of other levels
	 * come after those of the base level, and name themselves only right
	 * next to a member: a long leader across the figure would confuse more
	 * than their line style and the legend leave unsaid.
	 */
	size_t nitems = 0;
	char named[ANALYSIS_MAX_POINTS] = { 0 };
	set_font(&g, PX_POINT_LABEL, 0);
	for (size_t jj = 0; jj < 2 * k->ngrp; jj++) {
		size_t j = jj % k->ngrp;
		const struct group *gr = &k->grp[j];
		if (!joined(gr) || (gr->style != LV_BASE) != (jj >= k->ngrp))
			continue;
		for (size_t m = gr->n; m-- > 0;) {
			size_t pi = k->byparam[gr->start + m];
			struct labels_item *it = &items[nitems];
			double x, y;
			plot_to_pixel(f, a->points[pi].ai, a->points[pi].gflops, &x, &y);
			point_text(a, k, pi, 1, item_text[nitems], sizeof item_text[0]);
			struct ink ik = measure(&g, item_text[nitems]);
			*it = (struct labels_item){ .ax = x, .ay = y, .w = ik.w, .h = ik.h, .gap = mr + 1 * s,
						    .leader = 1, .max_r = mr + 1 * s + ik.h };
			if (m == 0 && gr->style != LV_BASE) {
				if (labels_place(&g.scene, it) != 0)
					break;
			} else if (m == 0) {
				/* Nowhere near: back to the last member, as far as it takes. */
				pi = k->byparam[gr->start + gr->n - 1];
				plot_to_pixel(f, a->points[pi].ai, a->points[pi].gflops, &x, &y);
				point_text(a, k, pi, 1, item_text[nitems], sizeof item_text[0]);
				ik = measure(&g, item_text[nitems]);
				*it = (struct labels_item){ .ax = x, .ay = y, .w = ik.w, .h = ik.h,
							    .gap = mr + 1 * s, .leader = 1 };
				labels_place(&g.scene, it);
			} else if (labels_place(&g.scene, it) != 0) {
				continue;
			}
			named[pi] = 1;
			item_point[nitems++] = pi;
			break;
		}
	}
	size_t first_other = nitems;
	for (size_t j = 0; j < k->ngrp; j++)
		for (size_t i = 0; i < k->grp[j].n; i++) {
			size_t pi = k->byparam[k->grp[j].start + i];
			double x, y;
			/* Another level's polyline says its name only: its members' D are the base level's. */
			if (named[pi] || (k->grp[j].style != LV_BASE && joined(&k->grp[j])))
				continue;
			plot_to_pixel(f, a->points[pi].ai, a->points[pi].gflops, &x, &y);
			point_text(a, k, pi, 0, item_text[nitems], sizeof item_text[0]);
			struct ink ik = measure(&g, item_text[nitems]);
			items[nitems] = (struct labels_item){ .ax = x, .ay = y, .w = ik.w, .h = ik.h,
							      .gap = mr + 1 * s, .leader = 1 };
			item_point[nitems] = pi;
			nitems++;
		}
	labels_place_all(&g.scene, items + first_other, nitems - first_other);
	user_labels(&g, ul);

	/* Now draw, back to front. */
	draw_titles(&g, meta);
	cairo_save(cr);
	cairo_rectangle(cr, pb.x0, pb.y0, pb.x1 - pb.x0, pb.y1 - pb.y0);
	cairo_clip(cr);
	if (dram && isfinite(rpeak)) {
		/* The region a DRAM-resident kernel can reach, lightly shaded. */
		double x, y;
		cairo_new_path(cr);
		plot_to_pixel(f, f->xmin, f->ymin, &x, &y);
		cairo_move_to(cr, x, y);
		plot_to_pixel(f, f->xmin, dram->value * f->xmin, &x, &y);
		cairo_line_to(cr, x, y);
		plot_to_pixel(f, rpeak / dram->value, rpeak, &x, &y);
		cairo_line_to(cr, x, y);
		plot_to_pixel(f, f->xmax, rpeak, &x, &y);
		cairo_line_to(cr, x, y);
		plot_to_pixel(f, f->xmax, f->ymin, &x, &y);
		cairo_line_to(cr, x, y);
		cairo_close_path(cr);
		set_rgb(cr, C_SHADE);
		cairo_fill(cr);
	}
	draw_grid(&g);
	if (has_ridge) {
		/* A dotted drop line from the ridge to the axis, under everything else. */
		cairo_new_path(cr);
		cairo_move_to(cr, rx, ry);
		cairo_line_to(cr, rx, f->bottom);
		double dots[2] = { 2 * s, 5 * s };
		cairo_set_dash(cr, dots, 2, 0);
		cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
		cairo_set_line_width(cr, 1.6 * s);
		set_rgb(cr, C_LEADER);
		cairo_stroke(cr);
		cairo_set_dash(cr, NULL, 0, 0);
	}
	for (int pass = 0; pass < 2; pass++)   /* the roofline proper on top of the others */
		for (size_t i = 0; i < nlines; i++)
			if (lines[i].visible && (lines[i].width > 3) == pass)
				stroke_line(&g, &lines[i]);
	/* Polylines of the other levels first, the base level's over them. */
	for (size_t jj = 0; jj < 2 * k->ngrp; jj++) {
		size_t j = jj % k->ngrp;
		const struct group *gr = &k->grp[j];
		const struct family *fm = &k->fam[gr->fam];
		if (!joined(gr) || (gr->style == LV_BASE) != (jj >= k->ngrp))
			continue;
		if (gr->trajectory)
			draw_arrows(&g, a, k, gr, fm->col);
		cairo_new_path(cr);
		for (size_t i = 0; i < gr->n; i++) {
			const struct point *p = &a->points[k->byparam[gr->start + i]];
			double x, y;
			plot_to_pixel(f, p->ai, p->gflops, &x, &y);
			if (i == 0)
				cairo_move_to(cr, x, y);
			else
				cairo_line_to(cr, x, y);
		}
		cairo_set_source_rgba(cr, fm->col.r, fm->col.g, fm->col.b, 0.55);
		cairo_set_line_width(cr, 2 * s);
		cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
		double ldash[2];
		int nld = level_dashes(gr->style, s, ldash);
		if (nld) {
			cairo_save(cr);
			cairo_set_dash(cr, ldash, nld, 0);
			cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
			if (gr->style == LV_L1)
				cairo_set_line_width(cr, 2.8 * s);   /* dots as heavy as the dashes */
			cairo_stroke(cr);
			cairo_restore(cr);
			continue;
		}
		if (gr->hollow) {
			double dash[2] = { 6 * s, 4 * s };
			cairo_set_dash(cr, dash, 2, 0);
		}
		cairo_stroke(cr);
		cairo_set_dash(cr, NULL, 0, 0);
	}
	/* Leaders for labels that had to move away from their point. */
	for (size_t i = 0; i <= nitems; i++) {
		const struct labels_item *it = i < nitems ? &items[i] : &ridge_item;
		if (!it->placed || !it->moved)
			continue;
		double lx0, ly0, lx1, ly1;
		labels_leader(it, &lx0, &ly0, &lx1, &ly1);
		cairo_new_path(cr);
		cairo_move_to(cr, lx0, ly0);
		cairo_line_to(cr, lx1, ly1);
		set_rgb(cr, C_LEADER);
		cairo_set_line_width(cr, 1.2 * s);
		cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
		cairo_stroke(cr);
	}
	/* Single points over polylines' members; the base level over the others. */
	for (int pass = 0; pass < 4; pass++)
		for (size_t i = 0; i < a->npoints && i < ANALYSIS_MAX_POINTS; i++) {
			double x, y;
			if (k->grp_of[i] < 0)
				continue;
			const struct group *gr = &k->grp[k->grp_of[i]];
			if ((gr->style == LV_BASE) != (pass >= 2) || (!joined(gr)) != (pass % 2))
				continue;
			plot_to_pixel(f, a->points[i].ai, a->points[i].gflops, &x, &y);
			draw_point_marker(&g, k, &k->grp[k->grp_of[i]], x, y);
		}
	memset(st, 0, sizeof *st);
	user_paint(&g, ul, st);
	if (has_ridge) {
		cairo_new_path(cr);
		cairo_arc(cr, rx, ry, 6.5 * s, 0, 2 * M_PI);
		set_rgb(cr, C_BG);
		cairo_fill_preserve(cr);
		set_rgb(cr, C_ROOF);
		cairo_set_line_width(cr, 2.6 * s);
		cairo_stroke(cr);
	}
	cairo_restore(cr);

	for (size_t i = 0; i < nlines; i++)
		draw_line_label(&g, &lines[i]);
	if (has_ridge && ridge_item.placed) {
		set_font(&g, PX_ROOF_LABEL, 0);
		text_in_box(&g, ridge_text, ridge_item.box, C_ROOF);
	}
	set_font(&g, PX_POINT_LABEL, 0);
	for (size_t i = 0; i < nitems; i++) {
		/* A label with no free spot is left out rather than drawn over something. */
		if (!items[i].placed)
			continue;
		const struct group *gr = &k->grp[k->grp_of[item_point[i]]];
		text_in_box(&g, item_text[i], items[i].box, darker(k->fam[gr->fam].col, 0.7));
	}
	user_paint_labels(&g, ul, st);
	draw_legend(&g, lg);
	draw_axes(&g);

	for (size_t i = 0; i < nlines; i++) {
		st->roofs += lines[i].visible;
		st->roof_labels += lines[i].visible && lines[i].labelled;
		st->roof_crowded += lines[i].visible && lines[i].labelled && lines[i].crowded;
	}
	st->points = nitems;
	for (size_t i = 0; i < nitems; i++)
		st->points_dropped += !items[i].placed;
	labels_free(&g.scene);
	labels_free(&g.roofs);
	free(k);
	free(lg);
	free(ul);
}

/* ---- files ---------------------------------------------------------------------- */

static cairo_status_t write_fp(void *closure, const unsigned char *data, unsigned int length)
{
	FILE *fp = closure;
	return fwrite(data, 1, length, fp) == length ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR;
}

int plot_roofline(const struct analysis *a, const struct plot_meta *meta, const char *path,
		  const char *format, int width, int height, char *err, size_t errlen)
{
	return plot_roofline_stats(a, meta, path, format, width, height, NULL, err, errlen);
}

int plot_roofline_stats(const struct analysis *a, const struct plot_meta *meta, const char *path,
			const char *format, int width, int height, struct plot_stats *stats,
			char *err, size_t errlen)
{
	struct plot_stats counts;
	struct outfile o = { 0 };
	cairo_surface_t *surf = NULL;
	cairo_t *cr = NULL;
	struct plot_frame f;
	cairo_status_t st = CAIRO_STATUS_SUCCESS;
	int png = 0;

	if (!format || (strcmp(format, "png") && strcmp(format, "svg") && strcmp(format, "pdf"))) {
		snprintf(err, errlen, "unknown figure format '%s' (png, svg or pdf)", format ? format : "");
		return -1;
	}
	if (width < PLOT_MIN_WIDTH || height < PLOT_MIN_HEIGHT || width > 20000 || height > 20000) {
		snprintf(err, errlen, "figure size %dx%d out of range (%dx%d to 20000x20000)", width, height,
			 PLOT_MIN_WIDTH, PLOT_MIN_HEIGHT);
		return -1;
	}
	if (outfile_open(&o, path, err, errlen) != 0)
		return -1;
	png = strcmp(format, "png") == 0;
	if (png) {
		surf = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height);
	} else if (strcmp(format, "svg") == 0) {
		surf = cairo_svg_surface_create_for_stream(write_fp, o.fp, width, height);
		cairo_svg_surface_set_document_unit(surf, CAIRO_SVG_UNIT_PX);
	} else {
		surf = cairo_pdf_surface_create_for_stream(write_fp, o.fp, width, height);
		cairo_pdf_surface_set_metadata(surf, CAIRO_PDF_METADATA_TITLE, "Roofline");
		cairo_pdf_surface_set_metadata(surf, CAIRO_PDF_METADATA_CREATOR, "roofline");
	}
	if ((st = cairo_surface_status(surf)) != CAIRO_STATUS_SUCCESS)
		goto fail;
	cr = cairo_create(surf);
	if (meta && meta->user && meta->user->n) {
		/* The frame holds the user's points too: frame a copy that has them as points. */
		struct analysis *with = xmalloc(sizeof *with);
		*with = *a;
		for (size_t i = 0; i < meta->user->n && with->npoints < ANALYSIS_MAX_POINTS; i++)
			with->points[with->npoints++] = meta->user->v[i].p;
		plot_frame_for(with, width, height, &f);
		free(with);
	} else {
		plot_frame_for(a, width, height, &f);
	}
	draw(cr, a, meta, &f, &counts);
	if ((st = cairo_status(cr)) != CAIRO_STATUS_SUCCESS)
		goto fail;
	cairo_destroy(cr);
	cr = NULL;
	if (png && (st = cairo_surface_write_to_png_stream(surf, write_fp, o.fp)) != CAIRO_STATUS_SUCCESS)
		goto fail;
	cairo_surface_finish(surf);
	if ((st = cairo_surface_status(surf)) != CAIRO_STATUS_SUCCESS)
		goto fail;
	cairo_surface_destroy(surf);
	surf = NULL;
	if (outfile_commit(&o, err, errlen) != 0)
		return -1;
	if (stats)
		*stats = counts;
	return 0;

fail:
	snprintf(err, errlen, "cannot write %s: %s", path, cairo_status_to_string(st));
	if (cr)
		cairo_destroy(cr);
	if (surf)
		cairo_surface_destroy(surf);
	outfile_abort(&o);
	return -1;
}

/* ---- pieces other figures share --------------------------------------------------- */

void plot_draw_grid(cairo_t *cr, const struct plot_frame *f)
{
	struct fig g = { .cr = cr, .f = *f, .s = f->scale };
	draw_grid(&g);
}

void plot_draw_axes(cairo_t *cr, const struct plot_frame *f)
{
	struct fig g = { .cr = cr, .f = *f, .s = f->scale };
	draw_axes(&g);
}
