/*
 * bw_stream.h - the hand-written bandwidth kernels that set the machine's
 * roofs (role KERNEL_BANDWIDTH), shared by bw_avx512.c, bw_avx2.c, bw_sse2.c
 * and bw_neon.c. Each file instantiates, for its vector ISA:
 *
 *   bw_triad_<isa>     a[i] = b[i] + s*c[i]   2r1w     2 flops, 24 bytes
 *   bw_copy_<isa>      a[i] = b[i]            1r1w     0 flops, 16 bytes
 *   bw_read_<isa>      s += c[i]              1r0w     1 flop,   8 bytes
 *   bw_read2_<isa>     s += b[i]*c[i]         2r0w     2 flops, 16 bytes
 *   bw_triad_nt_<isa>  the triad with streaming (non-temporal) stores, 2r1w-nt
 *   bw_update_<isa>    a[i] = a[i] + s*b[i]   2r1w-ip  2 flops, 24 bytes: stores
 *                      in place (daxpy's pattern), a reset from c before the clock
 *   bw_copy_nt_<isa>   the copy with streaming stores, 1r1w-nt (on the DRAM plateau)
 *   bw_triad1_<isa>, bw_update1_<isa>, bw_copy1_<isa>  the triad, update and
 *                      copy one vector an iteration (kernel.one_vector): twins
 *                      of the same pattern, the roof the better of each pair
 *   bw_pace<K>_copy_<isa>  a[i] = f^K(b[i]), f(y) = y/2 + 1/2   1r1w   2K flops,
 *                      16 bytes: the copy paced by K = 1, 2, 4, 8 FMAs an element
 *                      (kernel.pace), one dependent chain per element as Horner's,
 *                      BW_UNROLL elements' chains in flight; values stay exact
 *
 * Bytes follow STREAM's convention: what the kernel must move, no
 * write-allocate traffic. Why hand-written: the roofs must belong to the
 * machine, not to the compiler that built the tool (gcc and clang unrolled
 * the compiled triad differently and moved L1 by 14%). The inner loops are
 * written out with intrinsics, BW_UNROLL vectors per iteration for the
 * stores (enough to keep 2 loads and 1 store a cycle busy past the loop
 * counter), BW_ACC independent accumulators for the sums (so an add's latency
 * never limits a read stream), and clang's unroller and both compilers'
 * vectorisers are kept off the loops: tests/cli/t0110-bw-disasm.sh builds
 * each file with gcc and clang and compares the inner loops.
 *
 * The passes (reps) loop inside the same function as the vector loop, and
 * the tail (n not a multiple of the block) is called only where there is
 * one: in L1 a pass is a few dozen iterations, and a call, a return and a
 * tail call per pass cost 3-5% of the L1 roof. Tails run element by
 * element in a separate function that is never vectorised. The streaming triad first
 * stores element by element up to a vector-aligned a (a streaming store needs
 * one), then streams, and ends with a store fence, so the stores are done
 * before the timer stops.
 *
 * The check: every kernel's result (a checksum of a, or the sum) is compared
 * with a value computed here independently: the inputs are dyadic, so every
 * sum is exact in any order and the check can demand (near) equality.
 */
#ifndef ROOFLINE_BW_STREAM_H
#define ROOFLINE_BW_STREAM_H

#include "kernel.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define BW_SCALAR 3.0   /* the triad's s: with the dyadic inputs, products stay exact */
#define BW_UNROLL 4     /* vectors stored per iteration (triad, copy) */
#define BW_ACC 8        /* independent accumulators (read, read2) */

#if defined(__clang__)
#define BW_LOOP _Pragma("clang loop unroll(disable) vectorize(disable)")
#define BW_NOVEC
#else
#define BW_LOOP
#define BW_NOVEC __attribute__((optimize("no-tree-vectorize")))
#endif
/*
 * The end of one pass over the arrays: the compiler must do every pass (the
 * stores of one are not dead because the next overwrites them).
 */
#define BW_KEEP_PASS() __asm__ __volatile__("" : : : "memory")
/* A file built for another architecture uses none of the helpers below. */
#define BW_HELPER __attribute__((unused))

