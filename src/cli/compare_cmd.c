/*
 * compare_cmd.c - `roofline compare A B [--out DIR] [--format LIST]
 * [--threads N] [--check [LIST]]`: two runs judged (compare.h), then
 * compare.md, compare.csv, the figures one thread count each and
 * compare.gp. With --check, 1 says a point moved in a checked direction
 * and trouble is 2, as diff says it.
 */
#include "compare_cmd.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "analysis.h"
#include "cliargs.h"
#include "compare.h"
#include "compare_write.h"
#include "gnuplot.h"
#include "plot_cairo.h"
#include "plot_compare.h"
#include "plotargs.h"
#include "rundata.h"
#include "util.h"

/*
 * --check takes its list as --check=LIST or as the next word (CONTRACT:
 * `--check [faster,slower]`), which getopt's optional arguments do not
 * allow: the word after --check is its list when it is made of letters and
 * commas only and names no directory (a run directory is always a path).
 * Removes the list from argv and returns it, or NULL.
 */
static const char *check_list_word(int *argc, char **argv)
{
	for (int i = 1; i + 1 < *argc; i++) {
		if (strcmp(argv[i], "--") == 0)
			break;
		if (strcmp(argv[i], "--check") != 0)
			continue;
		const char *w = argv[i + 1];
		struct stat st;
		if (!*w || strspn(w, "abcdefghijklmnopqrstuvwxyz,") != strlen(w) || stat(w, &st) == 0)
			return NULL;
		memmove(&argv[i + 1], &argv[i + 2], (size_t)(*argc - i - 2) * sizeof *argv);
		(*argc)--;
		argv[*argc] = NULL;
		return w;
	}
	return NULL;
}

/* What compare writes: compare.md, compare.csv, the figure in each format and its
 * gnuplot script; any failure ends the run with `failed` (2 under --check). */
struct compare_io {
	const struct rundata *ra, *rb;
	const struct analysis *aa, *ab;
	const char *out, *formats, *argv0;
	int failed;
	int threads;         /* compare.png's */
};

static void compare_outputs(const struct compare_io *io, const struct compare *cmp)
{
	char err[512], *save = NULL, *list;
	const char *out = io->out;
	int failed = io->failed;
	char *path = path_join(out, "compare.md");
	if (compare_write(path, io->ra, io->aa, io->rb, io->ab, cmp, err, sizeof err) != 0)
		die(failed, "%s", err);
	fprintf(stderr, "roofline: wrote %s\n", path);
	free(path);
	path = path_join(out, "compare.csv");
	if (compare_write_csv(path, cmp, err, sizeof err) != 0)
		die(failed, "%s", err);
	fprintf(stderr, "roofline: wrote %s\n", path);
	free(path);
	/* compare.png at one thread count, compare-allcores.png at the largest both runs measured. */
	int counts[ANALYSIS_MAX_THREAD_COUNTS];
	size_t ncounts = plot_compare_thread_counts(io->aa, io->ab, counts, ANALYSIS_MAX_THREAD_COUNTS);
	struct plot_compare_layout *fig = xmalloc(sizeof *fig);
	struct plot_compare_run A = { io->ra, io->aa }, B = { io->rb, io->ab };
	for (int all = 0; all < 2; all++) {
		if (all && ncounts < 2)
			break;
		int threads = all ? counts[ncounts - 1] : io->threads;
		plot_compare_layout(cmp, A, B, (struct plot_compare_view){ threads, PLOT_DEFAULT_WIDTH, PLOT_DEFAULT_HEIGHT, NULL },
				    fig);
		list = xstrdup(io->formats);
		for (char *f = strtok_r(list, ",", &save); f; f = strtok_r(NULL, ",", &save)) {
			char *name = xasprintf("compare%s.%s", all ? "-allcores" : "", f);
			path = path_join(out, name);
			if (plot_compare_draw(fig, path, f, err, sizeof err) != 0)
				die(failed, "%s", err);
			fprintf(stderr, "roofline: wrote %s\n", path);
			free(name);
			free(path);
		}
		free(list);
		/* compare.gp draws compare.png's scene. */
		if (!all && plot_compare_gnuplot(fig, gnuplot_templates_dir(io->argv0), out, err, sizeof err) != 0)
			die(failed, "%s", err);
	}
	free(fig);
}

