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
 * Where the curve left its last cache, for a rule taken from the curve:
 * the working set past the last cache plateau (the one before the level
 * that begins at index `first`) where the rate crosses halfway between
 * the cache's and DRAM's (their geometric mean): from there on most of the
 * traffic comes from memory. The crossing is read between the two pre-scan
 * sizes either side of it, straight on the log-log curve (cache_crossing),
 * not rounded up to the first size past it: the pre-scan doubles there, and
 * a size that sat near halfway went one side or the other by noise. A
 * 2-core Intel VM reporting 480 MiB ran at 16.9 GB/s at 96 MiB of working
 * set in one run, 18.9 in the next and 24.0 in a third (28-30 on its L3 to
 * 48 MiB, 15.3-16.9 on DRAM): rounded up, the cache was 96 MiB or 192 MiB,
 * the rule 384 or 768 MiB per array and the run 108 s or 170 s; read at
 * the crossing of the third run's curve with each of those readings, 67,
 * 72 and 109 MiB (test_measure_plan). start_ws where no cache plateau
 * comes before (never past it).
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
 * taken again, halfway between the shoulder's median rate and DRAM's. This
 * VM's one-thread pre-scan, in a slow moment of its host (DRAM 7 GB/s, its
 * L2 63), ran 18, 16.5 and 13.6 GB/s from 3 to 12 MiB of working set and
 * 6.9 from 24 MiB: halfway from the L2 put the cache's end at 2.56 MiB, the
 * rule at 11 MiB per array and every one-thread DRAM kernel in the L3 its
 * sweep then found to 17 MiB (test_measure_plan, intel-105-slow-l3.csv).
 */
double levels_cache_left_ws(const struct levels_scan *d, long first, double start_ws, int shoulders)
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
		double halfway = sqrt(upper * dram);
		while (i <= (size_t)first && d->gbs[i] > halfway)
			i++;
		if (i > (size_t)first)   /* i >= 1 throughout: it begins past plateau k - 1 */
			return left;
		left = fmin(cache_crossing(d->ws[i - 1], d->gbs[i - 1], d->ws[i], d->gbs[i],
					   halfway),
			    start_ws);
		/* Each shoulder moves i on, or ends the search where the last one began. */
		size_t s = !shoulders || i == shoulder_at ? 0 : shoulder(d, i, first, dram);
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
 * A 1.14 GiB memory-side L4 past a reported 27 MiB L3, on 10 GiB of memory:
 * the pre-scan fell from the L4 only at its cap, never settled, kept the
 * reported L3's rule (109 MiB an array) and ran every DRAM kernel in the L4
 * (check-sim seed 12).
 */
double levels_cache_left_unsettled(const struct levels_scan *d)
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
	double halfway = sqrt(last->median * end);
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

/*
 * STREAM's rule, as measure decides it. The cache is the one the machine
 * reports, unless the curve shows it is not there (levels_cache_absent):
 * one VM said 508 MiB and its curve was flat from 96 MiB of working set
 * to 1.5 GiB; a rule of 4x 508 MiB would make every DRAM timing 20 times
 * longer for a cache no timing sees, and 4x where the curve left its last
 * cache keeps the rule's intent (no cache can hold a quarter of an array).
 * Where it left it is the crossing (levels_cache_left_ws), not where the
 * DRAM plateau begins, since the pre-scan doubles there: a 2-core Intel VM
 * reporting 105 MiB left its cache at 17-34 MiB in nine runs, and its
 * plateau began at 24 or 48 MiB in eight and at 96 MiB in the ninth, which
 * put the rule at 4x 105 MiB and the report at 140 s against 55-92
 * (test_measure_plan, intel-105-late.csv). A curve that reaches DRAM's rate
 * a little before the reported size (three quarters of it) is a cache whose
 * last part serves at DRAM's rate (a shared L3 of slices, a victim cache,
 * a VM's neighbour holding some of it): the cache is there and the rule
 * stays 4x it (LEVELS_NOT_SHOWN: a VM reporting 32 MiB whose pre-scan fell
 * to DRAM's rate from 24 MiB had its rule taken from the curve, 96 MiB per
 * array, inside 4x the cache it has, until that factor). A curve that left
 * its last cache at over twice the reported size shows a cache past it (a
 * memory-side L4, a cache reported small: levels_cache_beyond), and the
 * rule is 4x where it left that one: the largest cache the curve shows.
 * The reported L3's rule put every DRAM job of a machine with a 1.8 GiB L4
 * in the L4 (tests/machines/l4-past-the-l3.machine).
 */
int levels_cache_beyond(const struct levels_scan *c, double llc, double left_ws)
{
	if (!(llc > 0 && left_ws > LEVELS_NOT_SHOWN * llc))
		return 0;
	/*
	 * A cache only ever speeds a size up (R3): past the reported cache, a
	 * size slower than a larger one before where the curve left is a slow
	 * spell of the host, not a cache (the Zen 4 VM's pre-scan, still slowed
	 * when probed again, at 24-29 GB/s from 48 to 96 MiB and 44 at 192,
	 * took a rule of 4x 461 MiB).
	 */
	for (size_t i = 0; i < c->n; i++)
		for (size_t j = i + 1; c->ws[i] >= llc && j < c->n && c->ws[j] <= left_ws; j++)
			if (c->gbs[i] * (1.0 + FIT_TOLERANCE) < c->gbs[j])
				return 0;
	return 1;
}

void levels_stream_rule(double llc, double left_ws, int seen_past, int beyond, struct levels_rule *out)
{
	int shown = isfinite(left_ws) && left_ws > 0;
	if (llc > 0 && !(shown && (levels_cache_absent(llc, left_ws, seen_past) || beyond))) {
		out->source = RULE_REPORTED;
		out->cache_bytes = llc;
	} else if (shown) {
		out->source = RULE_CURVE;
		out->cache_bytes = left_ws;
	} else {
		out->source = RULE_NONE;
		out->cache_bytes = 0;
	}
	out->bytes = ceil(LEVELS_STREAM_FACTOR * out->cache_bytes / 1048576) * 1048576;
}
