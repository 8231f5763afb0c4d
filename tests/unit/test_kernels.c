/*
 * test_kernels.c - every kernel in the registry: its metadata against the
 * formulas (the table is the documentation, so it must say the truth), its
 * run against its own check on small buffers, and the check against outputs
 * we corrupt on purpose (a check that cannot fail validates nothing).
 * No timing is involved.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpu.h"
#include "kernel.h"
#include "registry.h"

/*
 * Sizes to run: 1, and around every kernel's block (dot_split 32 elements,
 * horner_simd_avx2 40, horner_simd_avx512 96, horner_simd_neon 24, vectors
 * of 2, 4 and 8) so that every tail path runs.
 */
static const size_t sizes[] = { 1, 2, 3, 7, 8, 9, 23, 24, 25, 31, 32, 33, 39, 40, 41,
				95, 96, 97, 191, 193, 1000 };
#define NSIZES (sizeof sizes / sizeof sizes[0])
/* Doubles past n that no kernel may touch. */
#define GUARD 24
#define SENTINEL (-12345.0)

static int starts_with(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* Doubles per vector for the fma_<isa> and horner_simd_<isa> suffixes. */
static int lanes_of(enum isa isa)
{
	switch (isa) {
	case ISA_SSE2: return 2;
	case ISA_AVX2: return 4;
	case ISA_AVX512: return 8;
	case ISA_NEON: return 2;
	default: return 1;
	}
}

static const char *isa_suffix(enum isa isa)
{
	switch (isa) {
	case ISA_SCALAR: return "scalar";
	case ISA_SSE2: return "sse2";
	case ISA_AVX2: return "avx2";
	case ISA_AVX512: return "avx512";
	case ISA_NEON: return "neon";
	default: return "";
	}
}

/*
 * The formulas, written out independently of the kernel files: flops and
 * bytes per element (per iteration for the peak kernels) of member `param`.
 * Returns 0 when the kernel is unknown here, so a new kernel fails this test
 * until someone writes its formula down.
 */
static int expected_work(const struct kernel *k, int param, double *flops, double *bytes)
{
	/* The one-vector twins (bw_triad1_, bw_update1_, bw_copy1_) say so in kernel.one_vector. */
	int twin = starts_with(k->name, "bw_triad1_") || starts_with(k->name, "bw_update1_") ||
		   starts_with(k->name, "bw_copy1_");
	if (k->kind == KERNEL_BANDWIDTH && twin != k->one_vector)
		fail_msg("%s: one_vector %d, its name says %d", k->name, k->one_vector, twin);
	if (strcmp(k->name, "triad") == 0 || strcmp(k->name, "daxpy") == 0 || starts_with(k->name, "bw_triad_") ||
	    starts_with(k->name, "bw_update_") || starts_with(k->name, "bw_triad1_") ||
	    starts_with(k->name, "bw_update1_")) {
		*flops = 2, *bytes = 24;
	} else if (starts_with(k->name, "bw_copy_") || starts_with(k->name, "bw_copy1_")) {
		*flops = 0, *bytes = 16;
	} else if (starts_with(k->name, "bw_pace")) {
		/* The copy paced by K FMAs an element (bw_pace<K>_copy_<isa>): K from the name here. */
		int pace = 0;
		if (sscanf(k->name, "bw_pace%d_copy_", &pace) != 1 || pace != k->pace)
			return 0;
		*flops = 2.0 * pace, *bytes = 16;
	} else if (starts_with(k->name, "bw_read2_")) {
		*flops = 2, *bytes = 16;
	} else if (starts_with(k->name, "bw_read_")) {
		*flops = 1, *bytes = 8;
	} else if (strcmp(k->name, "dot") == 0 || strcmp(k->name, "dot_split") == 0) {
		*flops = 2, *bytes = 16;
	} else if (strcmp(k->name, "horner") == 0 || starts_with(k->name, "horner_simd_")) {
		*flops = 2.0 * param, *bytes = 16;
	} else if (starts_with(k->name, "fma_add_")) {
		/* P FMAs (2 flops a lane) and P adds (1 flop a lane). */
		*flops = 3.0 * lanes_of(k->isa) * param, *bytes = 0;
	} else if (starts_with(k->name, "fma_mix21_")) {
		/* 2:1, G groups: 2G FMAs and G adds. */
		*flops = 5.0 * lanes_of(k->isa) * param, *bytes = 0;
	} else if (starts_with(k->name, "fma_mix43_")) {
		/* 4:3, G groups: 4G FMAs and 3G adds. */
		*flops = 11.0 * lanes_of(k->isa) * param, *bytes = 0;
	} else if (starts_with(k->name, "fma_deep11_")) {
		/* G groups of 5 FMA chains of 3 steps and 3 add chains of 5: 15G FMAs and 15G adds. */
		*flops = 45.0 * lanes_of(k->isa) * param, *bytes = 0;
	} else if (starts_with(k->name, "fma_deep21_")) {
		/* The same, FMA chains of 6 steps: 30G FMAs and 15G adds. */
		*flops = 75.0 * lanes_of(k->isa) * param, *bytes = 0;
	} else if (starts_with(k->name, "fma_mix12_")) {
		/* 1:2, G groups: G FMAs and 2G adds. */
		*flops = 4.0 * lanes_of(k->isa) * param, *bytes = 0;
	} else if (starts_with(k->name, "fma_")) {
		*flops = 2.0 * lanes_of(k->isa) * param, *bytes = 0;
	} else {
		return 0;
	}
	return 1;
}

/* The period the checks' reference tables rely on. */
static void test_input_period(void **state)
{
	(void)state;
	for (size_t i = 0; i < 4 * KERNEL_INPUT_PERIOD; i++) {
		assert_true(kernel_input_b(i + KERNEL_INPUT_PERIOD) == kernel_input_b(i));
		assert_true(kernel_input_c(i + KERNEL_INPUT_PERIOD) == kernel_input_c(i));
	}
}

static void test_registry_sorted_unique(void **state)
{
	(void)state;
	assert_true(registry_count() > 0);
	for (size_t i = 1; i < registry_count(); i++) {
		const char *prev = registry_get(i - 1)->name, *name = registry_get(i)->name;
		if (strcmp(prev, name) >= 0)
			fail_msg("kernels.def out of order or repeated: %s before %s", prev, name);
	}
	assert_null(registry_get(registry_count()));
	for (size_t i = 0; i < registry_count(); i++)
		assert_ptr_equal(registry_find(registry_get(i)->name), registry_get(i));
	assert_null(registry_find("no_such_kernel"));
}

static void test_metadata_formulas(void **state)
{
	(void)state;
	for (size_t i = 0; i < registry_count(); i++) {
		const struct kernel *k = registry_get(i);
		assert_non_null(k->name);
		assert_non_null(k->family);
		assert_non_null(k->computes);
		for (int p = 0; p < registry_nparams(k) && !k->shape; p++) {
			int param = registry_param(k, p);
			double flops, bytes;
			if (!expected_work(k, param, &flops, &bytes))
				fail_msg("%s: no formula in test_kernels.c: add one", k->name);
			if (kernel_flops_per_elem(k, param) != flops ||
			    kernel_bytes_per_elem(k, param) != bytes)
				fail_msg("%s param %d: %g flops, %g bytes per element, formula says %g, %g",
					 k->name, param, kernel_flops_per_elem(k, param),
					 kernel_bytes_per_elem(k, param), flops, bytes);
			if (p > 0 && param <= registry_param(k, p - 1))
				fail_msg("%s: params not ascending at %d", k->name, param);
		}
		if (k->params == NULL)
			assert_int_equal(registry_nparams(k), 1);
		/* Peak kernels move nothing; stream kernels touch arrays. */
		if (k->kind == KERNEL_PEAK) {
			assert_int_equal(k->arrays, 0);
			assert_true(starts_with(k->name, "fma_"));
		} else if (k->kind == KERNEL_BANDWIDTH) {
			/* A read stream touches one array. */
			assert_true(k->arrays >= 1 && k->arrays <= 3);
			assert_true(k->arrays >= k->reads);
		} else {
			assert_true(k->arrays >= 2 && k->arrays <= 3);
		}
		/* The name carries the instruction set where there is one. */
		if (k->isa != ISA_NONE) {
			const char *suffix = isa_suffix(k->isa);
			size_t ln = strlen(k->name), ls = strlen(suffix);
			if (ln < ls || strcmp(k->name + ln - ls, suffix) != 0)
				fail_msg("%s: isa %d but name lacks _%s", k->name, (int)k->isa, suffix);
		}
	}
	/* Families and members the contract names. */
	const int degrees[] = { 1, 2, 4, 8, 16, 32, 64, 128 };
	const char *horners[] = { "horner", "horner_simd_avx512", "horner_simd_avx2",
				  "horner_simd_neon" };
	for (size_t h = 0; h < sizeof horners / sizeof horners[0]; h++) {
		const struct kernel *k = registry_find(horners[h]);
		assert_non_null(k);
		assert_int_equal(registry_nparams(k), 8);
		for (int p = 0; p < 8; p++)
			assert_int_equal(registry_param(k, p), degrees[p]);
		assert_int_equal(k->arrays, 2);
	}
	assert_string_equal(registry_find("horner")->family, "horner");
	assert_string_equal(registry_find("horner_simd_avx512")->family, "horner_simd");
	assert_string_equal(registry_find("dot")->family, "dot");
	assert_string_equal(registry_find("dot_split")->family, "dot");
	assert_int_equal(registry_find("dot")->isa, ISA_NONE);
	assert_int_equal(registry_find("horner_simd_avx2")->isa, ISA_AVX2);
	assert_int_equal(registry_find("horner_simd_neon")->isa, ISA_NEON);
	assert_int_equal(registry_find("triad")->arrays, 3);
}

/*
 * A kernel's family is typed at input: one entry per family (its first
 * kernel), the same for every member, another for another family; the
 * families of kernels.def's FAMILY_COLOUR lines keep their slots in order,
 * each names a family some kernel has, and no other family has a slot.
 */
static void test_registry_families(void **state)
{
	(void)state;
	const struct kernel *dot = registry_find("dot"), *split = registry_find("dot_split");
	assert_ptr_equal(registry_family(dot), dot);
	assert_ptr_equal(registry_family(split), dot);
	assert_ptr_equal(registry_family(registry_find("horner_simd_avx2")),
			 registry_family(registry_find("horner_simd_neon")));
	assert_true(registry_family(registry_find("horner")) != registry_family(registry_find("horner_simd_avx2")));
	assert_ptr_equal(registry_family(registry_find("stencil_tiled")), registry_find("stencil"));
	assert_null(registry_family(NULL));
	assert_int_equal(registry_family_colours(), 4);
	assert_int_equal(registry_family_colour(registry_family(registry_find("triad"))), 0);
	assert_int_equal(registry_family_colour(registry_family(split)), 1);
	assert_int_equal(registry_family_colour(registry_family(registry_find("horner_simd_avx512"))), 3);
	assert_int_equal(registry_family_colour(registry_family(registry_find("fma_avx2"))), -1);
	assert_int_equal(registry_family_colour(NULL), -1);
	size_t coloured = 0;
	for (size_t i = 0; i < registry_count(); i++) {
		const struct kernel *k = registry_get(i);
		assert_non_null(registry_family(k));
		assert_string_equal(registry_family(k)->family, k->family);
		if (registry_family(k) == k && registry_family_colour(k) >= 0)
			coloured++;
	}
	assert_int_equal(coloured, registry_family_colours());
}

/*
 * The bandwidth kernels: one of each access pattern for every vector ISA,
 * their streams as their formulas say, set apart from the placed kernels by
 * their role, and the pattern names kernel_pattern() gives them.
 */
static void test_bandwidth_kernels(void **state)
{
	static const struct {
		const char *prefix, *pattern;
		int arrays;
	} kinds[] = {
		{ "bw_triad_", "2r1w", 3 }, { "bw_triad_nt_", "2r1w-nt", 3 }, { "bw_copy_", "1r1w", 2 },
		{ "bw_read_", "1r0w", 1 }, { "bw_read2_", "2r0w", 2 }, { "bw_update_", "2r1w-ip", 2 },
	};
	static const char *const isas[] = { "avx512", "avx2", "sse2", "neon" };
	(void)state;
	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
		for (size_t j = 0; j < sizeof isas / sizeof isas[0]; j++) {
			char name[48], pat[32];
			snprintf(name, sizeof name, "%s%s", kinds[i].prefix, isas[j]);
			const struct kernel *k = registry_find(name);
			if (!k)
				fail_msg("%s missing from kernels.def", name);
			assert_int_equal(k->kind, KERNEL_BANDWIDTH);
			assert_string_equal(isa_suffix(k->isa), isas[j]);
			assert_int_equal(k->arrays, kinds[i].arrays);
			kernel_pattern(k, pat, sizeof pat);
			assert_string_equal(pat, kinds[i].pattern);
		}
	}
	/* daxpy stores in place: its own pattern, not the streaming-store triad's. */
	char dp[32];
	kernel_pattern(registry_find("daxpy"), dp, sizeof dp);
	assert_string_equal(dp, "2r1w-ip");
	/* The placed triad keeps its role: a point, not a roof. */
	assert_int_equal(registry_find("triad")->kind, KERNEL_STREAM);
}

