#!/bin/sh
# layout-check.sh [ROOT] - checks src/ against the dependency rule written in
# README.md's "Layout" section, the one place it is written: the table whose
# header is "| folder | may include | libraries |". Each row names a folder of
# src/, the folders whose headers its files may include (besides its own and
# kernels/), and the libraries (cairo, hwloc, ...) its files may include; a
# library some row names is forbidden everywhere else.
#
# Fails (exit 1, one line each) on: a cycle in the rule; a folder of src/
# with no row or a row with no folder; a file in src/ outside every folder;
# two headers of one name (each folder is on the include path, so a name
# must say one file); an include of a header that is no file of src/ or
# kernels/; an include the rule does not allow, named by file, line and
# header, unless scripts/layout.allow (LAYOUT_ALLOW) lists it as a known
# violation; an entry there that excuses nothing any more (so the list
# only shrinks). src/libroofline/ is a library of its own, not checked.
set -eu
root=$(cd "${1:-$(dirname "$0")/..}" && pwd)
cd "$root"
allow=${LAYOUT_ALLOW:-$root/scripts/layout.allow}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/layout-check.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

# The rule: "folder allowed..." and "folder lib..." lines.
awk '
/^## / { sec = ($0 == "## Layout") }
sec && /^\| folder \| may include \| libraries \|/ { on = 1; next }
on && !/^\|/ { on = 0 }
on && /^\| *-/ { next }
on {
	n = split($0, col, "|")
	f = col[2]; gsub(/[ `]/, "", f); sub(/^src\//, "", f); sub(/\/$/, "", f)
	inc = col[3]; libs = col[4]
	printf "%s", f > "'"$tmp"'/rule"
	while (match(inc, /`[^`]*`/)) {
		d = substr(inc, RSTART + 1, RLENGTH - 2); sub(/^src\//, "", d); sub(/\/$/, "", d)
		printf " %s", d > "'"$tmp"'/rule"; inc = substr(inc, RSTART + RLENGTH)
	}
	printf "\n" > "'"$tmp"'/rule"
	printf "%s", f > "'"$tmp"'/libs"
	while (match(libs, /`[^`]*`/)) {
		printf " %s", substr(libs, RSTART + 1, RLENGTH - 2) > "'"$tmp"'/libs"
		libs = substr(libs, RSTART + RLENGTH)
	}
	printf "\n" > "'"$tmp"'/libs"
}' README.md
if [ ! -s "$tmp/rule" ]; then
	echo "layout: README.md has no rule (a \"| folder | may include | libraries |\" table under \"## Layout\")"
	exit 1
fi

bad=0
# No cycles: tsort says "input contains a loop" and names its members.
awk '{ print $1, $1; for (i = 2; i <= NF; i++) print $1, $i }' "$tmp/rule" >"$tmp/pairs"
if ! tsort "$tmp/pairs" >/dev/null 2>"$tmp/tsort"; then
	echo "layout: the rule has a cycle: $(sed -n 's/^tsort: //p' "$tmp/tsort" | grep -v loop | tr '\n' ' ')"
	bad=1
fi

# Every folder has a row and every row a folder.
find src -mindepth 1 -maxdepth 1 -type d ! -name libroofline | sed 's|^src/||' | LC_ALL=C sort >"$tmp/dirs"
cut -d' ' -f1 "$tmp/rule" | LC_ALL=C sort >"$tmp/rows"
LC_ALL=C comm -23 "$tmp/dirs" "$tmp/rows" | sed 's|^\(.*\)$|layout: src/\1/ has no row in the rule (README.md, Layout)|'
LC_ALL=C comm -13 "$tmp/dirs" "$tmp/rows" | sed 's|^\(.*\)$|layout: the rule names src/\1/, which does not exist|'
LC_ALL=C comm -3 "$tmp/dirs" "$tmp/rows" | grep -q . && bad=1
for f in $(find src -maxdepth 1 -type f \( -name '*.c' -o -name '*.h' \) | LC_ALL=C sort); do
	echo "layout: $f is in no folder of src/ (README.md, Layout)"
	bad=1
done

# Where each header lives: "name folder".
find src -mindepth 2 -type f -name '*.h' ! -path 'src/libroofline/*' |
	awk -F/ '{ print $NF, $2 }' | LC_ALL=C sort >"$tmp/headers"
awk '{ n[$1]++; w[$1] = w[$1] " src/" $2 "/" } END { for (h in n) if (n[h] > 1) print "layout: two headers named " h ":" w[h] }' \
	"$tmp/headers" | LC_ALL=C sort >"$tmp/dups"
if [ -s "$tmp/dups" ]; then cat "$tmp/dups"; bad=1; fi

# Every include of every file: "file line kind name" (kind q or s).
find src -mindepth 2 -type f \( -name '*.c' -o -name '*.h' \) ! -path 'src/libroofline/*' | LC_ALL=C sort |
	xargs awk '
	/^[ \t]*#[ \t]*include[ \t]*"/ { s = $0; sub(/^[^"]*"/, "", s); sub(/".*/, "", s); print FILENAME, FNR, "q", s }
	/^[ \t]*#[ \t]*include[ \t]*</ { s = $0; sub(/^[^<]*</, "", s); sub(/>.*/, "", s); print FILENAME, FNR, "s", s }
	' >"$tmp/includes"
(ls kernels 2>/dev/null || true) >"$tmp/kernels"
sed 's/#.*//' "$allow" 2>/dev/null | awk 'NF >= 2 { print $1, $2 }' >"$tmp/allow" || true

awk -v tmp="$tmp" -v allowfile="$allow" '
BEGIN {
	while ((getline l < (tmp "/rule")) > 0) { n = split(l, w, " "); for (i = 2; i <= n; i++) may[w[1] " " w[i]] = 1 }
	while ((getline l < (tmp "/libs")) > 0) { n = split(l, w, " "); for (i = 2; i <= n; i++) { lib[w[i]] = 1; haslib[w[1] " " w[i]] = 1 } }
	while ((getline l < (tmp "/headers")) > 0) { split(l, w, " "); home[w[1]] = w[2] }
	while ((getline l < (tmp "/kernels")) > 0) kern[l] = 1
	while ((getline l < (tmp "/allow")) > 0) { split(l, w, " "); excused[w[1] " " w[2]] = 1 }
}
{
	file = $1; split(file, p, "/"); dir = p[2]
	if ($3 == "s") {
		l = $4; sub(/[\/.].*/, "", l)
		if ((l in lib) && !((dir " " l) in haslib)) verdict("<" $4 ">", "the library " l " is not one src/" dir "/ may use")
		next
	}
	h = $4
	if (!(h in home)) {
		if (!(h in kern)) { print "layout: " file ":" $2 ": includes \"" h "\", which is no header of src/ or kernels/"; bad = 1 }
		next
	}
	to = home[h]
	if (to == dir || ((dir " " to) in may)) next
	verdict("\"" h "\"", "src/" dir "/ may not include src/" to "/")
}
function verdict(what, why,   key, n) {
	n = split(file, q, "/"); key = file " " (substr(what, 2, length(what) - 2))
	if (key in excused) { used[key] = 1; return }
	print "layout: " file ":" $2 ": includes " what ": " why
	bad = 1
}
END {
	for (k in excused) if (!(k in used)) { print "layout: " allowfile ": \"" k "\" excuses nothing (remove it)"; bad = 1 }
	exit bad
}' "$tmp/includes" || bad=1
exit "$bad"
