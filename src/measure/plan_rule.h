/*
 * plan_rule.h - STREAM's rule, as the plan decides it from the machine's
 * reported cache and the pre-scan's curve (plan.c's decide calls these).
 */
#ifndef ROOFLINE_PLAN_RULE_H
#define ROOFLINE_PLAN_RULE_H

#include "plan.h"

/* The pre-scan's first n sizes as the fitter reads a sweep (its rates are bests, kept as both). */
void plan_scan_points(const struct plan_sweep *d, int n, struct fit_sweep_point *fs);

/*
 * The working set where the pre-scan's curve left its last cache, the
 * level that begins at scan index `first` being the one after it; start_ws
 * (that level's first working set) where no cache plateau comes before.
 */
double plan_cache_left_ws(const struct plan_sweep *d, long first, double start_ws);

/* Where the last cache ends, for the rule's size: plan_cache_left_ws read at the harmonic halfway (LEVELS_CACHE_END). */
double plan_cache_end_ws(const struct plan_sweep *d, long first, double start_ws);

/* Where the curve first crosses halfway from its last cache plateau to DRAM (no shoulders followed). */
double plan_first_crossing_ws(const struct plan_sweep *d, long first, double start_ws);

/*
 * Sets d->rule_source, d->rule_l3 and d->rule: 4x the reported last-level
 * cache, or 4x end_ws (plan_cache_end_ws; cache_ws, then start_ws, where
 * NaN) when the curve shows the reported one is not there (judged at
 * cache_ws, plan_cache_left_ws), or none.
 */
void plan_stream_rule(const struct plan_machine *m, struct plan_sweep *d, double start_ws, double cache_ws,
		      double end_ws);

/*
 * A team's rule: one core's, or the larger of it and 4x where the team's
 * curve left its last cache, where one core's came from its curve or the
 * team's first crossing (first_ws, plan_first_crossing_ws) is past twice
 * the reported cache.
 */
void plan_team_rule(const struct plan_machine *m, struct plan_sweep *d, double start_ws, double cache_ws,
		    double end_ws, double first_ws);

/*
 * The level map of the pre-scan's curve (levels_map_curve: the one the fit
 * makes of the sweep), with the rule d holds (plan_stream_rule).
 */
void plan_level_map(const struct plan_machine *m, const struct plan_sweep *d, struct level_map *map);

/*
 * The kernels' DRAM arrays (d->kernel_bytes): STREAM-sized inside the DRAM
 * plateau that begins at start_ws, or, in a quick run, each where the
 * curve first crosses halfway to DRAM (cache_ws); one core's for a quick
 * run's team.
 */
void plan_kernel_arrays(const struct measure_opts *o, struct plan_sweep *d, double start_ws, double cache_ws);

/*
 * The offer (elements of its largest array) at which each array of shaped
 * kernel k, member param, is at least want bytes: offer itself, or larger
 * (never past capacity), or offer where its size does not follow the offer.
 */
size_t plan_shaped_offer(const struct kernel *k, int param, size_t offer, double want, double tile_bytes,
			 size_t capacity);

#endif
