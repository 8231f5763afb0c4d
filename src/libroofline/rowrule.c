/*
 * rowrule.c - the rule every row of a points file obeys, decided here once:
 * libroofline applies it before it writes a row (append.c), and the tool's
 * points reader (src/model/userpoints.c) to every row it reads, so the
 * library never writes a row that would make the reader refuse its file.
 * Pure: no I/O, no state. The level names are levels.c's, which the reader
 * parses with (this library links nothing of the tool's).
 */
#include "internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

static const char *const ROWRULE_LEVELS[] = { "L1", "L2", "L3", "DRAM" };

/* 1 when s is UTF-8 text: no overlong form, no surrogate, nothing past U+10FFFF. */
static int rowrule_utf8(const char *s)
{
	const unsigned char *u = (const unsigned char *)s;
	for (size_t i = 0; u[i];) {
		unsigned c = u[i];
		size_t len = c < 0x80 ? 1 : c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3
			   : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
		unsigned lo = c == 0xe0 ? 0xa0 : c == 0xf0 ? 0x90 : 0x80;
		unsigned hi = c == 0xed ? 0x9f : c == 0xf4 ? 0x8f : 0xbf;
		if (!len)
			return 0;
		for (size_t k = 1; k < len; k++)
			if (u[i + k] < (k == 1 ? lo : 0x80) || u[i + k] > (k == 1 ? hi : 0xbf))
				return 0;   /* also the terminating zero: a sequence cut short */
		i += len;
	}
	return 1;
}

const char *rl_shown(const char *s, char *out, size_t cap)
{
	size_t n = 0;
	int text = s && rowrule_utf8(s);   /* bytes of a string that is not UTF-8 shown as '?' too */
	for (; s && *s && n + 1 < cap; s++) {
		unsigned char c = (unsigned char)*s;
		out[n++] = c < 0x20 || c == 0x7f || (c >= 0x80 && !text) ? '?' : *s;
	}
	out[n] = '\0';
	return out;
}

static enum roofline_row_field rowrule_text(enum roofline_row_field field, const char *what,
					    const char *s, size_t max, char *why, size_t whylen)
{
	size_t n = s ? strlen(s) : 0;
	if (n < 1 || n > max) {
		snprintf(why, whylen, "%s: want 1 to %zu characters", what, max);
		return field;
	}
	if (!rowrule_utf8(s)) {
		snprintf(why, whylen, "%s: not UTF-8 text", what);
		return field;
	}
	return ROOFLINE_ROW_OK;
}

static int rowrule_place_ok(double v)
{
	return isfinite(v) && v >= 1 / ROOFLINE_PLACE_MAX && v <= ROOFLINE_PLACE_MAX;
}

enum roofline_row_field roofline_row_check(const struct roofline_row *row, char *why, size_t whylen)
{
	enum roofline_row_field bad;
	if ((bad = rowrule_text(ROOFLINE_ROW_NAME, "name", row->name, ROOFLINE_NAME_MAX, why, whylen)) ||
	    (bad = rowrule_text(ROOFLINE_ROW_VERSION, "version", row->version, ROOFLINE_VERSION_MAX, why,
				whylen)))
		return bad;
	const struct { const char *what; double v; enum roofline_row_field field; } figures[] = {
		{ "flops", row->flops, ROOFLINE_ROW_FLOPS },
		{ "bytes", row->bytes, ROOFLINE_ROW_BYTES },
		{ "seconds", row->seconds, ROOFLINE_ROW_SECONDS },
	};
	for (size_t i = 0; i < sizeof figures / sizeof figures[0]; i++) {
		if (!isfinite(figures[i].v)) {
			snprintf(why, whylen, "%s '%g': want a finite number", figures[i].what, figures[i].v);
			return figures[i].field;
		}
		if (!(figures[i].v > 0)) {
			snprintf(why, whylen, "%s '%g': want a number above zero", figures[i].what,
				 figures[i].v);
			return figures[i].field;
		}
	}
	/* Each figure fine alone, yet the point's place may overflow a figure's axes. */
	double gflops = row->flops / row->seconds / 1e9, ai = row->flops / row->bytes;
	if (!rowrule_place_ok(gflops) || !rowrule_place_ok(ai)) {
		snprintf(why, whylen, "%g GFLOP/s at %g flop/byte: want each from %g to %g", gflops, ai,
			 1 / ROOFLINE_PLACE_MAX, ROOFLINE_PLACE_MAX);
		return rowrule_place_ok(gflops) ? ROOFLINE_ROW_BYTES : ROOFLINE_ROW_SECONDS;
	}
	if (row->threads < 1 || row->threads > ROOFLINE_THREADS_MAX) {
		snprintf(why, whylen, "threads '%ld': want a whole number from 1 to %d", row->threads,
			 ROOFLINE_THREADS_MAX);
		return ROOFLINE_ROW_THREADS;
	}
	if (row->level && row->level[0]) {
		for (size_t i = 0; i < sizeof ROWRULE_LEVELS / sizeof ROWRULE_LEVELS[0]; i++)
			if (strcasecmp(row->level, ROWRULE_LEVELS[i]) == 0)
				return ROOFLINE_ROW_OK;
		char shown[24];
		snprintf(why, whylen, "level '%s': want L1, L2, L3 or DRAM",
			 rl_shown(row->level, shown, sizeof shown));
		return ROOFLINE_ROW_LEVEL;
	}
	return ROOFLINE_ROW_OK;
}
