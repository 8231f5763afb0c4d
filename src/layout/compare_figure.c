/*
 * compare_figure.c - see compare_figure.h.
 *
 * Lay out, then paint: compare_figure_layout() decides every line, arrow,
 * marker and text box (the panel beside the plot first, which narrows it;
 * then lines and markers as occupied space of a label scene, the roof
 * labels and the moved points' labels, each avoiding all that came before;
 * last the legend's rows for roofs no spot could name); emit's
 * plot_compare_draw() and plot_compare_gnuplot() only render that layout.
 * Text is measured through struct figure_measure, as the roofline figure's
 * layout measures it (figure.h).
 */
#include "compare_figure.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "levels.h"
#include "registry.h"
#include "roof_labels.h"
#include "util.h"

#include "compare_figure_style.h"

/* The ink box of text at baseline origin (0, 0) at m's font px (bold or not), grown by the halo: x0, y0, w, h. */
static void text_ink(const struct figure_measure *m, const char *text, double px, int bold, double halo, double box[4])
{
	struct figure_text te;
	m->extents(m->ctx, text, px, bold, &te);
	box[0] = te.x_bearing - halo;
	box[1] = te.y_bearing - halo;
	box[2] = te.width + 2 * halo;
	box[3] = te.height + 2 * halo;
}

/* The advance of text at px (bold or not). */
static double text_advance(const struct figure_measure *m, const char *text, double px, int bold)
{
	struct figure_text te;
	m->extents(m->ctx, text, px, bold, &te);
	return te.x_advance;
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
 * ridge: what the frame (of one thread count's selections) and the kernels'
 * colours (of the whole runs, so both figures colour a kernel alike) read;
 * the sweep, chains, levels and notes stay empty, never copied.
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
	/*
	 * A's roof is looked for in B at one thread, as the view names it (its
	 * "@Nt" stripped): in an all-core view none is found and each of A's
	 * roofs is added beside B's. Kept as it was when this looked names up;
	 * by the roofs' own keys it would add only what B lacks, and the
	 * all-core figure's axes would change (a question for the figure).
	 */
	for (size_t i = 0; i < aa->nroofs && m->nroofs < ANALYSIS_MAX_ROOFS; i++) {
		struct roof_key as_named = roofkey_at(aa->roofs[i].key, 1);
		if (!model_roof(ab, &as_named))
			m->roofs[m->nroofs++] = aa->roofs[i];
	}
	if (isfinite(aa->peak) && !(m->peak >= aa->peak))
		m->peak = aa->peak;
}

/* A roof's name as a figure of one thread count says it: "DRAM@2t" is "DRAM" (the title says the count). */
static int shown_name_len(const struct roof *r)
{
	return (int)strcspn(r->name, "@");
}

/*
 * "L1 203 GB/s" for a roof drawn once; "A: L1 176 GB/s" and "B: L1 203
 * GB/s ×1.15" (its B/A) for one drawn for both runs. who: 0, 'A' or 'B';
 * ratio NaN for none. Three figures, but whole numbers from 100 up.
 */
static void roof_text(const struct roof *r, int who, double ratio, char *buf, size_t size)
{
	int n = snprintf(buf, size, r->value >= 100 ? "%s%.*s %.0f %s" : "%s%.*s %.3g %s",
			 who == 'A' ? "A: " : who == 'B' ? "B: " : "", shown_name_len(r), r->name, r->value, roof_unit(r));
	if (isfinite(ratio) && n > 0 && (size_t)n < size)
		snprintf(buf + n, size - (size_t)n, " \u00d7%.2f", ratio);
}

static void add_line(struct plot_compare_layout *l, const struct analysis *a, const struct roof *r, int run_b,
		     const char *text)
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
	snprintf(ln->label, sizeof ln->label, "%s", text);
	l->nlines++;
}

/* "horner D=8 ×0.85", "triad (L1) ×1.20": a moved point, with its move against its roof. */
static void point_text(const struct point *p, const struct compare_row *row, char *buf, size_t size)
{
	const struct kernel *k = p->k;
	size_t n = (size_t)snprintf(buf, size, "%s", p->kernel);
	if (k && k->param_letter && n < size)
		n += (size_t)snprintf(buf + n, size - n, " %c=%ld", k->param_letter, p->param);
	else if (p->param && n < size)
		n += (size_t)snprintf(buf + n, size - n, " %ld", p->param);
	/* The lowest level goes unsaid, as in the roofline figure: the others are named. */
	if (p->level[0] && p->level_id != MEM_DRAM && n < size)
		n += (size_t)snprintf(buf + n, size - n, " (%s)", p->level);
	/* An arrow's factor is its move against its roof, the one it was judged by. */
	if (n < size)
		snprintf(buf + n, size - n, " \u00d7%.2f", row->rel_tested ? row->rel : row->ratio);
}

