/*
 * runplan.h - each job's intent, as the run recorded it (plan.csv) or, for a
 * run from before plan.csv, as it is inferred once here: its role, the level
 * and roof it was placed for, its arrays' bytes and whether they obey
 * STREAM's rule. Past input a timing names its job by a pointer to one of
 * these rows (struct timing.plan), never by guessing from its size.
 *
 * plan.csv: `job,role,level,target,array_bytes,obeys_rule`, one row per
 * planned job (docs/reference.md). timings.csv names each timing's job in an
 * appended `job` column; a run without either stays valid.
 */
#ifndef ROOFLINE_RUNPLAN_H
#define ROOFLINE_RUNPLAN_H

#include <stddef.h>

#include "planrole.h"
#include "roofkey.h"
#include "tgroup.h"


/*
 * Where a row comes from. An inferred row (a run without plan.csv, or a
 * timing without a job) knows its role and arrays from the timing alone;
 * its level and its arrays against STREAM's rule were never recorded, so
 * they are what the fitted level map gives its working set, the rule the
 * model filed every job by before plan.csv (level MEM_LEVELS and
 * obeys_rule -1 say so, and the model resolves them in one place).
 */
enum plan_basis { PLAN_RECORDED, PLAN_INFERRED };

struct plan_row {
	int job;                  /* plan.csv's id; inferred rows are numbered after the recorded ones (0 past INT_MAX) */
	enum plan_role role;
	enum plan_basis basis;
	enum mem_level level;     /* the level it was placed at; MEM_LEVELS: none (peak) or not recorded */
	struct roof_key target;   /* the roof it was measured for; roofkey_none() where none (sweep, inferred) */
	double array_bytes;       /* bytes of one array, all threads' parts together; 0 for none or unknown */
	int obeys_rule;           /* 1 every array at least STREAM's rule, 0 not (or off DRAM), -1 not recorded */
	size_t line;              /* its line in plan.csv; 0 for an inferred row */
};

/*
 * Parses one plan.csv row's cells (level, target, array_bytes, obeys_rule;
 * the job id and role are read by the caller, into *row first) into *row. 0, or -1 with
 * `*bad` the index of the bad cell (0 level .. 3 obeys_rule) and `want`
 * what it should be, for a file:line:column message.
 */
int runplan_parse_cells(const char *const cells[4], struct plan_row *row, int *bad, const char **want);

struct rundata;

/*
 * Gives every timing its plan row: the recorded one its `job` cell names,
 * else an inferred one, one per job (group, kernel, param, threads, and the
 * working set of a kernels-group job), added to run->plan in the order the
 * timings first name them. The sweep is the recorded sweep kernel's
 * (env.csv sweep_kernel) or, for a run from before that key, the
 * bandwidth kernel timed at the most sizes. rundata_load calls it; a
 * caller that builds a struct rundata by hand (tests) calls it after
 * adding its timings.
 */
void runplan_infer(struct rundata *run);

/* The run's first kept timing of its sweep (its plan row's role), whose kernel is the sweep's; NULL when none. */
const struct timing *runplan_sweep(const struct rundata *run);

#endif
