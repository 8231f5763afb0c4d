/* rundata.c - see rundata.h. Columns are found by header name, so extra ones are fine. */
#include "rundata.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cache_share.h"
#include "csvin.h"
#include "registry.h"
#include "util.h"

struct loader {
	struct rundata *run;
	const char *path;
	int col[16];
	size_t cap;          /* fields in the header */
	size_t timings_cap;  /* room in run->timings */
	size_t skips_cap;    /* room in run->skips */
	size_t wide_rows;    /* rows with cells beyond the header's width, ignored */
	size_t wide_line;    /* the first of them */
};

/* A row being read: the loader, the row, and where an error goes. */
struct row_in {
	const struct loader *l;
	const struct csv_row *row;
	char *err;
	size_t errlen;
};

/* The ISA a kernel's name names after its first '_' ("avx2" of fma_avx2), or the whole name's; ISA_COUNT: none. */
static enum isa isa_of_name(const char *kernel)
{
	const char *u = strchr(kernel, '_');
	return cpu_isa_parse(u ? u + 1 : kernel);
}

static int bad_cell(const struct row_in *r, int i, const char *name, const char *want)
{
	snprintf(r->err, r->errlen, "%s:%zu:%zu: %s '%s' is not %s", r->l->path, r->row->line[i],
		 r->row->column[i], name, r->row->fields[i], want);
	return -1;
}

/*
 * Maps the header's names to columns; every name in `names` must be present,
 * and no name twice (which of the two would be read is a guess), as the
 * points reader refuses.
 */
static int map_header(struct loader *l, const struct csv_row *row, const char *const *names,
		      size_t count, char *err, size_t errlen)
{
	for (size_t i = 1; i < row->n; i++)
		for (size_t j = 0; j < i; j++)
			if (strcmp(row->fields[i], row->fields[j]) == 0) {
				snprintf(err, errlen, "%s:%zu:%zu: column '%s' given twice in the header",
					 l->path, row->line[i], row->column[i], row->fields[i]);
				return -1;
			}
	for (size_t i = 0; i < count; i++) {
		l->col[i] = csvin_column(row, names[i]);
		if (l->col[i] < 0) {
			snprintf(err, errlen, "%s:1:1: missing column '%s' in the header", l->path, names[i]);
			return -1;
		}
	}
	return 0;
}

static int row_width_ok(struct loader *l, size_t row_index, const struct csv_row *row,
			size_t want, char *err, size_t errlen)
{
	if (row->n > want) {
		if (!l->wide_rows++)
			l->wide_line = row->line[want];
		return 0;
	}
	if (row->n == want)
		return 0;
	size_t line = row->n ? row->line[0] : row_index + 1;
	snprintf(err, errlen, "%s:%zu:1: row has %zu fields, the header has %zu", l->path, line,
		 row->n, want);
	return -1;
}

static const char *const env_names[] = { "key", "value" };

static int env_row(void *ctx, size_t index, const struct csv_row *row, char *err, size_t errlen)
{
	struct loader *l = ctx;
	struct rundata *run = l->run;
	if (index == 0) {
		l->cap = row->n;
		return map_header(l, row, env_names, 2, err, errlen);
	}
	if (row->n == 1 && row->fields[0][0] == '\0')
		return 0;  /* a blank line */
	if (row_width_ok(l, index, row, l->cap, err, errlen))
		return -1;
	const char *key = row->fields[l->col[0]];
	/* A key given twice: which value is meant is a guess, as with a points file's column. */
	for (size_t i = 0; i < run->nenv; i++)
		if (strcmp(run->env[i].key, key) == 0) {
			snprintf(err, errlen, "%s:%zu:%zu: key '%.60s' given twice (first on line %zu)",
				 l->path, row->line[l->col[0]], row->column[l->col[0]], key, run->env[i].line);
			return -1;
		}
	run->env = xrealloc(run->env, (run->nenv + 1) * sizeof *run->env);
	run->env[run->nenv].key = xstrdup(key);
	run->env[run->nenv].value = xstrdup(row->fields[l->col[1]]);
	run->env[run->nenv].line = row->line[l->col[0]];
	run->nenv++;
	return 0;
}

