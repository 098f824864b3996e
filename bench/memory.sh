#!/bin/sh
# Flat memory: every program over 10,000,000 records, with its maximum
# resident memory beside that of a 100,000-record run.  Records are the
# 17-clue puzzles repeated, fed through a pipe; for the programs that
# search or rate, their solutions with four cells blanked, which take each
# record through the program's whole path cheaply.  sudoku-gen makes 4x4
# puzzles.  N=... sets the count.  Rewrites its table in bench/RESULTS.md.
. "$(dirname "$0")/common.sh"
N=${N:-10000000}
SMALL=$((N / 100))
[ -f "$DATA/17_clue.txt" ] || { echo "bench: no $DATA/17_clue.txt" >&2; exit 1; }
grep -v '^#' "$DATA/17_clue.txt" | head -n 10000 > "$OUT/mem_puzzles.txt"
bin/sudoku-bt "$OUT/mem_puzzles.txt" |
	awk '{ print substr($2, 1, 10) "...." substr($2, 15) }' > "$OUT/mem_near.txt"

# repeat FILE COUNT: the file's lines over and over, COUNT in all
repeat() {
	awk -v n="$2" '{ line[NR] = $0 } END { for (i = 0; i < n; i++) print line[i % NR + 1] }' "$1"
}

# rss COUNT INPUT COMMAND...: kilobytes; the command must write COUNT lines
rss() {
	count=$1 input=$2
	shift 2
	if [ "$input" = - ]; then
		/usr/bin/time -f %M -o "$OUT/rss" "$@" > "$OUT/mem.out" 2> /dev/null || true
	else
		repeat "$input" "$count" | /usr/bin/time -f %M -o "$OUT/rss" "$@" > "$OUT/mem.out" 2> /dev/null || true
	fi
	lines=$(wc -l < "$OUT/mem.out")
	[ "$lines" -eq "$count" ] || { echo "bench: $* wrote $lines lines of $count" >&2; exit 1; }
	tail -n 1 "$OUT/rss"
}

: > "$OUT/memory.table"
run() {
	what=$1 input=$2
	shift 2
	small=$(rss "$SMALL" "$input" "$@")
	start=$(date +%s.%N)
	big=$(rss "$N" "$input" "$@")
	secs=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.0f", b - a }')
	printf '| `%s` | %s | %s KB | %s KB | %s s |\n' "$*" "$what" "$small" "$big" "$secs" >> "$OUT/memory.table"
	echo "bench/memory.sh: $* $small KB / $big KB"
}
run "17-clue puzzles" "$OUT/mem_puzzles.txt" bin/sudoku-print -t json
run "17-clue puzzles" "$OUT/mem_puzzles.txt" bin/sudoku-cost
run "17-clue puzzles" "$OUT/mem_puzzles.txt" bin/sudoku-fill -s 1
run "17-clue puzzles" "$OUT/mem_puzzles.txt" bin/sudoku-bt -u
run "near-solved boards" "$OUT/mem_near.txt" bin/sudoku-rate
run "near-solved boards" "$OUT/mem_near.txt" bin/sudoku-anneal -s 1
run "near-solved boards" "$OUT/mem_near.txt" bin/sudoku-vns -s 1
# sudoku-gen reads nothing: -n sets the count
small=$(rss "$SMALL" - bin/sudoku-gen -b 2x2 -s 1 -n "$SMALL")
start=$(date +%s.%N)
big=$(rss "$N" - bin/sudoku-gen -b 2x2 -s 1 -n "$N")
secs=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.0f", b - a }')
printf '| `bin/sudoku-gen -b 2x2 -s 1 -n COUNT` | 4x4 puzzles made | %s KB | %s KB | %s s |\n' "$small" "$big" "$secs" >> "$OUT/memory.table"
echo "bench/memory.sh: sudoku-gen $small KB / $big KB"
{
	heading "Memory over long streams" "N"
	printf ' Maximum resident memory of each program over %s records and over %s, input through a pipe.' "$N" "$SMALL"
	printf ' No peer; the target of the foundation issue: maximum resident memory under 16 MB.\n\n'
	printf '| program | records | max RSS, %s records | max RSS, %s records | time for %s |\n|---|---|---|---|---|\n' \
		"$SMALL" "$N" "$N"
	cat "$OUT/memory.table"
} > "$OUT/memory.md"
replace_results "$SCRIPT" "$OUT/memory.md"
