/*
 * fleet_figure.c - see fleet_figure.h.
 *
 * The fleet's roofs of one thread count become bands, median lines, the
 * outside nodes' lines and their labels, all in pixels; emit's
 * plot_fleet.c only draws them. The frame is taken from a run made of the
 * fleet's median, smallest and largest roofs, so the axes are those a
 * single node's figure would have.
 */
#include "fleet_figure.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

/* 0xRRGGBB as 0..1 channels. */
#define RGB24(v) { (double)((v) >> 16 & 0xff) / 255, (double)((v) >> 8 & 0xff) / 255, (double)((v) & 0xff) / 255 }
static const struct figure_rgb C_PEAK = RGB24(0x1b1b1b), C_OUTSIDE = RGB24(0xb2182b);
/* The figures' one palette (figure_palette), one colour per memory level: its slots but vermilion and yellow. */
static const size_t LEVEL_SLOTS[] = { 0, 2, 3, 4, 5 };
#define NLEVEL_SLOTS (sizeof LEVEL_SLOTS / sizeof LEVEL_SLOTS[0])

/* A run made of the fleet's roofs at `threads` (median, smallest, largest), for the frame. */
static void frame_run(const struct fleet_figure_input *in, struct analysis *m)
{
	memset(m, 0, sizeof *m);
	m->peak = NAN;
	m->ridge = NAN;
	m->clock_ghz = NAN;
	double dram = NAN;
	for (size_t r = 0; r < in->nroofs; r++) {
		const struct fleet_figure_roof *fr = &in->roofs[r];
		if (!fr->judged || fr->threads != in->threads || !(fr->median > 0))
			continue;
		const double values[3] = { fr->median, fr->lo, fr->hi };
		for (int k = 0; k < 3 && m->nroofs < ANALYSIS_MAX_ROOFS; k++) {
			struct roof *out = &m->roofs[m->nroofs++];
			snprintf(out->name, sizeof out->name, "%s", fr->name);
			out->kind = fr->kind;
			out->threads = fr->threads;
			out->value = out->median = values[k];
		}
		if (fr->kind == ROOF_COMPUTE)
			m->peak = fr->median;
		else if (!(dram <= fr->median))
			dram = fr->median;
	}
	if (isfinite(m->peak) && dram > 0)
		m->ridge = m->peak / dram;
}

static const struct fleet_figure_roof *peak_of(const struct fleet_figure_input *in)
{
	for (size_t r = 0; r < in->nroofs; r++)
		if (in->roofs[r].kind == ROOF_COMPUTE && in->roofs[r].threads == in->threads && in->roofs[r].median > 0)
			return &in->roofs[r];
	return NULL;
}

/* A bandwidth roof of value bw up to peak p (or the right edge): its ends in pixels, to end = { x0, y0, x1, y1 }. */
static void slope(const struct plot_frame *fr, double bw, double p, double *const end[4])
{
	double xa = fmax(fr->xmin, fr->ymin / bw);
	double xb = isfinite(p) ? p / bw : fr->xmax;
	plot_to_pixel(fr, xa, bw * xa, end[0], end[1]);
	plot_to_pixel(fr, xb, bw * xb, end[2], end[3]);
}

/* The label along (x0,y0)-(x1,y1) at fraction t, `off` pixels above it (below when negative). */
static void along(struct fleet_figure_line *l, double t, double off)
{
	double dx = l->x1 - l->x0, dy = l->y1 - l->y0, len = hypot(dx, dy);
	l->angle = atan2(dy, dx);
	double nx = len > 0 ? dy / len : 0, ny = len > 0 ? -dx / len : -1;
	l->lx = l->x0 + t * dx + nx * off;
	l->ly = l->y0 + t * dy + ny * off;
}

/* The label's box in its own frame: along its baseline from 0 to w, across from -desc to asc (pixels). */
static void label_box(const struct fleet_figure_line *l, double s, double *asc, double *desc)
{
	*asc = FLEET_FIGURE_LABEL_PX * 0.8 * s + 3 * s;
	*desc = FLEET_FIGURE_LABEL_PX * 0.25 * s + 3 * s;
	(void)l;
}

/* The four corners of a label on the page. */
static void label_corners(const struct fleet_figure_line *l, double s, double c[8])
{
	double asc, desc, ux = cos(l->angle), uy = sin(l->angle);
	label_box(l, s, &asc, &desc);
	double x = l->flush_right ? l->lx - l->w : l->lx;
	/* "up" of the text is (uy, -ux) on the page, y growing downwards */
	const double along_[4] = { 0, l->w, l->w, 0 }, across[4] = { -desc, -desc, asc, asc };
	for (int k = 0; k < 4; k++) {
		c[2 * k] = x + along_[k] * ux + across[k] * uy;
		c[2 * k + 1] = l->ly + along_[k] * uy - across[k] * ux;
	}
}

