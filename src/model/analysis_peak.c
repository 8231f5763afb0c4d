/*
 * analysis_peak.c - the compute side of analysis_build: FMA-chain curves,
 * the peak and its ceilings, and the theoretical peak (see analysis_jobs.h).
 */
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis_jobs.h"
#include "analysis_peak.h"
#include "isa.h"
#include "diagnosis.h"
#include "fit.h"
#include "levels.h"
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

static int lanes_of(const struct kernel *k)
{
	/* From the registry, never the name: a kernel this build lacks counts one lane. */
	return k ? cpu_isa_lanes(k->isa) : 1;
}


static void fit_peak_of(struct analysis *a, struct jobs *js, int threads, int keep);

/* A peak kernel whose flops are not all FMAs: an FMA+add mix (kernel.h: flops_all_fma), or NULL. */
static const struct kernel *mix_of(const struct kernel *k)
{
	return k && k->kind == KERNEL_PEAK && !k->flops_all_fma ? k : NULL;
}

static int is_mix(const struct kernel *k)
{
	return mix_of(k) != NULL;
}

/* A kernel's member, typed: report_peak.c names it. */
static struct kernel_member member(const char *kernel, char letter, long param)
{
	struct kernel_member m = { .letter = letter, .param = param };
	snprintf(m.kernel, sizeof m.kernel, "%s", kernel ? kernel : "");
	return m;
}

/*
 * The FMA and add instructions an iteration of a mix job (a mix of no
 * stated ratio counts as 1:1, as the first ones were).
 */
static void mix_ops(const struct kernel *k, long param, int *fmas, int *adds)
{
	int f = k->mix_fmas, d = k->mix_adds;
	if (f <= 0 && d <= 0)
		f = d = 1;
	/* In double: a damaged run's param may be any long. */
	double pf = (double)f * (double)param, pd = (double)d * (double)param;
	*fmas = pf > 0 && pf < INT_MAX ? (int)pf : 0;
	*adds = pd > 0 && pd < INT_MAX ? (int)pd : 0;
}

/* Its chains, and their steps an iteration: the instructions over the steps (kernel_peak_steps). */
static void mix_chains(const struct kernel *k, long param, struct peak_info *pi)
{
	double fs, as;
	kernel_peak_steps(k, &fs, &as);
	mix_ops(k, param, &pi->set_fmas, &pi->set_adds);
	pi->set_fmas = (int)(pi->set_fmas / fs);
	pi->set_adds = (int)(pi->set_adds / as);
	pi->set_fma_steps = (int)fs;
	pi->set_add_steps = (int)as;
}

/*
 * The best mix job of `threads` threads on ISA `isa` (every ratio and
 * member: the peak is a supremum over them), or NULL; its best rate in *best.
 */
