/*
 * compare_figure_style.h - the compare figure's style: sizes, colours, the
 * fonts' and the legend's geometry, and the helpers its layout
 * (compare_figure.c) defines. The painter (emit's plot_compare_paint.c) and
 * compare.gp's writer (plot_compare_gp.c), which places the "what moved"
 * box as the layout does, read it; the layout calls neither of them.
 */
#ifndef ROOFLINE_COMPARE_FIGURE_STYLE_H
#define ROOFLINE_COMPARE_FIGURE_STYLE_H

#include "compare_figure.h"

#define FONT "DejaVu Sans"
#define PX_TITLE 34.0
#define PX_SUBTITLE 22.0
#define PX_ROOF_LABEL 21.0
#define PX_POINT_LABEL 21.0
#define PX_LEGEND 21.0
#define MARKER_R 9.0
#define HALO 3.0
#define FAINT 0.35               /* A's roofs and markers: opacity */

#define HEX(v) { ((v) >> 16 & 0xff) / 255.0, ((v) >> 8 & 0xff) / 255.0, ((v) & 0xff) / 255.0 }
static const struct figure_rgb C_BG = HEX(0xffffff);
static const struct figure_rgb C_TEXT = HEX(0x1a1a1a);
static const struct figure_rgb C_MUTED = HEX(0x5c5c5c);
static const struct figure_rgb C_ROOF = HEX(0x1b1b1b);
static const struct figure_rgb C_ARROW = HEX(0x1a1a1a);

/* ---- text ------------------------------------------------------------------------- */


#define KEY_SAMPLE 48.0   /* a legend row's sample and the gap after it, at scale 1 */
#define KEY_PAD 12.0      /* the boxes' padding */
#define KEY_ROW 30.0      /* a row of the boxes beside the plot */
#define QUIET_R 0.5       /* a point that did not move: its radius, of MARKER_R */
#define MARKER_ROOM 1.3   /* the room a marker takes in the label scene, of its radius */

double cmpfig_line_width(const struct plot_compare_line *ln);
void cmpfig_px(const struct plot_frame *f, double ai, double gf, double *x, double *y);

#endif
