/*
 * analysis_bw.c - the bandwidth side of analysis_build: each thread count's
 * sweep, its plateaus and DRAM verdict (levels.h), the access-pattern roofs,
 * and the checks on them (see analysis_jobs.h).
 */
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis_bw.h"
#include "analysis_jobs.h"
#include "cache_share.h"
#include "isa.h"
#include "diagnosis.h"
#include "fit.h"
#include "levels.h"
#include "registry.h"
#include "roof_notes.h"
#include "roofkey.h"
#include "stats.h"
#include "util.h"

/* Other processes or steal at this share of one core over a pass: the machine was busy. */

/*
 * The run's spread, said once: its size, and what load.csv and the clock's
 * own samples say of it. "Busy" only where load was seen, naming it.
 */
void analysis_spread_note(struct analysis *a, const struct rundata *run)
{
	if (!a->nnoisy)
		return;
	struct roof_note n = { .kind = NOTE_SPREAD_NO_LOAD, .clock_lo = run->info.clock_ghz_min,
			       .clock_hi = run->info.clock_ghz_max, .clock_mid = run->info.clock_ghz };
	if (run->has_load) {
		const struct load_row *worst = NULL;
		double worst_share = 0;
		for (size_t i = 0; i < run->nload; i++) {
			const struct load_row *l = &run->load[i];
			double share = l->seconds > 0 ? fmax(l->busy_other, l->steal) / l->seconds : 0;
			if (share > worst_share) {
				worst_share = share;
				worst = l;
			}
		}
		n.kind = worst && worst_share >= LOAD_BUSY ? NOTE_SPREAD_BUSY : NOTE_SPREAD_QUIET;
		if (worst) {
			n.busy_pass = worst->pass;
			n.busy_threads = worst->threads;
			n.busy_seconds = worst->seconds;
			n.busy_other = worst->busy_other;
			n.busy_steal = worst->steal;
			n.busy_loadavg = worst->loadavg;
		}
	}
	analysis_roof_note(a, &n);
}

static int cmp_sweep(const void *x, const void *y)
{
	const struct sweep_point *a = x, *b = y;
	return (a->param > b->param) - (a->param < b->param);
}

/* Compares each cache plateau's range with the size the machine reports for it. */
static void compare_reported(struct analysis *a, const struct rundata *run,
			     const struct fit_plateau *pl, size_t count, const int *is_cache)
{
	const double reported_sizes[] = { run->info.l1d_bytes, run->info.l2_bytes, run->info.l3_bytes };
	size_t level = 0;
	for (size_t i = 0; i < count && level < 3; i++) {
		if (!is_cache[i])
			continue;
		enum mem_level id = (enum mem_level)level;
		double reported = reported_sizes[level++];
		/*
		 * The last level's reported size is judged with DRAM (levels.h): said
		 * once, there. An L3 under a reported L4 or memory-side cache is not
		 * the last: judged by its plateau like the others.
		 */
		if (!(reported > 0) || (level == 3 && !(run->info.reported_beyond > 0)))
			continue;
		/* The level's capacity lies between where its plateau ends and the next begins. */
		double lo = pl[i].size_hi, up = i + 1 < count ? pl[i + 1].size_lo : INFINITY;
		if (reported >= lo / 1.5 && reported <= up * 1.5)
			continue;
		struct roof_note n = { .kind = NOTE_CACHE_NOT_REPORTED, .planned = id, .ws_lo = lo, .ws_hi = up,
				       .size_hi = reported };
		analysis_roof_note(a, &n);
	}
	if (count < 2) {
		struct roof_note n = { .kind = NOTE_FEW_PLATEAUS, .jobs = (int)count };
		analysis_roof_note(a, &n);
	}
}

/*
 * A level as fit_patterns needs it: its span in the thread count's map
 * (levels.h) and its roof, NULL where the run has none (DRAM not reached).
 */
struct level {
	char name[16];
	const struct level_span *span;
	struct roof *roof;
};

/* A thread count's levels as fit_patterns works through them: lv[0..n), the map they come from, the count. */
struct levels_of {
	struct level *lv;
	size_t n;
	const struct level_map *map;
	int threads;
};

