/*
 * plot_fleet.h - the fleet's figure (plot FLEET): the median roofline of the
 * nodes, each roof's band from its smallest to its largest value across
 * them, and the roofs of the nodes outside the fleet's spread (fleet.h),
 * dashed and named. Laid out by layout/fleet_figure.h, drawn with cairo
 * through plot_cairo.h's grid, axes and file writer, on the axes the
 * single-run figure would use.
 */
#ifndef ROOFLINE_PLOT_FLEET_H
#define ROOFLINE_PLOT_FLEET_H

#include <stddef.h>

#include "fleet.h"
#include "fleet_dir.h"
#include "plot_cairo.h"

/* One figure of a fleet: its roofs of `threads` threads (1: one core), the fleet f read from fd. */
struct plot_fleet_view {
	const struct fleet_dir *fd;
	const struct fleet *f;
	int threads;
};

/* Draws view v into file out. Returns 0, or -1 with one line in err. */
int plot_fleet_draw(const struct plot_fleet_view *v, const struct plot_file *out, char *err, size_t errlen);

/* What one drawing laid out, for tests. */
struct plot_fleet_stats {
	size_t lines;            /* median roofs drawn (slopes and the peak) */
	size_t outside;          /* outside nodes' roofs drawn */
	size_t overlaps;         /* pairs of labels that print over each other (0 short of a crowded figure) */
	size_t labels_out;       /* labels not wholly inside the plot area */
};

/* plot_fleet_draw(), filling *st (when not NULL). */
int plot_fleet_draw_stats(const struct plot_fleet_view *v, const struct plot_file *out, struct plot_fleet_stats *st,
			  char *err, size_t errlen);

#endif
