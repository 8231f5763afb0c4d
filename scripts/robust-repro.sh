#!/bin/sh
# robust-repro.sh [ROOFLINE [SRC]] - issue 20's reproducers, one or more per
# item of the issue, run against one build: for each, the command, its exit
# status, one line (what it said, or what it left behind) and whether the
# item's rule holds. ROOFLINE defaults to this tree's bin/roofline, SRC (the
# tree whose tests/cli/scripted-run.sh and data/example/run give the inputs)
# to this tree. To see an item "before", run it with an older build and its
# own tree:  scripts/robust-repro.sh /tmp/old/bin/roofline /tmp/old
#
# Every command runs under `timeout` (a hang reads exit 124), and the ones
# that ran memory out before the fix under a 1 GB address-space limit, so an
# old build cannot take the machine down. measure is only run where the new
# build refuses it at once; an old build that accepts it is stopped after 5 s
# (exit 124: it began measuring). Exits 1 when an item does not hold.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$top/bin/roofline}
src=${2:-$top}
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
case $src in /*) ;; *) src=$PWD/$src ;; esac
tmp=$(mktemp -d "${TMPDIR:-/tmp}/roofline-repro.XXXXXX")
trap 'chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
T=10
nl='
'
bad=0

# roofline ARGS: the build under test, stopped after T seconds
roofline() { timeout "$T" "$bin" "$@"; }
# run DIR [levels]: a scripted run directory (tests/cli/scripted-run.sh)
run() { sh "$src/tests/cli/scripted-run.sh" "$@" >/dev/null; }
# edit DIR AWK: rewrites DIR/timings.csv through an awk program over its fields
# (group $4, kernel $5, working set $8, flops $9, bytes $10, seconds $11)
edit() { awk -F, -v OFS=, "$2" "$1/timings.csv" >"$1/t" && mv "$1/t" "$1/timings.csv"; }
# err1: the first error line the command wrote (warnings skipped)
err1() { grep -v '^roofline: warning: ' err | head -n 1; }
# raw FILE...: lines holding a raw HTML tag from the payloads
raw() { cat "$@" 2>/dev/null | grep -c '<script\|<img\|<b>'; }
# tmps DIR: temporary files left in DIR
tmps() { ls -a "$1" 2>/dev/null | grep -c '\.tmp\.'; }

# item ID SETUP COMMAND PROBE HOLDS: SETUP (not shown) makes the inputs,
# COMMAND is shown and timed, PROBE prints the one line (empty: the first
# error line), HOLDS is the item's rule over $rc and what was left.
item() {
	id=$1
	(eval "$2") >/dev/null 2>&1
	(eval "$3") >out 2>err
	rc=$?
	line=$(eval "$4" 2>/dev/null)
	[ -n "$line" ] || line=$(err1)
	[ $rc -eq 124 ] && line="killed by timeout after $T s (hung)${line:+; }$line"
	if (eval "$5") >/dev/null 2>&1; then v=holds; else v='DOES NOT HOLD'; bad=$((bad + 1)); fi
	printf '%-4s $ %s\n     exit %s: %s  [%s]\n' "$id" "$3" "$rc" \
		"$(printf '%s' "$line" | tr '\n' ' ' | cut -c 1-200)" "$v"
}

echo "# build: $bin"
echo "# item 1: an axis bound that overflows (plot looped forever)"
item 1a 'run r1; printf "name,version,flops,bytes,seconds\na,v,1e300,1e-300,1e-300\n" >p1.csv' \
	'roofline plot r1 --out o1 --points p1.csv' '' '[ $rc -eq 2 ]'
item 1b 'run r1k; edit r1k "\$4 == \"kernels\" { \$10 = 0 } 1"' \
	'roofline plot r1k --out o1k  # kernels rows with bytes 0' '' '[ $rc -eq 2 ]'
item 1c 'run r1w; edit r1w "\$4 == \"bandwidth\" && \$3 == 0 && !d { \$8 = \"1e308\"; d = 1 } 1"' \
	'roofline plot r1w --out o1w  # one bandwidth row with a working set of 1e308' '' '[ $rc -eq 2 ]'

echo "# item 2: every command under an address-space limit of 100 MB (hung at exit in OpenBLAS)"
item 2a 'cp -R "$src/data/example/run" ex' \
	'ulimit -v 100000; roofline fit ex' 'tail -n 1 out' '[ $rc -eq 0 ]'
item 2b 'cp -R "$src/data/example/run" ex2' \
	'ulimit -v 100000; roofline report ex2 --out o2' 'tail -n 1 err' '[ $rc -eq 0 ]'
item 2c 'cp -R "$src/data/example/run" ex3' \
	'ulimit -v 100000; roofline compare ex3 ex3 --out o2c' 'tail -n 1 err' '[ $rc -eq 0 ]'
item 2d 'readelf -d "$bin" >dyn' 'readelf -d roofline | grep openblas' \
	'grep -c "NEEDED.*openblas" dyn | sed "s/$/ NEEDED openblas entries/"' '! grep -q "NEEDED.*openblas" dyn'

echo "# item 3: names into report.md and compare.md (HTML, headings), formula cells in CSV"
setup3='run r3 && sed -i "s/,kernels,dot,/,kernels,<script>alert(1)<\/script>,/; s/,peak,fma_scalar,/,peak,fma_<img src=x>,/; s/,bandwidth,triad,/,bandwidth,tr<b>iad,/" r3/timings.csv &&
	printf "\"cc\",\"gcc\n# Owned <img src=x onerror=alert(1)>\"\n" >>r3/env.csv &&
	mkdir -p r3/remarks && echo "x.c:1: loop vectorized" >"r3/remarks/<b>x.txt"'
item 3a "$setup3" 'roofline report r3 --out o3' \
	'echo "report.md: $(raw o3/report.md) lines with raw <script>/<img>/<b>, $(grep -c "^# " o3/report.md) level-1 headings"' \
	'[ $rc -eq 0 ] && [ "$(raw o3/report.md)" -eq 0 ] && [ "$(grep -c "^# " o3/report.md)" -eq 1 ]'
item 3b "$setup3" 'roofline compare r3 r3 --out o3c' \
	'echo "compare.md: $(raw o3c/compare.md) lines with raw <script>/<img>/<b>, $(grep -c "^# " o3c/compare.md) level-1 headings"' \
	'[ $rc -eq 0 ] && [ "$(raw o3c/compare.md)" -eq 0 ] && [ "$(grep -c "^# " o3c/compare.md)" -eq 1 ]'
item 3c 'run r3p; printf "name,version,flops,bytes,seconds\n<script>x</script>,<img src=y>,1e9,1e9,1\n" >p3.csv' \
	'roofline report r3p --out o3p --points p3.csv' \
	'echo "report.md: $(raw o3p/report.md) lines with raw <script>/<img>"' \
	'[ $rc -eq 0 ] && [ "$(raw o3p/report.md)" -eq 0 ]'
item 3d 'run r3f && sed -i "s/,kernels,dot,/,kernels,=cmd(),/; s/,kernels,dot_split,/,kernels,@SUM(1),/" r3f/timings.csv' \
	'roofline fit r3f && roofline compare r3f r3f --out o3f' \
	'echo "cells starting = + - @: points.csv $(grep -c "^[=+@-]" r3f/points.csv), compare.csv $(grep -c "^[=+@-]\|,[=+@-][^0-9]" o3f/compare.csv)"' \
	'[ $rc -eq 0 ] && ! grep -q "^[=+@-]" r3f/points.csv && ! grep -q "^[=+@-]\|,[=+@][^0-9]" o3f/compare.csv'

echo "# item 4: ordinary names in the gnuplot scripts (a leading quote, '\'''\'', %, an fma_run roof)"
item 4a "run r4 && sed -i \"s/,peak,fma_scalar,/,peak,fma_run,/; s/,kernels,dot,/,kernels,'dot,/; s/,kernels,dot_split,/,kernels,a''b%d%s,/\" r4/timings.csv" \
	'roofline plot r4 --out o4' \
	'echo "$(grep -vc "^roofline: wrote" err) lines of errors; roofline-gnuplot.png $(wc -c <o4/roofline-gnuplot.png 2>/dev/null || echo missing) bytes"' \
	'[ $rc -eq 0 ] && ! grep -v "^roofline: wrote" err && test -s o4/roofline-gnuplot.png && test -s o4/chains.png'

echo "# item 5: extreme values the readers accept (UB in the painter, plot failing in gnuplot)"
item 5a 'run r5 && edit r5 "\$5 == \"fma_avx512\" { \$11 = \"1e308\" } 1"' \
	'roofline plot r5 --out o5  # every fma_avx512 timing 1e308 s' '' '[ $rc -eq 2 ]'
item 5b 'run r5f && edit r5f "\$5 == \"triad\" { \$9 = \"1e308\" } 1"' \
	'roofline plot r5f --out o5f  # flops 1e308 on every triad row' '' '[ $rc -eq 2 ]'
item 5c 'run r5b && edit r5b "\$5 == \"triad\" { \$10 = \"1e308\" } 1"' \
	'roofline plot r5b --out o5b  # bytes 1e308 on every triad row' '' '[ $rc -eq 2 ]'
item 5d 'run r5s && edit r5s "\$4 == \"peak\" { \$11 = \"1e-300\" } 1"' \
	'roofline plot r5s --out o5s  # seconds 1e-300 on the FMA rows' '' '[ $rc -eq 2 ]'

echo "# item 6: a name that is not UTF-8"
item 6a 'run r6 && sed -i "s/,kernels,dot,/,kernels,d\xffot,/" r6/timings.csv' \
	'roofline plot r6 --out o6  # kernel d\xffot' '' '[ $rc -eq 2 ] && grep -q "timings.csv:[0-9]*:[0-9]*:" err'
item 6b 'run r6b && printf "name,version,flops,bytes,seconds\nn\351e,v,1e9,1e9,1\n" >p6.csv' \
	'roofline plot r6b --out o6b --points p6.csv  # name n\351e' '' '[ $rc -eq 2 ] && grep -q "p6.csv:2:1:" err'

echo "# item 7: chains.csv written with CSV quoting"
item 7a 'run r7 && sed -i "s/,peak,fma_avx512,/,peak,\"fma_a,b\",/" r7/timings.csv' \
	'roofline fit r7  # a peak kernel named "fma_a,b"' \
	'python3 -c "import csv,sys; r=list(csv.reader(open(\"r7/chains.csv\"))); print(\"chains.csv: %d rows, fields a row %s, header %d\" % (len(r)-1, sorted(set(len(x) for x in r[1:])), len(r[0])))"' \
	'python3 -c "import csv,sys; r=list(csv.reader(open(\"r7/chains.csv\"))); sys.exit(any(len(x)!=len(r[0]) for x in r) or not any(x[0]==\"fma_a,b\" for x in r))"'

echo "# item 8: every input read with a cap, only regular files (1 GB address-space limit here)"
item 8a 'run r8 && rm r8/env.csv && ln -s /dev/zero r8/env.csv' \
	'ulimit -v 1000000; roofline fit r8  # env.csv -> /dev/zero' '' '[ $rc -eq 2 ] && grep -q "env.csv" err'
item 8b 'run r8r && mkdir -p r8r/remarks && ln -s /dev/zero r8r/remarks/triad.txt' \
	'ulimit -v 1000000; roofline report r8r --out o8r  # remarks/triad.txt -> /dev/zero' '' '[ $rc -eq 2 ] && grep -q "triad.txt" err'
item 8c 'run r8s && mkdir -p r8s/remarks && truncate -s 300M r8s/remarks/triad.txt' \
	'ulimit -v 1000000; roofline report r8s --out o8s  # a 300 MB remarks file' '' '[ $rc -eq 2 ] && grep -q "triad.txt: larger than" err'
item 8d 'run r8f && rm r8f/timings.csv && mkfifo r8f/timings.csv' \
	'roofline fit r8f  # timings.csv a FIFO' '' '[ $rc -eq 2 ] && grep -q "timings.csv" err'
item 8e 'run r8p && ln -s /dev/zero p8.csv' \
	'ulimit -v 1000000; roofline plot r8p --out o8p --points p8.csv  # points file -> /dev/zero' '' '[ $rc -eq 2 ] && grep -q "p8.csv" err'

echo "# item 9: an interrupt leaves no temporary file; ulimit -f is one line"
# A gnuplot that writes half its figure and waits, so plot is interrupted
# while a temporary figure of it exists (nothing is timed).
setup9='run r9 && mkdir fakebin && printf "%s\n" "#!/bin/sh" "out=\$(printf \"%s\" \"\$*\" | sed -n \"s/.*out=.\\([^'\'']*\\).*/\\1/p\")" "echo partial >\"\$out\"; echo \$\$ >\"\$GP_PID\"; exec sleep 30" >fakebin/gnuplot && chmod +x fakebin/gnuplot'
item 9a "$setup9" \
	'GP_PID=$PWD/gp.pid PATH=$PWD/fakebin:$PATH "$bin" plot r9 --out o9 & pid=$!; i=0; while ! test -s gp.pid && test $i -lt 500; do sleep 0.02; i=$((i + 1)); done; ls o9 | grep -c "\.tmp\." >pre; kill -TERM $pid; wait $pid; rc=$?; kill "$(cat gp.pid)"; exit $rc' \
	'echo "signal $(($rc - 128)) with $(cat pre) temporary figure in o9; left after: $(tmps o9) $(ls o9 | grep "\.tmp\." | tr "\n" " ")"' \
	'[ $rc -eq 143 ] && [ "$(cat pre)" -eq 1 ] && [ "$(tmps o9)" -eq 0 ]'
