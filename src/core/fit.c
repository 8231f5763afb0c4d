/*
 * fit.c - from rates to roofs: plateaus, their names, the ridge and the
 * chains' latency, pure (the interface in fit.h).
 *
 * fit_plateaus() in six steps, all deterministic (ties go to the earliest
 * index or the smallest k):
 *
 *  1. Points whose best rate is not a positive finite number are left out;
 *     y = log(best) for the rest (m points), so that a step is a ratio.
 *  2. Optimal segmentation: for k = 1..FIT_MAX_SEGMENTS, dynamic programming
 *     finds the split of y into k contiguous segments with the least total
 *     squared deviation from each segment's mean (O(m^2 k), prefix sums).
 *     k is the one minimising  error(k) + k * beta, beta = 0.5 sigma^2 ln m:
 *     a segment is added while it removes clearly more error than noise
 *     would. That is a quarter of BIC's penalty on purpose: this step only
 *     proposes breaks, step 3 decides which are real, and too few segments
 *     would lump an outlier or a transition point in with a level, while
 *     too many cost nothing. sigma, the noise of y, is estimated from the
 *     neighbour-to-neighbour steps as Q25(|y[i+1] - y[i]|) / (0.3186 sqrt 2)
 *     (the lower quartile, because up to a third of the steps are
 *     transitions), and is at least SIGMA_FLOOR so that a noiseless curve
 *     does not split at rounding errors. The segmentation isolates
 *     transition points and stray outliers in short segments of their own.
 *  3. Merging: each segment's level is the median of its y. Neighbouring
 *     segments whose levels differ by less than min_step are merged, the
 *     closest pair first. Then a short run (at most BRIDGE_POINTS points, and
 *     no longer than either neighbour) between two segments whose levels are
 *     within min_step of each other is an outlier, and the three are merged,
 *     the one with most points around it first. Repeated until nothing
 *     changes. Two segments that are two levels all the same are never
 *     merged for being close (two_levels, docs/plan.md R5): a step past the
 *     tolerance and 6x the scatter of either, so a fall's sizes cannot
 *     chain two flat levels 1.15x apart into one.
 *  4. Cores: in each merged segment the points within `tolerance` of its
 *     level (|log(best / level)| <= log(1 + tolerance)) are its core. The
 *     plateau runs from the first to the last core point; a point inside that
 *     range but off the level (an outlier) stays inside the range but is not
 *     counted in value, median, lo, hi or samples. Points of a transition are
 *     off both neighbouring levels, so they belong to neither plateau. A
 *     plateau needs at least 2 core points, and when it has just 2 they must
 *     be within tolerance of each other (two points sliding down a
 *     transition can both be near their own median). For the final
 *     plateaus a size counts in the level it is nearer: the tolerance
 *     reaches at most halfway to a neighbouring level, and a flat level's
 *     first size leaning on the faster level before it is a transition's
 *     (nearest_core, docs/plan.md R5).
 *  5. Bandwidth falls as the working set grows, so a plateau a full
 *     min_step lower than one at a larger working set is not a level of
 *     its own. Where a faster plateau comes before it, it is the first
 *     part of that later level (a level that rises across its sizes, as L2
 *     can, docs/method.md): the two are merged, and the merged
 *     plateau's core is every point within `tolerance` of the band between
 *     their levels, so it keeps all its sizes. Where the level before it
 *     is within min_step of the later one, it is a dip inside one level,
 *     left to step 6 (the dip stays out). Where no faster level comes
 *     before it, it is the loop overhead of the smallest sizes and is
 *     dropped, and said so (fit_plateaus_explained).
 *  6. While there are more than FIT_MAX_PLATEAUS, or two neighbouring
 *     plateaus closer than min_step (a long dip between them kept step 3
 *     from joining them), the two neighbouring plateaus with the closest
 *     levels are merged (with whatever lies between them) and steps 4-5 run
 *     again on the result: a slowly sloping level that step 2 cut into
 *     pieces becomes one plateau. Under the cap, two plateaus that are two
 *     levels (step 3) stay apart.
 */
#include "fit.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"

