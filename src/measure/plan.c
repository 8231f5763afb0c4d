/*
 * plan.c - measure's decisions, apart from the harness that times them
 * (see plan.h). Nothing here reads a clock or touches a buffer: timings
 * come in through the callbacks, so a scripted machine can drive it.
 */
#include "plan.h"
#include "plan_rule.h"
#include "plan_place.h"

#include <limits.h>
#include <stdarg.h>
#include <math.h>
#include <string.h>

#include "cpu.h"
#include "levels.h"
#include "registry.h"
#include "stats.h"
#include "util.h"

#define DEFAULT_CAP_FRACTION 0.25            /* a job's arrays: at most a quarter of memory */
#define FALLBACK_CAP_BYTES (1024.0 * 1048576) /* per array, when memory is unknown */
#define SETTLE_TOLERANCE 0.10               /* "settled": within 10% of the last level */
#define SETTLE_REACH 4.0                    /* sweep two octaves past the settle point */
#define SETTLE_SLOPE 1.2                    /* neighbouring plateaus this close: one sloping level */
#define PRESCAN_FINE_BYTES (1024.0 * 1024)   /* the pre-scan's half-octave steps end here */
#define TEAM_DRAM_MARGIN 2.0                /* team_dram_most: twice threads x one core's DRAM */
/*
 * R2's probe where the machine reports no cache: the flat end held to this
 * many times where it began, an array. Nothing reported bounds where the
 * caches end, and a cache may hold 50-100x the one before it (a 2 MiB L2
 * under a 105 MiB shared L3); the flat end begins near twice the cache
 * before it, so 16x (48x its working set) sees the fall of a cache up to
 * about 100x that one (docs/plan.md R2).
 */
#define UNREPORTED_PROBE 16.0
/*
 * R2 past its probe, where the machine reports no cache past its L3 (an
 * L4, a memory-side cache: hwloc's L4Cache, MemCache): nothing bounds where
 * its caches end but the cap, and a hidden fourth cache 12-64x the L3 holds
 * over the probe (a VM's, or a memory-side cache hwloc does not know). The
 * pre-scan goes on doubling to the cap, within this share of the budget
 * (each size foretold as PROBE_CALLS streams of its working set at the
 * flat end's rate, calibration's call and the best of five, and the first
 * touch of its new pages). One core's pre-scan only: a fourth cache is
 * shared, and a team's keeps R2's probe.
 */
#define PROBE_BUDGET_SHARE 0.05
#define PROBE_CALLS 6.0
#define PROBE_TOUCH_S_PER_GIB 0.25   /* filling the new pages of each larger size (base pages, page faults) */
/*
 * A sweep size is on a flat stretch when the pre-scan's rates an octave
 * either side are within this of each other: half FIT_TOLERANCE, so a
 * plateau the fit would split is never thinned as one.
 */
#define SWEEP_FLAT (FIT_TOLERANCE / 2)
#define PEAK_MIN_ITERS 64
/* The sweep's pattern: the STREAM triad's, two reads and one allocating write. */
#define SWEEP_PATTERN ACCESS_PATTERN_TRIAD
/*
 * The sweep's two reads and one write with the stores that allocate nothing,
 * streaming and in place: measured at every plateau, either may set a
 * level's roof (analysis.c: the best of the store kinds).
 */
#define STREAMING_PATTERN ((struct access_pattern){ .reads = 2, .writes = 1, .stores = STORES_STREAMING })
#define IN_PLACE_PATTERN ((struct access_pattern){ .reads = 2, .writes = 1, .stores = STORES_IN_PLACE })

/* The FMAs an element of the paced bandwidth kernels (kernel.pace) run beside their stream. */
static const int plan_paces[] = { 1, 2, 4, 8 };

const struct plan_cache_level plan_cache_levels[PLAN_NCACHE] = {
	/* Two plateaus: the first is then not the last (DRAM). Three: the second is not DRAM. */
	[PLAN_L1] = { LEVEL_L1, "l1", "L1", 2 },
	[PLAN_L2] = { LEVEL_L2, "l2", "L2", 3 },
};

void plan_say(const struct plan_machine *m, const char *fmt, ...)
{
	if (!m->say)
		return;
	va_list ap;
	va_start(ap, fmt);
	fputs("roofline: ", m->say);
	vfprintf(m->say, fmt, ap);
	fputc('\n', m->say);
	va_end(ap);
}

static int runs_here(const struct plan_machine *m, const struct kernel *k)
{
	int built = m->built ? m->built(k) : k->run != NULL;
	return built && m->has_isa(k->isa) && k != m->unbuilt;
}

const struct kernel *plan_pattern_kernel(const struct plan_machine *m, struct access_pattern pattern,
					 int pace, int placed_too, int below)
{
	const struct kernel *best = NULL;
	for (int pass = 0; pass < (placed_too ? 2 : 1) && !best; pass++) {
		enum kernel_kind want = pass == 0 ? KERNEL_BANDWIDTH : KERNEL_STREAM;
		for (size_t i = 0; i < registry_count(); i++) {
			const struct kernel *k = registry_get(i);
			if (k->kind != want || !runs_here(m, k) ||
			    !access_pattern_equal(kernel_access_pattern(k), pattern) || k->one_vector ||
			    (want == KERNEL_BANDWIDTH && k->pace != pace) || cpu_isa_lanes(k->isa) >= below)
				continue;
			if (!best || cpu_isa_lanes(k->isa) > cpu_isa_lanes(best->isa))
				best = k;
		}
	}
	return best;
}

const struct kernel *plan_sweep_kernel(const struct plan_machine *m)
{
	return plan_pattern_kernel(m, SWEEP_PATTERN, 0, 1, INT_MAX);
}

int plan_limits(const struct measure_opts *o, const struct plan_machine *m, struct plan_sweep *d)
{
	d->sweep = plan_sweep_kernel(m);
	if (!d->sweep)
		return -1;
	int arrays = d->sweep->arrays > 0 ? d->sweep->arrays : 1;
	double mem = m->phys_bytes > 0 ? DEFAULT_CAP_FRACTION * m->phys_bytes / arrays : FALLBACK_CAP_BYTES;
	/* A multiple of 64 bytes, as every size of the sweep. */
	mem = floor(mem / 64.0) * 64.0;
	d->cap = o->max_size > 0 ? fmin(o->max_size, mem) : o->profile.cap_bytes > 0 ? fmin(o->profile.cap_bytes, mem) : mem;
	d->cap = fmax(d->cap, 8 * PLAN_SWEEP_MIN_BYTES);
	/*
	 * The first size: PLAN_SWEEP_MIN_BYTES an array, or half the reported
	 * L1d over the arrays where that is less, so that a small L1 holds
	 * three sizes and has a plateau (docs/plan.md R1).
	 */
	double l1 = m->reported_caches[0] > 0 ? floor(m->reported_caches[0] / arrays / 2 / 64.0) * 64.0 : 0;
	d->min_bytes = l1 >= 1024 && l1 < PLAN_SWEEP_MIN_BYTES ? l1 : PLAN_SWEEP_MIN_BYTES;
	return 0;
}

/* fit_settle on the pre-scan's first n sizes: the index of the last level's first, or -1. */
static long scan_settle(const struct plan_sweep *d, int n)
{
	struct fit_sweep_point fs[64];
	plan_scan_points(d, n, fs);
	return fit_settle(fs, (size_t)n, SETTLE_SLOPE, SETTLE_REACH);
}

/* The smallest array of d's sweep (plan_limits; PLAN_SWEEP_MIN_BYTES where not set). */
static double sweep_min(const struct plan_sweep *d)
{
	return d->min_bytes > 0 ? d->min_bytes : PLAN_SWEEP_MIN_BYTES;
}

