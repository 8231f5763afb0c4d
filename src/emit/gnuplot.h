/*
 * gnuplot.h - the figures as gnuplot scripts a person can read and edit.
 *
 * Each script is made from a template in templates/ (plain gnuplot with
 * @PLACEHOLDERS@) and, run as `gnuplot FILE` from the directory it was written
 * to, reads the run's CSV files itself: roofline.gp (points.csv under the
 * roofs), bandwidth.gp (sweep.csv, roofs.csv), chains.gp (chains.csv) and
 * kernels.gp (points.csv, the Horner family against its degree). The numbers
 * a script needs for layout (roofs, ranges, label positions) are written into
 * it as named variables, so a fitted run draws the same with or without this
 * program. Output is <name>.png (pngcairo, 1600x1000) unless the variable fmt
 * says 'svg' or 'pdf':  gnuplot -e "fmt='svg'" roofline.gp
 *
 * Three files implement it: gnuplot.c (what each figure draws),
 * gnuplot_text.c (templates, placeholders, quoting) and gnuplot_run.c (the
 * scripts' names, the templates' directory, running gnuplot).
 */
#ifndef ROOFLINE_GNUPLOT_H
#define ROOFLINE_GNUPLOT_H

#include <stddef.h>

#include "analysis.h"
#include "rundata.h"
#include "userpoints.h"

struct plot_meta;

/* The scripts written, in drawing order: "roofline", "bandwidth", "chains", "kernels". */
extern const char *const gnuplot_scripts[];
extern const size_t gnuplot_nscripts;

/*
 * Writes roofline.gp, bandwidth.gp, chains.gp and kernels.gp into out_dir
 * (which must exist), each atomically. The run directory is named in each
 * script relative to out_dir (from both realpaths), or absolute when no
 * relative path exists. A figure whose data the run lacks (no peak group, no
 * kernels group) is still written and says so on the canvas. Fails, with one
 * line in err, when a template is missing or malformed, when a CSV file a
 * script must read is missing from run_dir, or on a write error.
 * Returns 0 or -1.
 */
int gnuplot_write_scripts(const char *run_dir, const char *out_dir, const struct rundata *run,
			  const struct analysis *a, const char *templates_dir,
			  char *err, size_t errlen);

/*
 * What gnuplot_write() draws: a run (its CSV files in run_dir, the scripts
 * into out_dir) and roofline.png's figure: meta says which thread count,
 * title, the all-core base and the user's points (plot --points: their file
 * named relative to out_dir, their arrows and labels from the scene), as
 * plot_roofline() was given them; NULL: one core, titled from the run.
 */
struct gnuplot_job {
	const char *run_dir, *out_dir, *templates_dir;
	const struct rundata *run;
	const struct analysis *a;
	const struct plot_meta *meta;
};

/* gnuplot_write_scripts() for a job; roofline.gp draws the scene roofline.png draws. */
int gnuplot_write(const struct gnuplot_job *j, char *err, size_t errlen);

/*
 * Where the templates are: $ROOFLINE_TEMPLATES when set, else the first of
 * <directory of the executable>/../share/roofline/templates (an installed
 * prefix), /../templates (the source tree's bin/) and /../../templates (the
 * build tree's build/<cc>/) that holds roofline.gp.in, else the installed
 * one (which the error then names). The executable is /proc/self/exe, or
 * argv0 where that cannot be read. Returns a static buffer, overwritten by
 * the next call.
 */
const char *gnuplot_templates_dir(const char *argv0);

/*
 * Runs `gnuplot NAME.gp` in out_dir for each script, writing NAME.FORMAT:
 * format is "png", "svg" or "pdf" (sets fmt in each script), NULL the
 * scripts' own default (png). Returns 0 when all succeeded, 1 when gnuplot
 * is not on PATH (nothing run; the caller prints a note), -1 with one line
 * in err when a run failed or the format is unknown.
 */
int gnuplot_render_as(const char *out_dir, const char *format, char *err, size_t errlen);

/*
 * Writes out_dir/NAME.gp (atomically) from templates_dir/NAME.gp.in, each
 * @KEY@ replaced by its value (keys[i] -> values[i], n of them; an unknown
 * placeholder is an error): the template machinery of the scripts above, for
 * other figures (compare.gp). Returns 0, or -1 with one line in err.
 */
struct gnuplot_values {
	const char *const *keys;
	const char *const *values;
	size_t n;
};
int gnuplot_write_template(const char *templates_dir, const char *name, const char *out_dir,
			   const struct gnuplot_values *kv, char *err, size_t errlen);

#endif
