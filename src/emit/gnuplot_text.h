/*
 * gnuplot_text.h - the text side of the gnuplot scripts, apart from what the
 * figures draw (src/gnuplot.c): templates with @PLACEHOLDERS@ read,
 * substituted and written atomically; strings, numbers and names quoted as
 * gnuplot reads them; the run directory named as a script sees it.
 */
#ifndef ROOFLINE_GNUPLOT_TEXT_H
#define ROOFLINE_GNUPLOT_TEXT_H

#include <stddef.h>

#include "util.h"

#define GP_MAX_SUBSTS 32

/* A template's placeholders: KEY (without the @s) -> value, owned. */
struct gp_substs {
	struct {
		const char *key;
		char *value;
	} v[GP_MAX_SUBSTS];
	size_t n;
};

/* Sets KEY to value (a fresh string, owned by s from here on); dies past GP_MAX_SUBSTS. */
void gp_subst_set(struct gp_substs *s, const char *key, char *value);

/* Sets KEY to a formatted value. */
void gp_subst_setf(struct gp_substs *s, const char *key, const char *fmt, ...) PRINTF_LIKE(3, 4);

/* Frees the values, leaving s empty. */
void gp_subst_free(struct gp_substs *s);

/*
 * Writes out_dir/NAME.gp (atomically) from templates_dir/NAME.gp.in, each
 * @KEY@ replaced by its value. Values are not rescanned; any other @ is kept
 * (gnuplot's own @macros); an unknown @KEY@ is an error, with its
 * template:line, so a typo in a template cannot reach a figure. Returns 0,
 * or -1 with one line in err.
 */
int gp_write_script(const char *templates_dir, const char *name, const char *out_dir,
		    const struct gp_substs *s, char *err, size_t errlen);

/*
 * The one quoting rule for text in a gnuplot script: s as the inside of a
 * single-quoted string (no command substitution, no macros, no escapes
 * there), fresh. A quote becomes '."'".' (the string left and entered
 * again, which gnuplot reads in every expression the scripts put a string
 * in), control characters spaces. Text never goes into a gnuplot sprintf
 * format: it is an argument ('%s'), so a % in it stays a %.
 */
char *gp_str(const char *s);

/* A number as gnuplot reads it (%.6g), "NaN" for a missing value. Returns buf. */
const char *gp_num(double v, char *buf, size_t size);

/*
 * The gnuplot variable of the index-th roof: roof_<index>. Never made from
 * the roof's name (an fma_* suffix is the user's text: fma_run would be the
 * template's own `run`); templates define no variable starting roof_.
 */
void gp_roof_var(size_t index, char *out, size_t size);

/*
 * The run directory as the scripts name it, fresh: relative to out_dir
 * (from both realpaths) when they share more than the root, else absolute.
 * NULL with one line in err when either cannot be resolved.
 */
char *gp_run_dir_for(const char *run_dir, const char *out_dir, char *err, size_t errlen);

#endif
