/*
 * counters.c - counted flops and counted bytes, where the machine lets us.
 *
 * Flops: the CPU's retired floating-point events, one set per thread, opened
 * at the thread's first region and left running; a region takes the
 * difference between its end and its begin, so regions may nest. Bytes: the
 * memory controllers' CAS (read and write) events, system-wide on one CPU of
 * each socket, as the kernel describes them under /sys/bus/event_source; the
 * traffic of everything running in the meantime is in them, which is why a
 * counted byte figure is marked as such in the file. A VM or a kernel that
 * refuses them (this project's development VM exposes no PMU at all) leaves
 * the declared figures, and the library says why once.
 */
#include "internal.h"

#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <linux/perf_event.h>
#include <sys/syscall.h>
#endif

#if defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
#define COUNTERS_THREAD_LOCAL _Thread_local
#else
#define COUNTERS_THREAD_LOCAL __thread
#endif

#define COUNTERS_DEVICES "/sys/bus/event_source/devices"

double rl_now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static pthread_mutex_t counters_lock = PTHREAD_MUTEX_INITIALIZER;
/* Held while the memory counters are opened or read: one set for the process. */
static pthread_mutex_t counters_mem_lock = PTHREAD_MUTEX_INITIALIZER;
static int counters_said[2];

void rl_not_counted(enum rl_count kind, const char *why)
{
	pthread_mutex_lock(&counters_lock);
	if (!counters_said[kind])
		fprintf(stderr, "roofline: %s are declared, not counted: %s\n",
			kind == RL_COUNT_FLOPS ? "flops" : "bytes", why);
	counters_said[kind] = 1;
	pthread_mutex_unlock(&counters_lock);
}

int rl_want_count(const char *variable)
{
	const char *e = getenv(variable);
	return e && strcmp(e, "1") == 0;
}

/* ---- the floating-point event tables --------------------------------------------- */

/* Intel Skylake and later (family 6): FP_ARITH_INST_RETIRED, event 0xC7, one umask per width. */
static const struct roofline_fp_event counters_intel_events[] = {
	{ "fp_arith_inst_retired.scalar_double", 0x01c7, 1 },
	{ "fp_arith_inst_retired.scalar_single", 0x02c7, 1 },
	{ "fp_arith_inst_retired.128b_packed_double", 0x04c7, 2 },
	{ "fp_arith_inst_retired.128b_packed_single", 0x08c7, 4 },
	{ "fp_arith_inst_retired.256b_packed_double", 0x10c7, 4 },
	{ "fp_arith_inst_retired.256b_packed_single", 0x20c7, 8 },
	{ "fp_arith_inst_retired.512b_packed_double", 0x40c7, 8 },
	{ "fp_arith_inst_retired.512b_packed_single", 0x80c7, 16 },
};

/*
 * AMD Zen (families 0x17, 0x19, 0x1a): PMCx003 "retired SSE/AVX FLOPs",
 * unit mask add/sub, mult, div, mac: the hardware already counts flops
 * (lanes included, a multiply-add as 2), so each count is one flop.
 */
static const struct roofline_fp_event counters_amd_events[] = {
	{ "ex_ret_sse_avx_ops.all", 0x0f03, 1 },
};

const struct roofline_fp_event *roofline_fp_events(const char *vendor, int family, size_t *n)
{
	if (vendor && strcmp(vendor, "GenuineIntel") == 0 && family == 6) {
		*n = sizeof counters_intel_events / sizeof counters_intel_events[0];
		return counters_intel_events;
	}
	if (vendor && strcmp(vendor, "AuthenticAMD") == 0 && family >= 0x17) {
		*n = sizeof counters_amd_events / sizeof counters_amd_events[0];
		return counters_amd_events;
	}
	*n = 0;
	return NULL;
}

double roofline_flops_from_counts(const struct roofline_fp_event *ev, size_t n, const uint64_t *counts)
{
	double flops = 0;
	for (size_t i = 0; i < n; i++)
		flops += (double)counts[i] * ev[i].flops_per_count;
	return flops;
}

double roofline_scale_count(uint64_t count, uint64_t enabled, uint64_t running)
{
	if (running == 0)
		return 0;
	return (double)count * ((double)enabled / (double)running);
}

