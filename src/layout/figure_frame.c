/*
 * figure_frame.c - the scene's frame and what one figure shows (figure.h,
 * figure_frame.h): the thread counts a run has and the selection of one, the
 * roofs a figure draws (ceilings only where they cap a drawn point) and by
 * which peak and DRAM roof, the axis ranges that hold them and the
 * transform to pixels.
 */
#include "figure.h"
#include "figure_frame.h"
#include "figure_scene.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

/* A roof the figure draws: pattern roofs are listed in the report, never drawn. */
int fig_roof_ok(const struct roof *r)
{
	return r->kind != ROOF_PATTERN && isfinite(r->value) && r->value > 0;
}

/* Inserts v into the ascending set c[0..n) of at most max, returns the new n. */
static size_t add_count(int *c, size_t n, size_t max, int v)
{
	size_t i = 0;
	while (i < n && c[i] < v)
		i++;
	if ((i < n && c[i] == v) || n >= max || v <= 0)
		return n;
	memmove(c + i + 1, c + i, (n - i) * sizeof *c);
	c[i] = v;
	return n + 1;
}

size_t figure_thread_counts(const struct analysis *a, int *counts, size_t max)
{
	size_t n = 0;
	for (size_t i = 0; i < a->nroofs; i++)
		if (a->roofs[i].kind == ROOF_BANDWIDTH || a->roofs[i].kind == ROOF_COMPUTE)
			n = add_count(counts, n, max, a->roofs[i].threads);
	for (size_t i = 0; i < a->npoints; i++)
		n = add_count(counts, n, max, a->points[i].threads);
	return n;
}

/* "DRAM@2t" -> "DRAM": in a figure of one thread count the count is the title's. */
static void strip_count(char *name)
{
	name[strcspn(name, "@")] = 0;
}

/* A point's roof as the view names it: its count dropped too (one thread's key says none). */
static void strip_key_count(struct roof_key *k)
{
	if (!roofkey_is_none(k))
		k->threads = 1;
}

/*
 * The view holds the roofs, points, peaks and level map of one count and the
 * run's scalars; the sweep, the chains and the notes belong to the run's
 * other figures and its report, and stay empty here.
 */
void figure_select_threads(const struct analysis *a, int threads, struct analysis *out)
{
	out->nroofs = out->npoints = out->npeaks = out->nlevels = 0;
	out->nsweep = out->nchains = out->nnotes = 0;
	out->clock_ghz = a->clock_ghz;
	memcpy(out->sweep_kernel, a->sweep_kernel, sizeof out->sweep_kernel);
	out->nnoisy = a->nnoisy;
	out->noisiest = a->noisiest;
	out->noisiest_rel = a->noisiest_rel;
	for (size_t i = 0; i < a->nlevels; i++)
		if (a->levels[i].threads == threads)
			out->levels[out->nlevels++] = a->levels[i];
	for (size_t i = 0; i < a->nroofs; i++)
		if (a->roofs[i].threads == threads) {
			struct roof *r = &out->roofs[out->nroofs++];
			*r = a->roofs[i];
			strip_count(r->name);
		}
	for (size_t i = 0; i < a->npoints; i++)
		if (a->points[i].threads == threads) {
			struct point *p = &out->points[out->npoints++];
			*p = a->points[i];
			strip_key_count(&p->roof);
			strip_key_count(&p->mem_roof);
			strip_key_count(&p->ceiling);
		}
	for (size_t i = 0; i < a->npeaks; i++)
		if (a->peaks[i].threads == threads)
			out->peaks[out->npeaks++] = a->peaks[i];
	const struct roof *pk = analysis_peak_of(out, threads), *dram = analysis_dram_of(out, threads);
	out->peak = pk && fig_roof_ok(pk) ? pk->value : NAN;
	out->ridge = dram && isfinite(out->peak) ? out->peak / dram->value : NAN;
}

