/*
 * layout_check.h - for the unit tests: a figure's geometry (the roofline
 * figure's struct figure, the compare figure's layout) as labels and what
 * they must not cover, and the check that finds every overlap. Header-only
 * (static functions), included by test_layout.c and test_plot.c.
 *
 * A label overlaps when it comes closer than 0 pixels (touching is allowed)
 * to another label, a marker (a box of the marker's radius), a roof or
 * ceiling line (a capsule of half its width) other than its own, or the
 * legend, or when it crosses the plot area's edge; the legend overlaps when
 * it covers a line or a marker, or crosses the edge.
 */
#ifndef ROOFLINE_TEST_LAYOUT_CHECK_H
#define ROOFLINE_TEST_LAYOUT_CHECK_H

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "figure.h"
#include "labels.h"
#include "plot_compare.h"

/* A label: a box (point labels, the ridge's) or a capsule along a line (a roof's). */
struct shape {
	int capsule;
	struct labels_box box;
	struct labels_seg seg;
	const char *what;
	int line;                /* the line it labels, or -1 */
};

static inline int shapes_meet(const struct shape *a, const struct shape *b)
{
	if (!a->capsule && !b->capsule)
		return labels_boxes_touch(a->box, b->box, 0);
	if (a->capsule && b->capsule)
		return labels_seg_seg_dist(a->seg, b->seg) < a->seg.r + b->seg.r;
	const struct shape *c = a->capsule ? a : b, *x = a->capsule ? b : a;
	return labels_seg_box_dist(c->seg, x->box) < c->seg.r;
}

static inline int inside(const struct shape *a, struct labels_box frame)
{
	if (!a->capsule)
		return a->box.x0 >= frame.x0 && a->box.x1 <= frame.x1 && a->box.y0 >= frame.y0 &&
		       a->box.y1 <= frame.y1;
	const struct labels_seg *s = &a->seg;
	return fmin(s->x0, s->x1) - s->r >= frame.x0 && fmax(s->x0, s->x1) + s->r <= frame.x1 &&
	       fmin(s->y0, s->y1) - s->r >= frame.y0 && fmax(s->y0, s->y1) + s->r <= frame.y1;
}

static inline struct shape box_shape(struct labels_box b, const char *what)
{
	struct shape s = { .box = b, .what = what, .line = -1 };
	return s;
}

static inline struct shape seg_shape(struct labels_seg g, const char *what, int line)
{
	struct shape s = { .capsule = 1, .seg = g, .what = what, .line = line };
	return s;
}

/* The geometry of one figure, whichever one it is: labels and what they must avoid. */
struct scene {
	struct labels_box frame;
	struct shape labels[2 * ANALYSIS_MAX_ROOFS + 2 * ANALYSIS_MAX_POINTS + USERPOINTS_MAX + 1];
	size_t nlabels;
	struct shape lines[2 * ANALYSIS_MAX_ROOFS];  /* roof and ceiling segments */
	size_t nlines;
	struct labels_box markers[2 * 2 * ANALYSIS_MAX_POINTS];
	size_t nmarkers;
	struct shape leaders[ANALYSIS_MAX_POINTS + 1];   /* leader lines of labels that moved away */
	struct labels_box leader_own[ANALYSIS_MAX_POINTS + 1];   /* a marker of the leader's own point (compare: A's), else empty */
	size_t nleaders;
	struct labels_box legend;
	int has_legend;
	int legend_outside;      /* beside the plot: inside the image, clear of the plot */
	struct labels_box beside[2];   /* more boxes beside the plot (compare's "what moved") */
	size_t nbeside;
	struct labels_box image;
};

