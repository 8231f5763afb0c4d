/* planrole.c - plan.csv's role names (planrole.h). */
#include "planrole.h"

#include <string.h>

static const char *const ROLE_NAMES[PLAN_ROLES] = { "sweep", "pattern", "kernel", "peak" };

const char *plan_role_name(enum plan_role role)
{
	return role >= 0 && role < PLAN_ROLES ? ROLE_NAMES[role] : "?";
}

int plan_role_parse(const char *name, enum plan_role *out)
{
	for (int i = 0; i < PLAN_ROLES; i++)
		if (strcmp(name, ROLE_NAMES[i]) == 0) {
			*out = (enum plan_role)i;
			return 0;
		}
	return -1;
}
