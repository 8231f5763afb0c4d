/*
 * figure_points.c - the scene's points (figure.h, figure_frame.h): the one
 * palette, every kernel's family, colour and marker (figure_families: the
 * rule every figure colours kernels by), its groups and polylines (a
 * parameter's members, a trajectory's sizes, a family's stages), the
 * labels they say, and the user's points with their arrows and labels.
 */
#include "figure.h"
#include "figure_frame.h"
#include "figure_points.h"
#include "figure_scene.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "registry.h"
#include "util.h"

#define HEX(v) { ((v) >> 16 & 0xff) / 255.0, ((v) >> 8 & 0xff) / 255.0, ((v) & 0xff) / 255.0 }

/* Okabe & Ito's colour-blind-safe palette, yellow last (weak on white), black left to the roofs. */
static const struct figure_rgb PALETTE[] = {
	HEX(0x0072b2), HEX(0xd55e00), HEX(0x009e73), HEX(0xcc79a7),
	HEX(0xe69f00), HEX(0x56b4e9), HEX(0xf0e442),
};
_Static_assert(sizeof PALETTE / sizeof PALETTE[0] == NPALETTE, "NPALETTE is the palette's size");

struct figure_rgb figure_palette(size_t slot)
{
	return PALETTE[slot % NPALETTE];
}

static const char *family_of(const struct point *p)
{
	return p->family[0] ? p->family : p->kernel;
}

/* Whether p is of family entry f: their registry entries, or the family's name for a kernel the build lacks. */
static int same_family(const struct figure_family *f, const struct point *p)
{
	return registry_same(f->family_k, f->family, p->family_k, family_of(p));
}

const struct figure_family *figure_kernel_family(const struct figure_kernels *k, const struct point *p)
{
	for (size_t f = 0; f < k->nfam; f++)
		if (registry_same(k->fam[f].k, k->fam[f].kernel, p->k, p->kernel))
			return &k->fam[f];
	/* A later stage of a family (stencil_tiled) shares its first stage's entry. */
	const struct kernel *kn = p->k;
	for (size_t f = 0; kn && kn->stage_by != KSTAGE_NONE && f < k->nfam; f++)
		if (k->fam[f].staged && same_family(&k->fam[f], p))
			return &k->fam[f];
	return NULL;
}

struct figure_rgb figure_kernel_colour(const struct figure_kernels *k, const struct point *p)
{
	const struct figure_family *fam = figure_kernel_family(k, p);
	return fam ? fam->col : PALETTE[0];
}

#define JOIN_MIN 3                       /* members from which a group is drawn as a polyline */

/* Drawn as a polyline: enough members, or a trajectory (two sizes are already a move). */
int figure_joined(const struct figure_group *gr)
{
	return gr->n >= JOIN_MIN || (gr->trajectory && gr->n >= 2);
}

/* p's kernel when it is one stage of its family's change (kernel.h: stage), else NULL. */
static const struct kernel *stage_of(const struct point *p)
{
	const struct kernel *k = p->k;
	return k && k->stage_by != KSTAGE_NONE && k->stage > 0 ? k : NULL;
}

/* Where point i goes along its polyline: its stage for a family's stages, else its parameter. */
static long order_key(const struct analysis *a, size_t i)
{
	const struct kernel *st = stage_of(&a->points[i]);
	return st ? st->stage : a->points[i].param;
}

/*
 * Families keep their look from run to run (those of kernels.def's
 * FAMILY_COLOUR lines have fixed slots, others take the next ones in order
 * of appearance); points are grouped by kernel and thread count and sorted
 * by parameter.
 */
/*
 * The family entry of p (a kernel; a family's stages share one), made when
 * new: its palette slot (its family's fixed one, else the next free one),
 * its colour, its marker (a second kernel of a family gets another).
 */
static size_t family_entry(struct figure_kernels *k, const struct point *p, size_t *next)
{
	const struct kernel *st = stage_of(p);
	size_t f;
	for (f = 0; f < k->nfam; f++)
		if (st ? k->fam[f].staged && same_family(&k->fam[f], p)
		       : registry_same(k->fam[f].k, k->fam[f].kernel, p->k, p->kernel))
			return f;
	size_t slot = (size_t)-1, variant = 0;
	for (size_t j = 0; j < k->nfam; j++)
		if (same_family(&k->fam[j], p)) {
			slot = k->fam[j].slot;
			variant++;
		}
	if (slot == (size_t)-1 && registry_family_colour(p->family_k) >= 0)
		slot = (size_t)registry_family_colour(p->family_k);
	if (slot == (size_t)-1)
		slot = (*next)++;
	snprintf(k->fam[f].family, sizeof k->fam[f].family, "%.23s", family_of(p));
	k->fam[f].family_k = p->family_k;
	k->fam[f].kernel = p->kernel;
	k->fam[f].k = p->k;
	k->fam[f].slot = slot;
	k->fam[f].col = PALETTE[slot % NPALETTE];
	k->fam[f].shape = (enum figure_shape)((slot + 3 * variant) % NSHAPES);
	k->fam[f].staged = st != NULL;
	k->nfam++;
	return f;
}

/*
 * The group of p in family f (one kernel at one thread count and working
 * set; a trajectory's sizes and a family's stages are one group), made when
 * new with its level style, its level's word and whether it is of another
 * thread count (open markers).
 */
