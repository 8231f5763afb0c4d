/*
 * describe.h - a measured run as a described machine (machine_file.h), so
 * anyone can replay the plan on it (`roofline describe RUN_DIR`, then
 * `measure --simulate`): the caches it reports, the levels the fit found
 * (each cache's size from where its plateau ends, per core or shared by
 * whether it grows with the threads), every pattern roof per thread count,
 * the FP units from the chain curves and the mix, the clock, the timer, the
 * spread of its roofs and each placed kernel's share of its roof.
 */
#ifndef ROOFLINE_DESCRIBE_H
#define ROOFLINE_DESCRIBE_H

#include <stddef.h>

#include "analysis.h"
#include "machine_file.h"
#include "rundata.h"

/* Fills d from the run and its analysis. Returns 0, or -1 with one line in err (no level, no peak). */
int describe_machine(const struct rundata *run, const struct analysis *a, struct machine_desc *d, char *err,
		     size_t errlen);

#endif
