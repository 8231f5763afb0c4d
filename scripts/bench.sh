#!/bin/sh
# bench.sh ROOFLINE - side-by-side figures against likwid-bench, in one run.
#
# 1. times `roofline measure` (full and --quick) and fits it;
# 2. runs likwid-bench on the same core: peakflops for the widest ISA, and the
#    3-stream triad (stream_*: A = B*c + C, 24 bytes an element, as ours) at a
#    working set inside each of our measured plateaus;
# 3. prints our value, likwid's and the ratio (target: every ratio >= 1.00),
#    then each kernel's fraction of its roof (issue targets);
# 4. every DRAM pattern roof, one core and all cores, against likwid-bench's
#    test of that pattern at the same working set; our DRAM roofs on huge
#    pages and on base pages (ROOFLINE_HUGEPAGES=0);
# 4b. each level's pattern roofs (L1, L2, L3, DRAM; one core) against
#    likwid-bench's test of the pattern and a plain loop of it
#    (scripts/bench-loops.c) at the same working set: both ratios;
# 5. all cores: our @Nt roofs against likwid-bench with as many threads
#    (peakflops; stream at our L3@Nt and DRAM@Nt plateaus' middles), and the
#    single-core peak (the FMA+add mix where it wins) against the FMA-only
#    figures, ours and likwid's.
# Nothing here is a test: the machines are shared and noisy, so read ratios,
# and rerun when the spread columns say the machine was busy.
set -eu
roofline=${1:-./bin/roofline}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/roofline-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

now() { date +%s.%N; }
elapsed() { echo "$2 - $1" | bc; }

# BENCH_RUN=DIR compares a stored run instead of measuring a new one (it is
# copied, then fitted); BENCH_PARTS=patterns runs only the DRAM pattern roofs
# against likwid-bench and the huge-pages-against-base-pages comparison;
# BENCH_PARTS=times only times the default and the quick run (measure, then
# fit, plot and report, as make report runs them) and stops there;
# BENCH_PARTS=levels only measures (or takes BENCH_RUN) and prints each
# level's pattern roofs against likwid-bench and the plain loops;
# BENCH_PARTS=pairs only measures (or takes BENCH_RUN, for the levels'
# working sets) and times each level's roof kernels beside the plain loop
# and the built-in kernels of the pattern, in one process (bench-pairs).
parts=${BENCH_PARTS:-all}
# timed NAME DIR MEASURE-FLAGS...: measure, then fit, plot and report, each timed.
timed() {
	name=$1 dir=$2
	shift 2
	t0=$(now)
	"$roofline" measure "$@" --out "$dir" >/dev/null 2>"$dir.log"
	t1=$(now)
	"$roofline" fit "$dir" >"$dir.fit.txt"
	"$roofline" plot "$dir" --out "$dir.plots" >/dev/null 2>&1 || true
	"$roofline" report "$dir" --out "$dir.plots" >/dev/null 2>&1 || true
	t2=$(now)
	echo "$name: measure $(elapsed "$t0" "$t1") s, then fit, plot and report $(elapsed "$t1" "$t2") s"
	grep "^roofline: measured\|wider than asked" "$dir.log" || true
}
if [ -n "${BENCH_RUN:-}" ]; then
	echo "== the stored run $BENCH_RUN"
	mkdir -p "$tmp/full" && cp -R "$BENCH_RUN/." "$tmp/full/"   # the run itself, also through a link such as data/latest
	"$roofline" fit "$tmp/full" >"$tmp/fit.txt"
else
	# Not under taskset: the default thread counts (one core and all physical
	# cores) come from the CPUs the process may use; measure pins itself.
	echo "== roofline measure (full, its default budget): one core and all physical cores"
	timed "default run" "$tmp/full" ${BENCH_BUDGET:+--budget "$BENCH_BUDGET"}
	cp "$tmp/full.fit.txt" "$tmp/fit.txt"
	if [ "$parts" = all ] || [ "$parts" = times ]; then
		echo "== roofline measure --quick"
		timed "quick run" "$tmp/quick" --quick
	fi
	[ "$parts" = times ] && exit 0
fi
cat "$tmp/fit.txt"

