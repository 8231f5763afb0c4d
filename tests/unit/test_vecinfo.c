/*
 * test_vecinfo.c - the remark parser against what gcc 12.2 and clang 14.0
 * really printed for our kernel files at -O3 -march=native on Zen 5 (the text
 * as scripts/embed-remarks.sh embeds it: sorted, paths stripped), plus lines
 * from newer compilers' documented formats. Every verdict is an exact string.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "vecinfo.h"

/* ---- fixtures: gcc 12.2.0 -fopt-info-vec-all, clang 14.0.6 -Rpass*=loop-vectorize ---- */

static const char gcc_dot[] =
	"dot.c:13:15: note: ***** Analysis failed with vector mode V16QI\n"
	"dot.c:13:15: note: ***** Analysis failed with vector mode V32QI\n"
	"dot.c:13:15: note: ***** Analysis failed with vector mode V4QI\n"
	"dot.c:13:15: note: ***** Analysis failed with vector mode V8DI\n"
	"dot.c:13:15: note: ***** Analysis failed with vector mode V8QI\n"
	"dot.c:13:15: note: ***** Re-trying analysis with vector mode V16QI\n"
	"dot.c:13:15: note: ***** Re-trying analysis with vector mode V32QI\n"
	"dot.c:13:15: note: ***** Re-trying analysis with vector mode V4QI\n"
	"dot.c:13:15: note: ***** Re-trying analysis with vector mode V8QI\n"
	"dot.c:13:15: note: ***** The result for vector mode V64QI would be the same\n"
	"dot.c:13:15: note: vectorized 1 loops in function.\n"
	"dot.c:20:21: missed: couldn't vectorize loop\n"
	"dot.c:20:21: missed: not vectorized: control flow in loop.\n"
	"dot.c:22:24: optimized: loop vectorized using 32 byte vectors\n"
	"dot.c:22:24: optimized: loop vectorized using 64 byte vectors\n"
	"dot.c:26:3: missed: statement clobbers memory: __asm__ __volatile__(\"\" :  : \"r\" b_15, \"r\" c_16 : \"memory\");\n"
	"dot.c:41:46: missed: statement clobbers memory: _3 = kernel_dot_reference (_2);\n"
	"dot.c:41:9: missed: statement clobbers memory: _13 = kernel_expect (result_9(D), _4, 9.99999999999999979886647629255615367252843506129522666015e-13, \"dot sum over reps\", why_10(D), whylen_11(D));\n"
	"dot.c:41:9: note: ***** Analysis failed with vector mode V8DI\n"
	"dot.c:41:9: note: ***** Skipping vector mode V64QI, which would repeat the analysis for V8DI\n";

static const char clang_dot[] =
	"dot.c:20:2: remark: loop not vectorized [-Rpass-missed=loop-vectorize]\n"
	"dot.c:20:2: remark: loop not vectorized: instruction cannot be vectorized [-Rpass-analysis=loop-vectorize]\n"
	"dot.c:22:3: remark: loop not vectorized [-Rpass-missed=loop-vectorize]\n"
	"dot.c:23:6: remark: loop not vectorized: cannot prove it is safe to reorder floating-point operations; allow reordering by specifying '#pragma clang loop vectorize(enable)' before the loop or by providing the compiler option '-ffast-math'. [-Rpass-analysis=loop-vectorize]\n"
	"dot.c:26:3: remark: loop not vectorized: call instruction cannot be vectorized [-Rpass-analysis=loop-vectorize]\n";

