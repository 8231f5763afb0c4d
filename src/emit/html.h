/*
 * html.h - text into HTML: the one escaping function every name and string
 * of report.html goes through (element content and quoted attribute values
 * alike), and a formatted form of it.
 *
 * & < > " ' become character references; tab and line feed stay; every
 * other control character (C0, DEL, C1) and every byte that is not part of
 * well-formed UTF-8 (overlong forms, surrogates, past U+10FFFF, cut short)
 * becomes U+FFFD; other UTF-8 passes unchanged. The result is safe inside
 * an element and inside an attribute value quoted with " or ', never
 * anywhere else (not in a tag name, an unquoted value, a script or a style).
 */
#ifndef ROOFLINE_HTML_H
#define ROOFLINE_HTML_H

#include "util.h"

/* s, escaped, appended to b (s NULL: nothing). */
void html_escape(struct buf *b, const char *s);

/* printf's text, escaped as html_escape does (the numbers and the names alike). */
void html_escapef(struct buf *b, const char *fmt, ...) PRINTF_LIKE(2, 3);

#endif
