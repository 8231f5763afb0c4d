/* note_text.c - the notes of a fit in words: typed notes, DRAM verdicts, notes said of several roofs (see note_text.h). */
#include "note_text.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "analysis.h"
#include "analysis_bw.h"
#include "analysis_jobs.h"
#include "cache_share.h"
#include "registry.h"
#include "roof_notes.h"
#include "roofkey.h"
#include "util.h"

/* Appends to buf (a sentence built in pieces), never past its end. */
static void add(char *buf, size_t size, const char *fmt, ...) PRINTF_LIKE(3, 4);
static void add(char *buf, size_t size, const char *fmt, ...)
{
	size_t used = strlen(buf);
	if (used + 1 >= size)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf + used, size - used, fmt, ap);
	va_end(ap);
}

const char *levels_dram_text(const struct dram_verdict *v, int threads, char *buf, size_t size)
{
	char at[16] = "", end[32], arr[32], rule[32], llc[32], from[32], lo[32], hi[32];
	if (threads > 1)
		snprintf(at, sizeof at, "@%dt", threads);
	format_bytes(v->end_working_set, end, sizeof end);
	format_bytes(v->end_array_bytes, arr, sizeof arr);
	format_bytes(v->rule_bytes, rule, sizeof rule);
	format_bytes(v->reported_llc, llc, sizeof llc);
	format_bytes(v->flat_from, from, sizeof from);
	format_bytes(v->size_lo, lo, sizeof lo);
	format_bytes(v->size_hi, hi, sizeof hi);
	/* Which rule, said the same way in every sentence. */
	char how[320], cache[32];
	format_bytes(v->rule_cache_bytes, cache, sizeof cache);
	if (analysis_rule_from_curve(v))
		snprintf(how, sizeof how, "STREAM's rule on the cache the run's curve showed: the reported "
			 "%s last-level cache is implausible (the pre-scan's curve was flat from below it "
			 "to twice past it), so measure took 4x %s, the cache as its curve showed it: %s per "
			 "array", llc, cache, rule);
	else if (v->llc_implausible && isfinite(v->reported_llc))
		snprintf(how, sizeof how, "the reported %s last-level cache is implausible (the sweep "
			 "showed %zu plateaus, then its flat end from %s of working set, inside that "
			 "size), so STREAM's rule (4x it per array) is not used: DRAM is the curve's flat "
			 "end", llc, v->caches_before, from);
	else if (v->llc_implausible)
		snprintf(how, sizeof how, "no last-level cache is reported, so DRAM is the curve's flat end");
	else
		snprintf(how, sizeof how, "STREAM's rule: each array at least 4x the reported %s "
			 "last-level cache, %s", llc, rule);
	/* Why the sweep stopped where it did, when the run says its cap bound it. */
	const char *cap = v->cap_binds ? "; the sweep stopped at its cap (--max-size, a quick run's "
					 "or a quarter of memory: env.csv's sweep_decision says which)" : "";
	char asks[96] = "", noise[96] = "";
	/* The tolerance is the end's own noise where that is wider than LEVELS_FLAT: say so. */
	char within[96] = "", rate[32], end_rate[32];
	format_rate(v->value, rate, sizeof rate);
	format_rate(v->end_rate, end_rate, sizeof end_rate);
	if (v->flat_tol > LEVELS_FLAT) {
		snprintf(noise, sizeof noise, ", the spread of the largest sizes' kept timings (best to median)");
		snprintf(within, sizeof within, " within the %.0f%% spread of the largest sizes' kept timings",
			 v->flat_tol * 100);
	}
	if (v->rule_bytes > 0)
		snprintf(asks, sizeof asks, " (STREAM's rule asks %s per array)", rule);
	switch (v->reason) {
	case DRAM_BY_STREAM_RULE:
	case DRAM_BY_FLAT_END:
	case DRAM_BY_CURVE_RULE:
		snprintf(buf, size, "DRAM%s: %s GB/s from %d sizes, %s .. %s of working set, within "
			 "%.0f%% of the rate at the sweep's largest size (%s GB/s)%s; %s", at, rate,
			 v->samples, lo, hi, v->flat_tol * 100, end_rate, noise, how);
		break;
	case DRAM_SHORT_OF_RULE:
		snprintf(buf, size, "DRAM%s not reached: the sweep stopped at %s per array (%s of "
			 "working set, %s GB/s there, flat from %s%s), short of %s%s; measure again with "
			 "--max-size %s or more", at, arr, end, end_rate, from, within, how, cap, rule);
		break;
	case DRAM_STILL_FALLING:
		snprintf(buf, size, "DRAM%s not reached: the curve was still falling at the sweep's "
			 "largest size, %s GB/s at %s per array (%s of working set), so DRAM is at most "
			 "that; no size between it and the caches was within %.0f%% of it%s%s%s", at, end_rate, arr,
			 end, v->flat_tol * 100, noise, asks, cap);
		break;
	case DRAM_NO_CACHE_LEVEL:
		snprintf(buf, size, "DRAM%s not reached: the curve never fell from a faster level to "
			 "its end (%s GB/s at %s of working set): no cache was left, no DRAM seen", at,
			 end_rate, end);
		break;
	case DRAM_NOT_SETTLED:
		snprintf(buf, size, "DRAM%s not reached: the run says its pre-scan never settled on a "
			 "last level (%s GB/s at the largest size, %s of working set); raise --max-size",
			 at, end_rate, end);
		break;
	case DRAM_CAP_SHORT_OF_RULE:
		/* docs/plan.md R8: memory cannot hold the rule; no size is called DRAM, a cache may hold them all. */
		snprintf(buf, size, "DRAM%s not reached: memory cannot hold STREAM's rule, %s per array (4x the "
			 "%s last-level cache %s), and the sweep stopped at its cap, %s per array (%s of working set; "
			 "a quarter of memory over the sweep's arrays, --max-size or a quick run's cap: env.csv's "
			 "sweep_decision says which): no size is called DRAM, since a cache may serve them all, and "
			 "DRAM's rate is at most %s GB/s, the rate at the largest size", at, rule, cache,
			 analysis_rule_from_curve(v) ? "the pre-scan's curve showed" : "reported", arr, end, end_rate);
		break;
	case DRAM_NO_SWEEP:
		snprintf(buf, size, "DRAM%s: no sweep sizes to find it from", at);
		break;
	}
	return buf;
}

