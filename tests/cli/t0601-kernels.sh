#!/bin/sh
# The articles' other kernels: daxpy, the matrix products at n = 64 and 1024,
# the stencils. Scripted timings give exact intensities, orders and verdicts;
# a small real run checks what measure plans, records and refuses.
. "$(dirname "$0")/lib.sh"
SCRIPTED="sh $ROOFLINE_SRC/tests/cli/scripted-run.sh"
SMALL="--quick --threads 1 --max-size 1M --passes 1 --trials 1 --warmup 1 --min-time 2e-4 --only kernels"
# The same, with no decision taken from a timing: a quick run leaves out a family
# member whose call it guesses over 0.25 s (gemm_ijk n = 256 takes 0.19 s a call
# on an idle Zen 3, 0.27 s beside other work), and a budget leaves out what
# would outlast its share. Not quick, and a day's budget: what is planned is
# what the sizes say, on any machine at any load.
SIZED="--budget 86400 --threads 1 --max-size 1M --passes 1 --trials 1 --warmup 1 --min-time 2e-4 --only kernels"

# col FILE KERNEL PARAM NAME: a named column of points.csv
col() {
	awk -F, -v k="$2" -v p="$3" -v c="$4" 'NR == 1 { for (i = 1; i <= NF; i++) at[$i] = i; next }
		$1 == k && $2 == p { print $at[c] }' "$1"
}

test_expect_success 'points.csv gives both intensities, at the end of the header' '
	$SCRIPTED run shaped && "$ROOFLINE" fit run >/dev/null &&
	csv_header run/points.csv | grep -q ",ai_ideal,ai_loop\$" &&
	test "$(col run/points.csv gemm_ijk 64 ai)" = 4 &&
	test "$(col run/points.csv gemm_ijk 64 ai_ideal)" = 4 &&
	test "$(col run/points.csv gemm_ijk 64 ai_loop)" = 0.123077 &&
	test "$(col run/points.csv gemm_ijk 1024 ai)" = 64 &&
	test "$(col run/points.csv gemm_ijk 1024 ai_loop)" = 0.124878 &&
	test "$(col run/points.csv gemm_tiled 1024 ai_loop)" = 10.24 &&
	test "$(col run/points.csv gemm_blas 1024 ai_loop)" = 64 &&
	test "$(col run/points.csv stencil 0 ai_loop)" = "$(col run/points.csv stencil 0 ai)" &&
	test "$(col run/points.csv daxpy 0 ai_loop)" = 0.0833333
'
test_expect_success 'a trajectory lists its members in size order, whatever the timings order' '
	head -n 3 run/timings.csv >/dev/null &&
	awk -F, "\$5 == \"gemm_ijk\" { print \$6; exit }" run/timings.csv | grep -qx 1024 &&
	test "$(awk -F, "\$1 == \"gemm_ijk\" { printf \"%s \", \$2 }" run/points.csv)" = "64 1024 "
'
test_expect_success 'the tiled stencil moves right of the naive one, by its steps' '
	test "$(col run/points.csv stencil 0 ai)" = 0.374268 &&
	test "$(col run/points.csv stencil_tiled 0 ai)" = 1.49707
'
test_expect_success 'report.md gives both intensities, the tile and the BLAS judgement' '
	"$ROOFLINE" report run --out out &&
	grep -q "^| gemm_ijk | n = 64 | L2 | 4 (loop 0.123) | 1.60 " out/report.md &&
	grep -q "^| gemm_tiled | n = 1024 | L3 | 64 (loop 10.2) | 9.00 " out/report.md &&
	grep -q "^Tiled kernels block for 384 KiB (scripted). .gemm_tiled. n = 1024: tile 128" out/report.md &&
	grep -q "runs its .SkylakeX. kernel (OPENBLAS_CORETYPE unset), built for avx512: at n = 1024 it reaches 100.0 GFLOP/s (median), 89 % of the peak ceiling.s median" out/report.md
'
test_expect_success 'gnuplot draws a trajectory as one line of its rows, labelled once with its range' '
	"$ROOFLINE" plot run --out out --format png &&
	rows=$(awk -F, "NR > 1 && \$1 == \"gemm_ijk\" { printf \" %d\", NR - 2 }" run/points.csv) &&
	test -n "$rows" &&
	grep -q "row(column(0), .$rows .) ? column(.gflops.) : NaN) with linespoints .* title .gemm_ijk." out/roofline.gp &&
	test "$(grep -c "^set label .gemm_ijk n=64…1024. .*# point label" out/roofline.gp)" = 1 &&
	! grep -q "level(" out/roofline.gp &&
	file out/roofline.png | grep -q "PNG image data, 1600 x 1000"
'
test_expect_success 'a run of the shaped kernels plans, records and refuses what it should' '
	ROOFLINE_TEST_UNBUILT=gemm_blas "$ROOFLINE" measure $SIZED --out m >/dev/null 2>err &&
	! grep -q "in a quick run\|^roofline: left out " err &&
	grep -q "^roofline: skipped gemm_blas: needs OpenBLAS" err &&
	grep -q "^roofline: skipped gemm_ijk n = 1024: needs 8.04 MiB per array, the arrays hold 1 MiB" err &&
	! grep -q ",kernels,gemm_blas," m/timings.csv &&
	grep -q ",kernels,gemm_ijk,64," m/timings.csv &&
	grep -q ",kernels,stencil_tiled,0," m/timings.csv &&
	grep -q ",kernels,daxpy,0," m/timings.csv &&
	awk -F, "\$5 == \"gemm_ikj\" && \$6 == 64 { if (\$9 != 4 * \$10 || \$9 % 524288) bad = 1; n++ } END { exit bad || !n }" m/timings.csv &&
	grep -q "^kernel_tile_bytes," m/env.csv && grep -q "^kernel_tile_source," m/env.csv &&
	grep -q "^shape_gemm_tiled_64,\"*tile " m/env.csv &&
	"$ROOFLINE" fit m >/dev/null &&
	test "$(awk -F, "\$1 == \"gemm_ijk\" { print \$2 }" m/points.csv | tr "\n" " ")" = "16 64 256 "
'
for k in daxpy gemm_ikj stencil_tiled; do
	test_expect_success "a wrong $k fails its check: exit 1, written down" '
		ROOFLINE_TEST_CORRUPT='$k' "$ROOFLINE" measure $SMALL --out bad-'$k' >/dev/null 2>err;
		test $? -eq 1 && grep -q "^kernels,'$k'," bad-'$k'/failures.csv &&
		! grep -q ",kernels,'$k'," bad-'$k'/timings.csv
	'
done
test_expect_success 'gemm_blas.c without OpenBLAS compiles without calling it; with it, loads it' '
	${CC:-cc} -std=gnu11 -D_GNU_SOURCE -I"$ROOFLINE_SRC/kernels" -c "$ROOFLINE_SRC/kernels/gemm_blas.c" -o nob.o &&
	! nm nob.o | grep -q "cblas_dgemm\|dlopen" &&
	if pkg-config --exists openblas 2>/dev/null; then
		${CC:-cc} -std=gnu11 -D_GNU_SOURCE -DROOFLINE_HAVE_OPENBLAS $(pkg-config --cflags openblas) \
			-I"$ROOFLINE_SRC/kernels" -c "$ROOFLINE_SRC/kernels/gemm_blas.c" -o blas.o &&
		nm blas.o | grep -q "U dlopen" && ! nm blas.o | grep -q "U cblas_dgemm"
	fi
'
test_done
