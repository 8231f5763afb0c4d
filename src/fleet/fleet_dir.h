/*
 * fleet_dir.h - a fleet directory (measure --mpi, ../shared/CONTRACT.md):
 * fleet.csv (node,run,cpu_model,status) and nodes/<host>/, each an ordinary
 * run directory. Reading and writing fleet.csv, and loading the nodes' runs.
 */
#ifndef ROOFLINE_FLEET_DIR_H
#define ROOFLINE_FLEET_DIR_H

#include <stddef.h>

#include "analysis.h"
#include "fleet.h"
#include "rundata.h"

#define FLEET_MAX_NODES 4096

/* One row of fleet.csv, and its run once loaded. */
struct fleet_node {
	char name[64];
	char run[192];           /* relative to the fleet directory: nodes/<name> */
	char cpu_model[128];
	char status[200];        /* "ok" or what went wrong */
	/* filled by fleet_dir_load */
	char *dir;               /* the fleet directory + run */
	int loaded;              /* its run read and analysed */
	char problem[640];       /* why not, when it has a run directory that would not load */
	struct rundata data;
	struct analysis *a;
};

struct fleet_dir {
	char *dir;
	struct fleet_node *nodes;
	size_t n;
};

/* 1 when DIR holds a fleet.csv: fit, plot and report then treat it as a fleet. */
int fleet_dir_is(const char *dir);

/*
 * Reads DIR/fleet.csv and loads every node whose status is ok: its run is
 * read and analysed; a node whose run will not load keeps the reason in
 * `problem` and takes part in nothing. Returns 0, or -1 with one line in err
 * for a bad fleet.csv (FILE:line:column) or a fleet without any node.
 */
int fleet_dir_load(const char *dir, struct fleet_dir *fd, char *err, size_t errlen);

void fleet_dir_free(struct fleet_dir *fd);

/* The members fleet_build reads, one per node (free the array). */
struct fleet_member *fleet_dir_members(const struct fleet_dir *fd);

/*
 * Writes DIR/fleet.csv (atomically) from n rows (only name, run, cpu_model
 * and status are read). Returns 0, or -1 with one line in err.
 */
int fleet_dir_write_csv(const char *dir, const struct fleet_node *nodes, size_t n, char *err,
			size_t errlen);

/*
 * A node name as it may stand in a path and a CSV cell: letters, digits,
 * '.', '-' and '_' kept, anything else '_'; never empty, "." or "..".
 * Writes into out (size bytes).
 */
void fleet_dir_safe_name(const char *name, char *out, size_t size);

#endif
