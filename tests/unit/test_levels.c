/*
 * test_levels.c - levels.c's DRAM verdict and level rule on curves whose
 * truth is chosen here: a triad sweep of 3 arrays in half-octave steps with
 * caches at 200/100/50 GB/s and an end chosen per test (flat, falling, flat
 * but short of STREAM's rule), and the reported cache plausible or not.
 */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include "fit.h"
#include "levels.h"

#define MIB 1048576.0
#define MAX 40

static struct levels_size sweep[MAX];
static struct fit_sweep_point fs[MAX];
static struct fit_plateau pl[FIT_MAX_PLATEAUS];
static size_t n, count;

/* Sizes from 4 KiB per array up to `last_array` bytes; `end(ws)` gives the rate past 24 MiB. */
static void curve(double last_array, double (*end)(double ws))
{
	n = 0;
	for (int i = 0; n < MAX; i++) {
		double b = 4096 * pow(2, i / 2.0), ws = 3 * b;
		if (b > last_array * 1.0001)
			break;
		double r = ws <= 48 * 1024 ? 200 : ws <= MIB ? 100 : ws <= 24 * MIB ? 50 : end(ws);
		sweep[n] = (struct levels_size){ b, ws, r, r * 0.95, r * 0.94, r * 0.96 };
		fs[n] = (struct fit_sweep_point){ ws, r, r * 0.95 };
		n++;
	}
	count = fit_plateaus(fs, n, FIT_MIN_STEP, FIT_TOLERANCE, pl);
}

static double flat25(double ws)
{
	return ws <= 48 * MIB ? 37 : 25;
}

/* Falls by a fifth every octave from 48 MiB: never flat. */
static double falling(double ws)
{
	return 37 * pow(0.8, log2(ws / (48 * MIB)));
}

/*
 * Noisy ends. From `from` bytes of working set on, best[i] and median[i]
 * replace the curve's rates, the last entry at the sweep's largest size: the
 * curve's end as a noisy run times it (a best is one draw from its spread).
 */
static void noisy_end(double from, const double *best, const double *median, size_t k)
{
	size_t first = n - k;
	assert_true(sweep[first].working_set >= from);
	for (size_t i = 0; i < k; i++) {
		sweep[first + i].best = best[i];
		sweep[first + i].median = median[i];
		fs[first + i] = (struct fit_sweep_point){ sweep[first + i].working_set, best[i], median[i] };
	}
	count = fit_plateaus(fs, n, FIT_MIN_STEP, FIT_TOLERANCE, pl);
}

/* Flat at 25 GB/s, each best a noisy draw; the largest size's a low one (21.5, its median 17.5). */
static void test_flat_with_noise(void **state)
{
	(void)state;
	struct dram_verdict v;
	curve(256 * MIB, flat25);                 /* rule 4 x 8 MiB = 32 MiB per array */
	const double best[] = { 24.5, 23.5, 25, 24, 21.5 }, median[] = { 21, 20, 22, 20.5, 17.5 };
	noisy_end(64 * MIB, best, median, 5);
	levels_find_dram(&(struct levels_curve){ sweep, n, pl, count, 1 }, 8 * MIB, 3, 1, &v);
	/* 24 is 12 % above 21.5: outside LEVELS_FLAT, inside the end's own spread (19 %). */
	assert_int_equal(v.state, DRAM_FOUND);
	assert_int_equal(v.reason, DRAM_BY_STREAM_RULE);
	assert_true(v.flat_tol > 0.18 && v.flat_tol < 0.19);
	assert_int_equal(v.last, n - 1);
	assert_true(v.first <= n - 5);
	assert_true(v.value > 24 && v.value < 26);
	/* The same curve, quiet (its medians 5 % under its bests): 10 % is the tolerance, 24 is off. */
	for (size_t i = n - 5; i < n; i++)
		sweep[i].median = sweep[i].best * 0.95;
	levels_find_dram(&(struct levels_curve){ sweep, n, pl, count, 1 }, 8 * MIB, 3, 1, &v);
	assert_true(v.flat_tol == LEVELS_FLAT);
	assert_int_equal(v.reason, DRAM_STILL_FALLING);
	/*
	 * The largest size's own timings tight (a slow stretch), the size before
	 * it spread 22 %: the noise is the largest sizes', not one size's.
	 */
	sweep[n - 2].median = sweep[n - 2].best * 0.78;
	levels_find_dram(&(struct levels_curve){ sweep, n, pl, count, 1 }, 8 * MIB, 3, 1, &v);
	assert_true(fabs(v.flat_tol - 0.22) < 1e-9);
	assert_int_equal(v.state, DRAM_FOUND);
}

