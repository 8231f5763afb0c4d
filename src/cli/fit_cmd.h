/* fit_cmd.h - `roofline fit` (fit_cmd.c). */
#ifndef ROOFLINE_FIT_CMD_H
#define ROOFLINE_FIT_CMD_H

int cmd_fit(int argc, char **argv);

#endif
