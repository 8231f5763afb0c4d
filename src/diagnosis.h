/*
 * diagnosis.h - placing a point under the run's roofs and saying why it sits
 * where it does.
 *
 * STAND-IN, branch `user`: helper `model` is rewriting this module (the
 * per-pattern model); at merge its src/diagnosis.c/.h replace these files.
 * This one only routes to what src/analysis.c does today, so that users'
 * points (src/userpoints.c) are placed by the same rule as the kernels.
 */
#ifndef ROOFLINE_DIAGNOSIS_H
#define ROOFLINE_DIAGNOSIS_H

#include "analysis.h"

/*
 * Fills p->roof, roof_gflops, fraction, bound and diagnosis from p->ai,
 * gflops, level and threads: the bandwidth roof named p->level (with "@Nt"
 * for p->threads > 1; the DRAM roof when p->level is empty or unknown) or
 * the peak, whichever is lower at p->ai.
 */
void diagnosis_place(const struct analysis *a, struct point *p);

#endif
