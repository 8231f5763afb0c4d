/*
 * fleet_report.c - fleet-roofs.csv, fleet-nodes.csv and the fleet's report.md
 * (fleet_report.h), from a fleet directory and its analysis (fleet.h).
 */
#include "fleet_report.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "markdown.h"
#include "util.h"

const char *fleet_report_trouble(const struct fleet_node *n)
{
	if (strcmp(n->status, "ok") != 0)
		return "failed";
	return n->loaded ? NULL : "unreadable";
}

static const char *move_name(enum fleet_move m)
{
	return m == FLEET_BELOW ? "below" : m == FLEET_ABOVE ? "above" : "";
}

/* %.9g, or an empty cell for a missing number. */
static void csv_number(FILE *fp, double v)
{
	if (isfinite(v))
		fprintf(fp, "%.9g", v);
}

int fleet_report_write_csv(const char *dir, const struct fleet_dir *fd, const struct fleet *f, char *err,
			   size_t errlen)
{
	char *path = path_join(dir, "fleet-roofs.csv");
	struct outfile o;
	int rc = outfile_open(&o, path, err, errlen);
	free(path);
	if (rc != 0)
		return -1;
	fputs("name,unit,median,lo,hi,nodes\n", o.fp);
	for (size_t r = 0; r < f->nroofs; r++) {
		const struct fleet_roof *fr = &f->roofs[r];
		csv_field(o.fp, fr->name);
		fprintf(o.fp, ",%s,", fr->unit);
		csv_number(o.fp, fr->median);
		fputc(',', o.fp);
		csv_number(o.fp, fr->lo);
		fputc(',', o.fp);
		csv_number(o.fp, fr->hi);
		fprintf(o.fp, ",%zu\n", fr->n);
	}
	if (outfile_commit(&o, err, errlen) != 0)
		return -1;

	path = path_join(dir, "fleet-nodes.csv");
	rc = outfile_open(&o, path, err, errlen);
	free(path);
	if (rc != 0)
		return -1;
	fputs("node,name,unit,value,ratio,ratio_lo,ratio_hi,outside\n", o.fp);
	for (size_t i = 0; i < fd->n; i++)
		for (size_t r = 0; r < f->nroofs; r++) {
			const struct fleet_roof *fr = &f->roofs[r];
			if (!isfinite(fr->value[i]))
				continue;
			csv_field(o.fp, fd->nodes[i].name);
			fputc(',', o.fp);
			csv_field(o.fp, fr->name);
			fprintf(o.fp, ",%s,", fr->unit);
			csv_number(o.fp, fr->value[i]);
			fputc(',', o.fp);
			csv_number(o.fp, fr->ratio[i]);
			fputc(',', o.fp);
			csv_number(o.fp, fr->ratio_lo[i]);
			fputc(',', o.fp);
			csv_number(o.fp, fr->ratio_hi[i]);
			fprintf(o.fp, ",%s\n", move_name(fr->moved[i]));
		}
	return outfile_commit(&o, err, errlen);
}

/* Whole percent, but a tenth below 10 %, so a 2.4 % spread does not read "2 %". */
static const char *pct(double fraction, char *buf, size_t size)
{
	double p = fabs(fraction) * 100;
	snprintf(buf, size, p < 9.95 ? "%.1f %%" : "%.0f %%", p);
	return buf;
}

const char *fleet_report_outside_line(const struct fleet_dir *fd, const struct fleet *f, size_t i, char *buf,
				      size_t size)
{
	struct buf b = { 0 };
	size_t count = 0, nodes = 0;
	char p[32];
	for (size_t r = 0; r < f->nroofs; r++) {
		const struct fleet_roof *fr = &f->roofs[r];
		if (!fr->judged || fr->moved[i] == FLEET_WITHIN)
			continue;
		buf_addf(&b, "%s%s %s %s", count ? ", " : "", fr->name, pct(fr->ratio[i] - 1, p, sizeof p),
			 fr->moved[i] == FLEET_BELOW ? "below" : "above");
		nodes = fr->n;
		count++;
	}
	if (count)
		buf_addf(&b, " the median of %zu nodes", nodes);
	if (!count) {
		snprintf(buf, size, "%s", "");
		return buf;
	}
	char *s = buf_take(&b);
	snprintf(buf, size, "node %s: %s; its other roofs are within %s", fd->nodes[i].name, s,
		 pct(fleet_member_max_within(f, i), p, sizeof p));
	free(s);
	return buf;
}

