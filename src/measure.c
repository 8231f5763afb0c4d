/*
 * measure.c - the harness (see measure.h).
 *
 * Order of work:
 *  1. pin to one core, describe the machine, measure the timer and the clock;
 *  2. create the run directory (never an existing one), write env.csv;
 *  3. allocate the three arrays once, 2 MiB aligned, and touch every page;
 *  4. pre-scan the sweep's kernel (the hand-written triad of the widest ISA,
 *     bw_triad_<isa>) at growing sizes to see where the curve settles on its
 *     last (DRAM) level: that decides how far the sweep goes and how big the
 *     kernels' arrays are, from the measured curve rather than from the
 *     reported cache sizes, which a VM may get wrong; its plateaus give the
 *     L1- and L2-resident working sets of --levels l1,l2, and the working
 *     sets where each access pattern's bandwidth kernel runs;
 *  5. for each thread count (--threads; default one core, then all physical
 *     cores): bring up that many OpenMP threads, each pinned to its own core
 *     with its own first-touched arrays; build the plan (the sweep, the
 *     pattern jobs, the peak and kernels groups), each job's arrays split
 *     between the threads; then for each pass run warm-up and kept
 *     trials, each trial timing every job once in the same order
 *     (round-robin), so a slow moment on the machine hits all jobs alike.
 *     Before them, trial 0 of pass 1 calibrates repetitions to a minimum time
 *     per timing (all warm-ups). A timing starts all threads at a barrier and
 *     is the slowest thread's; every thread's result is checked; every timing
 *     is written to timings.csv with its thread count, flushed after each
 *     trial so an interrupted run keeps what it did.
 */
#include "measure.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <omp.h>
#include <sched.h>
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
#include "version.h"

#define SWEEP_MIN_BYTES 4096.0              /* smallest array of the sweep */
#define DEFAULT_CAP_BYTES (1024.0 * 1048576) /* largest array the pre-scan may try */
#define QUICK_CAP_BYTES (256.0 * 1048576)  /* a quick run: still 768 MB of working set */
#define SETTLE_TOLERANCE 0.10               /* "settled": within 10% of the last level */
#define SETTLE_REACH 4.0                    /* sweep two octaves past the settle point */
#define SETTLE_SLOPE 1.2                    /* neighbouring plateaus this close: one sloping level */
#define PRESCAN_FINE_BYTES (1024.0 * 1024)   /* the pre-scan's half-octave steps end here */
#define PEAK_MIN_ITERS 64
/*
 * A kernels job whose timings would take longer than this per pass (a matrix
 * product of order 1024 by the textbook loop: seconds a call) is timed in
 * fewer kept trials and no warm-up trials, so `make report` stays short (the
 * kernels at DRAM-sized arrays, 60-odd jobs a thread count, are most of a
 * run: at 0.1 s a pass each still keeps 6 or more timings of 10-15 ms a pass,
 * 18 in all); a quick run leaves out a job whose one timing takes longer
 * than QUICK_SKIP_SECONDS.
 */
#define SLOW_PASS_SECONDS 0.1
#define QUICK_SLOW_PASS_SECONDS 0.12
/*
 * The bandwidth group's: each DRAM-sized job costs two passes a trial (its
 * untimed call, warm_run), so a pattern job at 302 MB keeps 10 timings of
 * 6 ms a pass, and the sweep's largest sizes SWEEP_MIN_KEPT.
 */
#define SWEEP_SLOW_PASS_SECONDS 0.12
#define SWEEP_MIN_KEPT 3
#define QUICK_SKIP_SECONDS 0.25

struct job {
	const struct kernel *k;
	const char *group;
	int param;
	size_t n;            /* elements per array, or loop iterations for KERNEL_PEAK */
	long reps;
	int full_checked;
	int failed;
	double last_seconds;
	/* The work of one call for a kernel with a shape (k->shape); shaped = 0 otherwise. */
	struct kernel_shape shape;
	int shaped;
	/* Kept timings per pass, for a job too slow to time every trial (see slow_job_plan). */
	int kept_per_pass;
	int skipped;         /* too slow for a quick run: calibrated, then left out */
	int threads;         /* the team that ran it last (time_job sets it): n is per thread */
};

struct harness {
	const struct measure_opts *o;
	struct kernel_buffers buf;   /* thread 0's arrays */
	size_t capacity;             /* doubles per array and thread */
	/*
	 * The pass in hand runs `threads` OpenMP threads, thread t pinned to CPU
	 * cpus[t] (one physical core each; -1: not pinned) and working on its own
	 * arrays tbuf[t], which it allocated and touched first, so a NUMA machine
	 * places them on its node. A job's n is per thread.
	 */
	int threads;
	int *cpus;                   /* the cores' first hardware threads, in topology order */
	int ncpus;
	struct kernel_buffers *tbuf;
	double **tbase;              /* each thread's three allocations, to free them */
	size_t *tfilled;             /* each thread's elements zeroed (a) and filled (b, c) so far */
	double *tsec;                /* per thread: the last timing's seconds ... */
	int *tok;                    /* ... whether its check passed ... */
	char (*twhy)[256];           /* ... and why not */
	int corrupt_thread;          /* the thread ROOFLINE_TEST_CORRUPT spoils; -1: all */
	struct job *jobs;
	size_t njobs;
	FILE *timings;
	FILE *failures;
	char *dir;
	int any_failed;
	int tty;
	const char *corrupt;         /* kernel whose results are spoiled, for tests */
	const char *unbuilt;         /* kernel treated as not built (run NULL), for tests */
	const struct kernel *sweep;  /* the bandwidth sweep's kernel (struct sweep_decision) */
	double tile_bytes;           /* the cache tiled kernels block for (kernel_buffers.tile_bytes) */
};

