/*
 * machine_file.c - a described machine: the file format (docs/machine-file.md)
 * read and written, and the rates the model gives (see machine_file.h).
 */
#include "machine_file.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "isa.h"
#include "registry.h"
#include "roofkey.h"
#include "util.h"

/* What a key's handler gets: the key's words and the value, and where to say what is wrong. */
struct line_ctx {
	const char *name;
	int line;
	char *err;
	size_t errlen;
};

static int bad(const struct line_ctx *c, const char *what, const char *value)
{
	snprintf(c->err, c->errlen, "%s:%d: %s '%s'", c->name, c->line, what, value);
	return -1;
}

static int isa_by_name(const char *s)
{
	for (int i = ISA_SCALAR; i < ISA_COUNT; i++)
		if (strcasecmp(s, cpu_isa_name((enum isa)i)) == 0)
			return i;
	return -1;
}

static int level_index(const struct machine_desc *d, const char *name)
{
	for (int i = 0; i < d->nlevels; i++)
		if (strcasecmp(d->levels[i].name, name) == 0)
			return i;
	return -1;
}

/* "1:190 2:380" (threads:GB/s), or one bare rate for one thread. */
static int parse_curve(const char *v, struct machine_curve *c)
{
	char *copy = xstrdup(v), *save = NULL;
	c->n = 0;
	int rc = 0;
	for (char *tok = strtok_r(copy, " \t,", &save); tok && rc == 0; tok = strtok_r(NULL, " \t,", &save)) {
		char *colon = strchr(tok, ':');
		long t = 1;
		double r;
		if (colon) {
			*colon = '\0';
			if (parse_long(tok, &t) != 0 || t < 1)
				rc = -1;
			tok = colon + 1;
		}
		if (rc == 0 && (parse_double(tok, &r) != 0 || !(r > 0) || c->n >= MACHINE_MAX_CURVE ||
				(c->n > 0 && t <= c->threads[c->n - 1])))
			rc = -1;
		if (rc == 0) {
			c->threads[c->n] = (int)t;
			c->rate[c->n++] = r;
		}
	}
	free(copy);
	return rc == 0 && c->n > 0 ? 0 : -1;
}

/* "fma 2 add 2 issue 3 fma_latency 4 add_latency 3" */
static int parse_fp(const char *v, struct machine_fp *fp)
{
	char *copy = xstrdup(v), *save = NULL;
	int rc = 0;
	*fp = (struct machine_fp){ .present = 1, .fma_latency = 4, .add_latency = 3 };
	for (char *k = strtok_r(copy, " \t,", &save); k && rc == 0; k = strtok_r(NULL, " \t,", &save)) {
		char *num = strtok_r(NULL, " \t,", &save);
		double x;
		if (!num || parse_double(num, &x) != 0 || x < 0)
			rc = -1;
		else if (strcmp(k, "fma") == 0)
			fp->fma = x;
		else if (strcmp(k, "add") == 0)
			fp->add = x;
		else if (strcmp(k, "issue") == 0)
			fp->issue = x;
		else if (strcmp(k, "fma_latency") == 0)
			fp->fma_latency = x;
		else if (strcmp(k, "add_latency") == 0)
			fp->add_latency = x;
		else
			rc = -1;
	}
	free(copy);
	if (fp->issue == 0)
		fp->issue = fp->fma + fp->add;
	return rc == 0 && fp->fma > 0 && fp->issue > 0 ? 0 : -1;
}

static int parse_size_or_none(const char *v, double *out)
{
	if (strcasecmp(v, "none") == 0 || strcmp(v, "0") == 0) {
		*out = 0;
		return 0;
	}
	return parse_bytes(v, out);
}

