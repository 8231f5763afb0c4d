/*
 * fma_chains_asm.h - the FMA chains (fma_chains.h) on x86-64 as fixed
 * assembly: fma_scalar.c, fma_sse2.c, fma_avx2.c and fma_avx512.c.
 *
 * Why not C: compiled from C, the members that need more registers than the
 * file has (K + 1 > 16 without AVX-512) were whatever the compiler made of
 * them, and that moved the peak. On a Zen 3 VM clang spilled fma_avx2 K =
 * 20..32 through the stack at 12-13 GFLOP/s where gcc's spill ran 34-46, and
 * a quick run (the chains timed in the same trials as the FMA+add mixes)
 * then timed the best mix at 0.91 of gcc's build, median of 28 interleaved
 * pairs. Linked into the gcc build, clang's fma_avx2.o alone did the same,
 * gcc's own compiled at -O0 too, and clang's with the spill split off in
 * source did not; the same code at clang's addresses (padding) did not
 * either. Like the mixes (fma_add_chains.h) and likwid's kernels, the
 * instructions are now fixed here, the same whatever the compiler.
 *
 * Member K keeps its chains in registers 0..C-1 and x in register R-1 (R =
 * 16, or 32 with AVX-512). Where K chains and x do not fit (K > R - 1) the
 * member is C = R - 2 chains in registers and S = K - C in memory, each
 * updated through the scratch register R-2 (load, FMA, store: the spill a
 * compiler writes, written once). Chain k starts at acc[k] = seed + k (all
 * lanes), x at acc[FMA_CHAIN_X_SLOT]; the loop, aligned to 64 bytes, is C
 * register FMAs, S spilled ones, and the counter (tests/cli/t0100 reads
 * it). Elsewhere (aarch64, compilers without GNU asm) the C version stays.
 */
#ifndef ROOFLINE_FMA_CHAINS_ASM_H
#define ROOFLINE_FMA_CHAINS_ASM_H

#include "fma_chains.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(FMA_CHAIN_C)
#define FMA_CHAIN_ASM 1
#else
#define FMA_CHAIN_ASM 0
#endif

/* Every vector register of an x86-64 file of 16 or 32 (the mixes' clobbers too). */
#define FMA_X86_CLOBBER16 "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", \
	"xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15"
#define FMA_X86_CLOBBER32 FMA_X86_CLOBBER16, "xmm16", "xmm17", "xmm18", "xmm19", \
	"xmm20", "xmm21", "xmm22", "xmm23", "xmm24", "xmm25", "xmm26", "xmm27", "xmm28", \
	"xmm29", "xmm30", "xmm31"

#if FMA_CHAIN_ASM
/* The slot of x in acc (after the 32 chains' slots). */
#define FMA_CHAIN_X_SLOT 32

/*
 * Members (K, C, S) within 16 and 32 registers: K chains, C of them in
 * registers, S in memory.
 */
#define FMA_CHAIN_MEMBERS_16(X)                                                            \
	X(1, 1, 0) X(2, 2, 0) X(3, 3, 0) X(4, 4, 0) X(5, 5, 0) X(6, 6, 0) X(7, 7, 0)       \
	X(8, 8, 0) X(9, 9, 0) X(10, 10, 0) X(11, 11, 0) X(12, 12, 0) X(13, 13, 0)          \
	X(14, 14, 0) X(15, 15, 0) X(16, 14, 2) X(17, 14, 3) X(18, 14, 4) X(19, 14, 5)      \
	X(20, 14, 6) X(21, 14, 7) X(22, 14, 8) X(23, 14, 9) X(24, 14, 10) X(25, 14, 11)    \
	X(26, 14, 12) X(27, 14, 13) X(28, 14, 14) X(29, 14, 15) X(30, 14, 16)              \
	X(31, 14, 17) X(32, 14, 18)
