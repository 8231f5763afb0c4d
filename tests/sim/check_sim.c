/*
 * check_sim.c - the plan's contract (tests/unit/sim_contract.h) on machine
 * files, or on seeded random machines (`make check-sim N=...`):
 *
 *   check_sim FILE...            each file, its table of true against fitted roofs
 *   check_sim --random N [SEED] [--hide-l4]
 *                                N random machines from SEED (default 1): each failing
 *                                seed's failures, then the failures by clause of the
 *                                contract and by level (one core or a team): how many
 *                                machines, the first seed of each, and what most of its
 *                                machines share (a small L1, a fourth cache, a last
 *                                cache reported small ...: machine_features)
 *   check_sim --replay SEED [--hide-l4]
 *                                the random machine of SEED: its machine file, then its
 *                                run through the contract (table and failures), as
 *                                --random ran it (`make check-sim REPLAY=SEED`)
 *   check_sim --seeds A B FILE   FILE under each seed A..B: its failures, and how many seeds kept
 *                                the contract but for the stencils' grids (issue 40 item 5)
 *
 * With CHECK_SIM_KEEP set in the environment, the scratch directory (each
 * machine file and its run directory) is kept, and its path said on stderr.
 *
 * A random machine: 1 to 16 cores, 1 to 4 cache levels, each 16 KiB or more
 * a core and 2 GiB at most in all (every core's share together), each at
 * least 8x the one before in all, per core or shared (a shared one holds
 * 8x all the cores' share of a per-core one before it; outside a shared
 * one, shared); a level that cannot fit in 2 GiB stops the levels there,
 * so a machine drawn with four caches may have fewer. Memory is 4 to 512
 * GiB and at least 8x the caches, an L1 no faster than the FMAs keep up
 * with at the clock its cores run at (implausible() checks every machine made
 * against all of this, and check_sim stops on one that is not). Wrong
 * reported sizes
 * in a third of them (the host's L3, none, or a level off by 2-4x), the
 * reported sharing true in 8 of 10 (none in 1, one level's wrong in 1), up to
 * 10 % noise and slow spells in half, an issue limit below the pipes (the
 * widest width's FP operations a cycle one short of its FMA and add pipes)
 * in 3 of 10, adds on the FMA pipes in 1 of 4. Seed S's machine is the same
 * whatever N it is drawn among.
 * Exit 0 when every machine keeps the contract, 1 otherwise.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../unit/sim_contract.h"

static unsigned long long rng_state;
/* --hide-l4: every fourth cache unreported (a VM, or hwloc knowing none), the machines otherwise the same. */
static int hide_fourth;

