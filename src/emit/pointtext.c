/* pointtext.c - a point's verdict in words (see pointtext.h). */
#include "pointtext.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "diagnosis.h"
#include "isa.h"
#include "util.h"

/* "avx2 code by hand", "compiled, vectorised 8 wide", ...: how p was built. */
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

static void memory_text(const struct point *p, char *buf, size_t size)
{
	char why[96] = "", mem[48];
	roofkey_format(&p->mem_roof, mem, sizeof mem);
	double pct = p->fraction * 100;
	/* Which bandwidth judged it: its own pattern's, or the sweep's in its place. */
	if (p->why.sweep_stood_in)
		snprintf(why, sizeof why, " (the sweep's: no %s.%s roof in this run)", p->level,
			 p->pattern);
	if (p->reason == REASON_NEAR)
		snprintf(buf, size, "memory-bound, near its roof: %.0f%% of %s x intensity%s; only more "
			 "reuse or a faster level raises it", pct, mem, why);
	else if (p->reason == REASON_UNDER)
		snprintf(buf, size, "memory-bound at %.0f%% of %s x intensity%s: its accesses stream a "
			 "little less well than the roof's", pct, mem, why);
	else
		snprintf(buf, size, "memory-bound but far under its roof: %.0f%% of %s x intensity%s; "
			 "too few accesses in flight (a dependence between iterations, a stride)", pct,
			 mem, why);
}

static void compute_near_text(const struct point *p, const char *build, char *buf, size_t size)
{
	double pct = p->fraction * 100;
	char ceiling[48], peak[32], limit[32];
	roofkey_format(&p->ceiling, ceiling, sizeof ceiling);
	format_rate(p->why.peak_median, peak, sizeof peak);
	format_rate(p->why.vector_limit, limit, sizeof limit);
	switch (p->why.role) {
	case CEILING_PEAK:
		snprintf(buf, size, "compute-bound, near the FMA peak: %.0f%% of it (%s); the vector "
			 "units are full", pct, build);
		break;
	case CEILING_FMA:
		snprintf(buf, size, "compute-bound, near the FMA-only ceiling: %.0f%% of it (%s); its "
			 "flops are all FMAs, and only independent adds beside them (the FMA+add peak, "
			 "%s GFLOP/s) would go further", pct, build, peak);
		break;
	case CEILING_SCALAR:
		snprintf(buf, size, "compute-bound at %.0f%% of the scalar ceiling (%s): vectorised, its "
			 "intensity would allow up to %s GFLOP/s", pct, build, limit);
		break;
	case CEILING_WIDTH:
		snprintf(buf, size, "compute-bound at %.0f%% of the %s ceiling (%s): as fast as its "
			 "vector width goes; the widest vectors (peak %s GFLOP/s) would raise it", pct,
			 ceiling, build, peak);
		break;
	}
}

static void compute_text(const struct point *p, char *buf, size_t size)
{
	char build[64], of[64], ceiling[48], chain[32];
	double pct = p->fraction * 100;
	build_text(p, build, sizeof build);
	roofkey_format(&p->ceiling, ceiling, sizeof ceiling);
	snprintf(of, sizeof of, p->why.role == CEILING_PEAK ? "the %s" : "the %s ceiling", ceiling);
	if (p->reason == REASON_NEAR)
		compute_near_text(p, build, buf, size);
	else if (p->reason == REASON_LATENCY)
		snprintf(buf, size, "compute-bound at %.0f%% of %s (%s), at %d x the rate of one "
			 "dependent %s FMA chain (%s GFLOP/s): latency-bound, about %d chain%s in "
			 "flight where %.0f fill the units; interleave independent work", pct, of, build,
			 p->why.chains, cpu_isa_name(p->why.chain_isa), format_rate(p->why.one_chain, chain, sizeof chain),
			 p->why.chains,
			 p->why.chains == 1 ? "" : "s", p->why.chains_to_saturate);
	else
		snprintf(buf, size, "compute-bound at %.0f%% of %s (%s), not a whole number of "
			 "dependent chains: without hardware counters the instruction mix is the place "
			 "to look", pct, of, build);
}

static void above_text(const struct point *p, char *buf, size_t size)
{
	double pct = p->fraction * 100;
	char par[40] = "", roof[48];
	roofkey_format(&p->roof, roof, sizeof roof);
	if (p->reason == REASON_ABOVE_LOW_ROOF) {
		if (p->param && p->param_letter)
			snprintf(par, sizeof par, " %c=%ld", p->param_letter, p->param);
		else if (p->param)
			snprintf(par, sizeof par, " %ld", p->param);
		if (p->why.roof_spread > p->fraction)
			snprintf(buf, size, "above its roof: %.0f%% of %s x intensity; %s%s streamed %s %.0f %% "
				 "faster than the tool's own %s kernels in this run, but that roof's per-pass "
				 "medians varied %.0f %% (the host's swings): its timings may have missed the fast "
				 "spells this kernel caught; `make bench-pairs` times the two side by side", pct,
				 roof, p->family, par, p->pattern, pct - 100, p->pattern,
				 100 * (p->why.roof_spread - 1));
		else
			snprintf(buf, size, "above its roof: %.0f%% of %s x intensity; %s%s streamed %s %.0f %% "
				 "faster than the tool's own %s kernels: this roof is not the core's limit", pct,
				 roof, p->family, par, p->pattern, pct - 100, p->pattern);
	} else if (p->bound_id == BOUND_MEMORY)
		snprintf(buf, size, "above its roof: %.0f%% of %s x intensity; no kernel beats its "
			 "roof, so its declared flops or bytes, or the level its working set runs from, "
			 "are wrong", pct, roof);
	else
		snprintf(buf, size, "above its roof: %.0f%% of the %s ceiling of its build as "
			 "declared; its declared flops are wrong, or it was built wider than its ISA or "
			 "the compiler's remarks say", pct, roof);
}

