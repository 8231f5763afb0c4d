/*
 * analysis.c - the queries on a built analysis (see analysis.h): a roof by
 * name, key or thread count, the peak and DRAM roofs, a roof's unit and
 * kind, a parameter as text. Every part of the model, the layout and emit
 * asks them; they call nothing of the build (analysis_build.c).
 */
#include "analysis.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"
#include "registry.h"
#include "roofkey.h"

const struct roof *analysis_peak_of(const struct analysis *a, int threads)
{
	for (size_t i = 0; i < a->nroofs; i++)
		if (a->roofs[i].kind == ROOF_COMPUTE && a->roofs[i].threads == threads)
			return &a->roofs[i];
	return NULL;
}

const struct roof *analysis_roof_at(const struct analysis *a, const struct roof *like, int threads)
{
	struct roof_key key = roofkey_at(model_key_of(like), threads);
	return model_roof(a, &key);
}

const struct roof *analysis_scaling_base(const struct analysis *a, const struct roof *r, int threads)
{
	const struct roof *base = analysis_roof_at(a, r, threads);
	/*
	 * A level's roof is its fastest store kind's, which one core may not
	 * share (its in-place job ran before its own flat end): like with like,
	 * the one-core roof of the pattern that set it.
	 */
	const struct kernel *set_by = r->kind == ROOF_BANDWIDTH ? r->set_k : NULL;
	struct roof_key same = set_by ? roofkey_pattern(model_key_of(r).level, set_by, threads) : r->key;
	const struct roof *like = base && set_by ? model_roof(a, &same) : NULL;
	return like ? like : base;
}

const struct roof *analysis_dram(const struct analysis *a)
{
	/* The smallest thread count's: the roofs are fitted in that order. */
	for (size_t i = 0; i < a->nroofs; i++)
		if (a->roofs[i].kind == ROOF_BANDWIDTH)
			return analysis_dram_of(a, a->roofs[i].threads);
	return NULL;
}

/*
 * The one rule for "which roof is DRAM", used by the ridge, the report, both
 * figures and the diagnosis: the plateau named DRAM, else the lowest
 * plateau (a run whose sweep never left the caches still has a slowest
 * level, and the ridge needs one). Roofs without a usable value are no
 * candidates: a figure could not draw them, a ridge could not divide by them.
 */
const struct roof *analysis_dram_of(const struct analysis *a, int threads)
{
	const struct roof *low = NULL;
	for (size_t i = 0; i < a->nroofs; i++) {
		const struct roof *r = &a->roofs[i];
		if (r->kind != ROOF_BANDWIDTH || r->threads != threads || !(isfinite(r->value) && r->value > 0))
			continue;
		if (model_key_of(r).level == MEM_DRAM)
			return r;
		if (!low || r->value < low->value)
			low = r;
	}
	return low;
}

const char *roof_unit(const struct roof *r)
{
	return r->kind == ROOF_BANDWIDTH || r->kind == ROOF_PATTERN ? "GB/s" : "GFLOP/s";
}

const char *analysis_roof_kind_name(enum roof_kind kind)
{
	switch (kind) {
	case ROOF_BANDWIDTH:
		return "bandwidth";
	case ROOF_COMPUTE:
		return "compute";
	case ROOF_CEILING:
		return "ceiling";
	case ROOF_PATTERN:
		return "pattern";
	}
	return "?";
}