/* The level of lv at `id`, or NULL where this fit has none (MEM_LEVELS: none). */
static struct level *level_at(struct level *lv, size_t n, enum mem_level id)
{
	for (size_t i = 0; id != MEM_LEVELS && i < n; i++)
		if (lv[i].span && lv[i].span->id == id)
			return &lv[i];
	return NULL;
}

/* The pattern roof of kernel k's streams at a level, made when absent; NULL when full. */
static struct roof *pattern_roof(struct analysis *a, enum mem_level level, const struct kernel *k,
				 int threads, int *made)
{
	struct roof_key key = roofkey_pattern(level, k, threads);
	const struct roof *r = model_roof(a, &key);
	*made = !r;
	return r ? &a->roofs[r - a->roofs] : analysis_add_roof_key(a, &key);
}

/*
 * A level that lacks a pattern other levels have (measure put its jobs at
 * the pre-scan's plateaus, and the sweep found the levels elsewhere): said,
 * since kernels of that pattern there are judged against the level's roof.
 */
/* Whether the pattern of `key` has a roof at some cache level of lv (not only at DRAM). */
static int pattern_at_a_cache(const struct analysis *a, const struct level *lv, size_t nlv,
			      struct roof_key key)
{
	for (size_t l = 0; l < nlv; l++) {
		if (!lv[l].span || lv[l].span->id == MEM_DRAM)
			continue;
		key.level = lv[l].span->id;
		if (model_roof(a, &key))
			return 1;
	}
	return 0;
}

static void missing_patterns(struct analysis *a, const struct level *lv, size_t nlv, int threads)
{
	for (size_t l = 0; l < nlv; l++) {
		if (!lv[l].roof || !lv[l].span)
			continue;
		struct roof_note n = { .kind = NOTE_PATTERNS_MISSED_LEVEL, .key = lv[l].roof->key, .threads = threads };
		size_t count = 0;
		for (size_t i = 0; i < a->nroofs; i++) {
			const struct roof *r = &a->roofs[i];
			if (r->kind != ROOF_PATTERN || r->threads != threads)
				continue;
			/* Once per pattern: at its first roof. */
			int first = 1;
			for (size_t j = 0; j < i && first; j++) {
				struct roof_key there = a->roofs[j].key;
				there.level = r->key.level;
				first = !roofkey_equal(&there, &r->key);
			}
			struct roof_key want = r->key;
			want.level = lv[l].span->id;
			if (!first || model_roof(a, &want))
				continue;
			/*
			 * A pattern measured at DRAM alone (the streaming-store and
			 * paced copies: the plan runs them there only) missed no level.
			 */
			if (want.level != MEM_DRAM && !pattern_at_a_cache(a, lv, nlv, r->key))
				continue;
			if (count < sizeof n.patterns / sizeof n.patterns[0])
				n.patterns[count] = roofkey_access_pattern(&r->key);
			count++;
		}
		/*
		 * Named by the level's own roof ("L3@2t"), so a note of the all-core
		 * pass is never read as one about one core's kernels.
		 */
		n.jobs = (int)count;
		if (count)
			analysis_roof_note(a, &n);
	}
}

/*
 * DRAM pattern roofs whose job ran where a cache may still serve part of
 * it: said once. With a STREAM rule, a job whose arrays are each at least
 * the rule (job_param: bytes per array, all threads' parts) is as far from
 * any cache as the sweep's DRAM sizes, though its working set, of two
 * arrays where the sweep's triad has three, sits below the flat end's
 * first size: a 2-core Intel VM's DRAM@2t jobs at 768 MiB per array, the
 * rule, were said to "read high" against a flat end from 1 GiB per array.
 * Without a rule, the flat end's first working set is the test.
 */
/* Whether a DRAM job with arrays of `param` bytes at working set `ws` ran where a cache may serve part of it. */
static int early_dram_size(double param, double ws, const struct level_map *map)
{
	if (map->dram.rule_bytes > 0 && param > 0)
		return !levels_arrays_obey_rule(&map->dram, param);
	return ws < map->dram.flat_from;
}

/* As early_dram_size, but a job whose plan recorded its arrays against the rule is as recorded. */
static int short_of_rule(enum job_rule rule, double param, double ws, const struct level_map *map)
{
	if (rule != JOB_RULE_FITTED)
		return rule == JOB_RULE_SHORT;
	return early_dram_size(param, ws, map);
}

