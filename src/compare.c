/* compare.c - see compare.h. */
#include "compare.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "util.h"

/*
 * A run's own noise, as an interval: the smallest and largest per-pass
 * median, widened to at least +-1 % of the median so that a run of one pass
 * (an interval of width 0) does not call every difference a move.
 */
#define MIN_HALF_SPREAD 0.01

struct span {
	double lo, hi;
};

static struct span span_of(double median, double lo, double hi)
{
	struct span s = { lo, hi };
	if (!isfinite(s.lo) || !isfinite(s.hi) || s.lo > s.hi || s.lo <= 0) {
		s.lo = s.hi = median;
	}
	if (isfinite(median)) {
		s.lo = fmin(s.lo, median * (1 - MIN_HALF_SPREAD));
		s.hi = fmax(s.hi, median * (1 + MIN_HALF_SPREAD));
	}
	return s;
}

/* "faster" / "slower" when the spans do not overlap, "" when within noise. */
static const char *moved(struct span a, struct span b)
{
	if (!isfinite(a.lo) || !isfinite(b.lo))
		return "";
	if (b.lo > a.hi)
		return "**faster**";
	if (b.hi < a.lo)
		return "**slower**";
	return "";
}


static const char *env_or(const struct rundata *run, const char *key, const char *fallback)
{
	const char *v = rundata_env(run, key);
	return v && *v ? v : fallback;
}

/* " value |": one cell of a Markdown row. */
static void text_cell(FILE *fp, const char *s)
{
	fputs(" ", fp);
	report_cell_text(fp, s);
	fputs(" |", fp);
}

static void env_row(FILE *fp, const char *label, const struct rundata *ra,
		    const struct rundata *rb, const char *key)
{
	const char *a = env_or(ra, key, "?"), *b = env_or(rb, key, "?");
	fprintf(fp, "| %s |", label);
	text_cell(fp, a);
	text_cell(fp, b);
	fputs("\n", fp);
}

struct tally {
	int compared, faster, slower;
};

/* One row: name | [param | level |] A | B | B/A | moved. */
static void value_row(FILE *fp, const char *name, const char *param, const char *level,
		      int have_a, double va, struct span sa, int have_b, double vb, struct span sb,
		      struct tally *t)
{
	char x[32], y[32];
	fprintf(fp, "| %s |", name);
	if (param)
		fprintf(fp, " %s |", param);
	if (level)
		fprintf(fp, " %s |", level);
	fprintf(fp, " %s | %s | ", have_a ? report_rate(va, x, sizeof x) : "—", have_b ? report_rate(vb, y, sizeof y) : "—");
	if (have_a && have_b && va > 0 && isfinite(vb)) {
		const char *m = moved(sa, sb);
		fprintf(fp, "%.3f | %s |\n", vb / va, m);
		t->compared++;
		t->faster += strcmp(m, "**faster**") == 0;
		t->slower += strcmp(m, "**slower**") == 0;
	} else {
		fprintf(fp, "— | only in %s |\n", have_a ? "A" : "B");
	}
}

static const struct roof *roof_named(const struct analysis *a, const char *name)
{
	for (size_t i = 0; i < a->nroofs; i++)
		if (strcmp(a->roofs[i].name, name) == 0)
			return &a->roofs[i];
	return NULL;
}

/*
 * The point of `a` that is p's counterpart: same kernel, parameter, threads
 * and memory level (a run measured with --levels has one point per level).
 * The level is the name of the plateau the working set falls in, so runs
 * whose sizes differ a little still pair up; where neither run has a level
 * (no bandwidth group), the working set itself must match.
 */
static const struct point *point_like(const struct analysis *a, const struct point *p)
{
	for (size_t i = 0; i < a->npoints; i++) {
		const struct point *q = &a->points[i];
		if (strcmp(q->kernel, p->kernel) != 0 || q->param != p->param || q->threads != p->threads ||
		    strcmp(q->level, p->level) != 0)
			continue;
		if (p->level[0] || q->working_set == p->working_set)
			return q;
	}
	return NULL;
}