static double uniform(void)
{
	unsigned long long z = (rng_state += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return (double)((z ^ (z >> 31)) >> 11) / 9007199254740992.0;
}

static double between(double lo, double hi)
{
	return lo * pow(hi / lo, uniform());
}

/* A cache size rounded to 16 KiB. */
static double cache_size(double lo, double hi)
{
	return fmax(16384, round(between(lo, hi) / 16384) * 16384);
}

static void curve(struct machine_curve *c, double one, int cores, double saturate)
{
	c->n = 0;
	c->threads[c->n] = 1;
	c->rate[c->n++] = one;
	if (cores > 1) {
		c->threads[c->n] = cores;
		c->rate[c->n++] = fmax(one, fmin(one * cores, saturate));
	}
}

/* The most a random cache level holds, every core's share together (the header's range). */
#define LARGEST_CACHE 2147483648.0
/* A machine's memory holds at least this many times its caches, every core's share together. */
#define MEMORY_OVER_CACHES 8.0

/* What level l holds with every core running: each core's share where it is per core. */
static double level_capacity(const struct machine_desc *d, const struct machine_level *l)
{
	return l->bytes * (l->shared ? 1 : d->cores);
}

/*
 * Levels from L1 out, each slower; L1 streams at most what the widest FP
 * width's FMAs keep up with (2 loads an FMA: 16 bytes a lane), as a real
 * core's does, so a pattern's roof is its memory's and not its FMAs'. A
 * level outside a shared one is shared too (a core's own cache sits inside
 * what it shares, as on real machines), and a shared level after a per-core
 * one holds 8x what that one holds with every core running. A level that
 * would hold more than LARGEST_CACHE in all stops the levels there: the
 * machine has fewer caches than drawn, never one outside the header's range.
 */
static void random_levels(struct machine_desc *d, double l1_limit)
{
	int caches = 1 + (int)(uniform() * 4);
	double size = cache_size(16384, 262144), gbs = l1_limit * between(0.4, 0.9);
	for (int i = 0; i < caches; i++) {
		struct machine_level *l = &d->levels[d->nlevels];
		const struct machine_level *prev = i > 0 ? &d->levels[i - 1] : NULL;
		memset(l, 0, sizeof *l);
		snprintf(l->name, sizeof l->name, "L%d", (i + 1) % 10);
		l->shared = i > 0 && (i == caches - 1 || uniform() < 0.3);
		l->shared |= prev && prev->shared;
		/* A shared level holds 8x what the level before holds with every core running, as real ones do. */
		if (l->shared && prev && !prev->shared) {
			double all = level_capacity(d, prev);
			if (8 * all > LARGEST_CACHE)
				break;
			size = fmax(size, cache_size(8 * all, fmin(16 * all, LARGEST_CACHE)));
		}
		l->bytes = size;
		if (level_capacity(d, l) > LARGEST_CACHE)
			break;
		d->nlevels++;
		l->bw[0] = (struct machine_bw){ .other = 1 };
		/*
		 * A core streams its L1 at its clock: with every core running, at
		 * the all-core clock, each core's share of the FMAs' limit (a read
		 * kernel adds what it reads: seeds 435, 495 of N=200 SEED=301 drew
		 * L1@9t 7 % past what any kernel could stream there).
		 */
		double each = i == 0 ? fmin(gbs, l1_limit * d->clock_allcore_ghz / d->clock_ghz) : gbs;
		curve(&l->bw[0].gbs, gbs, d->cores, l->shared ? gbs * between(1, d->cores) : each * d->cores);
		l->bw[1] = (struct machine_bw){ .pattern = { .reads = 2, .writes = 1, .stores = STORES_IN_PLACE } };
		double ip = between(1, 1.25);
		curve(&l->bw[1].gbs, gbs * ip, d->cores, l->bw[0].gbs.rate[l->bw[0].gbs.n - 1] * ip);
		l->nbw = 2;
		size = cache_size(size * 8, fmax(size * 8, fmin(size * 64, LARGEST_CACHE)));
		gbs /= between(1.4, 3);
	}
	struct machine_level *dram = &d->levels[d->nlevels++];
	memset(dram, 0, sizeof *dram);
	snprintf(dram->name, sizeof dram->name, "DRAM");
	dram->bw[0].other = 1;
	curve(&dram->bw[0].gbs, fmin(gbs / between(1.3, 3), 60), d->cores, between(20, 300));
	dram->nbw = 1;
}

/*
 * Memory at least MEMORY_OVER_CACHES times the caches (a machine with a
 * 2 GiB L4 has 16 GiB or more): the draw, raised to that in whole GiB
 * where it was less. STREAM's rule may still ask more than a quarter of it
 * holds (docs/plan.md R4: the run says so).
 */
static void plausible_memory(struct machine_desc *d)
{
	double caches = 0;
	for (int i = 0; i + 1 < d->nlevels; i++)
		caches += level_capacity(d, &d->levels[i]);
	double floor_bytes = ceil(MEMORY_OVER_CACHES * caches / 1073741824.0) * 1073741824.0;
	d->memory_bytes = fmax(d->memory_bytes, floor_bytes);
}

/*
 * Whether machine d is one the header promises: 1 to 4 caches, each 16 KiB
 * or more (a core's share) and LARGEST_CACHE or less in all, 8x or more the
 * one before in all, shared outside a shared one; each slower than the one
 * before; memory MEMORY_OVER_CACHES times the caches. NULL, or what is not.
 */
static const char *implausible(const struct machine_desc *d)
{
	int caches = d->nlevels - 1;
	double all = 0;
	if (caches < 1 || caches > 4 || strcmp(d->levels[caches].name, "DRAM") != 0)
		return "not 1 to 4 caches and DRAM";
	for (int i = 0; i < caches; i++) {
		const struct machine_level *l = &d->levels[i];
		all += level_capacity(d, l);
		if (l->bytes < 16384 || level_capacity(d, l) > LARGEST_CACHE)
			return "a cache outside 16 KiB .. 2 GiB";
		if (i > 0 && level_capacity(d, l) < 8 * level_capacity(d, &d->levels[i - 1]) * (1 - 1e-9))
			return "a cache under 8x the one before";
		if (i > 0 && d->levels[i - 1].shared && !l->shared)
			return "a per-core cache outside a shared one";
	}
	for (int i = 1; i <= caches; i++)
		for (int k = 0; k < d->levels[i].bw[0].gbs.n; k++)
			if (!(d->levels[i].bw[0].gbs.rate[k] <
			      machine_level_other_gbs(&d->levels[i - 1], d->levels[i].bw[0].gbs.threads[k])))
				return "a level not slower than the one before";
	enum isa w = machine_widest_isa(d);
	const struct machine_curve *l1 = &d->levels[0].bw[0].gbs;
	for (int k = 0; k < l1->n; k++) {
		double ghz = l1->threads[k] > 1 ? d->clock_allcore_ghz : d->clock_ghz;
		if (l1->rate[k] > l1->threads[k] * 16.0 * cpu_isa_lanes(w) * ghz * d->fp[w].fma * (1 + 1e-9))
			return "an L1 faster than its cores' FMAs keep up with at their clock";
	}
	if (d->memory_bytes < MEMORY_OVER_CACHES * all)
		return "memory under 8x the caches";
	return NULL;
}

/* A level slower than the one before it at every count (a cache faster than memory), as real ones are. */
static void slower_outwards(struct machine_desc *d)
{
	for (int i = 1; i < d->nlevels; i++)
		for (int b = 0; b < d->levels[i].nbw; b++) {
			struct machine_curve *c = &d->levels[i].bw[b].gbs;
			for (int k = 0; k < c->n; k++)
				c->rate[k] = fmin(c->rate[k], 0.8 * machine_level_other_gbs(&d->levels[i - 1], c->threads[k]));
		}
}

static void random_fp(struct machine_desc *d)
{
	static const enum isa widths[] = { ISA_SCALAR, ISA_SSE2, ISA_AVX2, ISA_AVX512 };
	int top = 1 + (int)(uniform() * 3), shared = uniform() < 0.25, limited = uniform() < 0.3;
	for (int i = 0; i <= top; i++) {
		struct machine_fp *f = &d->fp[widths[i]];
		f->present = 1;
		f->fma = 1 + (int)(uniform() * 2);
		f->add = shared ? 0 : f->fma;
		f->issue = limited && i == top ? f->fma + f->add - 1 : f->fma + f->add;
		f->issue = f->issue < f->fma ? f->fma : f->issue;
		f->fma_latency = 3 + (int)(uniform() * 3);
		f->add_latency = 3;
		d->isas |= 1u << widths[i];
	}
}

/* The reported L3 (a VM may report its host's), and the level past it (an L4 or a memory-side cache). */
#define REPORTED_L3 2
#define REPORTED_L4 3

/*
 * What the machine reports: true, the host's L3, none, or its last level
 * 2-4x off. A fourth cache is reported as the others are (hwloc's L4Cache,
 * MemCache): the same chances of its true size, a wrong one, or none.
 */
static void random_reported(struct machine_desc *d)
{
	for (int i = 0; i < MACHINE_REPORTED; i++)
		d->reported[i] = i + 1 < d->nlevels ? d->levels[i].bytes : 0;
	double u = uniform();
	int last = d->nlevels - 2 < MACHINE_REPORTED ? d->nlevels - 2 : MACHINE_REPORTED - 1;
	if (u < 0.1)
		d->reported[REPORTED_L3] = 532676608;   /* a VM reporting its host's 508 MiB */
	else if (u < 0.2)
		memset(d->reported, 0, sizeof d->reported);
	else if (u < 0.33 && last >= 0)
		d->reported[last] *= uniform() < 0.5 ? 0.25 + uniform() * 0.25 : 2 + uniform() * 2;
}

/*
 * Which reported levels the machine says are shared (hwloc's sharing): the
 * truth in 8 of 10, nothing in 1, and one level's sharing the wrong way
 * round in 1 (a VM's made-up topology). A level reported without a true one
 * (the host's L3) is shared. Drawn last, so the machine is otherwise the one
 * its seed drew before sharing was reported.
 */
static void random_sharing(struct machine_desc *d)
{
	double u = uniform();
	/* One of L1-L3 flipped, as before a fourth level was reported: every seed's machine stays. */
	int flip = u < 0.1 ? (int)(uniform() * (REPORTED_L3 + 1)) : -1;
	for (int i = 0; i < MACHINE_REPORTED; i++) {
		int shared = i + 1 < d->nlevels ? d->levels[i].shared : 1;
		d->reported_shared[i] = !(d->reported[i] > 0) || (u >= 0.1 && u < 0.2) ? MACHINE_SHARING_UNKNOWN
				      : shared != (i == flip) ? MACHINE_SHARING_SHARED : MACHINE_SHARING_PER_CORE;
	}
}

static void random_machine(struct machine_desc *d, unsigned long seed)
{
	rng_state = seed * 0x2545f4914f6cdd1dull;
	int index = (int)seed;
	memset(d, 0, sizeof *d);
	snprintf(d->name, sizeof d->name, "random machine %d", index);
	d->cores = 1 + (int)(uniform() * uniform() * 16);
	d->smt = 1;
	d->clock_ghz = between(1.5, 5);
	d->clock_allcore_ghz = d->clock_ghz * between(0.8, 1);
	d->timer_resolution_s = uniform() < 0.5 ? 1e-9 : between(1e-9, 1e-6);
	d->memory_bytes = between(4, 512) * 1073741824.0;
	d->huge_pages = uniform() < 0.5;
	d->first_touch_s_per_gib = 0.25;
	d->isas = 1u << ISA_NONE;
	random_fp(d);
	enum isa w = machine_widest_isa(d);
	random_levels(d, 16.0 * cpu_isa_lanes(w) * d->clock_ghz * d->fp[w].fma);
	slower_outwards(d);
	random_reported(d);
	plausible_memory(d);
	d->eff[0] = (struct machine_efficiency){ "*", between(0.5, 1) };
	d->neff = 1;
	int noisy = uniform() < 0.5;
	d->spread = noisy ? between(0.002, 0.1) : 0;
	d->slow_fraction = noisy && uniform() < 0.5 ? between(0.01, 0.1) : 0;
	d->slow_rate = between(0.5, 0.9);
	d->slow_spell_s = between(0.05, 0.5);
	random_sharing(d);
	if (hide_fourth)
		d->reported[REPORTED_L4] = 0;
}

static void print_table(const char *name, const struct contract *c)
{
	printf("== %s: %d failure%s, %.1f s of a %.0f s budget\n", name, c->failures, c->failures == 1 ? "" : "s",
	       c->seconds, c->budget);
	for (int i = 0; i < c->nrows; i++)
		printf("   %-22s true %9.4g  fitted %9.4g  %+6.1f%%\n", c->rows[i].roof, c->rows[i].truth,
		       c->rows[i].fitted, (c->rows[i].fitted / c->rows[i].truth - 1) * 100);
	fputs(c->text, stdout);
}

/*
 * What a random machine has that the plan's rules have tripped on (docs/plan.md,
 * "Open"): the class table says which of them most of a class's machines share.
 */
enum feature {
	F_SMALL_L1, F_FOURTH, F_FOURTH_UNREPORTED, F_SHORT_REPORT, F_HOST_L3, F_NONE_REPORTED, F_SHARED_L2, F_CACHE_NEAR_DRAM,
	F_ONE_CORE, F_NOISE, F_SLOW, F_ISSUE, F_ADDS_ON_FMA, F_COUNT
};
static const char *const feature_names[F_COUNT] = {
	"an L1 of 24 KiB or less", "a fourth cache", "a fourth cache not reported", "its last cache reported small", "the host's 508 MiB L3 reported",
	"no cache reported", "a shared L2", "its last cache within 1.25x of DRAM at all cores", "one core",
	"noise", "slow spells", "an issue limit below its pipes", "adds on the FMA pipes",
};

static unsigned machine_features(const struct machine_desc *d)
{
	unsigned f = 0;
	int caches = d->nlevels - 1, last = caches - 1 < MACHINE_REPORTED ? caches - 1 : MACHINE_REPORTED - 1;
	const struct machine_fp *w = &d->fp[machine_widest_isa(d)];
	f |= (unsigned)(caches > 0 && d->levels[0].bytes <= 24576) << F_SMALL_L1;
	f |= (unsigned)(caches > 3) << F_FOURTH;
	f |= (unsigned)(last >= 0 && d->reported[last] > 0 && d->reported[last] < d->levels[last].bytes) << F_SHORT_REPORT;
	f |= (unsigned)(d->reported[REPORTED_L3] == 532676608) << F_HOST_L3;
	f |= (unsigned)(d->reported[0] == 0 && d->reported[1] == 0 && d->reported[2] == 0) << F_NONE_REPORTED;
	f |= (unsigned)(caches > 3 && !(d->reported[REPORTED_L4] > 0)) << F_FOURTH_UNREPORTED;
	f |= (unsigned)(caches > 1 && d->levels[1].shared) << F_SHARED_L2;
	f |= (unsigned)(caches > 0 && machine_level_gbs(&d->levels[caches - 1], ACCESS_PATTERN_TRIAD, d->cores) <
			1.25 * machine_level_gbs(&d->levels[caches], ACCESS_PATTERN_TRIAD, d->cores)) << F_CACHE_NEAR_DRAM;
	f |= (unsigned)(d->cores == 1) << F_ONE_CORE;
	f |= (unsigned)(d->spread > 0) << F_NOISE;
	f |= (unsigned)(d->slow_fraction > 0) << F_SLOW;
	f |= (unsigned)(w->issue < w->fma + w->add) << F_ISSUE;
	f |= (unsigned)(w->add == 0) << F_ADDS_ON_FMA;
	return f;
}

/* Seed's random machine written to path (the file --random runs and a failing seed's replay prints); its features. */
static unsigned write_random(const char *path, unsigned long seed)
{
	struct machine_desc d;
	random_machine(&d, seed);
	const char *why = implausible(&d);
	if (why)
		die(EXIT_FAILED, "check_sim: seed %lu made an implausible machine: %s", seed, why);
	FILE *fp = fopen(path, "w");
	if (!fp)
		die(EXIT_FAILED, "cannot write %s", path);
	char *comment = xasprintf("a random machine of check_sim, seed %lu (make check-sim REPLAY=%lu)", seed, seed);
	machine_file_write(fp, &d, comment);
	free(comment);
	fclose(fp);
	return machine_features(&d);
}

/*
 * A class of failures: a clause of the contract and, where its line names
 * one, the level (L1-L4, DRAM) and whether one core or a team ran it.
 */
struct failure_class {
	int part;
	char level[8];
	int team;            /* -1: no thread count in the line */
	int machines;
	unsigned long first;
	int with[F_COUNT];   /* its machines with each feature */
};

static void line_class(int part, const char *line, struct failure_class *fc)
{
	static const char *const levels[] = { "L1", "L2", "L3", "L4", "DRAM" };
	const char *best = NULL;
	memset(fc, 0, sizeof *fc);
	fc->part = part;
	for (size_t i = 0; i < sizeof levels / sizeof levels[0]; i++) {
		const char *at = strstr(line, levels[i]);
		if (at && (!best || at < best)) {
			best = at;
			snprintf(fc->level, sizeof fc->level, "%s", levels[i]);
		}
	}
	/* A roof's name holds its thread count past one ("L2.2r1w@4t"); a line may start "4 threads:". */
	int t = 0;
	const char *at = strchr(line, '@');
	if (!(at && sscanf(at, "@%dt", &t) == 1) && sscanf(line, "%d thread", &t) != 1)
		t = best == line ? 1 : 0;
	fc->team = t > 1 ? 1 : t == 1 ? 0 : -1;
}

#define MAX_CLASSES 128

/* Counts machine `seed`'s failures into the classes (a machine once a class). */
static int count_classes(const struct contract *c, unsigned long seed, unsigned features,
			 struct failure_class *classes, int n)
{
	char text[sizeof c->text], *save = NULL;
	int seen[MAX_CLASSES] = { 0 }, k = 0;
	memcpy(text, c->text, sizeof text);
	for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save), k++) {
		struct failure_class fc;
		line_class(k < (int)sizeof c->line_part ? c->line_part[k] : CONTRACT_RUN, line, &fc);
		int i = 0;
		while (i < n && !(classes[i].part == fc.part && classes[i].team == fc.team &&
				  strcmp(classes[i].level, fc.level) == 0))
			i++;
		if (i == n) {
			if (n == MAX_CLASSES)
				continue;
			fc.first = seed;
			classes[n++] = fc;
		}
		if (!seen[i]++) {
			classes[i].machines++;
			for (int f = 0; f < F_COUNT; f++)
				classes[i].with[f] += features >> f & 1;
		}
	}
	return n;
}

