/*
 * tgroup.h - the timing groups, one enum for every stage: timings.csv's
 * `group` column, measure's --only, the model's jobs. The names are read
 * here (tgroup_parse) and written from here (tgroup_name), nowhere else;
 * past input a group is this enum, compared as a value.
 */
#ifndef ROOFLINE_TGROUP_H
#define ROOFLINE_TGROUP_H

enum timing_group {
	TGROUP_BANDWIDTH,   /* "bandwidth": the sweep and the pattern kernels */
	TGROUP_PEAK,        /* "peak": the compute chains and mixes */
	TGROUP_KERNELS,     /* "kernels": the application kernels, placed as points */
	TGROUP_COUNT
};

/* A set of groups (measure --only): one bit a group. */
#define TGROUP_BIT(g) (1u << (unsigned)(g))
#define TGROUP_ALL ((1u << TGROUP_COUNT) - 1u)

/* The group named `name` ("bandwidth", "peak", "kernels") into *out: 0, or -1 on any other text. */
int tgroup_parse(const char *name, enum timing_group *out);

/* The group's name as timings.csv writes it. */
const char *tgroup_name(enum timing_group g);

#endif
