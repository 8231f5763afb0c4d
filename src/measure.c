/*
 * measure.c - the harness (see measure.h).
 *
 * Order of work:
 *  1. pin to one core, describe the machine, measure the timer and the clock;
 *  2. create the run directory (never an existing one), write env.csv;
 *  3. allocate the three arrays once, 2 MiB aligned, and touch every page;
 *  4. pre-scan the triad at doubling sizes to see where the curve settles on
 *     its last (DRAM) level: that decides how far the sweep goes and how big
 *     the kernels' arrays are, from the measured curve rather than from the
 *     reported cache sizes, which a VM may get wrong; its plateaus give the
 *     L1- and L2-resident working sets of --levels l1,l2;
 *  5. build the plan, then for each pass run warm-up and kept trials, each
 *     trial timing every job once in the same order (round-robin), so a slow
 *     moment on the machine hits all jobs alike. Before them, trial 0 of pass
 *     1 calibrates repetitions to a minimum time per timing (all warm-ups).
 *     Every timing is checked; every timing is written to timings.csv, which
 *     is flushed after each trial so an interrupted run keeps what it did.
 */
#include "measure.h"

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "cpu.h"
#include "fit.h"
#include "registry.h"
#include "remarks.h"
#include "stats.h"
#include "timer.h"
#include "util.h"

#ifndef ROOFLINE_VERSION
#define ROOFLINE_VERSION "0.1.0"
#endif

#define SWEEP_MIN_BYTES 4096.0              /* smallest array of the sweep */
#define DEFAULT_CAP_BYTES (1024.0 * 1048576) /* largest array the pre-scan may try */
#define QUICK_CAP_BYTES (512.0 * 1048576)
#define SETTLE_TOLERANCE 0.10               /* "settled": within 10% of the last level */
#define SETTLE_REACH 4.0                    /* sweep two octaves past the settle point */
#define PEAK_MIN_ITERS 64

struct job {
	const struct kernel *k;
	const char *group;
	int param;
	size_t n;            /* elements per array, or loop iterations for KERNEL_PEAK */
	long reps;
	int full_checked;
	int failed;
	double last_seconds;
};

struct harness {
	const struct measure_opts *o;
	struct kernel_buffers buf;   /* the whole allocation */
	size_t capacity;             /* doubles per array */
	struct job *jobs;
	size_t njobs;
	FILE *timings;
	FILE *failures;
	char *dir;
	int any_failed;
	int tty;
	const char *corrupt;         /* kernel whose results are spoiled, for tests */
};

void measure_defaults(struct measure_opts *o, int quick)
{
	memset(o, 0, sizeof *o);
	o->quick = quick;
	o->groups = GROUP_ALL;
	o->levels = LEVEL_DRAM;
	o->threads = 1;
	o->passes = quick ? 1 : 3;
	o->trials = quick ? 5 : 15;
	o->warmup = quick ? 1 : 3;
	o->min_time = quick ? 0.4e-3 : 1e-3;
}

struct name_bit {
	const char *name;
	unsigned bit;
};

/* A comma list of names from `table` as a bit mask; -1 on an unknown or empty list. */
static int parse_name_list(const char *list, const struct name_bit *table, size_t n,
			   unsigned *mask)
{
	char *copy = xstrdup(list), *save = NULL;
	unsigned m = 0;
	int rc = 0;
	for (char *tok = strtok_r(copy, ",", &save); tok && rc == 0; tok = strtok_r(NULL, ",", &save)) {
		size_t i = 0;
		while (i < n && strcmp(tok, table[i].name) != 0)
			i++;
		if (i == n)
			rc = -1;
		else
			m |= table[i].bit;
	}
	free(copy);
	if (rc != 0 || !m)
		return -1;
	*mask = m;
	return 0;
}

int measure_parse_groups(const char *list, unsigned *mask)
{
	static const struct name_bit groups[] = {
		{ "bandwidth", GROUP_BANDWIDTH }, { "peak", GROUP_PEAK }, { "kernels", GROUP_KERNELS },
	};
	return parse_name_list(list, groups, sizeof groups / sizeof groups[0], mask);
}

int measure_parse_levels(const char *list, unsigned *mask)
{
	static const struct name_bit levels[] = {
		{ "dram", LEVEL_DRAM }, { "l2", LEVEL_L2 }, { "l1", LEVEL_L1 },
	};
	return parse_name_list(list, levels, sizeof levels / sizeof levels[0], mask);
}

