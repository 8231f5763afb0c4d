/*
 * plot_compare.c - see plot_compare.h.
 *
 * Lay out, then paint: plot_compare_layout() decides every line, arrow,
 * marker and text box (lines and markers first, as occupied space of a
 * label scene, then the legend, the roof labels and the point labels, each
 * avoiding all that came before); plot_compare_draw() and
 * plot_compare_gnuplot() only render that layout. The axes, grid and frame,
 * and the writing of the file in each format, are the roofline figure's
 * (plot_cairo.h: plot_draw_grid, plot_draw_axes, plot_write).
 */
#include "plot_compare.h"

#include <cairo.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "levels.h"
#include "registry.h"
#include "roof_labels.h"
#include "util.h"

#include "plot_compare_int.h"

void cmpfig_set_font(cairo_t *cr, double px, int bold)
{
	cairo_select_font_face(cr, FONT, CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, px);
}

/* Hinting off: the same text extents on image, SVG and PDF surfaces. */
void cmpfig_no_hinting(cairo_t *cr)
{
	cairo_font_options_t *fo = cairo_font_options_create();
	cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
	cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
	cairo_set_font_options(cr, fo);
	cairo_font_options_destroy(fo);
}

/* The ink box of text at baseline origin (0, 0), grown by the halo: x0, y0, w, h. */
void cmpfig_ink(cairo_t *cr, const char *text, double halo, double box[4])
{
	cairo_text_extents_t te;
	cairo_text_extents(cr, text, &te);
	box[0] = te.x_bearing - halo;
	box[1] = te.y_bearing - halo;
	box[2] = te.width + 2 * halo;
	box[3] = te.height + 2 * halo;
}

/* ---- layout --------------------------------------------------------------------- */

static const struct roof *peak_of(const struct analysis *a, int threads)
{
	for (size_t i = 0; i < a->nroofs; i++)
		if (a->roofs[i].kind == ROOF_COMPUTE && a->roofs[i].threads == threads && a->roofs[i].value > 0)
			return &a->roofs[i];
	return NULL;
}

/* The steepest bandwidth roof of a thread count: ceilings start on it. */
static double top_bandwidth(const struct analysis *a, int threads)
{
	double top = NAN;
	for (size_t i = 0; i < a->nroofs; i++)
		if (a->roofs[i].kind == ROOF_BANDWIDTH && a->roofs[i].threads == threads &&
		    !(a->roofs[i].value <= top))
			top = a->roofs[i].value;
	return top;
}

/*
 * B's roofs and points with A's points and A's own roofs added, B's peak and
 * ridge: what the frame and the kernels' colours read (the sweep, chains,
 * levels and notes stay empty, never copied), so the frame holds both runs.
 */
static void both_runs(const struct analysis *aa, const struct analysis *ab, struct analysis *m)
{
	m->nsweep = m->nchains = m->npeaks = m->nlevels = m->nnotes = m->nnoisy = 0;
	m->peak = ab->peak;
	m->ridge = ab->ridge;
	m->clock_ghz = ab->clock_ghz;
	m->sweep_kernel[0] = 0;
	m->nroofs = ab->nroofs;
	memcpy(m->roofs, ab->roofs, ab->nroofs * sizeof *m->roofs);
	m->npoints = ab->npoints;
	memcpy(m->points, ab->points, ab->npoints * sizeof *m->points);
	for (size_t i = 0; i < aa->npoints && m->npoints < ANALYSIS_MAX_POINTS; i++)
		m->points[m->npoints++] = aa->points[i];
	for (size_t i = 0; i < aa->nroofs && m->nroofs < ANALYSIS_MAX_ROOFS; i++)
		if (!analysis_roof(ab, aa->roofs[i].name))
			m->roofs[m->nroofs++] = aa->roofs[i];
	if (isfinite(aa->peak) && !(m->peak >= aa->peak))
		m->peak = aa->peak;
}

static void roof_text(const struct roof *r, int run_b, int moved, char *buf, size_t size)
{
	/* Three figures, but whole numbers from 100 up: 1102 GB/s, never 1.1e+03. */
	snprintf(buf, size, r->value >= 100 ? "%s%s %.0f %s" : "%s%s %.3g %s",
		 moved ? (run_b ? "B: " : "A: ") : "", r->name, r->value, roof_unit(r));
}

