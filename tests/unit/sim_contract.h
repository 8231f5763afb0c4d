/*
 * sim_contract.h - the plan's contract (issue 40, item 3; docs/plan.md),
 * checked on one described machine: `measure --simulate` runs it, the fit
 * reads it back, and what was fitted is held against what the machine file
 * says is true. Shared by test_sim_machines.c (every file in data/machines/,
 * in `make test`) and tests/sim/check_sim.c (seeded random machines, `make
 * check-sim N=...`).
 *
 * The contract:
 *  - every pattern roof, the peak and the FMA ceilings recover the machine's
 *    rates (the best the tool's own kernels can reach there) within 5 %, 2 %
 *    without noise;
 *  - every fitted level has a true level of its name whose range holds its
 *    plateau, every true level (up to L3, the names the model has) and DRAM
 *    is found, and DRAM's plateau lies past every cache;
 *  - a fourth cache (an L4, a memory-side cache) has no name in the model
 *    (L1-L3, DRAM) and so no roof of its own, which the contract accepts;
 *    its plateau is never L3's nor DRAM's (the clause above). Where memory
 *    holds 4x it an array, DRAM is found past it and every DRAM job's
 *    arrays are 4x it (the true last-level cache); where it cannot, the
 *    next clause;
 *  - memory that cannot hold STREAM's rule on the true last-level cache
 *    (4x it an array, one core's or a team's instances, past the sweep's
 *    cap) is said: the run's cap binds (env.csv sweep_cap_binds, a team's
 *    sweep_cap_binds@Nt; the fit's DRAM verdict then says why,
 *    DRAM_CAP_SHORT_OF_RULE), and no DRAM roof comes from a cache;
 *  - every DRAM kernel and DRAM pattern roof's arrays obey STREAM's rule
 *    (each 4x the true last-level cache, all of it the job's threads use)
 *    unless the run says the cap bound and memory cannot hold that rule;
 *  - every pattern job runs inside the level it was planned for, or in a
 *    transition next to it: the fit never files one inside another level
 *    (a NOTE_JOB_OFF_TARGET judged where it ran: the plan and the fit
 *    disagree on the level map);
 *  - no built-in kernel sits above its roof (the fit's above_roof);
 *  - no noisy-roof note from a machine without noise;
 *  - the run took at most its budget and a tenth (one trial past a
 *    deadline), or it said, before its last count's passes, that it would
 *    end past its budget and when (env.csv's budget_said_end_s: its floor
 *    outlasted a count's share), and it ended by then and a tenth. Jobs cut
 *    or left out do not excuse an overrun the run did not say.
 */
#ifndef ROOFLINE_SIM_CONTRACT_H
#define ROOFLINE_SIM_CONTRACT_H

#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analysis.h"
#include "isa.h"
#include "levels.h"
#include "roof_text.h"
#include "machine_file.h"
#include "measure.h"
#include "quiet_measure.h"
#include "registry.h"
#include "roofkey.h"
#include "rundata.h"
#include "util.h"

/* One roof against the machine's truth, for the closing table. */
struct contract_row {
	char roof[32];
	double truth, fitted;
};

/* What a failure breaks (one line each; check_sim counts machines by it). */
enum contract_part {
	CONTRACT_RUN,      /* the run or its fit failed */
	CONTRACT_RATE,     /* a roof off the machine's rate */
	CONTRACT_LEVEL,    /* a level named wrong: its plateau in another true level, or a level the machine lacks */
	CONTRACT_MISSING,  /* a true level (to L3) or DRAM not found */
	CONTRACT_RULE,     /* a DRAM job short of STREAM's rule */
	CONTRACT_SHAPED,   /* a shaped kernel's DRAM arrays (a stencil's grids) short of it */
	CONTRACT_PLACED,   /* a pattern job run inside another fitted level than its plan's */
	CONTRACT_ABOVE,    /* a built-in kernel above its roof */
	CONTRACT_NOTE,     /* a note the machine did not put there */
	CONTRACT_BUDGET,   /* the run past its budget */
	CONTRACT_PARTS
};
static const char *const contract_part_names[CONTRACT_PARTS] = {
	"the run failed", "a roof off its rate", "a level named wrong (its plateau in another level)",
	"a level not found", "a DRAM job short of STREAM's rule",
	"a stencil's DRAM grids short of STREAM's rule", "a pattern job run inside another level than planned",
	"a built-in kernel above its roof", "a noise note without noise", "past the budget",
};