void measure_list(void)
{
	printf("%-20s %-7s %-9s %-8s %-7s %-12s %s\n", "kernel", "kind", "isa", "here",
	       "flops", "bytes", "computes");
	for (size_t i = 0; i < registry_count(); i++) {
		const struct kernel *k = registry_get(i);
		char flops[32], bytes[32];
		if (k->flops_per_param)
			snprintf(flops, sizeof flops, "%gp%+g", k->flops_per_param, k->flops_fixed);
		else
			snprintf(flops, sizeof flops, "%g", k->flops_fixed);
		if (k->bytes_per_param)
			snprintf(bytes, sizeof bytes, "%gp%+g", k->bytes_per_param, k->bytes_fixed);
		else
			snprintf(bytes, sizeof bytes, "%g", k->bytes_fixed);
		int here = k->run && cpu_has_isa(k->isa);
		printf("%-20s %-7s %-9s %-8s %-7s %-12s %s\n", k->name,
		       k->kind == KERNEL_PEAK ? "peak" : "stream", isa_name(k->isa),
		       here ? "yes" : "skipped", flops, bytes, k->computes);
	}
	printf("\nflops and bytes are per element (per loop iteration for peak kernels);\n"
	       "p is the family parameter: chains K for fma_*, degree D for horner*.\n"
	       "Bytes follow STREAM's convention: what must move, no write-allocate.\n");
}

/* ---- the run directory ---------------------------------------------------- */

static char *default_run_dir(void)
{
	char stamp[32];
	time_t now = time(NULL);
	struct tm tm;
	gmtime_r(&now, &tm);
	strftime(stamp, sizeof stamp, "%Y%m%dT%H%M%SZ", &tm);
	return xasprintf("data/runs/%s-%s-%s", stamp, build_compiler, build_compiler_version);
}

static int mkdir_p(const char *path)
{
	char *p = xstrdup(path);
	/* From the second byte (a leading '/' is the root), never past an empty string's end. */
	for (char *s = *p ? p + 1 : p; *s; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(p, 0777) != 0 && errno != EEXIST) {
			free(p);
			return -1;
		}
		*s = '/';
	}
	free(p);
	return 0;
}

/* Creates a directory that did not exist. With `unique`, adds -2, -3 ... on a clash. */
static char *create_run_dir(const char *want, int unique)
{
	char *dir = xstrdup(want);
	if (mkdir_p(dir) != 0)
		die(EXIT_USAGE, "cannot create the parents of %s: %s", dir, strerror(errno));
	for (int i = 2; mkdir(dir, 0777) != 0; i++) {
		if (errno != EEXIST || !unique)
			die(EXIT_USAGE, "cannot create run directory %s: %s%s", dir, strerror(errno),
			    errno == EEXIST ? " (a run never writes into an existing directory)" : "");
		free(dir);
		dir = xasprintf("%s-%d", want, i);
	}
	return dir;
}

/* data/latest -> runs/<name>, replaced atomically (symlink then rename). */
static void point_latest(const char *dir)
{
	const char *name = strrchr(dir, '/');
	char *target = xasprintf("runs/%s", name ? name + 1 : dir);
	char *tmp = xasprintf("data/latest.tmp.%ld", (long)getpid());
	unlink(tmp);
	if (symlink(target, tmp) != 0 || rename(tmp, "data/latest") != 0) {
		warnx("cannot point data/latest at %s: %s", dir, strerror(errno));
		unlink(tmp);
	}
	free(target);
	free(tmp);
}

static void env_row(FILE *fp, const char *key, const char *value)
{
	csv_field(fp, key);
	fputc(',', fp);
	csv_field(fp, value);
	fputc('\n', fp);
}

static void env_num(FILE *fp, const char *key, double v)
{
	char buf[64];
	if (isfinite(v))
		snprintf(buf, sizeof buf, "%.10g", v);
	else
		snprintf(buf, sizeof buf, "nan");
	env_row(fp, key, buf);
}

struct machine {
	struct cpu_info info;
	int pinned_cpu;
	double clock_ghz;            /* median of the samples */
	const char *clock_method;
	double clock_samples[1024];  /* one before the trials, one after each trial */
	int nclock;
	double granularity, resolution;
	int counters;
	char counters_why[160];
};

/* The cache levels kernels may also run from (--levels l1,l2), in this order. */
enum { CACHE_L1, CACHE_L2, NCACHE_LEVELS };
static const struct {
	unsigned flag;
	const char *opt, *name;
	size_t plateaus;     /* the pre-scan plateaus needed to call the level's one a cache */
} cache_levels[NCACHE_LEVELS] = {
	/* Two plateaus: the first is then not the last (DRAM). Three: the second is not DRAM. */
	[CACHE_L1] = { LEVEL_L1, "l1", "L1", 2 },
	[CACHE_L2] = { LEVEL_L2, "l2", "L2", 3 },
};

struct sweep_decision {
	double cap, settle, max, kernel_bytes, rule;
	int settled;
	char text[320];
	/* Working sets (all arrays) of the L1- and L2-resident kernel jobs; NaN: none. */
	double cache_ws[NCACHE_LEVELS];
	/* The pre-scan's curve: working set (bytes) and best rate (GB/s) per size. */
	double scan_ws[64], scan_gbs[64];
	int nscan;
};

