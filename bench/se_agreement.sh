#!/bin/sh
# sudoku-rate against Sudoku Explainer: on each file of se_rated/ (puzzles
# with SE's ER/EP/ED), how many puzzles get a rating at all, SE's ER exactly,
# and within 0.1; and the misses by SE's ER band.  Appends to
# bench/RESULTS.md.  (EP and ED are compared once sudoku-rate reports them.)
. "$(dirname "$0")/common.sh"
SE="$DATA/se_rated"
[ -d "$SE" ] || { echo "bench: no $SE" >&2; exit 1; }

: > "$OUT/se.table"
: > "$OUT/se.misses"
for f in "$SE"/*.txt; do
	grep -v '^#' "$f" | cut -d' ' -f1,2 > "$OUT/se.in"
	cut -d' ' -f1 "$OUT/se.in" | bin/sudoku-rate -T 60 -t json 2> /dev/null |
		sed -n 's/.*"level":"\([a-z-]*\)"\(,"score":\([0-9.]*\)\)\{0,1\}.*/\1 \3/p' > "$OUT/se.ours"
	paste -d' ' "$OUT/se.in" "$OUT/se.ours" | awk -v file="$(basename "$f")" -v misses="$OUT/se.misses" '
		{ split($2, se, "/"); er = se[1] + 0; n++
		  if ($4 != "") { rated++; d = $4 - er; if (d < 0) d = -d
				  if (d < 0.05) exact++; if (d < 0.15) near++ }
		  if ($4 == "" || d >= 0.05) { band = int(er); printf "%d %s\n", band, ($4 == "" ? "unrated" : "other") >> misses } }
		END { printf "| %s | %d | %d | %d | %d | %.0f%% |\n", file, n, rated, exact, near, 100 * exact / n }' >> "$OUT/se.table"
done
{
	printf '\n## sudoku-rate beside Sudoku Explainer, %s\n\n' "$(date -u +%Y-%m-%d)"
	printf 'Machine: %s. `sh bench/se_agreement.sh`: SE'"'"'s ER (se_rated/, Sudoku Explainer 1.2.1) against sudoku-rate'"'"'s score; ' "$(machine)"
	printf 'a puzzle the techniques cannot finish (level `search`) is unrated.\n\n'
	printf '| file | puzzles | rated | ER exact | ER within 0.1 | exact |\n|---|---|---|---|---|---|\n'
	cat "$OUT/se.table"
	printf '\nMisses (not exact or unrated) by SE'"'"'s ER band:\n\n| ER band | unrated | rated otherwise |\n|---|---|---|\n'
	awk '{ c[$1 " " $2]++; b[$1] = 1 } END { for (x in b) printf "| %d.0-%d.9 | %d | %d |\n", x, x, c[x " unrated"], c[x " other"] }' \
		"$OUT/se.misses" | sort -t'|' -k2 -n
} >> "$RESULTS"
echo "bench/se_agreement.sh: results appended to $RESULTS"
