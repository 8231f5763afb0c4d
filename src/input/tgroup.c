/* tgroup.c - the timing groups' names, read and written in one place. */
#include "tgroup.h"

#include <string.h>

static const char *const NAMES[TGROUP_COUNT] = { "bandwidth", "peak", "kernels" };

int tgroup_parse(const char *name, enum timing_group *out)
{
	for (int g = 0; g < TGROUP_COUNT; g++)
		if (strcmp(name, NAMES[g]) == 0) {
			*out = (enum timing_group)g;
			return 0;
		}
	return -1;
}

const char *tgroup_name(enum timing_group g)
{
	return g >= 0 && g < TGROUP_COUNT ? NAMES[g] : "?";
}
