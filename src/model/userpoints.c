/*
 * userpoints.c - the user's points file: read, checked and placed under
 * the roofs (see userpoints.h); userpoints_md.c writes its report section.
 */
#include "userpoints.h"

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <roofline.h>

#include "csvin.h"
#include "diagnosis.h"
#include "util.h"

/* The columns, required first; the table is what the messages list. */
enum { C_NAME, C_VERSION, C_FLOPS, C_BYTES, C_SECONDS, C_REQUIRED, C_THREADS = C_REQUIRED,
       C_LEVEL, C_SOURCE, C_BYTES_SOURCE, NCOLS };
static const char *const COLUMNS[NCOLS] = { "name", "version", "flops", "bytes", "seconds",
					    "threads", "level", "flops_source", "bytes_source" };

struct loader {
	const char *path;
	struct userpoints *up;
	int col[NCOLS];          /* field index of each column, -1 when absent */
	size_t nfields;          /* fields in the header */
	size_t cap;
};

/* Where in the points file a message points: "path:line:column: ". */
struct file_place {
	const char *path;
	size_t line, column;
};

static int fail_at(char *err, size_t errlen, struct file_place at, const char *fmt, ...) PRINTF_LIKE(4, 5);
static int fail_at(char *err, size_t errlen, struct file_place at, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *what = xvasprintf(fmt, ap);
	va_end(ap);
	snprintf(err, errlen, "%s:%zu:%zu: %s", at.path, at.line, at.column, what);
	free(what);
	return -1;
}

static int read_header(struct loader *ld, const struct csv_row *row, char *err, size_t errlen)
{
	for (size_t c = 0; c < NCOLS; c++)
		ld->col[c] = -1;
	ld->nfields = row->n;
	for (size_t i = 0; i < row->n; i++) {
		const char *f = row->fields[i];
		/* A UTF-8 byte-order mark, as spreadsheets write, is not part of the name. */
		if (i == 0 && strncmp(f, "\xEF\xBB\xBF", 3) == 0)
			f += 3;
		size_t c;
		for (c = 0; c < NCOLS; c++)
			if (strcmp(f, COLUMNS[c]) == 0)
				break;
		if (c == NCOLS)
			return fail_at(err, errlen, (struct file_place){ ld->path, row->line[i], row->column[i] },
				       "unknown column '%s' (want name,version,flops,bytes,seconds; "
				       "optional threads, level, flops_source, bytes_source)", f);
		if (ld->col[c] >= 0)
			return fail_at(err, errlen, (struct file_place){ ld->path, row->line[i], row->column[i] },
				       "column '%s' given twice", f);
		ld->col[c] = (int)i;
	}
	for (size_t c = 0; c < C_REQUIRED; c++)
		if (ld->col[c] < 0)
			return fail_at(err, errlen, (struct file_place){ ld->path, row->line[0], row->column[0] },
				       "missing column '%s' in the header (want name,version,flops,"
				       "bytes,seconds; optional threads, level, flops_source, bytes_source)",
				       COLUMNS[c]);
	return 0;
}

/* A finite number as written (whether it is above zero is the row's rule), or a message at the field. */
static int number(const struct loader *ld, const struct csv_row *row, size_t c, double *out,
		  char *err, size_t errlen)
{
	size_t i = (size_t)ld->col[c];
	const char *f = row->fields[i];
	if (parse_double(f, out) != 0 || isspace((unsigned char)f[0]) || !isfinite(*out))
		return fail_at(err, errlen, (struct file_place){ ld->path, row->line[i], row->column[i] },
			       "%s '%s' is not a number", COLUMNS[c], f);
	return 0;
}

/* The column of the field roofline_row_check found at fault. */
static int rule_column(enum roofline_row_field bad)
{
	switch (bad) {
	case ROOFLINE_ROW_NAME: return C_NAME;
	case ROOFLINE_ROW_VERSION: return C_VERSION;
	case ROOFLINE_ROW_FLOPS: return C_FLOPS;
	case ROOFLINE_ROW_BYTES: return C_BYTES;
	case ROOFLINE_ROW_SECONDS: return C_SECONDS;
	case ROOFLINE_ROW_THREADS: return C_THREADS;
	case ROOFLINE_ROW_LEVEL: return C_LEVEL;
	case ROOFLINE_ROW_OK: break;
	}
	return C_NAME;
}

/* A flops_source or bytes_source field: empty or declared (0), counted (1). */
static int read_source(const struct loader *ld, const struct csv_row *row, size_t c, int *counted,
		       char *err, size_t errlen)
{
	if (ld->col[c] < 0 || !row->fields[ld->col[c]][0])
		return 0;
	size_t i = (size_t)ld->col[c];
	if (strcmp(row->fields[i], "counted") == 0)
		*counted = 1;
	else if (strcmp(row->fields[i], "declared") != 0)
		return fail_at(err, errlen, (struct file_place){ ld->path, row->line[i], row->column[i] },
			       "%s '%s': want declared or counted", COLUMNS[c], row->fields[i]);
	return 0;
}