#ifdef __linux__
/* vendor_id and cpu family from /proc/cpuinfo; 0, or -1 when unreadable. */
static int counters_cpu(char *vendor, size_t len, int *family)
{
	FILE *fp = fopen("/proc/cpuinfo", "r");
	char line[256];
	int got = 0;
	if (!fp)
		return -1;
	vendor[0] = '\0';
	*family = -1;
	while (got < 2 && fgets(line, sizeof line, fp)) {
		char *colon = strchr(line, ':');
		if (!colon)
			continue;
		char *v = colon + 1;
		v += strspn(v, " \t");
		v[strcspn(v, "\n")] = '\0';
		if (strncmp(line, "vendor_id", 9) == 0 && !vendor[0]) {
			snprintf(vendor, len, "%s", v);
			got++;
		} else if (strncmp(line, "cpu family", 10) == 0 && *family < 0) {
			*family = atoi(v);
			got++;
		}
	}
	fclose(fp);
	return got == 2 ? 0 : -1;
}

static long counters_open(struct perf_event_attr *pe, int pid, int cpu)
{
	pe->size = sizeof *pe;
	pe->read_format = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
	return syscall(__NR_perf_event_open, pe, pid, cpu, -1, 0);
}

/* One free-running counter's value, scaled for the time the PMU multiplexed it away. */
static double counters_value(int fd)
{
	uint64_t v[3];
	if (read(fd, v, sizeof v) != (ssize_t)sizeof v)
		return 0;
	return roofline_scale_count(v[0], v[1], v[2]);
}

void rl_fp_close(struct rl_fp_group *g)
{
	for (size_t i = 0; i < g->n; i++)
		close(g->fds[i]);
	g->n = 0;
	g->ev = NULL;
}

int rl_fp_open(struct rl_fp_group *g, int inherit)
{
	char vendor[64], why[160];
	int family;
	size_t n;
	g->n = 0;
	if (counters_cpu(vendor, sizeof vendor, &family) != 0) {
		rl_not_counted(RL_COUNT_FLOPS, "cannot read /proc/cpuinfo");
		return -1;
	}
	const struct roofline_fp_event *ev = roofline_fp_events(vendor, family, &n);
	if (!ev) {
		snprintf(why, sizeof why, "no floating-point event table for %s family %d", vendor, family);
		rl_not_counted(RL_COUNT_FLOPS, why);
		return -1;
	}
	g->ev = ev;
	for (size_t i = 0; i < n && i < ROOFLINE_MAX_EVENTS; i++) {
		struct perf_event_attr pe;
		memset(&pe, 0, sizeof pe);
		pe.type = PERF_TYPE_RAW;
		pe.config = ev[i].config;
		pe.exclude_kernel = 1;
		pe.exclude_hv = 1;
		pe.inherit = inherit != 0;   /* threads started later count too; a pool started before does not */
		long fd = counters_open(&pe, 0, -1);
		if (fd < 0) {
			snprintf(why, sizeof why, "perf_event_open(%s): %s", ev[i].name, strerror(errno));
			rl_fp_close(g);
			rl_not_counted(RL_COUNT_FLOPS, why);
			return -1;
		}
		g->fds[g->n++] = (int)fd;
	}
	return 0;
}

double rl_fp_read(const struct rl_fp_group *g)
{
	double flops = 0;
	for (size_t i = 0; i < g->n; i++)
		flops += counters_value(g->fds[i]) * g->ev[i].flops_per_count;
	return flops;
}
#else
int rl_fp_open(struct rl_fp_group *g, int inherit)
{
	(void)inherit;
	g->n = 0;
	rl_not_counted(RL_COUNT_FLOPS, "perf_event_open is Linux's");
	return -1;
}
double rl_fp_read(const struct rl_fp_group *g)
{
	(void)g;
	return 0;
}
void rl_fp_close(struct rl_fp_group *g)
{
	g->n = 0;
}
#endif

/* The calling thread's group: 0 not tried yet, 1 open, -1 not available on this thread. */
static COUNTERS_THREAD_LOCAL struct rl_fp_group counters_thread_group;
static COUNTERS_THREAD_LOCAL int counters_thread_state;

int rl_fp_thread_read(double *flops)
{
	if (counters_thread_state == 0) {
		if (!rl_want_count("ROOFLINE_COUNT_FLOPS"))
			counters_thread_state = -1;
		else
			counters_thread_state = rl_fp_open(&counters_thread_group, 0) == 0 ? 1 : -1;
	}
	if (counters_thread_state < 0)
		return 0;
	*flops = rl_fp_read(&counters_thread_group);
	return 1;
}

/* ---- memory traffic: the PMUs sysfs describes ---------------------------------------- */

/* The first line of DIR/NAME into buf, newline dropped; 0, or -1 when unreadable. */
static int counters_read_line(const char *dir, const char *name, char *buf, size_t len)
{
	char path[512];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *fp = fopen(path, "r");
	if (!fp)
		return -1;
	char *got = fgets(buf, (int)len, fp);
	fclose(fp);
	if (!got)
		return -1;
	buf[strcspn(buf, "\n")] = '\0';
	return 0;
}