static int key_cache(struct machine_desc *d, char **w, int nw, const char *v, const struct line_ctx *c)
{
	char size[64], where[32];
	if (nw != 2 || d->nlevels >= MACHINE_MAX_LEVELS - 1 || level_index(d, w[1]) >= 0 ||
	    strcasecmp(w[1], "DRAM") == 0)
		return bad(c, "a cache level wants a new name (L1 .. L4), at most 4", w[nw - 1]);
	struct machine_level *l = &d->levels[d->nlevels];
	if (sscanf(v, "%63s %31s", size, where) != 2 || parse_bytes(size, &l->bytes) != 0 ||
	    (strcmp(where, "per-core") != 0 && strcmp(where, "shared") != 0))
		return bad(c, "want SIZE per-core|shared, not", v);
	snprintf(l->name, sizeof l->name, "%s", w[1]);
	l->shared = strcmp(where, "shared") == 0;
	d->nlevels++;
	return 0;
}

static int key_bw(struct machine_desc *d, char **w, int nw, const char *v, const struct line_ctx *c)
{
	if (nw != 3)
		return bad(c, "want bw LEVEL PATTERN = THREADS:GBS ..., not", w[0]);
	int i = level_index(d, w[1]);
	if (i < 0)
		return bad(c, "bw of a level no cache line names (nor DRAM)", w[1]);
	struct machine_level *l = &d->levels[i];
	if (l->nbw >= MACHINE_MAX_PATTERNS)
		return bad(c, "too many patterns at level", w[1]);
	struct machine_bw *b = &l->bw[l->nbw];
	*b = (struct machine_bw){ .other = strcmp(w[2], "*") == 0 };
	if (!b->other && (access_pattern_parse(w[2], &b->pattern) != 0 || access_pattern_is_none(b->pattern)))
		return bad(c, "want an access pattern (2r1w, 1r1w-nt, 2r1w-ip) or *, not", w[2]);
	if (parse_curve(v, &b->gbs) != 0)
		return bad(c, "want THREADS:GBS pairs, counts growing, not", v);
	l->nbw++;
	return 0;
}

/*
 * curve T = WS:GBS ...: T threads' rate by working set. Lines of the same
 * T append their points, working sets growing along the curve; a working
 * set the curve has already takes the new rate.
 */
static int key_ws_curve(struct machine_desc *d, char **w, int nw, const char *v, const struct line_ctx *c)
{
	long t;
	if (nw != 2 || parse_long(w[1], &t) != 0 || t < 1 || t > 4096)
		return bad(c, "want curve THREADS = WS:GBS ..., not", nw > 1 ? w[1] : w[0]);
	struct machine_ws_curve *cv = NULL;
	for (int i = 0; i < d->ncurves; i++)
		if (d->curves[i].threads == t)
			cv = &d->curves[i];
	if (!cv) {
		if (d->ncurves >= MACHINE_MAX_WS_CURVES || (d->ncurves > 0 && t <= d->curves[d->ncurves - 1].threads))
			return bad(c, "curves by working set come by growing thread count, at most 4; not", w[1]);
		cv = &d->curves[d->ncurves++];
		cv->threads = (int)t;
	}
	char *copy = xstrdup(v), *save = NULL;
	int rc = 0;
	for (char *tok = strtok_r(copy, " \t,", &save); tok && rc == 0; tok = strtok_r(NULL, " \t,", &save)) {
		char *colon = strchr(tok, ':');
		double ws, gbs;
		if (colon)
			*colon = '\0';
		int at = -1;
		if (!colon || parse_bytes(tok, &ws) != 0 || !(ws > 0) || parse_double(colon + 1, &gbs) != 0 || !(gbs > 0))
			rc = bad(c, "want WS:GBS pairs, not", colon ? tok : v);
		for (int i = 0; rc == 0 && i < cv->n; i++)
			at = cv->ws[i] == ws ? i : at;
		if (rc != 0)
			continue;
		if (at >= 0)
			cv->gbs[at] = gbs;   /* a working set given again: its new rate (a variant of a file) */
		else if (cv->n > 0 && !(ws > cv->ws[cv->n - 1]))
			rc = bad(c, "a curve's working sets grow; not", tok);
		else if (cv->n >= MACHINE_MAX_WS_POINTS)
			rc = bad(c, "too many points in the curve of thread count", w[1]);
		else {
			cv->ws[cv->n] = ws;
			cv->gbs[cv->n++] = gbs;
		}
	}
	free(copy);
	return rc;
}

