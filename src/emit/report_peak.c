/*
 * report_peak.c - the report's section on the measured and the theoretical
 * peak: what set the peak (which FMA:add ratio and chains), the pipes and
 * the FP instructions a cycle the run shows at each width, the one line
 * where the pipes and the issue disagree, and the ratio to a theoretical
 * the mixes support (struct peak_info, analysis_peak.c).
 */
#include "report_peak.h"

#include <math.h>
#include <stdio.h>

#include "isa.h"
#include "markdown.h"

/* " (8 FMA + 4 add chains)" for a mix that set a peak; " (FMA chains alone)" for FMA chains. */
static void chains_cell(FILE *fp, const struct peak_info *p)
{
	if (p->set_adds > 0)
		fprintf(fp, " (%d FMA + %d add chains)", p->set_fmas, p->set_adds);
	else if (p->set_fmas > 0)
		fprintf(fp, " (FMA chains alone)");
}

/* "fma_mix21_avx2 G=4": a kernel's member, its parameter's letter P where the registry has none. */
static const char *member_text(const struct kernel_member *m, char *buf, size_t size)
{
	snprintf(buf, size, "%s %c=%ld", m->kernel, m->letter ? m->letter : 'P', m->param);
	return buf;
}

/* Each width's FP issue, the first thread count's: what its FMA chains and best mix issued a cycle. */
static void issue_table(FILE *fp, const struct peak_info *p)
{
	fputs("FP instructions a cycle a core, at each width (one per vector register operated on; "
	      "the mix is the one that issued the most):\n\n"
	      "| ISA | lanes | FMA chains alone | mix that issued most | its FMAs + adds a cycle | "
	      "issue it shows (whole) | theoretical flops/cycle |\n"
	      "| --- | ---: | ---: | --- | ---: | ---: | ---: |\n", fp);
	for (size_t w = 0; w < p->nwidths; w++) {
		const struct peak_width *pw = &p->widths[w];
		fputs("|", fp);
		md_cell(fp, cpu_isa_name(pw->isa));
		fprintf(fp, " %d | %.2f FMA |", pw->lanes, pw->fma_gips / p->clock_ghz);
		if (isfinite(pw->ops_per_cycle)) {
			char by[64];
			md_cell(fp, member_text(&pw->ops_by, by, sizeof by));
			fprintf(fp, " %.2f + %.2f = %.2f (%d + %d chains) |", pw->fmas_per_cycle, pw->adds_per_cycle,
				pw->ops_per_cycle, pw->ops_fmas, pw->ops_adds);
		} else {
			fputs(" no mix measured | — |", fp);
		}
		fprintf(fp, " %d | %.0f (%d FMA + %d add) |\n", pw->issue, pw->flops_per_cycle,
			pw->theory_fmas, pw->theory_adds);
	}
	fputs("\n", fp);
}

/* The measured peak over the theoretical one, per core and for the chip. */
void report_theory_section(FILE *fp, const struct analysis *a)
{
	if (!a->npeaks)
		return;
	fputs("## Measured and theoretical peak\n\n"
	      "Theoretical = threads x clock x flops a cycle a core, where flops a cycle = lanes x "
	      "(2 x FMAs + adds) issued together. Each figure is **inferred** from the run, not read "
	      "from a table of CPUs: FMA pipes from the FMA chains alone; add pipes from the FMA+add "
	      "mixes (FMA:add 2:1, 1:1, 1:2 and 4:3), where a mix issued more FP instructions a cycle than "
	      "there are FMA pipes; and the FP instructions a cycle the pipes issue together, the most "
	      "any mix reached at that width (a core may not issue all its pipes at once). "
	      "The clock of N threads is measured with all N running the clock chain "
	      "at once: heavy vector code on every core lowers it.\n\n"
	      "| threads | peak set by | FMA chains | best FMA+add mix | clock | pipes a core (inferred) | "
	      "issued a cycle | flops/cycle/core | theoretical | measured / theoretical |\n"
	      "| ---: | --- | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: |\n", fp);
	const struct peak_info *first = NULL;
	for (size_t i = 0; i < a->npeaks; i++) {
		const struct peak_info *p = &a->peaks[i];
		const struct roof *pk = analysis_peak_of(a, p->threads);
		char f[32], m[32], t[32], c[32];
		fprintf(fp, "| %d | ", p->threads);
		char by[64];
		md_text(fp, member_text(&p->set_by, by, sizeof by));
		chains_cell(fp, p);
		fprintf(fp, " | %s GFLOP/s | %s | ", md_rate(p->fma, f, sizeof f),
			isfinite(p->mix) ? md_rate(p->mix, m, sizeof m) : "not measured");
		if (isfinite(p->theory) && pk) {
			if (!first)
				first = p;
			fprintf(fp, "%.2f GHz | %d FMA, %d add | %d (%d FMA + %d add) | %.0f | %s GFLOP/s (%s a core) | %.2f |\n",
				p->clock_ghz, p->fma_pipes, p->add_pipes, p->issue, p->theory_fmas, p->theory_adds,
				p->flops_per_cycle, md_rate(p->theory, t, sizeof t),
				md_rate(p->theory / p->threads, c, sizeof c), pk->value / p->theory);
		} else {
			fputs("not measured | — | — | — | — | — |\n", fp);
		}
	}
	fputs("\n", fp);
	if (!first)
		return;
	/* Where the pipes and the issue disagree, one line says so, at the widest width. */
	if (first->issue_limited && first->nwidths) {
		fprintf(fp, "**%d FMA + %d add pipes, but at most %d FP instructions issued a cycle in any mix "
			"tried at ", first->fma_pipes, first->add_pipes, first->issue);
		md_text(fp, cpu_isa_name(first->widths[0].isa));
		fprintf(fp, " (%d lanes)", first->widths[0].lanes);
		for (size_t w = 1; w < first->nwidths; w++) {
			fprintf(fp, "%s%d at ", w == 1 ? "; " : ", ", first->widths[w].issue);
			md_text(fp, cpu_isa_name(first->widths[w].isa));
		}
		fprintf(fp, "**: the theoretical counts %d FMA + %d add a cycle, what issued together.\n\n",
			first->theory_fmas, first->theory_adds);
	}
	issue_table(fp, first);
}
