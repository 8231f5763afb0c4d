/* report.c - see report.h. */
#include "report.h"
#include "pointtext.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa.h"
#include "figure.h"
#include "note_text.h"
#include "symptom_text.h"
#include "markdown.h"
#include "registry.h"
#include "report_kernels.h"
#include "report_peak.h"
#include "report_stops.h"
#include "report_summary.h"
#include "roof_notes.h"
#include "symptoms.h"
#include "util.h"
#include "vecinfo.h"
#include "version.h"
#include "userpoints_md.h"

/* ---- vectorisation verdicts ---------------------------------------------------- */

/*
 * The verdict vecinfo gives for the file's hot loop, with what the registry
 * knows of the kernel of the same name: a kernel written with intrinsics is
 * vector code by hand, whatever the loop vectoriser says of its loops; a
 * family (Horner's degrees) gets one verdict per member, equal neighbours
 * merged ("D = 1-8: ...; D = 16-128: ...").
 */
void report_vec_verdict(const char *remarks, const char *compiler, const struct kernel *k,
			char *out, size_t size)
{
	char v[160];
	if (!remarks)
		remarks = "";
	if (k && k->isa == ISA_SCALAR) {
		snprintf(out, size, "scalar FMA by hand, built with the vectoriser off");
		return;
	}
	if (k && k->isa != ISA_NONE) {
		vecinfo_verdict(remarks, compiler, v, sizeof v);
		snprintf(out, size, "%s intrinsics, vector code by hand (loop vectoriser: %s)",
			 cpu_isa_name(k->isa), v);
		return;
	}
	int n = k ? registry_nparams(k) : 1;
	/* A shaped kernel's members are sizes of one function, not one function each. */
	if (n <= 1 || k->shape) {
		vecinfo_verdict(remarks, compiler, out, size);
		return;
	}
	size_t used = 0;
	out[0] = '\0';
	for (int first = 0; first < n;) {
		char next[160];
		vecinfo_member_verdict(remarks, compiler, (size_t)first, v, sizeof v);
		int last = first;
		while (last + 1 < n) {
			vecinfo_member_verdict(remarks, compiler, (size_t)last + 1, next, sizeof next);
			if (strcmp(next, v) != 0)
				break;
			last++;
		}
		char span[48];
		int w = snprintf(out + used, size - used, "%s%s: %s", used ? "; " : "",
				 pointtext_param_span(k->param_letter, registry_param(k, first),
						     registry_param(k, last), "–", span, sizeof span), v);
		if (w < 0 || (size_t)w >= size - used)
			break;
		used += (size_t)w;
		first = last + 1;
	}
}

/* The lines of a remark file worth showing: verdicts and reasons, not the vectoriser's search. */
static int telling_remark(const char *line, size_t len)
{
	static const char *const keys[] = {
		"optimized: loop vectorized", "optimized: basic block part vectorized",
		"couldn't vectorize loop", "not vectorized:",       /* gcc */
		"vectorized loop (", "loop not vectorized",          /* clang */
	};
	char *l = xasprintf("%.*s", (int)len, line);
	int hit = 0;
	for (size_t i = 0; i < sizeof keys / sizeof keys[0] && !hit; i++)
		hit = strstr(l, keys[i]) != NULL;
	free(l);
	return hit;
}

int report_kernel_file_used(const struct rundata *run, const struct analysis *a, const struct kernel *k,
			    const char *file)
{
	if (!run->ntimings && !a->npoints)
		return 1;
	for (size_t i = 0; i < run->ntimings; i++)
		if (registry_same(run->timings[i].k, run->timings[i].kernel, k, file))
			return 1;
	for (size_t i = 0; i < a->npoints; i++)
		if (registry_same(a->points[i].k, a->points[i].kernel, k, file))
			return 1;
	return 0;
}

/* ---- sections ---------------------------------------------------------------------- */

static void figures(FILE *fp, const struct rundata *run, const struct analysis *a);