/* The sweep's i-th size: half-octave steps from its first (sweep_min), a multiple of 64 bytes. */
static double sweep_size(const struct plan_sweep *d, int i)
{
	return floor(sweep_min(d) * pow(2.0, i / 2.0) / 64.0) * 64.0;
}

/*
 * The smallest sweep size at least `want`; where the next size passes `cap`
 * first, `want` itself or the cap, whichever is less (in whole pages, as
 * the kernels' arrays are), no size of the grid: the sweep reaches as far
 * as memory allows (docs/plan.md R4), where the grid's last size under the
 * cap could leave a rule it holds unmet, or met by one size only.
 */
static double sweep_reach(const struct plan_sweep *d, double want, double cap)
{
	double last = sweep_size(d, 0);
	for (int i = 0; i < 200; i++) {
		double b = sweep_size(d, i);
		if (b > cap * 1.0001)
			return last < want * 0.9999 ? fmax(last, floor(fmin(want, cap) / 4096.0) * 4096.0) : last;
		last = b;
		if (b >= want * 0.9999)
			break;
	}
	return last;
}

/*
 * The L1- and L2-resident working sets, from the pre-scan's own curve (not
 * from the cache sizes the machine reports): its plateaus as fit finds them,
 * and the geometric middle of the first (L1) and second (L2) one's range,
 * as far from both of its edges as a log axis allows. A level the curve does
 * not show is skipped, said, and left NaN. Every plateau's middle is kept
 * too, for the access-pattern jobs, and the tile.
 */
static void cache_working_sets(const struct measure_opts *o, const struct plan_machine *m,
			       const struct plan_sweep *one, struct plan_sweep *d)
{
	for (int c = 0; c < PLAN_NCACHE; c++)
		d->cache_ws[c] = NAN;
	d->nplateaus = 0;
	d->tile_bytes = 0;
	snprintf(d->tile_text, sizeof d->tile_text, "no kernels group: no tiles");
	/* The level map of the pre-scan's curve: the same function the fit's map comes from. */
	struct level_map map;
	plan_level_map(m, d, &map);
	const struct fit_plateau *pl = map.pl;
	size_t count = map.count;
	plan_place_levels(m, &map, one, d);
	if (!(o->groups & TGROUP_BIT(TGROUP_KERNELS)))
		return;
	/*
	 * Tiled kernels block for the L2 plateau's middle when the curve shows one
	 * (three plateaus: the second is then a cache), else for the L1 one's,
	 * else they keep their defaults: from the measured curve, like the levels.
	 */
	int tc = count >= plan_cache_levels[PLAN_L2].plateaus ? PLAN_L2
		 : count >= plan_cache_levels[PLAN_L1].plateaus ? PLAN_L1 : -1;
	if (tc >= 0) {
		char lo[32], hi[32], mid[32];
		d->tile_bytes = round(sqrt(pl[tc].size_lo * pl[tc].size_hi));
		snprintf(d->tile_text, sizeof d->tile_text, "%s, the middle of the pre-scan's %s plateau (%s .. %s)",
			 format_bytes(d->tile_bytes, mid, sizeof mid), plan_cache_levels[tc].name,
			 format_bytes(pl[tc].size_lo, lo, sizeof lo), format_bytes(pl[tc].size_hi, hi, sizeof hi));
	} else {
		snprintf(d->tile_text, sizeof d->tile_text, "the pre-scan's curve shows %zu plateau%s and no cache "
			 "level before its last: tiled kernels use their default tiles", count, count == 1 ? "" : "s");
	}
	for (int c = 0; c < PLAN_NCACHE; c++) {
		if (!(o->levels & plan_cache_levels[c].flag))
			continue;
		char lo[32], hi[32], mid[32];
		if (count < plan_cache_levels[c].plateaus) {
			plan_say(m, "skipped %s kernels: the pre-scan's curve shows %zu plateau%s, and an %s "
			    "plateau needs %zu (one more level must follow it)", plan_cache_levels[c].opt, count,
			    count == 1 ? "" : "s", plan_cache_levels[c].name, plan_cache_levels[c].plateaus);
			continue;
		}
		const struct fit_plateau *p = &pl[c];
		d->cache_ws[c] = round(sqrt(p->size_lo * p->size_hi));
		plan_say(m, "%s kernels at %s of working set, the middle of the pre-scan's %s plateau "
		    "(%s .. %s, %.1f GB/s)", plan_cache_levels[c].opt, format_bytes(d->cache_ws[c], mid, sizeof mid),
		    plan_cache_levels[c].name, format_bytes(p->size_lo, lo, sizeof lo),
		    format_bytes(p->size_hi, hi, sizeof hi), p->value);
	}
}

/* sweep_decision: what the pre-scan decided and why, one line (d->text). */
static void decision_text(const struct measure_opts *o, const struct plan_machine *m, struct plan_sweep *d)
{
	int n = d->nscan;
	char a[32], b[32], c[32], r[32], l3[32];
	format_bytes(d->settle, a, sizeof a);
	format_bytes(d->max, b, sizeof b);
	format_bytes(d->cap, c, sizeof c);
	format_bytes(d->rule, r, sizeof r);
	format_bytes(d->rule_l3, l3, sizeof l3);
	size_t len;
	char team[32] = "";
	if (d->threads > 1)
		snprintf(team, sizeof team, "%d threads: ", d->threads);
	if (d->settled)
		snprintf(d->text, sizeof d->text, "%s%s settled on its last level from %s per array; sweep to %s "
			 "per array", team, d->sweep->name, a, b);
	else
		snprintf(d->text, sizeof d->text, "%s%s had not settled by %s per array (raise --max-size); "
			 "sweep to %s per array", team, d->sweep->name, a, b);
	len = strlen(d->text);
	if (d->rule_source == PLAN_RULE_REPORTED && m->llc_bytes > 0 && d->rule_l3 > m->llc_bytes * 1.0001)
		snprintf(d->text + len, sizeof d->text - len, "; STREAM's rule: each array %s (4x the reported "
			 "last-level cache, %.0f instances of it, %s)", r, round(d->rule_l3 / m->llc_bytes), l3);
	else if (d->rule_source == PLAN_RULE_REPORTED)
		snprintf(d->text + len, sizeof d->text - len, "; STREAM's rule: each array %s (4x the reported "
			 "last-level cache)", r);
	else if (d->rule_source == PLAN_RULE_CURVE) {
		char rep[32], flat[32], st[32];
		double start = d->settle * (d->sweep->arrays > 0 ? d->sweep->arrays : 1);
		/* The reported cache is not there, or a larger one is past it (levels_cache_beyond). */
		const char *why = m->llc_bytes > 0 && d->rule_l3 > m->llc_bytes ? "a cache past the reported "
			"last-level cache (%s) in the curve" : "the reported last-level cache (%s) is not in the curve";
		char whyto[128];
		snprintf(whyto, sizeof whyto, why, format_bytes(m->llc_bytes, rep, sizeof rep));
		if (d->settled)
			snprintf(d->text + len, sizeof d->text - len, "; STREAM's rule: each array %s, 4x where the "
				 "curve left its last cache (%s of working set, where its rate crossed halfway to DRAM's in "
				 "time per byte): "
				 "%s, flat from %s of working set to %s", r, l3, whyto, format_bytes(start, st, sizeof st),
				 format_bytes(d->scan_ws[n - 1], flat, sizeof flat));
		else   /* R9: the cache an unsettled curve left at its end (levels_cache_left_unsettled) */
			snprintf(d->text + len, sizeof d->text - len, "; STREAM's rule: each array %s, 4x where the "
				 "curve left its last cache (%s of working set, where its rate crossed halfway, in time per "
				 "byte, to its "
				 "rate at %s): %s", r, l3, format_bytes(d->scan_ws[n - 1], flat, sizeof flat), whyto);
	} else
		snprintf(d->text + len, sizeof d->text - len, "; no STREAM rule: no L3 reported and the "
			 "curve did not settle");
	len = strlen(d->text);
	if (d->cap_binds)
		snprintf(d->text + len, sizeof d->text - len, "; the cap binds: %s per array (%s%s), below the "
			 "rule", c, o->max_size > 0 ? "--max-size" : o->profile.cap_bytes > 0 ? o->profile.said
			 : "a quarter of memory over the sweep's arrays", o->max_size <= 0 && o->profile.cap_bytes > 0 ? "'s cap" : "");
	len = strlen(d->text);
	if (d->kernel_at_reach)
		snprintf(d->text + len, sizeof d->text - len, "; no DRAM plateau seen: the kernels' largest "
			 "arrays are the sweep's largest, %s each", format_bytes(d->kernel_bytes, b, sizeof b));
	else if (o->profile.dram_arrays == MEASURE_DRAM_AT_HALFWAY && d->rule_fixed)
		snprintf(d->text + len, sizeof d->text - len, "; %s: DRAM kernels at one core's "
			 "arrays, %s each, not the rule", o->profile.said, format_bytes(d->kernel_bytes, b, sizeof b));
	else if (o->profile.dram_arrays == MEASURE_DRAM_AT_HALFWAY)
		snprintf(d->text + len, sizeof d->text - len, "; %s: DRAM kernels' arrays each where the "
			 "curve first crosses halfway to DRAM, %s, not the rule", o->profile.said,
			 format_bytes(d->kernel_bytes, b, sizeof b));
}

