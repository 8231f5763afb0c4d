/*
 * figure.h - the roofline figure's layout: numbers in, geometry out. From a
 * struct analysis (and the user's points) it decides the frame (axis ranges
 * and the plot area), every roof and ceiling segment with its colour, width
 * and label along it, the kernels' families (colour, marker), groups
 * (polylines) and point labels, the ridge and its label, the shaded region,
 * the user's points and their labels, and the legend with its spot. It draws
 * nothing: plot_cairo.c paints what it decided, gnuplot_scene.c writes the
 * same scene into roofline.gp, and the compare and fleet figures take their
 * kernels' colours from figure_families and figure_palette (one palette).
 * Its files: figure.c (lines, labels, legend), figure_frame.c (frame,
 * thread selection, which roofs are drawn), figure_points.c (families,
 * groups, the user's points).
 *
 * Text is measured through struct figure_measure, a function the caller
 * supplies (cairo on the surface being drawn, or a stub in a test), so the
 * layout needs no surface and its label boxes are exactly the ink drawn.
 * Coordinates are pixels, y growing downwards.
 */
#ifndef ROOFLINE_FIGURE_H
#define ROOFLINE_FIGURE_H

#include <stddef.h>

#include "analysis.h"
#include "labels.h"
#include "userpoints.h"

/* Sizes at scale 1 (1600x1000), in pixels. */
#define FIGURE_PX_TITLE 34.0
#define FIGURE_PX_SUBTITLE 22.0
#define FIGURE_PX_AXIS_TITLE 26.0
#define FIGURE_PX_TICK 23.0
#define FIGURE_PX_ROOF_LABEL 22.0
#define FIGURE_PX_POINT_LABEL 21.0
#define FIGURE_PX_LEGEND 21.0
/* The least size of any text: 18 px is 9 px when the 1600-px figure is shown 800 px wide. */
#define FIGURE_PX_MIN_TEXT 18.0
#define FIGURE_MARKER_R 9.0
#define FIGURE_HALO 3.0      /* the background drawn round text; label boxes include it */

struct figure_rgb {
	double r, g, b;
};

enum figure_shape { SH_CIRCLE, SH_SQUARE, SH_TRIANGLE, SH_DIAMOND, SH_TRIANGLE_DOWN, SH_HEXAGON, SH_STAR, NSHAPES };

/*
 * The axis transform: the plot area in pixels (y grows downwards) and the
 * data range it shows, both log10-scaled. The ranges hold every roof's
 * corner, the ridge and every point with a margin, rounded out to 1 or 3
 * times a power of ten.
 */
struct plot_frame {
	int width, height;
	double left, top, right, bottom;   /* plot area, pixels */
	double xmin, xmax;                 /* intensity, flop/byte */
	double ymin, ymax;                 /* GFLOP/s */
	double scale;                      /* text and line scale: 1 at 1600x1000 */
};

/*
 * A frame for `a` at width x height that holds every roof of one thread
 * (the compare and fleet figures frame a whole run so). The roofline figure
 * frames only what it draws: figure_frame().
 */
void plot_frame_for(const struct analysis *a, int width, int height, struct plot_frame *f);

/* Data (ai flop/byte, gflops GFLOP/s), both > 0, to pixel (x, y) in f. */
void plot_to_pixel(const struct plot_frame *f, double ai, double gflops, double *x, double *y);

/* A decade's tick label in plain digits: 0.001, 0.1, 1, 10, 10000 (10^k). */
void figure_decade_text(int k, char *buf, size_t n);

/* Text extents as cairo reports them (cairo_text_extents_t), in pixels. */
struct figure_text {
	double x_bearing, y_bearing, width, height, x_advance;
};

/*
 * How the layout measures text: `extents` fills te for `text` in DejaVu Sans
 * at `size` pixels, bold or not, from the baseline origin. plot_cairo.h's
 * plot_measure_cairo() gives one that asks cairo.
 */
struct figure_measure {
	void (*extents)(void *ctx, const char *text, double size, int bold, struct figure_text *te);
	void *ctx;
};

/* One roof or ceiling, in the order the labels are placed: DRAM, peak, other slopes, ceilings. */
struct figure_line {
	const struct roof *roof;
	double x0, y0, x1, y1;   /* visible part, pixels, x0 <= x1 */
	int visible;
	struct figure_rgb col;
	double width;
	int dashed;
	char text[64];
	/* the label, written along the line from (ox, oy) at angle in px, or not at all */
	int labelled;
	int crowded;             /* labelled over a point line: nowhere was free */
	int listed;              /* not labelled in the plot (every spot covered a marker): named in the legend */
	double ox, oy, angle, px;
	struct labels_seg cap;   /* the space the label takes (labelled only) */
};


/* ---- kernels: families, groups (polylines), points ---- */

/* A family (colour and marker), and the kernels at one thread count (one polyline). */
/*
 * A kernel's look: the colour of its family, the family's marker (a second
 * kernel of the same family, say horner_simd_avx2 beside _avx512, gets
 * another marker), and its legend entry.
 */
