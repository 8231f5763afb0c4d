/*
 * test_left_out.c - a budgeted run leaves out a kernels job whose kept
 * timings alone would take over SCHED_JOB_SHARE of its thread count's share
 * (sched_slow_job after calibration, sched_budget_skip_unrun before it), says
 * so with the budget that would time it, and keeps every job that fits.
 * The figures are a 2-core Intel VM's: the textbook matrix product at
 * n = 1024 took 4.3-5.8 s a call, the i-k-j loop 0.45 s. A thread count
 * whose floor outlasts its share leaves out its costliest outliers
 * (SCHED_FLOOR_JOB_SHARE, rounds_run), and the next count leaves them out
 * unrun.
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

#include "measure.h"
#include "plan.h"
#include "schedule.h"
#include "rounds.h"

/* Says nothing (plan_machine.say NULL). */
static const struct plan_machine quiet;

static struct kernel gemm = { .name = "gemm_ijk", .kind = KERNEL_STREAM, .flops_per_param = 1, .param_letter = 'n' };

/* Default options for a run of one core and two (the budget shared by 2 counts). */
static struct measure_opts two_counts(double budget)
{
	struct measure_opts o;
	measure_defaults(&o, 0);
	o.threads[0] = 1;
	o.threads[1] = 2;
	o.nthreads = 2;
	o.budget = budget;
	return o;
}

/* A kernels job of order `param`, calibrated to one call of `call` seconds. */
static struct plan_job timed_job(int param, double call)
{
	return (struct plan_job){ .k = &gemm, .group = TGROUP_KERNELS, .param = param, .n = (size_t)param * param / 256,
				  .reps = 1, .last_seconds = call, .threads = 1 };
}

/* What sched_slow_job (or fn) said, as one string; the caller frees it. */
struct said {
	char *text;
	size_t len;
	struct plan_machine m;
};

static void listen(struct said *s)
{
	memset(s, 0, sizeof *s);
	s->m.say = open_memstream(&s->text, &s->len);
	assert_non_null(s->m.say);
}

static char *heard(struct said *s)
{
	fclose(s->m.say);
	return s->text;
}

static void a_job_past_a_quarter_of_its_share_is_left_out_and_said(void **state)
{
	(void)state;
	struct measure_opts o = two_counts(50);
	assert_float_equal(sched_count_share(&o), 25, 1e-12);
	struct said s;
	listen(&s);
	struct plan_job ijk = timed_job(1024, 5.8);
	sched_slow_job(&o, &s.m, &ijk);
	char *text = heard(&s);
	/* 3 passes x 1 kept = 17.4 s, over 6.25; 17.4 / 0.25 x 2 counts = 139 -> 140 s. */
	assert_true(ijk.skipped);
	assert_float_equal(ijk.left_out_trial, 5.8, 1e-12);
	assert_non_null(strstr(text, "left out gemm_ijk n = 1024: a timing takes 5.8 s, its 3 kept timings about 17 s"));
	assert_non_null(strstr(text, "--budget 140 (make report BUDGET=140) times it"));
	free(text);

	/* That budget times it: 17.4 s is under a quarter of 70. */
	o = two_counts(140);
	struct plan_job again = timed_job(1024, 5.8);
	sched_slow_job(&o, &quiet, &again);
	assert_false(again.skipped);
	assert_int_equal(again.kept_per_pass, 1);

	/* Where it takes 1.5 s a call (4.5 s of 6.25) it stays, as the i-k-j loop's 0.45 s does here. */
	o = two_counts(50);
	struct plan_job fast = timed_job(1024, 1.5), ikj = timed_job(1024, 0.45);
	sched_slow_job(&o, &quiet, &fast);
	sched_slow_job(&o, &quiet, &ikj);
	assert_false(fast.skipped);
	assert_false(ikj.skipped);
	assert_true(fast.left_out_trial == 0 && ikj.left_out_trial == 0);

	/* No budget (--budget 0 is refused; 0 here is "none"): nothing is left out for time. */
	o = two_counts(0);
	struct plan_job unbudgeted = timed_job(1024, 5.8);
	sched_slow_job(&o, &quiet, &unbudgeted);
	assert_false(unbudgeted.skipped);
}

