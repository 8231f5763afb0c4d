# chains.gp - FMA throughput against the number of independent chains K:
#   AMD EPYC · gcc 12.2.0 -O3 -march=native
# Little's law: one dependent chain completes one FMA per latency, so K
# chains run K times as fast (dashed) until the FMA units are full (plateau).
# Written by `roofline plot` from templates/chains.gp.in: edit freely.
#   gnuplot chains.gp                   writes chains.png
#   gnuplot -e "fmt='svg'" chains.gp    writes chains.svg ('pdf': chains.pdf)

run = 'fit'    # the fit's CSV files, beside this file (roofline plot writes them)
if (!exists('fmt')) fmt = 'png'
if (fmt eq 'png') set terminal pngcairo size 1600,1000 noenhanced font 'DejaVu Sans,16'
if (fmt eq 'svg') set terminal svg size 1600,1000 noenhanced font 'DejaVu Sans,16' background 'white'
if (fmt eq 'pdf') set terminal pdfcairo size 1600/72.,1000/72. noenhanced font 'DejaVu Sans,16'
if (!exists('out')) out = 'chains.'.fmt    # roofline plot sets a temporary name, renamed once checked
set output out
set encoding utf8
set datafile separator comma
set datafile columnheaders

set title 'AMD EPYC · gcc 12.2.0 -O3 -march=native' font ',18'
set xlabel 'independent FMA chains K'
set ylabel 'GFLOP/s (median)'
set logscale xy 2
set xrange [0.8:40]
set yrange [1:256]
set xtics ('1' 1, '2' 2, '4' 4, '8' 8, '16' 16, '32' 32)
set format y '%g'
set grid xtics ytics lc 'gray85'
set lmargin at screen 0.08; set rmargin at screen 0.97
set bmargin at screen 0.09; set tmargin at screen 0.93
set key inside bottom right Left reverse box opaque width 1 spacing 1.3
set linetype 1 lc rgb '#0072b2' lw 2 pt 7 ps 1.6
set linetype 2 lc rgb '#d55e00' lw 2 pt 9 ps 1.6
set linetype 3 lc rgb '#009e73' lw 2 pt 5 ps 1.6
set linetype 4 lc rgb '#cc79a7' lw 2 pt 11 ps 1.6
set linetype 5 lc rgb '#e69f00' lw 2 pt 13 ps 1.6
set linetype 6 lc rgb '#56b4e9' lw 2 pt 15 ps 1.6
set linetype cycle 6

# The model per instruction set: K chains at the one-chain rate, capped by the plateau.
little(one, plateau, k) = k * one < plateau ? k * one : plateau

ch = run.'/chains.csv'
# row(i, rows): a curve's points are these rows of chains.csv (0 the first), not
# matched by name: a name may hold a comma, which gnuplot's strcol reads apart.
row(i, rows) = strstrt(rows, sprintf(' %d ', int(i))) > 0
plot \
     ch using 'chains':(row(column(0), ' 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 ') ? column('median_gflops') : NaN) with linespoints lt 1 title 'avx512: K × 14.9 up to 121 GFLOP/s at K ≥ 8 (latency 4.0 cycles)', \
     little(14.8694, 121.062, x) with lines lt 1 dt 2 lw 1.5 notitle, \
     ch using 'chains':(row(column(0), ' 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 ') ? column('median_gflops') : NaN) with linespoints lt 2 title 'avx2: K × 7.43 up to 60.6 GFLOP/s at K ≥ 8 (latency 4.0 cycles)', \
     little(7.4301, 60.5732, x) with lines lt 2 dt 2 lw 1.5 notitle, \
     ch using 'chains':(row(column(0), ' 96 97 98 99 100 101 102 103 104 105 106 107 108 109 110 111 112 113 114 115 116 117 118 119 120 121 122 123 124 125 126 127 ') ? column('median_gflops') : NaN) with linespoints lt 3 title 'sse2: K × 3.72 up to 30.2 GFLOP/s at K ≥ 8 (latency 4.0 cycles)', \
     little(3.72304, 30.2034, x) with lines lt 3 dt 2 lw 1.5 notitle, \
     ch using 'chains':(row(column(0), ' 64 65 66 67 68 69 70 71 72 73 74 75 76 77 78 79 80 81 82 83 84 85 86 87 88 89 90 91 92 93 94 95 ') ? column('median_gflops') : NaN) with linespoints lt 4 title 'scalar: K × 1.89 up to 15 GFLOP/s at K ≥ 8 (latency 3.9 cycles)', \
     little(1.89102, 15.0108, x) with lines lt 4 dt 2 lw 1.5 notitle

