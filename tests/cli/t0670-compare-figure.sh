#!/bin/sh
# t0670-compare-figure.sh - the compare figure on scripted pairs whose truth
# is known (scripted-run.sh, perturb-run.sh): one thread count a figure
# (compare.png, compare-allcores.png, --threads), a roof drawn twice only when
# compare marked it moved, exactly the arrows of the moves; and compare.md
# naming a roof that moved when only the build changed as compiler-dependent
# (the tool's defect), never as a move of the machine.
. "$(dirname "$0")/lib.sh"
SCRIPTED="sh $ROOFLINE_SRC/tests/cli/scripted-run.sh"
PERTURB="sh $ROOFLINE_SRC/tests/cli/perturb-run.sh"

# arrows GP: "label,moved" of each kernel compare.gp draws as an arrow
arrows() {
	awk -F, '/^point_text\[/ { t = $0; sub(/^[^=]*= '"'"'/, "", t); sub(/'"'"'$/, "", t); text[++nt] = t }
		/^\$points << EOD/ { on = 1; r = 0; next } /^EOD/ { on = 0 } on { row[++r] = $0 }
		END { for (i = 1; i <= r; i++) { split(row[i], c, ","); if (c[10] == 1) print text[i] "," c[6] } }' "$1"
}
# roofs GP: "run label" of every roof line compare.gp draws (run 0: A, faint; 1: B)
roofs() {
	awk -F, '/^roof_text\[/ { t = $0; sub(/^[^=]*= '"'"'/, "", t); sub(/'"'"'$/, "", t); text[++nt] = t }
		/^\$roofs << EOD/ { on = 1; r = 0; next } /^EOD/ { on = 0 } on { run[++r] = $5 }
		END { for (i = 1; i <= r; i++) print run[i] " " text[i] }' "$1"
}
# with_env DIR KEY VALUE: env.csv's KEY set to VALUE
with_env() {
	awk -F, -v OFS=, -v k="$2" -v v="$3" '$1 == k { $0 = k "," v } { print }' "$1/env.csv" >"$1/env.tmp" &&
		mv "$1/env.tmp" "$1/env.csv"
}

test_expect_success 'a run compared with itself: no arrow, every roof once and unprefixed, one figure' '
	$SCRIPTED a && "$ROOFLINE" compare a a --out self 2>/dev/null &&
	test -z "$(arrows self/compare.gp)" &&
	test "$(roofs self/compare.gp | wc -l)" -ge 5 &&
	test -z "$(roofs self/compare.gp | grep -v "^1 ")" &&
	test -z "$(roofs self/compare.gp | grep "^1 [AB]: ")" &&
	test -z "$(roofs self/compare.gp | sort | uniq -d)" &&
	test -s self/compare.png && test ! -e self/compare-allcores.png &&
	grep -q "^set label 2 .no kernel moved" self/compare.gp
'
test_expect_success 'a scripted move of one kernel draws exactly that arrow' '
	cp -R a dot && $PERTURB dot 0 kernels/dot=0.5 &&
	"$ROOFLINE" compare a dot --out dot-out 2>/dev/null &&
	test "$(arrows dot-out/compare.gp)" = "dot ×0.50,slower" &&
	test -z "$(roofs dot-out/compare.gp | grep -v "^1 ")" &&
	grep -q "^set label 2 .0 faster, 1 slower of 7 kernels" dot-out/compare.gp &&
	grep -q "title .dot.$" dot-out/compare.gp