#define FIT_MAX_SEGMENTS 20   /* the levels, their transitions and a few outliers */
#define SIGMA_FLOOR 0.005     /* 0.5 %: below any timing noise we have seen */
#define BRIDGE_POINTS 2       /* the longest run treated as an outlier */
#define STEP_OVER_SCATTER 6.0 /* a step this many times its levels' scatter is a real one (two_levels) */
#define ROOF_BEST_OF 3        /* the article's "mean of the three best values" */

static int positive(double x)
{
	return isfinite(x) && x > 0.0;
}

/*
 * A segment of the compressed sweep, points [a, b), and its log level;
 * lo..hi is the band its core is measured from: the level itself, or for a
 * rising level merged in step 5, from its lowest part's level to its highest.
 */
struct seg {
	size_t a, b;
	double level;
	double lo, hi;
};

struct work {
	const struct fit_sweep_point *sweep;
	size_t m;          /* valid points */
	size_t *orig;      /* their indices in the sweep */
	double *y;         /* their log(best) */
	double *tmp;       /* scratch, m doubles */
	struct fit_dropped *dropped;   /* levels step 5 dropped, or NULL */
	size_t ndropped, maxdropped;
	const double *bounds;          /* working sets where the machine says a cache level ends */
	size_t nbounds;
};

static double seg_level(const struct work *w, size_t a, size_t b)
{
	return stats_median(w->y + a, b - a);
}

/* Sum of squared deviations of y[a..b) from its mean, from prefix sums. */
static double seg_cost(const double *s1, const double *s2, size_t a, size_t b)
{
	double n = (double)(b - a), s = s1[b] - s1[a];
	double c = (s2[b] - s2[a]) - s * s / n;

	return c > 0.0 ? c : 0.0;
}

/*
 * Prefix sums of y - mean (s1) and of its square (s2), m + 1 each: centred,
 * so that the subtraction in seg_cost() stays accurate.
 */
static void prefix_sums(const struct work *w, double *s1, double *s2)
{
	double mean = 0.0;

	for (size_t i = 0; i < w->m; i++)
		mean += w->y[i];
	mean /= (double)w->m;
	s1[0] = s2[0] = 0.0;
	for (size_t i = 0; i < w->m; i++) {
		double d = w->y[i] - mean;
		s1[i + 1] = s1[i] + d;
		s2[i + 1] = s2[i] + d * d;
	}
}

/*
 * The noise of y from the neighbour-to-neighbour steps, robust to the big
 * ones at transitions; at least SIGMA_FLOOR.
 */
static double step_noise(const struct work *w)
{
	double sigma = 0.0;

	if (w->m >= 2) {
		for (size_t i = 0; i + 1 < w->m; i++)
			w->tmp[i] = fabs(w->y[i + 1] - w->y[i]);
		sigma = stats_quantile(w->tmp, w->m - 1, 0.25) / (0.3186 * sqrt(2.0));
	}
	return sigma >= SIGMA_FLOOR ? sigma : SIGMA_FLOOR;
}

/*
 * Step 2. Writes the segments into seg[] and returns their number, or 0
 * when out of memory.
 */
