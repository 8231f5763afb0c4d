/*
 * test_labels.c - the label placer on scripted scenes. The checks here use
 * their own geometry (sampling, plain interval tests), not the placer's, so a
 * bug in labels.c's distance functions cannot hide itself.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "labels.h"

static const struct labels_box frame = { 0, 0, 1000, 700 };

/* Strict overlap of two boxes (touching edges are allowed). */
static int overlap(struct labels_box a, struct labels_box b)
{
	return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

static int within_frame(struct labels_box b)
{
	return b.x0 >= frame.x0 && b.x1 <= frame.x1 && b.y0 >= frame.y0 && b.y1 <= frame.y1;
}

/* Does the capsule reach into the box? Sampled every 0.25 px along the segment. */
static int capsule_hits(struct labels_seg s, struct labels_box b)
{
	double len = hypot(s.x1 - s.x0, s.y1 - s.y0);
	int n = (int)(len / 0.25) + 1;
	for (int i = 0; i <= n; i++) {
		double t = (double)i / n;
		double x = s.x0 + t * (s.x1 - s.x0), y = s.y0 + t * (s.y1 - s.y0);
		double dx = x < b.x0 ? b.x0 - x : x > b.x1 ? x - b.x1 : 0;
		double dy = y < b.y0 ? b.y0 - y : y > b.y1 ? y - b.y1 : 0;
		if (hypot(dx, dy) < s.r - 1e-9)
			return 1;
	}
	return 0;
}

static void test_trivial_label_sits_next_to_its_anchor(void **state)
{
	(void)state;
	struct labels l;
	labels_init(&l, frame, 2);
	struct labels_box marker = { 495, 295, 505, 305 };
	labels_add_box(&l, marker);
	struct labels_item it = { .ax = 500, .ay = 300, .w = 120, .h = 20, .gap = 8 };
	assert_int_equal(labels_place(&l, &it), 0);
	assert_int_equal(it.placed, 1);
	assert_int_equal(it.moved, 0);
	/* To the right, vertically centred, `gap` from the anchor. */
	assert_true(fabs(it.box.x0 - 508) < 1e-9);
	assert_true(fabs(it.box.x1 - 628) < 1e-9);
	assert_true(fabs(it.box.y0 - 290) < 1e-9);
	assert_true(fabs(it.box.y1 - 310) < 1e-9);
	/* The placed label is now occupied space. */
	assert_int_equal(l.nboxes, 2);
	assert_false(labels_box_free(&l, it.box));
	labels_free(&l);
}

static void test_label_at_right_edge_goes_left(void **state)
{
	(void)state;
	struct labels l;
	labels_init(&l, frame, 2);
	struct labels_item it = { .ax = 990, .ay = 300, .w = 120, .h = 20, .gap = 8 };
	assert_int_equal(labels_place(&l, &it), 0);
	assert_true(it.box.x1 <= 982 + 1e-9);
	assert_true(within_frame(it.box));
	assert_true(it.box.y0 <= 300 && it.box.y1 >= 280);   /* still beside its anchor */
	labels_free(&l);
}

static void test_geometry(void **state)
{
	(void)state;
	struct labels_box b = { 10, 10, 20, 20 };
	struct labels_seg crossing = { 0, 15, 30, 15, 0, 0 };
	struct labels_seg above = { 0, 5, 30, 5, 0, 0 };
	struct labels_seg diag = { 0, 0, 5, 5, 0, 0 };
	assert_true(labels_seg_box_dist(crossing, b) == 0);
	assert_true(fabs(labels_seg_box_dist(above, b) - 5) < 1e-12);
	assert_true(fabs(labels_seg_box_dist(diag, b) - hypot(5, 5)) < 1e-12);
	struct labels_seg s1 = { 0, 0, 10, 10, 0, 0 }, s2 = { 0, 10, 10, 0, 0, 0 }, s3 = { 0, 3, 10, 3, 0, 0 };
	struct labels_seg s4 = { 20, 0, 20, 10, 0, 0 };
	assert_true(labels_seg_seg_dist(s1, s2) == 0);
	assert_true(labels_seg_seg_dist(s1, s3) == 0);
	assert_true(fabs(labels_seg_seg_dist(s3, s4) - 10) < 1e-12);
	struct labels_box c = { 20, 10, 30, 20 }, d = { 20.5, 10, 30, 20 };
	assert_false(labels_boxes_touch(b, c, 0));   /* sharing an edge is not overlapping */
	assert_true(labels_boxes_touch(b, c, 1));
	assert_false(labels_boxes_touch(b, d, 0.4));
}

/*
 * 30 points in a 120 x 90 px patch, long labels, the points' markers, two
 * lines through the patch and a big box beside it: every label must find a
 * place, inside the frame, clear of everything.
 */
#define NCROWD 30

static void crowd(struct labels *l, struct labels_item *items, struct labels_seg *segs,
		  struct labels_box *big)
{
	labels_init(l, frame, 1.5);
	*big = (struct labels_box){ 520, 180, 700, 260 };
	labels_add_box(l, *big);
	segs[0] = (struct labels_seg){ 100, 650, 900, 50, 2, 1 };   /* a roof-like slope */
	segs[1] = (struct labels_seg){ 300, 330, 980, 330, 1.5, 1 }; /* a horizontal roof */
	labels_add_seg(l, segs[0]);
	labels_add_seg(l, segs[1]);
	for (int i = 0; i < NCROWD; i++) {
		/* Deterministic scatter: a small lattice with a twist. */
		double x = 430 + (i * 37) % 120;
		double y = 300 + (i * 53) % 90;
		struct labels_box m = { x - 6, y - 6, x + 6, y + 6 };
		labels_add_box(l, m);
		items[i] = (struct labels_item){ .ax = x, .ay = y,
			.w = 110 + (i % 5) * 30, .h = 22, .gap = 8, .leader = 1 };
	}
}

/*
 * The crowded scene with exclusive leaders (as the roofline figure lays
 * out): no two leaders of the labels placed cross, and most labels are
 * still placed, several of them moved away with a leader.
 */
static void test_leaders_do_not_cross(void **state)
{
	(void)state;
	struct labels l;
	struct labels_item items[NCROWD];
	struct labels_seg segs[2];
	struct labels_box big;
	crowd(&l, items, segs, &big);
	l.exclusive_leaders = 1;
	size_t missed = labels_place_all(&l, items, NCROWD);
	assert_true(missed <= NCROWD / 6);
	int moved = 0;
	for (int i = 0; i < NCROWD; i++) {
		if (!items[i].placed || !items[i].moved)
			continue;
		moved++;
		struct labels_seg a = { 0, 0, 0, 0, 0, 0 };
		labels_leader(&items[i], &a.x0, &a.y0, &a.x1, &a.y1);
		for (int j = 0; j < i; j++) {
			if (!items[j].placed || !items[j].moved)
				continue;
			struct labels_seg b = { 0, 0, 0, 0, 0, 0 };
			labels_leader(&items[j], &b.x0, &b.y0, &b.x1, &b.y1);
			if (labels_seg_seg_dist(a, b) == 0)
				fail_msg("the leaders of labels %d and %d cross", j, i);
		}
	}
	assert_true(moved >= 5);
	labels_free(&l);
}

/*
 * A label walled in (a square of lines no leader may cross) with a marker
 * inside on its right, toward the first free spot the search finds: with exclusive
 * leaders the fallback is a spot whose leader passes over no marker, not
 * the first one found, whose leader would run through that marker.
 */
static void test_fallback_leader_misses_markers(void **state)
{
	(void)state;
	struct labels l;
	labels_init(&l, frame, 1.5);
	l.exclusive_leaders = 1;
	double ax = 500, ay = 400;
	struct labels_box own = { ax - 6, ay - 6, ax + 6, ay + 6 }, marker = { 515, 394, 527, 406 };
	labels_add_box(&l, own);
	labels_add_box(&l, marker);
	static const double sq[4][4] = { { -40, -40, 40, -40 }, { 40, -40, 40, 40 }, { 40, 40, -40, 40 }, { -40, 40, -40, -40 } };
	for (int i = 0; i < 4; i++)
		labels_add_seg(&l, (struct labels_seg){ ax + sq[i][0], ay + sq[i][1], ax + sq[i][2], ay + sq[i][3], 1,
						       LABELS_SOLID });
	struct labels_item it = { .ax = ax, .ay = ay, .w = 100, .h = 20, .gap = 8, .leader = 1 };
	assert_int_equal(labels_place(&l, &it), 0);
	assert_true(it.moved);
	struct labels_seg s = { 0, 0, 0, 0, 0.75, 0 };
	labels_leader(&it, &s.x0, &s.y0, &s.x1, &s.y1);
	if (labels_seg_box_dist(s, marker) < 0.75 + 1.5)
		fail_msg("the leader to (%.0f, %.0f) runs through the marker", it.box.x0, it.box.y0);
	labels_free(&l);
}

static void test_crowded_scene(void **state)
{
	(void)state;
	struct labels l;
	struct labels_item items[NCROWD];
	struct labels_seg segs[2];
	struct labels_box big;
	crowd(&l, items, segs, &big);
	assert_int_equal(labels_place_all(&l, items, NCROWD), 0);
	for (int i = 0; i < NCROWD; i++) {
		struct labels_box b = items[i].box;
		assert_int_equal(items[i].placed, 1);
		assert_true(within_frame(b));
		assert_false(overlap(b, big));
		for (int s = 0; s < 2; s++)
			assert_false(capsule_hits(segs[s], b));
		for (int j = 0; j < NCROWD; j++) {
			double x = items[j].ax, y = items[j].ay;
			struct labels_box m = { x - 6, y - 6, x + 6, y + 6 };
			assert_false(overlap(b, m));
			if (j != i)
				assert_false(overlap(b, items[j].box));
		}
	}
	/* Far from the first ring, some labels had to move: the flag says so. */
	int moved = 0;
	for (int i = 0; i < NCROWD; i++)
		moved += items[i].moved;
	assert_true(moved > 0);

	/* Deterministic: the same scene places the same boxes. */
	struct labels l2;
	struct labels_item again[NCROWD];
	crowd(&l2, again, segs, &big);
	labels_place_all(&l2, again, NCROWD);
	for (int i = 0; i < NCROWD; i++)
		assert_memory_equal(&items[i].box, &again[i].box, sizeof items[i].box);
	labels_free(&l);
	labels_free(&l2);
}

/*
 * A point hemmed in by a ring of eight markers must move its label away; its
 * leader threads between the markers and crosses neither them nor the labels
 * of two points beside the ring. (In a clump where labels enclose a point on
 * every side no clear leader exists; labels_place then takes a crossing one.)
 */
static void test_leader_is_clear(void **state)
{
	(void)state;
	struct labels l;
	struct labels_box ring[8];
	struct labels_item side[2], it;
	labels_init(&l, frame, 1.5);
	for (int i = 0; i < 8; i++) {
		double t = i * M_PI / 4, x = 500 + 34 * cos(t), y = 350 + 34 * sin(t);
		ring[i] = (struct labels_box){ x - 6, y - 6, x + 6, y + 6 };
		labels_add_box(&l, ring[i]);
	}
	for (int i = 0; i < 2; i++) {
		double x = i ? 440 : 560, y = i ? 300 : 400;
		struct labels_box m = { x - 6, y - 6, x + 6, y + 6 };
		labels_add_box(&l, m);
		side[i] = (struct labels_item){ .ax = x, .ay = y, .w = 150, .h = 22, .gap = 8, .leader = 1 };
		assert_int_equal(labels_place(&l, &side[i]), 0);
		assert_int_equal(side[i].moved, 0);
	}
	it = (struct labels_item){ .ax = 500, .ay = 350, .w = 150, .h = 22, .gap = 8, .leader = 1 };
	assert_int_equal(labels_place(&l, &it), 0);
	assert_int_equal(it.moved, 1);
	struct labels_seg ld;
	labels_leader(&it, &ld.x0, &ld.y0, &ld.x1, &ld.y1);
	ld.r = 0.5;
	ld.crossable = 0;
	/* It starts `gap` out of its anchor and ends on its own box. */
	assert_true(fabs(hypot(ld.x0 - 500, ld.y0 - 350) - 8) < 1e-9);
	assert_true(ld.x1 >= it.box.x0 && ld.x1 <= it.box.x1 && ld.y1 >= it.box.y0 && ld.y1 <= it.box.y1);
	double len = hypot(ld.x1 - ld.x0, ld.y1 - ld.y0);
	ld.x1 -= (ld.x1 - ld.x0) / len;      /* stop 1 px short of its own box */
	ld.y1 -= (ld.y1 - ld.y0) / len;
	for (int i = 0; i < 8; i++)
		assert_false(capsule_hits(ld, ring[i]));
	for (int i = 0; i < 2; i++)
		assert_false(capsule_hits(ld, side[i].box));
	/* The leader is occupied space now: a label may not sit on it. */
	double mx = 0.5 * (ld.x0 + ld.x1), my = 0.5 * (ld.y0 + ld.y1);
	struct labels_box on = { mx - 3, my - 3, mx + 3, my + 3 };
	assert_false(labels_box_free(&l, on));
	labels_free(&l);
}

/*
 * A point in a pocket open at the bottom: the nearest free box is to the
 * right, but its leader would cross the pocket's wall, so the label goes
 * below, its leader out through the opening.
 */
static void test_leader_leaves_by_the_opening(void **state)
{
	(void)state;
	struct labels l;
	struct labels_box walls[3] = {
		{ 440, 300, 488, 400 },   /* left */
		{ 470, 300, 530, 338 },   /* top */
		{ 512, 300, 530, 400 },   /* right */
	};
	labels_init(&l, frame, 1.5);
	for (int i = 0; i < 3; i++)
		labels_add_box(&l, walls[i]);
	struct labels_item it = { .ax = 500, .ay = 350, .w = 150, .h = 22, .gap = 8, .leader = 1 };
	assert_int_equal(labels_place(&l, &it), 0);
	assert_int_equal(it.moved, 1);
	assert_true(it.box.y0 > 400);
	struct labels_seg ld;
	labels_leader(&it, &ld.x0, &ld.y0, &ld.x1, &ld.y1);
	ld.r = 0.5;
	ld.crossable = 0;
	for (int i = 0; i < 3; i++)
		assert_false(capsule_hits(ld, walls[i]));
	/* Without a leader to keep clear, the nearest free box (to the right) wins. */
	struct labels l2;
	labels_init(&l2, frame, 1.5);
	for (int i = 0; i < 3; i++)
		labels_add_box(&l2, walls[i]);
	it.leader = 0;
	assert_int_equal(labels_place(&l2, &it), 0);
	assert_true(it.box.x0 > 530);
	labels_free(&l);
	labels_free(&l2);
}

static void test_rotated_label_as_capsule(void **state)
{
	(void)state;
	struct labels l;
	labels_init(&l, frame, 1);
	struct labels_seg line = { 100, 600, 600, 100, 1.5, 1 };
	labels_add_seg(&l, line);
	/* A label written along the line, 6 px above it, clears it... */
	double nx = -M_SQRT1_2, ny = -M_SQRT1_2, off = 6 + 10;
	struct labels_seg lab = { 200 + nx * off, 500 + ny * off, 300 + nx * off, 400 + ny * off, 10, 0 };
	assert_true(labels_seg_free(&l, lab));
	/* ...one written on it does not, nor one half out of the frame. */
	struct labels_seg on = { 200, 500, 300, 400, 10, 0 };
	assert_false(labels_seg_free(&l, on));
	struct labels_seg out = { -5, 20, 50, 20, 10, 0 };
	assert_false(labels_seg_free(&l, out));
	labels_add_seg(&l, lab);
	struct labels_box across = { 240, 420, 260, 440 };
	assert_false(labels_box_free(&l, across));
	labels_free(&l);
}

/* labels_seg_hits counts what a capsule comes too close to; the frame does not count. */
static void test_seg_hits(void **state)
{
	(void)state;
	struct labels l;
	labels_init(&l, frame, 2);
	struct labels_seg lab = { 100, 100, 300, 100, 10, 0 };
	assert_int_equal(labels_seg_hits(&l, lab), 0);
	struct labels_box m1 = { 150, 85, 160, 95 }, m2 = { 250, 111, 260, 121 }, far = { 150, 114, 160, 124 };
	labels_add_box(&l, m1);
	labels_add_box(&l, m2);
	labels_add_box(&l, far);   /* 14 below the axis: 4 past the capsule, 2 past the pad */
	struct labels_seg line = { 100, 90, 400, 90, 1, 1 }, other = { 100, 300, 400, 300, 1, 1 };
	labels_add_seg(&l, line);
	labels_add_seg(&l, other);
	/* m1 and line; m2 too, 1 px off (pad 2); not far, 4 px off, nor other. */
	assert_int_equal(labels_seg_hits(&l, lab), 3);
	struct labels_seg out = { -50, 500, 50, 500, 10, 0 };
	assert_int_equal(labels_seg_hits(&l, out), 0);
	assert_false(labels_seg_free(&l, out));
	labels_free(&l);
}

static void test_no_room_is_reported(void **state)
{
	(void)state;
	struct labels l;
	labels_init(&l, frame, 0);
	struct labels_item it = { .ax = 500, .ay = 300, .w = 1200, .h = 20, .gap = 8 };
	assert_int_equal(labels_place(&l, &it), -1);
	assert_int_equal(it.placed, 0);
	assert_int_equal(l.nboxes, 0);
	struct labels_item near = { .ax = 500, .ay = 300, .w = 100, .h = 20, .gap = 8, .max_r = 30 };
	struct labels_box wall = { 0, 0, 1000, 700 };
	labels_add_box(&l, wall);
	assert_int_equal(labels_place(&l, &near), -1);
	labels_free(&l);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_trivial_label_sits_next_to_its_anchor),
		cmocka_unit_test(test_label_at_right_edge_goes_left),
		cmocka_unit_test(test_geometry),
		cmocka_unit_test(test_crowded_scene),
		cmocka_unit_test(test_leaders_do_not_cross),
		cmocka_unit_test(test_fallback_leader_misses_markers),
		cmocka_unit_test(test_leader_is_clear),
		cmocka_unit_test(test_leader_leaves_by_the_opening),
		cmocka_unit_test(test_rotated_label_as_capsule),
		cmocka_unit_test(test_no_room_is_reported),
		cmocka_unit_test(test_seg_hits),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