static int usable(double ai, double gf)
{
	return isfinite(ai) && ai > 0 && isfinite(gf) && gf > 0;
}

/* A row's thread count: its roof's or its point's, whichever run has it. */
static int row_threads(const struct compare_row *row)
{
	if (row->is_roof)
		return (row->rb ? row->rb : row->ra)->threads;
	return (row->pb ? row->pb : row->pa)->threads;
}

/* The marks of `threads`: each kernel in the colour the roofline figure gives it (fk: both runs' families). */
static void add_marks(struct plot_compare_layout *l, const struct compare *c, const struct figure_kernels *fk)
{
	for (size_t i = 0; i < c->nrows && l->nmarks < 2 * ANALYSIS_MAX_POINTS; i++) {
		const struct compare_row *row = &c->rows[i];
		if (row->is_roof || row_threads(row) != l->threads)
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
			point_text(p, row, m->label, sizeof m->label);
		}
		m->col = figure_kernel_colour(fk, p);
		m->radius = (m->arrow ? 1 : QUIET_R) * MARKER_R * l->f.scale;
		l->narrows += m->arrow;
		l->nmarks++;
	}
}

void cmpfig_px(const struct plot_frame *f, double ai, double gf, double *x, double *y)
{
	plot_to_pixel(f, ai, gf, x, y);
}

static void record(struct plot_compare_layout *l, struct labels_box b)
{
	if (l->nplaced < sizeof l->placed / sizeof l->placed[0])
		l->placed[l->nplaced++] = b;
}

static void describe_runs(struct plot_compare_layout *l, const struct compare *c, const struct rundata *ra,
			  const struct rundata *rb, const char *machines)
{
	const char *cpu = rb->info.cpu_model;
	const struct rundata *runs[2] = { ra, rb };
	char *out[2] = { l->run_a, l->run_b };
	for (int i = 0; i < 2; i++) {
		const char *cc = runs[i]->info.cc, *ver = runs[i]->info.cc_version;
		snprintf(out[i], sizeof l->run_a, "%s%s%s", cc && *cc ? cc : "?", ver && *ver ? " " : "",
			 ver && *ver ? ver : "");
	}
	char count[48];
	if (l->threads == 1)
		snprintf(count, sizeof count, "one core");
	else
		snprintf(count, sizeof count, "%d threads", l->threads);
	snprintf(l->title, sizeof l->title, "Two runs compared, %s%s%s", count, cpu && *cpu ? ": " : "",
		 cpu && *cpu ? cpu : "");
	if (c->machines.differ && machines && *machines)
		snprintf(l->machines, sizeof l->machines, "different machines: %s", machines);
	else if (c->machines.differ)
		snprintf(l->machines, sizeof l->machines, "different machines");
	else
		snprintf(l->machines, sizeof l->machines, "the same kind of machine");
}

/*
 * The subtitle: the runs, the machines and what the arrows are, at a size
 * that reads at 800 px: where the machines' differences make it too wide,
 * it leaves them to compare.md.
 */