static const char gcc_horner[] =
	"horner.c:44:1: note: ***** Analysis failed with vector mode V16QI\n"
	"horner.c:44:1: note: ***** Analysis failed with vector mode V32QI\n"
	"horner.c:44:1: note: ***** Analysis failed with vector mode V4QI\n"
	"horner.c:44:1: note: ***** Analysis failed with vector mode V8DF\n"
	"horner.c:44:1: note: ***** Analysis failed with vector mode V8QI\n"
	"horner.c:44:1: note: ***** Re-trying analysis with vector mode V16QI\n"
	"horner.c:44:1: note: ***** Re-trying analysis with vector mode V32QI\n"
	"horner.c:44:1: note: ***** Re-trying analysis with vector mode V4QI\n"
	"horner.c:44:1: note: ***** Re-trying analysis with vector mode V8QI\n"
	"horner.c:44:1: note: ***** The result for vector mode V64QI would be the same\n"
	"horner.c:44:1: note: vectorized 1 loops in function.\n"
	"horner.c:44:1: optimized: loop vectorized using 32 byte vectors\n"
	"horner.c:44:1: optimized: loop vectorized using 64 byte vectors\n"
	"horner.c:45:1: note: ***** Analysis failed with vector mode V16QI\n"
	"horner.c:45:1: note: ***** Analysis failed with vector mode V32QI\n"
	"horner.c:45:1: note: ***** Analysis failed with vector mode V4QI\n"
	"horner.c:45:1: note: ***** Analysis failed with vector mode V8DF\n"
	"horner.c:45:1: note: ***** Analysis failed with vector mode V8QI\n"
	"horner.c:45:1: note: ***** Re-trying analysis with vector mode V16QI\n"
	"horner.c:45:1: note: ***** Re-trying analysis with vector mode V32QI\n"
	"horner.c:45:1: note: ***** Re-trying analysis with vector mode V4QI\n"
	"horner.c:45:1: note: ***** Re-trying analysis with vector mode V8QI\n"
	"horner.c:45:1: note: ***** The result for vector mode V64QI would be the same\n"
	"horner.c:45:1: note: vectorized 1 loops in function.\n"
	"horner.c:45:1: optimized: loop vectorized using 32 byte vectors\n"
	"horner.c:45:1: optimized: loop vectorized using 64 byte vectors\n"
	"horner.c:46:1: note: ***** Analysis failed with vector mode V16QI\n"
	"horner.c:46:1: note: ***** Analysis failed with vector mode V32QI\n"
	"horner.c:46:1: note: ***** Analysis failed with vector mode V4QI\n"
	"horner.c:46:1: note: ***** Analysis failed with vector mode V8DF\n"
	"horner.c:46:1: note: ***** Analysis failed with vector mode V8QI\n"
	"horner.c:46:1: note: ***** Re-trying analysis with vector mode V16QI\n"
	"horner.c:46:1: note: ***** Re-trying analysis with vector mode V32QI\n"
	"horner.c:46:1: note: ***** Re-trying analysis with vector mode V4QI\n"
	"horner.c:46:1: note: ***** Re-trying analysis with vector mode V8QI\n"
	"horner.c:46:1: note: ***** The result for vector mode V64QI would be the same\n"
	"horner.c:46:1: note: vectorized 1 loops in function.\n"
	"horner.c:46:1: optimized: loop vectorized using 32 byte vectors\n"
	"horner.c:46:1: optimized: loop vectorized using 64 byte vectors\n"
	"horner.c:47:1: note: ***** Analysis failed with vector mode V16QI\n"
	"horner.c:47:1: note: ***** Analysis failed with vector mode V32QI\n"
	"horner.c:47:1: note: ***** Analysis failed with vector mode V4QI\n"
	"horner.c:47:1: note: ***** Analysis failed with vector mode V8DF\n"
	"horner.c:47:1: note: ***** Analysis failed with vector mode V8QI\n"
	"horner.c:47:1: note: ***** Re-trying analysis with vector mode V16QI\n"
	"horner.c:47:1: note: ***** Re-trying analysis with vector mode V32QI\n"
	"horner.c:47:1: note: ***** Re-trying analysis with vector mode V4QI\n"
	"horner.c:47:1: note: ***** Re-trying analysis with vector mode V8QI\n"
	"horner.c:47:1: note: ***** The result for vector mode V64QI would be the same\n"
	"horner.c:47:1: note: vectorized 1 loops in function.\n"
	"horner.c:47:1: optimized: loop vectorized using 32 byte vectors\n"
	"horner.c:47:1: optimized: loop vectorized using 64 byte vectors\n"
	"horner.c:48:1: note: ***** Analysis failed with vector mode V16QI\n"
	"horner.c:48:1: note: ***** Analysis failed with vector mode V32QI\n"
	"horner.c:48:1: note: ***** Analysis failed with vector mode V4QI\n"
	"horner.c:48:1: note: ***** Analysis failed with vector mode V8DF\n"
	"horner.c:48:1: note: ***** Analysis failed with vector mode V8QI\n"
	"horner.c:48:1: note: ***** Re-trying analysis with vector mode V16QI\n"
	"horner.c:48:1: note: ***** Re-trying analysis with vector mode V32QI\n"
	"horner.c:48:1: note: ***** Re-trying analysis with vector mode V4QI\n"
	"horner.c:48:1: note: ***** Re-trying analysis with vector mode V8QI\n"
	"horner.c:48:1: note: ***** The result for vector mode V64QI would be the same\n"
	"horner.c:48:1: note: vectorized 1 loops in function.\n"
	"horner.c:48:1: optimized: loop vectorized using 32 byte vectors\n"
	"horner.c:48:1: optimized: loop vectorized using 64 byte vectors\n"
	"horner.c:49:1: note: ***** Analysis failed with vector mode V16QI\n"
	"horner.c:49:1: note: ***** Analysis failed with vector mode V32QI\n"
	"horner.c:49:1: note: ***** Analysis failed with vector mode V4QI\n"
	"horner.c:49:1: note: ***** Analysis failed with vector mode V8DF\n"
	"horner.c:49:1: note: ***** Analysis failed with vector mode V8QI\n"
	"horner.c:49:1: note: ***** Re-trying analysis with vector mode V16QI\n"
	"horner.c:49:1: note: ***** Re-trying analysis with vector mode V32QI\n"
	"horner.c:49:1: note: ***** Re-trying analysis with vector mode V4QI\n"
	"horner.c:49:1: note: ***** Re-trying analysis with vector mode V8QI\n"
	"horner.c:49:1: note: ***** The result for vector mode V64QI would be the same\n"
	"horner.c:49:1: note: vectorized 1 loops in function.\n"
	"horner.c:49:1: optimized: loop vectorized using 32 byte vectors\n"
	"horner.c:49:1: optimized: loop vectorized using 64 byte vectors\n"
	"horner.c:50:1: note: ***** Analysis failed with vector mode V16QI\n"
	"horner.c:50:1: note: ***** Analysis failed with vector mode V32QI\n"
	"horner.c:50:1: note: ***** Analysis failed with vector mode V4QI\n"
	"horner.c:50:1: note: ***** Analysis failed with vector mode V8DF\n"
	"horner.c:50:1: note: ***** Analysis failed with vector mode V8QI\n"
	"horner.c:50:1: note: ***** Re-trying analysis with vector mode V16QI\n"
	"horner.c:50:1: note: ***** Re-trying analysis with vector mode V32QI\n"
	"horner.c:50:1: note: ***** Re-trying analysis with vector mode V4QI\n"
	"horner.c:50:1: note: ***** Re-trying analysis with vector mode V8QI\n"
	"horner.c:50:1: note: ***** The result for vector mode V64QI would be the same\n"
	"horner.c:50:1: note: vectorized 1 loops in function.\n"
	"horner.c:50:1: optimized: loop vectorized using 32 byte vectors\n"
	"horner.c:50:1: optimized: loop vectorized using 64 byte vectors\n"
	"horner.c:51:1: note: ***** Analysis failed with vector mode V16QI\n"
	"horner.c:51:1: note: ***** Analysis failed with vector mode V32QI\n"
	"horner.c:51:1: note: ***** Analysis failed with vector mode V4QI\n"
	"horner.c:51:1: note: ***** Analysis failed with vector mode V8DF\n"
	"horner.c:51:1: note: ***** Analysis failed with vector mode V8QI\n"
	"horner.c:51:1: note: ***** Re-trying analysis with vector mode V16QI\n"
	"horner.c:51:1: note: ***** Re-trying analysis with vector mode V32QI\n"
	"horner.c:51:1: note: ***** Re-trying analysis with vector mode V4QI\n"
	"horner.c:51:1: note: ***** Re-trying analysis with vector mode V8QI\n"
	"horner.c:51:1: note: ***** The result for vector mode V64QI would be the same\n"
	"horner.c:51:1: note: vectorized 1 loops in function.\n"
	"horner.c:51:1: optimized: loop vectorized using 32 byte vectors\n"
	"horner.c:51:1: optimized: loop vectorized using 64 byte vectors\n"
	"horner.c:53:15: note: vectorized 0 loops in function.\n"
	"horner.c:58:21: missed: couldn't vectorize loop\n"
	"horner.c:58:21: missed: not vectorized: control flow in loop.\n"
	"horner.c:61:4: missed: statement clobbers memory: horner_1 (a_10, b_11, n_12);\n"
	"horner.c:61:4: missed: statement clobbers memory: horner_128 (a_10, b_11, n_12);\n"
	"horner.c:61:4: missed: statement clobbers memory: horner_16 (a_10, b_11, n_12);\n"
	"horner.c:61:4: missed: statement clobbers memory: horner_2 (a_10, b_11, n_12);\n"
	"horner.c:61:4: missed: statement clobbers memory: horner_32 (a_10, b_11, n_12);\n"
	"horner.c:61:4: missed: statement clobbers memory: horner_4 (a_10, b_11, n_12);\n"
	"horner.c:61:4: missed: statement clobbers memory: horner_64 (a_10, b_11, n_12);\n"
	"horner.c:61:4: missed: statement clobbers memory: horner_8 (a_10, b_11, n_12);\n"
	"horner.c:65:3: missed: statement clobbers memory: __asm__ __volatile__(\"\" :  : \"r\" a_10 : \"memory\");\n"
	"horner.c:67:22: note: ***** Analysis failed with vector mode V8DI\n"
	"horner.c:67:22: note: ***** Skipping vector mode V64QI, which would repeat the analysis for V8DI\n"
	"horner.c:70:12: note: vectorized 0 loops in function.\n"
	"horner.c:74:9: note: ***** Analysis failed with vector mode V8DI\n"
	"horner.c:74:9: note: ***** Skipping vector mode V64QI, which would repeat the analysis for V8DI\n";

