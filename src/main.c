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
#include "fitout.h"
#include "gnuplot.h"
#include "measure.h"
#include "plot_cairo.h"
#include "report.h"
#include "rundata.h"
#include "util.h"

#ifndef ROOFLINE_VERSION
#define ROOFLINE_VERSION "0.1.0"
#endif

static const char usage_text[] =
	"usage: roofline measure [--out DIR] [--quick] [--only GROUPS] [--threads N]\n"
	"                        [--passes N] [--trials N] [--warmup N] [--max-size BYTES]\n"
	"                        [--min-time SECONDS] [--levels LEVELS] [--list]\n"
	"       roofline fit DIR\n"
	"       roofline plot DIR [--out DIR] [--format png,svg,pdf] [--size WxH]\n"
	"       roofline report DIR [--out DIR]\n"
	"       roofline compare DIR_A DIR_B [--out DIR]\n"
	"       roofline --help | --version\n"
	"\n"
	"measure  times the bandwidth sweep, the FMA peak and the kernels round-robin,\n"
	"         writes a new run directory (default data/runs/<UTC>-<cc>-<version>,\n"
	"         pointed at by data/latest) and prints its path last on stdout.\n"
	"         GROUPS is a comma list of bandwidth, peak, kernels. LEVELS is a comma\n"
	"         list of dram, l2, l1 (default dram): the memory levels the kernels'\n"
	"         working sets sit in, the L2 and L1 sizes taken from the pre-scan's\n"
	"         measured curve. --list shows the kernel table. BYTES takes k, M, G\n"
	"         suffixes (powers of 1024).\n"
	"fit      fits roofs and places kernels: DIR/roofs.csv, points.csv, sweep.csv,\n"
	"         chains.csv.\n"
	"plot     draws roofline.png (cairo; also svg/pdf with --format) and writes the\n"
	"         gnuplot scripts roofline.gp, bandwidth.gp, chains.gp, kernels.gp\n"
	"         (rendered when gnuplot is installed) into --out (default plots).\n"
	"report   writes report.md into --out (default plots).\n"
	"compare  writes compare.md: each roof and kernel of two runs and their ratio.\n"
	"\n"
	"Units: 1 GB/s = 1e9 bytes/s, 1 GFLOP/s = 1e9 flop/s; bytes count what a kernel\n"
	"must move (STREAM's convention: a triad element is 24 bytes).\n";

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

static void ensure_dir(const char *dir)
{
	if (mkdir(dir, 0777) != 0) {
		struct stat st;
		if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
			die(EXIT_USAGE, "cannot create output directory %s", dir);
	}
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
			o.out_dir = optarg;
			break;
		case O_QUICK:
			break;
		case O_ONLY:
			if (measure_parse_groups(optarg, &o.groups) != 0)
				die(EXIT_USAGE, "measure: --only '%s': want a comma list of bandwidth, peak, kernels",
				    optarg);
			break;
		case O_THREADS:
			o.threads = parse_count("measure", "--threads", optarg, 1);
			break;
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
	enum { O_OUT = 256, O_FORMAT, O_SIZE };
	static const struct option longopts[] = {
		{ "out", required_argument, NULL, O_OUT },
		{ "format", required_argument, NULL, O_FORMAT },
		{ "size", required_argument, NULL, O_SIZE },
		{ NULL, 0, NULL, 0 },
	};
	const char *out = "plots", *formats = "png";
	int width = 1600, height = 1000, c;
	while ((c = next_option("plot", argc, argv, longopts)) != -1) {
		if (c == O_OUT)
			out = optarg;
		else if (c == O_FORMAT)
			formats = optarg;
		else if (c == O_SIZE)
			parse_size(optarg, &width, &height);
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
	struct analysis *a = xcalloc(1, sizeof *a);
	char err[512];
	load_run(dir, &run, a);
	ensure_dir(out);
	struct plot_meta meta = {
		.cpu_model = rundata_env(&run, "cpu_model"),
		.compiler = rundata_env(&run, "cc"),
		.compiler_version = rundata_env(&run, "cc_version"),
		.kernel_cflags = rundata_env(&run, "kernel_cflags"),
		.date_utc = rundata_env(&run, "date_utc"),
		.threads = 1,
	};
	/* Only a label here, but a cast of 1e300 to int is undefined: range first. */
	double threads = rundata_env_num(&run, "threads", 1);
	if (threads >= 1 && threads <= 1e6)
		meta.threads = (int)threads;
	else
		warnx("%s/env.csv: threads '%s' is not a thread count: the figure says 1", dir,
		      rundata_env(&run, "threads"));
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
	if (gnuplot_write_scripts(dir, out, &run, a, gnuplot_templates_dir(argv[0]), err, sizeof err) != 0)
		die(EXIT_FAILED, "%s", err);
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
	free(a);
	rundata_free(&run);
	return 0;
}

/* Commands whose only option is --out DIR (default plots). */
static const char *out_option(const char *cmd, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "out", required_argument, NULL, 'o' },
		{ NULL, 0, NULL, 0 },
	};
	const char *out = "plots";
	int c;
	while ((c = next_option(cmd, argc, argv, longopts)) != -1)
		if (c == 'o')
			out = optarg;
	return out;
}

