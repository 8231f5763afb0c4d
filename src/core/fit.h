/*
 * fit.h - from rates to roofs. Pure: takes numbers, returns numbers, no I/O,
 * so tests/unit/test_fit.c checks it on synthetic curves with known answers.
 */
#ifndef ROOFLINE_FIT_H
#define ROOFLINE_FIT_H

#include <stddef.h>

/*
 * Five: L1, L2, L3 and DRAM, and room for one more, a slope between the last
 * cache and DRAM that the segmentation can keep as a plateau of its own
 * (docs/method.md gives the run where it did). With no room for it,
 * step 6 must merge the closest pair of real levels, which can be L3 and L2.
 * levels.c names three caches at most; what lies after them and before the
 * flat end is no level.
 */
#define FIT_MAX_PLATEAUS 5

/*
 * The min_step and tolerance fit and measure's pre-scan both use: neighbours
 * must differ by 15% to be two levels; a size within 10% of a level is on it.
 */
#define FIT_MIN_STEP 1.15
#define FIT_TOLERANCE 0.10

/* One point of the bandwidth sweep: a working-set size and its rates. */
struct fit_sweep_point {
	double working_set;   /* bytes, all arrays together */
	double best;          /* best rate over kept timings (GB/s) */
	double median;        /* median over kept timings */
};

/*
 * A plateau found in the sweep: a run of neighbouring sizes with one level.
 * Its sizes are those from first to last whose best rate lies within the
 * tolerance of the level; an outlier between first and last (or a size with
 * no valid best rate) stays inside the range but counts in none of the
 * figures below, so samples can be less than last - first + 1.
 */
struct fit_plateau {
	size_t first, last;   /* indices into the sweep, inclusive */
	double size_lo, size_hi;  /* working sets of first and last */
	double value;         /* the roof: mean of the (up to) 3 best per-size best rates */
	double median;        /* mean of the (up to) 3 best per-size medians: value's rule */
	double lo, hi;        /* smallest and largest per-size median in it (spread) */
	double best_lo, best_hi;  /* smallest and largest per-size best rate in it (its slope) */
	int samples;          /* sizes in the plateau (at least 2) */
};

/*
 * Finds up to FIT_MAX_PLATEAUS plateaus in a sweep sorted by working set.
 * Levels are found by splitting log(best) into flat segments (least squares,
 * dynamic programming), keeping a split only where neighbouring levels differ
 * by more than `min_step` (a ratio, e.g. 1.15); sizes in the transition
 * between two levels (further than `tolerance`, e.g. 0.10, from the level)
 * are left out of both. A level a full min_step below a later one is the
 * first part of that level when a faster level comes before it (merged: the
 * plateau keeps all its sizes), else the loop overhead of the smallest sizes
 * (not a plateau). Returns the number of plateaus
 * written to out[], smallest working set first: 0 when n < 2, when
 * min_step <= 1 or tolerance <= 0, or when no level holds 2 sizes. Points
 * whose best rate is not a positive number are ignored. Deterministic;
 * O(n^2) time. The steps are described at the top of fit.c.
 */
size_t fit_plateaus(const struct fit_sweep_point *sweep, size_t n, double min_step,
		    double tolerance, struct fit_plateau out[FIT_MAX_PLATEAUS]);

/* A level fit_plateaus dropped: sizes first..last (its core), their median rate. */
struct fit_dropped {
	size_t first, last;
	double size_lo, size_hi;
	double value;
};

/*
 * fit_plateaus, and what it left out: up to maxdropped levels dropped in
 * step 5 (slower than a later level with no faster one before them: the
 * loop overhead of the smallest sizes) are written to dropped->v (room for
 * dropped->max) and their number to dropped->n (dropped may be NULL). A
 * report says why a level is missing from this.
 */
struct fit_dropped_list {
	struct fit_dropped *v;
	size_t max, n;
	/*
	 * In: working sets where the machine reports a cache level ends
	 * (NULL: none); over FIT_MAX_PLATEAUS, two levels either side of one
	 * are kept apart and a short piece of a fall dropped instead (fit.c).
	 */
	const double *bounds;
	size_t nbounds;
};
size_t fit_plateaus_explained(const struct fit_sweep_point *sweep, size_t n, double min_step,
			      double tolerance, struct fit_plateau out[FIT_MAX_PLATEAUS],
			      struct fit_dropped_list *dropped);

/*
 * Names plateaus by order: the last one is "DRAM" when `last_is_dram` (the
 * sweep was taken far enough past the caches), the others L1, L2, L3 from the
 * smallest (so 2 plateaus with last_is_dram are L1 and DRAM). "?" for
 * index >= count. Writes at most `size` bytes, terminator included, into
 * name; nothing when size is 0.
 */
void fit_plateau_name(size_t index, size_t count, int last_is_dram, char *name, size_t size);

/* Ridge point: the intensity where bandwidth * ai = peak; NaN unless both are positive, finite. */
double fit_ridge(double peak, double bandwidth);

/*
 * Little's law for the FMA chains: from the one-chain rate, the plateau rate
 * and the clock (GHz), the FMA latency in cycles for an ISA of `lanes` doubles
 * (a chain does one FMA, 2*lanes flops, per latency: 2 * lanes * clock_ghz /
 * one_chain_gflops) and the chains needed to reach the plateau (plateau /
 * one-chain, to the nearest whole number, at least 1: latency x throughput
 * is whole, and measured rates scatter a few percent either side of it).
 * NaN where an input is not a positive finite number (lanes <= 0 too).
 */
double fit_fma_latency_cycles(double one_chain_gflops, int lanes, double clock_ghz);
double fit_chains_to_saturate(double one_chain_gflops, double plateau_gflops);

/*
 * Where a sweep of growing sizes settles on its last level (measure's
 * pre-scan asks, to know how far to sweep and how large the kernels' arrays
 * must be). From fit_plateaus (FIT_MIN_STEP, FIT_TOLERANCE): the last
 * plateau, which must follow at least one faster (cache) plateau and may be
 * followed by at most one size the fitter left out (one slow or fast moment
 * at the largest size does not make a level). A slope is one level: the
 * last plateau takes in the plateaus before it while each is at most
 * `slope` (e.g. 1.2) times faster than the one after it, keeping at least
 * one cache plateau before. Settled when the result spans at least `reach`
 * times its smallest working set. Returns the index of its first size, or
 * -1 when the sweep has not settled. Pure.
 */
long fit_settle(const struct fit_sweep_point *sweep, size_t n, double slope, double reach);

/*
 * Merges plateau out[at + 1] into out[at] (at + 1 < count): the merged one
 * spans both and keeps the faster one's value and median (a roof is a
 * level's best); its spreads and samples cover both; the plateaus after it
 * move down one. Returns count - 1. Pure.
 */
size_t fit_merge_plateaus(struct fit_plateau *pl, size_t count, size_t at);

#endif
