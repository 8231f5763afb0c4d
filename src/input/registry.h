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

/*
 * k's family as typed data: the family's first kernel in kernels.def order
 * stands for it (dot for dot and dot_split; its `family` is the family's
 * name), so past input two kernels are of one family when these entries
 * are the same (registry_same on them, with the family's name as written
 * where neither has one). NULL for NULL.
 */
const struct kernel *registry_family(const struct kernel *k);

/*
 * The colour slot a family keeps in every figure (kernels.def's
 * FAMILY_COLOUR lines, in order), or -1: it takes the next free one. The
 * slots run 0 .. registry_family_colours() - 1.
 */
int registry_family_colour(const struct kernel *family);
size_t registry_family_colours(void);

/* The kernel named `name`, or NULL. */
const struct kernel *registry_find(const char *name);

/* The parameters a kernel runs with: its family members, or the single 0. */
int registry_nparams(const struct kernel *k);
int registry_param(const struct kernel *k, int i);

#endif
