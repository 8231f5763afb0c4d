/* analysis.c - from raw timings to roofs, curves and placed kernels (see analysis.h). */
#include "analysis.h"

#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpu.h"
#include "diagnosis.h"
#include "fit.h"
#include "levels.h"
#include "model.h"
#include "registry.h"
#include "roofkey.h"
#include "stats.h"
#include "util.h"

/* A plateau's neighbours must differ by 15% to be two levels; a size within 10% of a level is on it. */
#define PLATEAU_MIN_STEP FIT_MIN_STEP
#define PLATEAU_TOLERANCE FIT_TOLERANCE
/* Per-pass medians further apart than this (relative to the median) earn a warning. */
#define NOISY_SPREAD 0.10

/*
 * All kept timings of one job: (group, kernel, param), and in the kernels
 * group its working set too, since `measure --levels` times the same kernel
 * and parameter at several sizes (DRAM-, L2-, L1-resident): each is a point.
 */
struct job_rates {
	enum timing_group group;
	const char *kernel;
	long param;
	int threads;
	double working_set, flops_per_byte;
	double *rates;     /* GB/s for bandwidth, GFLOP/s otherwise */
	int *passes;
	size_t n, cap;
};

struct job_summary {
	double best, median, spread_lo, spread_hi;
	size_t kept;
};

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

static void summarize_job(const struct job_rates *j, struct job_summary *s)
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

struct jobs {
	struct job_rates *v;
	size_t n, cap;
};

/* Whether timing t belongs to job j: see struct job_rates. */
static int same_job(const struct job_rates *j, const struct timing *t)
{
	enum timing_group g = model_group(t);
	if (j->param != t->param || j->threads != t->threads || strcmp(j->kernel, t->kernel) != 0 ||
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
	j->group = model_group(t);
	j->kernel = t->kernel;
	j->param = t->param;
	j->threads = t->threads;
	j->working_set = t->working_set;
	j->flops_per_byte = t->bytes > 0 ? t->flops / t->bytes : INFINITY;
	*hint = js->n;
	return j;
}

static void collect_jobs(const struct rundata *run, struct jobs *js)
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
		int bw = model_group(t) == TGROUP_BANDWIDTH;
		add_rate(j, (bw ? t->bytes : t->flops) / t->seconds / 1e9, t->pass);
	}
}

static void free_jobs(struct jobs *js)
{
	for (size_t i = 0; i < js->n; i++) {
		free(js->v[i].rates);
		free(js->v[i].passes);
	}
	free(js->v);
}

static void note(struct analysis *a, const char *fmt, ...) PRINTF_LIKE(2, 3);

static void note(struct analysis *a, const char *fmt, ...)
{
	if (a->nnotes >= ANALYSIS_MAX_NOTES)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(a->notes[a->nnotes++], sizeof a->notes[0], fmt, ap);
	va_end(ap);
}

/* A new roof of that key, its name formatted from it (roofkey.h); NULL when full. */
static struct roof *add_roof_key(struct analysis *a, const struct roof_key *key)
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
static struct roof *add_level_roof(struct analysis *a, enum mem_level level, int threads)
{
	struct roof_key key = roofkey_level(level, threads);
	return add_roof_key(a, &key);
}

static struct roof *add_roof(struct analysis *a, const char *ceiling, int threads, enum roof_kind kind)
{
	struct roof_key key = roofkey_compute(kind, ceiling, threads);
	return add_roof_key(a, &key);
}

/* A roof whose job's pass-to-pass spread, relative to that job's median `ref`, is too wide. */
static void check_spread(struct analysis *a, const struct roof *r, double ref, const char *unit)
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

/* Other processes or steal at this share of one core over a pass: the machine was busy. */
#define LOAD_BUSY 0.05

/*
 * The run's spread, said once: its size, and what load.csv and the clock's
 * own samples say of it. "Busy" only where load was seen, naming it.
 */
static void spread_note(struct analysis *a, const struct rundata *run)
{
	if (!a->nnoisy)
		return;
	const struct roof *r = &a->noisiest;
	char head[224], clock[160] = "";
	snprintf(head, sizeof head, "%zu roof%s spread more than %.0f%% from pass to pass (widest: "
		 "%s, per-pass medians %.3g to %.3g %s, %.0f%%)", a->nnoisy,
		 a->nnoisy == 1 ? "'s per-pass medians" : "s' per-pass medians", NOISY_SPREAD * 100,
		 r->name, r->spread_lo, r->spread_hi, roof_unit(r), a->noisiest_rel * 100);
	double lo = run->info.clock_ghz_min, hi = run->info.clock_ghz_max, mid = run->info.clock_ghz;
	if (isfinite(lo) && isfinite(hi) && mid > 0) {
		double crel = (hi - lo) / mid;
		snprintf(clock, sizeof clock, "; the run's clock samples ranged from %.2f to %.2f GHz "
			 "(%.0f%%)%s", lo, hi, crel * 100,
			 crel >= a->noisiest_rel ? ", as wide: the spread may follow the clock"
						 : ", narrower: not the clock alone");
	}
	if (!run->has_load) {
		note(a, "%s; load was not recorded (no load.csv in this run), so whether other programs "
		     "ran is unknown%s", head, clock);
		return;
	}
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
	if (worst && worst_share >= LOAD_BUSY)
		note(a, "%s; the machine was busy: in pass %d at %d thread%s other processes used %.2g "
		     "CPU-seconds and steal took %.2g over %.3g s (load average %.2f): close other "
		     "programs, or raise --passes%s", head, worst->pass, worst->threads,
		     worst->threads == 1 ? "" : "s", worst->busy_other, worst->steal, worst->seconds,
		     worst->loadavg, clock);
	else
		note(a, "%s, with no other load recorded (load.csv: other processes and steal under "
		     "%.0f%% of a core in every pass): the host's own variation%s", head,
		     LOAD_BUSY * 100, clock);
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
	char rep[32], hi[32], next[32];
	size_t level = 0;
	for (size_t i = 0; i < count && level < 3; i++) {
		if (!is_cache[i])
			continue;
		const char *name = levels_name((enum mem_level)level);
		double reported = reported_sizes[level++];
		/* The last level's reported size is judged with DRAM (levels.h): said once, there. */
		if (!(reported > 0) || level == 3)
			continue;
		/* The level's capacity lies between where its plateau ends and the next begins. */
		double lo = pl[i].size_hi, up = i + 1 < count ? pl[i + 1].size_lo : INFINITY;
		if (reported >= lo / 1.5 && reported <= up * 1.5)
			continue;
		format_bytes(reported, rep, sizeof rep);
		format_bytes(lo, hi, sizeof hi);
		if (isfinite(up)) {
			format_bytes(up, next, sizeof next);
			note(a, "%s: the machine reports %s, but the measured %s plateau ends at %s of "
			     "working set and the next level starts by %s: the measured plateaus are used",
			     name, rep, name, hi, next);
		} else {
			note(a, "%s: the machine reports %s, but the measured %s plateau ends at %s of "
			     "working set: the measured plateaus are used", name, rep, name, hi);
		}
	}
	if (count < 2)
		note(a, "the sweep found %zu plateau%s: too few sizes, or a machine whose caches all "
		     "run at one speed", count, count == 1 ? "" : "s");
}

