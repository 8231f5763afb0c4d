/* runplan.c - each job's intent, recorded or inferred once (see runplan.h). */
#include "runplan.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "registry.h"
#include "rundata.h"
#include "util.h"

int runplan_parse_cells(const char *const cells[4], struct plan_row *row, int *bad, const char **want)
{
	row->level = MEM_LEVELS;
	if (*cells[0] && (row->level = levels_parse(cells[0])) == MEM_LEVELS) {
		*bad = 0;
		*want = "L1, L2, L3, DRAM or empty";
		return -1;
	}
	row->target = roofkey_none();
	if (*cells[1] && roofkey_parse_any(cells[1], &row->target) != 0) {
		*bad = 1;
		*want = "a roof's name (L2.1r1w, DRAM.2r1w@2t, peak@2t) or empty";
		return -1;
	}
	/*
	 * A peak job's target is a compute roof, any other's a level's or a
	 * pattern's (any name parses as a ceiling: the role tells which it must
	 * be); and a target at a level names the row's level, one place saying
	 * where the job ran.
	 */
	int at_level = row->target.kind == ROOF_BANDWIDTH || row->target.kind == ROOF_PATTERN;
	if (*cells[1] && at_level != (row->role != PLAN_ROLE_PEAK)) {
		*bad = 1;
		*want = at_level ? "a compute roof (peak, peak@2t) or empty, for a peak job"
				 : "a level's or a pattern's roof (L2, DRAM.2r1w@2t) or empty";
		return -1;
	}
	if (*cells[1] && at_level && row->target.level != row->level) {
		*bad = 1;
		*want = "a roof at the row's level";
		return -1;
	}
	double v;
	if (parse_double(cells[2], &v) != 0 || !isfinite(v) || v < 0 || !util_derived_ok(v + 1)) {
		*bad = 2;
		*want = "a number of bytes >= 0";
		return -1;
	}
	row->array_bytes = v;
	if (strcmp(cells[3], "0") != 0 && strcmp(cells[3], "1") != 0) {
		*bad = 3;
		*want = "0 or 1";
		return -1;
	}
	row->obeys_rule = cells[3][0] == '1';
	row->basis = PLAN_RECORDED;
	return 0;
}

/*
 * Whether timing t is one the model keeps: no warm-up, no job failures.csv
 * names (the test rundata_failed makes; called from here, rundata.c and
 * this file would call each other).
 */
static int kept(const struct rundata *run, const struct timing *t)
{
	for (size_t i = 0; !t->warmup && i < run->nfailures; i++) {
		const struct failure *f = &run->failures[i];
		if (f->param == t->param && f->group == t->group && strcmp(f->kernel, t->kernel) == 0)
			return 0;
	}
	return !t->warmup;
}

/*
 * The sweep kernel of a run without plan rows for its sweep: the recorded
 * one (env.csv sweep_kernel) where it has bandwidth timings, else the
 * bandwidth kernel with the most kept jobs (the first, on a tie), the
 * pattern jobs running at a few sizes each.
 */
static const char *infer_sweep(const struct rundata *run)
{
	for (size_t i = 0; *run->info.sweep_kernel && i < run->ntimings; i++) {
		const struct timing *t = &run->timings[i];
		if (t->group == TGROUP_BANDWIDTH && kept(run, t) && strcmp(t->kernel, run->info.sweep_kernel) == 0)
			return t->kernel;
	}
	struct job { const char *kernel; long param; int threads; } *jobs = NULL;
	size_t n = 0, cap = 0;
	for (size_t i = 0; i < run->ntimings; i++) {
		const struct timing *t = &run->timings[i];
		if (t->group != TGROUP_BANDWIDTH || !kept(run, t))
			continue;
		size_t k;
		for (k = n; k-- > 0;)   /* rows come round-robin: a repeat is usually recent */
			if (jobs[k].param == t->param && jobs[k].threads == t->threads &&
			    strcmp(jobs[k].kernel, t->kernel) == 0)
				break;
		if (k != (size_t)-1)
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 64;
			jobs = xrealloc(jobs, cap * sizeof *jobs);
		}
		jobs[n++] = (struct job){ t->kernel, t->param, t->threads };
	}
	const char *best = NULL;
	size_t most = 0;
	for (size_t i = 0; i < n; i++) {
		size_t count = 0;
		for (size_t j = 0; j < n; j++)
			count += strcmp(jobs[j].kernel, jobs[i].kernel) == 0;
		if (count > most) {
			most = count;
			best = jobs[i].kernel;
		}
	}
	free(jobs);
	return best;
}

