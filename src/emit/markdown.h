/*
 * markdown.h - the Markdown pieces report.md, compare.md and the "Your code"
 * section share: a table cell's text, a rate with the digits a measurement
 * supports, a two-column row. Formatting only: what the documents say is
 * theirs (src/emit/report.c, src/model/compare.c, src/model/userpoints.c).
 */
#ifndef ROOFLINE_MARKDOWN_H
#define ROOFLINE_MARKDOWN_H

#include <stddef.h>
#include <stdio.h>

#include "util.h"

/*
 * The one escaper for text written into report.md and compare.md, which
 * blog pipelines may render with raw HTML allowed: a name from a run or a
 * points file must stay text there. Both forms write nothing for NULL and
 * keep the line a line: line breaks and other control characters become
 * spaces, | is escaped (a table cell), & < > become entities (no tag, no
 * entity reaches the page).
 *
 * md_text, for a name (a kernel, a roof, an env key or value, a file): also
 * escapes what Markdown would read as markup: \ ` * _ [ ] and a leading #
 * (a name printed as written, never a code span, link or heading).
 */
void md_text(FILE *fp, const char *s);

/*
 * md_cell_text, for a sentence the tool composed (a note, a diagnosis): keeps
 * its code spans and emphasis, yet neutralises HTML, line breaks and pipes
 * in it (the names a sentence quotes cannot close a table or open a tag).
 */
void md_cell_text(FILE *fp, const char *s);

/* " s |": one cell of a row being written, through md_text. */
void md_cell(FILE *fp, const char *s);

/*
 * s as a Markdown code span (a path, compiler flags): delimited by one more
 * backtick than its longest run of backticks, padded with spaces when it
 * starts or ends with one, line breaks as spaces and | escaped (a table).
 */
void md_code(FILE *fp, const char *s);

/*
 * A fence line (```, or longer) for a fenced block showing text verbatim:
 * longer than any run of backticks in text, so no line of it closes the
 * block. The same call opens and closes it.
 */
void md_fence(FILE *fp, const char *text);

/* One "| label | `value` |" row, the value through md_code. */
void md_code_row(FILE *fp, const char *label, const char *s);

/* One "| label | value |" row of a two-column table, the value formatted as printf would. */
void md_row(FILE *fp, const char *label, const char *fmt, ...) PRINTF_LIKE(3, 4);

/* A rate with the digits a measurement supports: 189.0, 3.41, 0.083; a dash when missing. Returns buf. */
const char *md_rate(double v, char *buf, size_t size);

/* A fraction as a whole percentage, "87 %"; a dash when missing. Returns buf. */
const char *md_percent(double fraction, char *buf, size_t size);

#endif
