#!/bin/sh
# A quick run times the one-vector twins (bw_triad1_, bw_update1_, bw_copy1_)
# of each placed pattern at L1 and nowhere else; a full run at every level.
# Without them a quick run's L1.2r1w-ip was the four-vector update alone, 0.83
# of a plain loop on the Zen 3 VM where the twin ran 1.18 (make bench-pairs).
# Simulated runs: the plan is the one the hardware would get, on an AVX2 and
# an AVX-512 machine.
. "$(dirname "$0")/lib.sh"
M=$ROOFLINE_SRC/data/machines

# twin_levels RUN: "LEVEL KERNEL" for each planned job a timing of a twin names, once.
twin_levels() {
	awk -F, 'NR == FNR { if (FNR > 1) level[$1] = $3; next }
		FNR > 1 && $5 ~ /^bw_(triad|update|copy)1_/ && $12 != "" { print level[$12], $5 }' \
		"$1/plan.csv" "$1/timings.csv" | sort -u
}

for machine in zen3-epyc-vm zen4-epyc-vm; do
	test_expect_success "$machine: a quick run times each pattern's twin at L1 only" '
		"$ROOFLINE" measure --simulate "$M/$machine.machine" --quick --only bandwidth \
			--threads 1 --out quick-$machine >/dev/null 2>&1 &&
		twin_levels quick-$machine >twins &&
		test "$(cut -d" " -f1 twins | sort -u)" = L1 &&
		test "$(sed "s/^L1 bw_\([a-z]*\)1_.*/\1/" twins | sort | tr "\n" " ")" = "copy triad update "
	'
	test_expect_success "$machine: a full run times them beyond L1" '
		"$ROOFLINE" measure --simulate "$M/$machine.machine" --only bandwidth \
			--threads 1 --out full-$machine >/dev/null 2>&1 &&
		twin_levels full-$machine | cut -d" " -f1 | sort -u | grep -qv "^L1\$"
	'
done
test_done
