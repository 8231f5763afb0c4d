#!/bin/sh
# params-check.sh [FILE...] - lists each function defined with more than six
# parameters in src/ and kernels/ (libroofline included), or in the files
# given, "FILE:LINE: NAME takes N parameters (over 6)": parameters that travel
# together belong in a struct. scripts/params.allow (PARAMS_ALLOW) lists
# "FILE NAME" excused, each with the reason after a "#"; an entry that
# excuses nothing fails, so the list only shrinks. Exits 1 when anything is
# listed.
#
# Length is no gate: a file is split where its concern changes, never to get
# under a number (tests/cli/t0770 fails on calls in a loop between files).
# A function over 80 lines or a file over 800 is only a note on stderr,
# "note: FILE:LINE: NAME is N lines (over 80)", "note: FILE: N lines (over
# 800)", a smoke detector for a reader to look at; a comment with "Long:"
# just above the function, or atop the file, says why and silences it.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
pallow=${PARAMS_ALLOW:-$top/scripts/params.allow}
MAX_PARAMS=${LONG_MAX_PARAMS:-6}
MAX_FN=${LONG_MAX_FUNCTION:-80}
MAX_FILE=${LONG_MAX_FILE:-800}
if [ $# -eq 0 ]; then
	cd "$top"
	set -- $(find src kernels -type f \( -name '*.c' -o -name '*.h' \) | LC_ALL=C sort)
fi
[ $# -gt 0 ] || exit 0
{ sed 's/#.*//' "$pallow" 2>/dev/null || true; } | awk 'NF { print }' >"${TMPDIR:-/tmp}/params-allow.$$"
trap 'rm -f "${TMPDIR:-/tmp}/params-allow.$$"' EXIT INT TERM

awk -v maxfn="$MAX_FN" -v maxfile="$MAX_FILE" -v maxpar="$MAX_PARAMS" -v pallowfile="$pallow" \
	-v pallowlist="${TMPDIR:-/tmp}/params-allow.$$" '
BEGIN {
	while ((getline l < pallowlist) > 0) { split(l, w, " "); pexcused[w[1] " " w[2]] = 1 }
}
FNR == 1 && NR > 1 { endfile() }
FNR == 1 {
	depth = 0; incomment = 0; cont = 0; head = ""; headline = 0; top = 1; topwhy = 0
	lastcomment = ""; commentend = 0; why = 0
}
{ prevfile = FILENAME; prevlines = FNR }
{
	raw = $0
	# The file'"'"'s opening comment: every line until the first line of code.
	if (top && raw ~ /Long:/) topwhy = 1
	# Preprocessor lines (and their continuations) are not code for this count.
	if (cont || raw ~ /^[ \t]*#/) { top = 0; cont = (raw ~ /\\$/); next }
	line = strip(raw)
	if (line ~ /[^ \t]/) top = 0
	if (raw ~ /Long:/) why = FNR
	for (i = 1; i <= length(line); i++) {
		ch = substr(line, i, 1)
		if (ch == "{") {
			if (depth == 0 && head ~ /[A-Za-z_][A-Za-z0-9_]*[ \t]*\(/ && head !~ /=/) {
				name = head; sub(/[ \t]*\(.*/, "", name); sub(/.*[^A-Za-z0-9_]/, "", name)
				fnname = name; fnstart = headline; fnwhy = (why > 0 && why >= lastend)
				params(name, head, headline)
			} else if (depth == 0) fnname = ""
			depth++
		} else if (ch == "}") {
			depth--
			if (depth == 0) {
				if (fnname != "") check(fnname, fnstart, FNR, fnwhy)
				fnname = ""; head = ""; headline = 0; lastend = FNR
			}
		} else if (depth == 0) {
			if (ch == ";") { head = ""; headline = 0; lastend = FNR }
			else {
				if (head == "" && ch ~ /[^ \t]/) headline = FNR
				head = head ch
			}
		}
	}
	if (depth == 0 && head != "") head = head " "
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
# The parameters of the definition whose head is h: top-level commas + 1, none for (void).
function params(name, h, at,   i, c, d, n, body, k) {
	k = index(h, name "(")
	if (k == 0) { k = match(h, name "[ \t]*\("); if (k == 0) return }
	body = substr(h, k + length(name)); sub(/^[ \t]*\(/, "", body)
	d = 1; n = 0; c = ""
	for (i = 1; i <= length(body) && d > 0; i++) {
		ch2 = substr(body, i, 1)
		if (ch2 == "(") d++
		else if (ch2 == ")") { d--; if (d == 0) break }
		else if (ch2 == "," && d == 1) n++
		if (d >= 1) c = c ch2
	}
	gsub(/[ \t]/, "", c)
	if (c == "" || c == "void") return
	n++
	if (n <= maxpar) return
	if ((FILENAME " " name) in pexcused) { pused[FILENAME " " name] = 1; return }
	printf "%s:%d: %s takes %d parameters (over %d)\n", FILENAME, at, name, n, maxpar
	bad = 1
}
function check(name, from, to, excuse,   n) {
	n = to - from + 1
	if (n <= maxfn || excuse) return
	printf "note: %s:%d: %s is %d lines (over %d)\n", FILENAME, from, name, n, maxfn > "/dev/stderr"
}
function endfile() {
	if (prevlines > maxfile && !topwhy) {
		printf "note: %s: %d lines (over %d)\n", prevfile, prevlines, maxfile > "/dev/stderr"
	}
}
END {
	endfile()
	for (k in pexcused) if (!(k in pused)) {
		printf "%s: \"%s\" excuses nothing (remove it)\n", pallowfile, k; bad = 1
	}
	exit bad
}' "$@"
