/*
 * runfiles.c - the run directory's files as measure writes them (see runfiles.h).
 */
#include "runfiles.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "registry.h"
#include "runplace.h"
#include "remarks.h"
#include "stats.h"
#include "timer.h"
#include "util.h"
#include "version.h"

char *runfiles_default_dir(void)
{
	char stamp[32];
	time_t now = time(NULL);
	struct tm tm;
	gmtime_r(&now, &tm);
	strftime(stamp, sizeof stamp, "%Y%m%dT%H%M%SZ", &tm);
	return xasprintf("data/runs/%s-%s-%s", stamp, build_compiler, build_compiler_version);
}

/* Creates a directory that did not exist. With `unique`, adds -2, -3 ... on a clash. */
char *runfiles_create_dir(const char *want_as_given, int unique)
{
	/* "DIR/" as shell completion writes it is DIR: its parents are made, then it. */
	char *want = runplace_trim_slashes(want_as_given), *holder = NULL;
	enum runplace_kind in = runplace_enclosing(want, &holder);
	const char *node = getenv(RUNPLACE_FLEET_NODE_ENV);
	if (in == RUNPLACE_FLEET && node && strcmp(node, want_as_given) == 0)
		in = RUNPLACE_NONE;   /* measure --mpi's own node */
	if (in != RUNPLACE_NONE)
		die(EXIT_USAGE, "--out %s is inside the %s %s: a run is never made inside an existing "
		    "one", want, in == RUNPLACE_FLEET ? "fleet" : "run directory", holder);
	free(holder);
	char *dir = want;   /* the name tried: want, then want-2, want-3 ... */
	if (util_mkdir_parents(dir) != 0)
		die(EXIT_USAGE, "cannot create the parents of %s: %s", dir, strerror(errno));
	for (int i = 2; mkdir(dir, 0777) != 0; i++) {
		if (errno != EEXIST || !unique) {
			int why = errno;
			if (dir != want)
				free(want);
			die(EXIT_USAGE, "cannot create run directory %s: %s%s", dir, strerror(why),
			    why == EEXIST ? " (a run never writes into an existing directory)" : "");
		}
		if (dir != want)
			free(dir);
		dir = xasprintf("%s-%d", want, i);
	}
	if (dir != want)
		free(want);
	return dir;
}

/* data/latest -> runs/<name>, replaced atomically (symlink then rename). */
void runfiles_point_latest(const char *dir)
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

static void env_about(void *ctx, const char *key, const char *value)
{
	env_row(ctx, key, value);
}

/* The machine, the build and the system. */
static void env_machine(FILE *fp, const struct measure_opts *o, const struct runfiles_machine *m)
{
	char buf[256];
	int (*has_isa)(enum isa) = m->has_isa ? m->has_isa : cpu_has_isa;
	env_row(fp, "cpu_model", m->info.model);
	if (m->sim_file) {
		/* A simulated run says so first, and which machine file (and which content) it ran. */
		env_row(fp, "simulated", "1");
		env_row(fp, "machine_file", m->sim_file);
		snprintf(buf, sizeof buf, "fnv1a64:%016llx", m->sim_hash);
		env_row(fp, "machine_hash", buf);
		env_num(fp, "sim_seed", (double)m->sim_seed);
	}
	env_row(fp, "isa", cpu_isa_name(m->has_isa ? m->widest_isa : cpu_widest_isa()));
	buf[0] = '\0';
	for (int i = ISA_SCALAR; i < ISA_COUNT; i++) {
		if (!has_isa((enum isa)i))
			continue;
		if (buf[0])
			strncat(buf, " ", sizeof buf - strlen(buf) - 1);
		strncat(buf, cpu_isa_name((enum isa)i), sizeof buf - strlen(buf) - 1);
	}
	env_row(fp, "isas", buf);
	env_row(fp, "isa_dispatch", m->sim_file ? "simulated" : cpu_dispatch_name());
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
	/* A cache past the L3 where one is reported only: a run without the keys reported none. */
	if (m->info.l4 > 0)
		env_num(fp, "l4_bytes", m->info.l4);
	if (m->info.memcache > 0)
		env_num(fp, "memcache_bytes", m->info.memcache);
	/* Known sharing only: a run without these keys (or a machine that hides it) reads as before. */
	static const char *const shared_key[CPU_CACHES] = { "l1d_shared_cpus", "l2_shared_cpus", "l3_shared_cpus",
							    "l4_shared_cpus", "memcache_shared_cpus" };
	for (int l = 0; l < CPU_CACHES; l++)
		if (m->info.shared_cpus[l] > 0)
			env_num(fp, shared_key[l], m->info.shared_cpus[l]);
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
}

