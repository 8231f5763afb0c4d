#!/bin/sh
# t0773-roofkey-parse.sh - a roof's name is parsed into its key once, at
# input: no file outside src/input/ calls roofkey_parse or roofkey_parse_any
# (read from the build's objects by scripts/file-calls.sh --edges, so a
# comment or a string naming them does not count), but those listed below
# while issue 42's typed keys reach them. A listed file that no longer calls
# them fails too, so the list only shrinks: remove its name.
. "$(dirname "$0")/lib.sh"
excused=""

test_expect_success 'roofkey_parse is called at input only (the excused files aside)' '
	FILE_CALLS_SRC=$ROOFLINE_SRC FILE_CALLS_ALLOW=/dev/null sh $ROOFLINE_SRC/scripts/file-calls.sh --edges "$ROOFLINE_BUILD" >edges;
	grep -E "^src/.* -> src/core/roofkey\.c: .*\<roofkey_parse(_any)?\>" edges | cut -d" " -f1 | grep -v "^src/input/" | sort -u >callers &&
	cat callers && test -s edges &&
	for f in $(cat callers); do
		case " $excused " in *" $f "*) ;; *) echo "$f parses a roof name past input"; exit 1 ;; esac
	done &&
	for f in $excused; do
		grep -qx "$f" callers || { echo "$f no longer parses a roof name: remove it from t0773 excused"; exit 1; }
	done
'
test_done
