/*
 * report_summary.c - report.md's first screen (see report_summary.h). Every
 * piece is bounded: two rows about the run, one row a level, one a family
 * up to REPORT_SUMMARY_FAMILIES, REPORT_SUMMARY_NOTES notes; so the screen
 * stays under REPORT_SUMMARY_LINES whatever the run (test_report checks).
 */
#include "report_summary.h"
#include "pointtext.h"

#include <math.h>
#include <string.h>

#include "analysis.h"
#include "figure.h"
#include "note_text.h"
#include "symptom_text.h"
#include "markdown.h"
#include "registry.h"
#include "report_stops.h"
#include "util.h"

/* The machine in one row: CPU, cores, caches, clock, ISA, compiler and flags, date. */
static void machine_row(FILE *fp, const struct rundata *run)
{
	const struct run_env *e = &run->info;
	char b1[32], b2[32], b3[32], clock[32] = "";
	if (isfinite(e->clock_ghz))
		snprintf(clock, sizeof clock, ", %.2f GHz", e->clock_ghz);
	fputs("| machine | ", fp);
	md_text(fp, rundata_or(e->cpu_model, "unknown CPU"));
	fputs(": ", fp);
	md_text(fp, rundata_or(e->cores, "?"));
	fputs(" cores; L1d ", fp);
	fprintf(fp, "%s, L2 %s, L3 %s%s; ", e->l1d_bytes > 0 ? format_bytes(e->l1d_bytes, b1, sizeof b1) : "?",
		e->l2_bytes > 0 ? format_bytes(e->l2_bytes, b2, sizeof b2) : "?",
		e->l3_bytes > 0 ? format_bytes(e->l3_bytes, b3, sizeof b3) : "none", clock);
	md_text(fp, rundata_or(e->isa, "?"));
	fputs("; ", fp);
	md_text(fp, rundata_or(e->cc, "?"));
	fputs(" ", fp);
	md_text(fp, e->cc_version);
	fputs(" ", fp);
	md_code(fp, e->kernel_cflags);
	fputs("; ", fp);
	md_text(fp, rundata_or(e->date_utc, "?"));
	fputs(" |\n", fp);
}

/*
 * One row of the roofs table: a roof of one core, its counterpart of all
 * cores, and the scaling, like with like (analysis_scaling_base: a level
 * that another store kind set at all cores scales from that pattern's
 * one-core roof, named).
 */
static void roof_row(FILE *fp, const struct analysis *a, const char *label, const struct roof *one,
		     const struct roof *all, int several)
{
	char v1[32], vn[32];
	fprintf(fp, "| %s | %s %s |", label, one ? md_rate(one->value, v1, sizeof v1) : "—",
		one ? roof_unit(one) : "");
	if (!several) {
		fputc('\n', fp);
		return;
	}
	const struct roof *base = all && one ? analysis_scaling_base(a, all, one->threads) : NULL;
	if (!all)
		fputs(" — | — |\n", fp);
	else if (!base || !(base->value > 0))
		fprintf(fp, " %s %s | — |\n", md_rate(all->value, vn, sizeof vn), roof_unit(all));
	else {
		fprintf(fp, " %s %s | %.2fx", md_rate(all->value, vn, sizeof vn), roof_unit(all),
			all->value / base->value);
		if (base->value != one->value) {
			fputs(" of ", fp);
			md_text(fp, base->name);
		}
		fputs(" |\n", fp);
	}
}

/* A DRAM the sweep did not reach: its row says so, with the most it can be. */
static void dram_missing_row(FILE *fp, const struct analysis *a, int first, int last, int several)
{
	const struct level_map *m1 = model_levels_of(a, first), *mn = model_levels_of(a, last);
	char v[32];
	fputs("| DRAM |", fp);
	if (m1 && m1->dram.state != DRAM_FOUND && m1->dram.end_rate > 0)
		fprintf(fp, " not reached (at most %s GB/s) |", md_rate(m1->dram.end_rate, v, sizeof v));
	else
		fputs(" — |", fp);
	if (!several) {
		fputc('\n', fp);
		return;
	}
	if (mn && mn->dram.state != DRAM_FOUND && mn->dram.end_rate > 0)
		fprintf(fp, " not reached (at most %s GB/s) | — |\n", md_rate(mn->dram.end_rate, v, sizeof v));
	else
		fputs(" — | — |\n", fp);
}

