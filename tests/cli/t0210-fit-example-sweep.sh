#!/bin/sh
# fit on a real sweep: the committed example run's bandwidth timings
# (tests/fixtures/example-sweep). Each plateau keeps the sizes that belong to
# it: L2 once lost its 69-278 KB sizes (165-172 GB/s) to the rule that
# dropped a level slower than a later one; a level that rises across its
# sizes is one level. No timing is taken.
. "$(dirname "$0")/lib.sh"
FX=$ROOFLINE_SRC/tests/fixtures/example-sweep

# roof NAME FIELD: a field of a roofs.csv row (3 value, 5 size_lo, 6 size_hi, 7 samples)
roof() {
	awk -F, -v n="$1" -v f="$2" '$1 == n { print $f }' fx/roofs.csv
}

test_expect_success 'fit reads the old run (its sweep is the compiled triad)' '
	cp -r "$FX" fx && "$ROOFLINE" fit fx >out &&
	test "$(awk -F, "\$2 == \"bandwidth\"" fx/roofs.csv | wc -l)" -eq 4
'
test_expect_success 'L2 keeps every size from 69 KB to 786 KB of working set' '
	test "$(roof L2 5)" = 69504 && test "$(roof L2 6)" = 786432 && test "$(roof L2 7)" = 8
'
test_expect_success 'the other plateaus keep their sizes' '
	test "$(roof L1 5)" = 17280 && test "$(roof L1 6)" = 49152 &&
	test "$(roof L3 5)" = 2224320 && test "$(roof L3 6)" = 17794752 &&
	test "$(roof DRAM 5)" = 201326592 && test "$(roof DRAM 6)" = 402653184
'
test_expect_success 'every sweep size between a plateau'"'"'s ends counts in it' '
	for r in L1 L2 L3 DRAM; do
		lo=$(roof $r 5) hi=$(roof $r 6) n=$(roof $r 7)
		in=$(awk -F, -v lo=$lo -v hi=$hi "NR > 1 && \$2 >= lo && \$2 <= hi" fx/sweep.csv | wc -l)
		test "$in" -eq "$n" || { echo "$r: $in sizes in range, $n counted"; exit 1; }
	done
'
test_expect_success 'the L2 slope is said as a slope, and no level is dropped' '
	grep -q "^note: L2 ranges from 166 to 206 GB/s across its plateau" out &&
	! grep -q "on no plateau" out &&
	! grep -q "L2: per-pass medians" out
'
test_expect_success 'the roofs are pattern roofs of the triad'"'"'s pattern too' '
	test "$(roof L2.2r1w 3)" = "$(roof L2 3)" &&
	test "$(awk -F, "\$1 == \"L2.2r1w\" { print \$2 }" fx/roofs.csv)" = pattern
'
test_done
