/*
 * roof_text.h - the tests' way to name roofs: a roof looked up by the name a
 * person reads ("DRAM@2t", parsed by roofkey), and a key written as that
 * name. The program itself compares keys and formats names only to write them.
 */
#ifndef ROOFLINE_TEST_ROOF_TEXT_H
#define ROOFLINE_TEST_ROOF_TEXT_H

#include "model.h"
#include "roofkey.h"

/* The roof named `name` in a, or NULL. */
static inline const struct roof *analysis_roof(const struct analysis *a, const char *name)
{
	struct roof_key key;
	return roofkey_parse_any(name, &key) == 0 ? model_roof(a, &key) : NULL;
}

/* A key's name ("none" for none), in one of eight rotating buffers: several may be in one call. */
static inline const char *roof_text(struct roof_key k)
{
	static char buf[8][48];
	static int i;
	i = (i + 1) % 8;
	return roofkey_format(&k, buf[i], sizeof buf[i]);
}

/* A roof built by hand, keyed by its name (kind as given; "peak" is the compute roof). */
static inline void roof_name_key(struct roof *r, const char *name, enum roof_kind kind)
{
	if (name != r->name)
		snprintf(r->name, sizeof r->name, "%s", name);
	if (roofkey_parse(name, kind, &r->key) != 0)
		r->key = roofkey_compute(kind, name, r->threads > 0 ? r->threads : 1);
}

#endif
