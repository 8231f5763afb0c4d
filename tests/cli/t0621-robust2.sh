#!/bin/sh
# t0621-robust2.sh - the second robustness round (issue 20), one test per
# defect where the binary shows it: bad input is one "roofline:" line and
# exit 2, never a hang, a crash or a broken file. Each test is bounded by
# `timeout`, so a hang fails the test instead of the suite.
. "$(dirname "$0")/lib.sh"
SCRIPTED="sh $ROOFLINE_SRC/tests/cli/scripted-run.sh"

# usage_error ARGS...: like expect_usage_error, within 20 s (a hang is a failure)
usage_error() {
	timeout 20 "$ROOFLINE" "$@" >"$TRASH/.stdout" 2>"$TRASH/.stderr"
	rc=$?
	[ "$rc" -eq 2 ] || { echo "exit $rc, want 2"; cat "$TRASH/.stderr"; return 1; }
	[ "$(grep -vc '^roofline: warning: ' "$TRASH/.stderr")" -eq 1 ] ||
		{ echo "want one error line:"; cat "$TRASH/.stderr"; return 1; }
	grep -q '^roofline: ' "$TRASH/.stderr"
}

# ---- 8: every input read with a cap, only regular files ----
test_expect_success 'fit: env.csv linked to /dev/zero is refused at once' '
	$SCRIPTED r8 && rm r8/env.csv && ln -s /dev/zero r8/env.csv &&
	usage_error fit r8 && grep -q "env.csv: not a regular file" "$TRASH/.stderr"
'
test_expect_success 'fit: a FIFO for timings.csv is refused, not waited on' '
	$SCRIPTED r8f && rm r8f/timings.csv && mkfifo r8f/timings.csv &&
	usage_error fit r8f && grep -q "timings.csv: not a regular file" "$TRASH/.stderr"
'
test_expect_success 'report: a remarks file larger than the cap is refused naming it' '
	$SCRIPTED r8r && mkdir -p r8r/remarks && truncate -s 300M r8r/remarks/triad.txt &&
	usage_error report r8r --out o8r && grep -q "triad.txt: larger than 256 MB" "$TRASH/.stderr"
'
test_expect_success 'report: an unreadable remarks/ folder is said, not silently dropped' '
	test "$(id -u)" -eq 0 && exit 0
	$SCRIPTED r8u && mkdir -p r8u/remarks && echo x >r8u/remarks/triad.txt && chmod 000 r8u/remarks &&
	timeout 20 "$ROOFLINE" report r8u --out o8u 2>err; rc=$?; chmod 755 r8u/remarks
	test $rc -eq 0 && grep -q "verdict of .* left out" err
'

# ---- 1 and 5: a rate, intensity or working set that overflows is bad input, not a hang ----
# edit DIR AWK: rewrites DIR/timings.csv through an awk program over its comma-split fields
edit() {
	awk -F, -v OFS=, "$2" "$1/timings.csv" >"$1/t" && mv "$1/t" "$1/timings.csv"
}
test_expect_success 'plot: a points row whose rate overflows is refused at its cell' '
	$SCRIPTED r1 && printf "name,version,flops,bytes,seconds\na,v,1e300,1e-300,1e-300\n" >p1.csv &&
	usage_error plot r1 --out o1 --points p1.csv && grep -q "^roofline: p1.csv:2:" "$TRASH/.stderr"
'
test_expect_success 'plot: kernels that move no bytes (infinite intensity) are refused' '
	$SCRIPTED r1k && edit r1k "\$4 == \"kernels\" { \$10 = 0 } 1" &&
	usage_error plot r1k --out o1k && grep -q "timings.csv:[0-9]*:[0-9]*: bytes .0." "$TRASH/.stderr"
'
test_expect_success 'plot: a kept bandwidth row with a working set of 1e308 is refused' '
	$SCRIPTED r1w && edit r1w "\$4 == \"bandwidth\" && \$3 == 0 && !d { \$8 = \"1e308\"; d = 1 } 1" &&
	usage_error plot r1w --out o1w && grep -q "working_set_bytes .1e308." "$TRASH/.stderr"
'
test_expect_success 'plot: FMA timings of 1e308 s (a rate of zero) are refused' '
	$SCRIPTED r5 && edit r5 "\$5 == \"fma_avx512\" { \$11 = \"1e308\" } 1" &&
	usage_error plot r5 --out o5 && grep -q "over seconds .1e308." "$TRASH/.stderr"
