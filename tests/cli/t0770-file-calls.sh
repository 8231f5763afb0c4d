#!/bin/sh
# t0770-file-calls.sh - the files of src/ call one another one way only
# (scripts/file-calls.sh on the build's object files: no loop but those
# scripts/file-calls.allow excuses while their owner rebuilds them), and the
# checker finds what it must: a planted loop of two files with the symbols
# that close it, a file calling only downward, the stale object of a source
# no longer there left out, a stale allow entry.
. "$(dirname "$0")/lib.sh"
calls=$ROOFLINE_SRC/scripts/file-calls.sh
export FILE_CALLS_SRC=$TRASH

test_expect_success 'no two files of src/ call each other in a loop' '
	FILE_CALLS_SRC=$ROOFLINE_SRC sh $calls "$ROOFLINE_BUILD" >out; rc=$?; cat out; test $rc -eq 0 && ! grep "^loop:" out
'
test_expect_success 'no private _int.h header in src/' '
	! (cd $ROOFLINE_SRC && find src -name "*_int.h" | grep .)
'
test_expect_success 'a planted loop is named with the symbols that close it; one-way calls are not' '
	mkdir -p b/src/x src/x &&
	printf "int low(void);\nint top(void) { return low(); }\n" >src/x/top.c &&
	printf "int top(void);\nint low(void) { return 1; }\nint back(void) { return top(); }\n" >src/x/low.c &&
	printf "int low(void);\nint side(void) { return low(); }\n" >src/x/side.c &&
	for f in top low side; do ${CC:-cc} -c src/x/$f.c -o b/src/x/$f.o || exit 1; done &&
	cp b/src/x/low.o b/src/x/gone.o &&
	! FILE_CALLS_ALLOW=/dev/null sh $calls b >out && cat out &&
	grep -x "loop: src/x/low.c src/x/top.c" out &&
	grep -x "  src/x/low.c -> src/x/top.c: top" out && grep -x "  src/x/top.c -> src/x/low.c: low" out &&
	test $(grep -c "^loop:" out) -eq 1 && ! grep "side" out && ! grep "gone" out &&
	FILE_CALLS_ALLOW=/dev/null sh $calls --edges b | grep -x "src/x/side.c -> src/x/low.c: low"
'
test_expect_success 'the allow-list excuses a loop and fails on an entry that excuses nothing' '
	echo "loop: src/x/low.c src/x/top.c  # rebuilt soon" >allow &&
	FILE_CALLS_ALLOW=allow sh $calls b >out && grep -x "excused loop: src/x/low.c src/x/top.c" out &&
	echo "loop: src/x/side.c src/x/top.c  # stale" >>allow &&
	! FILE_CALLS_ALLOW=allow sh $calls b >out && cat out &&
	grep -x "allow: \"loop: src/x/side.c src/x/top.c\" excuses nothing (remove it)" out
'
test_done
