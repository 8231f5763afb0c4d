/*
 * plan_rule.c - STREAM's rule for the plan: which last-level cache it is 4x
 * of, the reported one or the one the pre-scan's curve shows, and the DRAM
 * kernels' arrays it sizes (plan_rule.h).
 */
#include "plan_rule.h"

#include <math.h>
#include <string.h>

#include "cache_share.h"
#include "fit.h"
#include "levels.h"
#include "levels_rule.h"
#include "stats.h"


void plan_scan_points(const struct plan_sweep *d, int n, struct fit_sweep_point *fs)
{
	for (int i = 0; i < n; i++)
		fs[i] = (struct fit_sweep_point){ .working_set = d->scan_ws[i], .best = d->scan_gbs[i],
						  .median = d->scan_gbs[i] };
}

double plan_cache_left_ws(const struct plan_sweep *d, long first, double start_ws)
{
	struct levels_scan c = { d->scan_ws, d->scan_gbs, d->nscan > 0 ? (size_t)d->nscan : 0 };
	return levels_cache_left_ws(&c, first, start_ws, LEVELS_LEFT_CACHE);
}

double plan_cache_end_ws(const struct plan_sweep *d, long first, double start_ws)
{
	struct levels_scan c = { d->scan_ws, d->scan_gbs, d->nscan > 0 ? (size_t)d->nscan : 0 };
	return levels_cache_left_ws(&c, first, start_ws, LEVELS_CACHE_END);
}

double plan_first_crossing_ws(const struct plan_sweep *d, long first, double start_ws)
{
	struct levels_scan c = { d->scan_ws, d->scan_gbs, d->nscan > 0 ? (size_t)d->nscan : 0 };
	return levels_cache_left_ws(&c, first, start_ws, LEVELS_FIRST_CROSSING);
}

/* How many reported cache levels m has (L1d, L2, L3, and one past them). */
static size_t reported_levels(const struct plan_machine *m)
{
	size_t n = m->reported_beyond > 0;
	for (int l = 0; l < LEVELS_CACHE_LEVELS; l++)
		n += m->reported_caches[l] > 0;
	return n;
}

/* The pre-scan's plateaus that end before its last level begins (start_ws). */
static size_t caches_before(const struct plan_sweep *d, double start_ws)
{
	int n = d->nscan;
	if (n < 2 || n > 64 || !isfinite(start_ws))
		return 0;
	struct fit_sweep_point fs[64];
	plan_scan_points(d, n, fs);
	struct fit_plateau pl[FIT_MAX_PLATEAUS];
	size_t count = fit_plateaus(fs, (size_t)n, FIT_MIN_STEP, FIT_TOLERANCE, pl), k = 0;
	for (size_t i = 0; i < count; i++)
		k += pl[i].size_hi < start_ws;
	return k;
}

/* STREAM's rule from the pre-scan (levels_stream_rule: the one rule, levels_rule.c). */
void plan_stream_rule(const struct plan_machine *m, struct plan_sweep *d, double start_ws, double cache_ws,
		      double end_ws)
{
	double last_ws = d->nscan > 0 ? d->scan_ws[d->nscan - 1] : 0;
	int shown = d->settled && isfinite(start_ws);
	double left_ws = !shown ? NAN : isfinite(cache_ws) ? cache_ws : start_ws;
	int seen = levels_seen_past(m->llc_bytes, last_ws, caches_before(d, start_ws), reported_levels(m));
	struct levels_scan c = { d->scan_ws, d->scan_gbs, d->nscan > 0 ? (size_t)d->nscan : 0 };
	int beyond = shown && levels_cache_beyond(&c, m->llc_bytes, left_ws);
	/*
	 * A curve that never settled takes its rule from the largest cache it
	 * shows too, where that is past the reported one (or none is reported):
	 * the cache it left at the cap (levels_cache_left_unsettled; docs/plan.md
	 * R9). Its rule past the cap, the cap binds and the run says so (R4).
	 */
	if (!d->settled && d->nscan > 0) {
		double left = levels_cache_left_unsettled(&c, LEVELS_LEFT_CACHE);
		beyond = isfinite(left) && (m->llc_bytes > 0 ? levels_cache_beyond(&c, m->llc_bytes, left) : 1);
		left_ws = beyond ? left : NAN;
		end_ws = beyond ? levels_cache_left_unsettled(&c, LEVELS_CACHE_END) : NAN;
	}
	struct levels_rule r;
	levels_stream_rule(m->llc_bytes, left_ws, end_ws, seen, beyond, &r);
	static const enum plan_rule_source SOURCE[] = {
		[RULE_REPORTED] = PLAN_RULE_REPORTED, [RULE_CURVE] = PLAN_RULE_CURVE, [RULE_NONE] = PLAN_RULE_NONE };
	d->rule_source = SOURCE[r.source];
	d->rule_l3 = r.cache_bytes;
	d->rule = r.bytes;
}

