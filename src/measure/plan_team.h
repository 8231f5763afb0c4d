/*
 * plan_team.h - where a team's (an all-core count's) pattern jobs run, from
 * its own pre-scan's plateaus checked against one core's
 * (plan_prescan_team calls it).
 */
#ifndef ROOFLINE_PLAN_TEAM_H
#define ROOFLINE_PLAN_TEAM_H

#include "plan.h"

/*
 * A team's cache plateau that overlaps two or more of one core's, where
 * the team shows fewer: its pattern jobs run at those levels' middles
 * (d->plateau_ws; the ranges stay the team's).
 */
void plan_split_merged_levels(struct plan_sweep *d, const struct plan_sweep *one);

#endif