/* Every kernel whose ISA this CPU has can run and check; one that cannot is absent. */
static void test_runnable_where_supported(void **state)
{
	(void)state;
	for (size_t i = 0; i < registry_count(); i++) {
		const struct kernel *k = registry_get(i);
		/* A kernel may lack run only for a library the build lacks, and must say which. */
		if (cpu_has_isa(k->isa) && (k->run == NULL || k->check == NULL) && !k->missing)
			fail_msg("%s: this CPU has its ISA but run/check are NULL", k->name);
		if ((k->run == NULL) != (k->check == NULL))
			fail_msg("%s: run and check must both exist or both be NULL", k->name);
	}
}

struct bufs {
	struct kernel_buffers kb;
	double *mem[3];
};

static void bufs_init(struct bufs *b, size_t n)
{
	/* aligned_alloc wants a multiple of the alignment. */
	size_t bytes = ((n + GUARD) * sizeof(double) + 63) / 64 * 64;
	for (int j = 0; j < 3; j++) {
		b->mem[j] = aligned_alloc(64, bytes);
		assert_non_null(b->mem[j]);
	}
	b->kb = (struct kernel_buffers){ .a = b->mem[0], .b = b->mem[1], .c = b->mem[2], .n = n };
	kernel_fill_inputs(&b->kb);
	for (size_t i = 0; i < n + GUARD; i++)
		b->kb.a[i] = SENTINEL;
	for (size_t i = n; i < n + GUARD; i++)
		b->kb.b[i] = b->kb.c[i] = SENTINEL;
}

