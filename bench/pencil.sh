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
#   COUNT   puzzles in the set (default 150)
#   GENERATE  tdoku's generate options (default: not minimal, -m0, and its
#           pool of 100 kept by fewest guesses, -c0 -g-1 -r1 -n100, so that
#           serate rates most in seconds; tdoku's minimal puzzles take it
#           minutes each)
#   GUESSES the set keeps the puzzles tdoku solved with at most GUESSES
#           guesses (its third column; default 10), past the first 100 (the
#           pool's start, not yet selected)
#   SE_SECONDS  what serate may take per puzzle (default 600); a puzzle it
#           does not rate in that time is counted apart, never compared
# tdoku's generate takes no seed: the set is kept in bench/out/pencil-set.txt
# and reused while it has COUNT lines, and serate's ratings of it in
# bench/out/pencil-se.txt: a run stopped half-way goes on from the first
# puzzle not yet rated (remove both files for a new set).
. "$(dirname "$0")/common.sh"
TDOKU=${TDOKU:-../peers/tdoku}
SERATE=${SERATE:-../peers/sukaku-se/serate.sh}
COUNT=${COUNT:-150}
GENERATE=${GENERATE:-"-m0 -c0 -g-1 -r1 -n100"}
GUESSES=${GUESSES:-10}
SE_SECONDS=${SE_SECONDS:-600}
[ -x "$TDOKU/build/generate" ] && [ -f "$TDOKU/build/libtdoku_static.a" ] ||
	{ echo "bench: no tdoku built in $TDOKU/build (generate, tdoku_static)" >&2; exit 1; }
[ -x "$SERATE" ] || { echo "bench: no serate at $SERATE" >&2; exit 1; }
${CC:-cc} -O2 -I"$TDOKU/include" bench/tdoku-driver.c "$TDOKU/build/libtdoku_static.a" \
	-lstdc++ -lm -o "$OUT/tdoku-driver"

# the set: tdoku prints a line per puzzle its pool takes (puzzle, clues,
# guesses, loss); it runs until COUNT are kept
set_file=$OUT/pencil-set.txt
if [ ! -s "$set_file" ] || [ "$(wc -l < "$set_file")" -ne "$COUNT" ]; then
	# shellcheck disable=SC2086 # GENERATE is a list of options
	"$TDOKU/build/generate" -p1 -s0 $GENERATE |
		awk -v count="$COUNT" -v guesses="$GUESSES" \
			'NR > 100 && $3 <= guesses { print $1; if (++n == count) exit }' > "$set_file"
	rm -f "$OUT/pencil-se.txt"
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

# ratings, puzzle by puzzle: serate's "PUZZLE ER/EP/ED" (from the first
# puzzle pencil-se.txt does not have yet), ours from json
touch "$OUT/pencil-se.txt"
tail -n "+$(($(wc -l < "$OUT/pencil-se.txt") + 1))" "$set_file" | while read -r puzzle; do
	rating=$(printf '%s\n' "$puzzle" > "$OUT/pencil-one.txt" &&
		 cd "$OUT" && timeout "$SE_SECONDS" "$OLDPWD/$SERATE" pencil-one.txt 2> /dev/null |
		 awk '{ print $2 }') || true
	printf '%s\n' "${rating:-none}" >> "$OUT/pencil-se.txt"
done
bin/sudoku-rate -f pencil -t json "$set_file" 2> /dev/null |
	jq -r 'if .er == null then .level else "\(.er)/\(.ep)/\(.ed)" end' > "$OUT/pencil-rate.txt" || true
paste -d' ' "$OUT/pencil-se.txt" "$OUT/pencil-rate.txt" | awk '
	$1 == "none" { unrated++; next }
	{ n++; split($1, a, "/"); split($2, b, "/")
	  if (a[1] + 0 == b[1] + 0 && a[2] + 0 == b[2] + 0 && a[3] + 0 == b[3] + 0) same++
	  else print "differs: serate " $1 ", ours " $2 > "/dev/stderr" }
	END { printf "%d %d %d\n", n, same + 0, unrated + 0 }' > "$OUT/pencil-rated.txt"
read -r rated rate_same unrated < "$OUT/pencil-rated.txt"
# how hard the set is: serate's ER, lowest, highest, and how many from 7.0 up
spread=$(awk -F/ '$1 != "none" { er = $1 + 0; if (n++ == 0 || er < lo) lo = er; if (er > hi) hi = er; if (er >= 7) hard++ }
	END { printf "ER %.1f to %.1f, %d of %d from 7.0 up", lo, hi, hard, n }' "$OUT/pencil-se.txt")

table=$OUT/pencil.md
{
	heading "Pencil-mark puzzles beside tdoku and SukakuExplainer" "COUNT GENERATE GUESSES SE_SECONDS"
	printf ' The set: %s puzzles made by tdoku'"'"'s `generate -p1 -s0 %s`, those it solved in at most %s guesses (serate: %s); serate'"'"'s ratings kept in bench/out and reused; the machine was shared with other jobs. ' \
		"$COUNT" "$GENERATE" "$GUESSES" "$spread"
	printf 'sudoku-bt -c 1000 counted as tdoku did on %s of %s (the set and two variants of each; tdoku: %s).\n\n' \
		"$count_same" "$counted" "$kinds"
	echo "| ratings | puzzles serate rated in $SE_SECONDS s | sudoku-rate's ER/EP/ED equal | not rated by serate in time, not compared |"
	echo "|---|---:|---:|---:|"
	echo "| sudoku-rate beside SukakuExplainer's serate | $rated | $rate_same | $unrated |"
} > "$table"
replace_results "$SCRIPT" "$table"
cat "$table"
