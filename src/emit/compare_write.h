/*
 * compare_write.h - what compare_build() decided, written: compare.md,
 * compare.csv and --check's line.
 */
#ifndef ROOFLINE_COMPARE_WRITE_H
#define ROOFLINE_COMPARE_WRITE_H

#include <stddef.h>

#include "analysis.h"
#include "compare.h"
#include "rundata.h"

/*
 * The points that moved in a direction of mask, as one line for --check:
 * "2 points moved slower against their roofs: dot (DRAM) x0.85, ..." or
 * "no point moved slower against its roof". Returns how many moved.
 */
int compare_check_line(const struct compare *c, unsigned mask, char *buf, size_t size);

/*
 * Writes compare.md to path (atomically): both runs' headers (CPU, compiler,
 * version, flags, date), how the threshold was set, every roof and point with
 * A, B, B/A, its interval and the verdict, and, where both run directories
 * hold remarks/, each kernel file's vectorisation verdicts side by side.
 * Returns 0, or -1 with one line in err on a write error.
 */
int compare_write(const char *path, const struct rundata *ra, const struct analysis *aa,
		  const struct rundata *rb, const struct analysis *ab, const struct compare *c,
		  char *err, size_t errlen);

/*
 * Writes compare.csv to path (atomically): kind,name,param,level,a,b,ratio,
 * ratio_lo,ratio_hi,moved,fraction_a,fraction_b,rel,rel_lo,rel_hi,threads,
 * one row per roof and point present in both runs (../shared/CONTRACT.md:
 * the first ten as they were; a, b and ratio are the raw medians; then a
 * point's fractions of its roof and their relative move, empty for a roof
 * and a point not judged; then the row's thread count).
 * Returns 0, or -1 with one line in err.
 */
int compare_write_csv(const char *path, const struct compare *c, char *err, size_t errlen);

#endif
