/*
 * planrole.h - what a planned job is for: plan.csv's `role` column, as the
 * plan writes it (src/measure/) and input reads it back (src/input/runplan.c).
 * One enum and one spelling for both. Pure: no I/O.
 */
#ifndef ROOFLINE_PLANROLE_H
#define ROOFLINE_PLANROLE_H

enum plan_role {
	PLAN_ROLE_SWEEP,     /* "sweep": a size of the bandwidth sweep, which the level roofs come from */
	PLAN_ROLE_PATTERN,   /* "pattern": an access pattern's bandwidth kernel at one level, a pattern roof */
	PLAN_ROLE_KERNEL,    /* "kernel": a kernel placed as a point */
	PLAN_ROLE_PEAK,      /* "peak": the FMA chains and mixes, the compute roofs */
	PLAN_ROLES
};

/* plan.csv's spelling: "sweep", "pattern", "kernel", "peak"; "?" for no role. */
const char *plan_role_name(enum plan_role role);

/* The role spelt `name` into *out: 0, or -1 when it is none. */
int plan_role_parse(const char *name, enum plan_role *out);

#endif
