/*
 * compare_write.c - writes what compare.c decided: compare.md, compare.csv
 * and --check's line (see compare_write.h).
 */
#include "compare_write.h"
#include "pointtext.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare_machines_text.h"
#include "levels.h"
#include "markdown.h"
#include "ratio.h"
#include "report.h"
#include "roofkey.h"
#include "util.h"

/* A point's parameter ("n = 16", or "") and where it ran ("L1", "L1, 2 threads"): the one-line lists' words. */
static void point_label(const struct point *p, char *param, size_t nparam, char *where, size_t nwhere)
{
	param[0] = 0;
	if (p->param_letter || p->param)
		pointtext_param(p->param_letter, p->param, param, nparam);
	if (p->threads > 1)
		snprintf(where, nwhere, "%s, %d threads", p->level[0] ? p->level : "?", p->threads);
	else
		snprintf(where, nwhere, "%s", p->level[0] ? p->level : "?");
}

/* "; 2 unsettled, not judged: gemm_ijk n = 16 (L1), ...": the moves a run's trials could not settle. */
static void unsettled_names(const struct compare *c, char *buf, size_t size)
{
	size_t at = (size_t)snprintf(buf, size, "; %d unsettled, not judged:", c->points_unsettled);
	int k = 0;
	for (size_t i = 0; i < c->nrows && at < size; i++) {
		const struct compare_row *r = &c->rows[i];
		if (r->is_roof || !r->unsettled)
			continue;
		const struct point *p = r->pa;
		char param[32], where[40];
		point_label(p, param, sizeof param, where, sizeof where);
		at += (size_t)snprintf(buf + at, size - at, "%s %s%s%s (%s) \u00d7%.2f", k++ ? "," : "", p->kernel,
				       param[0] ? " " : "", param, where, r->rel);
	}
}

int compare_check_line(const struct compare *c, unsigned mask, char *buf, size_t size)
{
	const char *dirs = mask == (COMPARE_CHECK_SLOWER | COMPARE_CHECK_FASTER) ? "slower or faster"
			   : mask & COMPARE_CHECK_FASTER ? "faster" : "slower";
	int n = 0;
	char list[1024] = "";
	size_t at = 0;
	for (size_t i = 0; i < c->nrows; i++) {
		const struct compare_row *r = &c->rows[i];
		int hit = !r->is_roof && ((r->moved == COMPARE_SLOWER && (mask & COMPARE_CHECK_SLOWER)) ||
					  (r->moved == COMPARE_FASTER && (mask & COMPARE_CHECK_FASTER)));
		if (!hit)
			continue;
		n++;
		const struct point *p = r->pa;
		char param[32], where[40];
		point_label(p, param, sizeof param, where, sizeof where);
		if (at < sizeof list)
			at += (size_t)snprintf(list + at, sizeof list - at, "%s%s%s%s (%s) %s \u00d7%.2f",
					       n > 1 ? ", " : "", p->kernel, param[0] ? " " : "", param, where,
					       compare_move_name(r->moved), r->rel_tested ? r->rel : r->ratio);
	}
	int w;
	if (n)
		w = snprintf(buf, size, "%d point%s moved %s against %s roof%s: %s", n, n == 1 ? "" : "s", dirs,
			     n == 1 ? "its" : "their", n == 1 ? "" : "s", list);
	else
		w = snprintf(buf, size, "no point moved %s against its roof (%d compared)", dirs, c->points_compared);
	if (c->points_unsettled && w > 0 && (size_t)w < size)
		unsettled_names(c, buf + w, size - (size_t)w);
	return n;
}


/* One env.csv value of both runs, "?" where a run did not record it. */
static void env_row(FILE *fp, const char *label, const char *a, const char *b)
{
	fprintf(fp, "| %s |", label);
	md_cell(fp, rundata_or(a, "?"));
	md_cell(fp, rundata_or(b, "?"));
	fputs("\n", fp);
}

/* The memory level a roof belongs to (its key's): "" for a compute roof. */
static void roof_level(const struct roof *r, char *buf, size_t size)
{
	int has_level = (r->kind == ROOF_BANDWIDTH || r->kind == ROOF_PATTERN) && r->key.level < MEM_LEVELS;
	snprintf(buf, size, "%s", has_level ? levels_name(r->key.level) : "");
}

