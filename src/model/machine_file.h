/*
 * machine_file.h - a described machine (docs/machine-file.md): its cores,
 * its true cache levels and what it reports of them, each level's bandwidth
 * per access pattern and thread count, its FP units per ISA width, its clock,
 * timer, memory and pages, and its noise. `measure --simulate` runs the plan
 * against one (src/measure/sim.c); `describe` writes one from a measured run
 * (describe.h). Parsing, writing and the model's rates are here, pure: the
 * same numbers whichever side asks.
 */
#ifndef ROOFLINE_MACHINE_FILE_H
#define ROOFLINE_MACHINE_FILE_H

#include <stdint.h>
#include <stdio.h>

#include "kernel.h"

#define MACHINE_MAX_LEVELS 5       /* up to 4 caches, then DRAM */
#define MACHINE_MAX_PATTERNS 12
#define MACHINE_MAX_CURVE 8        /* threads:rate pairs of one curve */
#define MACHINE_MAX_EFFICIENCY 32
#define MACHINE_REPORTED 4         /* L1d, L2, L3, L4: what a machine reports (hwloc; L4: an L4 or a memory-side cache) */
#define MACHINE_MAX_WS_CURVES 4    /* thread counts with a curve by working set */
#define MACHINE_MAX_WS_POINTS 96   /* working set:rate points of one such curve */

/* A rate by thread count: linear between the given counts, flat past the last. */
struct machine_curve {
	int n;
	int threads[MACHINE_MAX_CURVE];
	double rate[MACHINE_MAX_CURVE];
};

/*
 * One level's bandwidth for one access pattern (a `bw LEVEL PATTERN` line:
 * "2r1w", "2r1w-nt"), or, with `other` set (PATTERN "*"), for every pattern
 * the level has no line of its own for.
 */
struct machine_bw {
	struct access_pattern pattern; /* typed as the file is read; unused where `other` */
	int other;                     /* 1: "*", every other pattern */
	struct machine_curve gbs;
};

/*
 * A measured curve by working set at one thread count (`curve T = WS:GBS
 * ...`): GB/s of all threads together at each working set (all threads'
 * arrays), log-log between the points, flat past the ends. Where a machine
 * has one, it gives every access pattern's rate instead of the levels' bw
 * lines (a recorded pre-scan replayed: tests/machines/).
 */
struct machine_ws_curve {
	int threads, n;
	double ws[MACHINE_MAX_WS_POINTS], gbs[MACHINE_MAX_WS_POINTS];
};

struct machine_level {
	char name[8];              /* "L1" ... "L4", "DRAM" */
	double bytes;              /* a cache's size (each core's where per core); 0 for DRAM */
	int shared;                /* 1: one for all cores; 0: one per core */
	struct machine_bw bw[MACHINE_MAX_PATTERNS];
	int nbw;
};

/*
 * One ISA width's FP units, in instructions a cycle a core: FMAs, adds (0:
 * the adds issue on the FMA pipes), the FP operations issued together at
 * most (an issue limit below fma + add), and the latencies in cycles. Any
 * chain or mix job's rate follows (machine_peak_rate).
 */
struct machine_fp {
	int present;
	double fma, add, issue, fma_latency, add_latency;
};

struct machine_efficiency {
	char kernel[48];           /* a placed kernel's name, as the file writes it; "*": every other */
	double value;              /* its share of what the model allows it, 0..1 */
	const struct kernel *k;    /* that kernel's registry entry, resolved as the file is read; NULL: "*" */
};

/* What a machine reports of a cache level's sharing (`reported LN = SIZE per-core|shared`). */
enum machine_sharing { MACHINE_SHARING_UNKNOWN, MACHINE_SHARING_PER_CORE, MACHINE_SHARING_SHARED };

