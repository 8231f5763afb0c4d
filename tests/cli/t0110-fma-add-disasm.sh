#!/bin/sh
# t0110-fma-add-disasm.sh - the FMA+add mixes' inner loops are exactly what
# kernels/fma_add_chains.h writes, whatever the compiler: for each member
# <kernel>_<G> in $ROOFLINE_BUILD/kernels/<kernel>.o, the one loop with FMAs
# in it (a backward conditional jump and the instructions from its target
# to it) is, in this order, every group's FMAs (x*x added to its registers
# of S*g ..), then every group's adds (1 added), then the counter's dec and
# the jump: nothing more, nothing less, no memory operand, no register other
# than the ones named; the loop starts on a 64-byte boundary (a line of the
# micro-op cache: one more way the compiler could move the timing). Kernels: fma_add_* (1:1, P pairs), fma_mix21_* (2:1)
# and fma_mix12_* (1:2), on the ISAs of x86-64 (NEON is cross-built and run
# by t0900).
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

# isa:registers:fma:add:register-prefix (x at R-1, 1 at R-2)
ISAS="avx512:32:vfmadd231pd:vaddpd:zmm avx2:16:vfmadd231pd:vaddpd:ymm sse2:16:vfmadd231pd:vaddpd:xmm
scalar:16:vfmadd231sd:vaddsd:xmm"
# kernel prefix:group size:FMAs a group
RATIOS="fma_add:2:1 fma_mix21:3:2 fma_mix12:3:1"

total=0
for s in $ISAS; do
	regs=$(echo "$s" | cut -d: -f2)
	for r in $RATIOS; do
		size=$(echo "$r" | cut -d: -f2)
		total=$((total + (regs - 2) / size))
	done
done
echo "1..$total"

# The loop with FMAs of each <prefix><G>: "G<TAB>instruction" lines, in order.
loop_awk='
function hex(s,    i, c, v) {
	v = 0; s = tolower(s); sub(/^0x/, "", s)
	for (i = 1; i <= length(s); i++) {
		c = index("0123456789abcdef", substr(s, i, 1))
		if (c == 0) break
		v = v * 16 + c - 1
	}
	return v
}
function flush(    i, j, t, tgt, nf) {
	if (fn == "") return
	for (j = 1; j <= ni; j++) {
		if (mn[j] !~ /^j/ || mn[j] == "jmp") continue
		split(op[j], t, " ")
		tgt = hex(t[1])
		if (tgt > ad[j]) continue
		nf = 0
		for (i = 1; i <= j; i++)
			if (ad[i] >= tgt && mn[i] ~ /^vfmadd/) nf++
		if (!nf) continue
		print fn "\t@" (tgt % 64 == 0 ? "aligned" : "at " tgt)
		for (i = 1; i <= j; i++)
			if (ad[i] >= tgt) print fn "\t" (i == j ? mn[i] : mn[i] " " op[i])
		print fn "\t--"
	}
}
/^[0-9a-f]+ <.*>:$/ {
	flush()
	fn = $2; sub(/^</, "", fn); sub(/>:$/, "", fn)
	if (substr(fn, 1, length(prefix)) == prefix && substr(fn, length(prefix) + 1) ~ /^[0-9]+$/)
		fn = substr(fn, length(prefix) + 1)
	else
		fn = ""
	ni = 0
	next
}
/^ *[0-9a-f]+:\t/ && fn != "" {
	line = $0; sub(/^ */, "", line)
	a = line; sub(/:.*/, "", a)
	rest = line; sub(/^[0-9a-f]+:\t/, "", rest)
	m = rest; sub(/[ \t].*/, "", m)
	o = rest; sub(/^[^ \t]+[ \t]*/, "", o); sub(/[ \t]*#.*/, "", o); gsub(/[ \t]+/, " ", o)
	ni++; ad[ni] = hex(a); mn[ni] = m; op[ni] = o
}
END { flush() }
'

tmp=$(mktemp "${TMPDIR:-/tmp}/t0110.XXXXXX") || exit 1
want=$(mktemp "${TMPDIR:-/tmp}/t0110w.XXXXXX") || exit 1
got=$(mktemp "${TMPDIR:-/tmp}/t0110g.XXXXXX") || exit 1
trap 'rm -f "$tmp" "$want" "$got"' EXIT INT TERM
n=0 failed=0
for s in $ISAS; do
	isa=$(echo "$s" | cut -d: -f1) regs=$(echo "$s" | cut -d: -f2)
	fma=$(echo "$s" | cut -d: -f3) add=$(echo "$s" | cut -d: -f4) reg=$(echo "$s" | cut -d: -f5)
	for r in $RATIOS; do
		kernel=$(echo "$r" | cut -d: -f1)_$isa
		size=$(echo "$r" | cut -d: -f2) fmas=$(echo "$r" | cut -d: -f3)
		obj=$build/kernels/$kernel.o
		skip=
		if [ ! -f "$obj" ]; then
			skip="no $obj"
		elif ! objdump -f "$obj" | grep -q 'x86-64'; then
			skip="not an x86-64 object"
		else
			objdump -d --no-show-raw-insn "$obj" |
				awk -v prefix="${kernel}_" "$loop_awk" >"$tmp"
		fi
		g=1
		while [ $((g * size)) -le $((regs - 2)) ]; do
			n=$((n + 1))
			name="${kernel}_$g"
			if [ -n "$skip" ]; then
				echo "ok $n # skip $name: $skip"
				g=$((g + 1))
				continue
			fi
			awk -v g="$g" -v size="$size" -v fmas="$fmas" -v fma="$fma" -v add="$add" \
			    -v reg="$reg" -v regs="$regs" 'BEGIN {
				x = "%" reg (regs - 1); one = "%" reg (regs - 2)
				print "@aligned"
				for (k = 0; k < g * size; k++)
					if (k % size < fmas) print fma " " x "," x ",%" reg k
				for (k = 0; k < g * size; k++)
					if (k % size >= fmas) print add " " one ",%" reg k ",%" reg k
				print "dec"
				print "jne"
				print "--"
			}' >"$want"
			# The counter register is the compiler's: "dec %rdx" is "dec".
			awk -F '\t' -v g="$g" '$1 == g { l = $2; if (l ~ /^dec /) l = "dec"; print l }' "$tmp" >"$got"
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
