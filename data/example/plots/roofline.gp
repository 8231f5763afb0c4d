# roofline.gp - the roofline of one run, drawn from its CSV files:
#   AMD EPYC · gcc 12.2.0 -O3 -march=native
# Bandwidth roofs rise with slope one up to the peak; dashed ceilings lie
# under it; each kernel of points.csv sits at its intensity and median rate.
# Written by `roofline plot` from templates/roofline.gp.in: edit freely.
#   gnuplot roofline.gp                   writes roofline-gnuplot.png (roofline.png is the cairo figure)
#   gnuplot -e "fmt='svg'" roofline.gp    writes roofline-gnuplot.svg ('pdf' likewise)

run = 'fit'    # the fit's CSV files, beside this file (roofline plot writes them)
if (!exists('fmt')) fmt = 'png'
if (fmt eq 'png') set terminal pngcairo size 1600,1000 noenhanced font 'DejaVu Sans,16'
if (fmt eq 'svg') set terminal svg size 1600,1000 noenhanced font 'DejaVu Sans,16' background 'white'
if (fmt eq 'pdf') set terminal pdfcairo size 1600/72.,1000/72. noenhanced font 'DejaVu Sans,16'
if (!exists('out')) out = 'roofline-gnuplot.'.fmt    # roofline plot sets a temporary name, renamed once checked
set output out
set encoding utf8
set datafile separator comma
set datafile columnheaders

# The roofs as `roofline fit` wrote them to roofs.csv; NaN: not measured.
peak = 180.631    # GFLOP/s
roof_0 = 620.015    # GB/s
roof_1 = 265.963    # GB/s
roof_2 = 162.009    # GB/s
roof_3 = 42.5206    # GB/s
roof_24 = 1082.94    # GB/s
roof_25 = 491.464    # GB/s
roof_26 = 279.744    # GB/s
roof_27 = 72.1864    # GB/s
roof_49 = 121.062    # GFLOP/s
roof_50 = 15.0108    # GFLOP/s
roof_51 = 14.8694    # GFLOP/s
roof_52 = 60.5732    # GFLOP/s
roof_53 = 30.2034    # GFLOP/s
roof_54 = 1.89102    # GFLOP/s
roof_55 = 351.657    # GFLOP/s
roof_56 = 238.449    # GFLOP/s
roof_57 = 29.7224    # GFLOP/s
roof_58 = 28.3901    # GFLOP/s
roof_59 = 119.133    # GFLOP/s
roof_60 = 59.8829    # GFLOP/s
roof_61 = 3.64994    # GFLOP/s
top = 1082.94    # the fastest bandwidth roof (GB/s): ceilings start on it

xmin = 0.000488281; xmax = 128     # flop/byte
ymin = 0.02; ymax = 500     # GFLOP/s
bm = 0.420                    # bottom margin: room for the key
set title 'AMD EPYC · gcc 12.2.0 -O3 -march=native' font ',18'
set xlabel 'arithmetic intensity (flop/byte)'
set ylabel 'GFLOP/s (1 GFLOP = 10⁹ flop)'
set logscale xy
set xrange [xmin:xmax]
set yrange [ymin:ymax]
set xtics ('1/2048' 0.000488281, '1/512' 0.00195312, '1/128' 0.0078125, '1/32' 0.03125, '1/8' 0.125, '1/2' 0.5, '2' 2, '8' 8, '32' 32, '128' 128)
set format y '%g'
set grid xtics ytics mytics lc 'gray85'
set lmargin at screen 0.08; set rmargin at screen 0.80
set bmargin at screen bm; set tmargin at screen 0.93
set key outside below center horizontal Left reverse width 1 spacing 1.3
set samples 2000
set linetype 1 lc rgb '#0072b2' lw 2 pt 7 ps 1.8
set linetype 2 lc rgb '#d55e00' lw 2 pt 9 ps 1.8
set linetype 3 lc rgb '#009e73' lw 2 pt 5 ps 1.8
set linetype 4 lc rgb '#cc79a7' lw 2 pt 11 ps 1.8
set linetype 5 lc rgb '#e69f00' lw 2 pt 13 ps 1.8
set linetype 6 lc rgb '#56b4e9' lw 2 pt 15 ps 1.8
set linetype cycle 6

