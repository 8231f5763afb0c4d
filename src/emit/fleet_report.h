/*
 * fleet_report.h - what fit and report write for a fleet directory:
 * fleet-roofs.csv (name,unit,median,lo,hi,nodes: per roof the median, the
 * smallest and largest value across the nodes and how many nodes have it),
 * fleet-nodes.csv (node,name,unit,value,ratio,ratio_lo,ratio_hi,outside:
 * each node's value of each roof) and the fleet's report.md.
 */
#ifndef ROOFLINE_FLEET_REPORT_H
#define ROOFLINE_FLEET_REPORT_H

#include <stddef.h>

#include "fleet.h"
#include "fleet_dir.h"

/* Writes DIR/fleet-roofs.csv and DIR/fleet-nodes.csv (atomically). 0, or -1 with one line in err. */
int fleet_report_write_csv(const char *dir, const struct fleet_dir *fd, const struct fleet *f, char *err,
			   size_t errlen);

/*
 * Writes the fleet's report (atomically) to path: every node's table roofs
 * with the fleet's median and range, the nodes outside the fleet's spread
 * with how far, how the nodes' CPU, caches, clock and compiler differ, and
 * the nodes that failed or did not load. 0, or -1 with one line in err.
 */
int fleet_report_write(const char *path, const struct fleet_dir *fd, const struct fleet *f, char *err,
		       size_t errlen);

/*
 * One line for a node outside the fleet, as the report says it: "node b:
 * DRAM 20 % below the median of 8 nodes; its other roofs are within 1 %".
 * Returns buf ("" when node i is outside nowhere).
 */
const char *fleet_report_outside_line(const struct fleet_dir *fd, const struct fleet *f, size_t i,
				      char *buf, size_t size);

/* "failed" when the status is not ok, "unreadable" when the run would not load, NULL when fine. */
const char *fleet_report_trouble(const struct fleet_node *n);

#endif