/* T_JOB, plan.csv's id, is appended by runs that write plan.csv: optional, after the others. */
enum { T_PASS, T_TRIAL, T_WARMUP, T_GROUP, T_KERNEL, T_PARAM, T_THREADS, T_WS, T_FLOPS,
       T_BYTES, T_SECONDS, T_COUNT, T_JOB = T_COUNT };
static const char *const timing_names[T_COUNT] = {
	"pass", "trial", "warmup", "group", "kernel", "param", "threads", "working_set_bytes",
	"flops", "bytes", "seconds",
};

/* pass, trial, warmup and threads are ints: larger is bad input, not a silent truncation. */
static int get_long(const struct row_in *r, int which, long min, long *out)
{
	int i = r->l->col[which];
	long max = which == T_PARAM ? LONG_MAX : INT_MAX;
	if (parse_long(r->row->fields[i], out) != 0 || *out < min || *out > max) {
		char want[64];
		if (max == LONG_MAX)
			snprintf(want, sizeof want, "a whole number >= %ld", min);
		else
			snprintf(want, sizeof want, "a whole number from %ld to %ld", min, max);
		return bad_cell(r, i, timing_names[which], want);
	}
	return 0;
}

static int get_double(const struct row_in *r, int which, int positive, double *out)
{
	int i = r->l->col[which];
	if (parse_double(r->row->fields[i], out) != 0 || !isfinite(*out) || *out < 0 ||
	    (positive && *out <= 0))
		return bad_cell(r, i, timing_names[which], positive ? "a positive number" : "a number >= 0");
	return 0;
}

static int get_name(const struct row_in *r, int which, char *dst, size_t size)
{
	int i = r->l->col[which];
	const char *s = r->row->fields[i];
	if (!*s || strlen(s) >= size)
		return bad_cell(r, i, timing_names[which], "a name");
	memcpy(dst, s, strlen(s) + 1);
	return 0;
}

/* A rate num/seconds outside util_derived_ok's band, said at the numerator's cell. */
static int bad_rate(const struct row_in *r, int which, double rate, const char *unit)
{
	const struct csv_row *row = r->row;
	int i = r->l->col[which];
	snprintf(r->err, r->errlen, "%s:%zu:%zu: %s '%s' over seconds '%s' is %g %s: want a rate from "
		 "1e-100 to 1e100", r->l->path, row->line[i], row->column[i], timing_names[which],
		 row->fields[i], row->fields[r->l->col[T_SECONDS]], rate, unit);
	return -1;
}

/*
 * util_derived_ok on what the tool derives from one timing: its rates, a
 * kernel's intensity (a kernel that moves no bytes would sit at infinity),
 * its working set.
 */
static int derived_ok(const struct row_in *r, const struct timing *t)
{
	const struct loader *l = r->l;
	if (t->working_set > 0 && !util_derived_ok(t->working_set))
		return bad_cell(r, l->col[T_WS], "working_set_bytes", "a size up to 1e100 bytes");
	double gflops = t->flops / t->seconds / 1e9, gbytes = t->bytes / t->seconds / 1e9;
	if (t->flops > 0 && !util_derived_ok(gflops))
		return bad_rate(r, T_FLOPS, gflops, "GFLOP/s");
	if (t->bytes > 0 && !util_derived_ok(gbytes))
		return bad_rate(r, T_BYTES, gbytes, "GB/s");
	if (t->group == TGROUP_KERNELS && t->flops > 0 &&
	    !(t->bytes > 0 && util_derived_ok(t->flops / t->bytes)))
		return bad_cell(r, l->col[T_BYTES], "bytes",
				"what a kernel moves (its intensity, flops/bytes, from 1e-100 to 1e100)");
	return 0;
}

