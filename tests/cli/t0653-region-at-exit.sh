#!/bin/sh
# t0653-region-at-exit.sh - a region that ends during the program's exit is
# written, not lost: a roofline::region at namespace scope in C++ (timing the
# whole program: it ends in its destructor, after main returns, and after the
# exit flush a region ended in main would have registered), and one
# ended by an atexit handler registered before the first region, in C.
. "$(dirname "$0")/lib.sh"
: "${ROOFLINE_BUILD:?run these through make test (ROOFLINE_BUILD is not set)}"
LIB=$ROOFLINE_BUILD/lib/libroofline.a

test_expect_success 'C++: a region at namespace scope is written at exit' '
	if command -v "${CXX:-c++}" >/dev/null 2>&1; then
		cat >whole.cpp <<-\EOS &&
		#include "roofline.h"
		static roofline::region whole("whole", 7, 8);
		int main() { roofline::region step("step", 1, 2); return 0; }
		EOS
		"${CXX:-c++}" -std=c++11 -I"$ROOFLINE_SRC/include" whole.cpp -o whole "$LIB" -pthread &&
		ROOFLINE_POINTS=pts.csv ./whole 2>err && test ! -s err &&
		grep -q "^whole,v1,7,8,[^,]*,1,,declared,declared$" pts.csv && grep -q "^step,v1,1,2," pts.csv
	else
		echo "skip: no C++ compiler"
	fi
'
test_expect_success 'C: a region run by an atexit handler registered before the first region is written' '
	cat >late.c <<-\EOS &&
	#include <stdlib.h>
	#include "roofline.h"
	static void late(void) { roofline_region_begin("late"); roofline_region_end("late", 3, 4); }
	int main(void)
	{
		atexit(late);
		roofline_region_begin("early");
		roofline_region_end("early", 1, 2);
		return 0;
	}
	EOS
	${CC:-cc} -std=c11 -I"$ROOFLINE_SRC/include" late.c -o late "$LIB" -pthread &&
	ROOFLINE_POINTS=pts2.csv ./late 2>err && test ! -s err &&
	grep -q "^early,v1,1,2," pts2.csv && grep -q "^late,v1,3,4," pts2.csv
'
test_done
