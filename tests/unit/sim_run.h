/*
 * sim_run.h - `measure --simulate` run in-process on a machine file, and
 * what the run wrote read back: env.csv's decisions, the jobs timings.csv
 * holds, and what the run said on standard error. For tests that check
 * the plan's decisions on a described machine through its outputs
 * (test_sim_scripted.c), as sim_contract.h checks the contract.
 * Included after cmocka.h.
 */
#ifndef ROOFLINE_SIM_RUN_H
#define ROOFLINE_SIM_RUN_H

#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "machine_file.h"
#include "measure.h"
#include "quiet_measure.h"
#include "registry.h"
#include "rundata.h"
#include "util.h"

/* One planned job as timings.csv shows it: every timing of a pass (not the pre-scan's or calibration's). */
struct sim_job {
	const struct kernel *k;
	enum timing_group group;
	long param;
	int threads;
	double ws;       /* working set, all threads' arrays */
	double array;    /* one array, all threads' parts: ws over the kernel's arrays */
};

struct sim_run {
	struct machine_desc d;      /* the machine file as run */
	struct rundata run;
	char *said;                 /* the run's standard error */
	struct sim_job *jobs;
	size_t njobs;
	const struct kernel *sweep;   /* the sweep's triad (env.csv sweep_kernel) */
	const struct kernel *copy;    /* the widest width's plain copy (bw_copy_ISA of env.csv's isa), timed at every plateau */
};

static int sim_job_cmp(const void *a, const void *b)
{
	const struct sim_job *x = a, *y = b;
	if (x->threads != y->threads)
		return x->threads - y->threads;
	if (x->k != y->k)
		return strcmp(x->k->name, y->k->name);
	if (x->param != y->param)
		return x->param < y->param ? -1 : 1;
	return x->ws < y->ws ? -1 : x->ws > y->ws;
}

/* The distinct jobs of the run's passes, sorted by thread count, kernel, param, working set. */
static void sim_run_jobs(struct sim_run *r)
{
	r->jobs = xcalloc(r->run.ntimings + 1, sizeof *r->jobs);
	r->njobs = 0;
	for (size_t i = 0; i < r->run.ntimings; i++) {
		const struct timing *t = &r->run.timings[i];
		if (t->pass < 1 || !t->k)
			continue;
		struct sim_job j = { t->k, t->group, t->param, t->threads, t->working_set,
				     t->k->arrays > 0 ? t->working_set / t->k->arrays : 0 };
		if (r->njobs > 0 && sim_job_cmp(&r->jobs[r->njobs - 1], &j) == 0)
			continue;
		r->jobs[r->njobs++] = j;
	}
	qsort(r->jobs, r->njobs, sizeof *r->jobs, sim_job_cmp);
	size_t n = 0;
	for (size_t i = 0; i < r->njobs; i++)
		if (n == 0 || sim_job_cmp(&r->jobs[n - 1], &r->jobs[i]) != 0)
			r->jobs[n++] = r->jobs[i];
	r->njobs = n;
}

/*
 * Runs machine file `path` (its text, then the lines `extra`: a variant, as
 * the last of a key wins) on a fake clock into a new directory under
 * `scratch`; quick and max_size as measure's --quick and --max-size.
 * Fails the test when the run does.
 */
static struct sim_run *sim_run(const char *scratch, const char *path, const char *extra, int quick,
			       double max_size)
{
	static int serial;
	char err[512];
	char *text = read_text_file(path, err, sizeof err);
	if (!text) {
		print_error("%s\n", err);
		fail();
	}
	char *file = xasprintf("%s/machine%d", scratch, serial), *dir = xasprintf("%s/run%d", scratch, serial),
	     *log = xasprintf("%s/said%d", scratch, serial);
	serial++;
	FILE *fp = fopen(file, "w");
	assert_non_null(fp);
	fprintf(fp, "%s\n%s\n", text, extra ? extra : "");
	fclose(fp);
	free(text);
	struct sim_run *r = xcalloc(1, sizeof *r);
	if (machine_file_load(file, &r->d, err, sizeof err) != 0) {
		print_error("%s\n", err);
		fail();
	}
	struct measure_opts o;
	measure_defaults(&o, quick);
	o.simulate = file;
	o.out_dir = dir;
	o.max_size = max_size;
	/*
	 * One pass at short timings with no warm-up trial, no peak chains: the
	 * plan's decisions, its placements and its said lines are all made
	 * before the first pass.
	 */
	o.passes = 1;
	o.min_time = 1e-7;
	o.warmup = 0;
	o.groups = TGROUP_BIT(TGROUP_BANDWIDTH) | TGROUP_BIT(TGROUP_KERNELS);
	int rc = measure_quietly(&o, log);
	r->said = read_text_file(log, err, sizeof err);
	assert_non_null(r->said);
	if (rc != 0) {
		print_error("measure --simulate %s exited %d:\n%s\n", path, rc, r->said);
		fail();
	}
	if (rundata_load(dir, &r->run, err, sizeof err) != 0) {
		print_error("%s\n", err);
		fail();
	}
	sim_run_jobs(r);
	const char *sweep = rundata_env(&r->run, "sweep_kernel"), *isa = rundata_env(&r->run, "isa");
	char copy[48];
	snprintf(copy, sizeof copy, "bw_copy_%s", isa ? isa : "");
	r->sweep = sweep ? registry_find(sweep) : NULL;
	r->copy = registry_find(copy);
	free(file);
	free(dir);
	free(log);
	return r;
}

static void sim_run_free(struct sim_run *r)
{
	if (!r)
		return;
	rundata_free(&r->run);
	free(r->said);
	free(r->jobs);
	free(r);
}

/* env.csv's value of key at thread count t (key@Nt past one thread, else key), "" where none. */
static const char *sim_env(const struct sim_run *r, const char *key, int t)
{
	char at[96];
	snprintf(at, sizeof at, "%s@%dt", key, t);
	const char *v = t > 1 ? rundata_env(&r->run, at) : NULL;
	v = v && *v ? v : rundata_env(&r->run, key);
	return v ? v : "";
}

static double sim_env_num(const struct sim_run *r, const char *key, int t)
{
	double x = NAN;
	if (parse_double(sim_env(r, key, t), &x) != 0)
		return NAN;
	return x;
}

#endif
