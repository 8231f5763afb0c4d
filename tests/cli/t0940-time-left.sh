#!/bin/sh
# The time left, as the progress lines say it (docs/plan.md R15), against the
# simulated run's real end: every estimate is recorded exactly where
# ROOFLINE_TEST_ESTIMATES names a file (elapsed,left a line, one per progress
# line), and from a tenth of the run on the end each states (elapsed + left)
# is within a quarter of the real one (env.csv measure_seconds) on the shipped
# machines scripts/estimate-error.sh finds steady: Zen 4 quick, Zen 3 with a
# 20 s budget, the M1 article quick.
. "$(dirname "$0")/lib.sh"
M=$ROOFLINE_SRC/data/machines
# stated_end_error RUN EST: the worst |stated end - real end| / real end from a tenth of the run on
stated_end_error() {
	end=$(awk -F, '$1 == "measure_seconds" { print $2 }' "$1/env.csv")
	awk -F, -v end="$end" '
		$1 >= 0.1 * end { n++; e = $1 + $2 - end; e = e < 0 ? -e : e; if (e > w) w = e }
		END { if (n < 5 || !(end > 0)) exit 1; printf "%.3f\n", w / end }' "$2"
}

test_expect_success 'every progress line has its estimate recorded exactly' '
	ROOFLINE_TEST_ESTIMATES=est "$ROOFLINE" measure --simulate "$M/zen4-epyc-vm.machine" --quick --out z4 \
		>/dev/null 2>err &&
	test "$(grep -c "^roofline: measuring: " err)" = "$(wc -l <est)" &&
	awk -F, "NF != 2 || \$1 < last || \$2 < 0 { exit 1 } { last = \$1 }" est
'
test_expect_success 'the stated end is within a quarter of the real end' '
	w=$(stated_end_error z4 est) && awk -v w="$w" "BEGIN { exit !(w <= 0.25) }" &&
	ROOFLINE_TEST_ESTIMATES=est3 "$ROOFLINE" measure --simulate "$M/zen3-epyc-vm.machine" --budget 20 \
		--out z3 >/dev/null 2>/dev/null &&
	w=$(stated_end_error z3 est3) && awk -v w="$w" "BEGIN { exit !(w <= 0.25) }" &&
	ROOFLINE_TEST_ESTIMATES=estm "$ROOFLINE" measure --simulate "$M/m1-article.machine" --quick \
		--out m1 >/dev/null 2>/dev/null &&
	w=$(stated_end_error m1 estm) && awk -v w="$w" "BEGIN { exit !(w <= 0.25) }"
'
test_expect_success 'an estimates file that cannot be written is a usage error, before any run' '
	ROOFLINE_TEST_ESTIMATES=no/such/dir/est && export ROOFLINE_TEST_ESTIMATES &&
	expect_usage_error measure --simulate "$M/zen4-epyc-vm.machine" --quick --out bad; rc=$?
	unset ROOFLINE_TEST_ESTIMATES
	test "$rc" = 0 && grep -q "^roofline: cannot write no/such/dir/est: " "$TRASH/.stderr" && ! test -e bad
'
test_done