static void add_line(struct plot_compare_layout *l, const struct analysis *a, const struct roof *r,
		     int run_b, int moved)
{
	const struct plot_frame *f = &l->f;
	struct plot_compare_line *ln = &l->lines[l->nlines];
	memset(ln, 0, sizeof *ln);
	ln->roof = r;
	ln->run_b = run_b;
	double v = r->value;
	if (!(v > 0) || !isfinite(v))
		return;
	if (r->kind == ROOF_BANDWIDTH) {
		const struct roof *pk = peak_of(a, r->threads);
		ln->x0 = f->xmin;
		ln->x1 = pk ? pk->value / v : f->xmax;
		if (v * ln->x0 < f->ymin)
			ln->x0 = f->ymin / v;
		if (v * ln->x1 > f->ymax)
			ln->x1 = f->ymax / v;
		ln->x1 = fmin(ln->x1, f->xmax);
		ln->y0 = v * ln->x0;
		ln->y1 = v * ln->x1;
	} else if (r->kind == ROOF_COMPUTE || r->kind == ROOF_CEILING) {
		double top = top_bandwidth(a, r->threads);
		ln->flat = 1;
		ln->x0 = top > 0 ? fmax(f->xmin, v / top) : f->xmin;
		ln->x1 = f->xmax;
		ln->y0 = ln->y1 = v;
		if (v < f->ymin || v > f->ymax)
			return;
	} else {
		return;   /* pattern roofs judge points; the figure keeps the plateaus as its lines */
	}
	if (!(ln->x1 > ln->x0))
		return;
	roof_text(r, run_b, moved, ln->label, sizeof ln->label);
	l->nlines++;
}

/* "horner D=8", "triad (L1)", "dot @2t", with the ratio for a move. */
static void point_text(const struct point *p, const struct compare_row *row, int arrow, char *buf, size_t size)
{
	const struct kernel *k = registry_find(p->kernel);
	size_t n = (size_t)snprintf(buf, size, "%s", p->kernel);
	if (k && k->param_letter && n < size)
		n += (size_t)snprintf(buf + n, size - n, " %c=%ld", k->param_letter, p->param);
	else if (p->param && n < size)
		n += (size_t)snprintf(buf + n, size - n, " %ld", p->param);
	/* The lowest level goes unsaid, as in the roofline figure: the others are named. */
	if (p->level[0] && levels_parse(p->level) != MEM_DRAM && n < size)
		n += (size_t)snprintf(buf + n, size - n, " (%s)", p->level);
	/* All-core points say so: "horner D=64" at 1 and at 2 threads were two of the same name. */
	if (p->threads > 1 && n < size)
		n += (size_t)snprintf(buf + n, size - n, " @%dt", p->threads);
	/* An arrow's factor is its move against its roof, the one it was judged by. */
	if (arrow && n < size)
		snprintf(buf + n, size - n, " \u00d7%.2f", row->rel_tested ? row->rel : row->ratio);
	else if (!row->pb && n < size)
		snprintf(buf + n, size - n, " (A only)");
	else if (!row->pa && n < size)
		snprintf(buf + n, size - n, " (B only)");
}

static int usable(double ai, double gf)
{
	return isfinite(ai) && ai > 0 && isfinite(gf) && gf > 0;
}

