/*
 * plot_cairo.h - the roofline figure (roofline.png, and .svg/.pdf on request),
 * drawn with cairo from a struct analysis. One drawing routine serves all
 * three formats; text is DejaVu Sans through cairo's toy font API.
 *
 * Laid out by figure.h (numbers in, geometry out), painted here.
 *
 * What it draws: log-log axes (intensity in flop/byte, GFLOP/s) with decade
 * labels in plain numbers, minor ticks and a light grid; one slope per
 * bandwidth roof up to the compute roof it meets, labelled along the line
 * with its level and GB/s; the compute roof; the ridge (DRAM meets peak),
 * marked and labelled; the ceilings that cap a point as dashed lines from
 * the DRAM slope to the right edge; the kernels as points, a marker and
 * colour (Okabe-Ito) per family, families of several members joined in
 * parameter order and named once at their end with their range, every other
 * point labelled where the label overlaps nothing (src/labels.h); a kernel timed at
 * several working sets (measure --levels) joined within each level only, its
 * smaller working sets drawn with open (L1) or tinted (L2) markers and dotted
 * or dashed lines, named with their level ("triad (L1)"); a title with the
 * CPU, a subtitle with compiler, flags, threads and date, and a legend in a
 * free spot. Sizes scale with the figure: 1600x1000 is meant to be shown
 * 800 px wide (2x density), no text under FIGURE_PX_MIN_TEXT. One figure
 * shows one thread count (figure_select_threads). On SVG the text is
 * written as <text> elements (see svg_text in plot_cairo.c), on PDF as
 * glyphs of the embedded font: selectable either way.
 */
#ifndef ROOFLINE_PLOT_CAIRO_H
#define ROOFLINE_PLOT_CAIRO_H

#include <cairo.h>
#include <stddef.h>

#include "analysis.h"
#include "figure.h"
#include "userpoints.h"

#define PLOT_DEFAULT_WIDTH 1600
#define PLOT_DEFAULT_HEIGHT 1000
/* Smaller figures cannot hold the labels; plot_roofline refuses them. */
#define PLOT_MIN_WIDTH 400
#define PLOT_MIN_HEIGHT 250

/*
 * What the title and subtitle say; any field may be NULL (threads 0: unknown).
 * `user`: the user's points (plot --points), placed by userpoints_place(), or
 * NULL. They are drawn as stars, one colour per name, each labelled with its
 * name and version, the versions of one name joined by arrows in file order
 * (userpoints_arrows); a point above its roof gets a red ring and says so.
 */
struct plot_meta {
	const char *cpu_model, *compiler, *compiler_version, *kernel_cflags, *date_utc;
	int threads;
	const struct userpoints *user;
	/*
	 * title: the headline in place of "Roofline of <cpu>" (plot --title;
	 * the CPU moves to the subtitle), or NULL. UTF-8 without control
	 * characters, at most PLOT_TITLE_MAX characters: the caller checks.
	 */
	const char *title;
	/* The all-core figure: the one-core selection its legend scales from (figure_layout_vs), or NULL. */
	const struct analysis *base;
	/* The run was stopped by a signal (run_env.interrupted): the subtitle ends saying so. */
	int interrupted;
};

/* The longest --title, in characters: it fits 1600 px at the title's size or a little under. */
#define PLOT_TITLE_MAX 90

/* A figure's file: where, in what format ("png", "svg" or "pdf"), of how many pixels. */
struct plot_file {
	const char *path;
	const char *format;
	int width, height;
};

/*
 * Draws the figure of `a` into `path` as `format` ("png", "svg" or "pdf"),
 * width x height pixels (points for svg and pdf). The file is written under
 * PATH.tmp.<pid> and renamed into place, so it appears whole or not at all.
 * Points with a non-finite or non-positive intensity or rate are skipped, as
 * are roofs with non-finite or non-positive values. Returns 0, or -1 with one
 * line in err (unknown format, size too small, cannot write).
 */
int plot_roofline(const struct analysis *a, const struct plot_meta *meta, const struct plot_file *out, char *err,
		  size_t errlen);

/*
 * What one render labelled. Every roof and ceiling drawn gets its label:
 * along its line in a free spot where there is one (beside the line, at
 * either end or in between, then a little further off, then smaller), else
 * over the fewest markers and point lines, never over another roof or its
 * label; point labels come after and give way.
 */
struct plot_stats {
	size_t roofs;            /* roof and ceiling lines drawn */
	size_t roof_labels;      /* of them, named: by their label or a legend row (all, short of a bug) */
	size_t roof_crowded;     /* of those, labelled over a marker or point line: no free spot */
	size_t points;           /* point labels wanted */
	size_t points_dropped;   /* of them, left out for want of a free spot */
	size_t user_points;      /* the user's points drawn (plot_meta.user) */
	size_t user_arrows;      /* arrows drawn between their versions */
	size_t user_flagged;     /* of the points, drawn flagged: above their roof */
	size_t user_labels;      /* of the points, labelled */
};

/* plot_roofline(), filling *st (when not NULL) on success. */
int plot_roofline_stats(const struct analysis *a, const struct plot_meta *meta, const struct plot_file *out,
			struct plot_stats *st, char *err, size_t errlen);

/*
 * The layout plot_roofline draws, at width x height, text measured with cairo
 * on a scratch image surface (as for the PNG): for tests that check where
 * things went. Returns 0, or -1 for a size plot_roofline refuses.
 */
int plot_roofline_layout(const struct analysis *a, const struct plot_meta *meta, int width, int height,
			 struct figure *out);

/* A struct figure_measure that measures with cairo on cr (turning cr's hinting off). */
void plot_measure_cairo(cairo_t *cr, struct figure_measure *m);

/*
 * The figure's headline ("Roofline of <cpu>", or the --title) and subtitle
 * (compiler, flags, thread count, date), as roofline.png and roofline.gp
 * both write them.
 */
void plot_title_text(const struct plot_meta *m, char *title, size_t tsize, char *sub, size_t ssize);

/* 0 when format is "png", "svg" or "pdf"; else -1 with one line in err. */
int plot_check_format(const char *format, char *err, size_t errlen);

/*
 * Writes a figure of width x height pixels into path as format (png, svg,
 * pdf): paint(cr, ctx) draws it on a surface of that format; the file is
 * written under PATH.tmp.<pid> and renamed into place. A PDF gets pdf_title
 * (and creator "roofline") as metadata when pdf_title is not NULL. Returns 0,
 * or -1 with one line in err (unknown format, cannot write).
 */
int plot_write(const struct plot_file *out, const char *pdf_title, void (*paint)(cairo_t *cr, void *ctx), void *ctx,
	       char *err, size_t errlen);

/*
 * The figure's light grid (decades and their 2..9 minor lines) inside f's plot
 * area, and its axes (frame, outward ticks, decade labels, axis titles), drawn
 * as plot_roofline draws them: for other figures on the same axes (compare).
 */
void plot_draw_grid(cairo_t *cr, const struct plot_frame *f);
void plot_draw_axes(cairo_t *cr, const struct plot_frame *f);

#endif
