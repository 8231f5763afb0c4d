#!/bin/sh
# t0772-command-table.sh - each command in its own file of src/cli/, and the
# command table's flags (src/cli/main.c) say what each command does: one that
# loads a run names a missing run directory in one line and exits 2, one that
# writes an output directory documents --out DIR, and one that does not
# documents no --out DIR (describe's --out is a file).
. "$(dirname "$0")/lib.sh"
main=$ROOFLINE_SRC/src/cli/main.c

# The table's rows, "NAME FLAGS...": { "plot", cmd_plot, CMD_LOADS_RUN | CMD_WRITES_OUT },
rows() {
	sed -n 's/^	{ "\([a-z]*\)", cmd_[a-z]*, \(.*\) },$/\1 \2/p' "$main"
}

test_expect_success 'the table lists every command, each defined in its own file' '
	rows >rows && cat rows && test $(wc -l <rows) -eq 7 &&
	for c in $(cut -d" " -f1 rows); do
		grep -l "^int cmd_$c(int argc, char \*\*argv)" $ROOFLINE_SRC/src/cli/*.c >where &&
		test "$(cat where)" = "$ROOFLINE_SRC/src/cli/${c}_cmd.c" || { echo "cmd_$c: $(cat where)"; exit 1; }
	done
'
test_expect_success 'a command that loads a run says a missing one in one line, exit 2' '
	rows >rows && grep CMD_LOADS_RUN rows | cut -d" " -f1 >loads && test $(wc -l <loads) -ge 4 &&
	for c in $(cat loads); do
		n=1; test $c = compare && n=2
		set -- ; i=0; while [ $i -lt $n ]; do set -- "$@" "$TRASH/none"; i=$((i + 1)); done
		expect_usage_error $c "$@" || { echo "$c"; exit 1; }
		grep "none" "$TRASH/.stderr" || { echo "$c does not name the directory"; exit 1; }
	done
'
test_expect_success 'a command writes an output directory exactly when its help documents --out DIR' '
	rows >rows &&
	while read -r c flags; do
		case $flags in *CMD_WRITES_OUT*) want=1 ;; *) want=0 ;; esac
		got=0; "$ROOFLINE" help $c | grep -q -- "--out DIR" && got=1
		test $want -eq $got || { echo "$c: flag $want, help $got"; exit 1; }
	done <rows
'
test_done
