#!/bin/sh
# copy-check.sh [FILE...] - lists each place in src/ (or the files given)
# that copies a whole `struct analysis` (about 160 KB of fixed arrays): an
# assignment through or of a name declared as one ("*m = *a;", "x = *a;",
# "*m = x;"), a memcpy of its size, an initialised or by-value parameter of
# the type. "FILE:LINE: copies a whole struct analysis: TEXT". A figure, a
# frame or a merge reads what it needs from the analyses it was given, or
# copies the elements it selects; exits 1 when anything is listed.
#
# The names are those a file declares as struct analysis (pointer or
# value), any function of it: a name of that type in one function and of
# another in the next is flagged too (rename one). Comments and strings are
# not code here.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
if [ $# -eq 0 ]; then
	cd "$top"
	set -- $(find src -type f \( -name '*.c' -o -name '*.h' \) | LC_ALL=C sort)
fi
[ $# -gt 0 ] || exit 0
awk '
FNR == 1 { delete ptr; delete val; incomment = 0; scan = 1 }
# Two passes per file, through getline: the declarations, then the copies.
FNR == 1 {
	f = FILENAME; n = 0
	while ((getline l < f) > 0) code[++n] = strip(l)
	close(f)
	for (i = 1; i <= n; i++) declared(code[i])
	for (i = 1; i <= n; i++) copies(f, i, code[i])
	nextfile
}
function declared(s,   t, nm) {
	t = s
	while (match(t, /struct[ \t]+analysis[ \t]*\*+[ \t]*(const[ \t]+)?[A-Za-z_][A-Za-z0-9_]*/)) {
		nm = substr(t, RSTART, RLENGTH); sub(/.*[^A-Za-z0-9_]/, "", nm); ptr[nm] = 1
		t = substr(t, RSTART + RLENGTH)
	}
	t = s
	while (match(t, /struct[ \t]+analysis[ \t]+[A-Za-z_][A-Za-z0-9_]*/)) {
		nm = substr(t, RSTART, RLENGTH); sub(/.*[^A-Za-z0-9_]/, "", nm)
		if (nm != "analysis") val[nm] = 1
		t = substr(t, RSTART + RLENGTH)
	}
}
function copies(f, i, s,   t, lhs, rhs, hit) {
	hit = 0
	if (s ~ /memcpy[ \t]*\(.*sizeof[ \t]*\(?[ \t]*struct[ \t]+analysis[ \t]*\)/) hit = 1
	if (s ~ /memcpy[ \t]*\(/ && match(s, /sizeof[ \t]*\(?[ \t]*\*[ \t]*[A-Za-z_][A-Za-z0-9_]*[ \t]*[),]/)) {
		t = substr(s, RSTART, RLENGTH - 1); gsub(/[ \t]/, "", t); sub(/.*[^A-Za-z0-9_]/, "", t)
		if (t in ptr) hit = 1
	}
	if (s ~ /struct[ \t]+analysis[ \t]+[A-Za-z_][A-Za-z0-9_]*[ \t]*=[^=]/) hit = 1
	if (s ~ /[(,][ \t]*(const[ \t]+)?struct[ \t]+analysis[ \t]+[A-Za-z_][A-Za-z0-9_]*[ \t]*[,)]/) hit = 1
	# NAME = *NAME; *NAME = *NAME; *NAME = NAME; NAME = NAME (values)
	if (match(s, /^[ \t]*\*?[ \t]*[A-Za-z_][A-Za-z0-9_]*[ \t]*=[ \t]*\*?[ \t]*[A-Za-z_][A-Za-z0-9_]*[ \t]*;/)) {
		t = substr(s, RSTART, RLENGTH)
		lhs = t; sub(/=.*/, "", lhs); rhs = t; sub(/.*=/, "", rhs)
		gsub(/[ \t;]/, "", lhs); gsub(/[ \t;]/, "", rhs)
		if (whole(lhs) && whole(rhs)) hit = 1
	}
	if (hit) { printf "%s:%d: copies a whole struct analysis: %s\n", f, i, s; bad = 1 }
}
# x is a whole analysis: *p of a pointer p, or a value v.
function whole(x) {
	if (x ~ /^\*/) return substr(x, 2) in ptr
	return x in val
}
# One line with its comments and string and character literals blanked.
function strip(s,   out, i, c, n, q) {
	out = ""; n = length(s)
	for (i = 1; i <= n; i++) {
		c = substr(s, i, 1)
		if (incomment) {
			if (c == "*" && substr(s, i + 1, 1) == "/") { incomment = 0; i++ }
			continue
		}
		if (c == "/" && substr(s, i + 1, 1) == "*") { incomment = 1; i++; continue }
		if (c == "/" && substr(s, i + 1, 1) == "/") break
		if (c == "\"" || c == "'"'"'") {
			q = c
			for (i++; i <= n; i++) {
				c = substr(s, i, 1)
				if (c == "\\") { i++; continue }
				if (c == q) break
			}
			out = out q q
			continue
		}
		out = out c
	}
	return out
}
END { exit bad }' "$@"
