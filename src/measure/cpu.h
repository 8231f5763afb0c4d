/*
 * cpu.h - what the processor can do and where we run: instruction sets
 * (checked at run time, so one binary skips what a CPU lacks), pinning, the
 * measured clock, and the reported topology (hwloc).
 */
#ifndef ROOFLINE_CPU_H
#define ROOFLINE_CPU_H

#include <stddef.h>

#include "kernel.h"
#include "isa.h"

/* 1 when this CPU can run kernels needing `isa` (ISA_NONE always can). */
int cpu_has_isa(enum isa isa);

/* The widest SIMD ISA this CPU has (ISA_SCALAR when none). */
enum isa cpu_widest_isa(void);

/* The dispatch back-end's name for the report: "x86-64 cpuid", "aarch64 hwcap". */
const char *cpu_dispatch_name(void);

/*
 * Pins the calling thread to the CPU it is running on. Returns that CPU's
 * number, or -1 with one line in err (the caller warns and goes on).
 */
int cpu_pin_here(char *err, size_t errlen);

/*
 * Core clock in GHz from a chain of dependent integer adds, which retire at
 * one per cycle on every core this runs on: the fastest of `repeats` timings
 * of about `seconds` each. NaN where there is no such chain for the
 * architecture. `method` gets a description for env.csv.
 */
double cpu_measure_clock_ghz(double seconds, int repeats, const char **method);

/*
 * Pins the calling thread to CPU `cpu` (an OS CPU number). Returns 0, or -1
 * with one line in err.
 */
int cpu_pin_to(int cpu, char *err, size_t errlen);

/*
 * The physical cores this process may run on, one CPU each: the first
 * hardware thread (PU) of every core, in the topology's order, so SMT siblings
 * count once. Writes up to `max` OS CPU numbers into cpus and returns how
 * many cores there are (which may exceed max); -1 with one line in err when
 * hwloc cannot load the topology. `synthetic` is NULL for this machine, or an
 * hwloc synthetic description ("pack:1 core:2 pu:2") that tests script a
 * layout with.
 */
int cpu_physical_cores(const char *synthetic, int *cpus, int max, char *err, size_t errlen);

/* The reported caches, in the order cpu_info's sizes and sharing are kept. */
enum cpu_cache { CPU_L1D, CPU_L2, CPU_L3, CPU_L4, CPU_MEMCACHE, CPU_CACHES };

/* Reported topology; sizes in bytes, 0 where unknown. */
struct cpu_info {
	char model[128];
	int cores;          /* physical cores */
	int pus;            /* hardware threads */
	double l1d, l2, l3;
	/*
	 * Past the L3, what hwloc reports: an L4 (Broadwell's eDRAM) and a
	 * memory-side cache (MemCache, from ACPI's HMAT: HBM or DRAM in cache
	 * mode). The model names neither; the largest reported cache is the
	 * last-level one (docs/plan.md R2, R9).
	 */
	double l4, memcache;
	/* The logical CPUs of this run that share one instance of each (enum cpu_cache; hwloc); 0: unknown. */
	double shared_cpus[CPU_CACHES];
	char source[48];    /* "hwloc 2.9.0" or "sysconf" */
};

void cpu_describe(struct cpu_info *info);

/*
 * The caches an hwloc XML topology (a buffer of len bytes) reports above
 * its first PU, into info's sizes and sharing, as cpu_describe reads this
 * machine's (tests script a topology with it). Returns 0, or -1 where
 * hwloc rejects the XML.
 */
int cpu_caches_from_xml(const char *xml, int len, struct cpu_info *info);

/*
 * Whether hardware performance counters can be read (perf_event_open of the
 * instruction counter). Returns 1, or 0 with the reason in why.
 */
int cpu_counters_available(char *why, size_t whylen);

#endif
