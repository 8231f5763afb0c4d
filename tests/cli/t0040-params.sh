#!/bin/sh
# t0040-params.sh - no function of more than six parameters in src/ and
# kernels/ (scripts/params-check.sh; scripts/params.allow excusing the ones
# left, each with its reason), and no whole struct analysis copied
# (scripts/copy-check.sh); the checkers find what they must. Length is no
# gate (files are split by concern; t0770 fails on a call loop between
# files): a long function or file is a note on stderr, never a failure.
. "$(dirname "$0")/lib.sh"
check="env PARAMS_ALLOW=/dev/null sh $ROOFLINE_SRC/scripts/params-check.sh"
copies="sh $ROOFLINE_SRC/scripts/copy-check.sh"

# fn NAME LINES: a C function NAME of LINES lines, from its name to its brace
fn() {
	echo "static int $1(int x)"
	echo "{"
	i=3
	while [ $i -lt "$2" ]; do echo "	x += $i; /* } */"; i=$((i + 1)); done
	echo "}"
}

test_expect_success 'src/ and kernels/ keep six parameters at most (excused ones aside)' '
	sh $ROOFLINE_SRC/scripts/params-check.sh >out; rc=$?; cat out; test $rc -eq 0 && ! test -s out
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
	PARAMS_ALLOW=pallow sh $ROOFLINE_SRC/scripts/params-check.sh p.c >out && ! test -s out &&
	echo "p.c six  # stale" >>pallow &&
	! PARAMS_ALLOW=pallow sh $ROOFLINE_SRC/scripts/params-check.sh p.c >out && cat out &&
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
test_expect_success 'a function of 81 lines is a note with its first line, never a failure; 80 is not' '
	{ echo "/* a file */"; fn short 80; echo; fn longer 81; } >f.c &&
	$check f.c >out 2>err && cat err && ! test -s out &&
	grep -x "note: f.c:83: longer is 81 lines (over 80)" err && test $(wc -l <err) -eq 1
'
test_expect_success 'braces in strings, characters and comments are not code' '
	{ echo "static const char *s(void)"; echo "{"; echo "	return \"}}}\"; /* { */"; echo "}";
	  echo "static char c(void) { return '"'"'}'"'"'; }"; fn after 81; } >g.c &&
	$check g.c >out 2>err && cat err &&
	grep -x "note: g.c:6: after is 81 lines (over 80)" err && test $(wc -l <err) -eq 1
'
test_expect_success 'a file of 801 lines is a note; a "Long:" comment above a function or atop a file silences it' '
	{ echo "/* big.c */"; i=2; while [ $i -le 801 ]; do echo "int v$i;"; i=$((i + 1)); done; } >big.c &&
	$check big.c >out 2>err && grep -x "note: big.c: 801 lines (over 800)" err &&
	sed "1s|.*|/* big.c. Long: one table, split it and it is two. */|" big.c >big2.c &&
	$check big2.c >out 2>err && ! test -s err &&
	{ echo "/* Long: one state machine. */"; fn longer 90; } >h.c &&
	$check h.c >out 2>err && ! test -s err
'
test_done
