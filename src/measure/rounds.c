/*
 * rounds.c - the trials of one thread count as the harness sees them (see
 * rounds.h): the scheduler's passes (sched_passes, schedule.c) on its
 * hooks, its estimate (sched_estimate.c) said at each trial, and why each
 * job stopped.
 */
#include "rounds.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

const char *rounds_stop_name(int stop)
{
	static const char *const names[] = {
		[ROUNDS_RUNNING] = "running", [ROUNDS_TOLERANCE] = "tolerance", [ROUNDS_CEILING] = "ceiling",
		[ROUNDS_BUDGET] = "budget", [ROUNDS_FAILED] = "failed", [ROUNDS_SKIPPED] = "skipped",
		[ROUNDS_INTERRUPTED] = "interrupted",
	};
	return stop >= 0 && stop <= ROUNDS_INTERRUPTED ? names[stop] : "?";
}

void rounds_progress_text(const struct rounds_progress *p, char *buf, size_t len)
{
	double whole = p->elapsed + p->left, done = whole > 0 ? 100.0 * p->elapsed / whole : 0.0;
	const char *s = p->threads == 1 ? "" : "s";
	/* Tenths under 10 s: a quick run's last seconds, rounded to whole ones, read up to half off. */
	char left[32];
	snprintf(left, sizeof left, p->left < 9.95 ? "%.1f" : "%.0f", p->left);
	if (p->pass == 0)
		snprintf(buf, len, "measuring: %d thread%s, calibrating, %zu of %zu jobs done, %3.0f%%, about %s s left",
			 p->threads, s, p->calibrated, p->jobs, done, left);
	else
		snprintf(buf, len, "measuring: %d thread%s, pass %d/%d, trial %d/%d%s, %d job%s running, %3.0f%%, "
			 "about %s s left", p->threads, s, p->pass, p->passes, p->trial, p->trials,
			 p->warm ? " (warm-up)" : "", p->running, p->running == 1 ? "" : "s", done, left);
}

/* At each trial's start: where the run is, and the time left (sched_time_left), said on the harness's progress. */
static void say_progress(void *ctx, const struct sched_count *s, double now)
{
	const struct rounds_hooks *h = ctx;
	const struct measure_opts *o = s->o;
	struct rounds_progress p = { .threads = s->c->threads, .pass = s->pass, .passes = o->passes,
				     .trial = s->trial, .trials = o->warmup + o->trials, .warm = s->trial <= o->warmup,
				     .elapsed = now - s->c->run_start, .left = sched_time_left(s, now) };
	for (size_t i = 0; i < s->njobs; i++)
		p.running += !s->jobs[i].pass_done;
	h->progress(h->ctx, &p);
}

/* Why j stopped, once the thread count's passes are over. */
static int stop_reason(const struct plan_job *j, int interrupted)
{
	if (j->failed)
		return ROUNDS_FAILED;
	if (j->skipped)
		return ROUNDS_SKIPPED;
	if (j->width <= sched_tolerance(j))
		return ROUNDS_TOLERANCE;
	if (interrupted)
		return ROUNDS_INTERRUPTED;
	return j->budget_cut ? ROUNDS_BUDGET : ROUNDS_CEILING;
}

double rounds_run(const struct measure_opts *o, const struct plan_machine *m, struct plan_job *jobs,
		  size_t njobs, const struct sched_clock *c, const struct rounds_hooks *h)
{
	struct sched_count s = { .o = o, .c = c, .jobs = jobs, .njobs = njobs };
	double now = h->now(h->ctx);
	for (size_t i = 0; i < njobs; i++)
		jobs[i].kept = xcalloc((size_t)(o->passes * sched_pass_ceiling(o, &jobs[i])) + 1, sizeof *jobs[i].kept);
	sched_begin_count(&s, now);
	sched_relieve_floor(&s, m, now);
	double said_end = sched_say_floor_past_budget(&s, m, now);
	struct sched_hooks sh = { .ctx = h->ctx, .now = h->now, .time = h->time, .record = h->record,
				  .trial_begin = h->progress ? say_progress : NULL, .begin_ctx = (void *)h,
				  .trial_end = h->trial_end, .pass_begin = h->pass_begin, .pass_end = h->pass_end,
				  .stop = h->stop };
	sched_passes(&s, m, &sh);
	int interrupted = h->stop && h->stop(h->ctx);
	for (size_t i = 0; i < njobs; i++) {
		jobs[i].stop = stop_reason(&jobs[i], interrupted);
		free(jobs[i].kept);
		jobs[i].kept = NULL;
	}
	return said_end;
}

double rounds_fill(const struct measure_opts *o, const struct plan_job *jobs, size_t njobs)
{
	double past = 0, room = 0;
	for (size_t i = 0; i < njobs; i++) {
		const struct plan_job *j = &jobs[i];
		if (!sched_runs(j))
			continue;
		int lo = sched_floor_kept(o, j), hi = o->passes * sched_pass_ceiling(o, j);
		if (hi <= lo)
			continue;
		past += fmax(0, (double)(j->nkept - lo));
		room += hi - lo;
	}
	return room > 0 ? fmin(1.0, past / room) : NAN;
}
