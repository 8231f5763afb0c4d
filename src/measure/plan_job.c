/*
 * plan_job.c - what one job of the plan is and costs (see plan.h): whether
 * its timings follow an untimed call, what a trial and a call of it take,
 * which kept trials of a pass time it, its min time, the guess of a call
 * from the member of its family before it, and what one timing of it did
 * (timings.csv). The scheduler (schedule.c, rounds.c) decides from these;
 * nothing here decides, reads a clock or says anything.
 */
#include "plan.h"

#include <math.h>
#include <string.h>

/*
 * Whether a timing of job j follows one untimed call of the same job.
 * Round-robin means the job before this one left its own data in the caches
 * (and, on a VM, its pages' translations); one call of this job first puts
 * the machine in the state the job's own repetitions keep it in, as
 * back-to-back passes (STREAM, likwid-bench) do. A job that fits a cache
 * level then finds its data there (else its first repetition drags an L3
 * figure towards DRAM); one that streams from memory no longer pays for
 * what the job before it left (docs/plan.md R12). A kernel's call
 * longer than MEASURE_WARM_RUN_MAX_SECONDS (a matrix product at n = 1024)
 * reuses its data so often that the state it starts from is lost in it,
 * and is not doubled. A bandwidth job's stream reuses nothing, however
 * long: unwarmed, its median falls under its best, and a compiled kernel
 * sits above the roof. Peak kernels touch no memory.
 */
int plan_warm_run(enum kernel_kind kind, double call_seconds, double stream_seconds)
{
	if (kind == KERNEL_PEAK)
		return 0;
	if (kind == KERNEL_BANDWIDTH || !(call_seconds > MEASURE_WARM_RUN_MAX_SECONDS))
		return 1;
	/*
	 * A long kernel call that is mostly a stream (the compiled triad at
	 * 2.3 GiB: 0.15 s) is a bandwidth job's case (docs/plan.md R12).
	 */
	return stream_seconds > 0 && stream_seconds >= PLAN_STREAM_SHARE * call_seconds;
}

double plan_call_seconds(const struct plan_job *j)
{
	if (j->reps > 0 && j->last_seconds > 0)
		return j->last_seconds / (double)j->reps;
	return j->guess_seconds > 0 ? j->guess_seconds : 0.0;
}

static int job_warm_run(const struct plan_job *j)
{
	return plan_warm_run(j->k->kind, plan_call_seconds(j), j->stream_seconds);
}

double plan_trial_seconds(const struct plan_job *j)
{
	double t = j->last_seconds;
	return job_warm_run(j) && j->reps > 0 ? t + t / (double)j->reps : t;
}

int plan_kept_trial(int trial, int kept, int trials)
{
	if (trial < 1 || trial > trials || kept < 1)
		return 0;
	return (long)(trial - 1) * kept % trials < kept;
}

/*
 * A peak job's timings last half the min time: its chains run in registers,
 * with no data to warm and nothing that settles over time, and at 0.5 ms a
 * timing is still 25,000 ticks of a 20 ns clock; they are 160-odd of a
 * run's 250 jobs, so this is a quarter of a full run's time.
 */
double plan_min_time(const struct measure_opts *o, const struct plan_job *j)
{
	return j->k->kind == KERNEL_PEAK ? o->min_time / 2 : o->min_time;
}

double plan_call_flops(const struct plan_job *j)
{
	return j->shaped ? j->shape.flops : kernel_flops_per_elem(j->k, j->param) * (double)j->n;
}

double plan_call_guess(const struct plan_job *prev, const struct plan_job *j)
{
	if (prev->k != j->k || prev->param >= j->param || prev->failed || prev->skipped || prev->reps <= 0 ||
	    !(prev->last_seconds > 0) || !(plan_call_flops(prev) > 0))
		return 0.0;
	return prev->last_seconds / (double)prev->reps * plan_call_flops(j) / plan_call_flops(prev);
}

/* ---- what one timing of a job did (timings.csv) ---- */

/* Threads that ran job j: its n is per thread, and its totals count them all. */
double plan_job_threads(const struct plan_job *j)
{
	return j->threads > 0 ? (double)j->threads : 1.0;
}

double plan_job_flops(const struct plan_job *j)
{
	if (j->shaped)
		return j->shape.flops * (double)j->reps * plan_job_threads(j);
	return kernel_flops_per_elem(j->k, j->param) * (double)j->n * (double)j->reps * plan_job_threads(j);
}

double plan_job_bytes(const struct plan_job *j)
{
	if (j->shaped)
		return j->shape.bytes * (double)j->reps * plan_job_threads(j);
	return kernel_bytes_per_elem(j->k, j->param) * (double)j->n * (double)j->reps * plan_job_threads(j);
}

double plan_job_working_set(const struct plan_job *j)
{
	if (j->shaped)
		return j->shape.working_set * plan_job_threads(j);
	return j->k->kind == KERNEL_PEAK ? 0.0
		: (double)j->k->arrays * 8.0 * (double)j->n * plan_job_threads(j);
}

long plan_job_param_column(const struct plan_job *j)
{
	/* The contract: bytes per array (all threads' parts) in the bandwidth group, else the param. */
	if (j->group == TGROUP_BANDWIDTH)
		return (long)((double)j->n * sizeof(double) * plan_job_threads(j));
	return j->param;
}