static int read_row(struct loader *ld, const struct csv_row *row, char *err, size_t errlen)
{
	if (row->n != ld->nfields)
		return fail_at(err, errlen, (struct file_place){ ld->path, row->line[0], row->column[0] },
			       "%zu field%s, the header has %zu", row->n, row->n == 1 ? "" : "s",
			       ld->nfields);
	struct userpoints *up = ld->up;
	if (up->n == USERPOINTS_MAX)
		return fail_at(err, errlen, (struct file_place){ ld->path, row->line[0], row->column[0] },
			       "more than %d points", USERPOINTS_MAX);
	if (up->n == ld->cap) {
		ld->cap = ld->cap ? 2 * ld->cap : 16;
		up->v = xrealloc(up->v, ld->cap * sizeof *up->v);
	}
	struct userpoint *u = &up->v[up->n];
	memset(u, 0, sizeof *u);
	u->line = row->line[0];
	u->threads = 1;
	u->level_id = MEM_LEVELS;
	const char *name = row->fields[ld->col[C_NAME]], *version = row->fields[ld->col[C_VERSION]];
	if (number(ld, row, C_FLOPS, &u->flops, err, errlen) ||
	    number(ld, row, C_BYTES, &u->bytes, err, errlen) ||
	    number(ld, row, C_SECONDS, &u->seconds, err, errlen))
		return -1;
	long threads = 1;
	if (ld->col[C_THREADS] >= 0) {
		size_t i = (size_t)ld->col[C_THREADS];
		if (parse_long(row->fields[i], &threads) != 0)
			return fail_at(err, errlen, (struct file_place){ ld->path, row->line[i], row->column[i] },
				       "threads '%s': want a whole number from 1 to %d", row->fields[i],
				       ROOFLINE_THREADS_MAX);
	}
	const char *level = ld->col[C_LEVEL] >= 0 ? row->fields[ld->col[C_LEVEL]] : "";
	/* The row's rule is libroofline's own (roofline_row_check): what the library writes, this reads. */
	const struct roofline_row checked = { name, version, u->flops, u->bytes, u->seconds, threads,
					      level };
	char why[160];
	enum roofline_row_field bad = roofline_row_check(&checked, why, sizeof why);
	if (bad != ROOFLINE_ROW_OK) {
		int c = rule_column(bad);
		size_t i = ld->col[c] >= 0 ? (size_t)ld->col[c] : 0;
		return fail_at(err, errlen, (struct file_place){ ld->path, row->line[i], row->column[i] },
			       "%s", why);
	}
	snprintf(u->name, sizeof u->name, "%s", name);
	snprintf(u->version, sizeof u->version, "%s", version);
	u->threads = (int)threads;
	if (level[0]) {
		/* The level as written, parsed by the one parser of level names (levels.h). */
		u->level_id = levels_parse(level);
		snprintf(u->level, sizeof u->level, "%s", levels_name(u->level_id));
		u->level_column = row->column[ld->col[C_LEVEL]];
	}
	if (read_source(ld, row, C_SOURCE, &u->counted, err, errlen) ||
	    read_source(ld, row, C_BYTES_SOURCE, &u->bytes_counted, err, errlen))
		return -1;
	up->n++;
	return 0;
}

static int on_row(void *ctx, size_t index, const struct csv_row *row, char *err, size_t errlen)
{
	struct loader *ld = ctx;
	return index == 0 ? read_header(ld, row, err, errlen) : read_row(ld, row, err, errlen);
}

int userpoints_load(const char *path, struct userpoints *up, char *err, size_t errlen)
{
	memset(up, 0, sizeof *up);
	struct loader ld = { .path = path, .up = up, .nfields = 0 };
	for (size_t c = 0; c < NCOLS; c++)
		ld.col[c] = -1;
	if (csvin_read(path, on_row, &ld, err, errlen) != 0)
		goto fail;
	if (ld.nfields == 0) {
		fail_at(err, errlen, (struct file_place){ path, 1, 1 }, "empty file: want a header row "
			"name,version,flops,bytes,seconds and one row per timed region");
		goto fail;
	}
	if (up->n == 0) {
		fail_at(err, errlen, (struct file_place){ path, 2, 1 }, "no points after the header");
		goto fail;
	}
	up->path = xstrdup(path);
	return 0;
fail:
	userpoints_free(up);
	return -1;
}

int userpoints_place(const struct analysis *a, struct userpoints *up, char *err, size_t errlen)
{
	for (size_t i = 0; i < up->n; i++) {
		struct userpoint *u = &up->v[i];
		struct point *p = &u->p;
		memset(p, 0, sizeof *p);
		snprintf(p->kernel, sizeof p->kernel, "%s", u->name);
		snprintf(p->family, sizeof p->family, "%.23s", u->name);
		p->param = (long)i;
		p->threads = u->threads;
		p->ai = u->flops / u->bytes;
		p->gflops = u->flops / u->seconds / 1e9;
		p->best_gflops = p->spread_lo = p->spread_hi = p->gflops;
		if (u->level[0]) {
			struct roof_key key = roofkey_level(u->level_id, u->threads);
			const struct roof *r = model_roof(a, &key);
			if (!r) {
				char name[32];
				roofkey_format(&key, name, sizeof name);
				struct file_place at = { up->path ? up->path : "points", u->line, u->level_column };
				return fail_at(err, errlen, at, "level %s: the run has no %s bandwidth roof", u->level,
					       name);
			}
			snprintf(p->level, sizeof p->level, "%s", u->level);
		}
		diagnosis_place(a, p);
		u->above = p->above_roof;
	}
	return 0;
}

size_t userpoints_arrows(const struct userpoints *up, struct userpoints_arrow *out, size_t max)
{
	size_t n = 0;
	for (size_t i = 0; i < up->n; i++)
		for (size_t j = i + 1; j < up->n; j++)
			if (strcmp(up->v[i].name, up->v[j].name) == 0) {
				if (n < max)
					out[n] = (struct userpoints_arrow){ i, j };
				n += n < max;
				break;
			}
	return n;
}


void userpoints_free(struct userpoints *up)
{
	free(up->v);
	free(up->path);
	memset(up, 0, sizeof *up);
}
