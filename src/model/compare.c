/*
 * compare.c - two runs side by side: deciding what moved (see compare.h).
 * Pure: no I/O (stdio.h for snprintf of names only; compare_machines_text.c words the machines);
 * compare_write.c writes what is decided here.
 */
#include "compare.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare_samples.h"
#include "levels.h"
#include "ratio.h"
#include "registry.h"
#include "roofkey.h"
#include "util.h"

/* ---- deciding ------------------------------------------------------------------ */

/* Fills the row's a, b, ratio and interval from the two samples; tested = 0 when they give none. */
static void test_row(struct compare_row *row, const struct compare_rates *a, const struct compare_rates *b)
{
	struct ratio_sample sa = compare_rates_sample(a), sb = compare_rates_sample(b);
	struct ratio_interval ri;
	row->tested = ratio_of_medians(&sa, &sb, RATIO_REPS, RATIO_LEVEL, RATIO_SEED, &ri) == 0;
	row->a = ri.a;
	row->b = ri.b;
	row->ratio = ri.ratio;
	row->lo = ri.lo;
	row->hi = ri.hi;
}

static void roof_test(struct compare_row *row, const struct rundata *ra, const struct rundata *rb)
{
	struct compare_rates a = { 0 }, b = { 0 };
	compare_roof_rates(ra, row->ra, rb, row->rb, &a, &b);
	test_row(row, &a, &b);
	compare_rates_free(&a);
	compare_rates_free(&b);
}

static void point_test(struct compare_row *row, const struct rundata *ra, const struct rundata *rb)
{
	struct compare_rates a = { 0 }, b = { 0 };
	compare_point_rates(ra, row->pa, &a);
	compare_point_rates(rb, row->pb, &b);
	test_row(row, &a, &b);
	compare_rates_free(&a);
	compare_rates_free(&b);
}

/*
 * The roof the model judged p against (diagnosis.h: point->roof names it),
 * or NULL when it found none. Looked up by the name diagnosis_place()
 * copied from that roof, never parsed.
 */
static const struct roof *judged_roof(const struct analysis *a, const struct point *p)
{
	return roofkey_is_none(&p->roof) ? NULL : model_roof(a, &p->roof);
}

/*
 * The row's fractions, relative move and trial spreads from rr. A point
 * judged against a ceiling: the fraction is of the ceiling's GFLOP/s.
 * Against a memory roof, of GB/s x intensity, and the intensity (from the
 * kernel's metadata) is the same in both runs' fractions only when the
 * kernel is, so it is kept in: the fraction reads as the report's
 * (gflops / roof_gflops).
 */
static void relative_fill(struct compare_row *row, const struct ratio_relative *rr)
{
	double ka = row->roof_a->kind == ROOF_BANDWIDTH || row->roof_a->kind == ROOF_PATTERN ? row->pa->ai : 1;
	double kb = row->roof_b->kind == ROOF_BANDWIDTH || row->roof_b->kind == ROOF_PATTERN ? row->pb->ai : 1;
	row->fraction_a = rr->fa / ka;
	row->fraction_b = rr->fb / kb;
	row->rel = rr->rel * ka / kb;
	row->rel_lo = rr->lo * ka / kb;
	row->rel_hi = rr->hi * ka / kb;
	row->spread_a[0] = rr->a_q1 / ka;
	row->spread_a[1] = rr->a_q3 / ka;
	row->spread_b[0] = rr->b_q1 / kb;
	row->spread_b[1] = rr->b_q3 / kb;
	row->range_a[0] = rr->a_p10 / ka;
	row->range_a[1] = rr->a_p90 / ka;
	row->range_b[0] = rr->b_p10 / kb;
	row->range_b[1] = rr->b_p90 / kb;
	row->fast_a = rr->a_fast / ka;
	row->fast_b = rr->b_fast / kb;
	row->fast_lo = rr->fast_lo * ka / kb;
	row->fast_hi = rr->fast_hi * ka / kb;
	if (!row->rel_tested)
		row->fraction_a = row->fraction_b = row->rel = row->rel_lo = row->rel_hi = row->fast_a = row->fast_b = row->fast_lo = row->fast_hi = NAN;
}

