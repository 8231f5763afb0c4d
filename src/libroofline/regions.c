/*
 * regions.c - roofline_region_begin / roofline_region_end: the threads that
 * run a region joined into one execution.
 *
 * An execution of (name, version) is open from its first begin until every
 * thread that began it has ended it. Its time runs from the first begin to
 * the last end, as the tool's own all-core jobs
 * are timed; its threads are the begins it collected; its declared totals
 * come with the ends, once (every thread passes the whole region's). A thread
 * that begins the region again after its own end, while others are still in
 * the previous execution, starts the next execution (or joins a next one
 * already started), so a team that runs a region in a loop gives one
 * execution per trip. Each thread keeps a small stack of the regions it is
 * inside, so an end finds its execution and regions may nest.
 */
#include "internal.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
#define REGIONS_THREAD_LOCAL _Thread_local
#else
#define REGIONS_THREAD_LOCAL __thread
#endif

#define REGIONS_DEPTH 16
#define REGIONS_NAME (ROOFLINE_NAME_MAX + 1)
#define REGIONS_VERSION (ROOFLINE_VERSION_MAX + 1)

struct regions_open {
	char name[REGIONS_NAME], version[REGIONS_VERSION];
	char *file;                   /* ROOFLINE_POINTS whole, however long */
	int active, threads;
	double first_begin, last_end;
	double flops, bytes;
	int have_totals, totals_differ;
	int flops_counted;            /* every thread that ended counted its flops */
	double counted_flops;
	int bytes_counted;
	double mem_at_begin;
	unsigned long *members;       /* the threads that began it, by regions_thread_id */
	size_t nmembers, cap;
	struct regions_open *next;
};

/* Where the calling thread is: the executions it began and has not ended. */
struct regions_frame {
	struct regions_open *open;
	int flops_counted;
	double flops_at_begin;
};

static pthread_mutex_t regions_lock = PTHREAD_MUTEX_INITIALIZER;
static struct regions_open *regions_head;
static char regions_version[REGIONS_VERSION] = "v1";
static REGIONS_THREAD_LOCAL struct regions_frame regions_stack[REGIONS_DEPTH];
static REGIONS_THREAD_LOCAL int regions_depth;
static unsigned long regions_threads_seen;
static REGIONS_THREAD_LOCAL unsigned long regions_thread_id;   /* 0: not given yet */

/* Whether the calling thread already took part in o; under regions_lock. */
static int regions_member(const struct regions_open *o, unsigned long id)
{
	for (size_t i = 0; i < o->nmembers; i++)
		if (o->members[i] == id)
			return 1;
	return 0;
}

/* Adds the calling thread to o; 0, or -1 out of memory. Under regions_lock. */
static int regions_join(struct regions_open *o, unsigned long id)
{
	if (o->nmembers == o->cap) {
		size_t cap = o->cap ? 2 * o->cap : 8;
		unsigned long *m = realloc(o->members, cap * sizeof *m);
		if (!m)
			return -1;
		o->members = m;
		o->cap = cap;
	}
	o->members[o->nmembers++] = id;
	return 0;
}

void roofline_set_version(const char *version)
{
	if (!version || !version[0] || strlen(version) >= sizeof regions_version) {
		fprintf(stderr, "roofline: roofline_set_version: want 1 to %zu characters\n",
			sizeof regions_version - 1);
		return;
	}
	pthread_mutex_lock(&regions_lock);
	snprintf(regions_version, sizeof regions_version, "%s", version);
	pthread_mutex_unlock(&regions_lock);
}

/* At exit: an execution some thread never ended is not recorded; say which. */
static void regions_at_exit(void)
{
	pthread_mutex_lock(&regions_lock);
	for (const struct regions_open *o = regions_head; o; o = o->next)
		fprintf(stderr, "roofline: region %s %s still open at exit (%d of its %d thread%s inside): "
			"not recorded\n", o->name, o->version, o->active, o->threads,
			o->threads == 1 ? "" : "s");
	pthread_mutex_unlock(&regions_lock);
}

static pthread_once_t regions_once = PTHREAD_ONCE_INIT;

static void regions_register(void)
{
	atexit(regions_at_exit);
	/*
	 * The rows' exit flush registered now, at the first begin, not at the first end:
	 * it then runs after what is registered later (a C++ region at namespace scope
	 * ends in its destructor, registered once its begin returned).
	 */
	rl_flush_at_exit();
}

static int regions_name_ok(const char *name, const char *call)
{
	if (name && name[0] && strlen(name) < REGIONS_NAME)
		return 1;
	fprintf(stderr, "roofline: %s: the region's name must be 1 to %d characters\n", call,
		REGIONS_NAME - 1);
	return 0;
}

