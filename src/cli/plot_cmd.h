/* plot_cmd.h - `roofline plot` (plot_cmd.c). */
#ifndef ROOFLINE_PLOT_CMD_H
#define ROOFLINE_PLOT_CMD_H

int cmd_plot(int argc, char **argv);

#endif