'
test_expect_success 'only the compiler changed and the peak moved: compiler-dependent, not the machine; drawn twice' '
	cp -R a clang && $PERTURB clang 3 peak/fma_avx512:1=1 peak/fma_avx512=1.15 &&
	with_env clang cc clang && with_env clang cc_version 14.0.6 &&
	"$ROOFLINE" compare a clang --out cc 2>/dev/null &&
	grep -q "^roof,peak,[^,]*,,112,.*,faster," cc/compare.csv &&
	grep -q "^\*\*Compiler-dependent roofs\*\* (the tool.s defect, not a move of the machine): peak ×1.15\. Only the build changed (gcc 12.2.0 → clang 14.0.6)" cc/compare.md &&
	grep -q "^The roofs (B/A; only the build changed, so this is the runs. drift): L1 1.00, L2 1.00, L3 1.00, DRAM 1.00\.$" cc/compare.md &&
	! grep -q "^The machine (B/A" cc/compare.md &&
	grep -q "^| peak (GFLOP/s) | 112.0 | 128.7 | 1.149 | .* | \*\*faster\*\*, compiler-dependent (the tool.s defect) |$" cc/compare.md &&
	test "$(grep -c "compiler-dependent (the tool" cc/compare.md)" -eq 1 &&
	test "$(roofs cc/compare.gp | grep "peak" | sort | tr "\n" ";")" = "0 A: peak 112 GFLOP/s;1 B: peak 129 GFLOP/s ×1.15;" &&
	test -z "$(roofs cc/compare.gp | grep -v peak | grep -v "^1 [^AB]")" &&
	grep -q "^set label [0-9]* .roofs moved with the compiler alone," cc/compare.gp
'
test_expect_success 'only the kernel flags changed: the moved peak is compiler-dependent too' '
	cp -R a flags && $PERTURB flags 3 peak/fma_avx512:1=1 peak/fma_avx512=1.15 &&
	with_env flags kernel_cflags "-O2" &&
	"$ROOFLINE" compare a flags --out fl 2>/dev/null &&
	grep -q "^\*\*Compiler-dependent roofs\*\*.*: peak ×1.15\. Only the build changed (gcc 12.2.0 → gcc 12.2.0, flags -O3 -march=native → -O2)" fl/compare.md
'
test_expect_success 'the same build, or another machine: a moved peak is the machine'"'"'s move' '
	cp -R a same && $PERTURB same 3 peak/fma_avx512:1=1 peak/fma_avx512=1.15 &&
	"$ROOFLINE" compare a same --out same-out 2>/dev/null &&
	! grep -qi "compiler-dependent" same-out/compare.md &&
	grep -q "^The machine (B/A of its roofs): .*, peak 1.15\.$" same-out/compare.md &&
	cp -R clang other && with_env other cpu_model "Another CPU" &&
	"$ROOFLINE" compare a other --out other-out 2>/dev/null &&
	! grep -qi "compiler-dependent" other-out/compare.md &&
	grep -q "^The machine (B/A of its roofs): .*, peak 1.15\.$" other-out/compare.md
'
test_expect_success 'two thread counts: compare.png one core, compare-allcores.png the two; --threads picks' '
	cp -R "$ROOFLINE_SRC"/data/example/run ex && chmod -R u+w ex &&
	"$ROOFLINE" compare ex ex --out two 2>/dev/null &&
	test -s two/compare.png && test -s two/compare-allcores.png &&
	grep -q "^set label 101 .Two runs compared, one core" two/compare.gp &&
	! grep -q "^[a-z]*_text.*@2t" two/compare.gp &&
	"$ROOFLINE" compare ex ex --threads 2 --out two2 2>/dev/null &&
	grep -q "^set label 101 .Two runs compared, 2 threads" two2/compare.gp &&
	! grep -q "^[a-z]*_text.*@2t" two2/compare.gp
'
test_expect_success 'compare --threads a count the runs did not both measure, or no count: bad usage' '
	expect_usage_error compare ex ex --threads 3 --out none &&
	grep -qx "roofline: compare: --threads 3: the runs both measured 1, 2" "$TRASH/.stderr" &&
	expect_usage_error compare a a --threads 2 --out none &&
	expect_usage_error compare a a --threads x --out none &&
	grep -q "^roofline: compare: --threads .x.: want one thread count" "$TRASH/.stderr" &&
	test ! -e none
'
test_done
