/*
 * labels.h - placing text labels where they overlap nothing. Pure geometry:
 * no drawing, no I/O, so it is tested on scripted scenes (tests/unit/test_labels.c).
 *
 * The scene is a frame (labels must lie wholly inside it) and the occupied
 * space: axis-aligned boxes (markers, placed labels, a legend) and capsules
 * (every point within r of a segment: a drawn line with its width, or a label
 * written along a sloped line). A label is a w x h box near an anchor point.
 *
 * labels_place() is greedy and deterministic: it tries candidate boxes on
 * rings of increasing radius around the anchor, in a fixed order of
 * directions on each ring (right first, then the diagonals, left, above,
 * below), and takes the first one that is free; the box it takes is added to
 * the occupied space, so the next label avoids it. Cost: O(candidates x
 * occupied) per label; candidates grow with the square of the radius the
 * search must reach, which stays small for all but the most crowded scenes.
 * Coordinates are pixels with y growing downwards, but nothing depends on it
 * except the names "above" and "below".
 */
#ifndef ROOFLINE_LABELS_H
#define ROOFLINE_LABELS_H

#include <stddef.h>

/* An axis-aligned box, x0 <= x1 and y0 <= y1. */
struct labels_box {
	double x0, y0, x1, y1;
};

/*
 * A capsule: the points within r of the segment (x0,y0)-(x1,y1). `crossable`
 * is LABELS_CROSSABLE for a drawn line that a leader line may cross (labels
 * never may), LABELS_LEADER for a leader line, which no other leader may
 * cross, 0 for what nothing may cross.
 */
enum { LABELS_SOLID = 0, LABELS_CROSSABLE = 1, LABELS_LEADER = 2 };

struct labels_seg {
	double x0, y0, x1, y1, r;
	int crossable;
};

/* The frame and the occupied space. */
struct labels {
	struct labels_box frame;
	double pad;              /* the least clearance between any two shapes */
	/*
	 * 1: no leader crosses an earlier one (a label that finds none is left
	 * unplaced); 0 (labels_init): leaders may cross, as lines do.
	 */
	int exclusive_leaders;
	struct labels_box *boxes;
	size_t nboxes, boxcap;
	struct labels_seg *segs;
	struct labels_box *segbb;   /* each segment's bounding box (its ends' min and max), kept with it */
	size_t nsegs, segcap;
};

/* One label to place. */
struct labels_item {
	double ax, ay;           /* anchor */
	double w, h;             /* the label's box */
	double gap;              /* the least distance from the anchor to the box (the marker's radius) */
	double max_r;            /* give up beyond this radius; 0 = anywhere in the frame */
	int leader;              /* when it moves, a leader line to it must be free too (labels_leader) */
	/*
	 * 1: `own` is the item's too (the compare figure's A marker at the
	 * other end of its arrow): its leader may pass over it, as over the
	 * marker at its anchor.
	 */
	int has_own;
	struct labels_box own;
	/*
	 * 1: placed only where its leader passes over no other marker or label
	 * (with exclusive leaders); else left unplaced rather than read as
	 * another point's (the compare figure's moves, which compare.md lists).
	 */
	int clear_only;
	/* results */
	struct labels_box box;   /* where it went */
	double r;                /* distance from the anchor to the box's edge, along the ray tried */
	int placed;              /* 1: box is free; 0: nothing free, box is the first candidate */
	int moved;               /* 1: placed more than one label height from where it wanted to be */
};

/* An empty scene. `pad` is the clearance kept between shapes (0 allows touching). */
void labels_init(struct labels *l, struct labels_box frame, double pad);

/* Frees the occupied space. */
void labels_free(struct labels *l);

/* Marks a box / a capsule as occupied. */
void labels_add_box(struct labels *l, struct labels_box b);
void labels_add_seg(struct labels *l, struct labels_seg s);

/* 1 when the box (capsule) lies inside the frame and clears every occupied shape by pad. */
int labels_box_free(const struct labels *l, struct labels_box b);
int labels_seg_free(const struct labels *l, struct labels_seg s);

/*
 * How many occupied shapes (boxes and capsules) the capsule comes closer to
 * than pad; 0 when it clears them all. The frame is not counted: for picking
 * the least bad spot when labels_seg_free() finds none.
 */
size_t labels_seg_hits(const struct labels *l, struct labels_seg s);

/*
 * Places one label as described at the top, fills item->box, r, placed,
 * moved, and adds the box to the occupied space when placed. Returns 0 when
 * placed, -1 when no free box was found within max_r (nothing is added; the
 * caller should leave the label out rather than draw it over something).
 */
int labels_place(struct labels *l, struct labels_item *item);

/*
 * The leader line of a placed item: from `gap` out of the anchor to the
 * box's nearest point. When item->leader is set and the item moves,
 * labels_place() looks for a box whose leader clears every box and every
 * non-crossable capsule (a box holding the anchor, its own marker, and
 * capsules within `gap` of it, lines through its point, do not count). The
 * first free box whose leader does cross something is kept as a fallback,
 * taken when no clear one turns up within four label heights further out.
 * The leader is added to the occupied space: crossable by later leaders,
 * or, with l->exclusive_leaders, as LABELS_LEADER, which no later leader,
 * fallback or not, may cross. Labels never cover it.
 */
void labels_leader(const struct labels_item *item, double *x0, double *y0, double *x1, double *y1);

/*
 * Places all items, the most hemmed-in first: each step takes the remaining
 * item with the fewest free boxes right next to its anchor (ties in the given
 * order), so a label that must move away takes its leader out while the way
 * is open, and labels with room to spare fill in around it. O(n^2) counts of
 * nearby boxes. Returns how many could not be placed.
 */
size_t labels_place_all(struct labels *l, struct labels_item *items, size_t n);

/* Geometry, exposed for tests: 1 when two boxes are closer than pad (overlap for pad 0). */
int labels_boxes_touch(struct labels_box a, struct labels_box b, double pad);

/* The distance between a segment and a box (0 when they meet). */
double labels_seg_box_dist(struct labels_seg s, struct labels_box b);

/* The distance between two segments (0 when they cross). */
double labels_seg_seg_dist(struct labels_seg a, struct labels_seg b);

#endif