static const char clang_horner[] =
	"horner.c:16:\n"
	"horner.c:44:1: remark: vectorized loop (vectorization width: 8, interleaved count: 4) [-Rpass=loop-vectorize]\n"
	"horner.c:45:1: remark: vectorized loop (vectorization width: 8, interleaved count: 4) [-Rpass=loop-vectorize]\n"
	"horner.c:46:1: remark: vectorized loop (vectorization width: 8, interleaved count: 4) [-Rpass=loop-vectorize]\n"
	"horner.c:47:1: remark: vectorized loop (vectorization width: 8, interleaved count: 4) [-Rpass=loop-vectorize]\n"
	"horner.c:48:1: remark: the cost-model indicates that interleaving is not beneficial [-Rpass-analysis=loop-vectorize]\n"
	"horner.c:48:1: remark: vectorized loop (vectorization width: 8, interleaved count: 1) [-Rpass=loop-vectorize]\n"
	"horner.c:49:1: remark: the cost-model indicates that interleaving is not beneficial [-Rpass-analysis=loop-vectorize]\n"
	"horner.c:49:1: remark: vectorized loop (vectorization width: 8, interleaved count: 1) [-Rpass=loop-vectorize]\n"
	"horner.c:50:1: remark: the cost-model indicates that interleaving is not beneficial [-Rpass-analysis=loop-vectorize]\n"
	"horner.c:50:1: remark: vectorized loop (vectorization width: 8, interleaved count: 1) [-Rpass=loop-vectorize]\n"
	"horner.c:51:1: remark: the cost-model indicates that interleaving is not beneficial [-Rpass-analysis=loop-vectorize]\n"
	"horner.c:51:1: remark: vectorized loop (vectorization width: 8, interleaved count: 1) [-Rpass=loop-vectorize]\n"
	"horner.c:58:2: remark: loop not vectorized [-Rpass-missed=loop-vectorize]\n"
	"horner.c:58:2: remark: loop not vectorized: instruction cannot be vectorized [-Rpass-analysis=loop-vectorize]\n"
	"horner.c:61:4: remark: loop not vectorized: call instruction cannot be vectorized [-Rpass-analysis=loop-vectorize]\n"
	"horner.c:65:3: remark: loop not vectorized: call instruction cannot be vectorized [-Rpass-analysis=loop-vectorize]\n";