/* The marks: each kernel in the colour the roofline figure gives it (figure_families of both runs). */
static void add_marks(struct plot_compare_layout *l, const struct compare *c, const struct analysis *both)
{
	struct figure_kernels *fk = xmalloc(sizeof *fk);
	figure_families(both, fk);
	for (size_t i = 0; i < c->nrows && l->nmarks < 2 * ANALYSIS_MAX_POINTS; i++) {
		const struct compare_row *row = &c->rows[i];
		if (row->is_roof)
			continue;
		const struct point *pa = row->pa, *pb = row->pb;
		struct plot_compare_mark *m = &l->marks[l->nmarks];
		memset(m, 0, sizeof *m);
		m->row = row;
		m->arrow = row->moved != COMPARE_SAME && pa && pb && usable(pa->ai, pa->gflops) &&
			   usable(pb->ai, pb->gflops);
		m->run_b = pb != NULL;
		const struct point *p = pb ? pb : pa;
		if (!usable(p->ai, p->gflops))
			continue;
		m->ai_b = p->ai;
		m->gf_b = p->gflops;
		if (m->arrow) {
			m->ai_a = pa->ai;
			m->gf_a = pa->gflops;
		}
		m->col = figure_kernel_colour(fk, p->kernel);
		point_text(p, row, m->arrow, m->label, sizeof m->label);
		l->narrows += m->arrow;
		l->nmarks++;
	}
	free(fk);
}

void cmpfig_px(const struct plot_frame *f, double ai, double gf, double *x, double *y)
{
	plot_to_pixel(f, ai, gf, x, y);
}

/* The legend's rows, in order: the runs, the arrow, the roofs listed (line[i]: that roof, else -1). */
size_t cmpfig_legend_rows(const struct plot_compare_layout *l, const char **rows, int *line)
{
	size_t n = 0;
	rows[n] = l->legend_b;
	line[n++] = -1;
	rows[n] = l->legend_a;
	line[n++] = -1;
	rows[n] = "moved against its own roof, A to B";
	line[n++] = -1;
	rows[n] = "\u00d7: its share of the roof, B over A";   /* no sample: the row above's */
	line[n++] = -2;
	for (size_t i = 0; i < l->nlines && n < LEGEND_FIXED + l->legend_roofs; i++)
		if (l->lines[i].listed) {
			rows[n] = l->lines[i].label;
			line[n++] = (int)i;
		}
	return n;
}

/*
 * Legend geometry at scale s: the box's size, text measured with cr, with
 * room for l->legend_roofs listed roofs, as wide as any roof's label (which
 * ones are listed is known only once the legend is placed).
 */
void cmpfig_legend_size(cairo_t *cr, const struct plot_compare_layout *l, double s, double *w, double *h)
{
	const char *rows[LEGEND_FIXED + 2 * ANALYSIS_MAX_ROOFS];
	int line[LEGEND_FIXED + 2 * ANALYSIS_MAX_ROOFS];
	size_t n = cmpfig_legend_rows(l, rows, line);
	cmpfig_set_font(cr, PX_LEGEND * s, 0);
	double wide = 0;
	for (size_t i = 0; i < n + (l->legend_roofs ? l->nlines : 0); i++) {
		cairo_text_extents_t te;
		cairo_text_extents(cr, i < n ? rows[i] : l->lines[i - n].label, &te);
		wide = fmax(wide, te.x_advance);
	}
	*w = wide + 2 * 16 * s + 44 * s;
	*h = (double)(LEGEND_FIXED + l->legend_roofs) * 32 * s + 2 * 12 * s;
}

static void record(struct plot_compare_layout *l, struct labels_box b)
{
	if (l->nplaced < sizeof l->placed / sizeof l->placed[0])
		l->placed[l->nplaced++] = b;
}

static void describe_runs(struct plot_compare_layout *l, const struct compare *c, const struct rundata *ra,
			  const struct rundata *rb)
{
	const char *cpu = rb->info.cpu_model;
	const struct rundata *runs[2] = { ra, rb };
	char *out[2] = { l->run_a, l->run_b };
	for (int i = 0; i < 2; i++) {
		const char *cc = runs[i]->info.cc, *ver = runs[i]->info.cc_version;
		snprintf(out[i], sizeof l->run_a, "%s%s%s", cc && *cc ? cc : "?", ver && *ver ? " " : "",
			 ver && *ver ? ver : "");
	}
	snprintf(l->legend_a, sizeof l->legend_a, "A: %s (faint roofs, open points)", l->run_a);
	snprintf(l->legend_b, sizeof l->legend_b, "B: %s (solid roofs, filled points)", l->run_b);
	snprintf(l->title, sizeof l->title, "Two runs compared%s%s", cpu && *cpu ? ": " : "", cpu && *cpu ? cpu : "");
	if (c->machines.differ)
		snprintf(l->machines, sizeof l->machines, "different machines: %s", c->machines.what);
	else
		snprintf(l->machines, sizeof l->machines, "the same kind of machine");
}

