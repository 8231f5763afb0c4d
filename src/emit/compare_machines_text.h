/*
 * compare_machines_text.h - the one place the two runs' machines and builds
 * are worded (struct compare_machines, compare.h: which attributes differ,
 * the values each run's env), for compare.md and the compare figure alike.
 * Each text is one line: env.csv's quoted line breaks flattened.
 */
#ifndef ROOFLINE_COMPARE_MACHINES_TEXT_H
#define ROOFLINE_COMPARE_MACHINES_TEXT_H

#include <stddef.h>

#include "compare.h"

/* "48 KiB", "508 MiB": a cache size as people read it ("?" where unknown). Returns buf. */
const char *compare_cache_text(double bytes, char *buf, size_t size);

/* What differs: "L1d 48 KiB → 32 KiB, L3 508 MiB → 32 MiB, clock 3.71 → 3.64 GHz" ("" where nothing). Returns buf. */
const char *compare_machines_what(const struct compare_machines *m, char *buf, size_t size);

/* The kind run A is (both, where they do not differ): "AMD EPYC, avx512, 2 cores, L1d 48 KiB". Returns buf. */
const char *compare_machines_same(const struct compare_machines *m, char *buf, size_t size);

/* "Linux a → Linux b" where the OS differs, else "". Returns buf. */
const char *compare_machines_os(const struct compare_machines *m, char *buf, size_t size);

/* What the build changed: "gcc 12.2.0 → clang 14.0.6", ", flags A → B" where they differ; "" where nothing. Returns buf. */
const char *compare_machines_build(const struct compare_machines *m, char *buf, size_t size);

#endif
