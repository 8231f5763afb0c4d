/*
 * test_peak_issue.c - the peak as the best of every FMA:add ratio, and the
 * theoretical peak the run supports, on scripted chain curves whose truth
 * is known. Each core is a small model: FMA and add latencies, FMA pipes,
 * add pipes (or adds on the FMA pipes), and the FP instructions it issues
 * together a cycle at each width. A loop of F FMA chains and A add chains
 * then takes max(latencies, F / FMA pipes, A / add pipes, (F + A) / issue)
 * cycles an iteration, and every timing gives exactly that rate:
 *  - Zen 3 (AVX2): 2 FMA + 2 add pipes, 3 issued together at 256 bits, 4 at
 *    64 and 128: the peak is the 2:1 mix, and the theoretical counts 2 FMA
 *    + 1 add a cycle, with one line saying the pipes do not all issue;
 *  - Zen 4 and Zen 5 (AVX-512): 2 + 2 at full width: the 1:1 mix, 2 + 2;
 *  - an Intel core: adds on the two FMA ports: the FMA chains, no add pipe;
 *  - the Apple M1 (NEON): four pipes that do both: the FMA chains.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "analysis.h"
#include "isa.h"
#include "registry.h"
#include "roof_text.h"

struct core {
	const char *name;
	double ghz;
	double fma_latency, add_latency;
	int fma_pipes, add_pipes;   /* add_pipes 0: adds run on the FMA pipes */
	/* FP instructions issued together a cycle, per ISA of the run (0: no limit). */
	struct { const char *isa; int issue; } width[3];
};

static struct rundata run;
static size_t cap;

static void add_timing(const char *kernel, long param, double flops, double rate, int trial)
{
	if (run.ntimings == cap) {
		cap = cap ? cap * 2 : 512;
		run.timings = realloc(run.timings, cap * sizeof *run.timings);
	}
	struct timing *t = &run.timings[run.ntimings++];
	memset(t, 0, sizeof *t);
	t->pass = 1;
	t->trial = trial;
	t->group = TGROUP_PEAK;
	snprintf(t->kernel, sizeof t->kernel, "%s", kernel);
	t->k = registry_find(kernel);   /* as input resolves it */
	t->param = param;
	t->threads = 1;
	t->flops = flops;
	t->seconds = flops / (rate * 1e9);
}

/*
 * Cycles an iteration of F FMA and A add instructions on `issue` at a time,
 * in chains of fs and as steps an iteration (one but in the deep mixes).
 */
static double cycles(const struct core *c, int fmas, int adds, int issue, double fs, double as)
{
	double t = 0;
	if (fmas)
		t = fmax(t, fmax(fs * c->fma_latency, (double)fmas / c->fma_pipes));
	if (adds)
		t = fmax(t, fmax(as * c->add_latency, c->add_pipes ? (double)adds / c->add_pipes : 0));
	if (!c->add_pipes)
		t = fmax(t, (double)(fmas + adds) / c->fma_pipes);
	if (issue)
		t = fmax(t, (double)(fmas + adds) / issue);
	return t;
}

/* Every peak kernel of the ISAs the core has: FMA chains and the three mixes, two trials each. */
static void script(const struct core *c)
{
	memset(&run, 0, sizeof run);
	cap = 0;
	char clock[32];
	snprintf(clock, sizeof clock, "%g", c->ghz);
	run.nenv = 1;
	run.env = calloc(1, sizeof *run.env);
	run.env[0].key = strdup("clock_ghz");
	run.env[0].value = strdup(clock);
	rundata_parse_env(&run);
	for (size_t i = 0; i < registry_count(); i++) {
		const struct kernel *k = registry_get(i);
		int issue = -1;
		for (int w = 0; w < 3; w++)
			if (c->width[w].isa && strcmp(c->width[w].isa, cpu_isa_name(k->isa)) == 0)
				issue = c->width[w].issue;
		if (k->kind != KERNEL_PEAK || issue < 0)
			continue;
		int lanes = cpu_isa_lanes(k->isa);
		for (int p = 0; p < k->nparams; p++) {
			int param = k->params[p], fmas = param, adds = 0;
			if (!k->flops_all_fma) {
				fmas = k->mix_fmas * param;
				adds = k->mix_adds * param;
			}
			double fs, as;
			kernel_peak_steps(k, &fs, &as);
			double flops_per_iter = (double)lanes * (2.0 * fmas + adds);
			double rate = flops_per_iter / cycles(c, fmas, adds, issue, fs, as) * c->ghz;
			for (int trial = 1; trial <= 2; trial++)
				add_timing(k->name, param, flops_per_iter * 1e7, rate, trial);
		}
	}
}