/* A roof's look in the figure: its stroke at scale 1 (paint_lines draws it so). */
double cmpfig_line_width(const struct plot_compare_line *ln)
{
	return ln->roof->kind != ROOF_CEILING ? 3.2 : 2.0;
}

/* ln as the roofline figure's line: pixels, stroke, text. */
static void as_figure_line(const struct plot_frame *f, const struct plot_compare_line *ln, struct figure_line *fl)
{
	memset(fl, 0, sizeof *fl);
	fl->roof = ln->roof;
	fl->visible = 1;
	fl->width = cmpfig_line_width(ln);
	fl->dashed = ln->roof->kind == ROOF_CEILING;
	cmpfig_px(f, ln->x0, ln->y0, &fl->x0, &fl->y0);
	cmpfig_px(f, ln->x1, ln->y1, &fl->x1, &fl->y1);
	size_t n = strnlen(ln->label, sizeof fl->text - 1);   /* "B: L3@2t 280 GB/s": far shorter */
	memcpy(fl->text, ln->label, n);
	fl->text[n] = 0;
}

/* The roofs' labels by the roofline figure's placer (roof_labels.h), B's (solid) first: one roof each. */
static void label_roofs(struct roof_labels *rl, struct plot_compare_layout *out)
{
	const struct plot_frame *f = &out->f;
	for (int pass = 1; pass >= 0; pass--)
		for (size_t i = 0; i < out->nlines; i++) {
			struct plot_compare_line *ln = &out->lines[i];
			if (ln->run_b != pass)
				continue;
			struct figure_line fl;
			as_figure_line(f, ln, &fl);
			roof_labels_place(rl, &fl);
			ln->labelled = fl.labelled;
			ln->listed = fl.listed;
			if (!fl.labelled)
				continue;
			ln->seg = fl.cap;
			ln->size = fl.px * f->scale;
			ln->angle = fl.angle;
			ln->lx = 0.5 * (fl.cap.x0 + fl.cap.x1);   /* the capsule's middle: the ink box's centre */
			ln->ly = 0.5 * (fl.cap.y0 + fl.cap.y1);
		}
}

/*
 * The roofs drawn: B's; A's too where the roof differs between the runs
 * beyond their noise (compare_row.differs: a host that is slower
 * everywhere shows as both sets of roofs) or B has none.
 */
static void add_roof_lines(struct plot_compare_layout *out, const struct compare *c, const struct analysis *aa,
			   const struct analysis *ab)
{
	for (size_t i = 0; i < c->nrows && out->nlines + 2 <= 2 * ANALYSIS_MAX_ROOFS; i++) {
		const struct compare_row *row = &c->rows[i];
		if (!row->is_roof)
			continue;
		/* Not compared (no timings in common): both drawn, as for a move. */
		int moved = row->differs || !row->tested;
		/* The roofline figure's rule (a ceiling no point meets is one more line), but a roof that moved is news. */
		if (row->ra && (!row->rb || moved) && (row->differs || roof_labels_drawn(aa, row->ra)))
			add_line(out, aa, row->ra, 0, moved);
		if (row->rb && (row->differs || roof_labels_drawn(ab, row->rb)))
			add_line(out, ab, row->rb, 1, moved);
	}
}

/* The scene: lines, arrows and markers (mr: half a marker's box) are occupied space. */
static void occupy(struct roof_labels *rl, const struct plot_compare_layout *out, double mr)
{
	const struct plot_frame *f = &out->f;
	double s = f->scale;
	for (size_t i = 0; i < out->nlines; i++) {
		struct figure_line fl;
		as_figure_line(f, &out->lines[i], &fl);
		roof_labels_add_roof(rl, &fl);
	}
	for (size_t i = 0; i < out->nmarks; i++) {
		const struct plot_compare_mark *mk = &out->marks[i];
		double x, y;
		cmpfig_px(f, mk->ai_b, mk->gf_b, &x, &y);
		roof_labels_add_box(rl, (struct labels_box){ x - mr, y - mr, x + mr, y + mr });
		if (mk->arrow) {
			struct labels_seg seg = { 0, 0, x, y, 2 * s, 1 };
			cmpfig_px(f, mk->ai_a, mk->gf_a, &seg.x0, &seg.y0);
			roof_labels_add_seg(rl, seg);
			roof_labels_add_box(rl, (struct labels_box){ seg.x0 - mr, seg.y0 - mr, seg.x0 + mr, seg.y0 + mr });
		}
	}
}