static void header(FILE *fp, const struct rundata *run, const struct analysis *a, const char *run_dir)
{
	char b1[32], b2[32], b3[32];
	const struct run_env *e = &run->info;
	double l1 = e->l1d_bytes, l2 = e->l2_bytes, l3 = e->l3_bytes, ghz = e->clock_ghz;
	const char *res = rundata_or(e->timer_resolution_ns, NULL);
	const char *gran = rundata_or(e->timer_granularity_ns, NULL);
	const char *how = rundata_or(e->clock_method, NULL);
	const char *pin = rundata_or(e->pinned_cpu, NULL);

	/* The title is the first screen's (report_summary.h); the details begin here. */
	fputs("## Details\n\n| | |\n| --- | --- |\n", fp);
	if (*e->simulated)
		md_row(fp, "simulated", "every timing is the model's, not a measurement: measure --simulate %s (%s)",
		    e->machine_file, e->machine_hash);
	md_row(fp, "CPU", "%s: %s cores, %s hardware threads", rundata_or(e->cpu_model, "unknown"),
	    rundata_or(e->cores, "?"), rundata_or(e->hw_threads, "?"));
	md_row(fp, "caches (as reported)", "L1d %s, L2 %s, L3 %s",
	    l1 > 0 ? format_bytes(l1, b1, sizeof b1) : "?", l2 > 0 ? format_bytes(l2, b2, sizeof b2) : "?",
	    l3 > 0 ? format_bytes(l3, b3, sizeof b3) : "none");
	md_row(fp, "compiler", "%s %s", rundata_or(e->cc, "?"), e->cc_version);
	md_code_row(fp, "kernel flags", e->kernel_cflags);
	md_row(fp, "ISA", "widest %s (available: %s); dispatch: %s", rundata_or(e->isa, "?"),
	    rundata_or(e->isas, "?"), rundata_or(e->isa_dispatch, "?"));
	md_row(fp, "timer", "%s%s%s%s%s%s%s", rundata_or(e->timer, "?"), res ? ", resolution " : "",
	    res ? res : "", res ? " ns" : "", gran ? ", granularity " : "", gran ? gran : "",
	    gran ? " ns" : "");
	if (isfinite(ghz))
		md_row(fp, "clock", "%.2f GHz%s%s%s", ghz, how ? " (" : "", how ? how : "", how ? ")" : "");
	else
		md_row(fp, "clock", "not measured%s%s%s", how ? " (" : "", how ? how : "", how ? ")" : "");
	md_row(fp, "threads", "%s%s%s", rundata_or(e->threads, "1"),
	    pin && strcmp(pin, "-1") != 0 ? ", pinned to CPU " : "",
	    pin && strcmp(pin, "-1") != 0 ? pin : "");
	md_row(fp, "OS", "%s", rundata_or(e->os, "?"));
	md_row(fp, "date (UTC)", "%s", rundata_or(e->date_utc, "?"));
	report_left_out_row(fp, run);
	md_code_row(fp, "run", run_dir);
	fputs("\n", fp);

	fputs("**Units and counting.** 1 GB = 10^9 bytes and 1 GFLOP = 10^9 double-precision "
	      "floating-point operations (an FMA counts 2). Arithmetic intensity is the flops a "
	      "kernel does per byte it must move at the level under study, counted as STREAM "
	      "does: a triad element `a[i] = b[i] + s*c[i]` moves 24 bytes (two 8-byte loads and "
	      "one store, no write-allocate traffic), a dot-product or Horner element 16. Every "
	      "timing of a job that touches memory follows one untimed call of the same job (the "
	      "state back-to-back passes leave), except calls over 0.1 s. For "
	      "each job, warm-up timings are discarded; *best* is the fastest kept timing, "
	      "*median* the median of the kept timings, and *spread* the smallest and largest "
	      "per-pass median. Kernels are placed at their median rate.\n\n", fp);
	figures(fp, run, a);
}

