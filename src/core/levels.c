/* levels.c - a run's memory levels and its DRAM verdict (see levels.h). */
#include "levels.h"

#include "cache_share.h"
#include "levels_rule.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *const NAMES[MEM_LEVELS] = { "L1", "L2", "L3", "DRAM" };

const char *levels_name(enum mem_level id)
{
	return id >= 0 && id < MEM_LEVELS ? NAMES[id] : "?";
}

enum mem_level levels_parse(const char *name)
{
	for (int i = 0; name && i < MEM_LEVELS; i++)
		if (strcasecmp(name, NAMES[i]) == 0)
			return (enum mem_level)i;
	return MEM_LEVELS;
}

static int positive(double x)
{
	return isfinite(x) && x > 0;
}

static int cmp_desc(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;
	return (a < b) - (a > b);
}

/* The mean of the (up to) 3 largest of v[0..n): the article's DRAM rule, fit's for every level. */
static double mean_best3(double *v, size_t n)
{
	qsort(v, n, sizeof *v, cmp_desc);
	size_t k = n < 3 ? n : 3;
	double sum = 0;
	for (size_t i = 0; i < k; i++)
		sum += v[i];
	return k ? sum / (double)k : NAN;
}

void levels_find_dram(const struct levels_curve *c, double reported_llc, size_t reported_caches, int settled,
		      struct dram_verdict *out)
{
	levels_find_dram_ruled(c, reported_llc, reported_caches, settled, NULL, out);
}

/*
 * The curve's end (its largest size with a usable rate, returned as the
 * count of sizes up to it; 0 for none) and its flat end: the largest sizes
 * within the end's noise of its rate, either side (levels.h, LEVELS_FLAT).
 * Each is judged against the end, never its neighbour, so a slow fall is
 * bounded by that noise.
 */
static size_t flat_end(const struct levels_size *sweep, size_t n, const struct fit_plateau *pl,
		       size_t count, struct dram_verdict *out)
{
	size_t end = n;
	while (end > 0 && !positive(sweep[end - 1].best))
		end--;
	if (end == 0)
		return 0;
	const struct levels_size *e = &sweep[end - 1];
	out->end_rate = e->best;
	out->end_working_set = e->working_set;
	out->end_array_bytes = e->array_bytes;
	/* The noise of the largest sizes: the widest spread of their kept timings, best to median. */
	out->end_noise = 0;
	for (size_t i = end, k = 0; i > 0 && k < LEVELS_MIN_FLAT; i--, k++) {
		const struct levels_size *z = &sweep[i - 1];
		if (positive(z->best) && positive(z->median) && z->median < z->best)
			out->end_noise = fmax(out->end_noise, (z->best - z->median) / z->best);
	}
	out->flat_tol = fmax(LEVELS_FLAT, fmin(out->end_noise, LEVELS_NOISE_MAX));
	/*
	 * Never into a cache: the first (up to three) fitted plateaus that do not
	 * hold the end are the caches, and however wide the noise, the flat end
	 * begins after the last of them (a cache plateau is never renamed DRAM).
	 */
	size_t caches = 0, past_caches = 0;
	for (size_t i = 0; i < count && caches < MEM_DRAM; i++)
		if (pl[i].last + 1 < end)
			past_caches = pl[i].last + 1, caches++;
	size_t f = end - 1;
	while (f > past_caches && positive(sweep[f - 1].best) &&
	       fabs(sweep[f - 1].best - e->best) <= out->flat_tol * e->best)
		f--;
	out->flat_first = f;
	out->flat_from = sweep[f].working_set;
	return end;
}

