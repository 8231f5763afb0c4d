/*
 * timer.c - the monotonic clock every timing uses and its measured
 * granularity (the interface in timer.h).
 */
#include "timer.h"

#include <time.h>

double timer_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

const char *timer_name(void)
{
	return "clock_gettime(CLOCK_MONOTONIC)";
}

double timer_resolution(void)
{
	struct timespec ts;
	if (clock_getres(CLOCK_MONOTONIC, &ts) != 0)
		return -1.0;
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double timer_granularity(void)
{
	double best = 1.0;
	/* 2000 pairs: cheap (well under a millisecond) and enough to see the floor. */
	for (int i = 0; i < 2000; i++) {
		double t0 = timer_now(), t1;
		do
			t1 = timer_now();
		while (t1 <= t0);
		if (t1 - t0 < best)
			best = t1 - t0;
	}
	return best;
}
