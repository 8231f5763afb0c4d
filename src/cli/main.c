/*
 * main.c - the command line: one table of commands, as git.c keeps them.
 * Every error is one line on stderr starting with "roofline:"; exit status
 * 0 done, 1 failed while running, 2 bad usage or bad input.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "analysis.h"
#include "compare_cmd.h"
#include "describe_cmd.h"
#include "fitout.h"
#include "fleet.h"
#include "fleet_dir.h"
#include "fleet_mpi.h"
#include "fleet_report.h"
#include "plot_fleet.h"
#include "gnuplot.h"
#include "help.h"
#include "measure.h"
#include "plot_cairo.h"
#include "cliargs.h"
#include "plotargs.h"
#include "report.h"
#include "report_html.h"
#include "rundata.h"
#include "userpoints.h"
#include "util.h"
#include "version.h"

/* A points file (--points), placed under a's roofs; bad input exits 2. */
static void load_points(const char *path, const struct analysis *a, struct userpoints *up)
{
	char err[512];
	if (userpoints_load(path, up, err, sizeof err) != 0 ||
	    userpoints_place(a, up, err, sizeof err) != 0)
		die(EXIT_USAGE, "%s", err);
}

/* The fit written into dir, as `fit` writes it (a fleet's nodes, below). */
static void write_fit(const char *dir, const struct analysis *a)
{
	char err[512];
	if (fitout_write(dir, a, err, sizeof err) != 0)
		die(EXIT_FAILED, "%s", err);
}

/*
 * The fit that plot draws, written with its output (OUT/fit/: roofs.csv,
 * points.csv, sweep.csv, chains.csv) for the gnuplot scripts to read: plot
 * and report leave the run directory as they found it (it may be read-only,
 * an archived or a colleague's run), and a stale fit there cannot reach a
 * figure.
 */
static char *write_fit_beside(const char *out, const struct analysis *a)
{
	char err[1024];
	char *dir = path_join(out, "fit");
	cli_ensure_dir(dir);
	if (fitout_write(dir, a, err, sizeof err) != 0)
		die(EXIT_FAILED, "%s", err);
	return dir;
}

/*
 * What plot and report both do first: the paths checked, the run loaded and
 * fitted (in memory), the user's points placed (when a points file is
 * given), the output directory made.
 */
static struct analysis *load_for_output(const char *cmd, const char *dir, const char *points,
					const char *out, struct rundata *run, struct userpoints *up)
{
	want_plain_path(cmd, "run directory", dir);
	want_plain_path(cmd, "--out", out);
	if (points)
		want_plain_path(cmd, "--points", points);
	struct analysis *a = xcalloc(1, sizeof *a);
	cli_load_run(dir, run, a);
	if (points)
		load_points(points, a, up);
	cli_ensure_dir(out);
	return a;
}

/* measure's options, one at a time */
enum { MO_OUT = 256, MO_QUICK, MO_ONLY, MO_THREADS, MO_PASSES, MO_TRIALS, MO_WARMUP, MO_MAXSIZE,
       MO_MINTIME, MO_LEVELS, MO_LIST, MO_MPI, MO_BUDGET, MO_SIMULATE, MO_SEED };