static void subtitle(struct plot_compare_layout *l, const struct compare *c, const struct figure_measure *m)
{
	const char *arrows = "arrows: moves against each kernel's own roof";
	snprintf(l->subtitle, sizeof l->subtitle, "A: %s  \u2192  B: %s  \u00b7  %s  \u00b7  %s", l->run_a, l->run_b,
		 l->machines, arrows);
	if (text_advance(m, l->subtitle, PX_SUBTITLE * l->f.scale, 0) > l->f.width - 44 * l->f.scale && c->machines.differ)
		snprintf(l->subtitle, sizeof l->subtitle,
			 "A: %s  \u2192  B: %s  \u00b7  different machines (compare.md says how)  \u00b7  %s", l->run_a,
			 l->run_b, arrows);
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
	size_t n = strnlen(ln->label, sizeof fl->text - 1);   /* "B: L3 280 GB/s ×1.15": far shorter */
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
 * The roofs of `threads` drawn: a roof compare marked moved for both runs
 * (A's faint, B's with its B/A); one it did not, once, B's; a roof one run
 * lacks, or with no timings in common (nothing judged), for each run that
 * has it, saying whose. A ceiling that caps no point is left out, as the
 * roofline figure leaves it, unless it moved.
 */
static void add_roof_lines(struct plot_compare_layout *out, const struct compare *c, const struct analysis *aa,
			   const struct analysis *ab)
{
	for (size_t i = 0; i < c->nrows && out->nlines + 2 <= 2 * ANALYSIS_MAX_ROOFS; i++) {
		const struct compare_row *row = &c->rows[i];
		if (!row->is_roof || row_threads(row) != out->threads)
			continue;
		int moved = row->tested && row->moved != COMPARE_SAME;
		int both = moved || (row->ra && row->rb && !row->tested);
		char text[112];
		if (row->ra && (!row->rb || both) && (moved || roof_labels_drawn(aa, row->ra))) {
			roof_text(row->ra, 'A', NAN, text, sizeof text);
			add_line(out, aa, row->ra, 0, text);
		}
		if (row->rb && (moved || roof_labels_drawn(ab, row->rb))) {
			roof_text(row->rb, both || !row->ra ? 'B' : 0, moved ? row->ratio : NAN, text, sizeof text);
			add_line(out, ab, row->rb, 1, text);
		}
	}
}

/* A roof of the figure's count that compare marked moved (against the other roofs). */
static int roof_moved(const struct plot_compare_layout *out, const struct compare_row *r)
{
	return r->is_roof && r->tested && r->moved != COMPARE_SAME && row_threads(r) == out->threads;
}

/* |ln| of a mark's move: how far it went, either way. */
static double move_size(const struct plot_compare_mark *m)
{
	double r = m->row->rel_tested ? m->row->rel : m->row->ratio;
	return isfinite(r) && r > 0 ? fabs(log(r)) : 0;
}

/*
 * The "what moved" box: its heading, how many of the figure's kernels moved
 * each way, the three largest moves, and the roofs of its count that
 * moved, named compiler-dependent where only the build changed.
 */
static void what_moved(struct plot_compare_layout *out, const struct compare *c)
{
	size_t faster = 0, slower = 0, judged = 0;
	for (size_t i = 0; i < out->nmarks; i++) {
		const struct compare_row *r = out->marks[i].row;
		judged += compare_point_judged(r);
		if (out->marks[i].arrow) {
			faster += r->moved == COMPARE_FASTER;
			slower += r->moved == COMPARE_SLOWER;
		}
	}
	size_t n = 0;
	snprintf(out->moved[n++], sizeof out->moved[0], "What moved (%s)",
		 out->threads == 1 ? "one core" : "all cores");
	if (faster + slower)
		snprintf(out->moved[n++], sizeof out->moved[0], "%zu faster, %zu slower of %zu kernels", faster, slower,
			 judged);
	else
		snprintf(out->moved[n++], sizeof out->moved[0], "no kernel moved (%zu judged)", judged);
	int taken[2 * ANALYSIS_MAX_POINTS] = { 0 };
	for (int k = 0; k < 3; k++) {
		size_t best = out->nmarks;
		for (size_t i = 0; i < out->nmarks; i++)
			if (out->marks[i].arrow && !taken[i] &&
			    (best == out->nmarks || move_size(&out->marks[i]) > move_size(&out->marks[best])))
				best = i;
		if (best == out->nmarks)
			break;
		taken[best] = 1;
		snprintf(out->moved[n++], sizeof out->moved[0], "\u2022 %s", out->marks[best].label);
	}
	/* The roofs of this count that moved, one a row, as many as the box holds. */
	size_t nroofs = 0, room = PLOT_COMPARE_MOVED_ROWS - n - 1 - (size_t)(c->machines.build_only != 0);
	for (size_t i = 0; i < c->nrows; i++) {
		const struct compare_row *r = &c->rows[i];
		if (!roof_moved(out, r))
			continue;
		if (nroofs++ == 0)
			snprintf(out->moved[n++], sizeof out->moved[0], "%s",
				 c->machines.build_only ? "roofs moved with the compiler alone," : "roofs moved:");
		if (nroofs == 1 && c->machines.build_only)
			snprintf(out->moved[n++], sizeof out->moved[0], "the tool's defect (compare.md):");
		if (nroofs <= room)
			snprintf(out->moved[n++], sizeof out->moved[0], "\u2022 %.*s \u00d7%.2f", shown_name_len(r->rb),
				 r->rb->name, r->ratio);
	}
	if (nroofs > room)
		snprintf(out->moved[n - 1], sizeof out->moved[0], "\u2022 and %zu more (compare.md)", nroofs - room + 1);
	out->nmoved = n;
}

/*
 * The legend's rows before the listed roofs: the runs, a quiet point, the
 * families of the moves, and what a moved roof's factor is (compare's B/A
 * of the timings' medians, where the lines are the fitted roofs).
 */
static void base_keys(struct plot_compare_layout *out, const struct compare *c, const struct figure_kernels *fk)
{
	struct plot_compare_key *k = out->keys;
	size_t n = 0;
	k[n] = (struct plot_compare_key){ .kind = KEY_RUN_B, .line = -1 };
	snprintf(k[n++].text, sizeof k->text, "B: %s", out->run_b);
	k[n] = (struct plot_compare_key){ .kind = KEY_RUN_A, .line = -1 };
	snprintf(k[n++].text, sizeof k->text, "A: %s (moved roofs, faint)", out->run_a);
	k[n] = (struct plot_compare_key){ .kind = KEY_QUIET, .line = -1 };
	snprintf(k[n++].text, sizeof k->text, "did not move");
	if (out->narrows) {
		k[n] = (struct plot_compare_key){ .kind = KEY_TEXT, .line = -1 };
		snprintf(k[n++].text, sizeof k->text, "moved, A to B (\u00d7 its roof share B/A):");
	}
	/* One row a family (gemm_ijk, gemm_ikj and gemm_tiled share gemm's colour). */
	struct { const struct kernel *family_k; const char *name; } seen[ANALYSIS_MAX_POINTS];
	size_t nseen = 0;
	for (size_t i = 0; i < out->nmarks && n < PLOT_COMPARE_MAX_KEYS; i++) {
		if (!out->marks[i].arrow)
			continue;
		const struct point *p = out->marks[i].row->pb;
		const struct figure_family *fam = figure_kernel_family(fk, p);
		const char *name = fam && fam->family[0] ? fam->family : p->kernel;
		const struct kernel *family_k = fam ? fam->family_k : p->family_k;
		size_t j = 0;
		while (j < nseen && !registry_same(seen[j].family_k, seen[j].name, family_k, name))
			j++;
		if (j < nseen)
			continue;
		seen[nseen].family_k = family_k;
		seen[nseen++].name = name;
		k[n] = (struct plot_compare_key){ .kind = KEY_FAMILY, .col = out->marks[i].col, .line = -1 };
		snprintf(k[n++].text, sizeof k->text, "%s", name);
	}
	for (size_t i = 0; i < c->nrows && n < PLOT_COMPARE_MAX_KEYS; i++)
		if (roof_moved(out, &c->rows[i])) {
			k[n] = (struct plot_compare_key){ .kind = KEY_TEXT, .line = -1 };
			snprintf(k[n++].text, sizeof k->text, "a moved roof's \u00d7: B/A of its medians");
			break;
		}
	out->nkeys = n;
}

/* The widest text of the panel beside the plot: every row it may hold, any roof's label listed. */
static double panel_text_width(const struct figure_measure *m, const struct plot_compare_layout *out, double s)
{
	double wide = 0;
	for (size_t i = 0; i < out->nkeys; i++)
		wide = fmax(wide, text_advance(m, out->keys[i].text, PX_LEGEND * s, 0) + KEY_SAMPLE * s);
	for (size_t i = 0; i < out->nlines; i++)
		wide = fmax(wide, text_advance(m, out->lines[i].label, PX_LEGEND * s, 0) + KEY_SAMPLE * s);
	for (size_t i = 0; i < out->nmoved; i++)
		wide = fmax(wide, text_advance(m, out->moved[i], PX_LEGEND * s, i == 0));
	return wide;
}

/* The scene: lines, arrows and markers (each with room round it: MARKER_ROOM of its radius) are occupied space. */
static void occupy(struct roof_labels *rl, const struct plot_compare_layout *out)
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
		double x, y, r = MARKER_ROOM * mk->radius, mr = MARKER_ROOM * MARKER_R * s;
		cmpfig_px(f, mk->ai_b, mk->gf_b, &x, &y);
		roof_labels_add_box(rl, (struct labels_box){ x - r, y - r, x + r, y + r });
		if (mk->arrow) {
			/* An arrow: no leader crosses it where a spot allows (it would read as the arrow's). */
			struct labels_seg seg = { 0, 0, x, y, 2 * s, LABELS_SOLID };
			cmpfig_px(f, mk->ai_a, mk->gf_a, &seg.x0, &seg.y0);
			roof_labels_add_seg(rl, seg);
			roof_labels_add_box(rl, (struct labels_box){ seg.x0 - mr, seg.y0 - mr, seg.x0 + mr, seg.y0 + mr });
		}
	}
}