static size_t segment(const struct work *w, struct seg seg[FIT_MAX_SEGMENTS])
{
	size_t m = w->m, kmax = m < FIT_MAX_SEGMENTS ? m : FIT_MAX_SEGMENTS;
	size_t stride = m + 1, best_k = 1, nseg = 0;
	double *s1 = NULL, *s2 = NULL, *cost = NULL, sigma, beta, best_score;
	size_t *from = NULL;

	s1 = malloc(stride * sizeof(*s1));
	s2 = malloc(stride * sizeof(*s2));
	cost = malloc((kmax + 1) * stride * sizeof(*cost));
	from = malloc((kmax + 1) * stride * sizeof(*from));
	if (s1 == NULL || s2 == NULL || cost == NULL || from == NULL)
		goto done;

	prefix_sums(w, s1, s2);

	/* cost[k][j]: least error of y[0..j) in k segments; from[k][j]: where the last starts. */
	for (size_t j = 1; j <= m; j++) {
		cost[1 * stride + j] = seg_cost(s1, s2, 0, j);
		from[1 * stride + j] = 0;
	}
	for (size_t k = 2; k <= kmax; k++) {
		for (size_t j = k; j <= m; j++) {
			double bestc = INFINITY;
			size_t besti = k - 1;
			for (size_t i = k - 1; i < j; i++) {
				double c = cost[(k - 1) * stride + i] + seg_cost(s1, s2, i, j);
				if (c < bestc) {
					bestc = c;
					besti = i;
				}
			}
			cost[k * stride + j] = bestc;
			from[k * stride + j] = besti;
		}
	}

	sigma = step_noise(w);
	beta = 0.5 * sigma * sigma * log((double)m > 2.0 ? (double)m : 2.0);

	best_score = INFINITY;
	for (size_t k = 1; k <= kmax; k++) {
		double score = cost[k * stride + m] + beta * (double)k;
		if (score < best_score) {
			best_score = score;
			best_k = k;
		}
	}

	/* Walk the split points back from the end. */
	nseg = best_k;
	for (size_t k = best_k, j = m; k >= 1; k--) {
		size_t i = from[k * stride + j];
		seg[k - 1].a = i;
		seg[k - 1].b = j;
		seg[k - 1].level = seg[k - 1].lo = seg[k - 1].hi = seg_level(w, i, j);
		j = i;
	}
done:
	free(from);
	free(cost);
	free(s2);
	free(s1);
	return nseg;
}

static double log_ratio(double a, double b)
{
	return fabs(a - b);
}

/* Replaces seg[i..j] by one segment. Returns the new count. */
static size_t merge_range(const struct work *w, struct seg *seg, size_t nseg, size_t i, size_t j)
{
	size_t gone = j - i;

	seg[i].b = seg[j].b;
	seg[i].level = seg[i].lo = seg[i].hi = seg_level(w, seg[i].a, seg[i].b);
	for (size_t k = j + 1; k < nseg; k++)
		seg[k - gone] = seg[k];
	return nseg - gone;
}

/* A segment's scatter: the median distance of its core's sizes (within log_tol of its band) from its level, in log. */
static double scatter(const struct work *w, const struct seg *s, double log_tol)
{
	size_t n = 0;
	for (size_t i = s->a; i < s->b; i++)
		if (w->y[i] >= s->lo - log_tol && w->y[i] <= s->hi + log_tol)
			w->tmp[n++] = fabs(w->y[i] - s->level);
	return n ? stats_median(w->tmp, n) : 0.0;
}

/*
 * Whether two neighbouring segments less than min_step apart are two levels
 * all the same (docs/plan.md R5): the step between them past the tolerance
 * and STEP_OVER_SCATTER times the scatter of either. The pieces of one
 * sloping level are not: a piece's sizes lie a quarter of its fall from its
 * middle (the median), and the next piece's middle a whole fall away, 4x
 * its scatter. The parts of a level around a dip are not: they are within
 * the tolerance. Two flat levels 1.15x apart, each flat to 1-2 %, are.
 */
static int two_levels(const struct work *w, const struct seg *s, const struct seg *t, double log_tol)
{
	double d = log_ratio(s->level, t->level);
	double spread = fmax(fmax(scatter(w, s, log_tol), scatter(w, t, log_tol)), SIGMA_FLOOR);
	return d > log_tol && d > STEP_OVER_SCATTER * spread;
}

/* Step 3. Returns the new number of segments. */
static size_t merge_levels(const struct work *w, struct seg *seg, size_t nseg, double log_step, double log_tol)
{
	for (;;) {
		double closest = INFINITY;
		size_t at = 0, span = 0;

		for (size_t i = 0; i + 1 < nseg; i++) {
			double d = log_ratio(seg[i].level, seg[i + 1].level);
			if (d < log_step && d < closest && !two_levels(w, &seg[i], &seg[i + 1], log_tol)) {
				closest = d;
				at = i;
				span = 1;
			}
		}
		if (span == 0) {
			/*
			 * Bridges: the best supported first (most points on
			 * the two sides), then the closest. Closeness alone
			 * would let two stray points around a real one (an
			 * outlier, an L2 size, a transition point at the
			 * outlier's rate) outbid the L2 sizes around the
			 * outlier.
			 */
			size_t support = 0;
			for (size_t i = 0; i + 2 < nseg; i++) {
				double d = log_ratio(seg[i].level, seg[i + 2].level);
				size_t len = seg[i + 1].b - seg[i + 1].a;
				size_t left = seg[i].b - seg[i].a, right = seg[i + 2].b - seg[i + 2].a;
				if (len > BRIDGE_POINTS || len > left || len > right || !(d < log_step))
					continue;
				if (left + right > support || (left + right == support && d < closest)) {
					support = left + right;
					closest = d;
					at = i;
					span = 2;
				}
			}
		}
		if (span == 0)
			return nseg;
		nseg = merge_range(w, seg, nseg, at, at + span);
	}
}

