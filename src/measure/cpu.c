/*
 * cpu.c - instruction sets checked at run time, pinning, the measured clock
 * and the hwloc topology (the interface in cpu.h).
 */
#include "cpu.h"

#include <errno.h>
#include <hwloc.h>
#include <linux/perf_event.h>
#include <math.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "timer.h"

#if defined(__aarch64__)
#include <sys/auxv.h>
#endif

int cpu_has_isa(enum isa isa)
{
	switch (isa) {
	case ISA_NONE:
		return 1;
#if defined(__x86_64__)
	case ISA_SCALAR:
	case ISA_SSE2:
		/* Our scalar and 128-bit chains use FMA3 encodings. */
		return __builtin_cpu_supports("fma");
	case ISA_AVX2:
		return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
	case ISA_AVX512:
		return __builtin_cpu_supports("avx512f");
	case ISA_NEON:
		return 0;
#elif defined(__aarch64__)
	case ISA_SCALAR:
	case ISA_NEON:
		return 1;  /* FMA and Advanced SIMD are part of ARMv8-A */
	case ISA_SSE2:
	case ISA_AVX2:
	case ISA_AVX512:
		return 0;
#else
	case ISA_SCALAR:
	case ISA_SSE2:
	case ISA_AVX2:
	case ISA_AVX512:
	case ISA_NEON:
		return 0;
#endif
	case ISA_COUNT:
		break;
	}
	return 0;
}

enum isa cpu_widest_isa(void)
{
	static const enum isa order[] = { ISA_AVX512, ISA_AVX2, ISA_SSE2, ISA_NEON };
	for (size_t i = 0; i < sizeof order / sizeof order[0]; i++)
		if (cpu_has_isa(order[i]))
			return order[i];
	return ISA_SCALAR;
}

const char *cpu_dispatch_name(void)
{
#if defined(__x86_64__)
	return "x86-64 cpuid (__builtin_cpu_supports)";
#elif defined(__aarch64__)
	return "aarch64 (ARMv8-A baseline)";
#else
	return "none (no SIMD kernels on this architecture)";
#endif
}

int cpu_pin_here(char *err, size_t errlen)
{
	int cpu = sched_getcpu();
	if (cpu < 0) {
		snprintf(err, errlen, "cannot tell which CPU this runs on: %s", strerror(errno));
		return -1;
	}
	return cpu_pin_to(cpu, err, errlen) == 0 ? cpu : -1;
}

int cpu_pin_to(int cpu, char *err, size_t errlen)
{
	cpu_set_t set;
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof set, &set) != 0) {
		snprintf(err, errlen, "cannot pin to CPU %d: %s", cpu, strerror(errno));
		return -1;
	}
	return 0;
}

int cpu_physical_cores(const char *synthetic, int *cpus, int max, char *err, size_t errlen)
{
	hwloc_topology_t topo;
	if (hwloc_topology_init(&topo) != 0) {
		snprintf(err, errlen, "hwloc cannot start: %s", strerror(errno));
		return -1;
	}
	if (synthetic && hwloc_topology_set_synthetic(topo, synthetic) != 0) {
		snprintf(err, errlen, "hwloc rejects the synthetic topology '%s'", synthetic);
		hwloc_topology_destroy(topo);
		return -1;
	}
	if (hwloc_topology_load(topo) != 0) {
		snprintf(err, errlen, "hwloc cannot load the topology: %s", strerror(errno));
		hwloc_topology_destroy(topo);
		return -1;
	}
	/*
	 * hwloc 2 leaves out the PUs a cgroup forbids, but not those outside
	 * this process's affinity (taskset): a core counts with its first PU
	 * the process may run on, and a core with none is not ours. A machine
	 * that reports no cores at all (some VMs) gets one per PU. A synthetic
	 * topology (tests) is taken as it is.
	 */
	cpu_set_t mine;
	int have_mask = !synthetic && sched_getaffinity(0, sizeof mine, &mine) == 0;
	int count = 0;
	int ncores = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_CORE);
	hwloc_obj_type_t type = ncores > 0 ? HWLOC_OBJ_CORE : HWLOC_OBJ_PU;
	int nobjs = ncores > 0 ? ncores : hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_PU);
	for (int i = 0; i < nobjs; i++) {
		hwloc_obj_t core = hwloc_get_obj_by_type(topo, type, (unsigned)i);
		hwloc_obj_t pu = NULL;
		for (unsigned k = 0; core; k++) {
			pu = hwloc_get_obj_inside_cpuset_by_type(topo, core->cpuset, HWLOC_OBJ_PU, k);
			if (!pu || !have_mask ||
			    (pu->os_index < CPU_SETSIZE && CPU_ISSET(pu->os_index, &mine)))
				break;
		}
		if (!pu)
			continue;
		if (count < max)
			cpus[count] = (int)pu->os_index;
		count++;
	}
	hwloc_topology_destroy(topo);
	if (count == 0) {
		snprintf(err, errlen, "hwloc finds no core this process may run on");
		return -1;
	}
	return count;
}

