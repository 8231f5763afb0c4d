/*
 * bw_avx2.c - the bandwidth kernels (bw_triad, bw_triad_nt, bw_copy,
 * bw_read, bw_read2) on 256-bit vectors, 4 doubles a register, FMA3 for the
 * triad's multiply-add. See bw_stream.h.
 */
#include "bw_stream.h"

#if defined(__x86_64__)
#include <immintrin.h>

#define ATTR __attribute__((target("avx2,fma")))
ATTR static inline double bw_hsum_avx2(__m256d v)
{
	__m128d s = _mm_add_pd(_mm256_castpd256_pd128(v), _mm256_extractf128_pd(v, 1));
	return _mm_cvtsd_f64(s) + _mm_cvtsd_f64(_mm_unpackhi_pd(s, s));
}
#define FMA(x, y, z) _mm256_fmadd_pd((x), (y), (z))
#define STREAM2(p, v, u) (_mm256_stream_pd((p), (v)), _mm256_stream_pd((p) + 4, (u)))
BW_DEFINE(avx2, __m256d, 4, _mm256_loadu_pd, _mm256_storeu_pd, STREAM2,
	  _mm256_set1_pd, _mm256_setzero_pd, _mm256_add_pd, FMA, bw_hsum_avx2,
	  _mm_sfence, ATTR)
#define FN(f) f
#else
#define FN(f) NULL
#endif

BW_KERNELS(avx2, ISA_AVX2, FN)
