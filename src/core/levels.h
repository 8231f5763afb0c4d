/*
 * levels.h - the one model of a run's memory levels: which working set runs
 * from which level, and whether the sweep found DRAM. Pure: takes numbers,
 * returns typed verdicts; the sentences are made when fit and report write
 * them (src/emit/note_text.h).
 *
 * DRAM is found, never assumed. The DRAM level is the flat end of the sweep
 * curve: the run of its largest sizes whose best rates stay within the noise
 * of the rate at the largest size (the widest spread of the two largest
 * sizes' kept timings, best to median, at least LEVELS_FLAT and at most
 * LEVELS_NOISE_MAX; never back into the first three fitted plateaus that do
 * not hold the end, the caches), and of those only the sizes
 * whose arrays obey STREAM's rule: the one measure recorded (levels_rule.h),
 * read back. A run from before the record is judged by the reported cache's
 * rule, unless the curve shows that cache is not there by the test
 * measure's rule uses (levels_cache_absent: seen past it, its flat end
 * begins at half of it or less, as on a VM reporting the host's 508 MiB
 * L3) or none is reported: then the flat end alone is used, and the
 * verdict says which rule it used. Two such sizes at least; else DRAM was
 * not reached, and the verdict
 * keeps the rate at the largest size.
 */
#ifndef ROOFLINE_LEVELS_H
#define ROOFLINE_LEVELS_H

#include <stddef.h>

#include "fit.h"

/*
 * A size within this of the rate at the sweep's largest size is on the flat
 * end (fit's tolerance) however quiet the run; a noisier run widens it to the
 * spread of the largest sizes' kept timings (best to median, the wider of
 * the two largest sizes'): the end's best is one number drawn from that
 * spread, so sizes inside it cannot be told from it, and a curve still
 * falling falls out of it.
 */
#define LEVELS_FLAT FIT_TOLERANCE
/*
 * The widest the noise may make it: a size a third faster than the end
 * (1 / (1 - 0.25)) is a level of its own on every machine this was tried on
 * (an all-core L3 runs 2-3x DRAM), so a spread wider than this says the run
 * cannot tell levels apart, and the flat end must not take in a cache.
 */
#define LEVELS_NOISE_MAX 0.25
/* STREAM's rule: each array at least this many times the last-level cache. */
#define LEVELS_STREAM_FACTOR 4.0

/* A cache line, bytes: a team's arrays are split between its threads in whole lines. */
#define LEVELS_LINE_BYTES 64.0
/* The flat end needs at least this many sizes: one size cannot show that a curve stopped falling. */
#define LEVELS_MIN_FLAT 2

enum mem_level { MEM_L1, MEM_L2, MEM_L3, MEM_DRAM, MEM_LEVELS };

/* The cache levels a curve's plateaus are named by (L1, L2, L3); more plateaus are merged. */
enum { LEVELS_CACHE_LEVELS = MEM_DRAM };

/* "L1", "L2", "L3", "DRAM": the names roofs and points carry. */
const char *levels_name(enum mem_level id);

/* The level named `name` ("L2", "DRAM", case as written), or MEM_LEVELS for none. */
enum mem_level levels_parse(const char *name);

/* One sweep size as the model reads it. */
struct levels_size {
	double array_bytes;   /* bytes per array (timings.csv's param in the bandwidth group) */
	double working_set;   /* bytes, all arrays */
	double best, median;  /* GB/s over kept timings */
	double spread_lo, spread_hi;   /* smallest and largest per-pass median */
};

enum dram_state { DRAM_FOUND, DRAM_NOT_REACHED };