/* The decisions drawn from the pre-scan's n sizes (see plan_prescan). */
static void decide(const struct measure_opts *o, const struct plan_machine *m, struct plan_sweep *d,
		   const double *sizes, long first)
{
	int n = d->nscan;
	const double *rates = d->scan_gbs;
	int arrays = d->sweep->arrays > 0 ? d->sweep->arrays : 1;
	/*
	 * Where the last level begins, as the fitter sees it (fit_settle: it
	 * merges the neighbours of one level, so a DRAM level that slopes, or
	 * one slow moment at the largest size, does not hide it).
	 */
	if (first < 0)
		first = scan_settle(d, n);
	d->settled = first >= 0;
	d->settle = sizes[first >= 0 ? first : n - 1];
	/*
	 * Failing that, the smallest size from which every larger one is within
	 * tolerance of the last, when that level lasts at least two octaves.
	 */
	if (!d->settled) {
		int settle = n - 1;
		while (settle > 0 && fabs(rates[settle - 1] / rates[n - 1] - 1.0) <= SETTLE_TOLERANCE)
			settle--;
		d->settled = (n - 1 - settle) >= 2;
		d->settle = sizes[settle];
		/* Where the flat end begins, for where the curve left its last cache (R9). */
		if (d->settled)
			first = settle;
	}
	double start_ws = d->settled ? d->settle * arrays : NAN;
	double cache_ws = d->settled ? plan_cache_left_ws(d, first, start_ws) : NAN;
	double end_ws = d->settled ? plan_cache_end_ws(d, first, start_ws) : NAN;
	if (!d->rule_fixed)
		plan_stream_rule(m, d, start_ws, cache_ws, end_ws);
	else
		plan_team_rule(m, d, start_ws, cache_ws, end_ws,
			       d->settled ? plan_first_crossing_ws(d, first, start_ws) : NAN);
	/*
	 * How far the sweep goes: two octaves past the settle point, and at
	 * least one size past STREAM's rule, so that every thread count's curve
	 * is seen at arrays no cache holds and the fit has two sizes that obey
	 * the rule to judge a flat end by (levels.c wants two; a sweep that
	 * ended at the rule gave it one, and DRAM was never reached); a curve
	 * that never settled goes to the cap.
	 */
	/* The first sweep size at the rule, then the next one: two sizes obey it. */
	double past_rule = d->rule > 0 ? sweep_reach(d, sweep_reach(d, d->rule, INFINITY) * 1.2, INFINITY) : 0;
	double want = d->settled ? fmax(d->settle * SETTLE_REACH, past_rule) : d->cap;
	/* A team's sweep reaches at least as far as one core's (d->max holds it on entry). */
	double reach = d->rule_fixed ? d->max : 0;
	d->max = sweep_reach(d, fmax(want, reach), d->cap);
	if (d->max < sizes[n - 1])
		d->max = sweep_reach(d, sizes[n - 1], d->cap);
	d->cap_binds = d->rule > 0 && d->max < d->rule * 0.9999;
	plan_kernel_arrays(o, d, start_ws, d->settled ? plan_first_crossing_ws(d, first, start_ws) : NAN);
	decision_text(o, m, d);
}

/*
 * R3 (docs/plan.md): a cache makes a size faster, never slower: a pre-scan
 * size slower than the newest one by more than SETTLE_SLOPE was slowed by
 * something else (a VM's neighbour), and each rate is a best of 5, which
 * what else runs can only slow. Such a size is probed again, once, as soon
 * as the larger one shows it, and keeps the faster of its two rates, before
 * the curve is asked whether it has settled: else one slow moment moves
 * where DRAM begins, and the sweep and the rule with it.
 */
static int reprobe_slower(struct plan_sweep *d, const double *sizes, int n, struct plan_probe probe,
			  unsigned char *again)
{
	for (int i = 0; i + 1 < n; i++) {
		double rate;
		if (again[i] || !(d->scan_gbs[n - 1] > SETTLE_SLOPE * d->scan_gbs[i]))
			continue;
		again[i] = 1;
		if (probe.fn(probe.ctx, (size_t)(sizes[i] / 8), &rate) != 0)
			return -1;
		d->scan_gbs[i] = fmax(d->scan_gbs[i], rate / 1e9);
	}
	return 0;
}

/* The median rate of the pre-scan's sizes first..n-1 (the flat end fit_settle found). */
static double flat_level(const struct plan_sweep *d, long first, int n)
{
	return first >= 0 && first < n ? stats_median(d->scan_gbs + first, (size_t)(n - first)) : NAN;
}

/*
 * R3: a cache is a run of sizes, a slow spell of the host a run of
 * moments; the small sizes take a few milliseconds each, and one spell
 * slows a run of them alike, which then reads as a level (or hides one).
 * Once settled, every size before the flat end not yet timed twice
 * (reprobe_slower) is timed once more, after the flat end's sizes, the
 * largest first, and keeps the faster rate; where that moves where the
 * flat end begins, the pre-scan's answer is asked again (docs/plan.md R3).
 * A spell longer than the whole pre-scan slows both timings alike: nothing
 * the pre-scan can tell.
 */
static int retime_caches(struct plan_sweep *d, const double *sizes, int n, long *first, struct plan_probe probe,
			 unsigned char *again)
{
	for (long i = *first - 1; i >= 0; i--) {
		double rate;
		if (again[i])
			continue;
		again[i] = 1;
		if (probe.fn(probe.ctx, (size_t)(sizes[i] / 8), &rate) != 0)
			return -1;
		d->scan_gbs[i] = fmax(d->scan_gbs[i], rate / 1e9);
	}
	long settled = scan_settle(d, n);
	if (settled >= 0)
		*first = settled;
	return 0;
}

/*
 * R2: a flat end that began under half the reported last-level cache and
 * holds past it says the report is wrong: too small (the flat end is that
 * cache, larger) or not this machine's (a VM's host L3: the flat end is
 * DRAM). Only sizes past it tell: the probe holds the flat end to 4x the
 * report (its working set) before it is taken as settled, and those sizes
 * go where it holds, as the probe's others (docs/plan.md R2: an L3
 * reported 2-4x small, taken for DRAM).
 */