/*
 * The moved points' labels, the most hemmed-in first (labels_place_all,
 * as the roofline figure places its single points), each with a leader
 * where it must move away; the scene's leaders are exclusive (no two
 * cross) and avoid every marker where any spot allows it.
 */
static void place_labels(struct plot_compare_layout *out, struct labels *scene, const struct figure_measure *m,
			 double mr)
{
	const struct plot_frame *f = &out->f;
	double s = f->scale;
	double box[4];
	struct labels_item items[2 * ANALYSIS_MAX_POINTS];
	size_t which[2 * ANALYSIS_MAX_POINTS], n = 0;
	for (size_t i = 0; i < out->nmarks; i++) {
		struct plot_compare_mark *mk = &out->marks[i];
		if (!mk->arrow)
			continue;
		double x, y;
		text_ink(m, mk->label, PX_POINT_LABEL * s, 0, HALO * s, box);
		cmpfig_px(f, mk->ai_b, mk->gf_b, &x, &y);
		/* A's marker, at the other end of its arrow, is its own: its leader may pass over it. */
		double xa, ya;
		cmpfig_px(f, mk->ai_a, mk->gf_a, &xa, &ya);
		items[n] = (struct labels_item){ .ax = x, .ay = y, .w = box[2], .h = box[3], .gap = mr + 1 * s,
						 .leader = 1, .has_own = 1, .clear_only = 1,
						 .own = { xa - mr, ya - mr, xa + mr, ya + mr } };
		which[n++] = i;
	}
	labels_place_all(scene, items, n);
	size_t unlabelled = 0;
	for (size_t k = 0; k < n; k++) {
		struct plot_compare_mark *mk = &out->marks[which[k]];
		mk->item = items[k];
		out->labels_wanted++;
		if (items[k].placed)
			record(out, items[k].box);
		else
			unlabelled++;
	}
	out->labels_dropped += unlabelled;
	/* A move no clear leader could name keeps its arrow; the box says where its name is. */
	if (unlabelled && out->nmoved < PLOT_COMPARE_MOVED_ROWS) {
		/* The longest wording the box's width holds (it was sized before the labels were placed). */
		char *row = out->moved[out->nmoved];
		snprintf(row, sizeof out->moved[0], "%zu move%s too crowded to name: compare.md", unlabelled,
			 unlabelled == 1 ? "" : "s");
		if (text_advance(m, row, PX_LEGEND * s, 0) > out->moved_box.x1 - out->moved_box.x0 - 2 * KEY_PAD * s)
			snprintf(row, sizeof out->moved[0], "%zu unnamed: compare.md", unlabelled);
		out->nmoved++;
		out->moved_box.y1 += out->row_h;
	}
	/* A roof listed in the legend is named: only one neither labelled nor listed is dropped. */
	for (size_t i = 0; i < out->nlines; i++) {
		out->labels_wanted++;
		out->labels_dropped += !out->lines[i].labelled && !out->lines[i].listed;
	}
}