# likwid-bench runs on the core our one-core pass ran on (env.csv pinned_cpu).
cpu=${BENCH_CPU:-$(awk -F, '$1 == "pinned_cpu" { print $2 }' "$tmp/full/env.csv")}
cpu=${cpu:-0}
echo "likwid-bench's single-core runs on CPU $cpu, as our one-core pass"

roof() { # roof NAME FIELD(3=value,5=size_lo,6=size_hi)
	awk -F, -v n="$1" -v f="$2" 'NR > 1 && $1 == n { print $f }' "$tmp/full/roofs.csv"
}
isa=$(awk -F, '$1 == "isa" { print $2 }' "$tmp/full/env.csv")
case $isa in
avx512) lk_peak=peakflops_avx512_fma lk_stream=stream_avx512_fma lk_nt=stream_mem_avx512 sfx=_avx512 ;;
avx2) lk_peak=peakflops_avx_fma lk_stream=stream_avx_fma lk_nt=stream_mem_avx sfx=_avx ;;
*) lk_peak=peakflops_sse lk_stream=stream lk_nt=stream_mem sfx= ;;
esac
# likwid-bench's test of each of our access patterns, the same streams and
# store kind: the triad (stream), with streaming stores (stream_mem), in
# place (daxpy), two reads (ddot), one read one write (copy).
lk_pattern() {
	case $1 in
	2r1w) echo "$lk_stream" ;;
	2r1w-nt) echo "$lk_nt" ;;
	2r1w-ip) case $sfx in _avx512) echo daxpy_avx512_fma ;; _avx) echo daxpy_avx_fma ;; *) echo daxpy ;; esac ;;
	2r0w) echo "ddot$sfx" ;;
	1r1w) echo "copy$sfx" ;;
	esac
}

# likwid's figure is the best of LIKWID_RUNS runs: ours are the best of many
# timings, and on a shared machine one run of likwid-bench (about a second)
# can land in a busy spell (its L1 triad read 461 GB/s in one, 640 in most).
runs=${LIKWID_RUNS:-3}
best_of() { # best_of COMMAND...: the largest number the command prints in $runs runs
	i=0
	while [ "$i" -lt "$runs" ]; do "$@"; i=$((i + 1)); done |
		awk 'NF && ($1 + 0 > best || !seen) { best = $1 + 0; seen = 1 } END { if (seen) print best }'
}
# likwid_rate TEST WORKING_SET_BYTES FIELD -> MFlops/s or MByte/s, on our one-core pass's core
likwid_once() {
	kb=$(( $2 / 1000 ))
	taskset -c "$cpu" likwid-bench -t "$1" -W "N:${kb}kB:1" 2>/dev/null |
		awk -F: -v f="$3" '$1 == f { gsub(/[ \t]/, "", $2); print $2 }'
}
likwid_rate() { best_of likwid_once "$@"; }

