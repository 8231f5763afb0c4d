/*
 * userpoints_md.h - the report's section for the user's points, written
 * from their placed verdicts (userpoints_place): placing and writing apart.
 */
#ifndef ROOFLINE_USERPOINTS_MD_H
#define ROOFLINE_USERPOINTS_MD_H

#include <stdio.h>

#include "userpoints.h"

/*
 * Writes report.md's section for the points (heading "## Your code"): one
 * row each with its placement and diagnosis, which flops were counted and
 * which declared, and the points above their roof flagged with the advice.
 */
void userpoints_report(FILE *fp, const struct userpoints *up);

#endif
