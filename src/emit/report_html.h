/*
 * report_html.h - report.html: one self-contained page a person can read
 * and ask questions of in any browser, written by `report` beside
 * report.md. No network: its one script and one style sheet are inline and
 * named by hash in a Content-Security-Policy that forbids everything else.
 *
 * What it holds: the roofline figure as inline SVG, one scene per thread
 * count (svg_scene.h paints the scene roofline.png is painted from), each
 * kernel point an element carrying its data (data-row: its row of
 * points.csv, 0 the first data row; data-kernel, -param, -threads, -gflops,
 * -ai, -level, -roof, -roof-gflops, -fraction as points.csv writes it,
 * -bound, -verdict: pointtext.h's sentence, as report.md words it); below,
 * the roofs (one core and all cores side by side, the scaling), the kernels
 * (sorted by fraction of roof, lowest first) and the notes by kind. With
 * script the page shows one thread count at a time (a switch), hides the
 * ceilings or a family (a click on its legend row), and shows a point's
 * data on hover or keyboard focus; without it, every scene and table is
 * there and a point's <title> holds its text.
 *
 * A fragment selects a state (for a test, or a link to a point):
 * #threads=N shows N threads' scene; #point=R also focuses the point of
 * points.csv row R there; #ceilings=off hides the ceilings; joined by &.
 */
#ifndef ROOFLINE_REPORT_HTML_H
#define ROOFLINE_REPORT_HTML_H

#include <stddef.h>

#include "analysis.h"
#include "rundata.h"
#include "symptoms.h"
#include "userpoints.h"

/*
 * Writes report.html for run/a (and the user's points up, placed, or NULL)
 * to path, atomically, with the model's symptoms sy (symptoms_check, run
 * once by the caller): it writes and reads nothing. Returns 0, or -1 with
 * one line in err.
 */
int report_html_write(const char *path, const struct rundata *run, const struct analysis *a,
		      const struct userpoints *up, const struct symptoms *sy, char *err, size_t errlen);

/* The page's inline script and style sheet (report_html_assets.c), whose hashes the policy names. */
extern const char report_html_script[];
extern const char report_html_style[];

#endif
