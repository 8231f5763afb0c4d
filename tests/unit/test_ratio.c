/*
 * test_ratio.c - ratio.c: the ratio of medians and its bootstrap interval on
 * samples whose interval can be worked out by hand (see each comment).
 */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include "ratio.h"
#include "stats.h"

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

#define assert_near(actual, expected, tol) do { \
	double a_ = (actual), e_ = (expected); \
	if (!(fabs(a_ - e_) <= (tol))) \
		fail_msg("%s = %.17g, expected %.17g (+-%g)", #actual, a_, e_, (double)(tol)); \
} while (0)

static struct ratio_sample one(const double *x, size_t n)
{
	struct ratio_sample s = { x, n, NULL, 0 };
	return s;
}

/*
 * A is constant, so every resampled ratio is B's resampled median / 1. A
 * resample of three values from {1.9, 2, 2.1} has median 1.9 when at least two
 * draws are 1.9: probability 7/27 (0.26), likewise 2.1; so the 2.5 % and
 * 97.5 % quantiles of 2000 ratios are 1.9 and 2.1 (a shortfall below 2.5 %
 * of 2000 draws at probability 0.26 does not happen).
 */
static void test_known_interval(void **state)
{
	const double a[] = { 1, 1, 1, 1, 1 }, b[] = { 2.1, 1.9, 2.0 };
	struct ratio_sample sa = one(a, 5), sb = one(b, 3);
	struct ratio_interval r;
	(void)state;
	assert_int_equal(ratio_of_medians(&sa, &sb, RATIO_REPS, RATIO_LEVEL, RATIO_SEED, &r), 0);
	assert_near(r.a, 1.0, 0);
	assert_near(r.b, 2.0, 0);
	assert_near(r.ratio, 2.0, 0);
	assert_near(r.lo, 1.9, 1e-15);
	assert_near(r.hi, 2.1, 1e-15);
}

/*
 * An even count: a resample of {2, 2, 4, 4} has median 2 (three or four
 * twos, 5/16), 3 (two of each, 6/16) or 4 (5/16); A is {1}. The interval is
 * [2, 4]; a median taken as the upper middle value alone would give [2, 4]
 * too, so the ratio of the full samples must be the mean of the middle: 3.
 */
static void test_even_counts(void **state)
{
	const double a[] = { 1 }, b[] = { 4, 2, 4, 2 };
	struct ratio_sample sa = one(a, 1), sb = one(b, 4);
	struct ratio_interval r;
	(void)state;
	assert_int_equal(ratio_of_medians(&sa, &sb, RATIO_REPS, RATIO_LEVEL, RATIO_SEED, &r), 0);
	assert_near(r.ratio, 3.0, 0);
	assert_near(r.lo, 2.0, 1e-15);
	assert_near(r.hi, 4.0, 1e-15);
}

/*
 * Strata: A holds a size at 1 and one at 10 (three timings each), B the same
 * sizes at 2 and 20. Redrawn within each size, every resample of A has
 * median (1 + 10) / 2 = 5.5 and of B 11: the interval is [2, 2] exactly.
 * Pooled without strata, a resample of all small sizes would give other ratios.
 */
static void test_strata_keep_the_mix(void **state)
{
	const double a[] = { 1, 1, 1, 10, 10, 10 }, b[] = { 2, 2, 2, 20, 20, 20 };
	const size_t len[] = { 3, 3 };
	struct ratio_sample sa = { a, 6, len, 2 }, sb = { b, 6, len, 2 };
	struct ratio_interval r;
	(void)state;
	assert_int_equal(ratio_of_medians(&sa, &sb, RATIO_REPS, RATIO_LEVEL, RATIO_SEED, &r), 0);
	assert_near(r.a, 5.5, 0);
	assert_near(r.b, 11.0, 0);
	assert_near(r.lo, 2.0, 0);
	assert_near(r.hi, 2.0, 0);
	/* The same values as one stratum: resamples change the mix, the interval widens. */
	sa = one(a, 6);
	sb = one(b, 6);
	assert_int_equal(ratio_of_medians(&sa, &sb, RATIO_REPS, RATIO_LEVEL, RATIO_SEED, &r), 0);
	assert_true(r.lo < 1.0 && r.hi > 4.0);
}

