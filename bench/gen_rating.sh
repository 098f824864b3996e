#!/bin/sh
# sudoku-gen in windows of Sudoku Explainer ratings, one thread: puzzles
# per second of CPU time for --rating 7.0-7.9 (the window the rating's
# issue names: floor 1/s, goal 10/s) and for the extreme level (9.0 and
# up), each puzzle checked by sudoku-rate and, when serate is there
# (SERATE, as in skfr.sh), by Sudoku Explainer itself.  Rewrites its
# table in bench/RESULTS.md.
#
# N7, NX   puzzles in each window (default 50 and 10)
. "$(dirname "$0")/common.sh"
N7=${N7:-50}
NX=${NX:-10}
if [ -z "${SERATE:-}" ]; then
	for s in ../serate-new/serate.sh ../serate/serate.sh; do
		[ -x "$s" ] && { SERATE=$(cd "$(dirname "$s")" && pwd)/$(basename "$s"); break; }
	done
fi
SERATE=${SERATE:-}
command -v java > /dev/null || SERATE=
PIN=
command -v taskset > /dev/null && PIN="taskset -c ${CPU:-0}"

# row LABEL COUNT OPTIONS...: makes COUNT puzzles (seeds from 1) and
# writes the table's row: CPU seconds, puzzles per second, the ratings'
# range, and how many sudoku-rate and serate put in the window
row() {
	label=$1 count=$2
	shift 2
	/usr/bin/time -f '%U %S' -o "$OUT/genr.time" $PIN bin/sudoku-gen -n "$count" -s 1 "$@" > "$OUT/genr.txt"
	secs=$(awk '{ print $1 + $2 }' "$OUT/genr.time")
	made=$(grep -c . "$OUT/genr.txt")
	bin/sudoku-rate -T 0 "$OUT/genr.txt" | cut -d' ' -f2 > "$OUT/genr.ours"
	if [ -n "${SERATE:-}" ]; then
		scratch=$(mktemp -d)
		(cd "$scratch" && "$SERATE" "$OLDPWD/$OUT/genr.txt") | sed 's|.* \([0-9.]*\)/.*|\1|' > "$OUT/genr.se"
		rm -rf "$scratch"
	else
		: > "$OUT/genr.se"
	fi
	printf '| %s | %s | %s | %.2f | %s | %s-%s | %s | %s |\n' "$label" "$*" "$made" "$secs" \
		"$(awk -v n="$made" -v s="$secs" 'BEGIN { printf "%.2f", (s > 0 ? n / s : 0) }')" \
		"$(sort -g "$OUT/genr.ours" | head -n 1)" "$(sort -g "$OUT/genr.ours" | tail -n 1)" \
		"$(awk -v lo="$MIN" -v hi="$MAX" '$1 >= lo - 1e-9 && $1 <= hi + 1e-9' "$OUT/genr.ours" | grep -c . || true)" \
		"$([ -s "$OUT/genr.se" ] && { paste -d' ' "$OUT/genr.ours" "$OUT/genr.se" | awk '$1 == $2' | grep -c . || true; } || echo -)"
}

{
	heading "sudoku-gen in windows of Sudoku Explainer ratings" "N7 NX SERATE"
	printf ' One thread (`taskset`), seeds from 1, CPU time (user + system); every puzzle rated again by'
	printf ' sudoku-rate and, where shown, by Sudoku Explainer'"'"'s serate (%s).' "${SERATE:-not found}"
	printf ' Target for 7.0-7.9: 1 puzzle/s, goal 10/s.\n\n'
	printf '| window | options | puzzles | CPU s | puzzles/s | ratings | in window | serate agrees |\n'
	printf '|---|---|---:|---:|---:|---|---:|---:|\n'
	MIN=7.0 MAX=7.9 row "7.0-7.9" "$N7" --rating 7.0-7.9
	MIN=9.0 MAX=99 row "extreme" "$NX" -d extreme
} > "$OUT/genr.md"
replace_results "$SCRIPT" "$OUT/genr.md"
