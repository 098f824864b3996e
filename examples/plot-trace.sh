#!/bin/sh
# Plots a trace of sudoku-anneal --trace (cost and best cost per chain, the
# temperature on a second axis) or of sudoku-vns --trace (each local
# minimum's cost and the best cost per shake) to a PNG or, when OUT ends in
# .svg, an SVG.  A trace of several records draws each record's lines
# apart.  The legend sits below the plot, never on the data.  OUT is
# written whole or not at all: a trace with nothing to plot (a search that
# ended before its first chain) is said and leaves no picture.
#   sh plot-trace.sh run.tsv run.png
set -eu
me=plot-trace.sh
[ $# -eq 2 ] || { echo "usage: $me TRACE.tsv OUT.png|OUT.svg" >&2; exit 2; }
command -v gnuplot > /dev/null || { echo "$me: needs gnuplot (Debian package gnuplot-nox)" >&2; exit 2; }
trace=$1 out=$2
[ -r "$trace" ] && [ -f "$trace" ] || { echo "$me: $trace: cannot read it" >&2; exit 2; }
case $out in
*.svg) terminal=svg ;;
*) terminal=pngcairo ;;
esac
header=$(head -n 1 "$trace")
tab=$(printf '\t')
case $header in
"record${tab}chain${tab}moves${tab}temperature${tab}cost${tab}best${tab}acceptance")
	x=chain
	plots="data using 'chain':'cost' with lines title 'cost', \\
     data using 'chain':'best' with lines title 'best cost', \\
     data using 'chain':'temperature' axes x1y2 with lines title 'temperature'"
	second="set y2label 'temperature'
set y2tics
set ytics nomirror" ;;
"record${tab}shake${tab}moves${tab}minimum${tab}best")
	x=shake
	plots="data using 'shake':'minimum' with lines title 'local minimum', \\
     data using 'shake':'best' with lines title 'best cost'"
	second= ;;
*)
	echo "$me: $trace: not a trace of sudoku-anneal or sudoku-vns (its first line is not their header)" >&2
	exit 2 ;;
esac
if [ "$(wc -l < "$trace")" -lt 2 ]; then
	echo "$me: $trace: no ${x}s to plot: the search ended before its first (propagation solves many" \
		"puzzles alone; --plain searches from the fill)" >&2
	exit 1
fi

# gnuplot's quoting: a ' in a single-quoted string is written ''
quote() { printf "'%s'" "$(printf '%s' "$1" | sed "s/'/''/g")"; }
data=$(mktemp "${TMPDIR:-/tmp}/plot-trace.XXXXXX") || exit 2
picture=$(mktemp "$(dirname "$out")/.plot-trace.XXXXXX") || { rm -f "$data"; exit 2; }
trap 'rm -f "$data" "$picture"' EXIT
trap 'exit 2' HUP INT TERM
# a blank line where the record changes: gnuplot starts a new line there
awk -F '\t' 'NR > 2 && $1 != last { print "" } { print; last = $1 }' "$trace" > "$data"
gnuplot <<GP || { echo "$me: gnuplot failed: $out not written" >&2; exit 2; }
set terminal $terminal size 900,520
set output $(quote "$picture")
data = $(quote "$data")
set datafile separator '\t'
set key outside below center horizontal
set xlabel '$x'
set ylabel 'cost'
$second
plot $plots
GP
[ -s "$picture" ] || { echo "$me: gnuplot wrote nothing: $out not written" >&2; exit 2; }
# the mode a new file gets here (mktemp's is 0600)
chmod "$(printf '%o' $((0666 & ~$(umask))))" "$picture"
mv -f "$picture" "$out"
