/*
 * help.h - what each command does and takes: one table, printed by
 * `roofline COMMAND --help` and `roofline help COMMAND`, and turned into the
 * man page roofline(1) by `roofline help --man` at build time, so the two
 * cannot drift (tests/cli/t0700-help.sh checks that they do not).
 */
#ifndef ROOFLINE_HELP_H
#define ROOFLINE_HELP_H

#include <stdio.h>

/* One option of a command: "--out DIR" and what it does. */
struct help_option {
	const char *option;      /* as typed, with its argument's name */
	const char *text;
};

struct help_command {
	const char *name;        /* measure, fit, plot, report, compare, help */
	const char *synopsis;    /* after "roofline " */
	const char *summary;     /* one line */
	const char *text;        /* a paragraph: what it reads and writes */
	const struct help_option *options;   /* ends with { NULL, NULL } */
};

/* The commands, in the order the usage lists them; ends with a NULL name. */
extern const struct help_command help_commands[];

/* The command named `name`, or NULL. */
const struct help_command *help_find(const char *name);

/* Every command's synopsis and summary, the units (`roofline --help`). */
void help_usage(FILE *fp);

/* One command's synopsis, text and options (`roofline COMMAND --help`). */
void help_command_print(FILE *fp, const struct help_command *c);

/* The man page roofline(1) in roff, from the same table; `version` for its footer. */
void help_man(FILE *fp, const char *version);

#endif
