/*
 * labels.c - greedy label placement on a scene of boxes and capsules, pure
 * geometry (the interface in labels.h).
 */
#include "labels.h"

#include <math.h>
#include <stdlib.h>

#include "util.h"

static double min2(double a, double b)
{
	return b < a ? b : a;
}

static double max2(double a, double b)
{
	return b > a ? b : a;
}

/* A segment's bounding box: its ends' min and max (labels.segbb). */
static struct labels_box seg_bounds(struct labels_seg s)
{
	return (struct labels_box){ min2(s.x0, s.x1), min2(s.y0, s.y1), max2(s.x0, s.x1), max2(s.y0, s.y1) };
}

void labels_init(struct labels *l, struct labels_box frame, double pad)
{
	l->frame = frame;
	l->pad = pad;
	l->exclusive_leaders = 0;
	l->boxes = NULL;
	l->nboxes = l->boxcap = 0;
	l->segs = NULL;
	l->segbb = NULL;
	l->nsegs = l->segcap = 0;
}

void labels_free(struct labels *l)
{
	free(l->boxes);
	free(l->segs);
	free(l->segbb);
	l->boxes = NULL;
	l->segs = NULL;
	l->segbb = NULL;
	l->nboxes = l->boxcap = l->nsegs = l->segcap = 0;
}

void labels_add_box(struct labels *l, struct labels_box b)
{
	if (l->nboxes == l->boxcap) {
		l->boxcap = l->boxcap ? 2 * l->boxcap : 64;
		l->boxes = xrealloc(l->boxes, l->boxcap * sizeof *l->boxes);
	}
	l->boxes[l->nboxes++] = b;
}

void labels_add_seg(struct labels *l, struct labels_seg s)
{
	if (l->nsegs == l->segcap) {
		l->segcap = l->segcap ? 2 * l->segcap : 64;
		l->segs = xrealloc(l->segs, l->segcap * sizeof *l->segs);
		l->segbb = xrealloc(l->segbb, l->segcap * sizeof *l->segbb);
	}
	l->segbb[l->nsegs] = seg_bounds(s);
	l->segs[l->nsegs++] = s;
}

/* ---- geometry ------------------------------------------------------------ */

int labels_boxes_touch(struct labels_box a, struct labels_box b, double pad)
{
	return a.x0 < b.x1 + pad && b.x0 < a.x1 + pad &&
	       a.y0 < b.y1 + pad && b.y0 < a.y1 + pad;
}

/*
 * Squared distances inside, one square root per pair: the label search
 * measures every candidate against every segment, and hypot() (careful of
 * overflow that pixel coordinates never reach) was a quarter of a compare
 * figure's time.
 */
static double point_seg_dist2(double px, double py, double x0, double y0, double x1, double y1)
{
	double dx = x1 - x0, dy = y1 - y0;
	double len2 = dx * dx + dy * dy;
	double t = len2 > 0 ? ((px - x0) * dx + (py - y0) * dy) / len2 : 0;
	if (t < 0)
		t = 0;
	else if (t > 1)
		t = 1;
	double ex = px - (x0 + t * dx), ey = py - (y0 + t * dy);
	return ex * ex + ey * ey;
}


static double orient(double ax, double ay, double bx, double by, double cx, double cy)
{
	return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
}

static double seg_seg_dist2(struct labels_seg a, struct labels_seg b)
{
	double o1 = orient(a.x0, a.y0, a.x1, a.y1, b.x0, b.y0);
	double o2 = orient(a.x0, a.y0, a.x1, a.y1, b.x1, b.y1);
	double o3 = orient(b.x0, b.y0, b.x1, b.y1, a.x0, a.y0);
	double o4 = orient(b.x0, b.y0, b.x1, b.y1, a.x1, a.y1);
	if (((o1 < 0 && o2 > 0) || (o1 > 0 && o2 < 0)) &&
	    ((o3 < 0 && o4 > 0) || (o3 > 0 && o4 < 0)))
		return 0;
	/* Apart (or touching, which gives 0 below): the closest pair has an endpoint in it. */
	double d = point_seg_dist2(a.x0, a.y0, b.x0, b.y0, b.x1, b.y1);
	d = min2(d, point_seg_dist2(a.x1, a.y1, b.x0, b.y0, b.x1, b.y1));
	d = min2(d, point_seg_dist2(b.x0, b.y0, a.x0, a.y0, a.x1, a.y1));
	d = min2(d, point_seg_dist2(b.x1, b.y1, a.x0, a.y0, a.x1, a.y1));
	return d;
}

