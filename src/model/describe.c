/*
 * describe.c - a measured run as a described machine (see describe.h).
 */
#include "describe.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "isa.h"
#include "stats.h"
#include "util.h"

/* Where a cache's plateau (the fit's level, in working set) says the cache ends: see cache_bytes. */
#define DESCRIBE_EDGE 1.22

/* The thread counts the run's roofs were measured at, ascending. */
static int thread_counts(const struct analysis *a, int *counts)
{
	int n = 0;
	for (size_t i = 0; i < a->nroofs; i++) {
		int t = a->roofs[i].threads > 0 ? a->roofs[i].threads : 1, seen = 0;
		for (int c = 0; c < n; c++)
			seen |= counts[c] == t;
		if (!seen && n < MACHINE_MAX_CURVE)
			counts[n++] = t;
	}
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && counts[j] < counts[j - 1]; j--) {
			int t = counts[j];
			counts[j] = counts[j - 1];
			counts[j - 1] = t;
		}
	return n;
}

static const struct roof *level_roof(const struct analysis *a, enum mem_level l, int threads)
{
	struct roof_key k = roofkey_level(l, threads);
	return model_roof(a, &k);
}

/*
 * A cache's size, from the one-core sweep: where its curve, past the
 * level's plateau, crosses the harmonic middle of this level's rate and the
 * next one's (half the bytes from each), over DESCRIBE_EDGE, where the
 * model's blend (machine_gbs_at: whole to 3/4 of a cache, gone at twice it)
 * crosses it. The reported size where it is within 1.5x of that: a VM's
 * host L3 is not (a 480 MiB L3 whose curve falls from 48 MiB).
 */
/* The sweep's own plateau at level l on one core (its pattern roof), else the level's roof. */
static double sweep_rate(const struct analysis *a, const struct roof *level)
{
	const struct roof *p = model_roof(a, &(struct roof_key){ .kind = ROOF_PATTERN, .level = level->key.level,
		.reads = 2, .writes = 1, .stores = STORES_ALLOCATE, .threads = 1 });
	return p ? p->value : level->value;
}

static double cache_bytes(const struct analysis *a, const struct roof *r, const struct roof *next, double reported)
{
	double b = r->size_hi / 0.75;
	if (next) {
		double mid = 2 / (1 / sweep_rate(a, r) + 1 / sweep_rate(a, next));
		for (size_t i = 1; i < a->nsweep; i++) {
			const struct sweep_point *p = &a->sweep[i - 1], *q = &a->sweep[i];
			if (q->working_set <= r->size_hi || !(q->best < mid) || !(p->best >= mid))
				continue;
			double f = log(p->best / mid) / log(p->best / q->best);
			b = exp(log(p->working_set) + f * log(q->working_set / p->working_set)) / DESCRIBE_EDGE;
			break;
		}
	}
	if (reported > 0 && reported <= 1.5 * b && reported >= b / 1.5)
		return reported;
	return fmax(65536, round(b / 65536) * 65536);
}

/*
 * Pattern p's rate at level l and `threads`: its own roof, else (a count
 * whose fit has no such roof) the level's roof there scaled as p stands to
 * it on one core. NaN when neither.
 */
static double pattern_at(const struct analysis *a, const struct roof *p, int threads)
{
	struct roof_key k = p->key;
	k.threads = threads;
	const struct roof *at = model_roof(a, &k), *lvl = level_roof(a, p->key.level, threads),
			  *one = level_roof(a, p->key.level, 1);
	if (at)
		return at->value;
	return lvl && one ? lvl->value * p->value / one->value : NAN;
}

/* Each pattern roof of level l as a curve over the thread counts; "*" is the sweep's (2r1w). */
static void level_bw(const struct analysis *a, enum mem_level l, const int *counts, int ncounts,
		     struct machine_level *out)
{
	for (size_t i = 0; i < a->nroofs; i++) {
		const struct roof *r = &a->roofs[i];
		if (r->key.kind != ROOF_PATTERN || r->key.level != l || r->key.threads > 1 ||
		    out->nbw >= MACHINE_MAX_PATTERNS)
			continue;
		struct machine_bw *b = &out->bw[out->nbw++];
		*b = (struct machine_bw){ .pattern = roofkey_access_pattern(&r->key) };
		int sweep = access_pattern_equal(b->pattern, ACCESS_PATTERN_TRIAD);
		for (int c = 0; c < ncounts; c++) {
			double v = pattern_at(a, r, counts[c]);
			if (isfinite(v) && b->gbs.n < MACHINE_MAX_CURVE) {
				b->gbs.threads[b->gbs.n] = counts[c];
				b->gbs.rate[b->gbs.n++] = round(v * 1000) / 1000;
			}
		}
		if (sweep && out->nbw < MACHINE_MAX_PATTERNS) {
			out->bw[out->nbw] = *b;
			out->bw[out->nbw++].other = 1;
		}
	}
}

