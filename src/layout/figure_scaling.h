/*
 * figure_scaling.h - the all-core figure's scaling table (figure_scaling.c).
 */
#ifndef ROOFLINE_FIGURE_SCALING_H
#define ROOFLINE_FIGURE_SCALING_H

#include <stddef.h>

#include "figure_scene.h"

/* The all-core figure's scaling table, as legend rows. */
void fig_scaling_rows(struct fig *g, const struct figure_line *lines, size_t nlines, struct figure_legend *lg);

#endif
