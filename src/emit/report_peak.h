/*
 * report_peak.h - the report's "Measured and theoretical peak" section.
 */
#ifndef ROOFLINE_REPORT_PEAK_H
#define ROOFLINE_REPORT_PEAK_H

#include <stdio.h>

#include "analysis.h"

/* Writes the section: one row per thread count, the width table and, where they disagree, the pipes-and-issue line. */
void report_theory_section(FILE *fp, const struct analysis *a);

#endif