static struct job_rates *best_mix(struct jobs *js, int threads, enum isa isa, double *best)
{
	struct job_rates *top = NULL;
	*best = -INFINITY;
	for (size_t i = 0; i < js->n; i++) {
		struct job_rates *j = &js->v[i];
		const struct kernel *k = j->group == TGROUP_PEAK && j->threads == threads ? mix_of(j->k) : NULL;
		if (!k || k->isa != isa)
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
		if (is_mix(j->k))
			continue;
		/*
		 * A curve keeps the name and K it can look the job up by again: a
		 * name cut to fit, or a K cut to int, would find no job later.
		 */
		if (strlen(j->kernel) >= sizeof a->chains[0].kernel || j->param > INT_MAX) {
			struct roof_note n = { .kind = NOTE_PEAK_NAME_TOO_LONG, .param = j->param, .k = j->k };
			snprintf(n.kernel, sizeof n.kernel, "%s", j->kernel);
			analysis_roof_note(a, &n);
			continue;
		}
		size_t c;
		for (c = 0; c < a->nchains; c++)
			if (registry_same(a->chains[c].k, a->chains[c].kernel, j->k, j->kernel))
				break;
		if (c == a->nchains) {
			if (a->nchains >= ANALYSIS_MAX_ISAS)
				continue;
			struct chain_curve *cc = &a->chains[a->nchains++];
			memset(cc, 0, sizeof *cc);
			snprintf(cc->kernel, sizeof cc->kernel, "%s", j->kernel);
			/* The registry's ISA; a kernel it does not know, the one its name's suffix names. */
			cc->k = j->k;
			cc->isa = j->k ? j->k->isa : j->isa_named;
			cc->lanes = lanes_of(j->k);
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
		struct job_rates *j = analysis_job_of(js, TGROUP_PEAK, cc->k, cc->kernel, cc->chains[k], threads);
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

/*
 * A ceiling of one ISA: the best of its FMA chains and its mixes, so that
 * it is what code of that kind can reach (scalar code uses the add pipes
 * too: on a Zen 3 VM compiled scalar gemm ran at 1.07 of the scalar FMA
 * chains alone).
 */
static void ceiling_of_curve(struct analysis *a, struct jobs *js, const struct chain_curve *cc,
			     const char *name, int threads)
{
	struct roof *r = analysis_add_roof(a, name, threads, ROOF_CEILING);
	if (!r)
		return;
	double mix = NAN;
	struct job_rates *mix_job = best_mix(js, threads, cc->isa, &mix);
	if (mix_job && mix > cc->plateau)
		analysis_set_roof_from_job(r, mix_job, mix);
	else
		analysis_set_roof_from_job(r, analysis_job_of(js, TGROUP_PEAK, cc->k, cc->kernel, cc->best_chains, threads),
					   cc->plateau);
}

/* The peak (and its peak_info) and the ceilings under it, from the widest and scalar curves. */
static struct peak_info *peak_roofs(struct analysis *a, struct jobs *js, const struct chain_curve *widest,
				    const struct chain_curve *scalar, int threads, int keep)
{
	/*
	 * The peak is the best the widest ISA reached, FMA chains alone or any
	 * FMA+add mix; with a mix measured, the FMA-only plateau stays as the
	 * `fma` ceiling that kernels made only of FMAs are judged against.
	 */
	double mix = NAN;
	struct job_rates *mix_job = best_mix(js, threads, widest->isa, &mix);
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
			if (pi) {
				const struct kernel *k = mix_of(mix_job->k);
				pi->set_by = member(mix_job->kernel, k->param_letter, mix_job->param);
				mix_chains(k, mix_job->param, pi);
			}
		} else {
			analysis_set_roof_from_job(r, analysis_job_of(js, TGROUP_PEAK, widest->k, widest->kernel, widest->best_chains, threads),
					  widest->plateau);
			if (pi) {
				/* 'K' even where this build lacks the kernel: a chain curve's member is its chains. */
				pi->set_by = member(widest->kernel, 'K', widest->best_chains);
				pi->set_fmas = widest->best_chains;
			}
		}
		if (keep)
			a->peak = r->value;
		analysis_check_spread(a, r, r->median, "GFLOP/s");
	}
	if (mix_job && (r = analysis_add_roof(a, "fma", threads, ROOF_CEILING)))
		analysis_set_roof_from_job(r, analysis_job_of(js, TGROUP_PEAK, widest->k, widest->kernel, widest->best_chains, threads),
				  widest->plateau);
	if (scalar && scalar != widest)
		ceiling_of_curve(a, js, scalar, "scalar", threads);
	struct job_rates *one = analysis_job_of(js, TGROUP_PEAK, widest->k, widest->kernel, 1, threads);
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
		if (cc != widest && cc != scalar)
			ceiling_of_curve(a, js, cc, model_curve_isa_name(cc), threads);
	}
	one = scalar ? analysis_job_of(js, TGROUP_PEAK, scalar->k, scalar->kernel, 1, threads) : NULL;
	if (one && (r = analysis_add_roof(a, "one-chain-scalar", threads, ROOF_CEILING))) {
		struct job_summary s;
		analysis_summarize_job(one, &s);
		analysis_set_roof_from_job(r, one, s.best);
	}
	return pi;
}

