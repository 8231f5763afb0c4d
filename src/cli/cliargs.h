/*
 * cliargs.h - the option checks every command shares. Each ends the program
 * with one "roofline: CMD: ..." line and exit status 2 on bad usage.
 */
#ifndef ROOFLINE_CLIARGS_H
#define ROOFLINE_CLIARGS_H

struct option;
struct rundata;
struct analysis;
struct userpoints;

/* "CMD: WHAT (see roofline --help)", exit 2. */
void usage_error(const char *cmd, const char *what);

/* A whole number from min to 100000 for option opt. */
int parse_count(const char *cmd, const char *opt, const char *arg, int min);

/* getopt_long with our own one-line messages. */
int next_option(const char *cmd, int argc, char **argv, const struct option *longopts);

/* Exactly count directories left after the options. */
void want_positional(const char *cmd, int argc, int count);

/* A path the command will name in what it writes: no control characters. */
void want_plain_path(const char *cmd, const char *what, const char *path);

/* A run directory that exists and holds timings.csv, loaded and fitted in memory; bad input exits 2. */
void cli_load_run(const char *dir, struct rundata *run, struct analysis *a);

/* The output directory, made where missing; one that cannot be made exits 2. */
void cli_ensure_dir(const char *dir);

/*
 * The fit that plot and report draw, written into OUT/fit/ (roofs.csv,
 * points.csv, sweep.csv, chains.csv) for the gnuplot scripts: the run
 * directory is left as found. Returns the fresh path of OUT/fit.
 */
char *cli_write_fit_beside(const char *out, const struct analysis *a);

/*
 * What plot and report both do first: the paths checked, the run loaded and
 * fitted (in memory), the user's points placed (points: a file, or NULL),
 * the output directory made. Returns the fresh analysis.
 */
struct analysis *cli_load_for_output(const char *cmd, const char *dir, const char *points,
				     const char *out, struct rundata *run, struct userpoints *up);

#endif