static void write_env(const char *dir, const struct measure_opts *o, const struct machine *m,
		      const struct sweep_decision *d)
{
	char *path = path_join(dir, "env.csv"), err[512], buf[256];
	struct outfile out;
	if (outfile_open(&out, path, err, sizeof err) != 0)
		die(EXIT_FAILED, "%s", err);
	FILE *fp = out.fp;
	fputs("key,value\n", fp);
	env_row(fp, "cpu_model", m->info.model);
	env_row(fp, "isa", isa_name(cpu_widest_isa()));
	buf[0] = '\0';
	for (int i = ISA_SCALAR; i < ISA_COUNT; i++) {
		if (!cpu_has_isa((enum isa)i))
			continue;
		if (buf[0])
			strncat(buf, " ", sizeof buf - strlen(buf) - 1);
		strncat(buf, isa_name((enum isa)i), sizeof buf - strlen(buf) - 1);
	}
	env_row(fp, "isas", buf);
	env_row(fp, "isa_dispatch", cpu_dispatch_name());
	env_num(fp, "cores", m->info.cores);
	env_num(fp, "hw_threads", m->info.pus);
	env_num(fp, "threads", o->threads);
	env_num(fp, "l1d_bytes", m->info.l1d);
	env_num(fp, "l2_bytes", m->info.l2);
	env_num(fp, "l3_bytes", m->info.l3);
	env_row(fp, "topology_source", m->info.source);
	env_row(fp, "cc", build_compiler);
	env_row(fp, "cc_version", build_compiler_version);
	env_row(fp, "kernel_cflags", build_kernel_cflags);
	time_t now = time(NULL);
	struct tm tm;
	gmtime_r(&now, &tm);
	strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
	env_row(fp, "date_utc", buf);
	struct utsname u;
	if (uname(&u) == 0) {
		snprintf(buf, sizeof buf, "%s %s %s", u.sysname, u.release, u.machine);
		env_row(fp, "os", buf);
	} else {
		env_row(fp, "os", "unknown");
	}
	env_row(fp, "roofline_version", ROOFLINE_VERSION);
	env_row(fp, "timer", timer_name());
	env_num(fp, "timer_resolution_ns", m->resolution * 1e9);
	env_num(fp, "timer_granularity_ns", m->granularity * 1e9);
	env_num(fp, "clock_ghz", m->clock_ghz);
	snprintf(buf, sizeof buf, "%s; median of %d samples (one before the trials, one after each)",
		 m->clock_method, m->nclock);
	env_row(fp, "clock_method", buf);
	env_num(fp, "clock_ghz_min", m->nclock ? stats_quantile(m->clock_samples, (size_t)m->nclock, 0) : NAN);
	env_num(fp, "clock_ghz_max", m->nclock ? stats_quantile(m->clock_samples, (size_t)m->nclock, 1) : NAN);
	env_num(fp, "pinned_cpu", m->pinned_cpu);
	env_row(fp, "perf_counters", m->counters ? "available (not used)" : m->counters_why);
	env_num(fp, "passes", o->passes);
	env_num(fp, "trials", o->trials);
	env_num(fp, "warmup_trials", o->warmup);
	env_num(fp, "min_time_s", o->min_time);
	env_num(fp, "quick", o->quick);
	env_num(fp, "sweep_cap_bytes", d->cap);
	env_num(fp, "sweep_settle_bytes", d->settle);
	env_num(fp, "sweep_max_bytes", d->max);
	env_num(fp, "sweep_settled", d->settled);
	env_num(fp, "stream_rule_bytes", d->rule);
	env_row(fp, "sweep_decision", d->text);
	env_num(fp, "kernel_array_bytes", d->kernel_bytes);
	buf[0] = '\0';
	if (o->levels & LEVEL_DRAM)
		strncat(buf, "dram", sizeof buf - 1);
	for (int c = NCACHE_LEVELS; c-- > 0;)
		if (o->levels & cache_levels[c].flag)
			snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s%s", buf[0] ? "," : "",
				 cache_levels[c].opt);
	env_row(fp, "kernel_levels", buf);
	for (int c = 0; c < NCACHE_LEVELS; c++) {
		if (!(o->levels & cache_levels[c].flag))
			continue;
		snprintf(buf, sizeof buf, "kernel_%s_working_set_bytes", cache_levels[c].opt);
		env_num(fp, buf, d->cache_ws[c]);
	}
	if (outfile_commit(&out, err, sizeof err) != 0)
		die(EXIT_FAILED, "%s", err);
	free(path);
}

/* The compiler's remarks for every kernel file, so a later reader sees what was built. */
static void write_remarks(const char *dir)
{
	char *rdir = path_join(dir, "remarks"), err[512];
	if (mkdir(rdir, 0777) != 0)
		die(EXIT_FAILED, "cannot create %s: %s", rdir, strerror(errno));
	for (size_t i = 0; i < build_nremarks; i++) {
		char *name = xasprintf("%s.txt", build_remarks[i].file);
		char *path = path_join(rdir, name);
		struct outfile out;
		if (outfile_open(&out, path, err, sizeof err) != 0)
			die(EXIT_FAILED, "%s", err);
		fprintf(out.fp, "# %s %s %s\n", build_compiler, build_compiler_version, build_kernel_cflags);
		fputs(build_remarks[i].text, out.fp);
		if (outfile_commit(&out, err, sizeof err) != 0)
			die(EXIT_FAILED, "%s", err);
		free(name);
		free(path);
	}
	free(rdir);
}