/* The row's param: a point's, or the chain count / size of the job that set a roof; "" for a plateau. */
static void row_param(const struct compare_row *row, char *buf, size_t size)
{
	const struct roof *r = row->ra ? row->ra : row->rb;
	const struct point *p = row->pa ? row->pa : row->pb;
	buf[0] = 0;
	if (p)
		snprintf(buf, size, "%ld", p->param);
	else if (r && r->job_kernel[0])
		snprintf(buf, size, "%ld", r->job_param);
}

static void row_level(const struct compare_row *row, char *buf, size_t size)
{
	const struct point *p = row->pa ? row->pa : row->pb;
	if (p)
		snprintf(buf, size, "%s", p->level);
	else
		roof_level(row->ra ? row->ra : row->rb, buf, size);
}

/* A roof that moved while only the build changed: the tool's defect (compare_machines.build_only). */
static int compiler_dependent(const struct compare *c, const struct compare_row *r)
{
	return c->machines.build_only && r->is_roof && r->tested && r->moved != COMPARE_SAME;
}

/*
 * "| ratio | [lo, hi] | verdict |" for a roof present in both runs, or its
 * absence; a move that only the build explains says so (compiler: 1).
 */
static void verdict_cells(FILE *fp, const struct compare_row *r, int compiler)
{
	if (!(r->is_roof ? r->ra && r->rb : r->pa && r->pb)) {
		fprintf(fp, " — | — | only in %s |\n", (r->is_roof ? r->ra != NULL : r->pa != NULL) ? "A" : "B");
		return;
	}
	if (!r->tested) {
		fputs(" — | — | not compared: no timings in common (a plateau at other sizes in each run) |\n", fp);
		return;
	}
	fprintf(fp, " %.3f | %.3f–%.3f | %s%s |\n", r->ratio, r->lo, r->hi,
		r->moved == COMPARE_FASTER ? "**faster**" : r->moved == COMPARE_SLOWER ? "**slower**" : "",
		compiler ? ", compiler-dependent (the tool's defect)" : "");
}

static void value_cells(FILE *fp, const struct compare_row *r, double va, double vb, int compiler)
{
	char x[32], y[32];
	fprintf(fp, " %s | %s |", md_rate(va, x, sizeof x), md_rate(vb, y, sizeof y));
	verdict_cells(fp, r, compiler);
}

static void roof_row(FILE *fp, const struct compare *c, const struct compare_row *r)
{
	const struct roof *x = r->ra ? r->ra : r->rb;
	fputs("| ", fp);
	md_text(fp, r->name);
	fprintf(fp, " (%s) |", roof_unit(x));
	value_cells(fp, r, r->tested ? r->a : r->ra ? r->ra->median : NAN,
		    r->tested ? r->b : r->rb ? r->rb->median : NAN, compiler_dependent(c, r));
}

/* " 61 % |" or " — |": a fraction of a roof. */
static void fraction_cell(FILE *fp, double f)
{
	char pct[32];
	md_cell(fp, md_percent(f, pct, sizeof pct));
}

/*
 * The roof a point was judged against: "DRAM.1r1w", "fma → avx2" where the
 * runs had none in common, and what the model chose in each run where that
 * differs from it.
 */
static void judged_roofs_cell(FILE *fp, const struct compare_row *r)
{
	const char *a = r->roof_a ? r->roof_a->name : "—", *b = r->roof_b ? r->roof_b->name : "—";
	const char *ma = r->model_a ? r->model_a->name : "—", *mb = r->model_b ? r->model_b->name : "—";
	char text[160];
	size_t n;
	if (r->roof_a == r->roof_b || (r->roof_a && r->roof_b && roofkey_equal(&r->roof_a->key, &r->roof_b->key)))
		n = (size_t)snprintf(text, sizeof text, "%s", a);
	else
		n = (size_t)snprintf(text, sizeof text, "%s \u2192 %s", a, b);
	/* The model's own roofs, where the one judged against in a run is not its model's (same run: same pointer). */
	if ((r->model_a != r->roof_a || r->model_b != r->roof_b) && n < sizeof text)
		snprintf(text + n, sizeof text - n, " (the model's: %s in A, %s in B)", ma, mb);
	md_cell(fp, text);
}

