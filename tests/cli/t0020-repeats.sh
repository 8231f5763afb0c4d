#!/bin/sh
# t0020-repeats.sh - no run of six or more repeated lines is left in src/ and
# kernels/ where one function or macro could serve (scripts/repeats.sh, with
# the excused runs of scripts/repeats.allow), and the checker finds what it
# must: a run copied into another file, indented or inside a macro, with
# blank lines and comments in between; not five lines, not a run that
# overlaps itself, not an excused one.
. "$(dirname "$0")/lib.sh"
repeats="sh $ROOFLINE_SRC/scripts/repeats.sh"

# six distinct statements, as a function body
body() {
	printf '%s\n' "$1int a = f(1);" "$1int b = g(a);" "" "$1/* a comment */" \
		"$1if (a > b)" "$1{" "$1b = h(a, b);" "$1}" "$1a += b;" "$1return a * b;"
}

test_expect_success 'src/ and kernels/ hold no repeated run but the excused ones' '
	$repeats >out; rc=$?; cat out; test $rc -eq 0 && ! test -s out
'
test_expect_success 'a run copied into another file is found at both places' '
	{ echo "int one(void)"; echo "{"; body "	"; echo "}"; } >one.c &&
	{ echo "/* two */"; echo "int two(void) {"; body "		"; echo "}"; } >two.c &&
	echo "int other;" >none.c &&
	! REPEATS_ALLOW=/dev/null $repeats one.c two.c none.c >out &&
	grep -x "one.c:3-12 repeats two.c:3" out &&
	grep -x "two.c:3-12 repeats one.c:3" out && test $(wc -l <out) -eq 2
'
test_expect_success 'a macro body matches the function it copies' '
	{ echo "#define BODY \\"; body "	" | sed "s/\$/ \\\\/"; echo "	/* end */"; } >macro.h &&
	! REPEATS_ALLOW=/dev/null $repeats one.c macro.h >out &&
	grep "^macro.h:2-11 repeats one.c:3" out
'
test_expect_success 'five repeated lines are no run (REPEATS_MIN=5 finds them)' '
	body "" | sed 9q >five1.c && body "" | sed 9q >five2.c &&
	REPEATS_ALLOW=/dev/null $repeats five1.c five2.c >out && ! test -s out &&
	! REPEATS_MIN=5 REPEATS_ALLOW=/dev/null $repeats five1.c five2.c >out &&
	grep -x "five1.c:1-9 repeats five2.c:1" out
'
test_expect_success 'seven equal lines in a row are one run, not a repeat' '
	for i in 1 2 3 4 5 6 7; do echo "x++;"; done >same.c &&
	REPEATS_ALLOW=/dev/null $repeats same.c >out && ! test -s out
'
test_expect_success 'an exception excuses the runs of its file that hold its text' '
	printf "%s\n" "# why" "one.c: b = h(a, b);  # a reason" >allow &&
	! REPEATS_ALLOW=allow $repeats one.c two.c >out &&
	! grep "^one.c" out && grep "^two.c" out &&
	printf "two.c: int b = g(a);  # another\n" >>allow &&
	REPEATS_ALLOW=allow $repeats one.c two.c >out && ! test -s out
'
test_expect_success 'on the whole tree, an exception that excuses nothing is reported' '
	{ cat "$ROOFLINE_SRC/scripts/repeats.allow" &&
	  echo "src/util.c: no such line anywhere  # stale"; } >stale &&
	! REPEATS_ALLOW=$PWD/stale $repeats >out &&
	grep -x "src/util.c: no such line anywhere: excuses nothing ($PWD/stale)" out
'
test_done
