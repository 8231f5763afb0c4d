/*
 * help_cmd.c - `roofline help [COMMAND] [--man]` (the text: help.c).
 */
#include "help_cmd.h"

#include <string.h>

#include "cliargs.h"
#include "help.h"
#include "util.h"
#include "version.h"

/* roofline help [COMMAND] [--man]: the usage, one command's help, or the man page (src/cli/help.c). */
int cmd_help(int argc, char **argv)
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