/*
 * A team's rule (docs/plan.md R9): where one core's came from its curve
 * (the reported cache is not there), the larger of it and 4x where the
 * team's own curve left its last cache: on a VM whose L3 is a share a
 * core, two threads use two shares. Where one core's is the reported
 * cache's, that one, unless the team's curve first crosses halfway to DRAM
 * past twice the reported size (levels_cache_beyond at first_ws, the
 * crossing before any shoulder: a cache's slow tail is that cache, R5):
 * the reported L3 is one of several (a core's share, a core complex's) and
 * the team's threads use them together, so its rule is 4x where its curve
 * left them, as one core's from a curve is.
 */
void plan_team_rule(const struct plan_machine *m, struct plan_sweep *d, double start_ws, double cache_ws,
		    double end_ws, double first_ws)
{
	struct plan_sweep team = *d;
	if (d->rule_source == PLAN_RULE_REPORTED) {
		/*
		 * Where the machine reports how its last-level cache is shared, the
		 * team's is the instances its threads run over (cache_team_copies,
		 * docs/plan.md R7, R9), not one core's: else its rule is one
		 * instance's, or the curve's reading of them all.
		 */
		double llc = m->llc_bytes;
		int level = m->reported_caches[2] > 0 ? 2 : 1;
		if (m->reported_shared[level] > 0 && d->threads > 1) {
			struct levels_rule r;
			levels_stream_rule(llc * cache_team_copies(level, m->reported_shared[level], d->threads), NAN,
					   NAN, 0, 0, &r);
			if (r.bytes > d->rule) {
				llc = r.cache_bytes;
				d->rule = r.bytes;
				d->rule_l3 = r.cache_bytes;
			}
		}
		struct levels_scan c = { d->scan_ws, d->scan_gbs, d->nscan > 0 ? (size_t)d->nscan : 0 };
		if (!(d->settled && isfinite(first_ws) && levels_cache_beyond(&c, llc, first_ws)))
			return;
		struct levels_rule r;
		levels_stream_rule(llc, isfinite(cache_ws) ? cache_ws : first_ws, end_ws, 0, 1, &r);
		team.rule_source = PLAN_RULE_CURVE;
		team.rule = r.bytes;
		team.rule_l3 = r.cache_bytes;
	} else if (d->settled && isfinite(start_ws)) {
		/*
		 * One core's curve showed the reported cache is not the one to go by
		 * (absent, or a cache past it): the team's rule is 4x where its own
		 * curve left its last cache, whatever the reported size (a team's
		 * share may be neither absent from nor past the reported size).
		 */
		struct levels_rule r;
		levels_stream_rule(0, isfinite(cache_ws) ? cache_ws : start_ws, end_ws, 0, 0, &r);
		team.rule_source = PLAN_RULE_CURVE;
		team.rule = r.bytes;
		team.rule_l3 = r.cache_bytes;
	} else if (!d->settled && d->nscan > 0) {
		/*
		 * A team's curve that never settled reads where it left its last
		 * cache as one core's unsettled one does (halfway to its last rate,
		 * levels_cache_left_unsettled): its threads' per-core caches together
		 * pass one core's, and a rule past the cap binds and is said (R4, R8).
		 */
		struct levels_scan c = { d->scan_ws, d->scan_gbs, (size_t)d->nscan };
		double left = levels_cache_left_unsettled(&c, LEVELS_LEFT_CACHE);
		struct levels_rule r;
		if (isfinite(left)) {
			levels_stream_rule(0, left, levels_cache_left_unsettled(&c, LEVELS_CACHE_END), 0, 0, &r);
			team.rule_source = PLAN_RULE_CURVE;
			team.rule = r.bytes;
			team.rule_l3 = r.cache_bytes;
		}
	}
	if (team.rule_source == PLAN_RULE_CURVE && team.rule > d->rule) {
		d->rule_source = team.rule_source;
		d->rule = team.rule;
		d->rule_l3 = team.rule_l3;
	}
}

/*
 * The kernels' DRAM arrays (d->kernel_bytes), from where the DRAM plateau
 * begins (start_ws; NaN: unsettled) and where the curve left its last cache
 * (cache_ws, plan_cache_left_ws; NaN: not known).
 */
