/*
 * analysis.h - everything fit, plot, report and compare need, derived from one
 * run's raw timings (struct rundata) by analysis_build(). Pure: no I/O.
 *
 * Statistics (also printed in the report):
 *  - a rate per timing is flops/seconds (GFLOP/s) or bytes/seconds (GB/s);
 *  - per job: best = the largest rate over kept (non-warm-up) timings; median
 *    over kept timings; spread = the smallest and largest per-pass median;
 *  - bandwidth roofs: mean of the (up to) 3 best per-size best rates in the
 *    plateau (the article's DRAM rule, applied to every level);
 *  - peak: the best timing of the widest ISA, over its FMA chains (fma_*) and
 *    its FMA+add mixes at every ratio (fma_mix21_*, fma_add_*, fma_mix12_*);
 *    with a mix, the FMA-only plateau is the ceiling `fma`;
 *    ceilings `scalar` and each narrower ISA's (the best of that ISA's FMA
 *    chains and mixes) and `one-chain` (K = 1 of the widest ISA);
 *  - kernels are placed by their median rate (what a user typically sees),
 *    the best rate being reported beside it; a point's fraction of its roof
 *    compares medians with medians (src/diagnosis.h).
 */
#ifndef ROOFLINE_ANALYSIS_H
#define ROOFLINE_ANALYSIS_H

#include <stddef.h>

#include "kernel.h"
#include "model.h"
#include "rundata.h"

/*
 * Derives all of the above from a loaded run. Returns 0, or -1 with one line
 * in err when the run holds nothing to fit.
 */
int analysis_build(const struct rundata *run, struct analysis *out, char *err, size_t errlen);

/*
 * The roof whose key is `like`'s at `threads` threads (roofkey_at: L1@8t's
 * counterpart on one core is L1), or NULL: a roof's counterpart on another
 * thread count, found by its typed key.
 */
const struct roof *analysis_roof_at(const struct analysis *a, const struct roof *like, int threads);

/*
 * What an all-core roof r is scaled against at `threads` threads, the one
 * rule for the over-scaling check and the report's scaling column: its
 * counterpart (analysis_roof_at), or for a level roof set by another store
 * kind's job the one-core roof of that job's pattern; NULL when none.
 */
const struct roof *analysis_scaling_base(const struct analysis *a, const struct roof *r, int threads);

/*
 * The DRAM roof (or the lowest bandwidth roof when no plateau is named DRAM)
 * of the run's smallest thread count, or NULL.
 */
const struct roof *analysis_dram(const struct analysis *a);

/* The same for `threads` threads ("DRAM@2t"), or NULL: a ridge pairs roofs of one count. */
const struct roof *analysis_dram_of(const struct analysis *a, int threads);

/* The compute roof (peak, "peak@2t") measured by `threads` threads, or NULL. */
const struct roof *analysis_peak_of(const struct analysis *a, int threads);

const char *analysis_roof_kind_name(enum roof_kind kind);

/* "GB/s" for bandwidth and pattern roofs, "GFLOP/s" for the others. */
const char *roof_unit(const struct roof *r);

#endif
