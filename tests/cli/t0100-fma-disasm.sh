#!/bin/sh
# t0100-fma-disasm.sh - the peak kernels' inner loops are what the chain count
# says they are. For each fma_<isa>_<K> in $ROOFLINE_BUILD/kernels/fma_<isa>.o
# (avx512, avx2, sse2, scalar) the loops (a backward conditional jump and the
# instructions from its target to it) must hold K FMAs per source iteration,
# on K distinct accumulators each updated equally often, of the ISA's form
# (vfmadd...pd on zmm/ymm/xmm, vfmadd...sd for scalar), and nothing else but
# loop-counter work (inc/dec/add/sub/cmp on registers, the jump, nops). On
# x86-64 the loops are fixed assembly (kernels/fma_chains_asm.h), one
# iteration each; a C build (FMA_CHAIN_C) may unroll the iteration loop
# (clang does for small K): then the loop holds m*K FMAs, each accumulator m
# times, and the test says so. K+1 registers are needed (K accumulators and
# x); where that exceeds the register file (K = 32 always; K >= 16 without
# AVX-512's 32 registers) the loop must still hold m*K FMAs, and the spill
# (the assembly's: the chains past R - 2 through one scratch register) is
# reported, not failed.
#
# Environment (from make test): ROOFLINE_BUILD, the build directory; CC.
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

