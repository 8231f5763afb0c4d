#!/bin/sh
# deps.sh NEED... - makes sure the Debian packages a make step needs are installed.
#
# NEED is one or more of: build (compile bin/roofline), test (run the suite),
# plots (render the gnuplot scripts), bench (compare against likwid-bench),
# fuzz (make fuzz: clang and its libFuzzer runtime).
# As root with apt-get it installs what is missing and says so; otherwise it
# stops with one line naming the packages to install. Checks are by file, not
# by dpkg, so a machine that has the pieces from elsewhere is not forced.
set -u

missing=""
want() { # want PACKAGE TEST...
	pkg=$1; shift
	if ! "$@" >/dev/null 2>&1; then
		case " $missing " in *" $pkg "*) ;; *) missing="$missing $pkg" ;; esac
	fi
}
has_header() { [ -f "/usr/include/$1" ] || [ -f "/usr/local/include/$1" ]; }
has_glob() { for f in "$@"; do [ -e "$f" ] && return 0; done; return 1; }
has_pc() { command -v pkg-config >/dev/null && pkg-config --exists "$1"; }

for need in "$@"; do
	case $need in
	build)
		want make command -v make
		want pkg-config command -v pkg-config
		want libcairo2-dev has_pc cairo
		want libhwloc-dev has_pc hwloc
		want libcsv-dev has_header csv.h
		want fonts-dejavu-core test -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
		want binutils command -v objdump
		;;
	test)
		want libcmocka-dev has_header cmocka.h
		want perl command -v prove
		want gnuplot-nox command -v gnuplot
		want file command -v file
		;;
	plots)
		want gnuplot-nox command -v gnuplot
		;;
	fuzz)
		want clang command -v clang
		want libclang-rt-14-dev has_glob /usr/lib/llvm-14/lib/clang/*/lib/linux/libclang_rt.fuzzer-*.a
		;;
	bench)
		want likwid command -v likwid-bench
		want bc command -v bc
		;;
	*)
		echo "deps.sh: unknown need '$need'" >&2
		exit 2
		;;
	esac
done

[ -z "$missing" ] && exit 0

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
	echo "roofline: installing missing Debian packages:$missing (apt-get)" >&2
	export DEBIAN_FRONTEND=noninteractive
	# An old or absent package list is the usual reason an install fails on a fresh machine.
	apt-get update -qq >/dev/null 2>&1 || true
	# shellcheck disable=SC2086
	if apt-get install -y -qq --no-install-recommends $missing >/dev/null; then
		exit 0
	fi
	echo "roofline: apt-get could not install:$missing" >&2
	exit 1
fi
echo "roofline: missing packages:$missing (install them with: apt-get install$missing)" >&2
exit 1
