#!/bin/sh
# Pencil-mark (Sukaku) puzzles beside tdoku and SukakuExplainer: a set made
# by tdoku's generator (generate -p1), sudoku-bt's counts beside tdoku's on
# it and on variants (candidates put back or taken away at random, so that
# some have several solutions or none), and sudoku-rate's ER/EP/ED beside
# SukakuExplainer's serate, puzzle by puzzle.  Rewrites its table in
# bench/RESULTS.md.
#   TDOKU   a tdoku tree built with cmake in TDOKU/build (targets generate and
#           tdoku_static; default ../peers/tdoku)
#   SERATE  SukakuExplainer's serate.sh, as shared/tools/build-serate.sh
#           builds it from 1to9only/SukakuExplainer (default
#           ../peers/sukaku-se/serate.sh)
#   COUNT   puzzles to make (default 100); MINIMIZE=1 keeps tdoku's
#           minimal puzzles, far harder to rate (default 0: -m0)
#   SE_SECONDS  what serate may take per puzzle (default 120); a puzzle it
#           does not rate in that time is counted apart, never compared
. "$(dirname "$0")/common.sh"
TDOKU=${TDOKU:-../peers/tdoku}
SERATE=${SERATE:-../peers/sukaku-se/serate.sh}
COUNT=${COUNT:-100}
MINIMIZE=${MINIMIZE:-0}
SE_SECONDS=${SE_SECONDS:-120}
[ -x "$TDOKU/build/generate" ] && [ -f "$TDOKU/build/libtdoku_static.a" ] ||
	{ echo "bench: no tdoku built in $TDOKU/build (generate, tdoku_static)" >&2; exit 1; }
[ -x "$SERATE" ] || { echo "bench: no serate at $SERATE" >&2; exit 1; }
${CC:-cc} -O2 -I"$TDOKU/include" bench/tdoku-driver.c "$TDOKU/build/libtdoku_static.a" \
	-lstdc++ -lm -o "$OUT/tdoku-driver"

# the set: tdoku prints a line per puzzle found (puzzle, clues, guesses, loss)
set_file=$OUT/pencil-set.txt
if [ ! -s "$set_file" ] || [ "$(wc -l < "$set_file")" -ne "$COUNT" ]; then
	"$TDOKU/build/generate" -p1 -s0 -m"$MINIMIZE" -l "$COUNT" | cut -d' ' -f1 > "$set_file"
fi

# counts: the set and two variants of each puzzle (seeded, reproducible)
awk 'BEGIN { srand(7) }
	{ p = $1; print p; q = p
	  for (k = 0; k < 4; k++) { i = int(rand() * 729) + 1; q = substr(q, 1, i - 1) ((i - 1) % 9 + 1) substr(q, i + 1) }
	  print q; r = p
	  for (k = 0; k < 2; k++) { i = int(rand() * 729) + 1; r = substr(r, 1, i - 1) "." substr(r, i + 1) }
	  print r }' "$set_file" > "$OUT/pencil-counts.txt"
bin/sudoku-bt -q -f pencil -c 1000 "$OUT/pencil-counts.txt" | cut -d' ' -f1,2 > "$OUT/pencil-ours.txt" || true
"$OUT/tdoku-driver" -c 1000 "$OUT/pencil-counts.txt" > "$OUT/pencil-tdoku.txt"
counted=$(wc -l < "$OUT/pencil-counts.txt")
count_same=$(paste -d' ' "$OUT/pencil-ours.txt" "$OUT/pencil-tdoku.txt" | awk '$1 == $3 && $2 == $4' | wc -l)
kinds=$(cut -d' ' -f1 "$OUT/pencil-tdoku.txt" | sort | uniq -c | awk '{ printf "%s%s %s", (NR > 1 ? ", " : ""), $1, $2 }')

# ratings, puzzle by puzzle: serate's "PUZZLE ER/EP/ED", ours from json
: > "$OUT/pencil-se.txt"
while read -r puzzle; do
	rating=$(printf '%s\n' "$puzzle" > "$OUT/pencil-one.txt" &&
		 cd "$OUT" && timeout "$SE_SECONDS" "$OLDPWD/$SERATE" pencil-one.txt 2> /dev/null |
		 awk '{ print $2 }') || true
	printf '%s\n' "${rating:-none}" >> "$OUT/pencil-se.txt"
done < "$set_file"
bin/sudoku-rate -f pencil -t json "$set_file" 2> /dev/null |
	jq -r 'if .er == null then .level else "\(.er)/\(.ep)/\(.ed)" end' > "$OUT/pencil-rate.txt" || true
paste -d' ' "$OUT/pencil-se.txt" "$OUT/pencil-rate.txt" | awk '
	$1 == "none" { unrated++; next }
	{ n++; split($1, a, "/"); split($2, b, "/")
	  if (a[1] + 0 == b[1] + 0 && a[2] + 0 == b[2] + 0 && a[3] + 0 == b[3] + 0) same++
	  else print "differs: serate " $1 ", ours " $2 > "/dev/stderr" }
	END { printf "%d %d %d\n", n, same + 0, unrated + 0 }' > "$OUT/pencil-rated.txt"
read -r rated rate_same unrated < "$OUT/pencil-rated.txt"

table=$OUT/pencil.md
{
	heading "Pencil-mark puzzles beside tdoku and SukakuExplainer" "COUNT MINIMIZE SE_SECONDS"
	printf ' The set: %s puzzles made by tdoku'"'"'s `generate -p1 -s0 -m%s`; the machine was shared with other jobs. ' \
		"$COUNT" "$MINIMIZE"
	printf 'sudoku-bt -c 1000 counted as tdoku did on %s of %s (the set and two variants of each; tdoku: %s).\n\n' \
		"$count_same" "$counted" "$kinds"
	echo "| ratings | puzzles serate rated in $SE_SECONDS s | sudoku-rate's ER/EP/ED equal | not rated by serate in time, not compared |"
	echo "|---|---:|---:|---:|"
	echo "| sudoku-rate beside SukakuExplainer's serate | $rated | $rate_same | $unrated |"
} > "$table"
replace_results "$SCRIPT" "$table"
cat "$table"
