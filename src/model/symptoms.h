/*
 * symptoms.h - the Chinese roofline guide's table of symptoms (section 5.1)
 * as checks on one run, each printed in report.md's notes with the guide's
 * advice. Pure: reads a loaded run, its analysis and the user's points.
 *
 *  - ridge:  a ridge implausibly far out: over RIDGE_MAX flop/byte, or not
 *            what the peak and DRAM roofs of one thread count give (a ridge
 *            that mixes thread counts);
 *  - slope:  every point (two or more) on its bandwidth slope (memory-bound,
 *            at least ON_ROOF of it): suspect the bytes counted;
 *  - flat:   every point on the flat roof (compute-bound, at least ON_ROOF):
 *            suspect the peak or the flops counted;
 *  - above:  a point more than DIAGNOSIS_ABOVE over its roof: units;
 *  - ticks:  a kept timing (or a user's point) shorter than 20 ticks of the
 *            timer (env.csv timer_granularity_ns), STREAM's checktick rule;
 *  - stream: the sweep's largest array under STREAM's rule, 4x the reported
 *            last-level cache (env.csv stream_rule_bytes).
 */
#ifndef ROOFLINE_SYMPTOMS_H
#define ROOFLINE_SYMPTOMS_H

#include <stddef.h>

#include "analysis.h"
#include "rundata.h"
#include "userpoints.h"

#define SYMPTOMS_RIDGE_MAX 100.0   /* flop/byte: the guide's "hundreds" */
#define SYMPTOMS_RIDGE_MIX 1.25    /* ratio to the one-thread-count ridge */
#define SYMPTOMS_ON_ROOF 0.8       /* fraction of its roof that counts as on it */
#define SYMPTOMS_MIN_TICKS 20
#define SYMPTOMS_MAX 8

enum symptom { SYMPTOM_RIDGE, SYMPTOM_SLOPE, SYMPTOM_FLAT, SYMPTOM_ABOVE, SYMPTOM_TICKS,
	       SYMPTOM_STREAM };

/* Which points are above their roof: the user's; the tool's own; the tool's own against a roof whose passes varied more than they beat it. */
enum above_kind { ABOVE_USER, ABOVE_BUILTIN, ABOVE_BUILTIN_SWINGING };

/* How the fit took DRAM where the sweep's arrays are short of STREAM's rule. */
enum stream_short { STREAM_UNSETTLED, STREAM_FLAT_END, STREAM_NO_DRAM };

/*
 * What a check found, as facts; the writers word it with the guide's
 * advice (src/emit/symptom_text.h). Fields by symptom: RIDGE: ridge, and
 * for a ridge of two thread counts peak_threads, dram_threads and `one`,
 * the one-count ridge (NaN: none; mixed 0: over RIDGE_MAX); SLOPE, FLAT:
 * count; ABOVE: kind, count and the first four points' kernels and
 * fractions; TICKS: count of total, tick and shortest (ns); STREAM: the
 * largest array and the rule (bytes), and how DRAM was taken.
 */
struct symptom_facts {
	double ridge, one;
	int mixed, peak_threads, dram_threads;
	size_t count, total;
	enum above_kind kind;
	char kernels[4][48];
	double fractions[4];
	double tick_ns, shortest_ns;
	double largest, rule;
	enum stream_short dram;
};

struct symptoms {
	enum symptom which[SYMPTOMS_MAX];
	struct symptom_facts facts[SYMPTOMS_MAX];
	size_t n;
};

/*
 * Runs every check on run, a and up (up may be NULL: no user points) and
 * fills out with one note per symptom found, in the order listed above.
 */
void symptoms_check(const struct rundata *run, const struct analysis *a,
		    const struct userpoints *up, struct symptoms *out);

/* The check's short name: "ridge", "slope", "flat", "above", "ticks", "stream". */
const char *symptom_name(enum symptom s);

#endif
