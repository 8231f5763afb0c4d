/*
 * roof_labels.h - the roofline figure's roof-label placer (figure.c's
 * fig_place_line_label) for a figure that lays out its own lines and
 * markers: the compare figure. One rule for every figure: each label names
 * one roof and is written along its line where it covers nothing, else
 * over the kernels' lines only, else not at all (the line is then listed:
 * the figure names it in its legend).
 *
 * Use: roof_labels_init(), then the occupied space (every roof line with
 * roof_labels_add_roof, markers with roof_labels_add_box, other lines such
 * as arrows with roof_labels_add_seg), then roof_labels_place() on each
 * roof in the order its labels should be placed, then roof_labels_free().
 * Coordinates are pixels of frame f.
 */
#ifndef ROOFLINE_ROOF_LABELS_H
#define ROOFLINE_ROOF_LABELS_H

#include "figure.h"
#include "labels.h"

struct roof_labels;

/* A placer for frame f, text measured by m (which must outlive it). */
struct roof_labels *roof_labels_init(const struct plot_frame *f, const struct figure_measure *m);
void roof_labels_free(struct roof_labels *rl);

/* A roof's line, l->x0..y1 in pixels, l->width its stroke at scale 1: no label may cover it. */
void roof_labels_add_roof(struct roof_labels *rl, const struct figure_line *l);
/* A marker: no label covers it. */
void roof_labels_add_box(struct roof_labels *rl, struct labels_box b);
/* A kernel's line or an arrow: a roof label crosses it only where nothing else is free. */
void roof_labels_add_seg(struct roof_labels *rl, struct labels_seg s);

/* Places l's label (l->text, l->visible set): fills l->labelled, ox, oy, px, angle, cap, or l->listed. */
void roof_labels_place(struct roof_labels *rl, struct figure_line *l);

/* The labels' scene (the occupied space and the labels placed), for the other labels to avoid. */
struct labels *roof_labels_scene(struct roof_labels *rl);

/*
 * The scene's rule for which roofs a figure of run a draws (figure_frame.c):
 * every slope and peak, and the ceilings that cap one of a's points.
 */
int roof_labels_drawn(const struct analysis *a, const struct roof *r);

#endif