/* One option of measure's into `o`: 1 when it was --list (printed; measure ends). */
static int measure_option(int c, struct measure_opts *o, int *mpi)
{
	switch (c) {
	case MO_OUT:
		if (!*optarg)
			die(EXIT_USAGE, "measure: --out '': want a directory name");
		want_plain_path("measure", "--out", optarg);
		o->out_dir = optarg;
		break;
	case MO_QUICK:
		break;
	case MO_ONLY:
		if (measure_parse_groups(optarg, &o->groups) != 0)
			die(EXIT_USAGE, "measure: --only '%s': want a comma list of bandwidth, peak, kernels",
			    optarg);
		break;
	case MO_THREADS: {
		char err[160];
		if (measure_parse_threads(optarg, o, err, sizeof err) != 0)
			die(EXIT_USAGE, "measure: --threads '%s': %s", optarg, err);
		break;
	}
	case MO_PASSES:
		o->passes = parse_count("measure", "--passes", optarg, 1);
		break;
	case MO_TRIALS:
		o->trials = parse_count("measure", "--trials", optarg, 1);
		break;
	case MO_WARMUP:
		o->warmup = parse_count("measure", "--warmup", optarg, 0);
		break;
	case MO_MAXSIZE:
		if (parse_bytes(optarg, &o->max_size) != 0 || o->max_size < 32768 ||
		    o->max_size > 64.0 * 1073741824)
			die(EXIT_USAGE, "measure: --max-size '%s': want bytes per array from 32k to 64G (e.g. 256M)",
			    optarg);
		break;
	case MO_MINTIME:
		if (parse_double(optarg, &o->min_time) != 0 || !(o->min_time >= 1e-5 && o->min_time <= 10))
			die(EXIT_USAGE, "measure: --min-time '%s': want seconds from 1e-5 to 10", optarg);
		break;
	case MO_BUDGET:
		if (parse_double(optarg, &o->budget) != 0 ||
		    !(o->budget >= MEASURE_MIN_BUDGET_S && o->budget <= MEASURE_MAX_BUDGET_S))
			die(EXIT_USAGE, "measure: --budget '%s': want seconds from %g to %g", optarg,
			    MEASURE_MIN_BUDGET_S, MEASURE_MAX_BUDGET_S);
		break;
	case MO_LEVELS:
		if (measure_parse_levels(optarg, &o->levels) != 0)
			die(EXIT_USAGE, "measure: --levels '%s': want a comma list of dram, l2, l1",
			    optarg);
		break;
	case MO_SIMULATE:
		want_plain_path("measure", "--simulate", optarg);
		o->simulate = optarg;
		break;
	case MO_SEED: {
		long seed;
		if (parse_long(optarg, &seed) != 0 || seed < 0)
			die(EXIT_USAGE, "measure: --seed '%s': want a whole number >= 0", optarg);
		o->seed = (unsigned long)seed;
		break;
	}
	case MO_LIST:
		measure_list();
		return 1;
	case MO_MPI:
		/* Said at once, before any other option is judged: a test tells the builds apart by it. */
		if (!fleet_mpi_available())
			die(EXIT_USAGE, "measure --mpi: this build has no MPI (Open MPI's mpicc was not found "
			    "when it was built: install libopenmpi-dev and rebuild)");
		*mpi = 1;
		break;
	}
	return 0;
}

static int cmd_measure(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "out", required_argument, NULL, MO_OUT },
		{ "quick", no_argument, NULL, MO_QUICK },
		{ "only", required_argument, NULL, MO_ONLY },
		{ "threads", required_argument, NULL, MO_THREADS },
		{ "passes", required_argument, NULL, MO_PASSES },
		{ "trials", required_argument, NULL, MO_TRIALS },
		{ "warmup", required_argument, NULL, MO_WARMUP },
		{ "max-size", required_argument, NULL, MO_MAXSIZE },
		{ "min-time", required_argument, NULL, MO_MINTIME },
		{ "budget", required_argument, NULL, MO_BUDGET },
		{ "levels", required_argument, NULL, MO_LEVELS },
		{ "list", no_argument, NULL, MO_LIST },
		{ "mpi", no_argument, NULL, MO_MPI },
		{ "simulate", required_argument, NULL, MO_SIMULATE },
		{ "seed", required_argument, NULL, MO_SEED },
		{ NULL, 0, NULL, 0 },
	};
	int mpi = 0;
	/* Quick changes the defaults, so find it first; explicit options win. */
	int quick = 0;
	for (int i = 1; i < argc; i++)
		if (strcmp(argv[i], "--quick") == 0)
			quick = 1;
	struct measure_opts o;
	measure_defaults(&o, quick);
	int c;
	while ((c = next_option("measure", argc, argv, longopts)) != -1)
		if (measure_option(c, &o, &mpi))
			return 0;
	want_positional("measure", argc, 0);
	if (mpi) {
		/* Each rank runs this same measure, without --mpi, on its own node (src/fleet/fleet_mpi.c). */
		return fleet_mpi_measure(o.out_dir, argc, argv);
	}
	return measure_run(&o);
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

static int fit_fleet(const char *dir)
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

static int report_fleet(const char *dir, const char *out)
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

static int plot_fleet(const char *dir, const char *out, const char *formats, int width, int height)
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

static int cmd_fit(int argc, char **argv)
{
	static const struct option longopts[] = { { NULL, 0, NULL, 0 } };
	while (next_option("fit", argc, argv, longopts) != -1)
		;
	want_positional("fit", argc, 1);
	const char *dir = argv[optind];
	if (fleet_dir_is(dir))
		return fit_fleet(dir);
	struct rundata run;
	struct analysis *a = xcalloc(1, sizeof *a);
	char err[512];
	cli_load_run(dir, &run, a);
	if (fitout_write(dir, a, err, sizeof err) != 0)
		die(EXIT_FAILED, "%s", err);
	fitout_print_summary(stdout, &run, a);
	free(a);
	rundata_free(&run);
	if (fflush(stdout) != 0 || ferror(stdout))
		die(EXIT_FAILED, "cannot write the summary to standard output: %s", strerror(errno));
	return 0;
}

