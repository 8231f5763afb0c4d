# roofline.gp - the roofline of one run, drawn from its CSV files:
#   AMD EPYC · gcc 12.2.0 -O3 -march=native
# The same figure as roofline.png: one thread count (1 thread), its roofs,
# the ceilings that cap a drawn point, and each kernel of points.csv at its
# intensity and median rate. Where each line starts and ends, every label's
# place and every colour were laid out by `roofline plot` (the figure's
# scene) and are written below as numbers; the points are read from
# points.csv. Written from templates/roofline.gp.in: edit freely.
#   gnuplot roofline.gp                   writes roofline-gnuplot.png (roofline.png is the cairo figure)
#   gnuplot -e "fmt='svg'" roofline.gp    writes roofline-gnuplot.svg ('pdf' likewise)

run = 'fit'    # the fit's CSV files (roofline plot writes them)
if (!exists('fmt')) fmt = 'png'
# Font sizes below are the scene's, in pixels; fontscale 0.75 brings the
# cairo terminals' text to roofline.png's size (held side by side at 1600 px).
if (fmt eq 'png') set terminal pngcairo size 1600,1000 noenhanced font 'DejaVu Sans,16' fontscale 0.75
if (fmt eq 'svg') set terminal svg size 1600,1000 noenhanced font 'DejaVu Sans,16' fontscale 0.75 background 'white'
if (fmt eq 'pdf') set terminal pdfcairo size 1600/72.,1000/72. noenhanced font 'DejaVu Sans,16' fontscale 0.75
if (!exists('out')) out = 'roofline-gnuplot.'.fmt    # roofline plot sets a temporary name, renamed once checked
set output out
set encoding utf8
set datafile separator comma
set datafile columnheaders

# The frame: the plot area (screen fractions) and its ranges.
set lmargin at screen 0.0894; set rmargin at screen 0.9700
set bmargin at screen 0.1060; set tmargin at screen 0.8720
set logscale xy
set xrange [0.01:300]    # flop/byte
set yrange [0.01:1000]    # GFLOP/s
set xtics ('0.01' 0.01, '' 0.02 1, '' 0.03 1, '' 0.04 1, '' 0.05 1, '' 0.06 1, '' 0.07 1, '' 0.08 1, '' 0.09 1, '0.1' 0.1, '' 0.2 1, '' 0.3 1, '' 0.4 1, '' 0.5 1, '' 0.6 1, '' 0.7 1, '' 0.8 1, '' 0.9 1, '1' 1, '' 2 1, '' 3 1, '' 4 1, '' 5 1, '' 6 1, '' 7 1, '' 8 1, '' 9 1, '10' 10, '' 20 1, '' 30 1, '' 40 1, '' 50 1, '' 60 1, '' 70 1, '' 80 1, '' 90 1, '100' 100, '' 200 1, '' 300 1) out nomirror font ',23'
set ytics ('0.01' 0.01, '' 0.02 1, '' 0.03 1, '' 0.04 1, '' 0.05 1, '' 0.06 1, '' 0.07 1, '' 0.08 1, '' 0.09 1, '0.1' 0.1, '' 0.2 1, '' 0.3 1, '' 0.4 1, '' 0.5 1, '' 0.6 1, '' 0.7 1, '' 0.8 1, '' 0.9 1, '1' 1, '' 2 1, '' 3 1, '' 4 1, '' 5 1, '' 6 1, '' 7 1, '' 8 1, '' 9 1, '10' 10, '' 20 1, '' 30 1, '' 40 1, '' 50 1, '' 60 1, '' 70 1, '' 80 1, '' 90 1, '100' 100, '' 200 1, '' 300 1, '' 400 1, '' 500 1, '' 600 1, '' 700 1, '' 800 1, '' 900 1, '1000' 1000) out nomirror font ',23'
set grid xtics ytics mxtics mytics lt 1 lc rgb '#dadde1' lw 1, lt 1 lc rgb '#eef0f2' lw 1
set border lc rgb '#4d4d4d'
set xlabel 'Arithmetic intensity (flop/byte)' font ',26'
set ylabel 'Performance (GFLOP/s)' font ',26'
set label 1 'Roofline of AMD EPYC' at screen 0.0138, screen 0.9602 left font 'DejaVu Sans Bold,34'
set label 2 'gcc 12.2.0, kernels -O3 -march=native  ·  1 thread  ·  2026-12-01T08:02:12Z' at screen 0.0138, screen 0.9179 left font ',22' tc rgb '#5c5c5c'
set key at screen 0.3156, screen 0.5160 left top Left reverse samplen 2.5 spacing 1.3 font ',21.0' box lc rgb '#dadde1' opaque maxrows 7
# The roofs and ceilings: where each is drawn, its look, its label.
set arrow from 0.01, 0.425206 to 4.24809, 180.631 nohead lw 3.40 dt 1 lc rgb '#1b1b1b' back    # roof
set label 'DRAM 42.5 GB/s' at 0.0112932, 0.639735 left rotate by 25.96 font ',22.0' tc rgb '#181818' front    # roof label
set arrow from 0.291333, 180.631 to 300, 180.631 nohead lw 3.40 dt 1 lc rgb '#1b1b1b' back    # roof
set label 'peak 180.6 GFLOP/s' at 51.4328, 242.861 left rotate by -0.00 font ',22.0' tc rgb '#181818' front    # roof label
set arrow from 0.01, 6.20015 to 0.291333, 180.631 nohead lw 2.20 dt 1 lc rgb '#4f5359' back    # roof
set label 'L1 620.0 GB/s' at 0.0113149, 9.25299 left rotate by 25.96 font ',22.0' tc rgb '#474b50' front    # roof label
set arrow from 0.01, 2.65963 to 0.679158, 180.631 nohead lw 2.20 dt 1 lc rgb '#4f5359' back    # roof
set label 'L2 266.0 GB/s' at 0.0113149, 3.96919 left rotate by 25.96 font ',22.0' tc rgb '#474b50' front    # roof label
set arrow from 0.01, 1.62009 to 1.11494, 180.631 nohead lw 2.20 dt 1 lc rgb '#4f5359' back    # roof
set label 'L3 162.0 GB/s' at 0.0115684, 1.45833 left rotate by 25.96 font ',22.0' tc rgb '#474b50' front    # roof label
set arrow from 2.84715, 121.062 to 300, 121.062 nohead lw 2.20 dt 2 lc rgb '#4f5359' back    # roof
set label 'fma 121.1 GFLOP/s' at 55.7696, 96.0552 left rotate by -0.00 font ',22.0' tc rgb '#474b50' front    # roof label
set arrow from 0.36512, 15.5251 to 300, 15.5251 nohead lw 2.20 dt 2 lc rgb '#4f5359' back    # roof
set label 'scalar 15.5 GFLOP/s' at 10.9879, 12.3182 left rotate by -0.00 font ',22.0' tc rgb '#474b50' front    # roof label
set arrow from 1.50083, 63.8162 to 300, 63.8162 nohead lw 2.20 dt 2 lc rgb '#4f5359' back    # roof
set label 'avx2 63.8 GFLOP/s' at 76.805, 39.7605 left rotate by -0.00 font ',18.0' tc rgb '#474b50' front    # roof label
set arrow from 0.743709, 31.6229 to 300, 31.6229 nohead lw 2.20 dt 2 lc rgb '#4f5359' back    # roof
set label 'sse2 31.6 GFLOP/s' at 78.2256, 25.8236 left rotate by -0.00 font ',18.0' tc rgb '#474b50' front    # roof label
upts = '../points.csv'    # your code (--points): versions of one name joined by arrows, in file order