static const char *stores_words(enum kernel_stores s)
{
	return s == STORES_STREAMING ? "streaming stores" : "stores in place";
}

/*
 * Job note n's jobs: "bw_copy_avx2 at 4 MiB of working set on 2 threads,
 * for L2.1r1w@2t", or for several "gemm_ijk's 4 jobs at 7 KiB .. 24 MiB of
 * working set, for DRAM.3r1w".
 */
static const char *job_words(const struct roof_note *n, char *buf, size_t size)
{
	char lo[32], hi[32], threads[24] = "", jobs[40] = "";
	if (n->threads > 1)
		snprintf(threads, sizeof threads, " on %d threads", n->threads);
	if (n->jobs > 1)
		snprintf(jobs, sizeof jobs, "'s %d jobs", n->jobs);
	format_bytes(n->ws_lo, lo, sizeof lo);
	format_bytes(n->ws_hi, hi, sizeof hi);
	snprintf(buf, size, "%s%s at %s%s%s of working set%s%s%s", n->kernel, jobs, lo,
		 n->ws_hi > n->ws_lo ? " .. " : "", n->ws_hi > n->ws_lo ? hi : "", threads,
		 n->roof[0] ? ", for " : "", n->roof);
	return buf;
}

/* The fit's level(s) for a job note's working sets: "L3", "L1 .. L3", "no level". */
static const char *fitted_words(const struct roof_note *n, char *buf, size_t size)
{
	if (n->fitted_lo == MEM_LEVELS)
		snprintf(buf, size, "no level");
	else if (n->fitted_hi != n->fitted_lo && n->fitted_hi != MEM_LEVELS)
		snprintf(buf, size, "%s .. %s", levels_name(n->fitted_lo), levels_name(n->fitted_hi));
	else
		snprintf(buf, size, "%s", levels_name(n->fitted_lo));
	return buf;
}