#define FMA_CHAIN_MEMBERS_32(X)                                                            \
	X(1, 1, 0) X(2, 2, 0) X(3, 3, 0) X(4, 4, 0) X(5, 5, 0) X(6, 6, 0) X(7, 7, 0)       \
	X(8, 8, 0) X(9, 9, 0) X(10, 10, 0) X(11, 11, 0) X(12, 12, 0) X(13, 13, 0)          \
	X(14, 14, 0) X(15, 15, 0) X(16, 16, 0) X(17, 17, 0) X(18, 18, 0) X(19, 19, 0)      \
	X(20, 20, 0) X(21, 21, 0) X(22, 22, 0) X(23, 23, 0) X(24, 24, 0) X(25, 25, 0)      \
	X(26, 26, 0) X(27, 27, 0) X(28, 28, 0) X(29, 29, 0) X(30, 30, 0) X(31, 31, 0)      \
	X(32, 30, 2)

/* X(I, C, j) for j = 0..n-1 (asm text). */
#define FMA_SEQ_0(X, I, C)
#define FMA_SEQ_1(X, I, C) X(I, C, 0)
#define FMA_SEQ_2(X, I, C) FMA_SEQ_1(X, I, C) X(I, C, 1)
#define FMA_SEQ_3(X, I, C) FMA_SEQ_2(X, I, C) X(I, C, 2)
#define FMA_SEQ_4(X, I, C) FMA_SEQ_3(X, I, C) X(I, C, 3)
#define FMA_SEQ_5(X, I, C) FMA_SEQ_4(X, I, C) X(I, C, 4)
#define FMA_SEQ_6(X, I, C) FMA_SEQ_5(X, I, C) X(I, C, 5)
#define FMA_SEQ_7(X, I, C) FMA_SEQ_6(X, I, C) X(I, C, 6)
#define FMA_SEQ_8(X, I, C) FMA_SEQ_7(X, I, C) X(I, C, 7)
#define FMA_SEQ_9(X, I, C) FMA_SEQ_8(X, I, C) X(I, C, 8)
#define FMA_SEQ_10(X, I, C) FMA_SEQ_9(X, I, C) X(I, C, 9)
#define FMA_SEQ_11(X, I, C) FMA_SEQ_10(X, I, C) X(I, C, 10)
#define FMA_SEQ_12(X, I, C) FMA_SEQ_11(X, I, C) X(I, C, 11)
#define FMA_SEQ_13(X, I, C) FMA_SEQ_12(X, I, C) X(I, C, 12)
#define FMA_SEQ_14(X, I, C) FMA_SEQ_13(X, I, C) X(I, C, 13)
#define FMA_SEQ_15(X, I, C) FMA_SEQ_14(X, I, C) X(I, C, 14)
#define FMA_SEQ_16(X, I, C) FMA_SEQ_15(X, I, C) X(I, C, 15)
#define FMA_SEQ_17(X, I, C) FMA_SEQ_16(X, I, C) X(I, C, 16)
#define FMA_SEQ_18(X, I, C) FMA_SEQ_17(X, I, C) X(I, C, 17)
#define FMA_SEQ_19(X, I, C) FMA_SEQ_18(X, I, C) X(I, C, 18)
#define FMA_SEQ_20(X, I, C) FMA_SEQ_19(X, I, C) X(I, C, 19)
#define FMA_SEQ_21(X, I, C) FMA_SEQ_20(X, I, C) X(I, C, 20)
#define FMA_SEQ_22(X, I, C) FMA_SEQ_21(X, I, C) X(I, C, 21)
#define FMA_SEQ_23(X, I, C) FMA_SEQ_22(X, I, C) X(I, C, 22)
#define FMA_SEQ_24(X, I, C) FMA_SEQ_23(X, I, C) X(I, C, 23)
#define FMA_SEQ_25(X, I, C) FMA_SEQ_24(X, I, C) X(I, C, 24)
#define FMA_SEQ_26(X, I, C) FMA_SEQ_25(X, I, C) X(I, C, 25)
#define FMA_SEQ_27(X, I, C) FMA_SEQ_26(X, I, C) X(I, C, 26)
#define FMA_SEQ_28(X, I, C) FMA_SEQ_27(X, I, C) X(I, C, 27)
#define FMA_SEQ_29(X, I, C) FMA_SEQ_28(X, I, C) X(I, C, 28)
#define FMA_SEQ_30(X, I, C) FMA_SEQ_29(X, I, C) X(I, C, 29)
#define FMA_SEQ_31(X, I, C) FMA_SEQ_30(X, I, C) X(I, C, 30)