static void point_row(FILE *fp, const struct compare_row *r)
{
	const struct point *p = r->pa ? r->pa : r->pb;
	char param[32], x[32], y[32];
	pointtext_param(p->param_letter, p->param, param, sizeof param);
	fputs("| ", fp);
	md_text(fp, p->kernel);
	if (p->threads > 1)
		fprintf(fp, " (%d threads)", p->threads);
	fputs(" |", fp);
	md_cell(fp, param);
	md_cell(fp, p->level[0] ? p->level : "—");
	if (!(r->pa && r->pb)) {
		fprintf(fp, " — | — | — | — | — | %s | %s | — | only in %s |\n",
			md_rate(r->pa ? r->pa->gflops : NAN, x, sizeof x), md_rate(r->pb ? r->pb->gflops : NAN, y, sizeof y),
			r->pa ? "A" : "B");
		return;
	}
	judged_roofs_cell(fp, r);
	fraction_cell(fp, r->fraction_a);
	fraction_cell(fp, r->fraction_b);
	if (r->rel_tested)
		fprintf(fp, " %.3f | %.3f–%.3f |", r->rel, r->rel_lo, r->rel_hi);
	else
		fputs(" — | — |", fp);
	fprintf(fp, " %s | %s |", md_rate(r->tested ? r->a : r->pa->gflops, x, sizeof x),
		md_rate(r->tested ? r->b : r->pb->gflops, y, sizeof y));
	if (r->tested)
		fprintf(fp, " %.3f |", r->ratio);
	else
		fputs(" — |", fp);
	const char *v = r->moved == COMPARE_FASTER ? "**faster**" : r->moved == COMPARE_SLOWER ? "**slower**" : "";
	if (!r->tested)
		v = "not compared: no kept timings in one run";
	else if (!r->rel_tested)
		v = !r->roof_a && !r->roof_b ? "not judged: no roof in either run"
		    : !r->roof_a            ? "not judged: no roof in A"
		    : !r->roof_b            ? "not judged: no roof in B"
					    : "not judged: no fraction of its roof in one run";
	char why[96];
	if (r->tested && r->level_differs) {
		char wa[24], wb[24];
		compare_cache_text(r->pa->working_set, wa, sizeof wa);
		compare_cache_text(r->pb->working_set, wb, sizeof wb);
		snprintf(why, sizeof why, "not judged: timed at %s on A, %s on B (another level)", wa, wb);
		v = why;
	} else if (r->tested && r->shape_differs) {
		snprintf(why, sizeof why, "not judged: tile %d on A, %d on B", r->tile_a, r->tile_b);
		v = why;
	} else if (r->tested && r->unsettled) {
		v = r->fast_agree ? "unsettled: its fast trials agree" : "unsettled: its trials span the move";
	}
	fprintf(fp, " %s |\n", v);
}

/* The indexes of run's remark files with kernels the run used, into keep; returns how many. */
static size_t used_only(const struct rundata *run, const struct analysis *a, size_t *keep)
{
	size_t k = 0;
	for (size_t i = 0; i < run->remark_files.n; i++)
		if (report_kernel_file_used(run, a, run->remark_files.kernels[i], run->remark_files.names[i]))
			keep[k++] = i;
	return k;
}