'
test_expect_success 'plot: 1e308 flops on the triad rows, 1e-300 s on the FMA rows are refused' '
	$SCRIPTED r5f && edit r5f "\$5 == \"triad\" { \$9 = \"1e308\" } 1" &&
	usage_error plot r5f --out o5f && grep -q "is inf GFLOP/s" "$TRASH/.stderr" &&
	$SCRIPTED r5s && edit r5s "\$4 == \"peak\" { \$11 = \"1e-300\" } 1" &&
	usage_error plot r5s --out o5s
'

# ---- 7, and 3's formula cells: CSV written quoted, names that a spreadsheet would run kept text ----
test_expect_success 'fit: a peak kernel named "fma_a,b" keeps chains.csv at five fields a row' '
	$SCRIPTED r7 && sed -i "s/,peak,fma_avx512,/,peak,\"fma_a,b\",/" r7/timings.csv &&
	"$ROOFLINE" fit r7 >/dev/null && grep -q "^\"fma_a,b\"," r7/chains.csv &&
	awk -F, "NR > 1 && !/fma_a,b/ && NF != 5 { exit 1 }" r7/chains.csv
'
test_expect_success 'fit: a kernel named =cmd() is stored as text in points.csv, numbers stay numbers' '
	$SCRIPTED r3c && sed -i "s/,kernels,dot,/,kernels,=cmd(),/" r3c/timings.csv &&
	"$ROOFLINE" fit r3c >/dev/null && grep -q "^\"'"'"'=cmd()\",0," r3c/points.csv &&
	! grep -q "^=" r3c/points.csv && grep -q ",-\?[0-9]" r3c/points.csv
'

# ---- 3 and 12: names into report.md and compare.md through one escaper, code spans that hold backticks ----
# (the roofs' statistic cell names the sweep's kernel and an unknown fma_* ceiling)
test_expect_success 'report, compare: HTML and Markdown in names stay text' '
	$SCRIPTED "r3\`x" && r="r3\`x" &&
	sed -i "s/,kernels,dot,/,kernels,<script>alert(1)<\/script>,/; s/,peak,fma_scalar,/,peak,fma_<img src=x>,/" "$r/timings.csv" &&
	sed -i "s/,bandwidth,triad,/,bandwidth,tr<b>iad,/" "$r/timings.csv" &&
	grep -v "^kernel_cflags,\|^cc," "$r/env.csv" >"$r/env.tmp" && mv "$r/env.tmp" "$r/env.csv" &&
	printf "\"kernel_cflags\",\"-O3 \`-march\`\"\n\"cc\",\"gcc\n# Owned <img src=x onerror=alert(1)>\"\n" >>"$r/env.csv" &&
	"$ROOFLINE" report "$r" --out o3 2>/dev/null && "$ROOFLINE" compare "$r" "$r" --out o3 2>/dev/null &&
	! grep -q "<script\|<img\|<b>" o3/report.md o3/compare.md &&
	grep -qF "best timing of &lt;img src=x&gt; FMA chains over K" o3/report.md &&
	grep -qF "in the plateau), tr&lt;b&gt;iad, ordinary stores" o3/report.md &&
	test "$(grep -c "^# " o3/report.md)" -eq 1 && test "$(grep -c "^# " o3/compare.md)" -eq 1 &&
	grep -q "&lt;script&gt;alert(1)&lt;/script&gt;" o3/report.md &&
	grep -qF "| kernel flags | \`\` -O3 \`-march\` \`\` |" o3/report.md &&
	grep -qF "| run | \`\`$r\`\` |" o3/report.md
'

test_expect_success 'report: env.csv'"'"'s kernel_tile_source stays text' '
	$SCRIPTED r3t shaped && sed -i "/^kernel_tile_source,/d" r3t/env.csv &&
	printf "kernel_tile_source,\"<img src=x onerror=alert(1)> 384 KiB\"\n" >>r3t/env.csv &&
	"$ROOFLINE" report r3t --out o3t 2>/dev/null && ! grep -q "<img" o3t/report.md &&
	grep -qF "Tiled kernels block for &lt;img src=x onerror=alert(1)&gt; 384 KiB." o3t/report.md
'

