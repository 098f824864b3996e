#!/bin/sh
# sudoku-bt's orders and propagations side by side, as the backtracking
# report (shared/sources/003) sets them against each other: per order and
# propagation, over the first $COUNT puzzles of each public set, how many
# are solved within $LIMIT nodes each, the median of the nodes tried (one
# at the limit counts as the limit) and the CPU time of the whole run.
# Rewrites its table in bench/RESULTS.md.
. "$(dirname "$0")/common.sh"
COUNT=${COUNT:-100}
LIMIT=${LIMIT:-1000000}
SETS=${SETS:-"lewis/inst9x9_p040.txt lewis/inst9x9_p060.txt 17_clue.txt magictour_top1465.txt"}
for set in $SETS; do
	[ -f "$DATA/$set" ] || { echo "bench: no $DATA/$set" >&2; exit 1; }
done

: > "$OUT/schemes.tsv"
for set in $SETS; do
	name=$(basename "$set" .txt)
	grep -v '^#' "$DATA/$set" | head -n "$COUNT" > "$OUT/schemes.in"
	count=$(wc -l < "$OUT/schemes.in")
	printf -- '-\t%s\t%s solved (of %s)\tmedian nodes\tCPU s\n' "$name" "$name" "$count" >> "$OUT/schemes.tsv"
	for order in static degree mrv degree-mrv; do
		for prop in none fc singles; do
			/usr/bin/time -f '%U %S' -o "$OUT/time" bin/sudoku-bt -q -t json -T 0 -I "$LIMIT" \
				--order "$order" --propagate "$prop" "$OUT/schemes.in" > "$OUT/schemes.json" || true
			# every answer checked once more: a solved record is a solution
			bin/sudoku-cost --check "$OUT/schemes.json" | grep -v '^incomplete' | grep -qv '^valid 0$' &&
				{ echo "bench: $order/$prop: a wrong solution on $set" >&2; exit 1; }
			sed -n 's/.*"status":"\([a-z]*\)","stats":{"nodes":\([0-9]*\),.*/\1 \2/p' "$OUT/schemes.json" |
				sort -k2 -n > "$OUT/schemes.runs"
			[ "$(wc -l < "$OUT/schemes.runs")" -eq "$count" ] ||
				{ echo "bench: $order/$prop: not $count records on $set" >&2; exit 1; }
			awk -v row="$order $prop" -v name="$name" -v limit="$LIMIT" -v cpu="$(tail -n 1 "$OUT/time" | awk '{ print $1 + $2 }')" '
				$1 == "solved" { ok++ } { nodes[NR] = $2 }
				END { m = nodes[int((NR + 1) / 2)]
				      printf "%s\t%s\t%d\t%s\t%.2f\n", row, name, ok, (m >= limit ? ">= " m : m), cpu }' \
				"$OUT/schemes.runs" >> "$OUT/schemes.tsv"
		done
	done
done

{
	heading "sudoku-bt: orders and propagations, as the backtracking report compares them" "COUNT LIMIT SETS"
	printf ' One process per order and propagation over the first %s puzzles of each set, first solution,' "$COUNT"
	printf ' values ascending, at most %s nodes a puzzle (`-I %s -T 0`); solved: within that; median nodes:' "$LIMIT" "$LIMIT"
	printf ' digits tried, over every puzzle, one stopped at the limit counting as the limit; CPU s: user +'
	printf ' system of the whole run, one run (the machine was shared with other work, so times are rough; the'
	printf ' nodes are exact and the same on every machine). none: plain backtracking (a digit is tried'
	printf ' against the filled cells only); fc: forward checking (an assignment that leaves an empty cell no'
	printf ' digit is abandoned at once); singles: fc and naked and hidden singles. The report (degree-mrv with'
	printf ' fc) prints no table of its own: this one measures its definitions. Every solution written was'
	printf ' checked by `sudoku-cost --check`.\n\n'
	pivot 'order, propagation' < "$OUT/schemes.tsv"
} > "$OUT/schemes.md"
replace_results "$SCRIPT" "$OUT/schemes.md"