static int report_inside_flat_end(const struct plan_machine *m, const struct plan_sweep *d, long first)
{
	return m->llc_bytes > 0 && d->scan_ws[first] * 2 <= m->llc_bytes;
}

/* The smallest first size R1 goes down to, an array. */
#define SWEEP_FLOOR_BYTES 1024.0

/*
 * R1 (docs/plan.md): a curve that falls from its first size has a level
 * smaller than the sweep's start. Where one core's first size is faster
 * than its second by more than a plateau's tolerance, the sweep starts an
 * octave lower (the same half-octave grid, two sizes more: *min,
 * d->min_bytes), down to SWEEP_FLOOR_BYTES an array, and the pre-scan
 * begins again there, until its first two sizes are one level. A curve
 * flat from its start is timed as before, size for size. Returns 1 when it
 * lowered.
 */
static int starts_too_late(struct plan_sweep *d, double *min)
{
	double lower = floor(*min / 2 / 64.0) * 64.0;
	if (!(d->scan_gbs[0] > d->scan_gbs[1] * (1 + FIT_TOLERANCE)) || lower < SWEEP_FLOOR_BYTES)
		return 0;
	*min = d->min_bytes = lower;
	return 1;
}

/*
 * The pre-scan's timings into d->scan_ws, d->scan_gbs (d->nscan) and its
 * sizes (bytes per array): half-octave steps up to PRESCAN_FINE_BYTES per
 * array (a team's, its threads times that: its private caches are its
 * threads' together), doubling beyond, and the cap itself where the
 * reported cache's rule is past the doubling's last size and within the
 * cap (R4: the flat end is seen at the rule): the caches' plateaus are only a few
 * octaves wide, and with one size an octave a single slow size could hide
 * one, and with it the pattern roofs measured at its middle (docs/plan.md
 * R1); small sizes cost next to nothing. *first: fit_settle's answer once asked, else -1. Returns 0, or
 * -1 when the probe stopped it.
 */
/*
 * What bounds a pre-scan's flat end: the fastest it may run and be DRAM
 * (team_dram_most; INFINITY for one core), and the seconds it may spend
 * past R2's probe (PROBE_BUDGET_SHARE; 0: none, INFINITY: no budget).
 */
struct scan_bounds {
	double dram_most, past_probe_s;
};

static int scan(const struct plan_machine *m, struct plan_sweep *d, struct plan_probe probe,
		double *sizes, long *first, struct scan_bounds b)
{
	int n = 0, arrays = d->sweep->arrays > 0 ? d->sweep->arrays : 1, stopped = 0;
	unsigned char again[64] = { 0 };   /* sizes probed a second time (reprobe_slower) */
	/* Settled at n sizes (0: not yet), its first and last rate: probed on until an array of `until`. */
	struct confirm {
		int n, extended;   /* extended: probed one size past `until` (its last size leaving the level) */
		long first;
		double level, until;
		double probe_to, spent;   /* R2's probe's end (an array); seconds foretold past it */
	} confirm = { .first = -1 };
	double past_probe = m->reported_beyond > 0 ? 0 : b.past_probe_s;
	*first = -1;
	double min = sweep_min(d), fine = PRESCAN_FINE_BYTES * (d->threads > 1 ? d->threads : 1);
	/* The cap as the last size where the reported cache's rule fits under it and past the grid (R4). */
	double top = floor(d->cap / 64.0) * 64.0, at_rule = LEVELS_STREAM_FACTOR * m->llc_bytes;
	for (double e = 0, bytes = min; bytes <= d->cap * 1.0001 && n < 64;
	     e += min * exp2(e) < fine ? 0.5 : 1.0, bytes = floor(min * exp2(e) / 64.0) * 64.0,
	     bytes = bytes > d->cap * 1.0001 && n > 0 && sizes[n - 1] < at_rule && at_rule <= top ? top : bytes) {
		double rate;
		/* Past R2's probe (its last size the first at or past probe_to): within the budget's share. */
		if (confirm.n > 0 && sizes[n - 1] >= confirm.probe_to * 0.9999) {
			confirm.spent += PROBE_CALLS * bytes * arrays / (d->scan_gbs[n - 1] * 1e9) +
					 (bytes - sizes[n - 1]) * arrays / 1073741824.0 * PROBE_TOUCH_S_PER_GIB;
			if (confirm.spent > past_probe)
				break;   /* held as far as a share of the budget looks */
		}
		if (probe.fn(probe.ctx, (size_t)(bytes / 8), &rate) != 0) {
			stopped = 1;
			break;
		}
		sizes[n] = bytes;
		d->scan_ws[n] = bytes * arrays;
		d->scan_gbs[n] = rate / 1e9;
		n++;
		if (n == 2 && !d->rule_fixed && starts_too_late(d, &min)) {
			n = 0;
			e = -0.5;   /* the step makes it 0: the new first size */
			memset(again, 0, sizeof again);
			continue;
		}
		if (reprobe_slower(d, sizes, n, probe, again) != 0) {
			stopped = 1;
			break;
		}
		if (confirm.n > 0) {
			if (d->scan_gbs[n - 1] * SETTLE_SLOPE < confirm.level) {
				confirm.n = 0;   /* it fell: the flat end was a cache; go on */
				*first = -1;
				continue;
			}
			/*
			 * The probe's last size under the flat end by more than a
			 * plateau's tolerance may be the curve leaving it: one more
			 * size decides, as at the settle point (below; docs/plan.md R2).
			 */
			if (bytes >= confirm.until && d->scan_gbs[n - 1] * (1 + FIT_TOLERANCE) < confirm.level &&
			    !confirm.extended) {
				confirm.extended = 1;
				continue;
			}
			if (bytes >= confirm.until)
				break;   /* it held: the curve as it settled (below) */
			continue;
		}
		/*
		 * Stop once the curve has settled (fit_settle) past twice the
		 * last-level cache the machine reports: the sweep itself goes on to the rule. The
		 * reported size is a floor, not the answer: a large L3 can look
		 * settled over two octaves.
		 */
		if (n >= 4 && d->scan_ws[n - 1] >= 2.0 * m->llc_bytes && (*first = scan_settle(d, n)) >= 0 &&
		    !(d->scan_gbs[*first] > b.dram_most)) {
			/*
			 * R2: DRAM is the flat end past STREAM's rule on the cache
			 * before it, 4x it an array; a fourth cache (an L4, a
			 * memory-side cache) is flat over octaves too. Probed on to 4x
			 * where the flat end began, an array (UNREPORTED_PROBE times
			 * where the machine reports no cache: nothing bounds where its
			 * caches end), and on to the cap within past_probe seconds
			 * where it reports none past its L3 (PROBE_BUDGET_SHARE): where
			 * it falls, the flat end was a cache and the pre-scan goes on;
			 * where it holds, those sizes go (the curve and every decision
			 * as it settled).
			 */
			double probe_to = (m->llc_bytes > 0 ? 4.0 : UNREPORTED_PROBE) * d->scan_ws[*first];
			if (report_inside_flat_end(m, d, *first))
				probe_to = fmax(probe_to, 4.0 * m->llc_bytes / arrays);
			confirm = (struct confirm){ .n = n, .first = *first, .level = d->scan_gbs[n - 1],
						    .until = past_probe > 0 ? d->cap * 1.0001 : probe_to,
						    .probe_to = probe_to, .spent = confirm.spent };
			/*
			 * fit_settle lets the last size or two fall off the flat end (a
			 * slow moment at the largest size); a size under the flat end
			 * by SETTLE_SLOPE may as well be the curve leaving it. The next
			 * size decides: back at the flat end's level, it settled; under
			 * it, the pre-scan goes on (docs/plan.md R2).
			 */
			double flat = flat_level(d, *first, n);
			if (d->scan_gbs[n - 1] * SETTLE_SLOPE < flat) {
				confirm.level = flat;
				confirm.until = fmax(confirm.until, bytes * 1.5);
			}
			if (!(bytes < confirm.until))
				break;
		} else {
			*first = -1;   /* not settled, or settled faster than DRAM can run (team_dram_most) */
		}
	}
	if (confirm.n > 0) {   /* the cap (or 64 sizes) came first: it held as far as it was seen */
		n = confirm.n;
		*first = confirm.first;
	}
	if (!stopped && *first > 0 && retime_caches(d, sizes, n, first, probe, again) != 0)
		stopped = 1;
	d->nscan = n;
	return stopped || n == 0 ? -1 : 0;
}

