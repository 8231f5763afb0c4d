/*
 * horner.c - a[i] = p(b[i]), a degree-D polynomial with every coefficient c,
 * by Horner's rule (acc = c; D times acc = acc*x + c), in plain C built with
 * KERNEL_CFLAGS: the compiler vectorises and interleaves as it likes, and its
 * remarks (src/vecinfo.c) say what it chose for each degree. That choice is
 * the point: once the loop is compute-bound, the number of independent chains
 * the compiler exposes decides how close it gets to the peak.
 *
 * Per element: 2*D flops, 16 bytes (load b, store a); intensity D/8 flop/byte.
 * D = 1, 2, 4, ..., 128 (horner.h). D is fixed at compile time per member and
 * the D steps are fully unrolled, so each element is one straight chain of D
 * dependent multiply-adds. Kernels build as -std=gnu11, the compilers'
 * default dialect, so both gcc and clang contract acc*x + c into one FMA
 * (strict -std=c11 would make gcc keep a multiply and an add).
 */
#include "horner.h"

/*
 * Member D: one loop over the elements, in its own function so that each
 * degree is a separate loop for the vectoriser.
 */
#define HORNER_DEFINE(D)                                                            \
	__attribute__((noinline)) static void horner_##D(double *restrict a,         \
							  const double *restrict b,   \
							  size_t n)                   \
	{                                                                            \
		for (size_t i = 0; i < n; i++) {                                     \
			const double x = b[i];                                       \
			double acc = HORNER_C;                                       \
			_Pragma("GCC unroll 128")                                    \
			for (int k = 0; k < D; k++)                                  \
				acc = acc * x + HORNER_C;                            \
			a[i] = acc;                                                  \
		}                                                                    \
	}

/*
 * One member per line, in ascending degree, before any other loop of this
 * file: the compilers report a macro's loop at the line of its expansion, so
 * each degree gets its own line in the remarks and the report can give a
 * verdict per degree. The switch in horner_run names each function, so a
 * degree missing here fails to build and one not in HORNER_DEGREES warns.
 */
HORNER_DEFINE(1)
HORNER_DEFINE(2)
HORNER_DEFINE(4)
HORNER_DEFINE(8)
HORNER_DEFINE(16)
HORNER_DEFINE(32)
HORNER_DEFINE(64)
HORNER_DEFINE(128)

#define horner_CASE(D) HORNER_CASE(horner, D)
HORNER_RUN_DEFINE(horner)
HORNER_CHECK_DEFINE(horner)

const struct kernel kernel_horner = {
	.name = "horner",
	.family = "horner",
	.computes = "a[i] = p(b[i]), degree D, Horner's rule, all coefficients c",
	.isa = ISA_NONE,
	HORNER_FIELDS,
	.run = horner_run,
	.check = horner_check,
};
