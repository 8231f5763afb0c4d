#!/bin/sh
# t0603-robust.sh - the crashes and silent losses of issue 11, one test each,
# on scripted runs and the committed example: bad input is one "roofline:"
# line and exit 2, a failed write is exit 1 and leaves nothing half-written,
# a run cut off mid-row keeps every whole row. Under the sanitizer pass
# (ROOFLINE_SANITIZED=1) the same tests also catch leaks and undefined
# behaviour; the plain build catches the crashes.
. "$(dirname "$0")/lib.sh"
SCRIPTED="sh $ROOFLINE_SRC/tests/cli/scripted-run.sh"
EXAMPLE=$ROOFLINE_SRC/data/example/run

# run_rc ARGS...: runs roofline, keeps stdout/stderr in .stdout/.stderr, sets rc
run_rc() {
	"$ROOFLINE" "$@" >"$TRASH/.stdout" 2>"$TRASH/.stderr"
	rc=$?
}
# no_crash: the last run_rc ended by exit 0, 1 or 2, never by a signal
no_crash() {
	case $rc in
	0|1|2) ;;
	*) echo "exit $rc (a crash?)"; cat "$TRASH/.stderr"; return 1 ;;
	esac
}
# expect_failed ARGS...: exit 1 and one stderr line (after any "wrote" lines) starting "roofline:"
expect_failed() {
	run_rc "$@"
	[ "$rc" -eq 1 ] || { echo "exit $rc, want 1"; cat "$TRASH/.stderr"; return 1; }
	grep -v '^roofline: wrote ' "$TRASH/.stderr" >"$TRASH/.errline"
	[ "$(wc -l <"$TRASH/.errline")" -eq 1 ] || { echo "want one error line:"; cat "$TRASH/.stderr"; return 1; }
	grep -q '^roofline: ' "$TRASH/.errline"
}
# leftovers DIR: fails when a temporary file is left in DIR
no_leftovers() {
	! ls "$1" | grep -q '\.tmp\.'
}

