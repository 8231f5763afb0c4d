/*
 * measure_opts.c - measure's options: the defaults, the --only, --threads
 * and --levels lists, the thread counts a machine allows, and the kernel
 * table of --list; apart from the harness (measure.c) that runs them.
 */
#include "measure.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpu.h"
#include "levels.h"
#include "registry.h"
#include "util.h"

/*
 * The profiles. A quick run (`make report QUICK=1`, under 15 s of
 * measuring):
 *  - one pass, at most one more kept trial than its floor, and none to warm
 *    up: a single pass follows its calibration at once (a full run's one
 *    warm-up trial a pass: every timing already follows an untimed call of
 *    its own job, plan_warm_run, and pass 1 follows the calibration; with
 *    each job stopping once its figure is known, more warm-ups were most of
 *    a short job's trials);
 *  - arrays of at most 256 MiB (still 768 MB of working set);
 *  - a kernels job past 0.12 s a pass keeps fewer trials, and one whose one
 *    timing takes over 0.25 s is left out (a full run's 0.1 s: a matrix
 *    product of order 1024 by the textbook loop takes seconds a call; the
 *    kernels at DRAM-sized arrays, 60-odd jobs a thread count, are most of
 *    a run, and at 0.1 s a pass each still keep 6 or more timings of
 *    10-15 ms a pass, 18 in all);
 *  - its bandwidth jobs keep all their trials, and its budget leaves out no
 *    job for its share (the skip above does);
 *  - DRAM kernels where the curve first crosses halfway to DRAM
 *    (plan_kernel_arrays says why), and twin jobs at L1 only: there they
 *    cost microseconds, and without them the L1 roof of the update in
 *    place was its four-vector loop, 0.83 of a plain loop on the Zen 3 VM
 *    where the one-vector twin ran 1.18 (make bench-pairs); at every level
 *    they made the Zen 4 VM's quick run outrun its estimate of the time
 *    left by 30 %.
 */
const struct measure_profile measure_profiles[MEASURE_NPROFILES] = {
	[MEASURE_PROFILE_FULL] = {
		.name = "full", .quick = 0, .said = "a full run", .passes = 3, .trials = 15, .warmup = 1, .min_time = 1e-3,
		.budget = MEASURE_DEFAULT_BUDGET_S, .cap_bytes = 0, .slow_pass_seconds = 0.1,
		.sweep_keeps_fewer = 1, .skip_call_seconds = 0, .budget_leaves_out = 1,
		.dram_arrays = MEASURE_DRAM_BY_RULE, .twin_levels = (1u << MEM_LEVELS) - 1,
	},
	[MEASURE_PROFILE_QUICK] = {
		.name = "quick", .quick = 1, .said = "a quick run", .passes = 1, .trials = 6, .warmup = 0, .min_time = 0.4e-3,
		.budget = MEASURE_QUICK_BUDGET_S, .cap_bytes = 256.0 * 1048576, .slow_pass_seconds = 0.12,
		.sweep_keeps_fewer = 0, .skip_call_seconds = 0.25, .budget_leaves_out = 0,
		.dram_arrays = MEASURE_DRAM_AT_HALFWAY, .twin_levels = 1u << MEM_L1,
	},
};

void measure_defaults(struct measure_opts *o, int quick)
{
	memset(o, 0, sizeof *o);
	o->profile = measure_profiles[quick ? MEASURE_PROFILE_QUICK : MEASURE_PROFILE_FULL];
	o->groups = TGROUP_ALL;
	o->levels = LEVEL_DRAM;
	o->nthreads = 0;
	o->passes = o->profile.passes;
	o->trials = o->profile.trials;
	o->warmup = o->profile.warmup;
	o->min_time = o->profile.min_time;
	o->budget = o->profile.budget;
}

struct name_bit {
	const char *name;
	unsigned bit;
};

/* A comma list of names from `table` as a bit mask; -1 on an unknown or empty list. */
static int parse_name_list(const char *list, const struct name_bit *table, size_t n,
			   unsigned *mask)
{
	char *copy = xstrdup(list), *save = NULL;
	unsigned m = 0;
	int rc = 0;
	for (char *tok = strtok_r(copy, ",", &save); tok && rc == 0; tok = strtok_r(NULL, ",", &save)) {
		size_t i = 0;
		while (i < n && strcmp(tok, table[i].name) != 0)
			i++;
		if (i == n)
			rc = -1;
		else
			m |= table[i].bit;
	}
	free(copy);
	if (rc != 0 || !m)
		return -1;
	*mask = m;
	return 0;
}

int measure_parse_groups(const char *list, unsigned *mask)
{
	struct name_bit groups[TGROUP_COUNT];   /* the names as tgroup.c spells them */
	for (int g = 0; g < TGROUP_COUNT; g++)
		groups[g] = (struct name_bit){ tgroup_name((enum timing_group)g), TGROUP_BIT(g) };
	return parse_name_list(list, groups, TGROUP_COUNT, mask);
}