static int class_order(const void *a, const void *b)
{
	const struct failure_class *x = a, *y = b;
	if (x->part != y->part)
		return x->part - y->part;
	if (x->machines != y->machines)
		return y->machines - x->machines;
	return x->first < y->first ? -1 : x->first > y->first;
}

/*
 * The features most of `count` machines share, at least 1.5x as often as
 * all `total` machines drawn (all_with of them each), as " [name k/count, ...]".
 */
static void print_features(const int *with, int count, const int *all_with, int total)
{
	const char *sep = " [";
	for (int f = 0; f < F_COUNT; f++)
		if (with[f] * 5 >= count * 3 && (double)with[f] / count >= 1.5 * all_with[f] / total) {
			printf("%s%s %d/%d", sep, feature_names[f], with[f], count);
			sep = ", ";
		}
	if (*sep == ',')
		putchar(']');
	putchar('\n');
}

static void print_classes(const int *machines, const unsigned long *first, const int (*part_with)[F_COUNT],
			  struct failure_class *classes, int n, const int *all_with, int total)
{
	qsort(classes, (size_t)n, sizeof *classes, class_order);
	printf("check-sim: failures by clause of the contract (machines, the first seed; [what most of them share, "
	       "1.5x as often as all machines]; make check-sim REPLAY=SEED replays one and prints its machine file):\n");
	for (int p = 0; p < CONTRACT_PARTS; p++) {
		if (!machines[p])
			continue;
		printf("  %3d  seed %-5lu %s", machines[p], first[p], contract_part_names[p]);
		print_features(part_with[p], machines[p], all_with, total);
		for (int i = 0; i < n; i++)
			if (classes[i].part == p && (classes[i].level[0] || classes[i].team >= 0)) {
				printf("       %3d  seed %-5lu %s%s", classes[i].machines, classes[i].first,
				       classes[i].level[0] ? classes[i].level : "no level named", classes[i].team < 0 ? ""
				       : classes[i].team ? ", a team" : ", one core");
				print_features(classes[i].with, classes[i].machines, all_with, total);
			}
	}
}

