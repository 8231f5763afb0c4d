/*
 * rows.c - finished executions aggregated into rows, and rows written out.
 *
 * A row is one (file, name, version, threads, declared flops, declared
 * bytes): executions of one region with other totals (another problem size)
 * or another thread count are other points on the chart, so they are other
 * rows. Its time is the median of its executions' (as ROOFLINE_TIME keeps the
 * median of its batches); its counted flops and bytes, when every execution
 * was counted, are the mean per execution.
 */
#include "internal.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct rows_row {
	char *file, *name, *version, *level;
	int threads;
	double flops, bytes;
	double *seconds;
	size_t n, cap;
	size_t flops_counted, bytes_counted;     /* executions counted, of n */
	double counted_flops, counted_bytes;     /* their sums */
	struct rows_row *next;
};

static pthread_mutex_t rows_lock = PTHREAD_MUTEX_INITIALIZER;
static struct rows_row *rows_head, **rows_tail = &rows_head;
/* Set when the exit flush has run: an execution that ends after it is written at once. */
static int rows_exited;

static int rows_same(const char *a, const char *b)
{
	return strcmp(a ? a : "", b ? b : "") == 0;
}

int rl_same_figure(double a, double b)
{
	return a == b || (isnan(a) && isnan(b));
}

static char *rows_strdup(const char *s)
{
	size_t n = strlen(s ? s : "") + 1;
	char *d = malloc(n);
	if (d)
		memcpy(d, s ? s : "", n);
	return d;
}

static void rows_free(struct rows_row *r)
{
	free(r->file);
	free(r->name);
	free(r->version);
	free(r->level);
	free(r->seconds);
	free(r);
}

/* The row of e, made (at the end: rows keep the order their first execution ended) when new. */
static struct rows_row *rows_find(const struct rl_execution *e)
{
	for (struct rows_row *r = rows_head; r; r = r->next)
		if (rows_same(r->file, e->file) && rows_same(r->name, e->name) &&
		    rows_same(r->version, e->version) && rows_same(r->level, e->level) &&
		    r->threads == e->threads && rl_same_figure(r->flops, e->flops) &&
		    rl_same_figure(r->bytes, e->bytes))
			return r;
	struct rows_row *r = calloc(1, sizeof *r);
	if (!r)
		return NULL;
	r->file = rows_strdup(e->file);
	r->name = rows_strdup(e->name);
	r->version = rows_strdup(e->version);
	r->level = rows_strdup(e->level);
	if (!r->file || !r->name || !r->version || !r->level) {
		rows_free(r);
		return NULL;
	}
	r->threads = e->threads;
	r->flops = e->flops;
	r->bytes = e->bytes;
	*rows_tail = r;
	rows_tail = &r->next;
	return r;
}

void rl_record(const struct rl_execution *e)
{
	pthread_mutex_lock(&rows_lock);
	struct rows_row *r = rows_find(e);
	if (r && r->n == r->cap) {
		size_t cap = r->cap ? 2 * r->cap : 8;
		double *s = realloc(r->seconds, cap * sizeof *s);
		if (s) {
			r->seconds = s;
			r->cap = cap;
		}
	}
	if (!r || r->n == r->cap) {
		pthread_mutex_unlock(&rows_lock);
		fprintf(stderr, "roofline: out of memory: an execution of %s not recorded\n", e->name);
		return;
	}
	r->seconds[r->n++] = e->seconds;
	if (e->flops_counted) {
		r->flops_counted++;
		r->counted_flops += e->counted_flops;
	}
	if (e->bytes_counted) {
		r->bytes_counted++;
		r->counted_bytes += e->counted_bytes;
	}
	int late = rows_exited;
	pthread_mutex_unlock(&rows_lock);
	rl_flush_at_exit();
	/* Ended after the exit flush (an atexit handler, a C++ object's destructor): no later flush comes. */
	if (late)
		rl_flush_rows(e->file, e->name, e->version);
}

static int rows_cmp(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;
	return (a > b) - (a < b);
}

double rl_median(double *v, size_t n)
{
	/* qsort: a region in a hot loop has millions of executions (10^7 sort in about a second). */
	qsort(v, n, sizeof *v, rows_cmp);
	return n == 0 ? 0 : n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

static int rows_write(struct rows_row *r)
{
	double flops = r->flops, bytes = r->bytes;
	int flags = 0;
	/* Counted only when every execution was: a mix would be neither figure. */
	if (r->flops_counted == r->n && r->counted_flops > 0) {
		flops = r->counted_flops / (double)r->n;
		flags |= ROOFLINE_FLOPS_COUNTED;
	}
	if (r->bytes_counted == r->n && r->counted_bytes > 0) {
		bytes = r->counted_bytes / (double)r->n;
		flags |= ROOFLINE_BYTES_COUNTED;
	}
	return roofline_append(r->file, r->name, r->version, flops, bytes, rl_median(r->seconds, r->n),
			       r->threads, r->level[0] ? r->level : NULL, flags);
}

int rl_flush_rows(const char *file, const char *name, const char *version)
{
	int rc = 0;
	pthread_mutex_lock(&rows_lock);
	struct rows_row **link = &rows_head;
	while (*link) {
		struct rows_row *r = *link;
		if (name && !(rows_same(r->file, file) && rows_same(r->name, name) &&
			      rows_same(r->version, version))) {
			link = &r->next;
			continue;
		}
		if (rows_write(r) != 0)
			rc = -1;
		*link = r->next;
		rows_free(r);
	}
	for (rows_tail = &rows_head; *rows_tail; rows_tail = &(*rows_tail)->next)
		;
	pthread_mutex_unlock(&rows_lock);
	return rc;
}

void roofline_flush(void)
{
	rl_flush_rows(NULL, NULL, NULL);
}

static pthread_once_t rows_once = PTHREAD_ONCE_INIT;

/*
 * A child of fork() that exits would write its parent's rows a second time:
 * it starts with none (the parent's are the parent's to write).
 */
static void rows_forget_in_child(void)
{
	pthread_mutex_init(&rows_lock, NULL);
	while (rows_head) {
		struct rows_row *r = rows_head;
		rows_head = r->next;
		rows_free(r);
	}
	rows_tail = &rows_head;
}

static void rows_at_exit(void)
{
	pthread_mutex_lock(&rows_lock);
	rows_exited = 1;      /* first: what ends from here on is written at once, nothing falls between */
	pthread_mutex_unlock(&rows_lock);
	roofline_flush();
}

static void rows_register(void)
{
	atexit(rows_at_exit);
	pthread_atfork(NULL, NULL, rows_forget_in_child);
}

void rl_flush_at_exit(void)
{
	pthread_once(&rows_once, rows_register);
}
