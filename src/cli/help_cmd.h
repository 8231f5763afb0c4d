/* help_cmd.h - `roofline help` (help_cmd.c). */
#ifndef ROOFLINE_HELP_CMD_H
#define ROOFLINE_HELP_CMD_H

int cmd_help(int argc, char **argv);

#endif
