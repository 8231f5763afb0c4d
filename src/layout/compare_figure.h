/*
 * compare_figure.h - the compare figure's layout (compare_figure.c): numbers
 * in, geometry out, from which emit draws compare.png (cairo; .svg/.pdf on
 * request), compare-allcores.png and compare.gp (gnuplot, from
 * templates/compare.gp.in), so they show the same thing.
 *
 * One figure shows one thread count, as the roofline figure does (the
 * title says which; names carry no "@Nt"). The moves first: for each kernel
 * point judged moved against its own roof (compare.h), an arrow from its A
 * position to its B position in its family's colour, labelled with that
 * relative move, the family named in the legend; every other point small
 * and quiet, unlabelled, at B (at A when only A has it). A roof compare did
 * not mark moved is drawn once, B's, its label without "A:"/"B:"; a moved
 * roof is drawn for both runs, A's faint, B's labelled with its B/A; a
 * roof one run lacks, or one with no timings in common, is drawn for each
 * run that has it, its label saying whose. Labels are placed by the
 * roofline figure's placers (roof_labels.h for the roofs, labels.h with
 * exclusive leaders for the points). Beside the plot, never over it: a
 * "what moved" box (how many faster and slower, the three largest moves,
 * the roofs that moved) and the legend (the runs, the families of the
 * moves, the roofs no spot along their lines could name).
 */
#ifndef ROOFLINE_COMPARE_FIGURE_H
#define ROOFLINE_COMPARE_FIGURE_H

#include <stddef.h>

#include "analysis.h"
#include "compare.h"
#include "figure.h"
#include "labels.h"
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

/* One kernel: an arrow A -> B when compare judged it moved, else one small quiet marker. */
struct plot_compare_mark {
	const struct compare_row *row;
	int arrow;
	int run_b;                   /* the single marker's run (no arrow) */
	double ai_a, gf_a, ai_b, gf_b;   /* data; A's unused without an arrow */
	double radius;               /* B's marker (the single one), pixels: small for a quiet point */
	struct figure_rgb col;       /* the kernel's colour in the roofline figure (figure_families) */
	char label[80];              /* arrows only: a quiet point is not labelled */
	struct labels_item item;
};

/* A legend row: what its sample shows. */
enum plot_compare_key_kind { KEY_RUN_B, KEY_RUN_A, KEY_QUIET, KEY_FAMILY, KEY_ROOF, KEY_TEXT };

struct plot_compare_key {
	enum plot_compare_key_kind kind;
	char text[160];
	struct figure_rgb col;       /* KEY_FAMILY: the family's colour */
	int line;                    /* KEY_ROOF: the line listed */
};

#define PLOT_COMPARE_MAX_KEYS (8 + ANALYSIS_MAX_POINTS + 2 * ANALYSIS_MAX_ROOFS)
#define PLOT_COMPARE_MOVED_ROWS 11

struct plot_compare_layout {
	struct plot_frame f;
	int threads;                 /* the thread count shown */
	struct plot_compare_line lines[2 * ANALYSIS_MAX_ROOFS];
	size_t nlines;
	struct plot_compare_mark marks[2 * ANALYSIS_MAX_POINTS];
	size_t nmarks;
	size_t narrows;              /* marks drawn as arrows: the moved points */
	size_t labels_wanted, labels_dropped;   /* left out for want of a free spot */
	char title[256];
	char run_a[128], run_b[128];         /* "gcc 12.2.0" */
	char machines[440];          /* "the same kind of machine" or "different machines: ..." */
	char subtitle[800];          /* the runs and the machines, short enough to read at 800 px */
	/* Beside the plot, right of it: the "what moved" box, the legend under it. */
	char moved[PLOT_COMPARE_MOVED_ROWS][112];   /* row 0 its heading */
	size_t nmoved;
	struct labels_box moved_box; /* pixels */
	struct plot_compare_key keys[PLOT_COMPARE_MAX_KEYS];
	size_t nkeys;
	struct labels_box legend;    /* pixels */
	double row_h;                /* both boxes' row height, pixels */
	int legend_outside;          /* always 1: beside the plot (kept for the layout checks) */
	struct labels_box placed[2 * ANALYSIS_MAX_ROOFS + 2 * ANALYSIS_MAX_POINTS + 2];
	size_t nplaced;              /* every text box drawn: labels, the two boxes */
};

/* One of the two runs compared: what was read and what was built from it. */
struct plot_compare_run {
	const struct rundata *run;
	const struct analysis *a;
};

/* What one figure shows: a thread count, at a size. */
struct plot_compare_view {
	int threads;                 /* the thread count shown */
	int width, height;           /* pixels */
	/*
	 * What differs between the machines, one line as emit words it
	 * (compare_machines_text.h; plot_compare_layout() fills it where
	 * NULL): the subtitle names it where the machines differ.
	 */
	const char *machines;
};

/*
 * Lays out the figure of c (built from runs A and B) of v.threads threads
 * at v.width x v.height pixels, its text measured by m. Pure.
 */
void compare_figure_layout(const struct compare *c, struct plot_compare_run A, struct plot_compare_run B,
			   struct plot_compare_view v, const struct figure_measure *m, struct plot_compare_layout *out);

/*
 * The thread counts both runs measured (figure_thread_counts of each),
 * ascending, at most max; returns how many. compare.png shows the first
 * (or --threads), compare-allcores.png the last where there are several.
 */
size_t plot_compare_thread_counts(const struct analysis *aa, const struct analysis *ab, int *counts, size_t max);

/*
 * compare.png's thread count: want (0: the smallest both runs measured,
 * one core), which both runs must have measured. Returns it, or -1 with
 * the counts they share ("1, 2") in have.
 */
int plot_compare_threads(int want, const struct analysis *aa, const struct analysis *ab, char *have, size_t len);

#endif
