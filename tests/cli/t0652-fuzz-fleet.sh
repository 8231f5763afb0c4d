#!/bin/sh
# t0652-fuzz-fleet.sh - the fleet fuzz target's seeds and every input that
# once crashed or hung it (tests/fuzz/fleet-corpus, fleet-regress: a
# fleet.csv, "@@@", one rank's pack) replayed without libFuzzer through
# fuzz_fleet built as a plain program: never a crash, and no scratch left.
. "$(dirname "$0")/lib.sh"
REPLAY=${ROOFLINE_BUILD:?}/tests/fuzz_fleet_replay
FUZZ=$ROOFLINE_SRC/tests/fuzz

for input in "$FUZZ"/fleet-corpus/* "$FUZZ"/fleet-regress/*; do
	test -f "$input" || continue
	name=$(basename "$(dirname "$input")")/$(basename "$input")
	test_expect_success "fuzz target fleet replays $name" '
		timeout 60 "$REPLAY" "$input" 2>replay.err || { cat replay.err; exit 1; }
	'
done

test_done
