/*
 * horner.h - the polynomial family, shared by horner.c (plain C, the compiler
 * vectorises as it likes) and horner_simd_{avx512,avx2,neon}.c (intrinsics
 * with many independent chains), so all four evaluate the same polynomial at
 * the same degrees and are checked against the same reference.
 *
 * a[i] = p(b[i]) with every coefficient equal to c, by Horner's rule:
 *     acc = c; repeat D times: acc = acc*x + c
 * Per element: 2*D flops (D multiply-adds), 16 bytes (load b, store a), so
 * the intensity is D/8 flop/byte and D = 1..128 walks from 1/8 to 16, across
 * the ridge of any machine we know.
 *
 * With |x| < 1 (kernel_input_b) p(x) = c (1 - x^(D+1)) / (1 - x) is bounded and
 * positive, so a relative epsilon is meaningful. Horner's error is at most
 * about 2D u sum|c x^k| / |p(x)| <= 2*128 * 1.1e-16 * 31 = 9e-13 at the worst
 * input x = -0.9375. In practice it is far smaller: fused and unfused
 * evaluations (a build without contraction, one with it, and the
 * intrinsics always fuse) differ from the reference by at most 4.3e-16 on
 * these inputs (all 16 of them, every degree, gcc 12 and clang 14).
 */
#ifndef ROOFLINE_HORNER_H
#define ROOFLINE_HORNER_H

#include "kernel.h"

#include <math.h>
#include <stdio.h>

/* Every coefficient. A power of two: the constant itself adds no rounding. */
#define HORNER_C 0.5

/* Relative epsilon of the check (see the error bound above). */
#define HORNER_EPS 1e-12

/* The family's members: the degree D. */
#define HORNER_DEGREES(X) X(1) X(2) X(4) X(8) X(16) X(32) X(64) X(128)

#define HORNER_PARAM_ENTRY(D) D,
static const int horner_params[] = { HORNER_DEGREES(HORNER_PARAM_ENTRY) };
#define HORNER_NDEGREES ((int)(sizeof horner_params / sizeof horner_params[0]))

/* The scalar reference, evaluated in the check, one element at a time. */
static inline double horner_reference(int degree, double x)
{
	double acc = HORNER_C;
	for (int k = 0; k < degree; k++)
		acc = acc * x + HORNER_C;
	return acc;
}

static inline int horner_is_degree(int degree)
{
	for (int j = 0; j < HORNER_NDEGREES; j++)
		if (horner_params[j] == degree)
			return 1;
	return 0;
}

/*
 * The family's check: `result` must be a[n-1] (what every run returns), and
 * a[i] must match the reference at every element (full) or at the spot
 * indices. The output does not depend on reps: each repetition rewrites a.
 */
static inline int horner_check_buffers(const char *name, const struct kernel_buffers *buf,
				       int degree, double result, int full,
				       char *why, size_t whylen)
{
	size_t count = full ? buf->n : KERNEL_SPOT_CHECKS;
	char what[96];

	if (!horner_is_degree(degree)) {
		snprintf(why, whylen, "%s: no member with degree %d", name, degree);
		return -1;
	}
	if (buf->n == 0)
		return 0;
	snprintf(what, sizeof what, "%s D=%d result", name, degree);
	if (kernel_expect(result, buf->a[buf->n - 1], 0.0, what, why, whylen))
		return -1;
	/*
	 * The input repeats every KERNEL_INPUT_PERIOD elements, so the reference
	 * takes as many values: evaluated once each here, a full check costs a
	 * compare an element instead of a degree-D polynomial (at D = 128 the
	 * check took longer than the timing it vouched for).
	 */
	double table[KERNEL_INPUT_PERIOD];
	for (size_t i = 0; i < KERNEL_INPUT_PERIOD; i++)
		table[i] = horner_reference(degree, kernel_input_b(i));
	for (size_t j = 0; j < count; j++) {
		size_t i = full ? j : kernel_spot_index(j, buf->n);
		double want = table[i % KERNEL_INPUT_PERIOD];
		/* Formats only on failure: a full check walks 16 Mi elements. */
		if (!(fabs(buf->a[i] - want) <= HORNER_EPS * fabs(want))) {
			snprintf(what, sizeof what, "%s D=%d a[%zu]", name, degree, i);
			return kernel_expect(buf->a[i], want, HORNER_EPS, what, why, whylen);
		}
	}
	return 0;
}



/*
 * A member of an intrinsics file: FN##_D runs the file's FN##_body at degree
 * D, fixed at compile time so the body's loop over the degree unrolls.
 * ATTR carries the target attribute that lets the file build without -march.
 */
#define HORNER_SIMD_MEMBER(FN, ATTR, D)                                             \
	ATTR __attribute__((noinline)) static void FN##_##D(                        \
		double *restrict a, const double *restrict b, size_t n)             \
	{                                                                           \
		FN##_body(a, b, n, D);                                              \
	}

/*
 * The family's run(): repeats the member of degree `param` reps times and
 * returns a[n-1]. The members are FN##_D; the file defines PREFIX##_CASE(D)
 * as HORNER_CASE(FN, D) first (a macro cannot define the one the X-macro
 * calls).
 */
#define HORNER_CASE(FN, D) case D: FN##_##D(a, b, n); break;

#define HORNER_RUN_DEFINE(PREFIX)                                                   \
	static double PREFIX##_run(const struct kernel_buffers *buf, long reps,     \
				   int param)                                       \
	{                                                                           \
		double *a = buf->a;                                                 \
		const double *b = buf->b;                                           \
		const size_t n = buf->n;                                            \
		for (long r = 0; r < reps; r++) {                                   \
			switch (param) {                                            \
			HORNER_DEGREES(PREFIX##_CASE)                               \
			}                                                           \
			/* Keeps the repetitions: without it the compiler may run   \
			   the loop once. */                                        \
			__asm__ __volatile__("" : : "r"(a) : "memory");             \
		}                                                                   \
		return n ? a[n - 1] : 0.0;                                          \
	}

/* The family's check(), PREFIX##_check: horner_check_buffers under its name. */
#define HORNER_CHECK_DEFINE(PREFIX)                                                 \
	static int PREFIX##_check(const struct kernel_buffers *buf, long reps,      \
				  int param, double result, int full, char *why,    \
				  size_t whylen)                                    \
	{                                                                           \
		(void)reps;                                                         \
		return horner_check_buffers(#PREFIX, buf, param, result, full,      \
					    why, whylen);                           \
	}

/*
 * The fields every member's descriptor shares; each file's `struct kernel`
 * names what differs (name, family, ISA, run and check) and adds these.
 */
#define HORNER_FIELDS                                                               \
	.kind = KERNEL_STREAM,                                                      \
	.flops_per_param = 2, .bytes_fixed = 16,                                    \
	.arrays = 2,                                                                \
	.params = horner_params, .nparams = HORNER_NDEGREES,                        \
	.reads = 1, .writes = 1,                                                    \
	.param_letter = 'D', .param_meaning = "degree",                             \
	.flops_all_fma = 1

#endif