struct figure_family {
	char name[48];           /* legend text: the family, or the kernel when the family has several */
	char family[24];         /* its name, for the legend */
	const struct kernel *family_k; /* its family's registry entry (point.family_k); NULL for a kernel the build lacks */
	const char *kernel;
	const struct kernel *k;  /* its registry entry (its first point's); NULL for a kernel the build lacks */
	size_t slot;             /* the family's colour slot */
	struct figure_rgb col;
	enum figure_shape shape;
	int joined;              /* some group of it is drawn as a polyline */
	int staged;              /* its kernels are stages of one change (kernel.h): one entry for all */
};

/*
 * How a group of a level other than its kernel's base level (the largest
 * working set, DRAM-resident in a run of `measure --levels`) looks: the
 * base level as ever; L1 with open markers and a dotted line; any other
 * level (L2, L3) with tinted markers and a dashed line. Such a group names
 * only one point, with its level ("horner 128 (L1)"): its members stand
 * above the base level's at the same intensities, whose labels give D.
 */
enum figure_level_style { LV_BASE, LV_L1, LV_OTHER, NLEVEL_STYLES };

struct figure_group {
	size_t fam;
	const char *kernel;
	const struct kernel *k;  /* its registry entry; NULL for a kernel the build lacks */
	int threads;
	double working_set;      /* each level of a kernel is a group of its own */
	enum figure_level_style style;
	char level[16];          /* what its label says: "L1", or the working set */
	int hollow;              /* not the run's lowest thread count: open markers */
	int trajectory;          /* one kernel at several sizes (point.trajectory): one group, arrows */
	size_t start, n;         /* its points in byparam[start..start+n), by parameter */
};

struct figure_kernels {
	struct figure_family fam[ANALYSIS_MAX_POINTS];
	size_t nfam;
	struct figure_group grp[ANALYSIS_MAX_POINTS];
	size_t ngrp;
	size_t byparam[ANALYSIS_MAX_POINTS];
	int grp_of[ANALYSIS_MAX_POINTS];    /* per point; -1 when not drawn */
	int min_threads, other_threads;     /* other_threads: a thread count drawn open, 0 if none */
	int styles_used[NLEVEL_STYLES];     /* groups drawn in each level style */
	char style_level[NLEVEL_STYLES][16];  /* the level a style stands for, for the legend */
};


/*
 * The families of a's points, their colours and markers, and its groups:
 * the one rule every figure colours a kernel by (the known families keep
 * their palette slot from run to run, others follow in order).
 */
void figure_families(const struct analysis *a, struct figure_kernels *k);

/* The colour figure_families gave p's kernel (the palette's first when it has none). */
struct figure_rgb figure_kernel_colour(const struct figure_kernels *k, const struct point *p);

/* The family figure_families put p's kernel in (a later stage: its first stage's), or NULL. */
const struct figure_family *figure_kernel_family(const struct figure_kernels *k, const struct point *p);

/* The figures' palette (Okabe & Ito's), slot modulo its size. */
struct figure_rgb figure_palette(size_t slot);

/* 1 when a group is drawn as a polyline: enough members, or a trajectory. */
int figure_joined(const struct figure_group *gr);

/* ---- legend: one row per family, then the looks of levels, threads, roofs ---- */

/* LEG_LINE: a roof named here, with its look, because no spot in the plot was free of markers. */
/* LEG_TEXT: a line of text without a sample (the all-core figure's scaling table). */
enum { LEG_FAMILY, LEG_ROOF, LEG_CEILING, LEG_ALLCORE, LEG_OPEN, LEG_LEVEL, LEG_LINE, LEG_TEXT };

struct figure_legend_row {
	int kind;
	const struct figure_family *fam;
	enum figure_level_style style;  /* LEG_LEVEL */
	char text[96];
	struct figure_rgb col;   /* LEG_ROOF, LEG_ALLCORE, LEG_CEILING, LEG_LINE: the sample line's look */
	double width;
	int dashed;
};

struct figure_legend {
	struct figure_legend_row rows[ANALYSIS_MAX_POINTS + 6 + 2 * ANALYSIS_MAX_ROOFS];
	size_t n;
	int cols;
	double col_w, row_h, sample_w, pad;
	struct labels_box box;
	int placed;              /* 0: nowhere free, drawn opaque over what is there */
	int outside;             /* right of the plot, which gave up the room for it */
	size_t per_col;          /* rows in a column */
};


/* The user's points (plot --points): stars, arrows between versions, labels. */
struct figure_users {
	const struct userpoints *up;
	size_t n;                                    /* points drawn (finite, positive) */
	double x[USERPOINTS_MAX], y[USERPOINTS_MAX];  /* pixels, where drawn */
	char drawn[USERPOINTS_MAX];       /* finite and positive: has a position */
	char inside[USERPOINTS_MAX];      /* drawn and inside the frame's ranges */
	struct userpoints_arrow arrows[USERPOINTS_MAX];
	size_t narrows;
	struct labels_item items[USERPOINTS_MAX];
	char text[USERPOINTS_MAX][104];   /* name (47) version (31) and the flag */
	struct figure_rgb col[USERPOINTS_MAX];
};

