/*
 * report_summary.h - report.md's first screen: what matters, in at most
 * REPORT_SUMMARY_LINES lines before the details (report.c): the machine in
 * one line, how well the run knows its roofs, the roofs of one core and of
 * all cores with the scaling, the ridge, the kernels by family (bound,
 * level, best and worst fraction of their roof), and at most three notes
 * that change what a reader does.
 */
#ifndef ROOFLINE_REPORT_SUMMARY_H
#define ROOFLINE_REPORT_SUMMARY_H

#include <stdio.h>

#include "model.h"
#include "rundata.h"
#include "symptoms.h"

/* The first screen's most lines, its title included; the details follow. */
#define REPORT_SUMMARY_LINES 40
/* The kernels table's most families; the rest are named in one line. */
#define REPORT_SUMMARY_FAMILIES 12
/* The most notes the first screen carries. */
#define REPORT_SUMMARY_NOTES 3

/* Writes the first screen, from its title to the line before the details' heading. */
void report_summary(FILE *fp, const struct rundata *run, const struct analysis *a,
		    const struct symptoms *sy);

#endif