/*
 * Each ISA's text: MOV its load/store, REG its register name, SIZE a slot's
 * bytes, FMA the FMA (acc = x*acc + x: 213 form), X and T the registers of
 * x and of the spilled chains' trips, END what leaves the loop.
 */
#define FMA_CHAIN_MOV_SCALAR "vmovsd"
#define FMA_CHAIN_REG_SCALAR "xmm"
#define FMA_CHAIN_SIZE_SCALAR "8"
#define FMA_CHAIN_FMA_SCALAR "vfmadd213sd"
#define FMA_CHAIN_X_SCALAR "15"
#define FMA_CHAIN_T_SCALAR "14"
#define FMA_CHAIN_END_SCALAR ""
#define FMA_CHAIN_CLOBBER_SCALAR FMA_X86_CLOBBER16
#define FMA_CHAIN_ATTR_SCALAR __attribute__((target("fma")))

#define FMA_CHAIN_MOV_SSE2 "vmovupd"
#define FMA_CHAIN_REG_SSE2 "xmm"
#define FMA_CHAIN_SIZE_SSE2 "16"
#define FMA_CHAIN_FMA_SSE2 "vfmadd213pd"
#define FMA_CHAIN_X_SSE2 "15"
#define FMA_CHAIN_T_SSE2 "14"
#define FMA_CHAIN_END_SSE2 ""
#define FMA_CHAIN_CLOBBER_SSE2 FMA_X86_CLOBBER16
#define FMA_CHAIN_ATTR_SSE2 __attribute__((target("fma")))

#define FMA_CHAIN_MOV_AVX2 "vmovupd"
#define FMA_CHAIN_REG_AVX2 "ymm"
#define FMA_CHAIN_SIZE_AVX2 "32"
#define FMA_CHAIN_FMA_AVX2 "vfmadd213pd"
#define FMA_CHAIN_X_AVX2 "15"
#define FMA_CHAIN_T_AVX2 "14"
#define FMA_CHAIN_END_AVX2 "vzeroupper\n\t"
#define FMA_CHAIN_CLOBBER_AVX2 FMA_X86_CLOBBER16
#define FMA_CHAIN_ATTR_AVX2 __attribute__((target("avx2,fma")))

#define FMA_CHAIN_MOV_AVX512 "vmovupd"
#define FMA_CHAIN_REG_AVX512 "zmm"
#define FMA_CHAIN_SIZE_AVX512 "64"
#define FMA_CHAIN_FMA_AVX512 "vfmadd213pd"
#define FMA_CHAIN_X_AVX512 "31"
#define FMA_CHAIN_T_AVX512 "30"
#define FMA_CHAIN_END_AVX512 "vzeroupper\n\t"
#define FMA_CHAIN_CLOBBER_AVX512 FMA_X86_CLOBBER32
#define FMA_CHAIN_ATTR_AVX512 __attribute__((target("avx512f")))