void roofline_region_begin(const char *name)
{
	if (!regions_name_ok(name, "roofline_region_begin"))
		return;
	if (regions_depth == REGIONS_DEPTH) {
		fprintf(stderr, "roofline: region %s: more than %d regions open on one thread\n", name,
			REGIONS_DEPTH);
		return;
	}
	pthread_once(&regions_once, regions_register);
	/* This thread's counters opened (at its first region) before the execution's clock starts. */
	double unused;
	rl_fp_thread_read(&unused);
	const char *file = getenv("ROOFLINE_POINTS");
	if (!file || !file[0])
		file = "points.csv";
	struct regions_frame *f = &regions_stack[regions_depth];
	pthread_mutex_lock(&regions_lock);
	if (!regions_thread_id)
		regions_thread_id = ++regions_threads_seen;
	/* The oldest open execution of this region that this thread has not been in yet. */
	struct regions_open *o = NULL;
	for (struct regions_open *x = regions_head; x; x = x->next)
		if (strcmp(x->name, name) == 0 && strcmp(x->version, regions_version) == 0 &&
		    strcmp(x->file, file) == 0 && !regions_member(x, regions_thread_id))
			o = x;
	if (!o) {
		o = calloc(1, sizeof *o);
		if (!o) {
			pthread_mutex_unlock(&regions_lock);
			fprintf(stderr, "roofline: region %s: out of memory\n", name);
			return;
		}
		o->file = strdup(file);
		if (!o->file) {
			free(o);
			pthread_mutex_unlock(&regions_lock);
			fprintf(stderr, "roofline: region %s: out of memory\n", name);
			return;
		}
		snprintf(o->name, sizeof o->name, "%s", name);
		snprintf(o->version, sizeof o->version, "%s", regions_version);
		o->flops_counted = 1;
		/* The socket's traffic from here to the last end. */
		o->bytes_counted = rl_mem_read(&o->mem_at_begin);
		o->first_begin = rl_now();
		o->next = regions_head;
		regions_head = o;
	}
	if (regions_join(o, regions_thread_id) != 0) {
		if (o->nmembers == 0) {   /* made just now: nobody else holds it */
			regions_head = o->next;
			free(o->file);
			free(o);
		}
		pthread_mutex_unlock(&regions_lock);
		fprintf(stderr, "roofline: region %s: out of memory\n", name);
		return;
	}
	o->active++;
	o->threads++;
	pthread_mutex_unlock(&regions_lock);
	f->open = o;
	regions_depth++;
	/* The clock and this thread's counters start last, after the lock's wait. */
	f->flops_counted = rl_fp_thread_read(&f->flops_at_begin);
}

/* Takes the finished execution o off the open list and records it; under regions_lock. */
static void regions_finish(struct regions_open *o)
{
	struct regions_open **link = &regions_head;
	while (*link != o)
		link = &(*link)->next;
	*link = o->next;
	double mem = 0;
	int bytes_counted = o->bytes_counted && rl_mem_read(&mem);
	struct rl_execution e = {
		.file = o->file, .name = o->name, .version = o->version, .level = NULL,
		.threads = o->threads, .flops = o->flops, .bytes = o->bytes,
		.seconds = o->last_end - o->first_begin,
		.flops_counted = o->flops_counted, .counted_flops = o->counted_flops,
		.bytes_counted = bytes_counted, .counted_bytes = mem - o->mem_at_begin,
	};
	if (o->totals_differ)
		fprintf(stderr, "roofline: region %s %s: its threads gave different totals; "
			"kept the first (%g flops, %g bytes): pass the whole region's on every thread\n",
			o->name, o->version, o->flops, o->bytes);
	rl_record(&e);
	free(o->members);
	free(o->file);
	free(o);
}

void roofline_region_end(const char *name, double flops, double bytes)
{
	double now = rl_now(), fp = 0;
	int fp_ok = 0;
	if (!regions_name_ok(name, "roofline_region_end"))
		return;
	int d = regions_depth - 1;
	while (d >= 0 && strcmp(regions_stack[d].open->name, name) != 0)
		d--;
	if (d < 0) {
		fprintf(stderr, "roofline: roofline_region_end(\"%s\") without its begin on this thread: "
			"ignored\n", name);
		return;
	}
	struct regions_frame f = regions_stack[d];
	/* Regions opened inside this one and never ended are left behind with it. */
	regions_depth = d;
	if (f.flops_counted)
		fp_ok = rl_fp_thread_read(&fp);
	pthread_mutex_lock(&regions_lock);
	struct regions_open *o = f.open;
	if (now > o->last_end)
		o->last_end = now;
	if (!o->have_totals) {
		o->flops = flops;
		o->bytes = bytes;
		o->have_totals = 1;
	} else if (!rl_same_figure(o->flops, flops) || !rl_same_figure(o->bytes, bytes)) {
		o->totals_differ = 1;
	}
	if (f.flops_counted && fp_ok)
		o->counted_flops += fp - f.flops_at_begin;
	else
		o->flops_counted = 0;
	if (--o->active == 0)
		regions_finish(o);
	pthread_mutex_unlock(&regions_lock);
}