int analysis_early_dram_job(const struct roof *r, const struct level_map *map)
{
	return short_of_rule(r->job_rule, (double)r->job_param, r->size_lo, map);
}

static void early_dram_patterns(struct analysis *a, const struct level_map *map, int threads)
{
	double lowest = INFINITY, smallest_array = INFINITY;
	if (!map || map->dram.state != DRAM_FOUND)
		return;
	for (size_t i = 0; i < a->nroofs; i++) {
		const struct roof *r = &a->roofs[i];
		if (r->kind == ROOF_PATTERN && r->threads == threads && r->job_kernel[0] &&
		    r->key.level == MEM_DRAM && analysis_early_dram_job(r, map)) {
			lowest = fmin(lowest, r->size_lo);
			smallest_array = fmin(smallest_array, (double)r->job_param);
		}
	}
	if (!isfinite(lowest))
		return;
	int by_rule = map->dram.rule_bytes > 0 && smallest_array > 0;
	struct roof_note n = { .kind = by_rule ? NOTE_DRAM_PATTERNS_SHORT : NOTE_DRAM_PATTERNS_EARLY,
			       .threads = threads, .array_bytes = smallest_array, .rule_bytes = map->dram.rule_bytes,
			       .ws_lo = lowest, .ws_hi = map->dram.flat_from };
	analysis_roof_note(a, &n);
}

/*
 * The access-pattern roofs (ROOF_PATTERN): each plateau's value is its
 * level's roof for the sweep's own pattern; every other bandwidth-group job
 * (a bandwidth kernel timed at a plateau's middle) is the roof of its
 * kernel's pattern, from the registry's metadata, at the level its working
 * set belongs to (the best job where several land on one). Then each level's
 * roof becomes the best of the store kinds: where the sweep's pattern with
 * streaming stores ("-nt") or stores in place ("-ip") is faster, it sets
 * the level's roof, and the ordinary-store rate stays as the pattern roof
 * that kernels whose stores allocate are judged against.
 */
/*
 * Whether job j (summary s) replaces pattern roof r at `level`: the faster,
 * but at a found DRAM one whose arrays obey STREAM's rule (with none: inside
 * the flat end) beats one that did not, however fast. One short of it may be
 * served partly by a cache and sets no DRAM roof (best_store_kinds): a 2-core
 * Zen 4 VM's DRAM@2t in-place roof came from a job at 68 MiB per array where
 * one at 128 (the rule) had run, and DRAM@2t fell to the triad's 34.8 GB/s.
 * A sweep plateau's copy (no job kernel) is DRAM's own sizes, inside it.
 */
static int job_beats(const struct roof *r, const struct job_summary *s, const struct job_rates *j,
		     enum job_rule rule, enum mem_level level, const struct level_map *map)
{
	if (level == MEM_DRAM && map && map->dram.state == DRAM_FOUND) {
		int j_early = short_of_rule(rule, (double)j->param, j->working_set, map);
		int r_early = r->job_kernel[0] && analysis_early_dram_job(r, map);
		if (j_early != r_early)
			return r_early;
	}
	return s->best > r->value;
}

/*
 * Every other bandwidth-group job of `threads` threads (a bandwidth kernel
 * timed at a plateau's middle) is the roof of its kernel's pattern at the
 * level its working set belongs to, the best job where several land on one.
 */