static void bufs_free(struct bufs *b)
{
	for (int j = 0; j < 3; j++)
		free(b->mem[j]);
}

/* n for a run: elements for stream kernels, a few iterations for peak ones. */
static size_t run_n(const struct kernel *k, size_t n)
{
	return k->kind == KERNEL_PEAK ? n * 3 : n;
}

static int check(const struct kernel *k, const struct bufs *b, long reps, int param,
		 double result, int full, char *why, size_t whylen)
{
	why[0] = '\0';
	return k->check(&b->kb, reps, param, result, full, why, whylen);
}

static void test_run_passes_check(void **state)
{
	int ran = 0;
	(void)state;
	for (size_t i = 0; i < registry_count(); i++) {
		const struct kernel *k = registry_get(i);
		if (!cpu_has_isa(k->isa) || !k->run) {
			print_message("# skip %s: not here (its ISA or its library)\n", k->name);
			continue;
		}
		if (k->shape)     /* sized by their shape: test_shaped_kernels */
			continue;
		for (int p = 0; p < registry_nparams(k); p++) {
			int param = registry_param(k, p);
			for (size_t s = 0; s < NSIZES; s++) {
				size_t n = run_n(k, sizes[s]);
				struct bufs b;
				char why[256];
				bufs_init(&b, n);
				for (long reps = 1; reps <= 3; reps += 2) {
					if (k->prepare)
						k->prepare(&b.kb, param);
					double r = k->run(&b.kb, reps, param);
					for (int full = 1; full >= 0; full--)
						if (check(k, &b, reps, param, r, full, why, sizeof why))
							fail_msg("%s param %d n %zu reps %ld full %d: %s",
								 k->name, param, n, reps, full, why);
				}
				/* Inputs untouched, nothing written past n. */
				for (size_t j = 0; j < n; j++)
					if (b.kb.b[j] != kernel_input_b(j) || b.kb.c[j] != kernel_input_c(j))
						fail_msg("%s param %d n %zu: input %zu changed",
							 k->name, param, n, j);
				for (size_t j = n; j < n + GUARD; j++)
					if (b.kb.a[j] != SENTINEL || b.kb.b[j] != SENTINEL ||
					    b.kb.c[j] != SENTINEL)
						fail_msg("%s param %d n %zu: wrote past the end at %zu",
							 k->name, param, n, j);
				bufs_free(&b);
				ran++;
			}
		}
	}
	assert_true(ran > 0);
}