static int cmd_report(int argc, char **argv)
{
	const char *out = out_option("report", argc, argv);
	want_positional("report", argc, 1);
	const char *dir = argv[optind];
	struct rundata run;
	struct analysis *a = xcalloc(1, sizeof *a);
	char err[512];
	load_run(dir, &run, a);
	ensure_dir(out);
	char *path = path_join(out, "report.md");
	if (report_write(path, &run, a, dir, err, sizeof err) != 0)
		die(EXIT_FAILED, "%s", err);
	fprintf(stderr, "roofline: wrote %s\n", path);
	free(path);
	free(a);
	rundata_free(&run);
	return 0;
}

static int cmd_compare(int argc, char **argv)
{
	const char *out = out_option("compare", argc, argv);
	want_positional("compare", argc, 2);
	struct rundata ra, rb;
	struct analysis *aa = xcalloc(1, sizeof *aa), *ab = xcalloc(1, sizeof *ab);
	char err[512];
	load_run(argv[optind], &ra, aa);
	load_run(argv[optind + 1], &rb, ab);
	ensure_dir(out);
	char *path = path_join(out, "compare.md");
	if (compare_write(path, &ra, aa, &rb, ab, err, sizeof err) != 0)
		die(EXIT_FAILED, "%s", err);
	fprintf(stderr, "roofline: wrote %s\n", path);
	free(path);
	free(aa);
	free(ab);
	rundata_free(&ra);
	rundata_free(&rb);
	return 0;
}

static const struct command {
	const char *name;
	int (*fn)(int argc, char **argv);
} commands[] = {
	{ "compare", cmd_compare },
	{ "fit", cmd_fit },
	{ "measure", cmd_measure },
	{ "plot", cmd_plot },
	{ "report", cmd_report },
};

int main(int argc, char **argv)
{
	if (argc < 2)
		usage_error(NULL, "no command given");
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "help") == 0) {
		fputs(usage_text, stdout);
		return fflush(stdout) == 0 ? 0 : EXIT_FAILED;
	}
	if (strcmp(argv[1], "--version") == 0) {
		printf("roofline %s\n", ROOFLINE_VERSION);
		return fflush(stdout) == 0 ? 0 : EXIT_FAILED;
	}
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
		if (strcmp(argv[1], commands[i].name) == 0) {
			opterr = 0;
			optind = 1;
			return commands[i].fn(argc - 1, argv + 1);
		}
	}
	char what[160];
	snprintf(what, sizeof what, "unknown command '%s'", argv[1]);
	usage_error(NULL, what);
}
