#!/bin/sh
# single-header.sh HEADER INTERNAL SOURCE... - roofline-single.h on stdout: the
# public header, then (under ROOFLINE_IMPLEMENTATION) libroofline's internal
# header and sources, their own #include "..." lines dropped. One source for
# the library and the one-header form: nothing is copied by hand.
set -eu
header=$1 internal=$2
shift 2
cat <<'EOT'
/*
 * roofline-single.h - libroofline in one file, generated from its sources
 * (scripts/single-header.sh): do not edit. In ONE C file of your program:
 *
 *     #define ROOFLINE_IMPLEMENTATION
 *     #include "roofline-single.h"        (first, before any system header)
 *
 * and include it plainly elsewhere (C or C++). The implementation is C99/C11
 * for Linux and needs -pthread; it defines _GNU_SOURCE itself, which is why it
 * must come before the system headers of that file.
 */
#ifndef ROOFLINE_SINGLE_HEADER
#define ROOFLINE_SINGLE_HEADER
#if defined(ROOFLINE_IMPLEMENTATION) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE
#endif
EOT
cat "$header"
echo '#ifdef ROOFLINE_IMPLEMENTATION'
for f in "$internal" "$@"; do
	printf '/* ---- %s ---- */\n' "${f##*/}"
	grep -v '^#include "' "$f"
done
echo '#endif /* ROOFLINE_IMPLEMENTATION */'
echo '#endif /* ROOFLINE_SINGLE_HEADER */'
