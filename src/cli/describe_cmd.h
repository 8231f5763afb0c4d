/* describe_cmd.h - `roofline describe RUN_DIR [--out FILE]` (describe_cmd.c). */
#ifndef ROOFLINE_DESCRIBE_CMD_H
#define ROOFLINE_DESCRIBE_CMD_H

int cmd_describe(int argc, char **argv);

#endif