# ---- DRAM pattern roofs against likwid-bench: same pattern, same working set
# Our figure is a roof: the best kept timing of the best job of the pattern on
# the DRAM plateau (roofs.csv); likwid's is the best of $runs runs on the same
# core (all cores: as many threads), each run's own rate over its repetitions.
dram_patterns() { # dram_patterns SUFFIX THREADS
	printf '\n%-18s %10s %10s %7s   %s\n' "DRAM roof$1" "roofline" "likwid" "ratio" "likwid test, working set (GB/s)"
	for pat in 2r1w 2r1w-nt 2r1w-ip 2r0w 1r1w; do
		# DRAM.2r1w: the sweep's own pattern with ordinary stores (the DRAM
		# roof itself may be set by streaming stores or stores in place).
		name=DRAM.$pat$1
		ours=$(roof "$name" 3)
		[ -n "$ours" ] || { echo "$name: not in this run"; continue; }
		# A pattern job's one size; the sweep's plateau's largest, past STREAM's rule.
		ws=$(roof "$name" 6)
		test=$(lk_pattern "$pat")
		if [ "$2" = 1 ]; then
			theirs=$(likwid_rate "$test" "$ws" "MByte/s")
		else
			theirs=$(best_of likwid_once_n "$test" "$ws" "$2" "MByte/s")
		fi
		[ -n "$theirs" ] || { echo "$name: likwid-bench $test gave nothing"; continue; }
		printf '%-18s %10.2f %10.2f %7.2f   %s, %s bytes\n' "$name" "$ours" "$(echo "$theirs / 1000" | bc -l)" \
			"$(echo "$ours * 1000 / $theirs" | bc -l)" "$test" "$ws"
	done
}
likwid_once_n() { # likwid_once_n TEST WORKING_SET_BYTES THREADS FIELD: the node domain, THREADS threads
	kb=$(( $2 / 1000 ))
	likwid-bench -t "$1" -W "N:${kb}kB:$3" 2>/dev/null |
		awk -F: -v f="$4" '$1 == f { gsub(/[ \t]/, "", $2); print $2 }'
}
# ---- each level's pattern roofs against likwid-bench and a plain loop -------
# The plain loops are scripts/bench-loops.c (BENCH_LOOPS: built by make
# bench), each pattern as a user writes it, compiled with the kernels'
# flags, on the same core, at the same working set as the roof: a cache
# level's geometric middle (the sweep's plateau) or its pattern job's one
# size, DRAM's first size that obeys STREAM's rule. A roof is the best way
# of running its pattern: both ratios should be at least 1.00 (read them
# with the spread: on a shared or virtual machine one loop's L1 rate moved
# from run to run by far more than the roofs' own spread).
loops=${BENCH_LOOPS:-}
pattern_arrays() { case $1 in 2r1w | 2r1w-nt) echo 3 ;; 1r0w) echo 1 ;; *) echo 2 ;; esac; }
level_patterns() {
	printf '\n%-16s %9s %9s %9s %8s %8s   %s\n' "roof (one core)" roofline likwid "plain" "/likwid" "/plain" \
		"working set (bytes), likwid test"
	for level in L1 L2 L3 DRAM; do
		for pat in 2r1w 2r1w-ip 2r0w 1r1w 2r1w-nt; do
			name=$level.$pat
			ours=$(roof "$name" 3)
			[ -n "$ours" ] || continue
			lo=$(roof "$name" 5) hi=$(roof "$name" 6)
			if [ "$level" = DRAM ]; then
				ws=$lo
			else
				ws=$(echo "sqrt($lo * $hi)" | bc -l | cut -d. -f1)
			fi
			test=$(lk_pattern "$pat")
			theirs=$(likwid_rate "$test" "$ws" "MByte/s")
			plain=
			[ "$pat" = 2r1w-nt ] || [ -z "$loops" ] ||
				plain=$(best_of "$loops" "$pat" "$((ws / $(pattern_arrays "$pat")))" "$cpu")
			ratio_to() { [ -n "$2" ] && printf '%8.2f' "$(echo "$1 / $2" | bc -l)" || printf '%8s' -; }
			printf '%-16s %9.2f %9s %9s %s %s   %s, %s\n' "$name" "$ours" \
				"$([ -n "$theirs" ] && printf '%.2f' "$(echo "$theirs / 1000" | bc -l)" || echo -)" \
				"${plain:--}" "$(ratio_to "$ours" "$([ -n "$theirs" ] && echo "$theirs / 1000" | bc -l)")" \
				"$(ratio_to "$ours" "$plain")" "$ws" "$test"
		done
	done
}
# ---- side by side: each level's roof kernels, the plain loop and the built-in
# kernels of each pattern, timed in one process (scripts/bench-pairs.c,
# BENCH_PAIRS: built by make bench), round by round in rotated order: on a
# shared machine only these ratios mean anything. Each line: a kernel's
# median rate and the median over the rounds of its rate over the plain
# loop's in the same round; "roof/plain" is the best roof kernel's.
pairs=${BENCH_PAIRS:-}
pair_rounds=${PAIRS_ROUNDS:-31}
next_isa() { case $1 in avx512) echo avx2 ;; avx2) echo sse2 ;; *) echo ;; esac; }
roof_kernels() { # roof_kernels PATTERN LEVEL: the bandwidth kernels a roof of the pattern is the best of
	nx=$(next_isa "$isa")
	case $1 in
	2r1w) echo "bw_triad_$isa bw_triad1_$isa${nx:+ bw_triad_$nx}" ;;
	2r1w-ip) echo "bw_update_$isa bw_update1_$isa${nx:+ bw_update_$nx}" ;;
	2r0w) echo "bw_read2_$isa${nx:+ bw_read2_$nx}" ;;
	1r1w) echo "bw_copy_$isa bw_copy1_$isa${nx:+ bw_copy_$nx}"
		[ "$2" != DRAM ] || for k in 1 2 4 8; do printf ' bw_pace%s_copy_%s' "$k" "$isa"; done ;;
	esac
}
builtin_kernels() { # the built-in kernels of the pattern (placed at DRAM by default)
	case $1 in 2r1w) echo triad ;; 2r1w-ip) echo daxpy ;; 2r0w) echo dot_split ;; 1r1w) echo "horner:2 horner:4 horner:8" ;; esac
}
level_pairs() {
	for level in L1 L2 L3 DRAM; do
		for pat in 2r1w 2r1w-ip 2r0w 1r1w; do
			lo=$(roof "$level.$pat" 5) hi=$(roof "$level.$pat" 6)
			[ -n "$lo" ] || continue
			if [ "$level" = DRAM ]; then ws=$lo; else ws=$(echo "sqrt($lo * $hi)" | bc -l | cut -d. -f1); fi
			per=$((ws / $(pattern_arrays "$pat")))
			ks="$(roof_kernels "$pat" "$level")"
			[ "$level" != DRAM ] || ks="$ks $(builtin_kernels "$pat")"
			echo "-- $level.$pat: $per bytes an array, plain loop first (load $(cut -d' ' -f1-3 /proc/loadavg))"
			# shellcheck disable=SC2086
			"$pairs" "$cpu" "$per" "$pair_rounds" "plain:$pat" $ks 2>&1 |
				awk -v roofs="$(roof_kernels "$pat" "$level")" '
					BEGIN { n = split(roofs, r, " "); for (i = 1; i <= n; i++) isroof[r[i]] = 1 }
					/^kernel/ || /thread/ { print; next }
					{ print; if ($1 in isroof && $5 > best) best = $5 }
					END { if (best) printf "   roof/plain (the best roof kernel, side by side) %.3f\n", best }'
		done
	done
}
if [ "$parts" = pairs ]; then
	[ -n "$pairs" ] || { echo "bench: BENCH_PAIRS names no bench-pairs binary"; exit 2; }
	echo
	echo "== side by side in one process: each level's roof kernels, the plain loop and (DRAM) the built-in kernels"
	level_pairs
	exit 0
