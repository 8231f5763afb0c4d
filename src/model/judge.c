/* judge.c - the noise-aware rule that says whether a ratio is a move (see judge.h). */
#include "judge.h"

#include <math.h>

enum judge_verdict judge_move(double ratio, double lo, double hi, double threshold)
{
	if (!(ratio > 0) || !isfinite(ratio) || isnan(lo) || isnan(hi) || lo > hi)
		return JUDGE_SAME;
	double floor_ = isnan(threshold) || threshold < JUDGE_MIN_MOVE ? JUDGE_MIN_MOVE : threshold;
	if (lo > 1 && log(ratio) > floor_)
		return JUDGE_FASTER;
	if (hi < 1 && -log(ratio) > floor_)
		return JUDGE_SLOWER;
	return JUDGE_SAME;
}

const char *judge_verdict_name(enum judge_verdict v)
{
	return v == JUDGE_FASTER ? "faster" : v == JUDGE_SLOWER ? "slower" : "";
}
