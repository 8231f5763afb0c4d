/* diagnosis.c - a point's bound and diagnosis from one model (see diagnosis.h). */
#include "diagnosis.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "isa.h"
#include "levels.h"
#include "vecinfo.h"

/* The compute roof (ROOF_COMPUTE "peak") or ceiling named `ceiling` of `threads` threads, or NULL. */
static const struct roof *compute_roof(const struct analysis *a, enum roof_kind kind,
				       const char *ceiling, int threads)
{
	struct roof_key key = roofkey_compute(kind, ceiling, threads);
	return model_roof(a, &key);
}

/*
 * A roof's median: a point's median is compared with it, like with like.
 * The best stands in only where a roof has no median (a run fitted elsewhere).
 */
static double roof_median(const struct roof *r)
{
	return isfinite(r->median) && r->median > 0 ? r->median : r->value;
}

static int is_scalar_curve(const struct chain_curve *cc)
{
	return cc->k && cc->k->isa == ISA_SCALAR;
}

static const struct chain_curve *widest_curve(const struct analysis *a)
{
	const struct chain_curve *w = NULL;
	for (size_t c = 0; c < a->nchains; c++)
		if (!w || a->chains[c].lanes > w->lanes)
			w = &a->chains[c];
	return w;
}

/* The FMA-chain curve that caps p's build, or NULL (no peak group, or an ISA it lacks). */
static const struct chain_curve *curve_of_build(const struct analysis *a, const struct point *p)
{
	if (p->isa == ISA_NONE && p->vec_width == 0)
		return widest_curve(a);
	for (size_t c = 0; c < a->nchains; c++) {
		const struct chain_curve *cc = &a->chains[c];
		if (p->isa != ISA_NONE ? cc->isa == p->isa
				       : p->vec_width == 1 ? is_scalar_curve(cc)
							   : cc->lanes == p->vec_width && !is_scalar_curve(cc))
			return cc;
	}
	return NULL;
}

/* The roof a chain curve set (analysis.c's names): peak, scalar, or its ISA. */
static const struct roof *roof_of_curve(const struct analysis *a, const struct chain_curve *cc,
					int threads, int fma_only)
{
	if (cc == widest_curve(a)) {
		/*
		 * The peak may be an FMA+add mix; code made only of FMAs reaches the
		 * FMA-only plateau at most, the `fma` ceiling where the run has one.
		 */
		const struct roof *peak = compute_roof(a, ROOF_COMPUTE, "peak", threads),
				  *fma = compute_roof(a, ROOF_CEILING, "fma", threads);
		return fma_only && fma && (!peak || fma->value < peak->value) ? fma : peak;
	}
	return compute_roof(a, ROOF_CEILING, is_scalar_curve(cc) ? "scalar" : model_curve_isa_name(cc), threads);
}