struct contract {
	int failures;
	int parts[CONTRACT_PARTS];    /* failures by what they break */
	char text[8192];              /* one line per failure */
	unsigned char line_part[128]; /* each line's part (enum contract_part), in order, as far as it holds */
	struct contract_row rows[96];
	int nrows;
	double seconds, budget;       /* the run's own clock, its budget */
};

static void contract_fail(struct contract *c, enum contract_part part, const char *fmt, ...) PRINTF_LIKE(3, 4);
static void contract_fail(struct contract *c, enum contract_part part, const char *fmt, ...)
{
	c->parts[part]++;
	if (c->failures < (int)sizeof c->line_part)
		c->line_part[c->failures] = (unsigned char)part;
	size_t len = strlen(c->text);
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(c->text + len, sizeof c->text - len, fmt, ap);
	va_end(ap);
	len = strlen(c->text);
	if (len + 1 < sizeof c->text) {
		c->text[len] = '\n';
		c->text[len + 1] = '\0';
	}
	c->failures++;
}

static const struct machine_level *contract_level(const struct machine_desc *d, enum mem_level l)
{
	for (int i = 0; i < d->nlevels; i++)
		if (strcmp(d->levels[i].name, levels_name(l)) == 0)
			return &d->levels[i];
	return NULL;
}

/* The level's rate of a pattern as the simulation gives it (its own line, "*", else the triad's). */
static double contract_gbs(const struct machine_level *l, struct access_pattern pattern, int threads)
{
	double v = machine_level_gbs(l, pattern, threads);
	return isfinite(v) ? v : machine_level_gbs(l, ACCESS_PATTERN_TRIAD, threads);
}

/*
 * The best one core reaches with the registry's chain and mix kernels of
 * ISA isa (fma_only: FMA chains only): the machine's rate as the tool can
 * see it, the same per-iteration counts sim.c times.
 */
static double contract_peak(const struct machine_desc *d, enum isa isa, int fma_only)
{
	double best = NAN;
	for (size_t i = 0; i < registry_count(); i++) {
		const struct kernel *k = registry_get(i);
		if (k->kind != KERNEL_PEAK || k->isa != isa || (fma_only && !k->flops_all_fma))
			continue;
		for (int p = 0; p < registry_nparams(k); p++) {
			double fma, add, fma_steps, add_steps;
			kernel_peak_ops(k, registry_param(k, p), cpu_isa_lanes(isa), &fma, &add);
			kernel_peak_steps(k, &fma_steps, &add_steps);
			double r = machine_peak_rate(d, isa, fma, add, fma_steps, add_steps);
			if (!(best >= r))
				best = r;
		}
	}
	return best;
}

static void contract_row_add(struct contract *c, const char *roof, double truth, double fitted, double tol)
{
	if (c->nrows < (int)(sizeof c->rows / sizeof c->rows[0])) {
		struct contract_row *r = &c->rows[c->nrows++];
		snprintf(r->roof, sizeof r->roof, "%s", roof);
		r->truth = truth;
		r->fitted = fitted;
	}
	if (!(fabs(fitted / truth - 1) <= tol))
		contract_fail(c, CONTRACT_RATE, "%s: fitted %.4g, true %.4g (%+.1f%%, tolerance %.0f%%)", roof, fitted, truth,
			      (fitted / truth - 1) * 100, tol * 100);
}