double labels_seg_seg_dist(struct labels_seg a, struct labels_seg b)
{
	return sqrt(seg_seg_dist2(a, b));
}

static int inside(double x, double y, struct labels_box b)
{
	return x >= b.x0 && x <= b.x1 && y >= b.y0 && y <= b.y1;
}

double labels_seg_box_dist(struct labels_seg s, struct labels_box b)
{
	if (inside(s.x0, s.y0, b) || inside(s.x1, s.y1, b))
		return 0;
	/* Outside a convex region, the closest pair lies on its boundary. */
	struct labels_seg e[4] = {
		{ b.x0, b.y0, b.x1, b.y0, 0, 0 }, { b.x1, b.y0, b.x1, b.y1, 0, 0 },
		{ b.x1, b.y1, b.x0, b.y1, 0, 0 }, { b.x0, b.y1, b.x0, b.y0, 0, 0 },
	};
	double d = INFINITY;
	for (int i = 0; i < 4; i++)
		d = min2(d, seg_seg_dist2(s, e[i]));
	return sqrt(d);
}

/* ---- the occupied space --------------------------------------------------- */

/* The segment's bounding box grown by m: a cheap first test before the exact distance. */
static int seg_near_box(struct labels_seg s, struct labels_box b, double m)
{
	return min2(s.x0, s.x1) - m < b.x1 && max2(s.x0, s.x1) + m > b.x0 &&
	       min2(s.y0, s.y1) - m < b.y1 && max2(s.y0, s.y1) + m > b.y0;
}

/*
 * seg_near_box from the segment's bounds (seg_bounds, kept for the
 * scene's segments in segbb): the same comparisons, without taking a
 * scene segment's min and max again for every shape tested against it.
 */
static int bounds_near_box(struct labels_box sb, struct labels_box b, double m)
{
	return sb.x0 - m < b.x1 && sb.x1 + m > b.x0 && sb.y0 - m < b.y1 && sb.y1 + m > b.y0;
}

static int box_in_frame(const struct labels *l, struct labels_box b)
{
	return b.x0 >= l->frame.x0 && b.x1 <= l->frame.x1 &&
	       b.y0 >= l->frame.y0 && b.y1 <= l->frame.y1;
}

int labels_box_free(const struct labels *l, struct labels_box b)
{
	if (!box_in_frame(l, b))
		return 0;
	for (size_t i = 0; i < l->nboxes; i++)
		if (labels_boxes_touch(b, l->boxes[i], l->pad))
			return 0;
	for (size_t i = 0; i < l->nsegs; i++) {
		double m = l->segs[i].r + l->pad;
		if (bounds_near_box(l->segbb[i], b, m) && labels_seg_box_dist(l->segs[i], b) < m)
			return 0;
	}
	return 1;
}

int labels_seg_free(const struct labels *l, struct labels_seg s)
{
	struct labels_box hull = {
		fmin(s.x0, s.x1) - s.r, fmin(s.y0, s.y1) - s.r,
		fmax(s.x0, s.x1) + s.r, fmax(s.y0, s.y1) + s.r,
	};
	if (!box_in_frame(l, hull))
		return 0;
	struct labels_box sb = seg_bounds(s);
	for (size_t i = 0; i < l->nboxes; i++) {
		double m = s.r + l->pad;
		if (bounds_near_box(sb, l->boxes[i], m) && labels_seg_box_dist(s, l->boxes[i]) < m)
			return 0;
	}
	for (size_t i = 0; i < l->nsegs; i++) {
		double m = s.r + l->segs[i].r + l->pad;
		if (bounds_near_box(sb, l->segbb[i], m) && labels_seg_seg_dist(s, l->segs[i]) < m)
			return 0;
	}
	return 1;
}