enum dram_reason {
	DRAM_BY_STREAM_RULE,    /* found: flat end, arrays >= 4x the reported last-level cache */
	DRAM_BY_FLAT_END,       /* found: flat end; the reported cache is implausible or absent */
	DRAM_BY_CURVE_RULE,     /* found: flat end, arrays >= 4x the cache the run's curve showed (measure's rule) */
	DRAM_SHORT_OF_RULE,     /* not reached: no flat size's arrays obey STREAM's rule */
	DRAM_STILL_FALLING,     /* not reached: fewer than LEVELS_MIN_FLAT sizes at the curve's end rate */
	DRAM_NO_CACHE_LEVEL,    /* not reached: no faster level before the end, nothing to leave */
	DRAM_NOT_SETTLED,       /* not reached: the run says its pre-scan never settled */
	DRAM_CAP_SHORT_OF_RULE, /* not reached: STREAM's rule asks arrays past the sweep's cap (memory cannot hold it) */
	DRAM_NO_SWEEP,          /* no sizes at all */
};

struct dram_verdict {
	enum dram_state state;
	enum dram_reason reason;
	/* Found: the sizes that set DRAM (indices into the sweep, inclusive) and the roof. */
	size_t first, last;
	int samples;
	double value, median;          /* mean of the (up to) 3 best per-size bests / medians */
	double size_lo, size_hi;       /* working sets of first and last */
	/* Always: the curve's end. */
	double end_rate, end_working_set, end_array_bytes;
	size_t flat_first;             /* first size of the flat end (== n - 1 when it is one size) */
	double end_noise;              /* the two largest sizes' kept timings, widest (best - median) / best; 0 unknown */
	double flat_tol;               /* the flat end's tolerance: LEVELS_FLAT widened by end_noise */
	double flat_from;              /* its working set */
	double rule_bytes;             /* STREAM's rule per array; 0 where the flat end alone was used */
	double reported_llc;           /* as the machine reports it; NaN when not */
	int llc_implausible;           /* 1: the rule is not the reported cache's (levels_cache_absent, or none reported) */
	size_t caches_before;          /* plateaus that end before the flat end begins */
	int cap_binds;                 /* the run says a quarter of memory capped its sweep (env.csv) */
	int rule_recorded;             /* 1: the rule is the one measure recorded (struct levels_rule) */
	double rule_cache_bytes;       /* the cache the rule was taken from (reported, or the curve's) */
	int threads;                   /* the team whose arrays are judged (each thread's part whole cache lines) */
	/* Not reached: the last plateau the fitter saw (0 when none), for the report's line. */
	double last_plateau_value, last_plateau_lo, last_plateau_hi;
};

/* One thread count's sweep (sorted by working set) and the plateaus fit_plateaus found in it. */
struct levels_curve {
	const struct levels_size *sweep;
	size_t n;
	const struct fit_plateau *pl;
	size_t count;
	int threads;   /* the team that ran it; 0 or 1: one core */
};

/*
 * The DRAM verdict of curve c. `reported_llc` is the machine's
 * last-level cache (NaN or 0: unknown) and `reported_caches` how many cache
 * levels it reports (L1d, L2, L3: 3); `settled` is env.csv's sweep_settled
 * (0: the run says it never settled; 1 or -1 otherwise). Pure.
 */
void levels_find_dram(const struct levels_curve *c, double reported_llc, size_t reported_caches, int settled,
		      struct dram_verdict *out);

/*
 * STREAM's rule as measure decided and recorded it (env.csv
 * stream_rule_source, stream_rule_bytes, stream_rule_cache_bytes): read back,
 * never re-derived, where the run has it.
 */
enum levels_rule_source { RULE_REPORTED, RULE_CURVE, RULE_NONE };
struct levels_rule {
	enum levels_rule_source source;
	double bytes;          /* per array */
	double cache_bytes;    /* the cache it is 4x of */
};

/*
 * Whether arrays of `array_bytes` each obey STREAM's rule of `rule_bytes`
 * (0: there is none, nothing obeys) for a team of `threads`: the one test
 * of it, the plan's and the fit's (docs/plan.md R8). A team's array is its
 * threads' parts, each whole cache lines, so it may fall a line a thread
 * short of the rule and still obey it.
 */
int levels_obeys_rule(double rule_bytes, int threads, double array_bytes);

/* levels_obeys_rule with verdict v's rule and team. */
int levels_arrays_obey_rule(const struct dram_verdict *v, double array_bytes);