/* The table: one row per node with a run, then the median and the range; the judged roofs as columns. */
static void write_table(FILE *fp, const struct fleet_dir *fd, const struct fleet *f)
{
	char v[32], w[32];
	fputs("| node |", fp);
	for (size_t r = 0; r < f->nroofs; r++)
		if (f->roofs[r].judged)
		{
			fputs(" ", fp);
			md_text(fp, f->roofs[r].name);
			fputs(" |", fp);
		}
	fputs("\n| --- |", fp);
	for (size_t r = 0; r < f->nroofs; r++)
		if (f->roofs[r].judged)
			fputs(" ---: |", fp);
	fputc('\n', fp);
	for (size_t i = 0; i < fd->n; i++) {
		if (!fd->nodes[i].loaded)
			continue;
		fprintf(fp, "| %s |", fd->nodes[i].name);
		for (size_t r = 0; r < f->nroofs; r++) {
			const struct fleet_roof *fr = &f->roofs[r];
			if (!fr->judged)
				continue;
			/* A value outside the fleet is bold, with its signed distance from the median. */
			if (fr->moved[i] != FLEET_WITHIN)
				fprintf(fp, " **%s** (%+.0f %%) |", md_rate(fr->value[i], v, sizeof v),
					(fr->ratio[i] - 1) * 100);
			else
				fprintf(fp, " %s |", md_rate(fr->value[i], v, sizeof v));
		}
		fputc('\n', fp);
	}
	fputs("| **median** |", fp);
	for (size_t r = 0; r < f->nroofs; r++)
		if (f->roofs[r].judged)
			fprintf(fp, " **%s** |", md_rate(f->roofs[r].median, v, sizeof v));
	fputs("\n| range |", fp);
	for (size_t r = 0; r < f->nroofs; r++)
		if (f->roofs[r].judged)
			fprintf(fp, " %s – %s |", md_rate(f->roofs[r].lo, v, sizeof v),
				md_rate(f->roofs[r].hi, w, sizeof w));
	fputc('\n', fp);
	fputs("| unit |", fp);
	for (size_t r = 0; r < f->nroofs; r++)
		if (f->roofs[r].judged)
			fprintf(fp, " %s |", f->roofs[r].unit);
	fputs("\n\n", fp);
}

static void write_differences(FILE *fp, const struct fleet_dir *fd, const struct fleet *f)
{
	fputs("## How the nodes differ\n\n", fp);
	int any = 0;
	for (int a = 0; a < FLEET_NASPECTS; a++) {
		const struct fleet_difference *d = &f->diff[a];
		if (!d->ndiffer)
			continue;
		any = 1;
		/* The usual value is the nodes' env.csv text, like each node's own below. */
		fprintf(fp, "- %s: the usual is ", fleet_aspect_name(d->aspect));
		md_cell_text(fp, d->usual);
		fprintf(fp, "%s (%zu of %zu nodes); ", d->aspect == FLEET_CLOCK ? " (the median)" : "",
			f->nloaded - d->ndiffer, f->nloaded);
		size_t k = 0;
		for (size_t i = 0; i < fd->n; i++)
			if (d->differs[i]) {
				fprintf(fp, "%snode %s has ", k++ ? ", " : "", fd->nodes[i].name);
				md_cell_text(fp, d->value[i]);
			}
		fputs(".\n", fp);
	}
	if (!any)
		fputs("Every node has the same CPU model, caches and compiler, and a clock within 3 % of the "
		      "median.\n", fp);
	fputs("\n", fp);
	for (int a = 0; a < FLEET_NASPECTS; a++)
		if (!f->diff[a].ndiffer && f->diff[a].usual[0]) {
			fprintf(fp, "- %s: ", fleet_aspect_name((enum fleet_aspect)a));
			md_cell_text(fp, f->diff[a].usual);
			fputs(a == FLEET_CLOCK ? " (the median)\n" : "\n", fp);
		}
	fputs("\n", fp);
}

