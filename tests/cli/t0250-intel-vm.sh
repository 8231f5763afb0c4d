#!/bin/sh
# A measured run of a 2-core Intel VM (tests/fixtures/intel-vm-run: L2 2 MiB a core, a
# 480 MiB L3 reported and not in the curve, STREAM's rule 384 MiB per array from the
# curve): the L2's slow tail is the L2, not the L3, and a DRAM pattern job whose arrays
# obey the rule sets the DRAM roof wherever its working set falls against the flat end.
. "$(dirname "$0")/lib.sh"
FX=$ROOFLINE_SRC/tests/fixtures/intel-vm-run

# field FILE NAME COLUMN: the COLUMN-th field of the row whose first field is NAME
field() {
	awk -F, -v n="$2" -v c="$3" 'NR > 1 && $1 == n { print $c; exit }' "$1"
}

test_expect_success 'the fit takes the run as measured' '
	cp -r "$FX" run && "$ROOFLINE" fit run >fit.out &&
	test -s run/roofs.csv
'
test_expect_success 'the L2 tail (1-1.5 MiB) is the L2: L2 spans it, L3 begins past the reported 2 MiB' '
	l2_hi=$(field run/roofs.csv L2 6) && l3_lo=$(field run/roofs.csv L3 5) &&
	awk -v a="$l2_hi" -v b="$l3_lo" "BEGIN { exit !(a >= 1.5 * 1048576 && b > 2 * 1048576) }"
'
test_expect_success 'the L3 roof is the L3'"'"'s, below the L2'"'"'s tail rate (80 GB/s)' '
	l3=$(field run/roofs.csv L3 3) && awk -v v="$l3" "BEGIN { exit !(v < 80) }"
'
test_expect_success 'the in-place job with two arrays at the rule sets the DRAM roof, and says so' '
	test "$(field run/roofs.csv DRAM 3)" = "$(field run/roofs.csv DRAM.2r1w-ip 3)" &&
	test "$(field run/roofs.csv DRAM.2r1w-ip 5)" = 805306368 &&
	awk -v a="$(field run/roofs.csv DRAM 3)" -v b="$(field run/roofs.csv DRAM.2r1w 3)" "BEGIN { exit !(a > b) }" &&
	grep -q "^note: DRAM: stores in place set the roof" fit.out &&
	! grep -q "^note: DRAM pattern roofs: their jobs ran" fit.out
'
# rule_run DIR CACHE RULE: a copy of the run whose recorded STREAM's rule came from a
# pre-scan that saw its last cache end at CACHE bytes of working set (RULE per array)
rule_run() {
	cp -r "$FX" "$1" &&
	sed -i -e "s/^stream_rule_cache_bytes,.*/stream_rule_cache_bytes,$2/" \
		-e "s/^stream_rule_bytes,.*/stream_rule_bytes,$3/" "$1/env.csv"
}
test_expect_success 'a sweep whose L3 runs past twice the cache its rule was 4x of says so, with the rule its curve asks' '
	rule_run short 4194304 16777216 && "$ROOFLINE" fit short >short.out &&
	grep -q "^note: L3 runs to 48 MiB of working set, past the 4 MiB that measure.s STREAM.s rule was 4x (16 MiB per array, from its pre-scan.s curve): by this sweep.s curve the rule is 192 MiB per array" short.out &&
	! grep -q "runs to .* of working set, past the" fit.out
'
test_expect_success 'an L3 that ends at twice that cache, or under, is not called past it' '
	rule_run edge 25165824 100663296 && "$ROOFLINE" fit edge >edge.out &&
	! grep -q "runs to .* of working set, past the" edge.out
'
test_done
