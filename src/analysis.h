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
 *    the best rate being reported beside it; a point's fraction of its roof
 *    compares medians with medians (src/diagnosis.h).
 */
#ifndef ROOFLINE_ANALYSIS_H
#define ROOFLINE_ANALYSIS_H

#include <stddef.h>

#include "kernel.h"
#include "levels.h"
#include "rundata.h"

#define ANALYSIS_MAX_ROOFS 64
#define ANALYSIS_MAX_THREAD_COUNTS 16
#define ANALYSIS_MAX_POINTS 192
#define ANALYSIS_MAX_SWEEP 128
#define ANALYSIS_MAX_ISAS 6
#define ANALYSIS_MAX_CHAINS 64
#define ANALYSIS_MAX_NOTES 48

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
	/*
	 * Smallest and largest per-pass median of the job that sets it; for a
	 * plateau, those of its size with the widest pass-to-pass spread (the
	 * plateau's slope across its sizes is a note of its own, not noise).
	 */
	double spread_lo, spread_hi;
	int threads;
	/* Bandwidth and pattern roofs: the kernel that set the value and its stores ("allocate", "streaming"). */
	char kernel[32];
	char stores[12];
	/*
	 * The job whose kept timings set a roof taken from one job (peak,
	 * ceilings, patterns): its kernel and param, for compare to test; ""
	 * for a plateau, which spans the sweep's sizes in size_lo..size_hi.
	 */
	char job_kernel[48];
	long job_param;
	/* Bandwidth and pattern roofs: the memory level (src/levels.h); MEM_LEVELS for the others. */
	enum mem_level level;
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

/* A point's bound, typed (struct point.bound is its name in points.csv). */
enum point_bound { BOUND_MEMORY, BOUND_COMPUTE, BOUND_UNKNOWN };

/* Why a point sits where it does: the verdict as data (src/diagnosis.h). */
enum point_reason {
	REASON_NONE,              /* no roof to compare with */
	REASON_NEAR,              /* at 80 % of its roof or more */
	REASON_UNDER,             /* memory-bound, 60-80 % */
	REASON_FAR,               /* memory-bound, under 60 % */
	REASON_LATENCY,           /* compute-bound near a whole number of one-chain rates */
	REASON_MIX,               /* compute-bound, not a whole number of chains */
	REASON_ABOVE_COUNTS,      /* above its roof: the user's counts or level are wrong */
	REASON_ABOVE_LOW_ROOF,    /* a built-in kernel above its own pattern's roof: the roof is low */
	REASON_DRAM_NOT_REACHED,  /* at DRAM, but the sweep never reached DRAM: no memory roof */
};

/*
 * One row of points.csv, plus what the report says of it. The first block is
 * what diagnosis_place() reads (a caller with its own code's numbers fills it
 * without a registry entry); the second is what it fills.
 */
struct point {
	char kernel[48];
	char family[24];
	long param;
	char param_letter;       /* the parameter's letter ('D', 'K'), 0 when none (registry) */
	int threads;
	double working_set;      /* bytes the kernel's arrays span; 0 when unknown */
	char level[8];           /* the memory level it ran from (L1, L2, L3, DRAM); "" = from working_set */
	char pattern[16];        /* its streams, "2r1w" (kernel_pattern()); "" when unknown */
	enum isa isa;            /* hand-written vector code's ISA; ISA_NONE: compiled C */
	int vec_width;           /* compiled C: lanes the compiler's verdict gives, 1 scalar, 0 unknown */
	int fma_only;            /* its flops are all FMAs: judged by the FMA-only ceiling `fma` where the peak is a mix */
	double ai;               /* flop/byte, from the kernel's metadata: where it is placed */               /* flop/byte, from the kernel's metadata: where it is placed */
	/*
	 * flop/byte of the loop as written (struct kernel_shape.loop_bytes: GEMM
	 * i-j-k 1/8 against the ideal n/16 of ai); equal to ai for a stream.
	 */
	double ai_loop;
	/*
	 * A member of a kernel measured at several sizes (its shape gives each
	 * member its own working set: GEMM n = 64 and 1024): the figures join
	 * its members in size order as one trajectory.
	 */
	int trajectory;
	double gflops;           /* median over kept timings */
	double best_gflops, spread_lo, spread_hi;

	char mem_roof[24];       /* the memory roof used: "<LEVEL>.<pattern>" or the sweep's "<LEVEL>" */
	double mem_gflops;       /* its median x ai: NaN when the run has none */
	char ceiling[24];        /* the compute ceiling of its build: peak, avx2, scalar ... */
	double ceiling_gflops;   /* its median: NaN when the run has none */
	char roof[24];           /* the lower of the two: what caps it at its intensity */
	double roof_gflops;
	double fraction;         /* gflops / roof_gflops: median over median */
	char bound[8];           /* memory or compute */
	enum point_bound bound_id;   /* the same, typed */
	enum point_reason reason;    /* why, typed: the sentence in diagnosis is made from it */
	int above_roof;          /* fraction above 1 by more than noise: a counting problem, or a low roof */
	int builtin;             /* a kernel of this build's registry (not the user's own code) */
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
	/*
	 * Each thread count's memory levels and DRAM verdict (src/levels.h),
	 * ascending: the one rule for which level a working set runs from.
	 */
	struct level_map levels[ANALYSIS_MAX_THREAD_COUNTS];
	size_t nlevels;
	/* The sweep kernel that set the plateaus: env.csv's sweep_kernel, read back. */
	char sweep_kernel[48];
	/*
	 * Roofs whose per-pass medians spread wider than 10 %: how many, and the
	 * widest, said once for the run with what load.csv and the clock show.
	 */
	size_t nnoisy;
	struct roof noisiest;
	double noisiest_rel;
	char notes[ANALYSIS_MAX_NOTES][480];   /* disagreements and warnings */
	size_t nnotes;
};

/*
 * Derives all of the above from a loaded run. Returns 0, or -1 with one line
 * in err when the run holds nothing to fit.
 */
int analysis_build(const struct rundata *run, struct analysis *out, char *err, size_t errlen);

/* The level map of `threads` threads, or NULL when that count swept nothing. */
const struct level_map *analysis_levels_of(const struct analysis *a, int threads);

/* The roof named `name`, or NULL. */
const struct roof *analysis_roof(const struct analysis *a, const char *name);

/*
 * The roof of the same kind and name as `like` up to its "@" ("L1" for
 * "L1@8t") measured by `threads` threads, or NULL: a roof's counterpart on
 * another thread count.
 */
const struct roof *analysis_roof_at(const struct analysis *a, const struct roof *like, int threads);

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
 * A family's parameter in words, the one rule every table, title and
 * verdict uses: the registry's letter (struct kernel.param_letter, "D" for
 * Horner's degree), or "param" for a kernel without one; "D = 16" for one
 * member, "D = 1<to>128" for a span (to: "–", " … "). Returns buf.
 */
const char *analysis_param_span(char letter, long lo, long hi, const char *to, char *buf,
				size_t size);

/*
 * A points table's parameter cell: "—" for a kernel without a parameter
 * (0), "D = 16" with the registry's letter, the bare number without one.
 * Returns buf.
 */
const char *analysis_param_text(char letter, long param, char *buf, size_t size);

const char *analysis_roof_kind_name(enum roof_kind kind);

/* "GB/s" for bandwidth and pattern roofs, "GFLOP/s" for the others. */
const char *roof_unit(const struct roof *r);

#endif