/*
 * A run whose sweep never reached DRAM: its curve's end rate at each thread
 * count stands for every pattern (kept in the last slot until the caches
 * are placed). Returns 0 when no count has one.
 */
static int dram_from_end(const struct analysis *a, const int *counts, int ncounts, struct machine_desc *d)
{
	struct machine_level *dram = &d->levels[MACHINE_MAX_LEVELS - 1];
	snprintf(dram->name, sizeof dram->name, "DRAM");
	dram->bw[0].other = 1;
	for (int c = 0; c < ncounts; c++) {
		const struct level_map *m = model_levels_of(a, counts[c]);
		if (m && m->dram.end_rate > 0) {
			struct machine_curve *g = &dram->bw[0].gbs;
			g->threads[g->n] = counts[c];
			g->rate[g->n++] = m->dram.end_rate;
		}
	}
	dram->nbw = dram->bw[0].gbs.n > 0;
	return dram->nbw;
}

/* The levels the one-core fit named, with their sizes and bandwidths. */
static int describe_levels(const struct rundata *run, const struct analysis *a, struct machine_desc *d)
{
	int counts[MACHINE_MAX_CURVE], ncounts = thread_counts(a, counts), top = counts[ncounts - 1];
	const double reported[3] = { run->info.l1d_bytes, run->info.l2_bytes, run->info.l3_bytes };
	const struct roof *found[MEM_LEVELS];
	for (int l = 0; l < MEM_LEVELS; l++)
		found[l] = level_roof(a, (enum mem_level)l, 1);
	if (!found[MEM_DRAM] && !dram_from_end(a, counts, ncounts, d))
		return -1;
	for (int l = 0; l < MEM_DRAM; l++) {
		if (!found[l])
			continue;
		const struct roof *next = NULL;
		for (int k = l + 1; k < MEM_LEVELS && !next; k++)
			next = found[k];
		struct machine_level *m = &d->levels[d->nlevels++];
		snprintf(m->name, sizeof m->name, "%s", levels_name((enum mem_level)l));
		m->bytes = cache_bytes(a, found[l], next, reported[l]);
		const struct roof *all = level_roof(a, (enum mem_level)l, top);
		/*
		 * Per core when the plateau reaches further with all the cores: L1 and L2
		 * by a fifth (an L2 of 2 MiB a core reached 1.4x on two), the last by 1.8x
		 * (a shared L3 also reached 1.4x, a 24 MiB share a core 2x).
		 */
		double grows = top > 1 && all ? all->size_hi / found[l]->size_hi : 1;
		m->shared = !(grows >= (l < MEM_L3 ? 1.2 : 1.8));
		if (!m->shared && l == MEM_L3 && m->bytes > 0 && reported[l] > 0)
			m->bytes = fmin(m->bytes, reported[l]);
		level_bw(a, (enum mem_level)l, counts, ncounts, m);
	}
	if (found[MEM_DRAM]) {
		struct machine_level *dram = &d->levels[d->nlevels++];
		snprintf(dram->name, sizeof dram->name, "DRAM");
		level_bw(a, MEM_DRAM, counts, ncounts, dram);
	} else {
		d->levels[d->nlevels++] = d->levels[MACHINE_MAX_LEVELS - 1];
	}
	for (int i = 0; i < d->nlevels; i++)
		if (d->levels[i].nbw == 0)
			return -1;
	return 0;
}

static const struct roof *ceiling_roof(const struct analysis *a, const char *name)
{
	struct roof_key k = roofkey_compute(ROOF_CEILING, name, 1);
	return model_roof(a, &k);
}

