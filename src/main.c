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
#include "compare.h"
#include "plot_compare.h"
#include "fitout.h"
#include "gnuplot.h"
#include "help.h"
#include "measure.h"
#include "plot_cairo.h"
#include "report.h"
#include "rundata.h"
#include "userpoints.h"
#include "util.h"
#include "version.h"

static void usage_error(const char *cmd, const char *what)
{
	die(EXIT_USAGE, "%s%s%s (see roofline --help)", cmd ? cmd : "", cmd ? ": " : "", what);
}

static int parse_count(const char *cmd, const char *opt, const char *arg, int min)
{
	long v;
	if (parse_long(arg, &v) != 0 || v < min || v > 100000)
		die(EXIT_USAGE, "%s: %s '%s': want a whole number from %d (see roofline --help)", cmd,
		    opt, arg, min);
	return (int)v;
}

/* getopt_long with our own one-line messages. */
static int next_option(const char *cmd, int argc, char **argv, const struct option *longopts)
{
	int idx = 0;
	int c = getopt_long(argc, argv, "", longopts, &idx);
	if (c == '?') {
		char what[160];
		snprintf(what, sizeof what, "unknown option or missing value: '%s'", argv[optind - 1]);
		usage_error(cmd, what);
	}
	return c;
}

static void want_positional(const char *cmd, int argc, int count)
{
	if (argc - optind != count) {
		char what[96];
		snprintf(what, sizeof what, "expected %d director%s, got %d", count,
			 count == 1 ? "y" : "ies", argc - optind);
		usage_error(cmd, what);
	}
}

/* A run directory that exists and holds timings.csv. */
static void load_run(const char *dir, struct rundata *run, struct analysis *a)
{
	char err[512];
	struct stat st;
	if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
		die(EXIT_USAGE, "%s: no such run directory", dir);
	if (rundata_load(dir, run, err, sizeof err) != 0)
		die(EXIT_USAGE, "%s", err);
	if (analysis_build(run, a, err, sizeof err) != 0)
		die(EXIT_USAGE, "%s: %s", dir, err);
}

/* A points file (--points), placed under a's roofs; bad input exits 2. */
static void load_points(const char *path, const struct analysis *a, struct userpoints *up)
{
	char err[512];
	if (userpoints_load(path, up, err, sizeof err) != 0 ||
	    userpoints_place(a, up, err, sizeof err) != 0)
		die(EXIT_USAGE, "%s", err);
}

static void ensure_dir(const char *dir)
{
	char err[1024];
	if (util_ensure_dir(dir, err, sizeof err) != 0)
		die(EXIT_USAGE, "%s", err);
}

/*
 * A path the command will name in what it writes (the gnuplot scripts,
 * report.md): one with a control character (a newline) is refused, with
 * those characters shown as ?, so the message stays one line.
 */
static void want_plain_path(const char *cmd, const char *what, const char *path)
{
	if (util_path_ok(path))
		return;
	char *shown = xstrdup(path);
	for (char *c = shown; *c; c++)
		if ((unsigned char)*c < 0x20 || *c == 0x7f)
			*c = '?';
	die(EXIT_USAGE, "%s: %s '%s' holds a control character (a newline?): the scripts and the "
	    "report could not name it; rename it", cmd, what, shown);
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
	ensure_dir(dir);
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
	load_run(dir, run, a);
	if (points)
		load_points(points, a, up);
	ensure_dir(out);
	return a;
}

