/*
 * horner_simd_avx2.c - the polynomial of horner.c, a[i] = p(b[i]) by Horner's
 * rule with every coefficient c, written with AVX2/FMA3 intrinsics so that
 * many independent chains are always in flight. Per element: 2*D flops,
 * 16 bytes (load b, store a); D = 1..128 as in horner.h.
 *
 * How many chains: one chain is D dependent FMAs and runs at the FMA latency;
 * both FMA pipes stay busy with latency x pipes chains in flight: 4 x 2 = 8
 * on Skylake and Zen 4/5, 5 x 2 = 10 on Haswell and Zen 2/3. We take 10.
 * An AVX2-only core has 16 ymm registers, and each chain wants two (its
 * accumulator and its x) plus one for c, so at most 7 chains fit; with 10 the
 * compiler keeps some x in memory and reads them as the FMA's memory operand.
 * That costs a load per FMA, which the load ports absorb, and adds nothing to
 * any chain, while 7 chains would leave the pipes idle a quarter of the time
 * (measured on Zen 5 built for 16 registers: 7 chains 44, 8 chains 49,
 * 10 chains 54 GFLOP/s against an AVX2 peak of 52). 10 vectors are 40
 * elements per block; the tail runs one vector at a time, the last through a
 * padded copy so it takes the same roundings as the vector path.
 */
#include "horner.h"

#if defined(__x86_64__)
#include <immintrin.h>

#define CH 10
#define ATTR __attribute__((target("avx2,fma")))

/*
 * One block of CH vectors: all CH chains take step k before any takes step
 * k+1, so consecutive FMAs are independent. `degree` is a constant after
 * inlining into each member; the steps unroll by 8, not completely: at
 * D = 128 a fully unrolled block would be thousands of instructions, more
 * than the op cache holds.
 */
ATTR __attribute__((always_inline)) static inline void
horner_avx2_body(double *restrict a, const double *restrict b, size_t n, int degree)
{
	const __m256d c = _mm256_set1_pd(HORNER_C);
	size_t i = 0;
	for (; i + 4 * CH <= n; i += 4 * CH) {
		__m256d x[CH], acc[CH];
#pragma GCC unroll 16
		for (int j = 0; j < CH; j++) {
			x[j] = _mm256_loadu_pd(b + i + 4 * j);
			acc[j] = c;
		}
#pragma GCC unroll 8
		for (int k = 0; k < degree; k++) {
#pragma GCC unroll 16
			for (int j = 0; j < CH; j++)
				acc[j] = _mm256_fmadd_pd(acc[j], x[j], c);
		}
#pragma GCC unroll 16
		for (int j = 0; j < CH; j++)
			_mm256_storeu_pd(a + i + 4 * j, acc[j]);
	}
	for (; i < n; i += 4) {
		/*
		 * Whole vectors, then the last partial one through a padded copy,
		 * so the tail takes exactly the vector path's roundings.
		 */
		double in[4] = { 0.0, 0.0, 0.0, 0.0 }, out[4];
		size_t m = n - i >= 4 ? 4 : n - i;
		for (size_t j = 0; j < m; j++)
			in[j] = b[i + j];
		__m256d x = _mm256_loadu_pd(in), acc = c;
#pragma GCC unroll 8
		for (int k = 0; k < degree; k++)
			acc = _mm256_fmadd_pd(acc, x, c);
		_mm256_storeu_pd(out, acc);
		for (size_t j = 0; j < m; j++)
			a[i + j] = out[j];
	}
}

#define MEMBER(D) HORNER_SIMD_MEMBER(horner_avx2, ATTR, D)
HORNER_DEGREES(MEMBER)

#define horner_simd_avx2_CASE(D) HORNER_CASE(horner_avx2, D)
HORNER_RUN_DEFINE(horner_simd_avx2)
HORNER_CHECK_DEFINE(horner_simd_avx2)
#define RUN_FN horner_simd_avx2_run
#define CHECK_FN horner_simd_avx2_check
#else
#define RUN_FN NULL
#define CHECK_FN NULL
#endif

const struct kernel kernel_horner_simd_avx2 = {
	.name = "horner_simd_avx2",
	.family = "horner_simd",
	.computes = "a[i] = p(b[i]), degree D, 10 interleaved 4-double FMA chains",
	.isa = ISA_AVX2,
	HORNER_FIELDS,
	.run = RUN_FN,
	.check = CHECK_FN,
};