/* The roof of `a` with r's key (roofkey.h), or NULL: a roof's counterpart in the other run. */
static const struct roof *roof_like(const struct analysis *a, const struct roof *r)
{
	for (size_t i = 0; i < a->nroofs; i++)
		if (roofkey_equal(&a->roofs[i].key, &r->key))
			return &a->roofs[i];
	return NULL;
}

/* Fills the row's fractions and relative move; rel_tested = 0 when either run gives none. */
static void relative_test(struct compare_row *row, const struct rundata *ra, const struct analysis *aa,
			  const struct rundata *rb, const struct analysis *ab)
{
	/*
	 * Like with like: the same roof in both runs where both have it (A's
	 * verdict first, else B's). Each run's own verdict would let the build
	 * move the roof: code that gcc vectorised and clang did not is judged
	 * against the AVX-512 ceiling in one run and the scalar one in the
	 * other, and an 8x slowdown reads as no move; and a quick run whose
	 * pattern job landed on another level would judge one point against two
	 * different bandwidths. The machine's move still cancels, as the same
	 * roof is measured in each run.
	 */
	row->model_a = judged_roof(aa, row->pa);
	row->model_b = judged_roof(ab, row->pb);
	const struct roof *a_in_b = row->model_a ? roof_like(ab, row->model_a) : NULL;
	const struct roof *b_in_a = row->model_b ? roof_like(aa, row->model_b) : NULL;
	if (a_in_b) {
		row->roof_a = row->model_a;
		row->roof_b = a_in_b;
	} else if (b_in_a) {
		row->roof_a = b_in_a;
		row->roof_b = row->model_b;
	} else {
		row->roof_a = row->model_a;   /* no roof in common (other machines): each run's own */
		row->roof_b = row->model_b;
	}
	if (!row->roof_a || !row->roof_b)
		return;
	struct compare_fraction fa, fb;
	compare_fraction_of(ra, row->pa, row->roof_a, &fa);
	compare_fraction_of(rb, row->pb, row->roof_b, &fb);
	struct ratio_relative rr;
	row->rel_tested = ratio_of_fractions(&fa.f, &fb.f, RATIO_REPS, RATIO_LEVEL, RATIO_SEED, &rr) == 0;
	row->paired = fa.f.paired && fb.f.paired;
	compare_fraction_free(&fa);
	compare_fraction_free(&fb);
	relative_fill(row, &rr);
}

/*
 * The point of `a` that is p's counterpart: same kernel, parameter, threads
 * and memory level (a run measured with --levels has one point per level).
 * The level is the name of the plateau the working set falls in, so runs
 * whose sizes differ a little still pair up; where neither run has a level
 * (no bandwidth group), the working set itself must match.
 */
static const struct point *point_like(const struct analysis *a, const struct point *p)
{
	for (size_t i = 0; i < a->npoints; i++) {
		const struct point *q = &a->points[i];
		if (!model_same_kernel(q, p) || q->param != p->param || q->threads != p->threads ||
		    q->level_id != p->level_id)
			continue;
		if (p->level[0] || q->working_set == p->working_set)
			return q;
	}
	return NULL;
}

static struct compare_row *add_row(struct compare *c, int is_roof, const char *name)
{
	struct compare_row *r = &c->rows[c->nrows++];
	memset(r, 0, sizeof *r);
	r->is_roof = is_roof;
	snprintf(r->name, sizeof r->name, "%s", name);
	r->a = r->b = r->ratio = r->lo = r->hi = r->threshold = NAN;
	r->fraction_a = r->fraction_b = r->rel = r->rel_lo = r->rel_hi = NAN;
	r->fast_a = r->fast_b = r->fast_lo = r->fast_hi = NAN;
	r->tile_a = r->tile_b = -1;
	return r;
}

static int trials_span(const struct compare_row *r);