# ---- 11.1 remarks/ that names no timed kernel: double free in report ----
test_expect_success 'report: remarks/ with no file of a timed kernel is said, not a crash' '
	cp -R "$EXAMPLE" r1 && rm -f r1/remarks/* && echo "nothing" >r1/remarks/helper_only.txt &&
	run_rc report r1 --out o1 && no_crash && test "$rc" -eq 0 &&
	grep -q "remarks/. folder of this run holds no remarks for a kernel it timed" o1/report.md &&
	no_leftovers o1
'
test_expect_success 'report: an empty remarks/ is not called a missing folder' '
	cp -R "$EXAMPLE" r1e && rm -f r1e/remarks/* &&
	"$ROOFLINE" report r1e --out o1e 2>/dev/null &&
	! grep -q "No .remarks/. folder" o1e/report.md && grep -q "holds no remarks" o1e/report.md &&
	rm -r r1e/remarks && "$ROOFLINE" report r1e --out o1e 2>/dev/null &&
	grep -q "No .remarks/. folder in this run" o1e/report.md
'

# ---- 11.2 a peak kernel name of 24+ characters, a K above INT_MAX ----
test_expect_success 'fit: a peak kernel name of 24 or more characters is no crash' '
	$SCRIPTED r2 && sed -i "s/,peak,fma_scalar,/,peak,fma_scalar_with_a_long_long_name,/" r2/timings.csv &&
	run_rc fit r2 && no_crash && test "$rc" -eq 0 &&
	grep -q "peak kernel fma_scalar_with_a_long_long_name with 1 chains ignored" "$TRASH/.stdout" &&
	grep -q "^peak," r2/roofs.csv
'
test_expect_success 'fit, plot, report, compare: a peak K above INT_MAX is no crash' '
	$SCRIPTED r2b && sed -i "s/,peak,fma_avx512,32,/,peak,fma_avx512,2147483648,/" r2b/timings.csv &&
	run_rc fit r2b && no_crash && test "$rc" -eq 0 &&
	run_rc report r2b --out o2 && no_crash && test "$rc" -eq 0 &&
	run_rc compare r2b r2b --out o2 && no_crash && test "$rc" -eq 0 &&
	run_rc plot r2b --out o2 && no_crash && test "$rc" -eq 0
'

# ---- 11.3 measure --out "" ----
test_expect_success 'measure --out "" is a usage error' '
	expect_usage_error measure --out "" --only peak &&
	grep -q "measure: --out .*: want a directory name" "$TRASH/.stderr"
'

# ---- 11.6 measure frees what it allocates (LeakSanitizer, in the sanitizer pass) ----
test_expect_success 'a tiny measure exits 0 (and leaks nothing under the sanitizer pass)' '
	run_rc measure --out m6 --only peak --passes 1 --trials 1 --warmup 0 --min-time 1e-4 &&
	test "$rc" -eq 0 || { echo "exit $rc"; cat "$TRASH/.stderr"; exit 1; }
	test "$(cat "$TRASH/.stdout")" = m6
'

# ---- 11.4 a run cut off mid-row ----
test_expect_success 'fit: a last row cut short is dropped with a warning, the rest used' '
	$SCRIPTED r4 && "$ROOFLINE" fit r4 >/dev/null && cp r4/roofs.csv whole.csv &&
	rows=$(($(wc -l <r4/timings.csv) - 1)) &&
	head -c -9 r4/timings.csv >cut && cp cut r4/timings.csv &&
	run_rc fit r4 && test "$rc" -eq 0 &&
	grep -q "^roofline: warning: r4/timings.csv:$((rows + 1)): the last row has no line end (a run cut off?): dropped, the $((rows - 1)) rows before it are used" "$TRASH/.stderr" &&
	cmp whole.csv r4/roofs.csv
'
test_expect_success 'a cut failures.csv keeps its whole rows too' '
	$SCRIPTED r4f && printf "kernels,dot,0,1,2,wrong\nkernels,triad,0,1,2,wro" >>r4f/failures.csv &&
	run_rc fit r4f && test "$rc" -eq 0 &&
	grep -q "r4f/failures.csv:3: the last row has no line end" "$TRASH/.stderr" &&
	! grep -q "^dot," r4f/points.csv && grep -q "^triad," r4f/points.csv
'
test_expect_success 'a cut header is exit 2, one line' '
	$SCRIPTED r4h && printf "pass,trial,war" >r4h/timings.csv &&
	expect_usage_error fit r4h && grep -q "r4h/timings.csv:1:1: no header row (an empty or cut-off file)" "$TRASH/.stderr"
'

# ---- 11.5 plot on a full disk ----
# A tmpfs just large enough for the cairo figure and the scripts, not for
# gnuplot's PNGs: only root can mount one (CI runs as root).
if [ "$(id -u)" -eq 0 ] && command -v gnuplot >/dev/null && mkdir "$TRASH/full" &&
	mount -t tmpfs -o size=4m tmpfs "$TRASH/full" 2>/dev/null; then
	umount "$TRASH/full"
	test_expect_success 'plot on a full disk: exit 1, one line, no broken figure' '
		cp -R "$EXAMPLE" r5 && "$ROOFLINE" plot r5 --out sized 2>/dev/null &&
		kib=$(du -sk sized/roofline.png sized/roofline-allcores.png sized/*.gp | awk "{ s += \$1 } END { print s + 64 }") &&
		mount -t tmpfs -o size=${kib}k tmpfs full &&
		expect_failed plot r5 --out full/p; rc5=$?
		ls -l full/p; for f in full/p/*.png; do
			case $f in */roofline.png|*/roofline-allcores.png) ;; *) echo "$f written on a full disk"; rc5=1 ;; esac
		done
		grep -q "wrote an incomplete png (a full disk?)" "$TRASH/.stderr" || rc5=1
		no_leftovers full/p || rc5=1
		umount full; exit $rc5
	'
	# One page beyond what env.csv, plan.csv and remarks/ need: the first flush of timings.csv (the
	# calibration rows, several pages whatever the machine's speed) is the write that fails.
	test_expect_success 'measure on a full disk: exit 1 saying what is kept; fit drops the cut row' '
		"$ROOFLINE" measure --out m5 --only peak --passes 1 --trials 2 --warmup 0 --min-time 1e-4 \
			>/dev/null 2>&1 &&
		kib=$(du -sk m5/remarks m5/env.csv m5/plan.csv m5/failures.csv | awk "{ s += \$1 } END { print s + 4 }") &&
		mount -t tmpfs -o size=${kib}k tmpfs full &&
		run_rc measure --out full/run --only peak --passes 1 --trials 2 --warmup 0 --min-time 1e-4
		rc5=0; test "$rc" -eq 1 || { echo "exit $rc, want 1"; rc5=1; }
		# measure reports progress first: the error is its last line
		tail -n 1 "$TRASH/.stderr" | grep -q "^roofline: cannot write full/run/timings.csv: No space left on device: " ||
			{ cat "$TRASH/.stderr"; rc5=1; }
		run_rc fit full/run
		grep -q "^roofline: warning: full/run/timings.csv:[0-9]*: the last row has no line end" \
			"$TRASH/.stderr" || rc5=1
		umount full; exit $rc5
	'
	test_expect_success 'report on a full disk: exit 1, no report.md, no temporary file' '
		mount -t tmpfs -o size=8k tmpfs full && head -c 8192 /dev/zero >full/filler 2>/dev/null
		expect_failed report "$EXAMPLE" --out full; rc6=$?
		test ! -e full/report.md && no_leftovers full || rc6=1
		umount full; exit $rc6
	'