/* Which rule applies: STREAM's on the reported cache, or (implausible, absent) the flat end alone. */
static void choose_rule(const struct fit_plateau *pl, size_t count, double reported_llc,
			size_t reported_caches, const struct levels_rule *rule, struct dram_verdict *out)
{
	for (size_t i = 0; i < count; i++)
		out->caches_before += pl[i].size_hi < out->flat_from;
	/*
	 * A run from before measure recorded its rule: the reported cache's,
	 * unless the curve shows it is not there by the test measure's rule
	 * uses (levels_cache_absent; where its flat end begins for where it
	 * left its last cache), then none: the run never swept to a rule it did
	 * not know, and DRAM is its flat end alone.
	 */
	int seen = levels_seen_past(reported_llc, out->end_working_set, out->caches_before, reported_caches);
	out->llc_implausible = !positive(reported_llc) || levels_cache_absent(reported_llc, out->flat_from, seen);
	out->rule_bytes = out->llc_implausible ? 0 : LEVELS_STREAM_FACTOR * reported_llc;
	out->rule_cache_bytes = out->llc_implausible ? NAN : reported_llc;
	if (rule) {
		/* measure's decision, read back: the one rule of the run. */
		out->rule_recorded = 1;
		out->llc_implausible = rule->source != RULE_REPORTED;
		out->rule_bytes = rule->source == RULE_NONE || !positive(rule->bytes) ? 0 : rule->bytes;
		out->rule_cache_bytes = rule->cache_bytes;
	}
}

/* DRAM from sizes q .. end - 1: the mean of their (up to) 3 best bests and medians. */
static void found(const struct levels_size *sweep, size_t q, size_t end, struct dram_verdict *out)
{
	double *best = malloc((end - q) * sizeof *best), *median = malloc((end - q) * sizeof *median);
	if (!best || !median) {
		free(best);
		free(median);
		out->reason = DRAM_SHORT_OF_RULE;
		return;
	}
	size_t m = 0, k = 0;
	for (size_t i = q; i < end; i++) {
		if (!positive(sweep[i].best))
			continue;
		best[m++] = sweep[i].best;
		if (positive(sweep[i].median))
			median[k++] = sweep[i].median;
	}
	out->state = DRAM_FOUND;
	out->reason = !out->llc_implausible ? DRAM_BY_STREAM_RULE
		    : out->rule_bytes > 0 ? DRAM_BY_CURVE_RULE : DRAM_BY_FLAT_END;
	out->first = q;
	out->last = end - 1;
	out->samples = (int)m;
	out->value = mean_best3(best, m);
	out->median = k ? mean_best3(median, k) : NAN;
	out->size_lo = sweep[q].working_set;
	out->size_hi = sweep[end - 1].working_set;
	free(best);
	free(median);
}

void levels_find_dram_ruled(const struct levels_curve *c, double reported_llc, size_t reported_caches, int settled,
			    const struct levels_rule *rule, struct dram_verdict *out)
{
	const struct levels_size *sweep = c->sweep;
	const struct fit_plateau *pl = c->pl;
	size_t n = c->n, count = c->count;
	memset(out, 0, sizeof *out);
	out->state = DRAM_NOT_REACHED;
	out->reason = DRAM_NO_SWEEP;
	out->value = out->median = out->size_lo = out->size_hi = NAN;
	out->reported_llc = positive(reported_llc) ? reported_llc : NAN;
	out->threads = c->threads > 1 ? c->threads : 1;
	if (count) {
		out->last_plateau_value = pl[count - 1].value;
		out->last_plateau_lo = pl[count - 1].size_lo;
		out->last_plateau_hi = pl[count - 1].size_hi;
	}
	size_t end = flat_end(sweep, n, pl, count, out);
	if (end == 0)
		return;
	size_t f = out->flat_first;
	choose_rule(pl, count, reported_llc, reported_caches, rule, out);
	if (settled == 0) {
		out->reason = DRAM_NOT_SETTLED;
		return;
	}
	/* DRAM is what the curve falls to from a cache: a faster level must come before. */
	double faster = 0;
	for (size_t i = 0; i < f; i++)
		if (positive(sweep[i].best) && sweep[i].best > faster)
			faster = sweep[i].best;
	if (!(faster > FIT_MIN_STEP * out->end_rate)) {
		out->reason = DRAM_NO_CACHE_LEVEL;
		return;
	}
	if (end - f < LEVELS_MIN_FLAT) {
		out->reason = DRAM_STILL_FALLING;
		return;
	}
	/* Of the flat end, the sizes whose arrays obey the rule (a suffix: arrays grow). */
	size_t q = f;
	while (q < end && !levels_arrays_obey_rule(out, sweep[q].array_bytes) && out->rule_bytes > 0)
		q++;
	if (end - q < LEVELS_MIN_FLAT) {
		out->reason = DRAM_SHORT_OF_RULE;
		return;
	}
	found(sweep, q, end, out);
}