/* Element-by-element tails, shared by every ISA; never vectorised. */
BW_HELPER BW_NOVEC __attribute__((noinline)) static void
bw_tail_triad(double *restrict a, const double *restrict b, const double *restrict c,
	      size_t i, size_t n)
{
	BW_LOOP
	for (; i < n; i++)
		a[i] = b[i] + BW_SCALAR * c[i];
}

BW_HELPER BW_NOVEC __attribute__((noinline)) static void
bw_tail_update(double *restrict a, const double *restrict b, size_t i, size_t n)
{
	BW_LOOP
	for (; i < n; i++)
		a[i] = a[i] + BW_SCALAR * b[i];
}

BW_HELPER BW_NOVEC __attribute__((noinline)) static void
bw_tail_copy(double *restrict a, const double *restrict b, size_t i, size_t n)
{
	BW_LOOP
	for (; i < n; i++)
		a[i] = b[i];
}

/* The paced copy's f^k: y/2 + 1/2, k times; exact for the dyadic inputs (k <= 8 adds 8 bits). */
static inline double bw_pace_value(double y, int k)
{
	for (int q = 0; q < k; q++)
		y = y * 0.5 + 0.5;
	return y;
}

BW_HELPER BW_NOVEC __attribute__((noinline)) static void
bw_tail_pace(double *restrict a, const double *restrict b, size_t i, size_t n, int k)
{
	BW_LOOP
	for (; i < n; i++)
		a[i] = bw_pace_value(b[i], k);
}

BW_HELPER BW_NOVEC __attribute__((noinline)) static double
bw_tail_read(const double *restrict b, const double *restrict c, size_t i, size_t n)
{
	double s = 0.0;
	(void)b;
	BW_LOOP
	for (; i < n; i++)
		s += c[i];
	return s;
}

BW_HELPER BW_NOVEC __attribute__((noinline)) static double
bw_tail_read2(const double *restrict b, const double *restrict c, size_t i, size_t n)
{
	double s = 0.0;
	BW_LOOP
	for (; i < n; i++)
		s += b[i] * c[i];
	return s;
}

/* ---- the checks, independent of the ISA ---------------------------------- */

/* Exact sum of c[i] for i in [0, n), from the input's period of 8. */
static inline double bw_read_reference(size_t n)
{
	double period = 0.0, tail = 0.0;
	for (size_t i = 0; i < 8; i++)
		period += kernel_input_c(i);
	for (size_t i = 0; i < n % 8; i++)
		tail += kernel_input_c(i);
	return (double)(n / 8) * period + tail;
}

/* a[] must hold want(i) everywhere (full) or at the spot indices. */
#define BW_CHECK_A(NAME, WANT)                                                       \
	BW_HELPER static int NAME(const struct kernel_buffers *buf, long reps, int param,      \
			double result, int full, char *why, size_t whylen)          \
	{                                                                            \
		size_t count = full ? buf->n : KERNEL_SPOT_CHECKS;                   \
		(void)reps;                                                          \
		(void)param;                                                         \
		if (kernel_expect(result, buf->a[buf->n - 1], 0.0, #NAME " result",  \
				  why, whylen))                                      \
			return -1;                                                   \
		for (size_t j = 0; j < count; j++) {                                 \
			size_t i = full ? j : kernel_spot_index(j, buf->n);          \
			double want = WANT;                                          \
			if (buf->a[i] != want) {                                     \
				snprintf(why, whylen, #NAME ": a[%zu] = %.17g, want %.17g", \
					 i, buf->a[i], want);                        \
				return -1;                                           \
			}                                                            \
		}                                                                    \
		return 0;                                                            \
	}

BW_CHECK_A(bw_check_triad, kernel_input_b(i) + BW_SCALAR * kernel_input_c(i))
/* After reps passes from a = c (bw_prepare_update): exact, the inputs being dyadic. */
BW_CHECK_A(bw_check_update, kernel_input_c(i) + (double)reps * BW_SCALAR * kernel_input_b(i))

