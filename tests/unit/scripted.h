/*
 * scripted.h - scripted machines for the measure unit tests
 * (test_measure_plan.c, test_rounds.c): a triad curve per thread count and
 * FMA rates from a real run's timings (tests/fixtures/scripted/) or a level
 * model, a fake clock, and the whole plan run on them. Static, one copy per
 * test program; included after cmocka.h, plan.h and schedule.h.
 */
#ifndef ROOFLINE_TEST_SCRIPTED_H
#define ROOFLINE_TEST_SCRIPTED_H

/* ---- scripted machines: the plan's decisions on machines we do not have ---- */

/*
 * A scripted machine: the triad's best rate by working set for each thread
 * count (GB/s, all threads together; log-log between its points, flat past
 * its ends), the widest ISA's FMA rate per thread count, what it reports
 * (L3, memory) and which ISAs it has. Its fake clock times a job as the
 * slower of its bytes at the curve's rate and its flops at the peak.
 */
#define MAX_POINTS 80
struct scripted {
	const char *name;
	double l3, phys;
	double l1d, l2;              /* each core's, as reported (0: not reported) */
	unsigned isas;               /* 1 << enum isa */
	double ws[3][MAX_POINTS], gbs[3][MAX_POINTS];
	int n[3];                    /* points per thread count (index 1, 2) */
	double peak[3];              /* GFLOP/s per thread count */
	double clock;                /* seconds the fake clock has run */
};

static struct scripted *machine_now __attribute__((unused));

static inline int scripted_has_isa(enum isa isa)
{
	return isa == ISA_NONE || (machine_now->isas >> isa & 1u);
}

/* Every kernel of the machine's ISAs is built there, whatever this build compiled. */
static inline int scripted_built(const struct kernel *k)
{
	(void)k;
	return 1;
}

static inline double curve(const struct scripted *s, int threads, double ws)
{
	int t = threads > 2 ? 2 : threads, n = s->n[t];
	const double *x = s->ws[t], *y = s->gbs[t];
	assert_true(n > 0);
	if (ws <= x[0])
		return y[0];
	for (int i = 1; i < n; i++)
		if (ws <= x[i]) {
			double f = log(ws / x[i - 1]) / log(x[i] / x[i - 1]);
			return exp(log(y[i - 1]) + f * log(y[i] / y[i - 1]));
		}
	return y[n - 1];
}

static inline void load_fixture(struct scripted *s, const char *file)
{
	const char *src = getenv("ROOFLINE_SRC");
	char path[512], kind[16];
	snprintf(path, sizeof path, "%s/tests/fixtures/scripted/%s", src && *src ? src : ".", file);
	FILE *fp = fopen(path, "r");
	assert_non_null(fp);
	int threads;
	double ws, v;
	assert_int_equal(fscanf(fp, "%*[^\n]\n"), 0);
	while (fscanf(fp, "%15[^,],%d,%lf,%lf\n", kind, &threads, &ws, &v) == 4) {
		assert_true(threads == 1 || threads == 2);
		if (strcmp(kind, "peak") == 0) {
			s->peak[threads] = v;
		} else {
			assert_true(s->n[threads] < MAX_POINTS);
			s->ws[threads][s->n[threads]] = ws;
			s->gbs[threads][s->n[threads]++] = v;
		}
	}
	fclose(fp);
}

static int probe_threads __attribute__((unused)) = 1;   /* the team the scripted pre-scan times */

static inline int scripted_probe(void *ctx, size_t n, double *rate)
{
	struct scripted *s = ctx;
	*rate = curve(s, probe_threads, 24.0 * (double)n) * 1e9;
	s->clock += 5 * 24.0 * (double)n / *rate;
	return 0;
}

