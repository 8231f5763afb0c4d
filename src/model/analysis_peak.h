/*
 * analysis_peak.h - the compute side of analysis_build (analysis_peak.c): the chain
 * curves, the peak and its ceilings, and the theoretical peak.
 */
#ifndef ROOFLINE_ANALYSIS_PEAK_H
#define ROOFLINE_ANALYSIS_PEAK_H

#include "analysis_jobs.h"

/* One thread count's chain curves, peak and ceilings (analysis_peak.c). */
void analysis_fit_peak(struct analysis *a, struct jobs *js, int threads, int keep);

/* Each thread count's theoretical peak (struct peak_info), pipes inferred from the measured plateaus. */
void analysis_theoretical_peaks(struct analysis *a, const struct rundata *run);

#endif