/* Where a job ran against where its plan put it, or its arrays against the fitted rule: one sentence. */
static void job_text(const struct roof_note *n, char *buf, size_t size)
{
	char job[200], b1[32], b2[32], fit[24];
	int many = n->jobs > 1;
	job_words(n, job, sizeof job);
	if (n->kind == NOTE_JOB_SHORT_OF_RULE) {
		snprintf(buf, size, "%s: planned with arrays of %s%s each, at STREAM's rule, but the fit's rule "
			 "is %s per array: part of %s may come from a cache", job, many ? "at least " : "",
			 format_bytes(n->array_bytes, b1, sizeof b1), format_bytes(n->rule_bytes, b2, sizeof b2),
			 many ? "each" : "it");
		return;
	}
	fitted_words(n, fit, sizeof fit);
	const char *planned = levels_name(n->planned), *its = many ? "their working sets" : "its working set";
	switch (n->judged) {
	case JUDGED_AS_PLANNED:
		snprintf(buf, size, "%s: planned for %s, but the fit puts %s in %s: judged as planned, at %s",
			 job, planned, its, fit, planned);
		break;
	case JUDGED_WHERE_IT_RAN:
		snprintf(buf, size, "%s: planned for %s, but the fit puts %s in %s: judged there, where %s ran",
			 job, planned, its, fit, many ? "they" : "it");
		break;
	case JUDGED_NO_SUCH_LEVEL:
		snprintf(buf, size, "%s: planned for %s, which this fit does not find: judged at %s, where the "
			 "fit puts %s", job, planned, fit, its);
		break;
	}
}

/* A note of one roof said alone (NOTE_JOB_SET_ROOF, NOTE_SCALES_*): one sentence. */
static void roof_alone_text(const struct roof_note *n, char *buf, size_t size)
{
	char roof[24], from[32], to[32], arr[32];
	roofkey_format(&n->key, roof, sizeof roof);
	format_rate(n->from, from, sizeof from);
	format_rate(n->to, to, sizeof to);
	const char *s = n->base_threads == 1 ? "" : "s";
	switch (n->kind) {
	case NOTE_JOB_SET_ROOF:
		snprintf(buf, size, "%s: %s set the roof, %s GB/s, over the sweep's %s", roof, n->kernel, from, to);
		break;
	case NOTE_SCALES_SHORT:
		snprintf(buf, size, "%s: %s GB/s is %.2fx the %s GB/s of %d thread%s on %d threads: its "
			 "job's arrays (%s each) are short of STREAM's rule, so a cache, whose bandwidth grows "
			 "with cores, serves part of it: kept, the roof of kernels that ran as short, not the "
			 "memory's scaling", roof, from, n->from / n->to, to, n->base_threads, s, n->threads,
			 format_bytes(n->array_bytes, arr, sizeof arr));
		break;
	case NOTE_SCALES_PAST:
		snprintf(buf, size, "%s: %s GB/s is %.2fx the %s GB/s of %d thread%s on %d threads: more "
			 "than threads can scale, a measurement error (not the same level, or a "
			 "disturbed timing); left out", roof, from, n->from / n->to, to, n->base_threads, s,
			 n->threads);
		break;
	case NOTE_SCALES_BELOW:
		snprintf(buf, size, "%s: %s GB/s on %d threads is %.2fx the %s GB/s of %d thread%s: a team "
			 "moves at least what one of its cores moves alone, so its timings were disturbed "
			 "(the load note says what else ran); kept, but not the machine's scaling",
			 roof, from, n->threads, n->from / n->to, to, n->base_threads, s);
		break;
	default:
		buf[0] = '\0';
		break;
	}
}