ISAS="avx512 avx2 sse2 scalar"
KMAX=32
tmp=$(mktemp -d "${TMPDIR:-/tmp}/t0100.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM

# Reads `objdump -d --no-show-raw-insn` of one object and prints one line per
# loop of each function PREFIX<K>:
#   K fmas distinct-destinations min-per-dest max-per-dest bad-form others
# (tab-separated); bad-form counts FMAs not of FORM (sd/pd) on REG registers
# or with a memory operand; others lists the loop's other instructions.
loops_awk='
function hex(s,    i, c, v) {
	v = 0
	s = tolower(s)
	sub(/^0x/, "", s)
	for (i = 1; i <= length(s); i++) {
		c = index("0123456789abcdef", substr(s, i, 1))
		if (c == 0)
			break
		v = v * 16 + c - 1
	}
	return v
}
function flush(    i, j, t, tgt, nf, nd, bad, oth, cnt, d, lo, hi) {
	if (fn == "")
		return
	for (j = 1; j <= ni; j++) {
		if (mn[j] !~ /^j/ || mn[j] == "jmp")
			continue
		split(op[j], t, " ")
		tgt = hex(t[1])
		if (tgt > ad[j])
			continue
		nf = 0; nd = 0; bad = 0; oth = ""
		split("", cnt)
		for (i = 1; i <= j; i++) {
			if (ad[i] < tgt)
				continue
			if (mn[i] ~ /^vfmadd[0-9][0-9][0-9][ps]d$/) {
				nf++
				d = op[i]; sub(/.*,/, "", d)
				if (!(d in cnt)) { cnt[d] = 0; nd++ }
				cnt[d]++
				if (mn[i] !~ (form "$") || op[i] ~ /\(/ || d !~ ("^%" reg "[0-9]+$"))
					bad++
				if (op[i] ~ /\(/)
					oth = oth (oth == "" ? "" : "; ") mn[i] " " op[i]
			} else if (i == j || mn[i] ~ /^(nop[wl]?|xchg|data16|cs)$/ ||
				   (mn[i] ~ /^(inc|dec|add|sub|cmp)[bwlq]?$/ && op[i] !~ /\(/)) {
				# the loop counter, the jump, padding
			} else {
				oth = oth (oth == "" ? "" : "; ") mn[i] " " op[i]
			}
		}
		lo = -1; hi = 0
		for (d in cnt) {
			if (lo < 0 || cnt[d] < lo) lo = cnt[d]
			if (cnt[d] > hi) hi = cnt[d]
		}
		printf "%s\t%d\t%d\t%d\t%d\t%d\t%s\n", fn, nf, nd, lo, hi, bad, oth
	}
}
/^[0-9a-f]+ <.*>:$/ {
	flush()
	fn = $2
	sub(/^</, "", fn); sub(/>:$/, "", fn)
	if (substr(fn, 1, length(prefix)) == prefix && substr(fn, length(prefix) + 1) ~ /^[0-9]+$/)
		fn = substr(fn, length(prefix) + 1)
	else
		fn = ""
	ni = 0
	next
}
/^ *[0-9a-f]+:\t/ && fn != "" {
	line = $0
	sub(/^ */, "", line)
	a = line; sub(/:.*/, "", a)
	rest = line; sub(/^[0-9a-f]+:\t/, "", rest)
	m = rest; sub(/[ \t].*/, "", m)
	o = rest; sub(/^[^ \t]+[ \t]*/, "", o)
	ni++
	ad[ni] = hex(a); mn[ni] = m; op[ni] = o
}
END { flush() }
'

# Vector registers the kernels were built with: 32 when KERNEL_CFLAGS enable
# AVX-512 (EVEX reaches xmm/ymm16-31 too), else 16. From the flags embedded
# in remarks.c; failing that, from whether the objects use a register >= 16.
nregs=16
kflags=$(sed -n 's/^const char build_kernel_cflags\[\] = "\(.*\)";$/\1/p' "$build/remarks.c" 2>/dev/null)
if [ -n "$kflags" ]; then
	# shellcheck disable=SC2086 # the flags are a word list on purpose
	if ${CC:-cc} $kflags -dM -E -x c /dev/null 2>/dev/null | grep -q '__AVX512F__'; then
		nregs=32
	fi
elif objdump -d "$build"/kernels/fma_*.o 2>/dev/null | grep -Eq '%[xyz]mm(1[6-9]|2[0-9]|3[01])'; then
	nregs=32
fi

set -- $ISAS
echo "1..$(( $# * KMAX ))"
n=0 failed=0
for isa in $ISAS; do
	obj=$build/kernels/fma_$isa.o
	form=pd reg=zmm regs=$nregs
	case $isa in
	avx512) regs=32 ;;
	avx2) reg=ymm ;;
	sse2) reg=xmm ;;
	scalar) form=sd reg=xmm ;;
	esac
	skip=
	if [ ! -f "$obj" ]; then
		skip="no $obj"
	elif ! objdump -f "$obj" | grep -q 'x86-64'; then
		skip="not an x86-64 object"
	else
		objdump -d --no-show-raw-insn "$obj" |
			awk -v prefix="fma_${isa}_" -v form="$form" -v reg="$reg" "$loops_awk" \
			> "$tmp/$isa" || skip="objdump failed on $obj"
		if [ -z "$skip" ] && ! grep -q . "$tmp/$isa"; then
			if objdump -t "$obj" | grep -q "fma_${isa}_1\$"; then
				: # functions without loops: each K fails below
			else
				skip="$obj has no fma_${isa}_K functions"
			fi
		fi
	fi
	if [ -n "$skip" ]; then
		k=1
		while [ "$k" -le "$KMAX" ]; do
			n=$((n + 1))
			echo "ok $n # skip fma_${isa}_$k: $skip"
			k=$((k + 1))
		done
		continue
	fi
	# One verdict per K from all its loops that hold FMAs; each must pass.
	awk -F '\t' -v kmax="$KMAX" -v regs="$regs" -v form="$form" -v reg="$reg" '
		$2 == 0 { next }
		{
			k = $1 + 0
			spill = k + 1 > regs
			loops[k]++
			m = int($2 / k)
			if ($2 % k != 0) {
				bad[k] = bad[k] sprintf("%d FMAs, not a multiple of %d; ", $2, k)
				next
			}
			if (!spill && $3 != k)
				bad[k] = bad[k] sprintf("%d FMAs on %d accumulators, want %d; ", $2, $3, k)
			if (!spill && $4 != $5)
				bad[k] = bad[k] sprintf("accumulators updated %d to %d times; ", $4, $5)
			if (!spill && $6 > 0)
				bad[k] = bad[k] sprintf("%d FMAs not %s on %s registers; ", $6, form, reg)
			if (!spill && $7 != "")
				bad[k] = bad[k] sprintf("also: %s; ", $7)
			if (spill && $7 != "") {
				nx = split($7, x, "; ")
				nm = 0
				for (i = 1; i <= nx; i++)
					nm += x[i] ~ /\(/
				note[k] = note[k] sprintf("spill: %d FMAs on %d registers, plus %d other instructions, %d of them memory (%s; %s ...); ",
							  $2, $3, nx, nm, x[1], x[2])
			} else if (spill) {
				note[k] = note[k] sprintf("no spill: %d FMAs on %d registers; ", $2, $3)
			}
			desc[k] = desc[k] sprintf("%s%d FMAs%s", desc[k] == "" ? "" : ", ", $2,
						  m > 1 ? sprintf(" (unrolled %dx)", m) : "")
		}
		END {
			for (k = 1; k <= kmax; k++) {
				if (!(k in loops))
					printf "%d\tfail\tno loop with FMAs\t\n", k
				else if (k in bad)
					printf "%d\tfail\t%s\t\n", k, bad[k]
				else
					printf "%d\tok\t%s\t%s\n", k, desc[k], note[k]
			}
		}' "$tmp/$isa" > "$tmp/$isa.verdicts"
	while IFS='	' read -r k status what note; do
		n=$((n + 1))
		name="fma_${isa}_$k"
		if [ "$status" = ok ] && [ $((k + 1)) -le "$regs" ]; then
			echo "ok $n - $name: loops hold $what on $k accumulators, nothing else"
		elif [ "$status" = ok ]; then
			echo "ok $n - $name: loops hold $what; K+1 = $((k + 1)) registers > $regs"
			echo "# $name: $note"
		else
			echo "not ok $n - $name: $what"
			failed=$((failed + 1))
		fi
	done < "$tmp/$isa.verdicts"
done
[ "$failed" -eq 0 ]
