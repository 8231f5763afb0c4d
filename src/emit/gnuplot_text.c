/* gnuplot_text.c - see gnuplot_text.h. */
#include "gnuplot_text.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

/* ---- templates and their placeholders --------------------------------------- */

void gp_subst_set(struct gp_substs *s, const char *key, char *value)
{
	if (s->n == GP_MAX_SUBSTS)
		die(EXIT_FAILED, "too many template placeholders (%s)", key);
	s->v[s->n].key = key;
	s->v[s->n].value = value;
	s->n++;
}

void gp_subst_setf(struct gp_substs *s, const char *key, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *value = xvasprintf(fmt, ap);
	va_end(ap);
	gp_subst_set(s, key, value);
}

void gp_subst_free(struct gp_substs *s)
{
	for (size_t i = 0; i < s->n; i++)
		free(s->v[i].value);
	s->n = 0;
}

static const char *subst_get(const struct gp_substs *s, const char *key, size_t len)
{
	for (size_t i = 0; i < s->n; i++)
		if (strlen(s->v[i].key) == len && memcmp(s->v[i].key, key, len) == 0)
			return s->v[i].value;
	return NULL;
}

/*
 * Copies template text to out, replacing each @NAME@ (NAME: capitals, digits
 * and _) by its value. Values are not rescanned. Any other @ is kept, so
 * gnuplot's own @macros still work; an unknown @NAME@ is an error, so a typo
 * in a template cannot reach a figure.
 */
static int expand(const char *path, const char *text, const struct gp_substs *s, struct buf *out,
		  char *err, size_t errlen)
{
	int line = 1;
	for (const char *p = text; *p; p++) {
		if (*p == '\n')
			line++;
		if (*p != '@') {
			buf_add(out, p, 1);
			continue;
		}
		const char *q = p + 1;
		while (isupper((unsigned char)*q) || isdigit((unsigned char)*q) || *q == '_')
			q++;
		if (q == p + 1 || *q != '@') {
			buf_add(out, p, 1);
			continue;
		}
		const char *value = subst_get(s, p + 1, (size_t)(q - p - 1));
		if (!value) {
			snprintf(err, errlen, "%s:%d: unknown placeholder @%.*s@", path, line,
				 (int)(q - p - 1), p + 1);
			return -1;
		}
		buf_puts(out, value);
		p = q;
	}
	return 0;
}

int gp_write_script(const char *templates_dir, const char *name, const char *out_dir,
			const struct gp_substs *s, char *err, size_t errlen)
{
	char *tname = xasprintf("%s.gp.in", name);
	char *tpath = path_join(templates_dir, tname);
	char *oname = xasprintf("%s.gp", name);
	char *opath = path_join(out_dir, oname);
	struct buf out = { 0 };
	struct outfile of = { 0 };
	int rc = -1;

	char why[512];
	char *text = read_text_file(tpath, why, sizeof why);
	if (!text) {
		if (errno == EFBIG || errno == EINVAL)
			snprintf(err, errlen, "template %s", why);
		else
			snprintf(err, errlen, "cannot read template %s: %s", tpath, strerror(errno));
		goto done;
	}
	if (expand(tpath, text, s, &out, err, errlen) < 0)
		goto done;
	if (outfile_open(&of, opath, err, errlen) < 0)
		goto done;
	if (out.len)
		fwrite(out.s, 1, out.len, of.fp);
	if (outfile_commit(&of, err, errlen) < 0)
		goto done;
	rc = 0;
done:
	free(text);
	free(out.s);
	free(tname);
	free(tpath);
	free(oname);
	free(opath);
	return rc;
}

/* ---- quoting ------------------------------------------------------------------ */

char *gp_str(const char *s)
{
	struct buf b = { 0 };
	buf_puts(&b, "");
	for (; s && *s; s++) {
		/*
		 * gnuplot's scanner reads a doubled quote as a quote only after a
		 * character that is not one (two quotes at the start, or four in a
		 * row, end the string), so a quote leaves the string instead:
		 * 'it'."'".'s' is it's in every expression. In double quotes, alone,
		 * it is open to nothing (no backquote, no escape).
		 */
		if (*s == '\'')
			buf_puts(&b, "'.\"'\".'");
		else if ((unsigned char)*s < 0x20 || *s == 0x7f)
			buf_puts(&b, " ");
		else
			buf_add(&b, s, 1);
	}
	return buf_take(&b);
}

const char *gp_num(double v, char *buf, size_t size)
{
	if (!isfinite(v))
		snprintf(buf, size, "NaN");
	else
		snprintf(buf, size, "%.6g", v);
	return buf;
}

void gp_roof_var(size_t index, char *out, size_t size)
{
	snprintf(out, size, "roof_%zu", index);
}

/* ---- paths -------------------------------------------------------------------- */

/*
 * The path of `to` seen from directory `from`, both absolute and canonical.
 * NULL when they share nothing but the root: a relative path through / would
 * break as soon as either tree moves.
 */
static char *relative_path(const char *from, const char *to)
{
	size_t common = 0, i = 0;
	/* longest common prefix ending at a component boundary */
	while (from[i] && to[i] && from[i] == to[i]) {
		i++;
		if ((from[i] == '/' || from[i] == '\0') && (to[i] == '/' || to[i] == '\0'))
			common = i;
	}
	if (strcmp(from, "/") == 0 || strcmp(to, "/") == 0)
		return NULL;
	if (common == 0)
		return NULL;
	struct buf b = { 0 };
	for (const char *p = from + common; *p; p++)
		if (*p == '/')
			buf_puts(&b, b.len ? "/.." : "..");
	const char *rest = to + common;
	if (*rest == '/')
		rest++;
	if (*rest) {
		if (b.len)
			buf_puts(&b, "/");
		buf_puts(&b, rest);
	}
	if (!b.len)
		buf_puts(&b, ".");
	return buf_take(&b);
}

char *gp_run_dir_for(const char *run_dir, const char *out_dir, char *err, size_t errlen)
{
	char *run_real = realpath(run_dir, NULL);
	if (!run_real) {
		snprintf(err, errlen, "%s: %s", run_dir, strerror(errno));
		return NULL;
	}
	char *out_real = realpath(out_dir, NULL);
	if (!out_real) {
		snprintf(err, errlen, "%s: %s", out_dir, strerror(errno));
		free(run_real);
		return NULL;
	}
	char *rel = relative_path(out_real, run_real);
	free(out_real);
	if (rel) {
		free(run_real);
		return rel;
	}
	return run_real;
}