#if defined(__x86_64__)
#define ADD_CHAIN_STEP "add %1, %0\n\t"
#elif defined(__aarch64__)
#define ADD_CHAIN_STEP "add %0, %0, %1\n\t"
#endif

#ifdef ADD_CHAIN_STEP
#define ADD_CHAIN_10 ADD_CHAIN_STEP ADD_CHAIN_STEP ADD_CHAIN_STEP ADD_CHAIN_STEP ADD_CHAIN_STEP \
	ADD_CHAIN_STEP ADD_CHAIN_STEP ADD_CHAIN_STEP ADD_CHAIN_STEP ADD_CHAIN_STEP
#define ADD_CHAIN_LENGTH 100

/*
 * 100 dependent register-register adds per iteration: one cycle each, with the
 * loop counter running beside them on other ALUs. A register operand, not an
 * immediate, because some cores fold add-immediate chains at rename.
 */
static long add_chain(long iters, long step)
{
	long x = 0;
	for (long i = 0; i < iters; i++)
		__asm__ __volatile__(ADD_CHAIN_10 ADD_CHAIN_10 ADD_CHAIN_10 ADD_CHAIN_10 ADD_CHAIN_10
				     ADD_CHAIN_10 ADD_CHAIN_10 ADD_CHAIN_10 ADD_CHAIN_10 ADD_CHAIN_10
				     : "+r"(x) : "r"(step));
	return x;
}

double cpu_measure_clock_ghz(double seconds, int repeats, const char **method)
{
	long iters = 1000;
	double best = INFINITY;
	*method = "dependent integer adds, 1 per cycle";
	/* Grow to `seconds` a timing, then keep the fastest of `repeats`. */
	for (;;) {
		double t0 = timer_now();
		add_chain(iters, 1);
		double dt = timer_now() - t0;
		if (dt > seconds || iters > (1L << 30))
			break;
		iters *= 2;
	}
	for (int r = 0; r < repeats; r++) {
		double t0 = timer_now();
		long x = add_chain(iters, 1);
		double dt = timer_now() - t0;
		if (x != iters * ADD_CHAIN_LENGTH)
			return NAN;  /* the chain did not run as written */
		if (dt < best)
			best = dt;
	}
	return (double)iters * ADD_CHAIN_LENGTH / best / 1e9;
}
#else
double cpu_measure_clock_ghz(double seconds, int repeats, const char **method)
{
	(void)seconds;
	(void)repeats;
	*method = "not measured: no add chain for this architecture";
	return NAN;
}
#endif

static double sysconf_bytes(int name)
{
	long v = sysconf(name);
	return v > 0 ? (double)v : 0.0;
}

static void model_from_proc(char *model, size_t size)
{
	FILE *fp = fopen("/proc/cpuinfo", "r");
	char line[512];
	if (!fp)
		return;
	while (fgets(line, sizeof line, fp)) {
		char *colon = strchr(line, ':');
		if (!colon)
			continue;
		if (strncmp(line, "model name", 10) == 0 || strncmp(line, "Model", 5) == 0) {
			colon++;
			while (*colon == ' ' || *colon == '\t')
				colon++;
			colon[strcspn(colon, "\n")] = '\0';
			snprintf(model, size, "%s", colon);
			break;
		}
	}
	fclose(fp);
}

/*
 * The logical CPUs in a cache's cpuset: how many share the instance. hwloc 2
 * leaves out the PUs a cgroup forbids, so these are the ones this run may
 * use (the process is pinned by now: its own affinity would say one). 0
 * (unknown) where hwloc gives no cpuset; never guessed.
 */
static double shared_cpus(hwloc_const_cpuset_t set)
{
	int n = set ? hwloc_bitmap_weight(set) : -1;
	return n > 0 ? n : 0;
}

/*
 * The caches of topo above its first PU (what one core reports it sees, and
 * who shares each), and the memory-side caches in front of that PU's
 * memory: the largest where several are (a MemCache over another).
 */
