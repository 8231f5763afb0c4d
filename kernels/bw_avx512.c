/*
 * bw_avx512.c - the bandwidth kernels (bw_triad, bw_triad_nt, bw_copy,
 * bw_read, bw_read2) on 512-bit vectors, 8 doubles a register. See bw_stream.h.
 */
#include "bw_stream.h"

#if defined(__x86_64__)
#include <immintrin.h>

#define ATTR __attribute__((target("avx512f")))
ATTR static inline double bw_hsum_avx512(__m512d v) { return _mm512_reduce_add_pd(v); }
#define FMA(x, y, z) _mm512_fmadd_pd((x), (y), (z))
#define STREAM2(p, v, u) (_mm512_stream_pd((p), (v)), _mm512_stream_pd((p) + 8, (u)))
BW_DEFINE(avx512, __m512d, 8, _mm512_loadu_pd, _mm512_storeu_pd, STREAM2,
	  _mm512_set1_pd, _mm512_setzero_pd, _mm512_add_pd, FMA, bw_hsum_avx512,
	  _mm_sfence, ATTR)
#define FN(f) f
#else
#define FN(f) NULL
#endif

BW_KERNELS(avx512, ISA_AVX512, FN)