static void pattern_jobs(struct analysis *a, struct jobs *js, const struct kernel *sk, const struct levels_of *L)
{
	struct level *lv = L->lv;
	size_t nlv = L->n;
	const struct level_map *map = L->map;
	int threads = L->threads;
	int made;
	size_t unplaced = 0;
	double unplaced_lo = INFINITY, unplaced_hi = 0;
	for (size_t i = 0; i < js->n; i++) {
		struct job_rates *j = &js->v[i];
		/* The sweep's kernel's jobs are its curve (gather_sweep): their roof is the plateau's copy. */
		if (j->group != TGROUP_BANDWIDTH || j->plan->role != PLAN_ROLE_PATTERN || (sk && j->k == sk) || !j->n ||
		    j->threads != threads)
			continue;
		const struct kernel *k = j->k;
		char pat[32] = "";
		if (k)
			kernel_pattern(k, pat, sizeof pat);
		enum mem_level filed = analysis_filed_level(a, j, map, 1);
		struct level *l = level_at(lv, nlv, filed);
		if (l && !l->roof) {
			/* Past the caches in a sweep that never reached DRAM: no DRAM roof of any pattern. */
			unplaced++;
			unplaced_lo = fmin(unplaced_lo, j->working_set);
			unplaced_hi = fmax(unplaced_hi, j->working_set);
			continue;
		}
		if (!pat[0] || !l) {
			struct roof_note n = { .kind = !pat[0] ? NOTE_JOB_NO_PATTERN : NOTE_JOB_NO_PLATEAU,
					       .array_bytes = (double)j->param, .k = k };
			snprintf(n.kernel, sizeof n.kernel, "%s", j->kernel);
			analysis_roof_note(a, &n);
			continue;
		}
		struct job_summary s;
		analysis_summarize_job(j, &s);
		enum job_rule rule = analysis_job_rule(a, j, map, filed);
		struct roof *r = pattern_roof(a, l->span->id, k, j->threads, &made);
		if (!r)
			return;
		if (!made && !job_beats(r, &s, j, rule, l->span->id, map))
			continue;
		r->value = s.best;
		r->median = s.median;
		r->spread_lo = s.spread_lo;
		r->spread_hi = s.spread_hi;
		r->samples = (int)s.kept;
		r->size_lo = r->size_hi = j->working_set;
		snprintf(r->kernel, sizeof r->kernel, "%s", j->kernel);
		r->store_kind = k->stores;
		snprintf(r->job_kernel, sizeof r->job_kernel, "%s", j->kernel);
		r->job_param = j->param;
		r->job_rule = rule;
		r->set_k = r->job_k = k;
	}
	if (unplaced && map) {
		struct roof_note n = { .kind = NOTE_PATTERNS_PAST_CACHES, .jobs = (int)unplaced, .threads = threads,
				       .ws_lo = unplaced_lo, .ws_hi = unplaced_hi, .size_lo = map->span[map->n - 1].lo };
		analysis_roof_note(a, &n);
	}
}

/*
 * A level roof takes another roof's figure and what set it (a pattern job
 * that ran the level faster than the sweep, or another way of storing):
 * value, median, per-pass spread, the kernel and its stores.
 */
static void take_value(struct roof *r, const struct roof *from)
{
	r->value = from->value;
	r->median = from->median;
	r->spread_lo = from->spread_lo;
	r->spread_hi = from->spread_hi;
	memcpy(r->kernel, from->kernel, sizeof r->kernel);
	r->set_k = from->set_k;
	r->store_kind = from->store_kind;
}

/*
 * A job of the sweep's own pattern (its one-vector twin, kernel.one_vector,
 * at the plateau's middle) faster than the sweep's plateau sets the
 * level's roof, as it set the pattern's (pattern_jobs); at DRAM (map set)
 * only one whose arrays obey the rule.
 */
static void ordinary_job(struct analysis *a, struct level *l, struct roof_key key, const struct level_map *map)
{
	const struct roof *o = model_roof(a, &key);
	struct roof *r = l->roof;
	if (!o || !o->job_kernel[0] || !(o->value > r->value) || (map && analysis_early_dram_job(o, map)))
		return;
	struct roof_note n = { .kind = NOTE_JOB_SET_ROOF, .key = r->key, .from = o->value, .to = r->value,
			       .k = o->set_k };
	snprintf(n.kernel, sizeof n.kernel, "%s", o->kernel);
	analysis_roof_note(a, &n);
	take_value(r, o);
}

/*
 * Each level's roof becomes the best of the store kinds: where the sweep's
 * pattern with streaming stores or stores in place is faster, it sets the
 * level's roof (at DRAM only inside the flat end and STREAM's rule).
 */
