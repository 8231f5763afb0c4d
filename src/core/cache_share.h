/*
 * cache_share.h - how many cores share one instance of a reported cache
 * level, and how much of it a team uses (docs/plan.md R7). A run records
 * the logical CPUs sharing each level (env.csv l1d_shared_cpus,
 * l2_shared_cpus, l3_shared_cpus; hwloc); a run without them, or a machine
 * that does not say, keeps the old reading: L1 and L2 private to a core,
 * the L3 one for all. Pure.
 */
#ifndef ROOFLINE_CACHE_SHARE_H
#define ROOFLINE_CACHE_SHARE_H

/*
 * Cores that share one instance of a cache that `shared_cpus` logical CPUs
 * share, on a machine of `cores` cores and `pus` logical CPUs (SMT siblings
 * share a core's caches): at least 1; 0 where any of them is unknown.
 */
double cache_share_cores(double shared_cpus, double cores, double pus);

/*
 * The instances of cache level `level` (0 L1, 1 L2, 2 L3) a team of
 * `threads`, one a core in the topology's order, runs over: where the
 * sharing is known (`shared_cores` > 0), threads over the cores an
 * instance serves, rounded up; where it is not, `threads` for L1 and L2
 * (private) and 1 for the L3 (shared).
 */
double cache_team_copies(int level, double shared_cores, int threads);

/* 1 when the sharing of a level is known and one instance serves more than one of the team's threads. */
int cache_shared_at(double shared_cores, int threads);

/* A level's own plateau at a team past its shared size by this is not one shared instance (cache_share_judge). */
#define CACHE_SHARE_JUDGE 1.5

/*
 * The sharing a team's curve is read with (docs/plan.md R7): the reported
 * `shared` (NULL: none), except an L1 or L2 reported shared at `threads`
 * whose own plateau ends (cache_hi[l], the l-th cache plateau's last
 * working set; 0: none) past CACHE_SHARE_JUDGE x its shared size: the
 * report is wrong there (a VM's made-up topology), and the level is read
 * as unknown, private. A level reported private is judged as before
 * (levels_merge_tails: its plateau reaches an eighth of the threads' L2s).
 * overruled (NULL: not wanted): 1 for each level whose report the curve
 * overruled, 0 otherwise; what the report says of the decision.
 */
void cache_share_judge(const double reported[3], const double *shared, int threads, const double cache_hi[3],
		       double out[3], int overruled[3]);

#endif