/*
 * Step 4 for one segment: fills *p from the points within `below` under and
 * `above` over the level (log). Returns 1 for a plateau (at least 2 such
 * points), 0 otherwise.
 */
static int core_within(const struct work *w, const struct seg *s, double below, double above,
		       struct fit_plateau *p)
{
	double *best = w->tmp, *med = w->tmp + (s->b - s->a);
	size_t nbest = 0, nmed = 0, first = 0, last = 0;
	double log_tol = fmax(below, above);

	for (size_t i = s->a; i < s->b; i++) {
		const struct fit_sweep_point *pt = &w->sweep[w->orig[i]];
		if (!(w->y[i] >= s->lo - below && w->y[i] <= s->hi + above))
			continue;
		if (nbest == 0)
			first = w->orig[i];
		last = w->orig[i];
		best[nbest++] = pt->best;
		if (isfinite(pt->median))
			med[nmed++] = pt->median;
	}
	/*
	 * Two points of a transition can both lie within tolerance of their
	 * median; two points of a level lie within tolerance of each other.
	 */
	if (nbest < 2 || (nbest == 2 && !(fabs(log(best[0] / best[1])) <= log_tol)))
		return 0;
	p->first = first;
	p->last = last;
	p->size_lo = w->sweep[first].working_set;
	p->size_hi = w->sweep[last].working_set;
	p->value = stats_mean_of_best(best, nbest, ROOF_BEST_OF);
	/*
	 * The median counterpart of value, by the same rule: the mean of the
	 * (up to) three best per-size medians. A median over every size of a
	 * sloped plateau would sit far below value and judge points by another
	 * statistic than the roof's.
	 */
	p->median = nmed ? stats_mean_of_best(med, nmed, ROOF_BEST_OF) : NAN;
	p->lo = nmed > 0 ? med[0] : NAN;
	p->hi = p->lo;
	for (size_t i = 1; i < nmed; i++) {
		if (med[i] < p->lo)
			p->lo = med[i];
		if (med[i] > p->hi)
			p->hi = med[i];
	}
	p->best_lo = p->best_hi = best[0];
	for (size_t i = 1; i < nbest; i++) {
		p->best_lo = fmin(p->best_lo, best[i]);
		p->best_hi = fmax(p->best_hi, best[i]);
	}
	p->samples = (int)nbest;
	return 1;
}

/* Step 4 with the fit's tolerance either side. */
static int core(const struct work *w, const struct seg *s, double log_tol, struct fit_plateau *p)
{
	return core_within(w, s, log_tol, log_tol, p);
}

/* Step 5's record of a dropped level, once per range. */
static void record_dropped(struct work *w, const struct fit_plateau *p)
{
	if (!w->dropped)
		return;
	for (size_t i = 0; i < w->ndropped; i++)
		if (w->dropped[i].first == p->first)
			return;
	if (w->ndropped < w->maxdropped)
		w->dropped[w->ndropped++] = (struct fit_dropped){ p->first, p->last, p->size_lo,
								  p->size_hi, p->median };
}

