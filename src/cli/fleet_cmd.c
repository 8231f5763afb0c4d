/*
 * fleet_cmd.c - fit, plot and report of a fleet directory (fleet.csv, measure --mpi):
 * every node's run loaded and fitted, and the fleet's analysis; the fit,
 * plot and report commands hand a fleet here.
 */
#include "fleet_cmd.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cliargs.h"
#include "fitout.h"
#include "fleet_report.h"
#include "plot_fleet.h"
#include "util.h"

/* The fit written into dir, as `fit` writes it (a fleet's nodes, below). */
static void write_fit(const char *dir, const struct analysis *a)
{
	char err[512];
	if (fitout_write(dir, a, err, sizeof err) != 0)
		die(EXIT_FAILED, "%s", err);
}

/*
 * A fleet directory (fleet.csv, measure --mpi): every node's run loaded and
 * fitted, and the fleet's analysis. A bad fleet.csv is bad input; a node
 * whose run will not load is named in what is written and left out of the
 * rest. With `write` (fit, the one writer), each node's fit is written beside
 * it as `fit` writes one run's, and fleet-roofs.csv and fleet-nodes.csv into
 * the fleet; plot and report fit in memory and leave a fleet as found (a
 * read-only or archived one is drawn).
 */
static void load_fleet(const char *dir, struct fleet_dir *fd, struct fleet *f, int write)
{
	char err[512];
	if (fleet_dir_load(dir, fd, err, sizeof err) != 0)
		die(EXIT_USAGE, "%s", err);
	for (size_t i = 0; write && i < fd->n; i++)
		if (fd->nodes[i].loaded)
			write_fit(fd->nodes[i].dir, fd->nodes[i].a);
	struct fleet_member *m = fleet_dir_members(fd);
	fleet_build(m, fd->n, f);
	free(m);
	/* With no node left the caller says so, in its one line; else each left out is a warning. */
	for (size_t i = 0; f->nloaded && i < fd->n; i++)
		if (fd->nodes[i].problem[0])
			util_warn("node %s left out: %s", fd->nodes[i].name, fd->nodes[i].problem);
	if (write && fleet_report_write_csv(dir, fd, f, err, sizeof err) != 0)
		die(EXIT_FAILED, "%s", err);
}

int cli_fit_fleet(const char *dir)
{
	struct fleet_dir fd;
	struct fleet f;
	load_fleet(dir, &fd, &f, 1);
	char line[1024];
	printf("fleet %s: %zu node%s, %zu with a run; fleet-roofs.csv and fleet-nodes.csv written\n", dir, fd.n,
	       fd.n == 1 ? "" : "s", f.nloaded);
	for (size_t i = 0; i < fd.n; i++) {
		const char *t = fleet_report_trouble(&fd.nodes[i]);
		if (t)
			printf("node %s: %s: %s\n", fd.nodes[i].name, t,
			       strcmp(t, "failed") == 0 ? fd.nodes[i].status : fd.nodes[i].problem);
		else if (*fleet_report_outside_line(&fd, &f, i, line, sizeof line))
			printf("%s\n", line);
	}
	fleet_free(&f);
	fleet_dir_free(&fd);
	if (fflush(stdout) != 0 || ferror(stdout))
		die(EXIT_FAILED, "cannot write the summary to standard output: %s", strerror(errno));
	return 0;
}

int cli_report_fleet(const char *dir, const char *out)
{
	struct fleet_dir fd;
	struct fleet f;
	char err[512];
	load_fleet(dir, &fd, &f, 0);
	cli_ensure_dir(out);
	char *path = path_join(out, "report.md");
	if (fleet_report_write(path, &fd, &f, err, sizeof err) != 0)
		die(EXIT_FAILED, "%s", err);
	fprintf(stderr, "roofline: wrote %s\n", path);
	free(path);
	fleet_free(&f);
	fleet_dir_free(&fd);
	return 0;
}

int cli_plot_fleet(const char *dir, const char *out, const char *formats, int width, int height)
{
	struct fleet_dir fd;
	struct fleet f;
	char err[512], *save = NULL;
	load_fleet(dir, &fd, &f, 0);
	if (!f.nloaded) {
		const struct fleet_node *n = fd.nodes;
		for (size_t i = 0; i < fd.n && !n->problem[0]; i++)
			n = &fd.nodes[i];
		die(EXIT_USAGE, "%s: no node has a run that could be read, nothing to draw (node %s: %s)", dir, n->name,
		    n->problem[0] ? n->problem : n->status);
	}
	cli_ensure_dir(out);
	char *list = xstrdup(formats);
	for (char *fmt = strtok_r(list, ",", &save); fmt; fmt = strtok_r(NULL, ",", &save)) {
		int counts[2] = { 1, 0 }, ncounts = 1;
		/* One core, and all cores where the nodes measured more (CONTRACT: roofline-allcores). */
		for (size_t r = 0; r < f.nroofs; r++)
			if (f.roofs[r].threads > counts[0] && f.roofs[r].threads > counts[1]) {
				counts[1] = f.roofs[r].threads;
				ncounts = 2;
			}
		for (int c = 0; c < ncounts; c++) {
			char *name = xasprintf("roofline%s.%s", c ? "-allcores" : "", fmt);
			char *path = path_join(out, name);
			struct plot_fleet_view v = { &fd, &f, counts[c] };
			if (plot_fleet_draw(&v, &(struct plot_file){ path, fmt, width, height }, err, sizeof err) != 0)
				die(EXIT_FAILED, "%s", err);
			fprintf(stderr, "roofline: wrote %s\n", path);
			free(name);
			free(path);
		}
	}
	free(list);
	fleet_free(&f);
	fleet_dir_free(&fd);
	return 0;
}
