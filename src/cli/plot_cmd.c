/*
 * plot_cmd.c - `roofline plot DIR`: the roofline figures (cairo) and the gnuplot
 * scripts of one run, with the fit they draw from (a fleet: fleet_cmd.c).
 */
#include "plot_cmd.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cliargs.h"
#include "fleet_cmd.h"
#include "gnuplot.h"
#include "plot_fleet.h"
#include "plotargs.h"
#include "util.h"

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

int cmd_plot(int argc, char **argv)
{
	struct plot_args pa;
	parse_plot_args(argc, argv, &pa);
	const char *dir = pa.dir, *out = pa.out, *formats = pa.formats, *points = pa.points;
	int width = pa.width, height = pa.height;
	if (fleet_dir_is(dir)) {
		if (points)
			die(EXIT_USAGE, "plot: --points: %s is a fleet directory: plot one node's run with them (%s/nodes/<node>)",
			    dir, dir);
		return cli_plot_fleet(dir, out, formats, width, height);
	}
	struct rundata run;
	struct userpoints up = { 0 };
	struct analysis *a = cli_load_for_output("plot", dir, points, out, &run, &up);
	char *fit_dir = cli_write_fit_beside(out, a);
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