/* Every pattern roof and the compute roofs against the machine. */
static void contract_rates(struct contract *c, const struct machine_desc *d, const struct analysis *a, double tol)
{
	enum isa w = machine_widest_isa(d);
	for (size_t i = 0; i < a->nroofs; i++) {
		const struct roof *r = &a->roofs[i];
		int t = r->threads > 0 ? r->threads : 1;
		double share = t * (t > 1 ? d->clock_allcore_ghz / d->clock_ghz : 1.0), truth = NAN;
		if (r->key.kind == ROOF_PATTERN) {
			const struct machine_level *l = contract_level(d, r->key.level);
			if (!l) {
				contract_fail(c, CONTRACT_LEVEL, "%s: the machine has no level %s", r->name, levels_name(r->key.level));
				continue;
			}
			truth = contract_gbs(l, roofkey_access_pattern(&r->key), t);
		} else if (r->key.kind == ROOF_COMPUTE && roofkey_ceiling(&r->key) == CEIL_PEAK) {
			truth = contract_peak(d, w, 0) * share;
		} else if (roofkey_ceiling(&r->key) == CEIL_FMA) {
			truth = contract_peak(d, w, 1) * share;
		} else if (roofkey_ceiling(&r->key) == CEIL_SCALAR) {
			/* A ceiling is the best code of its width reaches: its FMA chains and its mixes. */
			truth = contract_peak(d, ISA_SCALAR, 0) * share;
		} else {
			continue;
		}
		contract_row_add(c, r->name, truth, r->value, tol);
	}
}

/* The true level index the simulation serves working set ws from at t threads (machine_level_of). */
static const char *contract_true_level(const struct machine_desc *d, double ws, int t)
{
	return d->levels[machine_level_of(d, ws, t)].name;
}

static double contract_capacity(const struct machine_level *l, int threads)
{
	return l->bytes * (l->shared ? 1 : threads);
}

/* Each fitted level named as the machine's, and each true level (to L3) and DRAM found. */
static void contract_names(struct contract *c, const struct machine_desc *d, const struct rundata *run,
			   const struct analysis *a)
{
	for (size_t m = 0; m < a->nlevels; m++) {
		int t = a->levels[m].threads > 0 ? a->levels[m].threads : 1, seen[MEM_LEVELS] = { 0 };
		for (size_t i = 0; i < a->nroofs; i++) {
			const struct roof *r = &a->roofs[i];
			if (r->key.kind != ROOF_BANDWIDTH || (r->threads > 0 ? r->threads : 1) != t || r->key.level >= MEM_LEVELS)
				continue;
			seen[r->key.level] = 1;
			const char *lo = contract_true_level(d, r->size_lo, t), *hi = contract_true_level(d, r->size_hi, t);
			if (strcmp(lo, levels_name(r->key.level)) != 0 || strcmp(hi, levels_name(r->key.level)) != 0)
				contract_fail(c, CONTRACT_LEVEL, "%s: its plateau (%.0f .. %.0f bytes) runs from %s .. %s", r->name,
					      r->size_lo, r->size_hi, lo, hi);
		}
		for (int l = 0; l < d->nlevels; l++) {
			enum mem_level id = levels_parse(d->levels[l].name);
			/*
			 * A cache that holds under 4x the one before it at this count (a shared L2
			 * under 8 cores' L1s) has no plateau: the model's blend leaves it none.
			 */
			if (l + 1 < d->nlevels && l > 0 && contract_capacity(&d->levels[l], t) <
			    4 * contract_capacity(&d->levels[l - 1], t))
				continue;
			/* A sweep the cap kept short of STREAM's rule says DRAM was not reached: it may not find it. */
			if (id == MEM_DRAM && rundata_cap_binds(run, t))
				continue;
			/* A fourth cache has no name, so no roof, in the model: accepted (the head of this file). */
			if (id < MEM_LEVELS && !seen[id])
				contract_fail(c, CONTRACT_MISSING, "%d thread%s: level %s not found", t, t == 1 ? "" : "s", d->levels[l].name);
		}
	}
}

/*
 * A thread count's DRAM jobs excused from the rule: its run says the cap
 * binds (sweep_cap_binds, @Nt for a team), and memory truly cannot hold the
 * rule on the true last-level cache in use (a plan's rule past the cap
 * where the true one fits under it excuses nothing).
 */
static int contract_cap_excuses(const struct rundata *run, const struct machine_level *llc, double cap, int t)
{
	return rundata_cap_binds(run, t) && !(cap > 0 && 4 * contract_capacity(llc, t) <= cap + 64.0 * t);
}

