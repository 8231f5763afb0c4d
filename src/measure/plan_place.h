/*
 * plan_place.h - where each level's pattern jobs run (docs/plan.md R7):
 * one place per level, at the geometric middle of its plateau in the
 * count's level map, unless the map made two levels one plateau; then at
 * the two levels' middles, as the witnesses that tell them apart say. The
 * witnesses are inputs, never overwrites: the caches the machine reports
 * (for this team) and, for a team, one core's places.
 */
#ifndef ROOFLINE_PLAN_PLACE_H
#define ROOFLINE_PLAN_PLACE_H

#include "levels.h"
#include "plan.h"

/*
 * Sets d->plateau_ws, plateau_lo, plateau_hi and nplateaus once, from the
 * map's plateaus (map->pl, map->count; a settled curve's last is DRAM's):
 * - a cache plateau that holds the middles of two reported cache levels
 *   (L2 and L3: between the level before's size and its own, each core's
 *   private ones times the team; an L3 the rule found absent says nothing)
 *   has its places there: a 2-core Zen 4 VM's pre-scan in a noisy moment
 *   read its L2 at 100-118 GB/s and its L3 at 89-98, one plateau from
 *   48 KiB to 12 MiB at both counts, and no pattern job ran in its L3;
 * - a team (one: one core's decisions; NULL for one core) whose places
 *   show fewer caches than one core's has a cache plateau that overlaps
 *   two or more of one core's places at those: the same Zen 4 VM's L2 and
 *   L3 at two threads, 1.17x apart, were one plateau in one pre-scan of
 *   four, and its L3@2t roof was the triad's 191 GB/s, not 264-287.
 * The ranges stay the plateau's; only where the jobs run moves.
 */
void plan_place_levels(const struct plan_machine *m, const struct level_map *map, const struct plan_sweep *one,
		       struct plan_sweep *d);

#endif
