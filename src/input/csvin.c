/* csvin.c - see csvin.h. libcsv does the RFC 4180 parsing; we track positions. */
#include "csvin.h"

#include <csv.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

struct reader {
	csv_row_fn fn;
	void *ctx;
	struct csv_row row;
	size_t cap;
	size_t line, column;             /* of the byte being fed */
	size_t field_line, field_column; /* where the current field began */
	size_t rows;
	int failed;
	char *err;
	size_t errlen;
	int last_byte;
	const char *path;
};

/* The position after the byte being fed: where the next field begins. */
static void advance_field_start(struct reader *r)
{
	if (r->last_byte == '\n') {
		r->field_line = r->line + 1;
		r->field_column = 1;
	} else {
		r->field_line = r->line;
		r->field_column = r->column + 1;
	}
}

static void on_field(void *s, size_t len, void *data)
{
	struct reader *r = data;
	if (r->failed)
		return;
	if (r->row.n == r->cap) {
		r->cap = r->cap ? r->cap * 2 : 16;
		r->row.fields = xrealloc(r->row.fields, r->cap * sizeof *r->row.fields);
		r->row.line = xrealloc(r->row.line, r->cap * sizeof *r->row.line);
		r->row.column = xrealloc(r->row.column, r->cap * sizeof *r->row.column);
	}
	/* Names are drawn and written as text: a byte that is not UTF-8 is refused where it is. */
	size_t bad;
	if (!util_utf8_valid(s, len, &bad)) {
		snprintf(r->err, r->errlen, "%s:%zu:%zu: the field here holds byte 0x%02x (its byte %zu), "
			 "which is not UTF-8: names must be UTF-8 text", r->path, r->field_line,
			 r->field_column, ((unsigned char *)s)[bad], bad + 1);
		r->failed = 1;
		return;
	}
	char *copy = xmalloc(len + 1);
	if (len)
		memcpy(copy, s, len);
	copy[len] = '\0';
	r->row.fields[r->row.n] = copy;
	r->row.line[r->row.n] = r->field_line;
	r->row.column[r->row.n] = r->field_column;
	r->row.n++;
	advance_field_start(r);
}

static void clear_row(struct reader *r)
{
	for (size_t i = 0; i < r->row.n; i++)
		free(r->row.fields[i]);
	r->row.n = 0;
}

static void on_row(int c, void *data)
{
	struct reader *r = data;
	(void)c;
	if (!r->failed && r->fn(r->ctx, r->rows, &r->row, r->err, r->errlen) != 0)
		r->failed = 1;
	r->rows++;
	clear_row(r);
	advance_field_start(r);
}

/*
 * One byte at a time: libcsv reports no positions, and feeding single bytes
 * lets us know exactly where each field began. Run files are a few megabytes
 * at most, so the cost is milliseconds. Returns 0, or -1 with r->err set.
 */
static int feed_bytes(struct csv_parser *p, struct reader *r, const char *text, size_t n)
{
	for (size_t pos = 0; !r->failed && pos < n; pos++) {
		char byte = text[pos];
		if (r->last_byte == '\n') {
			r->line++;
			r->column = 0;
		}
		r->column++;
		r->last_byte = (unsigned char)byte;
		if (byte == '\0') {
			/* A field would end at the NUL and the rest of it vanish unseen. */
			snprintf(r->err, r->errlen, "%s:%zu:%zu: a NUL byte (a damaged file?)", r->path,
				 r->line, r->column);
			return -1;
		}
		if (csv_parse(p, &byte, 1, on_field, on_row, r) != 1) {
			snprintf(r->err, r->errlen, "%s:%zu:%zu: malformed CSV: %s", r->path, r->line,
				 r->column, csv_strerror(csv_error(p)));
			return -1;
		}
	}
	return 0;
}

/*
 * Where a file that does not end in a line end is cut: *len becomes the end
 * of its last whole line, and the cut row's line number is returned (0 when
 * the file ends in a line end).
 */
static size_t cut_row(const char *text, size_t pos, size_t *len)
{
	size_t feed = *len, line = 1;

	if (feed <= pos || text[feed - 1] == '\n')
		return 0;
	while (feed > pos && text[feed - 1] != '\n')
		feed--;
	for (size_t i = pos; i < feed; i++)
		line += text[i] == '\n';
	*len = feed;
	return line;
}

static int read_csv(const char *path, int flags, csv_row_fn fn, void *ctx, char *err, size_t errlen)
{
	char *text;
	size_t len;
	if (read_file_capped(path, &text, &len, err, errlen) != 0)
		return -1;
	struct csv_parser p;
	if (csv_init(&p, CSV_STRICT | CSV_STRICT_FINI) != 0) {
		free(text);
		snprintf(err, errlen, "cannot start the CSV parser");
		return -1;
	}
	struct reader r = { .fn = fn, .ctx = ctx, .path = path, .line = 1, .column = 0, .field_line = 1,
			    .field_column = 1, .err = err, .errlen = errlen };
	int rc = 0;
	size_t pos = 0, feed = len;
	/* A spreadsheet's UTF-8 byte order mark is not part of the first column's name. */
	if (len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0)
		pos = 3;
	/*
	 * A file written as a stream (timings.csv) and cut off by a full disk or
	 * a kill ends without its last line end: that row is incomplete (a
	 * number cut short still parses), so it is dropped, not trusted.
	 */
	/*
	 * Line ends of CR alone (a classic Mac file) are no line ends to libcsv:
	 * the file would read as one row, or one cut row. Refused, saying so.
	 */
	if (len > pos && !memchr(text + pos, '\n', len - pos) && memchr(text + pos, '\r', len - pos)) {
		snprintf(err, errlen, "%s:1:1: lines end in CR alone (a classic Mac file): save it "
			 "with LF or CRLF line ends", path);
		free(text);
		csv_free(&p);
		return -1;
	}
	size_t cut_line = (flags & CSVIN_DROP_CUT_ROW) ? cut_row(text, pos, &feed) : 0;
	rc = feed_bytes(&p, &r, text + pos, feed - pos);
	if (rc == 0 && !r.failed && csv_fini(&p, on_field, on_row, &r) != 0) {
		snprintf(err, errlen, "%s:%zu:%zu: malformed CSV: %s", path, r.line, r.column,
			 csv_strerror(csv_error(&p)));
		rc = -1;
	}
	if (r.failed)
		rc = -1;
	/* Nothing whole before the cut (not even the header): the caller says the file is empty. */
	if (rc == 0 && cut_line && r.rows)
		util_warn("%s:%zu: the last row has no line end (a run cut off?): dropped, the %zu rows "
		      "before it are used", path, cut_line, r.rows ? r.rows - 1 : 0);
	clear_row(&r);
	free(r.row.fields);
	free(r.row.line);
	free(r.row.column);
	csv_free(&p);
	free(text);
	return rc;
}

int csvin_read(const char *path, csv_row_fn fn, void *ctx, char *err, size_t errlen)
{
	return read_csv(path, 0, fn, ctx, err, errlen);
}

int csvin_read_flags(const char *path, int flags, csv_row_fn fn, void *ctx, char *err,
		     size_t errlen)
{
	return read_csv(path, flags, fn, ctx, err, errlen);
}

int csvin_column(const struct csv_row *header, const char *name)
{
	for (size_t i = 0; i < header->n; i++)
		if (strcmp(header->fields[i], name) == 0)
			return (int)i;
	return -1;
}
