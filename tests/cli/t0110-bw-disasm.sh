#!/bin/sh
# t0110-bw-disasm.sh - the bandwidth kernels' inner loops are the same loop
# whichever compiler builds them, and are what their access pattern says.
# Each kernels/bw_<isa>.c (avx512, avx2, sse2) is built here with gcc and with
# clang, with the build's KERNEL_CFLAGS; for each bw_<kind>_<isa>_loop the
# inner loop (of the innermost loops, the one with the most vector memory
# instructions: the instructions from a backward jump's target to it) is reduced to its vector instructions,
# each as mnemonic (FMA forms 132/213/231 as one; vmovupd, vmovups, vmovapd
# and vmovaps, one move whichever the compiler picks, as vmovp), memory role
# (load, store, reg) and register width; the two compilers' multisets must be equal, and
# each must hold reads x U loads and writes x U stores of the ISA's width
# (U = 4 vectors a pass for the triads, update and copy, 8 for the sums, 1
# for their one-vector twins triad1, update1 and copy1), the
# streaming triad's stores all non-temporal (vmovntpd), and the four-vector
# triad, update and copy storing only after their last load (bw_stream.h:
# an iteration computes all its vectors before it stores any), and the
# one-vector twins addressing memory by base register and displacement only
# (no index register: bw_stream.h, one pointer walked per array).
#
# Environment (from make test): ROOFLINE_BUILD, ROOFLINE_SRC. Output: TAP.