/* The update's starting a, copied from c before the clock starts (as daxpy's y0). */
BW_HELPER static void bw_prepare_update(const struct kernel_buffers *buf, int param)
{
	(void)param;
	memcpy(buf->a, buf->c, buf->n * sizeof(double));
}
BW_CHECK_A(bw_check_copy, kernel_input_b(i))
BW_CHECK_A(bw_check_pace1, bw_pace_value(kernel_input_b(i), 1))
BW_CHECK_A(bw_check_pace2, bw_pace_value(kernel_input_b(i), 2))
BW_CHECK_A(bw_check_pace4, bw_pace_value(kernel_input_b(i), 4))
BW_CHECK_A(bw_check_pace8, bw_pace_value(kernel_input_b(i), 8))

BW_HELPER static int bw_check_read(const struct kernel_buffers *buf, long reps, int param,
			 double result, int full, char *why, size_t whylen)
{
	(void)param;
	(void)full;
	return kernel_expect(result, (double)reps * bw_read_reference(buf->n), 1e-12,
			     "read: sum of c over reps", why, whylen);
}

BW_HELPER static int bw_check_read2(const struct kernel_buffers *buf, long reps, int param,
			  double result, int full, char *why, size_t whylen)
{
	(void)param;
	(void)full;
	return kernel_expect(result, (double)reps * kernel_dot_reference(buf->n), 1e-12,
			     "read2: sum of b*c over reps", why, whylen);
}

/*
 * The two sums (read: s += c[i]; read2: s += b[i]*c[i]) share one loop:
 * BW_ACC accumulators kept across passes (one reduction at the end), the
 * rest one vector at a time, the tail element by element. STEP(LOAD, ADD,
 * FMA, acc, off) is the update of one accumulator with the vector at i + off.
 */
#define BW_STEP_READ(LOAD, ADD, FMA, acc, off) ADD(acc, LOAD(c + i + (off)))
#define BW_STEP_READ2(LOAD, ADD, FMA, acc, off) FMA(LOAD(b + i + (off)), LOAD(c + i + (off)), acc)
#define BW_SUM_DEFINE(ISA, KIND, V, W, LOAD, ADD, FMA, ZERO, HSUM, ATTR, STEP, TAIL)  \
	ATTR __attribute__((noinline)) static double                                 \
	bw_##KIND##_##ISA##_loop(const struct kernel_buffers *buf, long reps, int param) \
	{                                                                            \
		const double *restrict b = buf->b;                                   \
		const double *restrict c = buf->c;                                   \
		const size_t n = buf->n;                                             \
		(void)param;                                                         \
		(void)b;                                                             \
		V s0 = ZERO(), s1 = ZERO(), s2 = ZERO(), s3 = ZERO();                \
		V s4 = ZERO(), s5 = ZERO(), s6 = ZERO(), s7 = ZERO();                \
		double tail = 0.0;                                                   \
		BW_LOOP                                                              \
		for (long r = 0; r < reps; r++) {                                    \
			size_t i = 0;                                                \
			BW_LOOP                                                      \
			for (; i + BW_ACC * (W) <= n; i += BW_ACC * (W)) {           \
				s0 = STEP(LOAD, ADD, FMA, s0, 0);                    \
				s1 = STEP(LOAD, ADD, FMA, s1, (W));                  \
				s2 = STEP(LOAD, ADD, FMA, s2, 2 * (W));              \
				s3 = STEP(LOAD, ADD, FMA, s3, 3 * (W));              \
				s4 = STEP(LOAD, ADD, FMA, s4, 4 * (W));              \
				s5 = STEP(LOAD, ADD, FMA, s5, 5 * (W));              \
				s6 = STEP(LOAD, ADD, FMA, s6, 6 * (W));              \
				s7 = STEP(LOAD, ADD, FMA, s7, 7 * (W));              \
			}                                                            \
			BW_LOOP                                                      \
			for (; i + (W) <= n; i += (W))                               \
				s0 = STEP(LOAD, ADD, FMA, s0, 0);                    \
			if (i < n)                                                   \
				tail += TAIL(b, c, i, n);                            \
			BW_KEEP_PASS();                                              \
		}                                                                    \
		s0 = ADD(ADD(ADD(s0, s1), ADD(s2, s3)), ADD(ADD(s4, s5), ADD(s6, s7))); \
		return HSUM(s0) + tail;                                              \
	}