static void teardown_run(void)
{
	for (size_t i = 0; i < run.nenv; i++) {
		free(run.env[i].key);
		free(run.env[i].value);
	}
	free(run.env);
	free(run.timings);
}

#define assert_near(x, y) assert_true(fabs((x) - (y)) <= 1e-6 * fabs(y))

/* What a core's fit must say: what set the peak, the pipes, the issue, the theoretical. */
struct truth {
	/*
	 * The kernel that set it and its FMA:add ratio (adds 0: FMA chains
	 * alone); members past the plateau's start tie, so the ratio, not the
	 * member, is the truth (Zen 3's 2:1 is the one member at 20 flops a cycle).
	 */
	const char *kernel;
	int fmas, adds;   /* instructions an iteration */
	int fma_pipes, add_pipes, issue, limited;
	int theory_fmas, theory_adds;
	double flops_per_cycle;    /* theoretical, a core */
	double peak_per_cycle;     /* measured, a core */
	const char *tie;           /* a kernel of the same ratio as fast (NULL: none) */
};

static void check_core(const struct core *c, const struct truth *t)
{
	static struct analysis a;
	char err[256];
	script(c);
	if (analysis_build(&run, &a, err, sizeof err) != 0)
		fail_msg("%s: %s", c->name, err);
	assert_int_equal(a.npeaks, 1);
	const struct peak_info *p = &a.peaks[0];
	if (strcmp(p->set_by.kernel, t->kernel) != 0 && (!t->tie || strcmp(p->set_by.kernel, t->tie) != 0))
		fail_msg("%s: peak set by %s, want %s", c->name, p->set_by.kernel, t->kernel);
	/* The ratio of instructions: chains times their steps. */
	int fi = p->set_fmas * (p->set_fma_steps > 0 ? p->set_fma_steps : 1);
	int ai = p->set_adds * (p->set_add_steps > 0 ? p->set_add_steps : 1);
	if (fi * t->adds != ai * t->fmas || fi <= 0)
		fail_msg("%s: %d FMA + %d add instructions set it, want %d:%d", c->name, fi, ai, t->fmas, t->adds);
	assert_near(a.peak, t->peak_per_cycle * c->ghz);
	assert_int_equal(p->fma_pipes, t->fma_pipes);
	assert_int_equal(p->add_pipes, t->add_pipes);
	assert_int_equal(p->issue, t->issue);
	assert_int_equal(p->issue_limited, t->limited);
	assert_int_equal(p->theory_fmas, t->theory_fmas);
	assert_int_equal(p->theory_adds, t->theory_adds);
	assert_near(p->flops_per_cycle, t->flops_per_cycle);
	assert_near(p->theory, t->flops_per_cycle * c->ghz);
	/* Never a theoretical the best mix already shows out of reach, nor one under it. */
	assert_true(a.peak <= p->theory * (1 + 1e-9));
	teardown_run();
}

