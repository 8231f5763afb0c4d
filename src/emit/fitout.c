/*
 * fitout.c - what `roofline fit` writes: roofs.csv, points.csv, sweep.csv
 * and chains.csv (see fitout.h).
 */
#include "fitout.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "note_text.h"
#include "pointtext.h"
#include "util.h"

/* %.6g keeps 6 significant digits: more than any measurement here can claim. */
static void num(FILE *fp, double v)
{
	if (isfinite(v))
		fprintf(fp, "%.6g", v);
	else
		fputs("nan", fp);
}

/* ",value": a number that follows another field. */
static void next_num(FILE *fp, double v)
{
	fputc(',', fp);
	num(fp, v);
}

static int write_roofs(FILE *fp, const struct analysis *a)
{
	fputs("name,kind,value,unit,size_lo,size_hi,samples\n", fp);
	for (size_t i = 0; i < a->nroofs; i++) {
		const struct roof *r = &a->roofs[i];
		csv_field(fp, r->name);
		fprintf(fp, ",%s,", analysis_roof_kind_name(r->kind));
		num(fp, r->value);
		fprintf(fp, ",%s,%.0f,%.0f,%d\n", roof_unit(r),
			r->size_lo, r->size_hi, r->samples);
	}
	return 0;
}

static int write_points(FILE *fp, const struct analysis *a)
{
	/* ai is where the point is placed (the ideal bytes); ai_loop the loop as written. */
	fputs("kernel,param,threads,ai,gflops,roof,roof_gflops,fraction,bound,level,pattern,"
	      "working_set_bytes,ai_ideal,ai_loop\n", fp);
	for (size_t i = 0; i < a->npoints; i++) {
		const struct point *p = &a->points[i];
		csv_sheet_field(fp, p->kernel);
		fprintf(fp, ",%ld,%d,", p->param, p->threads);
		num(fp, p->ai);
		next_num(fp, p->gflops);
		fputc(',', fp);
		char roof[48];
		csv_sheet_field(fp, roofkey_format(&p->roof, roof, sizeof roof));
		next_num(fp, p->roof_gflops);
		next_num(fp, p->fraction);
		fprintf(fp, ",%s,", point_bound_name(p->bound_id));
		csv_sheet_field(fp, p->level);
		fputc(',', fp);
		csv_sheet_field(fp, p->pattern);
		fprintf(fp, ",%.0f", p->working_set);
		next_num(fp, p->ai);
		next_num(fp, p->ai_loop);
		fputc('\n', fp);
	}
	return 0;
}

static int write_sweep(FILE *fp, const struct analysis *a)
{
	fputs("param,working_set_bytes,best_gbs,median_gbs,spread_lo_gbs,spread_hi_gbs,kept\n", fp);
	for (size_t i = 0; i < a->nsweep; i++) {
		const struct sweep_point *s = &a->sweep[i];
		fprintf(fp, "%.0f,%.0f", s->param, s->working_set);
		next_num(fp, s->best);
		next_num(fp, s->median);
		next_num(fp, s->spread_lo);
		next_num(fp, s->spread_hi);
		fprintf(fp, ",%d\n", s->kept);
	}
	return 0;
}

static int write_chains(FILE *fp, const struct analysis *a)
{
	fputs("kernel,isa,chains,best_gflops,median_gflops\n", fp);
	for (size_t c = 0; c < a->nchains; c++) {
		const struct chain_curve *cc = &a->chains[c];
		for (int k = 0; k < cc->n; k++) {
			/* Quoted (a name may hold a comma); chains.gp matches the name as written. */
			csv_field(fp, cc->kernel);
			fputc(',', fp);
			csv_field(fp, model_curve_isa_name(cc));
			fprintf(fp, ",%d", cc->chains[k]);
			next_num(fp, cc->best[k]);
			next_num(fp, cc->median[k]);
			fputc('\n', fp);
		}
	}
	return 0;
}

static int write_one(const char *dir, const char *name, int (*fn)(FILE *, const struct analysis *),
		     const struct analysis *a, char *err, size_t errlen)
{
	char *path = path_join(dir, name);
	struct outfile out;
	int rc = -1;
	if (outfile_open(&out, path, err, errlen) != 0)
		goto done;
	fn(out.fp, a);
	rc = outfile_commit(&out, err, errlen);
done:
	free(path);
	return rc;
}

int fitout_write(const char *dir, const struct analysis *a, char *err, size_t errlen)
{
	if (write_one(dir, "roofs.csv", write_roofs, a, err, errlen) ||
	    write_one(dir, "points.csv", write_points, a, err, errlen) ||
	    write_one(dir, "sweep.csv", write_sweep, a, err, errlen) ||
	    write_one(dir, "chains.csv", write_chains, a, err, errlen))
		return -1;
	return 0;
}

void fitout_print_summary(FILE *fp, const struct rundata *run, const struct analysis *a)
{
	const struct run_env *e = &run->info;
	fprintf(fp, "%s, %s %s %s\n", rundata_or(e->cpu_model, "unknown CPU"), rundata_or(e->cc, "?"),
		rundata_or(e->cc_version, "?"), e->kernel_cflags);
	fprintf(fp, "%-16s %10s %-8s %10s %21s  %s\n", "roof", "value", "unit", "median",
		"per-pass medians", "working set");
	for (size_t i = 0; i < a->nroofs; i++) {
		const struct roof *r = &a->roofs[i];
		char lo[32] = "", hi[32] = "", range[80] = "";
		if (r->kind == ROOF_BANDWIDTH)
			snprintf(range, sizeof range, "%s .. %s", format_bytes(r->size_lo, lo, sizeof lo),
				 format_bytes(r->size_hi, hi, sizeof hi));
		fprintf(fp, "%-16s %10.2f %-8s %10.2f %10.2f..%-10.2f %s\n", r->name, r->value,
			roof_unit(r), r->median, r->spread_lo,
			r->spread_hi, range);
	}
	if (isfinite(a->ridge))
		fprintf(fp, "ridge at %.2f flop/byte (peak / DRAM)\n", a->ridge);
	for (size_t c = 0; c < a->nchains; c++) {
		const struct chain_curve *cc = &a->chains[c];
		fprintf(fp, "%-12s one chain %.2f GFLOP/s, plateau %.2f at K=%d, %.0f chains to saturate",
			cc->kernel, cc->n ? cc->best[0] : NAN, cc->plateau, cc->plateau_chains,
			cc->chains_to_saturate);
		if (isfinite(cc->latency_cycles))
			fprintf(fp, ", FMA latency %.1f cycles at %.2f GHz", cc->latency_cycles, a->clock_ghz);
		fputc('\n', fp);
	}
	if (a->npoints)
		fprintf(fp, "%zu kernel points placed (points.csv)\n", a->npoints);
	char said[600];
	for (size_t i = 0; i < a->nnotes; i++)
		fprintf(fp, "note: %s\n", analysis_note_text(a, i, said, sizeof said));
}