/* Kernel files whose remarks either run kept, each with both verdicts. */
static void remarks_section(FILE *fp, const struct rundata *ra, const struct analysis *aa,
			    const struct rundata *rb, const struct analysis *ab)
{
	const struct remark_files *fa = &ra->remark_files, *fb = &rb->remark_files;
	size_t *ka = xmalloc((fa->n ? fa->n : 1) * sizeof *ka), *kb = xmalloc((fb->n ? fb->n : 1) * sizeof *kb);
	size_t ca = used_only(ra, aa, ka), cb = used_only(rb, ab, kb);
	if (!ca && !cb)
		goto done;
	fputs("## Vectorisation verdicts\n\n| kernel file | A | B | |\n| --- | --- | --- | --- |\n", fp);
	size_t i = 0, j = 0;
	while (i < ca || j < cb) {
		int c = i >= ca ? 1 : j >= cb ? -1 : strcmp(fa->names[ka[i]], fb->names[kb[j]]);
		const char *name = c <= 0 ? fa->names[ka[i]] : fb->names[kb[j]];
		char va[240] = "—", vb[240] = "—";
		if (c <= 0) {
			const char *t = fa->texts[ka[i]];
			report_vec_verdict(t ? t : "", rundata_or(ra->info.cc, "?"), fa->kernels[ka[i]], va, sizeof va);
		}
		if (c >= 0) {
			const char *t = fb->texts[kb[j]];
			report_vec_verdict(t ? t : "", rundata_or(rb->info.cc, "?"), fb->kernels[kb[j]], vb, sizeof vb);
		}
		char *file = xasprintf("%s.c", name);
		fputs("|", fp);
		md_cell(fp, file);
		free(file);
		md_cell(fp, va);
		md_cell(fp, vb);
		fprintf(fp, " %s |\n", c == 0 && strcmp(va, vb) != 0 ? "**changed**" : "");
		if (c <= 0)
			i++;
		if (c >= 0)
			j++;
	}
	fputs("\n", fp);
done:
	free(ka);
	free(kb);
}

/* How points and roofs were judged, with the numbers. */
static void method(FILE *fp, const struct compare *c)
{
	fprintf(fp, "A kernel is judged against its own roof: in each run its fraction of the roof the "
		"model judged it against (its access pattern's bandwidth at its level, or the compute "
		"ceiling of its build; the same roof in both runs where both have it, so that code one "
		"compiler vectorised and the other did not still shows its move), and the relative move "
		"is B's fraction over A's. A machine "
		"that is slower everywhere, or another machine, moves no kernel: only what the code makes "
		"of the machine it runs on. Each fraction pairs the kernel's kept timings (warm-ups left "
		"out) with its roof's timings of the same round-robin trial, so the machine's slow moments, "
		"which hit both, cancel (a plateau roof: the mean of its three best sizes in that trial); "
		"where the trials do not line up the two are taken unpaired. Beside the relative move is its "
		"%.0f %% interval, the wider of two: a bootstrap (%d resamples, each drawing whole passes and "
		"then trials within them; fixed seed: the same runs give the same interval) and Student's t "
		"over each pass's fraction, the two runs' pass-to-pass variances pooled, since two runs of one "
		"build differ as their passes do (the clock, the other load, where the pages landed) more "
		"than as their trials do; and the raw B/A of the medians.\n\n", 100 * RATIO_LEVEL, RATIO_REPS);
	fprintf(fp, "A kernel is marked **faster** or **slower** only when its relative interval excludes "
		"1 (a difference the runs' own noise does not explain), it moved by more than %.0f %% "
		"(|ln| > %.3f: a move that small comes and goes between two runs of one build; docs/compare.md "
		"has the A/A pairs behind it), *and* its trials settle it: a move "
		"where each run's median fraction lies within the other run's 10th to 90th percentile of "
		"per-trial fractions (give or take that %.0f %%) is **unsettled**, not judged (a kernel whose speed swings between states, trial by trial, with the machine's "
		"condition moves its median with their mix; a move of the code shifts every trial), and so is one "
		"whose fastest trials (each run's 90th percentile of the kernel's rates over its roof's, with its own "
		"bootstrap interval) did not move: interference only slows, and a change of the code moves the "
		"fastest trials too. A kernel whose "
		"roof one run lacks is not judged: its raw ratio holds the machine's move; nor is one "
		"whose plan chose another tile in each run (gemm_tiled's, from each run's pre-scan), nor, on one "
		"kind of machine, one whose plan timed it from another level (at a size one run's levels put "
		"elsewhere). Each fraction is of **medians**: the median of the per-trial quotients, kernel over roof; "
		"the fastest trials only settle whether a move is the code's.\n\n",
		100 * (exp(JUDGE_PRACTICAL_MOVE) - 1), JUDGE_PRACTICAL_MOVE, 100 * (exp(JUDGE_PRACTICAL_MOVE) - 1));
	fputs("A roof's B/A is the machine's move. A roof is marked moved when it moved against the other "
	      "roofs: its interval excludes 1 and its ratio lies beyond ", fp);
	if (isfinite(c->drift))
		fprintf(fp, "%.1f x the move that %.0f %% of the other roofs stay within (|ln B/A| %.3f here; the "
			"roof that moved most, %s, at B/A %.3f)", COMPARE_DRIFT_FACTOR, 100 * COMPARE_DRIFT_QUANTILE,
			c->drift, c->drift_roof, c->drift_ratio);
	else
		fputs("the floor alone (no roof was timed in both runs)", fp);
	fprintf(fp, ", and at least %.0f %%: one level of the machine, or one roof's own code, changed "
		"between the runs.\n\n", 100 * COMPARE_MIN_MOVE);
}