/* Falling a fifth every half octave from 48 MiB, with a 12 % spread: each size out of the end's noise. */
static void test_still_falling_with_noise(void **state)
{
	(void)state;
	struct dram_verdict v;
	curve(256 * MIB, flat25);
	double best[5], median[5];
	for (int i = 0; i < 5; i++) {
		best[i] = 40 * pow(0.8, i);
		median[i] = best[i] * 0.88;
	}
	noisy_end(64 * MIB, best, median, 5);
	levels_find_dram(&(struct levels_curve){ sweep, n, pl, count, 1 }, 8 * MIB, 3, 1, &v);
	assert_int_equal(v.state, DRAM_NOT_REACHED);
	assert_int_equal(v.reason, DRAM_STILL_FALLING);
	assert_true(v.end_rate == best[4]);
	assert_int_equal(v.flat_first, n - 1);
}

/*
 * Falling 3 % a size with a 12 % spread: the sizes within 12 % of the end are
 * its flat end, those further up are not (each is judged against the end,
 * never its neighbour, so the fall it takes in stays inside the noise).
 */
static void test_falling_slowly_within_noise(void **state)
{
	(void)state;
	struct dram_verdict v;
	curve(256 * MIB, flat25);
	double best[5], median[5];
	for (int i = 0; i < 5; i++) {
		best[i] = 30 * pow(0.97, i);
		median[i] = best[i] * 0.88;
	}
	noisy_end(64 * MIB, best, median, 5);
	levels_find_dram(&(struct levels_curve){ sweep, n, pl, count, 1 }, 8 * MIB, 3, 1, &v);
	assert_int_equal(v.state, DRAM_FOUND);
	/* 30 x 0.97^k within 12 % of 30 x 0.97^4: k = 1..4; k = 0 is 13 % above. */
	assert_int_equal(v.flat_first, n - 4);
	assert_true(v.value <= best[4] * (1 + v.flat_tol));
}

/* Flat within noise, but only the largest size's arrays obey STREAM's rule: not reached. */
static void test_one_size_obeys_rule(void **state)
{
	(void)state;
	struct dram_verdict v;
	curve(128 * MIB, flat25);                 /* rule 4 x 32 MiB = 128 MiB: the last size only */
	const double best[] = { 24.5, 23.5, 25, 24, 21.5 }, median[] = { 21, 20, 22, 20.5, 17.5 };
	noisy_end(48 * MIB, best, median, 5);
	levels_find_dram(&(struct levels_curve){ sweep, n, pl, count, 1 }, 32 * MIB, 3, 1, &v);
	assert_true(v.flat_first <= n - 4);
	assert_int_equal(v.state, DRAM_NOT_REACHED);
	assert_int_equal(v.reason, DRAM_SHORT_OF_RULE);
	assert_true(isnan(v.value));
}

/*
 * A team's arrays are its threads' parts in whole cache lines: 5 threads'
 * 8 MiB arrays were 8388480 bytes, read short of an 8 MiB rule, so the flat
 * end had one size that obeyed and DRAM@5t was not reached (check-sim seed
 * 19). Here the rule is 64 MiB (4x 16 MiB) and the size at it 128 bytes
 * short: one core's flat end has one size that obeys, a 5-thread team's two.
 */
static void test_a_teams_arrays_a_line_a_thread_short_obey(void **state)
{
	(void)state;
	struct dram_verdict v;
	curve(91 * MIB, flat25);
	assert_true(sweep[n - 2].array_bytes == 64 * MIB);
	sweep[n - 2].array_bytes -= 128;
	levels_find_dram(&(struct levels_curve){ sweep, n, pl, count, 1 }, 16 * MIB, 3, 1, &v);
	assert_int_equal(v.reason, DRAM_SHORT_OF_RULE);
	levels_find_dram(&(struct levels_curve){ sweep, n, pl, count, 5 }, 16 * MIB, 3, 1, &v);
	assert_int_equal(v.state, DRAM_FOUND);
	assert_int_equal(v.first, n - 2);
	assert_true(levels_arrays_obey_rule(&v, 64 * MIB - 5 * 64));
	assert_false(levels_arrays_obey_rule(&v, 64 * MIB - 6 * 64));
}