/* STREAM's rule on every DRAM kernel and DRAM pattern roof: each array 4x the true last-level cache in use. */
static void contract_stream_rule(struct contract *c, const struct machine_desc *d, const struct rundata *run,
				 const struct analysis *a)
{
	const struct machine_level *llc = d->nlevels > 1 ? &d->levels[d->nlevels - 2] : NULL;
	/*
	 * Memory that cannot hold the rule on the true last-level cache (one
	 * core's: env.csv's cap is one core's sweep's) is said (docs/plan.md R8,
	 * R9): the run's cap binds, its DRAM verdict says why, and no cache is
	 * called DRAM (contract_names).
	 */
	double cap = NAN;
	parse_double(rundata_or(rundata_env(run, "sweep_cap_bytes"), "nan"), &cap);
	if (llc && cap > 0 && 4 * llc->bytes > cap + 64.0 && run->info.sweep_cap_binds != 1)
		contract_fail(c, CONTRACT_RULE, "DRAM: memory cannot hold STREAM's rule (4x the true %s, %.0f bytes an "
			      "array, the sweep's cap %.0f) and the run did not say so", llc->name, 4 * llc->bytes, cap);
	if (!llc)
		return;
	for (size_t m = 0; m < a->nlevels; m++) {
		int t = a->levels[m].threads > 1 ? a->levels[m].threads : 1;
		if (t > 1 && cap > 0 && 4 * contract_capacity(llc, t) > cap + 64.0 * t && !rundata_cap_binds(run, t))
			contract_fail(c, CONTRACT_RULE, "DRAM@%dt: memory cannot hold STREAM's rule (4x the true %s in use, "
				      "%.0f bytes an array, the sweep's cap %.0f) and the run did not say so", t, llc->name,
				      4 * contract_capacity(llc, t), cap);
	}
	/* A team whose own rule (its instances of a per-core cache) its cap cannot hold says so (sweep_cap_binds@Nt). */
	for (size_t i = 0; i < a->npoints; i++) {
		const struct point *p = &a->points[i];
		if (contract_cap_excuses(run, llc, cap, p->threads > 0 ? p->threads : 1))
			continue;
		double rule = 4 * llc->bytes * (llc->shared ? 1 : (p->threads > 0 ? p->threads : 1));
		/*
		 * A shaped kernel whose size is its parameter (GEMM n = 1024) is where its
		 * size puts it, not a DRAM job; one shaped from the DRAM arrays it is offered
		 * (a stencil's grids) is one: its working set over its arrays.
		 */
		const struct kernel *k = registry_find(p->kernel);
		if (k && k->shape && k->nparams > 0)
			continue;
		double array = p->array_bytes > 0 ? p->array_bytes
			: k && k->arrays > 0 && p->working_set > 0 ? p->working_set / k->arrays : 0;
		/* Split between the threads in whole cache lines, an array may fall a line a thread short. */
		if (strcmp(p->level, "DRAM") == 0 && array > 0 && array + 64.0 * p->threads < rule)
			contract_fail(c, k && k->shape ? CONTRACT_SHAPED : CONTRACT_RULE,
				      "%s %ld@%dt at DRAM: arrays of %.0f bytes, STREAM's rule %.0f", p->kernel,
				      p->param, p->threads, array, rule);
	}
	for (size_t i = 0; i < a->nroofs; i++) {
		const struct roof *r = &a->roofs[i];
		const struct kernel *k = registry_find(r->job_kernel);
		int t = r->threads > 0 ? r->threads : 1;
		double rule = 4 * llc->bytes * (llc->shared ? 1 : t);
		if (contract_cap_excuses(run, llc, cap, t))
			continue;
		if (r->key.kind == ROOF_PATTERN && r->key.level == MEM_DRAM && k && k->arrays > 0 &&
		    r->size_lo / k->arrays + 64.0 * t < rule)
			contract_fail(c, CONTRACT_RULE, "%s: set by %s at %.0f bytes an array, STREAM's rule %.0f", r->name, k->name,
				      r->size_lo / k->arrays, rule);
	}
}

