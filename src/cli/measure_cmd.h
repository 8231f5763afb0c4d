/* measure_cmd.h - `roofline measure` (measure_cmd.c). */
#ifndef ROOFLINE_MEASURE_CMD_H
#define ROOFLINE_MEASURE_CMD_H

int cmd_measure(int argc, char **argv);

#endif
