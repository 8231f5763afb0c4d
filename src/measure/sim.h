/*
 * sim.h - a described machine (machine_file.h) standing in for this one
 * under `measure --simulate`: the harness (measure.c) asks it, at its one
 * seam, for what it would ask the hardware (the cores and caches, a job's
 * timing, the clock, the load) and runs the same plan and rounds on a fake
 * clock. Nothing here decides anything the plan decides.
 */
#ifndef ROOFLINE_SIM_H
#define ROOFLINE_SIM_H

#include "machine_file.h"
#include "plan.h"
#include "runfiles.h"

struct sim;

/* Reads the machine file (dies with EXIT_USAGE and its one line when it is bad); seed: the noise's. */
struct sim *sim_open(const char *path, unsigned long seed);
void sim_free(struct sim *s);

/* The fake clock, seconds: it moves only by what the simulated work costs. */
double sim_now(const struct sim *s);

/*
 * One timed call of job j (its reps, n per thread) on `threads` threads:
 * seconds, by the model (machine_file.h), with the file's noise; the clock
 * moves by the call, its untimed warm call and first touch, as the
 * harness's time_share would spend them.
 */
double sim_time_job(struct sim *s, const struct plan_job *j, int threads);

/* The clock measured with `threads` threads loaded, costing `seconds` of the fake clock. */
double sim_clock_ghz(struct sim *s, int threads, double seconds);

/* The machine as runfiles_describe_machine would find it: reported caches, timer, clock, pages. */
void sim_describe(struct sim *s, struct runfiles_machine *m);

const struct machine_desc *sim_machine(const struct sim *s);

/*
 * The harness's side of the seam: opens the machine file into *s (dies as
 * sim_open does), tells the plan what it is (pm: its ISAs, its kernels, its
 * memory) and writes its cores (0, 1, ...; at most max). Returns how many.
 */
int sim_machine_open(struct sim **s, const char *path, unsigned long seed, struct plan_machine *pm, int *cores,
		     int max);

/* plan_machine's hooks for the simulated machine opened last. */
int sim_has_isa(enum isa isa);
int sim_built(const struct kernel *k);

#endif
