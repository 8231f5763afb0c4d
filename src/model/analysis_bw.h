/*
 * analysis_bw.h - the bandwidth side of analysis_build (analysis_bw.c): one thread
 * count's sweep fitted into plateaus, the DRAM verdict, the level map and
 * the pattern roofs, and the run's spread said once.
 */
#ifndef ROOFLINE_ANALYSIS_BW_H
#define ROOFLINE_ANALYSIS_BW_H

#include "analysis_jobs.h"

/* A pass whose other processes or steal took this share of a core or more was busy (load.csv). */
#define LOAD_BUSY 0.05

/* The run's spread, said once with what load.csv and the clock show (analysis_bw.c). */
void analysis_spread_note(struct analysis *a, const struct rundata *run);

/* One thread count's sweep: plateaus, DRAM verdict, level map, pattern roofs (`keep`: the smallest count). */
void analysis_fit_bandwidth(struct analysis *a, const struct rundata *run, struct jobs *js,
			    int threads, int keep);

/* Whether DRAM pattern roof r's job ran where a cache may serve part of it (short of the rule, or before the flat end). */
int analysis_early_dram_job(const struct roof *r, const struct level_map *map);

/* Whether DRAM was judged by the rule measure took from its pre-scan's curve (not the reported cache's). */
int analysis_rule_from_curve(const struct dram_verdict *v);

#endif
