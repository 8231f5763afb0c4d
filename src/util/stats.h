/*
 * stats.h - order statistics on arrays of doubles. Pure: no I/O, no globals.
 * Every function leaves its input unchanged (they sort a private copy; when
 * that copy cannot be allocated the result is as for n == 0).
 */
#ifndef ROOFLINE_STATS_H
#define ROOFLINE_STATS_H

#include <stddef.h>

/*
 * The k-th smallest of t[0..n) (k from 0, n > 0), by Hoare's selection: t is
 * reordered, t[0..k) then holds the k smallest. For NaN-free data (a NaN
 * compares as neither smaller nor larger).
 */
double stats_kth(double *t, size_t n, size_t k);

/* Median of x[0..n) (mean of the two middle values for even n); NaN for n == 0. */
double stats_median(const double *x, size_t n);

/* Largest value; NaN for n == 0. */
double stats_max(const double *x, size_t n);

/* Smallest value; NaN for n == 0. */
double stats_min(const double *x, size_t n);

/* Mean of the k largest values (all of them when n < k); NaN for n == 0 or k == 0. */
double stats_mean_of_best(const double *x, size_t n, size_t k);

/*
 * p-quantile, 0 <= p <= 1, linear interpolation (type 7, R's default):
 * with the values sorted, h = (n - 1) p, x[floor h] + frac(h) (x[floor h + 1] - x[floor h]).
 * NaN for n == 0 or p outside [0, 1].
 */
double stats_quantile(const double *x, size_t n, double p);

#endif
