/*
 * known.h - when a job's figure is known: the 95 % interval of the
 * statistic a job contributes, from its kept timings alone (no clock, no
 * I/O), so measure can stop timing a job once the interval is narrow enough
 * and a unit test can check the rule on numbers whose answer is known.
 */
#ifndef ROOFLINE_KNOWN_H
#define ROOFLINE_KNOWN_H

/* What a job contributes to the run. */
enum known_statistic {
	/*
	 * Its best timing: a roof (the bandwidth group, the peak chains) is the
	 * best the machine can do, so fit takes the fastest timing.
	 */
	KNOWN_BEST,
	/* Its median timing: a placed kernel is a point where a typical call runs. */
	KNOWN_MEDIAN,
};

/*
 * The quantile of a job's timings that the best's interval bounds (see
 * known_width): the fastest tenth of what the job does.
 */
#define KNOWN_BEST_QUANTILE 0.10
/* The confidence of every interval here. */
#define KNOWN_CONFIDENCE 0.95

/*
 * The 95 % interval of statistic s over n timings (seconds, any order), as
 * its relative width: hi / lo - 1. INFINITY when n timings cannot give a
 * 95 % interval of it (a median needs 6; see known.c for the best).
 */
double known_width(enum known_statistic s, const double *seconds, int n);

/*
 * The order statistics (1-based, of the n timings sorted fastest first)
 * that bound the interval: *lo and *hi. Returns 0, or -1 when n cannot give
 * a 95 % interval.
 */
int known_bounds(enum known_statistic s, int n, int *lo, int *hi);

/* The fewest timings that give statistic s a 95 % interval (known_bounds). */
int known_min_count(enum known_statistic s);

#endif