# The ridge, the shaded region under the roofline, the point labels and their leaders.
set object 1 polygon from 0.01, 0.01 to 0.01, 0.425206 to 4.24809, 180.631 to 300, 180.631 to 300, 0.01 to 0.01, 0.01 fc rgb '#f1f4f8' fs solid noborder behind    # under the roofline's slope and peak
set arrow from 4.24809, 180.631 to 4.24809, 0.01 nohead lw 1.60 dt 3 lc rgb '#8a8f96' back    # ridge drop
set label '' at 4.24809, 180.631 point pt 6 ps 1.6 lc rgb '#1b1b1b' front    # ridge
set label 'ridge 4.25 flop/byte' at 4.24809, 257.713 center rotate by 0.00 font ',22.0' tc rgb '#1b1b1b' front    # ridge label
set arrow from 59.6682, 58.874 to 22.8038, 328.821 nohead lw 1.20 dt 1 lc rgb '#8a8f96' back    # leader
set arrow from 64, 14.512 to 64, 6.06501 nohead lw 1.20 dt 1 lc rgb '#8a8f96' back    # leader
set arrow from 14.6875, 26.2814 to 7.57136, 14.7864 nohead lw 1.20 dt 1 lc rgb '#8a8f96' back    # leader
set arrow from 15.4042, 66.6247 to 9.77943, 536.571 nohead lw 1.20 dt 1 lc rgb '#8a8f96' back    # leader
set arrow from 16, 132.831 to 16, 531.489 nohead lw 1.20 dt 1 lc rgb '#8a8f96' back    # leader
set arrow from 1.49723, 18.1959 to 1.49723, 201.159 nohead lw 1.20 dt 1 lc rgb '#8a8f96' back    # leader
set label 'gemm_blas n=16…1024' at 8.71147, 402.512 center rotate by 0.00 font ',21.0' tc rgb '#3c7ea3' front    # point label
set label 'gemm_ijk n=16…1024' at 64, 1.75956 center rotate by 0.00 font ',21.0' tc rgb '#3c7ea3' front    # point label
set label 'gemm_ikj n=16…1024' at 64, 7.99942 center rotate by 0.00 font ',21.0' tc rgb '#3c7ea3' front    # point label
set label 'gemm_tiled n=16…1024' at 105.01, 4.95464 center rotate by 0.00 font ',21.0' tc rgb '#3c7ea3' front    # point label
set label 'horner D=1…128' at 3.81736, 12.5094 center rotate by 0.00 font ',21.0' tc rgb '#006f51' front    # point label
set label 'horner_simd_avx2 D=1…128' at 3.14809, 656.82 center rotate by 0.00 font ',21.0' tc rgb '#8f5575' front    # point label
set label 'horner_simd_avx512 D=1…128' at 42.8203, 650.599 center rotate by 0.00 font ',21.0' tc rgb '#8f5575' front    # point label
set label 'stencil untiled→tiled' at 0.765108, 237.774 center rotate by 0.00 font ',21.0' tc rgb '#a8a02e' front    # point label
set label 'daxpy' at 0.0563073, 4.9998 center rotate by 0.00 font ',21.0' tc rgb '#a16f00' front    # point label
set label 'dot' at 0.114645, 2.16067 center rotate by 0.00 font ',21.0' tc rgb '#954200' front    # point label
set label 'dot_split' at 0.0983915, 8.5756 center rotate by 0.00 font ',21.0' tc rgb '#954200' front    # point label
set label 'triad' at 0.0742566, 2.01956 center rotate by 0.00 font ',21.0' tc rgb '#00507d' front    # point label
set arrow from 0.0416667, 0.0198236 to 0.0416667, 0.0688701 head filled size screen 0.012,20 lw 2 lc rgb '#56b4e9'  # user arrow
set label 'transpose_add naive' at 0.121113, 0.0198236 center rotate by 0.00 font ',21.0' tc rgb '#3c7ea3' front    # user label
set label 'transpose_add tiled' at 0.116213, 0.0688701 center rotate by 0.00 font ',21.0' tc rgb '#3c7ea3' front    # user label