static const char gcc_triad[] =
	"triad.c:16:15: note: ***** Analysis failed with vector mode V16QI\n"
	"triad.c:16:15: note: ***** Analysis failed with vector mode V32QI\n"
	"triad.c:16:15: note: ***** Analysis failed with vector mode V4QI\n"
	"triad.c:16:15: note: ***** Analysis failed with vector mode V8DI\n"
	"triad.c:16:15: note: ***** Analysis failed with vector mode V8QI\n"
	"triad.c:16:15: note: ***** Re-trying analysis with vector mode V16QI\n"
	"triad.c:16:15: note: ***** Re-trying analysis with vector mode V32QI\n"
	"triad.c:16:15: note: ***** Re-trying analysis with vector mode V4QI\n"
	"triad.c:16:15: note: ***** Re-trying analysis with vector mode V8QI\n"
	"triad.c:16:15: note: ***** The result for vector mode V64QI would be the same\n"
	"triad.c:16:15: note: vectorized 1 loops in function.\n"
	"triad.c:24:21: missed: couldn't vectorize loop\n"
	"triad.c:24:21: missed: not vectorized: control flow in loop.\n"
	"triad.c:25:24: optimized:  loop versioned for vectorization because of possible aliasing\n"
	"triad.c:25:24: optimized: loop vectorized using 32 byte vectors\n"
	"triad.c:25:24: optimized: loop vectorized using 64 byte vectors\n"
	"triad.c:28:3: missed: statement clobbers memory: __asm__ __volatile__(\"\" :  : \"r\" a_18 : \"memory\");\n"
	"triad.c:33:12: note: vectorized 0 loops in function.\n"
	"triad.c:39:6: missed: statement clobbers memory: _7 = kernel_expect (result_29(D), _6, 0.0, \"triad result\", why_30(D), whylen_31(D));\n"
	"triad.c:42:25: missed: statement clobbers memory: iftmp.1_34 = kernel_spot_index (j_15, _8);\n"
	"triad.c:42:49: missed: couldn't vectorize loop\n"
	"triad.c:42:49: missed: not vectorized: control flow in loop.\n"
	"triad.c:45:4: missed: statement clobbers memory: snprintf (why_30(D), whylen_31(D), \"triad a[%zu] = %.17g, want %.17g\", iftmp.1_93, _94, want_92);\n"
	"triad.c:45:4: note: ***** Analysis failed with vector mode V8DI\n"
	"triad.c:45:4: note: ***** Skipping vector mode V64QI, which would repeat the analysis for V8DI\n";

