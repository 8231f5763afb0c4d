/*
 * timer.h - the clock every timing uses: clock_gettime(CLOCK_MONOTONIC).
 * Its granularity is measured (STREAM's checktick idea) and printed, and the
 * harness calibrates repetitions so every timing spans many ticks.
 */
#ifndef ROOFLINE_TIMER_H
#define ROOFLINE_TIMER_H

/* Seconds since an arbitrary start, monotonic. */
double timer_now(void);

/* The back-end's name, for env.csv and the report header. */
const char *timer_name(void);

/* What clock_getres() claims, in seconds. */
double timer_resolution(void);

/*
 * The smallest positive difference between consecutive readings over many
 * samples, in seconds: what a timing can actually resolve (including the
 * cost of reading the clock).
 */
double timer_granularity(void);

#endif
