/*
 * figure_points.h - the kernels' families, colours and markers, and the
 * user's points (figure_points.c), for the layout's files.
 */
#ifndef ROOFLINE_FIGURE_POINTS_H
#define ROOFLINE_FIGURE_POINTS_H

#include <stddef.h>

#include "figure_scene.h"

/* The palette's size (figure_palette takes any slot, modulo it). */
#define NPALETTE 7

/* Point i's label text: a polyline's name and range, a single point's name. */
void fig_point_text(const struct analysis *a, const struct figure_kernels *k, size_t i, char *buf, size_t n);
/* The user's points: their colours, markers as occupied space, arrows; then their labels. */
void fig_user_layout(struct fig *g, const struct userpoints *up, struct figure_users *u);
void fig_user_labels(struct fig *g, struct figure_users *u);

#endif