/*
 * The loops that store a[i] with ordinary stores (triad, update, copy) share
 * one shape: BW_UNROLL vectors an iteration, the rest one vector at a time,
 * the tail element by element. VAL(LOAD, FMA, off) is the vector stored at
 * i + off; TAIL finishes [i, n). An iteration of BW_UNROLL vectors computes
 * all of them before it stores any (BW_HOLD4 keeps that order from the
 * compiler), as compilers order an unrolled loop: on a Zen 3 VM the
 * triad's L1 rate was 0.85-0.92 of a plain loop's with each vector stored
 * as soon as computed, 0.94-1.02 with the stores after the loads.
 */
/*
 * BW_VALP_*: the same vectors from pointers pa, pb, pc already at the
 * element (the one-vector loops); BW_VALP_*_PIN(pa, pb, pc) holds the
 * pointers that one reads or writes in registers (BW_STORE1_DEFINE).
 */
#define BW_VAL_TRIAD(LOAD, FMA, off) BW_VALP_TRIAD(LOAD, FMA, a + i, b + i, c + i, off)
#define BW_VAL_UPDATE(LOAD, FMA, off) BW_VALP_UPDATE(LOAD, FMA, a + i, b + i, c + i, off)
#define BW_VAL_COPY(LOAD, FMA, off) BW_VALP_COPY(LOAD, FMA, a + i, b + i, c + i, off)
#define BW_VALP_TRIAD(LOAD, FMA, pa, pb, pc, off) FMA(s, LOAD((pc) + (off)), LOAD((pb) + (off)))
#define BW_VALP_UPDATE(LOAD, FMA, pa, pb, pc, off) FMA(s, LOAD((pb) + (off)), LOAD((pa) + (off)))
#define BW_VALP_COPY(LOAD, FMA, pa, pb, pc, off) LOAD((pb) + (off))
#if defined(__x86_64__)
#define BW_VALP_TRIAD_PIN(pa, pb, pc) __asm__("" : "+r"(pa), "+r"(pb), "+r"(pc))
#define BW_VALP_UPDATE_PIN(pa, pb, pc) __asm__("" : "+r"(pa), "+r"(pb))
#define BW_VALP_COPY_PIN(pa, pb, pc) __asm__("" : "+r"(pa), "+r"(pb))
#else
#define BW_VALP_TRIAD_PIN(pa, pb, pc) ((void)0)
#define BW_VALP_UPDATE_PIN(pa, pb, pc) ((void)0)
#define BW_VALP_COPY_PIN(pa, pb, pc) ((void)0)
#endif
#if defined(__aarch64__)
#define BW_HOLD4(x0, x1, x2, x3) __asm__("" : "+w"(x0), "+w"(x1), "+w"(x2), "+w"(x3))
#elif defined(__x86_64__)
#define BW_HOLD4(x0, x1, x2, x3) __asm__("" : "+x"(x0), "+x"(x1), "+x"(x2), "+x"(x3))
#else
#define BW_HOLD4(x0, x1, x2, x3) ((void)0)
#endif
#define BW_TAIL_TRIAD bw_tail_triad(a, b, c, i, n)
#define BW_TAIL_UPDATE bw_tail_update(a, b, i, n)
#define BW_TAIL_COPY bw_tail_copy(a, b, i, n)
/*
 * The opening of a storing loop's function, up to its passes: the arrays,
 * n, and the triad's s broadcast (unused by some: void'ed).
 */
#define BW_LOOP_HEAD(ISA, KIND, V, SET1, ATTR)                                        \
	ATTR __attribute__((noinline)) static double                                 \
	bw_##KIND##_##ISA##_loop(const struct kernel_buffers *buf, long reps, int param) \
	{                                                                            \
		double *restrict a = buf->a;                                         \
		const double *restrict b = buf->b, *restrict c = buf->c;             \
		const size_t n = buf->n;                                             \
		(void)param;                                                         \
		(void)c;                                                             \
		const V s = SET1(BW_SCALAR);                                         \
		(void)s;
#define BW_STORE_DEFINE(ISA, KIND, V, W, LOAD, STORE, SET1, FMA, ATTR, VAL, TAIL)       \
	BW_LOOP_HEAD(ISA, KIND, V, SET1, ATTR)                                       \
		BW_LOOP                                                              \
		for (long r = 0; r < reps; r++) {                                    \
			size_t i = 0;                                                \
			BW_LOOP                                                      \
			for (; i + BW_UNROLL * (W) <= n; i += BW_UNROLL * (W)) {     \
				V v0 = VAL(LOAD, FMA, 0), v1 = VAL(LOAD, FMA, (W));  \
				V v2 = VAL(LOAD, FMA, 2 * (W)), v3 = VAL(LOAD, FMA, 3 * (W)); \
				BW_HOLD4(v0, v1, v2, v3);                            \
				STORE(a + i, v0);                                    \
				STORE(a + i + (W), v1);                              \
				STORE(a + i + 2 * (W), v2);                          \
				STORE(a + i + 3 * (W), v3);                          \
			}                                                            \
			BW_LOOP                                                      \
			for (; i + (W) <= n; i += (W))                               \
				STORE(a + i, VAL(LOAD, FMA, 0));                     \
			if (i < n)                                                   \
				TAIL;                                                \
			BW_KEEP_PASS();                                              \
		}                                                                    \
		return n ? a[n - 1] : 0.0;                                           \
	}

