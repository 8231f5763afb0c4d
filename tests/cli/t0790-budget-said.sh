#!/bin/sh
# The budget kept or said (docs/plan.md R14): a run whose floor outlasts a
# thread count's share says, before that count's passes, when the count will
# end and that it is past the run's budget, records the run's said end in
# env.csv (budget_said_end_s, which the contract holds the run to) and ends
# then; a run within its budget says nothing of it and records 0.
. "$(dirname "$0")/lib.sh"
M=$ROOFLINE_SRC/data/machines
# env FILE KEY: env.csv's value of KEY
env_value() {
	awk -F, -v k="$2" '$1 == k { print $2; exit }' "$1"
}

test_expect_success 'a run past its budget says when it will end, and ends then' '
	"$ROOFLINE" measure --simulate "$M/intel-xeon-vm-480mib-l3.machine" --out past >/dev/null 2>err &&
	grep -q "^roofline: 2 threads: the floor alone .* the count ends about [0-9]* s into the run, past the run.s 50 s budget\$" err &&
	grep -q "^roofline: measured 2 thread counts in [0-9.]* s (the pre-scan counted), a budget of 50 s (past it as said, about [0-9]* s: the floor alone outlasted a count.s share); " err &&
	said=$(env_value past/env.csv budget_said_end_s) && took=$(env_value past/env.csv measure_seconds) &&
	awk -v s="$said" -v t="$took" "BEGIN { exit !(s > 50 && t > 55 && t <= 1.1 * s && t >= 0.9 * s) }"
'
test_expect_success 'a run within its budget says nothing of it and records 0' '
	"$ROOFLINE" measure --simulate "$M/m1-article.machine" --out within >/dev/null 2>err &&
	! grep -q "the floor alone\|past it as said" err &&
	test "$(env_value within/env.csv budget_said_end_s)" = 0 &&
	took=$(env_value within/env.csv measure_seconds) && awk -v t="$took" "BEGIN { exit !(t <= 50) }"
'
test_done
