#!/bin/sh
# Plots a trace of sudoku-anneal --trace (or sudoku-vns --trace) to a PNG
# or, when OUT ends in .svg, an SVG: cost and best cost per chain, and the
# temperature on a second axis.  The legend sits below the plot, never on
# the data.
#   sh plot-trace.sh run.tsv run.png
set -eu
[ $# -eq 2 ] || { echo "usage: plot-trace.sh TRACE.tsv OUT.png|OUT.svg" >&2; exit 2; }
command -v gnuplot > /dev/null || { echo "plot-trace.sh: needs gnuplot (Debian package gnuplot-nox)" >&2; exit 2; }
case $2 in
*.svg) terminal=svg ;;
*) terminal=pngcairo ;;
esac
gnuplot <<GP
set terminal $terminal size 900,520
set output '$2'
set datafile separator '\t'
set key autotitle columnhead
set key outside below center horizontal
set xlabel 'chain'
set ylabel 'cost'
set y2label 'temperature'
set y2tics
set ytics nomirror
plot '$1' using 1:4 with lines title 'cost', \
     '' using 1:5 with lines title 'best cost', \
     '' using 1:3 axes x1y2 with lines title 'temperature'
GP