static const char clang_triad[] =
	"triad.c:24:2: remark: loop not vectorized [-Rpass-missed=loop-vectorize]\n"
	"triad.c:24:2: remark: loop not vectorized: instruction cannot be vectorized [-Rpass-analysis=loop-vectorize]\n"
	"triad.c:25:3: remark: vectorized loop (vectorization width: 8, interleaved count: 4) [-Rpass=loop-vectorize]\n"
	"triad.c:28:3: remark: loop not vectorized: call instruction cannot be vectorized [-Rpass-analysis=loop-vectorize]\n"
	"triad.c:41:2: remark: loop not vectorized [-Rpass-missed=loop-vectorize]\n"
	"triad.c:41:2: remark: loop not vectorized: could not determine number of loop iterations [-Rpass-analysis=loop-vectorize]\n"
	"triad.c:41:2: remark: loop not vectorized: value that could not be identified as reduction is used outside the loop [-Rpass-analysis=loop-vectorize]\n";

static const char gcc_dot_split[] =
	"dot_split.c:17:15: note: 	stmt 0 s[1] = _1028;\n"
	"dot_split.c:17:15: note: 	{ _1000, _999 }\n"
	"dot_split.c:17:15: note: node 0x386f6328 (max_nunits=8, refcnt=1) vector(8) double\n"
	"dot_split.c:17:15: optimized: basic block part vectorized using 64 byte vectors\n"
	"dot_split.c:25:21: missed: couldn't vectorize loop\n"
	"dot_split.c:25:21: missed: not vectorized: loop nest containing two or more consecutive inner loops cannot be vectorized\n"
	"dot_split.c:27:24: optimized: loop vectorized using 64 byte vectors\n"
	"dot_split.c:34:27: optimized: loop vectorized using 32 byte vectors\n"
	"dot_split.c:34:27: optimized: loop vectorized using 64 byte vectors\n"
	"dot_split.c:41:21: optimized: loop vectorized using 32 byte vectors\n"
	"dot_split.c:41:21: optimized: loop vectorized using 64 byte vectors\n"
	"dot_split.c:45:3: missed: statement clobbers memory: __asm__ __volatile__(\"\" :  : \"r\" b_37, \"r\" c_38 : \"memory\");\n";

static const char clang_dot_split[] =
	"dot_split.c:25:2: remark: loop not vectorized [-Rpass-missed=loop-vectorize]\n"
	"dot_split.c:25:2: remark: loop not vectorized: instruction cannot be vectorized [-Rpass-analysis=loop-vectorize]\n"
	"dot_split.c:27:3: remark: loop not vectorized [-Rpass-missed=loop-vectorize]\n"
	"dot_split.c:30:10: remark: loop not vectorized: cannot prove it is safe to reorder floating-point operations; allow reordering by specifying '#pragma clang loop vectorize(enable)' before the loop or by providing the compiler option '-ffast-math'. [-Rpass-analysis=loop-vectorize]\n"
	"dot_split.c:34:3: remark: loop not vectorized [-Rpass-missed=loop-vectorize]\n"
	"dot_split.c:35:9: remark: loop not vectorized: cannot prove it is safe to reorder floating-point operations; allow reordering by specifying '#pragma clang loop vectorize(enable)' before the loop or by providing the compiler option '-ffast-math'. [-Rpass-analysis=loop-vectorize]\n"
	"dot_split.c:45:3: remark: loop not vectorized: call instruction cannot be vectorized [-Rpass-analysis=loop-vectorize]\n";