/*
 * Before it runs: the same job at an earlier thread count left out (and
 * doing no fewer flops a thread now) leaves it out unrun; a family member
 * before it that was left out, or whose call foretells one over the share,
 * too. One foretold within its share is calibrated (not left out here).
 */
static void a_job_foretold_past_its_share_is_left_out_unrun(void **state)
{
	(void)state;
	struct measure_opts o = two_counts(50);
	struct plan_job one = timed_job(1024, 4.3);
	sched_slow_job(&o, &quiet, &one);
	assert_true(one.skipped);

	struct said s;
	listen(&s);
	struct plan_job two = { .k = &gemm, .group = TGROUP_KERNELS, .param = 1024, .n = one.n, .threads = 2 };
	assert_true(sched_budget_skip_unrun(&o, &s.m, NULL, &two, &one, 1));
	char *text = heard(&s);
	assert_true(two.skipped);
	assert_non_null(strstr(text, "left out gemm_ijk n = 1024 on all cores: a timing takes 4.3 s (foretold: at 1 "
				     "thread it was, unrun here)"));
	free(text);

	/* Fewer flops a thread (an array split between the threads): its own calibration decides. */
	struct plan_job half = two;
	half.skipped = 0;
	half.n = one.n / 2;
	assert_false(sched_budget_skip_unrun(&o, &quiet, NULL, &half, &one, 1));
	assert_false(half.skipped);
	/* Another order is another job. */
	struct plan_job other = two;
	other.skipped = 0;
	other.param = 512;
	assert_false(sched_budget_skip_unrun(&o, &quiet, NULL, &other, &one, 1));

	/* The member before it: n = 256 at 0.1 s a call foretells 6.4 s for n = 1024 (64x the flops). */
	struct plan_job n256 = timed_job(256, 0.1), n1024 = { .k = &gemm, .group = TGROUP_KERNELS, .param = 1024, .n = one.n };
	assert_true(sched_budget_skip_unrun(&o, &quiet, &n256, &n1024, NULL, 0));
	/* At 0.02 s a call (1.3 s foretold) it is calibrated, and sched_slow_job decides. */
	n256.last_seconds = 0.02;
	n1024.skipped = 0;
	assert_false(sched_budget_skip_unrun(&o, &quiet, &n256, &n1024, NULL, 0));
	/* A member left out leaves the larger ones out. */
	struct plan_job n2048 = { .k = &gemm, .group = TGROUP_KERNELS, .param = 2048, .n = one.n * 4 };
	assert_true(sched_budget_skip_unrun(&o, &quiet, &one, &n2048, NULL, 0));
	/* Not in a quick run (its own rule), not outside the kernels group, not without a budget. */
	struct measure_opts q;
	measure_defaults(&q, 1);
	n1024.skipped = 0;
	n256.last_seconds = 0.1;
	assert_false(sched_budget_skip_unrun(&q, &quiet, &n256, &n1024, NULL, 0));
	o = two_counts(0);
	assert_false(sched_budget_skip_unrun(&o, &quiet, &n256, &n1024, NULL, 0));
	o = two_counts(50);
	n1024.group = TGROUP_BANDWIDTH;
	assert_false(sched_budget_skip_unrun(&o, &quiet, &n256, &n1024, NULL, 0));
}

/* ---- the floor past its share (rounds_run) ---------------------------------- */

static struct kernel ikj = { .name = "gemm_ikj", .kind = KERNEL_STREAM, .flops_per_param = 1, .param_letter = 'n' };
static struct kernel triad = { .name = "triad", .kind = KERNEL_STREAM, .flops_per_param = 1 };
static struct kernel bw = { .name = "bw_triad", .kind = KERNEL_BANDWIDTH, .flops_per_param = 1 };

#define NTRIADS 40