/* Puts `value` into the bits a format file names ("config1:0-3,32-35"). */
static int counters_place_bits(const char *format, uint64_t value, uint64_t config[3])
{
	int word;
	const char *p;
	if (strncmp(format, "config1:", 8) == 0)
		word = 1, p = format + 8;
	else if (strncmp(format, "config2:", 8) == 0)
		word = 2, p = format + 8;
	else if (strncmp(format, "config:", 7) == 0)
		word = 0, p = format + 7;
	else
		return -1;
	while (*p) {
		char *end;
		long lo = strtol(p, &end, 10), hi = lo;
		if (end == p || lo < 0 || lo > 63)
			return -1;
		if (*end == '-') {
			p = end + 1;
			hi = strtol(p, &end, 10);
			if (end == p || hi < lo || hi > 63)
				return -1;
		}
		for (long b = lo; b <= hi; b++, value >>= 1)
			if (value & 1)
				config[word] |= (uint64_t)1 << b;
		p = *end == ',' ? end + 1 : end;
		if (*end && *end != ',')
			return -1;
	}
	return value ? -1 : 0;   /* bits left over: the value does not fit its field */
}

int rl_perf_encode(const char *pmu_dir, const char *spec, uint64_t config[3], char *why, size_t whylen)
{
	char copy[256], format_dir[512], format[128];
	config[0] = config[1] = config[2] = 0;
	snprintf(copy, sizeof copy, "%s", spec);
	snprintf(format_dir, sizeof format_dir, "%s/format", pmu_dir);
	for (char *save = NULL, *term = strtok_r(copy, ",", &save); term; term = strtok_r(NULL, ",", &save)) {
		char *eq = strchr(term, '=');
		uint64_t value = 1;   /* a term without a value is a flag set to 1 */
		if (eq) {
			*eq = '\0';
			char *end;
			value = strtoull(eq + 1, &end, 0);
			if (end == eq + 1 || *end) {
				snprintf(why, whylen, "%s: cannot read the value of %s", spec, term);
				return -1;
			}
		}
		/* config, config1 and config2 are the words themselves. */
		if (strcmp(term, "config") == 0 || strcmp(term, "config1") == 0 || strcmp(term, "config2") == 0) {
			config[term[6] ? term[6] - '0' : 0] |= value;
			continue;
		}
		if (counters_read_line(format_dir, term, format, sizeof format) != 0 ||
		    counters_place_bits(format, value, config) != 0) {
			snprintf(why, whylen, "%s: no usable format for '%s' in %s", spec, term, format_dir);
			return -1;
		}
	}
	return 0;
}

/* The bytes one count stands for: the event's .scale in its .unit (sysfs gives MiB for CAS counts). */
static int counters_bytes_per_count(const char *events_dir, const char *event, double *out)
{
	char name[64], line[64];
	snprintf(name, sizeof name, "%s.scale", event);
	if (counters_read_line(events_dir, name, line, sizeof line) != 0)
		return -1;
	char *end;
	double scale = strtod(line, &end);
	if (end == line || !(scale > 0))
		return -1;
	snprintf(name, sizeof name, "%s.unit", event);
	if (counters_read_line(events_dir, name, line, sizeof line) != 0)
		return -1;
	static const struct { const char *unit; double bytes; } units[] = {
		{ "B", 1 }, { "Bytes", 1 }, { "KiB", 1024.0 }, { "MiB", 1048576.0 }, { "GiB", 1073741824.0 },
	};
	for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
		if (strcmp(line, units[i].unit) == 0) {
			*out = scale * units[i].bytes;
			return 0;
		}
	return -1;
}