static int cmd_measure(int argc, char **argv)
{
	enum { O_OUT = 256, O_QUICK, O_ONLY, O_THREADS, O_PASSES, O_TRIALS, O_WARMUP, O_MAXSIZE,
	       O_MINTIME, O_LEVELS, O_LIST };
	static const struct option longopts[] = {
		{ "out", required_argument, NULL, O_OUT },
		{ "quick", no_argument, NULL, O_QUICK },
		{ "only", required_argument, NULL, O_ONLY },
		{ "threads", required_argument, NULL, O_THREADS },
		{ "passes", required_argument, NULL, O_PASSES },
		{ "trials", required_argument, NULL, O_TRIALS },
		{ "warmup", required_argument, NULL, O_WARMUP },
		{ "max-size", required_argument, NULL, O_MAXSIZE },
		{ "min-time", required_argument, NULL, O_MINTIME },
		{ "levels", required_argument, NULL, O_LEVELS },
		{ "list", no_argument, NULL, O_LIST },
		{ NULL, 0, NULL, 0 },
	};
	/* Quick changes the defaults, so find it first; explicit options win. */
	int quick = 0;
	for (int i = 1; i < argc; i++)
		if (strcmp(argv[i], "--quick") == 0)
			quick = 1;
	struct measure_opts o;
	measure_defaults(&o, quick);
	int c;
	while ((c = next_option("measure", argc, argv, longopts)) != -1) {
		switch (c) {
		case O_OUT:
			if (!*optarg)
				die(EXIT_USAGE, "measure: --out '': want a directory name");
			want_plain_path("measure", "--out", optarg);
			o.out_dir = optarg;
			break;
		case O_QUICK:
			break;
		case O_ONLY:
			if (measure_parse_groups(optarg, &o.groups) != 0)
				die(EXIT_USAGE, "measure: --only '%s': want a comma list of bandwidth, peak, kernels",
				    optarg);
			break;
		case O_THREADS: {
			char err[160];
			if (measure_parse_threads(optarg, &o, err, sizeof err) != 0)
				die(EXIT_USAGE, "measure: --threads '%s': %s", optarg, err);
			break;
		}
		case O_PASSES:
			o.passes = parse_count("measure", "--passes", optarg, 1);
			break;
		case O_TRIALS:
			o.trials = parse_count("measure", "--trials", optarg, 1);
			break;
		case O_WARMUP:
			o.warmup = parse_count("measure", "--warmup", optarg, 0);
			break;
		case O_MAXSIZE:
			if (parse_bytes(optarg, &o.max_size) != 0 || o.max_size < 32768 ||
			    o.max_size > 64.0 * 1073741824)
				die(EXIT_USAGE, "measure: --max-size '%s': want bytes per array from 32k to 64G (e.g. 256M)",
				    optarg);
			break;
		case O_MINTIME:
			if (parse_double(optarg, &o.min_time) != 0 || !(o.min_time >= 1e-5 && o.min_time <= 10))
				die(EXIT_USAGE, "measure: --min-time '%s': want seconds from 1e-5 to 10", optarg);
			break;
		case O_LEVELS:
			if (measure_parse_levels(optarg, &o.levels) != 0)
				die(EXIT_USAGE, "measure: --levels '%s': want a comma list of dram, l2, l1",
				    optarg);
			break;
		case O_LIST:
			measure_list();
			return 0;
		}
	}
	want_positional("measure", argc, 0);
	return measure_run(&o);
}

static int cmd_fit(int argc, char **argv)
{
	static const struct option longopts[] = { { NULL, 0, NULL, 0 } };
	while (next_option("fit", argc, argv, longopts) != -1)
		;
	want_positional("fit", argc, 1);
	const char *dir = argv[optind];
	struct rundata run;
	struct analysis *a = xcalloc(1, sizeof *a);
	char err[512];
	load_run(dir, &run, a);
	if (fitout_write(dir, a, err, sizeof err) != 0)
		die(EXIT_FAILED, "%s", err);
	fitout_print_summary(stdout, &run, a);
	free(a);
	rundata_free(&run);
	if (fflush(stdout) != 0 || ferror(stdout))
		die(EXIT_FAILED, "cannot write the summary to standard output: %s", strerror(errno));
	return 0;
}

static void parse_size(const char *arg, int *w, int *h)
{
	char tail;
	if (sscanf(arg, "%dx%d%c", w, h, &tail) != 2 || *w < 400 || *h < 300 || *w > 10000 || *h > 10000)
		die(EXIT_USAGE, "plot: --size '%s': want WIDTHxHEIGHT in pixels, e.g. 1600x1000 (400x300 to 10000x10000)",
		    arg);
}

