/*
 * test_measure_plan.c - the harness's rule for the untimed call before a
 * timing (plan_warm_run): every job that touches memory gets one, as
 * back-to-back passes would leave the machine, except a call so long that
 * the state it starts from is lost in it; the peak chains touch no memory.
 * And which kept trials of a pass a slow job is timed in
 * (plan_kept_trial): as many as it keeps, spread over the whole pass. Then
 * the plan's decisions that only its API shows, on scripted machines
 * (scripted.h): a pre-scan whose probe reads a size again differently (a
 * machine file's curve reads the same each time), every slow job's kept
 * trials against its trial's seconds, and thinning on pass spreads set job
 * by job. The plan's decisions a run's files show (STREAM's rule, the cap,
 * the sweep's reach and sizes, where pattern jobs and kernels run) are
 * checked on machine files run by `measure --simulate`: test_sim_scripted.c.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plan.h"
#include "schedule.h"
#include "scripted.h"

static void memory_jobs_are_warmed(void **state)
{
	(void)state;
	assert_true(plan_warm_run(KERNEL_STREAM, 0.0, 0.0));     /* not timed yet (calibration's first call) */
	assert_true(plan_warm_run(KERNEL_STREAM, 2e-6, 1e-6));    /* an L1 pass */
	assert_true(plan_warm_run(KERNEL_STREAM, 6e-3, 5e-3));    /* a DRAM pass of 302 MB */
	assert_true(plan_warm_run(KERNEL_STREAM, MEASURE_WARM_RUN_MAX_SECONDS, 0.0));
	/* A long kernel call that is mostly a stream: the compiled triad at 2.3 GiB, 0.15 s, 0.15 of it streaming. */
	assert_true(plan_warm_run(KERNEL_STREAM, 0.15, 0.15));
	assert_true(plan_warm_run(KERNEL_STREAM, 0.336, 0.054));   /* horner D = 64 at 768 MiB: 16 % streaming */
	/* A stream reuses nothing: warmed however long (the triad at 2.1 GiB: 0.15 s). */
	assert_true(plan_warm_run(KERNEL_BANDWIDTH, 0.15, 0.0));
	assert_true(plan_warm_run(KERNEL_BANDWIDTH, 3.0, 0.0));
}

static void long_calls_and_peak_chains_are_not(void **state)
{
	(void)state;
	assert_false(plan_warm_run(KERNEL_STREAM, 2 * MEASURE_WARM_RUN_MAX_SECONDS, 0.0)); /* n = 1024 textbook product */
	assert_false(plan_warm_run(KERNEL_STREAM, 3.0, 0.0));
	assert_false(plan_warm_run(KERNEL_STREAM, 0.86, 0.001));  /* gemm n = 1024: 24 MiB at L3's rate */
	assert_false(plan_warm_run(KERNEL_STREAM, 0.78, 0.054));  /* horner D = 128 at 768 MiB: 7 % streaming */
	assert_false(plan_warm_run(KERNEL_PEAK, 0.0, 0.0));
	assert_false(plan_warm_run(KERNEL_PEAK, 1e-3, 1e-3));
}

/* A clock for sched_calibrate: every call of the job lasts `per_rep` seconds a rep. */
struct calls {
	int timings;
	double per_rep;
};

static double counted_time(void *ctx, struct plan_job *j)
{
	struct calls *c = ctx;
	c->timings++;
	return c->per_rep * (double)j->reps;
}

/*
 * A job that touches memory has an untimed call before its first timing,
 * so a first timing past the min time ends the calibration; a peak chain's
 * first timing is its first call and is timed again. Short calls double
 * their reps either way.
 */