static void best_store_kinds(struct analysis *a, const struct levels_of *L, const struct kernel *sk,
			     const char *sweep_pat)
{
	struct level *lv = L->lv;
	size_t nlv = L->n;
	const struct level_map *map = L->map;
	int threads = L->threads;
	static const struct { enum kernel_stores stores; } kinds[] = {
		{ STORES_STREAMING }, { STORES_IN_PLACE },
	};
	for (size_t i = 0; i < nlv; i++) {
		/* The fastest store kind; the sweep's own (ordinary stores) when none beats it. */
		const struct roof *s = NULL;
		size_t kd_set = 0;
		if (!lv[i].roof)
			continue;
		int at_dram = lv[i].span && lv[i].span->id == MEM_DRAM && map;
		ordinary_job(a, &lv[i], roofkey_pattern(lv[i].span->id, sk, threads), at_dram ? map : NULL);
		double ordinary = lv[i].roof->value;
		/*
		 * At DRAM only a job whose arrays obey the rule DRAM was found by
		 * (each as far from any cache as the flat end's), or, with no
		 * rule, one inside the flat end: a DRAM roof stays within the
		 * noise of the sweep's end. Both at once left out this VM's
		 * in-place job with two 384 MiB arrays (the rule), 768 MiB of
		 * working set below the flat end's first (the triad's three 512
		 * MiB arrays): DRAM 13.8 GB/s in one run, 24.7-26.3 (in place) in
		 * the three others.
		 */
		for (size_t kd = 0; kd < sizeof kinds / sizeof kinds[0]; kd++) {
			struct roof_key key = roofkey_pattern(lv[i].span->id, sk, threads);
			key.stores = kinds[kd].stores;
			const struct roof *c = model_roof(a, &key);
			if (c && c->value > (s ? s->value : ordinary) && !(at_dram && analysis_early_dram_job(c, map))) {
				s = c;
				kd_set = kd;
			}
		}
		struct roof *r = lv[i].roof;
		if (!s)
			continue;
		struct roof_note said = { .kind = NOTE_STORES_SET_ROOF, .stores = kinds[kd_set].stores,
					  .from = s->value, .to = r->value };
		snprintf(said.roof, sizeof said.roof, "%s", r->name);
		snprintf(said.kernel, sizeof said.kernel, "%s", s->kernel);
		said.k = s->set_k;
		snprintf(said.level, sizeof said.level, "%.15s", lv[i].name);
		snprintf(said.pattern, sizeof said.pattern, "%s", sweep_pat);
		said.ordinary = roofkey_pattern(lv[i].span->id, sk, threads);
		analysis_roof_note(a, &said);
		take_value(r, s);
	}
}

static void fit_patterns(struct analysis *a, struct jobs *js, const char *sweep, const struct kernel *sk,
			 const struct levels_of *L)
{
	struct level *lv = L->lv;
	size_t nlv = L->n;
	const struct level_map *map = L->map;
	int threads = L->threads;
	char sweep_pat[32] = "";
	if (sk)
		kernel_pattern(sk, sweep_pat, sizeof sweep_pat);
	else {
		struct roof_note n = { .kind = NOTE_SWEEP_NOT_IN_BUILD };
		snprintf(n.kernel, sizeof n.kernel, "%s", sweep);
		analysis_roof_note(a, &n);
	}
	int made;
	for (size_t i = 0; i < nlv && sweep_pat[0]; i++) {
		if (!lv[i].roof)
			continue;
		struct roof *r = pattern_roof(a, lv[i].span->id, sk, threads, &made);
		if (!r)
			return;
		struct roof keep = *r;
		*r = *lv[i].roof;
		memcpy(r->name, keep.name, sizeof r->name);
		r->key = keep.key;
		r->kind = ROOF_PATTERN;
	}
	pattern_jobs(a, js, sk, L);
	early_dram_patterns(a, map, threads);
	if (!sweep_pat[0])
		return;
	missing_patterns(a, lv, nlv, threads);
	best_store_kinds(a, L, sk, sweep_pat);
}

/*
 * A plateau whose sizes' best rates differ by more than NOISY_SPREAD: said
 * as the slope it is ("falls from A to B"), or as a range when the extremes
 * are inside it, never as a busy machine. Best rates, as the plateau itself
 * is found from them: one size's slow moments are its own spread, not a slope.
 */