static const char clang_hs512[] =
	"horner_simd_avx512.c:18:\n"
	"horner_simd_avx512.c:39:2: remark: loop not vectorized [-Rpass-missed=loop-vectorize]\n"
	"horner_simd_avx512.c:39:2: remark: loop not vectorized: could not determine number of loop iterations [-Rpass-analysis=loop-vectorize]\n"
	"horner_simd_avx512.c:43:9: remark: loop not vectorized: instruction return type cannot be vectorized [-Rpass-analysis=loop-vectorize]\n"
	"horner_simd_avx512.c:47:3: remark: loop not vectorized [-Rpass-missed=loop-vectorize]\n"
	"horner_simd_avx512.c:47:3: remark: loop not vectorized: loop control flow is not understood by vectorizer [-Rpass-analysis=loop-vectorize]\n"
	"horner_simd_avx512.c:56:2: remark: loop not vectorized [-Rpass-missed=loop-vectorize]\n"
	"horner_simd_avx512.c:56:2: remark: loop not vectorized: could not determine number of loop iterations [-Rpass-analysis=loop-vectorize]\n"
	"horner_simd_avx512.c:59:15: remark: loop not vectorized: instruction return type cannot be vectorized [-Rpass-analysis=loop-vectorize]\n"
	"horner_simd_avx512.c:61:3: remark: loop not vectorized [-Rpass-missed=loop-vectorize]\n"
	"horner_simd_avx512.c:61:3: remark: loop not vectorized: loop control flow is not understood by vectorizer [-Rpass-analysis=loop-vectorize]\n"
	"horner_simd_avx512.c:81:2: remark: loop not vectorized [-Rpass-missed=loop-vectorize]\n"
	"horner_simd_avx512.c:81:2: remark: loop not vectorized: instruction cannot be vectorized [-Rpass-analysis=loop-vectorize]\n"
	"horner_simd_avx512.c:84:4: remark: loop not vectorized: call instruction cannot be vectorized [-Rpass-analysis=loop-vectorize]\n"
	"horner_simd_avx512.c:88:3: remark: loop not vectorized: call instruction cannot be vectorized [-Rpass-analysis=loop-vectorize]\n";

static const char gcc_fma512[] =
	"fma_avx512.c:14:1: missed: couldn't vectorize loop\n"
	"fma_avx512.c:14:1: missed: not vectorized: volatile type: seed_13 ={v} fma_chain_seed;\n"
	"fma_avx512.c:14:1: missed: not vectorized: volatile type: seed_16 ={v} fma_chain_seed;\n"
	"fma_avx512.c:14:1: note: ***** Analysis failed with vector mode VOID\n"
	"fma_avx512.c:14:1: note: vectorized 0 loops in function.\n"
	"fma_avx512.c:16:15: note: vectorized 0 loops in function.\n"
	"fma_avx512.c:20:21: missed: couldn't vectorize loop\n"
	"fma_avx512.c:20:21: missed: not vectorized: control flow in loop.\n"
	"fma_avx512.c:23:4: missed: statement clobbers memory: _101 = fma_avx512_3 (iters_9);\n"
	"fma_avx512.c:23:4: missed: statement clobbers memory: _104 = fma_avx512_2 (iters_9);\n"
	"fma_avx512.c:23:4: missed: statement clobbers memory: _107 = fma_avx512_1 (iters_9);\n"
	"fma_avx512.c:23:4: missed: statement clobbers memory: _14 = fma_avx512_32 (iters_9);\n";

/* clang's dot.c remarks in the order clang printed them, before sorting. */
static const char clang_dot_unsorted[] =
	"kernels/dot.c:23:6: remark: loop not vectorized: cannot prove it is safe to reorder floating-point operations; allow reordering by specifying '#pragma clang loop vectorize(enable)' before the loop or by providing the compiler option '-ffast-math'. [-Rpass-analysis=loop-vectorize]\n"
	"                        s += b[i] * c[i];\n"
	"                          ^\n"
	"kernels/dot.c:22:3: remark: loop not vectorized [-Rpass-missed=loop-vectorize]\n"
	"kernels/dot.c:26:3: remark: loop not vectorized: call instruction cannot be vectorized [-Rpass-analysis=loop-vectorize]\n"
	"kernels/dot.c:20:2: remark: loop not vectorized: instruction cannot be vectorized [-Rpass-analysis=loop-vectorize]\n"
	"kernels/dot.c:20:2: remark: loop not vectorized [-Rpass-missed=loop-vectorize]\n";

/* clang -Rpass=slp-vectorizer on dot_split.c: reported at the function, not the loop. */
static const char clang_slp_line[] =
	"dot_split.c:17:15: remark: SLP vectorized with cost -40 and with tree size 5 [-Rpass=slp-vectorizer]\n";

static void expect_verdict(const char *text, const char *compiler, const char *want)
{
	char got[200];
	vecinfo_verdict(text, compiler, got, sizeof got);
	assert_string_equal(got, want);
}