int cmd_compare(int argc, char **argv)
{
	enum { O_OUT = 256, O_FORMAT, O_CHECK, O_THREADS };
	static const struct option longopts[] = {
		{ "out", required_argument, NULL, O_OUT },
		{ "format", required_argument, NULL, O_FORMAT },
		{ "check", optional_argument, NULL, O_CHECK },
		{ "threads", required_argument, NULL, O_THREADS },
		{ NULL, 0, NULL, 0 },
	};
	const char *out = "plots", *formats = "png", *check_list = check_list_word(&argc, argv);
	int c, check = check_list != NULL, threads = 0;
	while ((c = next_option("compare", argc, argv, longopts)) != -1) {
		if (c == O_OUT)
			out = optarg;
		else if (c == O_THREADS)
			threads = plotargs_threads("compare", optarg);
		else if (c == O_FORMAT)
			formats = optarg;
		else if (c == O_CHECK) {
			check = 1;
			if (optarg)
				check_list = optarg;
		}
	}
	want_positional("compare", argc, 2);
	char err[512];
	unsigned check_mask = 0;
	if (check && compare_check_parse(check_list, &check_mask, err, sizeof err) != 0)
		die(EXIT_USAGE, "%s", err);
	/* With --check, 1 says "moved", as diff's does: trouble is 2. */
	int failed = check ? EXIT_USAGE : EXIT_FAILED;
	char *list = xstrdup(formats), *save = NULL;
	for (char *f = strtok_r(list, ",", &save); f; f = strtok_r(NULL, ",", &save))
		if (strcmp(f, "png") && strcmp(f, "svg") && strcmp(f, "pdf"))
			die(EXIT_USAGE, "compare: --format '%s': want a comma list of png, svg, pdf", f);
	free(list);

	struct rundata ra, rb;
	struct analysis *aa = xcalloc(1, sizeof *aa), *ab = xcalloc(1, sizeof *ab);
	struct compare cmp;
	want_plain_path("compare", "run directory", argv[optind]);
	want_plain_path("compare", "run directory", argv[optind + 1]);
	want_plain_path("compare", "--out", out);
	cli_load_run(argv[optind], &ra, aa);
	cli_load_run(argv[optind + 1], &rb, ab);
	char have[128];
	int want = threads;
	threads = plot_compare_threads(want, aa, ab, have, sizeof have);
	if (threads < 0) {
		free(aa);
		free(ab);
		rundata_free(&ra);
		rundata_free(&rb);
		die(EXIT_USAGE, "compare: --threads %d: the runs both measured %s", want, have);
	}
	cli_ensure_dir(out);
	compare_build(&ra, aa, &rb, ab, &cmp);
	const struct compare_io io = { &ra, &rb, aa, ab, out, formats, argv[0], failed, threads };
	compare_outputs(&io, &cmp);
	int status = 0;
	/* A gate that compared nothing must not pass: trouble, as diff says it. */
	if (check && cmp.points_compared == 0)
		die(EXIT_USAGE, "compare --check: nothing compared: %s and %s share no point (no kernel "
		    "at one size and thread count in both)", argv[optind], argv[optind + 1]);
	if (check) {
		char line[1400];
		status = compare_check_line(&cmp, check_mask, line, sizeof line) > 0 ? 1 : 0;
		printf("roofline: compare --check: %s\n", line);
		if (fflush(stdout) != 0 || ferror(stdout))
			die(EXIT_USAGE, "compare: cannot write to standard output");
	}
	compare_free(&cmp);
	free(aa);
	free(ab);
	rundata_free(&ra);
	rundata_free(&rb);
	return status;
}