test_expect_success 'report of a fleet: the usual CPU model and a backtick in the path stay text' '
	sh "$ROOFLINE_SRC/tests/cli/scripted-fleet.sh" "f\`l" 3 "a:cpu=<img_src=x>" "b:cpu=<img_src=x>" &&
	"$ROOFLINE" report "f\`l" --out o3l 2>/dev/null && ! grep -q "<img" o3l/report.md &&
	grep -qF "the usual is &lt;img src=x&gt; (2 of 3 nodes)" o3l/report.md &&
	grep -qF "Fleet directory \`\`f\`l\`\`:" o3l/report.md
'

# ---- 4: ordinary names do not break the gnuplot scripts ----
test_expect_success 'plot: names with quotes, %, and an fma_run roof render in gnuplot' '
	command -v gnuplot >/dev/null || exit 0
	$SCRIPTED r4 && sed -i "s/,peak,fma_scalar,/,peak,fma_run,/; s/,kernels,dot,/,kernels,'"'"'dot,/" r4/timings.csv &&
	sed -i "s/,kernels,dot_split,/,kernels,a'"''"'b%d%s,/" r4/timings.csv &&
	"$ROOFLINE" fit r4 >/dev/null && grep -q "^run," r4/roofs.csv &&
	timeout 60 "$ROOFLINE" plot r4 --out o4 >/dev/null 2>err && ! grep -v "^roofline: wrote" err &&
	test -s o4/roofline-gnuplot.png && test -s o4/chains.png && grep -q "^run = " o4/roofline.gp &&
	! grep -q "^run = [0-9]" o4/roofline.gp
'

# ---- 6: a name that is not UTF-8 is refused naming its file and place ----
test_expect_success 'plot: a kernel name with a byte that is not UTF-8 is refused at its cell' '
	$SCRIPTED r6 && sed -i "s/,kernels,dot,/,kernels,d\xffot,/" r6/timings.csv &&
	usage_error plot r6 --out o6 && grep -q "timings.csv:96:15: the field here holds byte 0xff" "$TRASH/.stderr" &&
	printf "name,version,flops,bytes,seconds\nn\351e,v,1e9,1e9,1\n" >p6.csv && $SCRIPTED r6b &&
	usage_error plot r6b --out o6b --points p6.csv && grep -q "p6.csv:2:1: .*0xe9" "$TRASH/.stderr"
'

# ---- 10: a path with a newline is refused, not named wrongly ----
test_expect_success 'measure, plot, report, compare: a path with a newline is refused in one line' '
	$SCRIPTED r10 && nl="
" &&
	usage_error measure --out "runs${nl}x" --quick && grep -q "runs?x. holds a control character" "$TRASH/.stderr" &&
	! test -e "runs${nl}x" &&
	usage_error plot r10 --out "o${nl}x" && usage_error report r10 --out "o${nl}x" &&
	usage_error compare r10 r10 --out "o${nl}x" && ! test -e "o${nl}x" &&
	cp -R r10 "r10${nl}b" && usage_error plot "r10${nl}b" --out o10
'

# ---- timings.csv's whole-number cells: their range, named at the cell ----
# cell RUN COLUMN VALUE: timings.csv's second row (line 3) with COLUMN set to VALUE
cell() {
	awk -F, -v OFS=, -v c="$2" -v v="$3" "NR == 3 { \$c = v } { print }" "$1/timings.csv" >"$1/t" &&
	mv "$1/t" "$1/timings.csv"
}
test_expect_success 'fit: warmup 2, a pass past INT_MAX, threads 0 are bad cells, said where' '
	$SCRIPTED rw && cell rw 3 2 && usage_error fit rw &&
	grep -x "roofline: rw/timings.csv:3:5: warmup .2. is not 0 or 1" "$TRASH/.stderr" &&
	$SCRIPTED rp && cell rp 1 2147483648 && usage_error fit rp &&
	grep -x "roofline: rp/timings.csv:3:1: pass .2147483648. is not a whole number from 0 to 2147483647" "$TRASH/.stderr" &&
	$SCRIPTED rt && cell rt 7 0 && usage_error fit rt &&
	grep "^roofline: rt/timings.csv:3:[0-9]*: threads .0. is not a whole number from 1 to 2147483647$" "$TRASH/.stderr" &&
	$SCRIPTED rk && cell rk 6 9223372036854775807 && "$ROOFLINE" fit rk >/dev/null 2>&1
'

