/*
 * fleet.h - a fleet's roofs: the runs of many nodes (measure --mpi) side by
 * side, each roof's median and spread across the nodes, and the nodes outside
 * it. Pure: no I/O (fleet_dir.h reads a fleet directory, fleet_report.h
 * writes what is derived here).
 *
 * What counts as outside. For each roof of the report's table (the bandwidth
 * plateaus L1..DRAM and the compute peak, at every thread count) and each
 * node, ratio = the node's value / the median over the nodes that have it,
 * with an interval: the ratio scaled by the node's own pass-to-pass spread of
 * the job that set it (struct roof spread_lo..spread_hi over its median). A
 * node's roof is outside the fleet when fleet_judge() says so: the interval
 * excludes 1 (not the node's own noise) and |ln ratio| exceeds the fleet's
 * threshold, FLEET_SPREAD_FACTOR times the FLEET_SPREAD_QUANTILE quantile of
 * |ln ratio| over every node's table roofs (the fleet's own spread), and at
 * least FLEET_MIN_MOVE: the rule compare applies to two runs' drift, with the
 * nodes in place of the roofs. It sees a few slow nodes among many; when a
 * tenth or more of all the node-roof pairs are off, the quantile rises with
 * them and they are no longer outside (the fleet is then two fleets). A roof
 * is judged only where FLEET_MIN_NODES nodes or more have it.
 */
#ifndef ROOFLINE_FLEET_H
#define ROOFLINE_FLEET_H

#include <stddef.h>

#include "analysis.h"
#include "rundata.h"

/* The smallest difference worth naming, as |ln ratio| (about 3 %). */
#define FLEET_MIN_MOVE 0.03
#define FLEET_SPREAD_FACTOR 1.5
#define FLEET_SPREAD_QUANTILE 0.9
/* Nodes a roof needs to be judged: of two, the median (their mean) cannot say which one is off. */
#define FLEET_MIN_NODES 3

enum fleet_move { FLEET_BELOW = -1, FLEET_WITHIN = 0, FLEET_ABOVE = 1 };

/*
 * The one judgement, compare's (judge_move in judge.h): a ratio to the
 * median with its interval [lo, hi] is outside when the interval excludes 1
 * and |ln ratio| > threshold (at least judge.h's floor); a threshold that is
 * not finite judges nothing.
 */
enum fleet_move fleet_judge(double ratio, double lo, double hi, double threshold);

/* One node as fleet_build reads it: its name and, when its run loaded, the run and its analysis. */
struct fleet_member {
	const char *name;
	const struct rundata *run;      /* NULL: the node has no usable run */
	const struct analysis *a;
};

/* One roof across the fleet. */
struct fleet_roof {
	char name[24];                  /* as in roofs.csv: "DRAM", "peak@2t" */
	struct roof_key key;            /* its identity: what the fleet's roofs are told apart by */
	enum roof_kind kind;
	int threads;
	const char *unit;               /* "GB/s" or "GFLOP/s" */
	int judged;                     /* a table roof (plateau or peak): judged, drawn, tabled */
	size_t n;                       /* nodes that have it */
	double median, lo, hi;          /* across those nodes (lo, hi: the smallest and largest) */
	/* per member (index as given to fleet_build); NaN / FLEET_WITHIN where it has none */
	double *value, *ratio, *ratio_lo, *ratio_hi;
	enum fleet_move *moved;
	const struct roof **roof;       /* the member's roof, NULL where none */
};

/* What the nodes differ in: one aspect of env.csv, its usual value and who differs. */
enum fleet_aspect { FLEET_CPU, FLEET_CACHES, FLEET_CLOCK, FLEET_COMPILER, FLEET_NASPECTS };

struct fleet_difference {
	enum fleet_aspect aspect;
	char usual[160];                /* the most common value (clock: the median) */
	char *differs;                  /* per member: 1 when it differs from `usual` */
	char **value;                   /* per member: its value in words (freed by fleet_free) */
	size_t ndiffer;
};

struct fleet {
	size_t nmembers, nloaded;
	struct fleet_roof *roofs;       /* every roof any loaded node has, in first-seen order */
	size_t nroofs;
	double threshold;               /* |ln ratio| a node had to exceed; NaN under FLEET_MIN_NODES nodes */
	size_t outside;                 /* (node, roof) pairs outside the fleet */
	struct fleet_difference diff[FLEET_NASPECTS];
};

/*
 * Derives the above from `n` members. Members without a run take part in no
 * statistic. Allocates; release with fleet_free.
 */
void fleet_build(const struct fleet_member *m, size_t n, struct fleet *out);

void fleet_free(struct fleet *f);

/* The roof of key `key`, or NULL. */
const struct fleet_roof *fleet_roof(const struct fleet *f, const struct roof_key *key);

/* The largest |ratio - 1| over member i's judged roofs that are within the fleet; 0 when none. */
double fleet_member_max_within(const struct fleet *f, size_t i);

/* "CPU model", "caches", "clock", "compiler". */
const char *fleet_aspect_name(enum fleet_aspect a);

#endif