/*
 * The same loops one vector an iteration (kernel.one_vector: the twins
 * bw_triad1, bw_update1, bw_copy1), as a compiler writes a plain loop:
 * the loop counter once a vector, the tail element by element. Their files
 * are built with the loops aligned to 64 bytes (Makefile): on a Zen 3 VM
 * the one-vector triad ran 250 GB/s with its loop inside one 64-byte
 * block and 140 with it across two. Neither shape wins everywhere: on that
 * VM the one-vector triad ran 285-289 GB/s in L1 while the other vCPU (a
 * hyperthread of the same host core) idled and 176-227 while it spun, the
 * four-vector one 185-206 either way.
 *
 * Each array is walked by its own pointer and every access is that pointer
 * plus a constant: no index register in any memory operand. An indexed
 * operand costs on many cores (Intel's store-address port 7 takes only
 * base + displacement; an indexed load folded into an FMA is split in two
 * there), and on the Zen 3 VM the in-place update ran 1.2x a gcc -O3 plain
 * loop (which indexes, base + 1*i) with pointers, 0.85x of it indexed.
 * VAL##_PIN (an empty asm on the pointers it uses) keeps them in registers
 * of their own: without it gcc and clang fold them back into one index.
 */
#define BW_STORE1_DEFINE(ISA, KIND, V, W, LOAD, STORE, SET1, FMA, ATTR, VAL, TAIL)      \
	BW_LOOP_HEAD(ISA, KIND##1, V, SET1, ATTR)                                    \
		const size_t whole = n - n % (W);                                    \
		double *const end = a + whole;                                       \
		BW_LOOP                                                              \
		for (long r = 0; r < reps; r++) {                                    \
			double *pa = a;                                              \
			const double *pb = b, *pc = c;                               \
			BW_LOOP                                                      \
			for (; pa < end; pa += (W), pb += (W), pc += (W)) {          \
				STORE(pa, VAL(LOAD, FMA, pa, pb, pc, 0));            \
				VAL##_PIN(pa, pb, pc);                               \
			}                                                            \
			(void)pc;                                                    \
			const size_t i = whole;                                      \
			if (i < n)                                                   \
				TAIL;                                                \
			BW_KEEP_PASS();                                              \
		}                                                                    \
		return n ? a[n - 1] : 0.0;                                           \
	}

/*
 * The loops with streaming stores (triad_nt, copy_nt): ordinary stores up
 * to the first vector-aligned element of a (a streaming store needs one),
 * then BW_UNROLL vectors an iteration streamed in pairs, the rest element
 * by element, and a store fence at the end. VAL(LOAD, FMA, off) is the
 * vector stored at i + off; TAIL(from, to) stores [from, to) one by one.
 */
