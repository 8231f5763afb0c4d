/*
 * plan_place.c - where each level's pattern jobs run: one place per level
 * of the count's level map, a plateau that holds two levels split where
 * the reported caches or one core's places say (see plan_place.h).
 */
#include "plan_place.h"

#include "cache_share.h"

#include <math.h>
#include <string.h>

/* Where a count's pattern jobs run, as they are chosen: a working set each, in its plateau's range. */
struct places {
	double ws[2 * FIT_MAX_PLATEAUS], lo[2 * FIT_MAX_PLATEAUS], hi[2 * FIT_MAX_PLATEAUS];
	size_t n;
	int settled;   /* the last place is DRAM's */
};

/* The cache places: all but a settled curve's last (DRAM's). */
static size_t cache_places(const struct places *p)
{
	return p->settled && p->n > 0 ? p->n - 1 : p->n;
}

/* One more place, at working set ws in range lo..hi; counted past the room too (the caller refuses them). */
static void put(struct places *p, double ws, double lo, double hi)
{
	if (p->n < sizeof p->ws / sizeof p->ws[0]) {
		p->ws[p->n] = ws;
		p->lo[p->n] = lo;
		p->hi[p->n] = hi;
	}
	p->n++;
}

/*
 * The working set in the middle of reported cache level l (L2 or L3: the
 * geometric middle of the level before's size and its own); 0 where not
 * reported.
 */
static double reported_middle(const double rep[LEVELS_CACHE_LEVELS], int l)
{
	return l > 0 && rep[l] > 0 && rep[l - 1] > 0 && rep[l] > rep[l - 1] ? sqrt(rep[l - 1] * rep[l]) : 0.0;
}

/*
 * The witnesses of a split: working sets where levels are known to sit
 * (with a range each for one core's places; NaN where it is the point
 * alone), and whether place i's plateau holds one.
 */
struct witnesses {
	double ws[2 * FIT_MAX_PLATEAUS], lo[2 * FIT_MAX_PLATEAUS], hi[2 * FIT_MAX_PLATEAUS];
	size_t n;
};

static int holds(const struct places *in, size_t i, const struct witnesses *w, size_t k)
{
	if (isnan(w->lo[k]))   /* a point: strictly inside the plateau */
		return w->ws[k] > in->lo[i] && w->ws[k] < in->hi[i];
	/* A range: two sizes or more in common, not an edge's one. */
	return fmin(w->hi[k], in->hi[i]) > fmax(w->lo[k], in->lo[i]);
}

/* R7: each cache place whose plateau holds two witnesses or more runs at them instead; the others stay. */
static struct places split(const struct places *in, const struct witnesses *w)
{
	struct places out = { .n = 0, .settled = in->settled };
	size_t ncache = cache_places(in);
	for (size_t i = 0; i < in->n; i++) {
		size_t held = 0, first = out.n;
		for (size_t k = 0; i < ncache && k < w->n; k++)
			if (holds(in, i, w, k)) {
				put(&out, w->ws[k], in->lo[i], in->hi[i]);
				held++;
			}
		if (held < 2) {
			out.n = first;
			put(&out, in->ws[i], in->lo[i], in->hi[i]);
		}
	}
	return out.n > FIT_MAX_PLATEAUS ? *in : out;
}

void plan_place_levels(const struct plan_machine *m, const struct level_map *map, const struct plan_sweep *one,
		       struct plan_sweep *d)
{
	/*
	 * The map's levels: its caches and its last plateau (DRAM's, for a
	 * settled curve). A plateau between the last cache and the last one is
	 * no level (levels_caches: a slow tail of the last cache, or a fourth
	 * cache the model does not name): the fit files no roof there, so no
	 * job runs there. A curve that never settled has no DRAM place, and its
	 * last plateau past the caches is none of theirs (docs/plan.md R7).
	 */
	struct places own = { .n = 0, .settled = d->settled };
	for (size_t i = 0; i < map->count; i++)
		if (map->is_cache[i] || (d->settled && i + 1 == map->count))
			put(&own, round(sqrt(map->pl[i].size_lo * map->pl[i].size_hi)), map->pl[i].size_lo,
			    map->pl[i].size_hi);
	/* The reported caches' middles, for this team (as shared as reported; unknown: L1, L2 private). */
	double rep[LEVELS_CACHE_LEVELS];
	int t = d->threads > 1 ? d->threads : 1;
	levels_reported_for(m->reported_caches, map->shared, t, d->rule_source == PLAN_RULE_CURVE, rep);
	struct witnesses reported = { .n = 0 };
	for (int l = 1; l < LEVELS_CACHE_LEVELS; l++) {
		double mid = reported_middle(rep, l);
		if (mid > 0) {
			reported.ws[reported.n] = mid;
			reported.lo[reported.n] = reported.hi[reported.n] = NAN;
			reported.n++;
		}
	}
	struct places placed = split(&own, &reported);
	/*
	 * A team that shows fewer caches than one core: one core's places are
	 * the witnesses, as the team's threads use them: a private level (L1,
	 * L2: each core's own, unless reported shared) holds the team's
	 * working set at `threads` times one core's (the instances it uses:
	 * cache_team_copies), the shared L3 and DRAM at one core's. A shared
	 * cache serves the team only past its private caches together: its
	 * range starts where theirs ends, its place moves into what is left,
	 * and where nothing is left the team has no such level; left where one
	 * core has it, it would split the team's L1 plateau (docs/plan.md R7).
	 */
	struct places ones = { .n = 0, .settled = one ? one->settled : 0 };
	double private_hi = 0;
	for (size_t i = 0; one && i < one->nplateaus; i++) {
		int dram = one->settled && i + 1 == one->nplateaus;
		double x = dram || i >= MEM_L3 ? 1 : cache_team_copies((int)i, map->shared[i], t);
		int private = x > 1 || (i < MEM_L3 && !dram && !cache_shared_at(map->shared[i], t));
		double lo = one->plateau_lo[i] * x, hi = one->plateau_hi[i] * x;
		double ws = one->plateau_ws[i] * x;
		if (private)
			private_hi = fmax(private_hi, hi);
		else if (!dram && lo < private_hi) {
			lo = private_hi;
			if (!(hi > lo))
				continue;
			if (ws < lo)
				ws = round(sqrt(lo * hi));
		}
		put(&ones, ws, lo, hi);
	}
	if (one && cache_places(&placed) < cache_places(&ones)) {
		struct witnesses w = { .n = cache_places(&ones) };
		memcpy(w.ws, ones.ws, w.n * sizeof *w.ws);
		memcpy(w.lo, ones.lo, w.n * sizeof *w.lo);
		memcpy(w.hi, ones.hi, w.n * sizeof *w.hi);
		placed = split(&placed, &w);
	}
	d->dram_from = 0;
	for (size_t i = 0; i < map->n; i++)
		if (map->span[i].id == MEM_DRAM)
			d->dram_from = map->span[i].lo;
	size_t n = placed.n <= FIT_MAX_PLATEAUS ? placed.n : 0;
	memcpy(d->plateau_ws, placed.ws, n * sizeof *placed.ws);
	memcpy(d->plateau_lo, placed.lo, n * sizeof *placed.lo);
	memcpy(d->plateau_hi, placed.hi, n * sizeof *placed.hi);
	d->nplateaus = n;
}
