/*
 * levels_rule.c - STREAM's rule, the one statement of it (see levels_rule.h,
 * docs/plan.md R9).
 */
#include "levels_rule.h"

#include <math.h>

#include "fit.h"
#include "stats.h"

#define SHOULDER_OVER (2.0 * FIT_TOLERANCE)  /* a cache still serving: over DRAM by twice a level's flatness */
#define SHOULDER_SIZES 2                    /* and for two sizes or more: one could be noise */

/*
 * Halfway from a cache's rate to the next level's, in time per byte (their
 * harmonic mean): where half the bytes come from the next level, where a
 * cache ends, for the size of STREAM's rule (LEVELS_CACHE_END; docs/plan.md
 * R9). The geometric mean of the rates is crossed while a quarter of the
 * bytes come from memory where the cache runs 9x DRAM: on a cache that
 * loses part of its working set before it is full (the model's blend, a
 * real L3's slices), before the cache ends, and 4x it fell short of 4x the
 * cache. Whether the reported cache is the one to go by, and where a fall
 * first starts, keep the geometric reading (LEVELS_LEFT_CACHE,
 * LEVELS_FIRST_CROSSING): their factors of 2 were set on it, and the
 * harmonic one lies deep in a shared cache's slow tail.
 */
double levels_halfway_rate(double cache, double next)
{
	return cache > 0 && next > 0 ? 2.0 / (1.0 / cache + 1.0 / next) : NAN;
}

/*
 * Where the curve left its last cache, for a rule taken from the curve:
 * the working set past the last cache plateau (the one before the level
 * that begins at index `first`) where the rate crosses halfway between
 * the cache's and DRAM's, as `reading` says (levels_rule.h). The
 * crossing is read between the two pre-scan sizes either side of it,
 * straight on the log-log curve (cache_crossing), not rounded up to the
 * first size past it: the pre-scan doubles there, and a size that sat near
 * halfway would move the rule an octave by noise (docs/plan.md R9).
 * start_ws where no cache plateau comes before (never past it).
 */
static double cache_crossing(double ws0, double g0, double ws1, double g1, double halfway)
{
	if (!(g0 > halfway && g1 <= halfway && g1 > 0 && ws1 > ws0 && ws0 > 0))
		return ws1;
	double f = log(g0 / halfway) / log(g0 / g1);
	return ws0 * pow(ws1 / ws0, f);
}

/*
 * The sizes from i on, before `first`, that still run over DRAM's rate by
 * more than SHOULDER_OVER: a slower cache the plateau fit did not name (its
 * rate slopes), when there are SHOULDER_SIZES of them or more; else 0.
 */
static size_t shoulder(const struct levels_scan *d, size_t i, long first, double dram)
{
	size_t n = 0;
	while (i + n < (size_t)first && d->gbs[i + n] > dram * (1.0 + SHOULDER_OVER))
		n++;
	return n >= SHOULDER_SIZES ? n : 0;
}

/*
 * Past the first crossing, a shoulder (shoulder()) is a cache still
 * serving: the curve has not left its last cache there, so the crossing is
 * taken again, halfway between the shoulder's median rate and DRAM's; else
 * a slow L3 under a fast L2 puts the rule inside the L3 (docs/plan.md R9).
 */
double levels_cache_left_ws(const struct levels_scan *d, long first, double start_ws, enum levels_reading reading)
{
	size_t n = d->n;
	if (first < 1 || n < 2 || n > 64 || (size_t)first >= n)
		return start_ws;
	struct fit_sweep_point fs[64];
	for (size_t i = 0; i < n; i++)
		fs[i] = (struct fit_sweep_point){ .working_set = d->ws[i], .best = d->gbs[i], .median = d->gbs[i] };
	struct fit_plateau pl[FIT_MAX_PLATEAUS];
	size_t count = fit_plateaus(fs, n, FIT_MIN_STEP, FIT_TOLERANCE, pl), k = 0;
	while (k < count && (long)pl[k].first != first)
		k++;
	if (k == 0 || k >= count)
		return start_ws;
	double dram = pl[count - 1].median, upper = pl[k - 1].median, left = start_ws;
	size_t i = pl[k - 1].last + 1, shoulder_at = 0;
	for (;;) {
		double halfway = reading == LEVELS_CACHE_END ? levels_halfway_rate(upper, dram) : sqrt(upper * dram);
		while (i <= (size_t)first && d->gbs[i] > halfway)
			i++;
		if (i > (size_t)first)   /* i >= 1 throughout: it begins past plateau k - 1 */
			return left;
		left = fmin(cache_crossing(d->ws[i - 1], d->gbs[i - 1], d->ws[i], d->gbs[i],
					   halfway),
			    start_ws);
		/* Each shoulder moves i on, or ends the search where the last one began. */
		size_t s = reading == LEVELS_FIRST_CROSSING || i == shoulder_at ? 0 : shoulder(d, i, first, dram);
		if (s == 0)
			return left;
		upper = stats_median(d->gbs + i, s);
		shoulder_at = i;
	}
}