/*
 * The roofs that moved when only the compiler, its version or the flags
 * changed: named as the tool's defect (a roof is the machine's, and must
 * not move with the compiler), never as a move of the machine.
 */
static void compiler_roofs(FILE *fp, const struct compare *c)
{
	int n = 0;
	for (size_t i = 0; i < c->nrows; i++) {
		const struct compare_row *r = &c->rows[i];
		if (!compiler_dependent(c, r))
			continue;
		fputs(n ? ", " : "**Compiler-dependent roofs** (the tool's defect, not a move of the machine): ", fp);
		md_text(fp, r->name);
		fprintf(fp, " \u00d7%.2f", r->ratio);
		n++;
	}
	if (!n)
		return;
	char build[400];
	fputs(". Only the build changed (", fp);
	md_text(fp, compare_machines_build(&c->machines, build, sizeof build));
	fprintf(fp, "), and a roof is the machine's: it must not move with the compiler. %s measured through code "
		"the compiler shapes, and the kernels judged against %s are judged against the build, not the machine "
		"(unless the machine's conditions changed between the runs, other load or its host: run the pair again "
		"to tell).\n\n", n == 1 ? "This roof was" : "These roofs were", n == 1 ? "it" : "them");
}

/*
 * "the machine: L1 0.97, L2 1.00, DRAM 0.92, peak 1.00": the one-thread
 * plateaus and peak, B/A (the runs' drift where only the build changed); a
 * compiler-dependent roof left to compiler_roofs.
 */
static void machine_move(FILE *fp, const struct compare *c)
{
	int lowest = 0;
	for (size_t i = 0; i < c->nrows; i++) {
		const struct compare_row *r = &c->rows[i];
		if (r->is_roof && r->tested && (!lowest || r->ra->threads < lowest))
			lowest = r->ra->threads;
	}
	int n = 0;
	for (size_t i = 0; i < c->nrows; i++) {
		const struct compare_row *r = &c->rows[i];
		if (!r->is_roof || !r->tested || r->ra->threads != lowest || compiler_dependent(c, r) ||
		    !(r->ra->kind == ROOF_BANDWIDTH || r->ra->kind == ROOF_COMPUTE))
			continue;
		/* Where only the build changed, the machine did not: what is left is the runs' drift. */
		fputs(n ? ", "
			: c->machines.build_only ? "The roofs (B/A; only the build changed, so this is the runs' drift): "
						 : "The machine (B/A of its roofs): ",
		      fp);
		md_text(fp, r->name);
		fprintf(fp, " %.2f", r->ratio);
		n++;
	}
	if (n)
		fputs(".\n\n", fp);
	compiler_roofs(fp, c);
}

/* "- **gemm_ijk n = 16** (2 threads)": a point's line starts so. */
static void point_bullet(FILE *fp, const struct point *p)
{
	char param[32] = "";
	if (p->param_letter || p->param)
		pointtext_param(p->param_letter, p->param, param, sizeof param);
	fputs("- **", fp);
	md_text(fp, p->kernel);
	fprintf(fp, "%s%s**", param[0] ? " " : "", param);
	if (p->threads > 1)
		fprintf(fp, " (%d threads)", p->threads);
}

/*
 * One sentence per unsettled kernel: the range of its trials in each run,
 * which holds the other run's median, so the median's move is the mix's.
 */
