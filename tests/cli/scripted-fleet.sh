#!/bin/sh
# scripted-fleet.sh OUT N [NODE:SPEC ...] - a fleet directory (as measure --mpi
# writes it) of N nodes named a, b, c ... (N <= 26), each a copy of the committed
# example run (data/example/run) with its kernels left out (the fleet judges
# roofs only), its warm-up timings (fit never reads them) and its kept trials
# past the 8th of each pass left out (all three keep fit fast), with +-0.5 % of deterministic noise of its
# own (as perturb-run.sh, phase = the node's number), so the nodes differ as
# real ones would. SPEC changes one node:
#   dram=F        every bandwidth timing at a working set of 64 MiB or more runs
#                 at F times the rate (one core and all cores): its DRAM roofs
#                 only, the caches' untouched
#   cpu=TEXT      its env.csv cpu_model (TEXT with '_' for spaces)
#   status=TEXT   its fleet.csv status (TEXT with '_' for spaces): a failed node
# Deterministic: the same arguments give the same files.
set -eu
out=$1
n=$2
shift 2
src=${ROOFLINE_SRC:-$(cd "$(dirname "$0")/../.." && pwd)}/data/example/run
mkdir -p "$out/nodes"
printf 'node,run,cpu_model,status\n' >"$out/fleet.csv"
i=1
for name in a b c d e f g h i j k l m n o p q r s t u v w x y z; do
	[ "$i" -le "$n" ] || break
	dram=1 cpu="" status=ok
	for spec in "$@"; do
		case $spec in
		"$name":dram=*) dram=${spec#*=} ;;
		"$name":cpu=*) cpu=$(printf '%s' "${spec#*=}" | tr _ ' ') ;;
		"$name":status=*) status=$(printf '%s' "${spec#*=}" | tr _ ' ') ;;
		esac
	done
	d=$out/nodes/$name
	mkdir -p "$d"
	cp "$src/failures.csv" "$d/"
	if [ -n "$cpu" ]; then
		awk -F, -v OFS=, -v cpu="$cpu" '$1 == "cpu_model" { print "cpu_model", cpu; next } { print }' \
			"$src/env.csv" >"$d/env.csv"
	else
		cp "$src/env.csv" "$d/"
	fi
	awk -F, -v OFS=, -v phase="$i" -v dram="$dram" '
	NR == 1 { print; next }
	$4 == "kernels" || $3 == 1 || $2 > 8 { next }
	{
		u = ((NR * 7919 + phase * 104729) % 1000) / 500 - 1
		r = 1 + 0.005 * u
		if ($4 == "bandwidth" && $8 >= 67108864) r *= dram
		$11 = sprintf("%.9e", $11 / r)
		print
	}' "$src/timings.csv" >"$d/timings.csv"
	model=${cpu:-$(awk -F, '$1 == "cpu_model" { print $2 }' "$src/env.csv")}
	printf '%s,nodes/%s,%s,%s\n' "$name" "$name" "$model" "$status" >>"$out/fleet.csv"
	i=$((i + 1))
done