int fleet_report_write(const char *path, const struct fleet_dir *fd, const struct fleet *f, char *err,
		       size_t errlen)
{
	struct outfile o;
	if (outfile_open(&o, path, err, errlen) != 0)
		return -1;
	FILE *fp = o.fp;
	size_t failed = 0;
	for (size_t i = 0; i < fd->n; i++)
		failed += fleet_report_trouble(&fd->nodes[i]) != NULL;
	fprintf(fp, "# Fleet roofline: %zu node%s\n\n", fd->n, fd->n == 1 ? "" : "s");
	/* Paths in code spans that may hold backticks themselves (md_code). */
	char *again = xasprintf("roofline report %s/nodes/<node>", fd->dir);
	fputs("Fleet directory ", fp);
	md_code(fp, fd->dir);
	fprintf(fp, ": %zu node%s measured and read, %zu failed or unreadable. Each node's own run is an "
		"ordinary run directory (", f->nloaded, f->nloaded == 1 ? "" : "s", failed);
	md_code(fp, again);
	fputs(").\n\n", fp);
	free(again);

	fputs("## Every node's roofs\n\n", fp);
	if (f->nloaded)
		write_table(fp, fd, f);
	else
		fputs("No node has a run that could be read.\n\n", fp);

	fputs("## Outside the fleet's spread\n\n", fp);
	char p[32], line[1024];
	char q[32];
	if (!isfinite(f->threshold)) {
		fprintf(fp, "Fewer than %d nodes with a run: the median of two cannot say which of them is off, "
			"so nothing is judged (the table has each node's roofs).\n\n", FLEET_MIN_NODES);
	} else {
		/* The threshold is on |ln ratio|: as far above the median as below, in ratio. */
		fprintf(fp, "A node's roof is outside when its own pass-to-pass spread excludes the fleet's "
			"median and it lies more than %s above or %s below it: %.1f times the difference that "
			"%.0f %% of the nodes' roofs stay within (as a log ratio), and at least %.0f %%.\n\n",
			pct(exp(f->threshold) - 1, p, sizeof p), pct(1 - exp(-f->threshold), q, sizeof q),
			FLEET_SPREAD_FACTOR, FLEET_SPREAD_QUANTILE * 100, FLEET_MIN_MOVE * 100);
		int any = 0;
		for (size_t i = 0; i < fd->n; i++) {
			fleet_report_outside_line(fd, f, i, line, sizeof line);
			if (*line) {
				fputs("- ", fp);
				md_cell_text(fp, line);
				fputc('\n', fp);
				any = 1;
			}
		}
		if (!any)
			fprintf(fp, "No node is outside: every roof of every node is within the threshold of the "
				"median of %zu nodes, or within the node's own noise.\n", f->nloaded);
		fputs("\n", fp);
	}

	write_differences(fp, fd, f);

	if (failed) {
		fputs("## Nodes that failed\n\n", fp);
		for (size_t i = 0; i < fd->n; i++) {
			const struct fleet_node *n = &fd->nodes[i];
			const char *t = fleet_report_trouble(n);
			if (!t)
				continue;
			fprintf(fp, "- node %s: ", n->name);
			md_cell_text(fp, strcmp(t, "failed") == 0 ? n->status : n->problem);
			struct stat st;
			int kept = n->dir && stat(n->dir, &st) == 0 && S_ISDIR(st.st_mode);
			fputs(kept ? "; what it measured is kept in " : "; nothing of it arrived (no ", fp);
			md_code(fp, n->run);
			fputs(kept ? ", left out of the fleet's figures.\n" : ").\n", fp);
		}
		fputs("\n", fp);
	}
	return outfile_commit(&o, err, errlen);
}