/* A high L3 (32 GB/s to 48 MiB) before a DRAM so noisy (40 %) that its spread would take the L3 in. */
static double l3_high(double ws)
{
	return ws <= 48 * MIB ? 32 : 25;
}

/*
 * A VM reporting the host's 508 MiB L3 whose curve is flat past 64 MiB, its
 * end noisy: DRAM is the flat end alone, from past 48 MiB, and the cache
 * plateau before it is never renamed DRAM however wide the noise.
 */
static void test_vm_508_mib_flat_past_64(void **state)
{
	(void)state;
	struct dram_verdict v;
	struct level_map m;
	curve(256 * MIB, flat25);
	const double best[] = { 24.5, 23.5, 25, 24, 21.5 }, median[] = { 21, 20, 22, 20.5, 17.5 };
	noisy_end(64 * MIB, best, median, 5);
	levels_find_dram(&(struct levels_curve){ sweep, n, pl, count, 1 }, 508 * MIB, 3, 1, &v);
	assert_int_equal(v.state, DRAM_FOUND);
	assert_int_equal(v.reason, DRAM_BY_FLAT_END);
	assert_true(v.size_lo > 48 * MIB);
	levels_build_map(&(struct levels_curve){ sweep, n, pl, count, 1 }, &v, 1, &m);
	assert_int_equal(m.span[m.n - 1].id, MEM_DRAM);
	assert_true(m.span[m.n - 1].lo > 48 * MIB);
	/* Wider noise (40 %, capped at LEVELS_NOISE_MAX): the 32 GB/s L3 stays a cache. */
	curve(256 * MIB, l3_high);
	for (size_t i = 0; i < n; i++)
		if (sweep[i].working_set > 48 * MIB)
			sweep[i].median = sweep[i].best * 0.6;
	levels_find_dram(&(struct levels_curve){ sweep, n, pl, count, 1 }, 508 * MIB, 3, 1, &v);
	assert_int_equal(v.state, DRAM_FOUND);
	assert_true(v.flat_tol == LEVELS_NOISE_MAX);
	assert_true(sweep[v.flat_first].best == 25);
	assert_true(v.flat_from > 48 * MIB);
	/*
	 * An L3 (1 to 48 MiB) only a fifth faster (30 GB/s), inside the 25 % noise: the fitter
	 * saw its plateau, and the flat end stops at it, so it stays a cache.
	 */
	curve(256 * MIB, flat25);
	for (size_t i = 0; i < n; i++) {
		double ws = sweep[i].working_set, r = ws > 48 * MIB ? 25 : ws > MIB ? 30 : sweep[i].best;
		sweep[i].best = r;
		sweep[i].median = r * (ws > 48 * MIB ? 0.75 : 0.95);
		fs[i] = (struct fit_sweep_point){ ws, r, sweep[i].median };
	}
	count = fit_plateaus(fs, n, FIT_MIN_STEP, FIT_TOLERANCE, pl);
	assert_int_equal(count, 4);
	levels_find_dram(&(struct levels_curve){ sweep, n, pl, count, 1 }, 508 * MIB, 3, 1, &v);
	assert_int_equal(v.state, DRAM_FOUND);
	assert_true(v.flat_from > 48 * MIB);
	levels_build_map(&(struct levels_curve){ sweep, n, pl, count, 1 }, &v, 1, &m);
	assert_int_equal(m.n, 4);
	assert_int_equal(m.span[2].id, MEM_L3);
	assert_true(m.span[2].has_roof && m.span[2].hi <= 48 * MIB);
	assert_true(m.span[3].lo > 48 * MIB);
}

