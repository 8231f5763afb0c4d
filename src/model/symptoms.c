/* symptoms.c - see symptoms.h. Thresholds are named there; advice is the guide's. */
#include "symptoms.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "levels_rule.h"
#include "util.h"

static const char *const NAMES[] = { "ridge", "slope", "flat", "above", "ticks", "stream" };

const char *symptom_name(enum symptom s)
{
	return (size_t)s < sizeof NAMES / sizeof NAMES[0] ? NAMES[s] : "?";
}

static void add(struct symptoms *out, enum symptom s, const struct symptom_facts *f)
{
	if (out->n == SYMPTOMS_MAX)
		return;
	out->facts[out->n] = *f;
	out->which[out->n++] = s;
}

static void check_ridge(const struct analysis *a, struct symptoms *out)
{
	struct roof_key pk = roofkey_compute(ROOF_COMPUTE, "peak", 1);
	const struct roof *peak = model_roof(a, &pk);
	const struct roof *dram = analysis_dram(a);
	if (!(isfinite(a->ridge) && a->ridge > 0) || !peak || !dram)
		return;
	if (peak->threads != dram->threads) {
		const struct roof *same = analysis_roof_at(a, dram, peak->threads);
		double one = same ? a->peak / same->value : NAN;
		if (!isfinite(one) || a->ridge > SYMPTOMS_RIDGE_MIX * one || a->ridge * SYMPTOMS_RIDGE_MIX < one) {
			struct symptom_facts f = { .ridge = a->ridge, .one = one, .mixed = 1,
						   .peak_threads = peak->threads, .dram_threads = dram->threads };
			add(out, SYMPTOM_RIDGE, &f);
			return;
		}
	}
	if (a->ridge > SYMPTOMS_RIDGE_MAX) {
		struct symptom_facts f = { .ridge = a->ridge };
		add(out, SYMPTOM_RIDGE, &f);
	}
}

/* Every placed point, the run's kernels then the user's. */
struct all_points {
	const struct point *v[ANALYSIS_MAX_POINTS + USERPOINTS_MAX];
	size_t n;
};

static void collect(const struct analysis *a, const struct userpoints *up, struct all_points *ap)
{
	ap->n = 0;
	for (size_t i = 0; i < a->npoints; i++)
		if (isfinite(a->points[i].fraction))
			ap->v[ap->n++] = &a->points[i];
	for (size_t i = 0; up && i < up->n; i++)
		if (isfinite(up->v[i].p.fraction))
			ap->v[ap->n++] = &up->v[i].p;
}

static void check_slope_flat(const struct all_points *ap, struct symptoms *out)
{
	size_t slope = 0, flat = 0;
	for (size_t i = 0; i < ap->n; i++) {
		const struct point *p = ap->v[i];
		if (p->fraction < SYMPTOMS_ON_ROOF)
			continue;
		slope += p->bound_id == BOUND_MEMORY;
		flat += p->bound_id == BOUND_COMPUTE;
	}
	struct symptom_facts f = { .count = ap->n };
	if (ap->n >= 2 && slope == ap->n)
		add(out, SYMPTOM_SLOPE, &f);
	if (ap->n >= 2 && flat == ap->n)
		add(out, SYMPTOM_FLAT, &f);
}

static enum above_kind above_kind(const struct point *p)
{
	if (!p->builtin)
		return ABOVE_USER;
	return p->why.roof_spread > p->fraction ? ABOVE_BUILTIN_SWINGING : ABOVE_BUILTIN;
}

/* The points above their roof (diagnosis: past DIAGNOSIS_ABOVE and the roof's best) of one kind. */
static size_t points_above(const struct all_points *ap, enum above_kind kind, struct symptom_facts *f)
{
	size_t n = 0;
	for (size_t i = 0; i < ap->n; i++) {
		const struct point *p = ap->v[i];
		if (!p->above_roof || above_kind(p) != kind)
			continue;
		if (n < 4) {
			snprintf(f->kernels[n], sizeof f->kernels[0], "%s", p->kernel);
			f->fractions[n] = p->fraction;
		}
		n++;
	}
	return n;
}

/*
 * A point above its roof. The user's: the guide's advice, units or counts.
 * The tool's own kernels: their flops and bytes are the registry's, checked
 * run by run, so the roof is what is short (a way of running the pattern
 * the roof kernels lack), as each kernel's diagnosis says.
 */
static void check_above(const struct all_points *ap, struct symptoms *out)
{
	/* Who is above, and what that shows: one note a kind (symptom_text words it). */
	static const enum above_kind KINDS[] = { ABOVE_USER, ABOVE_BUILTIN_SWINGING, ABOVE_BUILTIN };
	for (size_t i = 0; i < sizeof KINDS / sizeof KINDS[0]; i++) {
		struct symptom_facts f = { .kind = KINDS[i] };
		f.count = points_above(ap, KINDS[i], &f);
		if (f.count)
			add(out, SYMPTOM_ABOVE, &f);
	}
}

static void check_ticks(const struct rundata *run, const struct userpoints *up, struct symptoms *out)
{
	double tick = run->info.tick_ns * 1e-9;
	if (!(isfinite(tick) && tick > 0))
		return;
	double limit = SYMPTOMS_MIN_TICKS * tick, shortest = INFINITY;
	size_t n = 0, total = 0;
	for (size_t i = 0; i < run->ntimings; i++) {
		const struct timing *t = &run->timings[i];
		if (t->warmup)
			continue;
		total++;
		if (t->seconds < limit) {
			n++;
			shortest = fmin(shortest, t->seconds);
		}
	}
	for (size_t i = 0; up && i < up->n; i++) {
		total++;
		if (up->v[i].seconds < limit) {
			n++;
			shortest = fmin(shortest, up->v[i].seconds);
		}
	}
	if (n) {
		struct symptom_facts f = { .count = n, .total = total, .tick_ns = tick * 1e9,
					   .shortest_ns = shortest * 1e9 };
		add(out, SYMPTOM_TICKS, &f);
	}
}

static void check_stream(const struct rundata *run, const struct analysis *a, struct symptoms *out)
{
	double rule = run->info.stream_rule_bytes;
	if (!isfinite(rule))
		rule = 4 * levels_reported_llc(run->info.l3_bytes, run->info.reported_beyond);
	double largest = 0;
	for (size_t i = 0; i < run->ntimings; i++)
		if (run->timings[i].group == TGROUP_BANDWIDTH && run->timings[i].param > largest)
			largest = (double)run->timings[i].param;
	if (!(largest > 0) || !(isfinite(rule) && rule > 0) || largest >= rule)
		return;
	int settled = run->info.sweep_settled > 0;
	/* What the fit made of it (levels.h): DRAM from the flat end where the cache is implausible. */
	int flat_end = 0;
	for (size_t i = 0; i < a->nlevels; i++)
		flat_end |= a->levels[i].dram.reason == DRAM_BY_FLAT_END;
	struct symptom_facts f = { .largest = largest, .rule = rule,
				   .dram = !settled ? STREAM_UNSETTLED : flat_end ? STREAM_FLAT_END : STREAM_NO_DRAM };
	add(out, SYMPTOM_STREAM, &f);
}

void symptoms_check(const struct rundata *run, const struct analysis *a,
		    const struct userpoints *up, struct symptoms *out)
{
	struct all_points ap;
	memset(out, 0, sizeof *out);
	check_ridge(a, out);
	collect(a, up, &ap);
	check_slope_flat(&ap, out);
	check_above(&ap, out);
	check_ticks(run, up, out);
	check_stream(run, a, out);
}
