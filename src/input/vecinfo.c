/*
 * vecinfo.c - reads gcc's and clang's vectorisation remarks into one verdict
 * per loop (see vecinfo.h). Two passes over the text: the first finds the
 * loops (the remarks that say a loop was or was not vectorised) and the
 * reasons given at a loop's own location; the second gives each clang loop
 * still without a reason the nearest analysis remark after it, since clang
 * reports a reason at the instruction that caused it. Both passes only look at
 * locations, so the order of the lines does not matter.
 */
#include "vecinfo.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Loops one kernel file may have; more are ignored (ours have under 20). */
#define VECINFO_MAX 128

enum remark_kind { RK_PASSED, RK_MISSED, RK_ANALYSIS };

/* One parsed line: location, kind, and the message without clang's [-R...] tag. */
struct remark {
	int line, col;
	enum remark_kind kind;
	const char *msg;
	size_t len;
};

/* Work space: the loops with the bookkeeping the passes need. */
struct loop_acc {
	struct vecinfo_loop pub;
	int gcc_bytes;          /* widest gcc vector, in bytes */
	int has_reason;         /* reason came from a proper analysis remark */
};

struct dialect {
	int gcc, clang;
};

static struct dialect dialect_of(const char *compiler)
{
	struct dialect d = { 1, 1 };
	if (compiler && strcmp(compiler, "gcc") == 0)
		d.clang = 0;
	else if (compiler && strcmp(compiler, "clang") == 0)
		d.gcc = 0;
	return d;
}

static int starts(const char *s, size_t len, const char *prefix)
{
	size_t n = strlen(prefix);
	return len >= n && memcmp(s, prefix, n) == 0;
}

/* Finds `needle` in s[0..len); returns its offset or -1. */
static long find(const char *s, size_t len, const char *needle)
{
	size_t n = strlen(needle);
	for (size_t i = 0; i + n <= len; i++)
		if (memcmp(s + i, needle, n) == 0)
			return (long)i;
	return -1;
}

/* Reads a non-negative decimal at *p (bounded by end); -1 when there is none. */
static int read_int(const char **p, const char *end)
{
	int v = -1;
	while (*p < end && **p >= '0' && **p <= '9') {
		/* Saturates: no line, column or width comes near this. */
		if (v < 100000000)
			v = (v < 0 ? 0 : v) * 10 + (**p - '0');
		(*p)++;
	}
	return v;
}

/* The integer that follows `key` in s[0..len), or -1. */
static int int_after(const char *s, size_t len, const char *key)
{
	long at = find(s, len, key);
	const char *p, *end = s + len;
	if (at < 0)
		return -1;
	p = s + at + strlen(key);
	return read_int(&p, end);
}

/*
 * Parses "file:LINE:COL: KIND: MESSAGE" from line[0..len). Returns 0 and
 * fills r, or -1 for anything else ("In file included from", source echoes).
 */
static int parse_remark(const char *line, size_t len, struct remark *r)
{
	const char *p = line, *end = line + len, *kind;
	size_t klen;
	long tag;

	while (p < end && *p != ':')
		p++;
	if (p == line || p == end)
		return -1;
	p++;
	if ((r->line = read_int(&p, end)) < 0 || p == end || *p++ != ':')
		return -1;
	if ((r->col = read_int(&p, end)) < 0 || p == end || *p++ != ':')
		return -1;
	while (p < end && *p == ' ')
		p++;
	kind = p;
	while (p < end && *p != ':')
		p++;
	klen = (size_t)(p - kind);
	if (p == end)
		return -1;
	p++;
	while (p < end && *p == ' ')
		p++;
	r->msg = p;
	r->len = (size_t)(end - p);
	while (r->len > 0 && (r->msg[r->len - 1] == ' ' || r->msg[r->len - 1] == '\r'))
		r->len--;

	if (klen == 9 && memcmp(kind, "optimized", 9) == 0) {
		r->kind = RK_PASSED;
	} else if (klen == 6 && memcmp(kind, "missed", 6) == 0) {
		r->kind = RK_MISSED;
	} else if (klen == 4 && memcmp(kind, "note", 4) == 0) {
		r->kind = RK_ANALYSIS;
	} else if (klen == 6 && memcmp(kind, "remark", 6) == 0) {
		/* clang names the kind in the trailing option tag. */
		r->kind = RK_ANALYSIS;
		tag = find(r->msg, r->len, " [-Rpass");
		if (tag >= 0) {
			const char *t = r->msg + tag + 2;
			size_t tlen = r->len - (size_t)tag - 2;
			if (starts(t, tlen, "-Rpass="))
				r->kind = RK_PASSED;
			else if (starts(t, tlen, "-Rpass-missed="))
				r->kind = RK_MISSED;
			r->len = (size_t)tag;
		}
	} else {
		return -1;
	}
	return 0;
}

