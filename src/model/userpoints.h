/*
 * userpoints.h - the user's own loops on the chart: a points file (`plot
 * --points FILE`, `report --points FILE`), as include/roofline.h appends it.
 *
 * The file is CSV (RFC 4180, read by src/csvin.c) with a header row naming
 * at least name,version,flops,bytes,seconds, in any order, and optionally
 * threads (default 1), level (L1, L2, L3 or DRAM: the roof its bytes are
 * judged against; default DRAM), flops_source (`declared`, the default,
 * or `counted`: flops from hardware counters, see roofline.h) and
 * bytes_source (the same for bytes: memory-controller counters). One row is
 * one timed region: `flops` and `bytes` are what one timing did and moved,
 * `seconds` how long it took, so a point is at flops/bytes flop/byte and
 * flops/seconds/1e9 GFLOP/s. The rows of one name are the versions of one
 * loop, in the order they were written: the figure joins them by arrows.
 */
#ifndef ROOFLINE_USERPOINTS_H
#define ROOFLINE_USERPOINTS_H

#include <stddef.h>
#include <stdio.h>

#include "analysis.h"
#include "diagnosis.h"

#define USERPOINTS_MAX 128

struct userpoint {
	char name[48];
	char version[32];
	double flops, bytes, seconds;
	int threads;
	char level[8];           /* as written, upper case; empty: not given */
	enum mem_level level_id; /* the same, typed as the file is read (MEM_LEVELS: not given) */
	int counted;             /* flops_source counted: flops from hardware counters */
	int bytes_counted;       /* bytes_source counted: bytes from memory-controller counters */
	size_t line;             /* the row's line in the file, for messages */
	size_t level_column;     /* the level field's column (0: no level column) */
	struct point p;          /* placed by userpoints_place() */
	int above;               /* p.above_roof: past DIAGNOSIS_ABOVE and its roof's best */
};

struct userpoints {
	char *path;
	struct userpoint *v;
	size_t n;
};

/*
 * Reads a points file. Returns 0, or -1 with one line in err,
 * "FILE:LINE:COLUMN: what" (an empty file, a missing or unknown column, a
 * field that is not a positive finite number, ...). A UTF-8 byte-order mark
 * before the header is accepted.
 */
int userpoints_load(const char *path, struct userpoints *up, char *err, size_t errlen);

/*
 * Places every point on a's roofs with diagnosis_place() (the same rule as
 * the tool's own kernels) and flags those above their roof. Returns 0, or -1
 * with "FILE:LINE:COLUMN: ..." in err when a row names a level the run has
 * no bandwidth roof for.
 */
int userpoints_place(const struct analysis *a, struct userpoints *up, char *err, size_t errlen);

/* An arrow from one version of a loop to its next: indices into up->v. */
struct userpoints_arrow {
	size_t from, to;
};

/*
 * The arrows between the versions of each name, in file order: each row to
 * the next row of the same name. Writes at most max, returns how many.
 */
size_t userpoints_arrows(const struct userpoints *up, struct userpoints_arrow *out, size_t max);


void userpoints_free(struct userpoints *up);

#endif
