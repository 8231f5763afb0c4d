/*
 * remarks.h - what the compiler said about each kernel file when it built it
 * (gcc -fopt-info-vec-all, clang -Rpass=loop-vectorize and friends), embedded
 * by scripts/embed-remarks.sh so every run directory can keep a copy.
 */
#ifndef ROOFLINE_REMARKS_H
#define ROOFLINE_REMARKS_H

#include <stddef.h>

struct build_remarks {
	const char *file;   /* kernel file name without .c: "horner", "triad" */
	const char *text;   /* the remarks about that file, one per line */
};

extern const char build_compiler[];        /* "gcc" or "clang" */
extern const char build_compiler_version[];   /* "12.2.0" */
extern const char build_kernel_cflags[];   /* KERNEL_CFLAGS as built */
extern const struct build_remarks build_remarks[];
extern const size_t build_nremarks;

#endif