/* A note of the sweep's plateaus: against the reported caches, too few, sizes on none. */
static void plateau_text(const struct roof_note *n, char *buf, size_t size)
{
	char b1[32], b2[32], b3[32];
	const char *name = levels_name(n->planned);
	switch (n->kind) {
	case NOTE_CACHE_NOT_REPORTED:
		format_bytes(n->size_hi, b1, sizeof b1);
		format_bytes(n->ws_lo, b2, sizeof b2);
		if (isfinite(n->ws_hi))
			snprintf(buf, size, "%s: the machine reports %s, but the measured %s plateau ends at %s of "
				 "working set and the next level starts by %s: the measured plateaus are used",
				 name, b1, name, b2, format_bytes(n->ws_hi, b3, sizeof b3));
		else
			snprintf(buf, size, "%s: the machine reports %s, but the measured %s plateau ends at %s of "
				 "working set: the measured plateaus are used", name, b1, name, b2);
		break;
	case NOTE_SHARING_OVERRULED: {
		char one[64];
		format_bytes(n->size_hi, b1, sizeof b1);
		if (n->instances > 1)
			snprintf(one, sizeof one, "its %.0f instances", n->instances);
		else
			snprintf(one, sizeof one, "one instance");
		snprintf(buf, size, "%s: reported shared by %.0f CPUs (%s%s instance%s), but at %d thread%s its "
			 "plateau runs to %s, past %gx %s: read as each core's own (the curve overrules the "
			 "report)", name, n->shared_cpus, n->instances > 1 ? "" : "one ", b1,
			 n->instances > 1 ? "s" : "", n->threads, n->threads == 1 ? "" : "s",
			 format_bytes(n->ws_hi, b2, sizeof b2), CACHE_SHARE_JUDGE, one);
		break;
	}
	case NOTE_FEW_PLATEAUS:
		snprintf(buf, size, "the sweep found %d plateau%s: too few sizes, or a machine whose caches all "
			 "run at one speed", n->jobs, n->jobs == 1 ? "" : "s");
		break;
	case NOTE_SIZES_ON_NO_PLATEAU:
		snprintf(buf, size, "sizes %s .. %s of working set (%s GB/s) are on no plateau: slower than a "
			 "later level with no faster one before them, the loop overhead of the smallest "
			 "sizes", format_bytes(n->size_lo, b1, sizeof b1), format_bytes(n->size_hi, b2, sizeof b2),
			 format_rate(n->from, b3, sizeof b3));
		break;
	default:
		buf[0] = '\0';
		break;
	}
}

/* A note of the pattern roofs: DRAM's that may read high, jobs past the caches, jobs left out. */
static void pattern_text(const struct roof_note *n, char *buf, size_t size)
{
	char at[16] = "", b1[32], b2[32], b3[32];
	if (n->threads > 1)
		snprintf(at, sizeof at, "@%dt", n->threads);
	const char *s = n->threads == 1 ? "" : "s";
	switch (n->kind) {
	case NOTE_DRAM_PATTERNS_SHORT:
		snprintf(buf, size, "DRAM%s pattern roofs: their jobs ran with arrays of %s each, short of STREAM's "
			 "rule (%s per array): part of it may come from a cache, so they may read high", at,
			 format_bytes(n->array_bytes, b1, sizeof b1), format_bytes(n->rule_bytes, b2, sizeof b2));
		break;
	case NOTE_DRAM_PATTERNS_EARLY:
		snprintf(buf, size, "DRAM%s pattern roofs: their jobs ran at %s of working set, before the flat end "
			 "DRAM was found at (%s ..): part of it may come from a cache, so they may read high",
			 at, format_bytes(n->ws_lo, b1, sizeof b1), format_bytes(n->ws_hi, b2, sizeof b2));
		break;
	case NOTE_PATTERNS_PAST_CACHES:
		format_bytes(n->ws_lo, b1, sizeof b1);
		format_bytes(n->ws_hi, b2, sizeof b2);
		snprintf(buf, size, "%d bandwidth-pattern job%s of %d thread%s ran at %s%s%s of working set, past "
			 "the caches (the curve leaves them by %s), but this sweep did not reach DRAM: no "
			 "DRAM pattern roofs", n->jobs, n->jobs == 1 ? "" : "s", n->threads, s, b1,
			 n->ws_hi > n->ws_lo ? " .. " : "", n->ws_hi > n->ws_lo ? b2 : "",
			 format_bytes(n->size_lo, b3, sizeof b3));
		break;
	case NOTE_JOB_NO_PATTERN:
	case NOTE_JOB_NO_PLATEAU:
		snprintf(buf, size, "bandwidth job %s at %.0f bytes per array: %s, left out", n->kernel, n->array_bytes,
			 n->kind == NOTE_JOB_NO_PATTERN ? "no access pattern known for it" : "no plateau to put it on");
		break;
	case NOTE_PATTERNS_MISSED_LEVEL: {
		/* Named by the level's own roof ("L3@2t"), so a note of the all-core pass is never read as one about one core's kernels. */
		char missing[160] = "", pat[24], roof[24];
		size_t shown = sizeof n->patterns / sizeof n->patterns[0];
		for (int i = 0; i < n->jobs && (size_t)i < shown; i++)
			add(missing, sizeof missing, "%s%s", i ? ", " : "",
			    access_pattern_format(n->patterns[i], pat, sizeof pat));
		roofkey_format(&n->key, roof, sizeof roof);
		snprintf(buf, size, "%s: no %s job of %d thread%s landed on this level (its jobs ran at the "
			 "pre-scan's plateaus, and this sweep found the level elsewhere): %d-thread "
			 "kernels of %s there are judged against the sweep's %s", roof, missing, n->threads, s,
			 n->threads, n->jobs == 1 ? "that pattern" : "those patterns", roof);
		break;
	}
	case NOTE_SWEEP_NOT_IN_BUILD:
		snprintf(buf, size, "bandwidth sweep kernel %s is not in this build's registry: its pattern is "
			 "unknown, no pattern roofs come from the sweep", n->kernel);
		break;
	default:
		buf[0] = '\0';
		break;
	}
}

