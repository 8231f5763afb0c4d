/*
 * compare.h - two runs side by side, for "measure again after a compiler
 * upgrade and see what moved": the rows, decided here (pure: no I/O), that
 * compare_write.h writes as compare.md and compare.csv and the compare
 * figure (plot_compare.h) draws.
 *
 * A point is judged against its own roof. For every kernel point present in
 * both runs, its fraction of the roof the model judged it against
 * (point->roof: its pattern's bandwidth at its level and threads, or its
 * compute ceiling) is taken in each run: the same roof in both where both
 * runs have it (A's model's, else B's; so that a build's move of its ceiling,
 * vectorised by one compiler and not the other, stays the code's move), and
 * the relative move is
 *   rel = (B's rate / B's roof) / (A's rate / A's roof),
 * so a machine that is slower everywhere (a VM's host changed, a laptop on
 * battery), or another machine altogether, moves no point: only what the
 * code does with the machine it has. The fraction comes from the kept
 * timings (warm-ups and failed jobs left out) of the point's job and of the
 * roof's job (a plateau: the sweep's sizes inside it, the mean of the three
 * best of each trial, fit.c's rule), paired trial by trial where their
 * trials line up (ratio.h: struct ratio_fraction), with a 95 % interval
 * that holds both the trials' and the passes' noise (ratio_of_fractions). A
 * point has moved when judge_move() (judge.h) says so (rel's interval
 * excludes 1 and |ln rel| > JUDGE_PRACTICAL_MOVE) and its trials settle it
 * (compare_unsettled: otherwise it is named unsettled, not judged). A point
 * timed with another shape in each run (gemm_tiled's tile, chosen from each
 * run's pre-scan) is not judged either: the runs timed different code. A point whose roof
 * one run lacks is not judged: its raw ratio holds the machine's move. The
 * raw GFLOP/s ratio B/A of the medians, with its interval, stays beside it.
 *
 * The roofs are the machine's move. Each roof's raw ratio gets its interval
 * from the timings behind it (a plateau's sizes each a stratum, see
 * ratio.h); a roof is marked moved when it moved against the other roofs:
 * its interval excludes 1 and |ln ratio| exceeds COMPARE_DRIFT_FACTOR times
 * the COMPARE_DRIFT_QUANTILE quantile of the other roofs' |ln ratio|, at
 * least COMPARE_MIN_MOVE (one roof's own code, or one level of the machine,
 * changed). A roof differs between the runs (both drawn in the figure)
 * when judge_move() with JUDGE_PRACTICAL_MOVE says it moved: beyond a run
 * to run drift, as a host change or another machine moves it.
 *
 * The machines: from env.csv (CPU model, ISAs, cores, caches, measured
 * clock), whether A and B ran on the same kind of machine, and what differs
 * (the OS beside it); whether the runs differ in their build alone
 * (compare_machines.build_only), which makes a moved roof the tool's fault.
 */
#ifndef ROOFLINE_COMPARE_H
#define ROOFLINE_COMPARE_H

#include <stddef.h>

#include "analysis.h"
#include "judge.h"
#include "rundata.h"

/* The smallest move worth reporting, as |ln ratio| (about 3 %). */
#define COMPARE_MIN_MOVE JUDGE_MIN_MOVE
/* A move must exceed the roofs' drift by half as much again. */
#define COMPARE_DRIFT_FACTOR 1.5
/* The roofs' drift: the |ln ratio| that 90 % of them stay within. */
#define COMPARE_DRIFT_QUANTILE 0.9

enum compare_move { COMPARE_SLOWER = JUDGE_SLOWER, COMPARE_SAME = JUDGE_SAME, COMPARE_FASTER = JUDGE_FASTER };

/* compare --check's directions, a bit each. */
enum compare_check { COMPARE_CHECK_SLOWER = 1, COMPARE_CHECK_FASTER = 2 };

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
	/*
	 * moved: a point's move against its roof (rel below; none where
	 * rel_tested is 0, unsettled or shape_differs is set); a roof's move against the other
	 * roofs.
	 */
	enum compare_move moved;
	/* Points: the roof the model judged it against in each run (NULL: none). */
	const struct roof *model_a, *model_b;
	/*
	 * The roof its fractions are of: one roof in both runs where both have
	 * it (A's model's first, else B's), else each run's model's.
	 */
	const struct roof *roof_a, *roof_b;
	int rel_tested;              /* fraction_a .. rel_hi hold numbers */
	int paired;                  /* both runs' fractions from trial-paired timings */
	double fraction_a, fraction_b;   /* each run's fraction of its roof */
	double rel, rel_lo, rel_hi;  /* fraction_b / fraction_a and its 95 % interval */
	double spread_a[2], spread_b[2];  /* the quartiles of each run's per-trial fractions */
	double range_a[2], range_b[2];    /* their 10th and 90th percentiles */
	double fast_a, fast_b;       /* each run's fast fraction (ratio.h's a_fast, b_fast) */
	double fast_lo, fast_hi;     /* the 95 % interval of fast_b / fast_a */
	/*
	 * A move that each run's own trials span, or whose fast trials agree
	 * (compare_unsettled): not judged, and named as such, never counted
	 * as the same. fast_agree: the second reason holds.
	 */
	int unsettled, fast_agree;
	/*
	 * The block each run's plan gave the kernel (struct kernel_shape.tile,
	 * from the kernel's own shape function and the run's kernel_tile_bytes;
	 * 0: untiled, -1: unknown). Two known tiles that differ: the runs timed
	 * different code, and the point is not judged (shape_differs).
	 */
	int tile_a, tile_b;
	/*
	 * On one kind of machine, the point's working sets fall on different
	 * levels of a run's map (each run's plan placed it from its own
	 * pre-scan): another experiment, not judged (shape_differs set too).
	 */
	int level_differs;
	int shape_differs;
	int differs;                 /* roofs: moved beyond a run-to-run drift (judge_move, JUDGE_PRACTICAL_MOVE) */
};