/* "one core", "2 threads": what a figure of `threads` shows, in the caption's words. */
static const char *threads_words(int threads, char *buf, size_t size)
{
	if (threads == 1)
		snprintf(buf, size, "one core");
	else
		snprintf(buf, size, "%d threads", threads);
	return buf;
}

/*
 * The figures plot draws (roofline.png: the run's smallest thread count;
 * roofline-allcores.png: its largest, when it has more than one), each with
 * a caption line a blog post can paste as it is: machine, compiler, flags,
 * date and what the lines and points are.
 */
static void figures(FILE *fp, const struct rundata *run, const struct analysis *a)
{
	const struct run_env *e = &run->info;
	int counts[ANALYSIS_MAX_THREAD_COUNTS];
	size_t n = figure_thread_counts(a, counts, ANALYSIS_MAX_THREAD_COUNTS);
	for (size_t i = 0; i < (n > 1 ? 2 : 1); i++) {
		int threads = n ? counts[i ? n - 1 : 0] : 1;
		char words[32];
		threads_words(threads, words, sizeof words);
		fputs(i ? "![roofline, all cores](roofline-allcores.png)\n\n" : "![roofline](roofline.png)\n\n", fp);
		fputs("*Roofline of ", fp);
		md_cell_text(fp, rundata_or(e->cpu_model, "an unknown CPU"));
		fprintf(fp, ", %s: ", words);
		md_cell_text(fp, rundata_or(e->cc, "?"));
		fputs(" ", fp);
		md_cell_text(fp, e->cc_version);
		fputs(" `", fp);
		md_cell_text(fp, e->kernel_cflags);
		fputs("`, measured ", fp);
		md_cell_text(fp, rundata_or(e->date_utc, "?"));
		fputs(". Sloped lines: the bandwidth of each memory level (triad sweep); flat: the "
		      "FMA peak and the ceilings that cap a kernel; points: each kernel's median "
		      "GFLOP/s at its declared flops per byte (STREAM's counting), a family's sizes "
		      "joined in parameter order. Drawn by roofline " ROOFLINE_VERSION ".*\n\n", fp);
	}
	fputs("Beside them: `bandwidth.png` (the triad sweep and its plateaus), `chains.png` "
	      "(FMA throughput against independent chains) and `kernels.png` (the Horner "
	      "kernels against their degree); each `.gp` script redraws its figure from the "
	      "run's CSV files.\n\n", fp);
}

/*
 * The roof's statistic cell. The kernel and ceiling names come from
 * timings.csv, so they go through md_text like every other name; the
 * sentence around them is the tool's own.
 */
static void statistic(FILE *fp, const struct roof *r)
{
	if (r->kind == ROOF_BANDWIDTH && r->store_kind != STORES_ALLOCATE) {
		fputs("best timing of ", fp);
		md_text(fp, r->kernel);
		fprintf(fp, ", %s (faster than the plateau's ordinary stores)",
			r->store_kind == STORES_STREAMING ? "streaming stores" : "stores in place");
	} else if (r->kind == ROOF_BANDWIDTH) {
		fprintf(fp, "mean of the %d best sizes' best (%d in the plateau)",
			r->samples < 3 ? r->samples : 3, r->samples);
		if (r->kernel[0]) {
			fputs(", ", fp);
			md_text(fp, r->kernel);
			fputs(", ordinary stores", fp);
		}
	}
	if (r->kind == ROOF_BANDWIDTH)
		return;
	/* The compute roofs by their typed key (roofkey.h), never by a name's prefix. */
	const struct roof_key key = model_key_of(r);
	switch (roofkey_ceiling(&key)) {
	case CEIL_PEAK:
		fputs("best timing, widest ISA: FMA chains or an FMA+add mix (2:1, 1:1, 1:2), at its best member", fp);
		break;
	case CEIL_FMA:
		fputs("best timing, widest ISA's FMA chains alone (the ceiling of FMA-only kernels)", fp);
		break;
	case CEIL_SCALAR:
		fputs("best timing of scalar FMA chains over K or scalar FMA+add mixes", fp);
		break;
	case CEIL_ONE_CHAIN_SCALAR:
		fputs("best timing, one scalar FMA chain", fp);
		break;
	case CEIL_ONE_CHAIN:
		fputs("best timing, one chain of the widest ISA", fp);
		break;
	case CEIL_ISA:
	case CEIL_NONE:
		fputs("best timing of ", fp);
		md_text(fp, key.ceiling);
		fputs(" FMA chains over K or its FMA+add mixes", fp);
		break;
	}
	/* What set a best-of roof: a job of timings.csv (its kernel and member). */
	enum ceiling_id id = roofkey_ceiling(&key);
	if (r->job_kernel[0] && id != CEIL_FMA && id != CEIL_ONE_CHAIN && id != CEIL_ONE_CHAIN_SCALAR) {
		const struct kernel *k = r->job_k;
		fputs(": ", fp);
		md_text(fp, r->job_kernel);
		fprintf(fp, " %c=%ld", k && k->param_letter ? k->param_letter : 'K', r->job_param);
	}
}