/* A note of kernels or jobs used without their metadata or left out. */
static void left_out_text(const struct roof_note *n, char *buf, size_t size)
{
	char names[160] = "";
	switch (n->kind) {
	case NOTE_UNKNOWN_KERNELS:
		for (int i = 0; i < n->jobs && i < 4; i++)
			add(names, sizeof names, "%s%s", i ? ", " : "", n->names[i]);
		snprintf(buf, size, "%d kernel%s in timings.csv unknown to this build (%s%s): used from the rows alone, "
			 "without the registry's metadata", n->jobs, n->jobs == 1 ? "" : "s", names,
			 n->jobs > 4 ? ", ..." : "");
		break;
	case NOTE_POINTS_CAPPED:
		snprintf(buf, size, "%d kernel jobs, but at most %d points are placed: the rest are left out",
			 n->jobs, ANALYSIS_MAX_POINTS);
		break;
	case NOTE_JOB_FAILED:
		snprintf(buf, size, "%s %s param %ld failed its check and is left out: %s", tgroup_name(n->group),
			 n->kernel, n->param, n->message);
		break;
	case NOTE_PEAK_NAME_TOO_LONG:
		snprintf(buf, size, "peak kernel %.48s with %ld chains ignored: name or chain count too long",
			 n->kernel, n->param);
		break;
	default:
		buf[0] = '\0';
		break;
	}
}