/*
 * 45 timings each with +-3 % of noise: B 10 % faster gives an interval inside
 * (1.03, 1.17) that excludes 1; B a reordering of A gives one around 1.
 * The same call twice gives the same interval (a fixed seed).
 */
static void test_shift_and_no_shift(void **state)
{
	double a[45], b[45], c[45];
	struct ratio_interval r, r2;
	(void)state;
	for (size_t i = 0; i < 45; i++) {
		a[i] = 10 * (1 + 0.03 * sin((double)i));
		b[i] = 11 * (1 + 0.03 * cos(3.0 * (double)i));
	}
	for (size_t i = 0; i < 45; i++)
		c[i] = a[(i * 7) % 45];   /* a permutation: 7 and 45 are coprime */
	struct ratio_sample sa = one(a, 45), sb = one(b, 45), sc = one(c, 45);
	assert_int_equal(ratio_of_medians(&sa, &sb, RATIO_REPS, RATIO_LEVEL, RATIO_SEED, &r), 0);
	assert_true(r.lo > 1.03 && r.hi < 1.17 && r.lo <= r.ratio && r.ratio <= r.hi);
	assert_int_equal(ratio_of_medians(&sa, &sb, RATIO_REPS, RATIO_LEVEL, RATIO_SEED, &r2), 0);
	assert_true(r.lo == r2.lo && r.hi == r2.hi);
	assert_int_equal(ratio_of_medians(&sa, &sc, RATIO_REPS, RATIO_LEVEL, RATIO_SEED, &r), 0);
	assert_near(r.ratio, 1.0, 0);
	assert_true(r.lo < 1.0 && r.hi > 1.0 && r.lo > 0.97 && r.hi < 1.03);
}