int plan_prescan(const struct measure_opts *o, const struct plan_machine *m, struct plan_sweep *d,
		 struct plan_probe probe)
{
	double sizes[64];
	long first;
	struct scan_bounds b = { INFINITY, o->budget > 0 ? PROBE_BUDGET_SHARE * o->budget : INFINITY };
	if (scan(m, d, probe, sizes, &first, b) != 0)
		return -1;
	decide(o, m, d, sizes, first);
	cache_working_sets(o, m, NULL, d);
	return 0;
}

/*
 * The fastest a team's flat end may run and still be DRAM (R2): DRAM at t
 * threads streams at most t times what one core's does (each core's misses
 * in flight bound its share), and twice that allows for one core's reading
 * in a slow moment of its host. One core's DRAM is where its settled
 * pre-scan ended; where it never settled, no bound. A team settled faster
 * than this has settled on caches its threads hold together (a reported
 * L3 that is one of several, one a core or a core complex), and its
 * pre-scan goes on (docs/plan.md R2).
 */
static double team_dram_most(const struct plan_sweep *one, int threads)
{
	if (!one->settled || one->nscan < 1 || !(one->scan_gbs[one->nscan - 1] > 0))
		return INFINITY;
	return TEAM_DRAM_MARGIN * threads * one->scan_gbs[one->nscan - 1];
}

int plan_prescan_team(const struct measure_opts *o, const struct plan_machine *m, const struct plan_sweep *one,
		      int threads, struct plan_sweep *d, struct plan_probe probe)
{
	double sizes[64];
	long first;
	*d = *one;
	d->threads = threads;
	d->rule_fixed = 1;
	if (scan(m, d, probe, sizes, &first, (struct scan_bounds){ team_dram_most(one, threads), 0 }) != 0)
		return -1;
	decide(o, m, d, sizes, first);
	cache_working_sets(o, m, one, d);
	/* A tile is one core's block of its own cache: the one-core curve's, whatever the team's shows. */
	d->tile_bytes = one->tile_bytes;
	memcpy(d->tile_text, one->tile_text, sizeof d->tile_text);
	return 0;
}

void plan_no_sweep(const struct measure_opts *o, const struct plan_machine *m, struct plan_sweep *d)
{
	d->nscan = 0;
	cache_working_sets(o, m, NULL, d);
}

/* ---- the plan ----------------------------------------------------------------- */

/*
 * The level of d's place i (its plateau_ws): a settled curve's last is
 * DRAM, the others the caches in order (a place past the third is L3's).
 */
static enum mem_level place_level(const struct plan_sweep *d, size_t i)
{
	if (d->settled && i + 1 == d->nplateaus)
		return MEM_DRAM;
	return i < MEM_DRAM ? (enum mem_level)i : MEM_L3;
}

/*
 * The level a working set ws is meant to run from (docs/plan.md R6): the
 * place whose range holds it; in a fall, the place before it, the faster
 * level, whose roof bounds it (levels_filed_range: the plan's one rule, which
 * the fit reads back from plan.csv); for a curve that never settled, DRAM
 * from where the map puts its start (d->dram_from), as the fit's map has it.
 */
static enum mem_level sweep_level(const struct plan_sweep *d, double ws)
{
	if (!d->settled && d->dram_from > 0 && ws >= d->dram_from)
		return MEM_DRAM;
	long i = levels_filed_range(d->plateau_lo, d->plateau_hi, d->nplateaus, ws);
	return i >= 0 ? place_level(d, (size_t)i) : MEM_LEVELS;
}

/*
 * Job j's placement (struct plan_place) from its role and level: one
 * array's bytes as planned (all threads' parts, before plan_split), the
 * roof it sets or is judged by (a kernel with streams: its pattern's at
 * that level; one without: the level's), whether its arrays obey STREAM's
 * rule. The team is set when the jobs are numbered (plan_number).
 */
static struct plan_job place(const struct plan_sweep *d, struct plan_job j, enum plan_role role,
			     enum mem_level level)
{
	struct plan_place *p = &j.place;
	int arrays = j.k->arrays > 0 ? j.k->arrays : 1;
	p->role = role;
	p->level = role == PLAN_ROLE_PEAK ? MEM_LEVELS : level;
	p->array_bytes = role == PLAN_ROLE_PEAK ? 0 : plan_job_working_set(&j) / arrays;
	p->target = role == PLAN_ROLE_PEAK ? roofkey_compute(ROOF_COMPUTE, "peak", 1)
		  : role == PLAN_ROLE_SWEEP || p->level == MEM_LEVELS ? roofkey_none()
		  : !access_pattern_is_none(kernel_access_pattern(j.k)) ? roofkey_pattern(level, j.k, 1)
		  : roofkey_level(level, 1);
	p->obeys_rule = p->level == MEM_DRAM && levels_obeys_rule(d->rule, d->threads, p->array_bytes);
	return j;
}

void plan_number(struct plan_job *jobs, size_t njobs, int threads, double rule, int *next_id)
{
	int t = threads > 0 ? threads : 1;
	for (size_t i = 0; i < njobs; i++) {
		struct plan_job *j = &jobs[i];
		struct plan_place *p = &j->place;
		j->id = (*next_id)++;
		if (!roofkey_is_none(&p->target))
			p->target = roofkey_at(p->target, t);
		if (p->role == PLAN_ROLE_PEAK)
			continue;
		/* The arrays as split (plan_split: n per thread, a shape per thread), all threads' parts. */
		int arrays = j->k->arrays > 0 ? j->k->arrays : 1;
		p->array_bytes = (j->shaped ? j->shape.working_set : 8.0 * (double)j->n * arrays) * t / arrays;
		p->obeys_rule = p->level == MEM_DRAM && levels_obeys_rule(rule, t, p->array_bytes);
	}
}

/* A plan's jobs as they are made: an array, its length and its room. */
struct job_list {
	struct plan_job *v;
	size_t n, cap;
};

static void add_job(struct plan_job **jobs, size_t *n, size_t *cap, struct plan_job j)
{
	if (*n == *cap) {
		*cap = *cap ? *cap * 2 : 64;
		*jobs = xrealloc(*jobs, *cap * sizeof **jobs);
	}
	(*jobs)[(*n)++] = j;
}

size_t plan_cache_level_n(double working_set, int arrays)
{
	double n = floor(working_set / (8.0 * (arrays > 0 ? arrays : 1)) / 8.0) * 8.0;
	return n < 64 ? 64 : (size_t)n;
}

/*
 * A kernel with a shape says how many elements it uses for the level's offer
 * (a matrix product: its order's, whatever the level), and what one call
 * does. Returns 0 when the job is not to be planned: it cannot run at that
 * size, does not fit the arrays (said), or the same member at the same
 * size is already planned (a matrix of order n is one job, not one per level).
 */