/* The timer and the clock, sampled through the run. */
static void env_clock(FILE *fp, const struct measure_opts *o, const struct runfiles_machine *m)
{
	char buf[256];
	env_row(fp, "timer", m->sim_file ? "simulated clock" : timer_name());
	env_num(fp, "timer_resolution_ns", m->resolution * 1e9);
	env_num(fp, "timer_granularity_ns", m->granularity * 1e9);
	env_num(fp, "clock_ghz", m->clock_ghz);
	snprintf(buf, sizeof buf, "%s; median of %d samples (one before the trials, one after each)",
		 m->clock_method, m->nclock);
	env_row(fp, "clock_method", buf);
	env_num(fp, "clock_ghz_min", m->nclock ? stats_quantile(m->clock_samples, (size_t)m->nclock, 0) : NAN);
	env_num(fp, "clock_ghz_max", m->nclock ? stats_quantile(m->clock_samples, (size_t)m->nclock, 1) : NAN);
	/* The host's clock through each pass: a spread that follows it is the host's variation. */
	for (int p = 1; p <= m->npass_clock && p <= MEASURE_MAX_PASSES; p++) {
		snprintf(buf, sizeof buf, "clock_ghz_min_pass%d", p);
		env_num(fp, buf, m->pass_clock_lo[p]);
		snprintf(buf, sizeof buf, "clock_ghz_max_pass%d", p);
		env_num(fp, buf, m->pass_clock_hi[p]);
	}
	env_num(fp, "pinned_cpu", m->pinned_cpu);
	for (int t = 0; t < o->nthreads; t++) {
		if (o->threads[t] < 2)
			continue;
		snprintf(buf, sizeof buf, "clock_ghz@%dt", o->threads[t]);
		env_num(fp, buf, m->clock_allcore_ghz[t]);
	}
}

