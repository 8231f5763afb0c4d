/*
 * report_stops.c - the report's rows on how the run's jobs stopped
 * (report_stops.h): the budget's, and the jobs it or a quick run left out.
 */
#include "report_stops.h"
#include "pointtext.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "markdown.h"
#include "roof_width.h"
#include "roofkey.h"
#include "util.h"

/* The left-out row names this many jobs at most, then counts the rest. */
#define REPORT_LEFT_OUT_NAMED 30

/* An env.csv count, or -1 where the key is absent or not a whole number (older runs). */
static long env_count(const struct rundata *run, const char *key)
{
	const char *v = rundata_env(run, key);
	char *end;
	if (!v || !*v)
		return -1;
	errno = 0;
	long n = strtol(v, &end, 10);
	return *end || errno || n < 0 ? -1 : n;
}

/* The roofs the first screen shows: each level's plateau, the peak and the FMA-only ceiling. */
static int headline_roof(const struct roof *r)
{
	struct roof_key key = model_key_of(r);
	enum ceiling_id c = roofkey_ceiling(&key);
	return r->kind == ROOF_BANDWIDTH || c == CEIL_PEAK || c == CEIL_FMA;
}

static int cmp_double(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;
	return (a > b) - (a < b);
}

/* A width as the row prints it: "2 %", "0.4 %". */
static const char *percent(double w, char *buf, size_t size)
{
	snprintf(buf, size, w * 100 >= 1.5 ? "%.0f %%" : "%.1f %%", w * 100);
	return buf;
}

/*
 * How well the run knows its roofs, for the reader to act on: the median
 * width of the headline roofs' 95 % intervals (roof_width.h) and the widest;
 * and what the budget did: where it stopped jobs before their intervals were
 * narrow enough, the budget that would narrow them (make report BUDGET=).
 * Runs without the counts (older ones) get the widths alone.
 */
void report_budget_row(FILE *fp, const struct rundata *run, const struct analysis *a)
{
	double w[ANALYSIS_MAX_ROOFS], widest_w = -1;
	const struct roof *widest = NULL;
	size_t n = 0;
	for (size_t i = 0; i < a->nroofs; i++) {
		const struct roof *r = &a->roofs[i];
		double x = headline_roof(r) ? roof_width(run, a, r) : NAN;
		if (!isfinite(x))
			continue;
		if (x > widest_w) {
			widest = r;
			widest_w = x;
		}
		w[n++] = x;
	}
	const char *budget = rundata_env(run, "budget_s");
	long cut = env_count(run, "stops_budget");
	char med[16], wide[16], known[200] = "no roof's timings give an interval";
	if (n) {
		qsort(w, n, sizeof *w, cmp_double);
		double median = n % 2 ? w[n / 2] : (w[n / 2 - 1] + w[n / 2]) / 2;
		/* The widest is named where it stands out: half as wide again as the median, and by half a point. */
		int stands_out = widest_w >= 1.5 * median && widest_w - median >= 0.005;
		snprintf(known, sizeof known, "roofs known to within %s (median of their 95 %% intervals)%s%s%s%s",
			 percent(median, med, sizeof med), stands_out ? ", " : "", stands_out ? widest->name : "",
			 stands_out ? " to " : "", stands_out ? percent(widest_w, wide, sizeof wide) : "");
	}
	if (run->info.interrupted)
		md_row(fp, "budget", "interrupted: a signal stopped the run before its end; its figures are "
		    "of the jobs it reached (`stops.csv` names those it cut short); %s", known);
	else if (!budget || cut < 0)
		md_row(fp, "budget", "%s", known);
	else if (cut > 0)
		md_row(fp, "budget", "%s s: %s; the budget stopped %ld job%s short of %s tolerance, and "
		    "`make report BUDGET=%.0f` narrows them", budget, known, cut, cut == 1 ? "" : "s",
		    cut == 1 ? "its" : "their", 2 * atof(budget));
	else
		md_row(fp, "budget", "%s s: %s; every job met its tolerance or its trial ceiling, so a "
		    "larger budget buys little", budget, known);
}

/*
 * The jobs the run left out (stops.csv "skipped": a quick run's slow
 * kernels, or one whose kept timings alone would take over a quarter of
 * its thread count's share of the budget, or the costliest floor of a
 * count whose floor outlasted its share, plan.h): their points are missing from
 * the figure and the tables, and the reader must know that, and why.
 */
static void left_out_row(FILE *fp, const struct rundata *run)
{
	if (!run->nskips)
		return;
	/* Built once, in linear time; a few dozen named, the rest counted (stops.csv names each). */
	struct buf b = { 0 };
	char param[48];
	size_t named = run->nskips < REPORT_LEFT_OUT_NAMED ? run->nskips : REPORT_LEFT_OUT_NAMED;
	for (size_t i = 0; i < named; i++) {
		const struct run_skip *k = &run->skips[i];
		pointtext_param(k->k ? k->k->param_letter : 0, k->param, param, sizeof param);
		buf_addf(&b, "%s%s %s (%d thread%s)", i ? ", " : "", k->kernel, param, k->threads,
			 k->threads == 1 ? "" : "s");
	}
	if (named < run->nskips)
		buf_addf(&b, " and %zu more (%zu jobs in all; `stops.csv` names each)", run->nskips - named,
			 run->nskips);
	char *text = buf_take(&b);
	const char *quick = rundata_env(run, "quick");
	int it = run->nskips == 1;
	if (quick && strcmp(quick, "1") == 0)
		md_row(fp, "left out", "%s: too long for a quick run (measure's log says why); a full run times %s",
		    text, it ? "it" : "them");
	else
		md_row(fp, "left out", "%s: too long for the budget: %s kept timings alone would take over a "
		    "quarter of a thread count's share, or %s floor was the costliest of a count whose floor "
		    "outlasted its share (measure's log says which, and the budget that times %s)", text,
		    it ? "its" : "their", it ? "its" : "their", it ? "it" : "them");
	free(text);
}

void report_left_out_row(FILE *fp, const struct rundata *run)
{
	left_out_row(fp, run);
}