/*
 * The access-pattern roofs (roofs.csv kind `pattern`), one row per level and
 * one column per pattern, in the order they appear; not drawn in the figure.
 */
static void pattern_table(FILE *fp, const struct analysis *a)
{
	/* Columns: a pattern at a thread count; rows: levels. Both from the roofs' typed keys. */
	struct roof_key cols[16];
	enum mem_level rows[MEM_LEVELS];
	char v[32], pat[24];
	size_t np = 0, nl = 0;
	for (size_t i = 0; i < a->nroofs; i++) {
		const struct roof *r = &a->roofs[i];
		if (r->kind != ROOF_PATTERN)
			continue;
		struct roof_key key = model_key_of(r), col = key;
		col.level = MEM_LEVELS;
		size_t j;
		for (j = 0; j < np && !roofkey_equal(&cols[j], &col); j++)
			;
		if (j == np && np < 16)
			cols[np++] = col;
		for (j = 0; j < nl && rows[j] != key.level; j++)
			;
		if (j == nl && nl < MEM_LEVELS && key.level < MEM_LEVELS)
			rows[nl++] = key.level;
	}
	if (!np)
		return;
	fputs("Bandwidth per access pattern (GB/s; `2r1w` is 2 reads and 1 write an element, `-nt` "
	      "streaming stores, `-ip` stores in place), measured by the hand-written bandwidth kernels at each level's "
	      "middle; a kernel is judged against its own pattern's roof:\n\n| level |", fp);
	for (size_t j = 0; j < np; j++) {
		roofkey_pattern_text(&cols[j], pat, sizeof pat);
		if (cols[j].threads > 1)
			fprintf(fp, " %s@%dt |", pat, cols[j].threads);
		else
			fprintf(fp, " %s |", pat);
	}
	fputs("\n| --- |", fp);
	for (size_t j = 0; j < np; j++)
		fputs(" ---: |", fp);
	fputc('\n', fp);
	for (size_t l = 0; l < nl; l++) {
		fprintf(fp, "| %s |", levels_name(rows[l]));
		for (size_t j = 0; j < np; j++) {
			struct roof_key key = cols[j];
			key.level = rows[l];
			const struct roof *r = model_roof(a, &key);
			fprintf(fp, " %s |", r ? md_rate(r->value, v, sizeof v) : "—");
		}
		fputc('\n', fp);
	}
	fputc('\n', fp);
}

