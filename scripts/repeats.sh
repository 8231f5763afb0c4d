#!/bin/sh
# repeats.sh [FILE...] - finds code written out twice: runs of six or more
# identical lines that occur at two places in src/ and kernels/ (or in the
# FILEs given), where one function or macro could serve.
#
# Lines are compared after stripping the indentation, trailing blanks and a
# macro's line-continuation backslash (so a macro body matches the function
# it copies); blank lines, lone braces, comment-only lines and #include
# lines are skipped (they neither count towards a run nor break one). Two
# runs overlapping in one file (seven equal lines in a row) are one run,
# not a repeat.
#
# Known exceptions live in scripts/repeats.allow (or $REPEATS_ALLOW), one a
# line:
#     PATH: TEXT  # why
# excuses every run in PATH (as printed) that has a line containing TEXT, a
# fixed string; the reason follows two blanks and a #. Each exception says
# why one function or macro could not serve. On the whole tree (no FILE
# given) an exception that excuses nothing is reported too, so none lingers.
# REPEATS_MIN changes the run length (6).
#
# Prints one line per repeated run, "PATH:FIRST-LAST repeats PATH:LINE",
# and exits 1 if there is any; exits 0 and prints nothing otherwise.
# Used by tests/cli/t0020-repeats.sh. Needs only sh and awk.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
min=${REPEATS_MIN:-6}
allow=${REPEATS_ALLOW:-$top/scripts/repeats.allow}
[ -f "$allow" ] || allow=/dev/null

full=0
if [ $# -eq 0 ]; then
	full=1
	cd "$top"
	set -- $(find src kernels -type f \( -name '*.c' -o -name '*.h' -o -name '*.def' \) | LC_ALL=C sort)
fi

awk -v min="$min" -v allowfile="$allow" -v full="$full" '
BEGIN {
	nallow = 0
	while ((getline a < allowfile) > 0) {
		sub(/[ \t][ \t]+# .*$/, "", a)
		if (a ~ /^[ \t]*(#|$)/)
			continue
		p = index(a, ": ")
		if (p == 0)
			continue
		nallow++
		allow_path[nallow] = substr(a, 1, p - 1)
		allow_text[nallow] = substr(a, p + 2)
	}
	nf = 0
}
FNR == 1 {
	nf++
	fname[nf] = FILENAME
	n[nf] = 0
	incomment = 0
}
{
	s = $0
	sub(/[ \t]*\\$/, "", s)
	sub(/^[ \t]+/, "", s)
	sub(/[ \t]+$/, "", s)
	raw[nf, FNR] = s
	# Inside a block comment: skip until it closes.
	if (incomment) {
		if (index(s, "*/") == 0)
			next
		incomment = 0
		s = substr(s, index(s, "*/") + 2)
		sub(/^[ \t]+/, "", s)
	}
	if (s ~ /^\/\*/ && index(s, "*/") == 0) {
		incomment = 1
		next
	}
	if (s ~ /^\/\*.*\*\/$/ && index(substr(s, 3), "/*") == 0)
		next
	if (s ~ /^\/\// || s ~ /^#[ \t]*include[ \t]/)
		next
	if (s ~ /^[{}();,]*$/)
		next
	n[nf]++
	line[nf, n[nf]] = s
	lineno[nf, n[nf]] = FNR
}
END {
	SEP = "\034"
	# Every window of `min` kept lines, keyed by its text.
	for (f = 1; f <= nf; f++)
		for (i = 1; i + min - 1 <= n[f]; i++) {
			k = line[f, i]
			for (j = 1; j < min; j++)
				k = k SEP line[f, i + j]
			cnt[k]++
			at[k, cnt[k]] = f SUBSEP i
		}
	# A window is repeated when the same text is elsewhere: in another file,
	# or in the same file without overlapping it.
	for (k in cnt) {
		if (cnt[k] < 2)
			continue
		for (a = 1; a <= cnt[k]; a++) {
			split(at[k, a], fa, SUBSEP)
			for (b = 1; b <= cnt[k]; b++) {
				if (a == b)
					continue
				split(at[k, b], fb, SUBSEP)
				if (fa[1] == fb[1] && (fa[2] - fb[2] < min && fb[2] - fa[2] < min))
					continue
				if (!((fa[1], fa[2]) in partner))
					partner[fa[1], fa[2]] = fb[1] SUBSEP fb[2]
			}
		}
	}
	# Merge the repeated windows of each file into runs and report them.
	found = 0
	for (f = 1; f <= nf; f++) {
		i = 1
		while (i <= n[f]) {
			if (!((f, i) in partner)) {
				i++
				continue
			}
			first = i
			last = i + min - 1
			while ((f, i + 1) in partner) {
				i++
				last = i + min - 1
			}
			split(partner[f, first], q, SUBSEP)
			excused = 0
			for (x = 1; x <= nallow && !excused; x++) {
				if (allow_path[x] != fname[f])
					continue
				for (j = first; j <= last; j++)
					if (index(raw[f, lineno[f, j]], allow_text[x])) {
						excused = 1
						used[x] = 1
						break
					}
			}
			if (!excused) {
				printf "%s:%d-%d repeats %s:%d\n", fname[f], lineno[f, first],
					lineno[f, last], fname[q[1]], lineno[q[1], q[2]]
				found = 1
			}
			i++
		}
	}
	# On the whole tree, an exception that excuses nothing has gone stale.
	for (x = 1; full && x <= nallow; x++)
		if (!(x in used)) {
			printf "%s: %s: excuses nothing (%s)\n", allow_path[x], allow_text[x], allowfile
			found = 1
		}
	exit found
}
' "$@"
