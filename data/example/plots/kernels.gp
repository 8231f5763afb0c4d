# kernels.gp - the polynomial kernels against their degree D:
#   AMD EPYC · gcc 12.2.0 -O3 -march=native
# Horner's rule does 2D flops and moves 16 bytes per element, intensity D/8,
# so the roof is min(peak, DRAM * D/8). A loop held by dependent FMAs sits
# near a multiple of the one-chain ceiling instead.
# Written by `roofline plot` from templates/kernels.gp.in: edit freely.
#   gnuplot kernels.gp                   writes kernels.png
#   gnuplot -e "fmt='svg'" kernels.gp    writes kernels.svg ('pdf': kernels.pdf)

run = 'fit'    # the fit's CSV files, beside this file (roofline plot writes them)
if (!exists('fmt')) fmt = 'png'
if (fmt eq 'png') set terminal pngcairo size 1600,1000 noenhanced font 'DejaVu Sans,16'
if (fmt eq 'svg') set terminal svg size 1600,1000 noenhanced font 'DejaVu Sans,16' background 'white'
if (fmt eq 'pdf') set terminal pdfcairo size 1600/72.,1000/72. noenhanced font 'DejaVu Sans,16'
if (!exists('out')) out = 'kernels.'.fmt    # roofline plot sets a temporary name, renamed once checked
set output out
set encoding utf8
set datafile separator comma
set datafile columnheaders

# The roofs as `roofline fit` wrote them to roofs.csv; NaN: not measured.
peak = 180.631    # GFLOP/s
DRAM = 42.5206    # GB/s
roof_49 = 121.062    # GFLOP/s
roof_50 = 15.5251    # GFLOP/s
roof_51 = 14.8694    # GFLOP/s
roof_52 = 63.8162    # GFLOP/s
roof_53 = 31.6229    # GFLOP/s
roof(d) = DRAM * d / 8 > peak ? peak : DRAM * d / 8

xmin = 0.8; xmax = 160
ymin = 2; ymax = 512
set title 'AMD EPYC · gcc 12.2.0 -O3 -march=native' font ',18'
set xlabel 'polynomial degree D (2D flop and 16 bytes per element: intensity D/8 flop/byte)'
set ylabel 'GFLOP/s (median)'
set logscale xy 2
set xrange [xmin:xmax]
set yrange [ymin:ymax]
set xtics ('1' 1, '2' 2, '4' 4, '8' 8, '16' 16, '32' 32, '64' 64, '128' 128)
set format y '%g'
set grid xtics ytics lc 'gray85'
set lmargin at screen 0.08; set rmargin at screen 0.83
set bmargin at screen 0.09; set tmargin at screen 0.93
set key inside bottom right Left reverse box opaque width 1 spacing 1.3
set samples 2000
set linetype 1 lc rgb '#0072b2' lw 2 pt 7 ps 1.8
set linetype 2 lc rgb '#d55e00' lw 2 pt 9 ps 1.8
set linetype 3 lc rgb '#009e73' lw 2 pt 5 ps 1.8
set linetype 4 lc rgb '#cc79a7' lw 2 pt 11 ps 1.8
set linetype cycle 4

# How steep a slope-one line looks on this canvas, for the label along it.
angle = atan((1000 * 0.84 / log(ymax / ymin)) / (1600 * 0.75 / log(xmax / xmin))) * 180 / pi
set label sprintf('DRAM %.3g GB/s × D/8', DRAM) at 24.2748, roof(24.2748) right rotate by angle offset 0,0.6
set label sprintf('peak %.3g', peak) at graph 1.01, first peak left offset 0,0.00
set label sprintf('%s %.3g', 'fma', roof_49) at graph 1.01, first roof_49 left offset 0,0.00
set label sprintf('%s %.3g', 'avx2', roof_52) at graph 1.01, first roof_52 left offset 0,0.00
set label sprintf('%s %.3g', 'sse2', roof_53) at graph 1.01, first roof_53 left offset 0,0.00
set label sprintf('%s %.3g', 'scalar', roof_50) at graph 1.01, first roof_50 left offset 0,0.43
set label sprintf('%s %.3g', 'one-chain', roof_51) at graph 1.01, first roof_51 left offset 0,-0.43

pts = run.'/points.csv'
plot \
     roof(x) with lines lw 3 lc 'black' notitle, \
     roof_49 with lines lw 2 dt 2 lc 'gray40' notitle, \
     roof_50 with lines lw 2 dt 2 lc 'gray40' notitle, \
     roof_51 with lines lw 2 dt 2 lc 'gray40' notitle, \
     roof_52 with lines lw 2 dt 2 lc 'gray40' notitle, \
     roof_53 with lines lw 2 dt 2 lc 'gray40' notitle, \
     pts using 'param':(strcol('kernel') eq 'horner' && column('threads') == 1 ? column('gflops') : NaN) with linespoints lt 1 title 'horner', \
     pts using 'param':(strcol('kernel') eq 'horner_simd_avx2' && column('threads') == 1 ? column('gflops') : NaN) with linespoints lt 2 title 'horner_simd_avx2', \
     pts using 'param':(strcol('kernel') eq 'horner_simd_avx512' && column('threads') == 1 ? column('gflops') : NaN) with linespoints lt 3 title 'horner_simd_avx512'

