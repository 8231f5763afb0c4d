/* report_cmd.h - `roofline report` (report_cmd.c). */
#ifndef ROOFLINE_REPORT_CMD_H
#define ROOFLINE_REPORT_CMD_H

int cmd_report(int argc, char **argv);

#endif
