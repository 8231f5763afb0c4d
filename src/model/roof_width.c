/* roof_width.c - a roof's interval, from its kept timings (see roof_width.h). */
#include "roof_width.h"

#include <math.h>
#include <stdlib.h>

#include "compare_samples.h"
#include "known.h"
#include "registry.h"
#include "roofkey.h"
#include "util.h"

/* fit.c's rule for a plateau's value: the mean of its three best sizes. */
#define PLATEAU_BEST_OF 3

/*
 * The roof whose job set r's value: a level whose roof stores in place or
 * streaming stores set (analysis_bw.c copies that pattern roof's value into
 * it) is that pattern roof; any other is r itself.
 */
static const struct roof *source_of(const struct analysis *a, const struct roof *r)
{
	if (r->kind != ROOF_BANDWIDTH || r->store_kind == STORES_ALLOCATE)
		return r;
	const struct kernel *sweep = a->sweep_k;
	if (!sweep)
		return r;
	struct roof_key key = roofkey_pattern(model_key_of(r).level, sweep, r->threads);
	key.stores = r->store_kind;
	const struct roof *p = model_roof(a, &key);
	return p && p->job_kernel[0] ? p : r;
}

/* One job's best rate and its interval's width, from its kept rates x[0..n). */
struct job_width {
	double best, width;
};

static struct job_width job_width(const double *x, size_t n)
{
	struct job_width w = { 0, INFINITY };
	double *per = xmalloc((n + 1) * sizeof *per);
	/* known_width takes times; a rate's inverse is a time for the same work. */
	for (size_t i = 0; i < n; i++) {
		per[i] = 1.0 / x[i];
		w.best = fmax(w.best, x[i]);
	}
	w.width = known_width(KNOWN_BEST, per, (int)n);
	free(per);
	return w;
}

static int faster_first(const void *x, const void *y)
{
	double a = ((const struct job_width *)x)->best, b = ((const struct job_width *)y)->best;
	return (a < b) - (a > b);
}

double roof_width(const struct rundata *run, const struct analysis *a, const struct roof *r)
{
	const struct roof *src = source_of(a, r);
	struct compare_rates x = { 0 }, y = { 0 };
	compare_roof_rates(run, src, run, src, &x, &y);
	compare_rates_free(&y);
	struct ratio_sample s = compare_rates_sample(&x);
	size_t nstrata = s.nstrata ? s.nstrata : (x.n ? 1 : 0);
	struct job_width *jobs = xmalloc((nstrata + 1) * sizeof *jobs);
	size_t at = 0;
	for (size_t k = 0; k < nstrata; k++) {
		size_t len = s.len ? s.len[k] : x.n;
		jobs[k] = job_width(x.x + at, len);
		at += len;
	}
	qsort(jobs, nstrata, sizeof *jobs, faster_first);
	size_t used = nstrata < PLATEAU_BEST_OF ? nstrata : PLATEAU_BEST_OF;
	double sum = 0;
	for (size_t k = 0; k < used; k++)
		sum += jobs[k].width;
	free(jobs);
	compare_rates_free(&x);
	return used && isfinite(sum) ? sum / (double)used : NAN;
}