static void test_zen3_issue_limit(void **state)
{
	(void)state;
	const struct core zen3 = { "Zen 3", 3.24, 4, 3, 2, 2, { { "avx2", 3 }, { "sse2", 4 }, { "scalar", 4 } } };
	/*
	 * 2:1 at 4 groups: 8 FMAs + 4 adds in 4 cycles, 3 a cycle: 4 x (2 x 2 + 1)
	 * = 20 flops a cycle; the deep 2:1 as fast (60 + 30 in 30 cycles), and
	 * first in the registry.
	 */
	const struct truth t = { "fma_mix21_avx2", 2, 1, 2, 2, 3, 1, 2, 1, 20, 20, "fma_deep21_avx2" };
	check_core(&zen3, &t);
	/* The scalar and sse2 ceilings are their best mixes, past their FMA chains alone. */
	static struct analysis a;
	char err[256];
	script(&zen3);
	assert_int_equal(analysis_build(&run, &a, err, sizeof err), 0);
	assert_string_equal(a.peaks[0].set_by.kernel, "fma_deep21_avx2");
	assert_int_equal(a.peaks[0].set_by.letter, 'G');
	assert_int_equal(a.peaks[0].set_by.param, 2);
	/* Its chains, 10 FMA of 6 steps and 6 add of 5. */
	assert_int_equal(a.peaks[0].set_fmas, 10);
	assert_int_equal(a.peaks[0].set_adds, 6);
	assert_int_equal(a.peaks[0].set_fma_steps, 6);
	assert_int_equal(a.peaks[0].set_add_steps, 5);
	/* The issue table names the same chains, not the instructions an iteration (30 + 30). */
	for (size_t w = 0; w < a.peaks[0].nwidths; w++) {
		const struct peak_width *pw = &a.peaks[0].widths[w];
		if (strncmp(pw->ops_by.kernel, "fma_deep", 8) != 0)
			continue;
		assert_int_equal(pw->ops_fmas, 10);
		assert_int_equal(pw->ops_adds, 6);
	}
	const struct roof *scalar = analysis_roof(&a, "scalar"), *sse2 = analysis_roof(&a, "sse2");
	assert_non_null(scalar);
	assert_non_null(sse2);
	/*
	 * Scalar: the deep 1:1, 30 FMAs + 30 adds in 15 cycles (its FMA chains'
	 * 3 x 4, its adds' 5 x 3, 60 over 4 a cycle), 6 flops a cycle, every
	 * pipe; the 4:3's 8 FMA + 6 add chains reached 5.5.
	 */
	assert_near(scalar->value, 6 * 3.24);
	assert_string_equal(scalar->job_kernel, "fma_deep11_scalar");
	assert_near(sse2->value, 2 * 6 * 3.24);
	/* At scalar width all four issue: 4 a cycle there, 2 FMA + 2 add. */
	const struct peak_info *p = &a.peaks[0];
	assert_int_equal(p->widths[0].isa, ISA_AVX2);
	for (size_t w = 1; w < p->nwidths; w++) {
		assert_int_equal(p->widths[w].issue, 4);
		assert_int_equal(p->widths[w].theory_adds, 2);
	}
	teardown_run();
}

static void test_zen4_zen5_full_width(void **state)
{
	(void)state;
	/* 1:1 from 8 pairs: 16 instructions at 4 a cycle, 4 cycles: 8 x 24 / 4 = 48 flops a cycle. */
	const struct core zen4 = { "Zen 4", 3.7, 4, 3, 2, 2, { { "avx512", 4 }, { "avx2", 4 }, { "scalar", 4 } } };
	const struct truth t4 = { "fma_add_avx512", 1, 1, 2, 2, 4, 0, 2, 2, 48, 48, NULL };
	check_core(&zen4, &t4);
	const struct core zen5 = { "Zen 5", 5.1, 4, 2, 2, 2, { { "avx512", 0 }, { "avx2", 0 }, { "scalar", 0 } } };
	check_core(&zen5, &t4);
}

static void test_intel_adds_share_fma_ports(void **state)
{
	(void)state;
	/* Adds on the two FMA ports: no mix passes 2 instructions a cycle; the FMA chains set the peak. */
	const struct core icx = { "Ice Lake", 3.0, 4, 4, 2, 0, { { "avx512", 0 }, { "avx2", 0 }, { "scalar", 0 } } };
	const struct truth t = { "fma_avx512", 1, 0, 2, 0, 2, 0, 2, 0, 32, 32, NULL };
	check_core(&icx, &t);
}

static void test_m1_four_shared_pipes(void **state)
{
	(void)state;
	/* Four pipes, each an FMA or an add: 16 FMA chains fill them, 2 lanes x 2 x 4 = 16 flops a cycle. */
	const struct core m1 = { "Apple M1", 3.05, 4, 3, 4, 0, { { "neon", 0 }, { "scalar", 0 }, { NULL, 0 } } };
	const struct truth t = { "fma_neon", 1, 0, 4, 0, 4, 0, 4, 0, 16, 16, NULL };
	check_core(&m1, &t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_zen3_issue_limit),
		cmocka_unit_test(test_zen4_zen5_full_width),
		cmocka_unit_test(test_intel_adds_share_fma_ports),
		cmocka_unit_test(test_m1_four_shared_pipes),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
