#!/bin/sh
# The easy-hard-easy curve of the local searches: success rate and median
# time of sudoku-vns and sudoku-anneal (and of the ant-colony solver of
# Lloyd & Amos where ACS names its built binary) on the Lewis instances,
# 9x9, 16x16 and 25x25, p = 000 to 100 in steps of 5: the first COUNT
# instances of each file (100), each under seeds SEEDS ("1 2 3") with a
# limit of LIMIT seconds (30); the ant colony, slower, on the first
# ACS_COUNT (10) under ACS_SEEDS ("1").  Rewrites its table in
# bench/RESULTS.md and draws bench/curve.svg beside it with gnuplot (Debian
# package gnuplot-nox).
#   sh bench/curve.sh                     # the whole curve
#   COUNT=10 SEEDS=1 LIMIT=5 sh bench/curve.sh
#   REDRAW=1 sh bench/curve.sh            # the figure again from bench/out/curve.tsv
. "$(dirname "$0")/common.sh"
COUNT=${COUNT:-100}
SEEDS=${SEEDS:-1 2 3}
LIMIT=${LIMIT:-30}
SIZES=${SIZES:-9x9 16x16 25x25}
TOOLS=${TOOLS:-sudoku-vns sudoku-anneal}
ACS_COUNT=${ACS_COUNT:-10}
ACS_SEEDS=${ACS_SEEDS:-1}
ACS=${ACS:-}
# the figure beside the page that links to it
FIGURE=$(dirname "$RESULTS")/curve.svg
[ -d "$DATA/lewis" ] || { echo "bench: no $DATA/lewis" >&2; exit 1; }
tools=$TOOLS
[ -n "$ACS" ] && [ -x "$ACS" ] && tools="$tools acs"

# runs TOOL FILE SEED: "solved|unsolved seconds" per instance
runs() {
	if [ "$1" = acs ]; then
		acs_runs "$2" "$3"
		return
	fi
	bin/$1 -v -s "$3" -T "$LIMIT" -t json "$2" 2> /dev/null |
		sed -n 's/.*"status":"\([a-z]*\)".*"seconds":\([0-9.e-]*\).*/\1 \2/p'
}

# the ant-colony solver takes one puzzle a run in its own symbols (1-9 on
# 9x9, 0-f on 16x16, a-y on 25x25) and prints 0 (solved) or 1, then the
# seconds; its ants have no seed option, so a seed is a repetition
acs_runs() {
	while IFS= read -r line; do
		puzzle=$(printf '%s\n' "$line" | awk '{
			s = "123456789ABCDEFGHIJKLMNOP"; n = int(sqrt(length($1)) + 0.5); out = ""
			for (i = 1; i <= length($1); i++) {
				c = substr($1, i, 1); v = index(s, toupper(c))
				if (c == "." || c == "0" || !v) out = out "."
				else if (n == 9) out = out c
				else if (n == 16) out = out substr("0123456789abcdef", v, 1)
				else out = out substr("abcdefghijklmnopqrstuvwxy", v, 1)
			}
			print out }')
		"$ACS" --puzzle "$puzzle" --timeout "$LIMIT" < /dev/null | tr '\n' ' ' |
			awk '{ print ($1 == "0" ? "solved" : "unsolved"), $2 }'
	done < "$1"
}

if [ -z "${REDRAW:-}" ]; then
: > "$OUT/curve.tsv"
for tool in $tools; do
	for size in $SIZES; do
		for p in 000 005 010 015 020 025 030 035 040 045 050 055 060 065 070 075 080 085 090 095 100; do
			count=$COUNT seeds=$SEEDS
			[ "$tool" != acs ] || count=$ACS_COUNT seeds=$ACS_SEEDS
			grep -v '^#' "$DATA/lewis/inst${size}_p$p.txt" | head -n "$count" > "$OUT/curve.in"
			for seed in $seeds; do
				runs "$tool" "$OUT/curve.in" "$seed"
			done | sort -k2 -g | awk -v tool="$tool" -v size="$size" -v p="$p" -v limit="$LIMIT" '
				{ t[NR] = $1 == "solved" ? $2 : limit + 1; ok += $1 == "solved" }
				END {
					# a median past the limit means most runs failed
					m = t[int((NR + 1) / 2)]
					printf "%s\t%s\t%d\t%d\t%d\t%s\n", tool, size, p, ok, NR, (m > limit ? "-" : sprintf("%.6f", m))
				}' >> "$OUT/curve.tsv"
		done
	done
done

{
	heading "The easy-hard-easy curve of the local searches" "COUNT SEEDS LIMIT SIZES TOOLS ACS ACS_COUNT ACS_SEEDS"
	printf ' One thread; the first %s Lewis instances of each size and p, each run once per seed with a limit of %s s' "$COUNT" "$LIMIT"
	printf ' (the ant colony of Lloyd & Amos, `acs`, built from huwlloyd-mmu/sudoku_acs beside the project, when ACS names it:'
	printf ' the first %s, seeds "%s"). A cell: runs solved/runs, then the median seconds over all runs as the' "$ACS_COUNT" "$ACS_SEEDS"
	printf ' programs measure them (- when fewer than half solved). The curves: [curve.svg](curve.svg).\n\n'
	awk -F '\t' '{ column = $1 " " $2 } !(column in seen) { seen[column] = 1; printf "-\t%s\t%s\n", column, column }
		{ printf "%03d\t%s\t%d/%d %s\n", $3, column, $4, $5, $6 }' "$OUT/curve.tsv" | pivot p
} > "$OUT/curve.md"
replace_results "$SCRIPT" "$OUT/curve.md"
fi
tools=$(cut -f1 "$OUT/curve.tsv" | uniq)

if command -v gnuplot > /dev/null; then
	plots=
	for tool in $tools; do
		for size in $SIZES; do
			awk -F '\t' -v t="$tool" -v s="$size" '$1 == t && $2 == s { print $3, 100 * $4 / $5, ($6 == "-" ? "NaN" : $6) }' \
				"$OUT/curve.tsv" > "$OUT/curve-$tool-$size.dat"
			plots="$plots '$OUT/curve-$tool-$size.dat' using 1:COLUMN with linespoints title '$tool $size',"
		done
	done
	success=$(printf '%s' "${plots%,}" | sed 's/COLUMN/2/g')
	times=$(printf '%s' "${plots%,}" | sed 's/COLUMN/3/g')
	gnuplot <<GP
set terminal svg size 1000,900 dynamic background rgb 'white'
set output '$FIGURE'
set multiplot layout 2,1
set key outside right
set xlabel 'givens (percent of cells)'
set ylabel 'runs solved (percent)'
set yrange [0:105]
plot $success
set ylabel 'median seconds (log)'
set format y '%g'
set logscale y
set yrange [*:*]
plot $times
unset multiplot
GP
	echo "bench/curve.sh: $FIGURE drawn"
else
	echo "bench/curve.sh: no gnuplot (Debian package gnuplot-nox): no figure" >&2
fi