/* The run's notes (text, or a DRAM verdict worded now) and the guide's symptoms. */
static void notes_list(FILE *fp, const struct analysis *a, const struct symptoms *sy)
{
	fputs("### Notes\n\n", fp);
	if (!a->nnotes)
		fputs("The plateaus agree with the reported cache sizes and no spread was large "
		      "enough to warn about.\n\n", fp);
	for (size_t i = 0; i < a->nnotes; i++) {
		/* A note that several roofs share is said once, with the first of them. */
		char said[1200];
		const char *text = analysis_note_grouped(a, i, said, sizeof said);
		if (!text)
			continue;
		fputs("- ", fp);
		md_cell_text(fp, text);
		fputs("\n", fp);
	}
	if (a->nnotes)
		fputs("\n", fp);
	/* The guide's symptom table (src/symptoms.h): what is wrong when the chart looks so. */
	for (size_t i = 0; i < sy->n; i++) {
		fprintf(fp, "- Symptom (%s): ", symptom_name(sy->which[i]));
		char text[640];
		md_cell_text(fp, symptom_text(sy, i, text, sizeof text));
		fputs("\n", fp);
	}
	if (sy->n)
		fputs("\n", fp);
}

static void roofs_section(FILE *fp, const struct analysis *a, const struct symptoms *sy)
{
	char v[32], m[32], lo[32], hi[32], b1[32], b2[32];
	fputs("## Roofs\n\n", fp);
	if (!a->nroofs) {
		fputs("No roofs: the run has neither a `bandwidth` nor a `peak` group.\n\n", fp);
	} else {
		fputs("| roof | value | statistic | median | spread (per-pass medians) | working set |\n"
		      "| --- | ---: | --- | ---: | ---: | --- |\n", fp);
		for (size_t i = 0; i < a->nroofs; i++) {
			const struct roof *r = &a->roofs[i];
			const char *unit = roof_unit(r);
			if (r->kind == ROOF_PATTERN)
				continue;   /* in their own table below */
			fputs("|", fp);
			md_cell(fp, r->name);
			fprintf(fp, " %s %s | ", md_rate(r->value, v, sizeof v), unit);
			statistic(fp, r);
			fprintf(fp, " | %s | %s – %s | ", md_rate(r->median, m, sizeof m),
				md_rate(r->spread_lo, lo, sizeof lo), md_rate(r->spread_hi, hi, sizeof hi));
			if (r->kind == ROOF_BANDWIDTH && r->size_hi > 0)
				fprintf(fp, "%s – %s |\n", format_bytes(r->size_lo, b1, sizeof b1),
					format_bytes(r->size_hi, b2, sizeof b2));
			else
				fputs("— |\n", fp);
		}
		/* A DRAM the sweep never reached has a row that says so, never a cache's rate. */
		for (size_t i = 0; i < a->nlevels; i++) {
			const struct dram_verdict *d = &a->levels[i].dram;
			if (d->state == DRAM_FOUND || !(d->end_rate > 0))
				continue;
			char at[16] = "";
			if (a->levels[i].threads > 1)
				snprintf(at, sizeof at, "@%dt", a->levels[i].threads);
			fprintf(fp, "| DRAM%s | not reached | %s; at most %s GB/s, the rate at the sweep's "
				"largest size | — | — | %s |\n", at,
				d->reason == DRAM_STILL_FALLING ? "the curve was still falling"
				: d->reason == DRAM_SHORT_OF_RULE ? "no array obeyed STREAM's rule"
				: d->reason == DRAM_CAP_SHORT_OF_RULE ? "memory cannot hold STREAM's rule"
								  : "no DRAM level in the sweep",
				md_rate(d->end_rate, v, sizeof v),
				format_bytes(d->end_working_set, b1, sizeof b1));
		}
		fputs("\n", fp);
	}
	pattern_table(fp, a);
	/* The ridge's own roof (analysis_dram), named where it is the DRAM plateau of one core. */
	const struct roof *dram = analysis_dram(a);
	if (isfinite(a->ridge) && a->ridge > 0 && dram && model_key_of(dram).level == MEM_DRAM)
		fprintf(fp, "Ridge point: peak / DRAM = %.2f flop/byte. A kernel of lower intensity is "
			"capped by memory bandwidth, one of higher intensity by the FMA peak.\n\n",
			a->ridge);
	else if (isfinite(a->ridge) && a->ridge > 0 && dram)
		fprintf(fp, "Ridge point: peak / %s = %.2f flop/byte, the slowest level the sweep "
			"found: DRAM was not reached, so a DRAM ridge lies further right.\n\n",
			dram->name, a->ridge);
	if (!isfinite(a->peak))
		fputs("No `peak` group in this run: no FMA peak, no ceilings and no ridge "
		      "(`roofline measure --only peak` measures them).\n\n", fp);
	if (!a->nsweep)
		fputs("No `bandwidth` group in this run: no bandwidth roofs "
		      "(`roofline measure --only bandwidth` measures them).\n\n", fp);

	notes_list(fp, a, sy);
}