const char *roof_note_text(const struct roof_note *n, char *buf, size_t size)
{
	char b1[32], b2[32], from[32], to[32];
	format_rate(n->from, from, sizeof from);
	format_rate(n->to, to, sizeof to);
	switch (n->kind) {
	case NOTE_STORES_SET_ROOF:
		snprintf(buf, size, "%s: %s set the roof, %s GB/s (%s); with ordinary stores %s "
			 "GB/s, the %s.%s roof that kernels whose stores allocate are judged against",
			 n->roof, stores_words(n->stores), from, n->kernel, to, n->level, n->pattern);
		break;
	case NOTE_PLATEAU_SLOPE:
		format_bytes(n->size_lo, b1, sizeof b1);
		format_bytes(n->size_hi, b2, sizeof b2);
		if (n->monotone)
			snprintf(buf, size, "%s %s from %s to %s GB/s across its plateau (%s .. %s of "
				 "working set, best per size): a slope of the level, not noise", n->roof,
				 n->to < n->from ? "falls" : "rises", from, to, b1, b2);
		else
			snprintf(buf, size, "%s ranges from %s to %s GB/s across its plateau (%s .. %s of "
				 "working set, best per size): a slope of the level, not noise", n->roof,
				 from, to, b1, b2);
		break;
	case NOTE_JOB_OFF_TARGET:
	case NOTE_JOB_SHORT_OF_RULE:
		job_text(n, buf, size);
		break;
	case NOTE_JOB_SET_ROOF:
	case NOTE_SCALES_SHORT:
	case NOTE_SCALES_PAST:
	case NOTE_SCALES_BELOW:
		roof_alone_text(n, buf, size);
		break;
	case NOTE_CACHE_NOT_REPORTED:
	case NOTE_SHARING_OVERRULED:
	case NOTE_FEW_PLATEAUS:
	case NOTE_SIZES_ON_NO_PLATEAU:
		plateau_text(n, buf, size);
		break;
	case NOTE_DRAM_PATTERNS_SHORT:
	case NOTE_DRAM_PATTERNS_EARLY:
	case NOTE_PATTERNS_PAST_CACHES:
	case NOTE_JOB_NO_PATTERN:
	case NOTE_JOB_NO_PLATEAU:
	case NOTE_SWEEP_NOT_IN_BUILD:
	case NOTE_PATTERNS_MISSED_LEVEL:
		pattern_text(n, buf, size);
		break;
	case NOTE_UNKNOWN_KERNELS:
	case NOTE_POINTS_CAPPED:
	case NOTE_JOB_FAILED:
	case NOTE_PEAK_NAME_TOO_LONG:
		left_out_text(n, buf, size);
		break;
	default:   /* said from the analysis: analysis_note_text */
		buf[0] = '\0';
		break;
	}
	return buf;
}

/* The note of the kernel that set most of roofs idx[0..n) (the first such, on a tie). */
static const struct roof_note *usual_kernel(const struct analysis *a, const size_t *idx, size_t n)
{
	size_t best = 0, most = 0;
	for (size_t k = 0; k < n; k++) {
		size_t count = 0;
		for (size_t m = 0; m < n; m++)
			count += registry_same(a->roof_notes[idx[m]].k, a->roof_notes[idx[m]].kernel,
					       a->roof_notes[idx[k]].k, a->roof_notes[idx[k]].kernel);
		if (count > most) {
			most = count;
			best = k;
		}
	}
	return &a->roof_notes[idx[best]];
}

/* The stores note of roofs idx[0..n): each roof's rate and the ordinary stores' beside it. */
static void stores_group(const struct analysis *a, const size_t *idx, size_t n, char *buf, size_t size)
{
	const struct roof_note *first = &a->roof_notes[idx[0]];
	const struct roof_note *usual = usual_kernel(a, idx, n);
	snprintf(buf, size, "%s set the roof of %zu levels, by %s unless named, over ordinary stores' "
		 "rate (in brackets):", stores_words(first->stores), n, usual->kernel);
	for (size_t k = 0; k < n; k++) {
		const struct roof_note *r = &a->roof_notes[idx[k]];
		int other = !registry_same(r->k, r->kernel, usual->k, usual->kernel);
		char from[32], to[32];
		add(buf, size, "%s %s %s GB/s (%s%s%s)", k ? "," : "", r->roof, format_rate(r->from, from, sizeof from),
		    format_rate(r->to, to, sizeof to), other ? "; " : "", other ? r->kernel : "");
	}
	add(buf, size, "; kernels whose stores allocate are judged against the ordinary stores' "
	    "roof of their level, %s.%s and the like", first->level, first->pattern);
}

