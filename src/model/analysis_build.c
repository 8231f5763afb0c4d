/*
 * analysis_build.c - from raw timings to roofs, curves and placed kernels
 * (analysis_build, see analysis.h): it runs the bandwidth, peak and scaling
 * fits (analysis_bw.c, analysis_peak.c, analysis_scaling.c) over the jobs
 * (analysis_jobs.c); the queries on the result are analysis.c's.
 */
#include "analysis.h"

#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis_bw.h"
#include "analysis_jobs.h"
#include "analysis_peak.h"
#include "analysis_scaling.h"
#include "isa.h"
#include "diagnosis.h"
#include "fit.h"
#include "levels.h"
#include "model.h"
#include "registry.h"
#include "roof_notes.h"
#include "roofkey.h"
#include "stats.h"
#include "util.h"

static int cmp_int(const void *x, const void *y)
{
	int a = *(const int *)x, b = *(const int *)y;
	return (a > b) - (a < b);
}

/*
 * A kernel timed at several working sets (measure --levels) keeps each
 * level's members together, largest working set first: a stable sort by
 * (first appearance of the kernel and thread count, working set descending).
 * `measure` already writes them in this order; a run of one level, or rows
 * from elsewhere, keep theirs. Figures and gnuplot's filters rely on a
 * family's members being neighbours. A trajectory (a kernel at several
 * sizes, struct point) is sorted by working set ascending instead: its
 * members in size order, the order the figures join them in.
 */
static void group_levels(struct analysis *a)
{
	size_t first[ANALYSIS_MAX_POINTS];
	for (size_t i = 0; i < a->npoints; i++) {
		first[i] = i;
		for (size_t j = 0; j < i; j++)
			if (a->points[j].threads == a->points[i].threads &&
			    model_same_kernel(&a->points[j], &a->points[i])) {
				first[i] = first[j];
				break;
			}
	}
	for (size_t i = 1; i < a->npoints; i++) {
		struct point p = a->points[i];
		size_t f = first[i], j = i;
		/* A trajectory's members go the other way: smallest first, the order it is drawn in. */
		while (j > 0 && (first[j - 1] > f ||
				 (first[j - 1] == f && (p.trajectory ? a->points[j - 1].working_set > p.working_set
								     : a->points[j - 1].working_set < p.working_set)))) {
			a->points[j] = a->points[j - 1];
			first[j] = first[j - 1];
			j--;
		}
		a->points[j] = p;
		first[j] = f;
	}
}

/*
 * What the registry and the run know of a kernel's build: its ISA, and for
 * compiled C the compiler's vector width from the run's remarks (the member's
 * own loop for a family whose file has one loop per member).
 */
static void build_facts(const struct rundata *run, const struct kernel *k, long param,
			struct point *p)
{
	p->isa = k ? k->isa : ISA_NONE;
	p->vec_width = 0;
	p->fma_only = k ? k->flops_all_fma : 0;
	if (!k || k->isa != ISA_NONE)
		return;
	/*
	 * A kernel that calls a library (it describes itself in env.csv) runs the
	 * library's code, not the compiler's: its ISA is the one the run recorded
	 * for that library's kernel (blas_isa), when it names one.
	 */
	enum isa lib_isa = k->library ? run->info.blas_isa_id : ISA_COUNT;
	if (lib_isa != ISA_COUNT && lib_isa != ISA_NONE) {
		p->isa = lib_isa;
		return;
	}
	int member = -1;
	for (int i = 0; registry_nparams(k) > 1 && i < registry_nparams(k); i++)
		if (registry_param(k, i) == param)
			member = i;
	p->vec_width = diagnosis_vec_width(rundata_remarks(run, k->name), run->info.cc, member);
}


/*
 * ai_loop and trajectory from the kernel's shape (kernel.h): the loop's
 * intensity is the placed one scaled by ideal bytes / loop bytes, which holds
 * whatever size the level offered; the tile is the run's (env.csv).
 */
static void loop_intensity(const struct rundata *run, const struct kernel *k, struct point *p)
{
	p->ai_loop = p->ai;
	p->trajectory = 0;
	if (!k || !k->shape)
		return;
	double tile = run->info.kernel_tile_bytes;
	struct kernel_shape s, other;
	size_t offered = (size_t)(p->working_set / 8);
	k->shape((int)p->param, offered, isfinite(tile) ? tile : 0, &s);
	if (s.n && s.loop_bytes > 0)
		p->ai_loop = p->ai * s.bytes / s.loop_bytes;
	for (int i = 0; i < registry_nparams(k); i++) {
		k->shape(registry_param(k, i), offered, 0, &other);
		if (other.n && other.working_set != s.working_set)
			p->trajectory = 1;
	}
}