/* What plot was asked for. */
struct plot_args {
	const char *dir, *out, *formats, *points, *title;
	int width, height;
	int threads;          /* --threads N, or 0: the run's smallest */
};

/* Draws one figure (roofline.FMT or roofline-allcores.FMT) in every format of the list. */
static void plot_formats(const struct plot_args *pa, const char *stem, const struct analysis *a,
			 const struct plot_meta *meta)
{
	char *list = xstrdup(pa->formats), *save = NULL, err[512];
	for (char *f = strtok_r(list, ",", &save); f; f = strtok_r(NULL, ",", &save)) {
		char *name = xasprintf("%s.%s", stem, f);
		char *path = path_join(pa->out, name);
		if (plot_roofline(a, meta, &(struct plot_file){ path, f, pa->width, pa->height }, err, sizeof err) != 0)
			die(EXIT_FAILED, "%s", err);
		fprintf(stderr, "roofline: wrote %s\n", path);
		free(name);
		free(path);
	}
	free(list);
}


/*
 * plot's options and its one positional argument, every format checked
 * before anything is drawn.
 */
static void parse_plot_args(int argc, char **argv, struct plot_args *pa)
{
	enum { O_OUT = 256, O_FORMAT, O_SIZE, O_POINTS, O_THREADS, O_TITLE };
	static const struct option longopts[] = {
		{ "out", required_argument, NULL, O_OUT },
		{ "format", required_argument, NULL, O_FORMAT },
		{ "size", required_argument, NULL, O_SIZE },
		{ "points", required_argument, NULL, O_POINTS },
		{ "threads", required_argument, NULL, O_THREADS },
		{ "title", required_argument, NULL, O_TITLE },
		{ NULL, 0, NULL, 0 },
	};
	int c;
	*pa = (struct plot_args){ .out = "plots", .formats = "png", .width = 1600, .height = 1000 };
	while ((c = next_option("plot", argc, argv, longopts)) != -1) {
		if (c == O_OUT)
			pa->out = optarg;
		else if (c == O_FORMAT)
			pa->formats = optarg;
		else if (c == O_SIZE)
			plotargs_size(optarg, &pa->width, &pa->height);
		else if (c == O_POINTS)
			pa->points = optarg;
		else if (c == O_THREADS)
			pa->threads = plotargs_threads("plot", optarg);
		else if (c == O_TITLE)
			pa->title = plotargs_title(optarg);
	}
	want_positional("plot", argc, 1);
	pa->dir = argv[optind];
	/* An empty list would draw nothing. */
	char *list = xstrdup(pa->formats), *save = NULL;
	int nformats = 0;
	for (char *f = strtok_r(list, ",", &save); f; f = strtok_r(NULL, ",", &save), nformats++)
		if (strcmp(f, "png") && strcmp(f, "svg") && strcmp(f, "pdf"))
			die(EXIT_USAGE, "plot: --format '%s': want a comma list of png, svg, pdf", f);
	free(list);
	if (!nformats)
		die(EXIT_USAGE, "plot: --format '%s': want a comma list of png, svg, pdf", pa->formats);
}

/* want among the run's thread counts, or "1, 2" (the counts it has) into have. */
static int has_thread_count(const int *counts, size_t ncounts, int want, char *have, size_t len)
{
	size_t n = 0;

	have[0] = '\0';
	for (size_t j = 0; j < ncounts; j++) {
		if (counts[j] == want)
			return 1;
		if (n < len)
			n += (size_t)snprintf(have + n, len - n, "%s%d", j ? ", " : "", counts[j]);
	}
	return 0;
}

/*
 * One thread count a figure: the smallest (one core) unless --threads says
 * otherwise, and the largest in roofline-allcores beside it, its legend
 * scaling each roof from the first figure's count. A --threads the run did
 * not measure is bad usage (a, run and up freed first: the sanitizer pass
 * counts what an early exit leaves).
 */
static int plot_threads(const struct plot_args *pa, const int *counts, size_t ncounts,
			struct analysis *a, struct rundata *run, struct userpoints *up)
{
	char have[128];

