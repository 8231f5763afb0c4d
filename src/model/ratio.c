/*
 * ratio.c - the ratio of two samples' medians with its bootstrap interval,
 * pure (see ratio.h).
 */
#include "ratio.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"
#include "util.h"

/* splitmix64: small, fast, and the same sequence on every platform. */
static uint64_t next_u64(uint64_t *state)
{
	uint64_t z = (*state += UINT64_C(0x9e3779b97f4a7c15));
	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

/* A uniform index below n (n > 0); the modulo bias is below 1e-15 for any sample here. */
static size_t draw(uint64_t *state, size_t n)
{
	return (size_t)(next_u64(state) % n);
}

static void swap(double *x, size_t i, size_t j)
{
	double t = x[i];
	x[i] = x[j];
	x[j] = t;
}

/* Wirth's selection: afterwards x[k] is the k-th smallest, x[0..k) <= x[k] <= x(k..n). */
static void select_kth(double *x, size_t n, size_t k)
{
	long lo = 0, hi = (long)n - 1, kk = (long)k;
	while (lo < hi) {
		double pivot = x[kk];
		long i = lo, j = hi;
		do {
			while (x[i] < pivot)
				i++;
			while (pivot < x[j])
				j--;
			if (i <= j) {
				swap(x, (size_t)i, (size_t)j);
				i++;
				j--;
			}
		} while (i <= j);
		if (j < kk)
			lo = i;
		if (kk < i)
			hi = j;
	}
}

/* The median of x[0..n), n > 0, reordering x: O(n) where sorting a resample would be O(n log n). */
static double median_inplace(double *x, size_t n)
{
	size_t k = n / 2;
	select_kth(x, n, k);
	if (n % 2)
		return x[k];
	double below = x[0];
	for (size_t i = 1; i < k; i++)
		if (x[i] > below)
			below = x[i];
	return 0.5 * (below + x[k]);
}

/*
 * A sample ranked once, so that a resample's order statistics cost a
 * count and a scan of the ranks, not a selection over the resample (the
 * bootstrap was two thirds of a compare of two 90-point runs): value k of
 * the sample is sorted[rank[k]]; count[] holds how often each rank was
 * drawn in the resample in hand, m draws in all. The order statistics, and
 * so every median and quantile, are those of the resample itself, bit for
 * bit.
 */
struct ranked {
	size_t n, m;
	double *sorted;
	size_t *rank;
	size_t *count;
};

struct ranked_pair {
	double v;
	size_t k;
};

static int cmp_ranked_pair(const void *x, const void *y)
{
	double a = ((const struct ranked_pair *)x)->v, b = ((const struct ranked_pair *)y)->v;
	return (a > b) - (a < b);
}

/* v(k) for k < n: values[k], or values[k] / over[k] (over non-NULL). */
static void ranked_init(struct ranked *r, const double *values, const double *over, size_t n)
{
	struct ranked_pair *p = xmalloc((n ? n : 1) * sizeof *p);
	for (size_t k = 0; k < n; k++)
		p[k] = (struct ranked_pair){ over ? values[k] / over[k] : values[k], k };
	qsort(p, n, sizeof *p, cmp_ranked_pair);
	r->n = n;
	r->m = 0;
	r->sorted = xmalloc((n ? n : 1) * sizeof *r->sorted);
	r->rank = xmalloc((n ? n : 1) * sizeof *r->rank);
	r->count = xcalloc(n ? n : 1, sizeof *r->count);
	for (size_t i = 0; i < n; i++) {
		r->sorted[i] = p[i].v;
		r->rank[p[i].k] = i;
	}
	free(p);
}

static void ranked_free(struct ranked *r)
{
	free(r->sorted);
	free(r->rank);
	free(r->count);
}

static void ranked_clear(struct ranked *r)
{
	memset(r->count, 0, r->n * sizeof *r->count);
	r->m = 0;
}

static void ranked_draw(struct ranked *r, size_t k)
{
	r->count[r->rank[k]]++;
	r->m++;
}

/* The j-th smallest of the resample (from 0) and the one after it (itself at the last). */
static void ranked_at(const struct ranked *r, size_t j, double *xj, double *next)
{
	size_t seen = 0, i = 0;
	while (seen + r->count[i] <= j)
		seen += r->count[i++];
	*xj = r->sorted[i];
	if (j + 1 < seen + r->count[i] || j + 1 >= r->m) {
		*next = *xj;
		return;
	}
	while (r->count[++i] == 0)
		;
	*next = r->sorted[i];
}

/* As median_inplace over the resample. */
static double ranked_median(const struct ranked *r)
{
	double below, at;
	if (r->m % 2) {
		ranked_at(r, r->m / 2, &at, &below);
		return at;
	}
	ranked_at(r, r->m / 2 - 1, &below, &at);
	return 0.5 * (below + at);
}

/* As quantile_inplace (type 7) over the resample. */
static double ranked_quantile(const struct ranked *r, double p)
{
	double h = (double)(r->m - 1) * p, at, above;
	size_t k = (size_t)h;
	ranked_at(r, k, &at, &above);
	if (k + 1 >= r->m)
		return at;
	return at + (h - (double)k) * (above - at);
}

static int sample_ok(const struct ratio_sample *s)
{
	if (!s || !s->x || s->n == 0)
		return 0;
	if (!s->len)
		return 1;
	size_t sum = 0;
	for (size_t i = 0; i < s->nstrata; i++) {
		if (s->len[i] == 0)
			return 0;
		sum += s->len[i];
	}
	return s->nstrata > 0 && sum == s->n;
}

/* One resample of s (n values, ranked in r): each stratum redrawn from itself. */
static void resample(const struct ratio_sample *s, struct ranked *r, uint64_t *state)
{
	ranked_clear(r);
	if (!s->len) {
		for (size_t i = 0; i < s->n; i++)
			ranked_draw(r, draw(state, s->n));
		return;
	}
	size_t at = 0;
	for (size_t k = 0; k < s->nstrata; k++) {
		for (size_t i = 0; i < s->len[k]; i++)
			ranked_draw(r, at + draw(state, s->len[k]));
		at += s->len[k];
	}
}

int ratio_of_medians(const struct ratio_sample *a, const struct ratio_sample *b, unsigned reps,
		     double level, uint64_t seed, struct ratio_interval *out)
{
	out->a = out->b = out->ratio = out->lo = out->hi = NAN;
	if (!sample_ok(a) || !sample_ok(b) || reps == 0 || !(level > 0 && level < 1))
		return -1;
	double ma = stats_median(a->x, a->n), mb = stats_median(b->x, b->n);
	if (!(ma > 0) || !(mb > 0) || !isfinite(ma) || !isfinite(mb))
		return -1;
	struct ranked ra, rb;
	ranked_init(&ra, a->x, NULL, a->n);
	ranked_init(&rb, b->x, NULL, b->n);
	double *r = xmalloc(reps * sizeof *r);
	uint64_t state = seed;
	for (unsigned i = 0; i < reps; i++) {
		resample(a, &ra, &state);
		resample(b, &rb, &state);
		r[i] = ranked_median(&rb) / ranked_median(&ra);
	}
	out->a = ma;
	out->b = mb;
	out->ratio = mb / ma;
	out->lo = stats_quantile(r, reps, (1 - level) / 2);
	out->hi = stats_quantile(r, reps, 1 - (1 - level) / 2);
	ranked_free(&ra);
	ranked_free(&rb);
	free(r);
	return 0;
}

static int fraction_ok(const struct ratio_fraction *f)
{
	if (!f || !f->point || !f->roof || f->npoint == 0 || f->nroof == 0)
		return 0;
	if (f->paired && f->npoint != f->nroof)
		return 0;
	for (size_t i = 0; i < f->npoint; i++)
		if (!(f->point[i] > 0) || !isfinite(f->point[i]))
			return 0;
	for (size_t i = 0; i < f->nroof; i++)
		if (!(f->roof[i] > 0) || !isfinite(f->roof[i]))
			return 0;
	return 1;
}

/*
 * One run's fraction sample, ranked for the bootstrap: its pairs'
 * quotients (paired), its points and its roofs (each alone), and its
 * passes (the runs of equal block[] values, paired with blocks).
 */
struct frac_boot {
	const struct ratio_fraction *f;
	struct ranked q, p, r;
	size_t nb, *bstart, *blen;
};

static void frac_boot_init(struct frac_boot *b, const struct ratio_fraction *f)
{
	b->f = f;
	ranked_init(&b->q, f->point, f->paired ? f->roof : NULL, f->paired ? f->npoint : 0);
	ranked_init(&b->p, f->point, NULL, f->npoint);
	ranked_init(&b->r, f->roof, NULL, f->nroof);
	b->nb = 0;
	b->bstart = xmalloc((f->npoint ? f->npoint : 1) * sizeof *b->bstart);
	b->blen = xcalloc(f->npoint ? f->npoint : 1, sizeof *b->blen);
	for (size_t i = 0; f->paired && f->block && i < f->npoint; i++) {
		if (i == 0 || f->block[i] != f->block[i - 1])
			b->bstart[b->nb++] = i;
		b->blen[b->nb - 1]++;
	}
}

static void frac_boot_free(struct frac_boot *b)
{
	ranked_free(&b->q);
	ranked_free(&b->p);
	ranked_free(&b->r);
	free(b->bstart);
	free(b->blen);
}

/*
 * One resample of a paired run's pairs, each drawn pair k into the ranked
 * samples given (q: its quotient; p and r: its point and its roof, kept
 * together): with blocks, passes drawn with replacement, then pairs drawn
 * within each drawn pass; else pairs drawn from all.
 */
static void resample_pairs(struct frac_boot *b, uint64_t *state, struct ranked *q, struct ranked *p,
			   struct ranked *r)
{
	const struct ratio_fraction *f = b->f;
	size_t nb = f->block ? b->nb : 1;
	for (size_t i = 0; i < nb; i++) {
		size_t want = f->block ? draw(state, nb) : 0;
		size_t at = f->block ? b->bstart[want] : 0, len = f->block ? b->blen[want] : f->npoint;
		for (size_t j = 0; j < len; j++) {
			size_t k = at + draw(state, len);
			if (q)
				ranked_draw(q, k);
			if (p) {
				ranked_draw(p, k);
				ranked_draw(r, k);
			}
		}
	}
}

/* An unpaired run's resample: its points drawn, then its roofs. */
static void resample_sides(struct frac_boot *b, uint64_t *state)
{
	for (size_t i = 0; i < b->f->npoint; i++)
		ranked_draw(&b->p, draw(state, b->f->npoint));
	for (size_t i = 0; i < b->f->nroof; i++)
		ranked_draw(&b->r, draw(state, b->f->nroof));
}

/* One run's fraction from a resample: its pairs' median quotient, or its points' median over its roofs'. */
static double fraction_resampled(struct frac_boot *b, uint64_t *state)
{
	if (b->f->paired) {
		ranked_clear(&b->q);
		resample_pairs(b, state, &b->q, NULL, NULL);
		return ranked_median(&b->q);
	}
	ranked_clear(&b->p);
	ranked_clear(&b->r);
	resample_sides(b, state);
	return ranked_median(&b->p) / ranked_median(&b->r);
}

/* One run's fraction from the sample itself; bp and br hold npoint and nroof values. */
static double fraction_of(const struct ratio_fraction *f, double *bp, double *br)
{
	if (f->paired) {
		for (size_t i = 0; i < f->npoint; i++)
			bp[i] = f->point[i] / f->roof[i];
		return median_inplace(bp, f->npoint);
	}
	memcpy(bp, f->point, f->npoint * sizeof *bp);
	memcpy(br, f->roof, f->nroof * sizeof *br);
	return median_inplace(bp, f->npoint) / median_inplace(br, f->nroof);
}

/*
 * The standard normal's quantile at p in (0, 1): Acklam's rational
 * approximation (relative error under 1.2e-9), enough for an interval's end.
 */
static double normal_quantile(double p)
{
	static const double a[] = { -3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02,
				    1.383577518672690e+02, -3.066479806614716e+01, 2.506628277459239e+00 };
	static const double b[] = { -5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
				    6.680131188771972e+01, -1.328068155288572e+01 };
	static const double c[] = { -7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
				    -2.549732539343734e+00, 4.374664141464968e+00, 2.938163982698783e+00 };
	static const double d[] = { 7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
				    3.754408661907416e+00 };
	if (p < 0.02425 || p > 1 - 0.02425) {
		double q = sqrt(-2 * log(p < 0.5 ? p : 1 - p));
		double x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
			   ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
		return p < 0.5 ? x : -x;
	}
	double q = p - 0.5, r = q * q;
	return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
	       (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
}

/*
 * Student's t quantile at p (above 0.5) with df degrees of freedom: exact
 * for 1 and 2, else the Cornish-Fisher expansion of Abramowitz and Stegun
 * 26.7.5 to its fifth term (within 0.001 of the tables at df 3, p 0.975, closer above).
 */
double ratio_t_quantile(double p, unsigned df)
{
	if (df == 1)
		return tan(acos(-1.0) * (p - 0.5));
	if (df == 2)
		return (2 * p - 1) / sqrt(2 * p * (1 - p));
	double z = normal_quantile(p), z2 = z * z, v = df;
	double g1 = (z2 + 1) * z / 4;
	double g2 = ((5 * z2 + 16) * z2 + 3) * z / 96;
	double g3 = (((3 * z2 + 19) * z2 + 17) * z2 - 15) * z / 384;
	double g4 = ((((79 * z2 + 776) * z2 + 1482) * z2 - 1920) * z2 - 945) * z / 92160;
	double g5 = (((((27 * z2 + 339) * z2 + 930) * z2 - 1782) * z2 - 765) * z2 + 17955) * z / 368640;
	return z + g1 / v + g2 / (v * v) + g3 / (v * v * v) + g4 / (v * v * v * v) + g5 / (v * v * v * v * v);
}

/*
 * The log of each pass's fraction of a paired run with blocks, into out
 * (room for npoint): the median of the pass's quotients. scratch holds
 * npoint values. Returns how many passes.
 */
static size_t pass_logs(const struct ratio_fraction *f, double *scratch, double *out)
{
	size_t n = 0;
	for (size_t i = 0; i < f->npoint;) {
		size_t j = i;
		for (; j < f->npoint && f->block[j] == f->block[i]; j++)
			scratch[j - i] = f->point[j] / f->roof[j];
		out[n++] = log(median_inplace(scratch, j - i));
		i = j;
	}
	return n;
}

/*
 * The pass-to-pass interval of ln(fb / fa) around ln rel: each pass of a
 * run is one observation of its fraction (the machine's clock, its other
 * load and its caches' state move from pass to pass, and from run to run,
 * more than from one trial to the next), the two runs' passes pooled into
 * one variance, Student's t with the passes' degrees of freedom. Returns 0
 * with the interval's ends as ratios, or -1 when the runs have no passes or
 * too few (one pass a side: no spread to pool).
 */
static int pass_interval(const struct ratio_fraction *a, const struct ratio_fraction *b, double rel,
			 double level, double *lo, double *hi)
{
	if (!(a->paired && a->block && b->paired && b->block))
		return -1;
	double *s = xmalloc((a->npoint + b->npoint) * sizeof *s);
	double *la = xmalloc(a->npoint * sizeof *la), *lb = xmalloc(b->npoint * sizeof *lb);
	size_t na = pass_logs(a, s, la), nb = pass_logs(b, s, lb);
	int rc = -1;
	if (na + nb >= 3) {
		double ma = 0, mb = 0, ss = 0;
		for (size_t i = 0; i < na; i++)
			ma += la[i] / (double)na;
		for (size_t i = 0; i < nb; i++)
			mb += lb[i] / (double)nb;
		for (size_t i = 0; i < na; i++)
			ss += (la[i] - ma) * (la[i] - ma);
		for (size_t i = 0; i < nb; i++)
			ss += (lb[i] - mb) * (lb[i] - mb);
		unsigned df = (unsigned)(na + nb - 2);
		double se = sqrt(ss / df * (1.0 / (double)na + 1.0 / (double)nb));
		double t = ratio_t_quantile(1 - (1 - level) / 2, df);
		*lo = rel * exp(-t * se);
		*hi = rel * exp(t * se);
		rc = 0;
	}
	free(s);
	free(la);
	free(lb);
	return rc;
}

/*
 * The spread of one run's per-trial fractions, each pair's quotient or
 * (unpaired) each point timing over the roof's median: q[0..3] = the 10th,
 * 25th, 75th and 90th percentiles. scratch holds npoint + nroof values.
 */
static void trial_spread(const struct ratio_fraction *f, double *scratch, double q[4])
{
	double roof = 0;
	if (!f->paired) {
		memcpy(scratch, f->roof, f->nroof * sizeof *scratch);
		roof = median_inplace(scratch, f->nroof);
	}
	for (size_t i = 0; i < f->npoint; i++)
		scratch[i] = f->point[i] / (f->paired ? f->roof[i] : roof);
	static const double at[4] = { 0.10, 0.25, 0.75, 0.90 };
	for (int k = 0; k < 4; k++)
		q[k] = stats_quantile(scratch, f->npoint, at[k]);
}

/* The type 7 quantile at p of x[0..n), n > 0, reordering x (O(n), like the median). */
static double quantile_inplace(double *x, size_t n, double p)
{
	double h = (double)(n - 1) * p;
	size_t k = (size_t)h;
	select_kth(x, n, k);
	if (k + 1 >= n)
		return x[k];
	double above = x[k + 1];
	for (size_t i = k + 2; i < n; i++)
		if (x[i] < above)
			above = x[i];
	return x[k] + (h - (double)k) * (above - x[k]);
}

#define RATIO_FAST_AT 0.90

/* One run's fast fraction (ratio.h) from the sample itself; p and r hold npoint and nroof values. */
static double fast_of(const struct ratio_fraction *f, double *p, double *r)
{
	memcpy(p, f->point, f->npoint * sizeof *p);
	memcpy(r, f->roof, f->nroof * sizeof *r);
	return quantile_inplace(p, f->npoint, RATIO_FAST_AT) / quantile_inplace(r, f->nroof, RATIO_FAST_AT);
}

/*
 * ... and from a resample: paired, whole passes drawn, then trials within
 * them, the pairs kept (as the median's bootstrap draws them); unpaired,
 * each side drawn alone.
 */
static double fast_resampled(struct frac_boot *b, uint64_t *state)
{
	ranked_clear(&b->p);
	ranked_clear(&b->r);
	if (b->f->paired)
		resample_pairs(b, state, NULL, &b->p, &b->r);
	else
		resample_sides(b, state);
	return ranked_quantile(&b->p, RATIO_FAST_AT) / ranked_quantile(&b->r, RATIO_FAST_AT);
}

/* The bootstrap interval of the fast fractions' ratio b / a into *out. */
static void fast_interval(struct frac_boot *a, struct frac_boot *b, unsigned reps, double level, uint64_t seed,
			  struct ratio_relative *out)
{
	double *q = xmalloc(reps * sizeof *q);
	uint64_t state = seed;
	for (unsigned i = 0; i < reps; i++) {
		double fa = fast_resampled(a, &state);
		q[i] = fast_resampled(b, &state) / fa;
	}
	out->fast_lo = stats_quantile(q, reps, (1 - level) / 2);
	out->fast_hi = stats_quantile(q, reps, 1 - (1 - level) / 2);
	free(q);
}

int ratio_of_fractions(const struct ratio_fraction *a, const struct ratio_fraction *b, unsigned reps,
		       double level, uint64_t seed, struct ratio_relative *out)
{
	out->fa = out->fb = out->rel = out->lo = out->hi = out->pass_lo = out->pass_hi = NAN;
	out->a_p10 = out->a_q1 = out->a_q3 = out->a_p90 = out->b_p10 = out->b_q1 = out->b_q3 = out->b_p90 = NAN;
	out->a_fast = out->b_fast = out->fast_lo = out->fast_hi = NAN;
	if (!fraction_ok(a) || !fraction_ok(b) || reps == 0 || !(level > 0 && level < 1))
		return -1;
	/* Scratch for either run's sample, points and roofs together. */
	double *s = xmalloc((a->npoint + a->nroof + b->npoint + b->nroof) * sizeof *s);
	double *r = xmalloc(reps * sizeof *r);
	struct frac_boot ba, bb;
	frac_boot_init(&ba, a);
	frac_boot_init(&bb, b);
	uint64_t state = seed;
	double fa = fraction_of(a, s, s + a->npoint), fb = fraction_of(b, s, s + b->npoint);
	int rc = -1;
	if (!(fa > 0) || !(fb > 0) || !isfinite(fa) || !isfinite(fb))
		goto done;
	for (unsigned i = 0; i < reps; i++) {
		double ra = fraction_resampled(&ba, &state);
		r[i] = fraction_resampled(&bb, &state) / ra;
	}
	out->fa = fa;
	out->fb = fb;
	out->rel = fb / fa;
	out->lo = stats_quantile(r, reps, (1 - level) / 2);
	out->hi = stats_quantile(r, reps, 1 - (1 - level) / 2);
	out->pass_lo = out->pass_hi = NAN;
	if (pass_interval(a, b, out->rel, level, &out->pass_lo, &out->pass_hi) == 0) {
		/* The wider of the two: a run's trials and its passes each hold part of its noise. */
		out->lo = fmin(out->lo, out->pass_lo);
		out->hi = fmax(out->hi, out->pass_hi);
	}
	double sa[4], sb[4];
	trial_spread(a, s, sa);
	trial_spread(b, s, sb);
	out->a_p10 = sa[0], out->a_q1 = sa[1], out->a_q3 = sa[2], out->a_p90 = sa[3];
	out->b_p10 = sb[0], out->b_q1 = sb[1], out->b_q3 = sb[2], out->b_p90 = sb[3];
	out->a_fast = fast_of(a, s, s + a->npoint);
	out->b_fast = fast_of(b, s, s + b->npoint);
	fast_interval(&ba, &bb, reps, level, seed, out);
	rc = 0;
done:
	frac_boot_free(&ba);
	frac_boot_free(&bb);
	free(s);
	free(r);
	return rc;
}
