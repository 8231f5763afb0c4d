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

struct symptoms {
	enum symptom which[SYMPTOMS_MAX];
	char notes[SYMPTOMS_MAX][640];   /* what was found, then the guide's advice */
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