/* A roof against the other roofs' drift (threshold); a point against its own roof. */
static void judge(struct compare *c, struct compare_row *r, double threshold)
{
	r->threshold = threshold;
	if (!r->tested)
		return;
	c->compared++;
	if (r->is_roof) {
		r->moved = (enum compare_move)judge_move(r->ratio, r->lo, r->hi, threshold);
		r->differs = judge_move(r->ratio, r->lo, r->hi, JUDGE_PRACTICAL_MOVE) != JUDGE_SAME;
	} else {
		r->threshold = JUDGE_PRACTICAL_MOVE;
		/*
		 * No roof in one run: the machine's move cannot be taken out of
		 * its raw ratio, which on a VM that changed host is as likely the
		 * machine's as the code's. Such a point is not judged.
		 */
		r->moved = r->rel_tested && !r->shape_differs
			? (enum compare_move)judge_move(r->rel, r->rel_lo, r->rel_hi, JUDGE_PRACTICAL_MOVE)
			: COMPARE_SAME;
		/*
		 * Each run's trials span the move: what moved is the mix of a
		 * kernel whose speed swings trial by trial with the machine's state
		 * (gemm_ijk n = 16 on a Zen 4 VM ran at 3.3 or 6.4 GFLOP/s, in
		 * stretches of a second, whatever its arrays' placement; one run
		 * had 18 % slow trials, another 80 %), not the kernel. Its median
		 * cannot tell a move from a run's luck: said unsettled, by name.
		 */
		if (r->moved != COMPARE_SAME && compare_unsettled(r)) {
			r->unsettled = 1;
			r->fast_agree = compare_fast_agree(r) && !trials_span(r);
			r->moved = COMPARE_SAME;
		}
		c->points_compared += compare_point_judged(r);
		c->points_unjudged += !r->rel_tested && !r->shape_differs;
		c->points_reshaped += r->shape_differs;
		c->points_unsettled += r->unsettled;
		c->points_faster += r->moved == COMPARE_FASTER;
		c->points_slower += r->moved == COMPARE_SLOWER;
	}
	c->faster += r->moved == COMPARE_FASTER;
	c->slower += r->moved == COMPARE_SLOWER;
}

int compare_fast_agree(const struct compare_row *r)
{
	/*
	 * Interference only slows a kernel, and a change of its code moves
	 * every trial, its fastest as much as its median. Where the two runs'
	 * fast fractions (each side's 90th percentile of rates, point over
	 * roof) did not move (judge_move, with their own bootstrap interval),
	 * the median moved with how many trials the machine slowed: two gcc
	 * runs of one build on a Zen 4 VM put gemm_ikj n = 64 at medians 16.5
	 * and 12.1 GFLOP/s, 90th percentiles 18.3 and 17.3 (docs/compare.md). Judging on the fast percentile in place of the median
	 * moved more A/A kernels there, not fewer: at two threads whole runs
	 * sat in the slow state, fast trials and all, and the roofs' fast ends
	 * moved on their own.
	 */
	if (!r->rel_tested || !(r->fast_a > 0) || !(r->fast_b > 0))
		return 0;
	/*
	 * A fast end whose interval is wider than the median's (three trials
	 * a pass, or fast trials a minority of one run) agrees only where its
	 * ratio itself is within the practical move: an interval that holds 1
	 * by being wide shows no agreement, and the move stands.
	 */
	double fast = r->fast_b / r->fast_a;
	if (!(r->fast_hi / r->fast_lo <= r->rel_hi / r->rel_lo))
		return fabs(log(fast)) <= JUDGE_PRACTICAL_MOVE;
	return judge_move(fast, r->fast_lo, r->fast_hi, JUDGE_PRACTICAL_MOVE) == JUDGE_SAME;
}

/* Each run's median fraction lies among the other run's trials (compare.h). */
static int trials_span(const struct compare_row *r)
{
	if (!r->rel_tested)
		return 0;
	/*
	 * Widened by the practical move on each side: a median that misses the
	 * other run's range by less than a move worth reporting still lies
	 * among its trials (two runs' fast trials differ by their noise).
	 */
	double w = exp(JUDGE_PRACTICAL_MOVE);
	int a_in_b = r->fraction_a >= r->range_b[0] / w && r->fraction_a <= r->range_b[1] * w;
	int b_in_a = r->fraction_b >= r->range_a[0] / w && r->fraction_b <= r->range_a[1] * w;
	return a_in_b && b_in_a;
}