static size_t group_entry(const struct analysis *a, size_t npts, struct figure_kernels *k, size_t f,
			  const struct point *p)
{
	const struct kernel *st = stage_of(p);
	size_t g;
	for (g = 0; g < k->ngrp; g++)
		if (k->grp[g].fam == f && k->grp[g].threads == p->threads &&
		    (st || (registry_same(k->grp[g].k, k->grp[g].kernel, p->k, p->kernel) &&
			    (p->trajectory || k->grp[g].working_set == p->working_set))))
			return g;
	struct figure_group *gr = &k->grp[g];
	gr->fam = f;
	gr->kernel = p->kernel;
	gr->k = p->k;
	gr->threads = p->threads;
	gr->working_set = p->working_set;
	gr->style = LV_BASE;
	gr->trajectory = p->trajectory || st;
	/* A trajectory's sizes (a family's stages) are its members, not other levels of it. */
	for (size_t j = 0; j < npts && !gr->trajectory; j++) {
		const struct point *q = &a->points[j];
		if (fig_point_ok(q) && q->threads == p->threads && model_same_kernel(q, p) &&
		    q->working_set > p->working_set)
			gr->style = p->level_id == MEM_L1 ? LV_L1 : LV_OTHER;
	}
	if (p->level[0])
		snprintf(gr->level, sizeof gr->level, "%s", p->level);
	else
		format_bytes(p->working_set, gr->level, sizeof gr->level);
	if (gr->style != LV_BASE) {
		k->styles_used[gr->style]++;
		memcpy(k->style_level[gr->style], gr->level, sizeof k->style_level[0]);
	}
	gr->hollow = p->threads != k->min_threads;
	if (gr->hollow)
		k->other_threads = p->threads;
	k->ngrp++;
	return g;
}

void figure_families(const struct analysis *a, struct figure_kernels *k)
{
	size_t next = registry_family_colours(), npts = a->npoints < ANALYSIS_MAX_POINTS ? a->npoints : ANALYSIS_MAX_POINTS;
	memset(k, 0, sizeof *k);
	k->min_threads = 0;
	for (size_t i = 0; i < npts; i++) {
		const struct point *p = &a->points[i];
		if (fig_point_ok(p) && (k->min_threads == 0 || p->threads < k->min_threads))
			k->min_threads = p->threads;
	}
	for (size_t i = 0; i < npts; i++) {
		const struct point *p = &a->points[i];
		k->grp_of[i] = -1;
		if (!fig_point_ok(p))
			continue;
		size_t g = group_entry(a, npts, k, family_entry(k, p, &next), p);
		k->grp[g].n++;
		k->grp_of[i] = (int)g;
	}
	size_t at = 0;
	for (size_t g = 0; g < k->ngrp; g++) {
		k->grp[g].start = at;
		for (size_t i = 0; i < npts; i++)
			if (k->grp_of[i] == (int)g) {
				/* insertion by parameter (by stage): stable, n is small */
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
			kernels += registry_same(k->fam[j].family_k, k->fam[j].family, k->fam[f].family_k,
						 k->fam[f].family);
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
void fig_point_text(const struct analysis *a, const struct figure_kernels *k, size_t i, char *buf, size_t n)
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

/* ---- the user's points (plot --points) ------------------------------------------ */

/* The user's points and arrows as occupied space, so that no label covers them. */
void fig_user_layout(struct fig *g, const struct userpoints *up, struct figure_users *u)
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
		u->col[i] = j < i ? u->col[j] : figure_palette(NPALETTE - 2 + NPALETTE - (names++ % (NPALETTE - 1)));
	}
	u->narrows = userpoints_arrows(up, u->arrows, USERPOINTS_MAX);
	for (size_t k = 0; k < u->narrows; k++) {
		const struct point *p0 = &up->v[u->arrows[k].from].p, *p1 = &up->v[u->arrows[k].to].p;
		if (!fig_point_ok(p0) || !fig_point_ok(p1))
			continue;
		struct labels_seg seg = { 0, 0, 0, 0, 2.0 * s, 1 };
		plot_to_pixel(&g->f, p0->ai, p0->gflops, &seg.x0, &seg.y0);
		plot_to_pixel(&g->f, p1->ai, p1->gflops, &seg.x1, &seg.y1);
		labels_add_seg(&g->scene, seg);
	}
	for (size_t i = 0; i < up->n; i++) {
		double x, y;
		if (!fig_point_ok(&up->v[i].p))
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
void fig_user_labels(struct fig *g, struct figure_users *u)
{
	if (!u->up)
		return;
	double s = g->s, mr = FIGURE_MARKER_R * 1.5 * s;
	fig_set_font(g, FIGURE_PX_POINT_LABEL, 1);
	for (size_t i = 0; i < u->up->n; i++) {
		const struct userpoint *up = &u->up->v[i];
		struct labels_item *it = &u->items[i];
		if (!fig_point_ok(&up->p))
			continue;
		double x, y;
		plot_to_pixel(&g->f, up->p.ai, up->p.gflops, &x, &y);
		snprintf(u->text[i], sizeof u->text[0], "%s %s%s", up->name, up->version,
			 up->above ? " (above its roof!)" : "");
		struct ink ik = fig_measure(g, u->text[i]);
		*it = (struct labels_item){ .ax = x, .ay = y, .w = ik.w, .h = ik.h, .gap = mr + 1 * s,
					    .leader = 1 };
		labels_place(&g->scene, it);
	}
}

