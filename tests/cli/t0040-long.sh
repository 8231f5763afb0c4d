#!/bin/sh
# t0040-long.sh - no function over 80 lines and no file over 800 in src/ and
# kernels/ (scripts/long-check.sh), but those whose top comment says why
# ("Long:") and those scripts/long.allow excuses while they are split; and
# the checker finds what it must: a long function by its name and first
# line, braces in strings and comments not counted, a long file, a reason
# above a function or atop a file, a stale allow-list entry; a function of
# more than six parameters (scripts/params.allow excusing the ones left, each
# with its reason); and no whole struct analysis copied (scripts/copy-check.sh).
. "$(dirname "$0")/lib.sh"
check="env PARAMS_ALLOW=/dev/null sh $ROOFLINE_SRC/scripts/long-check.sh"
copies="sh $ROOFLINE_SRC/scripts/copy-check.sh"

# fn NAME LINES: a C function NAME of LINES lines, from its name to its brace
fn() {
	echo "static int $1(int x)"
	echo "{"
	i=3
	while [ $i -lt "$2" ]; do echo "	x += $i; /* } */"; i=$((i + 1)); done
	echo "}"
}

test_expect_success 'src/ and kernels/ keep the limits (excused files and parameter lists aside)' '
	sh $ROOFLINE_SRC/scripts/long-check.sh >out; rc=$?; cat out; test $rc -eq 0 && ! test -s out
'
test_expect_success 'every params.allow entry says why' '
	! grep -v "^#" $ROOFLINE_SRC/scripts/params.allow | grep -v "^ *$" | grep -v "#.*[a-z]"
'
test_expect_success 'seven parameters are named with the line; six, (void) and a function pointer are not' '
	{ echo "static int six(int a, int b, int c, int d, int e, int f) { return a; }";
	  echo "static int none(void) { return 0; }";
	  echo "static int fp(int (*cb)(int, int, int, int, int, int, int), int a) { return a; }";
	  echo "static int seven(int a, int b, int c,";
	  echo "		 int d, int e, int f, int g)"; echo "{"; echo "	return a;"; echo "}"; } >p.c &&
	! $check p.c >out && cat out &&
	grep -x "p.c:4: seven takes 7 parameters (over 6)" out && test $(wc -l <out) -eq 1 &&
	echo "p.c seven  # travels apart" >pallow &&
	PARAMS_ALLOW=pallow sh $ROOFLINE_SRC/scripts/long-check.sh p.c >out && ! test -s out &&
	echo "p.c six  # stale" >>pallow &&
	! PARAMS_ALLOW=pallow sh $ROOFLINE_SRC/scripts/long-check.sh p.c >out && cat out &&
	grep -x "pallow: \"p.c six\" excuses nothing (remove it)" out
'
test_expect_success 'src/ copies no whole struct analysis' '
	$copies >out; rc=$?; cat out; test $rc -eq 0 && ! test -s out
'
test_expect_success 'a planted whole copy is found: assignment, memcpy, initialiser, by-value parameter' '
	{ echo "/* *out = *a; in a comment */";
	  echo "static void f(const struct analysis *a, struct analysis *out, int *p, int *q)"; echo "{";
	  echo "	*p = *q;"; echo "	memcpy(out->roofs, a->roofs, 2 * sizeof *out->roofs);";
	  echo "	*out = *a;"; echo "	memcpy(out, a, sizeof *out);"; echo "	memcpy(out, a, sizeof(struct analysis));";
	  echo "	struct analysis local = *a;"; echo "}";
	  echo "static void g(struct analysis byval) { }"; } >c.c &&
	! $copies c.c >out && cat out && test $(wc -l <out) -eq 5 &&
	grep "^c.c:6: " out && grep "^c.c:7: " out && grep "^c.c:8: " out && grep "^c.c:9: " out && grep "^c.c:11: " out
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
