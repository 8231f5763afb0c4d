/* model.c - lookups in the typed model (see model.h). */
#include "model.h"

#include <string.h>

#include "rundata.h"

struct roof_key model_key_of(const struct roof *r)
{
	struct roof_key k;
	/* A roof built by hand (a test, a caller) carries its name only: its key is parsed from it. */
	if (r->key.threads > 0)
		return r->key;
	if (roofkey_parse(r->name, r->kind, &k) != 0) {
		k = roofkey_compute(r->kind, "", r->threads);
		k.level = MEM_LEVELS;
	}
	return k;
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
