/* registry.c - the kernel table: kernels/kernels.def included twice. */
#include "registry.h"

#include <string.h>

#define KERNEL(id) extern const struct kernel kernel_##id;
#include "kernels.def"
#undef KERNEL

static const struct kernel *const registry[] = {
#define KERNEL(id) &kernel_##id,
#include "kernels.def"
#undef KERNEL
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

int registry_nparams(const struct kernel *k)
{
	return k->params ? k->nparams : 1;
}

int registry_param(const struct kernel *k, int i)
{
	return k->params ? k->params[i] : 0;
}