/* "L1@2t" -> "L1": the length of the roof's name without its thread count. */
static int base_len(const char *name)
{
	return (int)strcspn(name, "@");
}

/*
 * All cores against one: each roof's scaling and each thread count's ridge
 * (its own peak over its own DRAM, never a mix of counts).
 */
static void threads_section(FILE *fp, const struct analysis *a)
{
	char v1[32], vn[32];
	int first = a->nroofs ? a->roofs[0].threads : 1, more = 0;
	for (size_t i = 0; i < a->nroofs; i++)
		more |= a->roofs[i].threads != first;
	if (!more)
		return;
	fputs("## All cores\n\n"
	      "Each roof measured by one core and by all of them (`@Nt`: N threads, one per physical "
	      "core, pinned, each on its own part of the arrays; a timing runs from the first thread's start to the last one's end).\n\n"
	      "| roof | threads | value | scaling |\n| --- | ---: | ---: | ---: |\n", fp);
	for (size_t i = 0; i < a->nroofs; i++) {
		const struct roof *r = &a->roofs[i];
		if (r->threads == first)
			continue;
		const struct roof *one = analysis_scaling_base(a, r, first);
		const char *unit = roof_unit(r);
		char *base = xasprintf("%.*s", base_len(r->name), r->name);
		fputs("|", fp);
		md_cell(fp, base);
		free(base);
		fprintf(fp, " %d | %s %s | ", r->threads, md_rate(r->value, vn, sizeof vn), unit);
		/* Scaled like with like (analysis_scaling_base): named where that is another roof. */
		const struct roof *own = analysis_roof_at(a, r, first);
		int other = one && (!own || own->value != one->value);
		if (one && one->value > 0)
			fprintf(fp, "%.2fx of %s at %d%s%s%s |\n", r->value / one->value,
				md_rate(one->value, v1, sizeof v1), first, other ? " (" : "",
				other ? one->name : "", other ? ", the pattern that set it)" : "");
		else
			fputs("— |\n", fp);
	}
	fputs("\nRidge points, each from the roofs of one thread count:", fp);
	for (size_t i = 0; i < a->npeaks; i++) {
		const struct roof *pk = analysis_peak_of(a, a->peaks[i].threads);
		const struct roof *dr = analysis_dram_of(a, a->peaks[i].threads);
		if (pk && dr && dr->value > 0)
		{
			fprintf(fp, "%s ", i ? ";" : "");
			md_text(fp, pk->name);
			fputs(" / ", fp);
			md_text(fp, dr->name);
			fprintf(fp, " = %.2f flop/byte", pk->value / dr->value);
		}
	}
	fputs(".\n\n", fp);
}