item 9b 'run r9f' 'ulimit -f 8; roofline plot r9f --out o9f' \
	'echo "$(err1); $(tmps o9f) temporary files left"' \
	'[ $rc -eq 1 ] && grep -q "File too large" err && [ "$(tmps o9f)" -eq 0 ]'
item 9c 'run r9c' 'ulimit -f 8; roofline compare r9c r9c --out o9c' '' '[ $rc -eq 1 ] && grep -q "File too large" err'

echo "# item 10: a path with a newline"
item 10a 'rm -rf "m${nl}x"' \
	'T=5 roofline measure --out "m${nl}x" --quick --only peak' \
	'test -e "m${nl}x" && echo "made m\\nx (measuring)"' '[ $rc -eq 2 ] && ! test -e "m${nl}x"'
item 10b 'run r10' 'roofline plot r10 --out "o${nl}x"' \
	'test -d "o${nl}x" && echo "wrote o\\nx/: roofline-gnuplot.png $(wc -c <"o${nl}x/roofline-gnuplot.png" 2>/dev/null || echo missing) bytes, roofline.gp names $(grep -c "o x" "o${nl}x/roofline.gp" 2>/dev/null) wrong paths"' \
	'[ $rc -eq 2 ] && ! test -e "o${nl}x"'
item 10c 'run "r${nl}b"' 'roofline plot "r${nl}b" --out o10c' \
	'test -d o10c && echo "wrote o10c/, roofline.gp: $(grep "^run = " o10c/roofline.gp | cut -d"#" -f1)| gnuplot: $(grep -c "Cannot find or open file" err) times \"Cannot find or open file\""' \
	'[ $rc -eq 2 ]'

