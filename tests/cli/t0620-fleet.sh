#!/bin/sh
# fit, report and plot of a fleet directory, on scripted fleets whose answer
# is known (scripted-fleet.sh: copies of the example run with noise of their
# own): 8 nodes alike, one node 20 % slower in DRAM only, one with another
# CPU model, one that failed; and a bad fleet.csv.
. "$(dirname "$0")/lib.sh"
FLEET=$ROOFLINE_SRC/tests/cli/scripted-fleet.sh

# The outside column of fleet-nodes.csv: "node/roof/below" for each roof outside the fleet.
outside() {
	awk -F, 'NR > 1 && $8 != "" { print $1 "/" $2 "/" $8 }' "$1/fleet-nodes.csv"
}

test_expect_success '8 nodes alike: nothing outside, no difference, every roof of 8 nodes' '
	sh "$FLEET" alike 8 &&
	"$ROOFLINE" fit alike >/dev/null && "$ROOFLINE" report alike --out alike/plots 2>err &&
	test "$(csv_header alike/fleet-roofs.csv)" = "name,unit,median,lo,hi,nodes" &&
	test "$(csv_header alike/fleet.csv)" = "node,run,cpu_model,status" &&
	test -z "$(outside alike)" &&
	awk -F, "NR > 1 && \$6 != 8 { bad = 1 } END { exit bad }" alike/fleet-roofs.csv &&
	grep -q "^No node is outside" alike/plots/report.md &&
	grep -q "^Every node has the same CPU model" alike/plots/report.md &&
	grep -q "^| h | " alike/plots/report.md &&
	test -f alike/nodes/a/roofs.csv
'

test_expect_success 'one node 20 % slower in DRAM: that node and its DRAM roofs, nothing else' '
	sh "$FLEET" slow 8 b:dram=0.8 &&
	"$ROOFLINE" fit slow >out &&
	test "$(outside slow | sort)" = "$(printf "b/DRAM/below\nb/DRAM@2t/below")" &&
	grep -q "^node b: DRAM 20 % below, DRAM@2t 20 % below the median of 8 nodes; its other roofs are within" out &&
	"$ROOFLINE" report slow --out slow/plots 2>err &&
	grep -q "^- node b: DRAM 20 % below, DRAM@2t 20 % below the median of 8 nodes" slow/plots/report.md &&
	test "$(grep -c "^- node " slow/plots/report.md)" = 1 &&
	grep -q "^| b | [^*]* | \*\*[0-9.]*\*\* (-20 %) | .* | \*\*[0-9.]*\*\* (-20 %) | [^*]* |$" slow/plots/report.md
'

test_expect_success 'plot of a fleet: one-core and all-core figures' '
	"$ROOFLINE" plot slow --out slow/plots 2>err &&
	file slow/plots/roofline.png | grep -q "PNG image data, 1600 x 1000" &&
	file slow/plots/roofline-allcores.png | grep -q "PNG image data, 1600 x 1000"
'

test_expect_success 'one node with another CPU model: said, and no roof outside' '
	sh "$FLEET" cpu 8 c:cpu=Intel_Xeon_Gold_6430 &&
	"$ROOFLINE" report cpu --out cpu/plots 2>err &&
	test -z "$(outside cpu)" &&
	grep -q "^- CPU model: the usual is AMD EPYC (7 of 8 nodes); node c has Intel Xeon Gold 6430\.$" cpu/plots/report.md &&
	! grep -q "^- caches: the usual" cpu/plots/report.md
'

test_expect_success 'a node that failed is named, kept, and left out of the fleet' '
	sh "$FLEET" failed 3 c:status=its_measure_was_killed_by_signal_9_\(Killed\) &&
	"$ROOFLINE" fit failed >/dev/null 2>&1 && "$ROOFLINE" report failed --out failed/plots 2>err &&
	grep -q "^- node c: its measure was killed by signal 9 (Killed); what it measured is kept in .nodes/c." failed/plots/report.md &&
	awk -F, "NR > 1 && \$6 != 2 { bad = 1 } END { exit bad }" failed/fleet-roofs.csv &&
	! grep -q "^c," failed/fleet-nodes.csv
'

test_expect_success 'a bad fleet.csv: one line, exit 2' '
	mkdir -p bad1 bad2 &&
	printf "node,run,status\na,nodes/a,ok\n" >bad1/fleet.csv &&
	expect_usage_error fit bad1 &&
	grep -q "fleet.csv:1:1: no .cpu_model. column" "$TRASH/.stderr" &&
	printf "node,run,cpu_model,status\na,../elsewhere,x,ok\n" >bad2/fleet.csv &&
	expect_usage_error report bad2 --out bad2/plots &&
	grep -q "fleet.csv:2:3: run .\.\./elsewhere.: want a path inside" "$TRASH/.stderr" &&
	mkdir -p bad3 bad4 &&
	printf "node,run,cpu_model,status\na,/tmp,x,ok\n" >bad3/fleet.csv &&
	expect_usage_error fit bad3 &&
	grep -q "fleet.csv:2:3: run ./tmp.: want a path inside" "$TRASH/.stderr" &&
	printf "node,run,cpu_model,status\n..,nodes/a,x,ok\n" >bad4/fleet.csv &&
	expect_usage_error fit bad4 &&
	grep -q "fleet.csv:2:1: node .\.\..: want letters, digits" "$TRASH/.stderr" &&
	mkdir -p none &&
	printf "node,run,cpu_model,status\na,nodes/a,x,ok\n" >none/fleet.csv &&
	expect_usage_error plot none --out none/plots &&
	grep -q "no node has a run that could be read, nothing to draw (node a: none/nodes/a: no such run directory)" "$TRASH/.stderr"
'

test_done