/* ---- buffers and timing ---------------------------------------------------- */

static double *alloc_array(size_t n)
{
	/* 2 MiB alignment lets the kernel back the arrays with huge pages. */
	size_t bytes = n * sizeof(double);
	bytes = (bytes + (2u << 20) - 1) & ~(size_t)((2u << 20) - 1);
	void *p = NULL;
	if (posix_memalign(&p, 2u << 20, bytes) != 0)
		die(EXIT_FAILED, "cannot allocate %zu bytes for the arrays", bytes);
#ifdef MADV_HUGEPAGE
	madvise(p, bytes, MADV_HUGEPAGE);
#endif
	return p;
}

/*
 * Each array starts at a different offset within a page (0, 1 KiB + 64 and
 * 2 KiB + 128 bytes): with equal offsets a[i], b[i] and c[i] share their low
 * 12 address bits, and the core's store-to-load check (4K aliasing) stalls
 * loads behind unrelated stores, which shows up as noise in the L1 plateau.
 */
#define ARRAY_SKEW_DOUBLES (1024 / 8 + 8)

static void free_buffers(struct harness *h)
{
	free(h->buf.a);
	free(h->buf.b - ARRAY_SKEW_DOUBLES);
	free(h->buf.c - 2 * ARRAY_SKEW_DOUBLES);
}

static void alloc_buffers(struct harness *h, size_t n)
{
	h->capacity = n;
	h->buf.a = alloc_array(n + 2 * ARRAY_SKEW_DOUBLES);
	h->buf.b = alloc_array(n + 2 * ARRAY_SKEW_DOUBLES) + ARRAY_SKEW_DOUBLES;
	h->buf.c = alloc_array(n + 2 * ARRAY_SKEW_DOUBLES) + 2 * ARRAY_SKEW_DOUBLES;
	h->buf.n = n;
	/* Touches every page before any timing: page faults are not bandwidth. */
	memset(h->buf.a, 0, n * sizeof(double));
	kernel_fill_inputs(&h->buf);
}

/* Times one call of job j with its current reps; checks the result. */
static double time_job(struct harness *h, struct job *j, int *ok, char *why, size_t whylen)
{
	struct kernel_buffers b = h->buf;
	b.n = j->n;
	/*
	 * Round-robin means the job before this one left its own data in the
	 * caches. When the timing repeats the work several times, the data fits
	 * some cache level, so one untimed pass first brings it there: otherwise
	 * the first, cold repetition would drag an L3 figure towards DRAM. A job
	 * that runs once a timing streams from memory anyway and needs none.
	 */
	if (j->k->kind == KERNEL_STREAM && j->reps >= 4)
		j->k->run(&b, 1, j->param);
	double t0 = timer_now();
	double result = j->k->run(&b, j->reps, j->param);
	double t1 = timer_now();
	if (h->corrupt && strcmp(h->corrupt, j->k->name) == 0) {
		/* Test hook (ROOFLINE_TEST_CORRUPT): a wrong kernel must fail its check. */
		result += 1.0;
		if (j->k->kind != KERNEL_PEAK)
			b.a[b.n - 1] += 1.0;
	}
	int full = !j->full_checked;
	*ok = j->k->check(&b, j->reps, j->param, result, full, why, whylen) == 0;
	if (*ok)
		j->full_checked = 1;
	return t1 - t0;
}

static double job_flops(const struct job *j)
{
	return kernel_flops_per_elem(j->k, j->param) * (double)j->n * (double)j->reps;
}

static double job_bytes(const struct job *j)
{
	return kernel_bytes_per_elem(j->k, j->param) * (double)j->n * (double)j->reps;
}

static double job_working_set(const struct job *j)
{
	return j->k->kind == KERNEL_PEAK ? 0.0 : (double)j->k->arrays * 8.0 * (double)j->n;
}

static long job_param_column(const struct job *j)
{
	/* The contract: bytes per array in the bandwidth group, else the family param. */
	if (strcmp(j->group, "bandwidth") == 0)
		return (long)(j->n * sizeof(double));
	return j->param;
}

static void record(struct harness *h, int pass, int trial, int warmup, const struct job *j,
		   double seconds)
{
	fprintf(h->timings, "%d,%d,%d,%s,%s,%ld,%d,%.0f,%.17g,%.17g,%.9e\n", pass, trial, warmup,
		j->group, j->k->name, job_param_column(j), h->o->threads, job_working_set(j),
		job_flops(j), job_bytes(j), seconds);
}

