#!/bin/sh
# measure's bandwidth group on this machine, small and short: the sweep is the
# hand-written triad of the widest ISA, and one bandwidth kernel runs each
# access pattern the placed kernels declare (from the registry, as
# `measure --list` shows it) at the pre-scan's plateaus; fit turns them into
# pattern roofs. A bandwidth kernel that computes wrong fails the run.
# No timing thresholds.
. "$(dirname "$0")/lib.sh"
SMALL="--quick --threads 1 --max-size 2M --passes 1 --trials 2 --warmup 1 --min-time 2e-4"

test_expect_success 'the sweep is bw_triad of the widest ISA, named in env.csv' '
	"$ROOFLINE" measure $SMALL --only bandwidth --out run >/dev/null 2>err &&
	isa=$(awk -F, "\$1 == \"isa\" { print \$2 }" run/env.csv) &&
	test "$(awk -F, "\$1 == \"sweep_kernel\" { print \$2 }" run/env.csv)" = "bw_triad_$isa" &&
	grep -q "^roofline: pre-scan: bw_triad_$isa " err &&
	! awk -F, "NR > 1 && \$4 == \"bandwidth\" { print \$5 }" run/timings.csv | grep -qx triad
'
test_expect_success 'the patterns timed are those the placed kernels declare, 2r1w-nt and 2r1w-ip; a pattern no bandwidth kernel runs is said' '
	"$ROOFLINE" measure --list >list &&
	awk "\$2 == \"bw\" && \$4 == \"yes\" { print \$7 }" list | sort -u >runnable &&
	awk "\$2 == \"stream\" && \$4 == \"yes\" && \$7 != \"2r1w\" { print \$7 }" list >want.tmp &&
	printf "2r1w-nt\n2r1w-ip\n" >>want.tmp && sort -u want.tmp >declared &&
	comm -12 declared runnable >want &&
	comm -23 declared runnable >orphans &&
	for p in $(cat orphans); do
		grep -q "^roofline: no bandwidth kernel runs pattern $p here" err || exit 1
	done &&
	test -s want &&
	awk -F, "NR > 1 && \$4 == \"bandwidth\" { print \$5 }" run/timings.csv | sort -u >timed &&
	sweep=$(awk -F, "\$1 == \"sweep_kernel\" { print \$2 }" run/env.csv) &&
	grep -v -x "$sweep" timed | while read -r k; do
		awk -v k="$k" "\$1 == k && \$2 == \"bw\" { print \$7 }" list
	done | sort -u >got.all &&
	# A declared pattern with allocating stores also runs with streaming stores
	# on the DRAM plateau (the next test): 1r1w-nt beside 1r1w. And the sweep'"'"'s
	# own pattern, 2r1w, runs at the next width there (one size, below).
	{ for p in $(cat want); do echo "$p-nt"; done; echo 2r1w; } | sort -u >variants &&
	comm -23 got.all variants >got.plain && sort -u want variants | comm -23 got.all - >unknown &&
	test ! -s unknown &&
	comm -23 want variants | comm -23 - got.plain >missing &&
	test ! -s missing
'
# The one-vector twins (another loop shape of the widest, timed at L1 in a
# quick run: t0960) are not widths.
test_expect_success 'each pattern is timed at its two widest vector widths (the faster sets the roof)' '
	grep -v "one vector an iteration" list >widths &&
	for p in 1r1w 2r0w 2r1w-nt 2r1w-ip; do
		have=$(awk -v p=$p "\$2 == \"bw\" && \$4 == \"yes\" && \$7 == p" widths | wc -l) &&
		want=$(( have < 2 ? have : 2 )) &&
		got=$(awk -v p=$p "\$2 == \"bw\" && \$7 == p { print \$1 }" widths | while read -r k; do
			awk -F, -v k="$k" "NR > 1 && \$4 == \"bandwidth\" && \$5 == k { print k; exit }" run/timings.csv
		done | wc -l) &&
		test "$got" -eq "$want" || { echo "$p: $got widths timed, want $want"; exit 1; }
	done