fi
if [ "$parts" = all ] || [ "$parts" = levels ]; then
	echo
	echo "== each level's pattern roofs against likwid-bench and a plain loop of the pattern" \
		"(scripts/bench-loops.c), best of $runs runs each"
	level_patterns
	[ "$parts" = all ] || exit 0
fi

echo
echo "== DRAM roofs of every pattern against likwid-bench (env.csv: roof_pages $(awk -F, '$1 == "roof_pages" { print $2 }' "$tmp/full/env.csv"), huge_pages_kib $(awk -F, '$1 == "huge_pages_kib" { print $2 }' "$tmp/full/env.csv"); likwid-bench asks for no huge pages)"
dram_patterns "" 1
nthreads=$(awk -F, '$1 == "threads_max" { print $2 }' "$tmp/full/env.csv")
[ -z "$nthreads" ] || [ "$nthreads" -le 1 ] || dram_patterns "@${nthreads}t" "$nthreads"

# ---- pages: our roofs on huge pages (the run above) and on base pages
# A bandwidth-only run with ROOFLINE_HUGEPAGES=0 (no MADV_HUGEPAGE), same core.
echo
echo "== DRAM roofs on huge pages (above) and on base pages (ROOFLINE_HUGEPAGES=0, bandwidth only, one core)"
if ! { ROOFLINE_HUGEPAGES=0 "$roofline" measure --only bandwidth --threads 1 ${BENCH_PAGES_ARGS:-} \
	--out "$tmp/base" >/dev/null 2>"$tmp/base.log" && "$roofline" fit "$tmp/base" >/dev/null; }; then
	echo "the base-pages run failed:"; tail -n 3 "$tmp/base.log"
