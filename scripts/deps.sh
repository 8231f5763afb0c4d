#!/bin/sh
# deps.sh [--check] NEED... - makes sure the Debian packages a make step needs are installed.
#
# NEED is one or more of: build (compile bin/roofline), build-clang (what clang
# needs beyond that: its OpenMP runtime), test (run the suite; g++ and gfortran
# for libroofline's C++ and Fortran sides),
# plots (render the gnuplot scripts; chromium, optional, opens report.html
# in its test), mpi (Open MPI, for measure --mpi and its
# tests; build installs it as optional), bench (compare against likwid-bench),
# aarch64 (cross-build for 64-bit Arm and run it under qemu: Debian's cross
# compiler, qemu-user and the libraries' arm64 packages through multiarch),
# fuzz (make fuzz: clang and its libFuzzer runtime).
# As root with apt-get it installs what is missing and says so; otherwise it
# stops with one line naming the packages to install. Checks are by file, not
# by dpkg, so a machine that has the pieces from elsewhere is not forced.
# --check never installs: it only says what is missing (exit 1), for a test
# that skips when an optional need (aarch64) is absent.
set -u

check_only=""
if [ "${1:-}" = --check ]; then
	check_only=1
	shift
fi

missing=""
want() { # want PACKAGE TEST...
	pkg=$1; shift
	if ! "$@" >/dev/null 2>&1; then
		case " $missing " in *" $pkg "*) ;; *) missing="$missing $pkg" ;; esac
	fi
}
has_header() { [ -f "/usr/include/$1" ] || [ -f "/usr/local/include/$1" ]; }
# has_lib NAME: the native libNAME.so, not only its header; an arm64 -dev
# package (deps.sh aarch64) installs the same shared /usr/include header.
has_lib() {
	ma=$(${CC:-cc} -print-multiarch 2>/dev/null)
	has_glob "/usr/lib/$ma/lib$1.so" "/usr/lib/lib$1.so" "/usr/local/lib/lib$1.so"
}
has_glob() { for f in "$@"; do [ -e "$f" ] && return 0; done; return 1; }
# Debian's chromium, or the headless shell alone (chromium-headless-shell).
has_chromium() { command -v chromium || command -v chromium-headless-shell; }
has_pc() { command -v pkg-config >/dev/null && pkg-config --exists "$1"; }
# optional PACKAGE TEST...: installed with the others as root, never required.
optional_missing=""
optional() {
	pkg=$1; shift
	"$@" >/dev/null 2>&1 || optional_missing="$optional_missing $pkg"
}