static void test_flat_end_by_stream_rule(void **state)
{
	(void)state;
	struct dram_verdict v;
	curve(256 * MIB, flat25);                 /* arrays to 256 MiB; rule 4 x 8 MiB = 32 MiB */
	levels_find_dram(&(struct levels_curve){ sweep, n, pl, count, 1 }, 8 * MIB, 3, 1, &v);
	assert_int_equal(v.state, DRAM_FOUND);
	assert_int_equal(v.reason, DRAM_BY_STREAM_RULE);
	assert_true(v.rule_bytes == 32 * MIB);
	assert_true(sweep[v.first].array_bytes >= 32 * MIB);
	assert_true(sweep[v.first - 1].array_bytes < 32 * MIB);
	assert_true(v.value == 25 && v.median == 25 * 0.95);
	assert_int_equal(v.last, n - 1);
}

static void test_short_of_rule(void **state)
{
	(void)state;
	struct dram_verdict v;
	curve(64 * MIB, flat25);                  /* flat, but rule 4 x 32 MiB = 128 MiB per array */
	levels_find_dram(&(struct levels_curve){ sweep, n, pl, count, 1 }, 32 * MIB, 3, 1, &v);
	assert_int_equal(v.state, DRAM_NOT_REACHED);
	assert_int_equal(v.reason, DRAM_SHORT_OF_RULE);
	assert_true(v.end_rate == 25 && v.end_array_bytes == 64 * MIB);
	assert_true(isnan(v.value));
}

/*
 * R8: a sweep the run says its cap kept short of the rule has no DRAM, and
 * the verdict's reason says memory cannot hold the rule, whatever the
 * curve's flat end (a cache may serve it all); the same curve without the
 * cap's word is short of the rule, and with a rule it reaches, DRAM.
 */
static void test_memory_short_of_the_rule(void **state)
{
	(void)state;
	curve(64 * MIB, flat25);
	struct levels_input in = { .sweep = sweep, .n = n, .reported = { 0, 0, 32 * MIB }, .threads = 1, .settled = 1,
				   .rule = &(struct levels_rule){ RULE_REPORTED, 128 * MIB, 32 * MIB }, .cap_binds = 1 };
	struct level_map m;
	levels_map_curve(&in, &m);
	assert_int_equal(m.dram.state, DRAM_NOT_REACHED);
	assert_int_equal(m.dram.reason, DRAM_CAP_SHORT_OF_RULE);
	assert_true(m.dram.cap_binds);
	in.cap_binds = 0;
	levels_map_curve(&in, &m);
	assert_int_equal(m.dram.reason, DRAM_SHORT_OF_RULE);
	in.rule = &(struct levels_rule){ RULE_REPORTED, 32 * MIB, 8 * MIB };
	in.cap_binds = 1;
	levels_map_curve(&in, &m);
	assert_int_equal(m.dram.state, DRAM_FOUND);
}

static void test_implausible_cache(void **state)
{
	(void)state;
	struct dram_verdict v;
	curve(64 * MIB, flat25);                  /* flat from 72 MiB; 508 MiB reported */
	levels_find_dram(&(struct levels_curve){ sweep, n, pl, count, 1 }, 508 * MIB, 3, 1, &v);
	assert_int_equal(v.state, DRAM_FOUND);
	assert_int_equal(v.reason, DRAM_BY_FLAT_END);
	assert_true(v.llc_implausible && v.rule_bytes == 0);
	assert_true(v.size_lo > 48 * MIB && v.value == 25);
	/* A sweep stopped inside L2 (one cache plateau before its flat end, three reported): plausible. */
	curve(256 * 1024, flat25);
	levels_find_dram(&(struct levels_curve){ sweep, n, pl, count, 1 }, 32 * MIB, 3, 1, &v);
	assert_false(v.llc_implausible);
	assert_int_equal(v.reason, DRAM_SHORT_OF_RULE);
	curve(64 * MIB, flat25);
	/* Nothing reported: the flat end alone, too. */
	levels_find_dram(&(struct levels_curve){ sweep, n, pl, count, 1 }, NAN, 3, 1, &v);
	assert_int_equal(v.reason, DRAM_BY_FLAT_END);
}

