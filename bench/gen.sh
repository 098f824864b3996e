#!/bin/sh
# sudoku-gen beside QQWing (Debian package qqwing) in the same run, one
# thread: puzzles per second at each level, unrated minimal puzzles, and
# the time of each of 50 unique 16x16 puzzles.  Rewrites its table in
# bench/RESULTS.md.
. "$(dirname "$0")/common.sh"
# without the peer there is nothing to compare: said, and skipped, so that
# make bench runs the rest (apt-get install qqwing)
command -v qqwing > /dev/null || { echo "bench/gen.sh: skipped: no qqwing (Debian package qqwing)" >&2; exit 0; }

# per_second COUNT COMMAND...: COUNT divided by the command's time
per_second() {
	count=$1
	shift
	start=$(date +%s.%N)
	"$@" > "$OUT/gen.out"
	awk -v n="$count" -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.0f", n / (b - a) }'
}

: > "$OUT/gen.table"
# QQWing's expert rate moves by a quarter between samples of 200 (it
# generates until a puzzle rates expert), so one sample of 1,000 serves
# both rows that compare with it
expert=$(per_second 1000 qqwing --generate 1000 --difficulty expert --one-line)
for pair in very-easy:simple:20 easy:easy:200 medium:intermediate:100 hard:expert expert:expert; do
	ours=${pair%%:*} rest=${pair#*:}
	theirs=${rest%%:*} qcount=${rest#*:}
	us=$(per_second 2000 bin/sudoku-gen -n 2000 -s 1 -d "$ours")
	if [ "$theirs" = expert ]; then
		them=$expert
	else
		them=$(per_second "$qcount" qqwing --generate "$qcount" --difficulty "$theirs" --one-line)
	fi
	printf '| %s ↔ %s | %s/s | %s/s | %s× | %s/s |\n' "$ours" "$theirs" "$us" "$them" \
		"$(awk -v a="$us" -v b="$them" 'BEGIN { printf "%.1f", a / b }')" "$((10 * them))" >> "$OUT/gen.table"
	echo "bench/gen.sh: $ours $us/s, qqwing $theirs $them/s"
done
us=$(per_second 20000 bin/sudoku-gen -n 20000 -s 1)
cp "$OUT/gen.out" "$OUT/gen_minimal.txt"
them=$(per_second 400 qqwing --generate 400 --difficulty any --one-line)
printf '| unrated minimal ↔ any | %s/s | %s/s | %s× | 2,500/s (goal 5,000/s) |\n' "$us" "$them" \
	"$(awk -v a="$us" -v b="$them" 'BEGIN { printf "%.1f", a / b }')" >> "$OUT/gen.table"
bin/sudoku-bt -u "$OUT/gen_minimal.txt" | sort | uniq -c | grep -q ' 20000 unique 1$' ||
	{ echo "bench: a generated puzzle is not unique" >&2; exit 1; }
# 16x16: seconds per puzzle as the program measures it
bin/sudoku-gen -b 4x4 -n 50 -s 1 -v 2>&1 > /dev/null | sed -n 's/.*checks, \([0-9.]*\) s$/\1/p' |
	sort -g > "$OUT/gen16"
{
	heading "sudoku-gen beside QQWing" ""
	printf ' One thread, both in the same run, puzzles per second of wall time; QQWing %s.\n\n' "$(qqwing --version | head -n 1)"
	printf '| level (ours ↔ QQWing) | sudoku-gen | QQWing | ratio | floor (10×) |\n|---|---|---|---|---|\n'
	cat "$OUT/gen.table"
	awk '{ t[NR] = $1 } END { printf "\n16x16, 50 puzzles (seeds 1-50): median %.3f s, slowest %.3f s (floor 0.5 s).\n", t[int((NR + 1) / 2)], t[NR] }' \
		"$OUT/gen16"
} > "$OUT/gen.md"
replace_results "$SCRIPT" "$OUT/gen.md"
