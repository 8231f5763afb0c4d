/* remarkfiles.c - see remarkfiles.h. */
#include "remarkfiles.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "registry.h"
#include "util.h"

static int cmp_str(const void *x, const void *y)
{
	return strcmp(*(char *const *)x, *(char *const *)y);
}

void remark_files_load(const char *run_dir, struct remark_files *rf)
{
	memset(rf, 0, sizeof *rf);
	char *dir = path_join(run_dir, "remarks");
	struct stat st;
	rf->folder = stat(dir, &st) == 0 && S_ISDIR(st.st_mode);
	DIR *d = opendir(dir);
	if (!d) {
		free(dir);
		return;
	}
	size_t cap = 0;
	struct dirent *e;
	while ((e = readdir(d))) {
		size_t len = strlen(e->d_name);
		if (e->d_name[0] == '.' || len <= 4 || strcmp(e->d_name + len - 4, ".txt") != 0)
			continue;
		if (rf->n == cap) {
			cap = cap ? 2 * cap : 16;
			rf->names = xrealloc(rf->names, cap * sizeof *rf->names);
		}
		rf->names[rf->n++] = xasprintf("%.*s", (int)(len - 4), e->d_name);
	}
	closedir(d);
	if (rf->n)
		qsort(rf->names, rf->n, sizeof *rf->names, cmp_str);
	rf->texts = rf->n ? xcalloc(rf->n, sizeof *rf->texts) : NULL;
	rf->kernels = rf->n ? xcalloc(rf->n, sizeof *rf->kernels) : NULL;
	for (size_t i = 0; i < rf->n; i++) {
		rf->kernels[i] = registry_find(rf->names[i]);
		char *file = xasprintf("%s.txt", rf->names[i]);
		char *path = path_join(dir, file);
		char why[512];
		rf->texts[i] = read_text_file(path, why, sizeof why);
		free(file);
		free(path);
	}
	free(dir);
}

void remark_files_free(struct remark_files *rf)
{
	for (size_t i = 0; i < rf->n; i++) {
		free(rf->names[i]);
		free(rf->texts[i]);
	}
	free(rf->names);
	free(rf->texts);
	free(rf->kernels);
	memset(rf, 0, sizeof *rf);
}