#define BW_NT_TAIL_TRIAD(from, to) bw_tail_triad(a, b, c, (from), (to))
#define BW_NT_TAIL_COPY(from, to) bw_tail_copy(a, b, (from), (to))
#define BW_NT_DEFINE(ISA, KIND, V, W, LOAD, STREAM2, SET1, FMA, FENCE, ATTR, VAL, TAIL)  \
	BW_LOOP_HEAD(ISA, KIND, V, SET1, ATTR)                                       \
		size_t head = ((W) - ((uintptr_t)a / 8) % (W)) % (W);                \
		if (head > n)                                                        \
			head = n;                                                    \
		BW_LOOP                                                              \
		for (long r = 0; r < reps; r++) {                                    \
			size_t i = head;                                             \
			if (head > 0)                                                \
				TAIL(0, head);                                       \
			BW_LOOP                                                      \
			for (; i + BW_UNROLL * (W) <= n; i += BW_UNROLL * (W)) {     \
				STREAM2(a + i, VAL(LOAD, FMA, 0), VAL(LOAD, FMA, (W))); \
				STREAM2(a + i + 2 * (W), VAL(LOAD, FMA, 2 * (W)),    \
					VAL(LOAD, FMA, 3 * (W)));                    \
			}                                                            \
			if (i < n)                                                   \
				TAIL(i, n);                                          \
			BW_KEEP_PASS();                                              \
		}                                                                    \
		FENCE();                                                             \
		return n ? a[n - 1] : 0.0;                                           \
	}

/*
 * The paced copy: BW_UNROLL vectors loaded, each put through K FMAs
 * (v = v*h + h, h = 1/2: four independent chains, interleaved), stored.
 * The K loop has a constant count and is unrolled by both compilers.
 */
#define BW_PACED_DEFINE(ISA, K, V, W, LOAD, STORE, SET1, FMA, ATTR)                  \
	ATTR __attribute__((noinline)) static double                                 \
	bw_pace##K##_copy_##ISA##_loop(const struct kernel_buffers *buf, long reps, int param) \
	{                                                                            \
		double *restrict a = buf->a;                                         \
		const double *restrict b = buf->b;                                   \
		const size_t n = buf->n;                                             \
		(void)param;                                                         \
		const V h = SET1(0.5);                                               \
		BW_LOOP                                                              \
		for (long r = 0; r < reps; r++) {                                    \
			size_t i = 0;                                                \
			BW_LOOP                                                      \
			for (; i + BW_UNROLL * (W) <= n; i += BW_UNROLL * (W)) {     \
				V v0 = LOAD(b + i), v1 = LOAD(b + i + (W));          \
				V v2 = LOAD(b + i + 2 * (W)), v3 = LOAD(b + i + 3 * (W)); \
				for (int q = 0; q < (K); q++) {                      \
					v0 = FMA(v0, h, h);                          \
					v1 = FMA(v1, h, h);                          \
					v2 = FMA(v2, h, h);                          \
					v3 = FMA(v3, h, h);                          \
				}                                                    \
				STORE(a + i, v0);                                    \
				STORE(a + i + (W), v1);                              \
				STORE(a + i + 2 * (W), v2);                          \
				STORE(a + i + 3 * (W), v3);                          \
			}                                                            \
			BW_LOOP                                                      \
			for (; i + (W) <= n; i += (W)) {                             \
				V v = LOAD(b + i);                                   \
				for (int q = 0; q < (K); q++)                        \
					v = FMA(v, h, h);                            \
				STORE(a + i, v);                                     \
			}                                                            \
			if (i < n)                                                   \
				bw_tail_pace(a, b, i, n, (K));                       \
			BW_KEEP_PASS();                                              \
		}                                                                    \
		return n ? a[n - 1] : 0.0;                                           \
	}

/*
 * The loops of one ISA. V: vector type; W: doubles per vector; LOAD(p) and
 * STORE(p, v) unaligned; STREAM2(p, v, u) non-temporal stores of v and u to
 * p and p + W, p W*8-byte aligned (a pair, as aarch64's STNP stores one); SET1(x) broadcast; ZERO(); ADD(x, y); FMA(x, y, z) = x*y + z;
 * HSUM(v) the sum of the lanes; FENCE() orders the streaming stores; ATTR the
 * target attribute that lets the file build without -march.
 */