static void slope_note(struct analysis *a, const char *name, const struct fit_plateau *pl)
{
	if (!(pl->best_hi > 0) || !((pl->best_hi - pl->best_lo) / pl->best_hi > NOISY_SPREAD))
		return;
	double first = a->sweep[pl->first].best, last = a->sweep[pl->last].best;
	int monotone = (first == pl->best_lo && last == pl->best_hi) ||
		       (first == pl->best_hi && last == pl->best_lo);
	struct roof_note said = { .kind = NOTE_PLATEAU_SLOPE, .monotone = monotone,
				  .from = monotone ? first : pl->best_lo, .to = monotone ? last : pl->best_hi,
				  .size_lo = pl->size_lo, .size_hi = pl->size_hi };
	snprintf(said.roof, sizeof said.roof, "%s", name);
	analysis_roof_note(a, &said);
}

/*
 * A plateau roof's noise: its sizes' own pass-to-pass spread, the widest of
 * sizes first..last of a->sweep. How far the sizes' medians differ is the
 * plateau's slope, a note of its own.
 */
static void plateau_spread(struct analysis *a, struct roof *r, size_t first, size_t last)
{
	double widest = -1, ref = NAN;
	for (size_t k = first; k <= last && k < a->nsweep; k++) {
		const struct sweep_point *p = &a->sweep[k];
		double rel = (p->spread_hi - p->spread_lo) / p->median;
		if (isfinite(rel) && rel > widest) {
			widest = rel;
			ref = p->median;
			r->spread_lo = p->spread_lo;
			r->spread_hi = p->spread_hi;
		}
	}
	if (widest < 0)
		r->spread_lo = r->spread_hi = NAN;
	analysis_check_spread(a, r, ref, "GB/s");
}

static void restore_sweep(struct analysis *a, struct sweep_point *saved, size_t n)
{
	if (!saved)
		return;
	memcpy(a->sweep, saved, sizeof a->sweep);
	a->nsweep = n;
	free(saved);
}

/*
 * The plateaus of the sweep run by `threads` threads, as roofs (named "@Nt"
 * for more than one), and their access-pattern roofs. Only the first thread
 * count's (keep) sweep stays in a->sweep, for sweep.csv and the figures; the
 * others only give roofs.
 */
/* The sweep kernel's sizes at `threads` threads into a->sweep, sorted by array size. */
/*
 * The sweep's curve: every job of the sweep's kernel, its sizes and the
 * pattern jobs it ran at the plateaus' middles alike (the same kernel's
 * rate at another working set; a plan records those as `pattern`).
 */
static void gather_sweep(struct analysis *a, struct jobs *js, const char *sweep, const struct kernel *sk,
			 int threads)
{
	a->nsweep = 0;
	for (size_t i = 0; sweep && i < js->n && a->nsweep < ANALYSIS_MAX_SWEEP; i++) {
		struct job_rates *j = &js->v[i];
		if (j->group != TGROUP_BANDWIDTH || (j->plan->role != PLAN_ROLE_SWEEP && !(sk && j->k == sk)) ||
		    j->threads != threads)
			continue;
		struct job_summary s;
		analysis_summarize_job(j, &s);
		struct sweep_point *p = &a->sweep[a->nsweep++];
		p->param = (double)j->param;
		p->working_set = j->working_set;
		p->best = s.best;
		p->median = s.median;
		p->spread_lo = s.spread_lo;
		p->spread_hi = s.spread_hi;
		p->kept = (int)s.kept;
	}
	qsort(a->sweep, a->nsweep, sizeof a->sweep[0], cmp_sweep);
}

/* STREAM's rule as measure recorded it (env.csv stream_rule_source); NULL for a run from before it. */
static const struct levels_rule *recorded_rule(const struct rundata *run, struct levels_rule *rule)
{
	if (!run->info.stream_rule_recorded)
		return NULL;
	*rule = (struct levels_rule){ run->info.stream_rule_from, run->info.stream_rule_bytes,
				      run->info.stream_rule_cache_bytes };
	return rule;
}

int analysis_rule_from_curve(const struct dram_verdict *v)
{
	return v->llc_implausible && v->rule_recorded && v->rule_bytes > 0;
}

/* The sweep's last cache past this many times the working set the rule was 4x of: the pre-scan left it early. */
#define RULE_CACHE_SHORT 2.0

/*
 * A rule measure took from its pre-scan's curve, against the sweep's own:
 * where the sweep's last cache runs past twice the working set the rule was
 * 4x of, the pre-scan left that cache too early (a slow moment of the host:
 * this VM's pre-scan once put its end at 2.56 MiB, its sweep then found L3
 * to 17 MiB, and every one-core DRAM kernel ran in it). A note, with the
 * rule this sweep's curve asks; none when the two agree.
 */