/* The slope note of roofs idx[0..n): each plateau's rates and sizes. */
static void slope_group(const struct analysis *a, const size_t *idx, size_t n, char *buf, size_t size)
{
	snprintf(buf, size, "%zu plateaus slope across their sizes (best per size), a slope of each "
		 "level, not noise:", n);
	for (size_t k = 0; k < n; k++) {
		const struct roof_note *r = &a->roof_notes[idx[k]];
		char b1[32], b2[32], from[32], to[32];
		add(buf, size, "%s %s %s %s to %s GB/s (%s .. %s)", k ? "," : "", r->roof,
		    !r->monotone ? "ranges from" : r->to < r->from ? "falls from" : "rises from",
		    format_rate(r->from, from, sizeof from), format_rate(r->to, to, sizeof to), format_bytes(r->size_lo, b1, sizeof b1),
		    format_bytes(r->size_hi, b2, sizeof b2));
	}
}

/* The job notes idx[0..n) of one kind: each kernel's jobs, with their plan's level and the fit's, or their arrays and the rule. */
static void job_group(const struct analysis *a, const size_t *idx, size_t n, char *buf, size_t size)
{
	const struct roof_note *first = &a->roof_notes[idx[0]];
	/* A kernel's jobs judged two ways are two notes: the sentence counts kernels. */
	size_t kernels = 0;
	for (size_t k = 0; k < n; k++) {
		size_t same = 0;
		for (size_t e = 0; e < k; e++)
			same |= registry_same(a->roof_notes[idx[e]].k, a->roof_notes[idx[e]].kernel,
					      a->roof_notes[idx[k]].k, a->roof_notes[idx[k]].kernel);
		kernels += !same;
	}
	if (first->kind == NOTE_JOB_SHORT_OF_RULE)
		snprintf(buf, size, "jobs of %zu kernel%s were planned with arrays at STREAM's rule that the fit's "
			 "rule finds short, so part of each may come from a cache:", kernels, kernels == 1 ? "" : "s");
	else
		snprintf(buf, size, "jobs of %zu kernel%s ran at working sets the fit puts in another level than "
			 "their plan's, each judged where the fit puts it, but a pattern job in a transition "
			 "between levels as planned:", kernels, kernels == 1 ? "" : "s");
	for (size_t k = 0; k < n; k++) {
		const struct roof_note *r = &a->roof_notes[idx[k]];
		char job[200], b1[32], b2[32], fit[24];
		job_words(r, job, sizeof job);
		if (r->kind == NOTE_JOB_SHORT_OF_RULE)
			add(buf, size, "%s %s (%s per array, rule %s)", k ? ";" : "", job,
			    format_bytes(r->array_bytes, b1, sizeof b1), format_bytes(r->rule_bytes, b2, sizeof b2));
		else
			add(buf, size, "%s %s (planned %s%s, fit %s%s)", k ? ";" : "", job, levels_name(r->planned),
			    r->judged == JUDGED_NO_SUCH_LEVEL ? ", a level the fit does not find" : "",
			    fitted_words(r, fit, sizeof fit), r->judged == JUDGED_AS_PLANNED ? ", judged as planned" : "");
	}
}

const char *analysis_note_grouped(const struct analysis *a, size_t i, char *buf, size_t size)
{
	const struct roof_note *n = &a->roof_notes[i];
	if (!roof_note_groups(n->kind))
		return analysis_note_text(a, i, buf, size);
	for (size_t j = 0; j < i; j++)
		if (roof_notes_same(&a->roof_notes[j], n))
			return NULL;   /* said with the first of them */
	size_t idx[ANALYSIS_MAX_NOTES] = { i }, count = 1;
	for (size_t j = i + 1; j < a->nnotes; j++)
		if (roof_notes_same(&a->roof_notes[j], n))
			idx[count++] = j;
	if (count == 1)
		return roof_note_text(n, buf, size);
	if (n->kind == NOTE_STORES_SET_ROOF)
		stores_group(a, idx, count, buf, size);
	else if (n->kind == NOTE_PLATEAU_SLOPE)
		slope_group(a, idx, count, buf, size);
	else
		job_group(a, idx, count, buf, size);
	return buf;
}