static int key_isas(struct machine_desc *d, const char *v, const struct line_ctx *c)
{
	char *copy = xstrdup(v), *save = NULL;
	int rc = 0;
	d->isas = 1u << ISA_NONE;
	for (char *t = strtok_r(copy, " \t,", &save); t && rc == 0; t = strtok_r(NULL, " \t,", &save)) {
		int i = isa_by_name(t);
		if (i < 0)
			rc = bad(c, "unknown ISA", t);
		else
			d->isas |= 1u << i;
	}
	free(copy);
	return rc;
}

static int key_number(const char *v, double lo, double hi, double *out)
{
	double x;
	if (parse_double(v, &x) != 0 || !(x >= lo && x <= hi))
		return -1;
	*out = x;
	return 0;
}

/* noise spread | slow_fraction | slow_rate | slow_spell_s */
static int key_noise(struct machine_desc *d, char **w, int nw, const char *v, const struct line_ctx *c)
{
	double *slot = nw != 2 ? NULL : strcmp(w[1], "spread") == 0 ? &d->spread
		: strcmp(w[1], "slow_fraction") == 0 ? &d->slow_fraction
		: strcmp(w[1], "slow_rate") == 0 ? &d->slow_rate
		: strcmp(w[1], "slow_spell_s") == 0 ? &d->slow_spell_s : NULL;
	if (!slot)
		return bad(c, "unknown noise key", nw > 1 ? w[1] : w[0]);
	if (key_number(v, 0, 1e3, slot) != 0)
		return bad(c, "want a number, not", v);
	return 0;
}

static int key_scalar(struct machine_desc *d, const char *k, const char *v, const struct line_ctx *c)
{
	double x;
	if (strcmp(k, "format") == 0)
		return strcmp(v, "1") == 0 ? 0 : bad(c, "this build reads format 1, not", v);
	if (strcmp(k, "name") == 0) {
		snprintf(d->name, sizeof d->name, "%s", v);
		return 0;
	}
	if (strcmp(k, "pages") == 0) {
		if (strcmp(v, "huge") != 0 && strcmp(v, "base") != 0)
			return bad(c, "want pages = huge or base, not", v);
		d->huge_pages = strcmp(v, "huge") == 0;
		return 0;
	}
	if (strcmp(k, "isas") == 0)
		return key_isas(d, v, c);
	if (strcmp(k, "memory") == 0)
		return parse_bytes(v, &d->memory_bytes) == 0 ? 0 : bad(c, "want a size, not", v);
	static const struct { const char *key; double lo, hi; size_t off; } nums[] = {
		{ "clock_ghz", 0.1, 20, offsetof(struct machine_desc, clock_ghz) },
		{ "clock_allcore_ghz", 0.1, 20, offsetof(struct machine_desc, clock_allcore_ghz) },
		{ "timer_resolution_ns", 0, 1e6, offsetof(struct machine_desc, timer_resolution_s) },
		{ "first_touch_s_per_gib", 0, 100, offsetof(struct machine_desc, first_touch_s_per_gib) },
	};
	for (size_t i = 0; i < sizeof nums / sizeof nums[0]; i++) {
		if (strcmp(k, nums[i].key) != 0)
			continue;
		if (key_number(v, nums[i].lo, nums[i].hi, &x) != 0)
			return bad(c, "want a number in range, not", v);
		*(double *)((char *)d + nums[i].off) = strstr(k, "_ns") ? x * 1e-9 : x;
		return 0;
	}
	if (strcmp(k, "cores") == 0 || strcmp(k, "smt") == 0) {
		if (key_number(v, 1, 4096, &x) != 0 || x != floor(x))
			return bad(c, "want a whole number, not", v);
		*(strcmp(k, "cores") == 0 ? &d->cores : &d->smt) = (int)x;
		return 0;
	}
	return bad(c, "unknown key", k);
}

