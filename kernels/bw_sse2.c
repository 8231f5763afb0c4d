/*
 * bw_sse2.c - the bandwidth kernels (bw_triad, bw_triad_nt, bw_copy,
 * bw_read, bw_read2) on 128-bit vectors, 2 doubles a register. As for the
 * fma_sse2 chains, this is the SSE2 vector width encoded with VEX and FMA3
 * (the ISA_SSE2 the CPU check asks for): an explicit FMA, so that gcc (which
 * would contract a multiply and an add) and clang (which would not) build
 * the same loop. See bw_stream.h.
 */
#include "bw_stream.h"

#if defined(__x86_64__)
#include <immintrin.h>

#define ATTR __attribute__((target("fma")))
ATTR static inline double bw_hsum_sse2(__m128d v)
{
	return _mm_cvtsd_f64(v) + _mm_cvtsd_f64(_mm_unpackhi_pd(v, v));
}
#define FMA(x, y, z) _mm_fmadd_pd((x), (y), (z))
#define STREAM2(p, v, u) (_mm_stream_pd((p), (v)), _mm_stream_pd((p) + 2, (u)))
BW_DEFINE(sse2, __m128d, 2, _mm_loadu_pd, _mm_storeu_pd, STREAM2,
	  _mm_set1_pd, _mm_setzero_pd, _mm_add_pd, FMA, bw_hsum_sse2,
	  _mm_sfence, ATTR)
#define FN(f) f
#else
#define FN(f) NULL
#endif

BW_KERNELS(sse2, ISA_SSE2, FN)
