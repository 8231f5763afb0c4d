/*
 * plot_compare.h - the compare figure drawn: compare.png (cairo; .svg/.pdf
 * on request), compare-allcores.png and compare.gp (gnuplot), all from one
 * layout (compare_figure.h, which says what the figure shows).
 */
#ifndef ROOFLINE_PLOT_COMPARE_H
#define ROOFLINE_PLOT_COMPARE_H

#include <stddef.h>

#include "compare_figure.h"
#include "plot_cairo.h"

/*
 * compare_figure_layout() with cairo's text measure (a scratch surface,
 * hinting off, as the painter draws).
 */
void plot_compare_layout(const struct compare *c, struct plot_compare_run A, struct plot_compare_run B,
			 struct plot_compare_view v, struct plot_compare_layout *out);

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