static int key_reported(struct machine_desc *d, char **w, int nw, const char *v, const struct line_ctx *c)
{
	static const char *const names[MACHINE_REPORTED] = { "L1", "L2", "L3", "L4" };
	char size[64], where[32], extra[8];
	int nv = sscanf(v, "%63s %31s %7s", size, where, extra);
	for (int i = 0; nw == 2 && i < MACHINE_REPORTED; i++) {
		if (strcasecmp(w[1], names[i]) != 0)
			continue;
		/* The sharing is optional: without it, the machine does not say (old files, hidden /sys). */
		if (nv < 1 || nv > 2 || parse_size_or_none(size, &d->reported[i]) != 0 ||
		    (nv == 2 && ((strcmp(where, "per-core") != 0 && strcmp(where, "shared") != 0) ||
				 d->reported[i] == 0)))
			return bad(c, "want a size [per-core|shared] or none, not", v);
		d->reported_shared[i] = nv < 2 ? MACHINE_SHARING_UNKNOWN
				      : strcmp(where, "shared") == 0 ? MACHINE_SHARING_SHARED : MACHINE_SHARING_PER_CORE;
		return 0;
	}
	return bad(c, "reported names L1, L2, L3 or L4, not", nw > 1 ? w[1] : "");
}

static int key_efficiency(struct machine_desc *d, char **w, int nw, const char *v, const struct line_ctx *c)
{
	if (nw != 2 || d->neff >= MACHINE_MAX_EFFICIENCY)
		return bad(c, "want efficiency KERNEL = SHARE, not", w[0]);
	struct machine_efficiency *e = &d->eff[d->neff];
	snprintf(e->kernel, sizeof e->kernel, "%s", w[1]);
	e->k = strcmp(w[1], "*") == 0 ? NULL : registry_find(w[1]);
	if (strcmp(w[1], "*") != 0 && !e->k)
		return bad(c, "efficiency names no kernel of this build, not", w[1]);
	if (key_number(v, 0.01, 1, &e->value) != 0)
		return bad(c, "want a share from 0.01 to 1, not", v);
	d->neff++;
	return 0;
}

/* One `key = value` line; `pass` 0 reads all but bw, pass 1 only bw (levels first, in any order). */
static int one_line(struct machine_desc *d, char *line, int pass, const struct line_ctx *c)
{
	/* A comment ends the line first: an '=' in it is no key's. */
	char *hash = strchr(line, '#');
	if (hash)
		*hash = '\0';
	char *eq = strchr(line, '=');
	if (!eq)
		return line[strspn(line, " \t\r")] ? bad(c, "want key = value, not", line) : 0;
	*eq = '\0';
	char *v = eq + 1, *w[4], *save = NULL;
	v += strspn(v, " \t");
	for (size_t n = strlen(v); n > 0 && strchr(" \t\r", v[n - 1]); n--)
		v[n - 1] = '\0';
	int nw = 0;
	for (char *t = strtok_r(line, " \t", &save); t; t = strtok_r(NULL, " \t", &save))
		if (nw < 4)
			w[nw++] = t;
	if (nw == 0)
		return bad(c, "no key before =", v);
	if (strcmp(w[0], "bw") == 0)
		return pass == 1 ? key_bw(d, w, nw, v, c) : 0;
	if (pass == 1)
		return 0;
	if (strcmp(w[0], "cache") == 0)
		return key_cache(d, w, nw, v, c);
	if (strcmp(w[0], "reported") == 0)
		return key_reported(d, w, nw, v, c);
	if (strcmp(w[0], "efficiency") == 0)
		return key_efficiency(d, w, nw, v, c);
	if (strcmp(w[0], "noise") == 0)
		return key_noise(d, w, nw, v, c);
	if (strcmp(w[0], "curve") == 0)
		return key_ws_curve(d, w, nw, v, c);
	if (strcmp(w[0], "fp") == 0) {
		int i = nw == 2 ? isa_by_name(w[1]) : -1;
		if (i < 0)
			return bad(c, "want fp ISA = fma F add A issue I ..., not", nw > 1 ? w[1] : w[0]);
		return parse_fp(v, &d->fp[i]) == 0 ? 0 : bad(c, "want fma F add A issue I fma_latency L add_latency L", v);
	}
	return nw == 1 ? key_scalar(d, w[0], v, c) : bad(c, "unknown key", w[0]);
}

