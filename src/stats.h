/*
 * stats.h - order statistics on arrays of doubles. Pure: no I/O, no globals.
 * Every function leaves its input unchanged (they sort a private copy; when
 * that copy cannot be allocated the result is as for n == 0).
 */
#ifndef ROOFLINE_STATS_H
#define ROOFLINE_STATS_H

#include <stddef.h>

/* Summary of one sample. For n == 0 every field is NaN and n is 0. */
struct stats_summary {
	size_t n;
	double min, max, mean, median;
	double mad;        /* median absolute deviation from the median (unscaled) */
	double q1, q3;     /* quartiles, linear interpolation between order statistics */
};

/* Fills *out with the summary of x[0..n). */
void stats_summarize(const double *x, size_t n, struct stats_summary *out);

/* Median of x[0..n) (mean of the two middle values for even n); NaN for n == 0. */
double stats_median(const double *x, size_t n);

/* Largest value; NaN for n == 0. */
double stats_max(const double *x, size_t n);

/* Mean of the k largest values (all of them when n < k); NaN for n == 0 or k == 0. */
double stats_mean_of_best(const double *x, size_t n, size_t k);

/*
 * p-quantile, 0 <= p <= 1, linear interpolation (type 7, R's default):
 * with the values sorted, h = (n - 1) p, x[floor h] + frac(h) (x[floor h + 1] - x[floor h]).
 * NaN for n == 0 or p outside [0, 1].
 */
double stats_quantile(const double *x, size_t n, double p);

/*
 * Counts values further than `cut` scaled MADs (1.4826 * MAD) from the median,
 * hyperfine's outlier rule (strictly further); 0 when the MAD is 0 or n == 0.
 */
size_t stats_count_outliers(const double *x, size_t n, double cut);

#endif