static void unsettled_list(FILE *fp, const struct compare *c)
{
	for (size_t i = 0; i < c->nrows; i++) {
		const struct compare_row *r = &c->rows[i];
		if (r->is_roof || !r->unsettled)
			continue;
		point_bullet(fp, r->pa);
		if (r->fast_agree) {
			fprintf(fp, " unsettled: its fastest trials (90th percentile) reach %.0f %% of its roof on A and "
				"%.0f %% on B (\u00d7%.3f, %.3f–%.3f), no move, while its medians (%.0f %%, %.0f %%, "
				"\u00d7%.3f) moved with how many trials the machine slowed; a change of the code "
				"moves the fastest trials too: not judged.\n",
				100 * r->fast_a, 100 * r->fast_b, r->fast_b / r->fast_a, r->fast_lo, r->fast_hi,
				100 * r->fraction_a, 100 * r->fraction_b, r->rel);
			continue;
		}
		fprintf(fp, " unsettled: most of its trials (10th to 90th percentile) reach %.0f–%.0f %% of its roof "
			"on A and %.0f–%.0f %% on B, the middle halves %.0f–%.0f %% and %.0f–%.0f %%; its medians "
			"(%.0f %%, %.0f %%, \u00d7%.3f) moved with how many trials ran fast or slow, not with "
			"every trial, as a change of the code would move them: not judged.\n",
			100 * r->range_a[0], 100 * r->range_a[1], 100 * r->range_b[0], 100 * r->range_b[1],
			100 * r->spread_a[0], 100 * r->spread_a[1], 100 * r->spread_b[0], 100 * r->spread_b[1],
			100 * r->fraction_a, 100 * r->fraction_b, r->rel);
	}
}

/* One sentence per moved kernel: its fraction of its roof in each run. */
static void moves_list(FILE *fp, const struct compare *c)
{
	for (size_t i = 0; i < c->nrows; i++) {
		const struct compare_row *r = &c->rows[i];
		if (r->is_roof || r->moved == COMPARE_SAME)
			continue;
		const struct point *p = r->pa;
		point_bullet(fp, p);
		/* Only a point judged against its roof moves (compare.c's judge). */
		fprintf(fp, " %s: it reaches %.0f %% of its roof (", compare_move_name(r->moved), 100 * r->fraction_a);
		md_text(fp, r->roof_a->name);
		fprintf(fp, ") on A and %.0f %% (", 100 * r->fraction_b);
		md_text(fp, r->roof_b->name);
		fprintf(fp, ") on B, \u00d7%.3f (%.3f–%.3f); raw GFLOP/s \u00d7%.3f", r->rel, r->rel_lo, r->rel_hi,
			r->ratio);
		/* Another plan's sizes (a quick run's, another machine's): say so, it may be another job. */
		if (r->pa->working_set > 0 && r->pb->working_set > 0 && r->pa->working_set != r->pb->working_set) {
			char wa[32], wb[32];
			compare_cache_text(r->pa->working_set, wa, sizeof wa);
			compare_cache_text(r->pb->working_set, wb, sizeof wb);
			fprintf(fp, "; working set %s on A, %s on B", wa, wb);
		}
		fputs(".\n", fp);
	}
}

/* The first line says it all: the machines, what differs, and the OS where it does. */
static void headline(FILE *fp, const struct compare *c)
{
	const struct compare_machines *m = &c->machines;
	/* env.csv's text, flattened: a quoted line break in a CPU's name must not end the line. */
	fputs(m->differ ? "# Comparing two runs on different machines: " : "# Comparing two runs on the same kind of machine (", fp);
	char text[400], os[240];
	md_cell_text(fp, m->differ ? compare_machines_what(m, text, sizeof text)
				   : compare_machines_same(m, text, 240));
	fputs(m->differ ? "" : ")", fp);
	if (compare_machines_os(m, os, sizeof os)[0]) {
		fputs("; OS ", fp);
		md_cell_text(fp, os);
	}
	fputs("\n\n", fp);
}

