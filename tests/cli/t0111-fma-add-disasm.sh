#!/bin/sh
# t0111-fma-add-disasm.sh - the FMA+add mixes' inner loops are exactly what
# kernels/fma_add_chains.h writes, whatever the compiler: for each member
# <kernel>_<G> in $ROOFLINE_BUILD/kernels/<kernel>.o, the one loop with FMAs
# in it (a backward conditional jump and the instructions from its target
# to it) is, in this order, every group's FMAs (x*x added to its registers
# of S*g ..), then every group's adds (1 added), then the counter's dec and
# the jump: nothing more, nothing less, no memory operand, no register other
# than the ones named; the loop starts on a 64-byte boundary (a line of the
# micro-op cache: one more way the compiler could move the timing).
# The aarch64 members (NEON, and scalar there) are built here with the cross
# compiler when it is installed (t0900 runs them under qemu), and checked
# the same way: fmla/fmadd and fadd, then subs and b.ne. Kernels: fma_add_*
# (1:1, P pairs), fma_mix21_* (2:1), fma_mix12_* (1:2), fma_mix43_* (4:3).
#
# Environment (from make test): ROOFLINE_BUILD, the build directory.
# Output: TAP. Exit status: 0 when every test passed or was skipped.

build=${ROOFLINE_BUILD:-}
if [ -z "$build" ]; then
	echo "Bail out! ROOFLINE_BUILD is not set (run through make test)"
	exit 1
fi
if ! command -v objdump >/dev/null 2>&1; then
	echo "1..0 # skip objdump not found (binutils)"
	exit 0
fi

# isa:registers:fma:add:register-prefix:arch (x at R-1, 1 at R-2)
ISAS="avx512:32:vfmadd231pd:vaddpd:zmm:x86 avx2:16:vfmadd231pd:vaddpd:ymm:x86 sse2:16:vfmadd231pd:vaddpd:xmm:x86
scalar:16:vfmadd231sd:vaddsd:xmm:x86 neon:32:fmla:fadd:v:a64 scalar:16:fmadd:fadd:d:a64"
# kernel prefix:group size:FMAs a group
RATIOS="fma_add:2:1 fma_mix21:3:2 fma_mix12:3:1 fma_mix43:7:4"

total=0
for s in $ISAS; do
	regs=$(echo "$s" | cut -d: -f2)
	for r in $RATIOS; do
		size=$(echo "$r" | cut -d: -f2)
		total=$((total + (regs - 2) / size))
	done
done
echo "1..$total"

# The loop with FMAs of each <prefix><G>: "G<TAB>instruction" lines, in order (loops.awk).
loops_awk=${ROOFLINE_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/cli/loops.awk

tmp=$(mktemp "${TMPDIR:-/tmp}/t0111.XXXXXX") || exit 1
want=$(mktemp "${TMPDIR:-/tmp}/t0111w.XXXXXX") || exit 1
got=$(mktemp "${TMPDIR:-/tmp}/t0111g.XXXXXX") || exit 1
n=0 failed=0
a64=$(mktemp -d "${TMPDIR:-/tmp}/t0111a.XXXXXX") || exit 1
trap 'rm -f "$tmp" "$want" "$got"; rm -rf "$a64"' EXIT INT TERM
src=${ROOFLINE_SRC:-.}
if command -v aarch64-linux-gnu-gcc >/dev/null 2>&1 && command -v aarch64-linux-gnu-objdump >/dev/null 2>&1; then
	for r in $RATIOS; do
		for isa in neon scalar; do
			k=$(echo "$r" | cut -d: -f1)_$isa
			aarch64-linux-gnu-gcc -std=gnu11 -O2 -c "$src/kernels/$k.c" -o "$a64/$k.o" 2>"$a64/$k.err" &
		done
	done
	wait
fi
for s in $ISAS; do
	isa=$(echo "$s" | cut -d: -f1) regs=$(echo "$s" | cut -d: -f2)
	fma=$(echo "$s" | cut -d: -f3) add=$(echo "$s" | cut -d: -f4) reg=$(echo "$s" | cut -d: -f5)
	arch=$(echo "$s" | cut -d: -f6)
	for r in $RATIOS; do
		kernel=$(echo "$r" | cut -d: -f1)_$isa
		size=$(echo "$r" | cut -d: -f2) fmas=$(echo "$r" | cut -d: -f3)
		skip=
		if [ "$arch" = a64 ]; then
			obj=$a64/$kernel.o dump=aarch64-linux-gnu-objdump
			[ -f "$obj" ] || skip="no aarch64 cross compiler (sh scripts/deps.sh aarch64)"
		else
			obj=$build/kernels/$kernel.o dump=objdump
			if [ ! -f "$obj" ]; then
				skip="no $obj"
			elif ! objdump -f "$obj" | grep -q 'x86-64'; then
				skip="not an x86-64 object"
			fi
		fi
		x=$reg$((regs - 1))
		case $arch in
		x86) xx="%$x,%$x," ;;
		*) [ "$reg" = v ] && x="$x\\.2d"; xx="$x, $x" ;;
		esac
		[ -n "$skip" ] || $dump -d --no-show-raw-insn "$obj" |
			awk -v prefix="${kernel}_" -v xx="$xx" -f "$loops_awk" >"$tmp"
		g=1
		while [ $((g * size)) -le $((regs - 2)) ]; do
			n=$((n + 1))
			name="${kernel}_$g"
			[ "$arch" = a64 ] && name="$name (aarch64)"
			if [ -n "$skip" ]; then
				echo "ok $n # skip $name: $skip"
				g=$((g + 1))
				continue
			fi
			awk -v g="$g" -v size="$size" -v fmas="$fmas" -v fma="$fma" -v add="$add" \
			    -v reg="$reg" -v regs="$regs" -v arch="$arch" 'BEGIN {
				print "@aligned"
				for (k = 0; k < g * size; k++)
					if (k % size < fmas) print instr(fma, k, regs - 1, 1)
				for (k = 0; k < g * size; k++)
					if (k % size >= fmas) print instr(add, k, regs - 2, 0)
				print "dec"
				print "jne"
				print "--"
			}
			# r += c*c (FMA) or r += c (add), as objdump writes it.
			function instr(op, r, c, fma,    s, v) {
				if (arch == "x86")
					return op " %" reg c (fma ? ",%" reg c : ",%" reg r) ",%" reg r
				s = reg == "v" ? ".2d" : ""
				v = reg r s
				if (fma) return op " " v ", " reg c s ", " reg c s (op == "fmadd" ? ", " v : "")
				return op " " v ", " v ", " reg c s
			}' >"$want"
			# The counter register is the compiler's: "dec %rdx" and "subs x0, x0, #0x1" are "dec".
			awk -F '\t' -v g="$g" '$1 == g { l = $2; if (l ~ /^(dec |subs )/) l = "dec"; if (l == "b.ne") l = "jne"; print l }' "$tmp" >"$got"
			if cmp -s "$want" "$got"; then
				echo "ok $n - $name: $(grep -c "^$fma " "$got") FMAs and $(grep -c "^$add " "$got") adds in the fixed order, nothing else"
			else
				echo "not ok $n - $name: the loop is not the fixed one"
				diff "$want" "$got" | head -8 | sed 's/^/# /'
				failed=$((failed + 1))
			fi
			g=$((g + 1))
		done
	done
done
[ "$failed" -eq 0 ]