echo "# item 11: output directories and read-only runs"
item 11a 'run r11; echo x >file' 'roofline plot r11 --out file  # a file in the way' '' \
	'[ $rc -eq 2 ] && grep -q "Not a directory" err'
item 11b 'run r11b' 'roofline report r11b --out d/e  # a missing parent' \
	'test -s d/e/report.md && echo "wrote d/e/report.md"' '[ $rc -eq 0 ] && test -s d/e/report.md'
item 11c 'run r11c; echo x >f2' 'roofline compare r11c r11c --out f2/sub' '' \
	'[ $rc -eq 2 ] && grep -q "Not a directory" err'
# As root, chmod does not stop a write: the run's files are compared too.
item 11d 'run r11r && (cd r11r && sha256sum ./*) >sum && chmod -R a-w r11r' \
	'roofline plot r11r --out o11r  # a run directory without write permission' \
	'echo "$(err1) run files changed: $(cd r11r && sha256sum ./* 2>/dev/null | diff - ../sum | grep -c "^[<>]"), added: $(($(ls r11r | wc -l) - $(wc -l <sum)))"' \
	'[ $rc -eq 0 ] && (cd r11r && sha256sum ./* | cmp -s - ../sum)'

echo "# item 12: the smaller ones"
item 12a 'run r12 && edit r12 "\$5 == \"triad\" && \$4 == \"kernels\" { \$11 = \"1e-310\" } 1"' \
	'roofline fit r12  # seconds 1e-310' '' 'grep -q "GFLOP/s" err'