/* Both runs' headers side by side: run, CPU, caches, clock, OS, compiler, flags, date. */
static void env_table(FILE *fp, const struct rundata *ra, const struct rundata *rb)
{
	fputs("| | A | B |\n| --- | --- | --- |\n", fp);
	fprintf(fp, "| run |");
	md_cell(fp, ra->dir ? ra->dir : "?");
	md_cell(fp, rb->dir ? rb->dir : "?");
	fputs("\n", fp);
	const struct run_env *ea = &ra->info, *eb = &rb->info;
	env_row(fp, "CPU", ea->cpu_model, eb->cpu_model);
	env_row(fp, "ISAs", ea->isas ? ea->isas : ea->isa, eb->isas ? eb->isas : eb->isa);
	env_row(fp, "cores", ea->cores, eb->cores);
	char ca[128], cb[128], x[32], y[32], z[32];
	compare_cache_text(ea->l1d_bytes, x, sizeof x);
	compare_cache_text(ea->l2_bytes, y, sizeof y);
	compare_cache_text(ea->l3_bytes, z, sizeof z);
	snprintf(ca, sizeof ca, "%s / %s / %s", x, y, z);
	compare_cache_text(eb->l1d_bytes, x, sizeof x);
	compare_cache_text(eb->l2_bytes, y, sizeof y);
	compare_cache_text(eb->l3_bytes, z, sizeof z);
	snprintf(cb, sizeof cb, "%s / %s / %s", x, y, z);
	env_row(fp, "L1d / L2 / L3", ca, cb);
	snprintf(ca, sizeof ca, "%.2f GHz", ea->clock_ghz);
	snprintf(cb, sizeof cb, "%.2f GHz", eb->clock_ghz);
	env_row(fp, "clock (measured)", ea->clock_ghz > 0 ? ca : NULL, eb->clock_ghz > 0 ? cb : NULL);
	env_row(fp, "OS", ea->os, eb->os);
	env_row(fp, "compiler", ea->cc, eb->cc);
	env_row(fp, "version", ea->cc_version, eb->cc_version);
	env_row(fp, "kernel flags", ea->kernel_cflags, eb->kernel_cflags);
	env_row(fp, "threads", ea->threads, eb->threads);
	env_row(fp, "date (UTC)", ea->date_utc, eb->date_utc);
	fputs("\n", fp);

}

/* What changed between the runs (compiler, version, flags, threads), and whether the machines differ. */
static void changes_line(FILE *fp, const struct rundata *ra, const struct rundata *rb, const struct compare *c)
{
	const struct compare_machines *m = &c->machines;
	const struct run_env *ea = &ra->info, *eb = &rb->info;
	const struct { const char *a, *b, *what; } changes[] = {
		{ ea->cc, eb->cc, "compiler" }, { ea->cc_version, eb->cc_version, "compiler version" },
		{ ea->kernel_cflags, eb->kernel_cflags, "kernel flags" },
		{ ea->threads, eb->threads, "threads" },
	};
	int nchanged = 0;
	for (size_t i = 0; i < sizeof changes / sizeof changes[0]; i++) {
		const char *a = rundata_or(changes[i].a, "?"), *b = rundata_or(changes[i].b, "?");
		if (strcmp(a, b) != 0) {
			fprintf(fp, "%s %s (", nchanged ? "," : "Changed between the runs:",
				changes[i].what);
			md_text(fp, a);
			fputs(" → ", fp);
			md_text(fp, b);
			fputs(")", fp);
			nchanged++;
		}
	}
	fputs(nchanged ? ".\n\n" : "Same compiler, version, flags and threads in both runs.\n\n", fp);
	if (m->differ)
		fputs("**The machines differ**: each kernel is judged by its fraction of its own roof on each "
		      "machine; the raw ratios compare machines, not code.\n\n", fp);

}

