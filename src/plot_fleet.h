/*
 * plot_fleet.h - the fleet's figure (plot FLEET): the median roofline of the
 * nodes, each roof's band from its smallest to its largest value across
 * them, and the roofs of the nodes outside the fleet's spread (fleet.h),
 * dashed and named. Drawn with cairo through plot_cairo.h's frame, grid,
 * axes and file writer, on the axes the single-run figure would use.
 */
#ifndef ROOFLINE_PLOT_FLEET_H
#define ROOFLINE_PLOT_FLEET_H

#include <stddef.h>

#include "fleet.h"
#include "fleet_dir.h"

/*
 * Draws the roofs of `threads` threads (1: one core) into path as format
 * (png, svg, pdf), width x height. Returns 0, or -1 with one line in err.
 */
int plot_fleet_draw(const struct fleet_dir *fd, const struct fleet *f, int threads, const char *path,
		    const char *format, int width, int height, char *err, size_t errlen);

#endif