/*
 * The listed roofs as legend rows, as many as the image's height holds;
 * a last row says how many more compare.md names where they do not fit.
 */
static void list_roofs(struct plot_compare_layout *out, double bottom)
{
	size_t room = (size_t)fmax(0, floor((bottom - out->legend.y0 - 2 * KEY_PAD * out->f.scale) / out->row_h));
	size_t listed = 0;
	for (size_t i = 0; i < out->nlines; i++)
		listed += out->lines[i].listed;
	size_t more = 0;
	for (size_t i = 0; i < out->nlines; i++) {
		if (!out->lines[i].listed)
			continue;
		if (out->nkeys + 1 >= room && out->nkeys + listed > room) {
			more++;
			continue;
		}
		struct plot_compare_key *k = &out->keys[out->nkeys++];
		*k = (struct plot_compare_key){ .kind = KEY_ROOF, .line = (int)i };
		snprintf(k->text, sizeof k->text, "%s", out->lines[i].label);
		listed--;
	}
	if (more) {
		struct plot_compare_key *k = &out->keys[out->nkeys++];
		*k = (struct plot_compare_key){ .kind = KEY_TEXT, .line = -1 };
		snprintf(k->text, sizeof k->text, "%zu more roof%s: compare.md", more, more == 1 ? "" : "s");
	}
}