/*
 * A kernel job is judged at the level its plan recorded (docs/plan.md R6:
 * one decision, the plan's, in a fall the faster level), unless the fitted
 * map puts its working set inside another level's plateau: then where it
 * ran, whatever its plan meant, and the disagreement is said, as is a
 * recorded rule the fit disagrees with (analysis_jobs.h). Returns that
 * level, MEM_LEVELS where the run recorded none (the fitted map's, in
 * diagnosis_place, as before plan.csv).
 */
static enum mem_level check_plan(struct analysis *a, const struct job_rates *j)
{
	if (j->plan->basis != PLAN_RECORDED || j->plan->level == MEM_LEVELS)
		return MEM_LEVELS;
	const struct level_map *map = model_levels_of(a, j->threads);
	enum mem_level filed = analysis_filed_level(a, j, map, 0);
	analysis_job_rule(a, j, map, filed);
	return filed;
}

/*
 * Whether job j's arrays obey STREAM's rule: as its plan recorded, else (a
 * run from before plan.csv) its arrays against the fitted rule.
 */
static int ruled(const struct analysis *a, const struct job_rates *j)
{
	if (j->plan->basis == PLAN_RECORDED && j->plan->obeys_rule >= 0)
		return j->plan->obeys_rule;
	const struct level_map *map = model_levels_of(a, j->threads);
	return map && map->dram.rule_bytes > 0 && j->plan->array_bytes > 0 &&
	       levels_arrays_obey_rule(&map->dram, j->plan->array_bytes);
}

static void place_points(struct analysis *a, const struct rundata *run, struct jobs *js)
{
	a->npoints = 0;
	for (size_t i = 0; i < js->n && a->npoints < ANALYSIS_MAX_POINTS; i++) {
		struct job_rates *j = &js->v[i];
		if (j->group != TGROUP_KERNELS)
			continue;
		struct job_summary s;
		analysis_summarize_job(j, &s);
		struct point *p = &a->points[a->npoints++];
		memset(p, 0, sizeof *p);
		snprintf(p->kernel, sizeof p->kernel, "%s", j->kernel);
		const struct kernel *k = j->k;
		p->k = k;
		snprintf(p->family, sizeof p->family, "%s", k ? k->family : j->kernel);
		p->family_k = registry_family(k);
		p->param = j->param;
		p->param_letter = k ? k->param_letter : 0;
		p->threads = j->threads;
		p->builtin = k != NULL;
		p->working_set = j->working_set;
		if (k && !k->shape && k->arrays > 0)
			p->array_bytes = j->working_set / k->arrays;
		if (k)
			kernel_pattern(k, p->pattern, sizeof p->pattern);
		enum mem_level filed = check_plan(a, j);
		p->ruled = ruled(a, j);
		if (filed != MEM_LEVELS)
			snprintf(p->level, sizeof p->level, "%s", levels_name(filed));
		build_facts(run, k, j->param, p);
		p->ai = j->flops_per_byte;
		loop_intensity(run, k, p);
		p->gflops = s.median;
		p->best_gflops = s.best;
		p->spread_lo = s.spread_lo;
		p->spread_hi = s.spread_hi;
		diagnosis_place(a, p);
	}
	group_levels(a);
}

/* Kernels this build's registry does not know are used from their rows alone: say so, once. */
static void note_unknown_kernels(struct analysis *a, const struct jobs *js)
{
	struct roof_note n = { .kind = NOTE_UNKNOWN_KERNELS };
	size_t count = 0;
	for (size_t i = 0; i < js->n; i++) {
		const char *k = js->v[i].kernel;
		if (js->v[i].k)
			continue;
		size_t seen = 0;
		for (size_t j = 0; j < i && !seen; j++)
			seen = registry_same(js->v[j].k, js->v[j].kernel, js->v[i].k, k);
		if (seen)
			continue;
		if (count < 4)
			snprintf(n.names[count], sizeof n.names[0], "%s", k);
		count++;
	}
	n.jobs = (int)count;
	if (count)
		analysis_roof_note(a, &n);
}

static int build_planned(const struct rundata *run, struct analysis *out, char *err, size_t errlen);