static void calibration_keeps_a_warmed_first_timing(void **state)
{
	(void)state;
	struct measure_opts o;
	measure_defaults(&o, 0);
	struct kernel stream = { .name = "stream", .kind = KERNEL_BANDWIDTH };
	struct kernel chains = { .name = "chains", .kind = KERNEL_PEAK };
	struct calls c = { 0, 0.1 };   /* a DRAM-sized call */
	struct plan_job j = { .k = &stream, .n = 1, .reps = 1 };
	sched_calibrate(&o, &j, counted_time, &c);
	assert_int_equal(c.timings, 1);
	assert_int_equal(j.reps, 1);
	c = (struct calls){ 0, 0.1 };
	j = (struct plan_job){ .k = &chains, .n = 1, .reps = 1 };
	sched_calibrate(&o, &j, counted_time, &c);
	assert_int_equal(c.timings, 2);
	c = (struct calls){ 0, o.min_time / 5 };   /* 5 calls make a timing */
	j = (struct plan_job){ .k = &stream, .n = 1, .reps = 1 };
	sched_calibrate(&o, &j, counted_time, &c);
	assert_int_equal(j.reps, 8);
	assert_int_equal(c.timings, 4);
	assert_true(j.last_seconds >= o.min_time);
}

/*
 * A family member's call foretold from the one before it (plan_call_guess,
 * flops-scaled: a Horner degree 2x, a matrix order 4x is 64x the flops).
 * One foretold long is calibrated from its first call, with no untimed call
 * before it (the textbook product at n = 1024: 1.3-2.9 s a call on the Zen
 * 4 VM, once untimed and once timed per thread count until this): one
 * timing, reps 1. Foretold short, or with no guess, it is warmed and also
 * ends on its first timing; a peak chain's first timing is timed again.
 */
static void a_call_foretold_long_is_calibrated_from_its_first_call(void **state)
{
	(void)state;
	struct measure_opts o;
	measure_defaults(&o, 0);
	struct kernel gemm = { .name = "gemm", .kind = KERNEL_STREAM, .flops_per_param = 1 };
	struct plan_job prev = { .k = &gemm, .param = 256, .n = 256, .reps = 1, .last_seconds = 0.015 };
	struct plan_job j = { .k = &gemm, .param = 1024, .n = 4096, .reps = 1 };
	/* 4x the param and 16x the n: 64x the flops. */
	assert_float_equal(plan_call_guess(&prev, &j), 0.015 * 64, 1e-12);
	assert_true(plan_call_guess(&j, &prev) == 0.0);       /* a smaller member is not foretold */
	struct plan_job failed = prev;
	failed.failed = 1;
	assert_true(plan_call_guess(&failed, &j) == 0.0);
	struct kernel other = gemm;
	struct plan_job stranger = prev;
	stranger.k = &other;
	assert_true(plan_call_guess(&stranger, &j) == 0.0);

	j.guess_seconds = plan_call_guess(&prev, &j);
	assert_float_equal(plan_call_seconds(&j), 0.96, 1e-12);  /* untimed: the guess decides */
	assert_false(plan_warm_run(gemm.kind, plan_call_seconds(&j), 0.001));
	struct calls c = { 0, 1.5 };
	sched_calibrate(&o, &j, counted_time, &c);
	assert_int_equal(c.timings, 1);
	assert_int_equal(j.reps, 1);
	assert_float_equal(plan_call_seconds(&j), 1.5, 1e-12);   /* timed: the timing decides */

	/* Foretold short: warmed, so its first timing counts as before. */
	c = (struct calls){ 0, 0.05 };
	j = (struct plan_job){ .k = &gemm, .param = 1024, .n = 4096, .reps = 1, .guess_seconds = 0.05 };
	sched_calibrate(&o, &j, counted_time, &c);
	assert_int_equal(c.timings, 1);
	/* A peak chain never skips its second timing, whatever is guessed. */
	struct kernel chains = { .name = "chains", .kind = KERNEL_PEAK };
	c = (struct calls){ 0, 1.0 };
	j = (struct plan_job){ .k = &chains, .n = 1, .reps = 1, .guess_seconds = 2.0 };
	sched_calibrate(&o, &j, counted_time, &c);
	assert_int_equal(c.timings, 2);
}

/*
 * The 2-core Zen 4 VM's 2-thread pre-scan that read 23.9 GB/s at 96 MiB of
 * working set and 44 at 192 (best rates of its timings, GB/s by bytes of
 * working set): sizes slower than a larger one are probed again. `quiet`:
 * the second probe of 48 and 96 MiB reads the DRAM rate the larger sizes
 * read; otherwise the neighbour is still there and it reads the same.
 */
