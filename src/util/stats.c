/*
 * stats.c - order statistics (median, max, mean of the best, quantiles),
 * pure (the interface in stats.h).
 *
 * Every function sorts a private copy (O(n log n)), but the median, which
 * the scheduler asks for at every kept timing, selects. NaN inputs sort
 * last rather than making qsort's order undefined.
 */
#include "stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int cmp_double(const void *pa, const void *pb)
{
	double a = *(const double *)pa, b = *(const double *)pb;

	if (isnan(a) || isnan(b))
		return isnan(a) - isnan(b);
	return (a > b) - (a < b);
}

/* A sorted copy of x[0..n), or NULL for n == 0 or when out of memory. */
static double *sorted_copy(const double *x, size_t n)
{
	double *s;

	if (n == 0 || x == NULL)
		return NULL;
	s = malloc(n * sizeof(*s));
	if (s == NULL)
		return NULL;
	memcpy(s, x, n * sizeof(*s));
	qsort(s, n, sizeof(*s), cmp_double);
	return s;
}

/* Type 7 quantile of an already sorted array (R's default, numpy's "linear"). */
static double sorted_quantile(const double *s, size_t n, double p)
{
	double h, frac;
	size_t lo;

	if (n == 0 || !(p >= 0.0 && p <= 1.0))
		return NAN;
	h = (double)(n - 1) * p;
	lo = (size_t)floor(h);
	if (lo >= n - 1)
		return s[n - 1];
	frac = h - (double)lo;
	return s[lo] + frac * (s[lo + 1] - s[lo]);
}

static double sorted_median(const double *s, size_t n)
{
	if (n == 0)
		return NAN;
	if (n % 2 == 1)
		return s[n / 2];
	return 0.5 * (s[n / 2 - 1] + s[n / 2]);
}

double stats_kth(double *t, size_t n, size_t k)
{
	size_t l = 0, r = n - 1;
	while (l < r) {
		double pivot = t[l + (r - l) / 2];
		size_t i = l, j = r;
		for (;;) {
			while (t[i] < pivot)
				i++;
			while (t[j] > pivot)
				j--;
			if (i >= j)
				break;
			double v = t[i];
			t[i++] = t[j];
			t[j--] = v;
		}
		/* t[l..j] <= pivot <= t[j+1..r] (Hoare's invariant); i > j here or i == j at the pivot. */
		if (k <= j)
			r = j;
		else
			l = j + 1;
	}
	return t[k];
}

double stats_median(const double *x, size_t n)
{
	/*
	 * The scheduler asks for a job's median at every timing it keeps: the
	 * two middle order statistics by selection, on the stack, where there
	 * is no NaN to sort last (the same values a sort gives).
	 */
	if (n > 0 && n <= 256 && x != NULL) {
		double t[256];
		int finite = 1;
		for (size_t i = 0; i < n; i++) {
			t[i] = x[i];
			finite &= !isnan(x[i]);
		}
		if (finite) {
			double hi = stats_kth(t, n, n / 2);
			if (n % 2 == 1)
				return hi;
			double lo = stats_kth(t, n / 2, n / 2 - 1);   /* t[0..n/2) hold the n/2 smallest */
			return 0.5 * (lo + hi);
		}
	}
	double *s = sorted_copy(x, n), m;

	if (s == NULL)
		return NAN;
	m = sorted_median(s, n);
	free(s);
	return m;
}

/* The largest value of x (sign 1) or the smallest (sign -1); NaN is skipped unless every value is NaN. */
static double extreme(const double *x, size_t n, double sign)
{
	double m;

	if (n == 0 || x == NULL)
		return NAN;
	/* No copy needed. */
	m = x[0];
	for (size_t i = 1; i < n; i++)
		if (sign * x[i] > sign * m || isnan(m))
			m = x[i];
	return m;
}

double stats_max(const double *x, size_t n)
{
	return extreme(x, n, 1.0);
}

double stats_min(const double *x, size_t n)
{
	return extreme(x, n, -1.0);
}

double stats_mean_of_best(const double *x, size_t n, size_t k)
{
	double *s, sum = 0.0;

	if (k == 0)
		return NAN;
	s = sorted_copy(x, n);
	if (s == NULL)
		return NAN;
	if (k > n)
		k = n;
	/* Sum from the smallest of the k upwards: same result for any order of x. */
	for (size_t i = n - k; i < n; i++)
		sum += s[i];
	free(s);
	return sum / (double)k;
}

double stats_quantile(const double *x, size_t n, double p)
{
	double *s = sorted_copy(x, n), q;

	if (s == NULL)
		return NAN;
	q = sorted_quantile(s, n, p);
	free(s);
	return q;
}