/*
 * Each ISA's FMA pipes from its FMA-only plateau (its chain curve, else its
 * ceiling), the latency from one chain; the widest ISA's mix says whether
 * adds have pipes of their own (a 1:1 mix under 1.5x the FMA pipes' flops:
 * they share them) and the issue limit (the operations the mix issued a
 * cycle, where fewer than the pipes allow).
 */
static void describe_fp(const struct analysis *a, struct machine_desc *d)
{
	double ghz = d->clock_ghz;
	for (int i = ISA_SCALAR; i < ISA_COUNT; i++) {
		if (!(d->isas >> i & 1))
			continue;
		int lanes = cpu_isa_lanes((enum isa)i);
		struct machine_fp *f = &d->fp[i];
		*f = (struct machine_fp){ .present = 1, .fma_latency = 4, .add_latency = 3 };
		for (size_t c = 0; c < a->nchains; c++)
			if (a->chains[c].k && a->chains[c].k->isa == (enum isa)i) {
				f->fma = a->chains[c].plateau / (2.0 * lanes * ghz);
				if (a->chains[c].latency_cycles > 0)
					f->fma_latency = round(a->chains[c].latency_cycles * 10) / 10;
			}
		const struct roof *r = ceiling_roof(a, i == (int)ISA_SCALAR ? "scalar" : cpu_isa_name((enum isa)i));
		if (!(f->fma > 0) && r)
			f->fma = r->value / (2.0 * lanes * ghz);
		if (!(f->fma > 0) && a->npeaks && i == (int)machine_widest_isa(d))
			f->fma = a->peaks[0].fma / (2.0 * lanes * ghz);
		if (!(f->fma > 0))
			f->fma = 1;
		f->fma = round(f->fma * 100) / 100;
		f->add = f->fma;
		f->issue = f->fma + f->add;
	}
	enum isa w = machine_widest_isa(d);
	struct machine_fp *f = &d->fp[w];
	double mix = a->npeaks ? a->peaks[0].mix / (cpu_isa_lanes(w) * ghz) : NAN;   /* flops a lane a cycle */
	if (!(mix > 0))
		return;
	if (mix < 1.05 * 1.5 * f->fma) {
		f->add = 0;
		f->issue = f->fma;
	} else {
		/*
		 * Operations a cycle: the mix's flops over its flops per operation,
		 * from the FMA:add ratio of the mix that set the peak (2 FMAs to an
		 * add: 5/3 flops each; taken as 1:1's 3/2, a 2:1 mix read an issue
		 * limit of 3 as 3.32), 1:1 where no mix set it; a deep mix's
		 * instructions are its chains times their steps.
		 */
		const struct peak_info *p = &a->peaks[0];
		double fo = (double)p->set_fmas * (p->set_fma_steps > 0 ? p->set_fma_steps : 1);
		double ao = (double)p->set_adds * (p->set_add_steps > 0 ? p->set_add_steps : 1);
		double per_op = ao > 0 && fo > 0 ? (2.0 * fo + ao) / (fo + ao) : 1.5;
		f->issue = round(fmin(mix / per_op, f->fma + f->add) * 100) / 100;
	}
}

/* Each built-in placed kernel's median share of its roof on one core: what the model places it at. */
static void describe_efficiency(const struct analysis *a, struct machine_desc *d)
{
	for (size_t i = 0; i < a->npoints && d->neff < MACHINE_MAX_EFFICIENCY; i++) {
		const struct point *p = &a->points[i];
		if (!p->builtin || p->threads > 1 || !(p->fraction > 0))
			continue;
		double share[ANALYSIS_MAX_POINTS];
		size_t n = 0, seen = 0;
		for (int e = 0; e < d->neff; e++)
			seen |= d->eff[e].k == p->k;
		for (size_t q = 0; !seen && q < a->npoints; q++)
			if (model_same_kernel(&a->points[q], p) && a->points[q].threads <= 1 &&
			    a->points[q].fraction > 0)
				share[n++] = a->points[q].fraction;
		if (seen || n == 0)
			continue;
		struct machine_efficiency *e = &d->eff[d->neff++];
		snprintf(e->kernel, sizeof e->kernel, "%s", p->kernel);
		e->k = p->k;
		e->value = round(fmin(1.0, fmax(0.05, stats_median(share, n))) * 100) / 100;
	}
}