/* Prints each overlap and returns how many there are. */
static inline size_t overlaps(const char *name, const struct scene *sc)
{
	size_t bad = 0;
#define BAD(...) do { bad++; fprintf(stderr, "# %s: ", name); fprintf(stderr, __VA_ARGS__); fputc('\n', stderr); } while (0)
	for (size_t i = 0; i < sc->nlabels; i++) {
		const struct shape *a = &sc->labels[i];
		if (!inside(a, sc->frame))
			BAD("label '%s' crosses the plot's edge", a->what);
		for (size_t j = i + 1; j < sc->nlabels; j++)
			if (shapes_meet(a, &sc->labels[j]))
				BAD("label '%s' overlaps label '%s'", a->what, sc->labels[j].what);
		for (size_t j = 0; j < sc->nmarkers; j++) {
			struct shape m = box_shape(sc->markers[j], "marker");
			if (shapes_meet(a, &m))
				BAD("label '%s' covers a marker at (%.0f, %.0f)", a->what,
				    0.5 * (m.box.x0 + m.box.x1), 0.5 * (m.box.y0 + m.box.y1));
		}
		for (size_t j = 0; j < sc->nlines; j++)
			if (a->line != (int)j && shapes_meet(a, &sc->lines[j]))
				BAD("label '%s' crosses the line of '%s'", a->what, sc->lines[j].what);
		if (sc->has_legend) {
			struct shape lg = box_shape(sc->legend, "legend");
			if (shapes_meet(a, &lg))
				BAD("label '%s' overlaps the legend", a->what);
		}
	}
	/* Two leaders that cross leave a reader guessing which label is whose. */
	for (size_t i = 0; i < sc->nleaders; i++)
		for (size_t j = i + 1; j < sc->nleaders; j++)
			if (labels_seg_seg_dist(sc->leaders[i].seg, sc->leaders[j].seg) == 0)
				BAD("the leaders of '%s' and '%s' cross", sc->leaders[i].what, sc->leaders[j].what);
	if (sc->has_legend) {
		struct shape lg = box_shape(sc->legend, "legend");
		struct shape plot = box_shape(sc->frame, "plot");
		if (!sc->legend_outside && !inside(&lg, sc->frame))
			BAD("the legend crosses the plot's edge");
		if (sc->legend_outside && (!inside(&lg, sc->image) || shapes_meet(&lg, &plot)))
			BAD("the legend beside the plot is not between the plot and the image's edge");
		for (size_t j = 0; j < sc->nlines; j++)
			if (shapes_meet(&lg, &sc->lines[j]))
				BAD("the legend covers the line of '%s'", sc->lines[j].what);
		for (size_t j = 0; j < sc->nmarkers; j++) {
			struct shape m = box_shape(sc->markers[j], "marker");
			if (shapes_meet(&lg, &m))
				BAD("the legend covers a marker at (%.0f, %.0f)", 0.5 * (m.box.x0 + m.box.x1),
				    0.5 * (m.box.y0 + m.box.y1));
		}
	}
	for (size_t i = 0; i < sc->nbeside; i++) {
		struct shape b = box_shape(sc->beside[i], "box beside the plot"), plot = box_shape(sc->frame, "plot");
		if (!inside(&b, sc->image) || shapes_meet(&b, &plot))
			BAD("box %zu beside the plot is not between the plot and the image's edge", i);
		if (sc->has_legend && labels_boxes_touch(sc->beside[i], sc->legend, 0))
			BAD("box %zu beside the plot overlaps the legend", i);
	}
#undef BAD
	return bad;
}

/* A marker's extent: its radius, the largest shape's (the star, 1.35 r) not counted. */
static inline struct labels_box marker_box(double x, double y, double r)
{
	struct labels_box b = { x - r, y - r, x + r, y + r };
	return b;
}

/* The roofline figure's geometry; *unlabelled counts the roofs drawn that no label or legend row names. */
static inline void figure_scene(const struct figure *fg, struct scene *sc, size_t *unlabelled)
{
	double s = fg->s;
	memset(sc, 0, sizeof *sc);
	sc->frame = fg->plot;
	*unlabelled = 0;
	for (size_t i = 0; i < fg->nlines; i++) {
		const struct figure_line *l = &fg->lines[i];
		if (!l->visible)
			continue;
		struct labels_seg g = { l->x0, l->y0, l->x1, l->y1, 0.5 * l->width * s, 1 };
		size_t at = sc->nlines;
		sc->lines[sc->nlines++] = seg_shape(g, l->text, (int)at);
		if (l->labelled)
			sc->labels[sc->nlabels++] = seg_shape(l->cap, l->text, (int)at);
		else if (!l->listed)
			++*unlabelled;   /* named nowhere: by its label or the legend */
	}
	for (size_t i = 0; i < fg->npoints; i++)
		if (fg->k.grp_of[i] >= 0)
			sc->markers[sc->nmarkers++] = marker_box(fg->px[i], fg->py[i], FIGURE_MARKER_R * s);
	for (size_t i = 0; i < fg->nitems; i++)
		if (fg->items[i].placed) {
			sc->labels[sc->nlabels++] = box_shape(fg->items[i].box, fg->item_text[i]);
			if (fg->items[i].moved) {
				struct labels_seg g = { 0, 0, 0, 0, 0, 0 };
				labels_leader(&fg->items[i], &g.x0, &g.y0, &g.x1, &g.y1);
				sc->leaders[sc->nleaders++] = seg_shape(g, fg->item_text[i], -1);
			}
		}
	if (fg->has_ridge && fg->ridge_item.placed) {
		sc->labels[sc->nlabels++] = box_shape(fg->ridge_item.box, fg->ridge_text);
		if (fg->ridge_item.moved) {
			struct labels_seg g = { 0, 0, 0, 0, 0, 0 };
			labels_leader(&fg->ridge_item, &g.x0, &g.y0, &g.x1, &g.y1);
			sc->leaders[sc->nleaders++] = seg_shape(g, fg->ridge_text, -1);
		}
	}
	if (fg->lg.n > 0) {
		sc->legend = fg->lg.box;
		sc->has_legend = 1;
		sc->legend_outside = fg->lg.outside;
	}
	sc->image = (struct labels_box){ 0, 0, fg->f.width, fg->f.height };
}