/* What a whole file must hold, and the defaults of what it may leave out. */
static int finish(struct machine_desc *d, const char *name, char *err, size_t errlen)
{
	struct machine_level *dram = &d->levels[d->nlevels - 1];
	const char *why = !(d->cores >= 1) ? "no cores"
		: !(d->clock_ghz > 0) ? "no clock_ghz"
		: !(d->memory_bytes > 0) ? "no memory"
		: strcmp(dram->name, "DRAM") != 0 || (dram->nbw == 0 && d->ncurves == 0) ? "no bw DRAM line (nor a curve)"
		: NULL;
	for (int i = 0; !why && i + 1 < d->nlevels; i++) {
		if (d->levels[i].nbw == 0 && d->ncurves == 0)
			why = "a cache level without a bw line";
		else if (i > 0 && d->levels[i].bytes <= d->levels[i - 1].bytes)
			why = "cache levels must grow (each core's share of one, one core running)";
	}
	for (int i = ISA_SCALAR; !why && i < ISA_COUNT; i++)
		if ((d->isas >> i & 1) && !d->fp[i].present)
			why = "an ISA in isas without its fp line";
	if (!why && !(d->isas >> ISA_SCALAR & 1))
		why = "isas must include scalar";
	if (why) {
		snprintf(err, errlen, "%s: %s", name, why);
		return -1;
	}
	if (!(d->clock_allcore_ghz > 0))
		d->clock_allcore_ghz = d->clock_ghz;
	if (d->smt < 1)
		d->smt = 1;
	if (!(d->slow_rate > 0 && d->slow_rate <= 1))
		d->slow_rate = 1;
	if (!(d->slow_spell_s > 0))
		d->slow_spell_s = 0.25;
	return 0;
}

static uint64_t fnv1a(const char *s)
{
	uint64_t h = 1469598103934665603ull;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	return h;
}

int machine_file_parse(const char *text, const char *name, struct machine_desc *d, char *err, size_t errlen)
{
	memset(d, 0, sizeof *d);
	d->isas = 1u << ISA_NONE | 1u << ISA_SCALAR;
	d->first_touch_s_per_gib = 0.25;
	d->hash = fnv1a(text);
	for (int i = 0; i < MACHINE_REPORTED; i++)
		d->reported[i] = -1;
	for (int pass = 0; pass < 2; pass++) {
		if (pass == 1)
			snprintf(d->levels[d->nlevels++].name, sizeof d->levels[0].name, "DRAM");
		const char *p = text;
		for (int ln = 1; *p; ln++) {
			size_t len = strcspn(p, "\n");
			char *line = xasprintf("%.*s", (int)len, p);
			struct line_ctx c = { name, ln, err, errlen };
			int rc = one_line(d, line, pass, &c);
			free(line);
			if (rc != 0)
				return -1;
			p += len + (p[len] == '\n');
		}
	}
	/* Reported as true where the file does not say otherwise. */
	for (int i = 0; i < MACHINE_REPORTED; i++)
		if (d->reported[i] < 0)
			d->reported[i] = i + 1 < d->nlevels ? d->levels[i].bytes : 0;
	return finish(d, name, err, errlen);
}

int machine_file_load(const char *path, struct machine_desc *d, char *err, size_t errlen)
{
	char *text = read_text_file(path, err, errlen);
	if (!text)
		return -1;
	int rc = machine_file_parse(text, path, d, err, errlen);
	free(text);
	return rc;
}