build=${ROOFLINE_BUILD:-}
src=${ROOFLINE_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
if [ -z "$build" ]; then
	echo "Bail out! ROOFLINE_BUILD is not set (run through make test)"
	exit 1
fi
if ! command -v objdump >/dev/null 2>&1; then
	echo "1..0 # skip objdump not found (binutils)"
	exit 0
fi
case $(uname -m) in
x86_64) ;;
*) echo "1..0 # skip the x86-64 bandwidth kernels' loops, on $(uname -m)"; exit 0 ;;
esac
tmp=$(mktemp -d "${TMPDIR:-/tmp}/t0110.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM

kflags=$(sed -n 's/^const char build_kernel_cflags\[\] = "\(.*\)";$/\1/p' "$build/remarks.c" 2>/dev/null)
: "${kflags:=-O3 -march=native}"
compilers=
for cc in gcc clang; do
	command -v $cc >/dev/null 2>&1 && compilers="$compilers $cc"
done

# objdump -d of one object -> "function<TAB>token" for every vector
# instruction of each bw_*_loop function's inner loop.
loop_awk='
function hex(s,    i, c, v) {
	v = 0
	s = tolower(s)
	for (i = 1; i <= length(s); i++) {
		c = index("0123456789abcdef", substr(s, i, 1))
		if (c == 0)
			break
		v = v * 16 + c - 1
	}
	return v
}
function vec(o) { return o ~ /%[xyz]mm/ }
function flush(    i, j, k, t, tgt, nv, best, bj, bt, m, role, w, nb, inner) {
	if (fn == "")
		return
	best = -1
	# Backward jumps and their targets first: only innermost loops count
	# (the passes loop around the vector loop holds it and more).
	nb = 0
	for (j = 1; j <= ni; j++) {
		if (mn[j] !~ /^j/ || mn[j] == "jmp")
			continue
		split(op[j], t, " ")
		if (hex(t[1]) <= ad[j]) {
			nb++
			bjmp[nb] = ad[j]
			btgt[nb] = hex(t[1])
		}
	}
	for (j = 1; j <= ni; j++) {
		if (mn[j] !~ /^j/ || mn[j] == "jmp")
			continue
		split(op[j], t, " ")
		tgt = hex(t[1])
		if (tgt > ad[j])
			continue
		inner = 0
		for (k = 1; k <= nb; k++)
			if (bjmp[k] != ad[j] && btgt[k] >= tgt && bjmp[k] <= ad[j])
				inner = 1
		if (inner)
			continue
		nv = 0
		for (i = 1; i <= j; i++)
			if (ad[i] >= tgt && vec(op[i]) && op[i] ~ /\(/)
				nv++
		if (nv > best) { best = nv; bj = j; bt = tgt }
	}
	for (i = 1; best > 0 && i <= bj; i++) {
		if (ad[i] < bt || !vec(op[i]))
			continue
		m = mn[i]
		sub(/^vfmadd[0-9][0-9][0-9]/, "vfmadd", m)
		sub(/^vmov[au]p[sd]$/, "vmovp", m)
		role = op[i] ~ /\)$/ ? "store" : op[i] ~ /\(/ ? "load" : "reg"
		match(op[i], /%[xyz]mm/)
		w = substr(op[i], RSTART + 1, 3)
		printf "%s\t%s:%s:%s\t%s\n", fn, m, role, w, op[i] ~ /\([^)]*,/ ? "indexed" : "based"
	}
}
/^[0-9a-f]+ <.*>:$/ {
	flush()
	fn = $2
	sub(/^</, "", fn); sub(/>:$/, "", fn)
	if (fn !~ /^bw_.*_loop$/)
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

# signature FILE FN: the loop's multiset, "count token" a line, sorted
signature() {
	awk -F '\t' -v f="$2" '$1 == f { print $2 }' "$1" | sort | uniq -c | sed 's/^ *//'
}

ISAS="avx512 avx2 sse2"
KINDS="triad triad_nt update copy read read2 triad1 update1 copy1"
set -- $ISAS
nisa=$#
set -- $KINDS
echo "1..$((nisa * $# ))"
n=0 failed=0
for isa in $ISAS; do
	case $isa in avx512) w=zmm ;; avx2) w=ymm ;; sse2) w=xmm ;; esac
	for cc in $compilers; do
		# shellcheck disable=SC2086 # the flags are a word list on purpose
		$cc -std=gnu11 -D_GNU_SOURCE -I"$src/src" -I"$src/kernels" $kflags \
			-c "$src/kernels/bw_$isa.c" -o "$tmp/$cc-$isa.o" 2>"$tmp/$cc-$isa.err" &&
		objdump -d --no-show-raw-insn "$tmp/$cc-$isa.o" | awk "$loop_awk" > "$tmp/$cc-$isa.loops" ||
			echo "# $cc could not build bw_$isa.c: $(head -n 1 "$tmp/$cc-$isa.err")"
	done
	for kind in $KINDS; do
		n=$((n + 1))
		fn=bw_${kind}_${isa}_loop
		case $kind in
		triad|triad_nt|update) loads=8 stores=4 ;;
		copy) loads=4 stores=4 ;;
		read) loads=8 stores=0 ;;
		read2) loads=16 stores=0 ;;
		triad1|update1) loads=2 stores=1 ;;
		copy1) loads=1 stores=1 ;;
		esac
		why= first= firstcc= seen=0
		for cc in $compilers; do
			[ -s "$tmp/$cc-$isa.loops" ] || continue
			sig=$(signature "$tmp/$cc-$isa.loops" "$fn")
			if [ -z "$sig" ]; then
				why="$why$cc: no vector loop in $fn; "
				continue
			fi
			seen=$((seen + 1))
			nl=$(printf '%s\n' "$sig" | awk -v w=$w '$2 ~ ":load:" w "$" { s += $1 } END { print s + 0 }')
			ns=$(printf '%s\n' "$sig" | awk -v w=$w '$2 ~ ":store:" w "$" { s += $1 } END { print s + 0 }')
			nt=$(printf '%s\n' "$sig" | awk '$2 ~ /^vmovnt/ { s += $1 } END { print s + 0 }')
			other=$(printf '%s\n' "$sig" | awk -v w=$w '$2 !~ ":" w "$"' | tr '\n' ' ')
			[ "$nl" -eq "$loads" ] || why="$why$cc: $nl loads of $w, want $loads; "
			[ "$ns" -eq "$stores" ] || why="$why$cc: $ns stores of $w, want $stores; "
			[ -z "$other" ] || why="$why$cc: other widths: $other; "
			if [ "$kind" = triad_nt ] && [ "$nt" -ne "$stores" ]; then
				why="$why$cc: $nt of $ns stores non-temporal; "
			fi
			case $kind in triad1|update1|copy1)
				ni=$(awk -F '\t' -v f="$fn" '$1 == f && $3 == "indexed" { n++ } END { print n + 0 }' "$tmp/$cc-$isa.loops")
				[ "$ni" -eq 0 ] || why="$why$cc: $ni memory operands with an index register; " ;;
			esac
			case $kind in triad|update|copy)
				late=$(awk -F '\t' -v f="$fn" '$1 == f && $2 ~ /:store:/ { st = 1 }
					$1 == f && $2 ~ /:load:/ && st { n++ } END { print n + 0 }' "$tmp/$cc-$isa.loops")
				[ "$late" -eq 0 ] || why="$why$cc: $late loads after a store; " ;;
			esac
			if [ -z "$first" ]; then
				first=$sig firstcc=$cc
			elif [ "$sig" != "$first" ]; then
				why="$why$firstcc and $cc build different loops: $(printf '%s' "$first" | tr '\n' ',') vs $(printf '%s' "$sig" | tr '\n' ','); "
			fi
		done
		desc=$(printf '%s' "$first" | tr '\n' ',' | sed 's/,/, /g')
		if [ "$seen" -eq 0 ] && [ -z "$why" ]; then
			echo "ok $n # skip $fn: no compiler built it"
		elif [ -n "$why" ]; then
			echo "not ok $n - $fn: $why"
			failed=$((failed + 1))
		elif [ "$seen" -lt 2 ]; then
			echo "ok $n - $fn: $desc (only $firstcc here, nothing to compare with)"
		else
			echo "ok $n - $fn: gcc and clang build the same loop: $desc"
		fi
	done
done
[ "$failed" -eq 0 ]
