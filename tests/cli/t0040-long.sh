#!/bin/sh
# t0040-long.sh - no function over 80 lines and no file over 800 in src/ and
# kernels/ (scripts/long-check.sh), but those whose top comment says why
# ("Long:") and those scripts/long.allow excuses while they are split; and
# the checker finds what it must: a long function by its name and first
# line, braces in strings and comments not counted, a long file, a reason
# above a function or atop a file, a stale allow-list entry.
. "$(dirname "$0")/lib.sh"
check="sh $ROOFLINE_SRC/scripts/long-check.sh"

# fn NAME LINES: a C function NAME of LINES lines, from its name to its brace
fn() {
	echo "static int $1(int x)"
	echo "{"
	i=3
	while [ $i -lt "$2" ]; do echo "	x += $i; /* } */"; i=$((i + 1)); done
	echo "}"
}

test_expect_success 'src/ and kernels/ keep the limits (excused files aside)' '
	$check >out; rc=$?; cat out; test $rc -eq 0 && ! test -s out
'
test_expect_success 'a function of 81 lines is named with its first line; 80 is not' '
	{ echo "/* a file */"; fn short 80; echo; fn longer 81; } >f.c &&
	! LONG_ALLOW=/dev/null $check f.c >out && cat out &&
	grep -x "f.c:83: longer is 81 lines (over 80)" out && test $(wc -l <out) -eq 1
'
test_expect_success 'braces in strings, characters and comments are not code' '
	{ echo "static const char *s(void)"; echo "{"; echo "	return \"}}}\"; /* { */"; echo "}";
	  echo "static char c(void) { return '"'"'}'"'"'; }"; fn after 81; } >g.c &&
	! LONG_ALLOW=/dev/null $check g.c >out && cat out &&
	grep -x "g.c:6: after is 81 lines (over 80)" out && test $(wc -l <out) -eq 1
'
test_expect_success 'a file of 801 lines is named; a "Long:" comment above a function or atop a file excuses it' '
	{ echo "/* big.c */"; i=2; while [ $i -le 801 ]; do echo "int v$i;"; i=$((i + 1)); done; } >big.c &&
	! LONG_ALLOW=/dev/null $check big.c >out && grep -x "big.c: 801 lines (over 800)" out &&
	sed "1s|.*|/* big.c. Long: one table, split it and it is two. */|" big.c >big2.c &&
	LONG_ALLOW=/dev/null $check big2.c >out && ! test -s out &&
	{ echo "/* Long: one state machine. */"; fn longer 90; } >h.c &&
	LONG_ALLOW=/dev/null $check h.c >out && ! test -s out
'
test_expect_success 'the allow-list excuses a file or a function, and fails on an entry that excuses nothing' '
	{ echo "f.c longer  # split soon"; } >allow &&
	LONG_ALLOW=allow $check f.c >out && ! test -s out &&
	{ echo "f.c  # the whole file"; } >allow &&
	LONG_ALLOW=allow $check f.c >out && ! test -s out &&
	{ echo "f.c short  # stale"; } >allow &&
	! LONG_ALLOW=allow $check f.c >out && cat out &&
	grep -x "allow: \"f.c short\" excuses nothing (remove it)" out &&
	grep -x "f.c:83: longer is 81 lines (over 80)" out
'
test_done
