/* userpoints_md.c - the user's points in report.md (see userpoints_md.h). */
#include "userpoints_md.h"

#include <math.h>
#include <stdio.h>

#include "markdown.h"
#include "pointtext.h"
#include "util.h"

void userpoints_report(FILE *fp, const struct userpoints *up)
{
	char ai[32], g[32], rg[32], roof[48];
	size_t counted = 0, above = 0, bytes_counted = 0;
	for (size_t i = 0; i < up->n; i++) {
		counted += up->v[i].counted;
		bytes_counted += up->v[i].bytes_counted;
		above += up->v[i].above;
	}
	fputs("## Your code\n\n", fp);
	fputs("Points from ", fp);
	md_code(fp, up->path ? up->path : "");
	fputs(", placed under this run's roofs by the same model as the kernels above; the "
	      "versions of one name are joined by arrows in the figure, in file order.\n\n", fp);
	if (counted == up->n)
		fputs("Flops: all counted by hardware counters (retired floating-point instructions).\n\n", fp);
	else if (counted == 0)
		fputs("Flops: all declared by the program (counted by hand), none counted by hardware "
		      "counters.\n\n", fp);
	else
		fprintf(fp, "Flops: %zu point%s counted by hardware counters, %zu declared by the "
			"program (the *flops* column says which).\n\n", counted, counted == 1 ? "" : "s",
			up->n - counted);
	/* Said only when some were: counted bytes need memory-controller counters, which few machines lend. */
	if (bytes_counted)
		fprintf(fp, "Bytes: %zu of %zu point%s counted by the memory controllers' counters (the "
			"socket's traffic while the region ran, other processes included), the others "
			"declared.\n\n", bytes_counted, up->n, up->n == 1 ? "" : "s");
	fputs("| name | version | threads | level | flops | AI (flop/byte) | GFLOP/s | roof (GFLOP/s) | of roof | bound | diagnosis |\n"
	      "| --- | --- | ---: | --- | --- | ---: | ---: | --- | ---: | --- | --- |\n", fp);
	for (size_t i = 0; i < up->n; i++) {
		const struct userpoint *u = &up->v[i];
		const struct point *p = &u->p;
		snprintf(ai, sizeof ai, "%.3g", p->ai);
		fputs("| ", fp);
		md_text(fp, u->name);
		fputs(" | ", fp);
		md_text(fp, u->version);
		fprintf(fp, " | %d | %s | %s | %s | %s | ", u->threads, p->level[0] ? p->level : "—",
			u->counted ? "counted" : "declared", ai, md_rate(p->gflops, g, sizeof g));
		md_text(fp, roofkey_format(&p->roof, roof, sizeof roof));
		fprintf(fp, " %s | ", md_rate(p->roof_gflops, rg, sizeof rg));
		char pc[16];
		fprintf(fp, "%s | %s | ", md_percent(p->fraction, pc, sizeof pc),
			point_bound_name(p->bound_id));
		if (u->above)
			fputs("**above its roof** (see the notes); ", fp);
		char says[640];
		md_cell_text(fp, pointtext_diagnosis(p, says, sizeof says));
		fputs(" |\n", fp);
	}
	fputs("\n", fp);
	if (above)
		fprintf(fp, "%zu point%s above %s roof by more than %.0f%% and past its best timing: no loop beats its roof, so "
			"its flops or bytes are counted in other units than the roofs (single against "
			"double precision, bytes per element against per array, flops per element "
			"against per loop). Make the units agree and time it again.\n\n",
			above, above == 1 ? " is" : "s are", above == 1 ? "its" : "their",
			100 * (DIAGNOSIS_ABOVE - 1));
}