'
test_expect_success 'the sweep'"'"'s pattern runs at the next width at one size only, the DRAM plateau'"'"'s' '
	sweep=$(awk -F, "\$1 == \"sweep_kernel\" { print \$2 }" run/env.csv) &&
	awk "\$2 == \"bw\" && \$7 == \"2r1w\" && \$1 != \"$sweep\" && \$1 !~ /triad1_/ { print \$1 }" list >narrower &&
	for k in $(cat narrower); do
		awk -F, -v k="$k" "NR > 1 && \$4 == \"bandwidth\" && \$5 == k { print \$6 }" run/timings.csv
	done | sort -u >sizes &&
	test "$(wc -l <sizes)" -le 1
'
# Which level a pattern job lands on depends on the pre-scan's plateaus, which
# a busy machine can move: every level has each pattern's roof, or fit says
# that none landed there.
# The paced copies (kind "paced" in the listing) and the streaming-store copy
# (1r1w-nt) run only on the DRAM plateau, beside the plain copy of their
# width, at its size: more ways of running 1r1w. A quick run's curve may not settle, and then
# no job is on a DRAM plateau: nothing to check.
test_expect_success 'paced and streaming-store copies run only beside the plain copy on the DRAM plateau, at its size' '
	awk "\$2 == \"paced\" || \$7 == \"1r1w-nt\" { print \$1, \$3 }" list >paced &&
	test "$(wc -l <paced)" -ge 4 &&
	while read -r k isa; do
		awk -F, -v k="$k" "NR > 1 && \$4 == \"bandwidth\" && \$5 == k { print \$6 }" run/timings.csv |
			sort -u >sizes &&
		{ test "$(wc -l <sizes)" -le 1 || { echo "$k at $(wc -l <sizes) sizes"; exit 1; }; } &&
		if test -s sizes; then
			awk -F, -v k="bw_copy_$isa" "NR > 1 && \$4 == \"bandwidth\" && \$5 == k { print \$6 }" \
				run/timings.csv | sort -n | tail -n 1 >plain &&
			cmp -s sizes plain || { echo "$k at $(cat sizes), bw_copy_$isa at $(cat plain)"; exit 1; }
		fi || exit 1
	done <paced
'
test_expect_success 'fit writes each pattern'"'"'s roof per level, or says why not' '
	"$ROOFLINE" fit run >out &&
	awk -F, "\$2 == \"bandwidth\" { print \$1 }" run/roofs.csv >levels &&
	test -s levels &&
	for p in $(cat want); do
		grep -q "^[A-Z0-9]*\.$p,pattern," run/roofs.csv || { echo "no $p roof"; exit 1; }
		for l in $(cat levels); do
			grep -q "^$l\.$p,pattern," run/roofs.csv ||
				grep -q "^note: $l: no \(.*, \)*$p\(, [^ ]*\)* job of .* landed on this level" out ||
				{ echo "$l.$p: neither roof nor note"; exit 1; }
		done
	done &&
	for l in $(cat levels); do
		grep -q "^$l\.2r1w,pattern," run/roofs.csv || { echo "no $l.2r1w"; exit 1; }
	done &&
	awk -F, "\$2 == \"pattern\" && \$4 != \"GB/s\" { exit 1 }" run/roofs.csv
'
test_expect_success 'a bandwidth kernel that computes wrong fails the run with exit 1, written down' '
	isa=$(awk -F, "\$1 == \"isa\" { print \$2 }" run/env.csv) &&
	ROOFLINE_TEST_CORRUPT=bw_copy_$isa "$ROOFLINE" measure $SMALL --only bandwidth --out bad >/dev/null 2>err;
	test $? -eq 1 && grep -q "^bandwidth,bw_copy_$isa," bad/failures.csv &&
	! grep -q ",bandwidth,bw_copy_$isa," bad/timings.csv
'
test_expect_success 'a sweep kernel that computes wrong stops the pre-scan, exit 1' '
	isa=$(awk -F, "\$1 == \"isa\" { print \$2 }" run/env.csv) &&
	ROOFLINE_TEST_CORRUPT=bw_triad_$isa "$ROOFLINE" measure $SMALL --only bandwidth --out bad2 >/dev/null 2>err;
	test $? -eq 1 && grep -q "bw_triad_$isa failed its check during the pre-scan" err
'
test_done
