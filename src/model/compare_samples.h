/*
 * compare_samples.h - the kept timings behind each value compare judges
 * (warm-ups and failed jobs left out), gathered from one run's rows: a
 * roof's rates in both runs, a point's rates, and one run's fraction of a
 * roof paired trial by trial for ratio_of_fractions (ratio.h). Pure: no I/O.
 */
#ifndef ROOFLINE_COMPARE_SAMPLES_H
#define ROOFLINE_COMPARE_SAMPLES_H

#include <stddef.h>

#include "model.h"
#include "ratio.h"
#include "rundata.h"

/* A growing sample of rates (GB/s or GFLOP/s), split into strata. */
struct compare_rates {
	double *x;
	size_t n, cap;
	size_t *len;
	size_t nstrata, lencap;
};

void compare_rates_free(struct compare_rates *r);

/* The sample as ratio_of_medians takes it (pointing into r). */
struct ratio_sample compare_rates_sample(const struct compare_rates *r);

/*
 * A roof's kept rates in both runs, into a and b: for a plateau (or a
 * pattern roof that is a plateau's value) the sweep's sizes that both runs
 * timed inside both runs' plateaus, one stratum a size, so the mix is the
 * same on each side (none in common: the fits found different plateaus
 * under one name, and a and b stay empty); else the job that set it.
 */
void compare_roof_rates(const struct rundata *ra, const struct roof *x, const struct rundata *rb,
			const struct roof *y, struct compare_rates *a, struct compare_rates *b);

/* A point's kept rates: its job's timings (kernel, param, threads, working set). */
void compare_point_rates(const struct rundata *run, const struct point *p, struct compare_rates *out);

/* One run's fraction of a roof, for ratio_of_fractions, with the arrays it points into. */
struct compare_fraction {
	struct ratio_fraction f;
	double *point, *roof;
	int *block;
};

/*
 * Fills *out: each of the point's kept timings paired with the roof's
 * timing of the same trial (pass and trial number; both jobs are timed once
 * a trial in the same round robin, so the machine's slow moments hit both),
 * pass after pass; unpaired when under three or half of the point's timings
 * find a partner. Free with compare_fraction_free.
 */
void compare_fraction_of(const struct rundata *run, const struct point *p, const struct roof *r,
			 struct compare_fraction *out);

void compare_fraction_free(struct compare_fraction *f);

#endif
