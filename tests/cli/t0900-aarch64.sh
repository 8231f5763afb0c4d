#!/bin/sh
# The aarch64 side, without Arm hardware: `make aarch64` cross-builds the tool
# and its unit tests (Debian's gcc-aarch64-linux-gnu, the libraries' arm64
# multiarch packages), and qemu-aarch64 runs the unit tests, a tiny measure
# (NEON dispatch, every NEON kernel's check), fit, plot and report.
# Timings under emulation mean nothing: no test reads one.
# Without the cross tools (`sh scripts/deps.sh aarch64` installs them) the
# emulated tests are skipped with the reason; the make-level ones still run.
. "$(dirname "$0")/lib.sh"

# make on this tree, free of the make that runs the suite (its MAKEFLAGS would
# hand the native CC or KERNEL_CFLAGS to the cross build).
tree_make() {
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -C "$ROOFLINE_SRC" --no-print-directory "$@"
}

skip_reason=$(sh "$ROOFLINE_SRC/scripts/deps.sh" --check aarch64 2>&1) && skip_reason=""
test_emulated() {
	if [ -n "$skip_reason" ]; then
		test_count=$((test_count + 1))
		echo "ok $test_count - $1 # SKIP ${skip_reason#roofline: }"
	else
		test_expect_success "$@"
	fi
}

test_expect_success 'the build refuses macOS with one line' '
	tree_make -n UNAME_S=Darwin >mac.out 2>mac.err; rc=$?
	test $rc -eq 2 && test "$(wc -l <mac.err)" -eq 1 &&
	grep -q "roofline: macOS is not supported" mac.err && ! test -s mac.out
'
# The flags are read off the cross build's sub-make line, as make -n prints it.
# make -n runs a line holding $(MAKE) all the same: MAKE=true keeps that
# sub-make from dry-running the whole cross build (3 s of CPU each time);
# the next test runs the real one.
test_expect_success 'cross kernel flags follow the target: ARMv8-A, -mcpu, or KERNEL_CFLAGS' '
	tree_make -n aarch64 MAKE=true >n1 2>&1 &&
	grep -q "KERNEL_CFLAGS=.-O3 -march=armv8-a+simd. " n1 &&
	tree_make -n aarch64 MAKE=true AARCH64_CPU=neoverse-n1 >n2 2>&1 &&
	grep -q "KERNEL_CFLAGS=.-O3 -mcpu=neoverse-n1. " n2 &&
	tree_make -n aarch64 MAKE=true KERNEL_CFLAGS="-O2 -mcpu=cortex-a76" >n3 2>&1 &&
	grep -q "KERNEL_CFLAGS=.-O2 -mcpu=cortex-a76. " n3
'

B=$ROOFLINE_SRC/build/aarch64-gcc-$(aarch64-linux-gnu-gcc -dumpfullversion 2>/dev/null)
ARM=$B/bin/roofline
QEMU=${AARCH64_QEMU:-qemu-aarch64}

# The unit tests left to make test-aarch64 (below): the Makefile's list, not
# built here unless ROOFLINE_AARCH64_ALL asks for them all.
slow_units=" $(tree_make -s aarch64-slow-units) "
quick=AARCH64_QUICK=1
[ -z "${ROOFLINE_AARCH64_ALL:-}" ] || quick=AARCH64_QUICK=
test_emulated 'make aarch64 cross-builds the tool and its unit tests' '
	tree_make aarch64 $quick >build.log 2>&1 || { tail -n 30 build.log; exit 1; }
	file "$B/roofline" | grep -q "ARM aarch64" &&
	file "$B/tests/test_kernels" | grep -q "ARM aarch64" && test -x "$ARM"
'

