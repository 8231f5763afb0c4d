/*
 * plan_rule.c - STREAM's rule for the plan: which last-level cache it is 4x
 * of, the reported one or the one the pre-scan's curve shows, and the DRAM
 * kernels' arrays it sizes (plan_rule.h).
 */
#include "plan_rule.h"

#include <math.h>
#include <string.h>

#include "fit.h"
#include "levels.h"
#include "stats.h"

#define STREAM_RULE_FACTOR 4.0              /* STREAM: each array 4x the last-level cache */
#define NOT_SHOWN_FACTOR 2.0                /* a reported cache 2x where DRAM begins is not in the curve */
#define SHOULDER_OVER (2.0 * FIT_TOLERANCE)  /* a cache still serving: over DRAM by twice a level's flatness */
#define SHOULDER_SIZES 2                    /* and for two sizes or more: one could be noise */

void plan_scan_points(const struct plan_sweep *d, int n, struct fit_sweep_point *fs)
{
	for (int i = 0; i < n; i++)
		fs[i] = (struct fit_sweep_point){ .working_set = d->scan_ws[i], .best = d->scan_gbs[i],
						  .median = d->scan_gbs[i] };
}

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
static size_t shoulder(const struct plan_sweep *d, size_t i, long first, double dram)
{
	size_t n = 0;
	while (i + n < (size_t)first && d->scan_gbs[i + n] > dram * (1.0 + SHOULDER_OVER))
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
static double cache_left(const struct plan_sweep *d, long first, double start_ws, int shoulders)
{
	int n = d->nscan;
	if (first < 1 || n < 2 || n > 64)
		return start_ws;
	struct fit_sweep_point fs[64];
	plan_scan_points(d, n, fs);
	struct fit_plateau pl[FIT_MAX_PLATEAUS];
	size_t count = fit_plateaus(fs, (size_t)n, FIT_MIN_STEP, FIT_TOLERANCE, pl), k = 0;
	while (k < count && (long)pl[k].first != first)
		k++;
	if (k == 0 || k >= count)
		return start_ws;
	double dram = pl[count - 1].median, upper = pl[k - 1].median, left = start_ws;
	size_t i = pl[k - 1].last + 1, shoulder_at = 0;
	for (;;) {
		double halfway = sqrt(upper * dram);
		while (i <= (size_t)first && d->scan_gbs[i] > halfway)
			i++;
		if (i > (size_t)first)   /* i >= 1 throughout: it begins past plateau k - 1 */
			return left;
		left = fmin(cache_crossing(d->scan_ws[i - 1], d->scan_gbs[i - 1], d->scan_ws[i], d->scan_gbs[i],
					   halfway),
			    start_ws);
		/* Each shoulder moves i on, or ends the search where the last one began. */
		size_t s = !shoulders || i == shoulder_at ? 0 : shoulder(d, i, first, dram);
		if (s == 0)
			return left;
		upper = stats_median(d->scan_gbs + i, s);
		shoulder_at = i;
	}
}

double plan_cache_left_ws(const struct plan_sweep *d, long first, double start_ws)
{
	return cache_left(d, first, start_ws, 1);
}

double plan_first_crossing_ws(const struct plan_sweep *d, long first, double start_ws)
{
	return cache_left(d, first, start_ws, 0);
}

/*
 * STREAM's rule: each array at least 4x the last-level cache. The cache is
 * the one the machine reports, unless the pre-scan's curve shows it is not
 * there: its DRAM plateau runs flat to twice past the reported size (a VM
 * that reports its host's whole L3: one VM said 508 MiB and its curve was
 * flat from 96 MiB of working set to 1.5 GiB), and the curve left its last
 * cache (cache_ws, plan_cache_left_ws; where the plateau begins when that
 * is unknown) at half the reported size or less (NOT_SHOWN_FACTOR: a cache
 * of twice the working set that already streams at DRAM's rate would hold
 * half of it, and the rate shows no such thing). The crossing, not where
 * the plateau begins, since the pre-scan doubles there: a 2-core Intel VM
 * reporting 105 MiB left its cache at 17-34 MiB in nine runs, and its
 * plateau began at 24 or 48 MiB in eight and at 96 MiB in the ninth (48
 * MiB 12 % over DRAM's rate), which put the rule at 4x 105 MiB and the
 * report at 140 s against 55-92 (test_measure_plan, intel-105-late.csv). A curve that reaches DRAM's rate a
 * little before the reported size (three quarters of it) is a cache
 * whose last part serves at DRAM's rate (a shared L3 of slices, a
 * non-inclusive victim cache, a VM's neighbour holding some of it): the
 * cache is there and the rule stays 4x it. A VM reporting 32 MiB whose
 * pre-scan fell to DRAM's rate from 24 MiB had its rule taken from the
 * curve (96 MiB per array, inside 4x the cache it has) until this factor.
 * A rule of 4x 508 MiB would then make every DRAM timing 20 times longer
 * for a cache no timing sees; 4x where the curve left its last cache
 * (plan_cache_left_ws) keeps the rule's intent (no cache can hold a quarter of
 * an array).
 */
void plan_stream_rule(const struct plan_machine *m, struct plan_sweep *d, double start_ws, double cache_ws)
{
	double last_ws = d->nscan > 0 ? d->scan_ws[d->nscan - 1] : 0;
	int shown = d->settled && isfinite(start_ws);
	double left_ws = isfinite(cache_ws) ? cache_ws : start_ws;
	int lacks = shown && left_ws * NOT_SHOWN_FACTOR <= m->llc_bytes && last_ws >= 2.0 * m->llc_bytes;
	if (m->llc_bytes > 0 && !lacks) {
		d->rule_source = PLAN_RULE_REPORTED;
		d->rule_l3 = m->llc_bytes;
	} else if (shown) {
		d->rule_source = PLAN_RULE_CURVE;
		d->rule_l3 = isfinite(cache_ws) ? cache_ws : start_ws;
	} else {
		d->rule_source = PLAN_RULE_NONE;
		d->rule_l3 = 0;
	}
	/* A whole MiB: the jobs' arrays, rounded to whole vectors and pages, then still obey it. */
	d->rule = ceil(STREAM_RULE_FACTOR * d->rule_l3 / 1048576) * 1048576;
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
	 * The kernels' DRAM arrays: STREAM-sized (each at least the rule) and
	 * inside the DRAM plateau (each 3/4 of the working set where it begins,
	 * a two-array kernel 1.5x inside it), no larger than the sweep reaches.
	 * A curve that never settled uses where its last level after a cache
	 * one begins. A quick run: each as large as where the curve first
	 * crosses halfway to DRAM's rate (cache_ws; with every DRAM timing
	 * after an untimed call of its own, larger arrays took a quick run from
	 * 10 to 27 s of measuring), not the rule. A third of where the plateau
	 * begins, as it was, moved with where a slow fall happened to settle
	 * (16, 32 or 64 MiB from one run of a 2-core Zen 4 VM to the next, 10
	 * to 15 s of measuring), and the crossing past the fall's shoulders
	 * (the rule's) reached 113 MiB there once (18.6 s); the first crossing
	 * was 17-26 MiB.
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
	 * from its own pre-scan they were 16, 32 or 64 MiB from one run of a
	 * 2-core Zen 4 VM to the next, the all-core kernels another problem
	 * than one core's, the count's length (its DRAM jobs a quarter to twice
	 * one core's data a thread) beyond the first count's estimate: 30-37 %.
	 */
	if (o->quick && d->rule_fixed && d->kernel_bytes >= 4096)
		return;
	d->kernel_bytes = 0;
	d->kernel_at_reach = !isfinite(start);
	if (isfinite(start)) {
		double kb = !o->quick ? fmax(0.75 * start, d->rule) : cache_ws > 0 ? fmin(cache_ws, start) : start / 3.0;
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
 * puts two grids in a, so a grid was half the kernels' arrays: 64 MiB
 * where STREAM's rule asked 128 on a Zen 3 and a Zen 5 VM with 32 MiB L3s,
 * and the point ran partly from the cache the rule is there to defeat), so
 * the offer grows until each array reaches `want`; a shape whose size does
 * not follow the offer (a matrix product of a fixed order) keeps it.
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
				   .settled = d->settled ? 1 : 0, .rule = &rule };
	memcpy(in.reported, m->reported_caches, sizeof in.reported);
	levels_map_curve(&in, map);
}