static void rule_short_note(struct analysis *a, const struct level_map *map)
{
	const struct dram_verdict *v = &map->dram;
	if (!analysis_rule_from_curve(v) || !(v->rule_cache_bytes > 0))
		return;
	const struct level_span *last = NULL;
	for (size_t i = 0; i < map->n; i++)
		if (map->span[i].id != MEM_DRAM)
			last = &map->span[i];
	if (!last || !(last->hi > RULE_CACHE_SHORT * v->rule_cache_bytes))
		return;
	struct roof_note n = { .kind = NOTE_RULE_SHORT, .map = (size_t)(map - a->levels) + 1,
			       .threads = map->threads, .planned = last->id, .ws_hi = last->hi,
			       .rule_bytes = ceil(LEVELS_STREAM_FACTOR * last->hi / 1048576) * 1048576 };
	analysis_roof_note(a, &n);
}

/*
 * A note for each level whose reported sharing the map's curve overruled
 * (cache_share_judge decided it; the map carries what it decided): the
 * report is said to disagree with the plateau, never judged again here.
 */
static void sharing_overruled_notes(struct analysis *a, const struct rundata *run, const struct level_map *map)
{
	const double reported[] = { run->info.l1d_bytes, run->info.l2_bytes, run->info.l3_bytes };
	const double cpus[] = { run->info.l1d_shared_cpus, run->info.l2_shared_cpus, run->info.l3_shared_cpus };
	for (int l = 0; l < LEVELS_CACHE_LEVELS; l++) {
		if (!map->share_overruled[l])
			continue;
		struct roof_note n = { .kind = NOTE_SHARING_OVERRULED, .planned = (enum mem_level)l,
				       .shared_cpus = cpus[l], .size_hi = reported[l], .threads = map->threads,
				       .instances = cache_team_copies(l, map->reported_shared[l], map->threads),
				       .ws_hi = map->share_hi[l] };
		analysis_roof_note(a, &n);
	}
}

/*
 * The level map of the sweep in a->sweep at `threads` (levels_map_curve,
 * the one the plan uses too): DRAM is found from the curve's flat end,
 * never assumed; a note for sizes the fitter left on no plateau. The
 * verdict's note stays data; the writers word it (analysis_note_text).
 */
static const struct level_map *sweep_levels(struct analysis *a, const struct rundata *run, int threads,
					    struct level_map *scratch)
{
	struct levels_size *ls = xmalloc(a->nsweep * sizeof *ls);
	for (size_t i = 0; i < a->nsweep; i++)
		ls[i] = (struct levels_size){ .array_bytes = a->sweep[i].param,
					      .working_set = a->sweep[i].working_set,
					      .best = a->sweep[i].best, .median = a->sweep[i].median,
					      .spread_lo = a->sweep[i].spread_lo,
					      .spread_hi = a->sweep[i].spread_hi };
	struct levels_rule rule;
	struct fit_dropped dropped[8];
	struct fit_dropped_list dl = { dropped, 8, 0, NULL, 0 };
	struct levels_input in = { .sweep = ls, .n = a->nsweep,
				   .reported = { run->info.l1d_bytes, run->info.l2_bytes, run->info.l3_bytes },
				   .shared = { run->info.l1d_shared_cores, run->info.l2_shared_cores,
					       run->info.l3_shared_cores },
				   .reported_beyond = run->info.reported_beyond,
				   .threads = threads, .settled = run->info.sweep_settled,
				   .rule = recorded_rule(run, &rule), .cap_binds = rundata_cap_binds(run, threads),
				   .dropped = &dl };
	struct level_map *map = a->nlevels < ANALYSIS_MAX_THREAD_COUNTS ? &a->levels[a->nlevels++] : scratch;
	levels_map_curve(&in, map);
	free(ls);
	map->dram.cap_binds = rundata_cap_binds(run, threads);
	sharing_overruled_notes(a, run, map);
	for (size_t i = 0; i < dl.n; i++) {
		struct roof_note n = { .kind = NOTE_SIZES_ON_NO_PLATEAU, .size_lo = dropped[i].size_lo,
				       .size_hi = dropped[i].size_hi, .from = dropped[i].value };
		analysis_roof_note(a, &n);
	}
	if (map != scratch) {
		rule_short_note(a, map);
		struct roof_note n = { .kind = NOTE_DRAM_VERDICT, .map = (size_t)(map - a->levels) + 1 };
		analysis_roof_note(a, &n);
	}
	return map;
}

