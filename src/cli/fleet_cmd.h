/* fleet_cmd.h - fit, plot and report of a fleet directory (fleet_cmd.c). */
#ifndef ROOFLINE_FLEET_CMD_H
#define ROOFLINE_FLEET_CMD_H

/* `fit FLEET`: each node's fit beside it, fleet-roofs.csv and fleet-nodes.csv. */
int cli_fit_fleet(const char *dir);
/* `report FLEET`: the fleet's report.md in out. */
int cli_report_fleet(const char *dir, const char *out);
/* `plot FLEET`: the fleet's figure in out, in every format of the list. */
int cli_plot_fleet(const char *dir, const char *out, const char *formats, int width, int height);

#endif