/* Steps 4 and 5: keeps the segments that hold a plateau. Returns their number. */
static size_t keep_plateaus(struct work *w, struct seg *seg, size_t nseg,
			    double log_step, double log_tol)
{
	struct fit_plateau p;
	size_t kept = 0, n = 0;
	double highest = -INFINITY;

	for (size_t i = 0; i < nseg; i++)
		if (core(w, &seg[i], log_tol, &p))
			seg[kept++] = seg[i];
	/*
	 * Right to left, keeping survivors at the end: a level that is a full
	 * min_step below a later one joins the next survivor when a faster
	 * level comes before it, and is dropped when none does. One that is
	 * lower by less is left for step 6 to merge with it.
	 */
	for (size_t i = kept; i-- > 0;) {
		if (seg[i].level + log_step <= highest) {
			/*
			 * Survivors sit right of i, so seg[0..i) is untouched. A dip
			 * between two parts of one level is neither: step 6 joins the
			 * parts around it, the dip counting in none of their figures.
			 */
			struct seg *next = &seg[kept - n];
			int dip = i > 0 && log_ratio(seg[i - 1].level, next->level) < log_step;
			int after_faster = 0;
			for (size_t j = 0; j < i; j++)
				after_faster |= seg[j].level >= highest;
			if (dip)
				continue;
			if (after_faster) {
				next->a = seg[i].a;
				next->lo = fmin(next->lo, seg[i].lo);
				next->hi = fmax(next->hi, seg[i].hi);
				next->level = seg_level(w, next->a, next->b);
			} else if (core(w, &seg[i], log_tol, &p)) {
				record_dropped(w, &p);
			}
			continue;
		}
		if (seg[i].level > highest)
			highest = seg[i].level;
		seg[kept - 1 - n++] = seg[i];
	}
	for (size_t i = 0; i < n; i++)
		seg[i] = seg[kept - n + i];
	return n;
}

/* The first two-size segment between a faster and a slower neighbour (nseg: none). */
static size_t transition_piece(const struct seg *seg, size_t nseg)
{
	for (size_t i = 1; i + 1 < nseg; i++)
		if (seg[i].b - seg[i].a <= 2 && seg[i - 1].level > seg[i].level && seg[i].level > seg[i + 1].level)
			return i;
	return nseg;
}

/* Whether a bound lies between segment s's last size and segment t's first, within half an octave. */
static int straddles(const struct work *w, const struct seg *s, const struct seg *t)
{
	double hi = w->sweep[w->orig[s->b - 1]].working_set, lo = w->sweep[w->orig[t->a]].working_set;
	for (size_t k = 0; k < w->nbounds; k++)
		if (w->bounds[k] > 0 && w->bounds[k] >= hi / sqrt(2.0) && w->bounds[k] <= lo * sqrt(2.0))
			return 1;
	return 0;
}

/*
 * Step 6 (see the top): while over FIT_MAX_PLATEAUS, or two neighbouring
 * levels are closer than min_step, the closest two are merged, or a piece
 * of a fall is dropped (below). Returns the segments left.
 */
static size_t join_levels(struct work *w, struct seg *seg, size_t nseg, double log_step, double log_tol)
{
	/*
	 * Step 6. Levels fall (but for less than min_step) from left to
	 * right now. Two plateaus closer than min_step (a dip too long to be
	 * bridged kept step 3 from joining them) are merged too.
	 */
	while (nseg > 1) {
		double closest = INFINITY;
		size_t at = 0;
		for (size_t i = 0; i + 1 < nseg; i++) {
			double d = log_ratio(seg[i].level, seg[i + 1].level);
			if (nseg <= FIT_MAX_PLATEAUS && d < log_step && two_levels(w, &seg[i], &seg[i + 1], log_tol))
				continue;
			if (d < closest) {
				closest = d;
				at = i;
			}
		}
		if (nseg <= FIT_MAX_PLATEAUS && closest >= log_step)
			break;
		/*
		 * Over the cap, where the closest pair lies either side of a
		 * cache level's end as the machine reports it (w->bounds), a
		 * two-size segment inside a fall elsewhere is the piece of a
		 * transition that is dropped, not the two levels merged (else a
		 * slow fall's piece over the cap joins L2 and L3: docs/plan.md R5).
		 * Two pieces of one level merge as before.
		 */
		size_t piece = transition_piece(seg, nseg);
		if (nseg > FIT_MAX_PLATEAUS && piece < nseg && piece != at && piece != at + 1 &&
		    straddles(w, &seg[at], &seg[at + 1])) {
			for (size_t k = piece + 1; k < nseg; k++)
				seg[k - 1] = seg[k];
			nseg--;
			continue;
		}
		seg[at].b = seg[at + 1].b;
		seg[at].level = seg_level(w, seg[at].a, seg[at].b);
		/*
		 * Two flat levels merge into one flat level (its transition
		 * points stay out); a rising level from step 5 keeps its band.
		 */
		if (seg[at].lo < seg[at].hi || seg[at + 1].lo < seg[at + 1].hi) {
			seg[at].lo = fmin(fmin(seg[at].lo, seg[at + 1].lo), seg[at].level);
			seg[at].hi = fmax(fmax(seg[at].hi, seg[at + 1].hi), seg[at].level);
		} else {
			seg[at].lo = seg[at].hi = seg[at].level;
		}
		for (size_t k = at + 2; k < nseg; k++)
			seg[k - 1] = seg[k];
		nseg--;
		nseg = keep_plateaus(w, seg, nseg, log_step, log_tol);
	}
	return nseg;
}

