/*
 * rounds.c - the trials of one thread count (see rounds.h): the passes
 * that apply the scheduler's decisions (schedule.c) and say its estimate
 * (sched_estimate.c).
 */
#include "rounds.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"
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

/*
 * One kept timing of j: kept, and whether j is done for this pass: its
 * share of the floor is in and its figure is within tolerance, or too few
 * timings for an interval yet with passes still to come (they bring the
 * rest, spread), or its ceiling.
 */
static void keep(const struct measure_opts *o, struct plan_job *j, double t, int pass)
{
	j->kept[j->nkept++] = t;
	/*
	 * Its trial from here on, for the estimate and the next count: the
	 * median of its kept timings, not its calibration's last (a quick run's
	 * two-thread calibration on a 2-core Zen 4 VM ran its memory jobs 1.4x
	 * slower than their pass, and the pass's estimate read a third high).
	 */
	j->last_seconds = stats_median(j->kept, (size_t)j->nkept);
	j->pass_lo = j->pass_n ? fmin(j->pass_lo, t) : t;
	j->pass_hi = j->pass_n ? fmax(j->pass_hi, t) : t;
	j->pass_n++;
	j->width = known_width(sched_statistic(j), j->kept, j->nkept);
	int early = !isfinite(j->width) && pass < o->passes;
	if ((j->pass_n >= j->share && (j->width <= sched_tolerance(j) || early)) || j->pass_n >= sched_pass_ceiling(o, j))
		j->pass_done = 1;
}

/* Trial `trial` of the pass: every job not done, once, in the plan's order. */
static void one_trial(struct sched_count *s, const struct rounds_hooks *h, int trial)
{
	const struct measure_opts *o = s->o;
	int warm = trial <= o->warmup;
	for (size_t i = 0; i < s->njobs && !(h->stop && h->stop(h->ctx)); i++) {
		struct plan_job *j = &s->jobs[i];
		if (j->pass_done)
			continue;
		if (j->kept_per_pass && (warm || !plan_kept_trial(trial - o->warmup, j->kept_per_pass, o->trials)))
			continue;
		double t = h->time(h->ctx, j, s->pass, trial);
		if (t < 0) {
			j->failed = 1;
			j->pass_done = 1;
			continue;
		}
		h->record(h->ctx, s->pass, trial, warm, j, t);
		if (!warm)
			keep(o, j, t, s->pass);
	}
}

/* Once the pass's time is spent: every job with its share of the floor is done for this pass. */
static void cut_by_budget(struct sched_count *s)
{
	for (size_t i = 0; i < s->njobs; i++) {
		struct plan_job *j = &s->jobs[i];
		if (j->pass_done || j->pass_n < j->share)
			continue;
		j->pass_done = 1;
		if (!(j->width <= sched_tolerance(j)))
			j->budget_cut = 1;
	}
}

static int any_running(const struct sched_count *s)
{
	for (size_t i = 0; i < s->njobs; i++)
		if (!s->jobs[i].pass_done)
			return 1;
	return 0;
}

static void one_pass(struct sched_count *s, const struct measure_opts *o, const struct rounds_hooks *h, int pass)
{
	double now = h->now(h->ctx);
	/* The pass's even share of the time to the deadline: time a pass leaves goes to the next. */
	double pass_end = isfinite(s->deadline) ? now + (s->deadline - now) / (o->passes - pass + 1) : INFINITY;
	sched_begin_pass(s, pass);
	if (h->pass_begin)
		h->pass_begin(h->ctx, pass);
	for (int trial = 1; trial <= o->warmup + o->trials && any_running(s); trial++) {
		if (h->stop && h->stop(h->ctx))
			break;
		s->trial = trial;
		now = h->now(h->ctx);
		if (now >= pass_end)
			cut_by_budget(s);
		if (h->progress) {
			struct rounds_progress p = { .threads = s->c->threads, .pass = pass, .passes = o->passes,
						     .trial = trial, .trials = o->warmup + o->trials,
						     .warm = trial <= o->warmup, .elapsed = now - s->c->run_start,
						     .left = sched_time_left(s, now) };
			for (size_t i = 0; i < s->njobs; i++)
				p.running += !s->jobs[i].pass_done;
			h->progress(h->ctx, &p);
		}
		one_trial(s, h, trial);
		if (h->trial_end)
			h->trial_end(h->ctx, pass, trial);
	}
	for (size_t i = 0; i < s->njobs; i++)
		if (sched_runs(&s->jobs[i]))
			s->jobs[i].last_pass_n = s->jobs[i].pass_n;
	if (h->pass_end)
		h->pass_end(h->ctx, pass);
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
	int pass;
	for (pass = 1; pass <= o->passes && !(h->stop && h->stop(h->ctx)); pass++) {
		one_pass(&s, o, h, pass);
		/* Long, steady jobs keep fewer trials in the later passes (sched_thin). */
		for (size_t i = 0; pass == 1 && o->passes > 1 && i < njobs; i++)
			sched_thin(o, m, &jobs[i]);
	}
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
