/*
 * gemm_blas.c - C += A*B by OpenBLAS's cblas_dgemm, the practical ceiling the
 * Chinese guide recommends measuring: what a tuned library reaches on this
 * core. Layout and check in gemm.h (the leading dimensions are passed as is).
 *
 * Built only when the build finds OpenBLAS (ROOFLINE_HAVE_OPENBLAS, set by
 * the Makefile from pkg-config `openblas` or -lopenblas); otherwise run is
 * NULL and the run says it skipped it. The library is not linked: it is
 * loaded (dlopen) the first time this kernel is prepared or describes
 * itself, with OPENBLAS_NUM_THREADS=1 set before it loads, so its thread
 * pool never starts: fit, plot, report and compare never carry it, and a
 * measure under an address-space limit has no worker whose allocation fails
 * forever (OpenBLAS's pool started in every command, and exit waited on it).
 * OpenBLAS is held to one thread a
 * call (in the all-core pass each of the harness's pinned threads makes its
 * own call, as with every kernel), and
 * OpenBLAS picks its kernel by CPU, or by OPENBLAS_CORETYPE: env.csv records
 * the core it chose, its config and that variable, so the point is judged
 * against the ceiling of the instruction set its kernel uses.
 *
 * Per call: 2n^3 flops; placed at the ideal 32n^2 bytes; its own blocking is
 * not ours to count, so the loop's traffic is declared as the ideal too.
 */
#include "gemm.h"

#include <stdlib.h>
#include <string.h>

#ifdef ROOFLINE_HAVE_OPENBLAS
#include <cblas.h>
#include <dlfcn.h>
#include <stdio.h>

/* OpenBLAS's own extensions (cblas.h declares them in OpenBLAS's copy). */
extern void openblas_set_num_threads(int num_threads);
extern char *openblas_get_corename(void);
extern char *openblas_get_config(void);

/* The library's functions, found once by blas_load. */
static struct {
	__typeof__(cblas_dgemm) *dgemm;
	__typeof__(openblas_set_num_threads) *set_num_threads;
	__typeof__(openblas_get_corename) *corename;
	__typeof__(openblas_get_config) *config;
} blas;

/*
 * Loads OpenBLAS the first time it is needed. The build found it, so its
 * absence now is a broken install: said in one line, exit 1 (a run cannot
 * go on without a kernel it planned).
 */
static void blas_load(void)
{
	if (blas.dgemm)
		return;
	/* Read by OpenBLAS's constructor: no worker threads at all (the harness calls it from one). */
	setenv("OPENBLAS_NUM_THREADS", "1", 1);
	static const char *const names[] = { "libopenblas.so.0", "libopenblas.so" };
	void *lib = NULL;
	for (size_t i = 0; i < sizeof names / sizeof names[0] && !lib; i++)
		lib = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
	if (lib) {
		*(void **)&blas.set_num_threads = dlsym(lib, "openblas_set_num_threads");
		*(void **)&blas.corename = dlsym(lib, "openblas_get_corename");
		*(void **)&blas.config = dlsym(lib, "openblas_get_config");
		*(void **)&blas.dgemm = dlsym(lib, "cblas_dgemm");
	}
	if (!blas.dgemm || !blas.set_num_threads || !blas.corename || !blas.config) {
		fprintf(stderr, "roofline: gemm_blas: cannot load OpenBLAS (libopenblas.so.0): %s\n",
			lib ? "a function is missing from it" : dlerror());
		exit(1);
	}
}

static double gemm_blas_run(const struct kernel_buffers *buf, long reps, int param)
{
	const int n = param;
	for (long r = 0; r < reps; r++) {
		blas.dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0, buf->b,
			   n + GEMM_LDA_PAD, buf->c, n + GEMM_LDB_PAD, 1.0, buf->a, n);
		__asm__ __volatile__("" : : "r"(buf->a) : "memory");
	}
	return buf->a[(size_t)n * (size_t)n - 1];
}

static void gemm_blas_prepare(const struct kernel_buffers *buf, int param)
{
	blas_load();
	blas.set_num_threads(1);
	gemm_prepare(buf, param);
}

/*
 * The instruction set of OpenBLAS's double-precision GEMM kernel for each
 * x86-64 core name it reports (OpenBLAS's kernel/x86_64/KERNEL.<core>): the
 * ceiling its point is judged against. A core not listed says "unknown".
 */
static const char *core_isa(const char *core)
{
	static const struct { const char *core, *isa; } table[] = {
		{ "SkylakeX", "avx512" }, { "Cooperlake", "avx512" }, { "SapphireRapids", "avx512" },
		{ "Haswell", "avx2" }, { "Zen", "avx2" }, { "SkylakeX-avx2", "avx2" },
		{ "Sandybridge", "sse2" }, { "Nehalem", "sse2" }, { "Core2", "sse2" },
		{ "Penryn", "sse2" }, { "Prescott", "sse2" }, { "Barcelona", "sse2" },
		{ "Bulldozer", "sse2" }, { "Piledriver", "sse2" }, { "Steamroller", "sse2" },
		{ "Excavator", "sse2" }, { "Atom", "sse2" }, { "Katmai", "sse2" },
		{ "NeoverseN1", "neon" }, { "NeoverseV1", "neon" }, { "ARMV8", "neon" },
		{ "CortexA57", "neon" }, { "CortexA72", "neon" }, { "ThunderX2T99", "neon" },
	};
	for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
		if (strcasecmp(core, table[i].core) == 0)
			return table[i].isa;
	return "unknown";
}

static void gemm_blas_about(kernel_env_fn emit, void *ctx)
{
	blas_load();
	const char *core = blas.corename(), *env = getenv("OPENBLAS_CORETYPE");
	emit(ctx, "blas_library", "OpenBLAS");
	emit(ctx, "blas_config", blas.config());
	emit(ctx, "blas_core", core);
	emit(ctx, "blas_isa", core_isa(core));
	emit(ctx, "blas_threads", "1");
	emit(ctx, "openblas_coretype", env && *env ? env : "unset");
}
#define GEMM_BLAS_RUN gemm_blas_run
#define GEMM_BLAS_PREPARE gemm_blas_prepare
#define GEMM_BLAS_ABOUT gemm_blas_about
#define GEMM_BLAS_CHECK gemm_check
#else
#define GEMM_BLAS_RUN NULL
#define GEMM_BLAS_PREPARE NULL
#define GEMM_BLAS_ABOUT NULL
#define GEMM_BLAS_CHECK NULL
#endif

static void gemm_blas_shape(int param, size_t offered, double tile_bytes, struct kernel_shape *s)
{
	(void)offered, (void)tile_bytes;
	gemm_shape_common(param, s);
}

const struct kernel kernel_gemm_blas = {
	.name = "gemm_blas",
	.computes = "C += A*B by OpenBLAS cblas_dgemm, one thread",
	GEMM_FIELDS,
	.run = GEMM_BLAS_RUN,
	.check = GEMM_BLAS_CHECK,
	.shape = gemm_blas_shape,
	.prepare = GEMM_BLAS_PREPARE,
	.about = GEMM_BLAS_ABOUT,
	.library = "OpenBLAS",
	.missing = "needs OpenBLAS, and this build has none (install libopenblas-dev and rebuild)",
};
