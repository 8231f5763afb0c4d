/*
 * compare.h - two runs side by side, for "measure again after a compiler
 * upgrade and see what moved": compare.md, compare.csv and the rows the
 * compare figure (plot_compare.h) draws.
 *
 * What counts as a move. For every roof and every kernel point present in
 * both runs, the kept timings (warm-ups and failed jobs left out) behind it
 * are gathered from each run: for a point its kernel job (kernel, param,
 * threads, working set); for the peak, a ceiling or a pattern roof the job
 * that set it (struct roof's job_kernel, job_param); for a bandwidth plateau
 * the sweep's timings at the sizes inside the plateau, size by size (strata,
 * see ratio.h), on the sizes both runs have there. The ratio B/A of their
 * medians gets a 95 % bootstrap interval (ratio.h). A value has moved when
 *   1. its interval excludes 1 (not noise within the runs), and
 *   2. |ln ratio| exceeds the drift threshold: COMPARE_DRIFT_FACTOR times the
 *      COMPARE_DRIFT_QUANTILE quantile of the roofs' |ln ratio| (the machine's
 *      own drift between the runs: no compiler moves a hand-written roof), and
 *      at least COMPARE_MIN_MOVE. A roof is held to the threshold from the
 *      other roofs, so one roof that moved alone is still seen. The roofs'
 *      moves are the drift the points are held to: on a quiet machine roofs
 *      move by a percent or two, and a busy one should not make every point
 *      look moved; a quantile, so that a few noisy roofs do not blind it.
 */
#ifndef ROOFLINE_COMPARE_H
#define ROOFLINE_COMPARE_H

#include <stddef.h>

#include "analysis.h"
#include "rundata.h"

/* The smallest move worth reporting, as |ln ratio| (about 3 %). */
#define COMPARE_MIN_MOVE 0.03
/* A move must exceed the roofs' drift by half as much again. */
#define COMPARE_DRIFT_FACTOR 1.5
/* The roofs' drift: the |ln ratio| that 90 % of them stay within. */
#define COMPARE_DRIFT_QUANTILE 0.9

enum compare_move { COMPARE_SLOWER = -1, COMPARE_SAME = 0, COMPARE_FASTER = 1 };

/* One roof or point of either run. */
struct compare_row {
	int is_roof;
	char name[48];               /* roof name ("L2", "peak@2t") or kernel */
	const struct roof *ra, *rb;  /* roof rows: A's and B's (NULL where absent) */
	const struct point *pa, *pb; /* point rows: A's and B's (NULL where absent) */
	int tested;                  /* in both runs, with timings: a, b, ratio, lo, hi hold numbers */
	double a, b;                 /* medians of the timings compared (GB/s or GFLOP/s) */
	double ratio, lo, hi;        /* b / a and its 95 % interval; NaN when not tested */
	double threshold;            /* the |ln ratio| it had to exceed */
	enum compare_move moved;
};

struct compare {
	struct compare_row *rows;
	size_t nrows;
	double drift;                /* the roofs' drift (COMPARE_DRIFT_QUANTILE); NaN when none tested */
	char drift_roof[48];         /* the roof that moved most */
	double drift_ratio;          /* its B/A */
	double threshold;            /* the points' threshold, |ln ratio| */
	int compared, faster, slower;
};

/*
 * Pairs the roofs (by name) and points (kernel, param, threads, level) of
 * two loaded and analysed runs and decides each move as described above.
 * The rows point into aa and ab, which must outlive *out. Pure: no I/O.
 */
void compare_build(const struct rundata *ra, const struct analysis *aa, const struct rundata *rb,
		   const struct analysis *ab, struct compare *out);

void compare_free(struct compare *c);

/* "faster", "slower" or "" (compare.csv's moved column). */
const char *compare_move_name(enum compare_move m);

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
 * ratio_lo,ratio_hi,moved, one row per roof and point present in both runs
 * (../shared/CONTRACT.md). Returns 0, or -1 with one line in err.
 */
int compare_write_csv(const char *path, const struct compare *c, char *err, size_t errlen);

#endif