/* The whole figure as laid out. */
struct figure {
	struct plot_frame f;
	double s;                                 /* f.scale */
	struct labels_box plot;                   /* the plot area */
	struct figure_line lines[ANALYSIS_MAX_ROOFS];
	size_t nlines;
	struct figure_kernels k;
	size_t npoints;                           /* the analysis's points looked at (k.grp_of) */
	double px[ANALYSIS_MAX_POINTS], py[ANALYSIS_MAX_POINTS];   /* each drawn point, pixels */
	double marker_r;                          /* the space a marker takes: half a side of its box */
	/* point labels: items[i] says point item_point[i] with item_text[i] */
	struct labels_item items[ANALYSIS_MAX_POINTS];
	size_t item_point[ANALYSIS_MAX_POINTS];
	char item_text[ANALYSIS_MAX_POINTS][80];
	size_t nitems;
	/* the ridge (DRAM meets peak): a marker, a drop line and a label */
	int has_ridge;
	double rx, ry;
	struct labels_item ridge_item;
	char ridge_text[64];
	/* what a DRAM-resident kernel can attain: a polygon under the DRAM slope and peak */
	int shaded;
	double shade_x[5], shade_y[5];
	struct figure_legend lg;
	struct figure_users users;
};

/* ---- what every painter shares (figure_paint.c) ---- */

/* The most vertices a marker's outline has (the star's). */
#define FIGURE_MARKER_VERTICES 10

/*
 * The outline of a marker of shape sh centred at (x, y), r the marker's
 * radius: its vertices (a closed polygon) into xy, returns how many; 0 for
 * SH_CIRCLE, which is the circle of radius r.
 */
size_t figure_marker_outline(enum figure_shape sh, double x, double y, double r, double xy[][2]);

/* The groups drawn as polylines, in paint order (other levels first, the base level's over them): their indices into order. */
size_t figure_polyline_order(const struct figure_kernels *k, size_t *order);

/* The drawn points in paint order (single points over polylines' members, the base level over the others). */
size_t figure_point_order(const struct figure *fg, size_t *order);

/* Where legend row i goes at scale s: its vertical centre, its sample's ends and middle. */
struct figure_legend_spot {
	double cy, sx0, sx1, mx;
};
struct figure_legend_spot figure_legend_spot(const struct figure_legend *lg, size_t i, double s);

/*
 * Lays out the figure of `a` in frame f (plot_frame_for, or figure_frame
 * with the user's points), `user` may be NULL; text measured by m. Fills
 * *out, which holds no pointers it owns (nothing to free); it points into
 * `a` and `user`, which must outlive it.
 */
void figure_layout(const struct analysis *a, const struct userpoints *user, const struct plot_frame *f,
		   const struct figure_measure *m, struct figure *out);

/*
 * figure_layout() for a figure of one thread count (figure_select_threads)
 * beside the figure of `base`, another count's selection: the legend adds a
 * table of each drawn slope's and the peak's value in both and their ratio.
 * base may be NULL (then it is figure_layout()).
 */
void figure_layout_vs(const struct analysis *a, const struct analysis *base, const struct userpoints *user,
		      const struct plot_frame *f, const struct figure_measure *m, struct figure *out);

/* The roofline figure's frame for `a`: what it draws (roof_drawn) and, when user is not NULL, the user's points too. */
void figure_frame(const struct analysis *a, const struct userpoints *user, int width, int height,
		  struct plot_frame *f);


/*
 * The thread counts `a` measured (its bandwidth and compute roofs and its
 * points), ascending, at most max of them; returns how many.
 */
size_t figure_thread_counts(const struct analysis *a, int *counts, size_t max);

/*
 * What one figure shows: the roofs, points, peaks and level map of
 * `threads` threads taken from `a` (never a whole copy: out's sweep, chains
 * and notes are left empty), their names without "@Nt" (the figure's
 * subtitle says the count), its peak and ridge those of that count. A
 * figure of one thread count has no roofs of two meanings that merely lie
 * close.
 */
void figure_select_threads(const struct analysis *a, int threads, struct analysis *out);

/*
 * Where figure_select_threads(a, threads) took its points from: rows[j] is
 * the index in a->points (the row of points.csv) of the selection's point
 * j. rows holds ANALYSIS_MAX_POINTS. Returns how many.
 */
size_t figure_select_rows(const struct analysis *a, int threads, size_t *rows);

/*
 * The user's points of `threads` threads (the figure that shows that
 * count): out->v is allocated (free it), out->path borrowed from up.
 * Returns how many.
 */
size_t figure_select_users(const struct userpoints *up, int threads, struct userpoints *out);

#endif