/* The legend in the first free corner of the plot area (lower right first), else any free spot. */
static int place_legend(struct plot_compare_layout *out, struct roof_labels *rl, cairo_t *cr, struct labels_box inner)
{
	const struct labels *scene = roof_labels_scene(rl);
	double s = out->f.scale;
	double lw, lh, gap = 14 * s;
	cmpfig_legend_size(cr, out, s, &lw, &lh);
	if (out->legend_outside) {
		/* Right of the plot, which gave up the room for it (plot_compare_layout). */
		out->legend = (struct labels_box){ out->f.right + gap, out->f.top, out->f.right + gap + lw, out->f.top + lh };
		record(out, out->legend);
		return 1;
	}
	struct labels_box corners[4] = {
		{ inner.x1 - gap - lw, inner.y1 - gap - lh, inner.x1 - gap, inner.y1 - gap },
		{ inner.x0 + gap, inner.y0 + gap, inner.x0 + gap + lw, inner.y0 + gap + lh },
		{ inner.x1 - gap - lw, inner.y0 + gap, inner.x1 - gap, inner.y0 + gap + lh },
		{ inner.x0 + gap, inner.y1 - gap - lh, inner.x0 + gap + lw, inner.y1 - gap },
	};
	out->legend = corners[0];
	int found = 0;
	for (int i = 0; i < 4 && !found; i++)
		if (labels_box_free(scene, corners[i])) {
			out->legend = corners[i];
			found = 1;
		}
	/* No free corner: any free spot, scanning up from the bottom right; else the corner it was. */
	for (double y = inner.y1 - gap - lh; !found && y >= inner.y0 + gap; y -= 10 * s)
		for (double x = inner.x1 - gap - lw; !found && x >= inner.x0 + gap; x -= 10 * s) {
			struct labels_box b = { x, y, x + lw, y + lh };
			if (labels_box_free(scene, b)) {
				out->legend = b;
				found = 1;
			}
		}
	roof_labels_add_box(rl, out->legend);
	record(out, out->legend);
	return found;
}

/*
 * The point labels: moved points' first (they are what the figure is
 * for), anywhere with a leader; the other points' last, near their markers
 * or not at all. The roofs' are placed before them (label_roofs).
 */
static void place_labels(struct plot_compare_layout *out, struct labels *scene, cairo_t *cr, double mr)
{
	const struct plot_frame *f = &out->f;
	double s = f->scale;
	double box[4];
	struct labels_item items[2 * ANALYSIS_MAX_POINTS];
	cmpfig_set_font(cr, PX_POINT_LABEL * s, 0);
	for (size_t i = 0; i < out->nmarks; i++) {
		struct plot_compare_mark *mk = &out->marks[i];
		double x, y;
		cmpfig_ink(cr, mk->label, HALO * s, box);
		cmpfig_px(f, mk->ai_b, mk->gf_b, &x, &y);
		items[i] = (struct labels_item){ .ax = x, .ay = y, .w = box[2], .h = box[3], .gap = mr + 1 * s,
						 .max_r = mk->arrow ? 0 : mr + 3 * box[3], .leader = 1 };
		if (mk->arrow)
			labels_place(scene, &items[i]);
	}
	size_t rest[2 * ANALYSIS_MAX_POINTS], nrest = 0;
	struct labels_item others[2 * ANALYSIS_MAX_POINTS];
	for (size_t i = 0; i < out->nmarks; i++)
		if (!out->marks[i].arrow) {
			rest[nrest] = i;
			others[nrest++] = items[i];
		}
	labels_place_all(scene, others, nrest);
	for (size_t k = 0; k < nrest; k++)
		items[rest[k]] = others[k];
	/* A roof listed in the legend is named: only one neither labelled nor listed is dropped. */
	for (size_t i = 0; i < out->nlines; i++) {
		out->labels_wanted++;
		out->labels_dropped += !out->lines[i].labelled && !out->lines[i].listed;
	}
	for (size_t i = 0; i < out->nmarks; i++) {
		out->marks[i].item = items[i];
		out->labels_wanted++;
		if (items[i].placed)
			record(out, items[i].box);
		else
			out->labels_dropped++;
	}
}