void measure_defaults(struct measure_opts *o, int quick)
{
	memset(o, 0, sizeof *o);
	o->quick = quick;
	o->groups = GROUP_ALL;
	o->levels = LEVEL_DRAM;
	o->nthreads = 0;
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

int measure_parse_threads(const char *list, struct measure_opts *o, char *err, size_t errlen)
{
	int n = 0;
	const char *s = list;
	for (;;) {
		const char *end = s + strcspn(s, ",");
		char *stop;
		errno = 0;
		long v = strtol(s, &stop, 10);
		if (end == s) {
			snprintf(err, errlen, "an empty element; want a comma list of thread counts such as 1,2");
			return -1;
		}
		if (stop != end || errno != 0 || *s == '+' || *s == ' ') {
			snprintf(err, errlen, "'%.*s' is not a whole number", (int)(end - s), s);
			return -1;
		}
		if (v < 1) {
			snprintf(err, errlen, "%ld threads: want at least 1", v);
			return -1;
		}
		if (v > 1 << 20) {
			snprintf(err, errlen, "%ld threads: more than any machine has", v);
			return -1;
		}
		if (n == MEASURE_MAX_THREAD_COUNTS) {
			snprintf(err, errlen, "more than %d thread counts", MEASURE_MAX_THREAD_COUNTS);
			return -1;
		}
		for (int i = 0; i < n; i++)
			if (o->threads[i] == (int)v) {
				snprintf(err, errlen, "%ld given twice (each count is measured once)", v);
				return -1;
			}
		o->threads[n++] = (int)v;
		if (!*end)
			break;
		s = end + 1;
	}
	o->nthreads = n;
	return 0;
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
	printf("%-20s %-7s %-9s %-8s %-7s %-12s %-8s %s\n", "kernel", "kind", "isa", "here",
	       "flops", "bytes", "pattern", "computes");
	for (size_t i = 0; i < registry_count(); i++) {
		const struct kernel *k = registry_get(i);
		char flops[32], bytes[32];
		if (k->shape)
			snprintf(flops, sizeof flops, "per-call");
		else if (k->flops_per_param)
			snprintf(flops, sizeof flops, "%gp%+g", k->flops_per_param, k->flops_fixed);
		else
			snprintf(flops, sizeof flops, "%g", k->flops_fixed);
		if (k->shape)
			snprintf(bytes, sizeof bytes, "per-call");
		else if (k->bytes_per_param)
			snprintf(bytes, sizeof bytes, "%gp%+g", k->bytes_per_param, k->bytes_fixed);
		else
			snprintf(bytes, sizeof bytes, "%g", k->bytes_fixed);
		int here = k->run && cpu_has_isa(k->isa);
		char pat[32];
		kernel_pattern(k, pat, sizeof pat);
		printf("%-20s %-7s %-9s %-8s %-7s %-12s %-8s %s\n", k->name,
		       k->kind == KERNEL_PEAK ? "peak" : k->kind == KERNEL_BANDWIDTH ? "bw" : "stream",
		       cpu_isa_name(k->isa), here ? "yes" : "skipped", flops, bytes, pat[0] ? pat : "-",
		       k->computes);
	}
	printf("\nflops and bytes are per element (per loop iteration for peak kernels);\n"
	       "p is the family parameter: chains K for fma_*, degree D for horner*;\n"
	       "\"per-call\": the kernel's shape gives them for a whole call (gemm_*: 2n^3 flops,\n"
	       "32n^2 bytes, n the matrix order; stencil*: per grid point and step).\n"
	       "pattern: arrays read (r) and written (w) an element, -nt for streaming stores,\n"
	       "-ip for stores in place (to the lines just read).\n"
	       "bw kernels set the roofs (the sweep, a roof per access pattern), never placed.\n"
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

/* Creates a directory that did not exist. With `unique`, adds -2, -3 ... on a clash. */
static char *create_run_dir(const char *want, int unique)
{
	char *dir = xstrdup(want);
	if (util_mkdir_parents(dir) != 0)
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
		util_warn("cannot point data/latest at %s: %s", dir, strerror(errno));
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
	/* Under all-core load: every thread of a pass runs the clock chain at once. */
	double clock_allcore_ghz[MEASURE_MAX_THREAD_COUNTS];
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
	/* The cache tiled kernels block for (kernel_buffers.tile_bytes): 0 when none; and why. */
	double tile_bytes;
	char tile_text[200];
	/* The pre-scan's plateaus: the geometric middle of each (all arrays), smallest first. */
	double plateau_ws[FIT_MAX_PLATEAUS];
	size_t nplateaus;
	const struct kernel *sweep;  /* the kernel of the pre-scan and the sweep */
};

static void env_about(void *ctx, const char *key, const char *value)
{
	env_row(ctx, key, value);
}

static void write_env(const struct harness *h, const struct machine *m,
		      const struct sweep_decision *d)
{
	const char *dir = h->dir;
	const struct measure_opts *o = h->o;
	char *path = path_join(dir, "env.csv"), err[512], buf[256];
	struct outfile out;
	if (outfile_open(&out, path, err, sizeof err) != 0)
		die(EXIT_FAILED, "%s", err);
	FILE *fp = out.fp;
	fputs("key,value\n", fp);
	env_row(fp, "cpu_model", m->info.model);
	env_row(fp, "isa", cpu_isa_name(cpu_widest_isa()));
	buf[0] = '\0';
	for (int i = ISA_SCALAR; i < ISA_COUNT; i++) {
		if (!cpu_has_isa((enum isa)i))
			continue;
		if (buf[0])
			strncat(buf, " ", sizeof buf - strlen(buf) - 1);
		strncat(buf, cpu_isa_name((enum isa)i), sizeof buf - strlen(buf) - 1);
	}
	env_row(fp, "isas", buf);
	env_row(fp, "isa_dispatch", cpu_dispatch_name());
	env_num(fp, "cores", m->info.cores);
	env_num(fp, "hw_threads", m->info.pus);
	buf[0] = '\0';
	int tmax = 0;
	for (int t = 0; t < o->nthreads; t++) {
		snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s%d", t ? "," : "", o->threads[t]);
		tmax = o->threads[t] > tmax ? o->threads[t] : tmax;
	}
	env_row(fp, "threads", buf);
	env_num(fp, "threads_max", tmax);
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
	for (int t = 0; t < o->nthreads; t++) {
		if (o->threads[t] < 2)
			continue;
		snprintf(buf, sizeof buf, "clock_ghz@%dt", o->threads[t]);
		env_num(fp, buf, m->clock_allcore_ghz[t]);
	}
	env_row(fp, "perf_counters", m->counters ? "available (not used)" : m->counters_why);
	env_num(fp, "passes", o->passes);
	env_num(fp, "trials", o->trials);
	env_num(fp, "warmup_trials", o->warmup);
	env_num(fp, "min_time_s", o->min_time);
	env_num(fp, "min_time_peak_s", o->min_time / 2);
	env_num(fp, "quick", o->quick);
	env_num(fp, "sweep_cap_bytes", d->cap);
	env_num(fp, "sweep_settle_bytes", d->settle);
	env_num(fp, "sweep_max_bytes", d->max);
	env_num(fp, "sweep_settled", d->settled);
	env_num(fp, "stream_rule_bytes", d->rule);
	env_row(fp, "sweep_decision", d->text);
	env_row(fp, "sweep_kernel", d->sweep ? d->sweep->name : "");
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
	env_num(fp, "kernel_tile_bytes", d->tile_bytes);
	env_row(fp, "kernel_tile_source", d->tile_text);
	/* What each shaped job chose (a tile, a grid), and what a library kernel runs on. */
	for (size_t i = 0; i < h->njobs; i++) {
		const struct job *j = &h->jobs[i];
		size_t first = 0, same = 0;
		while (h->jobs[first].k != j->k)
			first++;
		for (size_t e = first; e < i; e++)
			same += h->jobs[e].k == j->k && h->jobs[e].param == j->param;
		/* shape_<kernel>_<param>, then _2, _3 for the same member at other levels. */
		if (j->shaped && j->shape.why[0]) {
			snprintf(buf, sizeof buf, "shape_%s_%d", j->k->name, j->param);
			if (same)
				snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "_%zu", same + 1);
			env_row(fp, buf, j->shape.why);
		}
		if (j->k->about && first == i)
			j->k->about(env_about, fp);
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

/* NULL when out of memory: it runs in OpenMP threads, where die() must not. */
static double *alloc_array(size_t n)
{
	/* 2 MiB alignment lets the kernel back the arrays with huge pages. */
	size_t bytes = n * sizeof(double);
	bytes = (bytes + (2u << 20) - 1) & ~(size_t)((2u << 20) - 1);
	void *p = NULL;
	if (posix_memalign(&p, 2u << 20, bytes) != 0)
		return NULL;
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

/* Thread t (of the calling OpenMP team) on its own core, once: the pool keeps its threads. */
static void pin_thread(const struct harness *h, int t)
{
	static _Thread_local int pinned = -1;
	if (!h->cpus || t >= h->ncpus || h->cpus[t] < 0 || pinned == h->cpus[t])
		return;
	char err[160];
	if (cpu_pin_to(h->cpus[t], err, sizeof err) == 0)
		pinned = h->cpus[t];
}

static void free_buffers(struct harness *h)
{
	for (int t = 0; h->tbase && t < h->threads; t++)
		for (int i = 0; i < 3; i++)
			free(h->tbase[t * 3 + i]);
	free(h->tbase);
	free(h->tbuf);
	free(h->tfilled);
	h->tfilled = NULL;
	h->tbase = NULL;
	h->tbuf = NULL;
	memset(&h->buf, 0, sizeof h->buf);
}

/*
 * n doubles per array for each of h->threads threads, allocated but not yet
 * touched: time_share fills them as far as each job needs, on the thread
 * that uses them, before its clock starts.
 */
static void alloc_buffers(struct harness *h, size_t n)
{
	int threads = h->threads > 0 ? h->threads : 1, failed = 0;
	h->threads = threads;
	h->capacity = n;
	h->tbuf = xcalloc((size_t)threads, sizeof *h->tbuf);
	h->tbase = xcalloc((size_t)threads * 3, sizeof *h->tbase);
	h->tfilled = xcalloc((size_t)threads, sizeof *h->tfilled);
#pragma omp parallel num_threads(threads) reduction(+ : failed)
	{
		int t = omp_get_thread_num();
		pin_thread(h, t);
		double **base = &h->tbase[t * 3];
		for (int i = 0; i < 3; i++)
			base[i] = alloc_array(n + 2 * ARRAY_SKEW_DOUBLES);
		if (base[0] && base[1] && base[2]) {
			struct kernel_buffers *b = &h->tbuf[t];
			b->a = base[0];
			b->b = base[1] + ARRAY_SKEW_DOUBLES;
			b->c = base[2] + 2 * ARRAY_SKEW_DOUBLES;
			b->n = n;
			h->tfilled[t] = 0;
		} else {
			failed++;
		}
	}
	if (failed)
		die(EXIT_FAILED, "cannot allocate 3 x %zu bytes for the arrays of each of %d threads",
		    n * sizeof(double), threads);
	h->buf = h->tbuf[0];
}

/* Spoils what one thread's kernel returned (ROOFLINE_TEST_CORRUPT): its check must fail. */
static void corrupt_result(const struct harness *h, const struct job *j, int t,
			   struct kernel_buffers *b, double *result)
{
	if (!h->corrupt || strcmp(h->corrupt, j->k->name) != 0 ||
	    (h->corrupt_thread >= 0 && h->corrupt_thread != t))
		return;
	*result += 1.0;
	if (j->k->kind != KERNEL_PEAK)
		b->a[b->n - 1] += 1.0;
}

/* Kept trials spread over the pass: measure.h says why. */
int measure_kept_trial(int trial, int kept, int trials)
{
	if (trial < 1 || trial > trials || kept < 1)
		return 0;
	return (long)(trial - 1) * kept % trials < kept;
}

/*
 * Whether a timing of job j follows one untimed call of the same job.
 * Round-robin means the job before this one left its own data in the caches
 * (and, on a VM, its pages' translations); one call of this job first puts
 * the machine in the state the job's own repetitions keep it in, as
 * back-to-back passes (STREAM, likwid-bench) do. A job that fits a cache
 * level then finds its data there (else its first repetition drags an L3
 * figure towards DRAM); one that streams from memory no longer pays for
 * what the job before it left: on this 2-core VM the streaming-store triad
 * at 302 MB moved 50-57 GB/s (median) after a pass of its own, 44-47 after
 * 1 GB of other data, the two interleaved in one process. A call longer
 * than MEASURE_WARM_RUN_MAX_SECONDS (a matrix product at n = 1024) reuses
 * its data so often that the state it starts from is lost in it, and is not
 * doubled. Peak kernels touch no memory.
 */
int measure_warm_run(int peak, double call_seconds)
{
	return !peak && !(call_seconds > MEASURE_WARM_RUN_MAX_SECONDS);
}

static int warm_run(const struct job *j)
{
	double call = j->reps > 0 ? j->last_seconds / (double)j->reps : 0.0;
	return measure_warm_run(j->k->kind == KERNEL_PEAK, call);
}

/* What one trial of job j costs: its timing, and its untimed call where it has one. */
static double trial_seconds(const struct job *j)
{
	double t = j->last_seconds;
	return warm_run(j) && j->reps > 0 ? t + t / (double)j->reps : t;
}

/*
 * Thread t's share of one timing of job j: its own arrays, the untimed pass
 * that brings them into cache where needed, the timed call between two
 * barriers (when there is a team), and its check.
 */
static void time_share(struct harness *h, const struct job *j, int t, int team, int full)
{
	struct kernel_buffers b = h->tbuf[t];
	b.n = j->n;
	b.tile_bytes = h->tile_bytes;
	/*
	 * The arrays are filled as far as a job first needs them, by the thread
	 * that uses them (first touch: on a NUMA machine the pages land on its
	 * node), and before its clock starts (page faults are not bandwidth).
	 * Filling all of the pre-scan's cap up front took seconds of a quick run.
	 */
	if (j->k->kind != KERNEL_PEAK && b.n > h->tfilled[t]) {
		memset(b.a + h->tfilled[t], 0, (b.n - h->tfilled[t]) * sizeof(double));
		kernel_fill_inputs_from(&b, h->tfilled[t]);
		h->tfilled[t] = b.n;
	}
	if (warm_run(j)) {
		if (j->k->prepare)
			j->k->prepare(&b, j->param);
		j->k->run(&b, 1, j->param);
	}
	/* The state the check counts from (y = y0, C = 0), set before the clock starts. */
	if (j->k->prepare)
		j->k->prepare(&b, j->param);
	if (team > 1) {
#pragma omp barrier
	}
	double t0 = timer_now();
	double result = j->k->run(&b, j->reps, j->param);
	double t1 = timer_now();
	if (team > 1) {
#pragma omp barrier
	}
	corrupt_result(h, j, t, &b, &result);
	h->tsec[t] = t1 - t0;
	h->tok[t] = j->k->check(&b, j->reps, j->param, result, full, h->twhy[t],
				sizeof h->twhy[t]) == 0;
}

/*
 * Times one call of job j with its current reps on every thread of the pass
 * at once, each on its own n elements (or iterations); checks every thread's
 * result. A barrier before the timing starts them together and one after it
 * keeps a fast thread from moving on while a slow one still runs; the job's
 * time is the slowest thread's, since the work is done only when all of it
 * is. One thread runs on the calling thread, with no OpenMP region around
 * the timing at all.
 */
static double time_job(struct harness *h, struct job *j, int *ok, char *why, size_t whylen)
{
	int threads = h->threads > 0 ? h->threads : 1, team = 1;
	int full = !j->full_checked;
	j->threads = threads;
	if (threads == 1) {
		time_share(h, j, 0, 1, full);
	} else {
		omp_set_dynamic(0);
#pragma omp parallel num_threads(threads)
		{
			int t = omp_get_thread_num();
#pragma omp single
			team = omp_get_num_threads();
			pin_thread(h, t);
			if (team == threads)
				time_share(h, j, t, team, full);
		}
	}
	double slowest = 0;
	*ok = team == threads;
	if (!*ok)
		snprintf(why, whylen, "OpenMP ran %d threads, not %d", team, threads);
	for (int t = 0; t < threads && *ok; t++) {
		if (!h->tok[t]) {
			*ok = 0;
			if (threads > 1)
				snprintf(why, whylen, "thread %d of %d: %s", t, threads, h->twhy[t]);
			else
				snprintf(why, whylen, "%s", h->twhy[t]);
		}
		slowest = fmax(slowest, h->tsec[t]);
	}
	if (*ok)
		j->full_checked = 1;
	return slowest;
}

/* Threads that ran job j: its n is per thread, and its totals count them all. */
static double job_threads(const struct job *j)
{
	return j->threads > 0 ? (double)j->threads : 1.0;
}

static double job_flops(const struct job *j)
{
	if (j->shaped)
		return j->shape.flops * (double)j->reps * job_threads(j);
	return kernel_flops_per_elem(j->k, j->param) * (double)j->n * (double)j->reps * job_threads(j);
}

static double job_bytes(const struct job *j)
{
	if (j->shaped)
		return j->shape.bytes * (double)j->reps * job_threads(j);
	return kernel_bytes_per_elem(j->k, j->param) * (double)j->n * (double)j->reps * job_threads(j);
}

static double job_working_set(const struct job *j)
{
	if (j->shaped)
		return j->shape.working_set * job_threads(j);
	return j->k->kind == KERNEL_PEAK ? 0.0
		: (double)j->k->arrays * 8.0 * (double)j->n * job_threads(j);
}

static long job_param_column(const struct job *j)
{
	/* The contract: bytes per array (all threads' parts) in the bandwidth group, else the param. */
	if (strcmp(j->group, "bandwidth") == 0)
		return (long)((double)j->n * sizeof(double) * job_threads(j));
	return j->param;
}

static void record(struct harness *h, int pass, int trial, int warmup, const struct job *j,
		   double seconds)
{
	fprintf(h->timings, "%d,%d,%d,%s,%s,%ld,%d,%.0f,%.17g,%.17g,%.9e\n", pass, trial, warmup,
		j->group, j->k->name, job_param_column(j), (int)job_threads(j), job_working_set(j),
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
 * A peak job's timings last half the min time: its chains run in registers,
 * with no data to warm and nothing that settles over time, and at 0.5 ms a
 * timing is still 25,000 ticks of a 20 ns clock; they are 160-odd of a
 * run's 250 jobs, so this is a quarter of a full run's time.
 */
static double job_min_time(const struct harness *h, const struct job *j)
{
	return j->k->kind == KERNEL_PEAK ? h->o->min_time / 2 : h->o->min_time;
}

/*
 * Doubles the repetitions (or, for peak kernels, the loop iterations up to
 * their max_n, then the repetitions) until one timing lasts its min time
 * (job_min_time), likwid's MEASURE loop; every timing is recorded as a warm-up.
 */
static void calibrate(struct harness *h, struct job *j, int pass, int trial)
{
	char why[256];
	int ok;
	for (int first = 1;; first = 0) {
		double t = time_job(h, j, &ok, why, sizeof why);
		if (!ok) {
			record_failure(h, pass, trial, j, why);
			return;
		}
		record(h, pass, trial, 1, j, t);
		j->last_seconds = t;
		/*
		 * Never the first timing: it carries what happens once (a library's
		 * first call allocating its buffers, pages faulted in), and a first
		 * call long enough to stop here left OpenBLAS at n = 16 timed one
		 * 30 us call at a time, at a hundredth of its rate.
		 */
		if (t >= job_min_time(h, j) && !first)
			return;
		if (first && t >= job_min_time(h, j)) {
			/* One call past a quick run's limit: skipped anyway (slow_job_plan). */
			if (h->o->quick && t > QUICK_SKIP_SECONDS)
				return;
			continue;
		}
		/* A peak kernel grows its loop up to the longest its check can vouch for (max_n). */
		if (j->k->kind == KERNEL_PEAK && (j->k->max_n <= 0 || (long)j->n * 2 <= j->k->max_n)) {
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

/* The pre-scan's first n sizes as the fitter reads a sweep (its rates are bests, kept as both). */
static void scan_points(const struct sweep_decision *d, int n, struct fit_sweep_point *fs)
{
	for (int i = 0; i < n; i++)
		fs[i] = (struct fit_sweep_point){ .working_set = d->scan_ws[i], .best = d->scan_gbs[i],
						  .median = d->scan_gbs[i] };
}

/* fit_settle on the pre-scan's first n sizes: the index of the last level's first, or -1. */
static long scan_settle(const struct sweep_decision *d, int n)
{
	struct fit_sweep_point fs[64];
	scan_points(d, n, fs);
	return fit_settle(fs, (size_t)n, SETTLE_SLOPE, SETTLE_REACH);
}

/*
 * The L1- and L2-resident working sets, from the pre-scan's own curve (not
 * from the cache sizes the machine reports): its plateaus as fit finds them,
 * and the geometric middle of the first (L1) and second (L2) one's range,
 * as far from both of its edges as a log axis allows. A level the curve does
 * not show is skipped, said on stderr, and left NaN. Every plateau's middle
 * is kept too, for the access-pattern jobs.
 */
static void cache_working_sets(const struct measure_opts *o, struct sweep_decision *d)
{
	int n = d->nscan;
	for (int c = 0; c < NCACHE_LEVELS; c++)
		d->cache_ws[c] = NAN;
	d->nplateaus = 0;
	d->tile_bytes = 0;
	snprintf(d->tile_text, sizeof d->tile_text, "no kernels group: no tiles");
	struct fit_sweep_point fs[64];
	scan_points(d, n, fs);
	struct fit_plateau pl[FIT_MAX_PLATEAUS];
	size_t count = n > 0 ? fit_plateaus(fs, (size_t)n, FIT_MIN_STEP, FIT_TOLERANCE, pl) : 0;
	/* Every plateau's middle: where the access-pattern roofs are measured. */
	for (size_t i = 0; i < count; i++)
		d->plateau_ws[i] = round(sqrt(pl[i].size_lo * pl[i].size_hi));
	d->nplateaus = count;
	/*
	 * The kernels' arrays: each 3/4 of the working set where the pre-scan's
	 * DRAM plateau begins, so a kernel of two arrays spans 1.5 times that
	 * (a triad's three 2.25 times), inside the plateau, and no larger: a
	 * larger array only makes every timing longer. Where the plateau begins
	 * is prescan's settle point (a sloping DRAM level is one level there);
	 * a curve that never settled (a busy machine's DRAM sizes scatter) uses
	 * where its last level after a cache one begins, not the cap.
	 */
	double start = d->settled ? d->settle * (double)d->sweep->arrays
		       : count >= 2 ? pl[count - 1].size_lo : NAN;
	if (isfinite(start)) {
		/*
		 * A quick run: each 1/3 of it, a two-array kernel at 2/3 of where
		 * the plateau begins, still past the caches' plateaus: with every
		 * DRAM timing after an untimed call of its own, the larger arrays
		 * took a quick run from 10 to 27 s of measuring.
		 */
		double lo = (o->quick ? 1.0 / 3.0 : 0.75) * start;
		d->kernel_bytes = floor(fmin(d->max, fmax(lo, 8.0 * 1048576)) / 4096) * 4096;
	}
	if (!(o->groups & GROUP_KERNELS))
		return;
	/*
	 * Tiled kernels block for the L2 plateau's middle when the curve shows one
	 * (three plateaus: the second is then a cache), else for the L1 one's,
	 * else they keep their defaults: from the measured curve, like the levels.
	 */
	int tc = count >= cache_levels[CACHE_L2].plateaus ? CACHE_L2
		 : count >= cache_levels[CACHE_L1].plateaus ? CACHE_L1 : -1;
	if (tc >= 0) {
		char lo[32], hi[32], mid[32];
		d->tile_bytes = round(sqrt(pl[tc].size_lo * pl[tc].size_hi));
		snprintf(d->tile_text, sizeof d->tile_text, "%s, the middle of the pre-scan's %s plateau (%s .. %s)",
			 format_bytes(d->tile_bytes, mid, sizeof mid), cache_levels[tc].name,
			 format_bytes(pl[tc].size_lo, lo, sizeof lo), format_bytes(pl[tc].size_hi, hi, sizeof hi));
	} else {
		snprintf(d->tile_text, sizeof d->tile_text, "the pre-scan's curve shows %zu plateau%s and no cache "
			 "level before its last: tiled kernels use their default tiles", count, count == 1 ? "" : "s");
	}
	if (!(o->levels & (LEVEL_L1 | LEVEL_L2)))
		return;
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

/*
 * The kernel that best runs access pattern `pattern` here: a bandwidth kernel
 * (KERNEL_BANDWIDTH) of that pattern for the widest ISA this CPU has with
 * fewer lanes than `below` (INT_MAX: any), or with `placed_too`, failing
 * that, a placed kernel of the pattern (a CPU with no SIMD at all still gets
 * a sweep, from the compiled triad). NULL when none.
 */
static const struct kernel *pattern_kernel(const char *pattern, int placed_too, int below)
{
	const struct kernel *best = NULL;
	for (int pass = 0; pass < (placed_too ? 2 : 1) && !best; pass++) {
		enum kernel_kind want = pass == 0 ? KERNEL_BANDWIDTH : KERNEL_STREAM;
		for (size_t i = 0; i < registry_count(); i++) {
			const struct kernel *k = registry_get(i);
			char pat[32];
			kernel_pattern(k, pat, sizeof pat);
			if (k->kind != want || !k->run || !cpu_has_isa(k->isa) || strcmp(pat, pattern) != 0 ||
			    cpu_isa_lanes(k->isa) >= below)
				continue;
			if (!best || cpu_isa_lanes(k->isa) > cpu_isa_lanes(best->isa))
				best = k;
		}
	}
	return best;
}

/* The sweep's pattern: the STREAM triad's, two reads and one allocating write. */
#define SWEEP_PATTERN "2r1w"
/*
 * The sweep's two reads and one write with the stores that allocate nothing,
 * streaming and in place: measured at every plateau, either may set a
 * level's roof (analysis.c: the best of the store kinds).
 */
#define STREAMING_PATTERN "2r1w-nt"
#define IN_PLACE_PATTERN "2r1w-ip"

static void prescan(struct harness *h, const struct cpu_info *info, struct sweep_decision *d)
{
	const struct kernel *triad = d->sweep;
	double sizes[64], rates[64];
	int n = 0;
	long first = -1;   /* fit_settle's answer, once asked */
	char why[256];
	int ok;

	d->rule = 4.0 * info->l3;
	/*
	 * Half-octave steps up to PRESCAN_FINE_BYTES per array, doubling beyond:
	 * the caches' plateaus are only a few octaves wide, and with one size an
	 * octave a single slow size could hide one (and with it the pattern
	 * roofs measured at its middle); small sizes cost next to nothing.
	 */
	for (double e = 0, bytes = SWEEP_MIN_BYTES; bytes <= d->cap * 1.0001 && n < 64 && !interrupted;
	     e += SWEEP_MIN_BYTES * exp2(e) < PRESCAN_FINE_BYTES ? 0.5 : 1.0,
	     bytes = floor(SWEEP_MIN_BYTES * exp2(e) / 64.0) * 64.0) {
		struct job j = { .k = triad, .group = "bandwidth", .n = (size_t)(bytes / 8), .reps = 1 };
		calibrate(h, &j, 0, 0);
		if (j.failed)
			die(EXIT_FAILED, "%s failed its check during the pre-scan", triad->name);
		double best = j.last_seconds;
		/* Best of 5: one slow moment must not move the decision. */
		for (int r = 0; r < 4; r++) {
			double t = time_job(h, &j, &ok, why, sizeof why);
			if (!ok) {
				record_failure(h, 0, 0, &j, why);
				die(EXIT_FAILED, "%s failed its check during the pre-scan", triad->name);
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
		/*
		 * Stop once the curve has settled (fit_settle) past twice the L3
		 * the machine reports: the sweep goes no further than SETTLE_REACH
		 * past the settle point, which is behind us then, and every larger
		 * size only costs time. The reported size is a floor, not the
		 * answer: a large L3 can look settled over two octaves.
		 */
		if (n >= 4 && d->scan_ws[n - 1] >= 2.0 * info->l3 && (first = scan_settle(d, n)) >= 0)
			break;
	}
	d->nscan = n;
	if (n == 0)
		return;  /* interrupted before the first size: the caller stops */
	/*
	 * Where the last level begins, as the fitter sees it (fit_settle: it
	 * merges the neighbours of one level, so a DRAM level that slopes, or
	 * one slow moment at the largest size, does not hide it).
	 */
	if (first < 0)   /* already known when the loop stopped on it */
		first = scan_settle(d, n);
	d->settled = first >= 0;
	d->settle = sizes[first >= 0 ? first : n - 1];
	/*
	 * Failing that, the smallest size from which every larger one is within
	 * tolerance of the last, when that level lasts at least two octaves.
	 */
	if (!d->settled) {
		int settle = n - 1;
		while (settle > 0 && fabs(rates[settle - 1] / rates[n - 1] - 1.0) <= SETTLE_TOLERANCE)
			settle--;
		d->settled = (n - 1 - settle) >= 2;
		d->settle = sizes[settle];
	}
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
			 "%s settled on its last level from %s per array; sweep to %s per array "
			 "(%gx past it, cap %s); STREAM's rule (4x reported L3) would ask for %s",
			 triad->name, a, b, SETTLE_REACH, c, r);
	else
		snprintf(d->text, sizeof d->text,
			 "%s had not settled by the cap of %s per array (raise --max-size); sweep to %s; "
			 "STREAM's rule (4x reported L3) would ask for %s", triad->name, c, b, r);
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

/*
 * A kernel with a shape says how many elements it uses for the level's offer
 * (a matrix product: its order's, whatever the level), and what one call
 * does. Returns 0 when the job is not to be planned: it cannot run at that
 * size, does not fit the arrays (said on stderr), or the same member at the same
 * size is already planned (a matrix of order n is one job, not one per level).
 */
static int shape_job(struct harness *h, struct job *j)
{
	j->k->shape(j->param, j->n, h->tile_bytes, &j->shape);
	j->shaped = 1;
	if (j->shape.n == 0)
		return 0;
	if (j->shape.n > h->capacity) {
		char need[32], have[32];
		fprintf(stderr, "roofline: skipped %s %c = %d: needs %s per array, the arrays hold %s "
			"(--max-size)\n", j->k->name, j->k->param_letter ? j->k->param_letter : 'p', j->param,
			format_bytes(8.0 * (double)j->shape.n, need, sizeof need),
			format_bytes(8.0 * (double)h->capacity, have, sizeof have));
		return 0;
	}
	j->n = j->shape.n;
	for (size_t i = 0; i < h->njobs; i++)
		if (h->jobs[i].k == j->k && h->jobs[i].param == j->param && h->jobs[i].n == j->n)
			return 0;
	return 1;
}

/*
 * The access patterns the placed kernels (KERNEL_STREAM) that run here
 * declare, plus the sweep's pattern with streaming stores and in place; the
 * sweep's own pattern is left out (the sweep measures it at every size).
 * Returns their number.
 */
static size_t placed_patterns(char pats[][32], size_t max)
{
	static const char *const always[] = { STREAMING_PATTERN, IN_PLACE_PATTERN };
	const size_t nalways = sizeof always / sizeof always[0];
	size_t n = 0;
	for (size_t i = 0; i < registry_count() + nalways && n < max; i++) {
		const struct kernel *k = i < registry_count() ? registry_get(i) : NULL;
		char pat[32];
		if (k && (k->kind != KERNEL_STREAM || !k->run || !cpu_has_isa(k->isa)))
			continue;
		if (k)
			kernel_pattern(k, pat, sizeof pat);
		else
			snprintf(pat, sizeof pat, "%s", always[i - registry_count()]);
		int seen = !pat[0] || strcmp(pat, SWEEP_PATTERN) == 0;
		for (size_t j = 0; j < n && !seen; j++)
			seen = strcmp(pats[j], pat) == 0;
		if (!seen)
			snprintf(pats[n++], sizeof pats[0], "%s", pat);
	}
	return n;
}

/*
 * Jobs per access pattern, its widest and next-widest kernels, at each of
 * the pre-scan's plateaus, in the bandwidth group beside the sweep: at a
 * cache plateau's geometric middle (all arrays together, as the L1 and L2
 * kernels run), and on the DRAM
 * plateau at twice the kernels' array size, the working set of a kernel of
 * two arrays (most of them; DRAM's bandwidth falls with the size, so a
 * pattern measured further out would judge them by a lower roof), within
 * the buffers.
 */
static void plan_patterns(struct harness *h, size_t *cap, const struct sweep_decision *d)
{
	char pats[16][32];
	size_t npats = placed_patterns(pats, 16);
	for (size_t p = 0; p < npats; p++) {
		const struct kernel *widest = pattern_kernel(pats[p], 0, INT_MAX);
		if (!widest) {
			fprintf(stderr, "roofline: no bandwidth kernel runs pattern %s here: kernels with it "
				"are judged against the sweep's roofs\n", pats[p]);
			continue;
		}
		/*
		 * The widest and the next width: the roof is the faster (analysis.c,
		 * fit_patterns). The widest is not the fastest everywhere: from DRAM
		 * on this Zen 5 VM, 256-bit copies and 2-read sums streamed 7-15%
		 * faster than 512-bit ones, and the compiled kernels, built for
		 * 256-bit vectors, sat that far above a roof timed at 512.
		 */
		const struct kernel *ks[2] = {
			widest, pattern_kernel(pats[p], 0, cpu_isa_lanes(widest->isa)) };
		for (size_t w = 0; w < 2 && ks[w]; w++) {
			const struct kernel *k = ks[w];
			for (size_t i = 0; i < d->nplateaus; i++) {
				int dram = d->settled && i + 1 == d->nplateaus;
				double n = dram ? floor(2.0 * d->kernel_bytes / 8.0 / k->arrays / 8.0) * 8.0
						: (double)cache_level_n(d->plateau_ws[i], k->arrays);
				if (n > (double)h->capacity)
					n = (double)h->capacity;
				add_job(h, cap, (struct job){ .k = k, .group = "bandwidth", .n = (size_t)n,
								.reps = 1 });
			}
		}
	}
}

static void build_plan(struct harness *h, const struct sweep_decision *d)
{
	size_t cap = 0;
	unsigned g = h->o->groups;
	if (g & GROUP_BANDWIDTH) {
		/* Half-octave steps; arrays a multiple of 64 bytes (one cache line). */
		for (int i = 0;; i++) {
			double bytes = floor(SWEEP_MIN_BYTES * pow(2.0, i / 2.0) / 64.0) * 64.0;
			if (bytes > d->max * 1.0001)
				break;
			add_job(h, &cap, (struct job){ .k = d->sweep, .group = "bandwidth",
						       .n = (size_t)(bytes / 8), .reps = 1 });
		}
		plan_patterns(h, &cap, d);
	}
	for (size_t i = 0; i < registry_count(); i++) {
		const struct kernel *k = registry_get(i);
		int peak = k->kind == KERNEL_PEAK;
		if (k->kind == KERNEL_BANDWIDTH || !(g & (peak ? GROUP_PEAK : GROUP_KERNELS)))
			continue;
		if (!cpu_has_isa(k->isa)) {
			fprintf(stderr, "roofline: skipped %s: needs %s\n", k->name, cpu_isa_name(k->isa));
			continue;
		}
		/* Test hook (ROOFLINE_TEST_UNBUILT): a kernel as a build without its library has it. */
		if (!k->run || (h->unbuilt && strcmp(h->unbuilt, k->name) == 0)) {
			fprintf(stderr, "roofline: skipped %s: %s\n", k->name,
				k->missing ? k->missing : "not built here");
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
			for (int p = 0; p < registry_nparams(k); p++) {
				struct job j = { .k = k, .group = peak ? "peak" : "kernels",
						 .param = registry_param(k, p), .n = n, .reps = 1 };
				if (k->shape && !shape_job(h, &j))
					continue;
				add_job(h, &cap, j);
			}
		}
	}
}

/* ---- slow jobs ------------------------------------------------------------------- */

static void slow_job_plan(struct harness *h, struct job *j)
{
	const struct measure_opts *o = h->o;
	/* Budgets count a trial's untimed call too (warm_run): it costs as much as the timing. */
	double t = trial_seconds(j), budget = o->quick ? QUICK_SLOW_PASS_SECONDS : SLOW_PASS_SECONDS;
	char letter = j->k->param_letter ? j->k->param_letter : 'p';
	if (j->failed)
		return;
	/*
	 * The sweep's largest sizes (a timing of a 1.5 GB working set lasts
	 * 80 ms) get fewer kept trials too, at least SWEEP_MIN_KEPT a pass: the
	 * DRAM roof is fitted over several such sizes, and it was a quarter of a
	 * run whose DRAM settled late.
	 */
	if (strcmp(j->group, "bandwidth") == 0 && !o->quick &&
	    t * (o->warmup + o->trials) > SWEEP_SLOW_PASS_SECONDS) {
		double k = floor(SWEEP_SLOW_PASS_SECONDS / t);
		j->kept_per_pass = k < SWEEP_MIN_KEPT ? SWEEP_MIN_KEPT : k > o->trials ? o->trials : (int)k;
		if (j->kept_per_pass < o->trials)
			fprintf(stderr, "roofline: %s at %.0f MiB per array takes %.2g s a trial: timed in %d "
				"kept trials a pass, no warm-up trials\n", j->k->name,
				(double)j->n * 8 / 1048576, t, j->kept_per_pass);
		else
			j->kept_per_pass = 0;
		return;
	}
	if (strcmp(j->group, "kernels") != 0 || t * (o->warmup + o->trials) <= budget)
		return;
	if (o->quick && t > QUICK_SKIP_SECONDS) {
		j->skipped = 1;
		fprintf(stderr, "roofline: skipped %s %c = %d in a quick run: one timing takes %.2g s\n",
			j->k->name, letter, j->param, t);
		return;
	}
	double k = floor(budget / t);
	j->kept_per_pass = k < 1 ? 1 : k > o->trials ? o->trials : (int)k;
	fprintf(stderr, "roofline: %s %c = %d takes %.2g s a trial: timed in %d kept trial%s a pass, "
		"no warm-up trials (its calibration warmed it)\n", j->k->name, letter, j->param, t,
		j->kept_per_pass, j->kept_per_pass == 1 ? "" : "s");
}

/* Flops of one call of job j on one thread. */
static double call_flops(const struct job *j)
{
	return j->shaped ? j->shape.flops : kernel_flops_per_elem(j->k, j->param) * (double)j->n;
}

/*
 * In a quick run, a family member is skipped without being run when the
 * member before it (the plan lists a family's members in ascending order)
 * was skipped, or took so long a call that this one, doing more flops at no
 * better rate, would take over QUICK_SKIP_SECONDS: calibrating it only to
 * learn that (the textbook matrix product at n = 1024: 3 s) cost more than
 * the rest of its kernel's jobs. A plan's guess, said as one; nothing
 * measured comes from it.
 */
static int quick_skip_unrun(struct harness *h, const struct job *prev, struct job *j)
{
	if (!h->o->quick || strcmp(j->group, "kernels") != 0 || prev->k != j->k ||
	    prev->param >= j->param || prev->failed)
		return 0;
	double call = prev->reps > 0 ? prev->last_seconds / (double)prev->reps : NAN;
	double guess = call * call_flops(j) / call_flops(prev);
	if (!prev->skipped && !(guess > QUICK_SKIP_SECONDS))
		return 0;
	j->skipped = 1;
	char letter = j->k->param_letter ? j->k->param_letter : 'p';
	if (prev->skipped)
		fprintf(stderr, "roofline: skipped %s %c = %d in a quick run, unrun: %c = %d before it "
			"was skipped\n", j->k->name, letter, j->param, letter, prev->param);
	else
		fprintf(stderr, "roofline: skipped %s %c = %d in a quick run, unrun: %c = %d took %.2g s a "
			"call, so one of this would take about %.2g s\n", j->k->name, letter, j->param,
			letter, prev->param, call, guess);
	return 1;
}

/* ---- progress ----------------------------------------------------------------- */

static void progress(struct harness *h, int pass, int trial, double done, double total,
		     double elapsed)
{
	const struct measure_opts *o = h->o;
	int per = o->warmup + o->trials;
	double left = done > 0 ? elapsed * (total - done) / done : 0;
	char line[160];
	snprintf(line, sizeof line, "measuring: %d thread%s, pass %d/%d, trial %d/%d%s, %3.0f%%, "
		 "about %.0f s left", h->threads, h->threads == 1 ? "" : "s",
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

/*
 * The thread counts to measure: o's list, or one core and all physical cores.
 * A count above the physical cores is a usage error: each thread gets a core
 * of its own, SMT siblings excluded.
 */
static void resolve_threads(struct measure_opts *o, int ncores)
{
	if (o->nthreads == 0) {
		o->threads[o->nthreads++] = 1;
		if (ncores > 1)
			o->threads[o->nthreads++] = ncores;
	}
	for (int t = 0; t < o->nthreads; t++)
		if (o->threads[t] > ncores)
			die(EXIT_USAGE, "measure: --threads %d: this machine has %d physical core%s this "
			    "process may use (SMT siblings excluded), one thread each", o->threads[t],
			    ncores, ncores == 1 ? "" : "s");
}

/* The trials of one thread count: see the file's top comment, step 5. */
static void run_passes(struct harness *h, struct machine *m, double *done, double total,
		       double start);

/*
 * Brings a harness to `threads` threads: their CPUs (the pass of one thread
 * stays where the run was pinned; more take one physical core each), their
 * own first-touched arrays of n doubles each, and the plan's sizes split
 * between them. Every element count is per thread, a multiple of 8 (one
 * cache line), so a job of T threads moves T times one thread's share.
 */
static void set_team(struct harness *h, int threads, int *cores, int *one_cpu, size_t n)
{
	if (h->tbuf && h->threads == threads && h->capacity >= n)
		return;
	free_buffers(h);
	h->threads = threads;
	h->cpus = threads == 1 ? one_cpu : cores;
	h->ncpus = threads == 1 ? 1 : threads;
	alloc_buffers(h, n);
}

/*
 * A pass of more than one thread keeps every job: the peak group of every ISA
 * (a kernel built for a narrower ISA is judged against its own ISA's
 * ceiling at its own thread count, which must be measured, not scaled; the
 * chains cost milliseconds), every sweep size (in whole octaves the
 * all-core DRAM level had too few sizes to be a plateau, and the fitter
 * named the L3 one DRAM), and every kernel: each is a point of its own.
 */
static void split_plan(struct harness *h)
{
	size_t kept = 0;
	for (size_t i = 0; i < h->njobs; i++) {
		struct job *j = &h->jobs[i];
		if (j->shaped && h->threads > 1) {
			/*
			 * A shaped kernel's size is its problem's: each thread solves one
			 * of its own (a matrix product of the same order; a stencil's grid
			 * shrunk to the thread's share of what the one-thread job was given).
			 */
			j->k->shape(j->param, j->n / (size_t)h->threads, h->tile_bytes, &j->shape);
			if (j->shape.n == 0 || j->shape.n > h->capacity)
				continue;
			j->n = j->shape.n;
		} else if (j->k->kind != KERNEL_PEAK && h->threads > 1) {
			size_t n = j->n / (size_t)h->threads / 8 * 8;
			j->n = n < 64 ? 64 : n;
		}
		h->jobs[kept++] = *j;
	}
	h->njobs = kept;
}

/* The clock with every thread of the pass running the add chain at once: the median thread. */
static double clock_allcore(struct harness *h)
{
	double *ghz = xcalloc((size_t)h->threads, sizeof *ghz);
#pragma omp parallel num_threads(h->threads)
	{
		const char *how;
		int t = omp_get_thread_num();
		pin_thread(h, t);
		ghz[t] = cpu_measure_clock_ghz(2e-3, 5, &how);
	}
	double v = stats_median(ghz, (size_t)h->threads);
	free(ghz);
	return v;
}

int measure_run(const struct measure_opts *opts)
{
	struct measure_opts run_opts = *opts;
	const struct measure_opts *o = &run_opts;
	struct harness h = { .o = o, .tty = isatty(STDERR_FILENO),
			     .corrupt = getenv("ROOFLINE_TEST_CORRUPT"), .corrupt_thread = -1,
			     .unbuilt = getenv("ROOFLINE_TEST_UNBUILT") };
	struct machine m = { 0 };
	struct sweep_decision d = { 0 };
	char err[256];

	/* The thread counts before anything else: one too many is a usage error. */
	/* One topology load (slow on some VMs): room for as many cores as a CPU set holds. */
	int *cores = xcalloc(CPU_SETSIZE, sizeof *cores);
	int ncores = cpu_physical_cores(NULL, cores, CPU_SETSIZE, err, sizeof err);
	if (ncores < 0) {
		util_warn("%s: one core assumed", err);
		ncores = 1;
		cores[0] = -1;
	}
	ncores = ncores > CPU_SETSIZE ? CPU_SETSIZE : ncores;
	resolve_threads(&run_opts, ncores);
	int tmax = 1;
	for (int t = 0; t < o->nthreads; t++)
		tmax = o->threads[t] > tmax ? o->threads[t] : tmax;
	h.tsec = xcalloc((size_t)tmax, sizeof *h.tsec);
	h.tok = xcalloc((size_t)tmax, sizeof *h.tok);
	h.twhy = xcalloc((size_t)tmax, sizeof *h.twhy);
	const char *ct = getenv("ROOFLINE_TEST_CORRUPT_THREAD");
	if (ct && *ct)
		h.corrupt_thread = atoi(ct);
	/* The directory first: a bad --out is a usage error before any work. */
	char *want = o->out_dir ? NULL : default_run_dir();
	h.dir = create_run_dir(want ? want : o->out_dir, want != NULL);
	free(want);
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_interrupt;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);

	/*
	 * 1. the machine. The one-core pass runs on the first physical core this
	 * process may use (as likwid-bench's default), not wherever it started:
	 * the cores of a VM differ (here OpenBLAS ran 52.8 against 51.3 GFLOP/s
	 * a call on CPU 0 and 1, in turn), and two runs to compare, or this run
	 * and another tool's, should time the same core.
	 */
	m.pinned_cpu = cores[0] >= 0 && cpu_pin_to(cores[0], err, sizeof err) == 0
		? cores[0] : cpu_pin_here(err, sizeof err);
	if (m.pinned_cpu < 0)
		util_warn("%s: timings may move between cores", err);
	else
		fprintf(stderr, "roofline: pinned to CPU %d\n", m.pinned_cpu);
	/* The pre-scan and the decisions it makes run on one core. */
	h.threads = 1;
	h.cpus = &m.pinned_cpu;
	h.ncpus = 1;
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
	fprintf(stderr, "roofline: %s; timer %s, granularity %.0f ns (min time per timing %.2g ms = %.0f "
		"ticks, half that for the peak group's register-only chains)\n",
		m.info.model, timer_name(), m.granularity * 1e9, o->min_time * 1e3,
		o->min_time / m.granularity);
	if (isfinite(m.clock_ghz))
		fprintf(stderr, "roofline: core clock %.2f GHz (%s)\n", m.clock_ghz, m.clock_method);
	if (!m.counters)
		fprintf(stderr, "roofline: no hardware performance counters (%s): flops and bytes come from "
			"each kernel's declared metadata, not from counted instructions or traffic\n",
			m.counters_why);
	if (o->min_time / 2 < 20 * m.granularity)
		util_warn("min time %.3g s (half that for the peak group) is under 20 timer ticks",
			  o->min_time);

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
			util_warn("--max-size lowered to %.0f MiB per array: three arrays must fit in memory",
			      d.cap / 1048576);
	}
	d.cap = fmax(d.cap, 8 * SWEEP_MIN_BYTES);
	if (o->groups & (GROUP_BANDWIDTH | GROUP_KERNELS)) {
		alloc_buffers(&h, (size_t)(d.cap / 8));
		/* 4. the pre-scan, with the sweep's kernel: hand-written, so no compiler moves the roofs */
		d.sweep = pattern_kernel(SWEEP_PATTERN, 1, INT_MAX);
		if (!d.sweep)
			die(EXIT_FAILED, "no kernel of pattern %s runs on this CPU: no sweep", SWEEP_PATTERN);
		fprintf(stderr, "roofline: pre-scan: %s at doubling sizes up to %.0f MiB per array\n",
			d.sweep->name, d.cap / 1048576);
		prescan(&h, &m.info, &d);
		if (interrupted) {
			fflush(h.timings);
			die(EXIT_FAILED, "interrupted during the pre-scan: %s holds only its timings", h.dir);
		}
		fprintf(stderr, "roofline: %s\n", d.text);
	}
	cache_working_sets(o, &d);
	h.tile_bytes = d.tile_bytes;
	h.sweep = d.sweep;
	if (!(o->groups & (GROUP_BANDWIDTH | GROUP_KERNELS))) {
		alloc_buffers(&h, 8);
		snprintf(d.text, sizeof d.text, "no bandwidth or kernels group: no sweep");
	}
	fflush(h.timings);

	/*
	 * 5. plan and trials, once per thread count: the all-core pass times the
	 * same sweep, chains and kernels as the one-core pass, each job split
	 * between the threads.
	 */
	double start = timer_now();
	int per_pass = o->warmup + o->trials;
	double total = (double)o->nthreads * o->passes * per_pass, done = 0;
	size_t per_array = (o->groups & (GROUP_BANDWIDTH | GROUP_KERNELS)) ? (size_t)(d.cap / 8) : 8;
	for (int c = 0; c < o->nthreads && !interrupted; c++) {
		int threads = o->threads[c];
		size_t share = per_array / (size_t)threads / 8 * 8;
		set_team(&h, threads, cores, &m.pinned_cpu, share < 64 ? 64 : share);
		free(h.jobs);
		h.jobs = NULL;
		h.njobs = 0;
		build_plan(&h, &d);
		split_plan(&h);
		/* env.csv as soon as the first plan is made (it records what the shaped kernels chose). */
		if (c == 0)
			write_env(&h, &m, &d);
		if (threads > 1) {
			m.clock_allcore_ghz[c] = clock_allcore(&h);
			fprintf(stderr, "roofline: %d threads on cores (CPUs", threads);
			for (int t = 0; t < threads; t++)
				fprintf(stderr, " %d", cores[t]);
			fprintf(stderr, "), clock under all-core load %.2f GHz\n", m.clock_allcore_ghz[c]);
		}
		run_passes(&h, &m, &done, total, start);
	}
	if (h.tty)
		fputc('\n', stderr);
	close_stream_csv(h.timings, h.dir, "timings.csv", timings_buffer);
	close_stream_csv(h.failures, h.dir, "failures.csv", failures_buffer);
	/* env.csv again, whole, now that the clock has been sampled through the run. */
	m.clock_ghz = stats_median(m.clock_samples, (size_t)m.nclock);
	write_env(&h, &m, &d);
	fprintf(stderr, "roofline: measured %zu jobs x %d timings x %d thread count%s in %.1f s\n",
		h.njobs, o->passes * per_pass, o->nthreads, o->nthreads == 1 ? "" : "s",
		timer_now() - start);
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
	free(cores);
	free(h.tsec);
	free(h.tok);
	free(h.twhy);
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

static void run_passes(struct harness *h, struct machine *m, double *done, double total,
		       double start)
{
	const struct measure_opts *o = h->o;
	int per_pass = o->warmup + o->trials;
	/* Trial 0 of each thread count's pass 1 calibrates every job; its timings are all warm-ups. */
	fprintf(stderr, "roofline: %d thread%s: calibrating %zu jobs to at least %.2g ms a timing\n",
		h->threads, h->threads == 1 ? "" : "s", h->njobs, o->min_time * 1e3);
	for (size_t i = 0; i < h->njobs && !interrupted; i++) {
		if (i > 0 && quick_skip_unrun(h, &h->jobs[i - 1], &h->jobs[i]))
			continue;
		calibrate(h, &h->jobs[i], 1, 0);
		slow_job_plan(h, &h->jobs[i]);
	}
	if (fflush(h->timings) != 0)
		die(EXIT_FAILED, "cannot write %s/timings.csv: %s: of this pass of %d thread%s, no kept "
		    "trial reached it, only warm-up rows", h->dir, strerror(errno), h->threads,
		    h->threads == 1 ? "" : "s");
	for (int pass = 1; pass <= o->passes && !interrupted; pass++) {
		for (int trial = 1; trial <= per_pass && !interrupted; trial++) {
			int warm = trial <= o->warmup;
			progress(h, pass, trial, *done, total, timer_now() - start);
			for (size_t i = 0; i < h->njobs && !interrupted; i++) {
				struct job *j = &h->jobs[i];
				if (j->failed || j->skipped)
					continue;
				if (j->kept_per_pass &&
				    (warm || !measure_kept_trial(trial - o->warmup, j->kept_per_pass, o->trials)))
					continue;
				char why[320];
				int ok;
				double t = time_job(h, j, &ok, why, sizeof why);
				if (!ok) {
					record_failure(h, pass, trial, j, why);
					continue;
				}
				record(h, pass, trial, warm, j, t);
			}
			/* A trial at a time reaches the file: an interrupted run keeps it. */
			if (fflush(h->timings) != 0)
				die(EXIT_FAILED, "cannot write %s/timings.csv: %s: the rows before pass %d "
				    "trial %d of %d thread%s are kept (a last row cut short is dropped when "
				    "read)", h->dir, strerror(errno), pass, trial, h->threads,
				    h->threads == 1 ? "" : "s");
			/* The one-core clock, sampled through the run; the all-core one is taken apart. */
			if (h->threads == 1 &&
			    m->nclock < (int)(sizeof m->clock_samples / sizeof m->clock_samples[0]))
				m->clock_samples[m->nclock++] = cpu_measure_clock_ghz(2e-4, 3, &m->clock_method);
			(*done)++;
		}
	}
}