int levels_obeys_rule(double rule_bytes, int threads, double array_bytes)
{
	/*
	 * A hair under the rule, as a size computed in bytes may be, still
	 * obeys it, and so does a team's a line a thread under: its arrays are
	 * its threads' parts in whole lines (docs/plan.md R8).
	 */
	double lines = LEVELS_LINE_BYTES * (threads > 1 ? threads : 1);
	return rule_bytes > 0 && array_bytes + lines >= rule_bytes * (1 - 1e-9);
}

int levels_arrays_obey_rule(const struct dram_verdict *v, double array_bytes)
{
	return levels_obeys_rule(v->rule_bytes, v->threads, array_bytes);
}

/* Whether plateau i of count is a cache, with no cap on how many are. */
static int is_cache_plateau(const struct fit_plateau *pl, size_t i, size_t count, size_t nsizes,
			    const struct dram_verdict *v)
{
	/* A sweep with one plateau and no DRAM: that plateau is the only level it has. */
	if (count == 1 && v->state != DRAM_FOUND)
		return 1;
	return v->state == DRAM_FOUND ? pl[i].size_hi < v->flat_from : !(count >= 2 && pl[i].last + 1 == nsizes);
}

void levels_caches(const struct fit_plateau *pl, size_t count, size_t nsizes,
		   const struct dram_verdict *v, int is_cache[FIT_MAX_PLATEAUS])
{
	int named = 0;
	for (size_t i = 0; i < count && i < FIT_MAX_PLATEAUS; i++) {
		is_cache[i] = is_cache_plateau(pl, i, count, nsizes, v) && named < LEVELS_CACHE_LEVELS;
		named += is_cache[i];
	}
}

/* A team's per-core level reaches at least its told size over this before a plateau past it can be its tail. */
#define LEVELS_TAIL_REACH 8.0

size_t levels_merge_tails(struct fit_plateau *pl, size_t count, size_t *ncache,
			  const double reported[LEVELS_CACHE_LEVELS], int threads, size_t nreported)
{
	/*
	 * pl[i - 1] is the level `level` so far; pl[i], when merged into it, takes
	 * the next one's place. A tail is a plateau more than the machine reports
	 * levels: with no more cache plateaus than reported caches (an L4 or a
	 * memory-side cache counted), each is a level, and one inside a reported
	 * size too large (a host's L3) is the next level, not a tail (R5).
	 */
	size_t level = 0;
	for (size_t i = 1; i < *ncache && i < count && *ncache > nreported;) {
		/*
		 * A team's L1 or L2 is told as each core's times the threads, true of
		 * private caches only: its tail is taken where its own plateau reaches
		 * an eighth of that, so a shared one does not take the next level in
		 * (docs/plan.md R5).
		 */
		int told = threads <= 1 || level >= MEM_L3 || pl[i - 1].size_hi * LEVELS_TAIL_REACH >= reported[level];
		if (level < LEVELS_CACHE_LEVELS && reported[level] > 0 && pl[i].size_hi <= reported[level] && told) {
			count = fit_merge_plateaus(pl, count, i - 1);
			(*ncache)--;
		} else {
			i++;
			level++;
		}
	}
	return count;
}

void levels_reported_for(const double reported[LEVELS_CACHE_LEVELS], const double *shared, int threads,
			 int l3_implausible, double out[LEVELS_CACHE_LEVELS])
{
	for (int l = 0; l < LEVELS_CACHE_LEVELS; l++)
		out[l] = (reported[l] > 0 ? reported[l] : 0) * cache_team_copies(l, shared ? shared[l] : 0, threads);
	/* A VM that reports its host's whole L3 says nothing of where this L3 ends. */
	if (l3_implausible)
		out[MEM_L3] = 0;
}


