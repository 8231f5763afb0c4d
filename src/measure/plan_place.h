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
 *   has its places there;
 * - a team (one: one core's decisions; NULL for one core) whose places
 *   show fewer caches than one core's has a cache plateau that overlaps
 *   two or more of one core's places at those.
 * The ranges stay the plateau's; only where the jobs run moves. Else a
 * noisy pre-scan that makes L2 and L3 one plateau runs no job in the L3
 * (docs/plan.md R7).
 */
void plan_place_levels(const struct plan_machine *m, const struct level_map *map, const struct plan_sweep *one,
		       struct plan_sweep *d);

#endif