/*
 * Copies a reason's first clause: up to the first "; ", ". " or ": " (what
 * follows is advice or compiler-internal text), without a final period.
 */
static void copy_reason(char *out, size_t outlen, const char *s, size_t len)
{
	const char *stops[] = { "; ", ". ", ": " };
	size_t n = len;
	for (size_t i = 0; i < sizeof stops / sizeof stops[0]; i++) {
		long at = find(s, len, stops[i]);
		if (at >= 0 && (size_t)at < n)
			n = (size_t)at;
	}
	while (n > 0 && (s[n - 1] == '.' || s[n - 1] == ' '))
		n--;
	if (outlen == 0)
		return;
	if (n >= outlen)
		n = outlen - 1;
	memcpy(out, s, n);
	out[n] = '\0';
}

static struct loop_acc *loop_at(struct loop_acc *loops, size_t *n, int line, int col,
				int create)
{
	for (size_t i = 0; i < *n; i++)
		if (loops[i].pub.line == line && loops[i].pub.col == col)
			return &loops[i];
	if (!create || *n >= VECINFO_MAX)
		return NULL;
	memset(&loops[*n], 0, sizeof loops[*n]);
	loops[*n].pub.line = line;
	loops[*n].pub.col = col;
	loops[*n].pub.interleave = 1;
	return &loops[(*n)++];
}

/* Calls fn on every remark line of text. */
static void each_remark(const char *text, void (*fn)(const struct remark *, void *), void *ctx)
{
	const char *p = text;
	while (p && *p) {
		const char *eol = strchr(p, '\n');
		size_t len = eol ? (size_t)(eol - p) : strlen(p);
		struct remark r;
		if (parse_remark(p, len, &r) == 0)
			fn(&r, ctx);
		p = eol ? eol + 1 : NULL;
	}
}

struct pass {
	struct dialect d;
	struct loop_acc *loops;
	size_t n;
	int slp;                /* the file has SLP-vectorised code */
};

/* The message without clang's "loop not vectorized: " or gcc's "not vectorized: ". */
static int reason_text(const struct pass *ps, const struct remark *r, const char **s, size_t *len)
{
	const char *prefixes[] = { "loop not vectorized: ", "not vectorized: ",
				   "not vectorized, " };
	for (size_t i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++) {
		size_t pl = strlen(prefixes[i]);
		if (i == 0 && !ps->d.clang)
			continue;
		if (i > 0 && !ps->d.gcc)
			continue;
		if (r->kind != RK_PASSED && starts(r->msg, r->len, prefixes[i])) {
			*s = r->msg + pl;
			*len = r->len - pl;
			return 1;
		}
	}
	return 0;
}