static void caches_of(hwloc_topology_t topo, struct cpu_info *info)
{
	double *size[CPU_CACHES] = { &info->l1d, &info->l2, &info->l3, &info->l4, &info->memcache };
	hwloc_obj_t pu = hwloc_get_obj_by_type(topo, HWLOC_OBJ_PU, 0);
	for (hwloc_obj_t o = pu ? pu->parent : NULL; o; o = o->parent) {
		int l = o->type == HWLOC_OBJ_L1CACHE && o->attr->cache.type != HWLOC_OBJ_CACHE_INSTRUCTION ? CPU_L1D
		      : o->type == HWLOC_OBJ_L2CACHE ? CPU_L2 : o->type == HWLOC_OBJ_L3CACHE ? CPU_L3
		      : o->type == HWLOC_OBJ_L4CACHE ? CPU_L4 : -1;
		if (l < 0)
			continue;
		*size[l] = (double)o->attr->cache.size;
		info->shared_cpus[l] = shared_cpus(o->cpuset);
	}
	for (hwloc_obj_t o = NULL; pu && (o = hwloc_get_next_obj_by_type(topo, HWLOC_OBJ_MEMCACHE, o));)
		if (o->cpuset && hwloc_bitmap_isincluded(pu->cpuset, o->cpuset) &&
		    (double)o->attr->cache.size > info->memcache) {
			info->memcache = (double)o->attr->cache.size;
			info->shared_cpus[CPU_MEMCACHE] = shared_cpus(o->cpuset);
		}
}

/* hwloc leaves memory-side caches out unless asked. */
static void keep_memcaches(hwloc_topology_t topo)
{
	hwloc_topology_set_type_filter(topo, HWLOC_OBJ_MEMCACHE, HWLOC_TYPE_FILTER_KEEP_ALL);
}

int cpu_caches_from_xml(const char *xml, int len, struct cpu_info *info)
{
	hwloc_topology_t topo;
	if (hwloc_topology_init(&topo) != 0)
		return -1;
	keep_memcaches(topo);
	int ok = hwloc_topology_set_xmlbuffer(topo, xml, len) == 0 && hwloc_topology_load(topo) == 0;
	if (ok)
		caches_of(topo, info);
	hwloc_topology_destroy(topo);
	return ok ? 0 : -1;
}

void cpu_describe(struct cpu_info *info)
{
	memset(info, 0, sizeof *info);
	snprintf(info->model, sizeof info->model, "unknown CPU");
	model_from_proc(info->model, sizeof info->model);

	hwloc_topology_t topo;
	int init = hwloc_topology_init(&topo) == 0;
	if (init)
		keep_memcaches(topo);
	if (init && hwloc_topology_load(topo) == 0) {
		snprintf(info->source, sizeof info->source, "hwloc %s", HWLOC_VERSION);
		info->cores = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_CORE);
		info->pus = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_PU);
		caches_of(topo, info);
		/* /proc/cpuinfo's name is what lscpu shows; hwloc's only when it has none. */
		hwloc_obj_t pkg = hwloc_get_obj_by_type(topo, HWLOC_OBJ_PACKAGE, 0);
		const char *m = pkg ? hwloc_obj_get_info_by_name(pkg, "CPUModel") : NULL;
		if (m && *m && strcmp(info->model, "unknown CPU") == 0)
			snprintf(info->model, sizeof info->model, "%s", m);
		hwloc_topology_destroy(topo);
	} else {
		if (init)
			hwloc_topology_destroy(topo);
		snprintf(info->source, sizeof info->source, "sysconf");
	}
	/* hwloc finds nothing where the VM hides /sys cache files; libc asks cpuid. */
	if (info->l1d == 0)
		info->l1d = sysconf_bytes(_SC_LEVEL1_DCACHE_SIZE);
	if (info->l2 == 0)
		info->l2 = sysconf_bytes(_SC_LEVEL2_CACHE_SIZE);
	if (info->l3 == 0)
		info->l3 = sysconf_bytes(_SC_LEVEL3_CACHE_SIZE);
	if (info->l4 == 0)
		info->l4 = sysconf_bytes(_SC_LEVEL4_CACHE_SIZE);
	if (info->cores <= 0)
		info->cores = (int)sysconf(_SC_NPROCESSORS_ONLN);
	if (info->pus <= 0)
		info->pus = info->cores;
}

int cpu_counters_available(char *why, size_t whylen)
{
	struct perf_event_attr attr;
	memset(&attr, 0, sizeof attr);
	attr.size = sizeof attr;
	attr.type = PERF_TYPE_HARDWARE;
	attr.config = PERF_COUNT_HW_INSTRUCTIONS;
	attr.disabled = 1;
	attr.exclude_kernel = 1;
	attr.exclude_hv = 1;
	long fd = syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);
	if (fd < 0) {
		snprintf(why, whylen, "perf_event_open(instructions): %s", strerror(errno));
		return 0;
	}
	close((int)fd);
	return 1;
}