/* levels_find_dram with the recorded rule (NULL: derived, as for a run from before it). */
void levels_find_dram_ruled(const struct levels_curve *c, double reported_llc, size_t reported_caches, int settled,
			    const struct levels_rule *rule, struct dram_verdict *out);

/*
 * Which of the plateaus are caches, given the verdict: those before the
 * flat end when DRAM was found; when it was not, those that do not hold the
 * sweep's largest size (that one is the unproven end); the first three
 * either way (L1, L2, L3). Sets is_cache[i] for each of the `count`.
 */
void levels_caches(const struct fit_plateau *pl, size_t count, size_t nsizes,
		   const struct dram_verdict *v, int is_cache[FIT_MAX_PLATEAUS]);

/*
 * A level's slow tail is that level, not the next: among the first
 * `ncache` plateaus (the caches), one that ends within the reported size
 * of the level before it (reported[0..2]: L1d, L2, L3 bytes; 0 unknown or
 * not to be used) is merged into it (fit_merge_plateaus; docs/plan.md R5:
 * else the tail is named the next level and that level goes unnamed). Only
 * where the machine reports the size: the measured plateaus still say where a
 * level ends, the report only which level a plateau is. A team's (threads
 * > 1) L1 or L2, told as each core's times the threads, takes a tail only
 * where its own plateau reaches an eighth of that: a shared L2 ends at one
 * core's size. Only while the caches outnumber the levels the machine
 * reports (nreported, an L4 or a memory-side cache counted): a plateau
 * inside a host's L3 reported too large is then the next level, not a
 * tail. Returns the new count; *ncache is lowered by the merges.
 */
size_t levels_merge_tails(struct fit_plateau *pl, size_t count, size_t *ncache,
			  const double reported[LEVELS_CACHE_LEVELS], int threads, size_t nreported);

/*
 * The sizes levels_merge_tails compares a team's plateaus with: each level
 * times the instances the team uses (cache_team_copies: shared[l] the cores
 * one instance serves, 0 or shared NULL unknown: each core's L1d and L2
 * times the threads, private caches, a team's working set the sum of its
 * threads' parts; the L3 as it is, shared), or 0 where the reported L3 is
 * implausible (l3_implausible).
 */
void levels_reported_for(const double reported[LEVELS_CACHE_LEVELS], const double *shared, int threads,
			 int l3_implausible, double out[LEVELS_CACHE_LEVELS]);

/*
 * levels_merge_tails on the caches of a fit (levels_caches' test) of the
 * verdict's team (v->threads): `told` the reported sizes as this team uses them
 * (levels_reported_for, the L3 kept), the L3 left out where the verdict
 * finds it implausible; nreported the levels the machine reports (an L4
 * counted): no more cache plateaus than these have no tail.
 */
size_t levels_merge_caches(struct fit_plateau *pl, size_t count, size_t nsizes, const struct dram_verdict *v,
			   const double told[LEVELS_CACHE_LEVELS], size_t nreported);

/* One level of a thread count's map: a working-set span and whether the run has its roof. */
struct level_span {
	enum mem_level id;
	double lo, hi;        /* working sets; DRAM's hi is infinite */
	int has_roof;         /* 0: DRAM not reached, the span is where it would begin */
};

#define LEVELS_MAX (FIT_MAX_PLATEAUS + 1)

struct level_map {
	int threads;
	struct level_span span[LEVELS_MAX];
	size_t n;
	struct dram_verdict dram;
	/* The curve's plateaus as the map has them (a level's slow tail merged into it), and which are caches. */
	struct fit_plateau pl[FIT_MAX_PLATEAUS];
	size_t count;
	int is_cache[FIT_MAX_PLATEAUS];
	/*
	 * The cores one instance of L1, L2, L3 serves as the map read them: the
	 * reported sharing, unless the curve overruled it (cache_share_judge);
	 * 0: unknown (L1 and L2 private, the L3 shared).
	 */
	double shared[LEVELS_CACHE_LEVELS];
	/*
	 * What cache_share_judge decided from: the reported sharing (cores an
	 * instance serves, 0 unknown), 1 where the curve overruled it, and the
	 * level's own plateau's last working set it judged by (0: none).
	 */
	double reported_shared[LEVELS_CACHE_LEVELS];
	int share_overruled[LEVELS_CACHE_LEVELS];
	double share_hi[LEVELS_CACHE_LEVELS];
};