/* The roofs' spread between passes, typical of the run: half the median relative range. */
static double describe_spread(const struct analysis *a)
{
	double rel[ANALYSIS_MAX_ROOFS];
	size_t n = 0;
	for (size_t i = 0; i < a->nroofs; i++) {
		const struct roof *r = &a->roofs[i];
		if (r->median > 0 && r->spread_hi >= r->spread_lo && r->spread_lo > 0)
			rel[n++] = (r->spread_hi - r->spread_lo) / r->median;
	}
	return n ? round(stats_median(rel, n) / 2 * 1000) / 1000 : 0;
}

/* The machine's own lines: cores, clock, timer, memory, pages, ISAs, what it reports. */
static int describe_basics(const struct rundata *run, struct machine_desc *d)
{
	const struct run_env *e = &run->info;
	double cap = NAN, cores = NAN, pus = NAN, kib = NAN;
	parse_double(rundata_or(rundata_env(run, "sweep_cap_bytes"), ""), &cap);
	parse_double(rundata_or(e->cores, ""), &cores);
	parse_double(rundata_or(e->hw_threads, ""), &pus);
	parse_double(rundata_or(rundata_env(run, "huge_pages_kib"), ""), &kib);
	snprintf(d->name, sizeof d->name, "%s (described from %s)", rundata_or(e->cpu_model, "unknown CPU"),
		 rundata_or(e->date_utc, "a run"));
	d->cores = cores >= 1 ? (int)cores : 1;
	d->smt = pus >= cores && cores >= 1 ? (int)(pus / cores) : 1;
	d->clock_ghz = e->clock_ghz > 0 ? round(e->clock_ghz * 1000) / 1000 : NAN;
	if (!(d->clock_ghz > 0))
		return -1;
	d->clock_allcore_ghz = round(rundata_clock_ghz(run, d->cores, d->clock_ghz) * 1000) / 1000;
	d->timer_resolution_s = e->tick_ns > 0 ? e->tick_ns * 1e-9 : 1e-9;
	/* The sweep's cap is a quarter of memory over its 3 arrays (plan_limits). */
	d->memory_bytes = cap > 0 ? ceil(cap * 12 / 1073741824.0) * 1073741824.0 : 16.0 * 1073741824.0;
	d->huge_pages = kib > 0;
	d->first_touch_s_per_gib = 0.25;
	d->isas = 1u << ISA_NONE | 1u << ISA_SCALAR;
	d->isas |= e->isa_set & ~(1u << ISA_NONE);
	d->reported[0] = e->l1d_bytes > 0 ? e->l1d_bytes : 0;
	d->reported[1] = e->l2_bytes > 0 ? e->l2_bytes : 0;
	d->reported[2] = e->l3_bytes > 0 ? e->l3_bytes : 0;
	d->reported[3] = e->reported_beyond;   /* an L4 or a memory-side cache, the larger */
	/* The sharing as recorded: one core's, or every core's; unknown (or a part of the cores) says nothing. */
	const double share[3] = { e->l1d_shared_cores, e->l2_shared_cores, e->l3_shared_cores };
	for (int l = 0; l < 3; l++)
		d->reported_shared[l] = !(share[l] > 0) || !(d->reported[l] > 0) ? MACHINE_SHARING_UNKNOWN
				      : share[l] == 1 && cores != 1 ? MACHINE_SHARING_PER_CORE
				      : share[l] >= cores && cores > 0 ? MACHINE_SHARING_SHARED : MACHINE_SHARING_UNKNOWN;
	return 0;
}

int describe_machine(const struct rundata *run, const struct analysis *a, struct machine_desc *d, char *err,
		     size_t errlen)
{
	memset(d, 0, sizeof *d);
	if (describe_basics(run, d) != 0) {
		snprintf(err, errlen, "the run has no clock (env.csv clock_ghz): no FP units to describe");
		return -1;
	}
	if (describe_levels(run, a, d) != 0) {
		snprintf(err, errlen, "the fit found no DRAM level, or a level without a pattern roof: nothing to describe");
		return -1;
	}
	describe_fp(a, d);
	describe_efficiency(a, d);
	d->spread = describe_spread(a);
	d->slow_rate = 1;
	d->slow_spell_s = 0.25;
	return 0;
}