/* The plan row of the timing's `job` cell (none where the column or the cell is empty). */
static int timing_job(const struct row_in *r, struct timing *t)
{
	const struct rundata *run = r->l->run;
	int i = r->l->col[T_JOB];
	long id;
	if (i < 0 || !r->row->fields[i][0])
		return 0;
	if (parse_long(r->row->fields[i], &id) != 0 || id < 1 || id > INT_MAX)
		return bad_cell(r, i, "job", "a job's id (a whole number >= 1) or empty");
	/* plan.csv lists its jobs 1, 2, ... in order: the row is usually at id - 1. */
	if ((size_t)id <= run->nplan && run->plan[id - 1].job == id) {
		t->plan = &run->plan[id - 1];
		return 0;
	}
	for (size_t k = 0; k < run->nplan; k++)
		if (run->plan[k].job == id) {
			t->plan = &run->plan[k];
			return 0;
		}
	return bad_cell(r, i, "job", run->has_plan ? "a job of plan.csv" : "empty (the run has no plan.csv)");
}

static int timing_row(void *ctx, size_t index, const struct csv_row *row, char *err, size_t errlen)
{
	struct loader *l = ctx;
	struct rundata *run = l->run;
	if (index == 0) {
		l->cap = row->n;
		if (map_header(l, row, timing_names, T_COUNT, err, errlen))
			return -1;
		l->col[T_JOB] = csvin_column(row, "job");
		return 0;
	}
	if (row->n == 1 && row->fields[0][0] == '\0')
		return 0;
	if (row_width_ok(l, index, row, l->cap, err, errlen))
		return -1;
	struct row_in in = { l, row, err, errlen };
	struct timing t;
	long v;
	memset(&t, 0, sizeof t);
	if (get_long(&in, T_PASS, 0, &v))
		return -1;
	t.pass = (int)v;
	if (get_long(&in, T_TRIAL, 0, &v))
		return -1;
	t.trial = (int)v;
	if (get_long(&in, T_WARMUP, 0, &v))
		return -1;
	if (v > 1)
		return bad_cell(&in, l->col[T_WARMUP], "warmup", "0 or 1");
	t.warmup = (int)v;
	if (tgroup_parse(row->fields[l->col[T_GROUP]], &t.group) != 0)
		return bad_cell(&in, l->col[T_GROUP], "group", "bandwidth, peak or kernels");
	if (get_name(&in, T_KERNEL, t.kernel, sizeof t.kernel))
		return -1;
	t.k = registry_find(t.kernel);
	t.isa_named = t.k ? ISA_COUNT : isa_of_name(t.kernel);
	if (get_long(&in, T_PARAM, 0, &t.param))
		return -1;
	if (get_long(&in, T_THREADS, 1, &v))
		return -1;
	t.threads = (int)v;
	if (get_double(&in, T_WS, 0, &t.working_set) ||
	    get_double(&in, T_FLOPS, 0, &t.flops) ||
	    get_double(&in, T_BYTES, 0, &t.bytes) ||
	    get_double(&in, T_SECONDS, 1, &t.seconds))
		return -1;
	if (derived_ok(&in, &t) || timing_job(&in, &t))
		return -1;
	if (run->ntimings == l->timings_cap) {
		l->timings_cap = l->timings_cap ? l->timings_cap * 2 : 1024;
		run->timings = xrealloc(run->timings, l->timings_cap * sizeof *run->timings);
	}
	run->timings[run->ntimings++] = t;
	return 0;
}

enum { P_JOB, P_ROLE, P_LEVEL, P_TARGET, P_ARRAY_BYTES, P_OBEYS, P_COUNT };
static const char *const plan_names[P_COUNT] = {
	"job", "role", "level", "target", "array_bytes", "obeys_rule",
};