size_t labels_seg_hits(const struct labels *l, struct labels_seg s)
{
	size_t n = 0;
	struct labels_box sb = seg_bounds(s);
	for (size_t i = 0; i < l->nboxes; i++) {
		double m = s.r + l->pad;
		if (bounds_near_box(sb, l->boxes[i], m) && labels_seg_box_dist(s, l->boxes[i]) < m)
			n++;
	}
	for (size_t i = 0; i < l->nsegs; i++) {
		double m = s.r + l->segs[i].r + l->pad;
		if (bounds_near_box(sb, l->segbb[i], m) && labels_seg_seg_dist(s, l->segs[i]) < m)
			n++;
	}
	return n;
}

/* ---- placing -------------------------------------------------------------- */

/*
 * The directions tried on each ring: the eight compass points in the order a
 * reader expects a label (right, then the right diagonals, left and its
 * diagonals, above, below), then the directions between them, nearest to
 * "right" first. With y downwards, -45 degrees is up and to the right.
 */
static const double primary_deg[8] = { 0, -45, 45, 180, -135, 135, -90, 90 };

struct dir {
	double deg;
	int rank;
};

static int dir_cmp(const void *pa, const void *pb)
{
	const struct dir *a = pa, *b = pb;
	if (a->rank != b->rank)
		return a->rank < b->rank ? -1 : 1;
	double da = fabs(a->deg), db = fabs(b->deg);
	if (da != db)
		return da < db ? -1 : 1;
	return a->deg < b->deg ? -1 : a->deg > b->deg;   /* upwards (negative) first */
}

/* n directions (a multiple of 8), ordered as described above. */
static void ring_dirs(struct dir *d, int n)
{
	for (int i = 0; i < n; i++) {
		double deg = 360.0 * i / n;
		if (deg > 180)
			deg -= 360;
		d[i].deg = deg;
		d[i].rank = 8;
		for (int k = 0; k < 8; k++)
			if (fabs(deg - primary_deg[k]) < 1e-9 || (k == 3 && fabs(deg + 180) < 1e-9))
				d[i].rank = k;
	}
	qsort(d, (size_t)n, sizeof *d, dir_cmp);
}

static double clamp1(double v)
{
	return v < -1 ? -1 : v > 1 ? 1 : v;
}

/*
 * The box in direction deg at distance r: the point anchor + r*u touches the
 * box at a point of its outline that slides with the angle (middle of the
 * left edge for "right", the bottom-left corner for "up and right", ...), so
 * the box's nearest point is about r from the anchor in every direction.
 */
static struct labels_box candidate(const struct labels_item *it, double deg, double r)
{
	double th = deg * M_PI / 180.0;
	double ux = cos(th), uy = sin(th);
	double cx = it->ax + r * ux + 0.5 * it->w * clamp1(ux * M_SQRT2);
	double cy = it->ay + r * uy + 0.5 * it->h * clamp1(uy * M_SQRT2);
	struct labels_box b = { cx - 0.5 * it->w, cy - 0.5 * it->h, cx + 0.5 * it->w, cy + 0.5 * it->h };
	return b;
}

void labels_leader(const struct labels_item *it, double *x0, double *y0, double *x1, double *y1)
{
	/* The box's nearest point to the anchor, and the start `gap` out toward it. */
	double nx = fmin(fmax(it->ax, it->box.x0), it->box.x1);
	double ny = fmin(fmax(it->ay, it->box.y0), it->box.y1);
	double d = hypot(nx - it->ax, ny - it->ay);
	double t = d > 0 ? fmin(1, it->gap / d) : 0;
	*x0 = it->ax + t * (nx - it->ax);
	*y0 = it->ay + t * (ny - it->ay);
	*x1 = nx;
	*y1 = ny;
}

/* o is the item's own box beside its anchor's (labels_item.own). */
static int own_box(const struct labels_item *it, struct labels_box o)
{
	return it->has_own && o.x0 == it->own.x0 && o.y0 == it->own.y0 && o.x1 == it->own.x1 && o.y1 == it->own.y1;
}

/*
 * Is the leader to candidate box b clear? Boxes holding the anchor (its
 * marker), capsules within gap of it (lines through its point) and crossable
 * capsules do not count; the end that meets the box is pulled back by the
 * clearance so the box itself does not count either. With `crossed` set it
 * asks only whether the leader would cross another leader (-1) or not (1):
 * two leaders that cross each other leave a reader guessing which label
 * belongs to which point, so no fallback may do that.
 */