size_t levels_merge_caches(struct fit_plateau *pl, size_t count, size_t nsizes, const struct dram_verdict *v,
			   const double told[LEVELS_CACHE_LEVELS], size_t nreported)
{
	size_t ncache = 0;
	while (ncache < count && is_cache_plateau(pl, ncache, count, nsizes, v))
		ncache++;
	double use[LEVELS_CACHE_LEVELS];
	memcpy(use, told, sizeof use);
	if (v->llc_implausible)
		use[MEM_L3] = 0;
	return levels_merge_tails(pl, count, &ncache, use, v->threads > 1 ? v->threads : 1, nreported);
}

void levels_build_map(const struct levels_curve *c, const struct dram_verdict *v, int threads,
		      struct level_map *out)
{
	const struct levels_size *sweep = c->sweep;
	const struct fit_plateau *pl = c->pl;
	size_t n = c->n, count = c->count;
	memset(out, 0, sizeof *out);
	out->threads = threads;
	out->dram = *v;
	int is_cache[FIT_MAX_PLATEAUS] = { 0 };
	levels_caches(pl, count, n, v, is_cache);
	const struct fit_plateau *last_cache = NULL;
	double dram_lo = v->state == DRAM_FOUND ? v->flat_from : NAN;
	for (size_t i = 0; i < count && i < FIT_MAX_PLATEAUS; i++) {
		if (!is_cache[i]) {
			/* A plateau past the caches that holds the flat end's start: DRAM begins with it. */
			if (v->state == DRAM_FOUND && pl[i].size_hi >= v->flat_from && pl[i].size_lo < dram_lo)
				dram_lo = pl[i].size_lo;
			continue;
		}
		struct level_span *s = &out->span[out->n++];
		s->id = (enum mem_level)(out->n - 1);
		s->lo = pl[i].size_lo;
		s->hi = pl[i].size_hi;
		s->has_roof = 1;
		last_cache = &pl[i];
	}
	if (v->state != DRAM_FOUND) {
		/* Where the curve leaves the last cache: DRAM would begin there. */
		dram_lo = v->end_working_set;
		for (size_t i = 0; last_cache && i < n; i++)
			if (sweep[i].working_set > last_cache->size_hi && positive(sweep[i].best) &&
			    sweep[i].best < (1 - LEVELS_FLAT) * last_cache->value) {
				dram_lo = sweep[i].working_set;
				break;
			}
		if (!last_cache && n)
			dram_lo = sweep[0].working_set;
	}
	if (!positive(dram_lo))
		return;
	struct level_span *s = &out->span[out->n++];
	s->id = MEM_DRAM;
	s->lo = dram_lo;
	s->hi = INFINITY;
	s->has_roof = v->state == DRAM_FOUND;
}

const struct level_span *levels_of(const struct level_map *m, double working_set)
{
	const struct level_span *best = NULL;
	double dist = INFINITY;
	if (!positive(working_set))
		return NULL;
	for (size_t i = 0; i < m->n; i++) {
		const struct level_span *s = &m->span[i];
		double d = working_set < s->lo ? log(s->lo / working_set)
			 : working_set > s->hi ? log(working_set / s->hi) : 0.0;
		if (d < dist) {
			dist = d;
			best = s;
		}
	}
	return best;
}

long levels_filed_range(const double *lo, const double *hi, size_t n, double working_set)
{
	if (!n || !positive(working_set))
		return -1;
	long before = -1;
	for (size_t i = 0; i < n; i++) {
		if (working_set >= lo[i] && working_set <= hi[i])
			return (long)i;
		if (hi[i] < working_set)
			before = (long)i;
	}
	return before >= 0 ? before : 0;
}

int levels_between(const struct level_map *m, double working_set, struct levels_fall *out)
{
	out->faster = out->slower = NULL;
	if (!m || !positive(working_set))
		return 0;
	for (size_t i = 0; i + 1 < m->n; i++)
		if (working_set > m->span[i].hi && working_set < m->span[i + 1].lo) {
			out->faster = &m->span[i];
			out->slower = &m->span[i + 1];
			return 1;
		}
	return 0;
}

