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
 *    its FMA+add mix (fma_add_*); with a mix, the FMA-only plateau is the
 *    ceiling `fma`;
 *    ceilings `scalar` (best over K of fma_scalar) and `one-chain` (K = 1 of
 *    the widest ISA);
 *  - kernels are placed by their median rate (what a user typically sees),
 *    the best rate being reported beside it.
 */
#ifndef ROOFLINE_ANALYSIS_H
#define ROOFLINE_ANALYSIS_H

#include <stddef.h>

#include "rundata.h"

#define ANALYSIS_MAX_ROOFS 64
#define ANALYSIS_MAX_THREAD_COUNTS 16
#define ANALYSIS_MAX_POINTS 192
#define ANALYSIS_MAX_SWEEP 128
#define ANALYSIS_MAX_ISAS 6
#define ANALYSIS_MAX_CHAINS 64
#define ANALYSIS_MAX_NOTES 32

/*
 * ROOF_BANDWIDTH: a plateau of the bandwidth sweep (L1, L2, L3, DRAM), drawn
 * as the figure's sloped lines. ROOF_PATTERN: one access pattern's bandwidth
 * at one level, named "<level>.<pattern>" (e.g. "L2.1r1w", "DRAM.2r1w-nt",
 * see kernel_pattern()), what a point with that pattern is judged against.
 * Both carry "@Nt" for N threads.
 */
enum roof_kind { ROOF_BANDWIDTH, ROOF_COMPUTE, ROOF_CEILING, ROOF_PATTERN };

/* One row of roofs.csv, plus the spread the report prints beside it. */
struct roof {
	char name[24];           /* L1, L2, L3, DRAM, peak, scalar, one-chain; "@Nt" for N threads */
	enum roof_kind kind;
	double value;            /* GB/s or GFLOP/s */
	double size_lo, size_hi; /* working-set range of a bandwidth plateau; 0 otherwise */
	int samples;             /* sizes in the plateau, or kept timings behind the value */
	double median;           /* median counterpart of value */
	double spread_lo, spread_hi; /* smallest and largest per-pass median */
	int threads;
};

/* The bandwidth sweep, one entry per array size. */
struct sweep_point {
	double param;            /* bytes per array */
	double working_set;      /* bytes */
	double best, median, spread_lo, spread_hi;   /* GB/s */
	int kept;
};

/* One ISA's FMA-chain curve. */
struct chain_curve {
	char kernel[24];         /* fma_avx512 ... */
	char isa[12];            /* avx512 ... */
	int lanes;
	int n;
	int chains[ANALYSIS_MAX_CHAINS];
	double best[ANALYSIS_MAX_CHAINS], median[ANALYSIS_MAX_CHAINS];   /* GFLOP/s */
	double plateau;          /* best over K */
	int best_chains;         /* the K whose best timing is the plateau */
	int plateau_chains;      /* the fewest K whose median is within 3% of the top median */
	double latency_cycles;   /* from the one-chain rate and the measured clock */
	double chains_to_saturate;
};

/* One row of points.csv, plus what the report says of it. */
struct point {
	char kernel[48];
	char family[24];
	long param;
	int threads;
	double working_set;      /* bytes the kernel's arrays span */
	char level[8];           /* the memory level it ran from (L1, L2, L3, DRAM) */
	double ai;               /* flop/byte, from the kernel's metadata */
	double gflops;           /* median over kept timings */
	double best_gflops, spread_lo, spread_hi;
	char roof[24];           /* the roof that caps it at its intensity and level */
	double roof_gflops;
	double fraction;         /* gflops / roof_gflops */
	char bound[8];           /* memory or compute */
	char diagnosis[320];     /* one sentence for the report */
};

/*
 * The compute peak of one thread count: what set it, and the theoretical
 * peak beside it: threads x clock x lanes x (2 x FMA pipes + add pipes), the
 * pipe counts inferred from the measured plateaus and clock (no table of
 * CPUs): FMA pipes = FMA-only plateau / (threads x clock x lanes x 2); the
 * mix runs one add per FMA, so when its FMAs keep that rate the adds ran on
 * pipes of their own, as many as the FMAs per cycle (at least: a 1:1 mix
 * cannot show more), else they shared the FMA pipes (0 add pipes).
 */
struct peak_info {
	int threads;
	char set_by[40];         /* "fma_add_avx512 P=12" or "fma_avx512 K=13" */
	int lanes;               /* doubles per register of the widest ISA */
	double fma, mix;         /* GFLOP/s: FMA-only plateau, best FMA+add mix (NaN: none) */
	double clock_ghz;        /* one thread: clock_ghz; N: clock_ghz@Nt (all cores loaded) */
	int fma_pipes, add_pipes;   /* per core, inferred; -1 when the clock is unknown */
	double flops_per_cycle;  /* per core: lanes x (2 x fma_pipes + add_pipes) */
	double theory;           /* GFLOP/s for these threads; NaN when unknown */
};

struct analysis {
	struct roof roofs[ANALYSIS_MAX_ROOFS];
	size_t nroofs;
	struct sweep_point sweep[ANALYSIS_MAX_SWEEP];
	size_t nsweep;
	struct chain_curve chains[ANALYSIS_MAX_ISAS];
	size_t nchains;
	struct point points[ANALYSIS_MAX_POINTS];
	size_t npoints;
	double peak;             /* GFLOP/s, NaN when the run has no peak group */
	struct peak_info peaks[ANALYSIS_MAX_THREAD_COUNTS];   /* one per thread count, ascending */
	size_t npeaks;
	double clock_ghz;        /* measured (env.csv clock_ghz), NaN if not */
	double ridge;            /* peak / DRAM bandwidth, flop/byte */
	char notes[ANALYSIS_MAX_NOTES][240];   /* disagreements and warnings */
	size_t nnotes;
};

/*
 * Derives all of the above from a loaded run. Returns 0, or -1 with one line
 * in err when the run holds nothing to fit.
 */
int analysis_build(const struct rundata *run, struct analysis *out, char *err, size_t errlen);

/*
 * Writes p->diagnosis from p's fields and the run's roofs and chain curves:
 * near its roof; under the scalar ceiling (not vectorised, or latency-bound
 * near a multiple of the one-chain scalar rate); near a multiple of the
 * widest one-chain rate (latency-bound with about N chains); or between the
 * ceilings. Used by analysis_build; public so tests can script it.
 */
void analysis_diagnose(const struct analysis *a, struct point *p);

/* The roof named `name`, or NULL. */
const struct roof *analysis_roof(const struct analysis *a, const char *name);

/*
 * The DRAM roof (or the lowest bandwidth roof when no plateau is named DRAM)
 * of the run's smallest thread count, or NULL.
 */
const struct roof *analysis_dram(const struct analysis *a);

/* The same for `threads` threads ("DRAM@2t"), or NULL: a ridge pairs roofs of one count. */
const struct roof *analysis_dram_of(const struct analysis *a, int threads);

/* The compute roof (peak, "peak@2t") measured by `threads` threads, or NULL. */
const struct roof *analysis_peak_of(const struct analysis *a, int threads);

/*
 * The compute roof a kernel can reach on `threads` threads: for a kernel
 * whose flops are all FMAs (kernel.h: flops_all_fma) the FMA-only ceiling
 * `fma` ("fma@2t") where the run measured one below the peak, else the peak
 * of that count; NULL when the count has no peak.
 */
const struct roof *analysis_compute_roof(const struct analysis *a, const char *kernel, int threads);

const char *roof_kind_name(enum roof_kind kind);

#endif