static void roof_row(FILE *fp, const struct roof *a, const struct roof *b, struct tally *t)
{
	const struct roof *r = a ? a : b;
	char *name = xasprintf("%s (%s)", r->name, roof_unit(r));
	value_row(fp, name, NULL, NULL, a != NULL, a ? a->value : NAN,
		  a ? span_of(a->median, a->spread_lo, a->spread_hi) : span_of(NAN, NAN, NAN), b != NULL,
		  b ? b->value : NAN, b ? span_of(b->median, b->spread_lo, b->spread_hi) : span_of(NAN, NAN, NAN), t);
	free(name);
}

static void point_row(FILE *fp, const struct point *a, const struct point *b, struct tally *t)
{
	const struct point *p = a ? a : b;
	char param[32], *name;
	if (p->param_letter)
		snprintf(param, sizeof param, "%c = %ld", p->param_letter, p->param);
	else if (p->param == 0)
		snprintf(param, sizeof param, "—");
	else
		snprintf(param, sizeof param, "%ld", p->param);
	if (p->threads > 1)
		name = xasprintf("%s (%d threads)", p->kernel, p->threads);
	else
		name = xstrdup(p->kernel);
	value_row(fp, name, param, p->level[0] ? p->level : "—", a != NULL, a ? a->gflops : NAN,
		  a ? span_of(a->gflops, a->spread_lo, a->spread_hi) : span_of(NAN, NAN, NAN), b != NULL,
		  b ? b->gflops : NAN, b ? span_of(b->gflops, b->spread_lo, b->spread_hi) : span_of(NAN, NAN, NAN), t);
	free(name);
}

/* Keeps the names of files with kernels the run used; returns how many. */
static size_t used_only(char **names, size_t n, const struct rundata *run, const struct analysis *a)
{
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		if (report_kernel_file_used(run, a, names[i]))
			names[k++] = names[i];
		else
			free(names[i]);
	}
	return k;
}

/* Kernel files whose remarks either run kept, each with both verdicts. */
static void remarks_section(FILE *fp, const struct rundata *ra, const struct analysis *aa,
			    const struct rundata *rb, const struct analysis *ab)
{
	char **na = NULL, **nb = NULL;
	size_t ca = ra->dir ? report_remark_files(ra->dir, &na) : 0;
	size_t cb = rb->dir ? report_remark_files(rb->dir, &nb) : 0;
	ca = used_only(na, ca, ra, aa);
	cb = used_only(nb, cb, rb, ab);
	if (!ca && !cb)
		goto done;
	fputs("## Vectorisation verdicts\n\n| kernel file | A | B | |\n| --- | --- | --- | --- |\n", fp);
	size_t i = 0, j = 0;
	while (i < ca || j < cb) {
		int c = i >= ca ? 1 : j >= cb ? -1 : strcmp(na[i], nb[j]);
		const char *name = c <= 0 ? na[i] : nb[j];
		char va[240] = "—", vb[240] = "—";
		if (c <= 0) {
			char *t = report_read_remarks(ra->dir, name);
			report_vec_verdict(t ? t : "", env_or(ra, "cc", "?"), name, va, sizeof va);
			free(t);
		}
		if (c >= 0) {
			char *t = report_read_remarks(rb->dir, name);
			report_vec_verdict(t ? t : "", env_or(rb, "cc", "?"), name, vb, sizeof vb);
			free(t);
		}
		fprintf(fp, "| %s.c |", name);
		text_cell(fp, va);
		text_cell(fp, vb);
		fprintf(fp, " %s |\n", c == 0 && strcmp(va, vb) != 0 ? "**changed**" : "");
		if (c <= 0)
			i++;
		if (c >= 0)
			j++;
	}
	fputs("\n", fp);
done:
	report_free_names(na, ca);
	report_free_names(nb, cb);
}

