/*
 * kernel.h - the description every kernel file in kernels/ ends with.
 *
 * The registry (src/registry.c) builds one const table from these structs by
 * including kernels/kernels.def twice; measuring, fitting, plotting and the
 * report all read flops and bytes from here, never from a second copy.
 *
 * Counting convention (STREAM): bytes are the bytes a kernel must move between
 * the core and the memory level under study, no write-allocate traffic. A
 * triad element is 24 bytes. 1 GB = 1e9 bytes, 1 GFLOP = 1e9 flops.
 */
#ifndef ROOFLINE_KERNEL_H
#define ROOFLINE_KERNEL_H

#include <stddef.h>
#include <stdio.h>

/* Instruction sets a kernel may need; checked at run time (src/cpu.c). */
enum isa {
	ISA_NONE = 0,   /* plain C, built with KERNEL_CFLAGS: the compiler decides */
	ISA_SCALAR,     /* scalar FMA (fma instruction on x86-64, fmadd on aarch64) */
	ISA_SSE2,       /* 128-bit vectors (x86-64; FMA3 encoding on xmm registers) */
	ISA_AVX2,       /* 256-bit vectors with FMA3 */
	ISA_AVX512,     /* 512-bit vectors (AVX-512F) */
	ISA_NEON,       /* 128-bit Advanced SIMD (aarch64) */
	ISA_COUNT
};

/*
 * A kernel's role: what the harness and the analysis do with its timings.
 * Decided here, never from the kernel's name.
 */
enum kernel_kind {
	KERNEL_PEAK,      /* sets a ceiling: K independent FMA chains in registers, no memory traffic */
	KERNEL_STREAM,    /* is placed: walks arrays of doubles, a point under the roofs */
	KERNEL_BANDWIDTH, /* sets a roof: a hand-written stream timed by the bandwidth group
			   * (the sweep and the access-pattern roofs); never placed */
};

/* How a kernel's stores reach memory. */
enum kernel_stores {
	STORES_ALLOCATE = 0, /* ordinary stores: a write-allocate cache reads each line first */
	STORES_STREAMING,    /* non-temporal stores: no write-allocate traffic */
	STORES_IN_PLACE,     /* stores to the lines it has just read (y = a*x + y): no
			      * write-allocate traffic either */
};

/*
 * The buffers a kernel works on. The harness allocates them once, touches
 * every page before any timing, and hands each kernel a prefix of n doubles
 * of each array. Each array is 64-byte aligned; a starts on a 2 MiB boundary,
 * while b and c start 1 KiB + 64 and 2 KiB + 128 bytes past theirs
 * (ARRAY_SKEW_DOUBLES in src/measure.c), so a[i], b[i] and c[i] never share
 * their low 12 address bits (4K aliasing).
 *
 * Every kernel reads the same inputs, filled once by kernel_fill_inputs():
 * b[i] = kernel_input_b(i) and c[i] = kernel_input_c(i), dyadic values chosen so
 * that sums of their products are exact in double precision in any order (a
 * dot product has an analytic value) and |b[i]| < 1 (a polynomial stays
 * bounded). Kernels write only to a; so round-robin jobs can share buffers.
 */
struct kernel_buffers {
	double *a;      /* output (triad, horner) */
	double *b;      /* first input */
	double *c;      /* second input */
	size_t n;       /* elements per array in use */
	/*
	 * The cache a tiled kernel blocks for, in bytes: the middle of the
	 * pre-scan's second (L2) plateau, measured rather than reported; 0 when
	 * the curve showed no such plateau (the kernel then uses its default and
	 * its shape says so).
	 */
	double tile_bytes;
};

/*
 * What one call (reps = 1) of a member does, for kernels whose work is not a
 * fixed amount per element of a stream: a matrix product of order n, a
 * stencil sweeping a grid. Replaces the per-element formula of struct kernel.
 */
struct kernel_shape {
	size_t n;            /* elements per array it uses (run and check see buf->n = n); 0: cannot run */
	double flops;        /* flops of one call */
	/*
	 * Bytes one call must move, where the point is placed: the articles'
	 * convention, each array crossing the memory bus once (GEMM: 32n^2, read
	 * A, B, C, write C; the ideal a perfect cache would give).
	 */
	double bytes;
	/*
	 * Bytes the loop as written moves when nothing is reused beyond what it
	 * keeps in registers or in its tiles (GEMM i-j-k: two loads per
	 * multiply-add, 16n^3); the report prints both intensities.
	 */
	double loop_bytes;
	double working_set;  /* bytes its arrays span */
	int tile;            /* the block size it uses; 0: none */
	char why[160];       /* how n or the tile were chosen (env.csv); "" when nothing to say */
};

