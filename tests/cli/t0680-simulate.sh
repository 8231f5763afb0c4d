#!/bin/sh
# measure --simulate: the real plan against a described machine, on a fake
# clock: an ordinary run directory marked simulated, that fit and report read
# unchanged; the same seed gives the same run; a bad machine file is bad
# input (one line, exit 2); describe turns a run back into a machine file
# that simulates to the same roofs.
. "$(dirname "$0")/lib.sh"
M=$ROOFLINE_SRC/data/machines
# field FILE NAME: roofs.csv's value of roof NAME
field() {
	awk -F, -v n="$2" 'NR > 1 && $1 == n { print $3; exit }' "$1"
}
# l3_bytes FILE: a machine file's L3 size in bytes
l3_bytes() {
	awk '$1 == "cache" && $2 == "L3" { v = $4 + 0; u = substr($4, length($4));
		print v * (u == "K" ? 1024 : u == "M" ? 1048576 : u == "G" ? 1073741824 : 1); exit }' "$1"
}
# near X Y REL: |X / Y - 1| <= REL
near() {
	awk -v x="$1" -v y="$2" -v t="$3" 'BEGIN { d = x / y - 1; if (d < 0) d = -d; exit !(x != "" && d <= t) }'
}

test_expect_success 'a simulated run is an ordinary run directory that says it is simulated' '
	"$ROOFLINE" measure --simulate "$M/zen3-epyc-vm.machine" --out run >stdout 2>err &&
	test "$(tail -n 1 stdout)" = run &&
	grep -q "^simulated,1\$" run/env.csv &&
	grep -q "^machine_file,.*zen3-epyc-vm.machine\$" run/env.csv &&
	grep -q "^machine_hash,fnv1a64:[0-9a-f]\{16\}\$" run/env.csv &&
	grep -q "^l3_bytes,33554432\$" run/env.csv &&
	test -s run/timings.csv && test -s run/stops.csv &&
	"$ROOFLINE" fit run >summary &&
	for r in L1 L2 L3 DRAM peak; do test -n "$(field run/roofs.csv $r)" || exit 1; done &&
	near "$(field run/roofs.csv DRAM.2r1w)" 26.33 0.05 &&
	near "$(field run/roofs.csv fma)" 51.9 0.05 &&
	"$ROOFLINE" report run --out out 2>/dev/null &&
	grep -q "^# Roofline: simulated: " out/report.md &&
	grep -q "^| simulated | every timing is the model.s, not a measurement: " out/report.md
'
test_expect_success 'the same seed gives the same timings, another seed other ones' '
	"$ROOFLINE" measure --simulate "$M/m1-article.machine" --seed 7 --out a >/dev/null 2>&1 &&
	"$ROOFLINE" measure --simulate "$M/m1-article.machine" --seed 7 --out b >/dev/null 2>&1 &&
	"$ROOFLINE" measure --simulate "$M/m1-article.machine" --seed 8 --out c >/dev/null 2>&1 &&
	cmp a/timings.csv b/timings.csv && ! cmp -s a/timings.csv c/timings.csv
'
test_expect_success 'without --out it writes data/runs/ and leaves data/latest alone' '
	mkdir here && cd here &&
	"$ROOFLINE" measure --simulate "$M/no-l3-cortex-a72.machine" >stdout 2>/dev/null &&
	test -d "$(tail -n 1 stdout)" && ! test -e data/latest
'
test_expect_success 'a bad machine file is bad input: one line naming the file and line' '
	printf "format = 1\ncores = 2\nbogus = 3\n" >bad.machine &&
	expect_usage_error measure --simulate bad.machine --out x &&
	grep -q "^roofline: measure --simulate: bad.machine:3: unknown key .bogus.\$" "$TRASH/.stderr" &&
	! test -e x &&
	printf "format = 1\ncores = 2\nclock_ghz = 3\nmemory = 8G\nfp scalar = fma 2\n" >nodram.machine &&
	expect_usage_error measure --simulate nodram.machine --out y &&
	grep -q "no bw DRAM line" "$TRASH/.stderr" &&
	expect_usage_error measure --simulate no-such.machine --out z &&
	expect_usage_error measure --simulate "$M/zen3-epyc-vm.machine" --seed -1 --out z
'
test_expect_success 'describe writes the run as a machine file that simulates to the same roofs' '
	"$ROOFLINE" describe run --out again.machine 2>err && grep -q "^roofline: wrote again.machine\$" err &&
	near "$(l3_bytes again.machine)" "$(l3_bytes "$M/zen3-epyc-vm.machine")" 0.1 &&
	grep -q "^bw DRAM 2r1w = 1:" again.machine &&
	"$ROOFLINE" measure --simulate again.machine --out run2 >/dev/null 2>&1 &&
	"$ROOFLINE" fit run2 >/dev/null &&
	for r in L1.2r1w L2.2r1w L3.2r1w DRAM.2r1w DRAM.2r1w@2t peak@2t; do
		near "$(field run2/roofs.csv $r)" "$(field run/roofs.csv $r)" 0.05 || { echo "$r"; exit 1; }
	done &&
	"$ROOFLINE" describe run >stdout.machine && grep -q "^format = 1\$" stdout.machine
'
test_expect_success 'describe of the committed example is the shipped Zen 5 machine file' '
	"$ROOFLINE" describe "$ROOFLINE_SRC/data/example/run" | grep -v "^#\|^name = " >got &&
	grep -v "^#\|^name = " "$M/zen5-epyc-vm-508mib-l3.machine" >want && cmp want got
'
test_expect_success 'describe of no run, or of a file, is bad input' '
	expect_usage_error describe no-such-dir &&
	expect_usage_error describe bad.machine &&
	expect_usage_error describe
'
test_done