size_t figure_select_rows(const struct analysis *a, int threads, size_t *rows)
{
	size_t n = 0;
	for (size_t i = 0; i < a->npoints; i++)
		if (a->points[i].threads == threads)
			rows[n++] = i;
	return n;
}

size_t figure_select_users(const struct userpoints *up, int threads, struct userpoints *out)
{
	out->path = up->path;
	out->v = xmalloc((up->n ? up->n : 1) * sizeof *out->v);
	out->n = 0;
	for (size_t i = 0; i < up->n; i++)
		if (up->v[i].threads == threads)
			out->v[out->n++] = up->v[i];
	return out->n;
}

/*
 * A roof the figure draws: the slopes and the peak, and of the ceilings
 * those that cap a drawn point (its roof). A ceiling no point meets says
 * nothing about the points and was one more line through them; the report
 * lists them all.
 */
/*
 * The points a frame holds: a's, then the user's (up to ANALYSIS_MAX_POINTS
 * in all, as the figure draws them); user may be NULL.
 */
static size_t frame_npoints(const struct analysis *a, const struct userpoints *user)
{
	size_t room = a->npoints < ANALYSIS_MAX_POINTS ? ANALYSIS_MAX_POINTS - a->npoints : 0;
	return a->npoints + (user ? (user->n < room ? user->n : room) : 0);
}

static const struct point *frame_point(const struct analysis *a, const struct userpoints *user, size_t i)
{
	return i < a->npoints ? &a->points[i] : &user->v[i - a->npoints].p;
}

/* roof_drawn, the user's points counted among the points a ceiling may cap. */
static int roof_drawn_with(const struct analysis *a, const struct userpoints *user, const struct roof *r)
{
	if (!fig_roof_ok(r))
		return 0;
	if (r->kind != ROOF_CEILING)
		return 1;
	struct roof_key rk = model_key_of(r), pk;
	for (size_t i = 0, n = frame_npoints(a, user); i < n; i++) {
		const struct point *p = frame_point(a, user, i);
		/* The point's roof by key (at one thread or its own, as the selection left it). */
		if (p->threads != r->threads || p->roof.kind != ROOF_CEILING || roofkey_is_none(&p->roof))
			continue;
		pk = roofkey_at(p->roof, rk.threads);
		if (roofkey_equal(&pk, &rk))
			return 1;
	}
	return 0;
}

int fig_roof_drawn(const struct analysis *a, const struct roof *r)
{
	return roof_drawn_with(a, NULL, r);
}

/*
 * A roof the frame holds: every roof of one thread, and of more threads the
 * slopes, the peak and the ceilings that cap one of their points. Wider
 * than what the roofline figure draws (roof_drawn): the compare figure
 * frames the whole run with plot_frame_for and draws its ceilings.
 */
int fig_roof_framed(const struct analysis *a, const struct roof *r)
{
	return fig_roof_drawn(a, r) || (fig_roof_ok(r) && r->kind == ROOF_CEILING && r->threads <= 1);
}

/*
 * The figure's own thread count: the smallest its roofs have (a selection,
 * figure_select_threads, has one). A roof of another count is drawn apart
 * (C_ALLCORE) where a caller lays out a whole run of several.
 */
int fig_base_threads(const struct analysis *a)
{
	int t = 0;
	for (size_t i = 0; i < a->nroofs; i++)
		if (a->roofs[i].threads > 0 && (t == 0 || a->roofs[i].threads < t))
			t = a->roofs[i].threads;
	return t ? t : 1;
}

/* The compute roof a slope of `threads` meets: same thread count, else one thread's, else a->peak. */
double fig_peak_for(const struct analysis *a, int threads)
{
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < a->nroofs; i++) {
			const struct roof *r = &a->roofs[i];
			if (r->kind == ROOF_COMPUTE && fig_roof_ok(r) &&
			    (pass ? model_key_of(r).threads <= 1 : model_key_of(r).threads == threads))
				return r->value;
		}
	return isfinite(a->peak) && a->peak > 0 ? a->peak : NAN;
}

