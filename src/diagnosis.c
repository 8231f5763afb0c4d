/*
 * diagnosis.c - see diagnosis.h. STAND-IN for helper `model`'s module: at
 * merge, model's src/diagnosis.c replaces this file.
 */
#include "diagnosis.h"

#include <stdio.h>
#include <string.h>

void diagnosis_place(const struct analysis *a, struct point *p)
{
	const struct roof *level = NULL;
	if (p->level[0]) {
		char name[32];
		if (p->threads > 1)
			snprintf(name, sizeof name, "%s@%dt", p->level, p->threads);
		else
			snprintf(name, sizeof name, "%s", p->level);
		level = analysis_roof(a, name);
		if (level && level->kind != ROOF_BANDWIDTH)
			level = NULL;
	}
	if (!level)
		level = analysis_dram(a);
	analysis_place(a, p, level);
}