static void test_still_falling(void **state)
{
	(void)state;
	struct dram_verdict v;
	curve(256 * MIB, falling);
	levels_find_dram(&(struct levels_curve){ sweep, n, pl, count, 1 }, 508 * MIB, 3, 1, &v);
	assert_int_equal(v.state, DRAM_NOT_REACHED);
	assert_int_equal(v.reason, DRAM_STILL_FALLING);
	assert_true(v.end_rate == sweep[n - 1].best);
	/* And no plateau of it is DRAM: the caches are the three cache plateaus. */
	struct level_map m;
	levels_build_map(&(struct levels_curve){ sweep, n, pl, count, 1 }, &v, 1, &m);
	assert_int_equal(m.n, 4);
	assert_int_equal(m.span[3].id, MEM_DRAM);
	assert_false(m.span[3].has_roof);
	assert_true(m.span[2].hi <= 24 * MIB);
}

static void test_not_settled_and_no_cache(void **state)
{
	(void)state;
	struct dram_verdict v;
	curve(256 * MIB, flat25);
	levels_find_dram(&(struct levels_curve){ sweep, n, pl, count, 1 }, 8 * MIB, 3, 0, &v);
	assert_int_equal(v.reason, DRAM_NOT_SETTLED);
	/* One speed everywhere: nothing was left, no DRAM. */
	for (size_t i = 0; i < n; i++)
		sweep[i].best = 30;
	levels_find_dram(&(struct levels_curve){ sweep, n, pl, 0, 1 }, 8 * MIB, 3, 1, &v);
	assert_int_equal(v.reason, DRAM_NO_CACHE_LEVEL);
	levels_find_dram(&(struct levels_curve){ sweep, 0, pl, 0, 1 }, 8 * MIB, 3, 1, &v);
	assert_int_equal(v.reason, DRAM_NO_SWEEP);
}

static void test_one_level_rule(void **state)
{
	(void)state;
	struct dram_verdict v;
	struct level_map m;
	curve(256 * MIB, flat25);
	levels_find_dram(&(struct levels_curve){ sweep, n, pl, count, 1 }, 8 * MIB, 3, 1, &v);
	levels_build_map(&(struct levels_curve){ sweep, n, pl, count, 1 }, &v, 1, &m);
	assert_int_equal(m.n, 4);
	assert_true(m.span[3].has_roof);
	/* Inside a span, its level; in a transition, the nearer on a log axis; past the end, DRAM. */
	assert_int_equal(levels_of(&m, 16 * 1024)->id, MEM_L1);
	assert_int_equal(levels_of(&m, 8 * MIB)->id, MEM_L3);
	double gap_lo = m.span[1].hi, gap_hi = m.span[2].lo;
	assert_int_equal(levels_of(&m, gap_lo * 1.01)->id, MEM_L2);
	assert_int_equal(levels_of(&m, gap_hi / 1.01)->id, MEM_L3);
	assert_int_equal(levels_of(&m, 4096 * MIB)->id, MEM_DRAM);
	assert_null(levels_of(&m, 0));
	assert_int_equal(levels_parse("dram"), MEM_DRAM);
	assert_int_equal(levels_parse("L4"), MEM_LEVELS);
	assert_string_equal(levels_name(MEM_L2), "L2");
}

/*
 * docs/plan.md R6, the plan's rule for a working set in a fall: the level
 * before it, the faster, on either side of the fall's middle; inside a
 * range, that one; before the first, the first. levels_in_fall says the
 * fall and its two levels from a map, a working set inside a span or before
 * the first in none.
 */