fi
printf '%-14s %10s %10s %7s\n' roof huge base huge/base
for name in DRAM DRAM.2r1w DRAM.2r1w-nt DRAM.2r1w-ip DRAM.2r0w DRAM.1r1w; do
	h=$(roof "$name" 3)
	b=$(awk -F, -v n="$name" 'NR > 1 && $1 == n { print $3 }' "$tmp/base/roofs.csv")
	if [ -n "$h" ] && [ -n "$b" ]; then
		printf '%-14s %10.2f %10.2f %7.2f\n' "$name" "$h" "$b" "$(echo "$h / $b" | bc -l)"
	else
		echo "$name: ${h:-not in the huge-pages run} / ${b:-not in the base-pages run}"
	fi
done
echo "base run: huge_pages_kib $(awk -F, '$1 == "huge_pages_kib" { print $2 }' "$tmp/base/env.csv") (0: none obtained)"
[ "$parts" = all ] || exit 0

printf '\n%-8s %12s %12s %8s   %s\n' "roof" "roofline" "likwid" "ratio" "likwid test, working set"
ours=$(roof peak 3)
theirs=$(likwid_rate "$lk_peak" 32000 "MFlops/s")
printf '%-8s %12.2f %12.2f %8.2f   %s, 32 kB (GFLOP/s)\n' peak "$ours" "$(echo "$theirs / 1000" | bc -l)" \
	"$(echo "$ours * 1000 / $theirs" | bc -l)" "$lk_peak"
for level in L1 L2 L3 DRAM; do
	ours=$(roof "$level" 3)
	[ -n "$ours" ] || { echo "$level: no such plateau in this run"; continue; }
	lo=$(roof "$level" 5)
	hi=$(roof "$level" 6)
	# The geometric middle of the plateau: inside the level for both tools.
	ws=$(echo "sqrt($lo * $hi)" | bc -l | cut -d. -f1)
	theirs=$(likwid_rate "$lk_stream" "$ws" "MByte/s")
	printf '%-8s %12.2f %12.2f %8.2f   %s, %s bytes (GB/s)\n' "$level" "$ours" \
		"$(echo "$theirs / 1000" | bc -l)" "$(echo "$ours * 1000 / $theirs" | bc -l)" "$lk_stream" "$ws"
	if [ "$level" = DRAM ]; then
		# The streaming-store triad at the working set our DRAM.2r1w-nt job ran at:
		# DRAM's rate falls with the working set on some machines (here 58 GB/s at
		# 96 MB, 44 at 600 MB), so only the same size compares.
		nws=$(roof DRAM.2r1w-nt 5)
		[ -n "$nws" ] || nws=$ws
		nt=$(likwid_rate "$lk_nt" "$nws" "MByte/s")
		printf '%-8s %12.2f %12.2f %8.2f   %s (streaming stores, as our DRAM.2r1w-nt job), %s bytes\n' \
			"DRAM" "$ours" "$(echo "$nt / 1000" | bc -l)" "$(echo "$ours * 1000 / $nt" | bc -l)" "$lk_nt" "$nws"
		# Our streaming-store triad itself, against theirs at that working set.
		ntours=$(roof DRAM.2r1w-nt 3)
		[ -z "$ntours" ] || printf '%-8s %12.2f %12.2f %8.2f   our bw_triad_nt job against %s, same size\n' \
			"DRAM-nt" "$ntours" "$(echo "$nt / 1000" | bc -l)" "$(echo "$ntours * 1000 / $nt" | bc -l)" "$lk_nt"
	fi
done

echo
echo "== kernels: fraction of their roof (targets: memory-bound >= 0.80 of DRAM bw x I;"
echo "   horner_simd D >= 32 >= 0.80 of peak; plain dot near the one-chain scalar rate)"
printf '%-20s %6s %8s %10s %10s %8s %s\n' kernel param ai gflops roof_gflops fraction roof
awk -F, 'NR > 1 { printf "%-20s %6s %8.4g %10.3f %10.3f %8.2f %s\n", $1, $2, $4, $5, $7, $8, $6 }' \
	"$tmp/full/points.csv"