/* The options, the plan's decisions and how the jobs stopped. */
static void env_plan(FILE *fp, const struct measure_opts *o, const struct runfiles_machine *m,
		     const struct plan_sweep *d)
{
	char buf[256];
	env_row(fp, "perf_counters", m->counters ? "available (not used)" : m->counters_why);
	env_num(fp, "passes", o->passes);
	env_num(fp, "trials", o->trials);
	env_num(fp, "warmup_trials", o->warmup);
	/* The run's time budget (0: none), and how many jobs' figures it left wider than asked (stops.csv). */
	env_num(fp, "budget_s", o->budget);
	/* What the run took by its own clock (0 while it runs): against the budget. */
	env_num(fp, "measure_seconds", m->run_seconds);
	/* Past the budget as the run said it would end (0: it never said): sim_contract.h holds it to that. */
	env_num(fp, "budget_said_end_s", m->budget_said_end);
	env_num(fp, "stops_tolerance", m->stops[ROUNDS_TOLERANCE]);
	env_num(fp, "stops_ceiling", m->stops[ROUNDS_CEILING]);
	env_num(fp, "stops_budget", m->stops[ROUNDS_BUDGET]);
	env_num(fp, "interrupted", m->interrupted);   /* report's budget row and the figure say so */
	env_num(fp, "min_time_s", o->min_time);
	env_num(fp, "min_time_peak_s", o->min_time / 2);
	env_num(fp, "quick", o->profile.quick);
	env_num(fp, "sweep_cap_bytes", d->cap);
	env_num(fp, "sweep_settle_bytes", d->settle);
	env_num(fp, "sweep_max_bytes", d->max);
	env_num(fp, "sweep_settled", d->settled);
	env_num(fp, "stream_rule_bytes", d->rule);
	/* Which cache the rule is 4x of, and whether the cap kept the sweep and DRAM jobs below it. */
	env_row(fp, "stream_rule_source", d->rule_source == PLAN_RULE_REPORTED ? "reported"
		: d->rule_source == PLAN_RULE_CURVE ? "curve" : "none");
	env_num(fp, "stream_rule_cache_bytes", d->rule_l3);
	env_num(fp, "sweep_cap_binds", d->cap_binds);
	env_row(fp, "sweep_decision", d->text);
	env_row(fp, "sweep_kernel", d->sweep ? d->sweep->name : "");
	env_num(fp, "kernel_array_bytes", d->kernel_bytes);
	buf[0] = '\0';
	if (o->levels & LEVEL_DRAM)
		strncat(buf, "dram", sizeof buf - 1);
	for (int c = PLAN_NCACHE; c-- > 0;)
		if (o->levels & plan_cache_levels[c].flag)
			snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s%s", buf[0] ? "," : "",
				 plan_cache_levels[c].opt);
	env_row(fp, "kernel_levels", buf);
	for (int c = 0; c < PLAN_NCACHE; c++) {
		if (!(o->levels & plan_cache_levels[c].flag))
			continue;
		snprintf(buf, sizeof buf, "kernel_%s_working_set_bytes", plan_cache_levels[c].opt);
		env_num(fp, buf, d->cache_ws[c]);
	}
	/*
	 * The pages the roofs and kernels ran on: they share one set of arrays,
	 * so both are huge when MADV_HUGEPAGE was asked; whether the kernel
	 * gave huge pages is AnonHugePages (0 under THP "never").
	 */
	env_row(fp, "thp_mode", m->thp_mode[0] ? m->thp_mode : "unknown");
	env_row(fp, "roof_pages", m->huge_asked ? "huge" : "base");
	env_row(fp, "kernel_pages", m->huge_asked ? "huge" : "base");
	env_num(fp, "huge_pages_kib", m->huge_pages_kib);
	env_num(fp, "kernel_tile_bytes", d->tile_bytes);
	env_row(fp, "kernel_tile_source", d->tile_text);
}

/*
 * Each all-core pre-scan's decisions, keyed @<N>t as the all-core roofs:
 * where its curve settled, its sweep's reach, its DRAM arrays and its
 * L1/L2 working sets, and the one line saying so.
 */
static void env_teams(FILE *fp, const struct measure_opts *o, const struct runfiles_machine *m)
{
	char key[96];
	for (int c = 0; c < o->nthreads && c < MEASURE_MAX_THREAD_COUNTS; c++) {
		const struct plan_sweep *t = &m->team[c];
		if (t->threads < 2)
			continue;
		snprintf(key, sizeof key, "sweep_decision@%dt", t->threads);
		env_row(fp, key, t->text);
		snprintf(key, sizeof key, "sweep_settle_bytes@%dt", t->threads);
		env_num(fp, key, t->settle);
		snprintf(key, sizeof key, "sweep_max_bytes@%dt", t->threads);
		env_num(fp, key, t->max);
		snprintf(key, sizeof key, "kernel_array_bytes@%dt", t->threads);
		env_num(fp, key, t->kernel_bytes);
		/* The team's own: its rule (its instances of a per-core cache) may pass a cap one core's fits under (R8). */
		snprintf(key, sizeof key, "sweep_cap_binds@%dt", t->threads);
		env_num(fp, key, t->cap_binds);
		for (int l = 0; l < PLAN_NCACHE; l++) {
			if (!(o->levels & plan_cache_levels[l].flag))
				continue;
			snprintf(key, sizeof key, "kernel_%s_working_set_bytes@%dt", plan_cache_levels[l].opt,
				 t->threads);
			env_num(fp, key, t->cache_ws[l]);
		}
	}
}