/* Fills s for member `param`, offered n elements per array (the level's working set). */
typedef void (*kernel_shape_fn)(int param, size_t n, double tile_bytes, struct kernel_shape *s);

/*
 * Sets the buffers to the state a timing starts from, untimed: y = y0 for a
 * daxpy, C = 0 for a matrix product; run then does its reps from there and
 * check knows exactly what they must give.
 */
typedef void (*kernel_prepare_fn)(const struct kernel_buffers *buf, int param);

/* Receives one key,value row for env.csv (see kernel.about). */
typedef void (*kernel_env_fn)(void *ctx, const char *key, const char *value);

/*
 * run: does the work `reps` times over n elements (for KERNEL_PEAK, n is the
 * number of loop iterations and the buffers are unused). Returns a value that
 * depends on all the work (a checksum or the accumulators' sum), so the
 * compiler cannot delete it. `param` is the family member (chains K, degree D)
 * or 0.
 */
typedef double (*kernel_run_fn)(const struct kernel_buffers *buf, long reps, int param);

/*
 * check: returns 0 when `result` (what run returned) and the buffers hold what
 * `reps` runs must produce, to a relative epsilon; otherwise writes one line
 * saying what is wrong into why[whylen] and returns -1. With full != 0 every
 * element is checked (the harness does this once per job); otherwise a spread
 * of KERNEL_SPOT_CHECKS elements, cheap enough to follow every timing.
 */
typedef int (*kernel_check_fn)(const struct kernel_buffers *buf, long reps, int param,
			       double result, int full, char *why, size_t whylen);

/* What a family's stages change from one kernel to the next (struct kernel.stage). */
enum kernel_stage_by { KSTAGE_NONE = 0, KSTAGE_TILING };

