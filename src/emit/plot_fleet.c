/*
 * plot_fleet.c - see plot_fleet.h.
 *
 * Lay out, then paint: fleet_layout() turns the fleet's roofs of one thread
 * count into bands, median lines, the outside nodes' lines and their labels,
 * all in pixels; paint() only draws them. The frame, the grid, the axes and
 * the file in each format are the roofline figure's (plot_cairo.h), the
 * frame taken from a run made of the fleet's median, smallest and largest
 * roofs, so the axes are those a single node's figure would have.
 */
#include "plot_fleet.h"

#include <cairo.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "markdown.h"
#include "plot_cairo.h"
#include "util.h"

#define FONT "DejaVu Sans"
#define MAX_LINES ANALYSIS_MAX_ROOFS
#define LABEL_PX 22.0

typedef struct figure_rgb rgb;

/* 0xRRGGBB as cairo's 0..1 channels. */
#define RGB24(v) { (double)((v) >> 16 & 0xff) / 255, (double)((v) >> 8 & 0xff) / 255, (double)((v) & 0xff) / 255 }
static const rgb C_BG = RGB24(0xffffff), C_TEXT = RGB24(0x1a1a1a), C_MUTED = RGB24(0x5c5c5c);
static const rgb C_PEAK = RGB24(0x1b1b1b), C_OUTSIDE = RGB24(0xb2182b);
/* The figures' one palette (figure_palette), one colour per memory level: its slots but vermilion and yellow. */
static const size_t LEVEL_SLOTS[] = { 0, 2, 3, 4, 5 };
#define NLEVEL_SLOTS (sizeof LEVEL_SLOTS / sizeof LEVEL_SLOTS[0])

/* One line of the figure: a median roof with its band, or an outside node's roof. */
struct fleet_line {
	rgb col;
	int outside;             /* a node's roof outside the fleet: dashed, its own label */
	double x0, y0, x1, y1;   /* the line, pixels */
	double band[8];          /* the band's quadrilateral (x, y) x 4; median lines only */
	char text[160];
	double lx, ly, angle;    /* the label's baseline start and angle */
	int flush_right;         /* the label ends at lx instead of starting there (the peak's, at the right edge) */
	int sloped;              /* a bandwidth roof: its label slides along it to a free spot */
	double w;                /* the label's width, pixels */
};

struct fleet_layout {
	struct plot_frame f;
	char title[200], subtitle[480];
	struct fleet_line lines[MAX_LINES];
	size_t n;
};