/*
 * A run built by hand (tests, a fleet node's pack) whose timings have no
 * plan rows yet gets them as rundata_load gives them (runplan_infer), on a
 * copy: the model files every job by its row, and there is one rule for
 * the rows of a run that recorded none.
 */
int analysis_build(const struct rundata *run, struct analysis *out, char *err, size_t errlen)
{
	int unplanned = 0;
	for (size_t i = 0; i < run->ntimings && !unplanned; i++)
		unplanned = !run->timings[i].plan;
	if (!unplanned)
		return build_planned(run, out, err, errlen);
	struct rundata copy = *run;
	copy.timings = xmalloc(run->ntimings * sizeof *copy.timings);
	memcpy(copy.timings, run->timings, run->ntimings * sizeof *copy.timings);
	copy.plan = run->nplan ? xmalloc(run->nplan * sizeof *copy.plan) : NULL;
	if (run->nplan)
		memcpy(copy.plan, run->plan, run->nplan * sizeof *copy.plan);
	for (size_t i = 0; i < run->ntimings; i++)
		if (run->timings[i].plan)
			copy.timings[i].plan = &copy.plan[run->timings[i].plan - run->plan];
	runplan_infer(&copy);
	int rc = build_planned(&copy, out, err, errlen);
	free(copy.timings);
	free(copy.plan);
	return rc;
}

static int build_planned(const struct rundata *run, struct analysis *out, char *err, size_t errlen)
{
	memset(out, 0, sizeof *out);
	out->peak = NAN;
	out->ridge = NAN;
	out->clock_ghz = run->info.clock_ghz;
	struct jobs js;
	analysis_collect_jobs(run, &js);
	if (js.n == 0) {
		analysis_free_jobs(&js);
		size_t failed = 0, kept = 0;
		for (size_t i = 0; i < run->ntimings; i++) {
			kept += !run->timings[i].warmup;
			failed += !run->timings[i].warmup && rundata_failed(run, run->timings[i].group,
									    run->timings[i].kernel, run->timings[i].param);
		}
		if (kept && failed == kept)
			snprintf(err, errlen, "every job with kept timings failed its check (see failures.csv): nothing to fit");
		else
			snprintf(err, errlen, "no kept timings in timings.csv (an interrupted run before its first kept trial?)");
		return -1;
	}
	note_unknown_kernels(out, &js);
	/*
	 * Each thread count's roofs from its own timings, the smallest count
	 * first: its sweep and chain curves are the ones kept for the figures,
	 * and its peak and DRAM make the ridge.
	 */
	int counts[ANALYSIS_MAX_THREAD_COUNTS], ncounts = 0;
	for (size_t i = 0; i < js.n; i++) {
		int c = 0;
		while (c < ncounts && counts[c] != js.v[i].threads)
			c++;
		if (c == ncounts && ncounts < ANALYSIS_MAX_THREAD_COUNTS)
			counts[ncounts++] = js.v[i].threads;
	}
	qsort(counts, (size_t)ncounts, sizeof counts[0], cmp_int);
	for (int c = 0; c < ncounts; c++)
		analysis_fit_bandwidth(out, run, &js, counts[c], c == 0);
	if (ncounts > 1)
		analysis_drop_overscaled(out, counts[0]);
	for (int c = 0; c < ncounts; c++)
		analysis_fit_peak(out, &js, counts[c], c == 0);
	analysis_theoretical_peaks(out, run);
	const struct roof *dram = analysis_dram(out);
	if (dram && isfinite(out->peak))
		out->ridge = fit_ridge(out->peak, dram->value);
	place_points(out, run, &js);
	analysis_spread_note(out, run);
	size_t kernel_jobs = 0;
	for (size_t i = 0; i < js.n; i++)
		kernel_jobs += js.v[i].group == TGROUP_KERNELS;
	if (kernel_jobs > out->npoints) {
		struct roof_note n = { .kind = NOTE_POINTS_CAPPED, .jobs = (int)kernel_jobs };
		analysis_roof_note(out, &n);
	}
	for (size_t i = 0; i < run->nfailures; i++) {
		const struct failure *f = &run->failures[i];
		struct roof_note n = { .kind = NOTE_JOB_FAILED, .group = f->group, .param = f->param };
		snprintf(n.kernel, sizeof n.kernel, "%s", f->kernel);
		snprintf(n.message, sizeof n.message, "%s", f->message);
		analysis_roof_note(out, &n);
	}
	analysis_free_jobs(&js);
	return 0;
}
