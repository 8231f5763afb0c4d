/*
 * remarkfiles.h - a run's remarks/ folder, read once at input: whether it is
 * there, and every remarks/<name>.txt in it (the compiler's vectorisation
 * remarks on kernel file <name>.c, kept by measure), sorted by name, with its
 * text. The report and compare.md write from it; they read no file.
 */
#ifndef ROOFLINE_REMARKFILES_H
#define ROOFLINE_REMARKFILES_H

#include <stddef.h>

struct remark_files {
	int folder;        /* 1: remarks/ is there (it may hold no file) */
	size_t n;
	char **names;      /* without .txt, sorted (strcmp) */
	char **texts;      /* NULL where the file could not be read */
	/* The kernel each file is named after (kernels/<name>.c), its registry entry; NULL where none (bw_avx2, kernel_util). */
	const struct kernel **kernels;
};

/* Reads run_dir/remarks into rf (n 0 and folder 0 when it is missing). */
void remark_files_load(const char *run_dir, struct remark_files *rf);
void remark_files_free(struct remark_files *rf);

#endif
