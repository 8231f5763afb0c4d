/* levels_text.c - a DRAM verdict in words (see levels_text.h). */
#include "levels_text.h"

#include <math.h>
#include <stdio.h>

#include "util.h"

/* Whether DRAM was judged by the rule measure took from its pre-scan's curve (not the reported cache's). */
static int rule_from_curve(const struct dram_verdict *v)
{
	return v->llc_implausible && v->rule_recorded && v->rule_bytes > 0;
}

const char *levels_dram_text(const struct dram_verdict *v, int threads, char *buf, size_t size)
{
	char at[16] = "", end[32], arr[32], rule[32], llc[32], from[32], lo[32], hi[32];
	if (threads > 1)
		snprintf(at, sizeof at, "@%dt", threads);
	format_bytes(v->end_working_set, end, sizeof end);
	format_bytes(v->end_array_bytes, arr, sizeof arr);
	format_bytes(v->rule_bytes, rule, sizeof rule);
	format_bytes(v->reported_llc, llc, sizeof llc);
	format_bytes(v->flat_from, from, sizeof from);
	format_bytes(v->size_lo, lo, sizeof lo);
	format_bytes(v->size_hi, hi, sizeof hi);
	/* Which rule, said the same way in every sentence. */
	char how[320], cache[32];
	format_bytes(v->rule_cache_bytes, cache, sizeof cache);
	if (rule_from_curve(v))
		snprintf(how, sizeof how, "STREAM's rule on the cache the run's curve showed: the reported "
			 "%s last-level cache is implausible (the pre-scan's curve was flat from below it "
			 "to twice past it), so measure took 4x %s, the cache as its curve showed it: %s per "
			 "array", llc, cache, rule);
	else if (v->llc_implausible && isfinite(v->reported_llc))
		snprintf(how, sizeof how, "the reported %s last-level cache is implausible (the sweep "
			 "showed %zu plateaus, then its flat end from %s of working set, inside that "
			 "size), so STREAM's rule (4x it per array) is not used: DRAM is the curve's flat "
			 "end", llc, v->caches_before, from);
	else if (v->llc_implausible)
		snprintf(how, sizeof how, "no last-level cache is reported, so DRAM is the curve's flat end");
	else
		snprintf(how, sizeof how, "STREAM's rule: each array at least 4x the reported %s "
			 "last-level cache, %s", llc, rule);
	/* Why the sweep stopped where it did, when the run says its cap bound it. */
	const char *cap = v->cap_binds ? "; the sweep stopped at its cap (--max-size, a quick run's "
					 "or a quarter of memory: env.csv's sweep_decision says which)" : "";
	char asks[96] = "", noise[96] = "";
	/* The tolerance is the end's own noise where that is wider than LEVELS_FLAT: say so. */
	char within[96] = "", rate[32], end_rate[32];
	format_rate(v->value, rate, sizeof rate);
	format_rate(v->end_rate, end_rate, sizeof end_rate);
	if (v->flat_tol > LEVELS_FLAT) {
		snprintf(noise, sizeof noise, ", the spread of the largest sizes' kept timings (best to median)");
		snprintf(within, sizeof within, " within the %.0f%% spread of the largest sizes' kept timings",
			 v->flat_tol * 100);
	}
	if (v->rule_bytes > 0)
		snprintf(asks, sizeof asks, " (STREAM's rule asks %s per array)", rule);
	switch (v->reason) {
	case DRAM_BY_STREAM_RULE:
	case DRAM_BY_FLAT_END:
	case DRAM_BY_CURVE_RULE:
		snprintf(buf, size, "DRAM%s: %s GB/s from %d sizes, %s .. %s of working set, within "
			 "%.0f%% of the rate at the sweep's largest size (%s GB/s)%s; %s", at, rate,
			 v->samples, lo, hi, v->flat_tol * 100, end_rate, noise, how);
		break;
	case DRAM_SHORT_OF_RULE:
		snprintf(buf, size, "DRAM%s not reached: the sweep stopped at %s per array (%s of "
			 "working set, %s GB/s there, flat from %s%s), short of %s%s; measure again with "
			 "--max-size %s or more", at, arr, end, end_rate, from, within, how, cap, rule);
		break;
	case DRAM_STILL_FALLING:
		snprintf(buf, size, "DRAM%s not reached: the curve was still falling at the sweep's "
			 "largest size, %s GB/s at %s per array (%s of working set), so DRAM is at most "
			 "that; no size between it and the caches was within %.0f%% of it%s%s%s", at, end_rate, arr,
			 end, v->flat_tol * 100, noise, asks, cap);
		break;
	case DRAM_NO_CACHE_LEVEL:
		snprintf(buf, size, "DRAM%s not reached: the curve never fell from a faster level to "
			 "its end (%s GB/s at %s of working set): no cache was left, no DRAM seen", at,
			 end_rate, end);
		break;
	case DRAM_NOT_SETTLED:
		snprintf(buf, size, "DRAM%s not reached: the run says its pre-scan never settled on a "
			 "last level (%s GB/s at the largest size, %s of working set); raise --max-size",
			 at, end_rate, end);
		break;
	case DRAM_CAP_SHORT_OF_RULE:
		/* docs/plan.md R8: memory cannot hold the rule; no size is called DRAM, a cache may hold them all. */
		snprintf(buf, size, "DRAM%s not reached: memory cannot hold STREAM's rule, %s per array (4x the "
			 "%s last-level cache %s), and the sweep stopped at its cap, %s per array (%s of working set; "
			 "a quarter of memory over the sweep's arrays, --max-size or a quick run's cap: env.csv's "
			 "sweep_decision says which): no size is called DRAM, since a cache may serve them all, and "
			 "DRAM's rate is at most %s GB/s, the rate at the largest size", at, rule, cache,
			 rule_from_curve(v) ? "the pre-scan's curve showed" : "reported", arr, end, end_rate);
		break;
	case DRAM_NO_SWEEP:
		snprintf(buf, size, "DRAM%s: no sweep sizes to find it from", at);
		break;
	}
	return buf;
}

