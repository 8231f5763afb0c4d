/*
 * fitout.h - writes what `roofline fit` derives into the run directory:
 * roofs.csv and points.csv (the contract's), sweep.csv and chains.csv (the
 * curves the gnuplot scripts draw), each atomically.
 */
#ifndef ROOFLINE_FITOUT_H
#define ROOFLINE_FITOUT_H

#include <stdio.h>

#include "analysis.h"
#include "rundata.h"

/* Returns 0, or -1 with one line in err. */
int fitout_write(const char *dir, const struct analysis *a, char *err, size_t errlen);

/* A short human summary: roofs with spread, ridge, chains, notes. */
void fitout_print_summary(FILE *fp, const struct rundata *run, const struct analysis *a);

#endif
