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
#include "figure_frame.h"
#include "figure_points.h"
#include "figure_scaling.h"
#include "figure_scene.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

#define HEX(v) { ((v) >> 16 & 0xff) / 255.0, ((v) >> 8 & 0xff) / 255.0, ((v) & 0xff) / 255.0 }

static const struct figure_rgb C_ROOF = HEX(0x1b1b1b);      /* DRAM slope, peak: the roofline */
static const struct figure_rgb C_CACHE = HEX(0x4f5359);     /* cache slopes and ceilings */
static const struct figure_rgb C_ALLCORE = HEX(0x1f4e79);   /* roofs measured on all cores (@Nt) */



/* ---- one thread count --------------------------------------------------------- */

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

/* ---- the lines ------------------------------------------------------------------ */

static struct labels_box plot_box(const struct fig *g)
{
	struct labels_box b = { g->f.left, g->f.top, g->f.right, g->f.bottom };
	return b;
}

/* The roofs as pixel segments, in the order their labels are placed: DRAM, peak, other slopes, ceilings. */
/* The roofs drawn, in the order their labels are placed: DRAM, the peak, the other slopes, the ceilings. */
static size_t line_order(const struct analysis *a, int *order)
{
	size_t norder = 0;
	int base = fig_base_threads(a);
	for (int pass = 0; pass < 4; pass++)
		for (size_t i = 0; i < a->nroofs && i < ANALYSIS_MAX_ROOFS; i++) {
			const struct roof *r = &a->roofs[i];
			if (!fig_roof_drawn(a, r))
				continue;
			int allcore = model_key_of(r).threads != base;
			int is_dram = r->kind == ROOF_BANDWIDTH && fig_dram_for(a, model_key_of(r).threads) == r;
			int want = pass == 0 ? is_dram && !allcore
				 : pass == 1 ? r->kind == ROOF_COMPUTE
				 : pass == 2 ? r->kind == ROOF_BANDWIDTH && !(is_dram && !allcore)
				 : r->kind == ROOF_CEILING;
			if (want)
				order[norder++] = (int)i;
		}
	return norder;
}

static size_t build_lines(struct fig *g, struct figure_line *out)
{
	const struct analysis *a = g->a;
	const struct plot_frame *f = &g->f;
	size_t n = 0;
	int order[ANALYSIS_MAX_ROOFS];
	size_t norder = line_order(a, order);
	int base = fig_base_threads(a);

	for (size_t k = 0; k < norder; k++) {
		const struct roof *r = &a->roofs[order[k]];
		int suf = model_key_of(r).threads, allcore = suf != base;
		struct figure_line *l = &out[n];
		char v[32];
		memset(l, 0, sizeof *l);
		l->roof = r;
		fig_format_value(r->value, v, sizeof v);
		double ax0, ay0, ax1, ay1;
		if (r->kind == ROOF_BANDWIDTH) {
			double p = fig_peak_for(a, suf);
			double end = isfinite(p) ? fmin(p / r->value, f->xmax) : f->xmax;
			ax0 = f->xmin;
			ay0 = r->value * f->xmin;
			ax1 = end;
			ay1 = r->value * end;
			int main_dram = fig_dram_for(a, suf) == r;
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
					if (b->kind == ROOF_BANDWIDTH && fig_roof_ok(b) &&
					    model_key_of(b).threads == suf)
						best = fmin(best, r->value / b->value);
				}
				if (isfinite(best))
					start = fmax(best, f->xmin);
				l->width = 3.4;
				l->col = allcore ? C_ALLCORE : C_ROOF;
				snprintf(l->text, sizeof l->text, "%s %s GFLOP/s", r->name, v);
			} else {
				const struct roof *d = fig_dram_for(a, suf);
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
 * A spot for a label along a line: `at` pixels from the line's left end,
 * `side` above (+1) or below (-1) it, `off` pixels further out than the
 * least clearance.
 */
struct line_spot {
	double at;
	int side;
	double off;
};

/* Where a label along a line lies: the capsule its text covers and its baseline origin. */
struct line_place {
	struct labels_seg cap;
	double ox, oy;
};

/* A label written along line l at spot sp: its baseline runs parallel to the line. */
static void along(struct fig *g, const struct figure_line *l, const struct ink *k, struct line_spot sp,
		  struct line_place *pl)
{
	struct labels_seg *cap = &pl->cap;
	double *ox = &pl->ox, *oy = &pl->oy;
	double at = sp.at, off = sp.off;
	int side = sp.side;
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
 * The spots tried for l's label, measured k, in order of preference (spot:
 * room for MAX_SPOTS). Roofs keep to one side as long as they can: above, from the end readers
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
			 double reach, struct line_spot *spot)
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
#define SPOT(d, sd, o) do { if (n < MAX_SPOTS) { spot[n].at = flat ? margin + span - (d) : margin + (d); \
	spot[n].side = (sd); spot[n].off = (o) * ostep; n++; } } while (0)
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

