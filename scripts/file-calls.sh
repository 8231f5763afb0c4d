#!/bin/sh
# file-calls.sh [--edges] [BUILD_DIR] - the call graph between the files of
# src/, read from the build's object files with nm: a file uses another when
# it references a symbol (a function or a table) the other defines. Prints
# each loop, a set of files that reach one another through such uses, as
# "loop: A B ...", then one line per use inside it, "  A -> B: symbols";
# with --edges, every use between two files first, "A -> B: symbols".
# Exits 1 when there is a loop: calls between files go one way, so a file
# can be read knowing only the ones below it. scripts/file-calls.allow
# (FILE_CALLS_ALLOW) lists loops excused while their owner rebuilds them,
# one a line as "loop: A B ..." prints them, the reason after a "#"; such a
# loop prints as "excused loop:", and an entry that excuses nothing fails.
#
# BUILD_DIR is the build's folder (ROOFLINE_BUILD, else the newest build/*/
# holding src/); build it first (make). Only the object files of src/ count,
# and only those whose source is in the tree (FILE_CALLS_SRC, default the
# checkout): the kernels, the tests and the tools sit above every file there.
set -eu
edges=0
allow=${FILE_CALLS_ALLOW:-$(dirname "$0")/file-calls.allow}
allowed=$({ sed 's/#.*//; s/[[:space:]]*$//' "$allow" 2>/dev/null || true; } | awk 'NF')
[ "${1:-}" = "--edges" ] && { edges=1; shift; }
top=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-${ROOFLINE_BUILD:-}}
if [ -z "$build" ]; then
	build=$(ls -dt "$top"/build/*/src 2>/dev/null | head -n 1)
	build=${build%/src}
fi
[ -n "$build" ] && [ -d "$build/src" ] || { echo "file-calls.sh: no build with src/ (run make first)" >&2; exit 2; }
# Only objects whose source is still there: a file moved or removed leaves
# its old object in the build, which would define its symbols twice.
srcroot=${FILE_CALLS_SRC:-$top}
objs=$(cd "$build" && find src -name '*.o' | LC_ALL=C sort | while read -r o; do
	[ ! -f "$srcroot/${o%.o}.c" ] || echo "$o"; done)
[ -n "$objs" ] || { echo "file-calls.sh: no object files under $build/src" >&2; exit 2; }

# "FILE D SYMBOL" for what a file defines, "FILE U SYMBOL" for what it uses.
cd "$build"
# One nm for all: "OBJ:[ADDR] TYPE SYMBOL" a line.
nm -A $objs | awk '
	{ i = index($0, ":"); f = substr($0, 1, i - 1); sub(/\.o$/, ".c", f); n = split(substr($0, i + 1), w, " ") }
	n == 2 && w[1] == "U" { print f, "U", w[2]; next }
	n == 3 && w[2] ~ /^[TDBRVWG]$/ { print f, "D", w[3] }' | awk -v edges="$edges" -v allowed="$allowed" -v allowfile="$allow" '
BEGIN { na = split(allowed, al, "\n"); for (i = 1; i <= na; i++) excused[al[i]] = 1 }
$2 == "D" { def[$3] = $1; next }
{ use[++n] = $1 SUBSEP $3 }
END {
	for (i = 1; i <= n; i++) {
		split(use[i], u, SUBSEP)
		to = def[u[2]]
		if (to == "" || to == u[1]) continue
		k = u[1] SUBSEP to
		if (!(k in syms)) { nodes[u[1]] = 1; nodes[to] = 1; out[u[1]] = out[u[1]] " " to }
		if (index(" " syms[k] " ", " " u[2] " ") == 0) syms[k] = syms[k] (syms[k] == "" ? "" : " ") u[2]
	}
	# reach[a, b]: b is reachable from a (a search from every file; there are
	# about a hundred).
	for (a in nodes) {
		delete seen; top = 0
		stack[++top] = a
		while (top > 0) {
			x = stack[top--]
			m = split(out[x], nx, " ")
			for (j = 1; j <= m; j++)
				if (!(nx[j] in seen)) { seen[nx[j]] = 1; reach[a, nx[j]] = 1; stack[++top] = nx[j] }
		}
	}
	nn = 0
	for (a in nodes) sorted[++nn] = a
	for (i = 2; i <= nn; i++)
		for (j = i; j > 1 && sorted[j - 1] > sorted[j]; j--) { t = sorted[j]; sorted[j] = sorted[j - 1]; sorted[j - 1] = t }
	if (edges)
		for (i = 1; i <= nn; i++)
			for (j = 1; j <= nn; j++)
				if ((sorted[i], sorted[j]) in syms) print sorted[i] " -> " sorted[j] ": " syms[sorted[i], sorted[j]]
	loops = 0
	for (i = 1; i <= nn; i++) {
		a = sorted[i]
		if (a in done || !((a, a) in reach)) continue
		line = "loop:"; cnt = 0
		for (j = 1; j <= nn; j++) {
			b = sorted[j]
			if (b == a || ((a, b) in reach && (b, a) in reach)) { done[b] = 1; member[++cnt] = b; line = line " " b }
		}
		if (line in excused) { used[line] = 1; print "excused " line } else { print line; loops++ }
		for (p = 1; p <= cnt; p++)
			for (q = 1; q <= cnt; q++)
				if ((member[p], member[q]) in syms) print "  " member[p] " -> " member[q] ": " syms[member[p], member[q]]
	}
	for (e in excused)
		if (!(e in used)) { print allowfile ": \"" e "\" excuses nothing (remove it)"; loops++ }
	exit loops > 0
}'
