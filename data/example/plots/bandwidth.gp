# bandwidth.gp - triad bandwidth against working set, one point per array size:
#   AMD EPYC · gcc 12.2.0 -O3 -march=native
# The plateaus are the bandwidth roofs `roofline fit` found (roofs.csv); the
# dashed lines are the cache sizes the system reports (env.csv).
# Written by `roofline plot` from templates/bandwidth.gp.in: edit freely.
#   gnuplot bandwidth.gp                   writes bandwidth.png
#   gnuplot -e "fmt='svg'" bandwidth.gp    writes bandwidth.svg ('pdf': bandwidth.pdf)

run = 'fit'    # the fit's CSV files, beside this file (roofline plot writes them)
if (!exists('fmt')) fmt = 'png'
if (fmt eq 'png') set terminal pngcairo size 1600,1000 noenhanced font 'DejaVu Sans,16'
if (fmt eq 'svg') set terminal svg size 1600,1000 noenhanced font 'DejaVu Sans,16' background 'white'
if (fmt eq 'pdf') set terminal pdfcairo size 1600/72.,1000/72. noenhanced font 'DejaVu Sans,16'
if (!exists('out')) out = 'bandwidth.'.fmt    # roofline plot sets a temporary name, renamed once checked
set output out
set encoding utf8
set datafile separator comma
set datafile columnheaders

# Cache sizes in bytes. The working set is all three arrays, so a level's
# plateau ends where a, b and c together stop fitting in it.
l1d = 49152    # env.csv l1d_bytes
l2 = 1.04858e+06    # env.csv l2_bytes
l3 = 5.32677e+08    # env.csv l3_bytes

set title 'AMD EPYC · gcc 12.2.0 -O3 -march=native' font ',18'
set xlabel 'working set: arrays a, b, c of doubles (a = b + s·c, 24 bytes per element)'
set ylabel 'GB/s (1 GB = 10⁹ bytes)'
set logscale x 2
set xrange [8192:1.07374e+09]
set yrange [0:800]
set xtics ('16 KiB' 16384, '64 KiB' 65536, '256 KiB' 262144, '1 MiB' 1.04858e+06, '4 MiB' 4.1943e+06, '16 MiB' 1.67772e+07, '64 MiB' 6.71089e+07, '256 MiB' 2.68435e+08, '1 GiB' 1.07374e+09)
set grid xtics ytics lc 'gray85'
set lmargin at screen 0.08; set rmargin at screen 0.97
set bmargin at screen 0.09; set tmargin at screen 0.89
set key at graph 0.99, graph 0.80 right top Left reverse box opaque width 1 spacing 1.3
set linetype 1 lc rgb '#0072b2' lw 1.5 pt 7 ps 1.3
set linetype 2 lc rgb '#d55e00' lw 2 pt 2 ps 1.6

set arrow from l1d, graph 0 to l1d, graph 1 nohead dt 2 lc 'gray30'
set label 'L1d 48 KiB' at l1d, graph 1 center offset 0,0.7 tc 'gray30'
set arrow from l2, graph 0 to l2, graph 1 nohead dt 2 lc 'gray30'
set label 'L2 1 MiB' at l2, graph 1 center offset 0,0.7 tc 'gray30'
set arrow from l3, graph 0 to l3, graph 1 nohead dt 2 lc 'gray30'
set label 'L3 508 MiB' at l3, graph 1 center offset 0,0.7 tc 'gray30'
set label 'L1 620.0 GB/s' at 17280, 620.015 left offset 0,1.2
set label 'L2 198.9 GB/s; roof 266.0, in place' at 233795, 265.963 center offset 0,1.2
set arrow from 69504, 265.963 to 786432, 265.963 nohead dt 2 lw 2 lc 'gray40'
set label 'L3 101.2 GB/s; roof 162.0, in place' at 6.29136e+06, 162.009 center offset 0,1.2
set arrow from 2.22432e+06, 162.009 to 1.77948e+07, 162.009 nohead dt 2 lw 2 lc 'gray40'
set label 'DRAM 42.5 GB/s' at 4.02653e+08, 42.5206 right offset 0,1.2
plateau(n) = (n eq 'L1.2r1w') || (n eq 'L2.2r1w') || (n eq 'L3.2r1w') || (n eq 'DRAM.2r1w')

sw = run.'/sweep.csv'
rf = run.'/roofs.csv'
# `plateau(name)` (set above) picks the rows of roofs.csv that are the sweep's own
# single-thread plateaus.
plot \
     sw using 'working_set_bytes':'median_gbs':'spread_lo_gbs':'spread_hi_gbs' with yerrorbars lt 1 title 'median, bars: per-pass spread', \
     sw using 'working_set_bytes':'best_gbs' with points lt 2 title 'best', \
     rf using 'size_lo':(plateau(strcol('name')) ? column('value') : NaN):(column('size_hi') - column('size_lo')):(0) with vectors nohead lw 4 lc 'black' title 'plateau of the sweep (roofs.csv)', \
     NaN with lines dt 2 lw 2 lc 'gray40' title 'roof set by other stores'