/*
 * The final plateaus' cores: a size counts in the level it is nearer
 * (docs/plan.md R5), so plateau i's tolerance reaches over its level at most
 * halfway (on a log axis) to the faster neighbour's band, and under it at
 * most halfway to the slower one's. Levels 1.15x apart under a 10 %
 * tolerance would otherwise both claim the sizes of the fall between them.
 * Where that leaves no plateau, the tolerance alone decides.
 */
static int nearest_core(const struct work *w, const struct seg *seg, size_t nseg, size_t i, double log_tol,
			struct fit_plateau *p)
{
	double above = log_tol, below = log_tol;
	if (i > 0 && seg[i - 1].lo > seg[i].hi)
		above = fmin(above, (seg[i - 1].lo - seg[i].hi) / 2);
	if (i + 1 < nseg && seg[i].lo > seg[i + 1].hi)
		below = fmin(below, (seg[i].lo - seg[i + 1].hi) / 2);
	/*
	 * A flat level's first size, over its level by more than half the
	 * tolerance and STEP_OVER_SCATTER times its scatter, leans on the
	 * faster level before it: a transition's, partly served there, and in
	 * no roof (docs/plan.md R5: else it lifts the level's mean of the three
	 * best over its rate). Not the last level's (the flat end where DRAM is
	 * found: where it begins is R2's and R8's).
	 */
	struct seg s = seg[i];
	if (i > 0 && i + 1 < nseg && seg[i - 1].lo > s.hi && s.lo == s.hi) {
		double lean = fmax(STEP_OVER_SCATTER * fmax(scatter(w, &s, log_tol), SIGMA_FLOOR),
				   log1p(expm1(log_tol) / 2));
		size_t k = s.a;
		while (k < s.b && !(w->y[k] >= s.lo - below && w->y[k] <= s.hi + above))
			k++;
		if (k < s.b && w->y[k] > s.level + lean)
			s.a = k + 1;
	}
	return core_within(w, &s, below, above, p) || core_within(w, &seg[i], below, above, p) ||
	       core(w, &seg[i], log_tol, p);
}

size_t fit_plateaus(const struct fit_sweep_point *sweep, size_t n, double min_step,
		    double tolerance, struct fit_plateau out[FIT_MAX_PLATEAUS])
{
	return fit_plateaus_explained(sweep, n, min_step, tolerance, out, NULL);
}

size_t fit_plateaus_explained(const struct fit_sweep_point *sweep, size_t n, double min_step,
			      double tolerance, struct fit_plateau out[FIT_MAX_PLATEAUS],
			      struct fit_dropped_list *dropped)
{
	struct work w = { sweep, 0, NULL, NULL, NULL, dropped ? dropped->v : NULL, 0,
			  dropped && dropped->v ? dropped->max : 0, dropped ? dropped->bounds : NULL,
			  dropped && dropped->bounds ? dropped->nbounds : 0 };
	struct seg seg[FIT_MAX_SEGMENTS];
	double log_step, log_tol;
	size_t nseg, count = 0;