static int leader_free(const struct labels *l, const struct labels_item *it, struct labels_box b, int crossed)
{
	struct labels_item tmp = *it;
	struct labels_seg s;
	tmp.box = b;
	labels_leader(&tmp, &s.x0, &s.y0, &s.x1, &s.y1);
	double len = hypot(s.x1 - s.x0, s.y1 - s.y0), back = l->pad + 1.5;
	if (len <= back)
		return 1;
	s.x1 -= (s.x1 - s.x0) * back / len;
	s.y1 -= (s.y1 - s.y0) * back / len;
	s.r = 0.75;
	struct labels_box sb = seg_bounds(s);
	for (size_t i = 0; i < l->nboxes && !crossed; i++) {
		struct labels_box o = l->boxes[i];
		struct labels_seg at = { it->ax, it->ay, it->ax, it->ay, 0, 0 };
		if (labels_seg_box_dist(at, o) == 0 || own_box(it, o))   /* its own marker */
			continue;
		if (bounds_near_box(sb, o, s.r + l->pad) && labels_seg_box_dist(s, o) < s.r + l->pad)
			return 0;
	}
	for (size_t i = 0; i < l->nsegs; i++) {
		struct labels_seg o = l->segs[i];
		if (crossed && o.crossable != LABELS_LEADER)
			continue;
		struct labels_seg at = { it->ax, it->ay, it->ax, it->ay, 0, 0 };
		/* A line through its own point does not count; another's leader through it does. */
		if (o.crossable == LABELS_CROSSABLE || !bounds_near_box(sb, l->segbb[i], s.r + o.r + l->pad) ||
		    (o.crossable != LABELS_LEADER && labels_seg_seg_dist(at, o) <= it->gap + o.r))
			continue;
		if (labels_seg_seg_dist(s, o) < s.r + o.r + l->pad)
			return crossed ? -1 : 0;
	}
	return 1;
}

/*
 * How many boxes (markers, labels; not its own marker) and solid capsules
 * (labels along lines; not one through its own point) the leader to b
 * passes over: a leader through other points' markers reads as theirs,
 * one through a roof's name cuts it.
 */
static size_t leader_hits(const struct labels *l, const struct labels_item *it, struct labels_box b)
{
	struct labels_item tmp = *it;
	struct labels_seg s;
	size_t n = 0;
	tmp.box = b;
	labels_leader(&tmp, &s.x0, &s.y0, &s.x1, &s.y1);
	s.r = 0.75;
	for (size_t i = 0; i < l->nboxes; i++) {
		struct labels_box o = l->boxes[i];
		struct labels_seg at = { it->ax, it->ay, it->ax, it->ay, 0, 0 };
		if (labels_seg_box_dist(at, o) == 0 || own_box(it, o) || labels_boxes_touch(o, b, 0))
			continue;
		n += seg_near_box(s, o, s.r + l->pad) && labels_seg_box_dist(s, o) < s.r + l->pad;
	}
	struct labels_seg at = { it->ax, it->ay, it->ax, it->ay, 0, 0 };
	for (size_t i = 0; i < l->nsegs; i++) {
		struct labels_seg o = l->segs[i];
		if (o.crossable != LABELS_SOLID || labels_seg_seg_dist(at, o) <= it->gap + o.r)
			continue;
		n += labels_seg_seg_dist(s, o) < s.r + o.r + l->pad;
	}
	return n;
}

/*
 * The ring search. A free box whose leader would cross something is kept as
 * a fallback while the search goes on a little further (four label heights)
 * for one with a clear leader: a short leader that crosses a line reads
 * better than a clear one across the figure. A leader over another point's
 * marker or a label does not (it reads as theirs): with exclusive leaders,
 * while the best fallback passes over one, the search goes on four times
 * as far (sixteen label heights).
 */