/* One row of plan.csv (runplan.h): an id given once, a role, then the cells runplan_parse_cells reads. */
static int plan_row(void *ctx, size_t index, const struct csv_row *row, char *err, size_t errlen)
{
	struct loader *l = ctx;
	struct rundata *run = l->run;
	if (index == 0) {
		l->cap = row->n;
		return map_header(l, row, plan_names, P_COUNT, err, errlen);
	}
	if (row->n == 1 && row->fields[0][0] == '\0')
		return 0;
	if (row_width_ok(l, index, row, l->cap, err, errlen))
		return -1;
	struct row_in in = { l, row, err, errlen };
	struct plan_row p;
	memset(&p, 0, sizeof p);
	long id;
	if (parse_long(row->fields[l->col[P_JOB]], &id) != 0 || id < 1 || id > INT_MAX)
		return bad_cell(&in, l->col[P_JOB], "job", "a whole number from 1 to 2147483647");
	for (size_t k = 0; k < run->nplan; k++)
		if (run->plan[k].job == id) {
			snprintf(err, errlen, "%s:%zu:%zu: job %ld given twice (first on line %zu)", l->path,
				 row->line[l->col[P_JOB]], row->column[l->col[P_JOB]], id, run->plan[k].line);
			return -1;
		}
	p.job = (int)id;
	p.line = row->line[l->col[P_JOB]];
	if (plan_role_parse(row->fields[l->col[P_ROLE]], &p.role) != 0)
		return bad_cell(&in, l->col[P_ROLE], "role", "sweep, pattern, kernel or peak");
	const char *cells[4];
	for (int c = 0; c < 4; c++)
		cells[c] = row->fields[l->col[P_LEVEL + c]];
	int bad;
	const char *want;
	if (runplan_parse_cells(cells, &p, &bad, &want) != 0)
		return bad_cell(&in, l->col[P_LEVEL + bad], plan_names[P_LEVEL + bad], want);
	run->plan = xrealloc(run->plan, (run->nplan + 1) * sizeof *run->plan);
	run->plan[run->nplan++] = p;
	return 0;
}

static const char *const failure_names[] = { "group", "kernel", "param", "message" };

static int failure_row(void *ctx, size_t index, const struct csv_row *row, char *err, size_t errlen)
{
	struct loader *l = ctx;
	struct rundata *run = l->run;
	if (index == 0) {
		l->cap = row->n;
		return map_header(l, row, failure_names, 4, err, errlen);
	}
	if (row->n == 1 && row->fields[0][0] == '\0')
		return 0;
	if (row_width_ok(l, index, row, l->cap, err, errlen))
		return -1;
	struct row_in in = { l, row, err, errlen };
	struct failure f;
	memset(&f, 0, sizeof f);
	if (tgroup_parse(row->fields[l->col[0]], &f.group) != 0)
		return bad_cell(&in, l->col[0], "group", "bandwidth, peak or kernels");
	snprintf(f.kernel, sizeof f.kernel, "%s", row->fields[l->col[1]]);
	if (parse_long(row->fields[l->col[2]], &f.param) != 0)
		return bad_cell(&in, l->col[2], "param", "a whole number");
	snprintf(f.message, sizeof f.message, "%s", row->fields[l->col[3]]);
	run->failures = xrealloc(run->failures, (run->nfailures + 1) * sizeof *run->failures);
	run->failures[run->nfailures++] = f;
	return 0;
}

static const char *const load_names[] = {
	"pass", "threads", "seconds", "busy_other_cpu_seconds", "steal_cpu_seconds", "loadavg_1m",
};