static void record_failure(struct harness *h, int pass, int trial, struct job *j, const char *why)
{
	j->failed = 1;
	h->any_failed = 1;
	fprintf(h->failures, "%s,%s,%d,%d,%d,", j->group, j->k->name, j->param, pass, trial);
	csv_field(h->failures, why);
	fputc('\n', h->failures);
	fflush(h->failures);
	fprintf(stderr, "%sroofline: check failed: %s %s param %d: %s\n", h->tty ? "\n" : "",
		j->group, j->k->name, j->param, why);
}

/*
 * Doubles the repetitions (or, for peak kernels, the loop iterations) until one
 * timing lasts min_time, likwid's MEASURE loop; every timing is recorded as a
 * warm-up.
 */
static void calibrate(struct harness *h, struct job *j, int pass, int trial)
{
	char why[256];
	int ok;
	for (;;) {
		double t = time_job(h, j, &ok, why, sizeof why);
		if (!ok) {
			record_failure(h, pass, trial, j, why);
			return;
		}
		record(h, pass, trial, 1, j, t);
		j->last_seconds = t;
		if (t >= h->o->min_time)
			return;
		if (j->k->kind == KERNEL_PEAK) {
			if (j->n > (1ul << 40))
				return;
			j->n *= 2;
		} else {
			if (j->reps > (1l << 40))
				return;
			j->reps *= 2;
		}
	}
}

/* Set by SIGINT or SIGTERM: the run stops after the job in hand and keeps what it has. */
static volatile sig_atomic_t interrupted;

/* ---- pre-scan: where does the curve settle? ------------------------------- */

/*
 * The L1- and L2-resident working sets, from the pre-scan's own curve (not
 * from the cache sizes the machine reports): its plateaus as fit finds them,
 * and the geometric middle of the first (L1) and second (L2) one's range,
 * as far from both of its edges as a log axis allows. A level the curve does
 * not show is skipped, said on stderr, and left NaN.
 */
static void cache_working_sets(const struct measure_opts *o, struct sweep_decision *d)
{
	const double *ws = d->scan_ws, *gbs = d->scan_gbs;
	int n = d->nscan;
	for (int c = 0; c < NCACHE_LEVELS; c++)
		d->cache_ws[c] = NAN;
	if (!(o->groups & GROUP_KERNELS) || !(o->levels & (LEVEL_L1 | LEVEL_L2)))
		return;
	struct fit_sweep_point fs[64];
	for (int i = 0; i < n; i++)
		fs[i] = (struct fit_sweep_point){ .working_set = ws[i], .best = gbs[i], .median = gbs[i] };
	struct fit_plateau pl[FIT_MAX_PLATEAUS];
	size_t count = fit_plateaus(fs, (size_t)n, FIT_MIN_STEP, FIT_TOLERANCE, pl);
	for (int c = 0; c < NCACHE_LEVELS; c++) {
		if (!(o->levels & cache_levels[c].flag))
			continue;
		char lo[32], hi[32], mid[32];
		if (count < cache_levels[c].plateaus) {
			fprintf(stderr, "roofline: skipped %s kernels: the pre-scan's curve shows %zu "
				"plateau%s, and an %s plateau needs %zu (one more level must follow it)\n",
				cache_levels[c].opt, count, count == 1 ? "" : "s", cache_levels[c].name,
				cache_levels[c].plateaus);
			continue;
		}
		const struct fit_plateau *p = &pl[c];
		d->cache_ws[c] = round(sqrt(p->size_lo * p->size_hi));
		fprintf(stderr, "roofline: %s kernels at %s of working set, the middle of the pre-scan's "
			"%s plateau (%s .. %s, %.1f GB/s)\n", cache_levels[c].opt,
			format_bytes(d->cache_ws[c], mid, sizeof mid), cache_levels[c].name,
			format_bytes(p->size_lo, lo, sizeof lo), format_bytes(p->size_hi, hi, sizeof hi),
			p->value);
	}
}