static int shape_job(const struct plan_machine *m, const struct plan_sweep *d, size_t capacity,
		     const struct plan_job *jobs, size_t njobs, struct plan_job *j)
{
	if (j->dram_arrays)
		j->n = plan_shaped_offer(j->k, j->param, j->n, d->kernel_bytes, d->tile_bytes, capacity);
	j->k->shape(j->param, j->n, d->tile_bytes, &j->shape);
	j->shaped = 1;
	if (j->shape.n == 0)
		return 0;
	if (j->shape.n > capacity) {
		char need[32], have[32];
		plan_say(m, "skipped %s %c = %d: needs %s per array, the arrays hold %s (--max-size)", j->k->name,
		    j->k->param_letter ? j->k->param_letter : 'p', j->param,
		    format_bytes(8.0 * (double)j->shape.n, need, sizeof need),
		    format_bytes(8.0 * (double)capacity, have, sizeof have));
		return 0;
	}
	j->n = j->shape.n;
	for (size_t i = 0; i < njobs; i++)
		if (jobs[i].k == j->k && jobs[i].param == j->param && jobs[i].n == j->n)
			return 0;
	return 1;
}

/*
 * A shaped kernel whose DRAM arrays cannot reach STREAM's rule where the
 * other kernels' do (d->kernel_bytes) is left out at DRAM, and said, in a
 * run that holds its DRAM jobs to the rule (docs/plan.md R11): a stencil
 * holds two grids in one array, so its grid is half the arrays at most.
 * Where the cap binds, no DRAM job obeys the rule, the run says so (R4,
 * R8), and the stencils run as far as the arrays let them. A shape whose
 * size does not follow its offer (a matrix product of a fixed order) is
 * not a DRAM job (R6). Returns 1 where job j (shaped, shape_job) is to be
 * left out.
 */
static int shaped_short_at_dram(const struct measure_opts *o, const struct plan_machine *m,
				const struct plan_sweep *d, size_t capacity, const struct plan_job *j)
{
	if (!j->dram_arrays || o->profile.dram_arrays != MEASURE_DRAM_BY_RULE || !(d->rule > 0) ||
	    d->kernel_bytes < d->rule * (1 - 1e-9))
		return 0;
	int arrays = j->k->arrays > 0 ? j->k->arrays : 1;
	double grid = j->shape.working_set / arrays;
	struct kernel_shape larger;
	j->k->shape(j->param, 2 * j->n, d->tile_bytes, &larger);
	if (!(larger.working_set > j->shape.working_set) || grid >= d->kernel_bytes * (1 - 1e-9))
		return 0;
	char need[32], have[32], hold[32];
	plan_say(m, "skipped %s %c = %d at DRAM: its arrays reach %s, short of STREAM's rule, %s (the arrays hold %s)",
		 j->k->name, j->k->param_letter ? j->k->param_letter : 'p', j->param, format_bytes(grid, have, sizeof have),
		 format_bytes(d->rule, need, sizeof need), format_bytes(8.0 * (double)capacity, hold, sizeof hold));
	return 1;
}

/*
 * The access patterns the placed kernels (KERNEL_STREAM) that run here
 * declare, plus the sweep's pattern with streaming stores and in place; the
 * sweep's own pattern is left out (the sweep measures it at every size).
 * Returns their number.
 */
static size_t placed_patterns(const struct plan_machine *m, struct access_pattern *pats, size_t max)
{
	const struct access_pattern always[] = { STREAMING_PATTERN, IN_PLACE_PATTERN };
	const size_t nalways = sizeof always / sizeof always[0];
	size_t n = 0;
	for (size_t i = 0; i < registry_count() + nalways && n < max; i++) {
		const struct kernel *k = i < registry_count() ? registry_get(i) : NULL;
		if (k && (k->kind != KERNEL_STREAM || !runs_here(m, k)))
			continue;
		struct access_pattern pat = k ? kernel_access_pattern(k) : always[i - registry_count()];
		int seen = access_pattern_is_none(pat) || access_pattern_equal(pat, SWEEP_PATTERN);
		for (size_t j = 0; j < n && !seen; j++)
			seen = access_pattern_equal(pats[j], pat);
		if (!seen)
			pats[n++] = pat;
	}
	return n;
}

/* Elements per array of a pattern job of kernel k at plateau i (see plan_patterns). */
static size_t pattern_n(const struct plan_sweep *d, const struct kernel *k, size_t i, size_t capacity)
{
	int dram = d->settled && i + 1 == d->nplateaus;
	double n = dram ? floor(d->kernel_bytes / 8.0 / 8.0) * 8.0
		   : (double)plan_cache_level_n(d->plateau_ws[i], k->arrays);
	return n > (double)capacity ? capacity : (size_t)n;
}

/*
 * The bandwidth kernel that runs base's streams (reads, writes) at base's
 * vector width with `stores` and `pace`, in base's loop shape or, with
 * `one` set, one vector an iteration (kernel.one_vector): one more way of
 * running its pattern. NULL when none runs here.
 */
static const struct kernel *variant_kernel(const struct plan_machine *m, const struct kernel *base,
					   enum kernel_stores stores, int pace, int one)
{
	for (size_t i = 0; base && i < registry_count(); i++) {
		const struct kernel *k = registry_get(i);
		if (k != base && k->kind == KERNEL_BANDWIDTH && runs_here(m, k) && k->reads == base->reads &&
		    k->writes == base->writes && k->stores == stores && k->pace == pace && k->one_vector == one &&
		    cpu_isa_lanes(k->isa) == cpu_isa_lanes(base->isa))
			return k;
	}
	return NULL;
}

/*
 * A twin (variant_kernel, one) of the widest kernel of a pattern (the
 * sweep's own included) at every plateau: a roof is the better of the two
 * loop shapes, neither the faster on every core; the widest only, for the
 * run's time.
 */
static void plan_twin(const struct plan_sweep *d, size_t capacity, const struct kernel *twin,
		      unsigned levels, struct job_list *l)
{
	for (size_t i = 0; twin && i < d->nplateaus; i++)
		if (levels & 1u << place_level(d, i))
			add_job(&l->v, &l->n, &l->cap, place(d, (struct plan_job){ .k = twin, .group = TGROUP_BANDWIDTH,
			.n = pattern_n(d, twin, i, capacity), .reps = 1,
				.dram_arrays = d->settled && i + 1 == d->nplateaus }, PLAN_ROLE_PATTERN, place_level(d, i)));
}

/*
 * Jobs per access pattern, its widest and next-widest kernels, at each of
 * the pre-scan's plateaus, in the bandwidth group beside the sweep: at a
 * cache plateau's geometric middle (all arrays together, as the L1 and L2
 * kernels run), and on the DRAM plateau with each array the kernels' DRAM
 * arrays' size (STREAM's rule, where the kernels of the pattern run: DRAM's
 * bandwidth falls with the size, so a pattern measured further out would
 * judge them by a lower roof), within the buffers. On the DRAM plateau the
 * paced kernels of the pattern too (kernel.pace FMAs an element: a stream
 * with a few FMAs an element can outrun a plain one), and with streaming
 * stores where its stores allocate: a roof is the best way of running its
 * pattern (docs/plan.md R10).
 */
