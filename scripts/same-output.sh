#!/bin/sh
# same-output.sh [BASE_REV] [RUN...] - proves that a change meant to change
# nothing changed nothing: builds BASE_REV (default HEAD) in a scratch
# worktree, then runs its roofline and the working tree's on the same runs
# (fit, plot in png/svg/pdf with and without a points file, report, compare)
# and compares every file each writes, byte for byte.
#
# The runs: the committed example, the scripted runs of tests/cli (plain,
# with L1 levels, with shaped kernels, the M1 article) and any RUN given.
# Only the raw files of each run are copied (roofs.csv and points.csv are
# the fit's own output, so the fit is compared too). The cairo PDF carries
# a creation date; SOURCE_DATE_EPOCH pins it where cairo honours it, and
# the PDF's date line is left out of the comparison otherwise.
#
# Prints one line per differing file and exits 1, or says how many files
# were identical and exits 0. Used in the notes of refactoring commits.
set -eu
top=$(git rev-parse --show-toplevel)
cd "$top"
base=HEAD
if [ $# -gt 0 ] && git rev-parse --verify -q "$1^{commit}" >/dev/null; then
	base=$1
	shift
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/roofline-same.XXXXXX")
cleanup() {
	cd "$top" && git worktree remove --force "$tmp/base" 2>/dev/null || true
	rm -rf "$tmp"
}
trap cleanup EXIT INT TERM

jobs=$(nproc 2>/dev/null || echo 2)
echo "same-output: building $base and the working tree" >&2
git worktree add -q --detach "$tmp/base" "$base"
make -s -C "$tmp/base" -j"$jobs" bin/roofline >/dev/null
make -s -j"$jobs" bin/roofline >/dev/null

# The inputs, raw files only.
mkdir -p "$tmp/in"
raw() { # raw SRC NAME
	mkdir -p "$tmp/in/$2"
	for f in env.csv timings.csv sweep.csv chains.csv failures.csv; do
		[ ! -f "$1/$f" ] || cp "$1/$f" "$tmp/in/$2/"
	done
	[ ! -d "$1/remarks" ] || cp -r "$1/remarks" "$tmp/in/$2/"
}
raw data/example/run example
sh tests/cli/scripted-run.sh "$tmp/in/scripted" >/dev/null
sh tests/cli/scripted-run.sh "$tmp/in/levels" levels >/dev/null
sh tests/cli/scripted-run.sh "$tmp/in/shaped" shaped >/dev/null
sh tests/cli/scripted-m1.sh "$tmp/in/m1" >/dev/null
i=0
for run in "$@"; do
	i=$((i + 1))
	raw "$run" "extra$i"
done

# run_all BINARY OUT: every command that writes files, on every input.
run_all() {
	bin=$1 out=$2
	cp -r "$tmp/in" "$out"
	for dir in "$out"/*/; do
		dir=${dir%/}
		"$bin" fit "$dir" >"$dir.fit.txt" 2>&1 || echo "rc $?" >>"$dir.fit.txt"
		"$bin" plot "$dir" --out "$dir.plots" --format png,svg,pdf >"$dir.plot.txt" 2>&1 ||
			echo "rc $?" >>"$dir.plot.txt"
		"$bin" report "$dir" --out "$dir.plots" >"$dir.report.txt" 2>&1 ||
			echo "rc $?" >>"$dir.report.txt"
		"$bin" plot "$dir" --out "$dir.points" --points data/example/points.csv \
			>"$dir.points.txt" 2>&1 || echo "rc $?" >>"$dir.points.txt"
		"$bin" report "$dir" --out "$dir.points" --points data/example/points.csv \
			>>"$dir.points.txt" 2>&1 || echo "rc $?" >>"$dir.points.txt"
	done
	"$bin" compare "$out/example" "$out/example" --out "$out/cmp-aa" --format png,svg,pdf \
		>"$out/cmp-aa.txt" 2>&1 || echo "rc $?" >>"$out/cmp-aa.txt"
	"$bin" compare "$out/scripted" "$out/levels" --out "$out/cmp-ab" --format png,svg,pdf \
		>"$out/cmp-ab.txt" 2>&1 || echo "rc $?" >>"$out/cmp-ab.txt"
}

export SOURCE_DATE_EPOCH=0
# The outputs name their own directory in places; both trees use one path.
run_all "$tmp/base/bin/roofline" "$tmp/out"
mv "$tmp/out" "$tmp/before"
run_all "$top/bin/roofline" "$tmp/out"
mv "$tmp/out" "$tmp/after"

# A PDF's /CreationDate changes from one run to the next where cairo ignores
# SOURCE_DATE_EPOCH: compare PDFs without that line.
same=0 differ=0
cd "$tmp/before"
for f in $(find . -type f | sort); do
	g="$tmp/after/$f"
	if [ ! -f "$g" ]; then
		echo "only before: $f"
		differ=$((differ + 1))
		continue
	fi
	case $f in
	*.pdf)
		if LC_ALL=C grep -av '/CreationDate' "$f" | cmp -s - "$(LC_ALL=C grep -av '/CreationDate' "$g" >"$tmp/g.pdf"; echo "$tmp/g.pdf")"; then
			same=$((same + 1))
		else
			echo "differs: $f"
			differ=$((differ + 1))
		fi
		;;
	*)
		if cmp -s "$f" "$g"; then
			same=$((same + 1))
		else
			echo "differs: $f"
			differ=$((differ + 1))
		fi
		;;
	esac
done
cd "$tmp/after"
for f in $(find . -type f | sort); do
	[ -f "$tmp/before/$f" ] || { echo "only after: $f"; differ=$((differ + 1)); }
done
if [ "$differ" -gt 0 ]; then
	echo "same-output: $differ files differ from $base ($same identical)"
	exit 1
fi
echo "same-output: all $same files identical to $base's"