/* The sweep's last cache past this many times the working set the rule was 4x of: the pre-scan left it early. */
#define RULE_CACHE_SHORT 2.0

const char *levels_rule_short_text(const struct level_map *map, char *buf, size_t size)
{
	const struct dram_verdict *v = &map->dram;
	if (!rule_from_curve(v) || !(v->rule_cache_bytes > 0))
		return NULL;
	const struct level_span *last = NULL;
	for (size_t i = 0; i < map->n; i++)
		if (map->span[i].id != MEM_DRAM)
			last = &map->span[i];
	if (!last || !(last->hi > RULE_CACHE_SHORT * v->rule_cache_bytes))
		return NULL;
	char at[16] = "", cache[32], hi[32], rule[32], asks[32];
	if (map->threads > 1)
		snprintf(at, sizeof at, "@%dt", map->threads);
	double wants = ceil(LEVELS_STREAM_FACTOR * last->hi / 1048576) * 1048576;
	snprintf(buf, size, "%s%s runs to %s of working set, past the %s that measure's STREAM's rule was 4x "
		 "(%s per array, from its pre-scan's curve): by this sweep's curve the rule is %s per array, "
		 "and DRAM sizes or kernels with smaller arrays may have been served partly by that cache; "
		 "measure again", levels_name(last->id), at, format_bytes(last->hi, hi, sizeof hi),
		 format_bytes(v->rule_cache_bytes, cache, sizeof cache), format_bytes(v->rule_bytes, rule, sizeof rule),
		 format_bytes(wants, asks, sizeof asks));
	return buf;
}

const char *analysis_note_text(const struct analysis *a, size_t i, char *buf, size_t size)
{
	size_t m = a->note_dram[i];
	if (!m || m > a->nlevels)
		return a->notes[i];
	const struct level_map *map = &a->levels[m - 1];
	return levels_dram_text(&map->dram, map->threads, buf, size);
}