/* ---- the model's rates -------------------------------------------------------- */

static double curve_at(const struct machine_curve *c, int threads)
{
	if (threads <= c->threads[0])
		return c->rate[0] * threads / c->threads[0];
	for (int i = 1; i < c->n; i++)
		if (threads <= c->threads[i]) {
			double f = (double)(threads - c->threads[i - 1]) / (c->threads[i] - c->threads[i - 1]);
			return c->rate[i - 1] + f * (c->rate[i] - c->rate[i - 1]);
		}
	return c->rate[c->n - 1];
}

double machine_level_gbs(const struct machine_level *l, struct access_pattern pattern, int threads)
{
	for (int i = 0; i < l->nbw; i++)
		if (!l->bw[i].other && access_pattern_equal(l->bw[i].pattern, pattern))
			return curve_at(&l->bw[i].gbs, threads);
	return machine_level_other_gbs(l, threads);
}

double machine_level_other_gbs(const struct machine_level *l, int threads)
{
	const struct machine_bw *other = NULL;
	for (int i = 0; i < l->nbw; i++)
		if (l->bw[i].other)
			other = &l->bw[i];
	return other ? curve_at(&other->gbs, threads) : NAN;
}

static double capacity(const struct machine_level *l, int threads)
{
	return l->bytes * (l->shared ? 1 : threads);
}

/* The share of working set ws that has left cache level l (0: all of it fits; 1: none). */
static double spilled(const struct machine_level *l, double ws, int threads)
{
	double c = capacity(l, threads), lo = 0.75 * c, hi = 2.0 * c;
	if (ws <= lo)
		return 0;
	if (ws >= hi)
		return 1;
	return log(ws / lo) / log(hi / lo);
}

/* The curve by working set of `threads`: its own, else the largest count below it, else the first. */
static const struct machine_ws_curve *ws_curve_of(const struct machine_desc *d, int threads)
{
	const struct machine_ws_curve *cv = &d->curves[0];
	for (int i = 1; i < d->ncurves; i++)
		if (d->curves[i].threads <= threads)
			cv = &d->curves[i];
	return cv;
}

static double ws_curve_gbs(const struct machine_desc *d, double ws, int threads)
{
	const struct machine_ws_curve *cv = ws_curve_of(d, threads);
	const double *x = cv->ws, *y = cv->gbs;
	double scale = threads < cv->threads ? (double)threads / cv->threads : 1;
	if (ws <= x[0])
		return y[0] * scale;
	for (int i = 1; i < cv->n; i++)
		if (ws <= x[i]) {
			double f = log(ws / x[i - 1]) / log(x[i] / x[i - 1]);
			return exp(log(y[i - 1]) + f * log(y[i] / y[i - 1])) * scale;
		}
	return y[cv->n - 1] * scale;
}

double machine_gbs_at(const struct machine_desc *d, struct access_pattern pattern, double ws, int threads)
{
	if (d->ncurves > 0)
		return ws_curve_gbs(d, ws, threads);
	double reach = 1, per_byte = 0;
	for (int i = 0; i < d->nlevels && reach > 0; i++) {
		const struct machine_level *l = &d->levels[i];
		double out = i + 1 < d->nlevels ? spilled(l, ws, threads) : 0;
		double gbs = machine_level_gbs(l, pattern, threads);
		if (!(gbs > 0))
			return NAN;
		per_byte += reach * (1 - out) / gbs;
		reach *= out;
	}
	return 1 / per_byte;
}

int machine_level_of(const struct machine_desc *d, double ws, int threads)
{
	for (int i = 0; i + 1 < d->nlevels; i++)
		if (spilled(&d->levels[i], ws, threads) < 0.5)
			return i;
	return d->nlevels - 1;
}