	if (!pa->threads)
		return ncounts ? counts[0] : 1;
	if (has_thread_count(counts, ncounts, pa->threads, have, sizeof have))
		return pa->threads;
	int plural = !(ncounts == 1 && counts[0] == 1);
	userpoints_free(up);
	free(a);
	rundata_free(run);
	die(EXIT_USAGE, "plot: --threads %d: %s measured %s thread%s", pa->threads, pa->dir,
	    ncounts ? have : "no", plural ? "s" : "");
}

/* The gnuplot scripts render in the same formats as the cairo figure. */
static void render_gnuplot(const char *out, const char *formats)
{
	char *list = xstrdup(formats), *save = NULL, err[512];
	for (char *f = strtok_r(list, ",", &save); f; f = strtok_r(NULL, ",", &save)) {
		int r = gnuplot_render_as(out, f, err, sizeof err);
		if (r < 0)
			die(EXIT_FAILED, "%s", err);
		if (r > 0) {
			fprintf(stderr, "roofline: gnuplot is not installed: the .gp scripts in %s are "
				"written, not rendered\n", out);
			break;
		}
	}
	free(list);
}

static int cmd_plot(int argc, char **argv)
{
	struct plot_args pa;
	parse_plot_args(argc, argv, &pa);
	const char *dir = pa.dir, *out = pa.out, *formats = pa.formats, *points = pa.points;
	int width = pa.width, height = pa.height;
	if (fleet_dir_is(dir)) {
		if (points)
			die(EXIT_USAGE, "plot: --points: %s is a fleet directory: plot one node's run with them (%s/nodes/<node>)",
			    dir, dir);
		return plot_fleet(dir, out, formats, width, height);
	}
	struct rundata run;
	struct userpoints up = { 0 };
	struct analysis *a = load_for_output("plot", dir, points, out, &run, &up);
	char *fit_dir = write_fit_beside(out, a);
	char err[512];
	int counts[ANALYSIS_MAX_THREAD_COUNTS];
	size_t ncounts = figure_thread_counts(a, counts, ANALYSIS_MAX_THREAD_COUNTS);
	int threads = plot_threads(&pa, counts, ncounts, a, &run, &up);
	/* The user's points go to the figure of their own thread count, as the report judges them. */
	struct userpoints u1 = { 0 }, un = { 0 };
	size_t shown = points ? figure_select_users(&up, threads, &u1) : 0;
	struct analysis *one = xmalloc(sizeof *one);
	figure_select_threads(a, threads, one);
	struct plot_meta meta = {
		.cpu_model = run.info.cpu_model,
		.compiler = run.info.cc,
		.compiler_version = run.info.cc_version,
		.kernel_cflags = run.info.kernel_cflags,
		.date_utc = run.info.date_utc,
		.threads = threads,
		.user = points ? &u1 : NULL,
		.title = pa.title,
		.interrupted = run.info.interrupted,
	};
	plot_formats(&pa, "roofline", one, &meta);
	if (ncounts > 1) {
		int all = counts[ncounts - 1];
		struct analysis *many = xmalloc(sizeof *many);
		figure_select_threads(a, all, many);
		if (all == threads)
			figure_select_threads(a, counts[0], one);
		struct plot_meta mm = meta;
		mm.threads = all;
		mm.user = NULL;
		if (points && all != threads) {
			shown += figure_select_users(&up, all, &un);
			mm.user = &un;
		}
		mm.base = one;
		plot_formats(&pa, "roofline-allcores", many, &mm);
		free(many);
	}
	if (points && shown < up.n)
		util_warn("%s: %zu of its %zu points are of a thread count no figure shows; report.md places them",
			  points, up.n - shown, up.n);
	/* roofline.gp draws roofline.png's scene: the same thread count, title and points. */
	struct gnuplot_job job = { .run_dir = fit_dir, .out_dir = out, .templates_dir = gnuplot_templates_dir(argv[0]),
				   .run = &run, .a = a, .meta = &meta };
	int gp_failed = gnuplot_write(&job, err, sizeof err) != 0;
	free(one);
	free(u1.v);
	free(un.v);
	if (gp_failed)
		die(EXIT_FAILED, "%s", err);
	free(fit_dir);
	render_gnuplot(out, formats);
	userpoints_free(&up);
	free(a);
	rundata_free(&run);
	return 0;
}