static void plan_patterns(const struct plan_machine *m, const struct plan_sweep *d, size_t capacity,
			  struct plan_job **jobs, size_t *njobs, size_t *cap)
{
	struct access_pattern pats[16];
	size_t npats = placed_patterns(m, pats, 16);
	for (size_t p = 0; p < npats; p++) {
		const struct kernel *widest = plan_pattern_kernel(m, pats[p], 0, 0, INT_MAX);
		if (!widest) {
			char text[24];
			plan_say(m, "no bandwidth kernel runs pattern %s here: kernels with it are judged against "
			    "the sweep's roofs", access_pattern_format(pats[p], text, sizeof text));
			continue;
		}
		/*
		 * The widest and the next width: the roof is the faster (analysis.c,
		 * fit_patterns). The widest is not the fastest everywhere, and a
		 * kernel built for the narrower width would sit above a roof timed
		 * at the widest alone (docs/plan.md R10).
		 */
		const struct kernel *ks[2] = {
			widest, plan_pattern_kernel(m, pats[p], 0, 0, cpu_isa_lanes(widest->isa)) };
		for (size_t w = 0; w < 2 && ks[w]; w++) {
			for (size_t i = 0; i < d->nplateaus; i++) {
				int dram = d->settled && i + 1 == d->nplateaus;
				add_job(jobs, njobs, cap, place(d, (struct plan_job){ .k = ks[w],
					.group = TGROUP_BANDWIDTH, .n = pattern_n(d, ks[w], i, capacity), .reps = 1,
					.dram_arrays = dram }, PLAN_ROLE_PATTERN, place_level(d, i)));
				if (!dram)
					continue;
				/*
				 * The other ways of running it at this width: paced, and with
				 * streaming stores where its stores allocate (the roof of a
				 * pattern is the best of them; fit keeps the streaming one as
				 * its own pattern, -nt).
				 */
				for (size_t q = 0; q <= sizeof plan_paces / sizeof plan_paces[0]; q++) {
					int nt = q == sizeof plan_paces / sizeof plan_paces[0];
					if (nt && ks[w]->stores != STORES_ALLOCATE)
						continue;
					const struct kernel *vk = variant_kernel(m, ks[w], nt ? STORES_STREAMING
										 : ks[w]->stores, nt ? 0 : plan_paces[q], 0);
					if (vk)
						add_job(jobs, njobs, cap, place(d, (struct plan_job){ .k = vk,
							.group = TGROUP_BANDWIDTH, .n = pattern_n(d, vk, i, capacity),
							.reps = 1, .dram_arrays = 1 }, PLAN_ROLE_PATTERN, MEM_DRAM));
				}
			}
		}
	}
	/*
	 * The sweep's own pattern at the next width, on the DRAM plateau only
	 * (the sweep times the widest at every size): from DRAM the narrower
	 * triad can stream faster (docs/plan.md R10).
	 */
	const struct kernel *next = d->sweep ? plan_pattern_kernel(m, SWEEP_PATTERN, 0, 0,
								   cpu_isa_lanes(d->sweep->isa)) : NULL;
	if (next && d->settled && d->nplateaus > 0)
		add_job(jobs, njobs, cap, place(d, (struct plan_job){ .k = next, .group = TGROUP_BANDWIDTH,
			.n = pattern_n(d, next, d->nplateaus - 1, capacity), .reps = 1, .dram_arrays = 1 },
			PLAN_ROLE_PATTERN, MEM_DRAM));
}

/*
 * The twins (plan_twin) of the sweep's kernel and of each placed pattern's
 * widest, at the levels in `levels` (a quick run: L1 only, where they cost
 * microseconds; docs/plan.md R10).
 */
static void plan_twins(const struct plan_machine *m, const struct plan_sweep *d, size_t capacity,
		       unsigned levels, struct job_list *l)
{
	struct access_pattern pats[16];
	size_t npats = placed_patterns(m, pats, 16);
	for (size_t p = 0; p <= npats; p++) {
		const struct kernel *k = p < npats ? plan_pattern_kernel(m, pats[p], 0, 0, INT_MAX) : d->sweep;
		plan_twin(d, capacity, k ? variant_kernel(m, k, k->stores, k->pace, 1) : NULL, levels, l);
	}
}

/*
 * Whether the pre-scan saw its curve flat around working set ws: three of
 * its sizes at least within an octave either side, their rates within
 * SWEEP_FLAT of each other. Only what it timed counts: between two sizes an
 * octave apart (its steps past 1 MiB) it cannot say whether the curve bent.
 */
static int scan_flat(const struct plan_sweep *d, double ws)
{
	double lo = INFINITY, hi = 0;
	int seen = 0;
	for (int i = 0; i < d->nscan; i++) {
		if (d->scan_ws[i] < ws / 2 * 0.999 || d->scan_ws[i] > ws * 2 * 1.001)
			continue;
		lo = fmin(lo, d->scan_gbs[i]);
		hi = fmax(hi, d->scan_gbs[i]);
		seen++;
	}
	return seen >= 3 && hi <= lo * (1 + SWEEP_FLAT);
}

size_t plan_sweep_sizes(const struct plan_sweep *d, double *sizes, size_t max)
{
	size_t n = 0;
	int arrays = d->sweep && d->sweep->arrays > 0 ? d->sweep->arrays : 1, dropped = 0;
	for (int i = 0; n < max; i++) {
		double bytes = sweep_size(d, i);
		if (bytes > d->max * 1.0001) {
			/*
			 * A reach between two of the grid's sizes (sweep_reach: the cap
			 * came first) is a size of its own, and so is the rule where it
			 * falls between the grid's last size and the reach: the fit
			 * takes DRAM from two sizes that obey it (R4, R8).
			 */
			double last = n > 0 ? sizes[n - 1] : 0;
			if (d->rule > last * 1.0001 && d->rule < d->max * 0.9999 && n < max)
				sizes[n++] = ceil(d->rule / 64.0) * 64.0;
			if (d->max > last * 1.0001 && n < max)
				sizes[n++] = d->max;
			break;
		}
		/*
		 * Flat: the pre-scan's rates an octave either side within
		 * SWEEP_FLAT of each other (scan_flat). The sizes that obey
		 * STREAM's rule are all kept (the fit takes DRAM from them), and so
		 * are the sweep's first and last; a flat size follows a kept one
		 * only every other time (octave steps on a plateau).
		 */
		int rule = levels_obeys_rule(fmin(d->rule, d->max), d->threads, bytes);
		int ends = i == 0 || sweep_size(d, i + 1) > d->max * 1.0001;
		int flat = !rule && !ends && scan_flat(d, bytes * arrays);
		if (flat && !dropped) {
			dropped = 1;
			continue;
		}
		dropped = 0;
		sizes[n++] = bytes;
	}
	return n;
}

/*
 * Seconds to stream `working_set` bytes once at the rate the pre-scan's
 * curve has there (its first size at or past it, else its last); 0 with
 * no curve.
 */
static double stream_seconds(const struct plan_sweep *d, double working_set)
{
	if (d->nscan < 1 || !(working_set > 0))
		return 0;
	int i = 0;
	while (i + 1 < d->nscan && d->scan_ws[i] < working_set)
		i++;
	return d->scan_gbs[i] > 0 ? working_set / (d->scan_gbs[i] * 1e9) : 0;
}

/*
 * The sweep's sizes (plan_sweep_sizes), each placed at the level its
 * working set falls in on the pre-scan's places; its STREAM-sized sizes
 * (each array at least the rule, or the sweep's reach where the cap binds)
 * are its DRAM jobs.
 */
static void plan_sweep_jobs(const struct plan_sweep *d, struct plan_job **jobs, size_t *njobs, size_t *cap)
{
	double sizes[PLAN_MAX_SWEEP_SIZES];
	size_t nsizes = plan_sweep_sizes(d, sizes, PLAN_MAX_SWEEP_SIZES);
	int arrays = d->sweep->arrays > 0 ? d->sweep->arrays : 1;
	for (size_t i = 0; i < nsizes; i++) {
		int dram = levels_obeys_rule(fmin(d->rule, d->max), d->threads, sizes[i]);
		add_job(jobs, njobs, cap, place(d, (struct plan_job){ .k = d->sweep, .group = TGROUP_BANDWIDTH,
			.n = (size_t)(sizes[i] / 8), .reps = 1, .dram_arrays = dram }, PLAN_ROLE_SWEEP,
			dram ? MEM_DRAM : sweep_level(d, sizes[i] * arrays)));
	}
}

