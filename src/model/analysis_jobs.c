/* analysis_jobs.c - a run's timings gathered into jobs, and the roofs and notes they make (see analysis_jobs.h). */
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis_jobs.h"
#include "isa.h"
#include "diagnosis.h"
#include "fit.h"
#include "levels.h"
#include "registry.h"
#include "roof_notes.h"
#include "roofkey.h"
#include "stats.h"
#include "util.h"

static void add_rate(struct job_rates *j, double rate, int pass)
{
	if (j->n == j->cap) {
		j->cap = j->cap ? j->cap * 2 : 32;
		j->rates = xrealloc(j->rates, j->cap * sizeof *j->rates);
		j->passes = xrealloc(j->passes, j->cap * sizeof *j->passes);
	}
	j->rates[j->n] = rate;
	j->passes[j->n] = pass;
	j->n++;
}

struct pass_rate {
	int pass;
	double rate;
};

static int cmp_pass(const void *x, const void *y)
{
	int a = ((const struct pass_rate *)x)->pass, b = ((const struct pass_rate *)y)->pass;
	return (a > b) - (a < b);
}

void analysis_summarize_job(const struct job_rates *j, struct job_summary *s)
{
	s->kept = j->n;
	s->best = stats_max(j->rates, j->n);
	s->median = stats_median(j->rates, j->n);
	/* The spread: smallest and largest median of one pass. */
	s->spread_lo = INFINITY;
	s->spread_hi = -INFINITY;
	/*
	 * Timings sorted by pass, one run of equal passes at a time: O(n log n)
	 * whatever the pass numbers are (a loop over 0..largest pass would take
	 * hours on a pass number of 2^31 in a damaged file).
	 */
	struct pass_rate *v = xmalloc((j->n ? j->n : 1) * sizeof *v);
	double *buf = xmalloc((j->n ? j->n : 1) * sizeof *buf);
	for (size_t i = 0; i < j->n; i++) {
		v[i].pass = j->passes[i];
		v[i].rate = j->rates[i];
	}
	qsort(v, j->n, sizeof *v, cmp_pass);
	for (size_t i = 0, k; i < j->n; i = k) {
		size_t m = 0;
		for (k = i; k < j->n && v[k].pass == v[i].pass; k++)
			buf[m++] = v[k].rate;
		double med = stats_median(buf, m);
		if (med < s->spread_lo)
			s->spread_lo = med;
		if (med > s->spread_hi)
			s->spread_hi = med;
	}
	if (!isfinite(s->spread_lo))
		s->spread_lo = s->spread_hi = NAN;
	free(buf);
	free(v);
}


/* Whether timing t belongs to job j: see struct job_rates. */
static int same_job(const struct job_rates *j, const struct timing *t)
{
	enum timing_group g = t->group;
	if (j->param != t->param || j->threads != t->threads || !registry_same(j->k, j->kernel, t->k, t->kernel) ||
	    j->group != g)
		return 0;
	return g != TGROUP_KERNELS || j->working_set == t->working_set;
}

static struct job_rates *find_job(struct jobs *js, const struct timing *t, size_t *hint)
{
	/* Rows come round-robin, so the next job is usually the one after the last. */
	for (size_t k = 0; k < js->n; k++) {
		size_t i = (*hint + k) % js->n;
		struct job_rates *j = &js->v[i];
		if (same_job(j, t)) {
			*hint = i + 1;
			return j;
		}
	}
	if (js->n == js->cap) {
		js->cap = js->cap ? js->cap * 2 : 64;
		js->v = xrealloc(js->v, js->cap * sizeof *js->v);
	}
	struct job_rates *j = &js->v[js->n++];
	memset(j, 0, sizeof *j);
	j->group = t->group;
	j->kernel = t->kernel;
	j->k = t->k;
	j->isa_named = t->isa_named;
	j->plan = t->plan;
	j->param = t->param;
	j->threads = t->threads;
	j->working_set = t->working_set;
	j->flops_per_byte = t->bytes > 0 ? t->flops / t->bytes : INFINITY;
	*hint = js->n;
	return j;
}