struct kernel {
	const char *name;        /* as in timings.csv: "triad", "fma_avx512", "horner" */
	const char *family;      /* groups points in plots: "fma", "horner", "dot" ... */
	const char *computes;    /* the formula, for --list and the report */
	enum kernel_kind kind;
	enum isa isa;            /* needed at run time; ISA_NONE runs everywhere */
	/*
	 * Work per element (per loop iteration for KERNEL_PEAK) is linear in the
	 * family parameter: flops = flops_fixed + flops_per_param * param, and
	 * likewise bytes. Triad: 2 + 0*p flops, 24 bytes. Horner: 2*D flops, 16 bytes.
	 */
	double flops_fixed, flops_per_param;
	double bytes_fixed, bytes_per_param;
	int arrays;              /* arrays of n doubles it touches (working set = arrays*8*n) */
	/*
	 * Its streams per element: arrays read and arrays written (a triad reads
	 * b and c and writes a: 2 and 1). They name its access pattern ("2r1w"),
	 * the bandwidth roof a point is judged against. 0 and 0 for KERNEL_PEAK.
	 */
	int reads, writes;
	enum kernel_stores stores;
	/*
	 * 1 when every flop it counts is half of a fused multiply-add (flops =
	 * 2 x FMAs: dot, triad, horner, the FMA chains). Such a kernel can reach
	 * only the FMA-only ceiling (`fma`), not a peak that FMA and add pipes
	 * reach together (the fma_add_* and fma_mix*_* mixes).
	 */
	int flops_all_fma;
	/*
	 * The FMA+add mixes (KERNEL_PEAK, flops_all_fma 0) only: the FMA chains
	 * and add chains a unit of param keeps (2 and 1 for a 2:1 mix of G
	 * groups: 2G FMA chains beside G add chains). The fit reads the ratio
	 * from here, never from the name. 0 for every other kernel.
	 */
	int mix_fmas, mix_adds;
	/*
	 * The steps each chain of a mix takes an iteration (0: one): its FMA
	 * and add instructions an iteration are mix_fmas and mix_adds a unit
	 * of param, its chains those over their steps. A chain of s steps
	 * holds an iteration for s latencies (machine_peak_rate); the deep
	 * mixes (fma_deep.h) take several so that 16 registers keep every pipe
	 * busy.
	 */
	int mix_fma_steps, mix_add_steps;
	/*
	 * KERNEL_BANDWIDTH only: the independent FMAs a paced stream runs on
	 * each element beside moving it (k = 1, 2, 4, 8; 0: a plain stream). A
	 * paced kernel is one more way of running its pattern (its reads,
	 * writes and stores), so its rate counts for that pattern's roof like a
	 * plain kernel's: a core may stream faster with a few FMAs an element
	 * than with none (compiled Horner D=2..8 outran every plain copy on a
	 * Zen 4 VM by 13-35%). Its flops are in flops_fixed (2 per FMA).
	 */
	int pace;
	/*
	 * KERNEL_BANDWIDTH only: 1 for a one-vector loop, the twin of the
	 * kernel of the same streams, stores and pace whose inner loop handles
	 * several vectors an iteration (0). Neither shape is the faster on
	 * every core: on a Zen 3 VM the one-vector triad and update ran 16-24 %
	 * faster in L1 than four vectors an iteration, the copy 7-12 % slower,
	 * and a core with a narrower front end pays more for the loop counter
	 * of every vector. A pattern's roof is the better of the two, each
	 * timed where the pattern is (bw_stream.h; plan.c plan_twins).
	 */
	int one_vector;
	/*
	 * KERNEL_PEAK only: the most loop iterations one call may run and still
	 * be checked (0: no limit). The FMA chains converge to a fixed point, so
	 * past some length the result no longer says how much work was done;
	 * the harness then grows reps instead of iterations.
	 */
	long max_n;
	/*
	 * Kernels of one family that are one code at successive stages of one
	 * change (the stencil, then the same stencil tiled in time): what
	 * changes (KSTAGE_TILING), this kernel's stage in order (1, 2, ...) and
	 * its word for the figure ("untiled", "tiled"). The figures join a
	 * family's stages as one trajectory, in stage order, labelled once
	 * ("stencil untiled→tiled"). KSTAGE_NONE (0) for a kernel that is no stage.
	 */
	enum kernel_stage_by stage_by;
	int stage;
	const char *stage_name;
	/* The family parameter's letter and meaning ('K', "chains"; 'D', "degree"); 0 and NULL when none. */
	char param_letter;
	const char *param_meaning;
	const int *params;       /* family members, ascending; NULL means the single param 0 */
	int nparams;
	kernel_run_fn run;       /* NULL: not built here (see missing) */
	kernel_check_fn check;
	/* Optional; NULL for a stream whose work is the per-element formula above. */
	kernel_shape_fn shape;
	kernel_prepare_fn prepare;
	/*
	 * A kernel that calls a library says which build and code path it takes
	 * (OpenBLAS's core and config): rows for env.csv. NULL: nothing to say.
	 */
	void (*about)(kernel_env_fn emit, void *ctx);
	/*
	 * The library it calls ("OpenBLAS"), set whether or not this build has
	 * it: reading a stored run must judge the kernel the same way in a build
	 * without the library (about and run are NULL there).
	 */
	const char *library;
	/* What run needs that a build may lack, for the "skipped" line when run is NULL. */
	const char *missing;
};

/* Flops and bytes for one element (iteration) of member `param`. */
static inline double kernel_flops_per_elem(const struct kernel *k, int param)
{
	return k->flops_fixed + k->flops_per_param * param;
}

static inline double kernel_bytes_per_elem(const struct kernel *k, int param)
{
	return k->bytes_fixed + k->bytes_per_param * param;
}

/*
 * A peak kernel's FMA and add instructions for one element of member
 * `param`, per SIMD lane (`lanes`): an FMA-only kernel's flops are all
 * FMAs (2 flops each); a mix splits its flops by its declared ratio
 * (mix_fmas:mix_adds, 2 flops an FMA and 1 an add), a mix of no stated
 * ratio 1:1 as the first mixes were. For a model of the machine (measure
 * --simulate, its contract), never for the fit, which times them.
 */
static inline void kernel_peak_ops(const struct kernel *k, int param, int lanes, double *fmas, double *adds)
{
	double per_lane = kernel_flops_per_elem(k, param) / (lanes > 0 ? lanes : 1);
	double f = k->mix_fmas, a = k->mix_adds;
	if (k->flops_all_fma) {
		f = 1;
		a = 0;
	} else if (f <= 0 && a <= 0) {
		f = a = 1;
	}
	*fmas = per_lane * f / (2 * f + a);
	*adds = per_lane * a / (2 * f + a);
}

/* The steps a chain of a peak kernel takes an iteration, FMA and add (one unless the kernel says). */
static inline void kernel_peak_steps(const struct kernel *k, double *fma_steps, double *add_steps)
{
	*fma_steps = k->mix_fma_steps > 0 ? k->mix_fma_steps : 1;
	*add_steps = k->mix_add_steps > 0 ? k->mix_add_steps : 1;
}