struct machine_desc {
	char name[96];
	int cores, smt;
	double clock_ghz, clock_allcore_ghz;
	double timer_resolution_s;
	double memory_bytes;
	int huge_pages;            /* 1: the arrays get huge pages */
	double first_touch_s_per_gib;
	unsigned isas;             /* 1 << enum isa, ISA_NONE always */
	struct machine_level levels[MACHINE_MAX_LEVELS];
	int nlevels;               /* the last is DRAM */
	double reported[MACHINE_REPORTED];   /* bytes reported (L3, L4: all cores'); 0: none reported */
	/* Whether the machine says a reported level is one per core or one for all (hwloc's sharing). */
	enum machine_sharing reported_shared[MACHINE_REPORTED];
	struct machine_ws_curve curves[MACHINE_MAX_WS_CURVES];   /* by thread count, growing; none: the levels' rates */
	int ncurves;
	struct machine_fp fp[ISA_COUNT];
	struct machine_efficiency eff[MACHINE_MAX_EFFICIENCY];
	int neff;
	/* Noise: a timing's relative spread; slow spells (a share of the time at a lower rate). */
	double spread, slow_fraction, slow_rate, slow_spell_s;
	uint64_t hash;             /* FNV-1a of the file's bytes (env.csv machine_hash) */
};

/*
 * Reads a machine file. Returns 0, or -1 with one line in err ("FILE:LINE:
 * what is wrong"): an unknown key, a bad number, no DRAM level (nor a
 * curve by working set), a width without its FP units, levels not growing.
 */
int machine_file_load(const char *path, struct machine_desc *d, char *err, size_t errlen);

/* Parses a machine file's text (name: what err names it by). */
int machine_file_parse(const char *text, const char *name, struct machine_desc *d, char *err, size_t errlen);

/* Writes d in the file format (a comment line first, then every key). */
void machine_file_write(FILE *fp, const struct machine_desc *d, const char *comment);

/* A level's bandwidth (GB/s) for pattern at `threads` threads: its own curve, else "*"'s; NaN: none. */
double machine_level_gbs(const struct machine_level *l, struct access_pattern pattern, int threads);

/* A level's "*" line's bandwidth (GB/s), every pattern it names no line for, at `threads`; NaN: none. */
double machine_level_other_gbs(const struct machine_level *l, int threads);

/*
 * The rate (GB/s) of pattern at working set `ws` bytes (all threads'
 * arrays) on `threads` threads: each cache level's rate up to 3/4 of its
 * capacity at that count (size x threads where per core), then a blend in
 * time per byte towards the next level's, whole at twice the capacity.
 * A machine with curves by working set takes its rate from the curve of
 * `threads` (of the largest count below it; below the first, the first's
 * scaled by threads), every pattern alike.
 */
double machine_gbs_at(const struct machine_desc *d, struct access_pattern pattern, double ws, int threads);

/* The level index that serves most of working set ws at `threads` threads. */
int machine_level_of(const struct machine_desc *d, double ws, int threads);

/*
 * GFLOP/s of one core running `fma` FMA and `add` add instructions an
 * iteration of ISA width `isa`, in dependent chains of fma_steps and
 * add_steps instructions an iteration (kernel_peak_steps): the slowest of
 * the pipes, the issue limit and the chains' latency. NaN: no such width.
 */
double machine_peak_rate(const struct machine_desc *d, enum isa isa, double fma, double add, double fma_steps,
			 double add_steps);

/* The best GFLOP/s any mix of FMAs and adds reaches at width `isa` on one core (fma_only: FMAs alone). */
double machine_peak_best(const struct machine_desc *d, enum isa isa, int fma_only);

/* A placed kernel's efficiency (its own line's, by registry entry, else "*"'s, else 1). */
double machine_efficiency(const struct machine_desc *d, const struct kernel *k);

/* 1 when the machine runs ISA `isa`. */
int machine_has_isa(const struct machine_desc *d, enum isa isa);

/* The widest ISA it has. */
enum isa machine_widest_isa(const struct machine_desc *d);

#endif