/* A run made of the fleet's roofs at `threads` (median, smallest, largest), for the frame. */
static void frame_run(const struct fleet *f, int threads, struct analysis *m)
{
	memset(m, 0, sizeof *m);
	m->peak = NAN;
	m->ridge = NAN;
	m->clock_ghz = NAN;
	double dram = NAN;
	for (size_t r = 0; r < f->nroofs; r++) {
		const struct fleet_roof *fr = &f->roofs[r];
		if (!fr->judged || fr->threads != threads || !(fr->median > 0))
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

static const struct fleet_roof *peak_of(const struct fleet *f, int threads)
{
	for (size_t r = 0; r < f->nroofs; r++)
		if (f->roofs[r].kind == ROOF_COMPUTE && f->roofs[r].threads == threads && f->roofs[r].median > 0)
			return &f->roofs[r];
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
static void along(struct fleet_line *l, double t, double off)
{
	double dx = l->x1 - l->x0, dy = l->y1 - l->y0, len = hypot(dx, dy);
	l->angle = atan2(dy, dx);
	double nx = len > 0 ? dy / len : 0, ny = len > 0 ? -dx / len : -1;
	l->lx = l->x0 + t * dx + nx * off;
	l->ly = l->y0 + t * dy + ny * off;
}

/* The label's box in its own frame: along its baseline from 0 to w, across from -desc to asc (pixels). */
static void label_box(const struct fleet_line *l, double s, double *asc, double *desc)
{
	*asc = LABEL_PX * 0.8 * s + 3 * s;
	*desc = LABEL_PX * 0.25 * s + 3 * s;
	(void)l;
}

/* The four corners of a label on the page. */
static void label_corners(const struct fleet_line *l, double s, double c[8])
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
static int labels_overlap(const struct fleet_line *a, const struct fleet_line *b, double s)
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

static int label_inside(const struct fleet_line *l, const struct plot_frame *f)
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
static void place_labels(struct fleet_layout *out, const struct figure_measure *m)
{
	double s = out->f.scale;
	static const double median_t[] = { 0.12, 0.24, 0.36, 0.48, 0.6, 0.72, 0.06 };
	static const double outside_t[] = { 0.55, 0.67, 0.43, 0.79, 0.31, 0.2 };
	for (size_t i = 0; i < out->n; i++) {
		struct fleet_line *l = &out->lines[i];
		struct figure_text te;
		m->extents(m->ctx, l->text, LABEL_PX * s, l->outside, &te);
		l->w = te.x_advance;
		if (!l->sloped)
			continue;
		const double *ts = l->outside ? outside_t : median_t;
		size_t nt = l->outside ? sizeof outside_t / sizeof *outside_t : sizeof median_t / sizeof *median_t;
		double off = l->outside ? -26 * s : 9 * s;
		for (size_t k = 0; k < nt; k++) {
			along(l, ts[k], off);
			int clear = label_inside(l, &out->f);
			for (size_t j = 0; j < out->n && clear; j++)
				if (j != i && (j < i || !out->lines[j].sloped) && labels_overlap(l, &out->lines[j], s))
					clear = 0;
			if (clear)
				break;
			if (k + 1 == nt)
				along(l, ts[0], off);
		}
	}
}

/* The nodes outside the fleet's spread: their own roof, dashed, named with how far from the median. */
static void outside_lines(const struct fleet_dir *fd, const struct fleet *f, int threads, double p,
			  struct fleet_layout *out)
{
	const struct plot_frame *fr = &out->f;
	double s = fr->scale;
	char v[32];
	for (size_t r = 0; r < f->nroofs; r++) {
		const struct fleet_roof *b = &f->roofs[r];
		if (!b->judged || b->threads != threads)
			continue;
		for (size_t i = 0; i < f->nmembers && out->n < MAX_LINES; i++) {
			if (b->moved[i] == FLEET_WITHIN)
				continue;
			struct fleet_line *l = &out->lines[out->n++];
			l->col = C_OUTSIDE;
			l->outside = 1;
			double val = b->value[i];
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
			snprintf(l->text, sizeof l->text, "node %s: %s %s %s (%+.0f %%)", fd->nodes[i].name, b->name,
				 md_rate(val, v, sizeof v), b->unit, (b->ratio[i] - 1) * 100);
		}
	}
}

static void fleet_layout(const struct plot_fleet_view *view, int width, int height,
			 const struct figure_measure *measure, struct fleet_layout *out)
{
	const struct fleet_dir *fd = view->fd;
	const struct fleet *f = view->f;
	int threads = view->threads;
	memset(out, 0, sizeof *out);
	struct analysis *m = xmalloc(sizeof *m);
	frame_run(f, threads, m);
	plot_frame_for(m, width, height, &out->f);
	free(m);
	const struct plot_frame *fr = &out->f;
	double s = fr->scale;
	const struct fleet_roof *peak = peak_of(f, threads);
	double p = peak ? peak->median : NAN;
	char v[32], lo[32], hi[32];

	const struct fleet_difference *cpu = &f->diff[FLEET_CPU], *cc = &f->diff[FLEET_COMPILER];
	snprintf(out->title, sizeof out->title, "Fleet of %zu node%s: median roofline, %s", f->nloaded,
		 f->nloaded == 1 ? "" : "s", threads == 1 ? "one core" : "all cores");
	snprintf(out->subtitle, sizeof out->subtitle, "%s%s \u00b7 %s \u00b7 bands: smallest to largest across the "
		 "nodes \u00b7 dashed: a node outside the fleet's spread", cpu->usual[0] ? cpu->usual : "?",
		 cpu->ndiffer ? " (and others)" : "", cc->usual[0] ? cc->usual : "?");
	if (threads > 1) {
		size_t len = strlen(out->title);
		snprintf(out->title + len, sizeof out->title - len, " (%d threads)", threads);
	}

	size_t level = 0;
	for (size_t r = 0; r < f->nroofs && out->n < MAX_LINES; r++) {
		const struct fleet_roof *b = &f->roofs[r];
		if (!b->judged || b->threads != threads || b->kind != ROOF_BANDWIDTH || !(b->median > 0))
			continue;
		struct fleet_line *l = &out->lines[out->n++];
		l->col = figure_palette(LEVEL_SLOTS[level % NLEVEL_SLOTS]);
		slope(fr, b->median, p, (double *const[4]){ &l->x0, &l->y0, &l->x1, &l->y1 });
		/* The band: between the smallest and the largest node's slope, each up to the median peak. */
		slope(fr, b->lo, p, (double *const[4]){ &l->band[0], &l->band[1], &l->band[2], &l->band[3] });
		slope(fr, b->hi, p, (double *const[4]){ &l->band[6], &l->band[7], &l->band[4], &l->band[5] });
		snprintf(l->text, sizeof l->text, "%s %s GB/s (%s\u2013%s)", b->name, md_rate(b->median, v, sizeof v),
			 md_rate(b->lo, lo, sizeof lo), md_rate(b->hi, hi, sizeof hi));
		/* Staggered along the parallel slopes, so that neighbours' labels do not stack. */
		l->sloped = 1;
		level++;
	}
	if (peak && out->n < MAX_LINES) {
		struct fleet_line *l = &out->lines[out->n++];
		l->col = C_PEAK;
		double top_bw = 0;
		for (size_t r = 0; r < f->nroofs; r++)
			if (f->roofs[r].judged && f->roofs[r].threads == threads && f->roofs[r].kind == ROOF_BANDWIDTH)
				top_bw = fmax(top_bw, f->roofs[r].hi);
		double xa = top_bw > 0 ? p / top_bw : fr->xmin;
		plot_to_pixel(fr, fmax(xa, fr->xmin), p, &l->x0, &l->y0);
		plot_to_pixel(fr, fr->xmax, p, &l->x1, &l->y1);
		double ylo, yhi, dummy;
		plot_to_pixel(fr, fr->xmax, peak->lo, &dummy, &ylo);
		plot_to_pixel(fr, fr->xmax, peak->hi, &dummy, &yhi);
		double band[8] = { l->x0, ylo, l->x1, ylo, l->x1, yhi, l->x0, yhi };
		memcpy(l->band, band, sizeof band);
		snprintf(l->text, sizeof l->text, "%s %s GFLOP/s (%s\u2013%s)", peak->name, md_rate(p, v, sizeof v),
			 md_rate(peak->lo, lo, sizeof lo), md_rate(peak->hi, hi, sizeof hi));
		l->angle = 0;
		l->flush_right = 1;
		l->lx = l->x1 - 14 * s;
		l->ly = fmin(l->y0, yhi) - 10 * s;
	}
	outside_lines(fd, f, threads, p, out);
	place_labels(out, measure);
}

static void set_rgba(cairo_t *cr, rgb c, double a)
{
	cairo_set_source_rgba(cr, c.r, c.g, c.b, a);
}

static void set_font(cairo_t *cr, double px, int bold)
{
	cairo_select_font_face(cr, FONT, CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, px);
}

/*
 * Text at (x, y) rotated by angle, ending at x with flush_right; shrunk to
 * maxw pixels wide when maxw > 0 (the title and subtitle); of px pixels,
 * bold or not, in col.
 */
struct fleet_text {
	const char *text;
	double x, y, angle;
	int flush_right;
	double maxw, px;
	int bold;
	rgb col;
};

/* t on a white halo (s: the figure's scale) so that lines under it do not cut it. */
static void label(cairo_t *cr, const struct fleet_text *t, double s)
{
	const char *text = t->text;
	double x = t->x, y = t->y, px = t->px, maxw = t->maxw;
	cairo_save(cr);
	set_font(cr, px, t->bold);
	cairo_text_extents_t te;
	cairo_text_extents(cr, text, &te);
	if (maxw > 0 && te.x_advance > maxw) {
		cairo_set_font_size(cr, px * maxw / te.x_advance);
		cairo_text_extents(cr, text, &te);
	}
	if (t->flush_right)
		x -= te.x_advance;
	cairo_translate(cr, x, y);
	cairo_rotate(cr, t->angle);
	cairo_move_to(cr, 0, 0);
	cairo_text_path(cr, text);
	set_rgba(cr, C_BG, 0.9);
	cairo_set_line_width(cr, 5 * s);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
	cairo_stroke(cr);
	cairo_move_to(cr, 0, 0);
	set_rgba(cr, t->col, 1);
	cairo_show_text(cr, text);
	cairo_restore(cr);
}

static void paint(cairo_t *cr, void *ctx)
{
	const struct fleet_layout *l = ctx;
	const struct plot_frame *f = &l->f;
	double s = f->scale;
	cairo_font_options_t *fo = cairo_font_options_create();
	cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
	cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
	cairo_set_font_options(cr, fo);
	cairo_font_options_destroy(fo);
	set_rgba(cr, C_BG, 1);
	cairo_paint(cr);
	label(cr, &(struct fleet_text){ l->title, 22 * s, 52 * s, 0, 0, f->width - 44 * s, 34 * s, 1, C_TEXT }, s);
	label(cr, &(struct fleet_text){ l->subtitle, 22 * s, 90 * s, 0, 0, f->width - 44 * s, 22 * s, 0, C_MUTED }, s);

	cairo_save(cr);
	cairo_rectangle(cr, f->left, f->top, f->right - f->left, f->bottom - f->top);
	cairo_clip(cr);
	plot_draw_grid(cr, f);
	for (size_t i = 0; i < l->n; i++) {
		const struct fleet_line *ln = &l->lines[i];
		if (ln->outside)
			continue;
		cairo_move_to(cr, ln->band[0], ln->band[1]);
		for (int k = 1; k < 4; k++)
			cairo_line_to(cr, ln->band[2 * k], ln->band[2 * k + 1]);
		cairo_close_path(cr);
		set_rgba(cr, ln->col, 0.2);
		cairo_fill(cr);
	}
	for (size_t i = 0; i < l->n; i++) {
		const struct fleet_line *ln = &l->lines[i];
		double dash[2] = { 14 * s, 8 * s };
		cairo_set_dash(cr, dash, ln->outside ? 2 : 0, 0);
		cairo_set_line_width(cr, (ln->outside ? 3 : 3.5) * s);
		cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
		set_rgba(cr, ln->col, 1);
		cairo_move_to(cr, ln->x0, ln->y0);
		cairo_line_to(cr, ln->x1, ln->y1);
		cairo_stroke(cr);
	}
	cairo_set_dash(cr, NULL, 0, 0);
	for (size_t i = 0; i < l->n; i++) {
		const struct fleet_line *ln = &l->lines[i];
		label(cr, &(struct fleet_text){ ln->text, ln->lx, ln->ly, ln->angle, ln->flush_right, 0, LABEL_PX * s,
						ln->outside, ln->col }, s);
	}
	cairo_restore(cr);
	plot_draw_axes(cr, f);
}

int plot_fleet_draw(const struct plot_fleet_view *v, const struct plot_file *out, char *err, size_t errlen)
{
	return plot_fleet_draw_stats(v, out, NULL, err, errlen);
}

static void count_stats(const struct fleet_layout *l, struct plot_fleet_stats *st)
{
	memset(st, 0, sizeof *st);
	for (size_t i = 0; i < l->n; i++) {
		if (l->lines[i].outside)
			st->outside++;
		else
			st->lines++;
		st->labels_out += !label_inside(&l->lines[i], &l->f);
		for (size_t j = i + 1; j < l->n; j++)
			st->overlaps += labels_overlap(&l->lines[i], &l->lines[j], l->f.scale);
	}
}

int plot_fleet_draw_stats(const struct plot_fleet_view *v, const struct plot_file *out, struct plot_fleet_stats *st,
			  char *err, size_t errlen)
{
	if (plot_check_format(out->format, err, errlen) != 0)
		return -1;
	struct fleet_layout *l = xmalloc(sizeof *l);
	/* Text measured as it will be drawn: cairo on a scratch surface, hinting off (plot_cairo.h). */
	cairo_surface_t *surf = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 4, 4);
	cairo_t *cr = cairo_create(surf);
	struct figure_measure m;
	plot_measure_cairo(cr, &m);
	fleet_layout(v, out->width, out->height, &m, l);
	cairo_destroy(cr);
	cairo_surface_destroy(surf);
	int rc = plot_write(out, l->title, paint, l, err, errlen);
	if (rc == 0 && st)
		count_stats(l, st);
	free(l);
	return rc;
}