/*
 * The check must catch: a wrong element at a spot index (both modes), a NaN,
 * a wrong element anywhere (full mode), a wrong returned value, and for the
 * kernels whose result counts the repetitions, a wrong reps.
 */
static void test_check_catches_corruption(void **state)
{
	int tried = 0;
	(void)state;
	for (size_t i = 0; i < registry_count(); i++) {
		const struct kernel *k = registry_get(i);
		if (!cpu_has_isa(k->isa) || !k->run || k->shape)
			continue;
		for (int p = 0; p < registry_nparams(k); p++) {
			int param = registry_param(k, p);
			const size_t ns[] = { 97, 1000 };
			for (size_t s = 0; s < 2; s++) {
				size_t n = run_n(k, ns[s]);
				struct bufs b;
				char why[256];
				const long reps = 2;
				bufs_init(&b, n);
				if (k->prepare)
					k->prepare(&b.kb, param);
				double r = k->run(&b.kb, reps, param);
				int writes_a = b.kb.a[0] != SENTINEL;
				/* y = y0 + reps*a*x: a wrong count of repetitions must show too. */
				if (k->prepare && check(k, &b, reps + 1, param, r, 0, why, sizeof why) == 0)
					fail_msg("%s: check accepts reps %ld for %ld", k->name, reps + 1, reps);
				assert_int_equal(check(k, &b, reps, param, r, 1, why, sizeof why), 0);

				double wrong = r + 1.0 + fabs(r) * 1e-6;
				if (check(k, &b, reps, param, wrong, 0, why, sizeof why) == 0)
					fail_msg("%s param %d: check accepts result %.17g for %.17g",
						 k->name, param, wrong, r);
				assert_true(why[0] != '\0');
				if (!writes_a && check(k, &b, reps + 1, param, r, 0, why, sizeof why) == 0)
					fail_msg("%s param %d: check accepts reps %ld for %ld",
						 k->name, param, reps + 1, reps);

				if (writes_a) {
					/* Spot 10 is checked in both modes... */
					size_t spot = kernel_spot_index(10, n), off = 0;
					double keep = b.kb.a[spot];
					b.kb.a[spot] = keep * (1 + 1e-9) + 1e-9;
					for (int full = 1; full >= 0; full--)
						if (check(k, &b, reps, param, r, full, why, sizeof why) == 0)
							fail_msg("%s param %d full %d: misses a[%zu] off by 1e-9",
								 k->name, param, full, spot);
					b.kb.a[spot] = NAN;
					if (check(k, &b, reps, param, r, 0, why, sizeof why) == 0)
						fail_msg("%s param %d: misses a NaN at a[%zu]", k->name,
							 param, spot);
					b.kb.a[spot] = keep;
					/* ... and an element no spot covers is caught by full. */
					for (size_t j = 1; j < n - 1 && !off; j++) {
						int covered = 0;
						for (size_t q = 0; q < KERNEL_SPOT_CHECKS; q++)
							covered |= kernel_spot_index(q, n) == j;
						if (!covered)
							off = j;
					}
					if (off) {
						keep = b.kb.a[off];
						b.kb.a[off] = keep * (1 + 1e-9) + 1e-9;
						if (check(k, &b, reps, param, r, 1, why, sizeof why) == 0)
							fail_msg("%s param %d: full check misses a[%zu]",
								 k->name, param, off);
						assert_int_equal(check(k, &b, reps, param, r, 0, why,
								       sizeof why), 0);
						b.kb.a[off] = keep;
					}
					assert_int_equal(check(k, &b, reps, param, r, 1, why, sizeof why), 0);
				}
				bufs_free(&b);
				tried++;
			}
		}
	}
	assert_true(tried > 0);
}