/* The compare figure's geometry. */
static inline void compare_scene(const struct plot_compare_layout *l, struct scene *sc, size_t *unlabelled)
{
	double s = l->f.scale;
	memset(sc, 0, sizeof *sc);
	sc->frame = (struct labels_box){ l->f.left, l->f.top, l->f.right, l->f.bottom };
	*unlabelled = 0;
	for (size_t i = 0; i < l->nlines; i++) {
		const struct plot_compare_line *ln = &l->lines[i];
		struct labels_seg g = { 0, 0, 0, 0, (ln->roof->kind != ROOF_CEILING ? 1.6 : 1.0) * s, 1 };
		plot_to_pixel(&l->f, ln->x0, ln->y0, &g.x0, &g.y0);
		plot_to_pixel(&l->f, ln->x1, ln->y1, &g.x1, &g.y1);
		sc->lines[sc->nlines++] = seg_shape(g, ln->label, (int)i);
		if (ln->labelled)
			sc->labels[sc->nlabels++] = seg_shape(ln->seg, ln->label, (int)i);
		else if (!ln->listed)   /* a listed roof is named in the legend */
			++*unlabelled;
	}
	for (size_t i = 0; i < l->nmarks; i++) {
		const struct plot_compare_mark *mk = &l->marks[i];
		double x, y;
		plot_to_pixel(&l->f, mk->ai_b, mk->gf_b, &x, &y);
		sc->markers[sc->nmarkers++] = marker_box(x, y, mk->radius);
		struct labels_box a = { 0, 0, 0, 0 };
		if (mk->arrow) {
			plot_to_pixel(&l->f, mk->ai_a, mk->gf_a, &x, &y);
			a = marker_box(x, y, FIGURE_MARKER_R * 0.8 * s);
			sc->markers[sc->nmarkers++] = a;
		}
		if (mk->arrow && mk->item.placed) {
			sc->labels[sc->nlabels++] = box_shape(mk->item.box, mk->label);
			if (mk->item.moved) {
				struct labels_seg g = { 0, 0, 0, 0, 0, 0 };
				labels_leader(&mk->item, &g.x0, &g.y0, &g.x1, &g.y1);
				sc->leader_own[sc->nleaders] = a;
				sc->leaders[sc->nleaders++] = seg_shape(g, mk->label, -1);
			}
		}
	}
	sc->legend = l->legend;
	sc->has_legend = 1;
	sc->legend_outside = l->legend_outside;
	sc->beside[sc->nbeside++] = l->moved_box;
	sc->image = (struct labels_box){ 0, 0, l->f.width, l->f.height };
}

/*
 * How many leaders pass over a marker other than their own point's (the
 * markers at its anchor): a leader through another point reads as that
 * point's. Prints each.
 */
static inline size_t leaders_over_markers(const char *name, const struct scene *sc)
{
	size_t bad = 0;
	for (size_t i = 0; i < sc->nleaders; i++) {
		const struct labels_seg *g = &sc->leaders[i].seg;
		for (size_t j = 0; j < sc->nmarkers; j++) {
			struct labels_box m = sc->markers[j];
			struct labels_seg at = { g->x0, g->y0, g->x0, g->y0, 0, 0 };
			/* Its own point: the marker the leader starts beside (within a marker's room), and A's of its arrow. */
			const struct labels_box *own = &sc->leader_own[i];
			if (labels_seg_box_dist(at, m) < 2 * (m.x1 - m.x0) ||
			    (m.x0 == own->x0 && m.y0 == own->y0 && m.x1 == own->x1 && m.y1 == own->y1))
				continue;
			if (labels_seg_box_dist(*g, m) == 0) {
				fprintf(stderr, "# %s: the leader of '%s' crosses a marker at (%.0f, %.0f)\n", name,
					sc->leaders[i].what, 0.5 * (m.x0 + m.x1), 0.5 * (m.y0 + m.y1));
				bad++;
			}
		}
	}
	return bad;
}

#endif