/* The median rate of one chain (K = 1) of a curve, or NaN. */
static double one_chain_median(const struct chain_curve *cc)
{
	for (int k = 0; k < cc->n; k++)
		if (cc->chains[k] == 1)
			return cc->median[k];
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

static void diagnose_memory(struct point *p, const struct roof *sweep_used)
{
	p->why.sweep_stood_in = sweep_used && p->pattern[0];
	p->reason = p->fraction >= DIAGNOSIS_NEAR ? REASON_NEAR
		  : p->fraction >= DIAGNOSIS_FAR ? REASON_UNDER : REASON_FAR;
}

static void diagnose_compute(const struct analysis *a, struct point *p,
			     const struct chain_curve *cc, const struct roof *ceil)
{
	const struct roof *peak = compute_roof(a, ROOF_COMPUTE, "peak", p->threads),
			  *fma = compute_roof(a, ROOF_CEILING, "fma", p->threads);
	p->why.peak_median = peak ? roof_median(peak) : NAN;
	p->why.role = peak && ceil == peak ? CEILING_PEAK
		    : fma && ceil == fma ? CEILING_FMA
		    : p->isa == ISA_NONE && p->vec_width == 1 ? CEILING_SCALAR : CEILING_WIDTH;
	p->why.vector_limit = peak ? fmin(roof_median(peak), p->mem_gflops) : p->mem_gflops;
	p->reason = REASON_NEAR;
	if (p->fraction >= DIAGNOSIS_NEAR)
		return;
	/* One thread's chains: the chain curves are the one-thread pass's. */
	double one = cc ? one_chain_median(cc) : NAN;
	double per_thread = p->gflops / (p->threads > 1 ? p->threads : 1);
	int n = isfinite(one) && one > 0 ? near_multiple(per_thread / one) : 0;
	/* Latency only where fewer chains are in flight than fill the units. */
	p->reason = REASON_MIX;
	if (n && (!isfinite(cc->chains_to_saturate) || n < cc->chains_to_saturate)) {
		p->reason = REASON_LATENCY;
		p->why.chains = n;
		p->why.one_chain = one;
		p->why.chain_isa = cc->isa;
		p->why.chains_to_saturate = cc->chains_to_saturate;
	}
}

/* The level: given, else the one rule of the run's level map (levels_of), else DRAM. */
static void place_level(const struct analysis *a, const struct level_map *map, struct point *p)
{
	if (!p->level[0]) {
		const struct level_span *span = map ? levels_of(map, p->working_set) : NULL;
		if (span)
			snprintf(p->level, sizeof p->level, "%s", levels_name(span->id));
	}
	/* No sweep at its thread count: DRAM, the level a kernel of unknown size streams from. */
	if (!p->level[0] && (map || a->nroofs))
		snprintf(p->level, sizeof p->level, "%s", levels_name(MEM_DRAM));
}

/*
 * Whether p's working set sits in a fall of the fitted map next to its
 * level (docs/plan.md R6): it streams partly from each of the two levels,
 * and its verdict says so, with the roof that judged it.
 */
static void place_fall(const struct level_map *map, struct point *p, enum mem_level level)
{
	struct levels_fall f;
	p->why.in_fall = 0;
	p->why.fall_faster = p->why.fall_slower = MEM_LEVELS;
	if (!map || !levels_in_fall(map, p->working_set, &f) || (f.faster->id != level && f.slower->id != level))
		return;
	/*
	 * Arrays that obey STREAM's rule run from DRAM (R8), short of where the
	 * triad's 3 arrays put DRAM's span: a 2-array kernel's 2 x 128 MiB at
	 * two threads, DRAM@2t's span from 272 MiB.
	 */
	int ruled = p->ruled || (p->array_bytes > 0 && map->dram.rule_bytes > 0 &&
				 levels_arrays_obey_rule(&map->dram, p->array_bytes));
	if (f.slower->id == MEM_DRAM && ruled)
		return;
	p->why.in_fall = 1;
	p->why.fall_faster = f.faster->id;
	p->why.fall_slower = f.slower->id;
	p->why.fall_from = f.faster->hi;
	p->why.fall_to = f.slower->lo;
}

/* The roof of p's pattern at `level`, else the level's sweep roof (*sweep_used); NULL: none. */
static const struct roof *level_roof(const struct analysis *a, const struct point *p, enum mem_level level,
				     const struct roof **sweep_used)
{
	const struct roof *mem = NULL;
	struct roof_key key;
	*sweep_used = NULL;
	/* The pattern roof of its kernel's streams (its metadata), as the fit keyed it. */
	if (level != MEM_LEVELS && p->k && (p->k->reads > 0 || p->k->writes > 0)) {
		key = roofkey_pattern(level, p->k, p->threads);
		mem = model_roof(a, &key);
	}
	if (!mem && level != MEM_LEVELS) {
		key = roofkey_level(level, p->threads);
		mem = *sweep_used = model_roof(a, &key);
	}
	return mem;
}

/* The memory roof: its pattern's at its level, else the level's sweep roof (*sweep_used). */
static const struct roof *memory_roof(const struct analysis *a, struct point *p, enum mem_level level,
				      const struct roof **sweep_used)
{
	const struct roof *mem = level_roof(a, p, level, sweep_used);
	p->mem_roof = roofkey_none();
	p->mem_gflops = NAN;
	if (mem) {
		p->mem_roof = model_key_of(mem);
		p->mem_gflops = roof_median(mem) * p->ai;
	}
	return mem;
}

/* The compute ceiling of its build (*cc: its chain curve), with what stood in for it. */
static const struct roof *build_ceiling(const struct analysis *a, struct point *p,
					const struct chain_curve **cc)
{
	*cc = curve_of_build(a, p);
	const struct roof *ceil = *cc ? roof_of_curve(a, *cc, p->threads, p->fma_only) : NULL;
	/*
	 * A width the run has no chains for at this thread count: the peak caps
	 * it (a memory roof alone would call a compute-heavy kernel memory-bound
	 * at a few percent of a roof it can never reach).
	 */
	p->why.no_chains = !ceil && p->isa != ISA_NONE;
	if (!ceil)
		ceil = compute_roof(a, ROOF_COMPUTE, "peak", p->threads);
	/*
	 * Compiled code faster than the ceiling its remarks imply: the remarks
	 * undersold the build (a loop they do not describe was vectorised, say),
	 * not the machine its roof; the widest vectors' ceiling caps it then.
	 */
	if (ceil && p->isa == ISA_NONE && p->vec_width > 0 &&
	    p->gflops > DIAGNOSIS_ABOVE * roof_median(ceil)) {
		const struct chain_curve *w = widest_curve(a);
		const struct roof *wide = w ? roof_of_curve(a, w, p->threads, p->fma_only) : NULL;
		if (wide && wide != ceil) {
			p->why.undersold = model_key_of(ceil);
			ceil = wide;
			*cc = w;
		}
	}
	p->ceiling = roofkey_none();
	p->ceiling_gflops = NAN;
	if (ceil) {
		p->ceiling = model_key_of(ceil);
		p->ceiling_gflops = roof_median(ceil);
	}
	return ceil;
}

/* The bound: whichever of the memory roof and the ceiling is lower; its fraction. */
static void place_bound(struct point *p)
{
	if (isfinite(p->mem_gflops) && !(p->ceiling_gflops < p->mem_gflops)) {
		p->roof = p->mem_roof;
		p->roof_gflops = p->mem_gflops;
		p->bound_id = BOUND_MEMORY;
	} else if (isfinite(p->ceiling_gflops)) {
		p->roof = p->ceiling;
		p->roof_gflops = p->ceiling_gflops;
		p->bound_id = BOUND_COMPUTE;
	} else {
		p->roof = roofkey_none();
		p->roof_gflops = NAN;
		p->bound_id = BOUND_UNKNOWN;
	}
	p->fraction = p->gflops / p->roof_gflops;
}

/* The roof that bounds p, at its best kept timing, at p's intensity (GFLOP/s). */
static double bound_best(const struct point *p, const struct roof *mem, const struct roof *ceil)
{
	const struct roof *r = p->bound_id == BOUND_MEMORY ? mem : p->bound_id == BOUND_COMPUTE ? ceil : NULL;
	if (!r)
		return NAN;
	double best = isfinite(r->value) && r->value > 0 ? r->value : roof_median(r);
	return p->bound_id == BOUND_MEMORY ? best * p->ai : best;
}

/*
 * Whether a memory-bound point at a found DRAM ran with arrays short of its
 * STREAM rule, judged by a roof `mem` from sizes that obey it (the sweep's
 * plateau, or a job at the rule): the two did not run alike.
 */
static int short_of_rule(const struct level_map *map, const struct point *p, enum mem_level level,
			 const struct roof *mem)
{
	if (p->bound_id != BOUND_MEMORY || level != MEM_DRAM || !mem || !map || map->dram.state != DRAM_FOUND)
		return 0;
	int roof_ruled = !mem->job_kernel[0] || levels_arrays_obey_rule(&map->dram, (double)mem->job_param);
	return map->dram.rule_bytes > 0 && roof_ruled && p->array_bytes > 0 &&
	       !levels_arrays_obey_rule(&map->dram, p->array_bytes);
}

/*
 * A memory-bound point in a fall filed at the slower level (a plan from
 * before R6's rule, or a pre-scan that saw it inside that plateau) over
 * that level's roof but not over the faster one's: the faster level served
 * part of its data, and only its roof bounds it (docs/plan.md R6). Sets
 * the faster roof's key and GFLOP/s at p's intensity.
 */
static int above_in_fall(const struct analysis *a, struct point *p)
{
	if (p->bound_id != BOUND_MEMORY || !p->why.in_fall || p->level_id != p->why.fall_slower)
		return 0;
	const struct roof *sweep;
	const struct roof *faster = level_roof(a, p, p->why.fall_faster, &sweep);
	if (!faster)
		return 0;
	p->why.fall_roof = model_key_of(faster);
	p->why.fall_roof_gflops = roof_median(faster) * p->ai;
	return !(p->gflops > DIAGNOSIS_ABOVE * p->why.fall_roof_gflops);
}

void diagnosis_place(const struct analysis *a, struct point *p)
{
	const struct level_map *map = model_levels_of(a, p->threads);
	memset(&p->why, 0, sizeof p->why);
	p->why.peak_median = p->why.vector_limit = p->why.one_chain = p->why.roof_best = NAN;
	p->why.roof_spread = NAN;
	place_level(a, map, p);
	/* The level as given (a caller's text) or placed, typed once here for every reader after. */
	enum mem_level level = p->level_id = levels_parse(p->level);
	place_fall(map, p, level);
	const struct roof *sweep_used;
	const struct roof *mem = memory_roof(a, p, level, &sweep_used);
	const struct chain_curve *cc;
	const struct roof *ceil = build_ceiling(a, p, &cc);
	p->above_roof = 0;
	/*
	 * At DRAM in a run whose sweep never reached it: no memory roof, and no
	 * cache's roof stands in; only a point at its compute ceiling is judged.
	 */
	if (!mem && level == MEM_DRAM && map && map->dram.state != DRAM_FOUND &&
	    !(p->gflops >= DIAGNOSIS_NEAR * p->ceiling_gflops)) {
		p->roof = roofkey_none();
		p->roof_gflops = p->fraction = NAN;
		p->bound_id = BOUND_UNKNOWN;
		p->reason = REASON_DRAM_NOT_REACHED;
		p->why.dram_end_rate = map->dram.end_rate;
		p->why.dram_end_working_set = map->dram.end_working_set;
		return;
	}
	place_bound(p);
	p->reason = REASON_NONE;
	if (!isfinite(p->fraction))
		return;
	/*
	 * Above its roof only past the roof's own trials too: a median more than
	 * DIAGNOSIS_ABOVE over the roof's but under the roof's best timing is the
	 * roof's spread, not a faster way to run the pattern (an Intel VM's five
	 * 260 MB DRAM.2r1w-ip trials: best 19.2 GB/s, median 16.0; daxpy's
	 * median 17.7, 111 % of it).
	 */
	double best = bound_best(p, mem, ceil);
	if (p->fraction > DIAGNOSIS_ABOVE && !(p->gflops > best))
		p->why.roof_best = best;
	else if (p->fraction > DIAGNOSIS_ABOVE && short_of_rule(map, p, level, mem)) {
		/*
		 * Arrays short of STREAM's rule (a quick run's DRAM kernels, a third
		 * of where DRAM begins) against a DRAM roof from arrays past it: a
		 * cache served part of them, so that roof does not bound them, and
		 * neither the roof nor the counts are shown wrong (a Zen 4 VM's
		 * quick run put its compiled triad's two threads at 118 % of it).
		 */
		p->reason = REASON_ABOVE_SHORT;
		p->why.rule_bytes = map->dram.rule_bytes;
		return;
	} else if (p->fraction > DIAGNOSIS_ABOVE && above_in_fall(a, p)) {
		p->reason = REASON_ABOVE_IN_FALL;
		return;
	} else if (p->fraction > DIAGNOSIS_ABOVE) {
		p->above_roof = 1;
		/*
		 * A built-in kernel's counts are the registry's and checked; faster than
		 * the tool's own bandwidth kernels of its pattern, it shows the roof is
		 * low (a pattern runs faster with work between its accesses on some
		 * cores), not that its counts are wrong.
		 */
		p->reason = p->bound_id == BOUND_MEMORY && p->builtin && mem && !sweep_used
			  ? REASON_ABOVE_LOW_ROOF : REASON_ABOVE_COUNTS;
		if (p->reason == REASON_ABOVE_LOW_ROOF && mem->spread_lo > 0 && mem->spread_hi >= mem->spread_lo)
			p->why.roof_spread = mem->spread_hi / mem->spread_lo;
		return;
	}
	if (p->bound_id == BOUND_MEMORY)
		diagnose_memory(p, sweep_used);
	else
		diagnose_compute(a, p, cc, ceil);
}

int diagnosis_vec_width(const char *remarks, const char *compiler, int member)
{
	struct vecinfo_loop loop;
	int slp = 0;
	if (!remarks)
		return 0;
	int rc = member >= 0 ? vecinfo_member_loop(remarks, compiler, (size_t)member, &loop)
			     : vecinfo_hot_loop(remarks, compiler, &loop, &slp);
	if (rc != 0 || loop.scalable)
		return 0;
	if (loop.vectorised)
		return loop.width > 0 ? loop.width : 0;
	/* clang's loop remarks do not describe its SLP vectoriser: unknown, not scalar. */
	return slp ? 0 : 1;
}
