#!/bin/sh
# Plots a trace of sudoku-anneal --trace (or sudoku-vns --trace) to a PNG:
# cost and best cost per chain, and the temperature on a second axis.
#   sh examples/plot-trace.sh run.tsv run.png
set -eu
[ $# -eq 2 ] || { echo "usage: plot-trace.sh TRACE.tsv OUT.png" >&2; exit 2; }
command -v gnuplot > /dev/null || { echo "plot-trace.sh: needs gnuplot (Debian package gnuplot-nox)" >&2; exit 2; }
gnuplot <<GP
set terminal pngcairo size 900,500
set output '$2'
set datafile separator '\t'
set key autotitle columnhead
set xlabel 'chain'
set ylabel 'cost'
set y2label 'temperature'
set y2tics
set ytics nomirror
plot '$1' using 1:4 with lines title 'cost', \
     '' using 1:5 with lines title 'best cost', \
     '' using 1:3 axes x1y2 with lines title 'temperature'
GP
