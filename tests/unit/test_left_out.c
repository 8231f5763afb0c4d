/*
 * test_left_out.c - a budgeted run leaves out a kernels job whose kept
 * timings alone would take over PLAN_JOB_SHARE of its thread count's share
 * (plan_slow_job after calibration, plan_budget_skip_unrun before it), says
 * so with the budget that would time it, and keeps every job that fits.
 * The figures are a 2-core Intel VM's: the textbook matrix product at
 * n = 1024 took 4.3-5.8 s a call, the i-k-j loop 0.45 s.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "measure.h"
#include "plan.h"

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
	return (struct plan_job){ .k = &gemm, .group = "kernels", .param = param, .n = (size_t)param * param / 256,
				  .reps = 1, .last_seconds = call, .threads = 1 };
}

/* What plan_slow_job (or fn) said, as one string; the caller frees it. */
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
	assert_float_equal(plan_count_share(&o), 25, 1e-12);
	struct said s;
	listen(&s);
	struct plan_job ijk = timed_job(1024, 5.8);
	plan_slow_job(&o, &s.m, &ijk);
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
	plan_slow_job(&o, &quiet, &again);
	assert_false(again.skipped);
	assert_int_equal(again.kept_per_pass, 1);

	/* Where it takes 1.5 s a call (4.5 s of 6.25) it stays, as the i-k-j loop's 0.45 s does here. */
	o = two_counts(50);
	struct plan_job fast = timed_job(1024, 1.5), ikj = timed_job(1024, 0.45);
	plan_slow_job(&o, &quiet, &fast);
	plan_slow_job(&o, &quiet, &ikj);
	assert_false(fast.skipped);
	assert_false(ikj.skipped);
	assert_true(fast.left_out_trial == 0 && ikj.left_out_trial == 0);

	/* No budget (--budget 0 is refused; 0 here is "none"): nothing is left out for time. */
	o = two_counts(0);
	struct plan_job unbudgeted = timed_job(1024, 5.8);
	plan_slow_job(&o, &quiet, &unbudgeted);
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
	plan_slow_job(&o, &quiet, &one);
	assert_true(one.skipped);

	struct said s;
	listen(&s);
	struct plan_job two = { .k = &gemm, .group = "kernels", .param = 1024, .n = one.n, .threads = 2 };
	assert_true(plan_budget_skip_unrun(&o, &s.m, NULL, &two, &one, 1));
	char *text = heard(&s);
	assert_true(two.skipped);
	assert_non_null(strstr(text, "left out gemm_ijk n = 1024 on all cores: a timing takes 4.3 s (foretold: at 1 "
				     "thread it was, unrun here)"));
	free(text);

	/* Fewer flops a thread (an array split between the threads): its own calibration decides. */
	struct plan_job half = two;
	half.skipped = 0;
	half.n = one.n / 2;
	assert_false(plan_budget_skip_unrun(&o, &quiet, NULL, &half, &one, 1));
	assert_false(half.skipped);
	/* Another order is another job. */
	struct plan_job other = two;
	other.skipped = 0;
	other.param = 512;
	assert_false(plan_budget_skip_unrun(&o, &quiet, NULL, &other, &one, 1));

	/* The member before it: n = 256 at 0.1 s a call foretells 6.4 s for n = 1024 (64x the flops). */
	struct plan_job n256 = timed_job(256, 0.1), n1024 = { .k = &gemm, .group = "kernels", .param = 1024, .n = one.n };
	assert_true(plan_budget_skip_unrun(&o, &quiet, &n256, &n1024, NULL, 0));
	/* At 0.02 s a call (1.3 s foretold) it is calibrated, and plan_slow_job decides. */
	n256.last_seconds = 0.02;
	n1024.skipped = 0;
	assert_false(plan_budget_skip_unrun(&o, &quiet, &n256, &n1024, NULL, 0));
	/* A member left out leaves the larger ones out. */
	struct plan_job n2048 = { .k = &gemm, .group = "kernels", .param = 2048, .n = one.n * 4 };
	assert_true(plan_budget_skip_unrun(&o, &quiet, &one, &n2048, NULL, 0));
	/* Not in a quick run (its own rule), not outside the kernels group, not without a budget. */
	struct measure_opts q;
	measure_defaults(&q, 1);
	n1024.skipped = 0;
	n256.last_seconds = 0.1;
	assert_false(plan_budget_skip_unrun(&q, &quiet, &n256, &n1024, NULL, 0));
	o = two_counts(0);
	assert_false(plan_budget_skip_unrun(&o, &quiet, &n256, &n1024, NULL, 0));
	o = two_counts(50);
	n1024.group = "bandwidth";
	assert_false(plan_budget_skip_unrun(&o, &quiet, &n256, &n1024, NULL, 0));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(a_job_past_a_quarter_of_its_share_is_left_out_and_said),
		cmocka_unit_test(a_job_foretold_past_its_share_is_left_out_unrun),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