/*
 * Whether a point row was judged against its roof (counted in
 * compare.points_compared): its relative move tested, the same shape timed
 * in both runs.
 */
int compare_point_judged(const struct compare_row *r);

/*
 * Whether a point's move is unsettled: each run's median fraction lies
 * inside the other run's 10th-90th percentile range of per-trial fractions
 * (widened by JUDGE_PRACTICAL_MOVE either way: a smaller miss is no move).
 * Most trials of one run then look like the other's, and what moved is how
 * many fell high or low: a kernel whose speed swings between states trial
 * by trial (a machine's condition the run does not control) moves its
 * median with their mix. A move of the code shifts all the trials and
 * leaves the test false. (Overlapping middle halves alone are not enough:
 * a run with a quarter of its trials in a slow state reaches down into the
 * other's, and a kernel 20 % slower in every trial passed for the same.)
 * Or: the two runs' fast fractions agree (compare_fast_agree), the move
 * being in the slow trials alone. Pure.
 */
int compare_unsettled(const struct compare_row *r);
/*
 * Whether the two runs' fast fractions agree: their ratio is no move by
 * judge_move (its interval holds 1, or it is within JUDGE_PRACTICAL_MOVE).
 * One reason to be unsettled.
 */
int compare_fast_agree(const struct compare_row *r);

/*
 * What can differ between two runs' machines (compare_machines.differs, a
 * bit each): env.csv's CPU model, ISAs, widest ISA and cores (the runs' own
 * strings), its cache sizes, and the measured clock (when the clocks do not
 * agree, see compare_machines()). compare_machines_text.h words them.
 */
enum compare_machine_attr {
	COMPARE_ATTR_CPU, COMPARE_ATTR_ISAS, COMPARE_ATTR_ISA, COMPARE_ATTR_CORES,
	COMPARE_ATTR_L1D, COMPARE_ATTR_L2, COMPARE_ATTR_L3, COMPARE_ATTR_CLOCK,
	COMPARE_NATTRS
};

/*
 * How the two runs' machines compare (compare_machines): which attributes
 * differ, the values being each run's env (a, b: into the runs compared,
 * which must outlive it). The sentences are emit's (compare_machines_text.h).
 */
struct compare_machines {
	const struct run_env *a, *b; /* each run's machine, compiler and flags */
	unsigned differs;            /* a bit (1u << enum compare_machine_attr) for each that differs */
	int differ;                  /* not the same kind of machine: differs != 0 */
	int os_differs;              /* env.csv's OS differs */
	/*
	 * The same kind of machine and OS, and the runs differ in their build
	 * alone (env.csv's cc, cc_version or kernel_cflags): a roof must not move
	 * then, and one that did is the tool's defect (a roof measured through
	 * compiled code), not the machine's. build_changed: the compiler, its
	 * version or the flags differ; flags_differ: the flags do.
	 */
	int build_only;
	int build_changed, flags_differ;
};

struct compare {
	struct compare_row *rows;
	size_t nrows;
	double drift;                /* the roofs' drift (COMPARE_DRIFT_QUANTILE); NaN when none tested */
	char drift_roof[48];         /* the roof that moved most */
	double drift_ratio;          /* its B/A */
	double threshold;            /* the roofs' threshold against the others, |ln ratio| */
	int compared, faster, slower;   /* every row: roofs and points */
	int points_compared, points_faster, points_slower;   /* points judged against their roofs */
	int points_unjudged;         /* in both runs, but with no roof in one: not judged */
	int points_unsettled;        /* judged moved on their medians, but their trials span the move */
	int points_reshaped;         /* timed with another shape (tile) in each run: not judged */
	struct compare_machines machines;
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
 * Whether runs a and b ran on the same kind of machine: the same CPU model,
 * ISAs, cores and caches, and measured clocks that agree (each run's clock
 * inside the other's range of clock samples, clock_ghz_min..max; within
 * 10 % where a run does not give the range). Fills *out, which points into
 * a and b. Pure.
 */
void compare_machines(const struct rundata *a, const struct rundata *b, struct compare_machines *out);

/*
 * Parses --check's LIST: a comma list of "slower" and "faster" (NULL or "":
 * slower) into *mask (enum compare_check bits). Returns 0, or -1 with one
 * line in err naming the word it does not know.
 */
int compare_check_parse(const char *list, unsigned *mask, char *err, size_t errlen);

#endif
