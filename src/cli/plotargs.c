/* plotargs.c - see plotargs.h. */
#include "plotargs.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plot_cairo.h"
#include "util.h"

void plotargs_size(const char *arg, int *w, int *h)
{
	char tail;
	if (sscanf(arg, "%dx%d%c", w, h, &tail) != 2 || *w < 400 || *h < 300 || *w > 10000 || *h > 10000)
		die(EXIT_USAGE, "plot: --size '%s': want WIDTHxHEIGHT in pixels, e.g. 1600x1000 (400x300 to 10000x10000)",
		    arg);
}

/* --threads N of plot: one positive thread count. */
int plotargs_threads(const char *cmd, const char *arg)
{
	char *end;
	errno = 0;
	long v = strtol(arg, &end, 10);
	if (errno || end == arg || *end || v < 1 || v > 1 << 16)
		die(EXIT_USAGE, "%s: --threads '%s': want one thread count the run measured, e.g. 1", cmd, arg);
	return (int)v;
}

/*
 * --title TEXT: drawn as the figure's headline and written into SVG, so
 * it must be UTF-8 without control characters, and short enough to fit
 * the figure's width at a readable size (PLOT_TITLE_MAX characters).
 */
const char *plotargs_title(const char *t)
{
	size_t chars = 0;
	for (const unsigned char *p = (const unsigned char *)t; *p; chars++) {
		int len = *p < 0x80 ? 1 : (*p & 0xe0) == 0xc0 ? 2 : (*p & 0xf0) == 0xe0 ? 3 : (*p & 0xf8) == 0xf0 ? 4 : 0;
		if (*p < 0x20 || *p == 0x7f)
			die(EXIT_USAGE, "plot: --title: a control character (byte 0x%02x at %zu) is not allowed",
			    *p, (size_t)(p - (const unsigned char *)t) + 1);
		if (len == 0 || (len == 2 && *p < 0xc2))
			die(EXIT_USAGE, "plot: --title: not valid UTF-8 at byte %zu", (size_t)(p - (const unsigned char *)t) + 1);
		for (int i = 1; i < len; i++)
			if ((p[i] & 0xc0) != 0x80)
				die(EXIT_USAGE, "plot: --title: not valid UTF-8 at byte %zu",
				    (size_t)(p - (const unsigned char *)t) + 1);
		if (len == 2 && p[1] >= 0x80 && p[0] == 0xc2 && p[1] < 0xa0)
			die(EXIT_USAGE, "plot: --title: a control character (U+%04X) is not allowed", p[1]);
		p += len;
	}
	if (chars == 0 || chars > PLOT_TITLE_MAX)
		die(EXIT_USAGE, "plot: --title: want 1 to %d characters, got %zu", PLOT_TITLE_MAX, chars);
	return t;
}

/* report's --format: a comma list of md and html (report.md, report.html), at least one. */
void plotargs_report_formats(const char *list, int *md, int *html)
{
	char *copy = xstrdup(list), *save = NULL;
	*md = *html = 0;
	for (char *f = strtok_r(copy, ",", &save); f; f = strtok_r(NULL, ",", &save)) {
		if (strcmp(f, "md") == 0)
			*md = 1;
		else if (strcmp(f, "html") == 0)
			*html = 1;
		else
			*md = *html = -1;
		if (*md < 0)
			break;
	}
	free(copy);
	if (*md < 0 || (!*md && !*html))
		die(EXIT_USAGE, "report: --format '%s': want a comma list of md, html", list);
}
