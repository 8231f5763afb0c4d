/* plan_team.c - a team's pattern-job places against one core's levels (see plan_team.h). */
#include "plan_team.h"

#include <math.h>
#include <string.h>

/* The pre-scan's cache plateaus: all but a settled curve's last (DRAM's). */
static size_t cache_plateaus(const struct plan_sweep *d)
{
	return d->settled && d->nplateaus > 0 ? d->nplateaus - 1 : d->nplateaus;
}

/*
 * Where a team's pre-scan shows fewer cache plateaus than one core's, one
 * of them that overlaps two or more of one core's merged levels one core
 * saw apart: a team's pre-scan times each size a few times, and their noise
 * blurs a small step (a 2-core Zen 4 VM's L2 at 205-228 GB/s and L3 at
 * 179-214 on two threads, 1.17x apart against the plateau fit's 1.15, were
 * one plateau, 96 KiB to 3 MiB, in one pre-scan of four). Its pattern jobs
 * run at the middles of those levels instead of its own, so that each level
 * has its pattern roofs: that run's all ran in the L2, and its L3@2t roof
 * was the triad's 191 GB/s where the three others' in-place job gave
 * 264-287. Its range stays the team's: only where jobs run moves.
 */
void plan_split_merged_levels(struct plan_sweep *d, const struct plan_sweep *one)
{
	size_t ncache = cache_plateaus(d), none = cache_plateaus(one), n = 0;
	if (ncache >= none)
		return;
	double ws[2 * FIT_MAX_PLATEAUS], lo[2 * FIT_MAX_PLATEAUS], hi[2 * FIT_MAX_PLATEAUS];
	for (size_t i = 0; i < d->nplateaus; i++) {
		size_t held = 0, first = n;
		for (size_t k = 0; i < ncache && k < none; k++) {
			/* Overlapping: two sizes or more in common, not an edge's one. */
			if (!(fmin(one->plateau_hi[k], d->plateau_hi[i]) > fmax(one->plateau_lo[k], d->plateau_lo[i])))
				continue;
			ws[n] = one->plateau_ws[k];
			lo[n] = d->plateau_lo[i];
			hi[n++] = d->plateau_hi[i];
			held++;
		}
		if (held < 2) {
			n = first;
			ws[n] = d->plateau_ws[i];
			lo[n] = d->plateau_lo[i];
			hi[n++] = d->plateau_hi[i];
		}
	}
	if (n > FIT_MAX_PLATEAUS)
		return;
	memcpy(d->plateau_ws, ws, n * sizeof *ws);
	memcpy(d->plateau_lo, lo, n * sizeof *lo);
	memcpy(d->plateau_hi, hi, n * sizeof *hi);
	d->nplateaus = n;
}
