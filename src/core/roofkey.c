/* roofkey.c - a roof's typed identity and its name (see roofkey.h). */
#include "roofkey.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct roof_key blank(enum roof_kind kind, int threads)
{
	struct roof_key k;
	memset(&k, 0, sizeof k);
	k.kind = kind;
	k.level = MEM_LEVELS;
	k.threads = threads > 0 ? threads : 1;
	return k;
}

struct roof_key roofkey_level(enum mem_level level, int threads)
{
	struct roof_key k = blank(ROOF_BANDWIDTH, threads);
	k.level = level;
	return k;
}

struct roof_key roofkey_pattern(enum mem_level level, const struct kernel *kern, int threads)
{
	struct roof_key k = blank(ROOF_PATTERN, threads);
	k.level = level;
	if (kern) {
		k.reads = kern->reads;
		k.writes = kern->writes;
		k.stores = kern->stores;
	}
	return k;
}

enum ceiling_id roofkey_ceiling(const struct roof_key *k)
{
	static const char *const NAMES[] = { "peak", "fma", "scalar", "one-chain", "one-chain-scalar" };
	if (k->kind == ROOF_COMPUTE)
		return CEIL_PEAK;
	if (k->kind != ROOF_CEILING)
		return CEIL_NONE;
	for (size_t i = 1; i < sizeof NAMES / sizeof NAMES[0]; i++)
		if (strcmp(k->ceiling, NAMES[i]) == 0)
			return (enum ceiling_id)i;
	return CEIL_ISA;
}

struct roof_key roofkey_compute(enum roof_kind kind, const char *ceiling, int threads)
{
	struct roof_key k = blank(kind, threads);
	snprintf(k.ceiling, sizeof k.ceiling, "%s", ceiling ? ceiling : "");
	return k;
}

struct roof_key roofkey_none(void)
{
	struct roof_key k = blank(ROOF_BANDWIDTH, 1);
	k.threads = 0;
	return k;
}

int roofkey_is_none(const struct roof_key *k)
{
	return k->threads <= 0;
}

struct roof_key roofkey_at(struct roof_key key, int threads)
{
	key.threads = threads > 0 ? threads : 1;
	return key;
}

const char *roofkey_pattern_text(const struct roof_key *k, char *buf, size_t size)
{
	return access_pattern_format(roofkey_access_pattern(k), buf, size);
}

struct access_pattern roofkey_access_pattern(const struct roof_key *k)
{
	return (struct access_pattern){ .reads = k->reads, .writes = k->writes, .stores = k->stores };
}

int access_pattern_parse(const char *text, struct access_pattern *out)
{
	int r, w, n = 0;
	if (sscanf(text, "%dr%dw%n", &r, &w, &n) != 2 || r < 0 || w < 0)
		return -1;
	const char *rest = text + n;
	out->reads = r;
	out->writes = w;
	out->stores = strcmp(rest, "-nt") == 0 ? STORES_STREAMING
		    : strcmp(rest, "-ip") == 0 ? STORES_IN_PLACE : STORES_ALLOCATE;
	return *rest && out->stores == STORES_ALLOCATE ? -1 : 0;
}

const char *roofkey_format(const struct roof_key *k, char *buf, size_t size)
{
	char base[48], pat[24];
	if (roofkey_is_none(k))
		snprintf(base, sizeof base, "none");
	else if (k->kind == ROOF_BANDWIDTH)
		snprintf(base, sizeof base, "%s", levels_name(k->level));
	else if (k->kind == ROOF_PATTERN)
		snprintf(base, sizeof base, "%s.%s", levels_name(k->level),
			 roofkey_pattern_text(k, pat, sizeof pat));
	else
		snprintf(base, sizeof base, "%s", k->ceiling);
	if (k->threads > 1)
		snprintf(buf, size, "%s@%dt", base, k->threads);
	else
		snprintf(buf, size, "%s", base);
	return buf;
}

int roofkey_parse(const char *name, enum roof_kind kind, struct roof_key *out)
{
	char base[48];
	int threads = 1;
	const char *at = strchr(name, '@');
	size_t len = at ? (size_t)(at - name) : strlen(name);
	if (len == 0 || len >= sizeof base)
		return -1;
	if (at) {
		char *end;
		long t = strtol(at + 1, &end, 10);
		if (end == at + 1 || strcmp(end, "t") != 0 || t < 1 || t > 1000000)
			return -1;
		threads = (int)t;
	}
	memcpy(base, name, len);
	base[len] = 0;
	*out = blank(kind, threads);
	if (kind == ROOF_COMPUTE || kind == ROOF_CEILING) {
		if (len >= sizeof out->ceiling)
			return -1;
		memcpy(out->ceiling, base, len + 1);
		return 0;
	}
	char *dot = strchr(base, '.');
	if ((kind == ROOF_PATTERN) != (dot != NULL))
		return -1;
	if (dot)
		*dot = 0;
	out->level = levels_parse(base);
	if (out->level == MEM_LEVELS)
		return -1;
	if (!dot)
		return 0;
	struct access_pattern p;
	if (access_pattern_parse(dot + 1, &p) != 0)
		return -1;
	out->reads = p.reads;
	out->writes = p.writes;
	out->stores = p.stores;
	return 0;
}

int roofkey_parse_any(const char *name, struct roof_key *out)
{
	if (roofkey_parse(name, ROOF_BANDWIDTH, out) == 0 || roofkey_parse(name, ROOF_PATTERN, out) == 0)
		return 0;
	if (roofkey_parse(name, ROOF_COMPUTE, out) != 0)
		return -1;
	if (strcmp(out->ceiling, "peak") != 0)
		out->kind = ROOF_CEILING;
	return 0;
}

int roofkey_equal(const struct roof_key *a, const struct roof_key *b)
{
	if (a->kind != b->kind || a->threads != b->threads)
		return 0;
	if (a->kind == ROOF_COMPUTE || a->kind == ROOF_CEILING)
		return strcmp(a->ceiling, b->ceiling) == 0;
	return a->level == b->level &&
	       (a->kind != ROOF_PATTERN ||
		(a->reads == b->reads && a->writes == b->writes && a->stores == b->stores));
}