/*
 * Each width's FP issue (struct peak_width), widest first: its FMA chains'
 * plateau and the mix that issued the most FP instructions a second, in
 * instructions a second a core (the clock turns them into a cycle's later).
 */
static void issue_widths(struct peak_info *pi, struct jobs *js, const struct analysis *a,
			 const struct chain_curve *widest, int threads)
{
	pi->nwidths = 0;
	for (int pass = 0; pass < 2; pass++) {
		for (size_t c = 0; c < a->nchains && pi->nwidths < ANALYSIS_MAX_ISAS; c++) {
			const struct chain_curve *cc = &a->chains[c];
			if ((pass == 0) != (cc == widest) || !(cc->lanes > 0))
				continue;
			struct peak_width *w = &pi->widths[pi->nwidths++];
			memset(w, 0, sizeof *w);
			w->isa = cc->isa;
			w->lanes = cc->lanes;
			w->fma_gips = cc->plateau / (2.0 * cc->lanes * threads);
			w->ops_gips = w->fma_op_gips = w->add_op_gips = NAN;
			w->ops_per_cycle = w->fmas_per_cycle = w->adds_per_cycle = w->flops_per_cycle = NAN;
			for (size_t i = 0; i < js->n; i++) {
				struct job_rates *j = &js->v[i];
				const struct kernel *k = j->group == TGROUP_PEAK && j->threads == threads
							 ? mix_of(j->k) : NULL;
				int fmas, adds;
				if (!k || k->isa != cc->isa)
					continue;
				mix_ops(k, j->param, &fmas, &adds);
				if (fmas + adds <= 0)
					continue;
				struct job_summary s;
				analysis_summarize_job(j, &s);
				/* Loop iterations a second a core: its FMAs and adds each issue once an iteration. */
				double iters = s.best / ((double)cc->lanes * (2.0 * fmas + adds) * threads);
				double ops = iters * (fmas + adds);
				if (!(ops > 0) || (isfinite(w->ops_gips) && !(ops > w->ops_gips)))
					continue;
				w->ops_gips = ops;
				w->fma_op_gips = iters * fmas;
				w->add_op_gips = iters * adds;
				double fs, as;   /* its chains: the instructions over their steps an iteration */
				kernel_peak_steps(k, &fs, &as);
				w->ops_fmas = (int)(fmas / fs);
				w->ops_adds = (int)(adds / as);
				w->ops_by = member(j->kernel, k->param_letter, j->param);
			}
		}
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
		if (cc->k && cc->k->isa == ISA_SCALAR)
			scalar = cc;
	}
	if (!widest)
		return;
	struct peak_info *pi = peak_roofs(a, js, widest, scalar, threads, keep);
	if (pi)
		issue_widths(pi, js, a, widest, threads);
}

/*
 * The theoretical peak of each thread count (struct peak_info). The pipes
 * and the issue are inferred once, from the smallest thread count (one
 * core, normally), and each count's chip figure uses its own clock,
 * measured with all its threads running (heavy vector code lowers it).
 */
#define PIPES_MAX 64.0

/* The most flops a cycle a lane from FMA and add pipes under an issue of `issue` FP instructions. */
static void best_issue(int fma_pipes, int add_pipes, int issue, int *fmas, int *adds)
{
	*fmas = fma_pipes < issue ? fma_pipes : issue;
	*adds = add_pipes < issue - *fmas ? add_pipes : issue - *fmas;
}

/*
 * A count a cycle from a rate and G cycles a second (in *out), and the
 * whole count it shows: chains bound by their latency can only understate
 * what the core issues, so a rate past n (by more than the noise, 5%) shows
 * at least n + 1; -1 when out of reach.
 */
#define ISSUE_NOISE 1.05
static int per_cycle(double gips, double ghz, double *out)
{
	*out = gips / ghz;
	if (!(*out >= 0) || !(*out <= PIPES_MAX))
		return -1;
	return (int)ceil(*out / ISSUE_NOISE);
}