static int search(struct labels *l, struct labels_item *it)
{
	double fw = l->frame.x1 - l->frame.x0, fh = l->frame.y1 - l->frame.y0;
	double max_r = it->max_r > 0 ? it->max_r : sqrt(fw * fw + fh * fh);
	double step = fmax(2.0, fmin(it->h, it->w) / 4);
	struct dir *dirs = NULL;
	int cap = 0, have_fallback = 0, rc = -1;
	struct labels_box fallback = it->box;
	double fallback_r = 0;
	size_t fallback_hits = 0;

	for (int k = 0;; k++) {
		double r = it->gap + k * step;
		/* With exclusive leaders, a fallback over a marker or a label keeps the search going four times as far. */
		double further = (fallback_hits > 0 && l->exclusive_leaders ? 16 : 4) * it->h;
		if (r > max_r || (have_fallback && r > fallback_r + further))
			break;
		/* About one direction per half label height of the ring's circumference. */
		int n = (int)ceil(2 * M_PI * (r + 0.5 * it->h) / (0.5 * it->h) / 8) * 8;
		if (n < 8)
			n = 8;
		if (n > 720)
			n = 720;
		if (n > cap) {
			cap = n;
			dirs = xrealloc(dirs, (size_t)cap * sizeof *dirs);
		}
		ring_dirs(dirs, n);
		for (int i = 0; i < n; i++) {
			struct labels_box b = candidate(it, dirs[i].deg, r);
			int moved = r > it->gap + it->h;
			if (!labels_box_free(l, b))
				continue;
			if (it->leader && moved && !leader_free(l, it, b, 0)) {
				/*
				 * With exclusive leaders (the roofline figure) the fallback is
				 * the one whose leader passes over the fewest markers and
				 * labels, the search going on four label heights past each
				 * better one; else the first.
				 */
				if (leader_free(l, it, b, 1) > 0 &&
				    (!have_fallback || (l->exclusive_leaders && fallback_hits > 0))) {
					size_t hits = l->exclusive_leaders ? leader_hits(l, it, b) : 0;
					if (!have_fallback || hits < fallback_hits) {
						have_fallback = 1;
						fallback = b;
						fallback_r = r;
						fallback_hits = hits;
					}
				}
				continue;
			}
			it->box = b;
			it->r = r;
			it->moved = moved;
			rc = 0;
			goto done;
		}
	}
	if (have_fallback && !(it->clear_only && fallback_hits > 0)) {
		it->box = fallback;
		it->r = fallback_r;
		it->moved = 1;
		rc = 0;
	}
done:
	free(dirs);
	return rc;
}

int labels_place(struct labels *l, struct labels_item *it)
{
	it->placed = 0;
	it->moved = 0;
	it->r = it->gap;
	it->box = candidate(it, 0, it->gap);
	if (search(l, it) != 0)
		return -1;
	it->placed = 1;
	labels_add_box(l, it->box);
	if (it->leader && it->moved) {
		struct labels_seg s;
		labels_leader(it, &s.x0, &s.y0, &s.x1, &s.y1);
		s.r = 0.75;
		s.crossable = l->exclusive_leaders ? LABELS_LEADER : LABELS_CROSSABLE;
		labels_add_seg(l, s);
	}
	return 0;
}

/* How many boxes next to the anchor (within one label height) are free now. */
static int room_near(const struct labels *l, const struct labels_item *it)
{
	struct dir d[32];
	double step = fmax(2.0, fmin(it->h, it->w) / 4);
	int free_n = 0;
	ring_dirs(d, 32);
	for (double r = it->gap; r <= it->gap + it->h; r += step)
		for (int i = 0; i < 32; i++)
			free_n += labels_box_free(l, candidate(it, d[i].deg, r));
	return free_n;
}

size_t labels_place_all(struct labels *l, struct labels_item *items, size_t n)
{
	char *done = xcalloc(n, 1);
	size_t failed = 0;
	for (size_t k = 0; k < n; k++) {
		/* The remaining item with the least room now; O(n^2) room counts, fine for a figure's points. */
		size_t best = n;
		int best_room = 0;
		for (size_t i = 0; i < n; i++) {
			if (done[i])
				continue;
			int room = room_near(l, &items[i]);
			if (best == n || room < best_room) {
				best = i;
				best_room = room;
			}
		}
		done[best] = 1;
		if (labels_place(l, &items[best]) != 0)
			failed++;
	}
	free(done);
	return failed;
}
