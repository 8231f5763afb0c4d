/* registry.c - the kernel table: kernels/kernels.def included three times. */
#include "registry.h"

#include <string.h>

#define KERNEL(id) extern const struct kernel kernel_##id;
#include "kernels.def"

static const struct kernel *const registry[] = {
#define KERNEL(id) &kernel_##id,
#include "kernels.def"
};

/* The families of kernels.def's FAMILY_COLOUR lines, in order: their colour slots. */
static const char *const family_colours[] = {
#define FAMILY_COLOUR(family) #family,
#include "kernels.def"
};

size_t registry_count(void)
{
	return sizeof registry / sizeof registry[0];
}

const struct kernel *registry_get(size_t i)
{
	return i < registry_count() ? registry[i] : NULL;
}

const struct kernel *registry_find(const char *name)
{
	for (size_t i = 0; i < registry_count(); i++)
		if (strcmp(registry[i]->name, name) == 0)
			return registry[i];
	return NULL;
}

int registry_same(const struct kernel *a, const char *a_name, const struct kernel *b, const char *b_name)
{
	if (a || b)
		return a == b;
	return strcmp(a_name, b_name) == 0;
}

const struct kernel *registry_family(const struct kernel *k)
{
	for (size_t i = 0; k && i < registry_count(); i++)
		if (strcmp(registry[i]->family, k->family) == 0)
			return registry[i];
	return NULL;
}

size_t registry_family_colours(void)
{
	return sizeof family_colours / sizeof family_colours[0];
}

int registry_family_colour(const struct kernel *family)
{
	for (size_t i = 0; family && i < registry_family_colours(); i++)
		if (strcmp(family_colours[i], family->family) == 0)
			return (int)i;
	return -1;
}

int registry_nparams(const struct kernel *k)
{
	return k->params ? k->nparams : 1;
}

int registry_param(const struct kernel *k, int i)
{
	return k->params ? k->params[i] : 0;
}
