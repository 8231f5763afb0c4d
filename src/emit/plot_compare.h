/*
 * plot_compare.h - the compare figure: compare.png (cairo; .svg/.pdf on
 * request) and compare.gp (gnuplot, from templates/compare.gp.in), both drawn
 * from one layout so they show the same thing.
 *
 * What it shows, on the axes of the roofline figure: B's roofs solid, A's
 * faint where a roof differs between the runs beyond their noise
 * (compare_row.differs), could not be compared or is A's alone, a roof that
 * did not move drawn once; for each kernel point judged moved against its
 * own roof (compare.h), an arrow from its A position to its B position,
 * labelled with that relative move; a subtitle says whether the machines
 * differ; every other point once, at B (open, at
 * A, when only A has it). Points and moved roofs are labelled by the label
 * placer (labels.h) where a label overlaps nothing, and the legend names both
 * runs' compilers and versions.
 */
#ifndef ROOFLINE_PLOT_COMPARE_H
#define ROOFLINE_PLOT_COMPARE_H

#include <stddef.h>

#include "analysis.h"
#include "compare.h"
#include "labels.h"
#include "plot_cairo.h"
#include "rundata.h"

/* One roof line: a slope (bandwidth) up to its run's peak, or a flat (peak, ceiling). */
struct plot_compare_line {
	const struct roof *roof;
	int run_b;                   /* 1: B's (solid), 0: A's (faint) */
	int flat;
	double x0, y0, x1, y1;       /* data: intensity, GFLOP/s */
	char label[112];
	int labelled;                /* 1: named along its line (the roofline figure's placer, roof_labels.h) */
	int listed;                  /* 1: no spot along the line was free: named in the legend instead */
	double size;                 /* the label's font size (pixels) */
	double lx, ly, angle;        /* the label's centre (pixels) and direction (radians, y down) */
	struct labels_seg seg;       /* the space it takes: a capsule along the line */
};

/* One kernel: an arrow A -> B when compare judged it moved, else one marker. */
struct plot_compare_mark {
	const struct compare_row *row;
	int arrow;
	int run_b;                   /* the single marker's run (no arrow) */
	double ai_a, gf_a, ai_b, gf_b;   /* data; A's unused without an arrow */
	struct figure_rgb col;       /* the kernel's colour in the roofline figure (figure_families) */
	char label[80];
	struct labels_item item;
};

struct plot_compare_layout {
	struct plot_frame f;
	struct plot_compare_line lines[2 * ANALYSIS_MAX_ROOFS];
	size_t nlines;
	struct plot_compare_mark marks[2 * ANALYSIS_MAX_POINTS];
	size_t nmarks;
	size_t narrows;              /* marks drawn as arrows: the moved points */
	size_t labels_wanted, labels_dropped;   /* left out for want of a free spot */
	char title[256];
	char run_a[128], run_b[128];         /* "gcc 12.2.0" */
	char machines[440];          /* the subtitle's "the same kind of machine" or "different machines: ..." */
	char legend_a[192], legend_b[192];
	struct labels_box legend;    /* pixels */
	size_t legend_roofs;         /* rows the legend holds for listed roofs */
	int legend_outside;          /* 1: right of the plot (no free spot inside it) */
	struct labels_box placed[2 * ANALYSIS_MAX_ROOFS + 2 * ANALYSIS_MAX_POINTS + 1];
	size_t nplaced;              /* every text box drawn in the plot: labels, legend */
};

/* One of the two runs compared: what was read and what was built from it. */
struct plot_compare_run {
	const struct rundata *run;
	const struct analysis *a;
};

/*
 * Lays out the figure of c (built from runs A and B) at width x height
 * pixels. Pure but for text measurement (a cairo scratch surface).
 */
void plot_compare_layout(const struct compare *c, struct plot_compare_run A, struct plot_compare_run B, int width,
			 int height, struct plot_compare_layout *out);

/*
 * Draws the layout into path as format ("png", "svg", "pdf"), written under
 * a temporary name and renamed into place. Returns 0, or -1 with one line in
 * err (unknown format, cannot write).
 */
int plot_compare_draw(const struct plot_compare_layout *l, const char *path, const char *format,
		      char *err, size_t errlen);

/*
 * Writes compare.gp into out_dir from templates_dir/compare.gp.in: the same
 * roofs, arrows and points as numbers in the script, so `gnuplot compare.gp`
 * draws compare-gnuplot.png on its own (fmt='svg' or 'pdf' for the others).
 * Returns 0, or -1 with one line in err (missing template, write error).
 */
int plot_compare_gnuplot(const struct plot_compare_layout *l, const char *templates_dir,
			 const char *out_dir, char *err, size_t errlen);

#endif
