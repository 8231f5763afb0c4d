#!/bin/sh
# perturb-run.sh DIR PHASE [GROUP/KERNEL[:PARAM]=FACTOR[~SPREAD] ...] - turns a
# scripted run (scripted-run.sh) into one of a pair for compare: every timing's
# rate is multiplied by
#   - FACTOR of the first spec that names its group and kernel (and param when
#     given; "*" names every timing), 1 when none does: a drift or a move;
#     FACTOR may be a comma list, one factor a pass (pass 1 the first): a
#     job whose rate moves from pass to pass, as a busy machine's do;
#   - 1 + 0.005 u, u in [-1, 1) from a fixed sequence shifted by PHASE: +-0.5 %
#     of noise, so two runs of different PHASE differ as two real runs would
#     (PHASE 0: no noise, for exact answers);
#   - with ~SPREAD, one of 1 - SPREAD, 1, 1 + SPREAD in turn over that job's
#     timings: a job too noisy to tell a move from chance.
# Everything is deterministic: the same arguments give the same file.
set -eu
dir=$1
phase=$2
shift 2
awk -F, -v OFS=, -v phase="$phase" -v specs="$*" '
BEGIN {
	ns = split(specs, sp, " ")
	for (i = 1; i <= ns; i++) {
		split(sp[i], kv, "=")
		key[i] = kv[1]
		spread[i] = 0
		if (index(kv[2], "~")) { split(kv[2], fs, "~"); factor[i] = fs[1]; spread[i] = fs[2] }
		else factor[i] = kv[2]
	}
}
NR == 1 { print; next }
{
	f = 1; s = 0
	for (i = 1; i <= ns; i++)
		if (key[i] == "*" || key[i] == $4 "/" $5 || key[i] == $4 "/" $5 ":" $6) { f = factor[i]; s = spread[i]; break }
	if (index(f, ",")) { np = split(f, pf, ","); f = pf[$1 < 1 ? 1 : $1 > np ? np : $1] }
	u = ((NR * 7919 + phase * 104729) % 1000) / 500 - 1
	r = f * (phase == 0 ? 1 : 1 + 0.005 * u)
	if (s > 0) { job = $4 "/" $5 ":" $6 ":" $8; r *= 1 + s * ((seen[job]++ % 3) - 1) }
	$11 = sprintf("%.9e", $11 / r)
	print
}' "$dir/timings.csv" >"$dir/timings.csv.new"
mv "$dir/timings.csv.new" "$dir/timings.csv"