else
	test_count=$((test_count + 3))
	echo "ok $((test_count - 2)) # skip plot on a full disk: needs root to mount a tmpfs"
	echo "ok $((test_count - 1)) # skip measure on a full disk: needs root to mount a tmpfs"
	echo "ok $test_count # skip report on a full disk: needs root to mount a tmpfs"
fi
test_expect_success 'fit with stdout on /dev/full: exit 1 and one line' '
	cp -R "$EXAMPLE" r5f && "$ROOFLINE" fit r5f >/dev/full 2>err; test $? -eq 1 &&
	test "$(wc -l <err)" -eq 1 && grep -q "^roofline: " err
'

# ---- 11.7 threads,1e300 in env.csv ----
# The figure's thread count comes from the timings (one count a figure), not from env.csv.
test_expect_success 'plot: threads 1e300 in env.csv is no undefined behaviour, the figure says 1 thread' '
	$SCRIPTED r7 && sed -i "s/^threads,.*/threads,1e300/" r7/env.csv && "$ROOFLINE" fit r7 >/dev/null &&
	run_rc plot r7 --out o7 --format svg && test "$rc" -eq 0 &&
	grep -q "  ·  1 thread  ·  " o7/roofline.svg
'

# ---- 11.8 the smaller ones ----
test_expect_success 'a 0-byte env.csv is exit 2' '
	$SCRIPTED r8a && : >r8a/env.csv &&
	expect_usage_error fit r8a && grep -q "r8a/env.csv:1:1: no header row" "$TRASH/.stderr"
'
test_expect_success 'cells beyond the header are ignored with one warning' '
	$SCRIPTED r8b && sed -i "3s/\$/,extra/;7s/\$/,x,y/" r8b/timings.csv &&
	run_rc fit r8b && test "$rc" -eq 0 &&
	grep -q "^roofline: warning: r8b/timings.csv:3: 2 rows have more cells than the header.s 11: the extra cells are ignored" "$TRASH/.stderr"
'
test_expect_success 'kernels the build does not know are named' '
	$SCRIPTED r8c && sed -i "s/,kernels,dot_split,/,kernels,my_own_kernel,/" r8c/timings.csv &&
	"$ROOFLINE" fit r8c >summary &&
	grep -q "1 kernel in timings.csv unknown to this build (my_own_kernel)" summary
'
test_expect_success 'a NUL byte is exit 2 with its position' '
	$SCRIPTED r8d && printf "1,1,0,peak,fma_scalar,1,1,0,2e7,0,\0001e-3\n" >>r8d/timings.csv &&
	expect_usage_error fit r8d && grep -q "r8d/timings.csv:[0-9]*:[0-9]*: a NUL byte" "$TRASH/.stderr"
'
test_expect_success 'a UTF-8 byte order mark is accepted' '
	$SCRIPTED r8e && printf "\357\273\277" | cat - r8e/env.csv >bom && cp bom r8e/env.csv &&
	printf "\357\273\277" | cat - r8e/timings.csv >bom && cp bom r8e/timings.csv &&
	"$ROOFLINE" fit r8e >/dev/null && grep -q "^DRAM," r8e/roofs.csv
'
test_expect_success 'every job failed its check: said so, exit 2' '
	$SCRIPTED r8f &&
	awk -F, "NR > 1 { print \$4 \",\" \$5 \",\" \$6 \",1,1,wrong\" }" r8f/timings.csv | sort -u >>r8f/failures.csv &&
	expect_usage_error fit r8f && grep -q "every job with kept timings failed its check" "$TRASH/.stderr"
'
test_expect_success 'a permission error is not called an existing directory' '
	mkdir ro && chmod 555 ro &&
	if [ "$(id -u)" -eq 0 ]; then
		ln -s /proc/version ro2 && expect_usage_error measure --out ro2/run --only peak
	else
		expect_usage_error measure --out ro/run --only peak
	fi &&
	! grep -q "never writes into an existing directory" "$TRASH/.stderr"
'
test_expect_success 'plot --format "" is a usage error' '
	expect_usage_error plot "$EXAMPLE" --format "" &&
	expect_usage_error plot "$EXAMPLE" --format ,
'
test_expect_success 'a newline inside cpu_model stays inside the heading' '
	$SCRIPTED r8g && grep -v "^cpu_model," r8g/env.csv >r8g/env.tmp && mv r8g/env.tmp r8g/env.csv &&
	printf "cpu_model,\"Two\nlines\"\n" >>r8g/env.csv &&
	"$ROOFLINE" report r8g --out o8 2>/dev/null &&
	test "$(head -n 1 o8/report.md)" = "# Roofline: Two lines"
'
test_done
