/*
 * plot_axes.h - what the cairo painters paint with (plot_axes.c): the
 * colours, the font and text with its halo, the grid, the axes and the
 * titles. The roofline painter (plot_cairo.c) and the SVG scene draw on it;
 * it calls none of them back.
 */
#ifndef ROOFLINE_PLOT_AXES_H
#define ROOFLINE_PLOT_AXES_H

#include <cairo.h>

#include "figure.h"
#include "plot_cairo.h"

/* The painter's own colours (the lines' and the kernels' come with the layout). */
#define HEX(v) { ((v) >> 16 & 0xff) / 255.0, ((v) >> 8 & 0xff) / 255.0, ((v) & 0xff) / 255.0 }

static const struct figure_rgb C_BG = HEX(0xffffff);
static const struct figure_rgb C_TEXT = HEX(0x1a1a1a);
static const struct figure_rgb C_MUTED = HEX(0x5c5c5c);
static const struct figure_rgb C_GRID = HEX(0xdadde1);
static const struct figure_rgb C_GRID_MINOR = HEX(0xeef0f2);
static const struct figure_rgb C_AXIS = HEX(0x4d4d4d);
static const struct figure_rgb C_ROOF = HEX(0x1b1b1b);      /* the ridge's marker and label */
static const struct figure_rgb C_SHADE = HEX(0xf1f4f8);     /* what a DRAM-resident kernel can attain */
static const struct figure_rgb C_LEADER = HEX(0x8a8f96);
static const struct figure_rgb C_FLAG = HEX(0xc0392b);      /* a user's point above its roof */

#define FONT "DejaVu Sans"

/* What a painter draws with: the context, the frame, the scale (1 at 1600x1000). */
struct fig {
	cairo_t *cr;
	struct plot_frame f;
	double s;
};
void pc_set_rgb(cairo_t *cr, struct figure_rgb c);
/* DejaVu Sans at px (at scale 1), bold or not. */
void pc_set_font(struct fig *g, double px, int bold);
/* Text at the current point, with a halo of the background (halo != 0); <text> on SVG. */
void pc_show_text(struct fig *g, const char *text, struct figure_rgb col, int halo);
/* The light grid and the axes (frame, ticks, decade labels, axis titles) of g's frame. */
void pc_draw_grid(struct fig *g);
void pc_draw_axes(struct fig *g);
/* The headline and subtitle (plot_title_text), shrunk to the width where they must. */
void pc_draw_titles(struct fig *g, const struct plot_meta *m);

#endif