/* Each PMU named prefix* (and, free_running says, free-running or not) that has these events. */
static size_t counters_plan_pmus(const char *devices, const char *prefix, int free_running,
				 const char *const events[2], struct rl_mem_event *out, size_t n,
				 size_t max, char *why, size_t whylen)
{
	DIR *d = opendir(devices);
	if (!d)
		return n;
	struct dirent *de;
	while ((de = readdir(d)) != NULL) {
		if (strncmp(de->d_name, prefix, strlen(prefix)) != 0 ||
		    (strstr(de->d_name, "free_running") != NULL) != free_running)
			continue;
		char dir[512], events_dir[600], spec[256], type[32], cpus[256];
		snprintf(dir, sizeof dir, "%s/%s", devices, de->d_name);
		snprintf(events_dir, sizeof events_dir, "%s/events", dir);
		if (counters_read_line(dir, "type", type, sizeof type) != 0)
			continue;
		if (counters_read_line(dir, "cpumask", cpus, sizeof cpus) != 0)
			snprintf(cpus, sizeof cpus, "0");
		for (int e = 0; e < 2; e++) {
			struct rl_mem_event m;
			memset(&m, 0, sizeof m);
			uint64_t config[3];
			if (counters_read_line(events_dir, events[e], spec, sizeof spec) != 0)
				continue;
			if (rl_perf_encode(dir, spec, config, why, whylen) != 0 ||
			    counters_bytes_per_count(events_dir, events[e], &m.bytes_per_count) != 0) {
				if (!why[0])
					snprintf(why, whylen, "%s/%s: no scale or unit", de->d_name, events[e]);
				continue;
			}
			snprintf(m.pmu, sizeof m.pmu, "%.63s", de->d_name);
			snprintf(m.event, sizeof m.event, "%s", events[e]);
			m.type = (uint32_t)strtoul(type, NULL, 10);
			m.config = config[0], m.config1 = config[1], m.config2 = config[2];
			/* One event per CPU of the mask: one CPU per socket for an uncore PMU. */
			for (char *save = NULL, *c = strtok_r(cpus, ",", &save); c; c = strtok_r(NULL, ",", &save)) {
				if (n == max)
					break;
				m.cpu = atoi(c);
				out[n++] = m;
			}
			if (counters_read_line(dir, "cpumask", cpus, sizeof cpus) != 0)
				snprintf(cpus, sizeof cpus, "0");
		}
	}
	closedir(d);
	return n;
}

size_t rl_mem_plan(const char *devices, struct rl_mem_event *out, size_t max, char *why, size_t whylen)
{
	static const char *const cas[2] = { "cas_count_read", "cas_count_write" };
	static const char *const data[2] = { "data_read", "data_write" };
	why[0] = '\0';
	size_t n = counters_plan_pmus(devices, "uncore_imc", 0, cas, out, 0, max, why, whylen);
	if (n == 0)   /* Ice Lake servers and later clients: only the free-running counters */
		n = counters_plan_pmus(devices, "uncore_imc", 1, data, out, 0, max, why, whylen);
	if (n == 0 && !why[0])
		snprintf(why, whylen, "no memory-controller PMU (uncore_imc) with read and write "
			 "events under %s", devices);
	return n;
}

static struct {
	int state;               /* 0 not tried, 1 open, -1 not available */
	size_t n;
	int fds[RL_MEM_MAX_EVENTS];
	double bytes_per_count[RL_MEM_MAX_EVENTS];
} counters_mem;

/* Opens the planned events system-wide; 0, or -1 having said why once. */
static int counters_mem_open(void)
{
	struct rl_mem_event ev[RL_MEM_MAX_EVENTS];
	char why[512];
	size_t n = rl_mem_plan(COUNTERS_DEVICES, ev, RL_MEM_MAX_EVENTS, why, sizeof why);
	if (n == 0) {
		rl_not_counted(RL_COUNT_BYTES, why);
		return -1;
	}
#ifdef __linux__
	for (size_t i = 0; i < n; i++) {
		struct perf_event_attr pe;
		memset(&pe, 0, sizeof pe);
		pe.type = ev[i].type;
		pe.config = ev[i].config;
		pe.config1 = ev[i].config1;
		pe.config2 = ev[i].config2;
		long fd = counters_open(&pe, -1, ev[i].cpu);
		if (fd < 0) {
			snprintf(why, sizeof why, "perf_event_open(%s/%s, cpu %d): %s%s", ev[i].pmu,
				 ev[i].event, ev[i].cpu, strerror(errno),
				 errno == EACCES || errno == EPERM ?
				 " (system-wide events need perf_event_paranoid <= 0 or CAP_PERFMON)" : "");
			for (size_t j = 0; j < counters_mem.n; j++)
				close(counters_mem.fds[j]);
			counters_mem.n = 0;
			rl_not_counted(RL_COUNT_BYTES, why);
			return -1;
		}
		counters_mem.fds[counters_mem.n] = (int)fd;
		counters_mem.bytes_per_count[counters_mem.n++] = ev[i].bytes_per_count;
	}
	return 0;
#else
	rl_not_counted(RL_COUNT_BYTES, "perf_event_open is Linux's");
	return -1;
#endif
}

int rl_mem_read(double *bytes)
{
	pthread_mutex_lock(&counters_mem_lock);
	if (counters_mem.state == 0)
		counters_mem.state = !rl_want_count("ROOFLINE_COUNT_BYTES") ? -1 :
				     counters_mem_open() == 0 ? 1 : -1;
	int ok = counters_mem.state > 0;
	double sum = 0;
#ifdef __linux__
	for (size_t i = 0; ok && i < counters_mem.n; i++)
		sum += counters_value(counters_mem.fds[i]) * counters_mem.bytes_per_count[i];
#endif
	pthread_mutex_unlock(&counters_mem_lock);
	*bytes = sum;
	return ok;
}
