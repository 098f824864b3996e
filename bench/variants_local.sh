#!/bin/sh
# The local searches under the variants' rules: how many puzzles of each
# variant sudoku-anneal and sudoku-vns solve (default mode, seed 1) within
# a limit of moves, at 9x9 and 25x25.  The puzzles are made here: COUNT
# solutions per variant, each found by sudoku-anneal on the empty board
# under the rules (seeds 1..COUNT; killer and odd/even take their cages
# and parity marks from a classic solution found the same way), then each
# cell kept as a given with the percentage of the row.  Rewrites its table
# in bench/RESULTS.md.
#   sh bench/variants_local.sh
. "$(dirname "$0")/common.sh"
COUNT=${COUNT:-20}
COUNT25=${COUNT25:-5}
MOVES=${MOVES:-10000000}
MOVES25=${MOVES25:-50000000}
JIGSAW_REGIONS=222225555222245555111144445111334449113333499778333999788888899777768869776666666
W=$OUT/variants_local
mkdir -p "$W"

empty() {
	printf "%0$(($1 * $1))d\n" 0 | tr 0 .
}

# solution N RULES SEED: a board that keeps RULES, from annealing the empty board
solution() {
	printf '# rules %s\n%s\n' "$2" "$(empty "$1")" > "$W/empty"
	bin/sudoku-anneal -q -s "$3" -I 400000000 -t json "$W/empty" | sed -n 's/.*"board":"\([^"]*\)".*"status":"solved".*/\1/p'
}

# killer N SOLUTION SEED: cages along the rows, runs of 2 to 4 cells, with
# the solution's sums
killer() {
	awk -v n="$1" -v s="$2" -v seed="$3" 'BEGIN { srand(seed); out = ""
		for (r = 1; r <= n; r++) for (c = 1; c <= n; ) {
			k = 2 + int(rand() * 3); if (c + k - 1 > n) k = n - c + 1
			cells = ""; sum = 0
			for (j = 0; j < k; j++) { cells = cells (j ? "," : "") "\"r" r "c" (c + j) "\""
				sum += index("123456789ABCDEFGHIJKLMNOP", substr(s, (r - 1) * n + c + j, 1)) }
			out = out (out ? "," : "") "{\"cells\":[" cells "],\"sum\":" sum "}"; c += k }
		printf "{\"cages\":[%s]}", out }'
}

# parity N SOLUTION SEED: half the cells marked with their digit's parity
parity() {
	awk -v n="$1" -v s="$2" -v seed="$3" 'BEGIN { srand(seed); p = ""
		for (i = 1; i <= n * n; i++) {
			odd = index("123456789ABCDEFGHIJKLMNOP", substr(s, i, 1)) % 2
			p = p (rand() < 0.5 ? "." : odd ? "o" : "e") }
		printf "{\"parity\":\"%s\"}", p }'
}

# puzzle SOLUTION PERCENT SEED: each cell a given with that chance
puzzle() {
	awk -v s="$1" -v pc="$2" -v seed="$3" 'BEGIN { srand(seed); p = ""
		for (i = 1; i <= length(s); i++) p = p (rand() * 100 < pc ? substr(s, i, 1) : "."); print p }'
}

# make NAME N RULES COUNT PERCENT...: the puzzles of a variant, one file a percentage
make_variant() {
	name=$1 n=$2 rules=$3 count=$4
	shift 4
	for pc in "$@"; do : > "$W/$name.$pc"; done
	seed=1
	while [ "$seed" -le "$count" ]; do
		case $name in
		killer* | odd-even*) sol=$(solution "$n" '{}' "$seed") ;;
		*) sol=$(solution "$n" "$rules" "$seed") ;;
		esac
		[ -n "$sol" ] || { echo "bench: no $name solution for seed $seed" >&2; exit 1; }
		case $name in
		killer*) r=$(killer "$n" "$sol" "$seed") ;;
		odd-even*) r=$(parity "$n" "$sol" "$seed") ;;
		*) r=$rules ;;
		esac
		for pc in "$@"; do
			printf '# rules %s\n%s\n' "$r" "$(puzzle "$sol" "$pc" "$seed")" >> "$W/$name.$pc"
		done
		seed=$((seed + 1))
	done
}

# measure PROG FILE MOVES: "solved/records (median seconds)" over the file's records
measure() {
	bin/$1 -s 1 -q -v -I "$3" -t json "$2" 2> /dev/null |
		sed -n 's/.*"status":"\([a-z]*\)".*"seconds":\([0-9.e-]*\).*/\1 \2/p' | sort -k2 -g |
		awk '{ t[NR] = $2; ok += $1 == "solved" } END { printf "%d/%d (%.3f s)", ok, NR, t[int((NR + 1) / 2)] }'
}

# a line for pivot per variant and percentage: a row per variant
: > "$OUT/variants_local.tsv"
for column in '9 0' '9 20' '9 40' '25 40' '25 45'; do
	size=${column% *} pc=${column#* }
	printf -- '-\t%s\t%sx%s %s%%: anneal\tvns\n' "$column" "$size" "$size" "$pc" >> "$OUT/variants_local.tsv"
done
row() {
	name=$1 n=$2 moves=$3
	for pc in $4; do
		a=$(measure sudoku-anneal "$W/$name.$pc" "$moves")
		v=$(measure sudoku-vns "$W/$name.$pc" "$moves")
		printf '%s\t%s %s\t%s\t%s\n' "${name%25}" "$n" "$pc" "$a" "$v" >> "$OUT/variants_local.tsv"
	done
}

for v in 'x {"diagonals":"both"}' 'windoku {"extra":"windoku"}' 'anti-knight {"anti-knight":true}' \
	'anti-king {"anti-king":true}' 'non-consecutive {"non-consecutive":true}' \
	"jigsaw {\"regions\":\"$JIGSAW_REGIONS\"}" 'killer' 'odd-even'; do
	name=${v%% *} rules=${v#* }
	case $name in killer | odd-even) pcs='0 20 40' ;; *) pcs='20 40' ;; esac
	make_variant "$name" 9 "$rules" "$COUNT" $pcs
	row "$name" 9 "$MOVES" "$pcs"
done
for v in 'x {"diagonals":"both"}' 'anti-knight {"anti-knight":true}' 'anti-king {"anti-king":true}' \
	'non-consecutive {"non-consecutive":true}' 'killer' 'odd-even'; do
	name=${v%% *}25 rules=${v#* }
	make_variant "$name" 25 "$rules" "$COUNT25" 40 45
	row "$name" 25 "$MOVES25" '40 45'
done
{
	heading "Variants: local search success rates" "COUNT COUNT25 MOVES MOVES25"
	printf ' One thread, one process per program and file (default mode, `-s 1`); the puzzles are made'
	printf ' by the script: per variant COUNT (9x9) or COUNT25 (25x25) solutions, each annealed from the'
	printf ' empty board under the rules (seeds 1, 2, ...; killer cages, runs of 2 to 4 cells along the'
	printf ' rows, and odd/even marks on half the cells, from a classic solution found the same way),'
	printf ' each cell then kept as a given with the chance of the row. Not unique puzzles: any board'
	printf ' keeping every rule counts, as sd_ruleset_solved judges it. Limit MOVES (9x9) or MOVES25'
	printf ' (25x25) moves per puzzle. Each cell: puzzles solved of those made (median seconds per'
	printf ' puzzle, as measured by the program).\n\n'
	pivot variant < "$OUT/variants_local.tsv"
} > "$OUT/variants_local.md"
replace_results "$SCRIPT" "$OUT/variants_local.md"
