/* markdown.c - see markdown.h. */
#include "markdown.h"

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

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
	return format_rate_measured(v, buf, size);
}

enum md_mode { MD_NAME, MD_SENTENCE, MD_CODE };

/*
 * An _ between two letters or digits: no emphasis in CommonMark, so
 * fma_avx512 stays readable in the raw file; any other _ could flank one.
 */
static int inside_word(const char *s, const char *c)
{
	return c > s && isalnum((unsigned char)c[-1]) && isalnum((unsigned char)c[1]);
}

/* The one rule (see markdown.h); MD_CODE: inside a code span, where only | and line breaks matter. */
static void md_escape(FILE *fp, const char *s, enum md_mode mode)
{
	for (const char *c = s; c && *c; c++) {
		unsigned char ch = (unsigned char)*c;
		if (ch < 0x20 || ch == 0x7f)
			fputc(' ', fp);
		else if (ch == '|')
			fputs("\\|", fp);
		else if (mode == MD_CODE)
			fputc(ch, fp);
		else if (ch == '&')
			fputs("&amp;", fp);
		else if (ch == '<')
			fputs("&lt;", fp);
		else if (ch == '>')
			fputs("&gt;", fp);
		else if (mode == MD_NAME && (strchr("\\`*[]", ch) || (ch == '#' && c == s) ||
					     (ch == '_' && !inside_word(s, c))))
			fprintf(fp, "\\%c", ch);
		else
			fputc(ch, fp);
	}
}

void md_text(FILE *fp, const char *s)
{
	md_escape(fp, s, MD_NAME);
}

void md_cell_text(FILE *fp, const char *s)
{
	md_escape(fp, s, MD_SENTENCE);
}

void md_cell(FILE *fp, const char *s)
{
	fputs(" ", fp);
	md_text(fp, s);
	fputs(" |", fp);
}

/* The longest run of backticks in s: a code span or fence must be longer to hold it. */
static size_t longest_backticks(const char *s)
{
	size_t longest = 0, run = 0;
	for (; s && *s; s++) {
		run = *s == '`' ? run + 1 : 0;
		if (run > longest)
			longest = run;
	}
	return longest;
}

void md_fence(FILE *fp, const char *text)
{
	size_t n = longest_backticks(text) + 1;
	for (size_t i = 0; i < (n > 3 ? n : 3); i++)
		fputc('`', fp);
	fputc('\n', fp);
}

void md_code(FILE *fp, const char *s)
{
	size_t longest = longest_backticks(s), n = s ? strlen(s) : 0;
	int pad = n && (s[0] == '`' || s[n - 1] == '`');
	for (size_t i = 0; i <= longest; i++)
		fputc('`', fp);
	if (pad)
		fputc(' ', fp);
	md_escape(fp, s, MD_CODE);
	if (pad)
		fputc(' ', fp);
	for (size_t i = 0; i <= longest; i++)
		fputc('`', fp);
}

void md_row(FILE *fp, const char *label, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *s = xvasprintf(fmt, ap);
	va_end(ap);
	fputs("| ", fp);
	md_text(fp, label);
	fputs(" | ", fp);
	md_cell_text(fp, s);
	fputs(" |\n", fp);
	free(s);
}

void md_code_row(FILE *fp, const char *label, const char *s)
{
	fputs("| ", fp);
	md_text(fp, label);
	fputs(" | ", fp);
	md_code(fp, s);
	fputs(" |\n", fp);
}