static char *scratch(const char *tmp, int i)
{
	char *dir = xasprintf("%s/run%d", tmp, i);
	return dir;
}

int main(int argc, char **argv)
{
	char tmp[] = "/tmp/check-sim.XXXXXX";
	if (!mkdtemp(tmp))
		die(EXIT_FAILED, "cannot make a scratch directory");
	int bad = 0, n = 0, machines[CONTRACT_PARTS] = { 0 }, only_shaped = 0;
	struct contract *c = xcalloc(1, sizeof *c);
	if (argc >= 3 && strcmp(argv[1], "--random") == 0) {
		n = atoi(argv[2]);
		hide_fourth = argc > 4 && strcmp(argv[4], "--hide-l4") == 0;
		unsigned long seed = argc > 3 ? strtoul(argv[3], NULL, 10) : 1, first[CONTRACT_PARTS] = { 0 };
		struct failure_class *classes = xcalloc(MAX_CLASSES, sizeof *classes);
		int nclasses = 0, fourth_bad = 0, unreported_bad = 0, all_with[F_COUNT] = { 0 }, part_with[CONTRACT_PARTS][F_COUNT] = { { 0 } };
		struct timespec t0, t1;
		clock_gettime(CLOCK_MONOTONIC, &t0);
		for (int i = 0; i < n; i++) {
			unsigned long s = seed + (unsigned long)i;
			char *path = xasprintf("%s/machine%d", tmp, i), *dir = scratch(tmp, i);
			unsigned features = write_random(path, s);
			for (int f = 0; f < F_COUNT; f++)
				all_with[f] += features >> f & 1;
			if (contract_check(path, s, dir, c) != 0) {
				bad++;
				for (int p = 0; p < CONTRACT_PARTS; p++) {
					if (!(c->parts[p] > 0))
						continue;
					if (!machines[p]++)
						first[p] = s;
					for (int f = 0; f < F_COUNT; f++)
						part_with[p][f] += features >> f & 1;
				}
				only_shaped += c->parts[CONTRACT_SHAPED] == c->failures;
				fourth_bad += features >> F_FOURTH & 1;
				unreported_bad += features >> F_FOURTH_UNREPORTED & 1;
				nclasses = count_classes(c, s, features, classes, nclasses);
				printf("== seed %lu: %d failure%s\n%s", s, c->failures, c->failures == 1 ? "" : "s", c->text);
				fflush(stdout);
			}
			free(path);
			free(dir);
		}
		clock_gettime(CLOCK_MONOTONIC, &t1);
		printf("check-sim: %d of %d random machines kept the contract (seeds %lu..%lu), %.1f s\n", n - bad, n,
		       seed, seed + (unsigned long)n - 1, (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) * 1e-9);
		/* A fourth cache has no name in the model (L1-L3, DRAM): what the rest of the plan keeps without it. */
		if (all_with[F_FOURTH])
			printf("check-sim: %d of the %d machines without a fourth cache kept it\n",
			       n - all_with[F_FOURTH] - (bad - fourth_bad), n - all_with[F_FOURTH]);
		/* Reported, a fourth cache is the last level (docs/plan.md R2, R9); unreported, only the curve finds it. */
		if (all_with[F_FOURTH_UNREPORTED])
			printf("check-sim: %d of the %d machines with a fourth cache not reported kept it\n",
			       all_with[F_FOURTH_UNREPORTED] - unreported_bad, all_with[F_FOURTH_UNREPORTED]);
		if (only_shaped)
			printf("check-sim: %d more kept it but for the stencils' grids (issue 40 item 5)\n", only_shaped);
		if (bad)
			print_classes(machines, first, (const int (*)[F_COUNT])part_with, classes, nclasses, all_with, n);
		free(classes);
	} else if (argc >= 3 && strcmp(argv[1], "--replay") == 0) {
		unsigned long s = strtoul(argv[2], NULL, 10);
		hide_fourth = argc > 3 && strcmp(argv[3], "--hide-l4") == 0;
		char *path = xasprintf("%s/machine", tmp), *dir = scratch(tmp, 0);
		write_random(path, s);
		char *text = read_text_file(path, c->text, sizeof c->text);
		printf("%s", text ? text : c->text);
		free(text);
		n = 1;
		if (contract_check(path, s, dir, c) != 0)
			bad++;
		char *name = xasprintf("seed %lu", s);
		print_table(name, c);
		free(name);
		free(path);
		free(dir);
	} else if (argc >= 5 && strcmp(argv[1], "--seeds") == 0) {
		unsigned long first = strtoul(argv[2], NULL, 10), last = strtoul(argv[3], NULL, 10);
		int kept = 0;
		for (unsigned long s = first; s <= last; s++, n++) {
			char *dir = scratch(tmp, n);
			if (contract_check(argv[4], s, dir, c) != 0) {
				bad++;
				kept += c->parts[CONTRACT_SHAPED] == c->failures;
				printf("== seed %lu: %d failure%s\n%s", s, c->failures, c->failures == 1 ? "" : "s", c->text);
			} else {
				kept++;
			}
			free(dir);
		}
		printf("check-sim: %s kept the contract under %d of %d seeds (%lu..%lu), "
		       "but for the stencils' grids\n", argv[4], kept, n, first, last);
	} else {
		for (int i = 1; i < argc; i++, n++) {
			char *dir = scratch(tmp, i);
			if (contract_check(argv[i], 1, dir, c) != 0)
				bad++;
			print_table(argv[i], c);
			free(dir);
		}
	}
	char *rm = xasprintf("rm -rf '%s'", tmp);
	if (getenv("CHECK_SIM_KEEP"))
		fprintf(stderr, "kept %s\n", tmp);
	else if (system(rm) != 0)
		util_warn("cannot remove %s", tmp);
	free(rm);
	free(c);
	return bad ? 1 : 0;
}