/* Register r of ISA I; slot s of acc (s an expression the assembler folds). */
#define FMA_CHAIN_R(I, r) "%%" FMA_CHAIN_REG_##I r
#define FMA_CHAIN_SLOT(I, s) s "*" FMA_CHAIN_SIZE_##I "(%[acc])"
#define FMA_CHAIN_LD(I, C, j) FMA_CHAIN_MOV_##I " " FMA_CHAIN_SLOT(I, #j) ", " FMA_CHAIN_R(I, #j) "\n\t"
#define FMA_CHAIN_ST(I, C, j) FMA_CHAIN_MOV_##I " " FMA_CHAIN_R(I, #j) ", " FMA_CHAIN_SLOT(I, #j) "\n\t"
#define FMA_CHAIN_ONE(I, r) FMA_CHAIN_FMA_##I " " FMA_CHAIN_R(I, FMA_CHAIN_X_##I) ", " \
	FMA_CHAIN_R(I, FMA_CHAIN_X_##I) ", " FMA_CHAIN_R(I, r) "\n\t"
#define FMA_CHAIN_REGFMA(I, C, j) FMA_CHAIN_ONE(I, #j)
#define FMA_CHAIN_SPILLED(I, C, j) #C "*" FMA_CHAIN_SIZE_##I "+" FMA_CHAIN_SLOT(I, #j)
#define FMA_CHAIN_SPILLFMA(I, C, j)                                                        \
	FMA_CHAIN_MOV_##I " " FMA_CHAIN_SPILLED(I, C, j) ", " FMA_CHAIN_R(I, FMA_CHAIN_T_##I) "\n\t" \
	FMA_CHAIN_ONE(I, FMA_CHAIN_T_##I)                                                  \
	FMA_CHAIN_MOV_##I " " FMA_CHAIN_R(I, FMA_CHAIN_T_##I) ", " FMA_CHAIN_SPILLED(I, C, j) "\n\t"

/*
 * Defines `static double PREFIX##_##K(long iters)`: member (K, C, S) of
 * ISA I with LANES doubles a register; returns the sum of every chain's
 * lanes, as the C version does.
 */
#define FMA_CHAIN_ASM_DEFINE(PREFIX, I, LANES, K, C, S)                                    \
	FMA_CHAIN_ATTR_##I __attribute__((noinline)) static double PREFIX##_##K(long iters) \
	{                                                                                  \
		double acc[(FMA_CHAIN_X_SLOT + 1) * LANES] __attribute__((aligned(64)));  \
		const double seed = fma_chain_seed;                                        \
		long n = iters;                                                            \
		for (int l = 0; l < LANES; l++) {                                          \
			for (int k = 0; k < K; k++)                                        \
				acc[k * LANES + l] = seed + k;                             \
			acc[FMA_CHAIN_X_SLOT * LANES + l] = FMA_X;                         \
		}                                                                          \
		if (n > 0)                                                                 \
			__asm__ volatile(FMA_CHAIN_MOV_##I " "                             \
					 FMA_CHAIN_SLOT(I, FMA_CHAIN_STR(FMA_CHAIN_X_SLOT)) ", " \
					 FMA_CHAIN_R(I, FMA_CHAIN_X_##I) "\n\t"            \
					 FMA_SEQ_##C(FMA_CHAIN_LD, I, C)                   \
					 ".p2align 6\n1:\n\t"                              \
					 FMA_SEQ_##C(FMA_CHAIN_REGFMA, I, C)               \
					 FMA_SEQ_##S(FMA_CHAIN_SPILLFMA, I, C)             \
					 "dec %[n]\n\tjnz 1b\n\t"                          \
					 FMA_SEQ_##C(FMA_CHAIN_ST, I, C)                   \
					 FMA_CHAIN_END_##I                                 \
					 : [n] "+r"(n)                                     \
					 : [acc] "r"(acc)                                  \
					 : "cc", "memory", FMA_CHAIN_CLOBBER_##I);         \
		double sum = 0.0;                                                          \
		for (int k = 0; k < K * LANES; k++)                                        \
			sum += acc[k];                                                     \
		return sum;                                                                \
	}
#define FMA_CHAIN_STR_(x) #x
#define FMA_CHAIN_STR(x) FMA_CHAIN_STR_(x)

#endif

#endif