one=$(awk -F, '$1 == "fma_scalar" && $3 == 1 { print $4 }' "$tmp/full/chains.csv")
echo "one scalar FMA chain: ${one:-?} GFLOP/s (best)"

# ---- all cores ----------------------------------------------------------------
threads=$(awk -F, '$1 == "threads_max" { print $2 }' "$tmp/full/env.csv")
if [ -n "$threads" ] && [ "$threads" -gt 1 ]; then
	echo
	echo "== all cores: $threads threads, one per physical core (targets: ratio >= 0.97)"
	# likwid_rate_t TEST WORKING_SET_BYTES THREADS FIELD: N: the node domain, all threads pinned.
	likwid_once_t() {
		kb=$(( $2 / 1000 ))
		likwid-bench -t "$1" -W "N:${kb}kB:$3" 2>/dev/null |
			awk -F: -v f="$4" '$1 == f { gsub(/[ \t]/, "", $2); print $2 }'
	}
	likwid_rate_t() { best_of likwid_once_t "$@"; }
	printf '%-10s %12s %12s %8s   %s\n' "roof" "roofline" "likwid" "ratio" "likwid test, working set"
	ours=$(roof "peak@${threads}t" 3)
	theirs=$(likwid_rate_t "$lk_peak" $((32000 * threads)) "$threads" "MFlops/s")
	[ -n "$ours" ] && [ -n "$theirs" ] &&
		printf '%-10s %12.2f %12.2f %8.2f   %s, 32 kB a thread (GFLOP/s)\n' "peak@${threads}t" "$ours" \
			"$(echo "$theirs / 1000" | bc -l)" "$(echo "$ours * 1000 / $theirs" | bc -l)" "$lk_peak"
	for level in L3 DRAM; do
		ours=$(roof "$level@${threads}t" 3)
		[ -n "$ours" ] || { echo "$level@${threads}t: no such plateau in this run"; continue; }
		lo=$(roof "$level@${threads}t" 5)
		hi=$(roof "$level@${threads}t" 6)
		ws=$(echo "sqrt($lo * $hi)" | bc -l | cut -d. -f1)
		theirs=$(likwid_rate_t "$lk_stream" "$ws" "$threads" "MByte/s")
		[ -n "$theirs" ] || continue
		printf '%-10s %12.2f %12.2f %8.2f   %s, %s bytes in all (GB/s)\n' "$level@${threads}t" "$ours" \
			"$(echo "$theirs / 1000" | bc -l)" "$(echo "$ours * 1000 / $theirs" | bc -l)" "$lk_stream" "$ws"
	done
fi
echo
echo "== single-core peak: the best of FMA chains and the FMA+add mix, against FMA alone"
peak=$(roof peak 3)
fma=$(roof fma 3)
lk=$(likwid_rate "$lk_peak" 32000 "MFlops/s")
[ -n "$fma" ] && printf 'peak %.2f GFLOP/s / our FMA-only ceiling %.2f = %.2f\n' "$peak" "$fma" \
	"$(echo "$peak / $fma" | bc -l)"
[ -n "$lk" ] && printf 'peak %.2f GFLOP/s / likwid %s %.2f = %.2f\n' "$peak" "$lk_peak" \
	"$(echo "$lk / 1000" | bc -l)" "$(echo "$peak * 1000 / $lk" | bc -l)"
"$roofline" report "$tmp/full" --out "$tmp/full" >/dev/null 2>&1 &&
	sed -n '/^## Measured and theoretical peak/,/^## /p' "$tmp/full/report.md" | grep '^|' || true
