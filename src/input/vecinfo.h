/*
 * vecinfo.h - what the compiler's vectorisation remarks say about a kernel
 * file's loops, as one line a loop: "vectorised, width 8, interleave 4",
 * "not vectorised: <reason>" or, for a file with none, "no loop remarks".
 *
 * Input is the remark text src/remarks.h embeds for one kernel file: lines
 * "file.c:LINE:COL: KIND: MESSAGE", in any order (the embedding sorts them).
 * gcc (-fopt-info-vec-all) says "optimized: loop vectorized using 64 byte
 * vectors [and unroll factor U]" or "missed: couldn't vectorize loop" plus
 * "missed: not vectorized: <reason>" at the loop's location. clang
 * (-Rpass*=loop-vectorize) says "vectorized loop (vectorization width: W,
 * interleaved count: I)" or "loop not vectorized" at the loop, with the reason
 * in a "loop not vectorized: <reason>" analysis remark at the loop or at the
 * offending instruction inside it (the nearest such remark after the loop).
 *
 * Widths are in elements: gcc reports bytes, which we divide by 8, since every
 * kernel works on doubles. gcc's vectoriser does not interleave; its interleave
 * is 1 unless it reports an unroll factor (gcc 13 and later), which is the
 * elements per vector iteration. Two known blind spots, both the compiler's:
 * gcc reports an in-order (fold-left) FP reduction such as dot.c as vectorised,
 * though its additions remain one chain; clang's loop-vectorize remarks do not
 * cover the SLP vectoriser, which vectorises dot_split.c's partial sums.
 *
 * All functions are pure: no I/O, no allocation, no global state.
 */
#ifndef ROOFLINE_VECINFO_H
#define ROOFLINE_VECINFO_H

#include <stddef.h>

/* One loop the remarks talk about. */
struct vecinfo_loop {
	int line, col;          /* the loop's location in the kernel file */
	int vectorised;         /* 1 when the loop vectoriser transformed it */
	int width;              /* elements per vector (0 when not vectorised) */
	int scalable;           /* width is "vscale x width" (SVE, RVV) */
	int interleave;         /* vectors per iteration; clang may interleave unvectorised loops */
	char reason[96];        /* why not, trimmed to its first clause; "" when vectorised */
};

/*
 * Parses `text` (remarks of one kernel file; compiler "gcc" or "clang", any
 * other name accepts both dialects) into the loops it mentions, sorted by
 * line and column. Fills at most `max` entries of `loops` (which may be NULL
 * when max is 0) and returns how many loops there are in all.
 */
size_t vecinfo_loops(const char *text, const char *compiler,
		     struct vecinfo_loop *loops, size_t max);

/* One loop's verdict: "vectorised, width W, interleave I" or "not vectorised: R". */
void vecinfo_format(const struct vecinfo_loop *loop, char *out, size_t outlen);

/*
 * The verdict for the file's hot loop. The hot loop is the first vectorised
 * loop in line order; when none is, the first loop whose reason is not one a
 * loop gets for containing another loop or an opaque call (gcc "control flow
 * in loop", clang "call instruction cannot be vectorized", ...), which in our
 * kernel files is the element loop inside the repetition loop; failing that,
 * the first loop. "no loop remarks" when the text mentions no loop. When the
 * hot loop is not vectorised but the compiler reports SLP vectorisation in
 * the file, the verdict says so. Kernel files written with intrinsics give
 * the compiler's view of loops that are vector code already: callers should
 * say "intrinsics" for kernels with an ISA instead.
 */
void vecinfo_verdict(const char *text, const char *compiler, char *out, size_t outlen);

/*
 * The hot loop vecinfo_verdict speaks of, as a struct: 0 and *out filled, or
 * -1 when the text mentions no loop. *slp (when not NULL) is set to 1 when the
 * compiler reports SLP vectorisation somewhere in the file.
 */
int vecinfo_hot_loop(const char *text, const char *compiler, struct vecinfo_loop *out, int *slp);

/* The index-th loop in line order (see vecinfo_member_verdict): 0, or -1 past the last. */
int vecinfo_member_loop(const char *text, const char *compiler, size_t index,
			struct vecinfo_loop *out);

/*
 * The verdict for the index-th loop in line order (0 is the first), or "no
 * loop remarks" past the last. A family whose file defines its members first,
 * one per line in ascending parameter order (kernels/horner.c), gets one
 * verdict per member this way: member j's loop is loop j.
 */
void vecinfo_member_verdict(const char *text, const char *compiler, size_t index,
			    char *out, size_t outlen);

#endif
