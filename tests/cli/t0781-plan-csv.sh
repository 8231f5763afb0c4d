#!/bin/sh
# plan.csv: measure writes each planned job's id and placement (role,
# level, target roof, one array's bytes, whether its arrays obey STREAM's
# rule), and timings.csv's appended job column names the row's job; a
# simulated quick run, so the plan is the one the hardware would get.
. "$(dirname "$0")/lib.sh"
M=$ROOFLINE_SRC/data/machines

test_expect_success 'plan.csv has the fixed header and one row per job, ids 1, 2, ... in order' '
	"$ROOFLINE" measure --simulate "$M/m1-article.machine" --quick --out run >/dev/null 2>&1 &&
	test "$(head -n 1 run/plan.csv)" = "job,role,level,target,array_bytes,obeys_rule" &&
	awk -F, "NR > 1 && \$1 != NR - 1 { exit 1 } NR > 1 && NF != 6 { exit 1 }" run/plan.csv &&
	test "$(awk -F, "NR > 1 { print \$2 }" run/plan.csv | sort -u | tr "\n" " ")" = "kernel pattern peak sweep "
'
test_expect_success 'each role is placed as the format says' '
	awk -F, "NR > 1 && \$2 == \"sweep\" && (\$4 != \"\" || \$3 == \"\") { exit 1 }
		NR > 1 && \$2 == \"peak\" && (\$3 != \"\" || \$4 !~ /^peak(@[0-9]+t)?\$/ || \$5 != 0 || \$6 != 0) { exit 1 }
		NR > 1 && \$2 == \"pattern\" && index(\$4, \$3 \".\") != 1 { exit 1 }
		NR > 1 && \$3 != \"DRAM\" && \$6 != 0 { exit 1 }" run/plan.csv &&
	grep -q "^[0-9]*,pattern,DRAM,DRAM\.2r1w-ip,[0-9]*,[01]\$" run/plan.csv &&
	grep -q "^[0-9]*,pattern,L1,L1\.1r1w,[0-9]*,0\$" run/plan.csv &&
	rule=$(awk -F, "\$1 == \"stream_rule_bytes\" { print \$2 }" run/env.csv) &&
	test "$rule" -gt 0 &&
	awk -F, -v rule="$rule" "NR > 1 && \$3 == \"DRAM\" && \$2 != \"peak\" && (\$5 >= rule) != \$6 { exit 1 }" run/plan.csv &&
	grep -q "^[0-9]*,sweep,DRAM,,[0-9]*,1\$" run/plan.csv
'
test_expect_success 'every timing past the pre-scan names a planned job of its group, a bandwidth job its arrays' '
	test "$(head -n 1 run/timings.csv | awk -F, "{ print \$NF }")" = job &&
	awk -F, "NR == FNR { if (FNR > 1) role[\$1] = \$2; next }
		FNR > 1 && \$1 > 0 && !(\$12 in role) { exit 1 }
		FNR > 1 && \$1 > 0 && \$4 == \"peak\" && role[\$12] != \"peak\" { exit 1 }
		FNR > 1 && \$1 > 0 && \$4 == \"kernels\" && role[\$12] != \"kernel\" { exit 1 }
		FNR > 1 && \$1 == 0 && \$3 == 1 && \$12 != \"\" && !(\$12 in role) { exit 1 }" run/plan.csv run/timings.csv &&
	awk -F, "NR == FNR { if (FNR > 1) bytes[\$1] = \$5; next }
		FNR > 1 && \$4 == \"bandwidth\" && \$12 != \"\" && \$6 != bytes[\$12] { exit 1 }" run/plan.csv run/timings.csv &&
	"$ROOFLINE" fit run >/dev/null
'
test_done
