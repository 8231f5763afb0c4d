/*
 * fleet.c - a fleet's roofs across its nodes, who is outside their spread,
 * and how the nodes' machines differ (fleet.h). Pure: no I/O.
 */
#include "fleet.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judge.h"
#include "roofkey.h"
#include "stats.h"
#include "util.h"

/* compare's rule (judge.h), so that a node and a compiler are called moved alike. */
enum fleet_move fleet_judge(double ratio, double lo, double hi, double threshold)
{
	/* No threshold (a roof too few nodes hold to give a spread): nothing is judged. */
	if (!isfinite(threshold))
		return FLEET_WITHIN;
	switch (judge_move(ratio, lo, hi, threshold)) {
	case JUDGE_SLOWER:
		return FLEET_BELOW;
	case JUDGE_FASTER:
		return FLEET_ABOVE;
	default:
		return FLEET_WITHIN;
	}
}

const char *fleet_aspect_name(enum fleet_aspect a)
{
	static const char *const names[FLEET_NASPECTS] = { "CPU model", "caches", "clock", "compiler" };
	return a < FLEET_NASPECTS ? names[a] : "?";
}

/* The table's roofs: what the issue calls a node's roofs (L1..DRAM, peak), at every thread count. */
static int judged_kind(enum roof_kind k)
{
	return k == ROOF_BANDWIDTH || k == ROOF_COMPUTE;
}

static struct fleet_roof *roof_slot(struct fleet *f, const struct roof *r, size_t cap)
{
	for (size_t i = 0; i < f->nroofs; i++)
		if (roofkey_equal(&f->roofs[i].key, &r->key))
			return &f->roofs[i];
	if (f->nroofs == cap)
		return NULL;
	struct fleet_roof *fr = &f->roofs[f->nroofs++];
	snprintf(fr->name, sizeof fr->name, "%s", r->name);
	fr->key = r->key;
	fr->kind = r->kind;
	fr->threads = r->threads;
	fr->unit = roof_unit(r);
	fr->judged = judged_kind(r->kind);
	size_t n = f->nmembers ? f->nmembers : 1;
	fr->value = xcalloc(n, sizeof *fr->value);
	fr->ratio = xcalloc(n, sizeof *fr->ratio);
	fr->ratio_lo = xcalloc(n, sizeof *fr->ratio_lo);
	fr->ratio_hi = xcalloc(n, sizeof *fr->ratio_hi);
	fr->moved = xcalloc(n, sizeof *fr->moved);
	fr->roof = xcalloc(n, sizeof *fr->roof);
	for (size_t i = 0; i < f->nmembers; i++)
		fr->value[i] = fr->ratio[i] = fr->ratio_lo[i] = fr->ratio_hi[i] = NAN;
	return fr;
}

/* Per roof: median and range across the nodes, each node's ratio and its interval. */
static void roof_stats(struct fleet *f, struct fleet_roof *fr)
{
	double *v = xcalloc(f->nmembers + 1, sizeof *v);
	size_t n = 0;
	for (size_t i = 0; i < f->nmembers; i++)
		if (isfinite(fr->value[i]) && fr->value[i] > 0)
			v[n++] = fr->value[i];
	fr->n = n;
	fr->median = stats_median(v, n);
	fr->lo = NAN;
	fr->hi = NAN;
	for (size_t i = 0; i < n; i++) {
		fr->lo = i == 0 || v[i] < fr->lo ? v[i] : fr->lo;
		fr->hi = i == 0 || v[i] > fr->hi ? v[i] : fr->hi;
	}
	free(v);
	for (size_t i = 0; i < f->nmembers; i++) {
		const struct roof *r = fr->roof[i];
		if (!r || !(isfinite(fr->value[i]) && fr->value[i] > 0) || !(fr->median > 0))
			continue;
		double ratio = fr->value[i] / fr->median;
		fr->ratio[i] = fr->ratio_lo[i] = fr->ratio_hi[i] = ratio;
		/* The node's own noise: the spread of its per-pass medians about their median. */
		if (isfinite(r->median) && r->median > 0 && isfinite(r->spread_lo) && isfinite(r->spread_hi) &&
		    r->spread_lo > 0 && r->spread_hi >= r->spread_lo) {
			fr->ratio_lo[i] = ratio * fmin(1, r->spread_lo / r->median);
			fr->ratio_hi[i] = ratio * fmax(1, r->spread_hi / r->median);
		}
	}
}

