/*
 * csvin.h - reading RFC 4180 CSV with libcsv, one row at a time, with the
 * line and column where each field starts so errors can say file:line:column.
 */
#ifndef ROOFLINE_CSVIN_H
#define ROOFLINE_CSVIN_H

#include <stddef.h>

struct csv_row {
	char **fields;
	size_t *line, *column;   /* where each field starts, 1-based */
	size_t n;
};

/*
 * Called for every row, the header included (row 0). Returns 0 to go on, or
 * -1 after writing one line into err (without the "roofline: " prefix).
 */
typedef int (*csv_row_fn)(void *ctx, size_t row_index, const struct csv_row *row, char *err,
			  size_t errlen);

/*
 * Reads PATH. Returns 0, or -1 with one line in err: "PATH:LINE:COL: what"
 * for malformed CSV or a NUL byte, or the callback's message. A leading UTF-8
 * byte order mark is skipped.
 */
int csvin_read(const char *path, csv_row_fn fn, void *ctx, char *err, size_t errlen);

/* csvin_read_flags: drop an unterminated last row with a warning (a streamed file cut off). */
#define CSVIN_DROP_CUT_ROW 1

/*
 * As csvin_read, with CSVIN_DROP_CUT_ROW for files written as a stream: a
 * last row without its line end is dropped, with a warning on stderr that
 * says which line and how many rows were kept.
 */
int csvin_read_flags(const char *path, int flags, csv_row_fn fn, void *ctx, char *err,
		     size_t errlen);

/* Index of header field `name` in row, or -1. */
int csvin_column(const struct csv_row *header, const char *name);

#endif
