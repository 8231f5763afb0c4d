#!/bin/sh
# libroofline as a user gets it: `make install` with DESTDIR, PREFIX and LIBDIR
# puts the header, the one-header form, the Fortran module, libroofline.a,
# libroofline.so (soname libroofline.so.0) and roofline.pc in place; programs
# in C and Fortran build with `pkg-config --cflags --libs roofline` against the
# installed copy, link the shared library and append their rows; the shared
# library exports roofline_* only; the README's make and CMake snippets build; `make
# uninstall` takes it all away.
. "$(dirname "$0")/lib.sh"
: "${ROOFLINE_BUILD:?run these through make test (ROOFLINE_BUILD is not set)}"
FX=$ROOFLINE_SRC/tests/fixtures/libroofline
DEST=$TRASH/dest
# The build is up to date (make test built it): -o keeps the flags stamps (the
# tool's and the kernels') as they are, so this make installs and never
# rebuilds with other flags (PKG_CONFIG_SYSROOT_DIR below moves pkg-config's).
MAKE_INSTALL="make -C $ROOFLINE_SRC --no-print-directory -o $ROOFLINE_BUILD/.flags -o $ROOFLINE_BUILD/.kflags BUILD=$ROOFLINE_BUILD \
	BINDIR=$(dirname "$ROOFLINE") CC=${CC:-cc} DESTDIR=$DEST PREFIX=/opt/rl LIBDIR=/opt/rl/lib64"
export PKG_CONFIG_PATH="$DEST/opt/rl/lib64/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$DEST"

test_expect_success 'make install: header, libraries, soname links and roofline.pc under DESTDIR' '
	$MAKE_INSTALL install >install.out 2>&1 || { cat install.out; false; } &&
	test -f "$DEST/opt/rl/include/roofline.h" &&
	test -f "$DEST/opt/rl/include/roofline-single.h" &&
	test -f "$DEST/opt/rl/include/roofline.f90" &&
	test -f "$DEST/opt/rl/lib64/libroofline.a" &&
	test -f "$DEST/opt/rl/lib64/libroofline.so.0.1.0" &&
	test "$(readlink "$DEST/opt/rl/lib64/libroofline.so.0")" = libroofline.so.0.1.0 &&
	test "$(readlink "$DEST/opt/rl/lib64/libroofline.so")" = libroofline.so.0 &&
	objdump -p "$DEST/opt/rl/lib64/libroofline.so.0.1.0" | grep -q "SONAME *libroofline.so.0$" &&
	grep -qx "libdir=/opt/rl/lib64" "$DEST/opt/rl/lib64/pkgconfig/roofline.pc" &&
	grep -qx "includedir=/opt/rl/include" "$DEST/opt/rl/lib64/pkgconfig/roofline.pc" &&
	grep -qx "Version: 0.1.0" "$DEST/opt/rl/lib64/pkgconfig/roofline.pc" &&
	if command -v gfortran >/dev/null; then test -f "$DEST/opt/rl/include/roofline.mod"; fi
'
test_expect_success 'pkg-config --cflags --libs roofline names the installed copy' '
	pkg-config --cflags --libs roofline >pc.out &&
	grep -q -- "-I$DEST/opt/rl/include" pc.out && grep -q -- "-L$DEST/opt/rl/lib64 -lroofline" pc.out &&
	pkg-config --modversion roofline >v && test "$(cat v)" = 0.1.0
'
test_expect_success 'a strict C11 program builds with pkg-config, runs on the shared library, appends its rows' '
	${CC:-cc} -std=c11 -Wall -Wextra -Werror -pedantic $(pkg-config --cflags roofline) "$FX/probe.c" \
		-o probe $(pkg-config --libs roofline) &&
	LD_LIBRARY_PATH="$DEST/opt/rl/lib64" ldd ./probe | grep -q "libroofline.so.0 => $DEST/opt/rl/lib64/" &&
	LD_LIBRARY_PATH="$DEST/opt/rl/lib64" ROOFLINE_MIN_SECONDS=0.0001 ROOFLINE_POINTS=regions.csv ./probe &&
	grep -q "^probe,time,1,8," points.csv && grep -q "^probe,fn,1,8,.*,1,L1,declared,declared$" points.csv &&
	grep -q "^probe,append,1,8,1.000000000e+00,1,,counted,counted$" points.csv &&
	test "$(head -n 1 regions.csv)" = "name,version,flops,bytes,seconds,threads,level,flops_source,bytes_source" &&
	grep -q "^probe,probe,1,8," regions.csv
'
test_expect_success 'the README'"'"'s make snippet builds a program with pkg-config' '
	mkdir mk && cp "$FX/probe.c" mk/prog.c &&
	printf "CFLAGS += \$(shell pkg-config --cflags roofline)\nLDLIBS += \$(shell pkg-config --libs roofline)\nprog: prog.o\n" >mk/Makefile &&
	make -C mk CC="${CC:-cc}" >mk.out 2>&1 && test -x mk/prog &&
	LD_LIBRARY_PATH="$DEST/opt/rl/lib64" ldd mk/prog | grep -q libroofline.so.0
'
test_expect_success 'the README'"'"'s CMake snippet builds it too, where cmake is installed' '
	if command -v cmake >/dev/null; then
		mkdir cm && cp "$FX/probe.c" cm/prog.c &&
		printf "%s\n" "cmake_minimum_required(VERSION 3.13)" "project(prog C)" "add_executable(prog prog.c)" \
			"find_package(PkgConfig REQUIRED)" \
			"pkg_check_modules(ROOFLINE REQUIRED IMPORTED_TARGET roofline)" \
			"target_link_libraries(prog PRIVATE PkgConfig::ROOFLINE)" >cm/CMakeLists.txt &&
		CC="${CC:-cc}" cmake -S cm -B cmb >cm.out 2>&1 && cmake --build cmb >>cm.out 2>&1 &&
		LD_LIBRARY_PATH="$DEST/opt/rl/lib64" ldd cmb/prog | grep -q "libroofline.so.0 => $DEST"
	else
		echo "skip: cmake not installed"
	fi
'
test_expect_success 'the shared library exports roofline_* only (and the Fortran module procedures)' '
	nm -D --defined-only "$DEST/opt/rl/lib64/libroofline.so.0.1.0" | awk "{print \$3}" >syms &&
	grep -q "^roofline_region_begin$" syms && grep -q "^roofline_flush$" syms &&
	! grep -v -e "^roofline_" -e "^__roofline_MOD_" syms
'
test_expect_success 'Fortran builds with pkg-config against the installed module and library' '
	if command -v gfortran >/dev/null; then
		gfortran -std=f2008 $(pkg-config --cflags roofline) "$ROOFLINE_SRC/examples/fortran/axpy.f90" \
			-o axpy $(pkg-config --libs roofline) &&
		LD_LIBRARY_PATH="$DEST/opt/rl/lib64" ROOFLINE_POINTS=f.csv ./axpy 1000 3 >axpy.out &&
		grep -q "checked" axpy.out && grep -q "^axpy,fortran,2000,24000," f.csv
	fi
'
test_expect_success 'make uninstall removes what install put there' '
	$MAKE_INSTALL uninstall >un.out 2>&1 || { cat un.out; false; } &&
	test ! -e "$DEST/opt/rl/lib64/libroofline.so" && test ! -e "$DEST/opt/rl/lib64/libroofline.a" &&
	test ! -e "$DEST/opt/rl/include/roofline.h" && test ! -e "$DEST/opt/rl/lib64/pkgconfig/roofline.pc"
'
test_done