/*
 * One thread count's plan: 40 triads of 0.01 s a call (an untimed call
 * before each: 0.02 s a trial, 6 kept and 3 warm-ups, 0.18 s of floor
 * each, 7.2 s in all), the textbook product (1 s, one kept a pass: 3 s of
 * floor), the i-k-j loop (0.6 s: 1.8 s) and a DRAM-sized bandwidth job (0.5
 * s a timing and its untimed call, 3 a pass: 5 s of floor). 17 s of floor.
 */
struct floor_plan {
	struct plan_job jobs[NTRIADS + 3];
	double clock;
};

/* In the plan's order: the triads, the i-k-j loop, then the textbook product (not first: costliest goes first). */
enum { IKJ = NTRIADS, IJK, BW };

static void floor_plan(struct floor_plan *f)
{
	memset(f, 0, sizeof *f);
	for (int i = 0; i < NTRIADS; i++)
		f->jobs[i] = (struct plan_job){ .k = &triad, .group = TGROUP_KERNELS, .n = 1 << 20, .reps = 1,
						.last_seconds = 0.01, .threads = 1 };
	f->jobs[IKJ] = timed_job(1024, 0.6);
	f->jobs[IKJ].k = &ikj;
	f->jobs[IKJ].kept_per_pass = 1;
	f->jobs[IJK] = timed_job(1024, 1.0);
	f->jobs[IJK].kept_per_pass = 1;
	f->jobs[BW] = (struct plan_job){ .k = &bw, .group = TGROUP_BANDWIDTH, .n = 1 << 24, .reps = 1, .last_seconds = 0.5,
					 .kept_per_pass = 3, .threads = 1 };
}

static double floor_now(void *ctx)
{
	return ((struct floor_plan *)ctx)->clock;
}

static double floor_time(void *ctx, struct plan_job *j, int pass, int trial)
{
	(void)pass;
	(void)trial;
	((struct floor_plan *)ctx)->clock += plan_trial_seconds(j);
	return j->last_seconds;
}

static void floor_record(void *ctx, int pass, int trial, int warm, const struct plan_job *j, double seconds)
{
	(void)ctx, (void)pass, (void)trial, (void)warm, (void)j, (void)seconds;
}

/* The first of two thread counts, its passes run at time 0 under `budget`; said on m. */
static void run_floor(struct floor_plan *f, double budget, const struct plan_machine *m)
{
	struct measure_opts o = two_counts(budget);
	struct sched_clock c = { .budget = budget, .counts_after = 1, .threads = 1, .later_threads = (const int[]){ 2 },
				  .prior_fill = NAN };
	struct rounds_hooks h = { .ctx = f, .now = floor_now, .time = floor_time, .record = floor_record };
	rounds_run(&o, m, f->jobs, NTRIADS + 3, &c, &h);
}

static int nleft_for_floor(const struct floor_plan *f)
{
	int n = 0;
	for (int i = 0; i < NTRIADS + 3; i++) {
		n += f->jobs[i].left_out_for_floor;
		assert_int_equal(f->jobs[i].left_out_for_floor, f->jobs[i].skipped);
	}
	return n;
}