/* A horner check given a degree the family lacks must not pass. */
static void test_check_rejects_unknown_param(void **state)
{
	const char *names[] = { "horner", "horner_simd_avx512", "horner_simd_avx2" };
	(void)state;
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		const struct kernel *k = registry_find(names[i]);
		struct bufs b;
		char why[256];
		if (!cpu_has_isa(k->isa))
			continue;
		bufs_init(&b, 100);
		double r = k->run(&b.kb, 1, 4);
		assert_int_equal(check(k, &b, 1, 4, r, 1, why, sizeof why), 0);
		assert_int_not_equal(check(k, &b, 1, 3, r, 1, why, sizeof why), 0);
		assert_int_not_equal(check(k, &b, 1, 8, r, 1, why, sizeof why), 0);
		bufs_free(&b);
	}
}

/*
 * The shaped kernels (gemm_*, stencil*): the shape's arithmetic against the
 * formulas written out here; a run at small sizes passes its check (both
 * modes, reps 1 and 3, from prepare), writes nothing past the shape's n and
 * leaves the inputs alone; the check catches a wrong element (spot and
 * full), a wrong result and a wrong count of repetitions.
 */
struct shaped_case {
	const char *name;
	int param;          /* matrix order; 0 for the stencils */
	size_t offered;     /* elements per array offered (the stencils' grid) */
};

