/*
 * roof_width.h - how well a run knows each roof: the relative width of the
 * 95 % interval of its figure (known.h, the rule measure stops a job by),
 * recomputed from the kept timings in timings.csv alone, so the report can
 * say what a bigger budget would buy. Pure: no I/O.
 */
#ifndef ROOFLINE_ROOF_WIDTH_H
#define ROOFLINE_ROOF_WIDTH_H

#include "model.h"
#include "rundata.h"

/*
 * The relative width (0.02: 2 %) of roof r's interval: for a roof one job
 * set (the peak, a ceiling, a pattern, a level set by stores in place), that
 * job's; for a plateau, the mean of its three fastest sizes' widths (its
 * value is the mean of their bests). NaN when its timings give none.
 */
double roof_width(const struct rundata *run, const struct analysis *a, const struct roof *r);

#endif