/*
 * The map of one thread count: the caches' plateau spans, then DRAM from
 * where it begins: its flat end (or the fitted plateau holding it, when
 * that begins earlier) when found, else the first size past the last cache
 * that runs slower than that cache by more than LEVELS_FLAT.
 */
void levels_build_map(const struct levels_curve *c, const struct dram_verdict *v, int threads,
		      struct level_map *out);

/* What one thread count's level map is made from (levels_map_curve). */
struct levels_input {
	const struct levels_size *sweep;   /* the curve, sorted by working set */
	size_t n;
	double reported[LEVELS_CACHE_LEVELS];  /* L1d, L2 (each core's) and L3 bytes as reported; 0: unknown */
	double shared[LEVELS_CACHE_LEVELS];    /* the cores one instance of each serves (cache_share_cores); 0: unknown */
	double reported_beyond;            /* a cache reported past the L3 (an L4, a memory-side cache); 0: none */
	int threads;                       /* the team that ran the curve (0, 1: one core) */
	int settled;                       /* 0: the run says the curve never settled; 1 or -1 otherwise */
	/*
	 * STREAM's rule as measure decided it (levels_stream_rule, recorded in
	 * env.csv); NULL for a run from before it was recorded, whose rule is
	 * inferred from its curve (levels.h's head: the reported cache unless
	 * implausible).
	 */
	const struct levels_rule *rule;
	/* 1: the run says its cap kept the sweep short of the rule (env.csv sweep_cap_binds; docs/plan.md R8). */
	int cap_binds;
	/* Out, NULL or room for the levels the plateau fit dropped (fit_plateaus_explained); bounds are set here. */
	struct fit_dropped_list *dropped;
};

/*
 * THE level map of a bandwidth curve, the one the plan and the fit both
 * use (docs/plan.md R5-R9): the curve's plateaus (fit_plateaus_explained,
 * told where the reported caches end for `threads`), its DRAM verdict by
 * STREAM's rule (levels_find_dram_ruled), a level's slow tail merged into
 * it (levels_merge_caches), which plateaus are caches (levels_caches), and
 * the spans (levels_build_map). Pure.
 */
void levels_map_curve(const struct levels_input *in, struct level_map *out);

/*
 * The one rule for the level a working set runs from: the span holding it,
 * else (a transition) the nearest span on a log axis. NULL for an empty map
 * or a working set that is not a positive number.
 */
const struct level_span *levels_of(const struct level_map *m, double working_set);

/*
 * The plan's rule for the level a working set runs from (docs/plan.md R6),
 * over plateau ranges lo[i]..hi[i], smallest first: the first that holds
 * it; in a fall between two, the one before the fall (the faster level:
 * part of the data still streams from it, so only its roof bounds the job;
 * the slower one's may sit under it); before the first, the first. The
 * plan records it in plan.csv, and the fit judges a job there (R6). -1 for
 * n = 0 or a working set that is not a positive number.
 */
long levels_filed_range(const double *lo, const double *hi, size_t n, double working_set);

/* A working set in a fall: the two levels whose plateaus it lies between, the faster first. */
struct levels_fall {
	const struct level_span *faster, *slower;
};

/*
 * Whether working_set lies between two spans of map m: past one's end and
 * before the next one's start, in none (*out: those two). A working set
 * before the first span or inside one is between none (0). The fit keeps
 * a job's planned level there where it is either of the two (R6).
 */
int levels_between(const struct level_map *m, double working_set, struct levels_fall *out);

/*
 * Whether working_set lies in a fall of map m: between two spans
 * (levels_between), with no plateau of the curve begun between the faster
 * one's end and it (a plateau the map names no level, a slow tail or a
 * fourth cache, is not a fall: the curve stopped falling there).
 */
int levels_in_fall(const struct level_map *m, double working_set, struct levels_fall *out);

#endif
