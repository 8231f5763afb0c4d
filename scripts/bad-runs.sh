#!/bin/sh
# bad-runs.sh ROOFLINE [FUZZ_INPUT...] - the sanitizer pass over a corpus of
# bad run directories: makes them, runs ROOFLINE (an ASan + UBSan build, as
# make sanitize-test builds it in build/<cc>-asan) with plot, report,
# compare and fit on each, and counts directories, commands, exit statuses
# and sanitizer reports. Each directory is one mutation of a good run (the
# scripted run of tests/cli and data/example/run):
#   - a cell of env.csv, timings.csv or failures.csv set to a nasty value
#     (empty, signs, nan, inf, 1e308, 1e-310, 1e400, hex, past INT_MAX and
#     LLONG_MAX, text, quotes, a quoted comma or newline, $(...), HTML, a
#     byte that is not UTF-8, spaces), on a few rows and columns;
#   - a file's shape broken: no header, only the header, cut mid-row, a
#     column gone from the header, empty, missing, CRLF or CR-only line
#     ends, a blank line, a row twice, the header twice;
# and each FUZZ_INPUT (a fuzz_run input: tests/fuzz/corpus, tests/fuzz/regress,
# build/fuzz/corpus-*) unpacked by FUZZ_REPLAY's --unpack (FUZZ_REPLAY=path,
# default build/<cc>/tests/fuzz_replay).
#
# BAD_RUNS_BUDGET=S starts no directory after S seconds (a sanitized plot
# takes seconds; the whole corpus takes half an hour on a loaded machine).
# Prints the counts and every command that had a sanitizer report, a crash
# (an exit other than 0, 1, 2) or a hang (60 s); exits 1 if any did.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
bin=$1
shift
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
replay=${FUZZ_REPLAY:-$(ls "$top"/build/*/tests/fuzz_replay 2>/dev/null | grep -v asan | head -n 1)}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/roofline-badruns.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
trap 'exit 143' INT TERM
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:exitcode=99
export LSAN_OPTIONS=suppressions=$top/tests/lsan.supp:print_suppressions=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:exitcode=99
export ROOFLINE_TEMPLATES=$top/templates
here=$PWD
cd "$tmp" || exit 1
mkdir base corpus
sh "$top/tests/cli/scripted-run.sh" base/scripted >/dev/null
printf 'group,kernel,param,message\nkernels,dot,0,result mismatch\n' >base/scripted/failures.csv
cp -R "$top/data/example/run" base/example
rm -f base/example/roofs.csv base/example/points.csv base/example/chains.csv base/example/sweep.csv

n=0
# new: the next corpus directory, a copy of base $1 (its path in $d)
new() { n=$((n + 1)); d=corpus/$n; cp -R "base/$1" "$d"; }
# cell FILE LINE COL VALUE: sets one cell (a plain comma split; a quoted
# comma in the base shifts the column, which is one more bad input)
cell() {
	awk -F, -v OFS=, -v l="$2" -v c="$3" -v v="$4" 'NR == l { $c = v } { print }' "$1" >"$1.t" &&
		mv "$1.t" "$1"
}

for b in scripted example; do
	for f in env.csv timings.csv failures.csv; do
		lines=$(wc -l <"base/$b/$f")
		cols=$(head -n 1 "base/$b/$f" | awk -F, '{ print NF }')
		i=0
		for v in '' '-1' '0' 'nan' 'inf' '-inf' '1e308' '1e-310' '1e400' '0x10' '2147483648' \
			'9223372036854775808' 'abc' '"' '"a,b"' "'" '$(id)' '<script>x</script>' \
			"$(printf '\377')" '"a
b"' ' 1' '1 '; do
			i=$((i + 1))
			for k in 1 2; do
				new "$b"
				line=$((2 + (i * 7 + k * 13) % (lines > 1 ? lines - 1 : 1)))
				col=$((1 + (i * 3 + k) % cols))
				cell "$d/$f" "$line" "$col" "$v"
			done
		done
		new "$b"; sed -i 1d "$d/$f"
		new "$b"; sed -i 2,\$d "$d/$f"
		new "$b"; head -c $(($(wc -c <"$d/$f") * 2 / 3)) "$d/$f" >"$d/t" && mv "$d/t" "$d/$f"
		new "$b"; sed -i '1s/,[^,]*$//' "$d/$f"
		new "$b"; : >"$d/$f"
		new "$b"; rm "$d/$f"
		new "$b"; sed -i 's/$/\r/' "$d/$f"
		new "$b"; tr '\n' '\r' <"$d/$f" >"$d/t" && mv "$d/t" "$d/$f"
		new "$b"; sed -i '2{p;s/.*//}' "$d/$f"
		new "$b"; sed -i '2p' "$d/$f"
		new "$b"; sed -i '1p' "$d/$f"
	done
done
made=$n
for input in "$@"; do
	n=$((n + 1))
	case $input in /*) ;; *) input=$here/$input ;; esac
	mkdir "corpus/$n" && "$replay" --unpack "corpus/$n" "$input" >/dev/null 2>&1 || { rm -rf "corpus/$n"; n=$((n - 1)); }
done
unpacked=$((n - made))

commands=0 reports=0 crashes=0 hangs=0
ok=0 e1=0 e2=0
# one NAME ARGS: runs one command; counts it by its exit and stderr
one() {
	name=$1
	shift
	timeout 60 "$bin" "$@" >/dev/null 2>err
	rc=$?
	commands=$((commands + 1))
	case $rc in 0) ok=$((ok + 1)) ;; 1) e1=$((e1 + 1)) ;; 2) e2=$((e2 + 1)) ;; esac
	if [ $rc -eq 99 ] || grep -q 'Sanitizer\|runtime error:' err; then
		reports=$((reports + 1)); echo "SANITIZER ($rc): $name"; grep -m 3 'Sanitizer\|runtime error:\|#[0-3] ' err
	elif [ $rc -eq 124 ]; then
		hangs=$((hangs + 1)); echo "HANG: $name"
	elif [ $rc -gt 2 ]; then
		crashes=$((crashes + 1)); echo "EXIT $rc: $name"; tail -n 2 err
	fi
}
start=$(date +%s) ran=0
for d in corpus/*; do
	[ -n "${BAD_RUNS_BUDGET:-}" ] && [ $(($(date +%s) - start)) -ge "$BAD_RUNS_BUDGET" ] && break
	ran=$((ran + 1))
	one "plot $d" plot "$d" --out "out/$d/p"
	one "report $d" report "$d" --out "out/$d/r"
	one "compare $d $d" compare "$d" "base/scripted" --out "out/$d/c"
	one "fit $d" fit "$d"
done
echo "directories: $n ($made mutated, $unpacked fuzz inputs), $ran run in $(($(date +%s) - start)) s; commands: $commands" \
	"(exit 0: $ok, 1: $e1, 2: $e2); sanitizer reports: $reports; other crashes: $crashes; hangs: $hangs"
[ $((reports + crashes + hangs)) -eq 0 ]