static int cmp_double(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;
	return (a > b) - (a < b);
}

/* FLEET_SPREAD_FACTOR x the quantile of |ln ratio| over every judged (node, roof); at least FLEET_MIN_MOVE. */
static double fleet_threshold(const struct fleet *f)
{
	size_t cap = f->nroofs * f->nmembers + 1, n = 0;
	double *d = xcalloc(cap, sizeof *d);
	for (size_t r = 0; r < f->nroofs; r++) {
		const struct fleet_roof *fr = &f->roofs[r];
		if (!fr->judged || fr->n < FLEET_MIN_NODES)
			continue;
		for (size_t i = 0; i < f->nmembers; i++)
			if (isfinite(fr->ratio[i]) && fr->ratio[i] > 0)
				d[n++] = fabs(log(fr->ratio[i]));
	}
	double t = NAN;
	if (n) {
		qsort(d, n, sizeof *d, cmp_double);
		size_t k = (size_t)ceil(FLEET_SPREAD_QUANTILE * (double)n);
		t = fmax(FLEET_MIN_MOVE, FLEET_SPREAD_FACTOR * d[k > 0 ? k - 1 : 0]);
	}
	free(d);
	return t;
}

/* One aspect's value for a member, in words (freshly allocated); NULL without a run. */
static char *aspect_value(const struct rundata *run, enum fleet_aspect a)
{
	const struct run_env *e = &run->info;
	char b1[32], b2[32], b3[32];
	switch (a) {
	case FLEET_CPU:
		return xstrdup(rundata_or(e->cpu_model, "?"));
	case FLEET_CACHES:
		return xasprintf("L1d %s, L2 %s, L3 %s",
				 isfinite(e->l1d_bytes) ? format_bytes(e->l1d_bytes, b1, sizeof b1) : "?",
				 isfinite(e->l2_bytes) ? format_bytes(e->l2_bytes, b2, sizeof b2) : "?",
				 isfinite(e->l3_bytes) ? format_bytes(e->l3_bytes, b3, sizeof b3) : "?");
	case FLEET_CLOCK:
		return isfinite(e->clock_ghz) ? xasprintf("%.2f GHz", e->clock_ghz) : xstrdup("?");
	case FLEET_COMPILER:
		return xasprintf("%s %s, %s", rundata_or(e->cc, "?"), rundata_or(e->cc_version, "?"),
				 rundata_or(e->kernel_cflags, "?"));
	default:
		return xstrdup("?");
	}
}

/*
 * Who differs in one aspect. Text aspects: from the most common value (the
 * first seen of the most common, so the answer does not depend on sorting).
 * The clock is measured, so it differs only beyond FLEET_MIN_MOVE of the
 * median: a clock sampled on a busy node moves by a few percent.
 */
static void find_differences(const struct fleet_member *m, struct fleet *f, enum fleet_aspect a)
{
	struct fleet_difference *d = &f->diff[a];
	d->aspect = a;
	d->differs = xcalloc(f->nmembers + 1, 1);
	d->value = xcalloc(f->nmembers + 1, sizeof *d->value);
	for (size_t i = 0; i < f->nmembers; i++)
		if (m[i].run)
			d->value[i] = aspect_value(m[i].run, a);
	if (a == FLEET_CLOCK) {
		double *c = xcalloc(f->nmembers + 1, sizeof *c);
		size_t n = 0;
		for (size_t i = 0; i < f->nmembers; i++)
			if (m[i].run && isfinite(m[i].run->info.clock_ghz) && m[i].run->info.clock_ghz > 0)
				c[n++] = m[i].run->info.clock_ghz;
		double med = stats_median(c, n);
		free(c);
		snprintf(d->usual, sizeof d->usual, isfinite(med) ? "%.2f GHz" : "?", med);
		for (size_t i = 0; i < f->nmembers; i++) {
			double g = m[i].run ? m[i].run->info.clock_ghz : NAN;
			if (isfinite(g) && g > 0 && med > 0 && fabs(log(g / med)) > FLEET_MIN_MOVE) {
				d->differs[i] = 1;
				d->ndiffer++;
			}
		}
		return;
	}
	size_t best = 0, best_count = 0;
	for (size_t i = 0; i < f->nmembers; i++) {
		if (!d->value[i])
			continue;
		size_t count = 0;
		for (size_t j = 0; j < f->nmembers; j++)
			count += d->value[j] && strcmp(d->value[i], d->value[j]) == 0;
		if (count > best_count) {
			best = i;
			best_count = count;
		}
	}
	if (!best_count)
		return;
	snprintf(d->usual, sizeof d->usual, "%s", d->value[best]);
	for (size_t i = 0; i < f->nmembers; i++)
		if (d->value[i] && strcmp(d->value[i], d->usual) != 0) {
			d->differs[i] = 1;
			d->ndiffer++;
		}
}

