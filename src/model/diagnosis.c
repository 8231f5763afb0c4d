/* diagnosis.c - a point's bound and diagnosis from one model (see diagnosis.h). */
#include "diagnosis.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cpu.h"
#include "levels.h"
#include "util.h"
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
	return cc->lanes == 1 && strcmp(cc->isa, cpu_isa_name(ISA_SCALAR)) == 0;
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
		if (p->isa != ISA_NONE ? strcmp(cc->isa, cpu_isa_name(p->isa)) == 0
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
	return compute_roof(a, ROOF_CEILING, is_scalar_curve(cc) ? "scalar" : cc->isa, threads);
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

/* "avx2 intrinsics", "compiled, vectorised 8 wide", ...: how p was built, for the text. */
static const char *build_text(const struct point *p, char *buf, size_t size)
{
	if (p->isa != ISA_NONE)
		snprintf(buf, size, "%s code by hand", cpu_isa_name(p->isa));
	else if (p->vec_width > 1)
		snprintf(buf, size, "compiled, vectorised %d wide", p->vec_width);
	else if (p->vec_width == 1)
		snprintf(buf, size, "compiled, not vectorised");
	else
		snprintf(buf, size, "compiled, no vectoriser remarks");
	return buf;
}

static void diagnose_memory(struct point *p, const struct roof *sweep_used)
{
	char why[96] = "";
	double pct = p->fraction * 100;
	/* Which bandwidth judged it: its own pattern's, or the sweep's in its place. */
	if (sweep_used && p->pattern[0])
		snprintf(why, sizeof why, " (the sweep's: no %s.%s roof in this run)", p->level,
			 p->pattern);
	p->reason = p->fraction >= DIAGNOSIS_NEAR ? REASON_NEAR
		  : p->fraction >= DIAGNOSIS_FAR ? REASON_UNDER : REASON_FAR;
	if (p->fraction >= DIAGNOSIS_NEAR)
		snprintf(p->diagnosis, sizeof p->diagnosis, "memory-bound, near its roof: %.0f%% of "
			 "%s x intensity%s; only more reuse or a faster level raises it", pct,
			 p->mem_roof, why);
	else if (p->fraction >= DIAGNOSIS_FAR)
		snprintf(p->diagnosis, sizeof p->diagnosis, "memory-bound at %.0f%% of %s x "
			 "intensity%s: its accesses stream a little less well than the roof's", pct,
			 p->mem_roof, why);
	else
		snprintf(p->diagnosis, sizeof p->diagnosis, "memory-bound but far under its roof: "
			 "%.0f%% of %s x intensity%s; too few accesses in flight (a dependence between "
			 "iterations, a stride)", pct, p->mem_roof, why);
}

static void diagnose_compute(const struct analysis *a, struct point *p,
			     const struct chain_curve *cc, const struct roof *ceil)
{
	char build[64];
	double pct = p->fraction * 100;
	build_text(p, build, sizeof build);
	const struct roof *peak = compute_roof(a, ROOF_COMPUTE, "peak", p->threads);
	int is_peak = peak && ceil == peak;
	int is_fma = ceil && ceil->kind == ROOF_CEILING && strcmp(model_key_of(ceil).ceiling, "fma") == 0;
	char of[40];
	snprintf(of, sizeof of, is_peak ? "the %s" : "the %s ceiling", p->ceiling);
	p->reason = REASON_NEAR;
	if (p->fraction >= DIAGNOSIS_NEAR) {
		if (is_peak)
			snprintf(p->diagnosis, sizeof p->diagnosis,
				 "compute-bound, near the FMA peak: %.0f%% of it (%s); the vector units "
				 "are full", pct, build);
		else if (is_fma)
			snprintf(p->diagnosis, sizeof p->diagnosis,
				 "compute-bound, near the FMA-only ceiling: %.0f%% of it (%s); its flops are "
				 "all FMAs, and only independent adds beside them (the FMA+add peak, %.3g "
				 "GFLOP/s) would go further", pct, build, peak ? roof_median(peak) : NAN);
		else if (p->isa == ISA_NONE && p->vec_width == 1)
			snprintf(p->diagnosis, sizeof p->diagnosis,
				 "compute-bound at %.0f%% of the scalar ceiling (%s): vectorised, its "
				 "intensity would allow up to %.3g GFLOP/s", pct, build,
				 peak ? fmin(roof_median(peak), p->mem_gflops) : p->mem_gflops);
		else
			snprintf(p->diagnosis, sizeof p->diagnosis,
				 "compute-bound at %.0f%% of the %s ceiling (%s): as fast as its vector "
				 "width goes; the widest vectors (peak %.3g GFLOP/s) would raise it", pct,
				 p->ceiling, build, peak ? roof_median(peak) : NAN);
		return;
	}
	/* One thread's chains: the chain curves are the one-thread pass's. */
	double one = cc ? one_chain_median(cc) : NAN;
	double per_thread = p->gflops / (p->threads > 1 ? p->threads : 1);
	int n = isfinite(one) && one > 0 ? near_multiple(per_thread / one) : 0;
	/* Latency only where fewer chains are in flight than fill the units. */
	p->reason = REASON_MIX;
	if (n && (!isfinite(cc->chains_to_saturate) || n < cc->chains_to_saturate)) {
		p->reason = REASON_LATENCY;
		snprintf(p->diagnosis, sizeof p->diagnosis,
			 "compute-bound at %.0f%% of %s (%s), at %d x the rate of one dependent %s "
			 "FMA chain (%.3g GFLOP/s): latency-bound, about %d chain%s in flight where "
			 "%.0f fill the units; interleave independent work", pct, of,
			 build, n, cc->isa, one, n, n == 1 ? "" : "s", cc->chains_to_saturate);
		return;
	}
	snprintf(p->diagnosis, sizeof p->diagnosis,
		 "compute-bound at %.0f%% of %s (%s), not a whole number of dependent chains: "
		 "without hardware counters the instruction mix is the place to look", pct, of,
		 build);
}

void diagnosis_place(const struct analysis *a, struct point *p)
{
	/* The level: given, else the one rule of the run's level map (levels_of), else DRAM. */
	const struct level_map *map = model_levels_of(a, p->threads);
	if (!p->level[0]) {
		const struct level_span *span = map ? levels_of(map, p->working_set) : NULL;
		if (span)
			snprintf(p->level, sizeof p->level, "%s", levels_name(span->id));
	}
	/* No sweep at its thread count: DRAM, the level a kernel of unknown size streams from. */
	if (!p->level[0] && (map || a->nroofs))
		snprintf(p->level, sizeof p->level, "%s", levels_name(MEM_DRAM));

	/* The memory roof: its pattern's at its level, else the level's sweep roof. */
	const struct roof *mem = NULL, *sweep_used = NULL;
	enum mem_level level = levels_parse(p->level);
	struct roof_key key;
	char name[40];
	snprintf(name, sizeof name, "%s.%s", p->level, p->pattern);
	if (level != MEM_LEVELS && p->pattern[0] && roofkey_parse(name, ROOF_PATTERN, &key) == 0) {
		key.threads = p->threads;
		mem = model_roof(a, &key);
	}
	if (!mem && level != MEM_LEVELS) {
		key = roofkey_level(level, p->threads);
		mem = sweep_used = model_roof(a, &key);
	}
	p->mem_roof[0] = 0;
	p->mem_gflops = NAN;
	if (mem) {
		snprintf(p->mem_roof, sizeof p->mem_roof, "%s", mem->name);
		p->mem_gflops = roof_median(mem) * p->ai;
	}

	/* The compute ceiling of its build. */
	const struct chain_curve *cc = curve_of_build(a, p);
	const struct roof *ceil = cc ? roof_of_curve(a, cc, p->threads, p->fma_only) : NULL;
	/*
	 * A width the run has no chains for at this thread count: the peak caps
	 * it (a memory roof alone would call a compute-heavy kernel memory-bound
	 * at a few percent of a roof it can never reach).
	 */
	int no_chains = !ceil && p->isa != ISA_NONE;
	if (!ceil)
		ceil = compute_roof(a, ROOF_COMPUTE, "peak", p->threads);
	/*
	 * Compiled code faster than the ceiling its remarks imply: the remarks
	 * undersold the build (a loop they do not describe was vectorised, say),
	 * not the machine its roof; the widest vectors' ceiling caps it then.
	 */
	char undersold[24] = "";
	if (ceil && p->isa == ISA_NONE && p->vec_width > 0 &&
	    p->gflops > DIAGNOSIS_ABOVE * roof_median(ceil)) {
		const struct chain_curve *w = widest_curve(a);
		const struct roof *wide = w ? roof_of_curve(a, w, p->threads, p->fma_only) : NULL;
		if (wide && wide != ceil) {
			snprintf(undersold, sizeof undersold, "%s", ceil->name);
			ceil = wide;
			cc = w;
		}
	}
	p->ceiling[0] = 0;
	p->ceiling_gflops = NAN;
	if (ceil) {
		snprintf(p->ceiling, sizeof p->ceiling, "%s", ceil->name);
		p->ceiling_gflops = roof_median(ceil);
	}

	/*
	 * At DRAM in a run whose sweep never reached it: no memory roof, and no
	 * cache's roof stands in; only a point at its compute ceiling is judged.
	 */
	int unreached = !mem && level == MEM_DRAM && map &&
			map->dram.state != DRAM_FOUND;
	if (unreached && !(p->gflops >= DIAGNOSIS_NEAR * p->ceiling_gflops)) {
		snprintf(p->roof, sizeof p->roof, "none");
		p->roof_gflops = p->fraction = NAN;
		snprintf(p->bound, sizeof p->bound, "unknown");
		p->bound_id = BOUND_UNKNOWN;
		p->reason = REASON_DRAM_NOT_REACHED;
		p->above_roof = 0;
		char b1[32];
		snprintf(p->diagnosis, sizeof p->diagnosis, "no memory roof: this run's sweep did not "
			 "reach DRAM (%.3g GB/s at its largest size, %s of working set, is only an upper "
			 "bound), so a point at DRAM cannot be judged", map->dram.end_rate,
			 format_bytes(map->dram.end_working_set, b1, sizeof b1));
		return;
	}

	/* The bound: whichever is lower. */
	p->above_roof = 0;
	if (isfinite(p->mem_gflops) && !(p->ceiling_gflops < p->mem_gflops)) {
		snprintf(p->roof, sizeof p->roof, "%s", p->mem_roof);
		p->roof_gflops = p->mem_gflops;
		p->bound_id = BOUND_MEMORY;
	} else if (isfinite(p->ceiling_gflops)) {
		snprintf(p->roof, sizeof p->roof, "%s", p->ceiling);
		p->roof_gflops = p->ceiling_gflops;
		p->bound_id = BOUND_COMPUTE;
	} else {
		snprintf(p->roof, sizeof p->roof, "none");
		p->roof_gflops = NAN;
		p->bound_id = BOUND_UNKNOWN;
	}
	/* points.csv's word for it, made from the enum. */
	snprintf(p->bound, sizeof p->bound, "%s", p->bound_id == BOUND_MEMORY ? "memory"
		 : p->bound_id == BOUND_COMPUTE ? "compute" : "unknown");
	p->fraction = p->gflops / p->roof_gflops;

	if (!isfinite(p->fraction)) {
		snprintf(p->diagnosis, sizeof p->diagnosis, "no roof to compare with in this run");
		return;
	}
	p->reason = REASON_NONE;
	if (p->fraction > DIAGNOSIS_ABOVE) {
		p->above_roof = 1;
		p->reason = REASON_ABOVE_COUNTS;
		/*
		 * A built-in kernel's counts are the registry's and checked; faster than
		 * the tool's own bandwidth kernels of its pattern, it shows the roof is
		 * low (a pattern runs faster with work between its accesses on some
		 * cores), not that its counts are wrong.
		 */
		if (p->bound_id == BOUND_MEMORY && p->builtin && mem && !sweep_used) {
			char par[40] = "";
			if (p->param && p->param_letter)
				snprintf(par, sizeof par, " %c=%ld", p->param_letter, p->param);
			else if (p->param)
				snprintf(par, sizeof par, " %ld", p->param);
			p->reason = REASON_ABOVE_LOW_ROOF;
			snprintf(p->diagnosis, sizeof p->diagnosis,
				 "above its roof: %.0f%% of %s x intensity; %s%s streamed %s %.0f %% faster "
				 "than the tool's own %s kernels: this roof is not the core's limit",
				 p->fraction * 100, p->roof, p->family, par, p->pattern,
				 (p->fraction - 1) * 100, p->pattern);
		} else if (p->bound_id == BOUND_MEMORY)
			snprintf(p->diagnosis, sizeof p->diagnosis,
				 "above its roof: %.0f%% of %s x intensity; no kernel beats its roof, so "
				 "its declared flops or bytes, or the level its working set runs from, are "
				 "wrong", p->fraction * 100, p->roof);
		else
			snprintf(p->diagnosis, sizeof p->diagnosis,
				 "above its roof: %.0f%% of the %s ceiling of its build as declared; its "
				 "declared flops are wrong, or it was built wider than its ISA or the "
				 "compiler's remarks say", p->fraction * 100, p->roof);
		return;
	}
	if (p->bound_id == BOUND_MEMORY)
		diagnose_memory(p, sweep_used);
	else
		diagnose_compute(a, p, cc, ceil);
	size_t len = strlen(p->diagnosis);
	if (undersold[0] && len < sizeof p->diagnosis)
		snprintf(p->diagnosis + len, sizeof p->diagnosis - len, "; it runs faster than the %s "
			 "ceiling its compiler remarks imply, so they undersell the build", undersold);
	len = strlen(p->diagnosis);
	if (no_chains && len < sizeof p->diagnosis)
		snprintf(p->diagnosis + len, sizeof p->diagnosis - len, "; this run has no %s FMA chains "
			 "at %d thread%s, so the peak stands in for its ceiling", cpu_isa_name(p->isa),
			 p->threads, p->threads == 1 ? "" : "s");
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
