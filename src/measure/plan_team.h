/*
 * plan_team.h - where pattern jobs run when a pre-scan made two levels one
 * plateau: a team's (an all-core count's) checked against one core's
 * plateaus, any count's against the caches the machine reports
 * (plan_prescan and plan_prescan_team call these).
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

/*
 * A cache plateau that holds the middles of two reported cache levels (L2
 * and L3: between the level before's size and its own, each core's private
 * ones times the team) is two levels a pre-scan's few timings could not
 * part: its pattern jobs run at those middles (the ranges stay the
 * plateau's; the sweep's fit names the levels). A 2-core Zen 4 VM's pre-scan
 * in a noisy moment read its L2 at 100-118 GB/s and its L3 at 89-98, one
 * plateau from 48 KiB to 12 MiB at both counts: no pattern job ran in the L3
 * the sweep then found, and L3 was the triad's 97.9 GB/s where the in-place
 * job gives 152.
 */
void plan_split_at_reported(struct plan_sweep *d, const struct plan_machine *m);

#endif