int compare_write(const char *path, const struct rundata *ra, const struct analysis *aa,
		  const struct rundata *rb, const struct analysis *ab, const struct compare *c,
		  char *err, size_t errlen)
{
	struct outfile o;
	if (outfile_open(&o, path, err, errlen) < 0)
		return -1;
	FILE *fp = o.fp;
	headline(fp, c);
	env_table(fp, ra, rb);
	changes_line(fp, ra, rb, c);
	fprintf(fp, "**%d of %d kernels moved against their roofs: %d faster, %d slower.**",
		c->points_faster + c->points_slower, c->points_compared, c->points_faster, c->points_slower);
	if (c->points_unjudged)
		fprintf(fp, " %d more in both runs not judged: no roof in one run.", c->points_unjudged);
	if (c->points_reshaped)
		fprintf(fp, " %d not judged: each run's plan gave %s another tile or a working set on another level "
			"(the runs timed different experiments).",
			c->points_reshaped, c->points_reshaped == 1 ? "it" : "them");
	if (c->points_unsettled)
		fprintf(fp, " %d unsettled: %s trials span the move.", c->points_unsettled,
			c->points_unsettled == 1 ? "its" : "their");
	fputs("\n\n", fp);
	moves_list(fp, c);
	unsettled_list(fp, c);
	if (c->points_faster + c->points_slower + c->points_unsettled)
		fputs("\n", fp);
	machine_move(fp, c);
	method(fp, c);

	size_t nroofs = 0, npoints = 0;
	for (size_t i = 0; i < c->nrows; i++) {
		nroofs += c->rows[i].is_roof;
		npoints += !c->rows[i].is_roof;
	}
	fputs("## Roofs (median of the timings that set each)\n\n"
	      "| roof | A | B | B/A | 95 % interval | moved |\n| --- | ---: | ---: | ---: | :---: | --- |\n", fp);
	for (size_t i = 0; i < c->nrows; i++)
		if (c->rows[i].is_roof)
			roof_row(fp, c, &c->rows[i]);
	if (!nroofs)
		fputs("| (no roofs in either run) | | | | | |\n", fp);
	fputs("\n## Kernels, each against its own roof\n\n"
	      "| kernel | param | level | roof | A of roof | B of roof | relative | 95 % interval | "
	      "A GFLOP/s | B GFLOP/s | B/A | moved |\n"
	      "| --- | --- | --- | --- | ---: | ---: | ---: | :---: | ---: | ---: | ---: | --- |\n", fp);
	for (size_t i = 0; i < c->nrows; i++)
		if (!c->rows[i].is_roof)
			point_row(fp, &c->rows[i]);
	if (!npoints)
		fputs("| (no kernels group in either run) | | | | | | | | | | | |\n", fp);
	fputs("\n", fp);
	remarks_section(fp, ra, aa, rb, ab);
	return outfile_commit(&o, err, errlen);
}

/* A number for compare.csv: %.6g, empty when missing. */
static void csv_num(FILE *fp, double v)
{
	if (isfinite(v))
		fprintf(fp, ",%.6g", v);
	else
		fputs(",", fp);
}

int compare_write_csv(const char *path, const struct compare *c, char *err, size_t errlen)
{
	struct outfile o;
	if (outfile_open(&o, path, err, errlen) < 0)
		return -1;
	/* CONTRACT's ten columns as they were, the relative ones and threads added at the end. */
	fputs("kind,name,param,level,a,b,ratio,ratio_lo,ratio_hi,moved,fraction_a,fraction_b,rel,rel_lo,rel_hi,"
	      "threads\n", o.fp);
	for (size_t i = 0; i < c->nrows; i++) {
		const struct compare_row *r = &c->rows[i];
		char param[32], level[24];
		if (r->is_roof ? !(r->ra && r->rb) : !(r->pa && r->pb))
			continue;   /* present in both runs only */
		row_param(r, param, sizeof param);
		row_level(r, level, sizeof level);
		fputs(r->is_roof ? "roof," : "point,", o.fp);
		csv_sheet_field(o.fp, r->name);
		fputs(",", o.fp);
		csv_sheet_field(o.fp, param);
		fputs(",", o.fp);
		csv_sheet_field(o.fp, level);
		csv_num(o.fp, r->a);
		csv_num(o.fp, r->b);
		csv_num(o.fp, r->ratio);
		csv_num(o.fp, r->lo);
		csv_num(o.fp, r->hi);
		fprintf(o.fp, ",%s", compare_move_name(r->moved));
		csv_num(o.fp, r->fraction_a);
		csv_num(o.fp, r->fraction_b);
		csv_num(o.fp, r->rel);
		csv_num(o.fp, r->rel_lo);
		csv_num(o.fp, r->rel_hi);
		fprintf(o.fp, ",%d\n", r->is_roof ? r->ra->threads : r->pa->threads);
	}
	return outfile_commit(&o, err, errlen);
}