/* What each shaped job chose and what each library kernel runs on. */
static void env_jobs(FILE *fp, const struct plan_job *jobs, size_t njobs)
{
	char buf[256];
	/* What each shaped job chose (a tile, a grid), and what a library kernel runs on. */
	for (size_t i = 0; i < njobs; i++) {
		const struct plan_job *j = &jobs[i];
		size_t first = 0, same = 0;
		while (jobs[first].k != j->k)
			first++;
		for (size_t e = first; e < i; e++)
			same += jobs[e].k == j->k && jobs[e].param == j->param;
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
}

void runfiles_write_env(const char *dir, const struct measure_opts *o, const struct runfiles_machine *m,
			const struct plan_sweep *d, const struct plan_job *jobs, size_t njobs)
{
	char *path = path_join(dir, "env.csv"), err[512];
	struct outfile out;
	if (outfile_open(&out, path, err, sizeof err) != 0)
		die(EXIT_FAILED, "%s", err);
	FILE *fp = out.fp;
	fputs("key,value\n", fp);
	env_machine(fp, o, m);
	env_clock(fp, o, m);
	env_plan(fp, o, m, d);
	env_teams(fp, o, m);
	env_jobs(fp, jobs, njobs);
	if (outfile_commit(&out, err, sizeof err) != 0)
		die(EXIT_FAILED, "%s", err);
	free(path);
}

void runfiles_write_plan(const char *dir, const struct plan_job *jobs, size_t njobs)
{
	char *path = path_join(dir, "plan.csv"), err[512];
	struct outfile out;
	if (outfile_open(&out, path, err, sizeof err) != 0)
		die(EXIT_FAILED, "%s", err);
	FILE *fp = out.fp;
	fputs(RUNFILES_PLAN_HEADER, fp);
	for (size_t i = 0; i < njobs; i++) {
		const struct plan_place *p = &jobs[i].place;
		char target[64] = "";
		if (!roofkey_is_none(&p->target))
			roofkey_format(&p->target, target, sizeof target);
		fprintf(fp, "%d,%s,%s,%s,%.0f,%d\n", jobs[i].id, plan_role_name(p->role),
			p->level < MEM_LEVELS ? levels_name(p->level) : "", target, p->array_bytes, p->obeys_rule);
	}
	if (outfile_commit(&out, err, sizeof err) != 0)
		die(EXIT_FAILED, "%s", err);
	free(path);
}

/* The compiler's remarks for every kernel file, so a later reader sees what was built. */
void runfiles_write_remarks(const char *dir)
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

/* ---- streamed files --------------------------------------------------------- */

/* Far larger than a trial's rows: see struct runfiles_stream. */
#define STREAM_BUFFER (8u << 20)

void runfiles_open_stream(struct runfiles_stream *s, const char *dir, const char *name, const char *header)
{
	s->path = path_join(dir, name);
	s->fp = fopen(s->path, "w");
	if (!s->fp)
		die(EXIT_FAILED, "cannot write %s: %s", s->path, strerror(errno));
	/* Our own buffer: glibc ignores the size when setvbuf is given none. */
	s->buffer = xmalloc(STREAM_BUFFER);
	setvbuf(s->fp, s->buffer, _IOFBF, STREAM_BUFFER);
	fputs(header, s->fp);
	fflush(s->fp);
}

void runfiles_close_stream(struct runfiles_stream *s)
{
	if (ferror(s->fp) | fflush(s->fp) | fclose(s->fp))
		die(EXIT_FAILED, "cannot write %s: %s", s->path, strerror(errno));
	free(s->buffer);
	free(s->path);
	memset(s, 0, sizeof *s);
}

/* ---- load: what else ran ---------------------------------------------------- */

void runfiles_load_sample(struct runfiles_load_sample *s)
{
	double tick = (double)sysconf(_SC_CLK_TCK);
	s->wall = timer_now();
	s->busy_all = s->steal_all = s->self_cpu = s->loadavg_1m = NAN;
	if (!(tick > 0))
		return;
	FILE *fp = fopen("/proc/stat", "r");
	if (fp) {
		/* The first line sums every CPU: user nice system idle iowait irq softirq steal ... */
		unsigned long long v[8] = { 0 };
		if (fscanf(fp, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &v[0], &v[1], &v[2], &v[3],
			   &v[4], &v[5], &v[6], &v[7]) == 8) {
			s->busy_all = (double)(v[0] + v[1] + v[2] + v[5] + v[6]) / tick;
			s->steal_all = (double)v[7] / tick;
		}
		fclose(fp);
	}
	fp = fopen("/proc/self/stat", "r");
	if (fp) {
		/* Fields 14 and 15, utime and stime, after the command name's closing parenthesis. */
		char line[1024];
		if (fgets(line, sizeof line, fp)) {
			const char *p = strrchr(line, ')');
			unsigned long long ut, st;
			if (p && sscanf(p + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu", &ut, &st) == 2)
				s->self_cpu = (double)(ut + st) / tick;
		}
		fclose(fp);
	}
	fp = fopen("/proc/loadavg", "r");
	if (fp) {
		double l;
		if (fscanf(fp, "%lf", &l) == 1)
			s->loadavg_1m = l;
		fclose(fp);
	}
}

void runfiles_load_row(FILE *fp, int pass, int threads, const struct runfiles_load_sample *a,
		       const struct runfiles_load_sample *b)
{
	/* Others' CPU time: never below 0 (the counters tick at 100 Hz, our own time rounds apart). */
	double other = (b->busy_all - a->busy_all) - (b->self_cpu - a->self_cpu);
	fprintf(fp, "%d,%d,%.3f,%.2f,%.2f,%.2f\n", pass, threads, b->wall - a->wall,
		isfinite(other) ? fmax(0.0, other) : NAN, b->steal_all - a->steal_all, b->loadavg_1m);
}

void runfiles_stop_row(FILE *fp, const struct runfiles_stop *r)
{
	char width[32];
	if (isfinite(r->width))
		snprintf(width, sizeof width, "%.6f", r->width);
	else
		snprintf(width, sizeof width, "inf");
	fprintf(fp, "%s,%s,%ld,%d,%.0f,%s,%d,%s,%.4g,%s\n", tgroup_name(r->group), r->kernel, r->param, r->threads,
		r->working_set, r->statistic, r->kept, width, r->tolerance, r->stop);
}

/* The bracketed word of /sys/kernel/mm/transparent_hugepage/enabled ("always [madvise] never"). */
void runfiles_thp_mode(char *out, size_t len)
{
	char line[160];
	out[0] = '\0';
	FILE *fp = fopen("/sys/kernel/mm/transparent_hugepage/enabled", "r");
	if (!fp)
		return;
	if (fgets(line, sizeof line, fp)) {
		char *a = strchr(line, '['), *b = a ? strchr(a, ']') : NULL;
		if (a && b)
			snprintf(out, len, "%.*s", (int)(b - a - 1), a + 1);
	}
	fclose(fp);
}

/* AnonHugePages of this process (/proc/self/smaps_rollup), in KiB; NaN when unknown. */
double runfiles_huge_pages_kib(void)
{
	char line[256];
	double kib = NAN;
	FILE *fp = fopen("/proc/self/smaps_rollup", "r");
	if (!fp)
		return NAN;
	while (fgets(line, sizeof line, fp))
		if (sscanf(line, "AnonHugePages: %lf kB", &kib) == 1)
			break;
	fclose(fp);
	return kib;
}

/*
 * 1. the machine. The one-core pass runs on the first physical core this
 * process may use (as likwid-bench's default), not wherever it started:
 * the cores of a VM differ (here OpenBLAS ran 52.8 against 51.3 GFLOP/s a
 * call on CPU 0 and 1, in turn), and two runs to compare, or this run and
 * another tool's, should time the same core.
 */
void runfiles_describe_machine(const struct measure_opts *o, int huge, struct runfiles_machine *m,
			       const int *cores)
{
	char err[256];
	m->pinned_cpu = cores[0] >= 0 && cpu_pin_to(cores[0], err, sizeof err) == 0
		? cores[0] : cpu_pin_here(err, sizeof err);
	if (m->pinned_cpu < 0)
		util_warn("%s: timings may move between cores", err);
	else
		fprintf(stderr, "roofline: pinned to CPU %d\n", m->pinned_cpu);
	cpu_describe(&m->info);
	m->resolution = timer_resolution();
	m->granularity = timer_granularity();
	/*
	 * The clock moves on a shared VM, so it is sampled again after every
	 * trial and the median is kept: the latency in cycles uses the clock the
	 * FMA chains actually ran at, not the one at start-up.
	 */
	m->clock_samples[m->nclock++] = cpu_measure_clock_ghz(2e-3, 11, &m->clock_method);
	m->clock_ghz = m->clock_samples[0];
	m->counters = cpu_counters_available(m->counters_why, sizeof m->counters_why);
	runfiles_thp_mode(m->thp_mode, sizeof m->thp_mode);
	m->huge_asked = huge;
	m->huge_pages_kib = NAN;
	fprintf(stderr, "roofline: %s; timer %s, granularity %.0f ns (min time per timing %.2g ms = %.0f "
		"ticks, half that for the peak group's register-only chains)\n",
		m->info.model, timer_name(), m->granularity * 1e9, o->min_time * 1e3,
		o->min_time / m->granularity);
	if (isfinite(m->clock_ghz))
		fprintf(stderr, "roofline: core clock %.2f GHz (%s)\n", m->clock_ghz, m->clock_method);
	if (!m->counters)
		fprintf(stderr, "roofline: no hardware performance counters (%s): flops and bytes come from "
			"each kernel's declared metadata, not from counted instructions or traffic\n",
			m->counters_why);
	if (o->min_time / 2 < 20 * m->granularity)
		util_warn("min time %.3g s (half that for the peak group) is under 20 timer ticks",
			  o->min_time);
	if (!huge)
		fprintf(stderr, "roofline: ROOFLINE_HUGEPAGES=0: arrays on base pages (no MADV_HUGEPAGE)\n");
}

void runfiles_say_summary(const struct measure_opts *o, const struct runfiles_machine *m, double seconds,
			  int interrupted, const char *dir)
{
	fprintf(stderr, "roofline: measured %d thread count%s in %.1f s (the pre-scan counted)",
		o->nthreads, o->nthreads == 1 ? "" : "s", seconds);
	if (o->budget > 0)
		fprintf(stderr, ", a budget of %.0f s", o->budget);
	/* Past it as said before the last passes (budget_said_end_s): the floor outlasted a count's share. */
	if (o->budget > 0 && seconds > o->budget && m->budget_said_end > o->budget)
		fprintf(stderr, " (past it as said, about %.0f s: the floor alone outlasted a count's share)",
			m->budget_said_end);
	fprintf(stderr, "; jobs known to their tolerance: %d, at their ceiling: %d, cut by the budget: %d\n",
		m->stops[ROUNDS_TOLERANCE], m->stops[ROUNDS_CEILING], m->stops[ROUNDS_BUDGET]);
	if (m->stops[ROUNDS_BUDGET] > 0)
		fprintf(stderr, "roofline: %d figure%s wider than asked: the budget ran out first (stops.csv; "
			"a larger --budget narrows them)\n", m->stops[ROUNDS_BUDGET],
			m->stops[ROUNDS_BUDGET] == 1 ? " is" : "s are");
	if (interrupted)
		fprintf(stderr, "roofline: interrupted: %s keeps every timing taken (fit works once a kept "
			"trial is complete)\n", dir);
}