static const double noisy_ws[] = { 12288, 17280, 24576, 34560, 49152, 69504, 98304, 139008, 196608, 278016,
				   393216, 556032, 786432, 1112064, 1572864, 2224128, 3145728, 6291456,
				   12582912, 25165824, 50331648, 100663296, 201326592, 402653184, 805306368,
				   1610612736, 3221225472.0 };
static const double noisy_gbs[] = { 416.8, 411.0, 411.9, 410.8, 401.5, 266.3, 205.7, 219.7, 203.4, 215.2,
				    200.6, 201.2, 198.1, 198.3, 184.6, 165.5, 164.2, 160.6, 153.3, 40.9,
				    29.0, 23.9, 44.4, 40.4, 34.1, 36.2, 35.3 };
struct noisy {
	int quiet, visits[32], reprobed;
};

static int noisy_probe(void *ctx, size_t n, double *rate)
{
	struct noisy *z = ctx;
	double ws = 24.0 * (double)n;
	size_t i = 0, count = sizeof noisy_ws / sizeof noisy_ws[0];
	while (i + 1 < count && noisy_ws[i] * 1.01 < ws)
		i++;
	double gbs = noisy_gbs[i];
	if (z->visits[i]++ > 0) {
		z->reprobed++;
		if (z->quiet && ws >= 48.0 * MiB && ws <= 96.0 * MiB)
			gbs = 36.0;
	}
	*rate = gbs * 1e9;
	return 0;
}

static void a_size_slower_than_a_larger_one_is_probed_again(void **state)
{
	(void)state;
	for (int quiet = 0; quiet <= 1; quiet++) {
		struct measure_opts o;
		measure_defaults(&o, 0);
		static struct scripted s = { .name = "zen4-noisy", .l3 = 32 * MiB, .phys = 24 * GiB };
		s.isas = x86_isas();
		machine_now = &s;
		struct plan_machine pm = { .llc_bytes = 32 * MiB, .phys_bytes = 24 * GiB, .has_isa = scripted_has_isa,
					   .built = scripted_built };
		struct plan_sweep d;
		memset(&d, 0, sizeof d);
		assert_int_equal(plan_limits(&o, &pm, &d), 0);
		struct noisy z = { .quiet = quiet };
		assert_int_equal(plan_prescan(&o, &pm, &d, (struct plan_probe){ noisy_probe, &z }), 0);
		assert_true(z.reprobed > 0);
		assert_true(d.settled);
		assert_true(d.rule == 4 * 32 * MiB);   /* the reported cache's rule either way */
		if (quiet) {
			/* 48 MiB of working set reads DRAM's rate: the level begins there, at 16 MiB per array. */
			assert_true(d.settle <= 16 * MiB + 1);
			assert_true(d.max <= 256 * MiB);
		} else {
			/* Still slowed: 44 at 192 MiB reads as a level of its own, DRAM from 768 MiB (256 per array). */
			assert_true(d.settle >= 256 * MiB - 1);
		}
	}
}

static void kept_trials_spread_over_the_pass(void **state)
{
	(void)state;
	for (int trials = 1; trials <= 20; trials++) {
		for (int kept = 1; kept <= trials; kept++) {
			int n = 0, first = 0, last = 0, widest = 0, prev = 0;
			for (int t = 1; t <= trials; t++) {
				if (!plan_kept_trial(t, kept, trials))
					continue;
				n++;
				if (!first)
					first = t;
				if (prev && t - prev > widest)
					widest = t - prev;
				prev = last = t;
			}
			assert_int_equal(n, kept);
			assert_int_equal(first, 1);
			/* Evenly: no gap wider than trials/kept rounded up, and the last in the last stretch. */
			assert_true(widest <= (trials + kept - 1) / kept);
			assert_true(last > trials - (trials + kept - 1) / kept);
		}
	}
	/* 5 of 15: trials 1, 4, 7, 10, 13 (not 1-5). */
	assert_true(plan_kept_trial(13, 5, 15));
	assert_false(plan_kept_trial(2, 5, 15));
	assert_false(plan_kept_trial(0, 5, 15));
	assert_false(plan_kept_trial(16, 5, 15));
}

