/*
 * pointtext.h - a placed point's verdict in words. diagnosis_place() leaves
 * the verdict as data (struct point's reason, bound and fraction, and the
 * numbers in struct point_verdict); the writers (report.c's kernels table,
 * userpoints' markdown) make its sentence here, one place for both, so the
 * model never holds text and a sentence can cite only what the verdict holds.
 */
#ifndef ROOFLINE_POINTTEXT_H
#define ROOFLINE_POINTTEXT_H

#include <stddef.h>

#include "model.h"

/* A point's bound as points.csv and the reports name it: "memory", "compute" or "unknown". */
const char *point_bound_name(enum point_bound b);

/* The sentence for p's diagnosis column, in buf (always terminated). Returns buf. */
const char *pointtext_diagnosis(const struct point *p, char *buf, size_t size);

/*
 * A family's parameter in words, the one rule every table, title and
 * verdict uses: the registry's letter (struct kernel.param_letter, "D" for
 * Horner's degree), or "param" for a kernel without one; "D = 16" for one
 * member, "D = 1<to>128" for a span (to: "–", " … "). Returns buf.
 */
const char *pointtext_param_span(char letter, long lo, long hi, const char *to, char *buf,
				size_t size);

/*
 * A points table's parameter cell: "—" for a kernel without a parameter
 * (0), "D = 16" with the registry's letter, the bare number without one.
 * Returns buf.
 */
const char *pointtext_param(char letter, long param, char *buf, size_t size);

#endif