/* Pipes and each width's issue from the first thread count's widths. */
static void infer_pipes(struct peak_info *p, double ghz, int *fma_pipes, int *add_pipes)
{
	double fmas;
	*fma_pipes = -1;
	*add_pipes = 0;
	if (p->nwidths == 0 || per_cycle(p->widths[0].fma_gips, ghz, &fmas) < 0)
		return;
	/* No core has more than a few pipes: a count beyond PIPES_MAX says the clock or the run is wrong. */
	*fma_pipes = (int)fmax(1, lround(fmas));
	for (size_t w = 0; w < p->nwidths; w++) {
		struct peak_width *pw = &p->widths[w];
		double ops, adds;
		int issued = per_cycle(pw->ops_gips, ghz, &ops), added = per_cycle(pw->add_op_gips, ghz, &adds);
		/* More FP instructions a cycle than FMA pipes: the adds ran on pipes of their own. */
		if (issued > *fma_pipes && added > *add_pipes)
			*add_pipes = added;
	}
}

void analysis_theoretical_peaks(struct analysis *a, const struct rundata *run)
{
	int fma_pipes = -1, add_pipes = -1;
	const struct peak_info *first = NULL;
	for (size_t i = 0; i < a->npeaks; i++) {
		struct peak_info *p = &a->peaks[i];
		p->clock_ghz = p->threads > 1 ? rundata_clock_ghz(run, p->threads, a->clock_ghz) : a->clock_ghz;
		p->fma_pipes = p->add_pipes = p->issue = -1;
		p->flops_per_cycle = p->theory = NAN;
		if (!(p->clock_ghz > 0) || !(p->fma > 0) || !(p->lanes > 0))
			continue;
		if (!first) {
			infer_pipes(p, a->clock_ghz, &fma_pipes, &add_pipes);
			if (fma_pipes < 0)
				continue;
			first = p;
		}
		p->fma_pipes = fma_pipes;
		p->add_pipes = add_pipes;
		/*
		 * Each width's issue from the first count's figures at its own
		 * clock: the most FP instructions a cycle its mixes or its FMA
		 * chains reached; no mix there: the pipes' sum.
		 */
		for (size_t w = 0; w < p->nwidths; w++) {
			struct peak_width *pw = &p->widths[w];
			const struct peak_width *fw = NULL;
			for (size_t v = 0; v < first->nwidths; v++)
				if (first->widths[v].isa == pw->isa)
					fw = &first->widths[v];
			double ops = NAN, fmas_only = NAN;
			int seen = fw ? per_cycle(fw->ops_gips, a->clock_ghz, &ops) : -1;
			(void)per_cycle(pw->ops_gips, p->clock_ghz, &pw->ops_per_cycle);
			(void)per_cycle(pw->fma_op_gips, p->clock_ghz, &pw->fmas_per_cycle);
			(void)per_cycle(pw->add_op_gips, p->clock_ghz, &pw->adds_per_cycle);
			int alone = fw ? per_cycle(fw->fma_gips, a->clock_ghz, &fmas_only) : -1;
			if (alone > seen)
				seen = alone;
			pw->issue = seen >= 0 ? seen : fma_pipes + add_pipes;
			if (pw->issue > fma_pipes + add_pipes)
				pw->issue = fma_pipes + add_pipes;
			best_issue(fma_pipes, add_pipes, pw->issue, &pw->theory_fmas, &pw->theory_adds);
			pw->flops_per_cycle = pw->lanes * (2.0 * pw->theory_fmas + pw->theory_adds);
		}
		const struct peak_width *wide = p->nwidths ? &p->widths[0] : NULL;
		p->issue = wide ? wide->issue : fma_pipes + add_pipes;
		p->issue_limited = p->issue < fma_pipes + add_pipes;
		best_issue(fma_pipes, add_pipes, p->issue, &p->theory_fmas, &p->theory_adds);
		p->flops_per_cycle = p->lanes * (2.0 * p->theory_fmas + p->theory_adds);
		p->theory = p->threads * p->clock_ghz * p->flops_per_cycle;
	}
}