static int load_row(void *ctx, size_t index, const struct csv_row *row, char *err, size_t errlen)
{
	struct loader *l = ctx;
	struct rundata *run = l->run;
	if (index == 0) {
		l->cap = row->n;
		return map_header(l, row, load_names, 6, err, errlen);
	}
	if (row->n == 1 && row->fields[0][0] == '\0')
		return 0;
	if (row_width_ok(l, index, row, l->cap, err, errlen))
		return -1;
	struct row_in in = { l, row, err, errlen };
	struct load_row r;
	long pass, threads;
	double *num[] = { &r.seconds, &r.busy_other, &r.steal, &r.loadavg };
	if (parse_long(row->fields[l->col[0]], &pass) != 0 || pass < 0 || pass > INT_MAX)
		return bad_cell(&in, l->col[0], "pass", "a whole number >= 0");
	if (parse_long(row->fields[l->col[1]], &threads) != 0 || threads < 1 || threads > INT_MAX)
		return bad_cell(&in, l->col[1], "threads", "a whole number >= 1");
	for (int i = 0; i < 4; i++)
		if (parse_double(row->fields[l->col[2 + i]], num[i]) != 0 || !isfinite(*num[i]) ||
		    *num[i] < 0)
			return bad_cell(&in, l->col[2 + i], load_names[2 + i], "a number >= 0");
	r.pass = (int)pass;
	r.threads = (int)threads;
	run->load = xrealloc(run->load, (run->nload + 1) * sizeof *run->load);
	run->load[run->nload++] = r;
	return 0;
}

static const char *const stop_names[] = { "group", "kernel", "param", "threads", "stop" };

/* stops.csv: the rows of jobs left out (stop "skipped"); the other stops are env.csv's counts. */
static int stop_row(void *ctx, size_t index, const struct csv_row *row, char *err, size_t errlen)
{
	struct loader *l = ctx;
	struct rundata *run = l->run;
	if (index == 0) {
		l->cap = row->n;
		return map_header(l, row, stop_names, 5, err, errlen);
	}
	if (row->n == 1 && row->fields[0][0] == '\0')
		return 0;
	if (row_width_ok(l, index, row, l->cap, err, errlen))
		return -1;
	struct row_in in = { l, row, err, errlen };
	if (strcmp(row->fields[l->col[4]], "interrupted") == 0)
		run->nstops_interrupted++;
	if (strcmp(row->fields[l->col[4]], "skipped") != 0)
		return 0;
	struct run_skip r;
	long threads;
	const char *group = row->fields[l->col[0]], *kernel = row->fields[l->col[1]];
	enum timing_group g;
	if (tgroup_parse(group, &g) != 0)
		return bad_cell(&in, l->col[0], "group", "bandwidth, peak or kernels");
	if (!*kernel || strlen(kernel) >= sizeof r.kernel)
		return bad_cell(&in, l->col[1], "kernel", "a name");
	if (parse_long(row->fields[l->col[2]], &r.param) != 0)
		return bad_cell(&in, l->col[2], "param", "a whole number");
	if (parse_long(row->fields[l->col[3]], &threads) != 0 || threads < 1 || threads > INT_MAX)
		return bad_cell(&in, l->col[3], "threads", "a whole number >= 1");
	snprintf(r.kernel, sizeof r.kernel, "%s", kernel);
	r.k = registry_find(kernel);
	r.threads = (int)threads;
	if (run->nskips == l->skips_cap) {   /* doubled: stops.csv may hold tens of thousands of rows */
		l->skips_cap = l->skips_cap ? 2 * l->skips_cap : 16;
		run->skips = xrealloc(run->skips, l->skips_cap * sizeof *run->skips);
	}
	run->skips[run->nskips++] = r;
	return 0;
}

/*
 * remarks/<kernel>.txt of each kernel the kernels group timed. Every kernel
 * gets one entry, text NULL where no file is there, so each is tried once.
 * A remarks file too large or not a regular file is bad input (-1 with err);
 * one that is there but cannot be read (an unreadable remarks/ folder) is
 * said once on stderr, since its kernels lose the compiler's verdict.
 */