/* Whether two labels overlap: in their own frame when parallel (the slopes), else by their page boxes. */
int fleet_figure_labels_overlap(const struct fleet_figure_line *a, const struct fleet_figure_line *b, double s)
{
	double ca[8], cb[8];
	label_corners(a, s, ca);
	label_corners(b, s, cb);
	if (fabs(a->angle - b->angle) < 1e-9) {
		double ux = cos(a->angle), uy = sin(a->angle);
		double alo = INFINITY, ahi = -INFINITY, blo = INFINITY, bhi = -INFINITY;
		double vlo_a = INFINITY, vhi_a = -INFINITY, vlo_b = INFINITY, vhi_b = -INFINITY;
		for (int k = 0; k < 4; k++) {
			double pa = ca[2 * k] * ux + ca[2 * k + 1] * uy, qa = ca[2 * k] * uy - ca[2 * k + 1] * ux;
			double pb = cb[2 * k] * ux + cb[2 * k + 1] * uy, qb = cb[2 * k] * uy - cb[2 * k + 1] * ux;
			alo = fmin(alo, pa), ahi = fmax(ahi, pa), vlo_a = fmin(vlo_a, qa), vhi_a = fmax(vhi_a, qa);
			blo = fmin(blo, pb), bhi = fmax(bhi, pb), vlo_b = fmin(vlo_b, qb), vhi_b = fmax(vhi_b, qb);
		}
		return alo < bhi && blo < ahi && vlo_a < vhi_b && vlo_b < vhi_a;
	}
	double ax0 = INFINITY, ax1 = -INFINITY, ay0 = INFINITY, ay1 = -INFINITY;
	double bx0 = INFINITY, bx1 = -INFINITY, by0 = INFINITY, by1 = -INFINITY;
	for (int k = 0; k < 4; k++) {
		ax0 = fmin(ax0, ca[2 * k]), ax1 = fmax(ax1, ca[2 * k]), ay0 = fmin(ay0, ca[2 * k + 1]), ay1 = fmax(ay1, ca[2 * k + 1]);
		bx0 = fmin(bx0, cb[2 * k]), bx1 = fmax(bx1, cb[2 * k]), by0 = fmin(by0, cb[2 * k + 1]), by1 = fmax(by1, cb[2 * k + 1]);
	}
	return ax0 < bx1 && bx0 < ax1 && ay0 < by1 && by0 < ay1;
}

int fleet_figure_label_inside(const struct fleet_figure_line *l, const struct plot_frame *f)
{
	double c[8];
	label_corners(l, f->scale, c);
	for (int k = 0; k < 4; k++)
		if (c[2 * k] < f->left || c[2 * k] > f->right || c[2 * k + 1] < f->top || c[2 * k + 1] > f->bottom)
			return 0;
	return 1;
}

/*
 * Each sloped label slides along its line to the first spot, of a few, that
 * is inside the plot and clear of the labels placed before it (the medians'
 * above their lines from the left, the outside nodes' below theirs from the
 * middle); where none is, the first spot. Level labels on near roofs (an L3
 * and a DRAM within a few percent) would otherwise print over each other.
 */
static void place_labels(struct fleet_figure *out, const struct figure_measure *m)
{
	double s = out->f.scale;
	static const double median_t[] = { 0.12, 0.24, 0.36, 0.48, 0.6, 0.72, 0.06 };
	static const double outside_t[] = { 0.55, 0.67, 0.43, 0.79, 0.31, 0.2 };
	for (size_t i = 0; i < out->n; i++) {
		struct fleet_figure_line *l = &out->lines[i];
		struct figure_text te;
		m->extents(m->ctx, l->text, FLEET_FIGURE_LABEL_PX * s, l->outside, &te);
		l->w = te.x_advance;
		if (!l->sloped)
			continue;
		const double *ts = l->outside ? outside_t : median_t;
		size_t nt = l->outside ? sizeof outside_t / sizeof *outside_t : sizeof median_t / sizeof *median_t;
		double off = l->outside ? -26 * s : 9 * s;
		for (size_t k = 0; k < nt; k++) {
			along(l, ts[k], off);
			int clear = fleet_figure_label_inside(l, &out->f);
			for (size_t j = 0; j < out->n && clear; j++)
				if (j != i && (j < i || !out->lines[j].sloped) && fleet_figure_labels_overlap(l, &out->lines[j], s))
					clear = 0;
			if (clear)
				break;
			if (k + 1 == nt)
				along(l, ts[0], off);
		}
	}
}

/* The nodes outside the fleet's spread: their own roof, dashed, named with how far from the median. */
static void outside_lines(const struct fleet_figure_input *in, double p, struct fleet_figure *out)
{
	const struct plot_frame *fr = &out->f;
	double s = fr->scale;
	char v[32];
	for (size_t k = 0; k < in->noutside && out->n < FLEET_FIGURE_MAX_LINES; k++) {
		const struct fleet_figure_outside *o = &in->outside[k];
		const struct fleet_figure_roof *b = &in->roofs[o->roof];
		if (!b->judged || b->threads != in->threads)
			continue;
		struct fleet_figure_line *l = &out->lines[out->n++];
		l->col = C_OUTSIDE;
		l->outside = 1;
		double val = o->value;
		if (b->kind == ROOF_BANDWIDTH) {
			slope(fr, val, p, (double *const[4]){ &l->x0, &l->y0, &l->x1, &l->y1 });
			l->sloped = 1;
		} else {
			plot_to_pixel(fr, fr->xmin, val, &l->x0, &l->y0);
			plot_to_pixel(fr, fr->xmax, val, &l->x1, &l->y1);
			l->angle = 0;
			l->lx = l->x0 + 0.55 * (l->x1 - l->x0);
			l->ly = l->y0 + 26 * s;
		}
		snprintf(l->text, sizeof l->text, "node %s: %s %s %s (%+.0f %%)", o->node, b->name,
			 format_rate_measured(val, v, sizeof v), b->unit, (o->ratio - 1) * 100);
	}
}

