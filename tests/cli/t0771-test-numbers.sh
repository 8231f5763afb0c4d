#!/bin/sh
# t0771-test-numbers.sh - every CLI test has a number of its own: two
# scripts tests/cli/tNNNN-*.sh with one number would be one name for two
# tests (make check T=tNNNN runs both, a note citing it means either).
. "$(dirname "$0")/lib.sh"

test_expect_success 'no two tests/cli scripts share a number' '
	ls $ROOFLINE_SRC/tests/cli | sed -n "s/^\(t[0-9][0-9]*\)-.*\.sh$/\1/p" | sort | uniq -d >dup &&
	cat dup && ! test -s dup
'
test_done
