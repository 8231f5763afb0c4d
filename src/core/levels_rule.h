/*
 * levels_rule.h - STREAM's rule, the one statement of it (docs/plan.md R9):
 * each DRAM array at least 4x the last-level cache, the one the machine
 * reports unless the curve shows it is not there. Measure decides it from
 * its pre-scan's curve and records it (env.csv stream_rule_*); the fit
 * reads it back, and for a run from before the record infers it with the
 * same test (levels_cache_absent). Pure.
 */
#ifndef ROOFLINE_LEVELS_RULE_H
#define ROOFLINE_LEVELS_RULE_H

#include <stddef.h>

#include "levels.h"

/*
 * A reported cache this many times where the curve left its last cache (or
 * more) is not in the curve: a cache of twice the working set that already
 * streams at DRAM's rate would hold half of it, and the rate shows no such
 * thing.
 */
#define LEVELS_NOT_SHOWN 2.0

/* A curve as the rule reads it: n sizes' working sets (bytes) and best rates (GB/s), smallest first. */
struct levels_scan {
	const double *ws, *gbs;
	size_t n;
};

/*
 * Halfway from a cache's rate to the next level's: their harmonic mean,
 * the rate where half the bytes come from the next level (NaN unless both > 0).
 */
double levels_halfway_rate(double cache, double next);

/* How a crossing of the curve's fall is read (levels_cache_left_ws). */
enum levels_reading {
	LEVELS_FIRST_CROSSING,  /* the geometric mean of the rates, no shoulders: where a fall starts to leave its cache */
	LEVELS_LEFT_CACHE,      /* the geometric mean, past every shoulder: whether the reported cache is the one (R9's tests) */
	LEVELS_CACHE_END,       /* the harmonic mean (levels_halfway_rate), past every shoulder: the rule's cache */
};

/*
 * The working set where the curve left its last cache, the level that
 * begins at index `first` being the one after it: where its rate crosses
 * halfway from the last cache plateau's rate to that level's, read between
 * the two sizes either side, as `reading` says; past the first crossing,
 * taken again past each slower cache the plateau fit did not name
 * (LEVELS_LEFT_CACHE, LEVELS_CACHE_END). start_ws (where that level
 * begins) where no cache plateau comes before, never past it.
 */
double levels_cache_left_ws(const struct levels_scan *c, long first, double start_ws, enum levels_reading reading);

/*
 * Where a curve that never settled (no flat end) left its last cache
 * plateau: the crossing halfway from that plateau's rate to the rate at
 * the curve's last size (the harmonic mean where `reading` is
 * LEVELS_CACHE_END, else the geometric one), a floor on the cache
 * (levels_rule.c); NaN where the curve shows no cache it left.
 */
double levels_cache_left_unsettled(const struct levels_scan *c, enum levels_reading reading);

/*
 * The last-level cache a machine reports: the largest of its last cache
 * of the model's (the L3, else what the caller takes for it) and what it
 * reports past it, `beyond` (an L4, a memory-side cache: hwloc's L4Cache,
 * MemCache; 0 none). The model names no fourth cache (L1-L3, DRAM), but
 * STREAM's rule and where the pre-scan may stop are the last cache's
 * (docs/plan.md R2, R9). 0 where none is reported.
 */
double levels_reported_llc(double last, double beyond);

/*
 * Whether the curve was seen past a reported last-level cache of `llc`
 * bytes: it ran on to twice that working set (last_ws), or it showed every
 * cache level the machine reports before its last level (caches_before of
 * reported_levels).
 */
int levels_seen_past(double llc, double last_ws, size_t caches_before, size_t reported_levels);

/*
 * Whether the reported last-level cache `llc` is not in the curve: seen
 * past it, the curve left its last cache at left_ws, LEVELS_NOT_SHOWN
 * times under it or more (a VM reporting its host's whole L3).
 */
int levels_cache_absent(double llc, double left_ws, int seen_past);

/*
 * Whether curve c shows a cache past the reported last-level cache `llc`:
 * it left its last cache at left_ws, over LEVELS_NOT_SHOWN times llc (a
 * fourth cache, a memory-side cache, an L3 reported small), and no size
 * between llc and left_ws runs slower than a larger one there (a slow
 * spell of the host, not a cache).
 */
int levels_cache_beyond(const struct levels_scan *c, double llc, double left_ws);

/*
 * The rule measure decides: 4x the reported last-level cache (llc > 0),
 * unless it is absent from a curve that settled (left_ws finite: where it
 * left its last cache, LEVELS_LEFT_CACHE) or that curve shows a cache past
 * it (beyond: levels_cache_beyond), then 4x end_ws (where that cache ends,
 * LEVELS_CACHE_END; left_ws where not finite); else none. bytes is rounded
 * up to a whole MiB (the jobs' arrays, rounded to whole vectors and pages,
 * still obey it).
 */
void levels_stream_rule(double llc, double left_ws, double end_ws, int seen_past, int beyond, struct levels_rule *out);

#endif
