/*
 * report_kernels.c - the report's kernels section (see report_kernels.h):
 * each placed point's row, its verdict worded by pointtext.c, and the notes
 * on shaped kernels and the library GEMM under it.
 */
#include "report_kernels.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "analysis.h"
#include "isa.h"
#include "markdown.h"
#include "pointtext.h"
#include "registry.h"
#include "util.h"

/* The loop as written moves more than the ideal (ai_loop 0: not known, as from older code). */
static int loop_differs(const struct point *p)
{
	return isfinite(p->ai_loop) && p->ai_loop > 0 && fabs(p->ai_loop / p->ai - 1) > 1e-6;
}

/*
 * What the shaped kernels chose and ran on: both intensities, the tile and
 * where it came from, and the library GEMM judged against the ceiling of the
 * instruction set its kernel uses (env.csv blas_isa), not the widest one.
 */
static void shaped_notes(FILE *fp, const struct rundata *run, const struct analysis *a)
{
	int any = 0;
	for (size_t i = 0; i < a->npoints; i++)
		any |= loop_differs(&a->points[i]);
	if (any)
		fputs("*AI* is where a point is placed: the bytes the articles count, each array crossing "
		      "the bus once (a matrix product: 32n^2 bytes for 2n^3 flops, n/16). *(loop ...)* is "
		      "the intensity of the loop as written, reusing nothing beyond its registers and tiles "
		      "(i-j-k: 1/8); the distance between the two is what the caches must save.\n\n", fp);
	const char *tile = run->info.kernel_tile_source;
	if (*tile && any) {   /* env.csv's text: a name like any other */
		fputs("Tiled kernels block for ", fp);
		md_text(fp, tile);
		fputs(".", fp);
	}
	for (size_t i = 0; any && i < a->npoints; i++) {
		const struct point *p = &a->points[i];
		const struct kernel *k = p->k;
		char key[96];
		snprintf(key, sizeof key, "shape_%s_%ld", p->kernel, p->param);
		const char *why = k && k->shape ? rundata_env(run, key) : NULL;
		char span[48];
		if (why && strncmp(why, "tile ", 5) == 0)
		{
			fputs(" ", fp);
			md_code(fp, p->kernel);
			fprintf(fp, " %s: ", pointtext_param_span(k->param_letter, p->param, p->param, "",
								 span, sizeof span));
			md_cell_text(fp, why);
			fputs(".", fp);
		}
	}
	if (*tile && any)
		fputs("\n\n", fp);
	const char *isa = run->info.blas_isa, *core = run->info.blas_core;
	if (!*isa || !*core)
		return;
	/* The library's ISA against the run's widest, both as env.csv names them, typed. */
	int widest = run->info.blas_isa_id != ISA_COUNT && run->info.blas_isa_id == run->info.isa_widest;
	struct roof_key ck = roofkey_compute(widest ? ROOF_COMPUTE : ROOF_CEILING, widest ? "peak" : isa, 1);
	const struct roof *ceil = model_roof(a, &ck);
	fputs("OpenBLAS (", fp);
	md_text(fp, rundata_or(run->info.blas_config, "?"));
	fputs(") runs its ", fp);
	md_code(fp, core);
	fputs(" kernel (OPENBLAS_CORETYPE ", fp);
	md_text(fp, rundata_or(run->info.openblas_coretype, "unset"));
	fputs("), built for ", fp);
	md_text(fp, isa);
	const struct point *best = NULL;
	char roof[48];
	/* The library's kernel (the one whose metadata says it calls a library), largest member. */
	for (size_t i = 0; i < a->npoints; i++) {
		const struct kernel *k = a->points[i].k;
		if (k && k->library && (!best || a->points[i].param > best->param))
			best = &a->points[i];
	}
	/*
	 * One statistic per claim: the fraction the kernels table gives (the
	 * point's median over its ceiling's median, diagnosis.h), never a second
	 * one of the same point from its best timing.
	 */
	if (ceil && best && isfinite(best->fraction) && best->bound_id == BOUND_COMPUTE)
		fprintf(fp, ": at n = %ld it reaches %.1f GFLOP/s (median), %.0f %% of the %s ceiling's "
			"median (%.1f GFLOP/s), the one its kernel can reach%s.\n\n", best->param,
			best->gflops, 100 * best->fraction, roofkey_format(&best->roof, roof, sizeof roof), best->roof_gflops,
			ceil->kind != ROOF_COMPUTE ? "; the widest ISA's peak is out of its reach" : "");
	else if (ceil && best && isfinite(best->fraction))
		fprintf(fp, ": at n = %ld it reaches %.1f GFLOP/s (median), %.0f %% of its roof there, "
			"%s (%.1f GFLOP/s): memory-bound at that size.\n\n", best->param, best->gflops,
			100 * best->fraction, roofkey_format(&best->roof, roof, sizeof roof), best->roof_gflops);
	else
		fputs(": this run has no ceiling of that instruction set to judge it by.\n\n", fp);
}

