/*
 * fleet_figure.h - the fleet figure's layout (fleet_figure.c): numbers in,
 * geometry out, from which emit draws the fleet's roofline.png (cairo;
 * .svg/.pdf on request; plot_fleet.h).
 *
 * One figure shows one thread count: each median roof of the fleet with its
 * band from the smallest to the largest node's value, and the roof of each
 * node outside the fleet's spread, dashed and named with how far it is from
 * the median. The frame is the one a run made of the fleet's median,
 * smallest and largest roofs would have (plot_frame_for), so the axes are
 * those of a single node's figure. Text is measured through struct
 * figure_measure, as the roofline and compare figures' is.
 *
 * The input is plain numbers and names, filled by emit from the fleet
 * (src/fleet/), which layout does not include.
 */
#ifndef ROOFLINE_FLEET_FIGURE_H
#define ROOFLINE_FLEET_FIGURE_H

#include <stddef.h>

#include "analysis.h"
#include "figure.h"

#define FLEET_FIGURE_MAX_LINES ANALYSIS_MAX_ROOFS
#define FLEET_FIGURE_LABEL_PX 22.0   /* a line label's font size at scale 1, pixels */

/* One roof across the fleet, of one thread count. */
struct fleet_figure_roof {
	const char *name;            /* as in roofs.csv: "DRAM", "peak@2t" */
	const char *unit;            /* "GB/s" or "GFLOP/s" */
	enum roof_kind kind;
	int threads;
	int judged;                  /* a table roof (plateau or peak): judged and drawn */
	double median, lo, hi;       /* across the nodes that have it */
};

/* A node's roof outside the fleet's spread. */
struct fleet_figure_outside {
	size_t roof;                 /* index into the input's roofs */
	const char *node;            /* the node's name */
	double value, ratio;         /* its roof, and its ratio to the median */
};

/* What one figure shows. */
struct fleet_figure_input {
	int threads;                 /* the thread count shown (1: one core) */
	size_t nloaded;              /* the nodes whose run loaded */
	const char *cpu;             /* the usual CPU model ("" when none) */
	int cpu_others;              /* 1: some nodes have another */
	const char *compiler;        /* the usual compiler ("" when none) */
	const struct fleet_figure_roof *roofs;     /* every roof of the fleet, in the fleet's order */
	size_t nroofs;
	const struct fleet_figure_outside *outside;   /* by roof, then by node, as the fleet orders them */
	size_t noutside;
};

/* One line of the figure: a median roof with its band, or an outside node's roof. */
struct fleet_figure_line {
	struct figure_rgb col;
	int outside;             /* a node's roof outside the fleet: dashed, its own label */
	double x0, y0, x1, y1;   /* the line, pixels */
	double band[8];          /* the band's quadrilateral (x, y) x 4; median lines only */
	char text[160];
	double lx, ly, angle;    /* the label's baseline start and angle */
	int flush_right;         /* the label ends at lx instead of starting there (the peak's, at the right edge) */
	int sloped;              /* a bandwidth roof: its label slides along it to a free spot */
	double w;                /* the label's width, pixels */
};

struct fleet_figure {
	struct plot_frame f;
	char title[200], subtitle[480];
	struct fleet_figure_line lines[FLEET_FIGURE_MAX_LINES];
	size_t n;
};

/* Lays out the figure of in at width x height pixels, its text measured by m. Pure. */
void fleet_figure_layout(const struct fleet_figure_input *in, int width, int height, const struct figure_measure *m,
			 struct fleet_figure *out);

/* 1 when line l's label lies wholly inside the plot area of f. */
int fleet_figure_label_inside(const struct fleet_figure_line *l, const struct plot_frame *f);

/* 1 when the labels of a and b print over each other (s: the figure's scale). */
int fleet_figure_labels_overlap(const struct fleet_figure_line *a, const struct fleet_figure_line *b, double s);

#endif