static void expect_shape(const struct kernel *k, const struct shaped_case *c, double tile_bytes)
{
	struct kernel_shape s;
	k->shape(c->param, c->offered, tile_bytes, &s);
	assert_true(s.n > 0);
	if (starts_with(k->name, "gemm_")) {
		double n = c->param, lb;
		assert_int_equal(s.n, (size_t)c->param * (size_t)(c->param + 5));
		assert_true(s.flops == 2 * n * n * n);
		assert_true(s.bytes == 32 * n * n);
		if (strcmp(k->name, "gemm_ijk") == 0)
			lb = 16 * n * n * n + 16 * n * n;
		else if (strcmp(k->name, "gemm_ikj") == 0)
			lb = 24 * n * n * n + 8 * n * n;
		else if (strcmp(k->name, "gemm_tiled") == 0)
			lb = 8 * n * n + 24 * n * n * n / s.tile;
		else
			lb = 32 * n * n;
		if (s.loop_bytes != lb)
			fail_msg("%s n %d: loop bytes %g, formula %g", k->name, c->param, s.loop_bytes, lb);
	} else {
		double S = floor(sqrt(c->offered / 2.0));
		S -= fmod(S, 8);
		assert_int_equal(s.n, (size_t)(2 * S * S));
		assert_true(s.flops == 6.0 * 4 * (S - 2) * (S - 2));
		double per = strcmp(k->name, "stencil") == 0 ? 64 : 16;
		assert_true(s.bytes == per * S * S && s.loop_bytes == s.bytes);
	}
}

static void test_shaped_kernels(void **state)
{
	static const struct shaped_case cases[] = {
		{ "gemm_ijk", 16, 0 }, { "gemm_ijk", 64, 0 }, { "gemm_ikj", 32, 0 }, { "gemm_ikj", 64, 0 },
		{ "gemm_tiled", 64, 0 }, { "gemm_tiled", 128, 0 }, { "gemm_blas", 64, 0 },
		{ "stencil", 0, 2 * 16 * 16 }, { "stencil", 0, 2 * 40 * 40 + 7 },
		{ "stencil_tiled", 0, 2 * 16 * 16 }, { "stencil_tiled", 0, 2 * 40 * 40 + 7 },
	};
	int tried = 0;
	(void)state;
	for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		const struct kernel *k = registry_find(cases[c].name);
		assert_non_null(k);
		assert_non_null(k->shape);
		/* A tile budget of 24 KiB: gemm_tiled blocks in 16x16 tiles (3 x 6 KiB). */
		const double tile_bytes = 24576;
		expect_shape(k, &cases[c], tile_bytes);
		if (!k->run) {
			print_message("# skip %s: %s\n", k->name, k->missing);
			continue;
		}
		struct kernel_shape s;
		k->shape(cases[c].param, cases[c].offered, tile_bytes, &s);
		int param = cases[c].param;
		struct bufs b;
		char why[256];
		bufs_init(&b, s.n);
		b.kb.tile_bytes = tile_bytes;
		double r = 0;
		for (long reps = 1; reps <= 3; reps += 2) {
			if (k->prepare)
				k->prepare(&b.kb, param);
			r = k->run(&b.kb, reps, param);
			for (int full = 1; full >= 0; full--)
				if (check(k, &b, reps, param, r, full, why, sizeof why))
					fail_msg("%s param %d n %zu reps %ld full %d: %s", k->name, param,
						 s.n, reps, full, why);
		}
		for (size_t j = 0; j < s.n; j++)
			if (b.kb.b[j] != kernel_input_b(j) || b.kb.c[j] != kernel_input_c(j))
				fail_msg("%s: input %zu changed", k->name, j);
		for (size_t j = s.n; j < s.n + GUARD; j++)
			if (b.kb.a[j] != SENTINEL)
				fail_msg("%s: wrote past its shape's n at %zu", k->name, j);
		/* The output: C (n*n) or the result grid (the first half of a). */
		size_t out = param ? (size_t)param * (size_t)param : s.n / 2;
		const long reps = 3;
		if (check(k, &b, reps, param, r + 1.0, 0, why, sizeof why) == 0)
			fail_msg("%s: check accepts a wrong result", k->name);
		if (param && check(k, &b, reps + 1, param, r, 0, why, sizeof why) == 0)
			fail_msg("%s: check accepts reps %ld for %ld", k->name, reps + 1, reps);
		size_t spot = kernel_spot_index(10, out), off = 0;
		double keep = b.kb.a[spot];
		b.kb.a[spot] = keep + 1.0 / 1024;
		for (int full = 1; full >= 0; full--)
			if (check(k, &b, reps, param, r, full, why, sizeof why) == 0)
				fail_msg("%s full %d: misses a wrong element at %zu", k->name, full, spot);
		b.kb.a[spot] = keep;
		for (size_t j = out / 2; j < out - 1 && !off; j++) {
			int covered = 0;
			for (size_t q = 0; q < KERNEL_SPOT_CHECKS; q++)
				covered |= kernel_spot_index(q, out) == j;
			if (!covered)
				off = j;
		}
		assert_true(off > 0);
		/*
		 * Full mode catches a wrong element wherever it is: every one on the
		 * small outputs (C of gemm 16 and 32, the 16x16 stencils' grids; a
		 * family has one check, gemm_check or stencil_check), and on the
		 * larger ones the element past half way that no spot check covers.
		 * Every one of a 64x64 C, four kernels over, was 4096 full checks of
		 * 4096 elements each: three quarters of the test, 5 s under qemu.
		 */
		const size_t every_one = 1024;
		for (size_t j = out <= every_one ? 0 : off; j < (out <= every_one ? out : off + 1); j++) {
			keep = b.kb.a[j];
			b.kb.a[j] = keep - 1.0 / 1024;
			if (check(k, &b, reps, param, r, 1, why, sizeof why) == 0)
				fail_msg("%s: full check misses a wrong element at %zu", k->name, j);
			b.kb.a[j] = keep;
		}
		assert_int_equal(check(k, &b, reps, param, r, 1, why, sizeof why), 0);
		bufs_free(&b);
		tried++;
	}
	assert_true(tried > 0);
	/* The members the issue names, and a trajectory's sizes ascending. */
	const char *gemms[] = { "gemm_ijk", "gemm_ikj", "gemm_tiled", "gemm_blas" };
	for (size_t g = 0; g < 4; g++) {
		const struct kernel *k = registry_find(gemms[g]);
		assert_non_null(k);
		assert_int_equal(registry_nparams(k), 4);
		assert_int_equal(registry_param(k, 0), 16);
		assert_int_equal(registry_param(k, 1), 64);
		assert_int_equal(registry_param(k, 2), 256);
		assert_int_equal(registry_param(k, 3), 1024);
		assert_int_equal(k->param_letter, 'n');
	}
}