static void expect_member(const char *text, const char *compiler, size_t index,
			  const char *want)
{
	char got[200];
	vecinfo_member_verdict(text, compiler, index, got, sizeof got);
	assert_string_equal(got, want);
}

/* dot.c: gcc calls the in-order reduction vectorised, clang refuses to reorder. */
static void test_dot(void **state)
{
	struct vecinfo_loop loops[4];
	(void)state;
	expect_verdict(gcc_dot, "gcc", "vectorised, width 8, interleave 1");
	assert_int_equal(vecinfo_loops(gcc_dot, "gcc", loops, 4), 2);
	assert_int_equal(loops[0].line, 20);
	assert_int_equal(loops[0].col, 21);
	assert_false(loops[0].vectorised);
	assert_string_equal(loops[0].reason, "control flow in loop");
	assert_int_equal(loops[1].line, 22);
	assert_true(loops[1].vectorised);
	assert_int_equal(loops[1].width, 8);        /* the 64-byte main loop, not the 32-byte epilogue */

	expect_verdict(clang_dot, "clang",
		       "not vectorised: cannot prove it is safe to reorder floating-point operations");
	expect_verdict(clang_dot_unsorted, "clang",
		       "not vectorised: cannot prove it is safe to reorder floating-point operations");
	assert_int_equal(vecinfo_loops(clang_dot, "clang", loops, 4), 2);
	assert_string_equal(loops[0].reason, "instruction cannot be vectorized");
	assert_int_equal(loops[1].line, 22);
	assert_string_equal(loops[1].reason,
			    "cannot prove it is safe to reorder floating-point operations");
}

/* horner.c: one loop per degree, at the line of its HORNER_DEFINE. */
static void test_horner_per_degree(void **state)
{
	const char *clang_want[] = {
		"vectorised, width 8, interleave 4",    /* D = 1 */
		"vectorised, width 8, interleave 4",    /* 2 */
		"vectorised, width 8, interleave 4",    /* 4 */
		"vectorised, width 8, interleave 4",    /* 8 */
		"vectorised, width 8, interleave 1",    /* 16: the article's finding */
		"vectorised, width 8, interleave 1",    /* 32 */
		"vectorised, width 8, interleave 1",    /* 64 */
		"vectorised, width 8, interleave 1",    /* 128 */
		"not vectorised: instruction cannot be vectorized",   /* the repetition loop */
		"no loop remarks",
	};
	(void)state;
	for (size_t d = 0; d < sizeof clang_want / sizeof clang_want[0]; d++)
		expect_member(clang_horner, "clang", d, clang_want[d]);
	for (size_t d = 0; d < 8; d++)
		expect_member(gcc_horner, "gcc", d, "vectorised, width 8, interleave 1");
	expect_member(gcc_horner, "gcc", 8, "not vectorised: control flow in loop");
	assert_int_equal(vecinfo_loops(gcc_horner, "gcc", NULL, 0), 9);

	expect_verdict(clang_horner, "clang", "vectorised, width 8, interleave 4");
	expect_verdict(gcc_horner, "gcc", "vectorised, width 8, interleave 1");
}

static void test_triad(void **state)
{
	struct vecinfo_loop loops[4];
	(void)state;
	expect_verdict(gcc_triad, "gcc", "vectorised, width 8, interleave 1");
	expect_verdict(clang_triad, "clang", "vectorised, width 8, interleave 4");
	/* The check's loop: two reasons at one location, the first (sorted) is kept. */
	assert_int_equal(vecinfo_loops(clang_triad, "clang", loops, 4), 3);
	assert_int_equal(loops[2].line, 41);
	assert_string_equal(loops[2].reason, "could not determine number of loop iterations");
}

/* dot_split.c: clang's loop vectoriser refuses; its SLP vectoriser does the work. */
static void test_dot_split(void **state)
{
	char both[4096];
	(void)state;
	expect_verdict(gcc_dot_split, "gcc", "vectorised, width 8, interleave 1");
	assert_int_equal(vecinfo_loops(gcc_dot_split, "gcc", NULL, 0), 4);
	expect_verdict(clang_dot_split, "clang",
		       "not vectorised: cannot prove it is safe to reorder floating-point operations");
	assert_true(strlen(clang_dot_split) + strlen(clang_slp_line) < sizeof both);
	strcpy(both, clang_dot_split);
	strcat(both, clang_slp_line);
	expect_verdict(both, "clang",
		       "not vectorised: cannot prove it is safe to reorder floating-point operations; "
		       "SLP-vectorised code elsewhere in the file");
}