# ---- the articles' other kernels (issue 12): ratios, each against what the roofs predict
pt() { # pt KERNEL PARAM COLUMN: a named column of points.csv (the first row of that kernel and param)
	awk -F, -v k="$1" -v p="$2" -v c="$3" 'NR == 1 { for (i = 1; i <= NF; i++) at[$i] = i; next }
		$1 == k && $2 == p && !done { print $at[c]; done = 1 }' "$tmp/full/points.csv"
}
envv() { awk -F, -v k="$1" '$1 == k { print $2 }' "$tmp/full/env.csv"; }
ratio() { [ -n "$1" ] && [ -n "$2" ] && echo "$1 / $2" | bc -l | xargs printf '%.2f' || echo "?"; }
echo
echo "== the articles' other kernels"
blas_isa=$(envv blas_isa)
if [ -n "$blas_isa" ] && [ -n "$(pt gemm_blas 1024 gflops)" ]; then
	# Judged as the report judges it: against the ceiling of the ISA its kernel
	# uses (env.csv blas_isa), FMA-only (a matrix product is all FMAs).
	echo "gemm_blas n=1024: $(pt gemm_blas 1024 gflops) GFLOP/s, core $(envv blas_core) ($blas_isa;" \
		"OPENBLAS_CORETYPE $(envv openblas_coretype)): $(pt gemm_blas 1024 fraction) of its ceiling" \
		"$(pt gemm_blas 1024 roof) $(pt gemm_blas 1024 roof_gflops) (target >= 0.85)"
	# OpenBLAS's kernel for this core may not be its best here (a kernel tuned
	# for another vendor's core): the same, pinned to its AVX2 kernel, in a
	# short run of its own, judged against the avx2 ceiling of that run.
	# Skipped when the run's own core is already Haswell (OPENBLAS_CORETYPE set so).
	case $(uname -m)/$(envv blas_core) in
	x86_64/Haswell) ;;
	x86_64/*)
		OPENBLAS_CORETYPE=Haswell taskset -c "$cpu" "$roofline" measure --quick --threads 1 \
			--only peak,kernels --out "$tmp/pinned" >/dev/null 2>"$tmp/pinned.log" &&
			"$roofline" fit "$tmp/pinned" >/dev/null 2>&1 &&
			awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) at[$i] = i; next }
				$1 == "gemm_blas" && $2 == 1024 {
					printf "gemm_blas n=1024 with OPENBLAS_CORETYPE=Haswell: %s GFLOP/s, %s of its ceiling %s %s (target >= 0.85)\n",
						$at["gflops"], $at["fraction"], $at["roof"], $at["roof_gflops"] }' \
				"$tmp/pinned/points.csv" ||
			echo "gemm_blas pinned to Haswell: that run failed (see its log)"
		;;
	esac
else
	echo "gemm_blas: not measured (built without OpenBLAS: see the measure log)"
fi
ti=$(pt gemm_tiled 1024 gflops) ijk=$(pt gemm_ijk 1024 gflops)
if [ -z "$(roof DRAM 3)" ]; then
	echo "gemm_tiled / gemm_ijk: no DRAM roof in this run (the sweep did not settle), so no prediction"
elif [ -n "$ti" ] && [ -n "$ijk" ]; then
	# The roofs' prediction: each loop's own traffic (ai_loop) against the DRAM roof, capped by the peak.
	dram=$(roof DRAM 3) peak=$(roof peak 3)
	pred() { echo "a = $dram * $1; if (a > $peak) a = $peak; a" | bc -l; }
	p_ti=$(pred "$(pt gemm_tiled 1024 ai_loop)") p_ijk=$(pred "$(pt gemm_ijk 1024 ai_loop)")
	echo "gemm_tiled / gemm_ijk at n=1024: $(ratio "$ti" "$ijk") measured ($ti / $ijk GFLOP/s)," \
		"$(ratio "$p_ti" "$p_ijk") predicted by the roofs at their loops' intensities" \
		"($(pt gemm_tiled 1024 ai_loop) and $(pt gemm_ijk 1024 ai_loop) flop/byte; $(envv shape_gemm_tiled_1024))"
fi
sn=$(pt stencil 0 gflops) st=$(pt stencil_tiled 0 gflops)
if [ -n "$sn" ] && [ -n "$st" ]; then
	echo "stencil_tiled / stencil: intensity x$(ratio "$(pt stencil_tiled 0 ai)" "$(pt stencil 0 ai)") (right)," \
		"GFLOP/s x$(ratio "$st" "$sn") (up; $st vs $sn)"
fi
g=$(pt daxpy 0 gflops)
[ -z "$g" ] || echo "daxpy: $g GFLOP/s, $(pt daxpy 0 fraction) of its roof $(pt daxpy 0 roof)"
