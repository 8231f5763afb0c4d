#!/bin/sh
# Every command's --help, `roofline help COMMAND`, and the man page made from
# the same table (src/cli/help.c): it renders with man -l, names every option
# that --help names and says of each command and option what --help says;
# every option --help names is one the parser takes.
. "$(dirname "$0")/lib.sh"
: "${ROOFLINE_MAN:?run these through make test (ROOFLINE_MAN is not set)}"
COMMANDS="measure fit plot report compare describe help"

test_expect_success 'COMMAND --help and help COMMAND print the same help, exit 0' '
	for c in $COMMANDS; do
		"$ROOFLINE" $c --help >h1 2>err1 && test ! -s err1 &&
		"$ROOFLINE" help $c >h2 &&
		cmp h1 h2 &&
		grep -q "^usage: roofline $c" h1 || { echo "command $c"; return 1; }
	done
'
test_expect_success '--help wins wherever it stands, before other arguments are judged' '
	"$ROOFLINE" plot no-such-dir --bogus --help >h && grep -q "^usage: roofline plot" h &&
	"$ROOFLINE" measure -h >h && grep -q "^usage: roofline measure" h
'
test_expect_success 'roofline --help lists every command; help of no command is bad usage' '
	"$ROOFLINE" --help >h &&
	for c in $COMMANDS; do grep -q "roofline $c" h || return 1; done &&
	expect_usage_error help nosuch
'
test_expect_success 'the man page renders with man -l' '
	MANWIDTH=120 man -P cat -l "$ROOFLINE_MAN" >man.txt 2>man.err &&
	grep -q "^NAME" man.txt && grep -q "YOUR CODE ON THE CHART" man.txt &&
	! grep -i "warning" man.err
'
# man_section MAN.TXT COMMAND: the command's subsection of COMMANDS, where
# each option is a tagged paragraph starting its own line.
man_section() {
	awk -v c="$2" '/^   [a-z]+$/ { on = ($1 == c) } /^[A-Z]/ { on = 0 } on' "$1"
}
# help_options COMMAND: the options its --help lists, one a line.
help_options() {
	"$ROOFLINE" "$1" --help | sed -n 's/^  \(--[a-z-]*\).*/\1/p' | sort -u
}
test_expect_success 'the man page names every option of every --help (no drift)' '
	MANWIDTH=120 man -P cat -l "$ROOFLINE_MAN" >man.txt 2>/dev/null &&
	for c in $COMMANDS; do
		man_section man.txt $c >section && help_options $c >opts && test -s opts &&
		while read -r o; do
			grep -q -e "^ *$o\( .*\)\{0,1\}\$" section || { echo "man page lacks $c $o"; exit 1; }
		done <opts || return 1
	done
'
# man_texts MAN.1: "command|option|text" for each command's paragraph (option
# empty) and each option, from the roff source, its escapes undone.
man_texts() {
	awk '
	/^\.SH / { cmd = ""; next }
	/^\.SS / { cmd = $2; state = "text"; next }
	cmd == "" { next }
	/^\.TP$/ { state = "tp"; next }
	state == "tp" && /^\.B / { opt = substr($0, 4); state = "opt"; next }
	state == "opt" || state == "text" { print cmd "|" opt "|" $0; state = ""; opt = "" }
	' "$1" | sed 's/\\-/-/g; s/\\&//g; s/\\e/\\/g' | LC_ALL=C sort
}
# help_texts COMMAND: the same from COMMAND --help, its wrapped lines joined.
help_texts() {
	"$ROOFLINE" "$1" --help | awk -v cmd="$1" '
	function flush() { if (have) print cmd "|" opt "|" buf; have = 0; buf = "" }
	NR <= 2 { next }
	part == 0 && /^$/ { opt = ""; have = 1; flush(); part = 1; next }
	part == 0 { buf = buf (buf == "" ? "" : " ") $0; next }
	part == 1 && /^  --/ { flush(); opt = substr($0, 3); have = 1; next }
	part == 1 && /^      / { buf = buf (buf == "" ? "" : " ") substr($0, 7); next }
	part == 1 { flush(); part = 2 }
	' | LC_ALL=C sort
}
# The man page comes from the same table as --help (src/cli/help.c): every
# command's paragraph and every option's text is --help's, word for word, so
# a man page written apart, or a stale one, fails.
test_expect_success 'the man page says what --help says, word for word' '
	man_texts "$ROOFLINE_MAN" >man.texts &&
	for c in $COMMANDS; do help_texts $c; done | LC_ALL=C sort >help.texts &&
	test $(wc -l <help.texts) -ge 30 &&
	diff help.texts man.texts
'
test_expect_success 'every option --help names is one the command takes' '
	for c in measure fit plot report compare; do
		help_options $c >opts &&
		while read -r o; do
			test "$o" = --help && continue
			# Three spare arguments: too many positionals for every command,
			# so nothing is measured or written, but the option is parsed first.
			"$ROOFLINE" $c "$o" x y z >/dev/null 2>err
			grep -q "unknown option" err && { echo "$c rejects $o"; exit 1; }
			:
		done <opts || return 1
	done
'
test_done
