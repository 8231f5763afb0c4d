/*
 * registry.h - the one table of kernels, built from kernels/kernels.def.
 * Listing, measuring, fitting, plotting and the report all read it.
 */
#ifndef ROOFLINE_REGISTRY_H
#define ROOFLINE_REGISTRY_H

#include <stddef.h>

#include "kernel.h"

/* Number of kernels in the table (all architectures, supported or not). */
size_t registry_count(void);

/* The i-th kernel, in kernels.def order (sorted by name). */
const struct kernel *registry_get(size_t i);

/*
 * Whether two rows name the same kernel: the same registry entry, resolved
 * once at input; only where neither has one (a kernel this build lacks,
 * known by its row alone) the same name as written. Past input the one
 * comparison of kernels.
 */
int registry_same(const struct kernel *a, const char *a_name, const struct kernel *b, const char *b_name);

/* The kernel named `name`, or NULL. */
const struct kernel *registry_find(const char *name);

/* The parameters a kernel runs with: its family members, or the single 0. */
int registry_nparams(const struct kernel *k);
int registry_param(const struct kernel *k, int i);

#endif