static void prescan(struct harness *h, const struct cpu_info *info, struct sweep_decision *d)
{
	const struct kernel *triad = registry_find("triad");
	double sizes[64], rates[64];
	int n = 0;
	char why[256];
	int ok;

	d->rule = 4.0 * info->l3;
	for (double bytes = SWEEP_MIN_BYTES; bytes <= d->cap * 1.0001 && n < 64 && !interrupted;
	     bytes *= 2) {
		struct job j = { .k = triad, .group = "bandwidth", .n = (size_t)(bytes / 8), .reps = 1 };
		calibrate(h, &j, 0, 0);
		if (j.failed)
			die(EXIT_FAILED, "the triad failed its check during the pre-scan");
		double best = j.last_seconds;
		/* Best of 5: one slow moment must not move the decision. */
		for (int r = 0; r < 4; r++) {
			double t = time_job(h, &j, &ok, why, sizeof why);
			if (!ok) {
				record_failure(h, 0, 0, &j, why);
				die(EXIT_FAILED, "the triad failed its check during the pre-scan");
			}
			record(h, 0, 0, 1, &j, t);
			if (t < best)
				best = t;
		}
		sizes[n] = bytes;
		rates[n] = job_bytes(&j) / best;
		d->scan_ws[n] = job_working_set(&j);
		d->scan_gbs[n] = rates[n] / 1e9;
		n++;
	}
	d->nscan = n;
	if (n == 0)
		return;  /* interrupted before the first size: the caller stops */
	/* The smallest size from which every larger one is within tolerance of the last. */
	int settle = n - 1;
	while (settle > 0 && fabs(rates[settle - 1] / rates[n - 1] - 1.0) <= SETTLE_TOLERANCE)
		settle--;
	/* Settled only when the level it settled on lasts at least two octaves. */
	d->settled = (n - 1 - settle) >= 2;
	d->settle = sizes[settle];
	d->max = fmin(d->cap, d->settle * SETTLE_REACH);
	if (d->max < sizes[n - 1] && !d->settled)
		d->max = sizes[n - 1];
	/*
	 * Kernels run at 1.5x the settle size per array, so that even a kernel of
	 * two arrays spans the triad's (three-array) DRAM working set.
	 */
	d->kernel_bytes = fmin(d->max, fmax(d->settle * 1.5, 8.0 * 1048576));
	d->kernel_bytes = floor(d->kernel_bytes / 4096) * 4096;
	char a[32], b[32], c[32], r[32];
	format_bytes(d->settle, a, sizeof a);
	format_bytes(d->max, b, sizeof b);
	format_bytes(d->cap, c, sizeof c);
	format_bytes(d->rule, r, sizeof r);
	if (d->settled)
		snprintf(d->text, sizeof d->text,
			 "triad settled on its last level from %s per array; sweep to %s per array "
			 "(%gx past it, cap %s); STREAM's rule (4x reported L3) would ask for %s",
			 a, b, SETTLE_REACH, c, r);
	else
		snprintf(d->text, sizeof d->text,
			 "triad had not settled by the cap of %s per array (raise --max-size); sweep to %s; "
			 "STREAM's rule (4x reported L3) would ask for %s", c, b, r);
}

/* ---- the plan ----------------------------------------------------------------- */

static void add_job(struct harness *h, size_t *cap, struct job j)
{
	if (h->njobs == *cap) {
		*cap = *cap ? *cap * 2 : 64;
		h->jobs = xrealloc(h->jobs, *cap * sizeof *h->jobs);
	}
	h->jobs[h->njobs++] = j;
}

/*
 * Elements per array for a kernel of `arrays` arrays to span `working_set`
 * bytes: rounded down to a multiple of 8 (one 64-byte line), at least 64.
 */
static size_t cache_level_n(double working_set, int arrays)
{
	double n = floor(working_set / (8.0 * (arrays > 0 ? arrays : 1)) / 8.0) * 8.0;
	return n < 64 ? 64 : (size_t)n;
}

static void build_plan(struct harness *h, const struct sweep_decision *d)
{
	size_t cap = 0;
	unsigned g = h->o->groups;
	if (g & GROUP_BANDWIDTH) {
		const struct kernel *triad = registry_find("triad");
		/* Half-octave steps; arrays a multiple of 64 bytes (one cache line). */
		for (int i = 0;; i++) {
			double bytes = floor(SWEEP_MIN_BYTES * pow(2.0, i / 2.0) / 64.0) * 64.0;
			if (bytes > d->max * 1.0001)
				break;
			add_job(h, &cap, (struct job){ .k = triad, .group = "bandwidth",
						       .n = (size_t)(bytes / 8), .reps = 1 });
		}
	}
	for (size_t i = 0; i < registry_count(); i++) {
		const struct kernel *k = registry_get(i);
		int peak = k->kind == KERNEL_PEAK;
		if (!(g & (peak ? GROUP_PEAK : GROUP_KERNELS)))
			continue;
		if (!k->run || !cpu_has_isa(k->isa)) {
			fprintf(stderr, "roofline: skipped %s: needs %s\n", k->name, isa_name(k->isa));
			continue;
		}
		/*
		 * Each level is one more job of the same round-robin plan: a kernel's
		 * DRAM-resident family first, then its L2- and L1-resident ones, so
		 * each family's members stay neighbours from timings.csv to points.csv.
		 */
		for (int lv = 0; lv <= (peak ? 0 : NCACHE_LEVELS); lv++) {
			size_t n = PEAK_MIN_ITERS;
			if (!peak && lv == 0) {          /* DRAM */
				if (!(h->o->levels & LEVEL_DRAM))
					continue;
				n = (size_t)(d->kernel_bytes / 8);
			} else if (!peak) {              /* L2, then L1 */
				int c = NCACHE_LEVELS - lv;
				if (!(h->o->levels & cache_levels[c].flag) || !isfinite(d->cache_ws[c]))
					continue;
				n = cache_level_n(d->cache_ws[c], k->arrays);
			}
			for (int p = 0; p < registry_nparams(k); p++)
				add_job(h, &cap, (struct job){ .k = k, .group = peak ? "peak" : "kernels",
							       .param = registry_param(k, p), .n = n, .reps = 1 });
		}
	}
}

/* ---- progress ----------------------------------------------------------------- */

