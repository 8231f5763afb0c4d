/*
 * fortran.c - the C side of the Fortran module (roofline.f90): Fortran passes
 * a string with its length and no terminating NUL, so these copy it into one,
 * trailing blanks dropped (a Fortran character variable is blank-padded).
 * Not declared in roofline.h: only the module calls them.
 */
#include "internal.h"

#include <stdio.h>
#include <string.h>

#define FORTRAN_NAME 256

ROOFLINE_EXPORT void roofline_region_begin_f(const char *name, int len);
ROOFLINE_EXPORT void roofline_region_end_f(const char *name, int len, double flops, double bytes);
ROOFLINE_EXPORT void roofline_set_version_f(const char *version, int len);

/* name[0..len) without its trailing blanks into buf; buf, or NULL (said) when too long. */
static const char *fortran_string(const char *name, int len, char *buf, size_t cap)
{
	while (len > 0 && name[len - 1] == ' ')
		len--;
	if (len < 0 || (size_t)len >= cap) {
		fprintf(stderr, "roofline: a name from Fortran longer than %zu characters\n", cap - 1);
		return NULL;
	}
	memcpy(buf, name, (size_t)len);
	buf[len] = '\0';
	return buf;
}

void roofline_region_begin_f(const char *name, int len)
{
	char buf[FORTRAN_NAME];
	const char *s = fortran_string(name, len, buf, sizeof buf);
	if (s)
		roofline_region_begin(s);
}

void roofline_region_end_f(const char *name, int len, double flops, double bytes)
{
	char buf[FORTRAN_NAME];
	const char *s = fortran_string(name, len, buf, sizeof buf);
	if (s)
		roofline_region_end(s, flops, bytes);
}

void roofline_set_version_f(const char *version, int len)
{
	char buf[FORTRAN_NAME];
	const char *s = fortran_string(version, len, buf, sizeof buf);
	if (s)
		roofline_set_version(s);
}