# A bandwidth roof runs up to the peak, a ceiling from the top slope on.
slope(bw, x) = bw * x > peak ? NaN : bw * x
flat(c, x) = x < c / top ? NaN : c
# How steep a slope-one line looks on this canvas, for the labels along it.
angle = atan((1000 * (0.93 - bm) / log(ymax / ymin)) / (1600 * 0.72 / log(xmax / xmin))) * 180 / pi
set label sprintf('%s %.0f GB/s', 'L1@2t', roof_24) at 0.000634766, roof_24 * 0.000634766 left rotate by angle offset 0,0.6
set label sprintf('%s %.3g · %s %.3g GB/s', 'L1', roof_0, 'L2@2t', roof_25) at 0.000634766, roof_0 * 0.000634766 left rotate by angle offset 0,0.6
set label sprintf('%s %.3g · %s %.3g GB/s', 'L3@2t', roof_26, 'L2', roof_1) at 0.000634766, roof_26 * 0.000634766 left rotate by angle offset 0,0.6
set label sprintf('%s %.3g GB/s', 'L3', roof_2) at 0.000634766, roof_2 * 0.000634766 left rotate by angle offset 0,0.6
set label sprintf('%s %.3g GB/s', 'DRAM@2t', roof_27) at 0.000634766, roof_27 * 0.000634766 left rotate by angle offset 0,0.6
set label sprintf('%s %.3g GB/s', 'DRAM', roof_3) at 0.000634766, roof_3 * 0.000634766 left rotate by angle offset 0,0.6
set label sprintf('%s %.3g', 'peak@2t', roof_55) at graph 1.01, first roof_55 left offset 0,2.52
set label sprintf('%s %.3g', 'fma@2t', roof_56) at graph 1.01, first roof_56 left offset 0,2.26
set label sprintf('peak %.3g', peak) at graph 1.01, first peak left offset 0,1.75
set label sprintf('%s %.3g', 'fma', roof_49) at graph 1.01, first roof_49 left offset 0,1.51
set label sprintf('%s %.3g', 'avx2@2t', roof_59) at graph 1.01, first roof_59 left offset 0,0.40
set label sprintf('%s %.3g', 'avx2', roof_52) at graph 1.01, first roof_52 left offset 0,0.80
set label sprintf('%s %.3g', 'sse2@2t', roof_60) at graph 1.01, first roof_60 left offset 0,-0.32
set label sprintf('%s %.3g', 'sse2', roof_53) at graph 1.01, first roof_53 left offset 0,0.09
set label sprintf('%s %.3g', 'scalar@2t', roof_57) at graph 1.01, first roof_57 left offset 0,-1.02
set label sprintf('%s %.3g', 'one-chain@2t', roof_58) at graph 1.01, first roof_58 left offset 0,-2.07
set label sprintf('%s %.3g', 'scalar', roof_50) at graph 1.01, first roof_50 left offset 0,-1.76
set label sprintf('%s %.3g', 'one-chain', roof_51) at graph 1.01, first roof_51 left offset 0,-2.89
set label sprintf('%s %.3g', 'one-chain-scalar@2t', roof_61) at graph 1.01, first roof_61 left offset 0,-0.82
set label sprintf('%s %.3g', 'one-chain-scalar', roof_54) at graph 1.01, first roof_54 left offset 0,-0.46
set arrow from peak / roof_3, ymin to peak / roof_3, peak nohead dt 3 lc 'gray40'
set label sprintf('ridge %.2f flop/byte', peak / roof_3) at peak / roof_3, ymin left rotate by 90 offset -0.6,0.5 tc 'gray30'

