/* analysis_scaling.c - the all-core bandwidth roofs against one core's (see analysis_jobs.h). */
#include <math.h>
#include <stdio.h>

#include "analysis_bw.h"
#include "analysis_jobs.h"
#include "analysis_scaling.h"
#include "roof_notes.h"
#include "fit.h"
#include "levels.h"
#include "util.h"

/*
 * Whether all-core pattern roof r came from a DRAM job whose arrays are
 * short of STREAM's rule (a quick run's kernels' arrays, each the cache the
 * curve shows): part of it from a cache, the L3's bandwidth growing with
 * cores where DRAM's does not. A 2-core Zen 4 VM's quick run timed its
 * in-place job at 32 MiB per array at 48 GB/s on one core and 109 on two:
 * 2.28x, past what two cores can scale at one level, and dropped as a
 * measurement error, it left 13 two-thread kernels of those arrays judged
 * against DRAM@2t's 46.8 (the sweep's, past the rule) and called "above
 * their roof" by up to 200 %.
 */
static int short_of_rule(const struct analysis *a, const struct roof *r)
{
	const struct level_map *map = model_levels_of(a, r->threads);
	return r->kind == ROOF_PATTERN && r->job_kernel[0] && r->key.level == MEM_DRAM && map &&
	       map->dram.state == DRAM_FOUND && map->dram.rule_bytes > 0 && analysis_early_dram_job(r, map);
}

/*
 * N cores cannot move more than N times one core's bytes: an all-core
 * bandwidth or pattern roof past that (beyond fit's tolerance) compares two
 * different levels or a disturbed timing, a measurement error. It is left
 * out, and said, rather than printed as a result or judged against. One
 * below one core's is said too, and kept.
 */
void analysis_drop_overscaled(struct analysis *a, int base_threads)
{
	size_t kept = 0;
	for (size_t i = 0; i < a->nroofs; i++) {
		struct roof *r = &a->roofs[i];
		const struct roof *base = (r->kind == ROOF_BANDWIDTH || r->kind == ROOF_PATTERN) &&
					  r->threads > base_threads
					  ? analysis_scaling_base(a, r, base_threads) : NULL;
		double limit = base ? (double)r->threads / base_threads * base->value : NAN;
		struct roof_note n = { .key = r->key, .threads = r->threads, .base_threads = base_threads,
				       .from = r->value, .to = base ? base->value : NAN,
				       .array_bytes = (double)r->job_param };
		if (base && r->value > limit * (1 + FIT_TOLERANCE) && short_of_rule(a, r)) {
			n.kind = NOTE_SCALES_SHORT;
			analysis_roof_note(a, &n);
		} else if (base && r->value > limit * (1 + FIT_TOLERANCE)) {
			/* A sweep plateau's pattern copy goes with it, said once (at the plateau). */
			if (r->kind == ROOF_PATTERN && !r->job_kernel[0])
				continue;
			n.kind = NOTE_SCALES_PAST;
			analysis_roof_note(a, &n);
			continue;
		}
		/*
		 * Nor fewer than one core's: the team's other cores could idle.
		 * Below it (beyond fit's tolerance) the team's timings were
		 * disturbed; kept, since it is what the kernels of that team ran
		 * against, and said, so that nobody reads it as the machine's
		 * scaling (a busy 2-core VM once gave DRAM@2t 20.5 GB/s against
		 * one core's 26 and said nothing).
		 */
		int plateau_copy = r->kind == ROOF_PATTERN && !r->job_kernel[0];
		if (base && !plateau_copy && r->value < base->value * (1 - FIT_TOLERANCE)) {
			n.kind = NOTE_SCALES_BELOW;
			analysis_roof_note(a, &n);
		}
		if (kept != i)
			a->roofs[kept] = *r;
		kept++;
	}
	a->nroofs = kept;
}

