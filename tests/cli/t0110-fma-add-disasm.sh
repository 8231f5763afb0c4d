#!/bin/sh
# t0110-fma-add-disasm.sh - the FMA+add mix's inner loops are what P says:
# for each fma_add_<isa>_<P> in $ROOFLINE_BUILD/kernels/fma_add_<isa>.o the
# loop (a backward conditional jump and the instructions from its target to
# it) holds m*P FMAs on P distinct registers and m*P adds on P to m*P other
# registers (m: the compiler's unroll; clang may alternate an unrolled add
# chain between two registers), of the ISA's form (pd on
# zmm/ymm/xmm, sd for scalar), no memory operand, and nothing else but
# loop-counter work. 2P + 2 registers fit the register file for every P the
# family has, so no spill is allowed.
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

# isa:pairs:form:register
SETS="avx512:15:pd:zmm avx2:7:pd:ymm sse2:7:pd:xmm scalar:7:sd:xmm"
total=0
for s in $SETS; do
	p=$(echo "$s" | cut -d: -f2)
	total=$((total + p))
done
echo "1..$total"

# One line per loop of each PREFIX<P>: P fmas fma-dests adds add-dests shared bad others
loops_awk='
function hex(s,    i, c, v) {
	v = 0; s = tolower(s); sub(/^0x/, "", s)
	for (i = 1; i <= length(s); i++) {
		c = index("0123456789abcdef", substr(s, i, 1))
		if (c == 0) break
		v = v * 16 + c - 1
	}
	return v
}
function flush(    i, j, t, tgt, nf, na, df, da, sh, bad, oth, fd, ad2, d) {
	if (fn == "") return
	for (j = 1; j <= ni; j++) {
		if (mn[j] !~ /^j/ || mn[j] == "jmp") continue
		split(op[j], t, " ")
		tgt = hex(t[1])
		if (tgt > ad[j]) continue
		nf = 0; na = 0; df = 0; da = 0; sh = 0; bad = 0; oth = ""
		split("", fd); split("", ad2)
		for (i = 1; i <= j; i++) {
			if (ad[i] < tgt) continue
			d = op[i]; sub(/.*,/, "", d)
			if (mn[i] ~ /^vfmadd[0-9][0-9][0-9][ps]d$/) {
				nf++
				if (!(d in fd)) { fd[d] = 1; df++ }
				if (mn[i] !~ (form "$") || op[i] ~ /\(/ || d !~ ("^%" reg "[0-9]+$")) bad++
			} else if (mn[i] ~ /^v?add[ps]d$/) {
				na++
				if (!(d in ad2)) { ad2[d] = 1; da++ }
				if (mn[i] !~ (form "$") || op[i] ~ /\(/ || d !~ ("^%" reg "[0-9]+$")) bad++
			} else if (i == j || mn[i] ~ /^(nop[wl]?|xchg|data16|cs)$/ ||
				   (mn[i] ~ /^(inc|dec|add|sub|cmp)[bwlq]?$/ && op[i] !~ /\(/)) {
			} else {
				oth = oth (oth == "" ? "" : "; ") mn[i] " " op[i]
			}
		}
		for (d in fd) if (d in ad2) sh++
		printf "%s\t%d\t%d\t%d\t%d\t%d\t%d\t%s\n", fn, nf, df, na, da, sh, bad, oth
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
	o = rest; sub(/^[^ \t]+[ \t]*/, "", o)
	ni++; ad[ni] = hex(a); mn[ni] = m; op[ni] = o
}
END { flush() }
'

tmp=$(mktemp "${TMPDIR:-/tmp}/t0110.XXXXXX") || exit 1
trap 'rm -f "$tmp"' EXIT INT TERM
n=0 failed=0
for s in $SETS; do
	isa=$(echo "$s" | cut -d: -f1) pmax=$(echo "$s" | cut -d: -f2)
	form=$(echo "$s" | cut -d: -f3) reg=$(echo "$s" | cut -d: -f4)
	obj=$build/kernels/fma_add_$isa.o
	skip=
	if [ ! -f "$obj" ]; then
		skip="no $obj"
	elif ! objdump -f "$obj" | grep -q 'x86-64'; then
		skip="not an x86-64 object"
	else
		objdump -d --no-show-raw-insn "$obj" |
			awk -v prefix="fma_add_${isa}_" -v form="$form" -v reg="$reg" "$loops_awk" >"$tmp"
	fi
	p=1
	while [ "$p" -le "$pmax" ]; do
		n=$((n + 1))
		name="fma_add_${isa}_$p"
		if [ -n "$skip" ]; then
			echo "ok $n # skip $name: $skip"
			p=$((p + 1))
			continue
		fi
		verdict=$(awk -F '\t' -v p="$p" '
			$1 == p && $2 + $4 > 0 {
				loops++
				if ($2 == 0 || $2 % p != 0 || $4 != $2) { bad = bad sprintf("%d FMAs and %d adds, want m*%d each; ", $2, $4, p); next }
				# An unrolled add chain may alternate between two registers (clang): P to m*P of them.
				if ($3 != p || $5 < p || $5 > $4) { bad = bad sprintf("FMAs on %d registers, adds on %d, want %d and %d..%d; ", $3, $5, p, p, $4); next }
				if ($6 > 0) { bad = bad sprintf("%d registers both FMA and add accumulators; ", $6); next }
				if ($7 > 0) { bad = bad sprintf("%d instructions of the wrong form or with memory operands; ", $7); next }
				if ($8 != "") { bad = bad sprintf("also: %s; ", $8); next }
				desc = sprintf("%d FMAs and %d adds on %d + %d registers", $2, $4, $3, $5)
			}
			END {
				if (!loops) print "fail\tno loop with FMAs and adds"
				else if (bad != "") print "fail\t" bad
				else print "ok\t" desc
			}' "$tmp")
		case $verdict in
		ok*) echo "ok $n - $name: ${verdict#ok	}, nothing else" ;;
		*) echo "not ok $n - $name: ${verdict#fail	}"; failed=$((failed + 1)) ;;
		esac
		p=$((p + 1))
	done
done
[ "$failed" -eq 0 ]