void fleet_figure_layout(const struct fleet_figure_input *in, int width, int height, const struct figure_measure *measure,
			 struct fleet_figure *out)
{
	int threads = in->threads;
	memset(out, 0, sizeof *out);
	struct analysis *m = xmalloc(sizeof *m);
	frame_run(in, m);
	plot_frame_for(m, width, height, &out->f);
	free(m);
	const struct plot_frame *fr = &out->f;
	double s = fr->scale;
	const struct fleet_figure_roof *peak = peak_of(in);
	double p = peak ? peak->median : NAN;
	char v[32], lo[32], hi[32];

	snprintf(out->title, sizeof out->title, "Fleet of %zu node%s: median roofline, %s", in->nloaded,
		 in->nloaded == 1 ? "" : "s", threads == 1 ? "one core" : "all cores");
	snprintf(out->subtitle, sizeof out->subtitle, "%s%s \u00b7 %s \u00b7 bands: smallest to largest across the "
		 "nodes \u00b7 dashed: a node outside the fleet's spread", in->cpu[0] ? in->cpu : "?",
		 in->cpu_others ? " (and others)" : "", in->compiler[0] ? in->compiler : "?");
	if (threads > 1) {
		size_t len = strlen(out->title);
		snprintf(out->title + len, sizeof out->title - len, " (%d threads)", threads);
	}

	size_t level = 0;
	for (size_t r = 0; r < in->nroofs && out->n < FLEET_FIGURE_MAX_LINES; r++) {
		const struct fleet_figure_roof *b = &in->roofs[r];
		if (!b->judged || b->threads != threads || b->kind != ROOF_BANDWIDTH || !(b->median > 0))
			continue;
		struct fleet_figure_line *l = &out->lines[out->n++];
		l->col = figure_palette(LEVEL_SLOTS[level % NLEVEL_SLOTS]);
		slope(fr, b->median, p, (double *const[4]){ &l->x0, &l->y0, &l->x1, &l->y1 });
		/* The band: between the smallest and the largest node's slope, each up to the median peak. */
		slope(fr, b->lo, p, (double *const[4]){ &l->band[0], &l->band[1], &l->band[2], &l->band[3] });
		slope(fr, b->hi, p, (double *const[4]){ &l->band[6], &l->band[7], &l->band[4], &l->band[5] });
		snprintf(l->text, sizeof l->text, "%s %s GB/s (%s\u2013%s)", b->name, format_rate_measured(b->median, v, sizeof v),
			 format_rate_measured(b->lo, lo, sizeof lo), format_rate_measured(b->hi, hi, sizeof hi));
		/* Staggered along the parallel slopes, so that neighbours' labels do not stack. */
		l->sloped = 1;
		level++;
	}
	if (peak && out->n < FLEET_FIGURE_MAX_LINES) {
		struct fleet_figure_line *l = &out->lines[out->n++];
		l->col = C_PEAK;
		double top_bw = 0;
		for (size_t r = 0; r < in->nroofs; r++)
			if (in->roofs[r].judged && in->roofs[r].threads == threads && in->roofs[r].kind == ROOF_BANDWIDTH)
				top_bw = fmax(top_bw, in->roofs[r].hi);
		double xa = top_bw > 0 ? p / top_bw : fr->xmin;
		plot_to_pixel(fr, fmax(xa, fr->xmin), p, &l->x0, &l->y0);
		plot_to_pixel(fr, fr->xmax, p, &l->x1, &l->y1);
		double ylo, yhi, dummy;
		plot_to_pixel(fr, fr->xmax, peak->lo, &dummy, &ylo);
		plot_to_pixel(fr, fr->xmax, peak->hi, &dummy, &yhi);
		double band[8] = { l->x0, ylo, l->x1, ylo, l->x1, yhi, l->x0, yhi };
		memcpy(l->band, band, sizeof band);
		snprintf(l->text, sizeof l->text, "%s %s GFLOP/s (%s\u2013%s)", peak->name, format_rate_measured(p, v, sizeof v),
			 format_rate_measured(peak->lo, lo, sizeof lo), format_rate_measured(peak->hi, hi, sizeof hi));
		l->angle = 0;
		l->flush_right = 1;
		l->lx = l->x1 - 14 * s;
		l->ly = fmin(l->y0, yhi) - 10 * s;
	}
	outside_lines(in, p, out);
	place_labels(out, measure);
}
