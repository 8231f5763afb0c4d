/*
 * report_stops.c - the report's rows on how the run's jobs stopped
 * (report_stops.h): the budget's, and the jobs it or a quick run left out.
 */
#include "report_stops.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "markdown.h"
#include "registry.h"
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

/* How each job stopped (measure's stops.csv): a job cut by the budget has a figure
 * wider than the tolerance it asked for, which the reader must know to weigh it. */
static void budget_row(FILE *fp, const struct rundata *run)
{
	const char *budget = rundata_env(run, "budget_s");
	long tol = env_count(run, "stops_tolerance"), ceil_n = env_count(run, "stops_ceiling");
	long cut = env_count(run, "stops_budget");
	if (run->info.interrupted) {
		md_row(fp, "budget", "interrupted: a signal stopped the run before its end; its figures are "
		    "of the jobs it reached (`stops.csv` names those it cut short)");
		return;
	}
	if (!budget || tol < 0 || ceil_n < 0 || cut < 0)
		return;
	if (cut > 0)
		md_row(fp, "budget", "%s s: %ld figures wider than asked (stopped by the budget; "
		    "`stops.csv` names them), %ld within their tolerance, %ld at the trial ceiling",
		    budget, cut, tol, ceil_n);
	else
		md_row(fp, "budget", "%s s: every figure within its tolerance (%ld) or at the trial "
		    "ceiling (%ld)", budget, tol, ceil_n);
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
		const struct kernel *reg = registry_find(k->kernel);
		analysis_param_text(reg ? reg->param_letter : 0, k->param, param, sizeof param);
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

void report_stops_rows(FILE *fp, const struct rundata *run)
{
	budget_row(fp, run);
	left_out_row(fp, run);
}