static void progress(struct harness *h, int pass, int trial, double done, double total,
		     double elapsed)
{
	const struct measure_opts *o = h->o;
	int per = o->warmup + o->trials;
	double left = done > 0 ? elapsed * (total - done) / done : 0;
	char line[160];
	snprintf(line, sizeof line, "measuring: pass %d/%d, trial %d/%d%s, %3.0f%%, about %.0f s left",
		 pass, o->passes, trial, per, trial <= o->warmup ? " (warm-up)" : "",
		 100.0 * done / total, left);
	if (h->tty)
		fprintf(stderr, "\r\033[Kroofline: %s", line);
	else
		fprintf(stderr, "roofline: %s\n", line);
}

/* ---- the run ------------------------------------------------------------------ */

static void on_interrupt(int sig)
{
	(void)sig;
	interrupted = 1;
}

/*
 * Rows reach the file only when a trial ends (fflush): the buffer is far
 * larger than a trial's rows, so a run killed mid-trial leaves whole rows of
 * whole trials, never half a line.
 */
#define STREAM_BUFFER (8u << 20)

static FILE *open_stream_csv(const char *dir, const char *name, const char *header,
			     char **buffer)
{
	char *path = path_join(dir, name);
	FILE *fp = fopen(path, "w");
	if (!fp)
		die(EXIT_FAILED, "cannot write %s: %s", path, strerror(errno));
	/* Our own buffer: glibc ignores the size when setvbuf is given none. */
	*buffer = xmalloc(STREAM_BUFFER);
	setvbuf(fp, *buffer, _IOFBF, STREAM_BUFFER);
	fputs(header, fp);
	fflush(fp);
	free(path);
	return fp;
}

static void close_stream_csv(FILE *fp, const char *dir, const char *name, char *buffer)
{
	if (ferror(fp) | fflush(fp) | fclose(fp))
		die(EXIT_FAILED, "cannot write %s/%s: %s", dir, name, strerror(errno));
	free(buffer);
}

