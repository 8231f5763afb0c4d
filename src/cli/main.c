/*
 * main.c - the command line: one table of commands, as git.c keeps them,
 * each command in its own file (src/cli/NAME_cmd.c). Every error is one line
 * on stderr starting with "roofline:"; exit status 0 done, 1 failed while
 * running, 2 bad usage or bad input.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cliargs.h"
#include "compare_cmd.h"
#include "describe_cmd.h"
#include "fit_cmd.h"
#include "help.h"
#include "help_cmd.h"
#include "measure_cmd.h"
#include "plot_cmd.h"
#include "report_cmd.h"
#include "util.h"
#include "version.h"

/*
 * What a command does besides its own work: it loads a run (or fleet)
 * directory, naming it as its argument (a missing one is bad input, exit 2);
 * it writes an output directory (--out); it keeps its own signal handlers
 * (measure stops between jobs), where every other command has the ones that
 * remove its half-written files. tests/cli/t0772 checks the first two
 * against each command's behaviour and help.
 */
enum { CMD_LOADS_RUN = 1, CMD_WRITES_OUT = 2, CMD_OWN_SIGNALS = 4 };

static const struct command {
	const char *name;
	int (*fn)(int argc, char **argv);
	int flags;
} commands[] = {
	{ "compare", cmd_compare, CMD_LOADS_RUN | CMD_WRITES_OUT },
	{ "describe", cmd_describe, CMD_LOADS_RUN },
	{ "fit", cmd_fit, CMD_LOADS_RUN },
	{ "help", cmd_help, 0 },
	{ "measure", cmd_measure, CMD_WRITES_OUT | CMD_OWN_SIGNALS },
	{ "plot", cmd_plot, CMD_LOADS_RUN | CMD_WRITES_OUT },
	{ "report", cmd_report, CMD_LOADS_RUN | CMD_WRITES_OUT },
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
			if (!(commands[i].flags & CMD_OWN_SIGNALS))
				util_cleanup_on_signals();
			return commands[i].fn(argc - 1, argv + 1);
		}
	}
	char what[160];
	snprintf(what, sizeof what, "unknown command '%s'", argv[1]);
	usage_error(NULL, what);
}
