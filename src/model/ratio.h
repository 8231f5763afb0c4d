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

/*
 * One run's fraction of a roof: a point's rates and its roof's rates.
 * paired = 1: point[i] and roof[i] were timed in the same trial of the round
 * robin (npoint == nroof), and the fraction is the median of the per-trial
 * quotients point[i] / roof[i]: a slow moment of the machine slows both
 * timings of a trial alike, and cancels in their quotient. paired = 0 (the
 * trials do not line up: a long job timed in fewer trials): the fraction is
 * median(point) / median(roof), the two sides resampled independently.
 *
 * block (paired only; NULL: one block): the pass each pair was timed in,
 * pairs of one pass contiguous. A resample then draws whole passes first and
 * pairs within each drawn pass second (a two-stage bootstrap), so the
 * interval also holds the machine's slow drift from one pass to the next,
 * which is what differs between two runs of one build minutes apart; trials
 * alone would take the minutes of one run for the whole of its noise.
 */
struct ratio_fraction {
	const double *point, *roof;
	size_t npoint, nroof;
	int paired;
	const int *block;
};

struct ratio_relative {
	double fa, fb;       /* each run's fraction of its roof */
	double rel;          /* fb / fa */
	double lo, hi;       /* the interval of fb / fa: the wider of the two below */
	/*
	 * The pass-to-pass interval (both runs paired, with passes, three
	 * passes at least between them; else NaN): Student's t over each
	 * pass's log fraction, the two runs' variances pooled.
	 */
	double pass_lo, pass_hi;
	/* The quartiles of each run's per-trial fractions (the spread of its trials). */
	double a_q1, a_q3, b_q1, b_q3;
	/* Their 10th and 90th percentiles: the range most of a run's trials fall in. */
	double a_p10, a_p90, b_p10, b_p90;
	/*
	 * Each run's fast fraction: the 90th percentile of its point's rates
	 * over the 90th percentile of its roof's, each side's own fast trials
	 * (a quotient's fast end would pick the trials whose roof was slow),
	 * and the `level` bootstrap interval of b_fast / a_fast, drawn as the
	 * median's (passes, then trials within them, the pairs kept).
	 */
	double a_fast, b_fast, fast_lo, fast_hi;
};

/*
 * Fills *out: each run's fraction (above), rel = fb / fa and its `level`
 * percentile interval over `reps` bootstrap resamples, a paired run
 * resampled by whole trials (the pairs kept together; by passes, then trials
 * within them, where it has blocks), drawn with `seed`.
 * Returns 0, or -1 when a side is empty, paired sides differ in length, a
 * rate or fraction is not positive and finite, reps is 0 or level is outside
 * (0, 1): then every field of *out is NaN.
 */
int ratio_of_fractions(const struct ratio_fraction *a, const struct ratio_fraction *b, unsigned reps,
		       double level, uint64_t seed, struct ratio_relative *out);

/* Student's t quantile at p in (0.5, 1) with df >= 1 degrees of freedom (for the pass interval). */
double ratio_t_quantile(double p, unsigned df);

#endif
