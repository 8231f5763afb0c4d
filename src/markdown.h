/*
 * markdown.h - the Markdown pieces report.md, compare.md and the "Your code"
 * section share: a table cell's text, a rate with the digits a measurement
 * supports, a two-column row. Formatting only: what the documents say is
 * theirs (src/report.c, src/compare.c, src/userpoints.c).
 */
#ifndef ROOFLINE_MARKDOWN_H
#define ROOFLINE_MARKDOWN_H

#include <stddef.h>
#include <stdio.h>

#include "util.h"

/*
 * Writes s as the inside of a Markdown table cell: | escaped, line breaks
 * flattened (env.csv and points files are the user's text). NULL writes nothing.
 */
void md_cell_text(FILE *fp, const char *s);

/* " s |": one cell of a row being written, through md_cell_text. */
void md_cell(FILE *fp, const char *s);

/* One "| label | value |" row of a two-column table, the value formatted as printf would. */
void md_row(FILE *fp, const char *label, const char *fmt, ...) PRINTF_LIKE(3, 4);

/* A rate with the digits a measurement supports: 189.0, 3.41, 0.083; a dash when missing. Returns buf. */
const char *md_rate(double v, char *buf, size_t size);

/* A fraction as a whole percentage, "87 %"; a dash when missing. Returns buf. */
const char *md_percent(double fraction, char *buf, size_t size);

#endif