/* Pass 1: loops, their vector shape, and reasons given at their own location. */
static void pass_loops(const struct remark *r, void *ctx)
{
	struct pass *ps = ctx;
	struct loop_acc *l;
	long at;

	if (ps->d.clang && r->kind == RK_PASSED && starts(r->msg, r->len, "vectorized loop (")) {
		if (!(l = loop_at(ps->loops, &ps->n, r->line, r->col, 1)))
			return;
		l->pub.vectorised = 1;
		at = find(r->msg, r->len, "vectorization width: vscale x ");
		l->pub.scalable = at >= 0;
		l->pub.width = l->pub.scalable ?
			int_after(r->msg, r->len, "vectorization width: vscale x ") :
			int_after(r->msg, r->len, "vectorization width: ");
		l->pub.interleave = int_after(r->msg, r->len, "interleaved count: ");
		if (l->pub.interleave < 1)
			l->pub.interleave = 1;
	} else if (ps->d.clang && r->kind == RK_PASSED &&
		   starts(r->msg, r->len, "interleaved loop (")) {
		/* Interleaved without vectorising. */
		if (!(l = loop_at(ps->loops, &ps->n, r->line, r->col, 1)))
			return;
		l->pub.interleave = int_after(r->msg, r->len, "interleaved count: ");
		if (l->pub.interleave < 1)
			l->pub.interleave = 1;
		if (!l->pub.vectorised && !l->has_reason)
			snprintf(l->pub.reason, sizeof l->pub.reason, "interleaved only");
	} else if (ps->d.clang && r->kind == RK_MISSED &&
		   (r->len == strlen("loop not vectorized") &&
		    starts(r->msg, r->len, "loop not vectorized"))) {
		loop_at(ps->loops, &ps->n, r->line, r->col, 1);
	} else if (ps->d.clang && r->kind == RK_MISSED &&
		   starts(r->msg, r->len, "the cost-model indicates that vectorization is not beneficial")) {
		if (!(l = loop_at(ps->loops, &ps->n, r->line, r->col, 1)))
			return;
		if (!l->has_reason)
			snprintf(l->pub.reason, sizeof l->pub.reason,
				 "the cost model says it does not pay");
	} else if (ps->d.clang && r->kind == RK_PASSED &&
		   starts(r->msg, r->len, "SLP vectorized")) {
		ps->slp = 1;
	} else if (ps->d.gcc && r->kind == RK_PASSED &&
		   (at = find(r->msg, r->len, "loop vectorized using ")) >= 0) {
		const char *p = r->msg + at + strlen("loop vectorized using ");
		const char *end = r->msg + r->len;
		int bytes, unroll;
		/* gcc 16 also reports the epilogue loop; it is not the hot loop. */
		if (at > 0 || starts(r->msg, r->len, "epilogue"))
			return;
		if (starts(p, (size_t)(end - p), "masked "))
			p += strlen("masked ");
		if ((bytes = read_int(&p, end)) <= 0)
			return;
		if (!(l = loop_at(ps->loops, &ps->n, r->line, r->col, 1)))
			return;
		l->pub.vectorised = 1;
		if (bytes > l->gcc_bytes) {
			l->gcc_bytes = bytes;
			l->pub.width = bytes / 8 > 0 ? bytes / 8 : 1;
			unroll = int_after(r->msg, r->len, "unroll factor ");
			l->pub.interleave = unroll > l->pub.width ? unroll / l->pub.width : 1;
		}
	} else if (ps->d.gcc && r->kind == RK_PASSED &&
		   starts(r->msg, r->len, "basic block part vectorized")) {
		ps->slp = 1;
	} else if (ps->d.gcc && r->kind == RK_MISSED &&
		   starts(r->msg, r->len, "couldn't vectorize loop")) {
		loop_at(ps->loops, &ps->n, r->line, r->col, 1);
	}
}

/* Pass 1b: reasons at a loop's own location (gcc always, clang often). */
static void pass_own_reasons(const struct remark *r, void *ctx)
{
	struct pass *ps = ctx;
	struct loop_acc *l = loop_at(ps->loops, &ps->n, r->line, r->col, 0);
	const char *s;
	size_t len;
	if (!l || l->has_reason || !reason_text(ps, r, &s, &len))
		return;
	copy_reason(l->pub.reason, sizeof l->pub.reason, s, len);
	l->has_reason = 1;
}

/* Pass 2 (clang): the nearest analysis remark after a loop that has no reason yet. */
struct nearest {
	const struct pass *ps;
	int line, col;          /* the loop */
	int best_line, best_col;
	char reason[96];
};

static int loc_before(int l1, int c1, int l2, int c2)
{
	return l1 < l2 || (l1 == l2 && c1 < c2);
}

static void pass_nearest(const struct remark *r, void *ctx)
{
	struct nearest *nr = ctx;
	const char *s;
	size_t len;
	size_t n = nr->ps->n;
	if (!reason_text(nr->ps, r, &s, &len))
		return;
	if (!loc_before(nr->line, nr->col, r->line, r->col))
		return;
	/* A remark at another loop's location is that loop's. */
	if (loop_at(nr->ps->loops, &n, r->line, r->col, 0))
		return;
	if (nr->best_line >= 0 && !loc_before(r->line, r->col, nr->best_line, nr->best_col))
		return;
	nr->best_line = r->line;
	nr->best_col = r->col;
	copy_reason(nr->reason, sizeof nr->reason, s, len);
}

static int cmp_loops(const void *a, const void *b)
{
	const struct loop_acc *x = a, *y = b;
	if (x->pub.line != y->pub.line)
		return x->pub.line < y->pub.line ? -1 : 1;
	if (x->pub.col != y->pub.col)
		return x->pub.col < y->pub.col ? -1 : 1;
	return 0;
}

/* Runs both passes into ps (whose loops has room for VECINFO_MAX). */
static void analyse(const char *text, const char *compiler, struct pass *ps)
{
	ps->d = dialect_of(compiler);
	ps->n = 0;
	ps->slp = 0;
	if (!text)
		return;
	each_remark(text, pass_loops, ps);
	each_remark(text, pass_own_reasons, ps);
	for (size_t i = 0; i < ps->n; i++) {
		struct loop_acc *l = &ps->loops[i];
		struct nearest nr;
		if (l->pub.vectorised || l->has_reason || !ps->d.clang)
			continue;
		nr.ps = ps;
		nr.line = l->pub.line;
		nr.col = l->pub.col;
		nr.best_line = nr.best_col = -1;
		nr.reason[0] = '\0';
		each_remark(text, pass_nearest, &nr);
		if (nr.best_line >= 0) {
			snprintf(l->pub.reason, sizeof l->pub.reason, "%s", nr.reason);
			l->has_reason = 1;
		}
	}
	for (size_t i = 0; i < ps->n; i++)
		if (ps->loops[i].pub.vectorised)
			ps->loops[i].pub.reason[0] = '\0';
	qsort(ps->loops, ps->n, sizeof ps->loops[0], cmp_loops);
}