int compare_write(const char *path, const struct rundata *ra, const struct analysis *aa,
		  const struct rundata *rb, const struct analysis *ab, char *err, size_t errlen)
{
	struct outfile o;
	struct tally t = { 0, 0, 0 };
	if (outfile_open(&o, path, err, errlen) < 0)
		return -1;
	FILE *fp = o.fp;

	fputs("# Comparing two runs\n\n| | A | B |\n| --- | --- | --- |\n", fp);
	fprintf(fp, "| run |");
	text_cell(fp, ra->dir ? ra->dir : "?");
	text_cell(fp, rb->dir ? rb->dir : "?");
	fputs("\n", fp);
	env_row(fp, "CPU", ra, rb, "cpu_model");
	env_row(fp, "compiler", ra, rb, "cc");
	env_row(fp, "version", ra, rb, "cc_version");
	env_row(fp, "kernel flags", ra, rb, "kernel_cflags");
	env_row(fp, "threads", ra, rb, "threads");
	env_row(fp, "date (UTC)", ra, rb, "date_utc");
	fputs("\n", fp);

	static const struct { const char *key, *what; } changes[] = {
		{ "cc", "compiler" }, { "cc_version", "compiler version" },
		{ "kernel_cflags", "kernel flags" }, { "threads", "threads" },
	};
	int nchanged = 0;
	for (size_t i = 0; i < sizeof changes / sizeof changes[0]; i++) {
		const char *a = env_or(ra, changes[i].key, "?"), *b = env_or(rb, changes[i].key, "?");
		if (strcmp(a, b) != 0) {
			fprintf(fp, "%s %s (%s → %s)", nchanged ? "," : "Changed between the runs:",
				changes[i].what, a, b);
			nchanged++;
		}
	}
	fputs(nchanged ? ".\n\n" : "Same compiler, version, flags and threads in both runs.\n\n", fp);
	if (strcmp(env_or(ra, "cpu_model", "?"), env_or(rb, "cpu_model", "?")) != 0)
		fputs("**The CPUs differ**: the ratios compare machines, not compilers.\n\n", fp);

	fputs("Ratios are B/A. A value is marked **faster** or **slower** when the two runs' "
	      "spreads (smallest to largest per-pass median, at least ±1 % of the median) do not "
	      "overlap; an unmarked ratio is within the noise the runs themselves showed. Roofs "
	      "compare their values (best-based) and are marked by their medians' spread; kernels "
	      "compare median GFLOP/s.\n\n", fp);

	/* Tables are written to a buffer first so the summary can lead. */
	char *body = NULL;
	size_t bodylen = 0;
	FILE *mem = open_memstream(&body, &bodylen);
	if (!mem) {
		snprintf(err, errlen, "cannot write %s: out of memory", path);
		outfile_abort(&o);
		return -1;
	}
	fputs("## Roofs\n\n| roof | A | B | B/A | moved |\n| --- | ---: | ---: | ---: | --- |\n", mem);
	for (size_t i = 0; i < aa->nroofs; i++)
		roof_row(mem, &aa->roofs[i], roof_named(ab, aa->roofs[i].name), &t);
	for (size_t i = 0; i < ab->nroofs; i++)
		if (!roof_named(aa, ab->roofs[i].name))
			roof_row(mem, NULL, &ab->roofs[i], &t);
	if (!aa->nroofs && !ab->nroofs)
		fputs("| (no roofs in either run) | | | | |\n", mem);
	fputs("\n## Kernels (median GFLOP/s)\n\n| kernel | param | level | A | B | B/A | moved |\n"
	      "| --- | --- | --- | ---: | ---: | ---: | --- |\n", mem);
	for (size_t i = 0; i < aa->npoints; i++)
		point_row(mem, &aa->points[i], point_like(ab, &aa->points[i]), &t);
	for (size_t i = 0; i < ab->npoints; i++)
		if (!point_like(aa, &ab->points[i]))
			point_row(mem, NULL, &ab->points[i], &t);
	if (!aa->npoints && !ab->npoints)
		fputs("| (no kernels group in either run) | | | | | | |\n", mem);
	fputs("\n", mem);
	remarks_section(mem, ra, aa, rb, ab);
	if (fclose(mem) != 0) {
		free(body);
		snprintf(err, errlen, "cannot write %s: out of memory", path);
		outfile_abort(&o);
		return -1;
	}
	fprintf(fp, "**%d of %d values moved beyond the runs' spread: %d faster, %d slower.**\n\n",
		t.faster + t.slower, t.compared, t.faster, t.slower);
	fwrite(body, 1, bodylen, fp);
	free(body);
	return outfile_commit(&o, err, errlen);
}
