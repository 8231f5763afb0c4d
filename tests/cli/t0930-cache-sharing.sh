#!/bin/sh
# Which reported caches are shared (docs/plan.md R7): a machine file's
# `reported LN = SIZE per-core|shared` reaches env.csv as hwloc's count of
# the logical CPUs that share one instance (l1d_shared_cpus ...), absent
# where the machine does not say; describe writes it back; a bad word is bad
# input.
. "$(dirname "$0")/lib.sh"
T=$ROOFLINE_SRC/tests/machines
# env FILE KEY: env.csv's value of KEY, empty where absent
env() {
	awk -F, -v k="$2" '$1 == k { print $2; exit }' "$1"
}

test_expect_success 'the reported sharing reaches env.csv as logical CPUs, absent where not said' '
	"$ROOFLINE" measure --simulate "$T/shared-l2-5t.machine" --out run >/dev/null 2>&1 &&
	test "$(env run/env.csv l1d_shared_cpus)" = 1 &&
	test "$(env run/env.csv l2_shared_cpus)" = 5 &&
	test "$(env run/env.csv l3_shared_cpus)" = 5 &&
	sed "s/^reported \(L.\) = \([0-9A-Z]*\) .*/reported \1 = \2/; s/^smt = 1/smt = 2/" \
		"$T/shared-l2-5t.machine" >bare.machine &&
	sed -i "s/^reported L2 = 4M\$/reported L2 = 4M per-core/" bare.machine &&
	"$ROOFLINE" measure --simulate bare.machine --out bare >/dev/null 2>&1 &&
	test "$(env bare/env.csv l2_shared_cpus)" = 2 &&
	! grep -q "^l1d_shared_cpus,\|^l3_shared_cpus," bare/env.csv
'
test_expect_success 'describe writes the recorded sharing back, and nothing where none was recorded' '
	"$ROOFLINE" describe run --out again.machine 2>/dev/null &&
	grep -q "^reported L1 = 48K per-core\$" again.machine &&
	grep -q "^reported L2 = 4M shared\$" again.machine &&
	grep -q "^reported L3 = 24M shared\$" again.machine &&
	"$ROOFLINE" describe "$ROOFLINE_SRC/data/example/run" >example.machine &&
	grep "^reported " example.machine >reported &&
	! grep -q "per-core\|shared" reported
'
test_expect_success 'a sharing word that is neither, or on no size, is bad input' '
	sed "s/^reported L2 = 4M shared\$/reported L2 = 4M private/" "$T/shared-l2-5t.machine" >bad.machine &&
	expect_usage_error measure --simulate bad.machine --out x &&
	grep -q "^roofline: measure --simulate: bad.machine:[0-9]*: want a size \[per-core|shared\] or none" \
		"$TRASH/.stderr" &&
	sed "s/^reported L2 = 4M shared\$/reported L2 = none shared/" "$T/shared-l2-5t.machine" >bad2.machine &&
	expect_usage_error measure --simulate bad2.machine --out y && ! test -e x && ! test -e y
'
test_done