int levels_in_fall(const struct level_map *m, double working_set, struct levels_fall *out)
{
	if (!levels_between(m, working_set, out))
		return 0;
	for (size_t i = 0; i < m->count && i < FIT_MAX_PLATEAUS; i++)
		if (m->pl[i].size_lo > out->faster->hi && m->pl[i].size_lo <= working_set) {
			out->faster = out->slower = NULL;
			return 0;
		}
	return 1;
}

void levels_map_curve(const struct levels_input *in, struct level_map *out)
{
	struct level_map m;
	memset(&m, 0, sizeof m);
	/* Where the reported caches end for this team; a rule taken from the curve says the reported L3 is not there. */
	double bounds[LEVELS_CACHE_LEVELS];
	levels_reported_for(in->reported, in->shared, in->threads > 1 ? in->threads : 1,
			    in->rule && in->rule->source == RULE_CURVE, bounds);
	struct fit_sweep_point *fs = malloc((in->n ? in->n : 1) * sizeof *fs);
	struct fit_dropped_list none = { NULL, 0, 0, NULL, 0 }, *dl = in->dropped ? in->dropped : &none;
	dl->bounds = bounds;
	dl->nbounds = LEVELS_CACHE_LEVELS;
	size_t count = 0;
	if (fs) {
		for (size_t i = 0; i < in->n; i++)
			fs[i] = (struct fit_sweep_point){ .working_set = in->sweep[i].working_set,
							  .best = in->sweep[i].best, .median = in->sweep[i].median };
		count = fit_plateaus_explained(fs, in->n, FIT_MIN_STEP, FIT_TOLERANCE, m.pl, dl);
		free(fs);
	}
	dl->bounds = NULL;
	dl->nbounds = 0;
	size_t nrep = (in->reported[MEM_L1] > 0) + (in->reported[MEM_L2] > 0) + (in->reported[MEM_L3] > 0) +
		      (in->reported_beyond > 0);
	struct levels_curve c = { in->sweep, in->n, m.pl, count, in->threads };
	struct dram_verdict v;
	levels_find_dram_ruled(&c, levels_reported_llc(in->reported[MEM_L3], in->reported_beyond), nrep, in->settled,
			       in->rule, &v);
	/*
	 * R8: a sweep its cap kept short of STREAM's rule has no DRAM, whatever
	 * its curve did at the cap: memory cannot hold the rule, and that is
	 * the verdict's reason (what the run says), never a flat end in a cache.
	 */
	v.cap_binds = in->cap_binds;
	if (in->cap_binds && v.state != DRAM_FOUND && v.rule_bytes > 0 && v.reason != DRAM_NO_SWEEP)
		v.reason = DRAM_CAP_SHORT_OF_RULE;
	/* The reported sharing, unless the caches' own plateaus say otherwise (docs/plan.md R7). */
	double shared[LEVELS_CACHE_LEVELS], cache_hi[LEVELS_CACHE_LEVELS] = { 0 };
	int is_cache[FIT_MAX_PLATEAUS] = { 0 };
	levels_caches(m.pl, count, in->n, &v, is_cache);
	for (size_t i = 0, l = 0; i < count && l < LEVELS_CACHE_LEVELS; i++)
		if (is_cache[i])
			cache_hi[l++] = m.pl[i].size_hi;
	int overruled[LEVELS_CACHE_LEVELS];
	cache_share_judge(in->reported, in->shared, in->threads, cache_hi, shared, overruled);
	double told[LEVELS_CACHE_LEVELS];
	levels_reported_for(in->reported, shared, in->threads > 1 ? in->threads : 1, 0, told);
	/* Merged after the verdict: it reads the curve's end, which merging the caches leaves as it is. */
	c.count = levels_merge_caches(m.pl, count, in->n, &v, told, nrep);
	levels_build_map(&c, &v, in->threads, out);
	memcpy(out->shared, shared, sizeof out->shared);
	memcpy(out->reported_shared, in->shared, sizeof out->reported_shared);
	memcpy(out->share_overruled, overruled, sizeof out->share_overruled);
	memcpy(out->share_hi, cache_hi, sizeof out->share_hi);
	memcpy(out->pl, m.pl, sizeof m.pl);
	out->count = c.count;
	levels_caches(out->pl, out->count, in->n, &out->dram, out->is_cache);
}