int compare_point_judged(const struct compare_row *r)
{
	return !r->is_roof && r->rel_tested && !r->shape_differs;
}

int compare_unsettled(const struct compare_row *r)
{
	return trials_span(r) || compare_fast_agree(r);
}

/*
 * The tile run's plan gave point p's kernel: the kernel's own shape
 * function (the one plan.c calls) fed the run's measured tile budget, so a
 * pre-scan that put the L2 plateau's middle elsewhere, and with it the
 * tile, is seen as a typed number. -1 where the registry lacks the kernel
 * or the run did not record its budget.
 */
static int run_tile(const struct rundata *run, const struct point *p)
{
	const struct kernel *k = p->k;
	double budget = run->info.kernel_tile_bytes;
	if (!k || !k->shape || !isfinite(budget) || p->param < 0 || p->param > INT_MAX)
		return -1;
	struct kernel_shape s;
	k->shape((int)p->param, 0, budget, &s);
	return s.tile;
}

/* The level a's map for `threads` gives a working set (levels_of), or -1 where it gives none. */
static int level_at(const struct analysis *a, int threads, double working_set)
{
	const struct level_map *m = model_levels_of(a, threads);
	const struct level_span *s = m ? levels_of(m, working_set) : NULL;
	return s ? (int)s->id : -1;
}

/*
 * Each run's plan placed a point's working set from the levels its own
 * pre-scan found; on one kind of machine two plans that disagree (a run
 * whose sweep saw the last cache end at 16 MiB where the other saw it at
 * 256) time the kernel from another level, and its fraction of "the same"
 * roof compares two experiments: the point is not judged, like another
 * tile. Another machine's sizes differ by design (its caches do), and each
 * run's point stays on the level its own map gives it: judged.
 */
static int level_differs(const struct compare_row *row, const struct analysis *aa, const struct analysis *ab)
{
	double wa = row->pa->working_set, wb = row->pb->working_set;
	if (!(wa > 0) || !(wb > 0) || wa == wb)
		return 0;
	int t = row->pa->threads;
	int in_a = level_at(aa, t, wa), b_in_a = level_at(aa, t, wb);
	int in_b = level_at(ab, t, wb), a_in_b = level_at(ab, t, wa);
	return (in_a >= 0 && b_in_a >= 0 && in_a != b_in_a) || (in_b >= 0 && a_in_b >= 0 && in_b != a_in_b);
}

static void shape_test(struct compare_row *row, const struct rundata *ra, const struct analysis *aa,
		       const struct rundata *rb, const struct analysis *ab, int same_machine)
{
	row->tile_a = run_tile(ra, row->pa);
	row->tile_b = run_tile(rb, row->pb);
	row->level_differs = same_machine && level_differs(row, aa, ab);
	row->shape_differs =
		(row->tile_a >= 0 && row->tile_b >= 0 && row->tile_a != row->tile_b) || row->level_differs;
}

static int cmp_double(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;
	return (a > b) - (a < b);
}

/*
 * The roofs' drift without `skip`: the COMPARE_DRIFT_QUANTILE quantile of
 * the tested roofs' |ln ratio| (NaN when none was tested). A quantile, not
 * the largest: with 40-odd roofs (patterns and thread counts) one noisy roof
 * (a streaming-store L1 job at two threads moved 1.6x in an A/A pair) set a
 * threshold no kernel could pass.
 */
static double drift_without(const struct compare *c, const struct compare_row *skip)
{
	double *d = xcalloc(c->nrows + 1, sizeof *d);
	size_t n = 0;
	for (size_t i = 0; i < c->nrows; i++) {
		const struct compare_row *r = &c->rows[i];
		if (r->is_roof && r->tested && r != skip && isfinite(r->ratio) && r->ratio > 0)
			d[n++] = fabs(log(r->ratio));
	}
	double q = NAN;
	if (n) {
		qsort(d, n, sizeof *d, cmp_double);
		size_t k = (size_t)ceil(COMPARE_DRIFT_QUANTILE * (double)n);
		q = d[k > 0 ? k - 1 : 0];
	}
	free(d);
	return q;
}