void fleet_build(const struct fleet_member *m, size_t n, struct fleet *out)
{
	memset(out, 0, sizeof *out);
	out->nmembers = n;
	size_t cap = ANALYSIS_MAX_ROOFS * 2;
	out->roofs = xcalloc(cap, sizeof *out->roofs);
	for (size_t i = 0; i < n; i++) {
		if (!m[i].run || !m[i].a)
			continue;
		out->nloaded++;
		for (size_t r = 0; r < m[i].a->nroofs; r++) {
			const struct roof *roof = &m[i].a->roofs[r];
			struct fleet_roof *fr = roof_slot(out, roof, cap);
			if (!fr || fr->roof[i])
				continue;
			fr->roof[i] = roof;
			fr->value[i] = roof->value;
		}
	}
	/* One core's roofs first, then each larger count's, each in the runs' own order (stable). */
	for (size_t r = 1; r < out->nroofs; r++)
		for (size_t k = r; k > 0 && out->roofs[k - 1].threads > out->roofs[k].threads; k--) {
			struct fleet_roof t = out->roofs[k];
			out->roofs[k] = out->roofs[k - 1];
			out->roofs[k - 1] = t;
		}
	for (size_t r = 0; r < out->nroofs; r++)
		roof_stats(out, &out->roofs[r]);
	out->threshold = out->nloaded >= FLEET_MIN_NODES ? fleet_threshold(out) : NAN;
	for (size_t r = 0; r < out->nroofs; r++) {
		struct fleet_roof *fr = &out->roofs[r];
		if (!fr->judged || fr->n < FLEET_MIN_NODES)
			continue;
		for (size_t i = 0; i < n; i++) {
			fr->moved[i] = fleet_judge(fr->ratio[i], fr->ratio_lo[i], fr->ratio_hi[i], out->threshold);
			out->outside += fr->moved[i] != FLEET_WITHIN;
		}
	}
	for (int a = 0; a < FLEET_NASPECTS; a++)
		find_differences(m, out, (enum fleet_aspect)a);
}

void fleet_free(struct fleet *f)
{
	for (size_t r = 0; r < f->nroofs; r++) {
		struct fleet_roof *fr = &f->roofs[r];
		free(fr->value);
		free(fr->ratio);
		free(fr->ratio_lo);
		free(fr->ratio_hi);
		free(fr->moved);
		free(fr->roof);
	}
	free(f->roofs);
	for (int a = 0; a < FLEET_NASPECTS; a++) {
		for (size_t i = 0; f->diff[a].value && i < f->nmembers; i++)
			free(f->diff[a].value[i]);
		free(f->diff[a].value);
		free(f->diff[a].differs);
	}
	memset(f, 0, sizeof *f);
}

const struct fleet_roof *fleet_roof(const struct fleet *f, const struct roof_key *key)
{
	for (size_t r = 0; r < f->nroofs; r++)
		if (roofkey_equal(&f->roofs[r].key, key))
			return &f->roofs[r];
	return NULL;
}

double fleet_member_max_within(const struct fleet *f, size_t i)
{
	double worst = 0;
	for (size_t r = 0; r < f->nroofs; r++) {
		const struct fleet_roof *fr = &f->roofs[r];
		if (i >= f->nmembers || !fr->judged || fr->moved[i] != FLEET_WITHIN || !isfinite(fr->ratio[i]) ||
		    !(fr->ratio[i] > 0))
			continue;
		worst = fmax(worst, fabs(fr->ratio[i] - 1));
	}
	return worst;
}
