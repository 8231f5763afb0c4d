#!/bin/sh
# roofline.h under strict flags: compiler x standard x language, each
# -Wall -Wextra -Werror -pedantic, with a probe that uses every declaration
# (tests/fixtures/libroofline). The header is checked with -fsyntax-only (a
# full build adds nothing to a header that only declares); the one-header form,
# whose implementation is the point, is compiled, linked and run; the Fortran
# module is checked under -std=f2008. A compiler that is missing is a skipped
# row, said in the output; the rows run in parallel (a few seconds in all).
. "$(dirname "$0")/lib.sh"
: "${ROOFLINE_BUILD:?run these through make test (ROOFLINE_BUILD is not set)}"
FX=$ROOFLINE_SRC/tests/fixtures/libroofline
INC=$ROOFLINE_SRC/include
SINGLE=$ROOFLINE_BUILD/include
STRICT="-Wall -Wextra -Werror -pedantic"

# row NAME COMMAND...: runs in the background, its status and output in rows/NAME.*
row() {
	name=$1
	shift
	if ! command -v "$1" >/dev/null 2>&1; then
		echo "skip: $1 not installed" >"rows/$name.skip"
		return 0
	fi
	( "$@" >"rows/$name.out" 2>&1; echo $? >"rows/$name.rc" ) &
}

test_expect_success 'setup: every row compiled at once' '
	mkdir rows &&
	for cc in gcc clang; do
		for std in c99 c11; do
			row "c-$cc-$std" $cc -std=$std $STRICT -I"$INC" -fsyntax-only "$FX/probe.c"
			row "single-$cc-$std" $cc -std=$std $STRICT -I"$SINGLE" "$FX/single.c" \
				-o "rows/single-$cc-$std" -pthread
		done
	done
	for cxx in g++ clang++; do
		for std in c++11 c++17; do
			row "cxx-$cxx-$std" $cxx -std=$std $STRICT -I"$INC" -fsyntax-only "$FX/probe.cpp"
		done
	done
	row "fortran-gfortran-f2008" gfortran -std=f2008 $STRICT -Jrows -fsyntax-only \
		"$ROOFLINE_SRC/src/libroofline/roofline.f90"
	wait
'

# check NAME: passed, or skipped with its reason on the TAP line
check() {
	if [ -e "rows/$1.skip" ]; then
		cat "rows/$1.skip"
		return 0
	fi
	cat "rows/$1.out"
	test "$(cat "rows/$1.rc")" = 0 && test ! -s "rows/$1.out"
}

for cc in gcc clang; do
	for std in c99 c11; do
		test_expect_success "C, $cc -std=$std: roofline.h, no warning" "check c-$cc-$std"
		test_expect_success "C, $cc -std=$std: roofline-single.h with its implementation builds and runs" "
			check single-$cc-$std &&
			if [ -x rows/single-$cc-$std ]; then
				(cd rows && ./single-$cc-$std >single.out && grep -q '^single: ok' single.out &&
				 grep -q '^single,time,1,8,' single.csv)
			fi
		"
	done
done
for cxx in g++ clang++; do
	for std in c++11 c++17; do
		test_expect_success "C++, $cxx -std=$std: roofline.h and roofline::region, no warning" "check cxx-$cxx-$std"
	done
done
test_expect_success 'Fortran, gfortran -std=f2008: the module roofline, no warning' 'check fortran-gfortran-f2008'
test_done
