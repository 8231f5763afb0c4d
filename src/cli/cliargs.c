/* cliargs.c - the checks every command's options share: one "roofline: CMD: ..." line
 * and exit status 2 for bad usage; a run loaded for plot and report, its fit beside the output. */
#include "cliargs.h"

#include <getopt.h>
#include <stdio.h>
#include <sys/stat.h>

#include "analysis.h"
#include "fitout.h"
#include "rundata.h"
#include "userpoints.h"
#include "util.h"

void usage_error(const char *cmd, const char *what)
{
	die(EXIT_USAGE, "%s%s%s (see roofline --help)", cmd ? cmd : "", cmd ? ": " : "", what);
}


int parse_count(const char *cmd, const char *opt, const char *arg, int min)
{
	long v;
	if (parse_long(arg, &v) != 0 || v < min || v > 100000)
		die(EXIT_USAGE, "%s: %s '%s': want a whole number from %d (see roofline --help)", cmd,
		    opt, arg, min);
	return (int)v;
}


/* getopt_long with our own one-line messages. */
int next_option(const char *cmd, int argc, char **argv, const struct option *longopts)
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


void want_positional(const char *cmd, int argc, int count)
{
	if (argc - optind != count) {
		char what[96];
		snprintf(what, sizeof what, "expected %d director%s, got %d", count,
			 count == 1 ? "y" : "ies", argc - optind);
		usage_error(cmd, what);
	}
}


/*
 * A path the command will name in what it writes (the gnuplot scripts,
 * report.md): one with a control character (a newline) is refused, with
 * those characters shown as ?, so the message stays one line.
 */
void want_plain_path(const char *cmd, const char *what, const char *path)
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

/* A run directory that exists and holds timings.csv. */
void cli_load_run(const char *dir, struct rundata *run, struct analysis *a)
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

/* The output directory, made where missing; a path that cannot be one exits 2. */
void cli_ensure_dir(const char *dir)
{
	char err[1024];
	if (util_ensure_dir(dir, err, sizeof err) != 0)
		die(EXIT_USAGE, "%s", err);
}

/* A points file (--points), placed under a's roofs; bad input exits 2. */
static void load_points(const char *path, const struct analysis *a, struct userpoints *up)
{
	char err[512];
	if (userpoints_load(path, up, err, sizeof err) != 0 ||
	    userpoints_place(a, up, err, sizeof err) != 0)
		die(EXIT_USAGE, "%s", err);
}

/*
 * The fit that plot draws, written with its output (OUT/fit/: roofs.csv,
 * points.csv, sweep.csv, chains.csv) for the gnuplot scripts to read: plot
 * and report leave the run directory as they found it (it may be read-only,
 * an archived or a colleague's run), and a stale fit there cannot reach a
 * figure.
 */
char *cli_write_fit_beside(const char *out, const struct analysis *a)
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
struct analysis *cli_load_for_output(const char *cmd, const char *dir, const char *points,
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
