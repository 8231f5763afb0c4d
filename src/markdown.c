/* markdown.c - see markdown.h. */
#include "markdown.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>

const char *md_percent(double fraction, char *buf, size_t size)
{
	if (isfinite(fraction))
		snprintf(buf, size, "%.0f %%", fraction * 100);
	else
		snprintf(buf, size, "—");
	return buf;
}

const char *md_rate(double v, char *buf, size_t size)
{
	if (!isfinite(v))
		snprintf(buf, size, "—");
	else if (fabs(v) >= 10)
		snprintf(buf, size, "%.1f", v);
	else if (fabs(v) >= 1)
		snprintf(buf, size, "%.2f", v);
	else
		snprintf(buf, size, "%.3f", v);
	return buf;
}

void md_cell_text(FILE *fp, const char *s)
{
	for (; s && *s; s++) {
		if (*s == '|')
			fputs("\\|", fp);
		else if (*s == '\n' || *s == '\r')
			fputc(' ', fp);
		else
			fputc(*s, fp);
	}
}

void md_cell(FILE *fp, const char *s)
{
	fputs(" ", fp);
	md_cell_text(fp, s);
	fputs(" |", fp);
}

void md_row(FILE *fp, const char *label, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *s = xvasprintf(fmt, ap);
	va_end(ap);
	fprintf(fp, "| %s | ", label);
	md_cell_text(fp, s);
	fputs(" |\n", fp);
	free(s);
}