size_t vecinfo_loops(const char *text, const char *compiler,
		     struct vecinfo_loop *loops, size_t max)
{
	struct loop_acc acc[VECINFO_MAX];
	struct pass ps = { .loops = acc };
	analyse(text, compiler, &ps);
	for (size_t i = 0; i < ps.n && i < max; i++)
		loops[i] = acc[i].pub;
	return ps.n;
}

void vecinfo_format(const struct vecinfo_loop *loop, char *out, size_t outlen)
{
	if (loop->vectorised)
		snprintf(out, outlen, "vectorised, width %s%d, interleave %d",
			 loop->scalable ? "vscale x " : "", loop->width, loop->interleave);
	else if (loop->interleave > 1)
		snprintf(out, outlen, "not vectorised: %s, interleave %d",
			 loop->reason[0] ? loop->reason : "interleaved only", loop->interleave);
	else
		snprintf(out, outlen, "not vectorised: %s",
			 loop->reason[0] ? loop->reason : "no reason given");
}

/* Reasons a loop gets for holding another loop, a barrier or a call. */
static int container_reason(const char *reason)
{
	const char *known[] = {
		"control flow in loop",                                      /* gcc */
		"unsupported control flow in loop",
		"loop nest containing two or more consecutive inner loops cannot be vectorized",
		"multiple nested loops",
		"instruction cannot be vectorized",                          /* clang */
		"call instruction cannot be vectorized",
		"loop contains a switch statement",
		"loop control flow is not understood by vectorizer",
	};
	for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
		if (strcmp(reason, known[i]) == 0)
			return 1;
	return 0;
}

/* The hot loop of an analysed file (see vecinfo_verdict), or NULL when it names none. */
static const struct vecinfo_loop *hot_loop(const struct pass *ps)
{
	if (ps->n == 0)
		return NULL;
	for (size_t i = 0; i < ps->n; i++)
		if (ps->loops[i].pub.vectorised)
			return &ps->loops[i].pub;
	for (size_t i = 0; i < ps->n; i++)
		if (!container_reason(ps->loops[i].pub.reason))
			return &ps->loops[i].pub;
	return &ps->loops[0].pub;
}

int vecinfo_hot_loop(const char *text, const char *compiler, struct vecinfo_loop *out, int *slp)
{
	struct loop_acc acc[VECINFO_MAX];
	struct pass ps = { .loops = acc };
	analyse(text, compiler, &ps);
	const struct vecinfo_loop *hot = hot_loop(&ps);
	if (slp)
		*slp = ps.slp;
	if (!hot)
		return -1;
	*out = *hot;
	return 0;
}

int vecinfo_member_loop(const char *text, const char *compiler, size_t index,
			struct vecinfo_loop *out)
{
	struct loop_acc acc[VECINFO_MAX];
	struct pass ps = { .loops = acc };
	analyse(text, compiler, &ps);
	if (index >= ps.n)
		return -1;
	*out = acc[index].pub;
	return 0;
}

void vecinfo_verdict(const char *text, const char *compiler, char *out, size_t outlen)
{
	struct loop_acc acc[VECINFO_MAX];
	struct pass ps = { .loops = acc };
	char line[160];

	analyse(text, compiler, &ps);
	const struct vecinfo_loop *hot = hot_loop(&ps);
	if (!hot) {
		snprintf(out, outlen, "no loop remarks");
		return;
	}
	vecinfo_format(hot, line, sizeof line);
	if (!hot->vectorised && ps.slp)
		snprintf(out, outlen, "%s; SLP-vectorised code elsewhere in the file", line);
	else
		snprintf(out, outlen, "%s", line);
}

void vecinfo_member_verdict(const char *text, const char *compiler, size_t index,
			    char *out, size_t outlen)
{
	struct loop_acc acc[VECINFO_MAX];
	struct pass ps = { .loops = acc };
	analyse(text, compiler, &ps);
	if (index < ps.n)
		vecinfo_format(&acc[index].pub, out, outlen);
	else
		snprintf(out, outlen, "no loop remarks");
}
