/*
 * analysis_scaling.h - the all-core bandwidth roofs against one core's (analysis_scaling.c).
 */
#ifndef ROOFLINE_ANALYSIS_SCALING_H
#define ROOFLINE_ANALYSIS_SCALING_H

#include "analysis_jobs.h"

/*
 * All-core bandwidth roofs past N x one core's: a measurement error, left
 * out and said, but for a DRAM pattern job short of STREAM's rule (a cache
 * serves part of it), kept and said (analysis_scaling.c).
 */
void analysis_drop_overscaled(struct analysis *a, int base_threads);

#endif