/* Intrinsics files: the compiler sees loops of vector code it cannot widen. */
static void test_intrinsics_files(void **state)
{
	(void)state;
	expect_verdict(clang_hs512, "clang",
		       "not vectorised: could not determine number of loop iterations");
	expect_verdict(gcc_fma512, "gcc", "not vectorised: volatile type");
	expect_verdict("", "gcc", "no loop remarks");
	expect_verdict(NULL, "clang", "no loop remarks");
	/* What clang keeps of a file with no loops: an include trace. */
	expect_verdict("horner_simd_neon.c:21:\n", "clang", "no loop remarks");
	expect_verdict("triad.c:16:15: note: vectorized 0 loops in function.\n", "gcc",
		       "no loop remarks");
}

/* Formats of other versions: gcc 13+ unroll factor, gcc 16 epilogues, clang's other shapes. */
static void test_other_formats(void **state)
{
	struct vecinfo_loop loops[2];
	(void)state;
	expect_verdict("f.c:3:23: optimized: loop vectorized using 64 byte vectors and unroll factor 8\n",
		       "gcc", "vectorised, width 8, interleave 1");
	/* Doubles assumed: 16 per iteration in 32-byte vectors is 4 wide, 4 copies. */
	expect_verdict("f.c:3:23: optimized: loop vectorized using 32 byte vectors and unroll factor 16\n",
		       "gcc", "vectorised, width 4, interleave 4");
	expect_verdict("f.c:3:23: optimized: loop vectorized using 64 byte vectors and unroll factor 8\n"
		       "f.c:3:23: optimized: epilogue loop vectorized using masked 64 byte vectors and unroll factor 8\n",
		       "gcc", "vectorised, width 8, interleave 1");
	assert_int_equal(vecinfo_loops("f.c:3:23: optimized: epilogue loop vectorized using 16 byte vectors and unroll factor 1\n",
				       "gcc", loops, 2), 0);
	expect_verdict("f.c:5:3: remark: vectorized loop (vectorization width: vscale x 2, interleaved count: 2) [-Rpass=loop-vectorize]\n",
		       "clang", "vectorised, width vscale x 2, interleave 2");
	expect_verdict("f.c:5:3: remark: interleaved loop (interleaved count: 2) [-Rpass=loop-vectorize]\n",
		       "clang", "not vectorised: interleaved only, interleave 2");
	/* Advice after the first clause is dropped. */
	expect_verdict("dot_split.c:27:3: remark: loop not vectorized [-Rpass-missed=loop-vectorize]\n"
		       "dot_split.c:27:3: remark: loop not vectorized: unsafe dependent memory operations in loop. Use #pragma loop distribute(enable) to allow loop distribution to attempt to isolate the offending operations into a separate loop [-Rpass-analysis=loop-vectorize]\n",
		       "clang", "not vectorised: unsafe dependent memory operations in loop");
	expect_verdict("dot_split.c:37:4: remark: the cost-model indicates that vectorization is not beneficial [-Rpass-missed=loop-vectorize]\n",
		       "clang", "not vectorised: the cost model says it does not pay");
	/* A loop with nothing but "loop not vectorized" (clang -fno-vectorize). */
	expect_verdict("fma_scalar.c:27:2: remark: loop not vectorized [-Rpass-missed=loop-vectorize]\n",
		       "clang", "not vectorised: no reason given");
	/* The dialect follows the compiler name: gcc's lines mean nothing to the clang parser. */
	expect_verdict(gcc_dot, "clang", "no loop remarks");
	expect_verdict(clang_dot, "gcc", "no loop remarks");
	expect_verdict(gcc_dot, "cc", "vectorised, width 8, interleave 1");
}

/* A long reason is cut to fit; a short buffer still gets a terminated string. */
static void test_truncation(void **state)
{
	char tiny[12];
	struct vecinfo_loop one;
	(void)state;
	vecinfo_verdict(clang_dot, "clang", tiny, sizeof tiny);
	assert_string_equal(tiny, "not vectori");
	/* max 0 counts without writing. */
	assert_int_equal(vecinfo_loops(clang_horner, "clang", NULL, 0), 9);
	assert_int_equal(vecinfo_loops(clang_horner, "clang", &one, 1), 9);
	assert_int_equal(one.line, 44);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_dot),
		cmocka_unit_test(test_horner_per_degree),
		cmocka_unit_test(test_triad),
		cmocka_unit_test(test_dot_split),
		cmocka_unit_test(test_intrinsics_files),
		cmocka_unit_test(test_other_formats),
		cmocka_unit_test(test_truncation),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
