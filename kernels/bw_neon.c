/*
 * bw_neon.c - the bandwidth kernels (bw_triad, bw_triad_nt, bw_copy,
 * bw_read, bw_read2) on 128-bit NEON vectors, 2 doubles a register. The
 * streaming store is STNP (store pair, non-temporal hint) of one vector as
 * two doubles; DMB ISHST orders the stores at the end. Builds to nothing but
 * the descriptions on other architectures. See bw_stream.h.
 */
#include "bw_stream.h"

#if defined(__aarch64__)
#include <arm_neon.h>

/* vfmaq_f64(z, x, y) is z + x*y. */
#define BW_ZERO_NEON() vdupq_n_f64(0.0)
#define FMA(x, y, z) vfmaq_f64((z), (x), (y))
static inline void bw_stnp_neon(double *p, float64x2_t v)
{
	__asm__ __volatile__("stnp %d1, %d2, [%0]"
			     : : "r"(p), "w"(vgetq_lane_f64(v, 0)), "w"(vgetq_lane_f64(v, 1))
			     : "memory");
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