static void chains_section(FILE *fp, const struct analysis *a)
{
	char one[32], pl[32], lat[32], clk[32];
	fputs("## FMA chains (Little's law)\n\n", fp);
	if (!a->nchains) {
		fputs("No `peak` group in this run: no chain curves.\n\n", fp);
		return;
	}
	fputs("One dependent chain completes one FMA per latency; K independent chains keep K "
	      "in flight, until the FMA units are full. The ratio plateau / one-chain is how "
	      "many must be in flight, and the one-chain rate with the clock gives the "
	      "latency.\n\n", fp);
	fputs("| ISA | lanes | one chain | plateau | K to saturate | implied FMA latency | clock |\n"
	      "| --- | ---: | ---: | ---: | ---: | ---: | ---: |\n", fp);
	const struct chain_curve *widest = NULL;
	for (size_t c = 0; c < a->nchains; c++) {
		const struct chain_curve *cc = &a->chains[c];
		double one_rate = NAN;
		for (int i = 0; i < cc->n; i++)
			if (cc->chains[i] == 1)
				one_rate = cc->best[i];
		if (!widest || cc->lanes > widest->lanes)
			widest = cc;
		if (isfinite(cc->latency_cycles))
			snprintf(lat, sizeof lat, "%.1f cycles", cc->latency_cycles);
		else
			snprintf(lat, sizeof lat, "— (no clock)");
		if (isfinite(a->clock_ghz))
			snprintf(clk, sizeof clk, "%.2f GHz", a->clock_ghz);
		else
			snprintf(clk, sizeof clk, "not measured");
		fputs("|", fp);
		md_cell(fp, *model_curve_isa_name(cc) ? model_curve_isa_name(cc) : cc->kernel);
		fprintf(fp, " %d | %s GFLOP/s | %s GFLOP/s at K = %d | ", cc->lanes, md_rate(one_rate, one, sizeof one), md_rate(cc->plateau, pl, sizeof pl),
			cc->plateau_chains);
		if (isfinite(cc->chains_to_saturate))
			fprintf(fp, "%.0f", cc->chains_to_saturate);
		else
			fputs("—", fp);
		fprintf(fp, " | %s | %s |\n", lat, clk);
	}
	fputs("\n", fp);
	if (widest && isfinite(widest->chains_to_saturate) && widest->chains_to_saturate > 1)
		fprintf(fp, "A loop whose FMAs form one dependent chain (a single-accumulator "
			"reduction, Horner's rule on one vector) runs at 1/%.0f of what %s could do: "
			"it needs %.0f independent chains to fill the units.\n\n",
			widest->chains_to_saturate, *model_curve_isa_name(widest) ? model_curve_isa_name(widest) : widest->kernel,
			widest->chains_to_saturate);
}


/* At most this many remark lines are copied per file; the rest stay in remarks/. */
#define REMARK_LINES 12

/* Under a fold, each file's telling remark lines (at most REMARK_LINES of them). */
static void remark_lines(FILE *fp, const struct remark_files *rf, const size_t *shown_files, size_t n)
{
	fputs("\n<details><summary>What the remarks say about each loop</summary>\n\n", fp);
	for (size_t i = 0; i < n; i++) {
		const char *name = rf->names[shown_files[i]], *text = rf->texts[shown_files[i]];
		int shown = 0, more = 0;
		for (const char *l = text ? text : ""; *l;) {
			const char *end = strchr(l, '\n');
			size_t len = end ? (size_t)(end - l) : strlen(l);
			if (telling_remark(l, len)) {
				if (shown == 0) {
					char *file = xasprintf("remarks/%s.txt", name);
					md_code(fp, file);
					fputs(":\n\n", fp);
					md_fence(fp, text);
					free(file);
				}
				if (shown < REMARK_LINES)
					fprintf(fp, "%.*s\n", (int)len, l);
				else
					more++;
				shown++;
			}
			l = end ? end + 1 : l + len;
		}
		if (shown)
			md_fence(fp, text);
		if (more)
			fprintf(fp, "(%d more such lines in the file)\n", more);
		if (shown)
			fputs("\n", fp);
	}
	fputs("</details>\n\n", fp);
}

