/*
 * bw_neon.c - the bandwidth kernels (bw_triad, bw_triad_nt, bw_copy,
 * bw_read, bw_read2) on 128-bit NEON vectors, 2 doubles a register. The
 * streaming store is STNP (store pair, non-temporal hint) of two vectors;
 * DMB ISHST orders the stores at the end. Builds to nothing but the
 * descriptions on other architectures. See bw_stream.h.
 */
#include "bw_stream.h"

#if defined(__aarch64__)
#include <arm_neon.h>

/* vfmaq_f64(z, x, y) is z + x*y. */
#define BW_ZERO_NEON() vdupq_n_f64(0.0)
#define FMA(x, y, z) vfmaq_f64((z), (x), (y))
/* STNP of two q registers: 32 bytes with the non-temporal hint, no alignment needed. */
static inline void bw_stnp_neon(double *p, float64x2_t v, float64x2_t u)
{
	__asm__ __volatile__("stnp %q1, %q2, [%0]" : : "r"(p), "w"(v), "w"(u) : "memory");
}
static inline void bw_fence_neon(void)
{
	__asm__ __volatile__("dmb ishst" : : : "memory");
}
BW_DEFINE(neon, float64x2_t, 2, vld1q_f64, vst1q_f64, bw_stnp_neon,
	  vdupq_n_f64, BW_ZERO_NEON, vaddq_f64, FMA, vaddvq_f64,
	  bw_fence_neon, )
#define FN(f) f
#else
#define FN(f) NULL
#endif

BW_KERNELS(neon, ISA_NEON, FN)
