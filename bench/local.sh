#!/bin/sh
# The local searches (sudoku-anneal, sudoku-vns): moves per second per size;
# success and time on the hardest 9x9 puzzles, on every 9x9 and 16x16 Lewis
# instance (10 s each), and on 25x25 at p = 040 and 045 (30 s each; first
# $HARD instances).  One process per instance, times as measured by the
# program.  Rewrites its table in bench/RESULTS.md (one per program).
#   sh bench/local.sh sudoku-anneal|sudoku-vns
. "$(dirname "$0")/common.sh"
HARD=${HARD:-10}
PROG=${1:?usage: local.sh sudoku-anneal|sudoku-vns}
[ -d "$DATA/lewis" ] || { echo "bench: no $DATA/lewis" >&2; exit 1; }

symbols=123456789ABCDEFGHIJKLMNOP
# a puzzle with no solution that only propagation could tell: r1cN can
# hold nothing, so plain annealing runs to its move limit
no_solution() {
	n=$1
	row1=$(printf '%s' "$symbols" | cut -c1-$((n - 1))).
	row2=$(printf '%*s' $((n - 1)) '' | tr ' ' .)$(printf '%s' "$symbols" | cut -c$n)
	printf '%s%s%s\n' "$row1" "$row2" "$(printf '%*s' $((n * n - 2 * n)) '' | tr ' ' .)"
}

# run_each FILE LIMIT [SEEDS]: one process per puzzle and seed (default 1);
# prints "solved seconds moves" lines
run_each() {
	grep -v '^#' "$1" | while IFS= read -r line; do
		for seed in ${3:-1}; do
			printf '%s\n' "$line" | bin/$PROG -v -s "$seed" -T "$2" 2>&1 > /dev/null |
				sed -n 's/.*: \(solved\|unsolved\|nosolution\), cost -*[0-9]*, \([0-9]*\) moves, .* \([0-9.]*\) s, [0-9]* moves\/s$/\1 \3 \2/p'
		done
	done
}

# summary LABEL [tsv]: solved count, median and max time of run_each's lines
# on stdin, a row of the instances' table, or with tsv a line for pivot
summary() {
	sort -k2 -g > "$OUT/runs"
	n=$(wc -l < "$OUT/runs")
	ok=$(grep -c '^solved' "$OUT/runs" || true)
	awk -v label="$1" -v n="$n" -v ok="$ok" -v tsv="${2:-}" '{ t[NR] = $2 }
		END { format = tsv ? "%s\t%d of %d\t%.3f\t%.3f\n" : "| %s | %d of %d | %.3f | %.3f |\n"
			printf format, label, ok, n, t[int((NR + 1) / 2)], t[NR] }' \
		"$OUT/runs" >> "$OUT/local.${2:-table}"
}

: > "$OUT/local.table"
: > "$OUT/local.tsv"
rates=
for n in 9 16 25; do
	rate=$(no_solution "$n" | bin/$PROG --plain -v -s 1 -I 200000000 2>&1 > /dev/null |
		sed -n 's/.* \([0-9]*\) moves\/s$/\1/p')
	rates="$rates${rates:+, }${n}x$n $rate"
done

for seed in wikipedia_9x9.txt variant5_16x16.txt; do
	run_each "$DATA/seeds/$seed" 10 | summary "seeds/$seed, 10 s"
done
run_each "$DATA/logic_solvable_9x9.txt" 10 | summary 'logic_solvable_9x9.txt, default, 10 s'
for size in 9x9 16x16; do
	printf -- '-\t%s\t%s solved\tmedian s\tmax s\n' "$size" "$size" >> "$OUT/local.tsv"
	for p in 000 005 010 015 020 025 030 035 040 045 050 055 060 065 070 075 080 085 090 095 100; do
		run_each "$DATA/lewis/inst${size}_p$p.txt" 10 | summary "$(printf '%s\t%s' "$p" "$size")" tsv
	done
done
for p in 040 045; do
	grep -v '^#' "$DATA/lewis/inst25x25_p$p.txt" | head -n "$HARD" > "$OUT/hard.txt"
	run_each "$OUT/hard.txt" 30 "1 2 3" | tee "$OUT/runs$p" |
		summary "lewis 25x25 p$p, first $HARD, seeds 1-3, 30 s"
done
# the default search's moves start at a conflicted cell, unlike the
# sources': their rate over every 25x25 run above
rate=$(cat "$OUT/runs040" "$OUT/runs045" |
	awk '{ s += $2; m += $3 } END { if (s > 0) printf "%.0f", m / s }')
{
	heading "$PROG, one process per instance" "HARD" "$PROG"
	printf ' One thread, one process per instance (default mode, seed 1 unless the row says), times as'
	printf ' measured by the program. Moves per second, `--plain -I 200000000` on a puzzle with no solution'
	printf ' (so every move is made): %s; the default search over the 25x25 runs below: %s moves/s' "$rates" "$rate"
	printf ' (total moves over total time). No peer measured here (the ant colony: the curve below).\n\n'
	printf '| instances | solved | median s | max s |\n|---|---|---|---|\n'
	cat "$OUT/local.table"
	echo
	pivot 'lewis p, 10 s' < "$OUT/local.tsv"
} > "$OUT/local.md"
replace_results "$SCRIPT $PROG" "$OUT/local.md"