static void remarks_section(FILE *fp, const struct rundata *run, const struct analysis *a)
{
	const struct remark_files *rf = &run->remark_files;
	size_t *shown_files = xmalloc((rf->n ? rf->n : 1) * sizeof *shown_files), n = 0;
	/* Only the files of kernels this run timed: helpers and other ISAs are noise here. */
	for (size_t i = 0; i < rf->n; i++)
		if (report_kernel_file_used(run, a, rf->kernels[i], rf->names[i]))
			shown_files[n++] = i;
	const char *cc = rundata_or(run->info.cc, "?");
	fputs("## What the compiler did (", fp);
	md_text(fp, cc);
	fputs(" ", fp);
	md_text(fp, run->info.cc_version);
	fputs(", ", fp);
	md_code(fp, run->info.kernel_cflags);
	fputs(")\n\n", fp);
	if (!n) {
		if (rf->folder)
			fputs("The `remarks/` folder of this run holds no remarks for a kernel it timed.\n\n", fp);
		else
			fputs("No `remarks/` folder in this run: the compiler's vectorisation remarks were "
			      "not kept.\n\n", fp);
		free(shown_files);
		return;
	}
	fputs("| kernel file | verdict |\n| --- | --- |\n", fp);
	for (size_t i = 0; i < n; i++) {
		char verdict[240];
		const char *name = rf->names[shown_files[i]], *text = rf->texts[shown_files[i]];
		report_vec_verdict(text ? text : "", cc, rf->kernels[shown_files[i]], verdict, sizeof verdict);
		char *file = xasprintf("%s.c", name);
		fputs("|", fp);
		md_cell(fp, file);
		fputs(" ", fp);
		free(file);
		md_cell_text(fp, text ? verdict : "remarks unreadable");
		fputs(" |\n", fp);
	}
	remark_lines(fp, rf, shown_files, n);
	free(shown_files);
}

/* Jobs whose results failed their check were never fitted: say so, loudly. */
static void failures_section(FILE *fp, const struct rundata *run)
{
	if (!run->nfailures)
		return;
	fprintf(fp, "## Failed checks\n\n%zu job%s computed a wrong result and %s left out of "
		"every roof and point above:\n\n| group | kernel | param | check |\n"
		"| --- | --- | ---: | --- |\n", run->nfailures, run->nfailures == 1 ? "" : "s",
		run->nfailures == 1 ? "is" : "are");
	for (size_t i = 0; i < run->nfailures; i++) {
		const struct failure *f = &run->failures[i];
		fputs("|", fp);
		md_cell(fp, tgroup_name(f->group));
		md_cell(fp, f->kernel);
		fprintf(fp, " %ld | ", f->param);
		md_cell_text(fp, f->message);
		fputs(" |\n", fp);
	}
	fputs("\n", fp);
}

static void env_section(FILE *fp, const struct rundata *run)
{
	fputs("## Environment (env.csv)\n\n<details><summary>All keys</summary>\n\n"
	      "| key | value |\n| --- | --- |\n", fp);
	for (size_t i = 0; i < run->nenv; i++)
		md_row(fp, run->env[i].key, "%s", run->env[i].value ? run->env[i].value : "");
	fputs("\n</details>\n", fp);
}

int report_write(const char *path, const struct rundata *run, const struct analysis *a,
		 const struct symptoms *sy, char *err, size_t errlen)
{
	return report_write_points(path, run, a, NULL, sy, err, errlen);
}

int report_write_points(const char *path, const struct rundata *run, const struct analysis *a,
			const struct userpoints *up, const struct symptoms *sy, char *err, size_t errlen)
{
	struct outfile o;
	if (outfile_open(&o, path, err, errlen) < 0)
		return -1;
	report_summary(o.fp, run, a, sy);
	header(o.fp, run, a, run->dir);
	failures_section(o.fp, run);
	roofs_section(o.fp, a, sy);
	threads_section(o.fp, a);
	report_theory_section(o.fp, a);
	chains_section(o.fp, a);
	report_kernels_section(o.fp, run, a);
	if (up && up->n)
		userpoints_report(o.fp, up);
	remarks_section(o.fp, run, a);
	env_section(o.fp, run);
	return outfile_commit(&o, err, errlen);
}
