#!/bin/sh
# t0610-fuzz-regress.sh - the fuzz targets' seeds and every input that once
# crashed or hung (tests/fuzz/corpus, tests/fuzz/regress) replayed without
# libFuzzer: through both fuzz targets built as plain programs (fuzz_run, and
# fuzz_figure, which draws; a hang is a failure after 60 s), and unpacked into a run
# directory for the roofline binary itself (fit, report, compare), which must
# end with exit 0, or exit 2 and one "roofline:" line; never a crash.
. "$(dirname "$0")/lib.sh"
REPLAY=${ROOFLINE_BUILD:?}/tests/fuzz_replay
FIGURE=$ROOFLINE_BUILD/tests/fuzz_figure_replay
FUZZ=$ROOFLINE_SRC/tests/fuzz

# ends_well RC: exit 0, or 2 with one roofline: line on stderr (in .stderr)
ends_well() {
	case $1 in
	0) ;;
	2) [ "$(grep -vc '^roofline: warning: ' "$TRASH/.stderr")" -eq 1 ] &&
		grep -v '^roofline: warning: ' "$TRASH/.stderr" | grep -q '^roofline: ' ||
		{ echo "exit 2 without one roofline: line:"; cat "$TRASH/.stderr"; return 1; } ;;
	*) echo "exit $1 (a crash?)"; cat "$TRASH/.stderr"; return 1 ;;
	esac
}

for input in "$FUZZ"/corpus/* "$FUZZ"/regress/*; do
	name=$(basename "$(dirname "$input")")/$(basename "$input")
	test_expect_success "fuzz targets (run, figure) replay $name" '
		"$REPLAY" "$input" 2>replay.err || { cat replay.err; exit 1; }
		timeout 60 "$FIGURE" "$input" 2>replay.err || { cat replay.err; exit 1; }
	'
	test_expect_success "roofline fit, report, compare on $name" '
		rm -rf run out && mkdir run && "$REPLAY" --unpack run "$input" &&
		"$ROOFLINE" fit run >/dev/null 2>"$TRASH/.stderr"; rc=$?; ends_well $rc &&
		if [ $rc -eq 0 ]; then
			"$ROOFLINE" report run --out out 2>"$TRASH/.stderr"; ends_well $? &&
			"$ROOFLINE" compare run run --out out 2>"$TRASH/.stderr"; ends_well $?
		fi
	'
done
test_done
