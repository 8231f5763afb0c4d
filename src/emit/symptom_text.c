/* symptom_text.c - the guide's symptoms in words (see symptom_text.h). */
#include "symptom_text.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "diagnosis.h"
#include "util.h"

/* Who is above their roof, and what that shows: one sentence a kind. */
static void above_words(enum above_kind kind, const char **who, const char **shows)
{
	switch (kind) {
	case ABOVE_USER:
		*who = "point";
		*shows = "The guide: no loop beats its roof; the flops and bytes are counted in other units than "
			 "the roofs (single against double precision, say); make the units agree and measure again.";
		break;
	case ABOVE_BUILTIN_SWINGING:
		*who = "of the tool's own kernel";
		*shows = "That roof's own per-pass medians varied more than the kernel beats it (the host's swings), "
			 "so its timings may have missed the fast spells the kernel caught: `make bench-pairs` "
			 "times the two side by side and tells that from a low roof.";
		break;
	case ABOVE_BUILTIN:
		*who = "of the tool's own kernel";
		*shows = "Their flops and bytes are the registry's, so the roof is short: the roof kernels lack a "
			 "way of running that pattern that these found (each kernel's diagnosis names it).";
		break;
	}
}

const char *symptom_text(const struct symptoms *sy, size_t i, char *buf, size_t size)
{
	const struct symptom_facts *f = &sy->facts[i];
	char b1[32], b2[32];
	switch (sy->which[i]) {
	case SYMPTOM_RIDGE:
		if (f->mixed) {
			char alt[96] = "";
			if (isfinite(f->one))
				snprintf(alt, sizeof alt, "; on %d thread%s alone it is %.3g", f->peak_threads,
					 f->peak_threads == 1 ? "" : "s", f->one);
			snprintf(buf, size, "Ridge: %.3g flop/byte divides a %d-thread peak by a %d-thread bandwidth%s. "
				 "The guide: a ridge far out comes from roofs that do not belong together (a peak "
				 "and a bandwidth of different thread counts, or a theoretical peak); take both "
				 "from measurements on the same cores.", f->ridge, f->peak_threads, f->dram_threads, alt);
		} else {
			snprintf(buf, size, "Ridge: %.3g flop/byte, over %.0f. The guide: a ridge in the hundreds means a "
				 "theoretical peak never discounted, or a one-core bandwidth against a many-core "
				 "peak; use measured values for both (STREAM on all cores for the bandwidth).",
				 f->ridge, SYMPTOMS_RIDGE_MAX);
		}
		break;
	case SYMPTOM_SLOPE:
		snprintf(buf, size, "All %zu points sit on their bandwidth slope (each at %.0f%% of it or more). The "
			 "guide: when every point hugs the slope, suspect the bytes counted (traffic served "
			 "by L2 or L3 counted as DRAM traffic, or too few bytes declared); check each "
			 "point's bytes against what its loop must move from that level.",
			 f->count, 100 * SYMPTOMS_ON_ROOF);
		break;
	case SYMPTOM_FLAT:
		snprintf(buf, size, "All %zu points sit on the flat compute roof (each at %.0f%% of it or more). The "
			 "guide: when every point hugs the flat roof, suspect the peak (FMA not counted "
			 "twice, AVX-512 not actually used) or the flops counted; check the peak's "
			 "instruction set and each point's flops.", f->count, 100 * SYMPTOMS_ON_ROOF);
		break;
	case SYMPTOM_ABOVE: {
		const char *who = "", *shows = "";
		above_words(f->kind, &who, &shows);
		char names[256] = "";
		size_t len = 0;
		for (size_t k = 0; k < f->count && k < 4 && len < sizeof names; k++)
			len += (size_t)snprintf(names + len, sizeof names - len, "%s%s (%.0f%%)", k ? ", " : "",
						f->kernels[k], 100 * f->fractions[k]);
		size_t n = f->count;
		snprintf(buf, size, "%zu %s%s above %s roof by more than %.0f%%, and past its best "
			 "timing: %s%s. %s", n, who, n == 1 ? "" : "s", n == 1 ? "its" : "their",
			 100 * (DIAGNOSIS_ABOVE - 1), names, n > 4 ? ", ..." : "", shows);
		break;
	}
	case SYMPTOM_TICKS:
		snprintf(buf, size, "%zu of %zu timings are shorter than %d ticks of the timer (%.3g ns a tick, the "
			 "shortest %.3g ns). STREAM's rule: a timing under %d ticks is mostly the clock's "
			 "own step; repeat the work inside the timed region until it lasts longer "
			 "(`measure --min-time`, or roofline.h's repetition).", f->count, f->total, SYMPTOMS_MIN_TICKS,
			 f->tick_ns, f->shortest_ns, SYMPTOMS_MIN_TICKS);
		break;
	case SYMPTOM_STREAM:
		snprintf(buf, size, "STREAM's array-size rule is not met: the sweep's largest array is %s, the rule (4x the "
			 "reported last-level cache) asks for %s. %s The guide: the arrays must be far larger "
			 "than the last-level cache for the bandwidth to be DRAM's; if the reported cache size "
			 "is right, measure again with `--max-size` at least the rule.",
			 format_bytes(f->largest, b1, sizeof b1), format_bytes(f->rule, b2, sizeof b2),
			 f->dram == STREAM_UNSETTLED ? "The curve had not settled on its last level: no DRAM roof is given."
			 : f->dram == STREAM_FLAT_END ? "The reported cache is implausible for this curve (a VM may report the "
							"host's), so DRAM was taken from the curve's flat end, as the notes say."
			 : "DRAM figures come only from arrays that obey it, so this run gives no "
			   "DRAM roof.");
		break;
	}
	return buf;
}