static int load_remarks(const char *dir, struct rundata *run, char *err, size_t errlen)
{
	size_t unreadable = 0;
	char first[512] = "";
	for (size_t i = 0; i < run->ntimings; i++) {
		const struct timing *t = &run->timings[i];
		if (t->group != TGROUP_KERNELS)
			continue;
		int tried = 0;
		for (size_t j = 0; j < run->nremarks && !tried; j++)
			tried = strcmp(run->remarks[j].kernel, t->kernel) == 0;
		if (tried)
			continue;
		run->remarks = xrealloc(run->remarks, (run->nremarks + 1) * sizeof *run->remarks);
		struct run_remarks *r = &run->remarks[run->nremarks++];
		snprintf(r->kernel, sizeof r->kernel, "%s", t->kernel);
		r->text = NULL;
		/* A name is a file name here, never a path. */
		if (strchr(t->kernel, '/') || t->kernel[0] == '.')
			continue;
		char *name = xasprintf("remarks/%s.txt", t->kernel);
		char *path = path_join(dir, name);
		char why[512];
		r->text = read_text_file(path, why, sizeof why);
		int cause = errno;
		free(name);
		free(path);
		if (r->text || cause == ENOENT)
			continue;
		if (cause == EFBIG || cause == EINVAL) {
			snprintf(err, errlen, "%s", why);
			return -1;
		}
		if (!unreadable++)
			snprintf(first, sizeof first, "%s", why);
	}
	if (unreadable)
		util_warn("%s: the compiler's vectorisation verdict of %zu kernel%s is left out", first,
			  unreadable, unreadable == 1 ? "" : "s");
	return 0;
}

const char *rundata_remarks(const struct rundata *run, const char *kernel)
{
	for (size_t i = 0; i < run->nremarks; i++)
		if (strcmp(run->remarks[i].kernel, kernel) == 0)
			return run->remarks[i].text;
	return NULL;
}

/*
 * Reads one file of the run: an empty file (no header) is bad input, and
 * cells beyond the header's width, which are ignored, are said once.
 */
static int load_file(struct loader *l, const char *path, int flags, csv_row_fn fn, char *err,
		     size_t errlen)
{
	l->path = path;
	l->cap = 0;
	l->wide_rows = 0;
	if (csvin_read_flags(path, flags, fn, l, err, errlen) != 0)
		return -1;
	if (!l->cap) {
		snprintf(err, errlen, "%s:1:1: no header row (an empty or cut-off file)", path);
		return -1;
	}
	if (l->wide_rows)
		util_warn("%s:%zu: %zu row%s more cells than the header's %zu: the extra cells are ignored",
		      path, l->wide_line, l->wide_rows, l->wide_rows == 1 ? " has" : "s have", l->cap);
	return 0;
}

int rundata_load(const char *dir, struct rundata *run, char *err, size_t errlen)
{
	memset(run, 0, sizeof *run);
	run->dir = xstrdup(dir);
	struct loader l = { .run = run };
	char *env = path_join(dir, "env.csv");
	char *timings = path_join(dir, "timings.csv");
	char *failures = path_join(dir, "failures.csv");
	char *load = path_join(dir, "load.csv");
	char *stops = path_join(dir, "stops.csv");
	char *plan = path_join(dir, "plan.csv");
	int rc = -1;

	/*
	 * timings.csv and failures.csv are streamed by measure: a cut last row
	 * is dropped. plan.csv, written whole before the first timing, is read
	 * first: timings name its rows.
	 */
	if (load_file(&l, env, 0, env_row, err, errlen) != 0)
		goto done;
	run->has_plan = access(plan, F_OK) == 0;
	if (run->has_plan && load_file(&l, plan, 0, plan_row, err, errlen) != 0)
		goto done;
	if (load_file(&l, timings, CSVIN_DROP_CUT_ROW, timing_row, err, errlen) != 0)
		goto done;
	if (access(failures, F_OK) == 0 &&
	    load_file(&l, failures, CSVIN_DROP_CUT_ROW, failure_row, err, errlen) != 0)
		goto done;
	run->has_load = access(load, F_OK) == 0;
	if (run->has_load && load_file(&l, load, CSVIN_DROP_CUT_ROW, load_row, err, errlen) != 0)
		goto done;
	if (access(stops, F_OK) == 0 && load_file(&l, stops, CSVIN_DROP_CUT_ROW, stop_row, err, errlen) != 0)
		goto done;
	rundata_parse_env(run);
	runplan_infer(run);
	if (load_remarks(dir, run, err, errlen) != 0)
		goto done;
	remark_files_load(dir, &run->remark_files);
	rc = 0;
done:
	free(env);
	free(timings);
	free(failures);
	free(load);
	free(stops);
	free(plan);
	if (rc != 0)
		rundata_free(run);
	return rc;
}