/* A level roof's value from the sweep: set by kernel `sweep` with its stores. */
static void set_sweep_roof(struct roof *r, const char *sweep, const struct kernel *sk)
{
	snprintf(r->kernel, sizeof r->kernel, "%s", sweep);
	r->set_k = sk;
	r->store_kind = sk ? sk->stores : STORES_ALLOCATE;
}

/* The level roofs of one thread count's map: its cache plateaus, then DRAM where found. Returns how many. */
static size_t level_roofs(struct analysis *a, const struct fit_plateau *pl, size_t count,
			  const int *is_cache, const struct level_map *map, const char *sweep,
			  const struct kernel *sk, struct level lv[LEVELS_MAX])
{
	const struct dram_verdict *v = &map->dram;
	size_t nlv = 0;
	for (size_t i = 0; i < count && nlv < map->n; i++) {
		if (!is_cache[i])
			continue;
		struct roof *r = analysis_add_level_roof(a, map->span[nlv].id, map->threads);
		if (!r)
			break;
		r->value = pl[i].value;
		r->size_lo = pl[i].size_lo;
		r->size_hi = pl[i].size_hi;
		r->samples = pl[i].samples;
		r->median = pl[i].median;
		set_sweep_roof(r, sweep, sk);
		plateau_spread(a, r, pl[i].first, pl[i].last);
		slope_note(a, r->name, &pl[i]);
		snprintf(lv[nlv].name, sizeof lv[nlv].name, "%s", levels_name(map->span[nlv].id));
		lv[nlv].span = &map->span[nlv];
		lv[nlv].roof = r;
		nlv++;
	}
	if (nlv < map->n && map->span[nlv].id == MEM_DRAM) {
		struct roof *r = v->state == DRAM_FOUND ? analysis_add_level_roof(a, MEM_DRAM, map->threads) : NULL;
		if (r) {
			r->value = v->value;
			r->median = v->median;
			r->size_lo = v->size_lo;
			r->size_hi = v->size_hi;
			r->samples = v->samples;
			set_sweep_roof(r, sweep, sk);
			plateau_spread(a, r, v->first, v->last);
		}
		snprintf(lv[nlv].name, sizeof lv[nlv].name, "%s", levels_name(MEM_DRAM));
		lv[nlv].span = &map->span[nlv];
		lv[nlv].roof = r;
		nlv++;
	}
	return nlv;
}

void analysis_fit_bandwidth(struct analysis *a, const struct rundata *run, struct jobs *js,
			    int threads, int keep)
{
	/* The sweep's kernel: its jobs' plan rows say which (runplan.h). */
	const struct timing *swept = runplan_sweep(run);
	const char *sweep = swept ? swept->kernel : NULL;
	const struct kernel *sk = swept ? swept->k : NULL;
	if (sweep && keep) {
		snprintf(a->sweep_kernel, sizeof a->sweep_kernel, "%s", sweep);
		a->sweep_k = sk;
	}
	/* a->sweep is the fitter's scratch space here; the kept sweep goes back after. */
	size_t kept_sweep = a->nsweep;
	struct sweep_point *saved = keep ? NULL : xmalloc(sizeof a->sweep);
	if (saved)
		memcpy(saved, a->sweep, sizeof a->sweep);
	gather_sweep(a, js, sweep, sk, threads);
	if (!a->nsweep) {
		restore_sweep(a, saved, kept_sweep);
		return;
	}
	struct level_map scratch;
	const struct level_map *map = sweep_levels(a, run, threads, &scratch);
	struct level lv[LEVELS_MAX];
	size_t nlv = level_roofs(a, map->pl, map->count, map->is_cache, map, sweep, sk, lv);
	restore_sweep(a, saved, kept_sweep);
	if (keep)
		compare_reported(a, run, map->pl, map->count, map->is_cache);
	fit_patterns(a, js, sweep, sk, &(struct levels_of){ lv, nlv, map, threads });
}