/* gemm_tiled's tile from the measured cache: three tiles within it, a power of two in [16, n]. */
static void test_gemm_tile(void **state)
{
	const struct kernel *k = registry_find("gemm_tiled");
	struct kernel_shape s;
	(void)state;
	k->shape(1024, 0, 393216, &s);        /* 384 KiB: 3 x 8 x 128^2 = 384 KiB fits */
	assert_int_equal(s.tile, 128);
	k->shape(1024, 0, 393215, &s);        /* a byte less: 64 */
	assert_int_equal(s.tile, 64);
	k->shape(64, 0, 393216, &s);          /* capped at n */
	assert_int_equal(s.tile, 64);
	k->shape(1024, 0, 0, &s);             /* no plateau: the default, said */
	assert_int_equal(s.tile, 64);
	assert_non_null(strstr(s.why, "default"));
	k->shape(48, 0, 1e9, &s);             /* whole tiles only */
	assert_int_equal(48 % s.tile, 0);
}

/*
 * Which kernels' flops are all FMAs (judged against the `fma` ceiling), from
 * what they compute, written out here independently of the kernel files.
 */
static void test_flops_all_fma(void **state)
{
	(void)state;
	for (size_t i = 0; i < registry_count(); i++) {
		const struct kernel *k = registry_get(i);
		/* Bandwidth kernels set roofs by their bytes: no ceiling judges their flops. */
		if (k->kind == KERNEL_BANDWIDTH)
			continue;
		/* The mix adds beside its FMAs; the stencil sums neighbours and scales. */
		int mix = starts_with(k->name, "fma_add_") || starts_with(k->name, "fma_mix21_") ||
			  starts_with(k->name, "fma_mix12_") || starts_with(k->name, "fma_mix43_") ||
			  starts_with(k->name, "fma_deep");
		int want = !mix && !starts_with(k->name, "stencil");
		if (k->flops_all_fma != want)
			fail_msg("%s: flops_all_fma %d, want %d", k->name, k->flops_all_fma, want);
		/* Every peak kernel bounds its loop so that its check sees every iteration. */
		if (k->kind == KERNEL_PEAK && k->max_n <= 0)
			fail_msg("%s: a peak kernel without max_n", k->name);
	}
	/*
	 * Each mix's ratio, and its largest member fills its ISA's registers
	 * but for the constants it keeps there (two; none in the deep mixes,
	 * which read their 1 from memory and square their add chains): 32 with
	 * AVX-512 and NEON, 16 otherwise. The ratio is of instructions an
	 * iteration, the chains those over their steps (fma_deep.h).
	 */
	static const struct { const char *prefix; int fmas, adds, consts; } ratio[] = {
		{ "fma_add_", 1, 1, 2 }, { "fma_mix21_", 2, 1, 2 }, { "fma_mix12_", 1, 2, 2 }, { "fma_mix43_", 4, 3, 2 },
		{ "fma_deep11_", 15, 15, 0 }, { "fma_deep21_", 30, 15, 0 },
	};
	int mixes = 0;
	for (size_t i = 0; i < registry_count(); i++) {
		const struct kernel *k = registry_get(i);
		for (size_t r = 0; r < sizeof ratio / sizeof ratio[0]; r++) {
			if (!starts_with(k->name, ratio[r].prefix))
				continue;
			mixes++;
			assert_int_equal(k->mix_fmas, ratio[r].fmas);
			assert_int_equal(k->mix_adds, ratio[r].adds);
			int regs = k->isa == ISA_AVX512 || k->isa == ISA_NEON ? 32 : 16;
			int top = k->params[k->nparams - 1];
			double fs, as;
			kernel_peak_steps(k, &fs, &as);
			int chains = (int)(k->mix_fmas / fs + k->mix_adds / as);
			if (top * chains + ratio[r].consts > regs || (top + 1) * chains + ratio[r].consts <= regs)
				fail_msg("%s: %d groups of %d chains do not fill %d registers", k->name, top, chains, regs);
		}
		if (k->kind == KERNEL_PEAK && k->flops_all_fma && (k->mix_fmas || k->mix_adds))
			fail_msg("%s: FMA chains with a mix's ratio", k->name);
	}
	/* Four ratios on each of five ISAs, the two deep ones on the four of x86-64. */
	assert_int_equal(mixes, 28);
}

