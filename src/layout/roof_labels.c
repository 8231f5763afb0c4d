/*
 * roof_labels.c - see roof_labels.h. A struct fig holding only the three
 * label scenes figure.c's placer reads (scene, roofs, solid), filled as
 * figure_layout fills them.
 */
#include "roof_labels.h"
#include "figure_frame.h"
#include "figure_scene.h"

#include <stdlib.h>

#include "util.h"

struct roof_labels {
	struct fig g;
};

struct roof_labels *roof_labels_init(const struct plot_frame *f, const struct figure_measure *m)
{
	struct roof_labels *rl = xcalloc(1, sizeof *rl);
	struct fig *g = &rl->g;
	double s = f->scale;
	g->f = *f;
	g->s = s;
	g->m = m;
	struct labels_box inner = { f->left + 3 * s, f->top + 3 * s, f->right - 3 * s, f->bottom - 3 * s };
	labels_init(&g->scene, inner, 2 * s);
	g->scene.exclusive_leaders = 1;
	labels_init(&g->roofs, inner, 2 * s);
	labels_init(&g->solid, inner, 2 * s);
	return rl;
}

void roof_labels_free(struct roof_labels *rl)
{
	if (!rl)
		return;
	labels_free(&rl->g.scene);
	labels_free(&rl->g.roofs);
	labels_free(&rl->g.solid);
	free(rl);
}

void roof_labels_add_roof(struct roof_labels *rl, const struct figure_line *l)
{
	struct labels_seg seg = { l->x0, l->y0, l->x1, l->y1, 0.5 * l->width * rl->g.s, 1 };
	labels_add_seg(&rl->g.scene, seg);
	labels_add_seg(&rl->g.roofs, seg);
	labels_add_seg(&rl->g.solid, seg);
}

void roof_labels_add_box(struct roof_labels *rl, struct labels_box b)
{
	labels_add_box(&rl->g.scene, b);
	labels_add_box(&rl->g.solid, b);
}

void roof_labels_add_seg(struct roof_labels *rl, struct labels_seg s)
{
	labels_add_seg(&rl->g.scene, s);
}

void roof_labels_place(struct roof_labels *rl, struct figure_line *l)
{
	fig_place_line_label(&rl->g, l);
}

struct labels *roof_labels_scene(struct roof_labels *rl)
{
	return &rl->g.scene;
}

int roof_labels_drawn(const struct analysis *a, const struct roof *r)
{
	return fig_roof_drawn(a, r);
}