static int cmd_report(int argc, char **argv)
{
	enum { O_OUT = 256, O_POINTS, O_FORMAT };
	static const struct option longopts[] = {
		{ "out", required_argument, NULL, O_OUT },
		{ "points", required_argument, NULL, O_POINTS },
		{ "format", required_argument, NULL, O_FORMAT },
		{ NULL, 0, NULL, 0 },
	};
	const char *out = "plots", *points = NULL, *formats = NULL;
	int c, md, html;
	while ((c = next_option("report", argc, argv, longopts)) != -1) {
		if (c == O_OUT)
			out = optarg;
		else if (c == O_POINTS)
			points = optarg;
		else if (c == O_FORMAT)
			formats = optarg;
	}
	plotargs_report_formats(formats ? formats : "md,html", &md, &html);
	want_positional("report", argc, 1);
	const char *dir = argv[optind];
	if (fleet_dir_is(dir)) {
		if (points)
			die(EXIT_USAGE, "report: --points: %s is a fleet directory: report one node's run with them (%s/nodes/<node>)",
			    dir, dir);
		/* A fleet's report is report.md alone: its page is not built (yet). */
		if (formats && !md)
			die(EXIT_USAGE, "report: --format '%s': %s is a fleet directory, reported in report.md only",
			    formats, dir);
		return report_fleet(dir, out);
	}
	struct rundata run;
	struct userpoints up = { 0 };
	struct analysis *a = load_for_output("report", dir, points, out, &run, &up);
	char err[512];
	/* The model's symptoms, once for both pages. */
	struct symptoms sy;
	symptoms_check(&run, a, points ? &up : NULL, &sy);
	char *path = path_join(out, "report.md");
	if (md && report_write_points(path, &run, a, points ? &up : NULL, &sy, err, sizeof err) != 0)
		die(EXIT_FAILED, "%s", err);
	if (md)
		fprintf(stderr, "roofline: wrote %s\n", path);
	free(path);
	path = path_join(out, "report.html");
	if (html && report_html_write(path, &run, a, points ? &up : NULL, &sy, err, sizeof err) != 0)
		die(EXIT_FAILED, "%s", err);
	if (html)
		fprintf(stderr, "roofline: wrote %s\n", path);
	free(path);
	userpoints_free(&up);
	free(a);
	rundata_free(&run);
	return 0;
}

/* roofline help [COMMAND] [--man]: the usage, one command's help, or the man page (src/cli/help.c). */
static int cmd_help(int argc, char **argv)
{
	if (argc == 2 && strcmp(argv[1], "--man") == 0)
		help_man(stdout, ROOFLINE_VERSION);
	else if (argc == 1)
		help_usage(stdout);
	else if (argc == 2 && help_find(argv[1]))
		help_command_print(stdout, help_find(argv[1]));
	else
		usage_error("help", argc == 2 ? "no such command" : "want one command name");
	return fflush(stdout) == 0 ? 0 : EXIT_FAILED;
}

static const struct command {
	const char *name;
	int (*fn)(int argc, char **argv);
} commands[] = {
	{ "compare", cmd_compare },
	{ "describe", cmd_describe },
	{ "fit", cmd_fit },
	{ "help", cmd_help },
	{ "measure", cmd_measure },
	{ "plot", cmd_plot },
	{ "report", cmd_report },
};

int main(int argc, char **argv)
{
	if (argc < 2)
		usage_error(NULL, "no command given");
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
		help_usage(stdout);
		return fflush(stdout) == 0 ? 0 : EXIT_FAILED;
	}
	if (strcmp(argv[1], "--version") == 0) {
		printf("roofline %s\n", ROOFLINE_VERSION);
		return fflush(stdout) == 0 ? 0 : EXIT_FAILED;
	}
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
		if (strcmp(argv[1], commands[i].name) == 0) {
			/* COMMAND --help (or -h) anywhere before a "--": that command's help. */
			for (int j = 2; j < argc && strcmp(argv[j], "--") != 0; j++)
				if (help_find(argv[1]) && (strcmp(argv[j], "--help") == 0 || strcmp(argv[j], "-h") == 0)) {
					help_command_print(stdout, help_find(argv[1]));
					return fflush(stdout) == 0 ? 0 : EXIT_FAILED;
				}
			opterr = 0;
			optind = 1;
			/* measure keeps its own handlers (it stops between jobs); the others clean up. */
			if (commands[i].fn != cmd_measure)
				util_cleanup_on_signals();
			return commands[i].fn(argc - 1, argv + 1);
		}
	}
	char what[160];
	snprintf(what, sizeof what, "unknown command '%s'", argv[1]);
	usage_error(NULL, what);
}