pts = run.'/points.csv'
plot \
     slope(roof_0, x) lw 2 lc 'black' notitle, \
     slope(roof_1, x) lw 2 lc 'black' notitle, \
     slope(roof_2, x) lw 2 lc 'black' notitle, \
     slope(roof_3, x) lw 3 lc 'black' notitle, \
     slope(roof_24, x) lw 2 lc 'black' notitle, \
     slope(roof_25, x) lw 2 lc 'black' notitle, \
     slope(roof_26, x) lw 2 lc 'black' notitle, \
     slope(roof_27, x) lw 2 lc 'black' notitle, \
     x < peak / top ? NaN : peak lw 3 lc 'black' notitle, \
     flat(roof_49, x) lw 2 dt 2 lc 'gray40' notitle, \
     flat(roof_50, x) lw 2 dt 2 lc 'gray40' notitle, \
     flat(roof_51, x) lw 2 dt 2 lc 'gray40' notitle, \
     flat(roof_52, x) lw 2 dt 2 lc 'gray40' notitle, \
     flat(roof_53, x) lw 2 dt 2 lc 'gray40' notitle, \
     flat(roof_54, x) lw 2 dt 2 lc 'gray40' notitle, \
     flat(roof_55, x) lw 2 dt 2 lc 'gray40' notitle, \
     flat(roof_56, x) lw 2 dt 2 lc 'gray40' notitle, \
     flat(roof_57, x) lw 2 dt 2 lc 'gray40' notitle, \
     flat(roof_58, x) lw 2 dt 2 lc 'gray40' notitle, \
     flat(roof_59, x) lw 2 dt 2 lc 'gray40' notitle, \
     flat(roof_60, x) lw 2 dt 2 lc 'gray40' notitle, \
     flat(roof_61, x) lw 2 dt 2 lc 'gray40' notitle, \
     pts using 'ai':(strcol('kernel') eq 'gemm_blas' && column('threads') == 1 ? column('gflops') : NaN) with linespoints lt 1 title 'gemm_blas, n = 16 → 1024', \
     pts using 'ai':(strcol('kernel') eq 'gemm_ijk' && column('threads') == 1 ? column('gflops') : NaN) with linespoints lt 2 title 'gemm_ijk, n = 16 → 1024', \
     pts using 'ai':(strcol('kernel') eq 'gemm_ikj' && column('threads') == 1 ? column('gflops') : NaN) with linespoints lt 3 title 'gemm_ikj, n = 16 → 1024', \
     pts using 'ai':(strcol('kernel') eq 'gemm_tiled' && column('threads') == 1 ? column('gflops') : NaN) with linespoints lt 4 title 'gemm_tiled, n = 16 → 1024', \
     pts using 'ai':(strcol('kernel') eq 'horner' && column('threads') == 1 ? column('gflops') : NaN) with linespoints lt 5 title 'horner, D = 1 … 128', \
     pts using 'ai':(strcol('kernel') eq 'horner_simd_avx2' && column('threads') == 1 ? column('gflops') : NaN) with linespoints lt 6 title 'horner_simd_avx2, D = 1 … 128', \
     pts using 'ai':(strcol('kernel') eq 'horner_simd_avx512' && column('threads') == 1 ? column('gflops') : NaN) with linespoints lt 7 title 'horner_simd_avx512, D = 1 … 128', \
     pts using 'ai':(strcol('kernel') eq 'gemm_blas' && column('threads') == 2 ? column('gflops') : NaN) with linespoints lt 1 pt 6 dt 4 notitle, \
     pts using 'ai':(strcol('kernel') eq 'gemm_ijk' && column('threads') == 2 ? column('gflops') : NaN) with linespoints lt 2 pt 8 dt 4 notitle, \
     pts using 'ai':(strcol('kernel') eq 'gemm_ikj' && column('threads') == 2 ? column('gflops') : NaN) with linespoints lt 3 pt 4 dt 4 notitle, \
     pts using 'ai':(strcol('kernel') eq 'gemm_tiled' && column('threads') == 2 ? column('gflops') : NaN) with linespoints lt 4 pt 10 dt 4 notitle, \
     pts using 'ai':(strcol('kernel') eq 'horner' && column('threads') == 2 ? column('gflops') : NaN) with linespoints lt 5 pt 12 dt 4 notitle, \
     pts using 'ai':(strcol('kernel') eq 'horner_simd_avx2' && column('threads') == 2 ? column('gflops') : NaN) with linespoints lt 6 pt 14 dt 4 notitle, \
     pts using 'ai':(strcol('kernel') eq 'horner_simd_avx512' && column('threads') == 2 ? column('gflops') : NaN) with linespoints lt 7 pt 6 dt 4 notitle, \
     pts using 'ai':(strcol('kernel') eq 'daxpy' && column('threads') == 1 ? column('gflops') : NaN) with points lt 8 title 'daxpy', \
     pts using 'ai':(strcol('kernel') eq 'dot' && column('threads') == 1 ? column('gflops') : NaN) with points lt 9 title 'dot', \
     pts using 'ai':(strcol('kernel') eq 'dot_split' && column('threads') == 1 ? column('gflops') : NaN) with points lt 10 title 'dot_split', \
     pts using 'ai':(strcol('kernel') eq 'stencil' && column('threads') == 1 ? column('gflops') : NaN) with points lt 11 title 'stencil', \
     pts using 'ai':(strcol('kernel') eq 'stencil_tiled' && column('threads') == 1 ? column('gflops') : NaN) with points lt 12 title 'stencil_tiled', \
     pts using 'ai':(strcol('kernel') eq 'triad' && column('threads') == 1 ? column('gflops') : NaN) with points lt 13 title 'triad', \
     pts using 'ai':(strcol('kernel') eq 'daxpy' && column('threads') == 2 ? column('gflops') : NaN) with points lt 8 pt 8 notitle, \
     pts using 'ai':(strcol('kernel') eq 'dot' && column('threads') == 2 ? column('gflops') : NaN) with points lt 9 pt 4 notitle, \
     pts using 'ai':(strcol('kernel') eq 'dot_split' && column('threads') == 2 ? column('gflops') : NaN) with points lt 10 pt 10 notitle, \
     pts using 'ai':(strcol('kernel') eq 'stencil' && column('threads') == 2 ? column('gflops') : NaN) with points lt 11 pt 12 notitle, \
     pts using 'ai':(strcol('kernel') eq 'stencil_tiled' && column('threads') == 2 ? column('gflops') : NaN) with points lt 12 pt 14 notitle, \
     pts using 'ai':(strcol('kernel') eq 'triad' && column('threads') == 2 ? column('gflops') : NaN) with points lt 13 pt 6 notitle, \
     NaN with linespoints lc 'gray40' pt 6 dt 4 title 'open, dash-dotted: 2 threads'