for need in "$@"; do
	case $need in
	build)
		want make command -v make
		want pkg-config command -v pkg-config
		want libcairo2-dev has_pc cairo
		want libhwloc-dev has_pc hwloc
		want libcsv-dev has_lib csv
		want fonts-dejavu-core test -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
		want binutils command -v objdump
		# Optional: gemm_blas builds only with it; its absence never stops a build.
		optional libopenblas-dev has_pc openblas
		# Optional: measure --mpi builds only with Open MPI (mpicc), and its tests skip without it.
		optional openmpi-bin command -v mpirun
		optional libopenmpi-dev command -v mpicc
		;;
	build-clang)
		# gcc brings libgomp; clang -fopenmp needs LLVM's runtime.
		want libomp-14-dev test -e /usr/lib/llvm-14/lib/libomp.so
		;;
	test)
		want libcmocka-dev has_lib cmocka
		want perl command -v prove
		want gnuplot-nox command -v gnuplot
		optional chromium has_chromium
		want file command -v file
		want man-db command -v man
		want groff-base command -v nroff
		# libroofline's C++ and Fortran sides: their examples, the module and the
		# strict-flag matrix of roofline.h (clang's rows skip without clang).
		want g++ command -v g++
		want gfortran command -v gfortran
		optional clang command -v clang
		;;
	plots)
		want gnuplot-nox command -v gnuplot
		# Optional: a headless browser, for the test that opens report.html (t0800); it skips without one.
		optional chromium has_chromium
		;;
	mpi)
		# What `build` installs as optional, required here: .ci/run asks for it so
		# that CI's make test runs the MPI tests (t0630) instead of skipping them.
		want openmpi-bin command -v mpirun
		want libopenmpi-dev command -v mpicc
		;;
	fuzz)
		want clang command -v clang
		want libclang-rt-14-dev has_glob /usr/lib/llvm-14/lib/clang/*/lib/linux/libclang_rt.fuzzer-*.a
		;;
	bench)
		want likwid command -v likwid-bench
		want bc command -v bc
		;;
	aarch64)
		# Multiarch -dev packages (Multi-Arch: same) sit beside the amd64 ones;
		# the headers are shared, the libraries and .pc files go under
		# /usr/lib/aarch64-linux-gnu, read by aarch64-linux-gnu-pkg-config.
		want gcc-aarch64-linux-gnu command -v aarch64-linux-gnu-gcc
		want qemu-user command -v qemu-aarch64
		want pkgconf:arm64 command -v aarch64-linux-gnu-pkg-config
		want libcairo2-dev:arm64 test -f /usr/lib/aarch64-linux-gnu/pkgconfig/cairo.pc
		want libhwloc-dev:arm64 test -f /usr/lib/aarch64-linux-gnu/pkgconfig/hwloc.pc
		want libcsv-dev:arm64 test -f /usr/lib/aarch64-linux-gnu/libcsv.so
		want libcmocka-dev:arm64 test -f /usr/lib/aarch64-linux-gnu/libcmocka.so
		# qemu finds the arm64 loader where multiarch puts it (not qemu -L: see docs/development.md)
		want libc6:arm64 test -e /lib/ld-linux-aarch64.so.1
		# OpenMP at run time (the cross toolchain's copy sits where qemu does not look)
		want libgomp1:arm64 test -f /usr/lib/aarch64-linux-gnu/libgomp.so.1
		;;
	*)
		echo "deps.sh: unknown need '$need'" >&2
		exit 2
		;;
	esac
done

if [ -n "$optional_missing" ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
	echo "roofline: installing optional Debian packages:$optional_missing (apt-get)" >&2
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq >/dev/null 2>&1 || true
	# shellcheck disable=SC2086
	apt-get install -y -qq --no-install-recommends $optional_missing >/dev/null 2>&1 ||
		echo "roofline: could not install$optional_missing: building without it" >&2
elif [ -n "$optional_missing" ]; then
	echo "roofline: optional packages missing:$optional_missing (without libopenblas-dev gemm_blas is skipped; without clang the clang rows of the roofline.h matrix; without libopenmpi-dev measure --mpi; without chromium the browser test of report.html)" >&2
fi

[ -z "$missing" ] && exit 0

# An :arm64 package needs dpkg to know the architecture first.
addarch=""
case "$missing" in *:arm64*)
	dpkg --print-foreign-architectures 2>/dev/null | grep -qx arm64 ||
		addarch="dpkg --add-architecture arm64 && apt-get update && " ;;
esac

if [ -z "$check_only" ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
	echo "roofline: installing missing Debian packages:$missing (${addarch}apt-get)" >&2
	export DEBIAN_FRONTEND=noninteractive
	if [ -n "$addarch" ] && ! dpkg --add-architecture arm64; then
		echo "roofline: dpkg --add-architecture arm64 failed" >&2
		exit 1
	fi
	# An old or absent package list is the usual reason an install fails on a fresh machine.
	apt-get update -qq >/dev/null 2>&1 || true
	# shellcheck disable=SC2086
	if apt-get install -y -qq --no-install-recommends $missing >/dev/null; then
		exit 0
	fi
	echo "roofline: apt-get could not install:$missing" >&2
	exit 1
fi
echo "roofline: missing packages:$missing (install them with: ${addarch}apt-get install$missing)" >&2
exit 1