int measure_parse_threads(const char *list, struct measure_opts *o, char *err, size_t errlen)
{
	int n = 0;
	const char *s = list;
	for (;;) {
		const char *end = s + strcspn(s, ",");
		char *stop;
		errno = 0;
		long v = strtol(s, &stop, 10);
		if (end == s) {
			snprintf(err, errlen, "an empty element; want a comma list of thread counts such as 1,2");
			return -1;
		}
		if (stop != end || errno != 0 || *s == '+' || *s == ' ') {
			snprintf(err, errlen, "'%.*s' is not a whole number", (int)(end - s), s);
			return -1;
		}
		if (v < 1) {
			snprintf(err, errlen, "%ld threads: want at least 1", v);
			return -1;
		}
		if (v > 1 << 20) {
			snprintf(err, errlen, "%ld threads: more than any machine has", v);
			return -1;
		}
		if (n == MEASURE_MAX_THREAD_COUNTS) {
			snprintf(err, errlen, "more than %d thread counts", MEASURE_MAX_THREAD_COUNTS);
			return -1;
		}
		for (int i = 0; i < n; i++)
			if (o->threads[i] == (int)v) {
				snprintf(err, errlen, "%ld given twice (each count is measured once)", v);
				return -1;
			}
		o->threads[n++] = (int)v;
		if (!*end)
			break;
		s = end + 1;
	}
	o->nthreads = n;
	return 0;
}

int measure_parse_levels(const char *list, unsigned *mask)
{
	static const struct name_bit levels[] = {
		{ "dram", LEVEL_DRAM }, { "l2", LEVEL_L2 }, { "l1", LEVEL_L1 },
	};
	return parse_name_list(list, levels, sizeof levels / sizeof levels[0], mask);
}

void measure_list(void)
{
	printf("%-20s %-7s %-9s %-8s %-7s %-12s %-8s %s\n", "kernel", "kind", "isa", "here",
	       "flops", "bytes", "pattern", "computes");
	for (size_t i = 0; i < registry_count(); i++) {
		const struct kernel *k = registry_get(i);
		char flops[32], bytes[32];
		if (k->shape)
			snprintf(flops, sizeof flops, "per-call");
		else if (k->flops_per_param)
			snprintf(flops, sizeof flops, "%gp%+g", k->flops_per_param, k->flops_fixed);
		else
			snprintf(flops, sizeof flops, "%g", k->flops_fixed);
		if (k->shape)
			snprintf(bytes, sizeof bytes, "per-call");
		else if (k->bytes_per_param)
			snprintf(bytes, sizeof bytes, "%gp%+g", k->bytes_per_param, k->bytes_fixed);
		else
			snprintf(bytes, sizeof bytes, "%g", k->bytes_fixed);
		int here = k->run && cpu_has_isa(k->isa);
		char pat[32];
		kernel_pattern(k, pat, sizeof pat);
		printf("%-20s %-7s %-9s %-8s %-7s %-12s %-8s %s\n", k->name,
		       k->kind == KERNEL_PEAK ? "peak" : k->kind != KERNEL_BANDWIDTH ? "stream"
		       : k->pace ? "paced" : "bw",
		       cpu_isa_name(k->isa), here ? "yes" : "skipped", flops, bytes, pat[0] ? pat : "-",
		       k->computes);
	}
	printf("\nflops and bytes are per element (per loop iteration for peak kernels);\n"
	       "p is the family parameter: chains K for fma_*, degree D for horner*;\n"
	       "\"per-call\": the kernel's shape gives them for a whole call (gemm_*: 2n^3 flops,\n"
	       "32n^2 bytes, n the matrix order; stencil*: per grid point and step).\n"
	       "pattern: arrays read (r) and written (w) an element, -nt for streaming stores,\n"
	       "-ip for stores in place (to the lines just read).\n"
	       "bw kernels set the roofs (the sweep, a roof per access pattern), never placed;\n"
	       "paced ones (bw_pace<K>_copy_*: K FMAs an element) are one more way of running\n"
	       "their pattern, timed beside the plain ones on the DRAM plateau.\n"
	       "Bytes follow STREAM's convention: what must move, no write-allocate.\n");
}

/*
 * The thread counts to measure: o's list, or one core and all physical cores.
 * A count above the physical cores is a usage error: each thread gets a core
 * of its own, SMT siblings excluded.
 */
void measure_resolve_threads(struct measure_opts *o, int ncores)
{
	if (o->nthreads == 0) {
		o->threads[o->nthreads++] = 1;
		if (ncores > 1)
			o->threads[o->nthreads++] = ncores;
	}
	for (int t = 0; t < o->nthreads; t++)
		if (o->threads[t] > ncores)
			die(EXIT_USAGE, "measure: --threads %d: this machine has %d physical core%s this "
			    "process may use (SMT siblings excluded), one thread each", o->threads[t],
			    ncores, ncores == 1 ? "" : "s");
}
