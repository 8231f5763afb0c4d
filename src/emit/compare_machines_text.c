/*
 * compare_machines_text.c - the two runs' machines and builds, worded from
 * the typed differences compare_machines() found (see the header).
 */
#include "compare_machines_text.h"

#include <stdio.h>
#include <string.h>

#include "rundata.h"

const char *compare_cache_text(double bytes, char *buf, size_t size)
{
	if (!(bytes > 0))
		snprintf(buf, size, "?");
	else if (bytes >= 1048576)
		snprintf(buf, size, "%.4g MiB", bytes / 1048576);
	else
		snprintf(buf, size, "%.4g KiB", bytes / 1024);
	return buf;
}

/* One line: a quoted line break in env.csv's text must not end a heading or a subtitle. */
static const char *flatten(char *buf)
{
	for (char *c = buf; *c; c++)
		if (*c == '\n' || *c == '\r')
			*c = ' ';
	return buf;
}

/* Appends "what a → b" to buf, comma-separated. */
static void append(char *buf, size_t size, const char *what, const char *a, const char *b)
{
	size_t n = strlen(buf);
	if (n < size)
		snprintf(buf + n, size - n, "%s%s %s \u2192 %s", n ? ", " : "", what, a, b);
}

const char *compare_machines_what(const struct compare_machines *m, char *buf, size_t size)
{
	if (!size)
		return buf;
	buf[0] = 0;
	if (!m->a || !m->b)
		return buf;
	const struct run_env *ea = m->a, *eb = m->b;
	const struct { enum compare_machine_attr what; const char *name, *a, *b; } text[] = {
		{ COMPARE_ATTR_CPU, "CPU", ea->cpu_model, eb->cpu_model },
		{ COMPARE_ATTR_ISAS, "ISAs", ea->isas, eb->isas },
		{ COMPARE_ATTR_ISA, "widest ISA", ea->isa, eb->isa },
		{ COMPARE_ATTR_CORES, "cores", ea->cores, eb->cores },
	};
	for (size_t i = 0; i < sizeof text / sizeof text[0]; i++)
		if (m->differs & (1u << text[i].what))
			append(buf, size, text[i].name, rundata_or(text[i].a, "?"), rundata_or(text[i].b, "?"));
	const struct { enum compare_machine_attr what; const char *name; double a, b; } caches[] = {
		{ COMPARE_ATTR_L1D, "L1d", ea->l1d_bytes, eb->l1d_bytes },
		{ COMPARE_ATTR_L2, "L2", ea->l2_bytes, eb->l2_bytes },
		{ COMPARE_ATTR_L3, "L3", ea->l3_bytes, eb->l3_bytes },
	};
	for (size_t i = 0; i < sizeof caches / sizeof caches[0]; i++)
		if (m->differs & (1u << caches[i].what)) {
			char x[32], y[32];
			append(buf, size, caches[i].name, compare_cache_text(caches[i].a, x, sizeof x),
			       compare_cache_text(caches[i].b, y, sizeof y));
		}
	if (m->differs & (1u << COMPARE_ATTR_CLOCK)) {
		char x[32], y[32];
		snprintf(x, sizeof x, "%.2f", ea->clock_ghz);
		snprintf(y, sizeof y, "%.2f GHz", eb->clock_ghz);
		append(buf, size, "clock", x, y);
	}
	return flatten(buf);
}

const char *compare_machines_same(const struct compare_machines *m, char *buf, size_t size)
{
	if (!size)
		return buf;
	buf[0] = 0;
	if (!m->a)
		return buf;
	char l1[32];
	snprintf(buf, size, "%s, %s, %s cores, L1d %s", rundata_or(m->a->cpu_model, "?"), rundata_or(m->a->isa, "?"),
		 rundata_or(m->a->cores, "?"), compare_cache_text(m->a->l1d_bytes, l1, sizeof l1));
	return flatten(buf);
}

const char *compare_machines_os(const struct compare_machines *m, char *buf, size_t size)
{
	if (!size)
		return buf;
	buf[0] = 0;
	if (m->os_differs && m->a && m->b)
		snprintf(buf, size, "%s \u2192 %s", rundata_or(m->a->os, "?"), rundata_or(m->b->os, "?"));
	return flatten(buf);
}

const char *compare_machines_build(const struct compare_machines *m, char *buf, size_t size)
{
	if (!size)
		return buf;
	buf[0] = 0;
	if (!m->build_changed || !m->a || !m->b)
		return buf;
	const struct run_env *ea = m->a, *eb = m->b;
	int n = snprintf(buf, size, "%s %s \u2192 %s %s", rundata_or(ea->cc, "?"), rundata_or(ea->cc_version, "?"),
			 rundata_or(eb->cc, "?"), rundata_or(eb->cc_version, "?"));
	if (m->flags_differ && n > 0 && (size_t)n < size)
		snprintf(buf + n, size - (size_t)n, ", flags %s \u2192 %s", rundata_or(ea->kernel_cflags, "?"),
			 rundata_or(eb->kernel_cflags, "?"));
	return flatten(buf);
}