/* Thread count t's decisions: the one-core pre-scan's, or its own team's. */
static inline const struct plan_sweep *team_of(struct scripted *s, const struct measure_opts *o,
					const struct plan_machine *pm, const struct plan_sweep *d, int t,
					struct plan_sweep *team)
{
	if (t == 1)
		return d;
	probe_threads = t;
	assert_int_equal(plan_prescan_team(o, pm, d, t, team, (struct plan_probe){ scripted_probe, s }), 0);
	probe_threads = 1;
	return team;
}

/* The fake clock: one timing of j with its reps on j->threads threads. */
static inline double scripted_time(void *ctx, struct plan_job *j)
{
	struct scripted *s = ctx;
	int t = j->threads > 0 ? j->threads : 1;
	double flops, bytes, ws;
	if (j->shaped) {
		flops = j->shape.flops;
		bytes = j->shape.bytes;
		ws = j->shape.working_set;
	} else {
		flops = kernel_flops_per_elem(j->k, j->param) * (double)j->n;
		bytes = kernel_bytes_per_elem(j->k, j->param) * (double)j->n;
		ws = j->k->kind == KERNEL_PEAK ? 0 : 8.0 * j->k->arrays * (double)j->n;
	}
	double secs = flops * t / (s->peak[t > 2 ? 2 : t] * 1e9);
	if (ws > 0)
		secs = fmax(secs, bytes * t / (curve(s, t, ws * t) * 1e9));
	secs *= (double)j->reps;
	s->clock += secs;
	return secs;
}

struct scripted_plan {
	struct plan_machine pm;
	struct plan_sweep d, team;   /* the one-core decisions, and the 2-thread team's */
	struct measure_opts o;
	struct plan_job *jobs[3];
	size_t njobs[3];
	double seconds[3];           /* the planned trials' seconds per thread count */
};

/* The whole plan on machine s: pre-scan, then each thread count's jobs, calibrated on the fake clock. */
static inline void plan_on(struct scripted *s, int quick, double max_size, struct scripted_plan *p)
{
	memset(p, 0, sizeof *p);
	machine_now = s;
	measure_defaults(&p->o, quick);
	p->o.max_size = max_size;
	p->pm = (struct plan_machine){ .llc_bytes = s->l3, .phys_bytes = s->phys, .has_isa = scripted_has_isa,
				       .built = scripted_built, .reported_caches = { s->l1d, s->l2, s->l3 } };
	assert_int_equal(plan_limits(&p->o, &p->pm, &p->d), 0);
	assert_int_equal(plan_prescan(&p->o, &p->pm, &p->d, (struct plan_probe){ scripted_probe, s }), 0);
	size_t capacity = (size_t)(p->d.cap / 8);
	for (int t = 1; t <= 2; t++) {
		const struct plan_sweep *d = team_of(s, &p->o, &p->pm, &p->d, t, &p->team);
		plan_build(&p->o, &p->pm, d, capacity, &p->jobs[t], &p->njobs[t]);
		plan_split(p->jobs[t], &p->njobs[t], t, capacity / (size_t)t, p->d.tile_bytes);
		for (size_t i = 0; i < p->njobs[t]; i++) {
			p->jobs[t][i].threads = t;
			/* The harness's sequence (no budget's left-outs carried between counts here). */
			struct sched_calibrator cal = { .o = &p->o, .m = &p->pm, .time = scripted_time, .ctx = s };
			sched_calibrate_job(&cal, p->jobs[t], i);
		}
		p->seconds[t] = sched_seconds(&p->o, p->jobs[t], p->njobs[t]);
	}
}

/* One array's bytes of job j on `threads` threads (n is per thread). */
static inline __attribute__((unused)) double array_bytes(const struct plan_job *j, int threads)
{
	return 8.0 * (double)j->n * threads;
}

static inline void plan_free(struct scripted_plan *p)
{
	free(p->jobs[1]);
	free(p->jobs[2]);
}

#define MiB 1048576.0
#define GiB (1024.0 * MiB)

static inline unsigned x86_isas(void)
{
	return 1u << ISA_SCALAR | 1u << ISA_SSE2 | 1u << ISA_AVX2 | 1u << ISA_AVX512;
}

#endif