static int cmd_plot(int argc, char **argv)
{
	enum { O_OUT = 256, O_FORMAT, O_SIZE, O_POINTS };
	static const struct option longopts[] = {
		{ "out", required_argument, NULL, O_OUT },
		{ "format", required_argument, NULL, O_FORMAT },
		{ "size", required_argument, NULL, O_SIZE },
		{ "points", required_argument, NULL, O_POINTS },
		{ NULL, 0, NULL, 0 },
	};
	const char *out = "plots", *formats = "png", *points = NULL;
	int width = 1600, height = 1000, c;
	while ((c = next_option("plot", argc, argv, longopts)) != -1) {
		if (c == O_OUT)
			out = optarg;
		else if (c == O_FORMAT)
			formats = optarg;
		else if (c == O_SIZE)
			parse_size(optarg, &width, &height);
		else if (c == O_POINTS)
			points = optarg;
	}
	want_positional("plot", argc, 1);
	/* Check every format before drawing anything; an empty list would draw nothing. */
	char *list = xstrdup(formats), *save = NULL;
	int nformats = 0;
	for (char *f = strtok_r(list, ",", &save); f; f = strtok_r(NULL, ",", &save), nformats++)
		if (strcmp(f, "png") && strcmp(f, "svg") && strcmp(f, "pdf"))
			die(EXIT_USAGE, "plot: --format '%s': want a comma list of png, svg, pdf", f);
	free(list);
	if (!nformats)
		die(EXIT_USAGE, "plot: --format '%s': want a comma list of png, svg, pdf", formats);

	const char *dir = argv[optind];
	struct rundata run;
	struct userpoints up = { 0 };
	struct analysis *a = load_for_output("plot", dir, points, out, &run, &up);
	char *fit_dir = write_fit_beside(out, a);
	char err[512];
	struct plot_meta meta = {
		.cpu_model = run.info.cpu_model,
		.compiler = run.info.cc,
		.compiler_version = run.info.cc_version,
		.kernel_cflags = run.info.kernel_cflags,
		.date_utc = run.info.date_utc,
		.threads = run.info.threads_max ? run.info.threads_max : 1,
		.user = points ? &up : NULL,
	};
	/* The figure names the largest thread count; only a label, so a bad one is a warning. */
	if (!run.info.threads_max)
		util_warn("%s/env.csv: %s '%s' is not a thread count: the figure says 1", dir,
		      run.info.threads_max_key, rundata_env(&run, run.info.threads_max_key));
	list = xstrdup(formats);
	for (char *f = strtok_r(list, ",", &save); f; f = strtok_r(NULL, ",", &save)) {
		char *name = xasprintf("roofline.%s", f);
		char *path = path_join(out, name);
		if (plot_roofline(a, &meta, path, f, width, height, err, sizeof err) != 0)
			die(EXIT_FAILED, "%s", err);
		fprintf(stderr, "roofline: wrote %s\n", path);
		free(name);
		free(path);
	}
	free(list);
	if (gnuplot_write_scripts_points(fit_dir, out, &run, a, points ? &up : NULL,
					 gnuplot_templates_dir(argv[0]), err, sizeof err) != 0)
		die(EXIT_FAILED, "%s", err);
	free(fit_dir);
	/* The gnuplot scripts render in the same formats as the cairo figure. */
	list = xstrdup(formats);
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
	userpoints_free(&up);
	free(a);
	rundata_free(&run);
	return 0;
}