double machine_peak_rate(const struct machine_desc *d, enum isa isa, double fma, double add, double fma_steps,
			 double add_steps)
{
	const struct machine_fp *f = &d->fp[isa];
	if (!f->present || (fma <= 0 && add <= 0))
		return NAN;
	double cycles = fmax(fma / f->fma, (fma + add) / f->issue);
	cycles = f->add > 0 ? fmax(cycles, add / f->add) : fmax(cycles, (fma + add) / f->fma);
	/* A chain of s steps holds an iteration for s latencies. */
	if (fma > 0)
		cycles = fmax(cycles, fma_steps * f->fma_latency);
	if (add > 0)
		cycles = fmax(cycles, add_steps * f->add_latency);
	return (2 * fma + add) * cpu_isa_lanes(isa) * d->clock_ghz / cycles;
}

double machine_peak_best(const struct machine_desc *d, enum isa isa, int fma_only)
{
	const struct machine_fp *f = &d->fp[isa];
	if (!f->present)
		return NAN;
	double fma = fmin(f->fma, f->issue);
	double add = fma_only || f->add <= 0 ? 0 : fmin(f->add, f->issue - fma);
	return (2 * fma + add) * cpu_isa_lanes(isa) * d->clock_ghz;
}

double machine_efficiency(const struct machine_desc *d, const struct kernel *k)
{
	double any = 1;
	for (int i = 0; i < d->neff; i++) {
		if (d->eff[i].k && d->eff[i].k == k)
			return d->eff[i].value;
		if (!d->eff[i].k)
			any = d->eff[i].value;
	}
	return any;
}

int machine_has_isa(const struct machine_desc *d, enum isa isa)
{
	return (unsigned)isa < ISA_COUNT && (d->isas >> isa & 1);
}

enum isa machine_widest_isa(const struct machine_desc *d)
{
	enum isa best = ISA_SCALAR;
	for (int i = ISA_SSE2; i < ISA_COUNT; i++)
		if ((d->isas >> i & 1) && cpu_isa_lanes((enum isa)i) > cpu_isa_lanes(best))
			best = (enum isa)i;
	return best;
}

/* ---- writing ---------------------------------------------------------------- */

/* "32K", "1.5M", "2G" when exact in those units, else bytes. */
static const char *size_text(double b, char *buf, size_t len)
{
	static const struct { const char *u; double s; } units[] = { { "G", 1073741824.0 }, { "M", 1048576.0 },
								      { "K", 1024.0 } };
	for (size_t i = 0; i < 3; i++)
		if (b >= units[i].s && fmod(b * 4, units[i].s) == 0) {
			snprintf(buf, len, "%g%s", b / units[i].s, units[i].u);
			return buf;
		}
	snprintf(buf, len, "%.0f", b);
	return buf;
}

static void write_curve(FILE *fp, const struct machine_curve *c)
{
	for (int i = 0; i < c->n; i++)
		fprintf(fp, "%s%d:%.4g", i ? " " : "", c->threads[i], c->rate[i]);
	fputc('\n', fp);
}

static void write_ws_curves(FILE *fp, const struct machine_desc *d)
{
	char buf[32];
	if (d->ncurves)
		fputs("\n# rate by working set (all threads' arrays), GB/s of all threads: every pattern's\n", fp);
	for (int i = 0; i < d->ncurves; i++)
		for (int p = 0; p < d->curves[i].n; p += 6) {
			fprintf(fp, "curve %d =", d->curves[i].threads);
			for (int k = p; k < p + 6 && k < d->curves[i].n; k++) {
				double ws = d->curves[i].ws[k];
				/* A size between the units' quarters as it is, not rounded to a byte. */
				if (fmod(ws, 1) != 0)
					snprintf(buf, sizeof buf, "%.17g", ws);
				fprintf(fp, " %s:%.17g", fmod(ws, 1) != 0 ? buf : size_text(ws, buf, sizeof buf),
					d->curves[i].gbs[k]);
			}
			fputc('\n', fp);
		}
}