static void test_a_fall_is_filed_with_the_faster_level(void **state)
{
	(void)state;
	/* L3 to 17 MiB, DRAM from 96 MiB: the fall's middle on a log axis is 40.4 MiB. */
	const double lo[] = { 12 * 1024.0, 66 * 1024.0, 768 * 1024.0, 96 * MIB };
	const double hi[] = { 33 * 1024.0, 272 * 1024.0, 17 * MIB, 4096 * MIB };
	double middle = sqrt(17 * MIB * 96 * MIB);
	assert_int_equal(levels_filed_range(lo, hi, 4, 24 * MIB), 2);
	assert_int_equal(levels_filed_range(lo, hi, 4, middle * 1.5), 2);
	assert_int_equal(levels_filed_range(lo, hi, 4, 96 * MIB), 3);
	assert_int_equal(levels_filed_range(lo, hi, 4, 8 * MIB), 2);
	assert_int_equal(levels_filed_range(lo, hi, 4, 4096.0), 0);
	assert_int_equal(levels_filed_range(lo, hi, 4, 8192 * MIB), 3);
	assert_int_equal(levels_filed_range(lo, hi, 0, 24 * MIB), -1);
	assert_int_equal(levels_filed_range(lo, hi, 4, 0), -1);

	struct level_map m;
	memset(&m, 0, sizeof m);
	for (size_t i = 0; i < 4; i++)
		m.span[m.n++] = (struct level_span){ (enum mem_level)i, lo[i], i == 3 ? INFINITY : hi[i], 1 };
	struct levels_fall f;
	/* Either side of the middle: the same fall; the nearest span differs, the fall does not. */
	assert_true(levels_in_fall(&m, 24 * MIB, &f));
	assert_int_equal(f.faster->id, MEM_L3);
	assert_int_equal(f.slower->id, MEM_DRAM);
	assert_int_equal(levels_of(&m, 24 * MIB)->id, MEM_L3);
	assert_true(levels_in_fall(&m, middle * 1.5, &f));
	assert_int_equal(f.faster->id, MEM_L3);
	assert_int_equal(levels_of(&m, middle * 1.5)->id, MEM_DRAM);
	assert_true(levels_in_fall(&m, 40 * 1024.0, &f));
	assert_int_equal(f.faster->id, MEM_L1);
	assert_int_equal(f.slower->id, MEM_L2);
	assert_false(levels_in_fall(&m, 8 * MIB, &f));
	assert_null(f.faster);
	assert_false(levels_in_fall(&m, 17 * MIB, &f));
	assert_false(levels_in_fall(&m, 4096.0, &f));
	assert_false(levels_in_fall(&m, 8192 * MIB, &f));
	assert_false(levels_in_fall(&m, 0, &f));
	/*
	 * A plateau the map names no level between L3 and DRAM (a slow tail,
	 * a fourth cache: 48 MiB .. 64 MiB): past its start the curve stopped
	 * falling; between the spans still, not in the fall.
	 */
	m.pl[0] = (struct fit_plateau){ .size_lo = 48 * MIB, .size_hi = 64 * MIB, .value = 30 };
	m.count = 1;
	assert_true(levels_in_fall(&m, 24 * MIB, &f));
	assert_false(levels_in_fall(&m, 72 * MIB, &f));
	assert_null(f.faster);
	assert_true(levels_between(&m, 72 * MIB, &f));
	assert_int_equal(f.faster->id, MEM_L3);
	assert_int_equal(f.slower->id, MEM_DRAM);
}

/* A plateau of the fit, by its sizes (KiB, working set) and its rate (GB/s). */
static struct fit_plateau plateau(size_t first, size_t last, double lo_kib, double hi_kib, double gbs)
{
	return (struct fit_plateau){ .first = first, .last = last, .size_lo = lo_kib * 1024, .size_hi = hi_kib * 1024,
				     .value = gbs, .median = 0.97 * gbs, .lo = 0.95 * gbs, .hi = gbs,
				     .best_lo = 0.98 * gbs, .best_hi = gbs, .samples = (int)(last - first + 1) };
}

/*
 * The curve of a 2-core Intel VM (L1d 48 KiB, L2 2 MiB, L3 480 MiB
 * reported): L1, an L2 at 112 GB/s to 768 KiB and its tail at 80 from 1 to
 * 1.5 MiB, the L3 at 30 from 3 to 48 MiB, then DRAM. The tail ends within
 * the reported L2: it is the L2, and the third cache plateau is the L3.
 * Without the reported sizes nothing is merged; a team of two has twice
 * each core's L2, so its tail at 2-3 MiB is its L2 too; an L3 reported
 * implausibly large merges nothing into it.
 */
