/* symptoms.c - see symptoms.h. Thresholds are named there; advice is the guide's. */
#include "symptoms.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "util.h"

static const char *const NAMES[] = { "ridge", "slope", "flat", "above", "ticks", "stream" };

const char *symptom_name(enum symptom s)
{
	return (size_t)s < sizeof NAMES / sizeof NAMES[0] ? NAMES[s] : "?";
}

static void add(struct symptoms *out, enum symptom s, const char *fmt, ...) PRINTF_LIKE(3, 4);
static void add(struct symptoms *out, enum symptom s, const char *fmt, ...)
{
	if (out->n == SYMPTOMS_MAX)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(out->notes[out->n], sizeof out->notes[0], fmt, ap);
	va_end(ap);
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
			char alt[96] = "";
			if (isfinite(one))
				snprintf(alt, sizeof alt, "; on %d thread%s alone it is %.3g", peak->threads,
					 peak->threads == 1 ? "" : "s", one);
			add(out, SYMPTOM_RIDGE,
			    "Ridge: %.3g flop/byte divides a %d-thread peak by a %d-thread bandwidth%s. "
			    "The guide: a ridge far out comes from roofs that do not belong together (a peak "
			    "and a bandwidth of different thread counts, or a theoretical peak); take both "
			    "from measurements on the same cores.", a->ridge, peak->threads, dram->threads, alt);
			return;
		}
	}
	if (a->ridge > SYMPTOMS_RIDGE_MAX)
		add(out, SYMPTOM_RIDGE,
		    "Ridge: %.3g flop/byte, over %.0f. The guide: a ridge in the hundreds means a "
		    "theoretical peak never discounted, or a one-core bandwidth against a many-core "
		    "peak; use measured values for both (STREAM on all cores for the bandwidth).",
		    a->ridge, SYMPTOMS_RIDGE_MAX);
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
	if (ap->n >= 2 && slope == ap->n)
		add(out, SYMPTOM_SLOPE,
		    "All %zu points sit on their bandwidth slope (each at %.0f%% of it or more). The "
		    "guide: when every point hugs the slope, suspect the bytes counted (traffic served "
		    "by L2 or L3 counted as DRAM traffic, or too few bytes declared); check each "
		    "point's bytes against what its loop must move from that level.",
		    ap->n, 100 * SYMPTOMS_ON_ROOF);
	if (ap->n >= 2 && flat == ap->n)
		add(out, SYMPTOM_FLAT,
		    "All %zu points sit on the flat compute roof (each at %.0f%% of it or more). The "
		    "guide: when every point hugs the flat roof, suspect the peak (FMA not counted "
		    "twice, AVX-512 not actually used) or the flops counted; check the peak's "
		    "instruction set and each point's flops.", ap->n, 100 * SYMPTOMS_ON_ROOF);
}

/* Which points above their roof: the user's; the tool's own; the tool's own against a roof whose passes varied more than they beat it. */
enum above_kind { ABOVE_USER, ABOVE_BUILTIN, ABOVE_BUILTIN_SWINGING };

static enum above_kind above_kind(const struct point *p)
{
	if (!p->builtin)
		return ABOVE_USER;
	return p->why.roof_spread > p->fraction ? ABOVE_BUILTIN_SWINGING : ABOVE_BUILTIN;
}

/* The points above their roof (diagnosis: past DIAGNOSIS_ABOVE and the roof's best) of one kind. */
static size_t points_above(const struct all_points *ap, enum above_kind kind, char *names, size_t cap)
{
	size_t n = 0, len = 0;
	names[0] = 0;
	for (size_t i = 0; i < ap->n; i++) {
		const struct point *p = ap->v[i];
		if (!p->above_roof || above_kind(p) != kind)
			continue;
		if (n < 4 && len < cap)
			len += (size_t)snprintf(names + len, cap - len, "%s%s (%.0f%%)", n ? ", " : "", p->kernel,
						100 * p->fraction);
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
	/* Who is above, and what that shows: one sentence a kind. */
	static const struct {
		enum above_kind kind;
		const char *who, *shows;
	} KINDS[] = {
		{ ABOVE_USER, "point",
		  "The guide: no loop beats its roof; the flops and bytes are counted in other units than "
		  "the roofs (single against double precision, say); make the units agree and measure again." },
		{ ABOVE_BUILTIN_SWINGING, "of the tool's own kernel",
		  "That roof's own per-pass medians varied more than the kernel beats it (the host's swings), "
		  "so its timings may have missed the fast spells the kernel caught: `make bench-pairs` "
		  "times the two side by side and tells that from a low roof." },
		{ ABOVE_BUILTIN, "of the tool's own kernel",
		  "Their flops and bytes are the registry's, so the roof is short: the roof kernels lack a "
		  "way of running that pattern that these found (each kernel's diagnosis names it)." },
	};
	for (size_t i = 0; i < sizeof KINDS / sizeof KINDS[0]; i++) {
		char names[256];
		size_t n = points_above(ap, KINDS[i].kind, names, sizeof names);
		if (n)
			add(out, SYMPTOM_ABOVE, "%zu %s%s above %s roof by more than %.0f%%, and past its best "
			    "timing: %s%s. %s", n, KINDS[i].who, n == 1 ? "" : "s", n == 1 ? "its" : "their",
			    100 * (DIAGNOSIS_ABOVE - 1), names, n > 4 ? ", ..." : "", KINDS[i].shows);
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
	if (n)
		add(out, SYMPTOM_TICKS,
		    "%zu of %zu timings are shorter than %d ticks of the timer (%.3g ns a tick, the "
		    "shortest %.3g ns). STREAM's rule: a timing under %d ticks is mostly the clock's "
		    "own step; repeat the work inside the timed region until it lasts longer "
		    "(`measure --min-time`, or roofline.h's repetition).", n, total, SYMPTOMS_MIN_TICKS,
		    tick * 1e9, shortest * 1e9, SYMPTOMS_MIN_TICKS);
}

static void check_stream(const struct rundata *run, const struct analysis *a, struct symptoms *out)
{
	double rule = run->info.stream_rule_bytes;
	if (!isfinite(rule))
		rule = 4 * run->info.l3_bytes;
	double largest = 0;
	for (size_t i = 0; i < run->ntimings; i++)
		if (run->timings[i].group == TGROUP_BANDWIDTH && run->timings[i].param > largest)
			largest = (double)run->timings[i].param;
	if (!(largest > 0) || !(isfinite(rule) && rule > 0) || largest >= rule)
		return;
	char b1[32], b2[32];
	int settled = run->info.sweep_settled > 0;
	/* What the fit made of it (levels.h): DRAM from the flat end where the cache is implausible. */
	int flat_end = 0;
	for (size_t i = 0; i < a->nlevels; i++)
		flat_end |= a->levels[i].dram.reason == DRAM_BY_FLAT_END;
	add(out, SYMPTOM_STREAM,
	    "STREAM's array-size rule is not met: the sweep's largest array is %s, the rule (4x the "
	    "reported last-level cache) asks for %s. %s The guide: the arrays must be far larger "
	    "than the last-level cache for the bandwidth to be DRAM's; if the reported cache size "
	    "is right, measure again with `--max-size` at least the rule.",
	    format_bytes(largest, b1, sizeof b1), format_bytes(rule, b2, sizeof b2),
	    !settled ? "The curve had not settled on its last level: no DRAM roof is given."
	    : flat_end ? "The reported cache is implausible for this curve (a VM may report the "
			 "host's), so DRAM was taken from the curve's flat end, as the notes say."
		       : "DRAM figures come only from arrays that obey it, so this run gives no "
			 "DRAM roof.");
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
