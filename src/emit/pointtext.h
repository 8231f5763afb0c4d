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

#endif