void report_kernels_section(FILE *fp, const struct rundata *run, const struct analysis *a)
{
	char par[32], ai[32], med[32], best[32], rg[32], roof[48];
	fputs("## Kernels\n\n", fp);
	if (!a->npoints) {
		fputs("No `kernels` group in this run: nothing to place under the roof "
		      "(`roofline measure --only kernels` measures them).\n\n", fp);
		return;
	}
	fputs("GFLOP/s are medians (placed) and bests. *roof* is the lower of two: the memory "
	      "roof of the kernel's access pattern at its level (`<level>.<pattern>`, or the "
	      "sweep's `<level>` where the run has no roof for that pattern) x its intensity, and "
	      "the compute ceiling of how it was built (its ISA's for hand-written vector code; "
	      "for compiled code the compiler's verdict: the ISA of its vector width, or `scalar`). "
	      "*of roof* is the kernel's median / the roof's median: like with like, both medians "
	      "of kept timings of this run. *level* is the memory level its working set runs from "
	      "(the bandwidth plateau it falls in).\n\n", fp);
	int levels = 0;
	for (size_t i = 0; i < a->npoints && !levels; i++)
		for (size_t j = 0; j < i && !levels; j++)
			levels = model_same_kernel(&a->points[i], &a->points[j]) &&
				 a->points[i].param == a->points[j].param &&
				 a->points[i].threads == a->points[j].threads;
	if (levels)
		fputs("This run timed the kernels at several working sets (`measure --levels`): "
		      "one row per kernel, parameter and level, each under its own level's roof. "
		      "In the figure the other levels have open (L1) or tinted (L2) markers and "
		      "dotted or dashed lines; `kernels.png` shows the largest working set.\n\n", fp);
	fputs("| kernel | param | level | AI (flop/byte) | GFLOP/s median | best | roof (GFLOP/s) | of roof | bound | diagnosis |\n"
	      "| --- | --- | --- | ---: | ---: | ---: | --- | ---: | --- | --- |\n", fp);
	for (size_t i = 0; i < a->npoints; i++) {
		const struct point *p = &a->points[i];
		snprintf(ai, sizeof ai, "%.3g", p->ai);
		/* Both intensities where the loop as written moves more than the ideal. */
		if (loop_differs(p))
			snprintf(ai + strlen(ai), sizeof ai - strlen(ai), " (loop %.3g)", p->ai_loop);
		fputs("| ", fp);
		md_text(fp, p->kernel);
		if (p->threads > 1)
			fprintf(fp, " (%d threads)", p->threads);
		fprintf(fp, " | %s | %s | %s | %s | %s | ", pointtext_param(p->param_letter, p->param, par, sizeof par),
			p->level[0] ? p->level : "—", ai,
			md_rate(p->gflops, med, sizeof med), md_rate(p->best_gflops, best, sizeof best));
		md_text(fp, roofkey_format(&p->roof, roof, sizeof roof));
		fprintf(fp, " %s | ", md_rate(p->roof_gflops, rg, sizeof rg));
		char pc[16];
		fprintf(fp, "%s | %s | ", md_percent(p->fraction, pc, sizeof pc),
			point_bound_name(p->bound_id));
		char says[640];
		md_cell_text(fp, pointtext_diagnosis(p, says, sizeof says));
		fputs(" |\n", fp);
	}
	fputs("\n", fp);
	shaped_notes(fp, run, a);
}