void rundata_free(struct rundata *run)
{
	for (size_t i = 0; i < run->nenv; i++) {
		free(run->env[i].key);
		free(run->env[i].value);
	}
	free(run->env);
	free(run->timings);
	free(run->plan);
	free(run->failures);
	free(run->load);
	free(run->skips);
	for (size_t i = 0; i < run->nremarks; i++)
		free(run->remarks[i].text);
	free(run->remarks);
	remark_files_free(&run->remark_files);
	free(run->dir);
	memset(run, 0, sizeof *run);
}

int rundata_failed(const struct rundata *run, enum timing_group group, const char *kernel, long param)
{
	for (size_t i = 0; i < run->nfailures; i++) {
		const struct failure *f = &run->failures[i];
		if (f->param == param && strcmp(f->kernel, kernel) == 0 && f->group == group)
			return 1;
	}
	return 0;
}

const char *rundata_env(const struct rundata *run, const char *key)
{
	/* The last value wins, as a person appending a corrected line would expect. */
	for (size_t i = run->nenv; i-- > 0;)
		if (strcmp(run->env[i].key, key) == 0)
			return run->env[i].value;
	return NULL;
}

/* The env value as a number, or `fallback` when absent or not a number. */
static double env_number(const struct rundata *run, const char *key, double fallback)
{
	double v;
	const char *s = rundata_env(run, key);
	if (!s || parse_double(s, &v) != 0 || !isfinite(v))
		return fallback;
	return v;
}

/* The keys every reader knows, the table that is their documentation. */
#define TEXT(key) { #key, offsetof(struct run_env, key) }
static const struct { const char *key; size_t at; } env_text[] = {
	TEXT(cpu_model), TEXT(cores), TEXT(hw_threads), TEXT(os), TEXT(date_utc), TEXT(isa),
	TEXT(simulated), TEXT(machine_file), TEXT(machine_hash),
	TEXT(isas), TEXT(isa_dispatch), TEXT(cc), TEXT(cc_version), TEXT(kernel_cflags),
	TEXT(threads), TEXT(pinned_cpu), TEXT(timer), TEXT(timer_resolution_ns),
	TEXT(timer_granularity_ns), TEXT(clock_method), TEXT(kernel_tile_source), TEXT(blas_isa),
	TEXT(blas_core), TEXT(blas_config), TEXT(openblas_coretype), TEXT(sweep_kernel),
	TEXT(stream_rule_source),
};
#undef TEXT
#define NUM(key, field) { key, offsetof(struct run_env, field) }
static const struct { const char *key; size_t at; } env_numeric[] = {
	NUM("l1d_bytes", l1d_bytes), NUM("l2_bytes", l2_bytes), NUM("l3_bytes", l3_bytes),
	NUM("l1d_shared_cpus", l1d_shared_cpus), NUM("l2_shared_cpus", l2_shared_cpus),
	NUM("l3_shared_cpus", l3_shared_cpus),
	NUM("l4_bytes", l4_bytes), NUM("memcache_bytes", memcache_bytes),
	NUM("l4_shared_cpus", l4_shared_cpus), NUM("memcache_shared_cpus", memcache_shared_cpus),
	NUM("clock_ghz", clock_ghz), NUM("clock_ghz_min", clock_ghz_min),
	NUM("clock_ghz_max", clock_ghz_max), NUM("timer_granularity_ns", tick_ns),
	NUM("stream_rule_bytes", stream_rule_bytes), NUM("kernel_tile_bytes", kernel_tile_bytes),
	NUM("sweep_cap_binds", sweep_cap_binds),
	NUM("stream_rule_cache_bytes", stream_rule_cache_bytes),
};
#undef NUM

