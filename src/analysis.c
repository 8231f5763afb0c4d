/* analysis.c - from raw timings to roofs, curves and placed kernels (see analysis.h). */
#include "analysis.h"

#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpu.h"
#include "fit.h"
#include "registry.h"
#include "stats.h"
#include "util.h"

/* A plateau's neighbours must differ by 15% to be two levels; a size within 10% of a level is on it. */
#define PLATEAU_MIN_STEP FIT_MIN_STEP
#define PLATEAU_TOLERANCE FIT_TOLERANCE
/* Per-pass medians further apart than this (relative to the median) earn a warning. */
#define NOISY_SPREAD 0.10
/* A kernel at this fraction of its roof or more is "near its roof". */
#define NEAR_ROOF 0.80

/*
 * All kept timings of one job: (group, kernel, param), and in the kernels
 * group its working set too, since `measure --levels` times the same kernel
 * and parameter at several sizes (DRAM-, L2-, L1-resident): each is a point.
 */
struct job_rates {
	const char *group, *kernel;
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
	if (j->param != t->param || strcmp(j->kernel, t->kernel) != 0 || strcmp(j->group, t->group) != 0)
		return 0;
	return strcmp(t->group, "kernels") != 0 || j->working_set == t->working_set;
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
		int bw = strcmp(t->group, "bandwidth") == 0;
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

static struct roof *add_roof(struct analysis *a, const char *name, int threads, enum roof_kind kind)
{
	if (a->nroofs >= ANALYSIS_MAX_ROOFS)
		return NULL;
	struct roof *r = &a->roofs[a->nroofs++];
	memset(r, 0, sizeof *r);
	if (threads > 1)
		snprintf(r->name, sizeof r->name, "%s@%dt", name, threads);
	else
		snprintf(r->name, sizeof r->name, "%s", name);
	r->kind = kind;
	r->threads = threads;
	return r;
}

static void check_spread(struct analysis *a, const struct roof *r, const char *unit)
{
	if (!(r->median > 0) || !isfinite(r->spread_lo))
		return;
	double rel = (r->spread_hi - r->spread_lo) / r->median;
	if (rel > NOISY_SPREAD)
		note(a, "%s: per-pass medians range from %.3g to %.3g %s (%.0f%% of the median): the "
		     "machine was busy or throttling; close other programs, or raise --passes",
		     r->name, r->spread_lo, r->spread_hi, unit, rel * 100);
}

static int cmp_sweep(const void *x, const void *y)
{
	const struct sweep_point *a = x, *b = y;
	return (a->param > b->param) - (a->param < b->param);
}

/* Compares each cache plateau's range with the size the machine reports for it. */
static void compare_reported(struct analysis *a, const struct rundata *run,
			     const struct fit_plateau *pl, size_t count, int last_is_dram)
{
	static const char *const keys[] = { "l1d_bytes", "l2_bytes", "l3_bytes" };
	size_t caches = last_is_dram && count ? count - 1 : count;
	char rep[32], hi[32], next[32];
	for (size_t i = 0; i < caches && i < 3; i++) {
		char name[16];
		fit_plateau_name(i, count, last_is_dram, name, sizeof name);
		double reported = rundata_env_num(run, keys[i], 0);
		if (!(reported > 0))
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
	/* A last-level cache reported larger than where DRAM starts is the VM's story, not the core's. */
	double l3 = rundata_env_num(run, "l3_bytes", 0);
	if (last_is_dram && count >= 1 && l3 > pl[count - 1].size_lo * 1.5 && caches < 3) {
		format_bytes(l3, rep, sizeof rep);
		format_bytes(pl[count - 1].size_lo, next, sizeof next);
		note(a, "L3: the machine reports %s, but bandwidth is already at its DRAM level from %s "
		     "of working set: a core sees far less last-level cache than reported",
		     rep, next);
	}
	if (count < 2)
		note(a, "the sweep found %zu plateau%s: too few sizes, or a machine whose caches all "
		     "run at one speed", count, count == 1 ? "" : "s");
}

static void fit_bandwidth(struct analysis *a, const struct rundata *run, struct jobs *js)
{
	int threads = 1;
	a->nsweep = 0;
	for (size_t i = 0; i < js->n && a->nsweep < ANALYSIS_MAX_SWEEP; i++) {
		struct job_rates *j = &js->v[i];
		if (strcmp(j->group, "bandwidth") != 0)
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
		threads = j->threads;
	}
	if (!a->nsweep)
		return;
	qsort(a->sweep, a->nsweep, sizeof a->sweep[0], cmp_sweep);

	struct fit_sweep_point *fs = xmalloc(a->nsweep * sizeof *fs);
	for (size_t i = 0; i < a->nsweep; i++) {
		fs[i].working_set = a->sweep[i].working_set;
		fs[i].best = a->sweep[i].best;
		fs[i].median = a->sweep[i].median;
	}
	struct fit_plateau pl[FIT_MAX_PLATEAUS];
	size_t count = fit_plateaus(fs, a->nsweep, PLATEAU_MIN_STEP, PLATEAU_TOLERANCE, pl);
	free(fs);
	/* measure records whether the sweep went past the point where the curve settled. */
	int last_is_dram = rundata_env_num(run, "sweep_settled", 1) != 0;
	if (!last_is_dram)
		note(a, "the sweep had not settled on a DRAM level when it stopped (raise --max-size): "
		     "no plateau is named DRAM");
	for (size_t i = 0; i < count; i++) {
		char name[16];
		fit_plateau_name(i, count, last_is_dram, name, sizeof name);
		struct roof *r = add_roof(a, name, threads, ROOF_BANDWIDTH);
		if (!r)
			break;
		r->value = pl[i].value;
		r->size_lo = pl[i].size_lo;
		r->size_hi = pl[i].size_hi;
		r->samples = pl[i].samples;
		r->median = pl[i].median;
		r->spread_lo = pl[i].lo;
		r->spread_hi = pl[i].hi;
		check_spread(a, r, "GB/s");
	}
	compare_reported(a, run, pl, count, last_is_dram);
}

static int lanes_of(const char *kernel)
{
	const struct kernel *k = registry_find(kernel);
	if (k)
		return isa_lanes(k->isa);
	if (strstr(kernel, "avx512"))
		return 8;
	if (strstr(kernel, "avx2"))
		return 4;
	if (strstr(kernel, "sse2") || strstr(kernel, "neon"))
		return 2;
	return 1;
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
static struct job_rates *job_of(struct jobs *js, const char *group, const char *kernel, long param)
{
	for (size_t i = 0; i < js->n; i++)
		if (js->v[i].param == param && strcmp(js->v[i].kernel, kernel) == 0 &&
		    strcmp(js->v[i].group, group) == 0)
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
}

static void fit_peak(struct analysis *a, struct jobs *js)
{
	a->nchains = 0;
	for (size_t i = 0; i < js->n; i++) {
		struct job_rates *j = &js->v[i];
		if (strcmp(j->group, "peak") != 0)
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
			const char *u = strchr(j->kernel, '_');
			snprintf(cc->isa, sizeof cc->isa, "%s", u ? u + 1 : j->kernel);
			cc->lanes = lanes_of(j->kernel);
		}
		struct chain_curve *cc = &a->chains[c];
		if (cc->n < ANALYSIS_MAX_CHAINS)
			cc->chains[cc->n++] = (int)j->param;
	}
	int threads = 1;
	struct chain_curve *widest = NULL, *scalar = NULL;
	for (size_t c = 0; c < a->nchains; c++) {
		struct chain_curve *cc = &a->chains[c];
		qsort(cc->chains, (size_t)cc->n, sizeof cc->chains[0], cmp_int);
		cc->plateau = -INFINITY;
		double one = NAN;
		for (int k = 0; k < cc->n; k++) {
			struct job_rates *j = job_of(js, "peak", cc->kernel, cc->chains[k]);
			struct job_summary s;
			summarize_job(j, &s);
			threads = j->threads;
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
		if (cc->lanes == 1 && strstr(cc->kernel, "scalar"))
			scalar = cc;
	}
	if (!widest)
		return;
	struct roof *r = add_roof(a, "peak", threads, ROOF_COMPUTE);
	if (r) {
		set_roof_from_job(r, job_of(js, "peak", widest->kernel, widest->best_chains),
				  widest->plateau);
		a->peak = r->value;
		check_spread(a, r, "GFLOP/s");
	}
	if (scalar && scalar != widest && (r = add_roof(a, "scalar", threads, ROOF_CEILING)))
		set_roof_from_job(r, job_of(js, "peak", scalar->kernel, scalar->best_chains),
				  scalar->plateau);
	struct job_rates *one = job_of(js, "peak", widest->kernel, 1);
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
		set_roof_from_job(r, job_of(js, "peak", cc->kernel, cc->best_chains), cc->plateau);
	}
	one = scalar ? job_of(js, "peak", scalar->kernel, 1) : NULL;
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

const struct roof *analysis_dram(const struct analysis *a)
{
	const struct roof *low = NULL;
	for (size_t i = 0; i < a->nroofs; i++) {
		const struct roof *r = &a->roofs[i];
		if (r->kind != ROOF_BANDWIDTH)
			continue;
		if (strncmp(r->name, "DRAM", 4) == 0)
			return r;
		if (!low || r->value < low->value)
			low = r;
	}
	return low;
}

const char *roof_kind_name(enum roof_kind kind)
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

/* The bandwidth roof of the level a working set runs from. */
static const struct roof *level_for(const struct analysis *a, double working_set)
{
	const struct roof *last = NULL;
	for (size_t i = 0; i < a->nroofs; i++) {
		const struct roof *r = &a->roofs[i];
		if (r->kind != ROOF_BANDWIDTH)
			continue;
		/* Inside a plateau, or in the transition before it: the slower level bounds it. */
		if (working_set <= r->size_hi)
			return r;
		last = r;
	}
	return last;
}

/* The one-chain rate of a kernel's FMA ISA (K = 1), or NaN. */
static double one_chain_rate(const struct analysis *a, const char *isa_suffix)
{
	for (size_t c = 0; c < a->nchains; c++) {
		const struct chain_curve *cc = &a->chains[c];
		if (strcmp(cc->isa, isa_suffix) == 0 && cc->n > 0 && cc->chains[0] == 1)
			return cc->best[0];
	}
	return NAN;
}

/*
 * Within 0.2 of a whole number n >= 1: returns n, else 0. An absolute margin,
 * because a relative one would match every ratio above 3 to some n.
 */
static int near_multiple(double ratio)
{
	double n = floor(ratio + 0.5);
	/* The upper bound keeps the cast defined: a damaged run can give any ratio. */
	if (n >= 1 && n <= INT_MAX && fabs(ratio - n) <= 0.2)
		return (int)n;
	return 0;
}

void analysis_diagnose(const struct analysis *a, struct point *p)
{
	const struct roof *scalar = analysis_roof(a, "scalar");
	double pct = p->fraction * 100;
	if (!isfinite(p->fraction)) {
		snprintf(p->diagnosis, sizeof p->diagnosis, "no roof to compare with in this run");
		return;
	}
	if (p->fraction >= NEAR_ROOF) {
		if (strcmp(p->bound, "memory") == 0)
			snprintf(p->diagnosis, sizeof p->diagnosis,
				 "near its roof: %.0f%% of %s bandwidth x intensity; only more reuse "
				 "(higher intensity) or a faster level raises it", pct, p->roof);
		else
			snprintf(p->diagnosis, sizeof p->diagnosis,
				 "near its roof: %.0f%% of the FMA peak; compute-bound and using the "
				 "vector units well", pct);
		return;
	}
	/* A kernel built for a narrower ISA than the widest is capped by that ISA's plateau. */
	const char *u = strrchr(p->kernel, '_');
	const struct roof *own = u ? analysis_roof(a, u + 1) : NULL;
	if (own && own->kind == ROOF_CEILING && p->gflops >= NEAR_ROOF * own->value) {
		snprintf(p->diagnosis, sizeof p->diagnosis,
			 "%.0f%% of its roof but %.0f%% of the %s ceiling (%.1f GFLOP/s): as fast as "
			 "its vector width goes; the widest ISA would raise it", pct,
			 100 * p->gflops / own->value, own->name, own->value);
		return;
	}
	double scalar_one = one_chain_rate(a, "scalar");
	if (scalar && p->gflops < scalar->value * 1.05) {
		int n = isfinite(scalar_one) ? near_multiple(p->gflops / scalar_one) : 0;
		if (n)
			snprintf(p->diagnosis, sizeof p->diagnosis,
				 "%.0f%% of its roof and under the scalar ceiling, at %d x the rate of one "
				 "dependent scalar FMA chain (%.2f GFLOP/s): latency-bound, about %d "
				 "chain%s' worth in flight; split it into independent partial results",
				 pct, n, scalar_one, n, n == 1 ? "" : "s");
		else
			snprintf(p->diagnosis, sizeof p->diagnosis,
				 "%.0f%% of its roof and under the scalar ceiling (%.1f GFLOP/s): not "
				 "vectorised, or too few independent operations", pct, scalar->value);
		return;
	}
	/* Memory-bound a little under the roof: the access pattern, not the core. */
	if (strcmp(p->bound, "memory") == 0 && p->fraction >= 0.6 &&
	    (!scalar || p->gflops >= scalar->value * 1.05)) {
		snprintf(p->diagnosis, sizeof p->diagnosis,
			 "memory-bound at %.0f%% of %s bandwidth x intensity: its access pattern does "
			 "not stream quite as well as the triad that set the roof", pct, p->roof);
		return;
	}
	/* Above the scalar ceiling: vectorised; a multiple of the widest one-chain rate says latency. */
	const struct roof *one = analysis_roof(a, "one-chain");
	if (one && one->value > 0) {
		int n = near_multiple(p->gflops / one->value);
		if (n && n < 16) {
			snprintf(p->diagnosis, sizeof p->diagnosis,
				 "%.0f%% of its roof, near %d x the one-chain rate of the widest vectors "
				 "(%.2f GFLOP/s): latency-bound with about %d vector chain%s in flight",
				 pct, n, one->value, n, n == 1 ? "" : "s");
			return;
		}
	}
	snprintf(p->diagnosis, sizeof p->diagnosis,
		 "%.0f%% of its %s roof, between the ceilings: vectorised but not saturating; "
		 "without hardware counters the instruction mix is the place to look", pct, p->roof);
}

/*
 * A kernel timed at several working sets (measure --levels) keeps each
 * level's members together, largest working set first: a stable sort by
 * (first appearance of the kernel and thread count, working set descending).
 * `measure` already writes them in this order; a run of one level, or rows
 * from elsewhere, keep theirs. Figures and gnuplot's filters rely on a
 * family's members being neighbours.
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
		while (j > 0 && (first[j - 1] > f ||
				 (first[j - 1] == f && a->points[j - 1].working_set < p.working_set))) {
			a->points[j] = a->points[j - 1];
			first[j] = first[j - 1];
			j--;
		}
		a->points[j] = p;
		first[j] = f;
	}
}

static void place_points(struct analysis *a, struct jobs *js)
{
	a->npoints = 0;
	for (size_t i = 0; i < js->n && a->npoints < ANALYSIS_MAX_POINTS; i++) {
		struct job_rates *j = &js->v[i];
		if (strcmp(j->group, "kernels") != 0)
			continue;
		struct job_summary s;
		summarize_job(j, &s);
		struct point *p = &a->points[a->npoints++];
		memset(p, 0, sizeof *p);
		snprintf(p->kernel, sizeof p->kernel, "%s", j->kernel);
		const struct kernel *k = registry_find(j->kernel);
		snprintf(p->family, sizeof p->family, "%s", k ? k->family : j->kernel);
		p->param = j->param;
		p->threads = j->threads;
		p->working_set = j->working_set;
		p->ai = j->flops_per_byte;
		p->gflops = s.median;
		p->best_gflops = s.best;
		p->spread_lo = s.spread_lo;
		p->spread_hi = s.spread_hi;

		const struct roof *level = level_for(a, j->working_set);
		double mem = level ? level->value * p->ai : INFINITY;
		double peak = isfinite(a->peak) ? a->peak : INFINITY;
		if (level)
			snprintf(p->level, sizeof p->level, "%.7s", level->name);
		if (mem < peak) {
			snprintf(p->roof, sizeof p->roof, "%s", level->name);
			p->roof_gflops = mem;
			snprintf(p->bound, sizeof p->bound, "memory");
		} else if (isfinite(peak)) {
			const struct roof *r = analysis_roof(a, "peak");
			snprintf(p->roof, sizeof p->roof, "%s", r ? r->name : "peak");
			p->roof_gflops = peak;
			snprintf(p->bound, sizeof p->bound, "compute");
		} else {
			snprintf(p->roof, sizeof p->roof, "none");
			p->roof_gflops = NAN;
			snprintf(p->bound, sizeof p->bound, "unknown");
		}
		p->fraction = p->gflops / p->roof_gflops;
		analysis_diagnose(a, p);
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

int analysis_build(const struct rundata *run, struct analysis *out, char *err, size_t errlen)
{
	memset(out, 0, sizeof *out);
	out->peak = NAN;
	out->ridge = NAN;
	out->clock_ghz = rundata_env_num(run, "clock_ghz", NAN);
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
	fit_bandwidth(out, run, &js);
	fit_peak(out, &js);
	const struct roof *dram = analysis_dram(out);
	if (dram && isfinite(out->peak))
		out->ridge = fit_ridge(out->peak, dram->value);
	place_points(out, &js);
	size_t kernel_jobs = 0;
	for (size_t i = 0; i < js.n; i++)
		kernel_jobs += strcmp(js.v[i].group, "kernels") == 0;
	if (kernel_jobs > out->npoints)
		note(out, "%zu kernel jobs, but at most %d points are placed: the rest are left out",
		     kernel_jobs, ANALYSIS_MAX_POINTS);
	for (size_t i = 0; i < run->nfailures; i++)
		note(out, "%s %s param %ld failed its check and is left out: %s", run->failures[i].group,
		     run->failures[i].kernel, run->failures[i].param, run->failures[i].message);
	free_jobs(&js);
	return 0;
}