/*
 * The sweep's kernel: the bandwidth-group kernel with the most sizes (the
 * hand-written bw_triad_<isa> of a new run, the compiled triad of an old
 * one); the group's other jobs are access-pattern roofs. NULL when none.
 */
static const char *sweep_kernel(const struct rundata *run, const struct jobs *js)
{
	/* measure records it (env.csv sweep_kernel): read back, when its jobs are here. */
	const char *recorded = rundata_sweep_kernel(run);
	for (size_t i = 0; recorded && i < js->n; i++)
		if (js->v[i].group == TGROUP_BANDWIDTH && strcmp(js->v[i].kernel, recorded) == 0)
			return js->v[i].kernel;
	/* A run from before that key: the bandwidth kernel with the most sizes. */
	const char *best = NULL;
	size_t best_n = 0;
	for (size_t i = 0; i < js->n; i++) {
		const struct job_rates *j = &js->v[i];
		if (j->group != TGROUP_BANDWIDTH)
			continue;
		size_t n = 0;
		for (size_t k = 0; k < js->n; k++)
			n += js->v[k].group == TGROUP_BANDWIDTH &&
			     strcmp(js->v[k].kernel, j->kernel) == 0;
		if (n > best_n) {
			best = j->kernel;
			best_n = n;
		}
	}
	return best;
}

static const char *stores_name(const struct kernel *k)
{
	return k->stores == STORES_STREAMING ? "streaming" : k->stores == STORES_IN_PLACE ? "in place" : "allocate";
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

/* The level a working set runs from, by the map's one rule (levels_of). */
static struct level *level_of(struct level *lv, size_t n, const struct level_map *map,
			      double working_set)
{
	const struct level_span *s = map ? levels_of(map, working_set) : NULL;
	for (size_t i = 0; s && i < n; i++)
		if (lv[i].span == s)
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
	return r ? &a->roofs[r - a->roofs] : add_roof_key(a, &key);
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
		char missing[160] = "";
		size_t len = 0, count = 0;
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
			char pat[24];
			roofkey_pattern_text(&r->key, pat, sizeof pat);
			if (len < sizeof missing)
				len += (size_t)snprintf(missing + len, sizeof missing - len, "%s%s",
							count ? ", " : "", pat);
			count++;
		}
		/*
		 * Named by the level's own roof ("L3@2t"), so a note of the all-core
		 * pass is never read as one about one core's kernels.
		 */
		if (count)
			note(a, "%s: no %s job of %d thread%s landed on this level (its jobs ran at the "
			     "pre-scan's plateaus, and this sweep found the level elsewhere): %d-thread "
			     "kernels of %s there are judged against the sweep's %s", lv[l].roof->name,
			     missing, threads, threads == 1 ? "" : "s", threads,
			     count == 1 ? "that pattern" : "those patterns", lv[l].roof->name);
	}
}

/*
 * DRAM pattern roofs whose job ran before the flat end DRAM was found at
 * (measure placed it from the pre-scan): said once, since part of such a
 * working set may still be served by a cache.
 */
