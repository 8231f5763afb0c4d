#!/bin/sh
# t0995-fma-deep-disasm.sh - the deep FMA+add mixes' inner loops are exactly
# what kernels/fma_deep.h writes, whatever the compiler: for each member
# <kernel>_<G> in $ROOFLINE_BUILD/kernels/<kernel>.o (x86-64), the loop (a
# backward conditional jump and the instructions from its target to it) is
# U steps of every group's 5 FMAs (f += s*s, registers only: FMA chain k of
# group g in register 8g+k reads add chain 8g+5+k%3), then 5 steps of every
# group's 3 adds (s += 1 from memory), then the counter's dec and the jump:
# nothing more, nothing less; the loop starts on a 64-byte boundary.
# Kernels: fma_deep11_* (U = 3) and fma_deep21_* (U = 6).
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

# isa:groups at most:fma:add:register prefix
ISAS="avx512:4:vfmadd231pd:vaddpd:zmm avx2:2:vfmadd231pd:vaddpd:ymm sse2:2:vfmadd231pd:vaddpd:xmm
scalar:2:vfmadd231sd:vaddsd:xmm"
# kernel prefix:FMA steps
DEPTHS="fma_deep11:3 fma_deep21:6"

total=0
for s in $ISAS; do
	total=$((total + 2 * $(echo "$s" | cut -d: -f2)))
done
echo "1..$total"

# Each member's loop (loops.awk: the FMAs of a register by itself mark it),
# as "instruction operands" lines, the memory operand's and the counter's
# registers as MEM and N; "@aligned" or "@at ADDR" first.
loops_awk=${ROOFLINE_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/cli/loops.awk

tmp=$(mktemp "${TMPDIR:-/tmp}/t0995.XXXXXX") || exit 1
want=$(mktemp "${TMPDIR:-/tmp}/t0995w.XXXXXX") || exit 1
trap 'rm -f "$tmp" "$want"' EXIT INT TERM
n=0 failed=0
for s in $ISAS; do
	isa=$(echo "$s" | cut -d: -f1) gmax=$(echo "$s" | cut -d: -f2)
	fma=$(echo "$s" | cut -d: -f3) add=$(echo "$s" | cut -d: -f4) reg=$(echo "$s" | cut -d: -f5)
	for d in $DEPTHS; do
		kernel=$(echo "$d" | cut -d: -f1)_$isa steps=$(echo "$d" | cut -d: -f2)
		obj=$build/kernels/$kernel.o
		skip=
		if [ ! -f "$obj" ]; then
			skip="no $obj"
		elif ! objdump -f "$obj" | grep -q 'x86-64'; then
			skip="not an x86-64 object"
		fi
		g=1
		while [ "$g" -le "$gmax" ]; do
			n=$((n + 1))
			name="${kernel}_$g"
			if [ -n "$skip" ]; then
				echo "ok $n - $name # skip $skip"
				g=$((g + 1))
				continue
			fi
			objdump -d --no-show-raw-insn "$obj" | awk -v prefix="${kernel}_" -v self=1 -f "$loops_awk" |
				awk -F '\t' -v g="$g" '$1 == g && $2 != "--" {
					l = $2; gsub(/\(%r[a-z0-9]+\)/, "(MEM)", l)
					if (l ~ /^dec /) l = "dec N"
					if (l == "jnz") l = "jne"
					print l
				}' >"$tmp"
			awk -v G="$g" -v U="$steps" -v fma="$fma" -v add="$add" -v r="%$reg" 'BEGIN {
				print "@aligned"
				for (u = 0; u < U; u++)
					for (g = 0; g < G; g++)
						for (k = 0; k < 5; k++) {
							s = 8 * g + 5 + k % 3
							print fma " " r s "," r s "," r (8 * g + k)
						}
				for (v = 0; v < 5; v++)
					for (g = 0; g < G; g++)
						for (k = 5; k < 8; k++)
							print add " (MEM)," r (8 * g + k) "," r (8 * g + k)
				print "dec N"
				print "jne"
			}' >"$want"
			if cmp -s "$tmp" "$want"; then
				echo "ok $n - $name: $((5 * g * steps)) FMAs, $((15 * g)) adds, aligned"
			else
				echo "not ok $n - $name: the loop differs from fma_deep.h"
				diff "$want" "$tmp" | head -8 | sed 's/^/# /'
				failed=$((failed + 1))
			fi
			g=$((g + 1))
		done
	done
done
[ "$failed" -eq 0 ]