void plan_kernel_arrays(const struct measure_opts *o, struct plan_sweep *d, double start_ws, double cache_ws)
{
	int n = d->nscan;
	/*
	 * The kernels' DRAM arrays (docs/plan.md R11): STREAM-sized (each at
	 * least the rule) and inside the DRAM plateau (each 3/4 of the working
	 * set where it begins, a two-array kernel 1.5x inside it), no larger
	 * than the sweep reaches. A curve that never settled uses where its
	 * last level after a cache one begins. A quick run: each as large as
	 * where the curve first crosses halfway to DRAM's rate (cache_ws), not
	 * the rule: the first crossing moves least from run to run, and larger
	 * arrays would spend a quick run's time on DRAM alone.
	 */
	struct fit_sweep_point fs[64];
	plan_scan_points(d, n, fs);
	struct fit_plateau pl[FIT_MAX_PLATEAUS];
	size_t count = fit_plateaus(fs, (size_t)n, FIT_MIN_STEP, FIT_TOLERANCE, pl);
	double start = d->settled ? start_ws : count >= 2 ? pl[count - 1].size_lo : NAN;
	/*
	 * No plateau to start from (a curve cut short by --max-size, or noise
	 * under an emulator): the kernels' "DRAM" arrays are the sweep's
	 * largest, said in the decision; the fit puts them at the level their
	 * working set shows. Never none: a job of 0 elements has no element to
	 * check, and its check read outside the arrays.
	 */
	/*
	 * A quick run's team keeps one core's arrays (d holds them on entry):
	 * from its own pre-scan they moved from run to run, and with them the
	 * all-core kernels' problem and the count's length past its estimate
	 * (docs/plan.md R11).
	 */
	if (o->profile.dram_arrays == MEASURE_DRAM_AT_HALFWAY && d->rule_fixed && d->kernel_bytes >= 4096)
		return;
	d->kernel_bytes = 0;
	d->kernel_at_reach = !isfinite(start);
	if (isfinite(start)) {
		double kb = o->profile.dram_arrays == MEASURE_DRAM_BY_RULE ? fmax(0.75 * start, d->rule)
			   : cache_ws > 0 ? fmin(cache_ws, start) : start / 3.0;
		d->kernel_bytes = floor(fmin(d->max, fmax(kb, 8.0 * 1048576)) / 4096) * 4096;
	}
	if (!(d->kernel_bytes >= 4096))
		d->kernel_bytes = fmax(4096, floor(d->max / 4096) * 4096);
}

/*
 * A shaped kernel's arrays at DRAM obey the rule as every other kernel's:
 * each array it streams (its working set over its arrays: a stencil's
 * grid, as analysis.c counts a point's arrays) at least `want` bytes. The
 * shape takes the offer as the elements of its largest array (a stencil
 * puts two grids in a, so a grid would be half the kernels' arrays, short
 * of the rule), so the offer grows until each array reaches `want`; a
 * shape whose size does not follow the offer (a matrix product of a fixed
 * order) keeps it (docs/plan.md R11).
 */
size_t plan_shaped_offer(const struct kernel *k, int param, size_t offer, double want, double tile_bytes,
			 size_t capacity)
{
	int arrays = k->arrays > 0 ? k->arrays : 1;
	struct kernel_shape s;
	k->shape(param, offer, tile_bytes, &s);
	double have = s.working_set / arrays;
	/* Each step grows the offer by what the arrays lack, and by 1/64 at least (the shape rounds down). */
	for (int step = 0; step < 16 && s.n > 0 && have < want && offer < capacity; step++) {
		size_t next = (size_t)fmin((double)capacity, ceil((double)offer * fmax(want / have, 1.0 + 1.0 / 64)));
		struct kernel_shape t;
		k->shape(param, next, tile_bytes, &t);
		if (!(t.working_set > s.working_set))
			break;
		offer = next;
		s = t;
		have = s.working_set / arrays;
	}
	return offer;
}

void plan_level_map(const struct plan_machine *m, const struct plan_sweep *d, struct level_map *map)
{
	int n = d->nscan > 0 && d->nscan <= 64 ? d->nscan : 0;
	int arrays = d->sweep && d->sweep->arrays > 0 ? d->sweep->arrays : 1;
	struct levels_size ls[64];
	for (int i = 0; i < n; i++)
		ls[i] = (struct levels_size){ .array_bytes = d->scan_ws[i] / arrays, .working_set = d->scan_ws[i],
					      .best = d->scan_gbs[i], .median = d->scan_gbs[i] };
	static const enum levels_rule_source SOURCE[] = {
		[PLAN_RULE_NONE] = RULE_NONE, [PLAN_RULE_REPORTED] = RULE_REPORTED, [PLAN_RULE_CURVE] = RULE_CURVE };
	struct levels_rule rule = { SOURCE[d->rule_source], d->rule, d->rule_l3 };
	struct levels_input in = { .sweep = ls, .n = (size_t)n, .threads = d->threads > 1 ? d->threads : 1,
				   .settled = d->settled ? 1 : 0, .rule = &rule, .cap_binds = d->cap_binds };
	memcpy(in.reported, m->reported_caches, sizeof in.reported);
	in.reported_beyond = m->reported_beyond;
	memcpy(in.shared, m->reported_shared, sizeof in.shared);
	levels_map_curve(&in, map);
}
