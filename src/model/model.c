/* model.c - lookups in the typed model (see model.h). */
#include "model.h"

#include <string.h>

#include "isa.h"
#include "registry.h"
#include "rundata.h"

int model_same_kernel(const struct point *p, const struct point *q)
{
	return registry_same(p->k, p->kernel, q->k, q->kernel);
}

/* What follows a kernel's first '_' ("avx2" of fma_avx2), or its whole name where it has none. */
static const char *name_suffix(const char *kernel)
{
	const char *u = strchr(kernel, '_');
	return u ? u + 1 : kernel;
}

const char *model_curve_isa_name(const struct chain_curve *cc)
{
	return cc->isa < ISA_COUNT ? cpu_isa_name(cc->isa) : name_suffix(cc->kernel);
}

struct roof_key model_key_of(const struct roof *r)
{
	/* Every roof is made with its key (analysis_add_roof_key); its name is formatted from it. */
	return r->key;
}

const struct roof *model_roof(const struct analysis *a, const struct roof_key *key)
{
	for (size_t i = 0; i < a->nroofs; i++) {
		struct roof_key k = model_key_of(&a->roofs[i]);
		if (roofkey_equal(&k, key))
			return &a->roofs[i];
	}
	return NULL;
}

const struct level_map *model_levels_of(const struct analysis *a, int threads)
{
	for (size_t i = 0; i < a->nlevels; i++)
		if (a->levels[i].threads == threads)
			return &a->levels[i];
	return NULL;
}
