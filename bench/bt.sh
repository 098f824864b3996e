#!/bin/sh
# sudoku-bt: puzzles per second, whole process, one thread, file in and file
# out, on the public collections; the sources' scheme beside the default;
# success and time on the Lewis instances per size and p.  Appends a dated
# section to bench/RESULTS.md.  LEWIS=0 skips the Lewis table.
. "$(dirname "$0")/common.sh"
LEWIS=${LEWIS:-1}
[ -f "$DATA/17_clue.txt" ] || { echo "bench: no $DATA/17_clue.txt" >&2; exit 1; }

now() { date +%s.%N; }

# rate FILE OPTIONS...: puzzles/s of sudoku-bt over FILE, best of $RUNS
RUNS=3
rate() {
	file=$1
	shift
	count=$(grep -vc '^#' "$file")
	best=
	for _ in $(seq "$RUNS"); do
		start=$(now)
		bin/sudoku-bt -q "$@" "$file" > "$OUT/bt.out" || true
		secs=$(awk -v a="$start" -v b="$(now)" 'BEGIN { print b - a }')
		if [ -z "$best" ] || awk "BEGIN { exit !($secs < $best) }"; then best=$secs; fi
	done
	awk -v n="$count" -v s="$best" 'BEGIN { printf "%.0f", n / s }'
}

grep -v '^#' "$DATA/17_clue.txt" | head -n 1000 > "$OUT/17_1k.txt"
grep -v '^#' "$DATA/forum_hardest_1905_11plus.txt" | head -n 1000 > "$OUT/hardest_1k.txt"
u17=$(rate "$DATA/17_clue.txt" -u)
uhard=$(rate "$DATA/forum_hardest_1905_11plus.txt" -u)
f17=$(rate "$DATA/17_clue.txt")
fhard=$(rate "$DATA/forum_hardest_1905_11plus.txt")
# the slow schemes: one run over the first 1,000 puzzles
RUNS=1
s17=$(rate "$OUT/17_1k.txt" -u --order degree-mrv --propagate fc -T 0)
shard=$(rate "$OUT/hardest_1k.txt" -u --order degree-mrv --propagate fc -T 0)
m17=$(rate "$OUT/17_1k.txt" -u --order mrv --propagate singles -T 0)
mhard=$(rate "$OUT/hardest_1k.txt" -u --order mrv --propagate singles -T 0)
# every answer is checked by the program; check them once more here
bin/sudoku-bt "$DATA/forum_hardest_1905_11plus.txt" | bin/sudoku-cost --check > /dev/null

{
	printf '\n## sudoku-bt, %s\n\n' "$(date -u +%Y-%m-%d)"
	printf 'Machine: %s. Whole process, one thread, file in, file out, best of\n' \
		"$(machine)"
	printf 'three runs of `bench/bt.sh`. The sources'"'"' scheme and plain singles+MRV: one run on the\n'
	printf 'first 1,000 puzzles of each file.\n\n'
	printf '| search | 17_clue.txt | forum_hardest_1905_11plus.txt |\n|---|---|---|\n'
	printf '| default, `-u` (solve and prove unique) | %s/s | %s/s |\n' "$u17" "$uhard"
	printf '| default, first solution | %s/s | %s/s |\n' "$f17" "$fhard"
	printf '| `--order degree-mrv --propagate fc -u` (the sources'"'"' scheme) | %s/s | %s/s |\n' "$s17" "$shard"
	printf '| `--order mrv --propagate singles -u` | %s/s | %s/s |\n' "$m17" "$mhard"
	printf '| floor / goal (tdoku) | 150,000 / 299,000 | 10,000 / 19,600 |\n'
} >> "$RESULTS"
echo "bench/bt.sh: 17-clue -u $u17/s, hardest -u $uhard/s, sources' scheme $s17/s and $shard/s"

[ "$LEWIS" = 1 ] || exit 0
[ -d "$DATA/lewis" ] || exit 0
# one process per instance, as the papers measure; 10 s limit each
{
	printf '\nLewis instances, one process per instance, `-T 10`: solved of 100, median and\n'
	printf 'maximum time per instance (seconds, measured by the program under `-v`).\n\n'
	printf '| size | p | solved | median | max |\n|---|---|---|---|---|\n'
} >> "$RESULTS"
for size in 9x9 16x16 25x25; do
	for p in 000 005 010 015 020 025 030 035 040 045 050 055 060 065 070 075 080 085 090 095 100; do
		file="$DATA/lewis/inst${size}_p$p.txt"
		[ -f "$file" ] || continue
		grep -v '^#' "$file" | while IFS= read -r line; do
			printf '%s\n' "$line" | bin/sudoku-bt -v -T 10 2>&1 > /dev/null | grep -E ': (solved|unsolved),' || true
		done > "$OUT/lewis.log"
		ok=$(grep -c ': solved,' "$OUT/lewis.log" || true)
		awk '{ print $(NF - 1) }' "$OUT/lewis.log" | sort -g > "$OUT/times"
		awk -v size="$size" -v p="$p" -v ok="$ok" '{ t[NR] = $1 }
			END { printf "| %s | %s | %d | %.4f | %.4f |\n", size, p, ok, t[int((NR + 1) / 2)], t[NR] }' \
			"$OUT/times" >> "$RESULTS"
	done
done
echo "bench/bt.sh: Lewis table appended to $RESULTS"

# The floor of the large grids over many runs, not one: every 25x25
# instance with half its cells or more given, seeds 1-10, in one process per
# file; runs over 10 ms and the slowest (seconds, measured by the program).
{
	printf '\n25x25 with p >= 050 given, seeds 1-10 (`sudoku-bt -v -s SEED -T 10 FILE`): runs\n'
	printf 'over 10 ms, and the slowest run.\n\n'
	printf '| p | runs | over 10 ms | slowest |\n|---|---|---|---|\n'
} >> "$RESULTS"
for p in 050 055 060 065 070 075 080 085 090 095 100; do
	file="$DATA/lewis/inst25x25_p$p.txt"
	[ -f "$file" ] || continue
	for seed in 1 2 3 4 5 6 7 8 9 10; do
		bin/sudoku-bt -v -s "$seed" -T 10 "$file" 2>&1 > /dev/null | grep -E ': (solved|unsolved),' || true
	done | awk -v p="$p" '{ t = $(NF - 1); if (t > 0.010) over++; if (t > max) max = t; n++ }
		END { printf "| %s | %d | %d | %.4f |\n", p, n, over, max }' >> "$RESULTS"
done
echo "bench/bt.sh: 25x25 seeds table appended to $RESULTS"