/* COMPARE_DRIFT_FACTOR x the roofs' drift other than `skip`; at least COMPARE_MIN_MOVE. */
static double threshold_without(const struct compare *c, const struct compare_row *skip)
{
	double d = drift_without(c, skip);
	return fmax(COMPARE_MIN_MOVE, COMPARE_DRIFT_FACTOR * (isfinite(d) ? d : 0));
}

void compare_build(const struct rundata *ra, const struct analysis *aa, const struct rundata *rb,
		   const struct analysis *ab, struct compare *out)
{
	memset(out, 0, sizeof *out);
	compare_machines(ra, rb, &out->machines);
	out->rows = xcalloc(aa->nroofs + ab->nroofs + aa->npoints + ab->npoints + 1, sizeof *out->rows);
	out->drift = NAN;
	for (size_t i = 0; i < aa->nroofs; i++) {
		struct compare_row *r = add_row(out, 1, aa->roofs[i].name);
		r->ra = &aa->roofs[i];
		r->rb = roof_like(ab, r->ra);
		if (r->rb && r->ra->kind == r->rb->kind)
			roof_test(r, ra, rb);
	}
	for (size_t i = 0; i < ab->nroofs; i++)
		if (!roof_like(aa, &ab->roofs[i])) {
			struct compare_row *r = add_row(out, 1, ab->roofs[i].name);
			r->rb = &ab->roofs[i];
		}
	for (size_t i = 0; i < aa->npoints; i++) {
		struct compare_row *r = add_row(out, 0, aa->points[i].kernel);
		r->pa = &aa->points[i];
		r->pb = point_like(ab, r->pa);
		if (r->pb) {
			point_test(r, ra, rb);
			relative_test(r, ra, aa, rb, ab);
			shape_test(r, ra, aa, rb, ab, !out->machines.differ);
		}
	}
	for (size_t i = 0; i < ab->npoints; i++)
		if (!point_like(aa, &ab->points[i])) {
			struct compare_row *r = add_row(out, 0, ab->points[i].kernel);
			r->pb = &ab->points[i];
		}
	/*
	 * Every roof's move is drift, by the premise (no build moves a roof):
	 * the points are held to the roofs' drift (drift_without); each roof to
	 * the other roofs'. The roof that moved most is kept to be named.
	 */
	double most = -1;
	for (size_t i = 0; i < out->nrows; i++) {
		const struct compare_row *r = &out->rows[i];
		if (r->is_roof && r->tested && fabs(log(r->ratio)) > most) {
			most = fabs(log(r->ratio));
			snprintf(out->drift_roof, sizeof out->drift_roof, "%s", r->name);
			out->drift_ratio = r->ratio;
		}
	}
	out->drift = drift_without(out, NULL);
	out->threshold = threshold_without(out, NULL);
	for (size_t i = 0; i < out->nrows; i++) {
		struct compare_row *r = &out->rows[i];
		judge(out, r, r->is_roof ? threshold_without(out, r) : out->threshold);
	}
}

void compare_free(struct compare *c)
{
	free(c->rows);
	memset(c, 0, sizeof *c);
}

const char *compare_move_name(enum compare_move m)
{
	return judge_verdict_name((enum judge_verdict)m);
}

/* ---- the machines -------------------------------------------------------------- */

/* A run's measured clock range, [min, max]; NaN where the run does not record it. */
static void clock_range(const struct rundata *r, double *lo, double *hi)
{
	const char *a = rundata_env(r, "clock_ghz_min"), *b = rundata_env(r, "clock_ghz_max");
	*lo = a ? strtod(a, NULL) : NAN;
	*hi = b ? strtod(b, NULL) : NAN;
}

/*
 * The clock agrees when the two lie within COMPARE_CLOCK_AGREE of each
 * other, or each run's clock lies inside the other's range of samples (a
 * VM's clock wanders within a run: 2.97 to 3.76 GHz in the committed
 * example). The range alone is not enough: a run whose samples all fell
 * within 3.65-3.66 GHz would call a run at 3.68 another machine (two A/A
 * runs of one build did), and with it drop the same-machine rules.
 */
