/*
 * diagnosis.h - one model for a point's bound and its verdict, driven by
 * what the point is (its intensity, level, streams, threads and how it was
 * built), never by its name. Pure: no I/O.
 *
 * The model (the roofline of the articles, with the ceiling of the build):
 *  - memory roof: the bandwidth of the point's access pattern at its level,
 *    the roof "<LEVEL>.<pattern>[@Nt]" (kind pattern) when the run measured
 *    it, else that level's sweep roof "<LEVEL>[@Nt]"; x intensity.
 *  - compute ceiling: what its build can reach. Hand-written vector code
 *    (isa != ISA_NONE) is capped by its ISA's FMA plateau (avx2 code by the
 *    avx2 ceiling, whatever the widest ISA is); compiled C by the compiler's
 *    verdict: vectorised at width W, the ceiling of the ISA with W lanes;
 *    scalar, the `scalar` ceiling; unknown (no remarks), the peak.
 *  - attainable = the lower of the two; bound is `memory` or `compute`.
 *  - fraction = the point's median / the roof's median at its intensity:
 *    like with like, both medians of kept timings of the same run.
 *  - the diagnosis explains a memory-bound point only by memory (its
 *    distance to the memory roof, which roof was used), never by a ceiling
 *    above that roof; latency (near a whole number of one-chain rates of its
 *    ISA, fewer than fill the units) only explains a compute-bound point; a
 *    point more than DIAGNOSIS_ABOVE above its roof is flagged.
 */
#ifndef ROOFLINE_DIAGNOSIS_H
#define ROOFLINE_DIAGNOSIS_H

#include <stddef.h>

#include "model.h"

/* At this fraction of its roof or more a point is "near its roof". */
#define DIAGNOSIS_NEAR 0.80
/* Under this fraction a memory-bound point is "far" from its roof. */
#define DIAGNOSIS_FAR 0.60
/* Above this fraction a point beats its roof by more than run-to-run noise. */
#define DIAGNOSIS_ABOVE 1.10

/*
 * Places p under the run's roofs and diagnoses it. Reads p->ai, gflops,
 * threads, level (or, when empty, working_set: the level the run's level map
 * gives it, levels_of, and DRAM when neither is known), pattern, isa,
 * vec_width and builtin. Fills level (when it was empty), mem_roof,
 * mem_gflops, ceiling, ceiling_gflops, roof, roof_gflops, fraction,
 * bound_id, reason, its numbers (why) and above_roof: the verdict as data,
 * worded by the writers (pointtext.h). A run without roofs gives roof
 * "none", BOUND_UNKNOWN and a fraction of NaN; so does a point at DRAM in a
 * run whose sweep never reached DRAM (reason REASON_DRAM_NOT_REACHED), unless
 * it runs at its compute ceiling. A built-in kernel above its own pattern's
 * roof gets REASON_ABOVE_LOW_ROOF (the roof is low), any other point above
 * its roof REASON_ABOVE_COUNTS. A working set in a fall of the fitted map
 * next to its level is said (why.in_fall: docs/plan.md R6, only the faster
 * level's roof bounds it); filed at the slower level and above that roof
 * but not the faster one's, it gets REASON_ABOVE_IN_FALL, not above_roof.
 */
void diagnosis_place(const struct analysis *a, struct point *p);

/*
 * The vector width of compiled code from the compiler's remarks about its
 * kernel file: the lanes of the member's loop (`member` indexes the kernel's
 * params, for a family whose file defines one loop per member, see
 * vecinfo_member_verdict) or of the file's hot loop (member < 0); 1 when that
 * loop was not vectorised; 0 when unknown (no remarks, no loop, a scalable
 * width, or SLP vectorisation the loop remarks do not describe).
 */
int diagnosis_vec_width(const char *remarks, const char *compiler, int member);

#endif