int measure_run(const struct measure_opts *o)
{
	struct harness h = { .o = o, .tty = isatty(STDERR_FILENO),
			     .corrupt = getenv("ROOFLINE_TEST_CORRUPT") };
	struct machine m = { 0 };
	struct sweep_decision d = { 0 };
	char err[256];

	if (o->threads != 1)
		die(EXIT_USAGE, "--threads %d: this version measures one core; use --threads 1", o->threads);
	/* The directory first: a bad --out is a usage error before any work. */
	char *want = o->out_dir ? NULL : default_run_dir();
	h.dir = create_run_dir(want ? want : o->out_dir, want != NULL);
	free(want);
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_interrupt;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);

	/* 1. the machine */
	m.pinned_cpu = cpu_pin_here(err, sizeof err);
	if (m.pinned_cpu < 0)
		warnx("%s: timings may move between cores", err);
	else
		fprintf(stderr, "roofline: pinned to CPU %d\n", m.pinned_cpu);
	cpu_describe(&m.info);
	m.resolution = timer_resolution();
	m.granularity = timer_granularity();
	/*
	 * The clock moves on a shared VM, so it is sampled again after every
	 * trial and the median is kept: the latency in cycles uses the clock the
	 * FMA chains actually ran at, not the one at start-up.
	 */
	m.clock_samples[m.nclock++] = cpu_measure_clock_ghz(2e-3, 11, &m.clock_method);
	m.clock_ghz = m.clock_samples[0];
	m.counters = cpu_counters_available(m.counters_why, sizeof m.counters_why);
	fprintf(stderr, "roofline: %s; timer %s, granularity %.0f ns (min time per timing %.2g ms = %.0f ticks)\n",
		m.info.model, timer_name(), m.granularity * 1e9, o->min_time * 1e3,
		o->min_time / m.granularity);
	if (isfinite(m.clock_ghz))
		fprintf(stderr, "roofline: core clock %.2f GHz (%s)\n", m.clock_ghz, m.clock_method);
	if (!m.counters)
		fprintf(stderr, "roofline: no hardware performance counters (%s): flops and bytes come from "
			"each kernel's declared metadata, not from counted instructions or traffic\n",
			m.counters_why);
	if (o->min_time < 20 * m.granularity)
		warnx("min time %.3g s is under 20 timer ticks", o->min_time);

	/* 2. the run directory's first files */
	write_remarks(h.dir);
	char *timings_buffer, *failures_buffer;
	h.timings = open_stream_csv(h.dir, "timings.csv",
				    "pass,trial,warmup,group,kernel,param,threads,working_set_bytes,"
				    "flops,bytes,seconds\n", &timings_buffer);
	h.failures = open_stream_csv(h.dir, "failures.csv", "group,kernel,param,pass,trial,message\n",
				     &failures_buffer);

	/* 3. buffers: as large as the cap, so the pre-scan can look that far */
	d.cap = o->max_size > 0 ? o->max_size : (o->quick ? QUICK_CAP_BYTES : DEFAULT_CAP_BYTES);
	/* Three arrays must fit in memory with room to spare: at most 1/8 of it each. */
	double phys = (double)sysconf(_SC_PHYS_PAGES) * (double)sysconf(_SC_PAGESIZE);
	if (phys > 0 && d.cap > phys / 8) {
		d.cap = exp2(floor(log2(phys / 8)));
		if (o->max_size > 0)
			warnx("--max-size lowered to %.0f MiB per array: three arrays must fit in memory",
			      d.cap / 1048576);
	}
	d.cap = fmax(d.cap, 8 * SWEEP_MIN_BYTES);
	if (o->groups & (GROUP_BANDWIDTH | GROUP_KERNELS)) {
		alloc_buffers(&h, (size_t)(d.cap / 8));
		/* 4. the pre-scan */
		fprintf(stderr, "roofline: pre-scan: triad at doubling sizes up to %.0f MiB per array\n",
			d.cap / 1048576);
		prescan(&h, &m.info, &d);
		if (interrupted) {
			fflush(h.timings);
			die(EXIT_FAILED, "interrupted during the pre-scan: %s holds only its timings", h.dir);
		}
		fprintf(stderr, "roofline: %s\n", d.text);
	}
	cache_working_sets(o, &d);
	if (!(o->groups & (GROUP_BANDWIDTH | GROUP_KERNELS))) {
		alloc_buffers(&h, 8);
		snprintf(d.text, sizeof d.text, "no bandwidth or kernels group: no sweep");
	}
	fflush(h.timings);
	write_env(h.dir, o, &m, &d);

	/* 5. plan and trials */
	build_plan(&h, &d);
	double start = timer_now();
	int per_pass = o->warmup + o->trials;
	/* Trial 0 of pass 1 calibrates every job; its timings are all warm-ups. */
	fprintf(stderr, "roofline: calibrating %zu jobs to at least %.2g ms a timing\n", h.njobs,
		o->min_time * 1e3);
	for (size_t i = 0; i < h.njobs && !interrupted; i++)
		calibrate(&h, &h.jobs[i], 1, 0);
	if (fflush(h.timings) != 0)
		die(EXIT_FAILED, "cannot write %s/timings.csv: %s: no kept trial reached it, only "
		    "warm-up rows", h.dir, strerror(errno));
	double total = (double)o->passes * per_pass, done = 0;
	for (int pass = 1; pass <= o->passes && !interrupted; pass++) {
		for (int trial = 1; trial <= per_pass && !interrupted; trial++) {
			int warm = trial <= o->warmup;
			progress(&h, pass, trial, done, total, timer_now() - start);
			for (size_t i = 0; i < h.njobs && !interrupted; i++) {
				struct job *j = &h.jobs[i];
				if (j->failed)
					continue;
				char why[256];
				int ok;
				double t = time_job(&h, j, &ok, why, sizeof why);
				if (!ok) {
					record_failure(&h, pass, trial, j, why);
					continue;
				}
				record(&h, pass, trial, warm, j, t);
			}
			/* A trial at a time reaches the file: an interrupted run keeps it. */
			if (fflush(h.timings) != 0)
				die(EXIT_FAILED, "cannot write %s/timings.csv: %s: the rows before pass %d "
				    "trial %d are kept (a last row cut short is dropped when read)", h.dir,
				    strerror(errno), pass, trial);
			if (m.nclock < (int)(sizeof m.clock_samples / sizeof m.clock_samples[0]))
				m.clock_samples[m.nclock++] = cpu_measure_clock_ghz(2e-4, 3, &m.clock_method);
			done++;
		}
	}
	if (h.tty)
		fputc('\n', stderr);
	close_stream_csv(h.timings, h.dir, "timings.csv", timings_buffer);
	close_stream_csv(h.failures, h.dir, "failures.csv", failures_buffer);
	/* env.csv again, whole, now that the clock has been sampled through the run. */
	m.clock_ghz = stats_median(m.clock_samples, (size_t)m.nclock);
	write_env(h.dir, o, &m, &d);
	fprintf(stderr, "roofline: measured %zu jobs x %d timings in %.1f s\n", h.njobs,
		o->passes * per_pass, timer_now() - start);
	if (interrupted)
		fprintf(stderr, "roofline: interrupted after %.0f of %.0f trials: %s keeps every timing "
			"taken (fit works once a kept trial is complete)\n", done, total, h.dir);
	if (!o->out_dir && !interrupted)
		point_latest(h.dir);
	printf("%s\n", h.dir);
	if (fflush(stdout) != 0)
		die(EXIT_FAILED, "cannot write to standard output");
	free(h.jobs);
	free_buffers(&h);
	if (interrupted) {
		free(h.dir);
		return EXIT_FAILED;
	}
	if (h.any_failed) {
		fprintf(stderr, "roofline: a kernel failed its check: see %s/failures.csv; its timings are not plotted\n",
			h.dir);
		free(h.dir);
		return EXIT_FAILED;
	}
	free(h.dir);
	return 0;
}