# ---- 11: output directories made with parents, failures with the reason; read-only runs drawn ----
# (plot makes its directory through the same load_for_output as report: drawn once, below.)
test_expect_success 'report, compare: the output directory is made with its parents' '
	$SCRIPTED r11 && "$ROOFLINE" report r11 --out d/e 2>/dev/null && test -s d/e/report.md &&
	"$ROOFLINE" compare r11 r11 --out f/g 2>/dev/null && test -s f/g/compare.md
'
test_expect_success 'plot, report, compare: a file in the way of --out gives the reason' '
	$SCRIPTED r11f && echo x >file &&
	usage_error plot r11f --out file && grep -q "cannot create output directory file: Not a directory" "$TRASH/.stderr" &&
	usage_error report r11f --out file/sub && grep -q "cannot create output directory file/sub: Not a directory" "$TRASH/.stderr" &&
	usage_error compare r11f r11f --out file && grep -q "Not a directory" "$TRASH/.stderr"
'
test_expect_success 'plot, report: a run directory without write permission is drawn and left as found' '
	$SCRIPTED r11r && "$ROOFLINE" fit r11r >/dev/null && rm r11r/points.csv r11r/roofs.csv &&
	(cd r11r && ls -l --time-style=full-iso && cat ./*.csv) >before && chmod -R a-w r11r &&
	"$ROOFLINE" plot r11r --out o11r/deep 2>/dev/null; rc=$?;
	"$ROOFLINE" report r11r --out o11r 2>/dev/null; rc2=$?; chmod -R u+w r11r &&
	test $rc -eq 0 && test $rc2 -eq 0 && test -s o11r/deep/roofline.png && test -s o11r/report.md &&
	test -s o11r/deep/fit/roofs.csv && (cd r11r && ls -l --time-style=full-iso && cat ./*.csv) >after &&
	cmp before after
'
test_expect_success 'plot, report: a fitted run is left as found too (every file, its checksum and time)' '
	$SCRIPTED r11s && "$ROOFLINE" fit r11s >/dev/null && test -s r11s/roofs.csv &&
	(cd r11s && find . -type f | LC_ALL=C sort | xargs sha256sum && find . | LC_ALL=C sort | xargs stat -c "%n %s %Y.%y") >before &&
	"$ROOFLINE" plot r11s --out o11s --format png,svg 2>/dev/null &&
	"$ROOFLINE" report r11s --out o11s 2>/dev/null &&
	"$ROOFLINE" plot r11s --out o11s --points "$ROOFLINE_SRC/data/example/points.csv" 2>/dev/null &&
	"$ROOFLINE" report r11s --out o11s --points "$ROOFLINE_SRC/data/example/points.csv" 2>/dev/null &&
	test -s o11s/report.md && test -s o11s/fit/roofs.csv &&
	(cd r11s && find . -type f | LC_ALL=C sort | xargs sha256sum && find . | LC_ALL=C sort | xargs stat -c "%n %s %Y.%y") >after &&
	cmp before after
'

# ---- 9: an interrupt leaves no temporary file; a file-size limit is one line, not SIGXFSZ ----
# A gnuplot that writes half its figure and waits: plot is interrupted while a
# temporary file of it exists, without timing anything.
test_expect_success 'plot: SIGTERM while gnuplot draws removes the temporary figure' '
	$SCRIPTED r9 && mkdir fakebin && cat >fakebin/gnuplot <<-\EOS &&
	#!/bin/sh
	out=$(printf "%s" "$2" | sed -n "s/.*out=.\([^'"'"']*\).*/\1/p")
	echo partial >"$out" && echo $$ >"$GP_PID" && exec sleep 30
	EOS
	chmod +x fakebin/gnuplot &&
	GP_PID=$PWD/gp.pid PATH=$PWD/fakebin:$PATH "$ROOFLINE" plot r9 --out o9 2>/dev/null & pid=$!
	i=0; while ! test -s gp.pid && test $i -lt 1000; do sleep 0.02; i=$((i + 1)); done
	ls o9 | grep -q "\.tmp\." && kill -TERM $pid; wait $pid; rc=$?
	kill "$(cat gp.pid)" 2>/dev/null
	test $rc -eq 143 && ! ls o9 | grep "\.tmp\."
'
test_expect_success 'plot, report, compare: ulimit -f ends in one line (File too large), no SIGXFSZ' '
	$SCRIPTED r9f &&
	(ulimit -f 8; "$ROOFLINE" plot r9f --out o9f >/dev/null 2>err; echo $? >rc) &&
	test "$(cat rc)" -eq 1 && grep -q "^roofline: cannot write o9f/roofline.png: File too large" err &&
	! ls o9f | grep "\.tmp\." &&
	(ulimit -f 8; "$ROOFLINE" compare r9f r9f --out o9c >/dev/null 2>err; echo $? >rc) &&
	test "$(cat rc)" -eq 1 && grep -q "File too large" err
'

# ---- 12: the smaller ones ----
test_expect_success 'fit: seconds of 1e-310 (strtod underflow) are judged as a rate, not "not a number"' '
	$SCRIPTED r12 && edit r12 "\$5 == \"triad\" && \$4 == \"kernels\" { \$11 = \"1e-310\" } 1" &&
	usage_error fit r12 && grep -q "over seconds .1e-310. is inf GFLOP/s" "$TRASH/.stderr"
'
test_expect_success 'fit: an env.csv with CR-only line ends is refused, not read as one row' '
	$SCRIPTED r12c && tr "\n" "\r" <r12c/env.csv >e && mv e r12c/env.csv &&
	usage_error fit r12c && grep -q "env.csv:1:1: lines end in CR alone" "$TRASH/.stderr" &&
	$SCRIPTED r12t && tr "\n" "\r" <r12t/timings.csv >t && mv t r12t/timings.csv &&
	usage_error fit r12t && grep -q "timings.csv:1:1: lines end in CR alone" "$TRASH/.stderr"
'
test_expect_success 'fit: a column named twice in env, timings or failures.csv is refused' '
	$SCRIPTED r12d && sed -i "1s/\$/,value/" r12d/env.csv &&
	usage_error fit r12d && grep -q "env.csv:1:11: column .value. given twice" "$TRASH/.stderr" &&
	$SCRIPTED r12e && sed -i "1s/,seconds\$/,seconds,seconds/" r12e/timings.csv &&
	usage_error fit r12e && grep -q "timings.csv:1:[0-9]*: column .seconds. given twice" "$TRASH/.stderr" &&
	$SCRIPTED r12f && printf "group,kernel,param,message,kernel\n" >r12f/failures.csv &&
	usage_error fit r12f && grep -q "failures.csv:1:[0-9]*: column .kernel. given twice" "$TRASH/.stderr"
'
test_expect_success 'measure: --threads 1,1 is refused before anything is measured' '
	usage_error measure --threads 1,1 --out m12 && grep -q "1 given twice" "$TRASH/.stderr" &&
	! test -e m12
'

# ---- 2: OpenBLAS only in the code that calls it ----
test_expect_success 'the binary does not link OpenBLAS (gemm_blas loads it when it runs)' '
	! readelf -d "$ROOFLINE" 2>/dev/null | grep -q "NEEDED.*openblas"
'
# ASan reserves terabytes of address space: the limit is for the plain build.
test_expect_success 'fit, report, compare end under an address-space limit of 100 MB' '
	test -n "$ROOFLINE_SANITIZED" && exit 0
	$SCRIPTED r2 && "$ROOFLINE" fit r2 >/dev/null &&
	(ulimit -v 100000; timeout 20 "$ROOFLINE" fit r2 >/dev/null) &&
	(ulimit -v 100000; timeout 20 "$ROOFLINE" report r2 --out o2 2>/dev/null) &&
	(ulimit -v 100000; timeout 20 "$ROOFLINE" compare r2 r2 --out o2 2>/dev/null)
'

# ---- 4: compare.gp survives a compiler version that ends in a backslash ----
test_expect_success 'compare.gp: a trailing backslash in a run name does not carry a comment into the script' '
	$SCRIPTED c4a && $SCRIPTED c4b &&
	sed -i "s/^cc_version,.*/cc_version,12\\\\/" c4b/env.csv &&
	grep -q "^cc_version,12.\$" c4b/env.csv &&
	timeout 20 "$ROOFLINE" compare c4a c4b --out c4 >/dev/null 2>&1 &&
	grep -q "^#   B (solid roofs, filled points): gcc 12\$" c4/compare.gp &&
	(cd c4 && timeout 20 gnuplot compare.gp) && test -s c4/compare-gnuplot.png
'
test_done
