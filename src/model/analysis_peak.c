/*
 * analysis_peak.c - the compute side of analysis_build: FMA-chain curves,
 * the peak and its ceilings, and the theoretical peak (see analysis_int.h).
 */
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis_int.h"
#include "isa.h"
#include "diagnosis.h"
#include "fit.h"
#include "levels.h"
#include "registry.h"
#include "roofkey.h"
#include "stats.h"
#include "util.h"

static int cmp_int(const void *x, const void *y)
{
	int a = *(const int *)x, b = *(const int *)y;
	return (a > b) - (a < b);
}

static int lanes_of(const char *kernel)
{
	/* From the registry, never the name: a kernel this build lacks counts one lane. */
	const struct kernel *k = registry_find(kernel);
	return k ? cpu_isa_lanes(k->isa) : 1;
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
		analysis_summarize_job(j, &s);
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
void analysis_fit_peak(struct analysis *a, struct jobs *js, int threads, int keep)
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

/* The chain curves of `threads` threads: one per FMA-chain kernel, its K values. */
static void gather_chains(struct analysis *a, struct jobs *js, int threads)
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
			analysis_note(a, "peak kernel %.48s with %ld chains ignored: name or chain count too long",
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
}

/* A curve's rates per K, its plateau, where it gets there, latency and chains to saturate. */
static void curve_stats(struct analysis *a, struct jobs *js, struct chain_curve *cc, int threads)
{
	qsort(cc->chains, (size_t)cc->n, sizeof cc->chains[0], cmp_int);
	cc->plateau = -INFINITY;
	double one = NAN;
	for (int k = 0; k < cc->n; k++) {
		struct job_rates *j = analysis_job_of(js, TGROUP_PEAK, cc->kernel, cc->chains[k], threads);
		struct job_summary s;
		analysis_summarize_job(j, &s);
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
}

/* The peak (and its peak_info) and the ceilings under it, from the widest and scalar curves. */
static void peak_roofs(struct analysis *a, struct jobs *js, const struct chain_curve *widest,
		       const struct chain_curve *scalar, int threads, int keep)
{
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
	struct roof *r = analysis_add_roof(a, "peak", threads, ROOF_COMPUTE);
	if (r) {
		if (mix_job && mix > widest->plateau) {
			analysis_set_roof_from_job(r, mix_job, mix);
			if (pi)
				snprintf(pi->set_by, sizeof pi->set_by, "%s P=%ld", mix_job->kernel, mix_job->param);
		} else {
			analysis_set_roof_from_job(r, analysis_job_of(js, TGROUP_PEAK, widest->kernel, widest->best_chains, threads),
					  widest->plateau);
			if (pi)
				snprintf(pi->set_by, sizeof pi->set_by, "%s K=%d", widest->kernel,
					 widest->best_chains);
		}
		if (keep)
			a->peak = r->value;
		analysis_check_spread(a, r, r->median, "GFLOP/s");
	}
	if (mix_job && (r = analysis_add_roof(a, "fma", threads, ROOF_CEILING)))
		analysis_set_roof_from_job(r, analysis_job_of(js, TGROUP_PEAK, widest->kernel, widest->best_chains, threads),
				  widest->plateau);
	if (scalar && scalar != widest && (r = analysis_add_roof(a, "scalar", threads, ROOF_CEILING)))
		analysis_set_roof_from_job(r, analysis_job_of(js, TGROUP_PEAK, scalar->kernel, scalar->best_chains, threads),
				  scalar->plateau);
	struct job_rates *one = analysis_job_of(js, TGROUP_PEAK, widest->kernel, 1, threads);
	if (one && (r = analysis_add_roof(a, "one-chain", threads, ROOF_CEILING))) {
		struct job_summary s;
		analysis_summarize_job(one, &s);
		analysis_set_roof_from_job(r, one, s.best);
	}
	/*
	 * The SIMD ladder between them (avx2, sse2 under avx512), and one scalar
	 * chain: what a plain reduction the compiler may not reorder can reach.
	 */
	for (size_t c = 0; c < a->nchains; c++) {
		struct chain_curve *cc = &a->chains[c];
		if (cc == widest || cc == scalar || !(r = analysis_add_roof(a, cc->isa, threads, ROOF_CEILING)))
			continue;
		analysis_set_roof_from_job(r, analysis_job_of(js, TGROUP_PEAK, cc->kernel, cc->best_chains, threads), cc->plateau);
	}
	one = scalar ? analysis_job_of(js, TGROUP_PEAK, scalar->kernel, 1, threads) : NULL;
	if (one && (r = analysis_add_roof(a, "one-chain-scalar", threads, ROOF_CEILING))) {
		struct job_summary s;
		analysis_summarize_job(one, &s);
		analysis_set_roof_from_job(r, one, s.best);
	}
}

static void fit_peak_of(struct analysis *a, struct jobs *js, int threads, int keep)
{
	gather_chains(a, js, threads);
	struct chain_curve *widest = NULL, *scalar = NULL;
	for (size_t c = 0; c < a->nchains; c++) {
		struct chain_curve *cc = &a->chains[c];
		curve_stats(a, js, cc, threads);
		if (!widest || cc->lanes > widest->lanes)
			widest = cc;
		if (cc->lanes == 1 && strcmp(cc->isa, cpu_isa_name(ISA_SCALAR)) == 0)
			scalar = cc;
	}
	if (widest)
		peak_roofs(a, js, widest, scalar, threads, keep);
}

/*
 * The theoretical peak of each thread count (struct peak_info). The pipes
 * are inferred once, from the smallest thread count (one core, normally),
 * and each count's chip figure uses its own clock, measured with all its
 * threads running (heavy vector code lowers the clock).
 */
#define PIPES_MAX 64.0

void analysis_theoretical_peaks(struct analysis *a, const struct rundata *run)
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

