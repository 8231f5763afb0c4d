/*
 * cliargs.h - the option checks every command shares. Each ends the program
 * with one "roofline: CMD: ..." line and exit status 2 on bad usage.
 */
#ifndef ROOFLINE_CLIARGS_H
#define ROOFLINE_CLIARGS_H

struct option;

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

#endif