static void contract_points_notes(struct contract *c, const struct machine_desc *d, const struct analysis *a)
{
	for (size_t i = 0; i < a->nnotes; i++) {
		const struct roof_note *n = &a->roof_notes[i];
		if (n->kind == NOTE_JOB_OFF_TARGET && n->k && n->k->kind == KERNEL_BANDWIDTH && n->judged == JUDGED_WHERE_IT_RAN)
			contract_fail(c, CONTRACT_PLACED, "%s@%dt at %.0f bytes of working set, for %s: planned for %s, run in %s",
				      n->kernel, n->threads, n->ws_lo, n->roof, levels_name(n->planned), levels_name(n->fitted_lo));
	}
	for (size_t i = 0; i < a->npoints; i++)
		if (a->points[i].builtin && a->points[i].above_roof)
			contract_fail(c, CONTRACT_ABOVE, "%s %ld@%dt: above its roof %s (%.0f%%)", a->points[i].kernel, a->points[i].param,
				      a->points[i].threads, roof_text(a->points[i].roof), a->points[i].fraction * 100);
	if (d->spread == 0 && d->slow_fraction == 0 && a->nnoisy > 0)
		contract_fail(c, CONTRACT_NOTE, "%zu roofs said noisy on a machine without noise (%s)", a->nnoisy, a->noisiest.name);
}

/*
 * The budget's clause: a run of `seconds` on a budget of `budget` ends
 * within it and a tenth (one trial past a deadline), or past it only where
 * it said it would, before its last count's passes, and by when (`said`,
 * env.csv's budget_said_end_s; 0: never said), and then by that and a
 * tenth. A job cut or left out does not excuse an overrun the run did not
 * say.
 */
static void contract_budget(struct contract *c, double seconds, double budget, double said)
{
	if (seconds <= budget * 1.1 || (said > budget && seconds <= said * 1.1))
		return;
	if (said > budget)
		contract_fail(c, CONTRACT_BUDGET, "the run took %.1f s of a %.0f s budget, past the %.1f s it said it "
			      "would end by", seconds, budget, said);
	else
		contract_fail(c, CONTRACT_BUDGET, "the run took %.1f s of a %.0f s budget and never said it would end "
			      "past it", seconds, budget);
}

/*
 * Simulates machine file `path` with `seed` into the new directory `dir`,
 * fits it and checks the contract into c. Returns c->failures (-1: the run
 * itself failed).
 */
static int contract_check(const char *path, unsigned long seed, const char *dir, struct contract *c)
{
	struct machine_desc d;
	char err[512];
	memset(c, 0, sizeof *c);
	if (machine_file_load(path, &d, err, sizeof err) != 0) {
		contract_fail(c, CONTRACT_RUN, "%s", err);
		return -1;
	}
	struct measure_opts o;
	measure_defaults(&o, 0);
	o.simulate = path;
	o.seed = seed;
	o.out_dir = dir;
	/* The run's own lines (its progress, the directory) are not the check's. */
	int rc = measure_quietly(&o, NULL);
	if (rc != 0) {
		contract_fail(c, CONTRACT_RUN, "measure --simulate exited %d", rc);
		return -1;
	}
	struct rundata run;
	struct analysis *a = xcalloc(1, sizeof *a);
	if (rundata_load(dir, &run, err, sizeof err) != 0 || analysis_build(&run, a, err, sizeof err) != 0) {
		contract_fail(c, CONTRACT_RUN, "%s", err);
		free(a);
		return -1;
	}
	double tol = d.spread > 0 || d.slow_fraction > 0 ? 0.05 : 0.02;
	contract_rates(c, &d, a, tol);
	contract_names(c, &d, &run, a);
	contract_stream_rule(c, &d, &run, a);
	contract_points_notes(c, &d, a);
	parse_double(rundata_or(rundata_env(&run, "measure_seconds"), "nan"), &c->seconds);
	parse_double(rundata_or(rundata_env(&run, "budget_s"), "nan"), &c->budget);
	double said = 0;
	parse_double(rundata_or(rundata_env(&run, "budget_said_end_s"), "0"), &said);
	contract_budget(c, c->seconds, c->budget, said);
	free(a);
	rundata_free(&run);
	return c->failures;
}

#endif
