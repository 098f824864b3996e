#!/bin/sh
# Format conversion speed and memory over
# 1,000,000 records of ../shared/data/17_clue.txt, one thread.  Rewrites
# its table in bench/RESULTS.md.
. "$(dirname "$0")/common.sh"
[ -f "$DATA/17_clue.txt" ] || { echo "bench: no $DATA/17_clue.txt" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "bench: needs /usr/bin/time (Debian package time)" >&2; exit 1; }
mkdir -p "$OUT"

grep -v '^#' "$DATA/17_clue.txt" > "$OUT/17.txt"
: > "$OUT/1m.txt"
while [ "$(wc -l < "$OUT/1m.txt")" -lt 1000000 ]; do cat "$OUT/17.txt" >> "$OUT/1m.txt"; done
head -n 1000000 "$OUT/1m.txt" > "$OUT/in.txt"
bin/sudoku-print -t json "$OUT/in.txt" > "$OUT/in.json"
records=1000000

# run NAME COMMAND...: best of three, records/s and maximum resident memory
run() {
	name=$1
	shift
	best=
	for _ in 1 2 3; do
		/usr/bin/time -f '%e %M' -o "$OUT/time" "$@" > "$OUT/result"
		set -- "$@"
		read -r secs kb < "$OUT/time"
		if [ -z "$best" ] || awk "BEGIN { exit !($secs < $best) }"; then best=$secs; mem=$kb; fi
	done
	rate=$(awk "BEGIN { printf \"%.0f\", $records / ($best > 0 ? $best : 0.001) }")
	printf '| %s | `%s` | %s s | %s records/s | %s MB |\n' "$name" "$*" "$best" "$rate" \
		"$(awk "BEGIN { printf \"%.1f\", $mem / 1024 }")" >> "$OUT/table"
	printf '%-14s %8s s %10s records/s %6s KB\n' "$name" "$best" "$rate" "$mem"
}

: > "$OUT/table"
run "line -> line" bin/sudoku-print -t line "$OUT/in.txt"
run "line -> json" bin/sudoku-print -t json "$OUT/in.txt"
run "line -> csv" bin/sudoku-print -t csv "$OUT/in.txt"
run "json -> line" bin/sudoku-print -t line "$OUT/in.json"
run "fill (box)" bin/sudoku-fill -s 1 "$OUT/in.txt"
run "cost" bin/sudoku-cost "$OUT/in.txt"

{
	heading "Format conversion" ""
	printf ' One thread, file in, file out, 1,000,000 records of `17_clue.txt` repeated; best of three runs.'
	printf ' No peer; the targets of the foundation issue: line -> line at least 1,000,000 records/s'
	printf ' (goal 2,000,000), line -> json at least 300,000 records/s, maximum resident memory under 16 MB.\n\n'
	printf '| task | command | time | rate | max RSS |\n|---|---|---|---|---|\n'
	cat "$OUT/table"
} > "$OUT/formats.md"
replace_results "$SCRIPT" "$OUT/formats.md"
