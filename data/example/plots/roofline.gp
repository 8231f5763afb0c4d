# roofline.gp - the roofline of one run, drawn from its CSV files:
#   AMD EPYC · gcc 12.2.0 -O3 -march=native
# Bandwidth roofs rise with slope one up to the peak; dashed ceilings lie
# under it; each kernel of points.csv sits at its intensity and median rate.
# Written by `roofline plot` from templates/roofline.gp.in: edit freely.
#   gnuplot roofline.gp                   writes roofline-gnuplot.png (roofline.png is the cairo figure)
#   gnuplot -e "fmt='svg'" roofline.gp    writes roofline-gnuplot.svg ('pdf' likewise)

run = '../run'    # the run directory, seen from this file's directory
if (!exists('fmt')) fmt = 'png'
if (fmt eq 'png') set terminal pngcairo size 1600,1000 noenhanced font 'DejaVu Sans,16'
if (fmt eq 'svg') set terminal svg size 1600,1000 noenhanced font 'DejaVu Sans,16' background 'white'
if (fmt eq 'pdf') set terminal pdfcairo size 1600/72.,1000/72. noenhanced font 'DejaVu Sans,16'
set output 'roofline-gnuplot.'.fmt
set encoding utf8
set datafile separator comma
set datafile columnheaders

# The roofs as `roofline fit` wrote them to roofs.csv; NaN: not measured.
peak = 118.418    # GFLOP/s
L1 = 588.107    # GB/s
L2 = 198.275    # GB/s
L3 = 103.471    # GB/s
DRAM = 46.3889    # GB/s
scalar = 14.8164    # GFLOP/s
one_chain = 14.617    # GFLOP/s
avx2 = 59.1118    # GFLOP/s
sse2 = 30.0543    # GFLOP/s
one_chain_scalar = 1.82891    # GFLOP/s
top = 588.107    # the fastest bandwidth roof (GB/s): ceilings start on it

xmin = 0.000976562; xmax = 32     # flop/byte
ymin = 0.02; ymax = 200     # GFLOP/s
bm = 0.260                    # bottom margin: room for the key
set title 'AMD EPYC · gcc 12.2.0 -O3 -march=native' font ',18'
set xlabel 'arithmetic intensity (flop/byte)'
set ylabel 'GFLOP/s (1 GFLOP = 10⁹ flop)'
set logscale xy
set xrange [xmin:xmax]
set yrange [ymin:ymax]
set xtics ('1/1024' 0.000976562, '1/256' 0.00390625, '1/64' 0.015625, '1/16' 0.0625, '1/4' 0.25, '1' 1, '4' 4, '16' 16)
set format y '%g'
set grid xtics ytics mytics lc 'gray85'
set lmargin at screen 0.08; set rmargin at screen 0.83
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
angle = atan((1000 * (0.93 - bm) / log(ymax / ymin)) / (1600 * 0.75 / log(xmax / xmin))) * 180 / pi
set label sprintf('L1 %.3g GB/s', L1) at 0.161084, L1 * 0.161084 right rotate by angle offset 0,0.6
set label sprintf('L2 %.3g GB/s', L2) at 0.477793, L2 * 0.477793 right rotate by angle offset 0,0.6
set label sprintf('L3 %.3g GB/s', L3) at 0.915562, L3 * 0.915562 right rotate by angle offset 0,0.6
set label sprintf('DRAM %.3g GB/s', DRAM) at 2.04218, DRAM * 2.04218 right rotate by angle offset 0,0.6
set label sprintf('peak %.3g', peak) at graph 1.01, first peak left offset 0,0.00
set label sprintf('avx2 %.3g', avx2) at graph 1.01, first avx2 left offset 0,0.00
set label sprintf('sse2 %.3g', sse2) at graph 1.01, first sse2 left offset 0,0.00
set label sprintf('scalar %.3g', scalar) at graph 1.01, first scalar left offset 0,0.55
set label sprintf('one-chain %.3g', one_chain) at graph 1.01, first one_chain left offset 0,-0.55
set label sprintf('one-chain-scalar %.3g', one_chain_scalar) at graph 1.01, first one_chain_scalar left offset 0,0.00
set arrow from peak / DRAM, ymin to peak / DRAM, peak nohead dt 3 lc 'gray40'
set label sprintf('ridge %.2f flop/byte', peak / DRAM) at peak / DRAM, ymin left rotate by 90 offset -0.6,0.5 tc 'gray30'

pts = run.'/points.csv'
plot \
     slope(L1, x) lw 2 lc 'black' notitle, \
     slope(L2, x) lw 2 lc 'black' notitle, \
     slope(L3, x) lw 2 lc 'black' notitle, \
     slope(DRAM, x) lw 3 lc 'black' notitle, \
     x < peak / top ? NaN : peak lw 3 lc 'black' notitle, \
     flat(scalar, x) lw 2 dt 2 lc 'gray40' notitle, \
     flat(one_chain, x) lw 2 dt 2 lc 'gray40' notitle, \
     flat(avx2, x) lw 2 dt 2 lc 'gray40' notitle, \
     flat(sse2, x) lw 2 dt 2 lc 'gray40' notitle, \
     flat(one_chain_scalar, x) lw 2 dt 2 lc 'gray40' notitle, \
     pts using 'ai':(strcol('kernel') eq 'horner' ? column('gflops') : NaN) with linespoints lt 1 title 'horner, D = 1 … 128', \
     pts using 'ai':(strcol('kernel') eq 'horner_simd_avx2' ? column('gflops') : NaN) with linespoints lt 2 title 'horner_simd_avx2, D = 1 … 128', \
     pts using 'ai':(strcol('kernel') eq 'horner_simd_avx512' ? column('gflops') : NaN) with linespoints lt 3 title 'horner_simd_avx512, D = 1 … 128', \
     pts using 'ai':(strcol('kernel') eq 'dot' ? column('gflops') : NaN) with points lt 4 title 'dot', \
     pts using 'ai':(strcol('kernel') eq 'dot_split' ? column('gflops') : NaN) with points lt 5 title 'dot_split', \
     pts using 'ai':(strcol('kernel') eq 'triad' ? column('gflops') : NaN) with points lt 6 title 'triad'