/*
 * At max_n iterations a peak kernel's check still sees one iteration fewer
 * (or one more), where at 64 x max_n the FMA chains would have converged and
 * the check would have gone blind (the --min-time 10 bug); the mix's check
 * likewise. Scalar kernels: every x86-64 with FMA and every aarch64 runs them.
 */
static void test_peak_check_sees_every_iteration(void **state)
{
	const char *names[] = { "fma_scalar", "fma_add_scalar", "fma_mix21_scalar", "fma_mix12_scalar",
				"fma_mix43_scalar", "fma_deep11_scalar", "fma_deep21_scalar" };
	(void)state;
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		const struct kernel *k = registry_find(names[i]);
		char why[256];
		if (!cpu_has_isa(k->isa))
			continue;
		struct kernel_buffers kb = { .n = (size_t)k->max_n };
		double r = k->run(&kb, 1, 2);
		assert_int_equal(k->check(&kb, 1, 2, r, 1, why, sizeof why), 0);
		kb.n = (size_t)k->max_n - 1;
		if (k->check(&kb, 1, 2, r, 1, why, sizeof why) == 0)
			fail_msg("%s: the check at n = max_n - 1 accepts the result of max_n", k->name);
		kb.n = (size_t)k->max_n + 1;
		if (k->check(&kb, 1, 2, r, 1, why, sizeof why) == 0)
			fail_msg("%s: the check at n = max_n + 1 accepts the result of max_n", k->name);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_input_period),
		cmocka_unit_test(test_registry_sorted_unique),
		cmocka_unit_test(test_registry_families),
		cmocka_unit_test(test_metadata_formulas),
		cmocka_unit_test(test_bandwidth_kernels),
		cmocka_unit_test(test_runnable_where_supported),
		cmocka_unit_test(test_run_passes_check),
		cmocka_unit_test(test_check_catches_corruption),
		cmocka_unit_test(test_check_rejects_unknown_param),
		cmocka_unit_test(test_shaped_kernels),
		cmocka_unit_test(test_gemm_tile),
		cmocka_unit_test(test_flops_all_fma),
		cmocka_unit_test(test_peak_check_sees_every_iteration),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