/* Takes spot sp at size px for l's label: marks it occupied in both scenes. */
static void take_spot(struct fig *g, struct figure_line *l, double px, struct line_spot sp, int crowded)
{
	struct line_place pl;
	fig_set_font(g, px, 0);
	struct ink k = fig_measure(g, l->text);
	along(g, l, &k, sp, &pl);
	struct labels_seg cap = pl.cap;
	double ox = pl.ox, oy = pl.oy;
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

/* One try for a line's label: the spots (line_spots with overhang and reach) free in scene sc, taken crowded or not. */
struct line_try {
	const struct labels *sc;
	int overhang;
	double reach;
	int crowded;
};

/*
 * The first of l's spots that try t finds free, at the largest size that
 * has one, taken; 0 when none is free. spot is room for MAX_SPOTS spots.
 */
static int take_first_free(struct fig *g, struct figure_line *l, struct line_try t, struct line_spot *spot)
{
	for (size_t z = 0; z < NLINE_LABEL_PX; z++) {
		fig_set_font(g, LINE_LABEL_PX[z], 0);
		struct ink k = fig_measure(g, l->text);
		size_t n = line_spots(g, l, &k, t.overhang, t.reach, spot);
		for (size_t i = 0; i < n; i++) {
			struct line_place pl;
			along(g, l, &k, spot[i], &pl);
			if (labels_seg_free(t.sc, pl.cap)) {
				take_spot(g, l, LINE_LABEL_PX[z], spot[i], t.crowded);
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
void fig_place_line_label(struct fig *g, struct figure_line *l)
{
	struct line_spot *spot = xmalloc(MAX_SPOTS * sizeof *spot);
	if (l->visible &&
	    !take_first_free(g, l, (struct line_try){ &g->scene, 0, 0.5, 0 }, spot) &&
	    !take_first_free(g, l, (struct line_try){ &g->solid, 0, 0.5, 1 }, spot) &&
	    !take_first_free(g, l, (struct line_try){ &g->solid, 0, 2.0, 1 }, spot) &&
	    !take_first_free(g, l, (struct line_try){ &g->solid, 1, 2.0, 1 }, spot))
		l->listed = 1;
	free(spot);
}


/* ---- legend --------------------------------------------------------------------- */

/* The legend's padding, row height, sample width and column width (its widest row), one column. */
static void legend_metrics(struct fig *g, struct figure_legend *lg)
{
	fig_set_font(g, FIGURE_PX_LEGEND, 0);
	double s = g->s, w = 0;
	lg->pad = 12 * s;
	lg->row_h = 29 * s;
	lg->sample_w = 40 * s;
	for (size_t i = 0; i < lg->n; i++) {
		struct figure_text te;
		fig_text_extents(g, lg->rows[i].text, &te);
		/* A row of text starts where the others' samples do. */
		w = fmax(w, te.x_advance + (lg->rows[i].kind == LEG_TEXT ? 0 : lg->sample_w + 10 * s));
	}
	lg->col_w = w;
	lg->cols = 1;
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
		if (!fig_roof_drawn(a, &a->roofs[i]))
			continue;
		int t = model_key_of(&a->roofs[i]).threads;
		if (a->roofs[i].kind == ROOF_CEILING)
			has_ceiling = 1;
		if (t != fig_base_threads(a))
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
	fig_scaling_rows(g, lines, nlines, lg);
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

	legend_metrics(g, lg);
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

/* ---- the figure ----------------------------------------------------------------- */

/* The ridge (where the drawn DRAM slope meets the drawn peak) and the shaded region under them. */
static void ridge_and_shade(struct fig *g, struct figure *out)
{
	const struct analysis *a = g->a;
	const struct plot_frame *f = &g->f;
	double s = g->s, ridge = a->ridge, rpeak = fig_peak_for(a, fig_base_threads(a));
	const struct roof *dram = fig_dram_for(a, fig_base_threads(a));
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
	fig_set_font(g, FIGURE_PX_POINT_LABEL, 0);
	for (size_t jj = 0; jj < 2 * k->ngrp; jj++) {
		size_t j = jj % k->ngrp;
		const struct figure_group *gr = &k->grp[j];
		if (!figure_joined(gr) || (gr->style != LV_BASE) != (jj >= k->ngrp))
			continue;
		size_t pi = k->byparam[gr->start + gr->n - 1];
		struct labels_item *it = &items[nitems];
		fig_point_text(a, k, pi, out->item_text[nitems], sizeof out->item_text[0]);
		struct ink ik = fig_measure(g, out->item_text[nitems]);
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
			fig_point_text(a, k, pi, out->item_text[nitems], sizeof out->item_text[0]);
			struct ink ik = fig_measure(g, out->item_text[nitems]);
			items[nitems] = (struct labels_item){ .ax = out->px[pi], .ay = out->py[pi], .w = ik.w, .h = ik.h,
							      .gap = mr + 1 * s, .leader = 1 };
			out->item_point[nitems] = pi;
			nitems++;
		}
	}
	labels_place_all(&g->scene, items + first_other, nitems - first_other);
	out->nitems = nitems;
}

/* What one figure draws: the run's view a, the base figure's (NULL: none) and the user's points (NULL: none). */
struct fig_content {
	const struct analysis *a, *base;
	const struct userpoints *user;
};

static void lay_out(const struct fig_content *c, const struct plot_frame *f, const struct figure_measure *m,
		    int legend_cols_outside, struct figure *out)
{
	const struct analysis *a = c->a, *base = c->base;
	const struct userpoints *user = c->user;
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
	fig_user_layout(&g, user, &out->users);
	ridge_and_shade(&g, out);

	/* Labels: roofs along their lines, the ridge, the legend, then the points. */
	for (size_t i = 0; i < out->nlines; i++)
		fig_place_line_label(&g, &out->lines[i]);
	if (out->has_ridge) {
		fig_set_font(&g, FIGURE_PX_ROOF_LABEL, 0);
		struct ink ik = fig_measure(&g, out->ridge_text);
		out->ridge_item = (struct labels_item){ .ax = out->rx, .ay = out->ry, .w = ik.w, .h = ik.h,
							.gap = 10 * s, .max_r = 200 * s, .leader = 1 };
		labels_place(&g.scene, &out->ridge_item);
	}
	build_legend(&g, k, out->lines, out->nlines, &out->lg);
	place_legend(&g, &out->lg);
	point_labels(&g, out);
	fig_user_labels(&g, &out->users);
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
	struct fig_content c = { a, base, user };
	lay_out(&c, f, m, 0, out);
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
		lay_out(&c, &narrow, m, cols, out);
		double need = f->right - legend_w(lg) - LEGEND_GAP * f->scale;
		if (!(need < narrow.right - 0.5))
			return;
		narrow.right = need;
	}
	lay_out(&c, &narrow, m, cols, out);
}

