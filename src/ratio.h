/*
 * ratio.h - is B faster than A, or is it noise? The ratio of two samples'
 * medians with a bootstrap percentile interval. Pure: no I/O, no globals; the
 * resampling draws from a generator seeded by the caller, so the same inputs
 * always give the same interval.
 *
 * A sample may be split into strata (the sizes of a bandwidth plateau, whose
 * rates differ by design): a resample then redraws each stratum from itself
 * only, so the mix of sizes, and with it the pooled median, changes only
 * through the noise within each size.
 */
#ifndef ROOFLINE_RATIO_H
#define ROOFLINE_RATIO_H

#include <stddef.h>
#include <stdint.h>

/* Resamples and confidence used by compare (95 %, two-sided). */
#define RATIO_REPS 2000
#define RATIO_LEVEL 0.95
#define RATIO_SEED UINT64_C(0x726f6f666c696e65)   /* "roofline" */

/*
 * One sample: x[0..n) holds the values, stratum after stratum, len[i] values
 * in stratum i (the len[] add up to n). len NULL: one stratum of n values.
 */
struct ratio_sample {
	const double *x;
	size_t n;
	const size_t *len;
	size_t nstrata;
};

struct ratio_interval {
	double a, b;         /* the medians of A and B (pooled over strata) */
	double ratio;        /* b / a */
	double lo, hi;       /* percentile interval of b / a over the resamples */
};

/*
 * Fills *out: the medians, their ratio b / a and its `level` (e.g. 0.95)
 * percentile interval over `reps` bootstrap resamples of both samples (type 7
 * quantiles of the resampled ratios), drawn with `seed`. Returns 0, or -1 when
 * a sample is empty, a stratum is empty, the len[] do not add up to n, a
 * median is not positive, reps is 0 or level is outside (0, 1): then every
 * field of *out is NaN.
 */
int ratio_of_medians(const struct ratio_sample *a, const struct ratio_sample *b, unsigned reps,
		     double level, uint64_t seed, struct ratio_interval *out);

#endif