void analysis_collect_jobs(const struct rundata *run, struct jobs *js)
{
	size_t hint = 0;
	memset(js, 0, sizeof *js);
	for (size_t i = 0; i < run->ntimings; i++) {
		const struct timing *t = &run->timings[i];
		/*
		 * failures.csv names (group, kernel, param), not the working set: a
		 * check failed at one level leaves that kernel and parameter out at
		 * every level. A wrong kernel is wrong at any size; nothing is lost
		 * that could be trusted.
		 */
		if (t->warmup || rundata_failed(run, t->group, t->kernel, t->param))
			continue;
		struct job_rates *j = find_job(js, t, &hint);
		int bw = t->group == TGROUP_BANDWIDTH;
		add_rate(j, (bw ? t->bytes : t->flops) / t->seconds / 1e9, t->pass);
	}
}

void analysis_free_jobs(struct jobs *js)
{
	for (size_t i = 0; i < js->n; i++) {
		free(js->v[i].rates);
		free(js->v[i].passes);
	}
	free(js->v);
}

/* A new roof of that key, its name formatted from it (roofkey.h); NULL when full. */
struct roof *analysis_add_roof_key(struct analysis *a, const struct roof_key *key)
{
	if (a->nroofs >= ANALYSIS_MAX_ROOFS)
		return NULL;
	struct roof *r = &a->roofs[a->nroofs++];
	memset(r, 0, sizeof *r);
	r->key = *key;
	roofkey_format(key, r->name, sizeof r->name);
	r->kind = key->kind;
	r->threads = key->threads;
	return r;
}

/* A plateau of a level, or a compute roof or ceiling named `ceiling`. */
struct roof *analysis_add_level_roof(struct analysis *a, enum mem_level level, int threads)
{
	struct roof_key key = roofkey_level(level, threads);
	return analysis_add_roof_key(a, &key);
}

struct roof *analysis_add_roof(struct analysis *a, const char *ceiling, int threads, enum roof_kind kind)
{
	struct roof_key key = roofkey_compute(kind, ceiling, threads);
	return analysis_add_roof_key(a, &key);
}

/* A roof whose job's pass-to-pass spread, relative to that job's median `ref`, is too wide. */
void analysis_check_spread(struct analysis *a, const struct roof *r, double ref, const char *unit)
{
	if (!(ref > 0) || !isfinite(r->spread_lo))
		return;
	double rel = (r->spread_hi - r->spread_lo) / ref;
	(void)unit;
	if (!(rel > NOISY_SPREAD))
		return;
	a->nnoisy++;
	if (rel > a->noisiest_rel) {
		a->noisiest = *r;
		a->noisiest_rel = rel;
	}
}


/*
 * The job of (group, kernel, param), or NULL. For the peak group only, whose
 * jobs have no working set; a kernels job is also keyed by its size (same_job).
 */
struct job_rates *analysis_job_of(struct jobs *js, enum timing_group group, const struct kernel *k,
				  const char *kernel, long param, int threads)
{
	for (size_t i = 0; i < js->n; i++)
		if (js->v[i].param == param && js->v[i].threads == threads &&
		    registry_same(js->v[i].k, js->v[i].kernel, k, kernel) &&
		    js->v[i].group == group)
			return &js->v[i];
	return NULL;
}

void analysis_set_roof_from_job(struct roof *r, struct job_rates *j, double value)
{
	struct job_summary s;
	analysis_summarize_job(j, &s);
	r->value = value;
	r->median = s.median;
	r->spread_lo = s.spread_lo;
	r->spread_hi = s.spread_hi;
	r->samples = (int)s.kept;
	snprintf(r->job_kernel, sizeof r->job_kernel, "%s", j->kernel);
	r->job_param = j->param;
	r->job_k = j->k;
}


/* A job note's facts: the job and its plan's target. */
static struct roof_note job_note(enum note_kind kind, const struct job_rates *j, enum mem_level fitted,
				 enum job_judged judged)
{
	struct roof_note n = { .kind = kind, .threads = j->threads, .jobs = 1, .ws_lo = j->working_set,
			       .ws_hi = j->working_set, .array_bytes = j->plan->array_bytes,
			       .planned = j->plan->level, .fitted_lo = fitted, .fitted_hi = fitted,
			       .judged = judged, .target = j->plan->target, .k = j->k };
	snprintf(n.kernel, sizeof n.kernel, "%s", j->kernel);
	if (!roofkey_is_none(&j->plan->target))
		roofkey_format(&j->plan->target, n.roof, sizeof n.roof);
	return n;
}