/*
 * Where a curve that never settled left its last cache (docs/plan.md R9):
 * past the last plateau that ends before the curve's last size, where the
 * rate crosses halfway between that plateau's and the last size's (read
 * between two sizes, cache_crossing). The curve still falls there, so its
 * end is DRAM's rate at most and the crossing comes no later than a settled
 * curve's would: a floor on the cache. NaN where no plateau ends before the
 * end, or the end is not slower than it by a plateau step (FIT_MIN_STEP).
 */
double levels_cache_left_unsettled(const struct levels_scan *d, enum levels_reading reading)
{
	size_t n = d->n;
	if (n < 3 || n > 64)
		return NAN;
	struct fit_sweep_point fs[64];
	for (size_t i = 0; i < n; i++)
		fs[i] = (struct fit_sweep_point){ .working_set = d->ws[i], .best = d->gbs[i], .median = d->gbs[i] };
	struct fit_plateau pl[FIT_MAX_PLATEAUS];
	size_t count = fit_plateaus(fs, n, FIT_MIN_STEP, FIT_TOLERANCE, pl), k = count;
	while (k > 0 && pl[k - 1].last + 1 >= n)
		k--;
	if (k == 0)
		return NAN;
	const struct fit_plateau *last = &pl[k - 1];
	double end = d->gbs[n - 1];
	if (!(end > 0 && last->median > FIT_MIN_STEP * end))
		return NAN;
	double halfway = reading == LEVELS_CACHE_END ? levels_halfway_rate(last->median, end) : sqrt(last->median * end);
	for (size_t i = last->last + 1; i < n; i++)
		if (d->gbs[i] <= halfway)
			return cache_crossing(d->ws[i - 1], d->gbs[i - 1], d->ws[i], d->gbs[i], halfway);
	return NAN;
}

double levels_reported_llc(double last, double beyond)
{
	return fmax(last > 0 ? last : 0, beyond > 0 ? beyond : 0);
}

int levels_seen_past(double llc, double last_ws, size_t caches_before, size_t reported_levels)
{
	return last_ws >= 2.0 * llc || (reported_levels > 0 && caches_before >= reported_levels);
}

int levels_cache_absent(double llc, double left_ws, int seen_past)
{
	return seen_past && llc > 0 && left_ws > 0 && left_ws * LEVELS_NOT_SHOWN <= llc;
}

/* A cache past the reported one in the curve (levels_rule.h; docs/plan.md R9). */
int levels_cache_beyond(const struct levels_scan *c, double llc, double left_ws)
{
	if (!(llc > 0 && left_ws > LEVELS_NOT_SHOWN * llc))
		return 0;
	/*
	 * A cache only ever speeds a size up (docs/plan.md R3): past the
	 * reported cache, a size slower than a larger one before where the
	 * curve left is a slow spell of the host, not a cache.
	 */
	for (size_t i = 0; i < c->n; i++)
		for (size_t j = i + 1; c->ws[i] >= llc && j < c->n && c->ws[j] <= left_ws; j++)
			if (c->gbs[i] * (1.0 + FIT_TOLERANCE) < c->gbs[j])
				return 0;
	return 1;
}

/*
 * STREAM's rule, as measure decides it (docs/plan.md R9): 4x the largest
 * cache the curve shows. The cache is the one the machine reports, unless
 * the curve shows it is not there (levels_cache_absent: a VM reporting its
 * host's whole L3) or shows a larger one past it (here: it left its last
 * cache at over twice the reported size, a memory-side L4 or a cache
 * reported small); then 4x where the curve left its last cache, which
 * keeps the rule's intent (no cache can hold a quarter of an array). Where
 * it left it is the crossing (levels_cache_left_ws), not where the DRAM
 * plateau begins: the pre-scan doubles there; the rule's size is where
 * that cache ends (end_ws, LEVELS_CACHE_END). A curve that reaches DRAM's
 * rate a little before the reported size (past 1/LEVELS_NOT_SHOWN of it)
 * is a cache whose last part serves at DRAM's rate (a shared L3 of slices,
 * a victim cache, a neighbour holding some of it): the cache is there and
 * the rule stays 4x it.
 */
void levels_stream_rule(double llc, double left_ws, double end_ws, int seen_past, int beyond, struct levels_rule *out)
{
	int shown = isfinite(left_ws) && left_ws > 0;
	if (llc > 0 && !(shown && (levels_cache_absent(llc, left_ws, seen_past) || beyond))) {
		out->source = RULE_REPORTED;
		out->cache_bytes = llc;
	} else if (shown) {
		out->source = RULE_CURVE;
		out->cache_bytes = isfinite(end_ws) && end_ws > 0 ? end_ws : left_ws;
	} else {
		out->source = RULE_NONE;
		out->cache_bytes = 0;
	}
	out->bytes = ceil(LEVELS_STREAM_FACTOR * out->cache_bytes / 1048576) * 1048576;
}