	if (sweep == NULL || out == NULL || n < 2 || !(min_step > 1.0) || !(tolerance > 0.0))
		return 0;
	log_step = log(min_step);
	log_tol = log1p(tolerance);

	w.orig = malloc(n * sizeof(*w.orig));
	w.y = malloc(n * sizeof(*w.y));
	w.tmp = malloc(2 * n * sizeof(*w.tmp));
	if (w.orig == NULL || w.y == NULL || w.tmp == NULL)
		goto done;
	for (size_t i = 0; i < n; i++) {
		if (!positive(sweep[i].best))
			continue;
		w.orig[w.m] = i;
		w.y[w.m++] = log(sweep[i].best);
	}
	if (w.m < 2)
		goto done;

	nseg = segment(&w, seg);
	nseg = merge_levels(&w, seg, nseg, log_step, log_tol);
	nseg = keep_plateaus(&w, seg, nseg, log_step, log_tol);

	nseg = join_levels(&w, seg, nseg, log_step, log_tol);

	for (size_t i = 0; i < nseg; i++)
		if (nearest_core(&w, seg, nseg, i, log_tol, &out[count]))
			count++;
done:
	free(w.tmp);
	free(w.y);
	free(w.orig);
	if (dropped)
		dropped->n = w.ndropped;
	return count;
}

void fit_plateau_name(size_t index, size_t count, int last_is_dram, char *name, size_t size)
{
	if (name == NULL || size == 0)
		return;
	if (index >= count)
		snprintf(name, size, "?");
	else if (last_is_dram && index + 1 == count)
		snprintf(name, size, "DRAM");
	else
		snprintf(name, size, "L%zu", index + 1);
}

double fit_ridge(double peak, double bandwidth)
{
	if (!positive(peak) || !positive(bandwidth))
		return NAN;
	return peak / bandwidth;
}

double fit_fma_latency_cycles(double one_chain_gflops, int lanes, double clock_ghz)
{
	if (!positive(one_chain_gflops) || lanes <= 0 || !positive(clock_ghz))
		return NAN;
	return 2.0 * (double)lanes * clock_ghz / one_chain_gflops;
}

double fit_chains_to_saturate(double one_chain_gflops, double plateau_gflops)
{
	double r;

	if (!positive(one_chain_gflops) || !positive(plateau_gflops))
		return NAN;
	r = plateau_gflops / one_chain_gflops;
	/*
	 * Latency x throughput is a whole number of chains, and the measured
	 * ratio scatters around it by a few percent either way: the nearest
	 * whole number is the estimate (8.2 and 7.8 are both 8 chains).
	 */
	return fmax(1.0, floor(r + 0.5));
}

long fit_settle(const struct fit_sweep_point *sweep, size_t n, double slope, double reach)
{
	struct fit_plateau pl[FIT_MAX_PLATEAUS];
	size_t count = fit_plateaus(sweep, n, FIT_MIN_STEP, FIT_TOLERANCE, pl);
	if (count < 2 || pl[count - 1].last + 2 < n)
		return -1;
	size_t first = count - 1;
	while (first >= 2 && pl[first - 1].median <= slope * pl[first].median)
		first--;
	double lo = pl[first].size_lo, hi = pl[count - 1].size_hi;
	return hi >= reach * lo ? (long)pl[first].first : -1;
}

size_t fit_merge_plateaus(struct fit_plateau *pl, size_t count, size_t at)
{
	if (at + 1 >= count)
		return count;
	struct fit_plateau *a = &pl[at];
	const struct fit_plateau *b = &pl[at + 1];
	const struct fit_plateau *fast = b->value > a->value ? b : a;
	struct fit_plateau m = *a;
	m.last = b->last;
	m.size_hi = b->size_hi;
	m.value = fast->value;
	m.median = fast->median;
	m.lo = fmin(a->lo, b->lo);
	m.hi = fmax(a->hi, b->hi);
	m.best_lo = fmin(a->best_lo, b->best_lo);
	m.best_hi = fmax(a->best_hi, b->best_hi);
	m.samples = a->samples + b->samples;
	*a = m;
	memmove(&pl[at + 1], &pl[at + 2], (count - at - 2) * sizeof *pl);
	return count - 1;
}
