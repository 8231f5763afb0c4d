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
#include "stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/*
 * P(B <= k) for B ~ Binomial(n, p), k = 0, 1, ... in turn, summed term by
 * term as it goes (n is a few hundred at most): each bound below walks k
 * up until its condition holds, one term a step, instead of summing the
 * terms again for every k (the scheduler asks at every timing a job keeps).
 */
struct binom_walk {
	double sum, term, ratio;
	int n, i;
};

static struct binom_walk binom_start(int n, double p)
{
	return (struct binom_walk){ 0.0, pow(1.0 - p, n), p / (1.0 - p), n, 0 };   /* term: P(B = 0) */
}

/* P(B <= i) for the walk's next i. */
static double binom_next(struct binom_walk *w)
{
	if (w->i <= w->n) {
		w->sum += w->term;
		w->term *= (double)(w->n - w->i) / (double)(w->i + 1) * w->ratio;
	}
	w->i++;
	return w->sum;
}

int known_bounds(enum known_statistic s, int n, int *lo, int *hi)
{
	if (n < 2)
		return -1;
	if (s == KNOWN_BEST) {
		struct binom_walk w = binom_start(n, KNOWN_BEST_QUANTILE);
		(void)binom_next(&w);   /* P(B <= 0) */
		for (int k = 2; k <= n; k++)
			if (binom_next(&w) >= KNOWN_CONFIDENCE) {   /* P(B <= k - 1) */
				*lo = 1;
				*hi = k;
				return 0;
			}
		return -1;
	}
	int r = 0;
	struct binom_walk w = binom_start(n, 0.5);
	while (r + 1 <= n / 2 && 2.0 * binom_next(&w) <= 1.0 - KNOWN_CONFIDENCE)   /* P(B <= r) */
		r++;
	if (r == 0)
		return -1;
	*lo = r;
	*hi = n + 1 - r;
	return 0;
}

double known_width(enum known_statistic s, const double *seconds, int n)
{
	int lo, hi;
	if (known_bounds(s, n, &lo, &hi) != 0)
		return INFINITY;
	double small[256], *t = n <= 256 ? small : malloc((size_t)n * sizeof *t);
	if (!t)
		return INFINITY;
	memcpy(t, seconds, (size_t)n * sizeof *t);
	double a = stats_kth(t, (size_t)n, (size_t)(lo - 1)), b = stats_kth(t, (size_t)n, (size_t)(hi - 1));
	/* A rate is work over time: the interval's relative width is the same in either. */
	double w = a > 0 ? b / a - 1.0 : INFINITY;
	if (t != small)
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