static void test_a_level_tail_is_that_level(void **state)
{
	(void)state;
	const struct fit_plateau curve1[] = {
		plateau(0, 3, 12, 34, 410), plateau(5, 12, 68, 768, 112), plateau(13, 14, 1086, 1536, 80),
		plateau(16, 23, 3072, 49152, 30), plateau(26, 30, 1572864, 2224365, 14),
	};
	struct fit_plateau tails[FIT_MAX_PLATEAUS];
	const double reported[LEVELS_CACHE_LEVELS] = { 48 * 1024, 2 * 1048576, 480.0 * 1048576 };
	double use[LEVELS_CACHE_LEVELS];
	memcpy(tails, curve1, sizeof curve1);
	size_t ncache = 4;
	levels_reported_for(reported, NULL, 1, 1, use);
	assert_true(use[MEM_L3] == 0 && use[MEM_L2] == 2 * 1048576);
	size_t merged = levels_merge_tails(tails, 5, &ncache, use, 1, 3);
	assert_int_equal(merged, 4);
	assert_int_equal(ncache, 3);
	assert_true(tails[1].size_lo == 68 * 1024 && tails[1].size_hi == 1536 * 1024);
	assert_true(tails[1].value == 112 && tails[1].median == 0.97 * 112);
	assert_true(tails[1].lo == 0.95 * 80 && tails[1].first == 5 && tails[1].last == 14);
	assert_int_equal(tails[1].samples, 8 + 2);
	assert_true(tails[2].value == 30 && tails[3].value == 14);
	/* Four levels reported (an L4 past them): four cache plateaus are four levels, no tail (R5). */
	memcpy(tails, curve1, sizeof curve1);
	ncache = 4;
	assert_int_equal(levels_merge_tails(tails, 5, &ncache, use, 1, 4), 5);
	assert_true(ncache == 4 && tails[2].value == 80);
	/* Nothing reported: the plateaus as measured. */
	memcpy(tails, curve1, sizeof curve1);
	ncache = 4;
	const double none[LEVELS_CACHE_LEVELS] = { 0, 0, 0 };
	assert_int_equal(levels_merge_tails(tails, 5, &ncache, none, 1, 0), 5);
	assert_true(tails[2].value == 80);
	/* Two threads: the same curve at twice the working sets, twice each core's L2. */
	memcpy(tails, curve1, sizeof curve1);
	for (size_t i = 0; i < 5; i++) {
		tails[i].size_lo *= 2;
		tails[i].size_hi *= 2;
	}
	ncache = 4;
	levels_reported_for(reported, NULL, 2, 1, use);
	assert_int_equal(levels_merge_tails(tails, 5, &ncache, use, 2, 3), 4);
	assert_true(tails[1].size_hi == 2 * 1536 * 1024);
	/* A plausible L3 of 64 MiB: a plateau ending within it after the L3 is the L3's. */
	const struct fit_plateau curve2[] = {
		plateau(0, 3, 12, 34, 410), plateau(5, 12, 68, 1536, 112), plateau(16, 19, 3072, 8192, 30),
		plateau(20, 23, 16384, 49152, 24), plateau(26, 30, 1572864, 2224365, 14),
	};
	memcpy(tails, curve2, sizeof curve2);
	ncache = 4;
	const double plausible[LEVELS_CACHE_LEVELS] = { 48 * 1024, 2 * 1048576, 64.0 * 1048576 };
	levels_reported_for(plausible, NULL, 1, 0, use);
	assert_int_equal(levels_merge_tails(tails, 5, &ncache, use, 1, 3), 4);
	assert_true(tails[2].size_lo == 3072 * 1024 && tails[2].size_hi == 49152 * 1024 && tails[2].value == 30);
	/* The last plateau (DRAM) is never merged: only the first ncache are caches. */
	assert_true(tails[3].value == 14);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_a_level_tail_is_that_level),
		cmocka_unit_test(test_flat_end_by_stream_rule),
		cmocka_unit_test(test_a_fall_is_filed_with_the_faster_level),
		cmocka_unit_test(test_short_of_rule),
		cmocka_unit_test(test_implausible_cache),
		cmocka_unit_test(test_memory_short_of_the_rule),
		cmocka_unit_test(test_still_falling),
		cmocka_unit_test(test_not_settled_and_no_cache),
		cmocka_unit_test(test_one_level_rule),
		cmocka_unit_test(test_flat_with_noise),
		cmocka_unit_test(test_still_falling_with_noise),
		cmocka_unit_test(test_falling_slowly_within_noise),
		cmocka_unit_test(test_one_size_obeys_rule),
		cmocka_unit_test(test_a_teams_arrays_a_line_a_thread_short_obey),
		cmocka_unit_test(test_vm_508_mib_flat_past_64),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