/*
 * Adds job note n, or widens the note of the same kernel's jobs of its
 * kind, thread count, planned level and judgement to take it in: a kernel
 * measured at several sizes is one note, not one a size.
 */
static void add_job_note(struct analysis *a, const struct roof_note *n)
{
	for (size_t i = 0; i < a->nnotes; i++) {
		struct roof_note *o = &a->roof_notes[i];
		if (o->kind != n->kind || o->threads != n->threads || o->planned != n->planned ||
		    o->judged != n->judged || !registry_same(o->k, o->kernel, n->k, n->kernel) ||
		    !roofkey_equal(&o->target, &n->target))
			continue;
		o->jobs++;
		o->ws_lo = fmin(o->ws_lo, n->ws_lo);
		o->ws_hi = fmax(o->ws_hi, n->ws_hi);
		o->array_bytes = fmin(o->array_bytes, n->array_bytes);
		o->fitted_lo = o->fitted_lo < n->fitted_lo ? o->fitted_lo : n->fitted_lo;
		o->fitted_hi = o->fitted_hi > n->fitted_hi ? o->fitted_hi : n->fitted_hi;
		return;
	}
	analysis_roof_note(a, n);
}

enum mem_level analysis_filed_level(struct analysis *a, const struct job_rates *j, const struct level_map *map,
				    int as_planned)
{
	const struct level_span *s = map ? levels_of(map, j->working_set) : NULL;
	enum mem_level fitted = s ? s->id : MEM_LEVELS;
	const struct plan_row *p = j->plan;
	if (!map || !p || p->basis != PLAN_RECORDED || p->level == MEM_LEVELS || p->level == fitted)
		return fitted;
	/*
	 * A kernel whose working set the fitted map puts between its planned
	 * level and a neighbour: the plan's decision, made once and recorded
	 * (R6: the faster level of the fall, whose roof bounds it; the two
	 * curves, sampled apart, put the middle of a fall in different places,
	 * and GEMM n = 1024 was planned for DRAM and filed by the fit in L3).
	 * Its verdict says the fall (diagnosis_place). A pattern job there set
	 * a roof from a rate in the fall, and is said below.
	 */
	struct levels_fall fall;
	if (!as_planned && levels_between(map, j->working_set, &fall) &&
	    (fall.faster->id == p->level || fall.slower->id == p->level))
		return p->level;
	int found = 0;
	for (size_t i = 0; i < map->n; i++)
		found |= map->span[i].id == p->level;
	/*
	 * A working set inside a fitted level's span ran from that level: the
	 * curve was flat there, so its rate is that level's, whatever the plan
	 * meant (a 16-core team's L3 jobs placed at 10 MiB, inside its L2s, set
	 * an L3@16t roof at L2's rate). In a transition the fit's level is only
	 * the nearest: a pattern job keeps its plan's.
	 */
	int ran_inside = s && j->working_set >= s->lo && j->working_set <= s->hi;
	enum job_judged judged = !found ? JUDGED_NO_SUCH_LEVEL
				 : as_planned && !ran_inside ? JUDGED_AS_PLANNED : JUDGED_WHERE_IT_RAN;
	struct roof_note n = job_note(NOTE_JOB_OFF_TARGET, j, fitted, judged);
	add_job_note(a, &n);
	return judged == JUDGED_AS_PLANNED ? p->level : fitted;
}

enum job_rule analysis_job_rule(struct analysis *a, const struct job_rates *j, const struct level_map *map,
				enum mem_level filed)
{
	const struct plan_row *p = j->plan;
	if (!p || p->basis != PLAN_RECORDED || p->obeys_rule < 0)
		return JOB_RULE_FITTED;
	if (p->obeys_rule && filed == MEM_DRAM && map && map->dram.state == DRAM_FOUND &&
	    map->dram.rule_bytes > 0 && !levels_arrays_obey_rule(&map->dram, p->array_bytes)) {
		struct roof_note n = job_note(NOTE_JOB_SHORT_OF_RULE, j, MEM_DRAM, JUDGED_AS_PLANNED);
		n.rule_bytes = map->dram.rule_bytes;
		add_job_note(a, &n);
	}
	return p->obeys_rule ? JOB_RULE_OBEYS : JOB_RULE_SHORT;
}
