/*
 * judge.h - the noise-aware rule that says whether a ratio is a move: one
 * pure function, shared by compare (a point's move against its roof between
 * two runs) and by anything else that holds a ratio with its interval (a node
 * against the fleet's median, issue 25). No I/O, no state.
 *
 * A ratio has moved when both hold:
 *   1. its interval [lo, hi] excludes 1: the samples' own noise does not
 *      explain it (the statistical test), and
 *   2. |ln ratio| exceeds a practical threshold: a difference small enough to
 *      come from one run to the next with nothing changed (a VM's placement,
 *      page colouring, the clock) is not worth reporting even when the
 *      interval is tight, since the interval only knows the noise *within*
 *      each run.
 */
#ifndef ROOFLINE_JUDGE_H
#define ROOFLINE_JUDGE_H

/*
 * compare's practical threshold, as |ln ratio| (a 5 % move): a move that
 * small is one that half the kernels make between two runs of one build on
 * a busy machine, even where a tight interval excludes 1.
 * docs/compare.md gives the A/A pairs it was set from (and the
 * machine they came from); never under 3 %, the smallest move the project
 * reports.
 */
#define JUDGE_PRACTICAL_MOVE 0.05
/* The floor no threshold goes under: about 3 %. */
#define JUDGE_MIN_MOVE 0.03

enum judge_verdict { JUDGE_SLOWER = -1, JUDGE_SAME = 0, JUDGE_FASTER = 1 };

/*
 * The verdict on `ratio` (B over A, or a node over the fleet: above 1 is
 * faster) with its interval [lo, hi]: JUDGE_FASTER when lo > 1 and
 * ln ratio > threshold, JUDGE_SLOWER when hi < 1 and -ln ratio > threshold,
 * else JUDGE_SAME. threshold is an |ln ratio| (JUDGE_PRACTICAL_MOVE for
 * compare's points); a threshold under JUDGE_MIN_MOVE is raised to it. Any
 * NaN, a ratio that is not positive, or lo > hi gives JUDGE_SAME: no
 * evidence, no move.
 */
enum judge_verdict judge_move(double ratio, double lo, double hi, double threshold);

/* "faster", "slower" or "" (compare.csv's moved column). */
const char *judge_verdict_name(enum judge_verdict v);

#endif
