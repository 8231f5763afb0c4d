/*
 * cache_share.c - the cores a reported cache's instance serves, and the
 * instances a team uses (cache_share.h).
 */
#include "cache_share.h"

#include <math.h>

double cache_share_cores(double shared_cpus, double cores, double pus)
{
	if (!(shared_cpus > 0) || !(cores > 0) || !(pus >= cores))
		return 0;
	/* Logical CPUs a core: an instance seen by one core's siblings is that core's alone. */
	double smt = round(pus / cores);
	double c = ceil(shared_cpus / (smt >= 1 ? smt : 1) - 1e-9);
	return c >= 1 ? c : 1;
}

double cache_team_copies(int level, double shared_cores, int threads)
{
	double t = threads > 1 ? threads : 1;
	if (shared_cores > 0)
		return ceil(t / shared_cores - 1e-9);
	return level < 2 ? t : 1;
}

int cache_shared_at(double shared_cores, int threads)
{
	return shared_cores > 1 && threads > 1;
}

void cache_share_judge(const double reported[3], const double *shared, int threads, const double cache_hi[3],
		       double out[3], int overruled[3])
{
	for (int l = 0; l < 3; l++) {
		out[l] = shared ? shared[l] : 0;
		double size = reported[l] > 0 ? reported[l] * cache_team_copies(l, out[l], threads) : 0;
		int over = l < 2 && cache_shared_at(out[l], threads) && size > 0 && cache_hi[l] > CACHE_SHARE_JUDGE * size;
		if (over)
			out[l] = 0;
		if (overruled)
			overruled[l] = over;
	}
}
