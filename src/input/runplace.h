/*
 * runplace.h - where a path stands among run directories and fleets: a new
 * run is never made inside one (measure --out, measure --mpi --out).
 */
#ifndef ROOFLINE_RUNPLACE_H
#define ROOFLINE_RUNPLACE_H

/* What holds a path. */
enum runplace_kind { RUNPLACE_NONE, RUNPLACE_RUN, RUNPLACE_FLEET };

/*
 * The run directory (env.csv or timings.csv) or fleet (fleet.csv) that path
 * would be made inside: the nearest existing directory above path, followed
 * through symbolic links and `..` to the root, and each one above it. Returns
 * its kind and, in *where (to free), the directory as found; RUNPLACE_NONE
 * and NULL when none holds it.
 */
enum runplace_kind runplace_enclosing(const char *path, char **where);

/*
 * measure --mpi's rank runs a measure into its node, FLEET/nodes/NAME, the one
 * run made inside a fleet: it names that directory in this environment
 * variable for the measure it starts, which then takes it.
 */
#define RUNPLACE_FLEET_NODE_ENV "ROOFLINE_FLEET_NODE_OUT"

/* path without its trailing slashes ("dir/" is "dir"; "/" stays), freshly allocated. */
char *runplace_trim_slashes(const char *path);

#endif
