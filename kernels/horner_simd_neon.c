/*
 * horner_simd_neon.c - the polynomial of horner.c, a[i] = p(b[i]) by Horner's
 * rule with every coefficient c, written with NEON intrinsics (2 doubles a
 * vector) so that many independent chains are always in flight; the article's
 * "second version". Per element: 2*D flops, 16 bytes (load b, store a);
 * D = 1..128 as in horner.h. Builds to nothing but the description on other
 * architectures.
 *
 * How many chains: one chain runs at the FMA latency; the pipes stay busy
 * with latency x pipes chains in flight: 4 x 2 = 8 on Cortex-A76/Neoverse N1,
 * 4 x 4 = 16 on Neoverse V1/V2 and Apple M1. NEON's fmla overwrites its
 * addend, and in Horner's rule the addend is the constant c, so every step is
 * a register copy of c and then the fmla: each chain needs its accumulator,
 * its x and, briefly, the copy. With c that is at most 15 chains in 32
 * registers. We take 12, as the article did: 1.5 times what a two-pipe core
 * needs and three quarters of a four-pipe core's product, with registers to
 * spare for the copies. (clang 14 cross-built for Neoverse V1 or Apple M1
 * hoists some copies and reloads 4 of the x per block from the stack: loads
 * off the chains, not stores; at 14 chains it reloads 20. Not timed here: no
 * aarch64 machine.) 12 vectors are 24 elements per block; the tail runs one
 * vector at a time, the last element through a padded copy so it takes the
 * same roundings as the vector path.
 */
#include "horner.h"

#if defined(__aarch64__)
#include <arm_neon.h>

#define CH 12

/*
 * One block of CH vectors: all CH chains take step k before any takes step
 * k+1, so consecutive FMAs are independent. vfmaq_f64(c, acc, x) is
 * c + acc*x. `degree` is a constant after inlining into each member; the
 * steps unroll by 8 so that D = 128 does not become thousands of instructions.
 */
__attribute__((always_inline)) static inline void
horner_neon_body(double *restrict a, const double *restrict b, size_t n, int degree)
{
	const float64x2_t c = vdupq_n_f64(HORNER_C);
	size_t i = 0;
	for (; i + 2 * CH <= n; i += 2 * CH) {
		float64x2_t x[CH], acc[CH];
#pragma GCC unroll 16
		for (int j = 0; j < CH; j++) {
			x[j] = vld1q_f64(b + i + 2 * j);
			acc[j] = c;
		}
#pragma GCC unroll 8
		for (int k = 0; k < degree; k++) {
#pragma GCC unroll 16
			for (int j = 0; j < CH; j++)
				acc[j] = vfmaq_f64(c, acc[j], x[j]);
		}
#pragma GCC unroll 16
		for (int j = 0; j < CH; j++)
			vst1q_f64(a + i + 2 * j, acc[j]);
	}
	for (; i < n; i += 2) {
		double in[2] = { b[i], n - i >= 2 ? b[i + 1] : 0.0 }, out[2];
		float64x2_t x = vld1q_f64(in), acc = c;
#pragma GCC unroll 8
		for (int k = 0; k < degree; k++)
			acc = vfmaq_f64(c, acc, x);
		vst1q_f64(out, acc);
		a[i] = out[0];
		if (n - i >= 2)
			a[i + 1] = out[1];
	}
}

#define MEMBER(D) HORNER_SIMD_MEMBER(horner_neon, , D)
HORNER_DEGREES(MEMBER)

#define horner_simd_neon_CASE(D) HORNER_CASE(horner_neon, D)
HORNER_RUN_DEFINE(horner_simd_neon)
HORNER_CHECK_DEFINE(horner_simd_neon)
#define RUN_FN horner_simd_neon_run
#define CHECK_FN horner_simd_neon_check
#else
#define RUN_FN NULL
#define CHECK_FN NULL
#endif

const struct kernel kernel_horner_simd_neon = {
	.name = "horner_simd_neon",
	.family = "horner_simd",
	.computes = "a[i] = p(b[i]), degree D, 12 interleaved 2-double FMA chains",
	.isa = ISA_NEON,
	HORNER_FIELDS,
	.run = RUN_FN,
	.check = CHECK_FN,
};
