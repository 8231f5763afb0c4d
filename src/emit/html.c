/* html.c - the one HTML escaping function (see html.h). */
#include "html.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define REPLACEMENT "\xef\xbf\xbd"   /* U+FFFD */

/*
 * The length of the well-formed UTF-8 sequence at p (2 to 4), or 0 when the
 * bytes there are not one (RFC 3629's table: no overlong forms, no
 * surrogates, nothing past U+10FFFF).
 */
static size_t utf8_seq(const unsigned char *p)
{
	unsigned c = p[0];
	size_t n;
	unsigned lo = 0x80, hi = 0xbf;   /* the second byte's range */
	if (c >= 0xc2 && c <= 0xdf)
		n = 2;
	else if (c >= 0xe0 && c <= 0xef) {
		n = 3;
		lo = c == 0xe0 ? 0xa0 : 0x80;
		hi = c == 0xed ? 0x9f : 0xbf;
	} else if (c >= 0xf0 && c <= 0xf4) {
		n = 4;
		lo = c == 0xf0 ? 0x90 : 0x80;
		hi = c == 0xf4 ? 0x8f : 0xbf;
	} else
		return 0;
	if (p[1] < lo || p[1] > hi)
		return 0;
	for (size_t i = 2; i < n; i++)
		if (p[i] < 0x80 || p[i] > 0xbf)   /* a NUL ends the check here: it is no continuation */
			return 0;
	return n;
}

void html_escape(struct buf *b, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	if (!s)
		return;
	while (*p) {
		unsigned c = *p;
		size_t n;
		/* The longest run that needs nothing, copied at once. */
		for (n = 0; p[n] >= 0x20 && p[n] < 0x7f && !strchr("&<>\"'", p[n]); n++)
			;
		if (n) {
			buf_add(b, (const char *)p, n);
			p += n;
			continue;
		}
		switch (c) {
		case '&': buf_puts(b, "&amp;"); break;
		case '<': buf_puts(b, "&lt;"); break;
		case '>': buf_puts(b, "&gt;"); break;
		case '"': buf_puts(b, "&quot;"); break;
		case '\'': buf_puts(b, "&#39;"); break;
		case '\t': buf_puts(b, "\t"); break;
		case '\n': buf_puts(b, "\n"); break;
		default:
			if (c >= 0x80 && (n = utf8_seq(p)) > 0) {
				/* C1 controls (U+0080..U+009F) are controls like the others. */
				if (c == 0xc2 && p[1] < 0xa0)
					buf_puts(b, REPLACEMENT);
				else
					buf_add(b, (const char *)p, n);
				p += n;
				continue;
			}
			buf_puts(b, REPLACEMENT);   /* a control character, DEL, or a stray byte */
		}
		p++;
	}
}

void html_escapef(struct buf *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *s = xvasprintf(fmt, ap);
	va_end(ap);
	html_escape(b, s);
	free(s);
}
