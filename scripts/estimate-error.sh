#!/bin/sh
# estimate-error.sh [BIN] [MACHINE...] - how true the time-left estimate is on
# the shipped machine files' simulated runs: each machine (default every
# data/machines/*.machine) measured full, --quick and --budget 20 on its fake
# clock, every progress line's estimate recorded exactly
# (ROOFLINE_TEST_ESTIMATES), and set against the run's real end
# (env.csv measure_seconds).
#
# A row per run: the estimates from the tenth of the run on; `end` the worst
# of |stated end - real end| / real end (the stated end: the seconds elapsed
# plus those said left); `left` the worst of |said left - real left| / real
# left while at least a tenth of the run is left (the last trials' few
# seconds would dominate it otherwise); `mean` the stated end's mean error;
# `said` env.csv's budget_said_end_s against the real end where the floor
# outlasted a count's share (-: not said). BIN defaults to bin/roofline.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$top/bin/roofline}
[ $# -gt 0 ] && shift
machines=${*:-$top/data/machines/*.machine}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/roofline-estimate.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
printf '%-34s %-10s %6s %6s %6s %6s %7s\n' machine run n end left mean said
for m in $machines; do
	for run in full quick budget20; do
		case $run in
		full) args= ;;
		quick) args=--quick ;;
		budget20) args='--budget 20' ;;
		esac
		rm -rf "$tmp/run"
		# shellcheck disable=SC2086
		ROOFLINE_TEST_ESTIMATES=$tmp/est "$bin" measure --simulate "$m" $args --out "$tmp/run" \
			>/dev/null 2>"$tmp/err" || { echo "$m $run: measure failed" >&2; cat "$tmp/err" >&2; exit 1; }
		end=$(awk -F, '$1 == "measure_seconds" { print $2 }' "$tmp/run/env.csv")
		said=$(awk -F, '$1 == "budget_said_end_s" { print $2 }' "$tmp/run/env.csv")
		awk -F, -v end="$end" -v said="$said" -v m="$(basename "$m" .machine)" -v run="$run" '
			function abs(x) { return x < 0 ? -x : x }
			$1 >= 0.1 * end {
				n++
				e = abs($1 + $2 - end) / end
				if (e > worst) worst = e
				sum += e
				real = end - $1
				if (real >= 0.1 * end) { l = abs($2 - real) / real; if (l > lworst) lworst = l }
			}
			END {
				s = said > 0 ? sprintf("%.0f%%", 100 * abs(said - end) / end) : "-"
				printf "%-34s %-10s %6d %5.0f%% %5.0f%% %5.1f%% %7s\n", m, run, n, 100 * worst,
				       100 * lworst, n ? 100 * sum / n : 0, s
			}' "$tmp/est"
	done
done