/* The DRAM roof of `threads` threads (analysis_dram_of's one rule), else the run's. */
const struct roof *fig_dram_for(const struct analysis *a, int threads)
{
	const struct roof *r = analysis_dram_of(a, threads);
	return r ? r : analysis_dram(a);
}

/* The same roof, thread counts aside (L2 at 1 and at 8 threads): by key. */
int fig_roof_same(const struct roof *x, const struct roof *y)
{
	struct roof_key kx = roofkey_at(model_key_of(x), 1), ky = roofkey_at(model_key_of(y), 1);
	return roofkey_equal(&kx, &ky);
}

int fig_point_ok(const struct point *p)
{
	return isfinite(p->ai) && isfinite(p->gflops) && p->ai > 0 && p->gflops > 0;
}

/* The largest 1 or 3 times a power of ten at or below v. */
static double floor13(double v)
{
	double k = floor(log10(v) + 1e-9), d = pow(10, k);
	return v >= 3 * d * (1 - 1e-9) ? 3 * d : d;
}

/* The smallest 1 or 3 times a power of ten at or above v. */
static double ceil13(double v)
{
	double k = floor(log10(v) - 1e-9), d = pow(10, k);
	if (v <= d * (1 + 1e-9))
		return d;
	return v <= 3 * d * (1 + 1e-9) ? 3 * d : 10 * d;
}

/* One step out on the 1-3-10 ladder. */
static double down13(double v)
{
	return floor13(v * (1 - 1e-6) / 2.5);
}

static double up13(double v)
{
	return ceil13(v * (1 + 1e-6) * 2.5);
}

/*
 * An axis from the data's [lo, hi] (either may be missing: then three
 * decades from the other, or [dlo, dhi] with neither), out to the 1-3-10
 * ladder and at least two decades wide.
 */
static void axis_range(double lo, double hi, double dlo, double dhi, double *min, double *max)
{
	if (!isfinite(lo) && isfinite(hi))
		lo = hi / 1000;
	if (!isfinite(hi) && isfinite(lo))
		hi = lo * 1000;
	if (!isfinite(lo) || !isfinite(hi)) {
		lo = dlo;
		hi = dhi;
	}
	*min = floor13(lo);
	*max = ceil13(hi);
	while (*max / *min < 99.9) {
		*min = down13(*min);
		if (*max / *min < 99.9)
			*max = up13(*max);
	}
}

/* A decade's label in plain digits: 0.001, 0.1, 1, 10, 10000. */
void figure_decade_text(int k, char *buf, size_t n)
{
	if (k >= 0)
		snprintf(buf, n, "%.0f", pow(10, k));
	else
		snprintf(buf, n, "%.*f", -k, pow(10, k));
}