pts = run.'/points.csv'
# row(i, rows): the scene's points of one group are these rows of points.csv.
row(i, rows) = strstrt(rows, sprintf(' %d ', int(i))) > 0
plot \
     pts using 'ai':(row(column(0), ' 0 ') ? column('gflops') : NaN) with points lc rgb '#e69f00' pt 11 ps 2.2 title 'daxpy', \
     pts using 'ai':(row(column(0), ' 1 ') ? column('gflops') : NaN) with points lc rgb '#d55e00' pt 5 ps 2.2 title 'dot', \
     pts using 'ai':(row(column(0), ' 2 ') ? column('gflops') : NaN) with points lc rgb '#d55e00' pt 11 ps 2.2 title 'dot_split', \
     pts using 'ai':(row(column(0), ' 3 4 5 6 ') ? column('gflops') : NaN) with linespoints lc rgb '#56b4e9' pt 15 ps 2.2 lw 2.00 dt 1 title 'gemm_blas', \
     pts using 'ai':(row(column(0), ' 7 8 9 10 ') ? column('gflops') : NaN) with linespoints lc rgb '#56b4e9' pt 5 ps 2.2 lw 2.00 dt 1 title 'gemm_ijk', \
     pts using 'ai':(row(column(0), ' 11 12 13 14 ') ? column('gflops') : NaN) with linespoints lc rgb '#56b4e9' pt 11 ps 2.2 lw 2.00 dt 1 title 'gemm_ikj', \
     pts using 'ai':(row(column(0), ' 15 16 17 18 ') ? column('gflops') : NaN) with linespoints lc rgb '#56b4e9' pt 7 ps 2.2 lw 2.00 dt 1 title 'gemm_tiled', \
     pts using 'ai':(row(column(0), ' 19 20 21 22 23 24 25 26 ') ? column('gflops') : NaN) with linespoints lc rgb '#009e73' pt 9 ps 2.2 lw 2.00 dt 1 title 'horner', \
     pts using 'ai':(row(column(0), ' 27 28 29 30 31 32 33 34 ') ? column('gflops') : NaN) with linespoints lc rgb '#cc79a7' pt 13 ps 2.2 lw 2.00 dt 1 title 'horner_simd_avx2', \
     pts using 'ai':(row(column(0), ' 35 36 37 38 39 40 41 42 ') ? column('gflops') : NaN) with linespoints lc rgb '#cc79a7' pt 3 ps 2.2 lw 2.00 dt 1 title 'horner_simd_avx512', \
     pts using 'ai':(row(column(0), ' 43 44 ') ? column('gflops') : NaN) with linespoints lc rgb '#f0e442' pt 3 ps 2.2 lw 2.00 dt 1 title 'stencil', \
     pts using 'ai':(row(column(0), ' 45 ') ? column('gflops') : NaN) with points lc rgb '#0072b2' pt 7 ps 2.2 title 'triad', \
     upts using (column('flops') / column('bytes')):(row(column(0), ' 0 1 ') ? column('flops') / column('seconds') / 1e9 : NaN) with points lc rgb '#56b4e9' pt 3 ps 2.4 notitle, \
     NaN with lines lw 3.00 dt 1 lc rgb '#1b1b1b' title 'roof', \
     NaN with lines lw 2.20 dt 2 lc rgb '#4f5359' title 'ceiling'