static enum plan_role role_of(const struct timing *t, const char *sweep)
{
	switch (t->group) {
	case TGROUP_BANDWIDTH:
		return sweep && strcmp(t->kernel, sweep) == 0 ? PLAN_ROLE_SWEEP : PLAN_ROLE_PATTERN;
	case TGROUP_PEAK:
		return PLAN_ROLE_PEAK;
	default:
		return PLAN_ROLE_KERNEL;
	}
}

/* Bytes of one array of timing t's job, all threads' parts: a bandwidth job's param, a kernel's share of its working set. */
static double arrays_of(const struct timing *t)
{
	if (t->group == TGROUP_BANDWIDTH)
		return (double)t->param;
	if (t->group == TGROUP_KERNELS && t->k && t->k->arrays > 0)
		return t->working_set / t->k->arrays;
	return 0;
}

/* The job identity an inferred row stands for: as the model gathers jobs (analysis_jobs.c). */
static int same_job(const struct timing *a, const struct timing *b)
{
	return a->param == b->param && a->threads == b->threads && a->group == b->group &&
	       strcmp(a->kernel, b->kernel) == 0 &&
	       (a->group != TGROUP_KERNELS || a->working_set == b->working_set);
}

void runplan_infer(struct rundata *run)
{
	if (!run->ntimings)
		return;
	int next = 0;
	for (size_t i = 0; i < run->nplan; i++)
		if (run->plan[i].job > next)
			next = run->plan[i].job;
	/* Rows by index while plan[] grows; pointers again at the end. */
	long *row = xmalloc(run->ntimings * sizeof *row);
	for (size_t i = 0; i < run->ntimings; i++)
		row[i] = run->timings[i].plan ? (long)(run->timings[i].plan - run->plan) : -1;
	const char *sweep = NULL;
	int swept = 0;
	/* The timing that started each inferred row; rows come round-robin, so the one after the last found is usually next. */
	size_t *owner = xmalloc(run->ntimings * sizeof *owner), nowners = 0, hint = 0;
	for (size_t i = 0; i < run->ntimings; i++) {
		const struct timing *t = &run->timings[i];
		if (row[i] >= 0)
			continue;
		if (!swept++)
			sweep = infer_sweep(run);
		size_t k = 0;
		while (k < nowners && !same_job(&run->timings[owner[(hint + k) % nowners]], t))
			k++;
		if (k < nowners) {
			hint = (hint + k) % nowners + 1;
			row[i] = row[owner[hint - 1]];
			continue;
		}
		run->plan = xrealloc(run->plan, (run->nplan + 1) * sizeof *run->plan);
		run->plan[run->nplan] = (struct plan_row){
			.job = next < INT_MAX ? ++next : 0, .role = role_of(t, sweep), .basis = PLAN_INFERRED,
			.level = MEM_LEVELS, .target = roofkey_none(), .array_bytes = arrays_of(t),
			.obeys_rule = -1,
		};
		row[i] = (long)run->nplan++;
		owner[nowners++] = i;
		hint = nowners;
	}
	for (size_t i = 0; i < run->ntimings; i++)
		run->timings[i].plan = &run->plan[row[i]];
	free(owner);
	free(row);
}

const struct timing *runplan_sweep(const struct rundata *run)
{
	for (size_t i = 0; i < run->ntimings; i++) {
		const struct timing *t = &run->timings[i];
		if (t->plan && t->plan->role == PLAN_ROLE_SWEEP && t->group == TGROUP_BANDWIDTH && kept(run, t))
			return t;
	}
	return NULL;
}