/* Each level's roof at one core and at all, then the peak and the FMA-only ceiling. */
static void roofs_table(FILE *fp, const struct analysis *a, int first, int last)
{
	int several = last != first;
	if (several)
		fprintf(fp, "| roof | one core | all cores (%d threads) | scaling |\n| --- | ---: | ---: | ---: |\n", last);
	else
		fputs("| roof | one core |\n| --- | ---: |\n", fp);
	int dram = 0;
	for (enum mem_level l = 0; l < MEM_LEVELS; l++) {
		struct roof_key k1 = roofkey_level(l, first), kn = roofkey_level(l, last);
		const struct roof *one = model_roof(a, &k1), *all = model_roof(a, &kn);
		if (!one && !all)
			continue;
		dram |= l == MEM_DRAM && one;
		roof_row(fp, a, levels_name(l), one, all, several);
	}
	if (!dram && model_levels_of(a, first))
		dram_missing_row(fp, a, first, last, several);
	static const struct { const char *label, *ceiling; enum roof_kind kind; } compute[] = {
		{ "peak", "peak", ROOF_COMPUTE }, { "FMA alone", "fma", ROOF_CEILING },
	};
	for (size_t i = 0; i < sizeof compute / sizeof compute[0]; i++) {
		struct roof_key k1 = roofkey_compute(compute[i].kind, compute[i].ceiling, first);
		struct roof_key kn = roofkey_compute(compute[i].kind, compute[i].ceiling, last);
		const struct roof *one = model_roof(a, &k1), *all = model_roof(a, &kn);
		if (one || all)
			roof_row(fp, a, compute[i].label, one, all, several);
	}
	fputc('\n', fp);
}

/* The ridge of each end's thread count: its own peak over its own DRAM. */
static void ridge_line(FILE *fp, const struct analysis *a, int first, int last)
{
	const struct roof *p1 = analysis_peak_of(a, first), *d1 = analysis_dram_of(a, first);
	const struct roof *pn = analysis_peak_of(a, last), *dn = analysis_dram_of(a, last);
	if (!p1 || !d1 || !(d1->value > 0)) {
		fputs("**Ridge:** none: the run lacks the peak or a bandwidth roof.\n\n", fp);
		return;
	}
	fprintf(fp, "**Ridge:** %.2f flop/byte on one core (%s / %s)", p1->value / d1->value, p1->name, d1->name);
	if (last != first && pn && dn && dn->value > 0)
		fprintf(fp, ", %.2f on %d threads", pn->value / dn->value, last);
	fputs(": a kernel of lower intensity is capped by memory, one of higher by the FMA peak.\n\n", fp);
}

/* One family's points: how they are bound, where they ran, their best and worst fraction. */
struct family {
	const char *name;
	const struct kernel *family_k;   /* point.family_k: what the points are grouped by */
	int memory, compute;
	char levels[48];
	unsigned levels_said;            /* 1 << enum mem_level: those in `levels` */
	const struct point *best, *worst;
};

static void family_add(struct family *f, const struct point *p)
{
	f->memory |= p->bound_id == BOUND_MEMORY;
	f->compute |= p->bound_id == BOUND_COMPUTE;
	enum mem_level at = p->level[0] ? p->level_id : MEM_LEVELS;
	if (at != MEM_LEVELS && !(f->levels_said >> at & 1)) {
		size_t used = strlen(f->levels);
		f->levels_said |= 1u << at;
		snprintf(f->levels + used, sizeof f->levels - used, "%s%s", used ? ", " : "", p->level);
	}
	if (!isfinite(p->fraction))
		return;
	if (!f->best || p->fraction > f->best->fraction)
		f->best = p;
	if (!f->worst || p->fraction < f->worst->fraction)
		f->worst = p;
}

/* "97 %, gemm_tiled n = 64 (2 threads)": a member and its fraction. */
static void member_cell(FILE *fp, const struct point *p)
{
	char pc[16], param[48];
	if (!p) {
		fputs(" — |", fp);
		return;
	}
	fprintf(fp, " %s, ", md_percent(p->fraction, pc, sizeof pc));
	md_text(fp, p->kernel);
	if (p->param)
		fprintf(fp, " %s", pointtext_param(p->param_letter, p->param, param, sizeof param));
	if (p->threads > 1)
		fprintf(fp, " (%d threads)", p->threads);
	fputs(" |", fp);
}

/* A point's family as the table names it: its family's, or its kernel's where it has none. */
static const char *family_name(const struct point *p)
{
	return p->family[0] ? p->family : p->kernel;
}

static void kernels_table(FILE *fp, const struct analysis *a)
{
	struct family fam[REPORT_SUMMARY_FAMILIES];
	size_t n = 0, more = 0;
	const struct point *extra[ANALYSIS_MAX_POINTS];
	if (!a->npoints) {
		fputs("No kernels placed: the run has no `kernels` group.\n\n", fp);
		return;
	}
	for (size_t i = 0; i < a->npoints; i++) {
		const struct point *p = &a->points[i];
		const char *name = family_name(p);
		size_t k;
		for (k = 0; k < n && !registry_same(fam[k].family_k, fam[k].name, p->family_k, name); k++)
			;
		if (k == n && n == REPORT_SUMMARY_FAMILIES) {
			size_t m;
			for (m = 0; m < more && !registry_same(extra[m]->family_k, family_name(extra[m]), p->family_k, name); m++)
				;
			if (m == more)
				extra[more++] = p;
			continue;
		}
		if (k == n)
			fam[n++] = (struct family){ .name = name, .family_k = p->family_k };
		family_add(&fam[k], p);
	}
	fputs("| kernels | bound | level | best of roof | worst of roof |\n| --- | --- | --- | --- | --- |\n", fp);
	for (size_t k = 0; k < n; k++) {
		fputs("|", fp);
		md_cell(fp, fam[k].name);
		fprintf(fp, " %s |", fam[k].memory && fam[k].compute ? "memory, compute"
				     : fam[k].memory ? "memory" : fam[k].compute ? "compute" : "—");
		md_cell(fp, fam[k].levels[0] ? fam[k].levels : "—");
		member_cell(fp, fam[k].best);
		member_cell(fp, fam[k].worst);
		fputc('\n', fp);
	}
	if (more)
		fprintf(fp, "\n%zu more famil%s in the kernels table below.\n", more, more == 1 ? "y" : "ies");
	fputc('\n', fp);
}

