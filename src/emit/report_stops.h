/*
 * report_stops.h - the report header's rows on how the run's jobs stopped:
 * the budget (how many figures it left wider than asked, from env.csv's
 * counts) and the jobs left out (stops.csv's "skipped" rows, named).
 */
#ifndef ROOFLINE_REPORT_STOPS_H
#define ROOFLINE_REPORT_STOPS_H

#include <stdio.h>

#include "rundata.h"

/* Writes the budget row and, where the run left jobs out, the left-out row. */
void report_stops_rows(FILE *fp, const struct rundata *run);

#endif