/* The bootstrap's generator as ratio.c draws from it (splitmix64, an index by modulo). */
static uint64_t ref_next(uint64_t *st)
{
	uint64_t z = (*st += UINT64_C(0x9e3779b97f4a7c15));
	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

/* One resample of x[0..n) into out, sorted: the type 7 quantile at p of it. */
static double ref_resampled(const double *x, size_t n, uint64_t *st, double p)
{
	double out[16];
	for (size_t i = 0; i < n; i++)
		out[i] = x[ref_next(st) % n];
	return stats_quantile(out, n, p);
}

/*
 * The resampled medians and 90th percentiles are those of each resample
 * itself, bit for bit: the bootstrap redone here by sorting every resample
 * (an even count, whose median is the mean of the middle two, an odd one,
 * and a 90th percentile between two ranks) gives the same interval ends.
 */
static void test_resamples_are_read_exactly(void **state)
{
	const double a[] = { 5.5, 1.25, 3, 8, 2.75, 6.5 }, b[] = { 9, 4.5, 7.25, 1.5, 6, 3.5, 8.75 };
	enum { REPS = 400 };
	double r[REPS], q[REPS];
	(void)state;
	uint64_t st = RATIO_SEED;
	for (int i = 0; i < REPS; i++) {
		double ma = ref_resampled(a, 6, &st, 0.5);
		r[i] = ref_resampled(b, 7, &st, 0.5) / ma;
	}
	struct ratio_sample sa = one(a, 6), sb = one(b, 7);
	struct ratio_interval iv;
	assert_int_equal(ratio_of_medians(&sa, &sb, REPS, RATIO_LEVEL, RATIO_SEED, &iv), 0);
	assert_true(iv.lo == stats_quantile(r, REPS, 0.025) && iv.hi == stats_quantile(r, REPS, 0.975));
	/* Unpaired fractions: each side's points, then its roofs; the fast fraction at the 90th percentile. */
	const double ra[] = { 10, 12, 11, 13, 9 }, rb[] = { 20, 22, 21 };
	st = RATIO_SEED;
	for (int i = 0; i < REPS; i++) {
		double fa = ref_resampled(a, 6, &st, 0.9);
		fa /= ref_resampled(ra, 5, &st, 0.9);
		double fb = ref_resampled(b, 7, &st, 0.9);
		q[i] = fb / ref_resampled(rb, 3, &st, 0.9) / fa;
	}
	struct ratio_fraction fa = { a, ra, 6, 5, 0, NULL }, fb = { b, rb, 7, 3, 0, NULL };
	struct ratio_relative rel;
	assert_int_equal(ratio_of_fractions(&fa, &fb, REPS, RATIO_LEVEL, RATIO_SEED, &rel), 0);
	assert_true(rel.fast_lo == stats_quantile(q, REPS, 0.025) && rel.fast_hi == stats_quantile(q, REPS, 0.975));
}

static void test_bad_input(void **state)
{
	const double a[] = { 1, 2 }, z[] = { 0, 0, 1 };
	const size_t bad_len[] = { 1, 2 }, empty_len[] = { 2, 0 };
	struct ratio_sample sa = one(a, 2), s0 = one(a, 0), sz = one(z, 3);
	struct ratio_sample sbad = { a, 2, bad_len, 2 }, sempty = { a, 2, empty_len, 2 };
	struct ratio_interval r;
	(void)state;
	assert_int_equal(ratio_of_medians(&sa, &s0, RATIO_REPS, RATIO_LEVEL, 1, &r), -1);
	assert_true(isnan(r.ratio) && isnan(r.lo) && isnan(r.hi));
	assert_int_equal(ratio_of_medians(&sa, &sz, RATIO_REPS, RATIO_LEVEL, 1, &r), -1);
	assert_int_equal(ratio_of_medians(&sa, &sbad, RATIO_REPS, RATIO_LEVEL, 1, &r), -1);
	assert_int_equal(ratio_of_medians(&sa, &sempty, RATIO_REPS, RATIO_LEVEL, 1, &r), -1);
	assert_int_equal(ratio_of_medians(&sa, &sa, 0, RATIO_LEVEL, 1, &r), -1);
	assert_int_equal(ratio_of_medians(&sa, &sa, RATIO_REPS, 1.0, 1, &r), -1);
}

/*
 * Pairing: the machine's noise hits a point and its roof alike in one
 * trial. Point = 0.5 x roof in every trial, the roof swinging by +-20 %: the
 * per-trial quotient is exactly 0.5, so both fractions are 0.5 and rel's
 * interval is [1, 1]. Taken unpaired, the same numbers give an interval
 * wider than 10 % either way.
 */
static void test_pairing_cancels_common_noise(void **state)
{
	const double roof[] = { 100, 120, 80, 110, 90, 100, 120, 80, 95, 105 };
	double point[10];
	(void)state;
	for (int i = 0; i < 10; i++)
		point[i] = 0.5 * roof[i];
	struct ratio_fraction fa = { point, roof, 10, 10, 1, NULL };
	struct ratio_fraction fb = { point + 5, roof + 5, 5, 5, 1, NULL };
	struct ratio_relative r;
	assert_int_equal(ratio_of_fractions(&fa, &fb, RATIO_REPS, RATIO_LEVEL, RATIO_SEED, &r), 0);
	assert_near(r.fa, 0.5, 1e-15);
	assert_near(r.fb, 0.5, 1e-15);
	assert_near(r.rel, 1, 1e-15);
	assert_near(r.lo, 1, 1e-15);
	assert_near(r.hi, 1, 1e-15);
	fa.paired = fb.paired = 0;
	assert_int_equal(ratio_of_fractions(&fa, &fb, RATIO_REPS, RATIO_LEVEL, RATIO_SEED, &r), 0);
	assert_true(r.lo < 0.9 && r.hi > 1.1);
}

/*
 * The fast fraction: each side's 90th percentile over its roof's, not the
 * quotients' (type 7). A: point 10.0 .. 10.9 (p90 10.81) over roof all
 * 20: 0.5405. B: the same points, but the roof is slow (10) in the trials
 * whose point is slow: the quotients' fast end would be about 1.04, the
 * sides' own fast ends give 10.81 / 20 again. The interval holds the
 * ratio, and with every point of B 20 % slower, excludes 1.
 */
static void test_fast_fraction(void **state)
{
	double pa[10], ra[10], rb[10], pb[10];
	(void)state;
	for (int i = 0; i < 10; i++) {
		pa[i] = 10 + 0.1 * i;
		ra[i] = 20;
		rb[i] = i < 5 ? 10 : 20;
		pb[i] = 0.8 * pa[i];
	}
	struct ratio_fraction fa = { pa, ra, 10, 10, 1, NULL }, fb = { pa, rb, 10, 10, 1, NULL };
	struct ratio_relative r;
	assert_int_equal(ratio_of_fractions(&fa, &fb, RATIO_REPS, RATIO_LEVEL, RATIO_SEED, &r), 0);
	assert_near(r.a_fast, 0.5405, 1e-12);
	assert_near(r.b_fast, 0.5405, 1e-12);
	assert_true(r.fast_lo <= 1 && 1 <= r.fast_hi);
	fb.point = pb;
	fb.roof = ra;
	assert_int_equal(ratio_of_fractions(&fa, &fb, RATIO_REPS, RATIO_LEVEL, RATIO_SEED, &r), 0);
	assert_near(r.b_fast / r.a_fast, 0.8, 1e-12);
	assert_true(r.fast_lo <= 0.8 && 0.8 <= r.fast_hi && r.fast_hi < 1);
	fb.npoint = 0;
	assert_int_equal(ratio_of_fractions(&fa, &fb, RATIO_REPS, RATIO_LEVEL, RATIO_SEED, &r), -1);
	assert_true(isnan(r.a_fast) && isnan(r.b_fast) && isnan(r.fast_lo) && isnan(r.fast_hi));
}

/*
 * Unpaired: median(point) / median(roof) on each side. A: point {1, 2, 3}
 * over roof {4}: 0.5. B: point {3} over roof {2, 6}: 0.75. rel 1.5.
 */
static void test_unpaired_fraction(void **state)
{
	const double pa[] = { 1, 2, 3 }, ra[] = { 4 }, pb[] = { 3 }, rb[] = { 2, 6 };
	struct ratio_fraction fa = { pa, ra, 3, 1, 0, NULL }, fb = { pb, rb, 1, 2, 0, NULL };
	struct ratio_relative r;
	(void)state;
	assert_int_equal(ratio_of_fractions(&fa, &fb, RATIO_REPS, RATIO_LEVEL, RATIO_SEED, &r), 0);
	assert_near(r.fa, 0.5, 1e-15);
	assert_near(r.fb, 0.75, 1e-15);
	assert_near(r.rel, 1.5, 1e-15);
	assert_true(r.lo <= r.rel && r.rel <= r.hi);
}

/*
 * Passes as blocks: A's fraction is 0.50 in all 20 trials of pass 1, 0.55
 * in pass 2 and 0.60 in pass 3 (a machine drifting between passes); B's is
 * 0.55. Resampling trials alone, the median of 60 draws lands on 0.55 but
 * for a chance far below 2.5 % (31 or more draws from one outer pass), so
 * the interval is [1, 1]: the drift is taken for nothing. Resampling passes
 * first, two or three of the three draws are pass 3 with probability 7/27,
 * likewise pass 1, so the interval spans 0.55/0.60 .. 0.55/0.50.
 */
static void test_blocks_hold_the_drift(void **state)
{
	double point[60], roof[60], pointb[5], roofb[5];
	int block[60];
	(void)state;
	for (int i = 0; i < 60; i++) {
		roof[i] = 100;
		point[i] = 100 * (0.50 + 0.05 * (i / 20));
		block[i] = 1 + i / 20;
	}
	for (int i = 0; i < 5; i++) {
		roofb[i] = 100;
		pointb[i] = 55;
	}
	struct ratio_fraction fa = { point, roof, 60, 60, 1, block }, fb = { pointb, roofb, 5, 5, 1, NULL };
	struct ratio_relative r;
	assert_int_equal(ratio_of_fractions(&fa, &fb, RATIO_REPS, RATIO_LEVEL, RATIO_SEED, &r), 0);
	assert_near(r.rel, 1, 1e-12);
	assert_near(r.lo, 0.55 / 0.60, 1e-12);
	assert_near(r.hi, 0.55 / 0.50, 1e-12);
	fa.block = NULL;
	assert_int_equal(ratio_of_fractions(&fa, &fb, RATIO_REPS, RATIO_LEVEL, RATIO_SEED, &r), 0);
	assert_near(r.lo, 1, 1e-12);
	assert_near(r.hi, 1, 1e-12);
}

/* Student's t at 97.5 % against the tables (Fisher and Yates): exact at 1 and 2, 0.001 from 3 on. */
static void test_t_quantile(void **state)
{
	const struct { unsigned df; double t; } table[] = {
		{ 1, 12.706 }, { 2, 4.303 }, { 3, 3.182 }, { 4, 2.776 }, { 6, 2.447 }, { 10, 2.228 }, { 30, 2.042 },
	};
	(void)state;
	for (size_t i = 0; i < ARRAY_LEN(table); i++)
		assert_near(ratio_t_quantile(0.975, table[i].df), table[i].t, table[i].df < 3 ? 0.0005 : 0.001);
	assert_near(ratio_t_quantile(0.95, 4), 2.132, 0.002);
}

/*
 * Passes that disagree: A's fraction is 1 in every trial of its three
 * passes; B's is 0.86 in pass 1 and 0.94 in passes 2 and 3 (20 trials
 * each). Drawing passes and trials, B's median is 0.94 unless two or three
 * of the three drawn passes are pass 1 (7/27), so the bootstrap's interval
 * is [0.86, 0.94] and excludes 1. Over the passes, ln 0.86 and twice
 * ln 0.94 have a pooled variance (A's is 0) of ss / 4, ss = 2/3 (ln 0.86 -
 * ln 0.94)^2; se = sqrt(ss / 4 * 2/3), and rel = 0.94 (the pooled median)
 * times exp(+-2.776 se) reaches past 1: the passes say a move of 6 % is
 * within what they differ by.
 */
static void test_passes_widen(void **state)
{
	double point[60], roof[60], pointb[60], roofb[60];
	int block[60];
	(void)state;
	for (int i = 0; i < 60; i++) {
		roof[i] = roofb[i] = 100;
		point[i] = 100;
		pointb[i] = i < 20 ? 86 : 94;
		block[i] = 1 + i / 20;
	}
	struct ratio_fraction fa = { point, roof, 60, 60, 1, block }, fb = { pointb, roofb, 60, 60, 1, block };
	struct ratio_relative r;
	assert_int_equal(ratio_of_fractions(&fa, &fb, RATIO_REPS, RATIO_LEVEL, RATIO_SEED, &r), 0);
	double d = log(0.86) - log(0.94), se = sqrt(2.0 / 3 * d * d / 4 * 2.0 / 3);
	assert_near(r.rel, 0.94, 1e-12);
	assert_near(r.pass_lo, 0.94 * exp(-ratio_t_quantile(0.975, 4) * se), 1e-9);
	assert_near(r.pass_hi, 0.94 * exp(ratio_t_quantile(0.975, 4) * se), 1e-9);
	assert_true(r.pass_hi > 1);
	/* The wider of the two: the bootstrap's 0.86 below, the passes' end above. */
	assert_near(r.lo, 0.86, 1e-12);
	assert_near(r.hi, r.pass_hi, 0);
	/* Trials alone (no passes): the interval is the bootstrap's, [0.86, 0.94]. */
	fa.block = fb.block = NULL;
	assert_int_equal(ratio_of_fractions(&fa, &fb, RATIO_REPS, RATIO_LEVEL, RATIO_SEED, &r), 0);
	assert_true(isnan(r.pass_lo) && isnan(r.pass_hi));
	assert_true(r.hi < 1);
}

/* The quartiles of each run's per-trial fractions: paired quotients, or points over the roof's median. */
static void test_trial_quartiles(void **state)
{
	const double pa[] = { 10, 20, 30, 40, 50 }, ra[] = { 100, 100, 100, 100, 100 };
	const double pb[] = { 5, 6, 7 }, rb[] = { 10, 10, 20, 20, 20 };
	struct ratio_fraction fa = { pa, ra, 5, 5, 1, NULL }, fb = { pb, rb, 3, 5, 0, NULL };
	struct ratio_relative r;
	(void)state;
	assert_int_equal(ratio_of_fractions(&fa, &fb, RATIO_REPS, RATIO_LEVEL, RATIO_SEED, &r), 0);
	assert_near(r.a_q1, 0.2, 1e-12);
	assert_near(r.a_q3, 0.4, 1e-12);
	assert_near(r.b_q1, 0.275, 1e-12);   /* 5.5 / 20 */
	assert_near(r.b_q3, 0.325, 1e-12);   /* 6.5 / 20 */
	/* The 10th and 90th percentiles, type 7 as the quartiles. */
	assert_near(r.a_p10, 0.14, 1e-12);
	assert_near(r.a_p90, 0.46, 1e-12);
	assert_near(r.b_p10, 0.26, 1e-12);   /* 5.2 / 20 */
	assert_near(r.b_p90, 0.34, 1e-12);   /* 6.8 / 20 */
}

static void test_fraction_bad_input(void **state)
{
	const double x[] = { 1, 2, 3 }, z[] = { 1, 0, 1 };
	struct ratio_fraction ok = { x, x, 3, 3, 1, NULL }, uneven = { x, x, 3, 2, 1, NULL };
	struct ratio_fraction zero = { x, z, 3, 3, 1, NULL }, empty = { x, x, 0, 3, 0, NULL };
	struct ratio_relative r;
	(void)state;
	assert_int_equal(ratio_of_fractions(&ok, &uneven, RATIO_REPS, RATIO_LEVEL, 1, &r), -1);
	assert_true(isnan(r.rel) && isnan(r.lo) && isnan(r.hi) && isnan(r.fa));
	assert_true(isnan(r.a_q1) && isnan(r.a_p10) && isnan(r.b_p90));
	assert_int_equal(ratio_of_fractions(&ok, &zero, RATIO_REPS, RATIO_LEVEL, 1, &r), -1);
	assert_int_equal(ratio_of_fractions(&empty, &ok, RATIO_REPS, RATIO_LEVEL, 1, &r), -1);
	assert_int_equal(ratio_of_fractions(&ok, &ok, 0, RATIO_LEVEL, 1, &r), -1);
	assert_int_equal(ratio_of_fractions(&ok, &ok, RATIO_REPS, 0, 1, &r), -1);
	assert_int_equal(ratio_of_fractions(&ok, &ok, RATIO_REPS, RATIO_LEVEL, 1, &r), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_known_interval),
		cmocka_unit_test(test_even_counts),
		cmocka_unit_test(test_strata_keep_the_mix),
		cmocka_unit_test(test_shift_and_no_shift),
		cmocka_unit_test(test_resamples_are_read_exactly),
		cmocka_unit_test(test_bad_input),
		cmocka_unit_test(test_pairing_cancels_common_noise),
		cmocka_unit_test(test_unpaired_fraction),
		cmocka_unit_test(test_fast_fraction),
		cmocka_unit_test(test_blocks_hold_the_drift),
		cmocka_unit_test(test_t_quantile),
		cmocka_unit_test(test_passes_widen),
		cmocka_unit_test(test_trial_quartiles),
		cmocka_unit_test(test_fraction_bad_input),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