void rundata_parse_env(struct rundata *run)
{
	struct run_env *e = &run->info;
	memset(e, 0, sizeof *e);
	for (size_t i = 0; i < sizeof env_text / sizeof env_text[0]; i++) {
		const char *v = rundata_env(run, env_text[i].key);
		*(const char **)((char *)e + env_text[i].at) = v ? v : "";
	}
	for (size_t i = 0; i < sizeof env_numeric / sizeof env_numeric[0]; i++)
		*(double *)((char *)e + env_numeric[i].at) = env_number(run, env_numeric[i].key, NAN);
	double cores = env_number(run, "cores", NAN), pus = env_number(run, "hw_threads", cores);
	e->l1d_shared_cores = cache_share_cores(e->l1d_shared_cpus, cores, pus);
	e->l2_shared_cores = cache_share_cores(e->l2_shared_cpus, cores, pus);
	e->l3_shared_cores = cache_share_cores(e->l3_shared_cpus, cores, pus);
	e->reported_beyond = fmax(e->l4_bytes > 0 ? e->l4_bytes : 0, e->memcache_bytes > 0 ? e->memcache_bytes : 0);
	double settled = env_number(run, "sweep_settled", NAN);
	e->sweep_settled = isnan(settled) ? -1 : settled != 0;
	e->threads_max_key = rundata_env(run, "threads_max") ? "threads_max" : "threads";
	double most = env_number(run, e->threads_max_key, 1);
	e->threads_max = most >= 1 && most <= 1e6 ? (int)most : 0;
	e->interrupted = env_number(run, "interrupted", 0) == 1 || run->nstops_interrupted > 0;
	e->isa_widest = cpu_isa_parse(e->isa);
	static const char *const RULE_SOURCES[] = { [RULE_REPORTED] = "reported", [RULE_CURVE] = "curve",
						    [RULE_NONE] = "none" };
	for (size_t i = 0; i < sizeof RULE_SOURCES / sizeof RULE_SOURCES[0]; i++)
		if (strcmp(e->stream_rule_source, RULE_SOURCES[i]) == 0) {
			e->stream_rule_recorded = 1;
			e->stream_rule_from = (enum levels_rule_source)i;
		}
	e->blas_isa_id = cpu_isa_parse(e->blas_isa);
	for (const char *w = e->isas; *w;) {
		size_t n = strcspn(w, " ");
		char word[16];
		if (n < sizeof word) {
			memcpy(word, w, n);
			word[n] = '\0';
			enum isa i = cpu_isa_parse(word);
			e->isa_set |= i != ISA_COUNT ? 1u << i : 0;
		}
		w += n + (w[n] == ' ');
	}
	/* In file order, so that a later line for the same count wins, as in rundata_env. */
	for (size_t i = 0; i < run->nenv; i++) {
		int threads, end = 0;
		double ghz;
		if (sscanf(run->env[i].key, "clock_ghz@%dt%n", &threads, &end) != 1 ||
		    run->env[i].key[end] != '\0' || parse_double(run->env[i].value, &ghz) != 0 ||
		    !isfinite(ghz))
			continue;
		size_t c = 0;
		while (c < e->nclocks && e->clocks[c].threads != threads)
			c++;
		if (c == RUNDATA_MAX_CLOCKS)
			continue;
		e->clocks[c].threads = threads;
		e->clocks[c].ghz = ghz;
		if (c == e->nclocks)
			e->nclocks++;
	}
}

int rundata_cap_binds(const struct rundata *run, int threads)
{
	char key[64];
	double binds = NAN;
	snprintf(key, sizeof key, "sweep_cap_binds@%dt", threads);
	if (threads > 1 && rundata_env(run, key) && parse_double(rundata_env(run, key), &binds) == 0 && isfinite(binds))
		return binds == 1;
	return run->info.sweep_cap_binds == 1;
}

double rundata_clock_ghz(const struct rundata *run, int threads, double fallback)
{
	for (size_t i = 0; i < run->info.nclocks; i++)
		if (run->info.clocks[i].threads == threads)
			return run->info.clocks[i].ghz;
	return fallback;
}
