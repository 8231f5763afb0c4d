/*
 * known.c - the 95 % interval of a job's figure (see known.h).
 *
 * The median: the distribution-free interval of order statistics
 * [X(r), X(n+1-r)], r the largest with 2 P(B <= r-1) <= 0.05 for
 * B ~ Binomial(n, 1/2) (the textbook sign-test interval; n >= 6).
 *
 * The best: a roof is the fastest timing, and the minimum has no honest
 * 95 % interval of its own. Its bootstrap is degenerate (a resample keeps
 * the sample's minimum with probability 1 - (1 - 1/n)^n, about 0.63, so
 * the "interval" collapses onto the minimum however wide the spread), and
 * no distribution-free interval of the true minimum exists: one more
 * timing can always be faster. What the timings can bound is a low
 * quantile: the job's KNOWN_BEST_QUANTILE (tenth) quantile q lies at or
 * below X(k), the k-th fastest timing, with 95 % confidence, k the smallest
 * with P(B <= k-1) >= 0.95 for B ~ Binomial(n, 0.1) (X(k) < q needs k of
 * the n timings below q). The interval reported is [X(1), X(k)]: from the
 * figure to that bound. When it is narrow, the fastest tenth of what the
 * job does on this machine lies within it of the figure: the best is not
 * one lucky timing but the edge of a tenth of them, and more timings would
 * find that edge again. k is 3 for 5 timings, 4 for 10, 5 for 15 and 20.
 */
#include "known.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* P(B <= k) for B ~ Binomial(n, p), summed term by term (n is a few hundred at most). */
static double binom_cdf(int k, int n, double p)
{
	double sum = 0, term = pow(1.0 - p, n);   /* P(B = 0) */
	for (int i = 0; i <= k && i <= n; i++) {
		sum += term;
		term *= (double)(n - i) / (double)(i + 1) * p / (1.0 - p);
	}
	return sum;
}

int known_bounds(enum known_statistic s, int n, int *lo, int *hi)
{
	if (n < 2)
		return -1;
	if (s == KNOWN_BEST) {
		for (int k = 2; k <= n; k++)
			if (binom_cdf(k - 1, n, KNOWN_BEST_QUANTILE) >= KNOWN_CONFIDENCE) {
				*lo = 1;
				*hi = k;
				return 0;
			}
		return -1;
	}
	int r = 0;
	while (r + 1 <= n / 2 && 2.0 * binom_cdf(r, n, 0.5) <= 1.0 - KNOWN_CONFIDENCE)
		r++;
	if (r == 0)
		return -1;
	*lo = r;
	*hi = n + 1 - r;
	return 0;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

double known_width(enum known_statistic s, const double *seconds, int n)
{
	int lo, hi;
	if (known_bounds(s, n, &lo, &hi) != 0)
		return INFINITY;
	double *t = malloc((size_t)n * sizeof *t);
	if (!t)
		return INFINITY;
	memcpy(t, seconds, (size_t)n * sizeof *t);
	qsort(t, (size_t)n, sizeof *t, cmp_double);
	/* A rate is work over time: the interval's relative width is the same in either. */
	double w = t[lo - 1] > 0 ? t[hi - 1] / t[lo - 1] - 1.0 : INFINITY;
	free(t);
	return w;
}

int known_min_count(enum known_statistic s)
{
	int lo, hi, n = 2;
	while (known_bounds(s, n, &lo, &hi) != 0)
		n++;
	return n;
}