item 12b 'run r12c && tr "\n" "\r" <r12c/env.csv >e && mv e r12c/env.csv' \
	'roofline fit r12c  # env.csv with CR-only line ends' '' '[ $rc -eq 2 ]'
if [ "$(id -u)" -ne 0 ]; then
	item 12c 'run r12u && mkdir -p r12u/remarks && echo x >r12u/remarks/triad.txt && chmod 000 r12u/remarks' \
		'roofline report r12u --out o12u  # remarks/ unreadable' '' 'grep -q "left out" err'
else
	echo "12c  (an unreadable remarks/ folder: not reproducible as root, who reads any folder)"
fi
item 12d 'run r12d && awk "{ print \$0 \",\" (NR == 1 ? \"value\" : \"x\") }" r12d/env.csv >e && mv e r12d/env.csv' \
	'roofline fit r12d  # env.csv columns key,value,value' '' '[ $rc -eq 2 ]'
item 12e 'run r12e && awk -F, "{ print \$0 \",\" \$11 }" r12e/timings.csv >t && mv t r12e/timings.csv' \
	'roofline fit r12e  # timings.csv with a second seconds column' '' '[ $rc -eq 2 ]'
item 12f 'run r12f && printf "group,kernel,param,message,kernel\n" >r12f/failures.csv' \
	'roofline fit r12f  # failures.csv with kernel twice' '' '[ $rc -eq 2 ]'
item 12g 'rm -rf m12' 'T=5 roofline measure --threads 1,1 --quick --only peak --out m12' \
	'test -e m12 && echo "made m12 (measuring)"' '[ $rc -eq 2 ] && ! test -e m12'
item 12h 'run "r\`x" && printf "\"kernel_cflags\",\"-O3 \`-march\`\"\n" >>"r\`x/env.csv"' \
	'roofline report "r\`x" --out o12h  # a backtick in the path and in a flag' \
	'grep "^| run \|^| kernel flags " o12h/report.md | tr "\n" " "' \
	'[ $rc -eq 0 ] && grep -qF "| run | \`\`r\`x\`\` |" o12h/report.md && grep -qF "\`\` -O3 \`-march\` \`\`" o12h/report.md'

echo "# $bad items do not hold"
[ $bad -eq 0 ]
