/*
 * runplace.c - where a path stands among run directories and fleets (see
 * runplace.h). What marks each is what its reader opens first: a run's
 * env.csv and timings.csv (rundata.c), a fleet's fleet.csv (fleet_dir.c).
 */
#include "runplace.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"

char *runplace_trim_slashes(const char *path)
{
	char *p = xstrdup(path);
	size_t n = strlen(p);
	while (n > 1 && p[n - 1] == '/')
		p[--n] = '\0';
	return p;
}

static int runplace_holds(const char *dir, const char *file)
{
	char *p = path_join(dir, file);
	struct stat st;
	int yes = stat(p, &st) == 0 && S_ISREG(st.st_mode);
	free(p);
	return yes;
}

enum runplace_kind runplace_enclosing(const char *path, char **where)
{
	*where = NULL;
	/* The nearest existing directory above path ("." for a plain name). */
	char *up = runplace_trim_slashes(path);
	char *real = NULL;
	for (;;) {
		char *slash = strrchr(up, '/');
		if (!slash) {
			free(up);
			up = xstrdup(".");
		} else {
			slash[slash == up] = '\0';   /* "/x" leaves "/" */
		}
		real = realpath(up, NULL);
		if (real || strcmp(up, ".") == 0 || strcmp(up, "/") == 0)
			break;
	}
	free(up);
	if (!real)
		return RUNPLACE_NONE;
	/* From there up to the root: the first run or fleet holds path. */
	for (;;) {
		enum runplace_kind kind = runplace_holds(real, "fleet.csv") ? RUNPLACE_FLEET
					: runplace_holds(real, "env.csv") || runplace_holds(real, "timings.csv")
					? RUNPLACE_RUN : RUNPLACE_NONE;
		if (kind != RUNPLACE_NONE) {
			*where = real;
			return kind;
		}
		char *slash = strrchr(real, '/');
		if (!slash || strcmp(real, "/") == 0)
			break;
		slash[slash == real] = '\0';
	}
	free(real);
	return RUNPLACE_NONE;
}