/*
 * Kept trials: a job whose trial (its timing and untimed call) would take
 * the pass past its budget keeps fewer, spread over the pass; the sweep's
 * DRAM sizes at least 3 a pass, a kernels job at least 1. Every job's
 * count against its trial's seconds: only the plan's API shows both
 * (test_sim_scripted reads two of them from a simulated run's lines).
 */
static void slow_jobs_keep_fewer_trials(void **state)
{
	(void)state;
	static struct scripted s = { .name = "zen4", .l3 = 32 * MiB, .phys = 24 * GiB };
	s.isas = x86_isas();
	if (!s.n[1])
		load_fixture(&s, "zen4.csv");
	struct scripted_plan p;
	plan_on(&s, 0, 0, &p);
	size_t slow = 0;
	for (size_t i = 0; i < p.njobs[1]; i++) {
		const struct plan_job *j = &p.jobs[1][i];
		double t = plan_trial_seconds(j);
		int bw = j->group == TGROUP_BANDWIDTH, kern = j->group == TGROUP_KERNELS;
		int over = t * (p.o.warmup + p.o.trials) > (bw ? 0.12 : 0.1);
		if (!(bw || kern) || !over) {
			assert_int_equal(j->kept_per_pass, 0);
			continue;
		}
		slow++;
		int want = (int)floor((bw ? 0.12 : 0.1) / t);
		want = want < (bw ? 3 : 1) ? (bw ? 3 : 1) : want;
		if (want >= p.o.trials)
			assert_int_equal(j->kept_per_pass, 0);
		else
			assert_int_equal(j->kept_per_pass, want);
	}
	assert_true(slow > 10);
	plan_free(&p);
}

/*
 * Thinning after the first pass: a long trial with a steady pass keeps half
 * its kept trials (at least 3); a wide spread, a short trial or a peak job
 * keeps what it had.
 */
static void long_steady_jobs_are_thinned(void **state)
{
	(void)state;
	static struct scripted s = { .name = "zen4", .l3 = 32 * MiB, .phys = 24 * GiB };
	s.isas = x86_isas();
	if (!s.n[1])
		load_fixture(&s, "zen4.csv");
	struct scripted_plan p;
	plan_on(&s, 0, 0, &p);
	size_t thinned = 0, kept_wide = 0, short_kept = 0;
	for (size_t i = 0; i < p.njobs[1]; i++) {
		struct plan_job *j = &p.jobs[1][i];
		int before = j->kept_per_pass ? j->kept_per_pass : p.o.trials;
		int steady = i % 2 == 0;
		j->pass_n = before;
		j->pass_lo = j->last_seconds;
		j->pass_hi = j->last_seconds * (steady ? 1.02 : 1.05);
		sched_thin(&p.o, &p.pm, j);
		int after = j->kept_per_pass ? j->kept_per_pass : p.o.trials;
		int long_trial = plan_trial_seconds(j) >= SCHED_THIN_TRIAL_SECONDS;
		if (j->k->kind == KERNEL_PEAK || !long_trial || !steady || before <= SCHED_THIN_MIN_KEPT) {
			assert_int_equal(after, before);
			kept_wide += long_trial && !steady;
			short_kept += !long_trial;
			continue;
		}
		assert_int_equal(after, (before + 1) / 2 < 3 ? 3 : (before + 1) / 2);
		thinned++;
	}
	print_message("# zen4: %zu jobs thinned, %zu long but spread, %zu short\n", thinned, kept_wide,
		      short_kept);
	assert_true(thinned > 5 && kept_wide > 5 && short_kept > 5);
	plan_free(&p);
}


int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(kept_trials_spread_over_the_pass),
		cmocka_unit_test(calibration_keeps_a_warmed_first_timing),
		cmocka_unit_test(a_call_foretold_long_is_calibrated_from_its_first_call),
		cmocka_unit_test(a_size_slower_than_a_larger_one_is_probed_again),
		cmocka_unit_test(memory_jobs_are_warmed),
		cmocka_unit_test(long_calls_and_peak_chains_are_not),
		cmocka_unit_test(slow_jobs_keep_fewer_trials),
		cmocka_unit_test(long_steady_jobs_are_thinned),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
