#!/bin/sh
# Beyond the published instances: 36x36 boards made the way Lewis made his,
# a random complete grid (sudoku-bt on an empty board under a seed) with a
# random P percent of its cells kept; COUNT of them (100) per P in PS
# ("40 45"), each solved by sudoku-vns and sudoku-anneal under SEEDS
# ("1 2 3") with a limit of LIMIT seconds (30).  Rewrites its table in
# bench/RESULTS.md.
#   COUNT=20 SEEDS=1 sh bench/big.sh
. "$(dirname "$0")/common.sh"
COUNT=${COUNT:-100}
SEEDS=${SEEDS:-1 2 3}
LIMIT=${LIMIT:-30}
PS=${PS:-40 45}
TOOLS=${TOOLS:-sudoku-vns sudoku-anneal}

awk 'BEGIN { print "6x6"; for (r = 0; r < 36; r++) { for (c = 0; c < 36; c++) printf "%s0", c ? " " : ""; print "" } }' \
	> "$OUT/empty36.grid"
: > "$OUT/big.table"
for p in $PS; do
	for i in $(seq "$COUNT"); do
		bin/sudoku-bt -s "$i" -t grid "$OUT/empty36.grid" |
			awk -v seed="$i" -v p="$p" 'BEGIN { srand(seed) } NR == 1 { print; next }
				NF { for (i = 1; i <= NF; i++) if (rand() * 100 >= p) $i = 0; print }'
		echo
	done > "$OUT/big$p.grid"
	for tool in $TOOLS; do
		for seed in $SEEDS; do
			bin/$tool -v -s "$seed" -T "$LIMIT" -t json "$OUT/big$p.grid" 2> /dev/null |
				sed -n 's/.*"status":"\([a-z]*\)".*"seconds":\([0-9.e-]*\).*/\1 \2/p'
		done | sort -k2 -g | awk -v tool="$tool" -v p="$p" -v limit="$LIMIT" '
			{ t[NR] = $1 == "solved" ? $2 : limit + 1; ok += $1 == "solved" }
			END { m = t[int((NR + 1) / 2)]
				printf "| %s | 36x36 | %03d | %d | %d | %s |\n", tool, p, ok, NR, (m > limit ? "-" : sprintf("%.3f", m)) }' \
			>> "$OUT/big.table"
	done
done
{
	heading "36x36 boards made as Lewis made his" "COUNT SEEDS LIMIT PS TOOLS"
	printf ' One thread. Instance i is the grid sudoku-bt -s i finds on an empty 36x36 board with 6x6 boxes,'
	printf ' a random p percent of its cells kept (awk srand(i)); median over all runs, - when fewer than half'
	printf ' solved. No peer measured.\n\n'
	printf '| tool | size | p | solved | runs | median s |\n|---|---|---|---|---|---|\n'
	cat "$OUT/big.table"
} > "$OUT/big.md"
replace_results "$SCRIPT" "$OUT/big.md"