static void write_levels(FILE *fp, const struct machine_desc *d)
{
	char buf[32];
	static const char *const rep[MACHINE_REPORTED] = { "L1", "L2", "L3", "L4" };
	fputs("\n# cache levels, smallest first: size (each core's where per-core)\n", fp);
	for (int i = 0; i + 1 < d->nlevels; i++)
		fprintf(fp, "cache %s = %s %s\n", d->levels[i].name, size_text(d->levels[i].bytes, buf, sizeof buf),
			d->levels[i].shared ? "shared" : "per-core");
	fputs("# what the machine reports (none: nothing)\n", fp);
	static const char *const sharing[] = { "", " per-core", " shared" };
	/* L4 only where one is reported or the machine has one: a file without it reports none. */
	for (int i = 0; i < MACHINE_REPORTED && (i + 1 < MACHINE_REPORTED || d->reported[i] > 0 || i + 1 < d->nlevels); i++)
		fprintf(fp, "reported %s = %s%s\n", rep[i], d->reported[i] > 0 ? size_text(d->reported[i], buf, sizeof buf)
			: "none", d->reported[i] > 0 ? sharing[d->reported_shared[i]] : "");
	fputs("\n# bandwidth, GB/s: level, access pattern (*: every other), threads:rate\n", fp);
	for (int i = 0; i < d->nlevels; i++)
		for (int b = 0; b < d->levels[i].nbw; b++) {
			const struct machine_bw *bw = &d->levels[i].bw[b];
			char pat[24];
			fprintf(fp, "bw %s %s = ", d->levels[i].name,
				bw->other ? "*" : access_pattern_format(bw->pattern, pat, sizeof pat));
			write_curve(fp, &bw->gbs);
		}
}

void machine_file_write(FILE *fp, const struct machine_desc *d, const char *comment)
{
	char buf[32];
	fprintf(fp, "# %s\n# roofline machine file (docs/machine-file.md)\nformat = 1\nname = %s\n", comment, d->name);
	fprintf(fp, "cores = %d\nsmt = %d\nclock_ghz = %.4g\nclock_allcore_ghz = %.4g\n", d->cores, d->smt,
		d->clock_ghz, d->clock_allcore_ghz);
	fprintf(fp, "timer_resolution_ns = %.4g\nmemory = %s\npages = %s\nfirst_touch_s_per_gib = %.3g\nisas =",
		d->timer_resolution_s * 1e9, size_text(d->memory_bytes, buf, sizeof buf),
		d->huge_pages ? "huge" : "base", d->first_touch_s_per_gib);
	for (int i = ISA_SCALAR; i < ISA_COUNT; i++)
		if (d->isas >> i & 1)
			fprintf(fp, " %s", cpu_isa_name((enum isa)i));
	fputc('\n', fp);
	write_levels(fp, d);
	write_ws_curves(fp, d);
	fputs("\n# FP units a core, per ISA width: instructions a cycle, the issue limit, latencies in cycles\n", fp);
	for (int i = ISA_SCALAR; i < ISA_COUNT; i++) {
		const struct machine_fp *f = &d->fp[i];
		if (f->present)
			fprintf(fp, "fp %s = fma %.3g add %.3g issue %.3g fma_latency %.3g add_latency %.3g\n",
				cpu_isa_name((enum isa)i), f->fma, f->add, f->issue, f->fma_latency, f->add_latency);
	}
	if (d->neff)
		fputs("\n# placed kernels: their share of what the model allows them\n", fp);
	for (int i = 0; i < d->neff; i++)
		fprintf(fp, "efficiency %s = %.3g\n", d->eff[i].kernel, d->eff[i].value);
	fprintf(fp, "\n# noise: a timing's spread; slow spells of the host\nnoise spread = %.3g\n"
		"noise slow_fraction = %.3g\nnoise slow_rate = %.3g\nnoise slow_spell_s = %.3g\n", d->spread,
		d->slow_fraction, d->slow_rate, d->slow_spell_s);
}