# test_plot draws dozens of full-size figures, and test_layout and
# test_plot_compare lay out real runs of 92 points several times each (the
# compare figure's labels redo its layout until the legend holds them):
# a minute or more of CPU emulated each (test_plot_compare 222 s here), so
# `make test` leaves them to `make test-aarch64` (ROOFLINE_AARCH64_ALL=1;
# all of these run natively in `make test`, and sanitized); the figure path is
# still drawn under qemu below, by `roofline plot`. test_rounds (the budget's
# arithmetic on scripted clocks, the same on every architecture) took 13 s
# emulated. test_labels (the label search on crowded scenes) and
# test_plot_gnuplot (roofline.gp against the example's layout) took 10 s each:
# src/layout and src/emit hold no code by architecture (only src/measure/cpu.c
# does), do no arithmetic on plain char, and both targets are LP64 and
# little-endian, so what they check natively holds under qemu too.
# test_sim_machines (every shipped machine file through measure --simulate
# and the fit: 20 s emulated) is left there too: the plan and the fit are
# ISO C (-std=c11: no floating-point contraction) with no code by
# architecture, and test_sim_scripted still runs the same path under qemu.
for src in "$ROOFLINE_SRC"/tests/unit/test_*.c; do
	name=${src##*/}
	name=${name%.c}
	unit=$B/tests/$name
	case $slow_units in *" $name "*) slow=1 ;; *) slow= ;; esac
	if [ -n "$slow" ] && [ -z "${ROOFLINE_AARCH64_ALL:-}" ] &&
		[ -z "$skip_reason" ]; then
		test_count=$((test_count + 1))
		echo "ok $test_count - unit $name under qemu # SKIP slow emulated; make test-aarch64 runs it"
		continue
	fi
	test_emulated "unit $name under qemu" '
		ROOFLINE_BUILD=$B CMOCKA_MESSAGE_OUTPUT=TAP $QEMU "'"$unit"'" >u.out 2>&1 ||
			{ cat u.out; exit 1; }
		! grep -q "^not ok" u.out
	'
done

TINY="--quick --threads 1 --max-size 64K --passes 1 --trials 1 --warmup 1 --min-time 1e-4"

test_emulated 'measure under qemu dispatches NEON; x86 kernels are skipped' '
	"$ARM" measure $TINY --out run >stdout 2>stderr || { cat stderr; exit 1; }
	test "$(tail -n 1 stdout)" = run &&
	grep -q "^isa,neon\$" run/env.csv && grep -q "^isas,scalar neon\$" run/env.csv &&
	grep -q "skipped fma_avx512: needs avx512" stderr &&
	grep -q "skipped horner_simd_avx2: needs avx2" stderr &&
	! grep -E -q ",(fma|horner_simd)_(sse2|avx2|avx512)," run/timings.csv
'
params() { # params KERNEL: its distinct params in run/timings.csv
	awk -F, -v k="$1" "NR > 1 && \$5 == k { print \$6 }" run/timings.csv | sort -un | tr "\n" " "
}
test_emulated 'every NEON kernel ran at every parameter and passed its check' '
	test -n "$(params fma_neon)" && test "$(params fma_neon)" = "$(params fma_scalar)" &&
	test -n "$(params horner_simd_neon)" &&
	test "$(params horner_simd_neon)" = "$(params horner)" &&
	test "$(cat run/failures.csv)" = "group,kernel,param,pass,trial,message"
'
test_emulated 'the run directory is complete' '
	for k in cpu_model isa cores threads l1d_bytes l2_bytes l3_bytes cc cc_version \
		kernel_cflags date_utc os; do
		grep -q "^$k," run/env.csv || { echo "missing $k"; exit 1; }
	done &&
	grep -q "^kernel_cflags,-O3 -march=armv8-a+simd\$" run/env.csv &&
	test "$(csv_header run/timings.csv)" = \
		"pass,trial,warmup,group,kernel,param,threads,working_set_bytes,flops,bytes,seconds,job" &&
	test "$(csv_header run/plan.csv)" = "job,role,level,target,array_bytes,obeys_rule" &&
	for g in bandwidth peak kernels; do grep -q ",$g," run/timings.csv || exit 1; done &&
	awk -F, "{ if (NF != 12) bad = 1 } END { exit bad }" run/timings.csv &&
	test -s run/remarks/fma_neon.txt && test -s run/remarks/horner_simd_neon.txt
'
test_emulated 'fit, plot and report work on it under qemu' '
	"$ARM" fit run >/dev/null &&
	grep -q "^peak,compute," run/roofs.csv && grep -q "^one-chain,ceiling," run/roofs.csv &&
	grep -q "^scalar,ceiling," run/roofs.csv && grep -q "fma_neon" run/chains.csv &&
	test "$(awk -F, "\$1 == \"horner_simd_neon\"" run/points.csv | wc -l)" -eq \
		"$(params horner_simd_neon | wc -w)" &&
	"$ARM" plot run --out out 2>plot.err &&
	file out/roofline.png | grep -q "PNG image data" &&
	"$ARM" report run --out out &&
	grep -q "\`-O3 -march=armv8-a+simd\`" out/report.md &&
	grep -q "widest neon" out/report.md
'
test_emulated 'a wrong NEON result fails the run under qemu, written down' '
	for k in fma_neon horner_simd_neon; do
		ROOFLINE_TEST_CORRUPT=$k "$ARM" measure $TINY --only peak,kernels --out bad-$k \
			>/dev/null 2>&1
		test $? -eq 1 && grep -q ",$k," bad-$k/failures.csv || exit 1
	done
'
test_done
