#!/bin/sh
# libroofline's examples in C (OpenMP triad on one thread and on all), C++ (the
# scope guard) and Fortran (the module): each appends its rows to one points
# file (ROOFLINE_POINTS), one header; report --points places them under the
# committed example run's roofs, the all-thread triad against the @2t roofs.
# Processes appending to one file at once leave whole rows and one header;
# without counters the rows say declared and the library says why once.
. "$(dirname "$0")/lib.sh"
: "${ROOFLINE_BUILD:?run these through make test (ROOFLINE_BUILD is not set)}"
EX=$ROOFLINE_BUILD/examples
HEADER=name,version,flops,bytes,seconds,threads,level,flops_source,bytes_source

test_expect_success 'setup: the committed example run (1 and 2 threads), fitted' '
	mkdir run && cp "$ROOFLINE_SRC"/data/example/run/env.csv "$ROOFLINE_SRC"/data/example/run/timings.csv run/ &&
	cp -R "$ROOFLINE_SRC"/data/example/run/remarks run/ && "$ROOFLINE" fit run >/dev/null
'
test_expect_success 'C: the OpenMP triad records one execution per trip, threads = the team' '
	OMP_NUM_THREADS=2 ROOFLINE_POINTS=pts.csv "$EX/triad_omp" 20000 5 >triad.out 2>triad.err &&
	grep -q "1 and 2 threads, checked" triad.out && test ! -s triad.err &&
	test "$(head -n 1 pts.csv)" = "$HEADER" &&
	grep -q "^triad,serial,40000,480000,[^,]*,1,,declared,declared$" pts.csv &&
	grep -q "^triad,omp,40000,480000,[^,]*,2,,declared,declared$" pts.csv &&
	test "$(wc -l <pts.csv)" = 3
'
test_expect_success 'C++: roofline::region ends its region at the end of the scope' '
	if [ -x "$EX/stencil_cxx" ]; then
		ROOFLINE_POINTS=pts.csv "$EX/stencil_cxx" 1002 4 >cxx.out 2>cxx.err && test ! -s cxx.err &&
		grep -q "^stencil3,cxx,3000,16000,[^,]*,1,,declared,declared$" pts.csv
	else
		echo "skip: no C++ compiler, stencil_cxx not built"
	fi
'
test_expect_success 'Fortran: the module roofline, flushed by the program' '
	if [ -x "$EX/axpy_f90" ]; then
		ROOFLINE_POINTS=pts.csv "$EX/axpy_f90" 1000 4 >f.out 2>f.err && test ! -s f.err &&
		grep -q "checked" f.out &&
		grep -q "^axpy,fortran,2000,24000,[^,]*,1,,declared,declared$" pts.csv
	else
		echo "skip: no gfortran, axpy_f90 not built"
	fi
'
test_expect_success 'Fortran: a blank-padded character variable names the region without its blanks' '
	if command -v gfortran >/dev/null && [ -e "$ROOFLINE_BUILD/include/roofline.mod" ]; then
		cat >pad.f90 <<-EOF &&
		program pad
		  use roofline
		  character(len=16) :: name = "padded"
		  call roofline_set_version("v1  ")
		  call roofline_region_begin(name)
		  call roofline_region_end(name, 1d0, 8d0)
		end program pad
		EOF
		gfortran -I"$ROOFLINE_BUILD/include" pad.f90 -o pad "$ROOFLINE_BUILD/lib/libroofline.a" -pthread &&
		ROOFLINE_POINTS=pad.csv ./pad && grep -q "^padded,v1,1,8," pad.csv
	else
		echo "skip: no gfortran"
	fi
'
test_expect_success 'report --points places every row; the 2-thread triad against DRAM@2t' '
	test "$(grep -c "^name," pts.csv)" = 1 &&
	"$ROOFLINE" report run --out out --points pts.csv 2>/dev/null &&
	grep -q "^| triad | serial | 1 | DRAM | declared | 0.0833 | [0-9.]* | DRAM [0-9.]* |" out/report.md &&
	grep -q "^| triad | omp | 2 | DRAM | declared | 0.0833 | [0-9.]* | DRAM@2t [0-9.]* |" out/report.md &&
	if [ -x "$EX/axpy_f90" ]; then grep -q "^| axpy | fortran | 1 | DRAM |" out/report.md; fi &&
	if [ -x "$EX/stencil_cxx" ]; then grep -q "^| stencil3 | cxx | 1 | DRAM |" out/report.md; fi
'
test_expect_success 'four processes at once on one file: one header, every row whole' '
	for p in 1 2 3 4; do
		OMP_NUM_THREADS=2 ROOFLINE_POINTS=many.csv "$EX/triad_omp" 5000 3 >/dev/null &
	done
	wait &&
	test "$(grep -c "^name," many.csv)" = 1 && test "$(wc -l <many.csv)" = 9 &&
	test "$(grep -c "^triad,\(serial\|omp\),10000,120000,[^,]*,[12],,declared,declared$" many.csv)" = 8
'
test_expect_success 'counting asked for: counted where the machine allows, else declared and said once' '
	OMP_NUM_THREADS=2 ROOFLINE_COUNT_FLOPS=1 ROOFLINE_COUNT_BYTES=1 ROOFLINE_POINTS=cnt.csv \
		"$EX/triad_omp" 20000 3 >/dev/null 2>cnt.err &&
	test "$(wc -l <cnt.csv)" = 3 &&
	if grep -q "^triad,omp,40000,[^,]*,[^,]*,2,,declared," cnt.csv; then
		test "$(grep -c "^roofline: flops are declared, not counted: " cnt.err)" = 1
	else
		test "$(grep -c ",2,,counted," cnt.csv)" = 1
	fi &&
	if grep -q ",declared$" cnt.csv; then
		test "$(grep -c "^roofline: bytes are declared, not counted: " cnt.err)" = 1
	fi
'
test_expect_success 'misuse: an end without its begin, a region left open: a roofline: line each, no row' '
	cat >bad.c <<-EOC &&
	#include <roofline.h>
	int main(void)
	{
		roofline_region_end("never", 1, 1);
		roofline_region_begin("ok");
		roofline_region_end("ok", 1, 8);
		roofline_region_begin("open");
		return 0;
	}
	EOC
	${CC:-cc} -std=c11 -I"$ROOFLINE_SRC/include" bad.c -o bad "$ROOFLINE_BUILD/lib/libroofline.a" -pthread &&
	ROOFLINE_POINTS=bad.csv ./bad 2>bad.err &&
	test "$(wc -l <bad.err)" = 2 && grep -q "^roofline: roofline_region_end(\"never\") without its begin" bad.err &&
	grep -q "^roofline: region open v1 still open at exit (1 of its 1 thread inside): not recorded" bad.err &&
	test "$(wc -l <bad.csv)" = 2 && grep -q "^ok,v1,1,8," bad.csv
'
test_done