/*
 * Job j as each of `threads` threads runs it (n per thread): a shaped
 * kernel's size is its problem's, so each thread solves one of its own (a
 * matrix product of the same order; a stencil's grid shrunk to the
 * thread's share of what the one-thread job was given, at DRAM each array
 * the thread's share of the one-thread job's). Returns 0 for a shaped job
 * that no longer fits (`capacity`: one thread's arrays).
 */
static int split_job(struct plan_job *j, int threads, size_t capacity, double tile_bytes)
{
	if (j->shaped && threads > 1) {
		size_t offer = j->n / (size_t)threads;
		if (j->dram_arrays && j->k->arrays > 0)
			offer = plan_shaped_offer(j->k, j->param, offer, j->shape.working_set / j->k->arrays / threads,
						  tile_bytes, capacity);
		j->k->shape(j->param, offer, tile_bytes, &j->shape);
		if (j->shape.n == 0 || j->shape.n > capacity)
			return 0;
		j->n = j->shape.n;
	} else if (j->k->kind != KERNEL_PEAK && threads > 1) {
		size_t n = j->n / (size_t)threads / 8 * 8;
		j->n = n < 64 ? 64 : n;
	}
	return 1;
}

/*
 * The working set of job j (planned for the whole team, before plan_split)
 * as d's team runs it: all its threads' parts as split_job makes them. A
 * shaped kernel's problem is each thread's own, so a matrix product of a
 * fixed order uses threads times one problem's working set (docs/plan.md
 * R6). `capacity`: the team's arrays, as plan_build has them.
 */
static double team_working_set(const struct plan_sweep *d, const struct plan_job *j, size_t capacity)
{
	int t = d->threads > 1 ? d->threads : 1;
	struct plan_job split = *j;
	if (t > 1 && j->shaped && split_job(&split, t, capacity / (size_t)t, d->tile_bytes))
		split.threads = t;
	else
		split = *j;
	return plan_job_working_set(&split);
}

/*
 * The level a kernel job is meant to run from (R6): the level it was
 * offered arrays for, unless its shape does not follow the offer (a matrix
 * product of a fixed order: 2 KiB arrays in the DRAM family), then the
 * level its working set as the team runs it (ws: team_working_set) falls
 * in on the team's own places.
 */
static enum mem_level shaped_level(const struct plan_sweep *d, const struct plan_job *j, double ws, size_t offered,
				   enum mem_level level)
{
	if (!j->shaped)
		return level;
	double want = 8.0 * (double)offered * (j->k->arrays > 0 ? j->k->arrays : 1);
	return ws < want / 2 || ws > want * 2 ? sweep_level(d, ws) : level;
}

/*
 * The peak chains, and the kernels at each level asked (--levels): at DRAM
 * each array the kernels' DRAM arrays (d->kernel_bytes), at L2 and L1 the
 * middles of the pre-scan's plateaus (d->cache_ws). Each level is one more
 * job of the same round-robin plan: a kernel's DRAM-resident family first,
 * then its L2- and L1-resident ones, so each family's members stay
 * neighbours from timings.csv to points.csv.
 */
static void plan_kernels(const struct measure_opts *o, const struct plan_machine *m, const struct plan_sweep *d,
			 size_t capacity, struct job_list *l)
{
	unsigned g = o->groups;
	for (size_t i = 0; i < registry_count(); i++) {
		const struct kernel *k = registry_get(i);
		int peak = k->kind == KERNEL_PEAK;
		if (k->kind == KERNEL_BANDWIDTH || !(g & TGROUP_BIT(peak ? TGROUP_PEAK : TGROUP_KERNELS)))
			continue;
		if (!m->has_isa(k->isa)) {
			plan_say(m, "skipped %s: needs %s", k->name, cpu_isa_name(k->isa));
			continue;
		}
		if (!runs_here(m, k)) {
			plan_say(m, "skipped %s: %s", k->name, k->missing ? k->missing : "not built here");
			continue;
		}
		for (int lv = 0; lv <= (peak ? 0 : PLAN_NCACHE); lv++) {
			size_t n = PEAK_MIN_ITERS;
			if (!peak && lv == 0) {          /* DRAM */
				if (!(o->levels & LEVEL_DRAM))
					continue;
				n = (size_t)(d->kernel_bytes / 8);
			} else if (!peak) {              /* L2, then L1 */
				int c = PLAN_NCACHE - lv;
				if (!(o->levels & plan_cache_levels[c].flag) || !isfinite(d->cache_ws[c]))
					continue;
				n = plan_cache_level_n(d->cache_ws[c], k->arrays);
			}
			enum mem_level level = lv == 0 ? MEM_DRAM : PLAN_NCACHE - lv == PLAN_L1 ? MEM_L1 : MEM_L2;
			for (int p = 0; p < registry_nparams(k); p++) {
				struct plan_job j = { .k = k, .group = peak ? TGROUP_PEAK : TGROUP_KERNELS,
						      .param = registry_param(k, p), .n = n, .reps = 1,
						      .dram_arrays = !peak && lv == 0 };
				if (k->shape && (!shape_job(m, d, capacity, l->v, l->n, &j) ||
						 shaped_short_at_dram(o, m, d, capacity, &j)))
					continue;
				double ws = peak ? 0 : team_working_set(d, &j, capacity);
				if (!peak)
					j.stream_seconds = stream_seconds(d, ws);
				add_job(&l->v, &l->n, &l->cap, place(d, j, peak ? PLAN_ROLE_PEAK : PLAN_ROLE_KERNEL,
								     shaped_level(d, &j, ws, n, level)));
			}
		}
	}
}

/*
 * The plan of one thread count, top-down from its decisions d (its level
 * map's places, STREAM's rule, the sweep's reach, the kernels' arrays:
 * plan_prescan): the sweep's sizes, each access pattern's kernels at each
 * level's place, their twins (a quick run's at L1 only), then the peak chains and
 * the kernels; every job placed once (place) as it is made.
 */
void plan_build(const struct measure_opts *o, const struct plan_machine *m,
		const struct plan_sweep *d, size_t capacity, struct plan_job **jobs, size_t *njobs)
{
	struct job_list l = { NULL, 0, 0 };
	if (o->groups & TGROUP_BIT(TGROUP_BANDWIDTH)) {
		plan_sweep_jobs(d, &l.v, &l.n, &l.cap);
		plan_patterns(m, d, capacity, &l.v, &l.n, &l.cap);
		if (o->profile.twin_levels)
			plan_twins(m, d, capacity, o->profile.twin_levels, &l);
	}
	plan_kernels(o, m, d, capacity, &l);
	*jobs = l.v;
	*njobs = l.n;
}

/*
 * A pass of more than one thread keeps every job: the peak group of every ISA
 * (a kernel built for a narrower ISA is judged against its own ISA's
 * ceiling at its own thread count, which must be measured, not scaled; the
 * chains cost milliseconds), every sweep size (in whole octaves the
 * all-core DRAM level had too few sizes to be a plateau, and the fitter
 * named the L3 one DRAM), and every kernel: each is a point of its own.
 */
void plan_split(struct plan_job *jobs, size_t *njobs, int threads, size_t capacity, double tile_bytes)
{
	size_t kept = 0;
	for (size_t i = 0; i < *njobs; i++)
		if (split_job(&jobs[i], threads, capacity, tile_bytes))
			jobs[kept++] = jobs[i];
	*njobs = kept;
}