static void early_dram_patterns(struct analysis *a, const struct level_map *map, int threads)
{
	double lowest = INFINITY;
	if (!map || map->dram.state != DRAM_FOUND)
		return;
	for (size_t i = 0; i < a->nroofs; i++) {
		const struct roof *r = &a->roofs[i];
		if (r->kind == ROOF_PATTERN && r->threads == threads && r->job_kernel[0] &&
		    r->key.level == MEM_DRAM && r->size_lo < map->dram.flat_from)
			lowest = fmin(lowest, r->size_lo);
	}
	if (!isfinite(lowest))
		return;
	char b1[32], b2[32];
	char at[16] = "";
	if (threads > 1)
		snprintf(at, sizeof at, "@%dt", threads);
	note(a, "DRAM%s pattern roofs: their jobs ran at %s of working set, before the flat end DRAM "
	     "was found at (%s ..): part of it may come from a cache, so they may read high",
	     at, format_bytes(lowest, b1, sizeof b1),
	     format_bytes(map->dram.flat_from, b2, sizeof b2));
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
static void fit_patterns(struct analysis *a, struct jobs *js, const char *sweep,
			 struct level *lv, size_t nlv, const struct level_map *map, int threads)
{
	const struct kernel *sk = registry_find(sweep);
	char sweep_pat[32] = "";
	if (sk)
		kernel_pattern(sk, sweep_pat, sizeof sweep_pat);
	else
		note(a, "bandwidth sweep kernel %s is not in this build's registry: its pattern is "
		     "unknown, no pattern roofs come from the sweep", sweep);
	int made;
	size_t unplaced = 0;
	double unplaced_lo = INFINITY, unplaced_hi = 0;
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
	for (size_t i = 0; i < js->n; i++) {
		struct job_rates *j = &js->v[i];
		if (j->group != TGROUP_BANDWIDTH || strcmp(j->kernel, sweep) == 0 || !j->n ||
		    j->threads != threads)
			continue;
		const struct kernel *k = registry_find(j->kernel);
		char pat[32] = "";
		if (k)
			kernel_pattern(k, pat, sizeof pat);
		struct level *l = level_of(lv, nlv, map, j->working_set);
		if (l && !l->roof) {
			/* Past the caches in a sweep that never reached DRAM: no DRAM roof of any pattern. */
			unplaced++;
			unplaced_lo = fmin(unplaced_lo, j->working_set);
			unplaced_hi = fmax(unplaced_hi, j->working_set);
			continue;
		}
		if (!pat[0] || !l) {
			note(a, "bandwidth job %s at %.0f bytes per array: %s, left out", j->kernel,
			     (double)j->param, !pat[0] ? "no access pattern known for it" : "no plateau to put it on");
			continue;
		}
		struct job_summary s;
		summarize_job(j, &s);
		struct roof *r = pattern_roof(a, l->span->id, k, j->threads, &made);
		if (!r)
			return;
		if (!made && !(s.best > r->value))
			continue;
		r->value = s.best;
		r->median = s.median;
		r->spread_lo = s.spread_lo;
		r->spread_hi = s.spread_hi;
		r->samples = (int)s.kept;
		r->size_lo = r->size_hi = j->working_set;
		snprintf(r->kernel, sizeof r->kernel, "%s", j->kernel);
		snprintf(r->stores, sizeof r->stores, "%s", stores_name(k));
		r->store_kind = k->stores;
		snprintf(r->job_kernel, sizeof r->job_kernel, "%s", j->kernel);
		r->job_param = j->param;
	}
	if (unplaced && map) {
		char b1[32], b2[32], b3[32];
		format_bytes(unplaced_lo, b1, sizeof b1);
		format_bytes(unplaced_hi, b2, sizeof b2);
		note(a, "%zu bandwidth-pattern job%s of %d thread%s ran at %s%s%s of working set, past "
		     "the caches (the curve leaves them by %s), but this sweep did not reach DRAM: no "
		     "DRAM pattern roofs", unplaced, unplaced == 1 ? "" : "s", threads,
		     threads == 1 ? "" : "s", b1, unplaced_hi > unplaced_lo ? " .. " : "",
		     unplaced_hi > unplaced_lo ? b2 : "",
		     format_bytes(map->span[map->n - 1].lo, b3, sizeof b3));
	}
	early_dram_patterns(a, map, threads);
	if (!sweep_pat[0])
		return;
	missing_patterns(a, lv, nlv, threads);
	static const struct { enum kernel_stores stores; const char *says; } kinds[] = {
		{ STORES_STREAMING, "streaming stores" }, { STORES_IN_PLACE, "stores in place" },
	};
	for (size_t i = 0; i < nlv; i++) {
		/* The fastest store kind; the sweep's own (ordinary stores) when none beats it. */
		const struct roof *s = NULL;
		const char *says = NULL;
		if (!lv[i].roof)
			continue;
		double ordinary = lv[i].roof->value;
		/*
		 * At DRAM only a job inside the flat end whose arrays obey the rule DRAM
		 * was found by: a DRAM roof stays within the noise of the sweep's end.
		 */
		int at_dram = lv[i].span && lv[i].span->id == MEM_DRAM && map;
		double rule = at_dram ? map->dram.rule_bytes : 0, from = at_dram ? map->dram.flat_from : 0;
		for (size_t kd = 0; kd < sizeof kinds / sizeof kinds[0]; kd++) {
			struct roof_key key = roofkey_pattern(lv[i].span->id, sk, threads);
			key.stores = kinds[kd].stores;
			const struct roof *c = model_roof(a, &key);
			if (c && c->value > (s ? s->value : ordinary) && (double)c->job_param >= rule &&
			    c->size_lo >= from) {
				s = c;
				says = kinds[kd].says;
			}
		}
		struct roof *r = lv[i].roof;
		if (!s)
			continue;
		note(a, "%s: %s set the roof, %.3g GB/s (%s); with ordinary stores %.3g "
		     "GB/s, the %s.%s roof that kernels whose stores allocate are judged against",
		     r->name, says, s->value, s->kernel, r->value, lv[i].name, sweep_pat);
		r->value = s->value;
		r->median = s->median;
		r->spread_lo = s->spread_lo;
		r->spread_hi = s->spread_hi;
		memcpy(r->kernel, s->kernel, sizeof r->kernel);
		memcpy(r->stores, s->stores, sizeof r->stores);
		r->store_kind = s->store_kind;
	}
}

/*
 * A plateau whose sizes' best rates differ by more than NOISY_SPREAD: said
 * as the slope it is ("falls from A to B"), or as a range when the extremes
 * are inside it, never as a busy machine. Best rates, as the plateau itself
 * is found from them: one size's slow moments are its own spread, not a slope.
 */
static void slope_note(struct analysis *a, const char *name, const struct fit_plateau *pl)
{
	char b1[32], b2[32];
	if (!(pl->best_hi > 0) || !((pl->best_hi - pl->best_lo) / pl->best_hi > NOISY_SPREAD))
		return;
	double first = a->sweep[pl->first].best, last = a->sweep[pl->last].best;
	format_bytes(pl->size_lo, b1, sizeof b1);
	format_bytes(pl->size_hi, b2, sizeof b2);
	int monotone = (first == pl->best_lo && last == pl->best_hi) ||
		       (first == pl->best_hi && last == pl->best_lo);
	if (monotone)
		note(a, "%s %s from %.3g to %.3g GB/s across its plateau (%s .. %s of working set, "
		     "best per size): a slope of the level, not noise", name,
		     last < first ? "falls" : "rises", first, last, b1, b2);
	else
		note(a, "%s ranges from %.3g to %.3g GB/s across its plateau (%s .. %s of working "
		     "set, best per size): a slope of the level, not noise", name, pl->best_lo,
		     pl->best_hi, b1, b2);
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
	check_spread(a, r, ref, "GB/s");
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
static void fit_bandwidth(struct analysis *a, const struct rundata *run, struct jobs *js,
			  int threads, int keep)
{
	const char *sweep = sweep_kernel(run, js);
	if (sweep && keep)
		snprintf(a->sweep_kernel, sizeof a->sweep_kernel, "%s", sweep);
	/* a->sweep is the fitter's scratch space here; the kept sweep goes back after. */
	size_t kept_sweep = a->nsweep;
	struct sweep_point *saved = keep ? NULL : xmalloc(sizeof a->sweep);
	if (saved)
		memcpy(saved, a->sweep, sizeof a->sweep);
	a->nsweep = 0;
	for (size_t i = 0; sweep && i < js->n && a->nsweep < ANALYSIS_MAX_SWEEP; i++) {
		struct job_rates *j = &js->v[i];
		if (j->group != TGROUP_BANDWIDTH || strcmp(j->kernel, sweep) != 0 ||
		    j->threads != threads)
			continue;
		struct job_summary s;
		summarize_job(j, &s);
		struct sweep_point *p = &a->sweep[a->nsweep++];
		p->param = (double)j->param;
		p->working_set = j->working_set;
		p->best = s.best;
		p->median = s.median;
		p->spread_lo = s.spread_lo;
		p->spread_hi = s.spread_hi;
		p->kept = (int)s.kept;
	}
	if (!a->nsweep) {
		restore_sweep(a, saved, kept_sweep);
		return;
	}
	qsort(a->sweep, a->nsweep, sizeof a->sweep[0], cmp_sweep);

	struct fit_sweep_point *fs = xmalloc(a->nsweep * sizeof *fs);
	for (size_t i = 0; i < a->nsweep; i++) {
		fs[i].working_set = a->sweep[i].working_set;
		fs[i].best = a->sweep[i].best;
		fs[i].median = a->sweep[i].median;
	}
	struct fit_plateau pl[FIT_MAX_PLATEAUS];
	struct fit_dropped dropped[8];
	size_t ndropped = 0;
	size_t count = fit_plateaus_explained(fs, a->nsweep, PLATEAU_MIN_STEP, PLATEAU_TOLERANCE, pl,
					      dropped, 8, &ndropped);
	free(fs);
	for (size_t i = 0; i < ndropped; i++) {
		char b1[32], b2[32];
		note(a, "sizes %s .. %s of working set (%.3g GB/s) are on no plateau: slower than a "
		     "later level with no faster one before them, the loop overhead of the smallest "
		     "sizes", format_bytes(dropped[i].size_lo, b1, sizeof b1),
		     format_bytes(dropped[i].size_hi, b2, sizeof b2), dropped[i].value);
	}
	/* DRAM is found from the curve's flat end, never assumed (levels.h). */
	struct levels_size *ls = xmalloc(a->nsweep * sizeof *ls);
	for (size_t i = 0; i < a->nsweep; i++)
		ls[i] = (struct levels_size){ .array_bytes = a->sweep[i].param,
					      .working_set = a->sweep[i].working_set,
					      .best = a->sweep[i].best, .median = a->sweep[i].median,
					      .spread_lo = a->sweep[i].spread_lo,
					      .spread_hi = a->sweep[i].spread_hi };
	struct dram_verdict v;
	size_t reported = (run->info.l1d_bytes > 0) + (run->info.l2_bytes > 0) + (run->info.l3_bytes > 0);
	/* STREAM's rule as measure recorded it (stream_rule_source), else derived (older runs). */
	const char *src = run->info.stream_rule_source;
	struct levels_rule rule = {
		strcmp(src, "curve") == 0 ? RULE_CURVE : strcmp(src, "none") == 0 ? RULE_NONE : RULE_REPORTED,
		run->info.stream_rule_bytes, run->info.stream_rule_cache_bytes,
	};
	int recorded = *src && (strcmp(src, "reported") == 0 || strcmp(src, "curve") == 0 ||
				strcmp(src, "none") == 0);
	levels_find_dram_ruled(ls, a->nsweep, pl, count, run->info.l3_bytes, reported,
			       run->info.sweep_settled, recorded ? &rule : NULL, &v);
	v.cap_binds = run->info.sweep_cap_binds == 1;
	struct level_map scratch, *map = a->nlevels < ANALYSIS_MAX_THREAD_COUNTS ? &a->levels[a->nlevels++] : &scratch;
	levels_build_map(ls, a->nsweep, pl, count, &v, threads, map);
	/* The verdict stays data; the writers word it (analysis_note_text). */
	if (map != &scratch && a->nnotes < ANALYSIS_MAX_NOTES) {
		a->notes[a->nnotes][0] = '\0';
		a->note_dram[a->nnotes++] = (unsigned char)(map - a->levels + 1);
	}
	int is_cache[FIT_MAX_PLATEAUS] = { 0 };
	levels_caches(pl, count, a->nsweep, &v, is_cache);
	free(ls);
	const struct kernel *sk = registry_find(sweep);
	struct level lv[LEVELS_MAX];
	size_t nlv = 0;
	for (size_t i = 0; i < count && nlv < map->n; i++) {
		if (!is_cache[i])
			continue;
		const char *name = levels_name(map->span[nlv].id);
		struct roof *r = add_level_roof(a, map->span[nlv].id, threads);
		if (!r)
			break;
		r->value = pl[i].value;
		r->size_lo = pl[i].size_lo;
		r->size_hi = pl[i].size_hi;
		r->samples = pl[i].samples;
		r->median = pl[i].median;
		snprintf(r->kernel, sizeof r->kernel, "%s", sweep);
		snprintf(r->stores, sizeof r->stores, "%s", sk ? stores_name(sk) : "allocate");
		r->store_kind = sk ? sk->stores : STORES_ALLOCATE;
		plateau_spread(a, r, pl[i].first, pl[i].last);
		slope_note(a, r->name, &pl[i]);
		snprintf(lv[nlv].name, sizeof lv[nlv].name, "%s", name);
		lv[nlv].span = &map->span[nlv];
		lv[nlv].roof = r;
		nlv++;
	}
	if (nlv < map->n && map->span[nlv].id == MEM_DRAM) {
		struct roof *r = v.state == DRAM_FOUND ? add_level_roof(a, MEM_DRAM, threads) : NULL;
		if (r) {
			r->value = v.value;
			r->median = v.median;
			r->size_lo = v.size_lo;
			r->size_hi = v.size_hi;
			r->samples = v.samples;
			snprintf(r->kernel, sizeof r->kernel, "%s", sweep);
			snprintf(r->stores, sizeof r->stores, "%s", sk ? stores_name(sk) : "allocate");
		r->store_kind = sk ? sk->stores : STORES_ALLOCATE;
			plateau_spread(a, r, v.first, v.last);
		}
		snprintf(lv[nlv].name, sizeof lv[nlv].name, "DRAM");
		lv[nlv].span = &map->span[nlv];
		lv[nlv].roof = r;
		nlv++;
	}
	restore_sweep(a, saved, kept_sweep);
	if (keep)
		compare_reported(a, run, pl, count, is_cache);
	fit_patterns(a, js, sweep, lv, nlv, map, threads);
}

static int lanes_of(const char *kernel)
{
	/* From the registry, never the name: a kernel this build lacks counts one lane. */
	const struct kernel *k = registry_find(kernel);
	return k ? cpu_isa_lanes(k->isa) : 1;
}

static int cmp_int(const void *x, const void *y)
{
	int a = *(const int *)x, b = *(const int *)y;
	return (a > b) - (a < b);
}

/*
 * The job of (group, kernel, param), or NULL. For the peak group only, whose
 * jobs have no working set; a kernels job is also keyed by its size (same_job).
 */
static struct job_rates *job_of(struct jobs *js, enum timing_group group, const char *kernel, long param,
			       int threads)
{
	for (size_t i = 0; i < js->n; i++)
		if (js->v[i].param == param && js->v[i].threads == threads &&
		    strcmp(js->v[i].kernel, kernel) == 0 &&
		    js->v[i].group == group)
			return &js->v[i];
	return NULL;
}

static void set_roof_from_job(struct roof *r, struct job_rates *j, double value)
{
	struct job_summary s;
	summarize_job(j, &s);
	r->value = value;
	r->median = s.median;
	r->spread_lo = s.spread_lo;
	r->spread_hi = s.spread_hi;
	r->samples = (int)s.kept;
	snprintf(r->job_kernel, sizeof r->job_kernel, "%s", j->kernel);
	r->job_param = j->param;
}

static void fit_peak_of(struct analysis *a, struct jobs *js, int threads, int keep);

/* A peak kernel whose flops are not all FMAs: the FMA+add mix (kernel.h: flops_all_fma). */
static int is_mix(const char *kernel)
{
	const struct kernel *k = registry_find(kernel);
	return k && k->kind == KERNEL_PEAK && !k->flops_all_fma;
}

/*
 * The best mix job of `threads` threads on `lanes`-wide vectors, or NULL;
 * its best rate in *best.
 */
static struct job_rates *best_mix(struct jobs *js, int threads, int lanes, double *best)
{
	struct job_rates *top = NULL;
	*best = -INFINITY;
	for (size_t i = 0; i < js->n; i++) {
		struct job_rates *j = &js->v[i];
		if (j->group != TGROUP_PEAK || j->threads != threads || !is_mix(j->kernel) ||
		    lanes_of(j->kernel) != lanes)
			continue;
		struct job_summary s;
		summarize_job(j, &s);
		if (s.best > *best) {
			*best = s.best;
			top = j;
		}
	}
	return top;
}

/*
 * The peak and ceilings of the chains run by `threads` threads ("@Nt" for
 * more than one). Only the first thread count's (keep) curves stay in
 * a->chains and set a->peak; the others only give roofs.
 */
static void fit_peak(struct analysis *a, struct jobs *js, int threads, int keep)
{
	/* a->chains is scratch space here; the kept curves go back after. */
	size_t kept_chains = a->nchains;
	struct chain_curve *saved = keep ? NULL : xmalloc(sizeof a->chains);
	if (saved)
		memcpy(saved, a->chains, sizeof a->chains);
	fit_peak_of(a, js, threads, keep);
	if (saved) {
		memcpy(a->chains, saved, sizeof a->chains);
		a->nchains = kept_chains;
		free(saved);
	}
}

static void fit_peak_of(struct analysis *a, struct jobs *js, int threads, int keep)
{
	a->nchains = 0;
	for (size_t i = 0; i < js->n; i++) {
		struct job_rates *j = &js->v[i];
		if (j->group != TGROUP_PEAK || j->threads != threads)
			continue;
		/* The FMA+add mix sets no chain curve: its best only competes for the peak. */
		if (is_mix(j->kernel))
			continue;
		/*
		 * A curve keeps the name and K it can look the job up by again: a
		 * name cut to fit, or a K cut to int, would find no job later.
		 */
		if (strlen(j->kernel) >= sizeof a->chains[0].kernel || j->param > INT_MAX) {
			note(a, "peak kernel %.48s with %ld chains ignored: name or chain count too long",
			     j->kernel, j->param);
			continue;
		}
		size_t c;
		for (c = 0; c < a->nchains; c++)
			if (strcmp(a->chains[c].kernel, j->kernel) == 0)
				break;
		if (c == a->nchains) {
			if (a->nchains >= ANALYSIS_MAX_ISAS)
				continue;
			struct chain_curve *cc = &a->chains[a->nchains++];
			memset(cc, 0, sizeof *cc);
			snprintf(cc->kernel, sizeof cc->kernel, "%s", j->kernel);
			/* The registry's ISA; a kernel it does not know keeps its name's suffix. */
			const struct kernel *k = registry_find(j->kernel);
			const char *u = strchr(j->kernel, '_');
			snprintf(cc->isa, sizeof cc->isa, "%s",
				 k ? cpu_isa_name(k->isa) : u ? u + 1 : j->kernel);
			cc->lanes = lanes_of(j->kernel);
		}
		struct chain_curve *cc = &a->chains[c];
		if (cc->n < ANALYSIS_MAX_CHAINS)
			cc->chains[cc->n++] = (int)j->param;
	}
	struct chain_curve *widest = NULL, *scalar = NULL;
	for (size_t c = 0; c < a->nchains; c++) {
		struct chain_curve *cc = &a->chains[c];
		qsort(cc->chains, (size_t)cc->n, sizeof cc->chains[0], cmp_int);
		cc->plateau = -INFINITY;
		double one = NAN;
		for (int k = 0; k < cc->n; k++) {
			struct job_rates *j = job_of(js, TGROUP_PEAK, cc->kernel, cc->chains[k], threads);
			struct job_summary s;
			summarize_job(j, &s);
			cc->best[k] = s.best;
			cc->median[k] = s.median;
			if (s.best > cc->plateau) {
				cc->plateau = s.best;
				cc->best_chains = cc->chains[k];
			}
			if (cc->chains[k] == 1)
				one = s.best;
		}
		/*
		 * Where the curve reaches its plateau: the fewest chains whose median
		 * is within 3% of the largest median (medians: the best of a few
		 * dozen timings is too noisy to say which K got there first).
		 */
		double top = -INFINITY;
		for (int k = 0; k < cc->n; k++)
			top = fmax(top, cc->median[k]);
		for (int k = 0; k < cc->n; k++) {
			if (cc->median[k] >= 0.97 * top) {
				cc->plateau_chains = cc->chains[k];
				break;
			}
		}
		/*
		 * Chains to saturate compares medians: the plateau's best is the
		 * largest of many timings over many K, one chain's best of far
		 * fewer, and that bias alone would add a chain.
		 */
		double one_median = NAN, plateau_median = -INFINITY;
		for (int k = 0; k < cc->n; k++) {
			if (cc->chains[k] == 1)
				one_median = cc->median[k];
			if (cc->median[k] > plateau_median)
				plateau_median = cc->median[k];
		}
		cc->latency_cycles = fit_fma_latency_cycles(one, cc->lanes, a->clock_ghz);
		cc->chains_to_saturate = fit_chains_to_saturate(one_median, plateau_median);
		if (!widest || cc->lanes > widest->lanes)
			widest = cc;
		if (cc->lanes == 1 && strcmp(cc->isa, cpu_isa_name(ISA_SCALAR)) == 0)
			scalar = cc;
	}
	if (!widest)
		return;
	/*
	 * The peak is the best the widest ISA reached, FMA chains alone or the
	 * FMA+add mix; with a mix measured, the FMA-only plateau stays as the
	 * `fma` ceiling that kernels made only of FMAs are judged against.
	 */
	double mix = NAN;
	struct job_rates *mix_job = best_mix(js, threads, widest->lanes, &mix);
	struct peak_info *pi = a->npeaks < ANALYSIS_MAX_THREAD_COUNTS ? &a->peaks[a->npeaks++] : NULL;
	if (pi) {
		memset(pi, 0, sizeof *pi);
		pi->threads = threads;
		pi->lanes = widest->lanes;
		pi->fma = widest->plateau;
		pi->mix = mix_job ? mix : NAN;
	}
	struct roof *r = add_roof(a, "peak", threads, ROOF_COMPUTE);
	if (r) {
		if (mix_job && mix > widest->plateau) {
			set_roof_from_job(r, mix_job, mix);
			if (pi)
				snprintf(pi->set_by, sizeof pi->set_by, "%s P=%ld", mix_job->kernel, mix_job->param);
		} else {
			set_roof_from_job(r, job_of(js, TGROUP_PEAK, widest->kernel, widest->best_chains, threads),
					  widest->plateau);
			if (pi)
				snprintf(pi->set_by, sizeof pi->set_by, "%s K=%d", widest->kernel,
					 widest->best_chains);
		}
		if (keep)
			a->peak = r->value;
		check_spread(a, r, r->median, "GFLOP/s");
	}
	if (mix_job && (r = add_roof(a, "fma", threads, ROOF_CEILING)))
		set_roof_from_job(r, job_of(js, TGROUP_PEAK, widest->kernel, widest->best_chains, threads),
				  widest->plateau);
	if (scalar && scalar != widest && (r = add_roof(a, "scalar", threads, ROOF_CEILING)))
		set_roof_from_job(r, job_of(js, TGROUP_PEAK, scalar->kernel, scalar->best_chains, threads),
				  scalar->plateau);
	struct job_rates *one = job_of(js, TGROUP_PEAK, widest->kernel, 1, threads);
	if (one && (r = add_roof(a, "one-chain", threads, ROOF_CEILING))) {
		struct job_summary s;
		summarize_job(one, &s);
		set_roof_from_job(r, one, s.best);
	}
	/*
	 * The SIMD ladder between them (avx2, sse2 under avx512), and one scalar
	 * chain: what a plain reduction the compiler may not reorder can reach.
	 */
	for (size_t c = 0; c < a->nchains; c++) {
		struct chain_curve *cc = &a->chains[c];
		if (cc == widest || cc == scalar || !(r = add_roof(a, cc->isa, threads, ROOF_CEILING)))
			continue;
		set_roof_from_job(r, job_of(js, TGROUP_PEAK, cc->kernel, cc->best_chains, threads), cc->plateau);
	}
	one = scalar ? job_of(js, TGROUP_PEAK, scalar->kernel, 1, threads) : NULL;
	if (one && (r = add_roof(a, "one-chain-scalar", threads, ROOF_CEILING))) {
		struct job_summary s;
		summarize_job(one, &s);
		set_roof_from_job(r, one, s.best);
	}
}

const struct roof *analysis_roof(const struct analysis *a, const char *name)
{
	for (size_t i = 0; i < a->nroofs; i++)
		if (strcmp(a->roofs[i].name, name) == 0)
			return &a->roofs[i];
	return NULL;
}

/*
 * The theoretical peak of each thread count (struct peak_info). The pipes
 * are inferred once, from the smallest thread count (one core, normally),
 * and each count's chip figure uses its own clock, measured with all its
 * threads running (heavy vector code lowers the clock).
 */
#define PIPES_MAX 64.0

static void theoretical_peaks(struct analysis *a, const struct rundata *run)
{
	int fma_pipes = -1, add_pipes = -1;
	for (size_t i = 0; i < a->npeaks; i++) {
		struct peak_info *p = &a->peaks[i];
		p->clock_ghz = p->threads > 1 ? rundata_clock_ghz(run, p->threads, a->clock_ghz) : a->clock_ghz;
		p->fma_pipes = p->add_pipes = -1;
		p->flops_per_cycle = p->theory = NAN;
		double per_cycle = p->clock_ghz * p->threads * p->lanes;   /* G lane-cycles a second */
		if (!(per_cycle > 0) || !(p->fma > 0))
			continue;
		if (fma_pipes < 0) {
			/*
			 * No core has more than a few pipes: a count beyond PIPES_MAX says
			 * the clock or the run is wrong (and would overflow an int).
			 */
			double fmas = p->fma / (2 * per_cycle);
			if (!(fmas <= PIPES_MAX))
				continue;
			fma_pipes = (int)fmax(1, lround(fmas));
			add_pipes = 0;
			/* FMAs a cycle in the 1:1 mix: at the FMA-only rate, the adds had pipes of their own. */
			double mix_fmas = p->mix / (3 * per_cycle);
			if (isfinite(mix_fmas) && mix_fmas >= 0.75 * fma_pipes && mix_fmas <= PIPES_MAX)
				add_pipes = (int)lround(mix_fmas);
		}
		p->fma_pipes = fma_pipes;
		p->add_pipes = add_pipes;
		p->flops_per_cycle = p->lanes * (2.0 * fma_pipes + add_pipes);
		p->theory = p->threads * p->clock_ghz * p->flops_per_cycle;
	}
}

const struct roof *analysis_peak_of(const struct analysis *a, int threads)
{
	for (size_t i = 0; i < a->nroofs; i++)
		if (a->roofs[i].kind == ROOF_COMPUTE && a->roofs[i].threads == threads)
			return &a->roofs[i];
	return NULL;
}

const struct roof *analysis_roof_at(const struct analysis *a, const struct roof *like, int threads)
{
	struct roof_key key = roofkey_at(model_key_of(like), threads);
	return model_roof(a, &key);
}

const struct roof *analysis_dram(const struct analysis *a)
{
	/* The smallest thread count's: the roofs are fitted in that order. */
	for (size_t i = 0; i < a->nroofs; i++)
		if (a->roofs[i].kind == ROOF_BANDWIDTH)
			return analysis_dram_of(a, a->roofs[i].threads);
	return NULL;
}

/*
 * The one rule for "which roof is DRAM", used by the ridge, the report, both
 * figures and the diagnosis: the plateau named DRAM, else the lowest
 * plateau (a run whose sweep never left the caches still has a slowest
 * level, and the ridge needs one). Roofs without a usable value are no
 * candidates: a figure could not draw them, a ridge could not divide by them.
 */
const struct roof *analysis_dram_of(const struct analysis *a, int threads)
{
	const struct roof *low = NULL;
	for (size_t i = 0; i < a->nroofs; i++) {
		const struct roof *r = &a->roofs[i];
		if (r->kind != ROOF_BANDWIDTH || r->threads != threads || !(isfinite(r->value) && r->value > 0))
			continue;
		if (model_key_of(r).level == MEM_DRAM)
			return r;
		if (!low || r->value < low->value)
			low = r;
	}
	return low;
}

const char *analysis_param_span(char letter, long lo, long hi, const char *to, char *buf,
				size_t size)
{
	char name[8] = "param";
	if (letter)
		snprintf(name, sizeof name, "%c", letter);
	if (lo == hi)
		snprintf(buf, size, "%s = %ld", name, lo);
	else
		snprintf(buf, size, "%s = %ld%s%ld", name, lo, to, hi);
	return buf;
}

const char *analysis_param_text(char letter, long param, char *buf, size_t size)
{
	if (param == 0)
		snprintf(buf, size, "—");
	else if (letter)
		analysis_param_span(letter, param, param, "", buf, size);
	else
		snprintf(buf, size, "%ld", param);
	return buf;
}

const char *roof_unit(const struct roof *r)
{
	return r->kind == ROOF_BANDWIDTH || r->kind == ROOF_PATTERN ? "GB/s" : "GFLOP/s";
}

const char *analysis_roof_kind_name(enum roof_kind kind)
{
	switch (kind) {
	case ROOF_BANDWIDTH:
		return "bandwidth";
	case ROOF_COMPUTE:
		return "compute";
	case ROOF_CEILING:
		return "ceiling";
	case ROOF_PATTERN:
		return "pattern";
	}
	return "?";
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
			    strcmp(a->points[j].kernel, a->points[i].kernel) == 0) {
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
	const char *lib_isa = k->about ? run->info.blas_isa : NULL;
	for (int i = ISA_SCALAR; lib_isa && i < ISA_COUNT; i++)
		if (strcmp(lib_isa, cpu_isa_name((enum isa)i)) == 0) {
			p->isa = (enum isa)i;
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

static void place_points(struct analysis *a, const struct rundata *run, struct jobs *js)
{
	a->npoints = 0;
	for (size_t i = 0; i < js->n && a->npoints < ANALYSIS_MAX_POINTS; i++) {
		struct job_rates *j = &js->v[i];
		if (j->group != TGROUP_KERNELS)
			continue;
		struct job_summary s;
		summarize_job(j, &s);
		struct point *p = &a->points[a->npoints++];
		memset(p, 0, sizeof *p);
		snprintf(p->kernel, sizeof p->kernel, "%s", j->kernel);
		const struct kernel *k = registry_find(j->kernel);
		snprintf(p->family, sizeof p->family, "%s", k ? k->family : j->kernel);
		p->param = j->param;
		p->param_letter = k ? k->param_letter : 0;
		p->threads = j->threads;
		p->builtin = k != NULL;
		p->working_set = j->working_set;
		if (k)
			kernel_pattern(k, p->pattern, sizeof p->pattern);
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
	char names[160] = "";
	size_t len = 0, count = 0;
	for (size_t i = 0; i < js->n; i++) {
		const char *k = js->v[i].kernel;
		if (registry_find(k))
			continue;
		size_t seen = 0;
		for (size_t j = 0; j < i && !seen; j++)
			seen = strcmp(js->v[j].kernel, k) == 0;
		if (seen)
			continue;
		if (count++ < 4 && len < sizeof names)
			len += (size_t)snprintf(names + len, sizeof names - len, "%s%s", len ? ", " : "", k);
	}
	if (count)
		note(a, "%zu kernel%s in timings.csv unknown to this build (%s%s): used from the rows alone, "
		     "without the registry's metadata", count, count == 1 ? "" : "s", names,
		     count > 4 ? ", ..." : "");
}

/*
 * N cores cannot move more than N times one core's bytes: an all-core
 * bandwidth or pattern roof past that (beyond fit's tolerance) compares two
 * different levels or a disturbed timing, a measurement error. It is left
 * out, and said, rather than printed as a result or judged against.
 */
static void drop_overscaled(struct analysis *a, int base_threads)
{
	size_t kept = 0;
	for (size_t i = 0; i < a->nroofs; i++) {
		struct roof *r = &a->roofs[i];
		const struct roof *base = (r->kind == ROOF_BANDWIDTH || r->kind == ROOF_PATTERN) &&
					  r->threads > base_threads
					  ? analysis_roof_at(a, r, base_threads) : NULL;
		/*
		 * A level's roof is its fastest store kind's, which one core may not
		 * share (its in-place job ran before its own flat end): like with like,
		 * the one-core roof of the pattern that set it.
		 */
		const struct kernel *set_by = r->kind == ROOF_BANDWIDTH ? registry_find(r->kernel) : NULL;
		struct roof_key same = set_by ? roofkey_pattern(r->key.level, set_by, base_threads) : r->key;
		const struct roof *like = base && set_by ? model_roof(a, &same) : NULL;
		if (like)
			base = like;
		double limit = base ? (double)r->threads / base_threads * base->value : NAN;
		if (base && r->value > limit * (1 + FIT_TOLERANCE)) {
			/* A sweep plateau's pattern copy goes with it, said once (at the plateau). */
			if (r->kind == ROOF_PATTERN && !r->job_kernel[0])
				continue;
			note(a, "%s: %.3g GB/s is %.2fx the %.3g GB/s of %d thread%s on %d threads: more "
			     "than threads can scale, a measurement error (not the same level, or a "
			     "disturbed timing); left out", r->name, r->value, r->value / base->value,
			     base->value, base_threads, base_threads == 1 ? "" : "s", r->threads);
			continue;
		}
		if (kept != i)
			a->roofs[kept] = *r;
		kept++;
	}
	a->nroofs = kept;
}

int analysis_build(const struct rundata *run, struct analysis *out, char *err, size_t errlen)
{
	memset(out, 0, sizeof *out);
	out->peak = NAN;
	out->ridge = NAN;
	out->clock_ghz = run->info.clock_ghz;
	struct jobs js;
	collect_jobs(run, &js);
	if (js.n == 0) {
		free_jobs(&js);
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
		fit_bandwidth(out, run, &js, counts[c], c == 0);
	if (ncounts > 1)
		drop_overscaled(out, counts[0]);
	for (int c = 0; c < ncounts; c++)
		fit_peak(out, &js, counts[c], c == 0);
	theoretical_peaks(out, run);
	const struct roof *dram = analysis_dram(out);
	if (dram && isfinite(out->peak))
		out->ridge = fit_ridge(out->peak, dram->value);
	place_points(out, run, &js);
	spread_note(out, run);
	size_t kernel_jobs = 0;
	for (size_t i = 0; i < js.n; i++)
		kernel_jobs += js.v[i].group == TGROUP_KERNELS;
	if (kernel_jobs > out->npoints)
		note(out, "%zu kernel jobs, but at most %d points are placed: the rest are left out",
		     kernel_jobs, ANALYSIS_MAX_POINTS);
	for (size_t i = 0; i < run->nfailures; i++)
		note(out, "%s %s param %ld failed its check and is left out: %s", run->failures[i].group,
		     run->failures[i].kernel, run->failures[i].param, run->failures[i].message);
	free_jobs(&js);
	return 0;
}