#define COMPARE_CLOCK_AGREE 0.10
static int clocks_agree(const struct rundata *a, const struct rundata *b)
{
	double ca = a->info.clock_ghz, cb = b->info.clock_ghz, alo, ahi, blo, bhi;
	if (!(ca > 0) || !(cb > 0))
		return 1;   /* unknown on a side: nothing says they differ */
	if (fabs(log(cb / ca)) <= log(1 + COMPARE_CLOCK_AGREE))
		return 1;
	clock_range(a, &alo, &ahi);
	clock_range(b, &blo, &bhi);
	if (alo > 0 && ahi >= alo && blo > 0 && bhi >= blo)
		return ca >= blo && ca <= bhi && cb >= alo && cb <= ahi;
	return 0;
}

/* The runs' builds: compare_machines.build_only, build_changed, flags_differ (once the machines are compared). */
static void build_change(const struct run_env *ea, const struct run_env *eb, struct compare_machines *out)
{
	const char *cca = rundata_or(ea->cc, "?"), *ccb = rundata_or(eb->cc, "?");
	const char *va = rundata_or(ea->cc_version, "?"), *vb = rundata_or(eb->cc_version, "?");
	const char *fa = rundata_or(ea->kernel_cflags, "?"), *fb = rundata_or(eb->kernel_cflags, "?");
	out->flags_differ = strcmp(fa, fb) != 0;
	out->build_changed = strcmp(cca, ccb) != 0 || strcmp(va, vb) != 0 || out->flags_differ;
	out->build_only = out->build_changed && !out->differ && !out->os_differs;
}

void compare_machines(const struct rundata *a, const struct rundata *b, struct compare_machines *out)
{
	memset(out, 0, sizeof *out);
	const struct run_env *ea = &a->info, *eb = &b->info;
	out->a = ea;
	out->b = eb;
	const struct { enum compare_machine_attr what; const char *a, *b; } text[] = {
		{ COMPARE_ATTR_CPU, ea->cpu_model, eb->cpu_model }, { COMPARE_ATTR_ISAS, ea->isas, eb->isas },
		{ COMPARE_ATTR_ISA, ea->isa, eb->isa }, { COMPARE_ATTR_CORES, ea->cores, eb->cores },
	};
	for (size_t i = 0; i < sizeof text / sizeof text[0]; i++)
		if (strcmp(rundata_or(text[i].a, "?"), rundata_or(text[i].b, "?")) != 0)
			out->differs |= 1u << text[i].what;
	const struct { enum compare_machine_attr what; double a, b; } caches[] = {
		{ COMPARE_ATTR_L1D, ea->l1d_bytes, eb->l1d_bytes }, { COMPARE_ATTR_L2, ea->l2_bytes, eb->l2_bytes },
		{ COMPARE_ATTR_L3, ea->l3_bytes, eb->l3_bytes },
	};
	for (size_t i = 0; i < sizeof caches / sizeof caches[0]; i++)
		if (caches[i].a != caches[i].b && (caches[i].a > 0 || caches[i].b > 0))
			out->differs |= 1u << caches[i].what;
	if (!clocks_agree(a, b))
		out->differs |= 1u << COMPARE_ATTR_CLOCK;
	out->differ = out->differs != 0;
	out->os_differs = strcmp(rundata_or(ea->os, "?"), rundata_or(eb->os, "?")) != 0;
	build_change(ea, eb, out);
}

/* ---- --check ------------------------------------------------------------------- */

int compare_check_parse(const char *list, unsigned *mask, char *err, size_t errlen)
{
	*mask = 0;
	if (!list || !*list) {
		*mask = COMPARE_CHECK_SLOWER;
		return 0;
	}
	const char *p = list;
	for (;;) {
		size_t n = strcspn(p, ",");
		if (n == 6 && strncmp(p, "slower", 6) == 0)
			*mask |= COMPARE_CHECK_SLOWER;
		else if (n == 6 && strncmp(p, "faster", 6) == 0)
			*mask |= COMPARE_CHECK_FASTER;
		else {
			snprintf(err, errlen, "compare: --check '%s': '%.*s' is not a direction: want a comma "
				 "list of slower, faster", list, (int)(n > 40 ? 40 : n), p);
			return -1;
		}
		if (!p[n])
			return 0;
		p += n + 1;
	}
}