static int cmd_report(int argc, char **argv)
{
	enum { O_OUT = 256, O_POINTS };
	static const struct option longopts[] = {
		{ "out", required_argument, NULL, O_OUT },
		{ "points", required_argument, NULL, O_POINTS },
		{ NULL, 0, NULL, 0 },
	};
	const char *out = "plots", *points = NULL;
	int c;
	while ((c = next_option("report", argc, argv, longopts)) != -1) {
		if (c == O_OUT)
			out = optarg;
		else if (c == O_POINTS)
			points = optarg;
	}
	want_positional("report", argc, 1);
	const char *dir = argv[optind];
	struct rundata run;
	struct userpoints up = { 0 };
	struct analysis *a = load_for_output("report", dir, points, out, &run, &up);
	char err[512];
	char *path = path_join(out, "report.md");
	if (report_write_points(path, &run, a, dir, points ? &up : NULL, err, sizeof err) != 0)
		die(EXIT_FAILED, "%s", err);
	fprintf(stderr, "roofline: wrote %s\n", path);
	free(path);
	userpoints_free(&up);
	free(a);
	rundata_free(&run);
	return 0;
}

static int cmd_compare(int argc, char **argv)
{
	enum { O_OUT = 256, O_FORMAT };
	static const struct option longopts[] = {
		{ "out", required_argument, NULL, O_OUT },
		{ "format", required_argument, NULL, O_FORMAT },
		{ NULL, 0, NULL, 0 },
	};
	const char *out = "plots", *formats = "png";
	int c;
	while ((c = next_option("compare", argc, argv, longopts)) != -1) {
		if (c == O_OUT)
			out = optarg;
		else if (c == O_FORMAT)
			formats = optarg;
	}
	want_positional("compare", argc, 2);
	char *list = xstrdup(formats), *save = NULL;
	for (char *f = strtok_r(list, ",", &save); f; f = strtok_r(NULL, ",", &save))
		if (strcmp(f, "png") && strcmp(f, "svg") && strcmp(f, "pdf"))
			die(EXIT_USAGE, "compare: --format '%s': want a comma list of png, svg, pdf", f);
	free(list);

	struct rundata ra, rb;
	struct analysis *aa = xcalloc(1, sizeof *aa), *ab = xcalloc(1, sizeof *ab);
	struct compare cmp;
	char err[512];
	want_plain_path("compare", "run directory", argv[optind]);
	want_plain_path("compare", "run directory", argv[optind + 1]);
	want_plain_path("compare", "--out", out);
	load_run(argv[optind], &ra, aa);
	load_run(argv[optind + 1], &rb, ab);
	ensure_dir(out);
	compare_build(&ra, aa, &rb, ab, &cmp);
	char *path = path_join(out, "compare.md");
	if (compare_write(path, &ra, aa, &rb, ab, &cmp, err, sizeof err) != 0)
		die(EXIT_FAILED, "%s", err);
	fprintf(stderr, "roofline: wrote %s\n", path);
	free(path);
	path = path_join(out, "compare.csv");
	if (compare_write_csv(path, &cmp, err, sizeof err) != 0)
		die(EXIT_FAILED, "%s", err);
	fprintf(stderr, "roofline: wrote %s\n", path);
	free(path);
	struct plot_compare_layout *fig = xmalloc(sizeof *fig);
	plot_compare_layout(&cmp, &ra, aa, &rb, ab, PLOT_DEFAULT_WIDTH, PLOT_DEFAULT_HEIGHT, fig);
	list = xstrdup(formats);
	for (char *f = strtok_r(list, ",", &save); f; f = strtok_r(NULL, ",", &save)) {
		char *name = xasprintf("compare.%s", f);
		path = path_join(out, name);
		if (plot_compare_draw(fig, path, f, err, sizeof err) != 0)
			die(EXIT_FAILED, "%s", err);
		fprintf(stderr, "roofline: wrote %s\n", path);
		free(name);
		free(path);
	}
	free(list);
	if (plot_compare_gnuplot(fig, gnuplot_templates_dir(argv[0]), out, err, sizeof err) != 0)
		die(EXIT_FAILED, "%s", err);
	free(fig);
	compare_free(&cmp);
	free(aa);
	free(ab);
	rundata_free(&ra);
	rundata_free(&rb);
	return 0;
}

/* roofline help [COMMAND] [--man]: the usage, one command's help, or the man page (src/help.c). */
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