/* How many roofs the last layout listed in the legend (no spot along their lines). */
static size_t count_listed(const struct plot_compare_layout *out)
{
	size_t n = 0;
	for (size_t i = 0; i < out->nlines; i++)
		n += out->lines[i].listed;
	return n;
}

/*
 * One pass of the labels over the lines and marks: the legend (with room
 * for out->legend_roofs listed roofs), the roofs' labels, the points'.
 * Returns 0 when the legend found no free spot in the plot.
 */
static int label_pass(struct plot_compare_layout *out, cairo_t *cr)
{
	const struct plot_frame *f = &out->f;
	double s = f->scale, mr = MARKER_R * 1.3 * s;
	struct figure_measure m;
	plot_measure_cairo(cr, &m);
	out->nplaced = out->labels_wanted = out->labels_dropped = 0;
	for (size_t i = 0; i < out->nlines; i++)
		out->lines[i].labelled = out->lines[i].listed = 0;
	struct roof_labels *rl = roof_labels_init(f, &m);
	struct labels_box inner = { f->left + 3 * s, f->top + 3 * s, f->right - 3 * s, f->bottom - 3 * s };
	occupy(rl, out, mr);
	int free_spot = place_legend(out, rl, cr, inner);
	label_roofs(rl, out);
	place_labels(out, roof_labels_scene(rl), cr, mr);
	roof_labels_free(rl);
	return free_spot;
}

/* Passes until the legend holds every roof listed (a grown legend takes room of its own). */
static int label_passes(struct plot_compare_layout *out, cairo_t *cr)
{
	int free_spot = label_pass(out, cr);
	for (int k = 0; k < 3 && count_listed(out) > out->legend_roofs; k++) {
		out->legend_roofs = count_listed(out);
		free_spot = label_pass(out, cr);
	}
	return free_spot;
}

void plot_compare_layout(const struct compare *c, struct plot_compare_run A, struct plot_compare_run B, int width,
			 int height, struct plot_compare_layout *out)
{
	const struct rundata *ra = A.run, *rb = B.run;
	const struct analysis *aa = A.a, *ab = B.a;
	memset(out, 0, sizeof *out);
	struct analysis *m = xmalloc(sizeof *m);
	both_runs(aa, ab, m);
	plot_frame_for(m, width, height, &out->f);
	describe_runs(out, c, ra, rb);
	add_roof_lines(out, c, aa, ab);
	add_marks(out, c, m);
	free(m);

	cairo_surface_t *surf = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 4, 4);
	cairo_t *cr = cairo_create(surf);
	cmpfig_no_hinting(cr);
	/*
	 * Where the legend finds no free spot (roofs listed in it made it tall),
	 * it would cover markers: the plot gives up the room for it on its
	 * right, as the roofline figure's does, and the labels are laid out again.
	 */
	if (!label_passes(out, cr)) {
		double lw, lh, s = out->f.scale;
		cmpfig_legend_size(cr, out, s, &lw, &lh);
		out->legend_outside = 1;
		out->f.right = out->f.width - lw - 2 * 14 * s;
		label_passes(out, cr);
	}
	/* Rows held for roofs the last pass labelled after all: the box ends at its last row. */
	double rows = (double)(LEGEND_FIXED + fmin(count_listed(out), out->legend_roofs));
	out->legend.y1 = fmin(out->legend.y1, out->legend.y0 + rows * 32 * out->f.scale + 2 * 12 * out->f.scale);
	cairo_destroy(cr);
	cairo_surface_destroy(surf);
}