/*
 * The notes that change what a reader does, most pressing first: a group
 * the run lacks, failed checks (figures left out), a DRAM not reached
 * (measure again, larger), the guide's symptoms (the chart is wrong so), a
 * noisy run (read small differences with compare). At most
 * REPORT_SUMMARY_NOTES of them.
 */
static void action_notes(FILE *fp, const struct rundata *run, const struct analysis *a,
			 const struct symptoms *sy)
{
	char said[REPORT_SUMMARY_NOTES][700];
	size_t n = 0;
	int dram_said = 0;
	/* A group the run lacks: what the chart cannot say, and how to measure it. */
	if (!a->nsweep)
		snprintf(said[n++], sizeof said[0], "no `bandwidth` group in this run: no memory roofs, so "
			 "no kernel is judged by memory (`roofline measure --only bandwidth` measures them)");
	if (!isfinite(a->peak))
		snprintf(said[n++], sizeof said[0], "no `peak` group in this run: no FMA peak, no ceilings "
			 "and no ridge (`roofline measure --only peak` measures them)");
	if (run->nfailures && n < REPORT_SUMMARY_NOTES)
		snprintf(said[n++], sizeof said[0], "%zu job%s computed a wrong result and %s left out of every "
			 "figure (Failed checks, below)", run->nfailures, run->nfailures == 1 ? "" : "s",
			 run->nfailures == 1 ? "is" : "are");
	for (size_t i = 0; i < a->nlevels && n < REPORT_SUMMARY_NOTES; i++) {
		const struct dram_verdict *d = &a->levels[i].dram;
		if (d->state == DRAM_FOUND || d->reason == DRAM_NO_SWEEP)
			continue;
		levels_dram_text(d, a->levels[i].threads, said[n++], sizeof said[0]);
		dram_said = 1;
	}
	for (size_t i = 0; i < sy->n && n < REPORT_SUMMARY_NOTES; i++)
		if (!(dram_said && sy->which[i] == SYMPTOM_STREAM)) {
			char text[640];   /* a symptom as report.md's notes say it */
			snprintf(said[n++], sizeof said[0], "%s", symptom_text(sy, i, text, sizeof text));
		}
	if (a->nnoisy && n < REPORT_SUMMARY_NOTES)
		snprintf(said[n++], sizeof said[0], "%zu roof%s varied more than 10 %% from pass to pass "
			 "(widest: %s, %.0f %%): weigh small differences between runs with `roofline compare`, "
			 "which judges a move by its spread", a->nnoisy, a->nnoisy == 1 ? "" : "s",
			 a->noisiest.name, a->noisiest_rel * 100);
	if (!n) {
		fputs("**To act on:** nothing; the run has every group, no check failed, its sweeps reached "
		      "DRAM and no symptom of a wrong chart was found.\n\n", fp);
		return;
	}
	fputs("**To act on:**\n\n", fp);
	for (size_t i = 0; i < n; i++) {
		fputs("- ", fp);
		md_cell_text(fp, said[i]);
		fputc('\n', fp);
	}
	fputc('\n', fp);
}

void report_summary(FILE *fp, const struct rundata *run, const struct analysis *a,
		    const struct symptoms *sy)
{
	int counts[ANALYSIS_MAX_THREAD_COUNTS];
	size_t nc = figure_thread_counts(a, counts, ANALYSIS_MAX_THREAD_COUNTS);
	int first = nc ? counts[0] : 1, last = nc ? counts[nc - 1] : 1;
	/* Through the cell filter: a newline in env.csv's cpu_model must not end the heading. */
	fputs("# Roofline: ", fp);
	md_text(fp, rundata_or(run->info.cpu_model, "unknown CPU"));
	fputs("\n\n| | |\n| --- | --- |\n", fp);
	machine_row(fp, run);
	report_budget_row(fp, run, a);
	fputc('\n', fp);
	roofs_table(fp, a, first, last);
	ridge_line(fp, a, first, last);
	kernels_table(fp, a);
	action_notes(fp, run, a, sy);
}