/* A RULE note: the sweep's last cache runs past the cache its map's rule was 4x of (see model.h). */
static const char *rule_short_text(const struct analysis *a, const struct roof_note *n, char *buf, size_t size)
{
	const struct level_map *map = &a->levels[n->map - 1];
	const struct dram_verdict *v = &map->dram;
	char at[16] = "", cache[32], hi[32], rule[32], asks[32];
	if (map->threads > 1)
		snprintf(at, sizeof at, "@%dt", map->threads);
	snprintf(buf, size, "%s%s runs to %s of working set, past the %s that measure's STREAM's rule was 4x "
		 "(%s per array, from its pre-scan's curve): by this sweep's curve the rule is %s per array, "
		 "and DRAM sizes or kernels with smaller arrays may have been served partly by that cache; "
		 "measure again", levels_name(n->planned), at, format_bytes(n->ws_hi, hi, sizeof hi),
		 format_bytes(v->rule_cache_bytes, cache, sizeof cache), format_bytes(v->rule_bytes, rule, sizeof rule),
		 format_bytes(n->rule_bytes, asks, sizeof asks));
	return buf;
}

/* A SPREAD note: how many roofs spread, the widest, the clock, and what load.csv says of other load. */
static const char *spread_text(const struct analysis *a, const struct roof_note *n, char *buf, size_t size)
{
	const struct roof *r = &a->noisiest;
	char head[224], clock[160] = "", lo_r[32], hi_r[32];
	snprintf(head, sizeof head, "%zu roof%s spread more than %.0f%% from pass to pass (widest: "
		 "%s, per-pass medians %s to %s %s, %.0f%%)", a->nnoisy,
		 a->nnoisy == 1 ? "'s per-pass medians" : "s' per-pass medians", NOISY_SPREAD * 100,
		 r->name, format_rate(r->spread_lo, lo_r, sizeof lo_r), format_rate(r->spread_hi, hi_r, sizeof hi_r),
		 roof_unit(r), a->noisiest_rel * 100);
	double lo = n->clock_lo, hi = n->clock_hi, mid = n->clock_mid;
	if (isfinite(lo) && isfinite(hi) && mid > 0) {
		double crel = (hi - lo) / mid;
		snprintf(clock, sizeof clock, "; the run's clock samples ranged from %.2f to %.2f GHz "
			 "(%.0f%%)%s", lo, hi, crel * 100,
			 crel >= a->noisiest_rel ? ", as wide: the spread may follow the clock"
						 : ", narrower: not the clock alone");
	}
	if (n->kind == NOTE_SPREAD_NO_LOAD)
		snprintf(buf, size, "%s; load was not recorded (no load.csv in this run), so whether other programs "
			 "ran is unknown%s", head, clock);
	else if (n->kind == NOTE_SPREAD_BUSY)
		snprintf(buf, size, "%s; the machine was busy: in pass %d at %d thread%s other processes used %.2g "
			 "CPU-seconds and steal took %.2g over %.3g s (load average %.2f): close other "
			 "programs, or raise --passes%s", head, n->busy_pass,
			 n->busy_threads, n->busy_threads == 1 ? "" : "s", n->busy_other, n->busy_steal,
			 n->busy_seconds, n->busy_loadavg, clock);
	else
		snprintf(buf, size, "%s, with no other load recorded (load.csv: other processes and steal under "
			 "%.0f%% of a core in every pass): the host's own variation%s", head, LOAD_BUSY * 100, clock);
	return buf;
}

const char *analysis_note_text(const struct analysis *a, size_t i, char *buf, size_t size)
{
	const struct roof_note *n = &a->roof_notes[i];
	switch (n->kind) {
	case NOTE_SPREAD_NO_LOAD:
	case NOTE_SPREAD_BUSY:
	case NOTE_SPREAD_QUIET:
		return spread_text(a, n, buf, size);
	case NOTE_DRAM_VERDICT:
	case NOTE_RULE_SHORT:
		if (!n->map || n->map > a->nlevels)
			return "";
		if (n->kind == NOTE_RULE_SHORT)
			return rule_short_text(a, n, buf, size);
		return levels_dram_text(&a->levels[n->map - 1].dram, a->levels[n->map - 1].threads, buf, size);
	default:
		return roof_note_text(n, buf, size);
	}
}