/* The frame's ranges: the data of a and of the user's points (NULL: none). */
static void data_ranges(const struct analysis *a, const struct userpoints *user, int tight, struct plot_frame *f)
{
	double *xmin = &f->xmin, *xmax = &f->xmax, *ymin = &f->ymin, *ymax = &f->ymax;
	double pxlo = INFINITY, pxhi = -INFINITY, pylo = INFINITY, pyhi = -INFINITY;
	double clo = INFINITY, chi = -INFINITY, top = -INFINITY, bwlo = INFINITY, bwhi = -INFINITY;
	double cxlo = INFINITY, cylo = INFINITY;

	for (size_t i = 0, n = frame_npoints(a, user); i < n; i++) {
		const struct point *p = frame_point(a, user, i);
		if (!fig_point_ok(p))
			continue;
		pxlo = fmin(pxlo, p->ai);
		pxhi = fmax(pxhi, p->ai);
		pylo = fmin(pylo, p->gflops);
		pyhi = fmax(pyhi, p->gflops);
	}
	for (size_t i = 0; i < a->nroofs; i++) {
		const struct roof *r = &a->roofs[i];
		if (!(tight ? roof_drawn_with(a, user, r) : fig_roof_framed(a, r)))
			continue;
		int suf = model_key_of(r).threads;
		if (r->kind == ROOF_BANDWIDTH) {
			double p = fig_peak_for(a, suf);
			bwlo = fmin(bwlo, r->value);
			bwhi = fmax(bwhi, r->value);
			if (isfinite(p)) {
				clo = fmin(clo, p / r->value);
				chi = fmax(chi, p / r->value);
			}
		} else {
			top = fmax(top, r->value);
			if (r->kind == ROOF_CEILING) {
				const struct roof *d = fig_dram_for(a, suf);
				cylo = fmin(cylo, r->value);
				if (d)
					cxlo = fmin(cxlo, r->value / d->value);
			}
		}
	}
	if (isfinite(a->peak) && a->peak > 0)
		top = fmax(top, a->peak);
	if (isfinite(a->ridge) && a->ridge > 0) {
		clo = fmin(clo, a->ridge);
		chi = fmax(chi, a->ridge);
	}

	/* x: every point, room left of the first corner for the slopes' labels, right of the last for the peak's. */
	double lo = fmin(fmin(pxlo / 1.6, clo / 12), cxlo / 3);
	double hi = fmax(pxhi * 1.6, chi * 5);
	axis_range(lo, hi, 0.01, 100, xmin, xmax);

	/* y: every point and ceiling, the slopes where they enter, room above the top roof for its label. */
	if (!isfinite(top) && isfinite(bwhi))
		top = bwhi * *xmax;
	lo = fmin(fmin(pylo / 1.6, cylo / 1.6), bwlo * *xmin);
	hi = fmax(pyhi * 1.6, top * 1.7);
	axis_range(lo, hi, 0.1, 1000, ymin, ymax);
}

/* The frame of plot_frame_for (tight 0) or of the roofline figure (tight 1: only what it draws). */
void fig_frame_for(const struct analysis *a, const struct userpoints *user, int width, int height, int tight,
		   struct plot_frame *f)
{
	double s = fmin(width / 1600.0, height / 1000.0);
	memset(f, 0, sizeof *f);
	f->width = width;
	f->height = height;
	f->scale = s;
	data_ranges(a, user, tight, f);

	/* The widest y tick label decides the left margin (DejaVu Sans digits are 0.636 em). */
	size_t chars = 1;
	char buf[32];
	for (int k = (int)ceil(log10(f->ymin) - 1e-9); k <= (int)floor(log10(f->ymax) + 1e-9); k++) {
		figure_decade_text(k, buf, sizeof buf);
		if (strlen(buf) > chars)
			chars = strlen(buf);
	}
	f->left = round(s * (22 + FIGURE_PX_AXIS_TITLE * 1.25 + 16 + 14) + chars * 0.64 * FIGURE_PX_TICK * s);
	f->right = width - round(48 * s);
	f->top = round(128 * s);
	f->bottom = height - round(106 * s);
}

void plot_frame_for(const struct analysis *a, int width, int height, struct plot_frame *f)
{
	fig_frame_for(a, NULL, width, height, 0, f);
}

void plot_to_pixel(const struct plot_frame *f, double ai, double gflops, double *x, double *y)
{
	double lx = log10(f->xmin), hx = log10(f->xmax);
	double ly = log10(f->ymin), hy = log10(f->ymax);
	*x = f->left + (log10(ai) - lx) / (hx - lx) * (f->right - f->left);
	*y = f->bottom - (log10(gflops) - ly) / (hy - ly) * (f->bottom - f->top);
}

void figure_frame(const struct analysis *a, const struct userpoints *user, int width, int height,
		  struct plot_frame *f)
{
	/* The frame holds the user's points too, as points of a. */
	fig_frame_for(a, user, width, height, 1, f);
}