#define BW_DEFINE(ISA, V, W, LOAD, STORE, STREAM2, SET1, ZERO, ADD, FMA, HSUM, FENCE, ATTR) \
	BW_STORE_DEFINE(ISA, triad, V, W, LOAD, STORE, SET1, FMA, ATTR, BW_VAL_TRIAD, BW_TAIL_TRIAD) \
	BW_NT_DEFINE(ISA, triad_nt, V, W, LOAD, STREAM2, SET1, FMA, FENCE, ATTR, BW_VAL_TRIAD, BW_NT_TAIL_TRIAD) \
	BW_NT_DEFINE(ISA, copy_nt, V, W, LOAD, STREAM2, SET1, FMA, FENCE, ATTR, BW_VAL_COPY, BW_NT_TAIL_COPY) \
	BW_STORE_DEFINE(ISA, update, V, W, LOAD, STORE, SET1, FMA, ATTR, BW_VAL_UPDATE, BW_TAIL_UPDATE) \
	BW_STORE_DEFINE(ISA, copy, V, W, LOAD, STORE, SET1, FMA, ATTR, BW_VAL_COPY, BW_TAIL_COPY) \
	BW_STORE1_DEFINE(ISA, triad, V, W, LOAD, STORE, SET1, FMA, ATTR, BW_VALP_TRIAD, BW_TAIL_TRIAD) \
	BW_STORE1_DEFINE(ISA, update, V, W, LOAD, STORE, SET1, FMA, ATTR, BW_VALP_UPDATE, BW_TAIL_UPDATE) \
	BW_STORE1_DEFINE(ISA, copy, V, W, LOAD, STORE, SET1, FMA, ATTR, BW_VALP_COPY, BW_TAIL_COPY) \
	BW_SUM_DEFINE(ISA, read, V, W, LOAD, ADD, FMA, ZERO, HSUM, ATTR, BW_STEP_READ, bw_tail_read) \
	BW_SUM_DEFINE(ISA, read2, V, W, LOAD, ADD, FMA, ZERO, HSUM, ATTR, BW_STEP_READ2, bw_tail_read2) \
	BW_PACED_DEFINE(ISA, 1, V, W, LOAD, STORE, SET1, FMA, ATTR)                 \
	BW_PACED_DEFINE(ISA, 2, V, W, LOAD, STORE, SET1, FMA, ATTR)                 \
	BW_PACED_DEFINE(ISA, 4, V, W, LOAD, STORE, SET1, FMA, ATTR)                 \
	BW_PACED_DEFINE(ISA, 8, V, W, LOAD, STORE, SET1, FMA, ATTR)

/*
 * The six kernel descriptions of one ISA. FN(f) is f, or NULL where the
 * file is built for another architecture (run and check both absent).
 */
#define BW_KERNEL(NAME, ISAENUM, RUNFN, CHECKFN, COMPUTES, FLOPS, BYTES, ARRAYS, READS, WRITES, STORES, PREPARE) \
	BW_KERNEL_PACED(NAME, ISAENUM, RUNFN, CHECKFN, COMPUTES, FLOPS, BYTES, ARRAYS, READS, WRITES, STORES, PREPARE, 0, 0)
#define BW_KERNEL1(NAME, ISAENUM, RUNFN, CHECKFN, COMPUTES, FLOPS, BYTES, ARRAYS, READS, WRITES, STORES, PREPARE) \
	BW_KERNEL_PACED(NAME, ISAENUM, RUNFN, CHECKFN, COMPUTES, FLOPS, BYTES, ARRAYS, READS, WRITES, STORES, PREPARE, 0, 1)
#define BW_KERNEL_PACED(NAME, ISAENUM, RUNFN, CHECKFN, COMPUTES, FLOPS, BYTES, ARRAYS, READS, WRITES, STORES, PREPARE, PACE, ONE) \
	const struct kernel kernel_##NAME = {                                        \
		.name = #NAME,                                                       \
		.family = "bw",                                                      \
		.computes = COMPUTES,                                                \
		.kind = KERNEL_BANDWIDTH,                                            \
		.isa = ISAENUM,                                                      \
		.flops_fixed = FLOPS, .bytes_fixed = BYTES,                          \
		.arrays = ARRAYS,                                                    \
		.reads = READS, .writes = WRITES,                                    \
		.stores = STORES,                                                    \
		.run = RUNFN,                                                        \
		.check = CHECKFN,                                                    \
		.prepare = PREPARE,                                                  \
		.pace = PACE,                                                        \
		.one_vector = ONE,                                                   \
	};

