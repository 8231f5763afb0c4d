/*
 * report_stops.h - the report header's rows on how the run's jobs stopped:
 * the budget (how wide the roofs' figures are, and what a larger budget
 * buys) and the jobs left out (stops.csv's "skipped" rows, named).
 */
#ifndef ROOFLINE_REPORT_STOPS_H
#define ROOFLINE_REPORT_STOPS_H

#include <stdio.h>

#include "model.h"
#include "rundata.h"

/*
 * The budget row: how wide the roofs' figures are (the median and the widest
 * of their 95 % intervals) and what a larger budget would buy. One function,
 * so that every state of how the run stopped is said in one place.
 */
void report_budget_row(FILE *fp, const struct rundata *run, const struct analysis *a);

/* The left-out row, where the run left jobs out (stops.csv's "skipped"); nothing otherwise. */
void report_left_out_row(FILE *fp, const struct rundata *run);

#endif
