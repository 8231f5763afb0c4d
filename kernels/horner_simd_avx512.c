/*
 * horner_simd_avx512.c - the polynomial of horner.c, a[i] = p(b[i]) by
 * Horner's rule with every coefficient c, written with AVX-512 intrinsics so
 * that many independent chains are always in flight. Per element: 2*D flops,
 * 16 bytes (load b, store a); D = 1..128 as in horner.h.
 *
 * How many chains: one chain is D dependent FMAs, so it runs at the FMA
 * latency. Keeping both FMA pipes busy needs latency x pipes independent
 * chains in flight: 4 cycles x 2 pipes = 8 on Zen 4/5 (Intel server cores:
 * 4 x 2 = 8 as well). Each chain holds two registers (its accumulator and its
 * x; the three-operand vfmadd213pd acc = acc*x + c needs no copy of c), and c
 * takes one more, so 32 zmm registers allow at most 15 chains. We take 12:
 * 1.5 times the minimum, so the loads, stores and the start of the next block
 * overlap the end of this one without starving the pipes, and 7 registers
 * spare so the compiler never spills (checked in the disassembly, gcc 12 and
 * clang 14). Measured on one Zen 5 core, L1-resident: 8 to 15 chains all
 * reach 100-106 GFLOP/s at D >= 32 against a 105 peak; this VM's noise
 * hides the differences between them. 12 vectors are 96 elements per block;
 * the tail runs one vector (8 elements) at a time, then a masked vector.
 */
#include "horner.h"

#if defined(__x86_64__)
#include <immintrin.h>

#define CH 12
#define ATTR __attribute__((target("avx512f")))

/*
 * One block of CH vectors: all CH chains take step k before any takes step
 * k+1, so consecutive FMAs are independent. `degree` is a constant after
 * inlining into each member; the steps unroll by 8, not completely: fully
 * unrolled, D = 128 is 1536 FMAs a block, more than the op cache holds, and
 * measured 20 % slower (86 against 104-113 GFLOP/s on Zen 5).
 */
ATTR __attribute__((always_inline)) static inline void
horner_avx512_body(double *restrict a, const double *restrict b, size_t n, int degree)
{
	const __m512d c = _mm512_set1_pd(HORNER_C);
	size_t i = 0;
	for (; i + 8 * CH <= n; i += 8 * CH) {
		__m512d x[CH], acc[CH];
#pragma GCC unroll 16
		for (int j = 0; j < CH; j++) {
			x[j] = _mm512_loadu_pd(b + i + 8 * j);
			acc[j] = c;
		}
#pragma GCC unroll 8
		for (int k = 0; k < degree; k++) {
#pragma GCC unroll 16
			for (int j = 0; j < CH; j++)
				acc[j] = _mm512_fmadd_pd(acc[j], x[j], c);
		}
#pragma GCC unroll 16
		for (int j = 0; j < CH; j++)
			_mm512_storeu_pd(a + i + 8 * j, acc[j]);
	}
	for (; i < n; i += 8) {
		/* Whole vectors, then the last partial one under a mask. */
		__mmask8 m = n - i >= 8 ? 0xff : (__mmask8)((1u << (n - i)) - 1);
		__m512d x = _mm512_maskz_loadu_pd(m, b + i), acc = c;
#pragma GCC unroll 8
		for (int k = 0; k < degree; k++)
			acc = _mm512_fmadd_pd(acc, x, c);
		_mm512_mask_storeu_pd(a + i, m, acc);
	}
}

#define MEMBER(D) HORNER_SIMD_MEMBER(horner_avx512, ATTR, D)
HORNER_DEGREES(MEMBER)

#define horner_simd_avx512_CASE(D) HORNER_CASE(horner_avx512, D)
HORNER_RUN_DEFINE(horner_simd_avx512)
HORNER_CHECK_DEFINE(horner_simd_avx512)
#define RUN_FN horner_simd_avx512_run
#define CHECK_FN horner_simd_avx512_check
#else
#define RUN_FN NULL
#define CHECK_FN NULL
#endif

const struct kernel kernel_horner_simd_avx512 = {
	.name = "horner_simd_avx512",
	.family = "horner_simd",
	.computes = "a[i] = p(b[i]), degree D, 12 interleaved 8-double FMA chains",
	.isa = ISA_AVX512,
	HORNER_FIELDS,
	.run = RUN_FN,
	.check = CHECK_FN,
};
