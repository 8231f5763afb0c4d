/*
 * sim.c - a described machine standing in for this one (see sim.h).
 */
#include "sim.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cpu.h"
#include "isa.h"
#include "util.h"

/* The fake clock's start, and what one timing costs beside its work (two clock reads, a check). */
#define SIM_CLOCK_START 1000.0
#define SIM_CALL_OVERHEAD_S 2e-6

struct sim {
	struct machine_desc d;
	char *path;
	unsigned long long rng;
	double now;
	size_t filled;      /* elements per thread each thread has touched so far */
	unsigned long seed;
};

/* The machine plan_machine's hooks answer for (one simulated machine a process). */
static const struct sim *current;

static unsigned long long next_random(struct sim *s)
{
	unsigned long long z = (s->rng += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* |N(0,1)|, by Box-Muller. */
static double half_normal(struct sim *s)
{
	double u1 = ((double)(next_random(s) >> 11) + 0.5) / 9007199254740992.0;
	double u2 = (double)(next_random(s) >> 11) / 9007199254740992.0;
	return fabs(sqrt(-2 * log(u1)) * cos(2 * M_PI * u2));
}

/* Whether the fake clock is in one of the host's slow spells (the same spell, the same answer). */
static int in_slow_spell(const struct sim *s)
{
	if (!(s->d.slow_fraction > 0))
		return 0;
	struct sim probe = { .rng = (unsigned long long)floor(s->now / s->d.slow_spell_s) * 2654435761ull ^ s->d.hash ^ s->seed };
	return (double)(next_random(&probe) >> 11) / 9007199254740992.0 < s->d.slow_fraction;
}

struct sim *sim_open(const char *path, unsigned long seed)
{
	struct sim *s = xcalloc(1, sizeof *s);
	char err[512];
	if (machine_file_load(path, &s->d, err, sizeof err) != 0)
		die(EXIT_USAGE, "measure --simulate: %s", err);
	s->path = xstrdup(path);
	s->rng = seed * 0x2545f4914f6cdd1dull + 1;
	s->seed = seed;
	s->now = SIM_CLOCK_START;
	current = s;
	return s;
}

void sim_free(struct sim *s)
{
	if (!s)
		return;
	if (current == s)
		current = NULL;
	free(s->path);
	free(s);
}

double sim_now(const struct sim *s)
{
	return s->now;
}

static double clock_share(const struct sim *s, int threads)
{
	return threads > 1 ? s->d.clock_allcore_ghz / s->d.clock_ghz : 1.0;
}

static double peak_seconds(const struct sim *s, const struct plan_job *j, int threads)
{
	double fma, add, fma_steps, add_steps;
	kernel_peak_ops(j->k, j->param, cpu_isa_lanes(j->k->isa), &fma, &add);
	kernel_peak_steps(j->k, &fma_steps, &add_steps);
	double gflops = machine_peak_rate(&s->d, j->k->isa, fma, add, fma_steps, add_steps) * clock_share(s, threads);
	return kernel_flops_per_elem(j->k, j->param) * (double)j->n * (double)j->reps / (gflops * 1e9);
}

/* A stream's rate: its pattern's at its working set, else the triad's (a pattern the file does not name). */
static double stream_gbs(const struct sim *s, const struct plan_job *j, double ws, int threads)
{
	double gbs = machine_gbs_at(&s->d, kernel_access_pattern(j->k), ws, threads);
	return isfinite(gbs) ? gbs : machine_gbs_at(&s->d, ACCESS_PATTERN_TRIAD, ws, threads);
}

/*
 * The width compiled C and a library run at: the machine's widest that is
 * no wider than this build's (cpu_widest_isa), as the fit judges them by
 * this build's remarks and library.
 */
static enum isa compiled_isa(const struct machine_desc *d)
{
	enum isa best = ISA_SCALAR;
	int build = cpu_isa_lanes(cpu_widest_isa());
	for (int i = ISA_SSE2; i < ISA_COUNT; i++)
		if (machine_has_isa(d, (enum isa)i) && cpu_isa_lanes((enum isa)i) <= build &&
		    cpu_isa_lanes((enum isa)i) > cpu_isa_lanes(best))
			best = (enum isa)i;
	return best;
}

/*
 * A stream or a shaped kernel: the slower of moving its declared bytes
 * at its level's pattern rate and its declared flops at the ceiling that
 * binds it (the FMA-only one for FMA-only code; compiled C at the widest
 * width), over its efficiency (machine_efficiency: what keeps a kernel
 * below its roof is the file's to say).
 */
static double stream_seconds(const struct sim *s, const struct plan_job *j, int threads)
{
	double ws = plan_job_working_set(j), bytes = plan_job_bytes(j), flops = plan_job_flops(j);
	enum isa isa = j->k->isa == ISA_NONE ? compiled_isa(&s->d) : j->k->isa;
	double ceiling = machine_peak_best(&s->d, isa, j->k->flops_all_fma) * clock_share(s, threads) * threads;
	double t = fmax(bytes / (stream_gbs(s, j, ws, threads) * 1e9), flops / (ceiling * 1e9));
	return j->k->kind == KERNEL_STREAM ? t / machine_efficiency(&s->d, j->k) : t;
}

/* The file's noise on one timing: a spread that only slows, and the host's slow spells. */
static double noisy(struct sim *s, double t)
{
	t *= 1 + s->d.spread * half_normal(s);
	if (in_slow_spell(s))
		t /= s->d.slow_rate;
	double res = s->d.timer_resolution_s;
	return res > 0 ? ceil(t / res) * res : t;
}

double sim_time_job(struct sim *s, const struct plan_job *j, int threads)
{
	struct plan_job at = *j;
	at.threads = threads;
	double t = j->k->kind == KERNEL_PEAK ? peak_seconds(s, &at, threads) : stream_seconds(s, &at, threads);
	if (j->k->kind != KERNEL_PEAK && j->n > s->filled) {
		/* First touch, before the clock starts (time_share): every thread fills its own at once. */
		s->now += (double)(j->n - s->filled) * 24.0 * s->d.first_touch_s_per_gib / 1073741824.0;
		s->filled = j->n;
	}
	if (plan_warm_run(j->k->kind, plan_call_seconds(j), j->stream_seconds))
		s->now += t / (double)j->reps;
	t = noisy(s, t);
	s->now += t + SIM_CALL_OVERHEAD_S;
	return t;
}

double sim_clock_ghz(struct sim *s, int threads, double seconds)
{
	s->now += seconds;
	return threads > 1 ? s->d.clock_allcore_ghz : s->d.clock_ghz;
}

void sim_describe(struct sim *s, struct runfiles_machine *m)
{
	const struct machine_desc *d = &s->d;
	snprintf(m->info.model, sizeof m->info.model, "simulated: %s", d->name);
	m->info.cores = d->cores;
	m->info.pus = d->cores * d->smt;
	m->info.l1d = d->reported[0];
	m->info.l2 = d->reported[1];
	m->info.l3 = d->reported[2];
	m->info.l4 = d->reported[3];   /* the file's L4 stands for hwloc's L4 and MemCache alike */
	/* The logical CPUs that share one instance, as hwloc would say: a core's siblings, or all. */
	for (int l = 0; l < MACHINE_REPORTED; l++)
		m->info.shared_cpus[l] = d->reported_shared[l] == MACHINE_SHARING_PER_CORE ? d->smt
				       : d->reported_shared[l] == MACHINE_SHARING_SHARED ? d->cores * d->smt : 0;
	snprintf(m->info.source, sizeof m->info.source, "machine file");
	m->pinned_cpu = 0;
	m->resolution = d->timer_resolution_s;
	m->granularity = d->timer_resolution_s > 0 ? d->timer_resolution_s : 1e-9;
	m->clock_method = "simulated (the machine file's clock_ghz)";
	m->clock_samples[m->nclock++] = sim_clock_ghz(s, 1, 0.02);
	m->clock_ghz = m->clock_samples[0];
	m->counters = 0;
	snprintf(m->counters_why, sizeof m->counters_why, "a simulated machine");
	snprintf(m->thp_mode, sizeof m->thp_mode, "%s", d->huge_pages ? "madvise" : "never");
	m->huge_asked = 1;
	m->huge_pages_kib = d->huge_pages ? d->memory_bytes / 4 / 1024 : 0;
	m->has_isa = sim_has_isa;
	m->widest_isa = machine_widest_isa(d);
	m->sim_file = s->path;
	m->sim_hash = d->hash;
	m->sim_seed = s->seed;
	fprintf(stderr, "roofline: simulating %s (%s): %d cores, a fake clock\n", d->name, s->path, d->cores);
}

const struct machine_desc *sim_machine(const struct sim *s)
{
	return &s->d;
}

int sim_has_isa(enum isa isa)
{
	return current && machine_has_isa(&current->d, isa);
}

/* A kernel of the machine's ISA is there even where this build compiled it out; a library only where built. */
int sim_built(const struct kernel *k)
{
	return k->run != NULL || k->library == NULL;
}

int sim_machine_open(struct sim **s, const char *path, unsigned long seed, struct plan_machine *pm, int *cores,
		     int max)
{
	*s = sim_open(path, seed);
	*pm = (struct plan_machine){ .has_isa = sim_has_isa, .built = sim_built, .say = stderr,
				     .phys_bytes = (*s)->d.memory_bytes };
	for (int c = 0; c < (*s)->d.cores && c < max; c++)
		cores[c] = c;
	return (*s)->d.cores;
}