/*
 * An access pattern, typed: the streams of an element (arrays read, arrays
 * written) and how the stores reach memory. It names the bandwidth roof a
 * point is judged against (struct roof_key carries the same three fields);
 * a triad's is { 2, 1, STORES_ALLOCATE }. Compared with
 * access_pattern_equal, never as text: the text ("2r1w-nt") is written by
 * access_pattern_format only and read back by access_pattern_parse
 * (src/core/roofkey.h) only where a file is read.
 */
struct access_pattern {
	int reads, writes;
	enum kernel_stores stores;
};

/* The STREAM triad's pattern: two reads and one allocating write (the sweep's). */
#define ACCESS_PATTERN_TRIAD ((struct access_pattern){ .reads = 2, .writes = 1, .stores = STORES_ALLOCATE })

/* Kernel k's pattern, from its metadata; no streams (reads and writes 0) for a peak kernel. */
static inline struct access_pattern kernel_access_pattern(const struct kernel *k)
{
	return (struct access_pattern){ .reads = k->reads, .writes = k->writes, .stores = k->stores };
}

/* 1 when the pattern has no streams (a peak kernel's): no pattern roof judges it. */
static inline int access_pattern_is_none(struct access_pattern p)
{
	return p.reads <= 0 && p.writes <= 0;
}

/* 1 when a and b are the same pattern. */
static inline int access_pattern_equal(struct access_pattern a, struct access_pattern b)
{
	return a.reads == b.reads && a.writes == b.writes && a.stores == b.stores;
}

/*
 * Writes pattern p, "<reads>r<writes>w" (e.g. "2r1w"), with "-nt" appended
 * for streaming stores ("2r1w-nt") and "-ip" for stores in place ("2r1w-ip",
 * y = a*x + y): neither moves write-allocate traffic, but a machine may run
 * them at different rates (here daxpy in place outran the streaming-store
 * triad by 12-20% at DRAM), so each has its own roof; "" for none. The
 * pattern names the bandwidth roof a point is judged against (roofs.csv kind
 * `pattern`, name "<level>.<pattern>", e.g. "L2.1r1w"). The one formatter of
 * a pattern's text. Returns out.
 */
static inline const char *access_pattern_format(struct access_pattern p, char *out, size_t len)
{
	if (len == 0)
		return out;
	out[0] = 0;
	if (!access_pattern_is_none(p))
		(void)snprintf(out, len, "%dr%dw%s", p.reads, p.writes,
			       p.stores == STORES_STREAMING ? "-nt"
			       : p.stores == STORES_IN_PLACE ? "-ip" : "");
	return out;
}

/* Kernel k's pattern as text (access_pattern_format), for the files and sentences that name it. */
static inline void kernel_pattern(const struct kernel *k, char *out, size_t len)
{
	(void)access_pattern_format(kernel_access_pattern(k), out, len);
}

/* Helpers shared by kernel files (kernels/kernel_util.c). */

/* Relative difference |x-y| / max(|x|,|y|,tiny). */
double kernel_reldiff(double x, double y);

/*
 * Checks `got` against `want` to relative epsilon `eps`; on failure writes
 * "<what>: got G, want W (rel. error E > eps)" into why and returns -1.
 */
int kernel_expect(double got, double want, double eps, const char *what,
		  char *why, size_t whylen);

/*
 * Both inputs repeat every KERNEL_INPUT_PERIOD elements (b every 16, c every
 * 8): a check whose reference depends on one element's inputs only needs
 * that many reference values.
 */
#define KERNEL_INPUT_PERIOD 16

/* The shared inputs (see struct kernel_buffers): multiples of 1/16 in (-1, 1)... */
static inline double kernel_input_b(size_t i)
{
	return ((double)((i * 7) % 16) - 7.5) / 8.0;    /* -0.9375 .. 0.9375 */
}

/* ... and multiples of 1/4 in [0.25, 2]. */
static inline double kernel_input_c(size_t i)
{
	return (double)((i * 5) % 8 + 1) * 0.25;
}

/* Fills b[0..n) and c[0..n) with the shared inputs. */
void kernel_fill_inputs(const struct kernel_buffers *buf);
/* Fills b[from..n) and c[from..n): arrays grown in steps are filled once. */
void kernel_fill_inputs_from(const struct kernel_buffers *buf, size_t from);

/* Exact sum of b[i]*c[i] for i in [0, n), from the inputs' period of 16. */
double kernel_dot_reference(size_t n);

/* Indices to spot-check after every timing: 0, n-1 and a spread in between. */
#define KERNEL_SPOT_CHECKS 64
size_t kernel_spot_index(size_t j, size_t n);

#endif