#define BW_KERNELS(ISA, ISAENUM, FN)                                                \
	BW_KERNEL(bw_triad_##ISA, ISAENUM, FN(bw_triad_##ISA##_loop), FN(bw_check_triad),      \
		  "a[i] = b[i] + s*c[i], hand-written " #ISA, 2, 24, 3, 2, 1, STORES_ALLOCATE, NULL) \
	BW_KERNEL(bw_triad_nt_##ISA, ISAENUM, FN(bw_triad_nt_##ISA##_loop), FN(bw_check_triad), \
		  "a[i] = b[i] + s*c[i], streaming stores, hand-written " #ISA,      \
		  2, 24, 3, 2, 1, STORES_STREAMING, NULL)                            \
	BW_KERNEL(bw_copy_##ISA, ISAENUM, FN(bw_copy_##ISA##_loop), FN(bw_check_copy),         \
		  "a[i] = b[i], hand-written " #ISA, 0, 16, 2, 1, 1, STORES_ALLOCATE, NULL) \
	BW_KERNEL(bw_read_##ISA, ISAENUM, FN(bw_read_##ISA##_loop), FN(bw_check_read),         \
		  "s += c[i], 8 accumulators, hand-written " #ISA, 1, 8, 1, 1, 0,    \
		  STORES_ALLOCATE, NULL)                                             \
	BW_KERNEL(bw_read2_##ISA, ISAENUM, FN(bw_read2_##ISA##_loop), FN(bw_check_read2),      \
		  "s += b[i]*c[i], 8 accumulators, hand-written " #ISA, 2, 16, 2, 2, 0, \
		  STORES_ALLOCATE, NULL)                                             \
	BW_KERNEL(bw_update_##ISA, ISAENUM, FN(bw_update_##ISA##_loop), FN(bw_check_update),   \
		  "a[i] = a[i] + s*b[i], stores in place, hand-written " #ISA,       \
		  2, 24, 2, 2, 1, STORES_IN_PLACE, FN(bw_prepare_update))            \
	BW_KERNEL(bw_copy_nt_##ISA, ISAENUM, FN(bw_copy_nt_##ISA##_loop), FN(bw_check_copy),   \
		  "a[i] = b[i], streaming stores, hand-written " #ISA, 0, 16, 2, 1, 1, \
		  STORES_STREAMING, NULL)                                            \
	BW_KERNEL1(bw_triad1_##ISA, ISAENUM, FN(bw_triad1_##ISA##_loop), FN(bw_check_triad),   \
		   "a[i] = b[i] + s*c[i], one vector an iteration, hand-written " #ISA, \
		   2, 24, 3, 2, 1, STORES_ALLOCATE, NULL)                            \
	BW_KERNEL1(bw_update1_##ISA, ISAENUM, FN(bw_update1_##ISA##_loop), FN(bw_check_update), \
		   "a[i] = a[i] + s*b[i], stores in place, one vector an iteration, hand-written " #ISA, \
		   2, 24, 2, 2, 1, STORES_IN_PLACE, FN(bw_prepare_update))           \
	BW_KERNEL1(bw_copy1_##ISA, ISAENUM, FN(bw_copy1_##ISA##_loop), FN(bw_check_copy),      \
		   "a[i] = b[i], one vector an iteration, hand-written " #ISA, 0, 16, 2, 1, 1, \
		   STORES_ALLOCATE, NULL)                                            \
	BW_PACED_KERNEL(ISA, ISAENUM, FN, 1)                                        \
	BW_PACED_KERNEL(ISA, ISAENUM, FN, 2)                                        \
	BW_PACED_KERNEL(ISA, ISAENUM, FN, 4)                                        \
	BW_PACED_KERNEL(ISA, ISAENUM, FN, 8)

/* The copy paced by K FMAs an element: 2K flops, 16 bytes, pattern 1r1w. */
#define BW_PACED_KERNEL(ISA, ISAENUM, FN, K)                                         \
	BW_KERNEL_PACED(bw_pace##K##_copy_##ISA, ISAENUM, FN(bw_pace##K##_copy_##ISA##_loop), \
			FN(bw_check_pace##K), "a[i] = f^" #K "(b[i]), f(y) = y/2 + 1/2, paced copy, " \
			"hand-written " #ISA, 2 * (K), 16, 2, 1, 1, STORES_ALLOCATE, NULL, K, 0)

#endif