static void the_costliest_floor_goes_while_the_floor_is_past_its_share(void **state)
{
	(void)state;
	static struct floor_plan f;
	/* Budget 30: a 15 s share against 17 s of floor. The product's 3 s goes (over 1.7 s), 14 s fits. */
	floor_plan(&f);
	struct said s;
	listen(&s);
	run_floor(&f, 30, &s.m);
	char *text = heard(&s);
	assert_true(f.jobs[IJK].skipped && f.jobs[IJK].left_out_for_floor);
	assert_float_equal(f.jobs[IJK].left_out_trial, 1.0, 1e-12);
	assert_int_equal(f.jobs[IJK].stop, ROUNDS_SKIPPED);
	assert_int_equal(nleft_for_floor(&f), 1);
	assert_int_equal(f.jobs[IKJ].nkept, 3);
	/* 30 + (17 - 15) x 2 counts = 34 -> 40; the floor fits after it: not said past its share. */
	assert_non_null(strstr(text, "left out gemm_ijk n = 1024: the floor alone (17 s) is past this count's share "
				     "of the budget (15 s), and this job's is the costliest, about 3.0 s (a timing takes "
				     "1 s), over 10% of what a thread count may spend and of its floor; --budget 40 "
				     "(make report BUDGET=40) times it"));
	assert_null(strstr(text, "the floor alone (5 kept"));
	free(text);

	/*
	 * Budget 26: a 13 s share. The product goes (26 + 4 x 2 = 34 -> 40),
	 * 14 s is still past it, and the i-k-j loop's 1.8 s goes next (26 +
	 * 1 x 2 -> 30); 12.2 s fits.
	 */
	floor_plan(&f);
	listen(&s);
	run_floor(&f, 26, &s.m);
	text = heard(&s);
	assert_int_equal(nleft_for_floor(&f), 2);
	const char *first = strstr(text, "left out gemm_ijk n = 1024: the floor alone (17 s) is past this count's "
					 "share of the budget (13 s)"),
		   *second = strstr(text, "left out gemm_ikj n = 1024: the floor alone (14 s)");
	assert_true(first && second && first < second);
	assert_non_null(strstr(first, "--budget 40 (make report BUDGET=40)"));
	assert_non_null(strstr(second, "--budget 30 (make report BUDGET=30)"));
	free(text);

	/* Budget 2: no share holds it. The two outliers go, no triad (0.18 s) and no bandwidth job does. */
	floor_plan(&f);
	listen(&s);
	run_floor(&f, 2, &s.m);
	text = heard(&s);
	assert_int_equal(nleft_for_floor(&f), 2);
	assert_true(f.jobs[IJK].skipped && f.jobs[IKJ].skipped && !f.jobs[BW].skipped);
	assert_non_null(strstr(text, "1 thread: the floor alone (5 kept timings of each of 41 jobs"));
	for (int i = 0; i < NTRIADS; i++)
		assert_true(f.jobs[i].nkept >= 6);
	free(text);

	/* Budget 40 (a 20 s share), or none: nothing goes. */
	floor_plan(&f);
	run_floor(&f, 40, &quiet);
	assert_int_equal(nleft_for_floor(&f), 0);
	floor_plan(&f);
	run_floor(&f, 0, &quiet);
	assert_int_equal(nleft_for_floor(&f), 0);
}

/* The next count: left out at one thread for the floor, left out on all cores unrun, whatever its share. */
static void a_job_left_out_for_the_floor_is_left_out_after(void **state)
{
	(void)state;
	static struct floor_plan f;
	floor_plan(&f);
	run_floor(&f, 30, &quiet);
	const struct plan_job *one = &f.jobs[IJK];
	assert_true(one->left_out_for_floor);
	struct measure_opts o = two_counts(30);
	struct said s;
	listen(&s);
	struct plan_job two = { .k = &gemm, .group = TGROUP_KERNELS, .param = 1024, .n = one->n, .threads = 2 };
	assert_true(sched_budget_skip_unrun(&o, &s.m, NULL, &two, one, 1));
	char *text = heard(&s);
	assert_true(two.skipped && two.left_out_for_floor);
	assert_float_equal(two.left_out_trial, 1.0, 1e-12);
	assert_non_null(strstr(text, "left out gemm_ijk n = 1024 on all cores, unrun: at 1 thread it was, for that "
				     "count's floor, and each thread does no less here"));
	free(text);
	/* Its array split between the threads (fewer flops a thread): its own calibration decides. */
	struct plan_job half = { .k = &gemm, .group = TGROUP_KERNELS, .param = 1024, .n = one->n / 2, .threads = 2 };
	assert_false(sched_budget_skip_unrun(&o, &quiet, NULL, &half, one, 1));
	assert_false(half.skipped);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(a_job_past_a_quarter_of_its_share_is_left_out_and_said),
		cmocka_unit_test(a_job_foretold_past_its_share_is_left_out_unrun),
		cmocka_unit_test(the_costliest_floor_goes_while_the_floor_is_past_its_share),
		cmocka_unit_test(a_job_left_out_for_the_floor_is_left_out_after),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