const char *point_bound_name(enum point_bound b)
{
	return b == BOUND_MEMORY ? "memory" : b == BOUND_COMPUTE ? "compute" : "unknown";
}

/*
 * "; its working set, 24.1 MiB, is in the fall from L3 (to 17 MiB) to DRAM
 * (from 96 MiB) ...": where a point in a fall sits, and for a memory-bound
 * one which roof bounds it (docs/plan.md R6: the faster level's).
 */
static void fall_text(const struct point *p, char *buf, size_t size)
{
	char ws[32], from[32], to[32];
	const char *faster = levels_name(p->why.fall_faster), *slower = levels_name(p->why.fall_slower);
	size_t len = strlen(buf);
	if (!p->why.in_fall || len >= size)
		return;
	len += (size_t)snprintf(buf + len, size - len, "; its working set, %s, is in the fall from %s (to %s) "
				"to %s (from %s) and streams partly from each",
				format_bytes(p->working_set, ws, sizeof ws), faster,
				format_bytes(p->why.fall_from, from, sizeof from), slower,
				format_bytes(p->why.fall_to, to, sizeof to));
	if (p->bound_id != BOUND_MEMORY || p->reason == REASON_ABOVE_IN_FALL || len >= size)
		return;
	if (p->level_id == p->why.fall_faster)
		snprintf(buf + len, size - len, ": %s's roof, the faster, bounds it", faster);
	else
		snprintf(buf + len, size - len, ": judged at %s, where it was filed, though only %s's roof, the "
			 "faster, bounds it", slower, faster);
}

static const char *verdict_text(const struct point *p, char *buf, size_t size);

const char *pointtext_diagnosis(const struct point *p, char *buf, size_t size)
{
	if (!size)
		return buf;
	verdict_text(p, buf, size);
	fall_text(p, buf, size);
	return buf;
}

static const char *verdict_text(const struct point *p, char *buf, size_t size)
{
	char b1[32], roof[48], undersold[48], rate[32];
	roofkey_format(&p->roof, roof, sizeof roof);
	roofkey_format(&p->why.undersold, undersold, sizeof undersold);
	buf[0] = '\0';
	switch (p->reason) {
	case REASON_DRAM_NOT_REACHED:
		snprintf(buf, size, "no memory roof: this run's sweep did not reach DRAM (%s GB/s at "
			 "its largest size, %s of working set, is only an upper bound), so a point at "
			 "DRAM cannot be judged", format_rate(p->why.dram_end_rate, rate, sizeof rate),
			 format_bytes(p->why.dram_end_working_set, b1, sizeof b1));
		return buf;
	case REASON_NONE:
		snprintf(buf, size, "no roof to compare with in this run");
		return buf;
	case REASON_ABOVE_COUNTS:
	case REASON_ABOVE_LOW_ROOF:
		above_text(p, buf, size);
		return buf;
	case REASON_ABOVE_SHORT: {
		char b2[32];
		snprintf(buf, size, "above its roof, %.0f%% of %s x intensity, with arrays of %s each, short of "
			 "STREAM's rule (%s): a cache served part of them, so that roof, from arrays past the "
			 "rule, does not bound it; it says nothing of the roof or its counts", p->fraction * 100,
			 roof, format_bytes(p->array_bytes, b1, sizeof b1),
			 format_bytes(p->why.rule_bytes, b2, sizeof b2));
		return buf;
	}
	case REASON_ABOVE_IN_FALL: {
		char faster[48];
		snprintf(buf, size, "over %s x intensity (%.0f%%), which does not bound it: %s, the faster "
			 "level's, does, and it runs at %.0f%% of that", roof, p->fraction * 100,
			 roofkey_format(&p->why.fall_roof, faster, sizeof faster),
			 100 * p->gflops / p->why.fall_roof_gflops);
		return buf;
	}
	default:
		break;
	}
	if (p->bound_id == BOUND_MEMORY)
		memory_text(p, buf, size);
	else
		compute_text(p, buf, size);
	size_t len = strlen(buf);
	if (!roofkey_is_none(&p->why.undersold) && len < size)
		snprintf(buf + len, size - len, "; it runs faster than the %s ceiling its compiler "
			 "remarks imply, so they undersell the build", undersold);
	len = strlen(buf);
	if (isfinite(p->why.roof_best) && len < size)
		snprintf(buf + len, size - len, "; over %s's median by more than %.0f %% but not its best "
			 "timing (%s GFLOP/s at this intensity): within the roof's own spread, not above it",
			 roof, 100 * (DIAGNOSIS_ABOVE - 1), format_rate(p->why.roof_best, rate, sizeof rate));
	len = strlen(buf);
	if (p->why.no_chains && len < size)
		snprintf(buf + len, size - len, "; this run has no %s FMA chains at %d thread%s, so the "
			 "peak stands in for its ceiling", cpu_isa_name(p->isa), p->threads,
			 p->threads == 1 ? "" : "s");
	return buf;
}

const char *pointtext_param_span(char letter, long lo, long hi, const char *to, char *buf,
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

const char *pointtext_param(char letter, long param, char *buf, size_t size)
{
	if (param == 0)
		snprintf(buf, size, "—");
	else if (letter)
		pointtext_param_span(letter, param, param, "", buf, size);
	else
		snprintf(buf, size, "%ld", param);
	return buf;
}