size_t plot_compare_thread_counts(const struct analysis *aa, const struct analysis *ab, int *counts, size_t max)
{
	int ca[ANALYSIS_MAX_THREAD_COUNTS], cb[ANALYSIS_MAX_THREAD_COUNTS];
	size_t na = figure_thread_counts(aa, ca, ANALYSIS_MAX_THREAD_COUNTS);
	size_t nb = figure_thread_counts(ab, cb, ANALYSIS_MAX_THREAD_COUNTS);
	size_t n = 0;
	for (size_t i = 0; i < na && n < max; i++)
		for (size_t j = 0; j < nb; j++)
			if (ca[i] == cb[j]) {
				counts[n++] = ca[i];
				break;
			}
	return n;
}

int plot_compare_threads(int want, const struct analysis *aa, const struct analysis *ab, char *have, size_t len)
{
	int counts[ANALYSIS_MAX_THREAD_COUNTS];
	size_t n = plot_compare_thread_counts(aa, ab, counts, ANALYSIS_MAX_THREAD_COUNTS), w = 0;
	snprintf(have, len, "no thread count");
	if (!want)
		return n ? counts[0] : 1;
	for (size_t i = 0; i < n; i++) {
		if (counts[i] == want)
			return want;
		if (w < len)
			w += (size_t)snprintf(have + w, len - w, "%s%d", i ? ", " : "", counts[i]);
	}
	return -1;
}

void compare_figure_layout(const struct compare *c, struct plot_compare_run A, struct plot_compare_run B,
			   struct plot_compare_view v, const struct figure_measure *meas, struct plot_compare_layout *out)
{
	int threads = v.threads, width = v.width, height = v.height;
	const struct rundata *ra = A.run, *rb = B.run;
	const struct analysis *aa = A.a, *ab = B.a;
	memset(out, 0, sizeof *out);
	out->threads = threads;
	out->legend_outside = 1;
	/* The frame holds this count's roofs and points of both runs; the colours come from the whole runs. */
	struct analysis *sa = xmalloc(sizeof *sa), *sb = xmalloc(sizeof *sb), *m = xmalloc(sizeof *m);
	figure_select_threads(aa, threads, sa);
	figure_select_threads(ab, threads, sb);
	both_runs(sa, sb, m);
	plot_frame_for(m, width, height, &out->f);
	both_runs(aa, ab, m);
	struct figure_kernels *fk = xmalloc(sizeof *fk);
	figure_families(m, fk);
	free(sa);
	free(sb);
	describe_runs(out, c, ra, rb, v.machines);
	add_marks(out, c, fk);
	what_moved(out, c);
	base_keys(out, c, fk);
	free(fk);   /* it points into m */
	free(m);

	struct plot_frame *f = &out->f;
	double s = f->scale, gap = 24 * s;
	subtitle(out, c, meas);
	out->row_h = KEY_ROW * s;
	/*
	 * The panel beside the plot, never over it: as wide as any row it may
	 * hold (a roof's label too, were it listed), the plot narrowed for it.
	 * The roofs are laid out after (their lines' ends depend on the frame),
	 * a first time only to know their labels' widths.
	 */
	add_roof_lines(out, c, aa, ab);
	double pw = panel_text_width(meas, out, s) + 2 * KEY_PAD * s;
	f->right = fmax(f->left + 0.5 * (width - f->left), width - 20 * s - pw - gap);
	out->nlines = 0;
	add_roof_lines(out, c, aa, ab);
	pw = width - 20 * s - (f->right + gap);
	double x0 = f->right + gap;
	out->moved_box = (struct labels_box){ x0, f->top, x0 + pw, f->top + (double)out->nmoved * out->row_h + 2 * KEY_PAD * s };
	record(out, out->moved_box);

	double mr = MARKER_ROOM * MARKER_R * s;
	struct roof_labels *rl = roof_labels_init(f, meas);
	occupy(rl, out);
	label_roofs(rl, out);
	place_labels(out, roof_labels_scene(rl), meas, mr);
	roof_labels_free(rl);

	out->legend = (struct labels_box){ x0, out->moved_box.y1 + 16 * s, x0 + pw, 0 };
	list_roofs(out, height - 12 * s);
	out->legend.y1 = out->legend.y0 + (double)out->nkeys * out->row_h + 2 * KEY_PAD * s;
	record(out, out->legend);
}
