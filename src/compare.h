/*
 * compare.h - compare.md: two runs side by side, for "measure again after a
 * compiler upgrade and see what moved".
 */
#ifndef ROOFLINE_COMPARE_H
#define ROOFLINE_COMPARE_H

#include <stddef.h>

#include "analysis.h"
#include "rundata.h"

/*
 * Writes compare.md to path (atomically): both runs' headers (CPU, compiler,
 * version, flags, date), then every roof and every kernel point present in
 * either run with A, B and B/A. A move is flagged when the two runs' spreads
 * (smallest..largest per-pass median) do not overlap, so noise a run already
 * showed is not called a change. Where both run directories hold remarks/,
 * the vectorisation verdicts of each kernel file are compared too.
 * Returns 0, or -1 with one line in err on a write error.
 */
int compare_write(const char *path, const struct rundata *ra, const struct analysis *aa,
		  const struct rundata *rb, const struct analysis *ab, char *err, size_t errlen);

#endif
