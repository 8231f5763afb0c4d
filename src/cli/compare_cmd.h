/* compare_cmd.h - `roofline compare A B ...` (compare_cmd.c). */
#ifndef ROOFLINE_COMPARE_CMD_H
#define ROOFLINE_COMPARE_CMD_H

int cmd_compare(int argc, char **argv);

#endif
