/*
 * plan_team.c - where pattern jobs run when a pre-scan made two levels one
 * plateau: at one core's levels (a team's) or at the reported caches'
 * (see plan_team.h).
 */
#include "plan_team.h"

#include <math.h>
#include <string.h>

#include "levels.h"

/* The pre-scan's cache plateaus: all but a settled curve's last (DRAM's). */
static size_t cache_plateaus(const struct plan_sweep *d)
{
	return d->settled && d->nplateaus > 0 ? d->nplateaus - 1 : d->nplateaus;
}

/* Where a count's pattern jobs run, as they are being chosen: a working set each, in its plateau's range. */
struct places {
	double ws[2 * FIT_MAX_PLATEAUS], lo[2 * FIT_MAX_PLATEAUS], hi[2 * FIT_MAX_PLATEAUS];
	size_t n;
};

/* One more place, at working set ws in plateau i of d; counted past the room too (use_places refuses them). */
static void put(struct places *p, double ws, const struct plan_sweep *d, size_t i)
{
	if (p->n < sizeof p->ws / sizeof p->ws[0]) {
		p->ws[p->n] = ws;
		p->lo[p->n] = d->plateau_lo[i];
		p->hi[p->n] = d->plateau_hi[i];
	}
	p->n++;
}

/* The places chosen become d's (unless more than a plan holds). */
static void use_places(struct plan_sweep *d, const struct places *p)
{
	if (p->n > FIT_MAX_PLATEAUS)
		return;
	memcpy(d->plateau_ws, p->ws, p->n * sizeof *p->ws);
	memcpy(d->plateau_lo, p->lo, p->n * sizeof *p->lo);
	memcpy(d->plateau_hi, p->hi, p->n * sizeof *p->hi);
	d->nplateaus = p->n;
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
	size_t ncache = cache_plateaus(d), none = cache_plateaus(one);
	if (ncache >= none)
		return;
	struct places p = { .n = 0 };
	for (size_t i = 0; i < d->nplateaus; i++) {
		size_t held = 0, first = p.n;
		for (size_t k = 0; i < ncache && k < none; k++) {
			/* Overlapping: two sizes or more in common, not an edge's one. */
			if (!(fmin(one->plateau_hi[k], d->plateau_hi[i]) > fmax(one->plateau_lo[k], d->plateau_lo[i])))
				continue;
			put(&p, one->plateau_ws[k], d, i);
			held++;
		}
		if (held < 2) {
			p.n = first;
			put(&p, d->plateau_ws[i], d, i);
		}
	}
	use_places(d, &p);
}

/*
 * The working set in the middle of reported cache level l (L2 or L3: the
 * geometric middle of the level before's size and its own), for a team of
 * `threads` (each core's private L1 and L2 its own); 0 where not reported.
 */
static double reported_middle(const double rep[LEVELS_CACHE_LEVELS], int l)
{
	return l > 0 && rep[l] > 0 && rep[l - 1] > 0 && rep[l] > rep[l - 1] ? sqrt(rep[l - 1] * rep[l]) : 0.0;
}

void plan_split_at_reported(struct plan_sweep *d, const struct plan_machine *m)
{
	double rep[LEVELS_CACHE_LEVELS];
	levels_reported_for(m->reported_caches, d->threads > 1 ? d->threads : 1, d->rule_source == PLAN_RULE_CURVE,
			    rep);
	size_t ncache = cache_plateaus(d);
	struct places p = { .n = 0 };
	for (size_t i = 0; i < d->nplateaus; i++) {
		size_t held = 0, first = p.n;
		for (int l = 1; i < ncache && l < LEVELS_CACHE_LEVELS; l++) {
			double mid = reported_middle(rep, l);
			if (!(mid > d->plateau_lo[i] && mid < d->plateau_hi[i]))
				continue;
			put(&p, mid, d, i);
			held++;
		}
		if (held < 2) {
			p.n = first;
			put(&p, d->plateau_ws[i], d, i);
		}
	}
	use_places(d, &p);
}
