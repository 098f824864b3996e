#!/bin/sh
# sudoku-bt: puzzles per second, whole process, one thread, file in and file
# out, on the public collections; the sources' scheme beside the default;
# success and time on the Lewis instances per size and p.  Rewrites its two
# tables in bench/RESULTS.md, and bench/bt_schemes.sh's (the orders by the
# propagations).  LEWIS=0 skips the Lewis table, SCHEMES=0 the orders' (and
# leaves it).
. "$(dirname "$0")/common.sh"
LEWIS=${LEWIS:-1}
SCHEMES=${SCHEMES:-1}
[ -f "$DATA/17_clue.txt" ] || { echo "bench: no $DATA/17_clue.txt" >&2; exit 1; }

now() { date +%s.%N; }

# tdoku (t-dillon/tdoku), the fastest public 9x9 solver, built beside the
# project for this comparison only: TDOKU names its source tree (default
# ../tdoku, cloned there when absent and the network allows).  Nothing of it
# enters the project; bench/tdoku-driver.c reads and writes lines as
# sudoku-bt does and links against the library built here.
TDOKU=${TDOKU:-../tdoku}
tdoku=
if [ ! -f "$TDOKU/include/tdoku.h" ]; then
	git clone -q https://github.com/t-dillon/tdoku "$TDOKU" 2>/dev/null || true
fi
if [ -f "$TDOKU/include/tdoku.h" ] && command -v cmake > /dev/null &&
	cmake -S "$TDOKU" -B "$OUT/tdoku-build" -DCMAKE_BUILD_TYPE=Release > /dev/null 2>&1 &&
	cmake --build "$OUT/tdoku-build" --target tdoku_static -j 2 > /dev/null 2>&1 &&
	${CC:-cc} -O2 -I"$TDOKU/include" bench/tdoku-driver.c "$OUT/tdoku-build/libtdoku_static.a" \
		-lstdc++ -lm -o "$OUT/tdoku-driver"; then
	tdoku=$OUT/tdoku-driver
else
	echo "bench: no tdoku ($TDOKU): absolute figures only" >&2
fi

# cpu COMMAND...: its user + system seconds
cpu() {
	/usr/bin/time -f '%U %S' -o "$OUT/time" "$@" > "$OUT/bt.out" || true
	awk '{ print $1 + $2 }' "$OUT/time"
}
# best A B: the smaller
best() { awk -v a="$1" -v b="$2" 'BEGIN { print (b == "" || a < b) ? a : b }'; }

# pair FILE [-u]: puzzles/s of sudoku-bt and of tdoku over FILE, CPU time,
# best of $RUNS runs taken in turn (the machine may be shared); sets ours,
# theirs and ratio (ours / theirs), theirs and ratio - without tdoku
RUNS=3
pair() {
	file=$1
	shift
	count=$(grep -vc '^#' "$file")
	a= b=
	for _ in $(seq "$RUNS"); do
		a=$(best "$(cpu bin/sudoku-bt -q "$@" "$file")" "$a")
		[ -z "$tdoku" ] || b=$(best "$(cpu "$tdoku" "$@" "$file")" "$b")
	done
	ours=$(awk -v n="$count" -v s="$a" 'BEGIN { printf "%.0f", n / s }')
	theirs=- ratio=-
	if [ -n "$b" ]; then
		theirs=$(awk -v n="$count" -v s="$b" 'BEGIN { printf "%.0f", n / s }')
		ratio=$(awk -v a="$ours" -v b="$theirs" 'BEGIN { printf "%.2f", a / b }')
		theirs=$theirs/s
	fi
}

# rate FILE OPTIONS...: puzzles/s of sudoku-bt over FILE, CPU time, best of $RUNS
rate() {
	file=$1
	shift
	count=$(grep -vc '^#' "$file")
	a=
	for _ in $(seq "$RUNS"); do
		a=$(best "$(cpu bin/sudoku-bt -q "$@" "$file")" "$a")
	done
	awk -v n="$count" -v s="$a" 'BEGIN { printf "%.0f", n / s }'
}

grep -v '^#' "$DATA/17_clue.txt" | head -n 1000 > "$OUT/17_1k.txt"
grep -v '^#' "$DATA/forum_hardest_1905_11plus.txt" | head -n 1000 > "$OUT/hardest_1k.txt"
# a run over 17_clue lasts a quarter of a second, near the 10 ms grain of
# the CPU clock: four copies end to end make it a second
for _ in 1 2 3 4; do grep -v '^#' "$DATA/17_clue.txt"; done > "$OUT/17x4.txt"
pair "$OUT/17x4.txt" -u; u17=$ours; tu17=$theirs; ru17=$ratio
pair "$DATA/forum_hardest_1905_11plus.txt" -u; uhard=$ours; tuhard=$theirs; ruhard=$ratio
pair "$OUT/17x4.txt"; f17=$ours; tf17=$theirs; rf17=$ratio
pair "$DATA/forum_hardest_1905_11plus.txt"; fhard=$ours; tfhard=$theirs; rfhard=$ratio
# the slow schemes: one run over the first 1,000 puzzles
RUNS=1
s17=$(rate "$OUT/17_1k.txt" -u --order degree-mrv --propagate fc -T 0)
shard=$(rate "$OUT/hardest_1k.txt" -u --order degree-mrv --propagate fc -T 0)
m17=$(rate "$OUT/17_1k.txt" -u --order mrv --propagate singles -T 0)
mhard=$(rate "$OUT/hardest_1k.txt" -u --order mrv --propagate singles -T 0)
# every answer is checked by the program; check them once more here
bin/sudoku-bt "$DATA/forum_hardest_1905_11plus.txt" | bin/sudoku-cost --check > /dev/null
# the portable and the vector path: the same solutions in the same order
# over the whole files (the tests take a sample)
make bin/unit-tests > /dev/null
SD_SOLVE9_SAMPLE="$DATA/17_clue.txt $DATA/forum_hardest_1905_11plus.txt $DATA/serg_multi_solution.txt" \
	bin/unit-tests solve9

{
	heading "sudoku-bt beside tdoku" "TDOKU LEWIS"
	printf ' Whole process, one thread, file in, file out, CPU time (user + system), best of three runs'
	printf ' taken in turn with tdoku (the machine may be shared). tdoku: `bench/tdoku-driver.c` over its'
	printf ' DPLL triad SIMD solver, built apart (cmake Release, its -O3 -march=native); ratio: sudoku-bt / tdoku.'
	[ -n "$tdoku" ] || printf ' tdoku was not built here (no %s): its columns are -.' "$TDOKU"
	printf ' The sources'"'"' scheme and plain singles+MRV: one run on the first 1,000 puzzles of each file.'
	printf ' 17_clue.txt is timed as four copies end to end (a run of one lasts about 0.25 s).\n\n'
	printf '| search | 17_clue.txt | tdoku | ratio | forum_hardest_1905_11plus.txt | tdoku | ratio |\n'
	printf '|---|---|---|---|---|---|---|\n'
	printf '| default, `-u` (solve and prove unique) | %s/s | %s | %s | %s/s | %s | %s |\n' \
		"$u17" "$tu17" "$ru17" "$uhard" "$tuhard" "$ruhard"
	printf '| default, first solution | %s/s | %s | %s | %s/s | %s | %s |\n' \
		"$f17" "$tf17" "$rf17" "$fhard" "$tfhard" "$rfhard"
	printf '| `--order degree-mrv --propagate fc -u` (the sources'"'"' scheme) | %s/s | | | %s/s | | |\n' "$s17" "$shard"
	printf '| `--order mrv --propagate singles -u` | %s/s | | | %s/s | | |\n' "$m17" "$mhard"
} > "$OUT/bt.md"
replace_results "$SCRIPT" "$OUT/bt.md"
echo "bench/bt.sh: sudoku-bt / tdoku: 17-clue $rf17 (-u $ru17), hardest $rfhard (-u $ruhard)"
echo "bench/bt.sh: 17-clue -u $u17/s, hardest -u $uhard/s, sources' scheme $s17/s and $shard/s"

[ "$SCHEMES" = 1 ] && sh bench/bt_schemes.sh
[ "$LEWIS" = 1 ] || exit 0
[ -d "$DATA/lewis" ] || exit 0
# one process per instance, as the papers measure; 10 s limit each
: > "$OUT/lewis.tsv"
for size in 9x9 16x16 25x25; do
	printf -- '-\t%s\t%s solved\tmedian s\tmax s\n' "$size" "$size" >> "$OUT/lewis.tsv"
	for p in 000 005 010 015 020 025 030 035 040 045 050 055 060 065 070 075 080 085 090 095 100; do
		file="$DATA/lewis/inst${size}_p$p.txt"
		[ -f "$file" ] || continue
		grep -v '^#' "$file" | while IFS= read -r line; do
			printf '%s\n' "$line" | bin/sudoku-bt -v -T 10 2>&1 > /dev/null | grep -E ': (solved|unsolved),' || true
		done > "$OUT/lewis.log"
		ok=$(grep -c ': solved,' "$OUT/lewis.log" || true)
		awk '{ print $(NF - 1) }' "$OUT/lewis.log" | sort -g > "$OUT/times"
		awk -v size="$size" -v p="$p" -v ok="$ok" '{ t[NR] = $1 }
			END { printf "%s\t%s\t%d\t%.4f\t%.4f\n", p, size, ok, t[int((NR + 1) / 2)], t[NR] }' \
			"$OUT/times" >> "$OUT/lewis.tsv"
	done
done

# The floor of the large grids over many runs, not one: every 25x25
# instance with half its cells or more given, seeds 1-10, in one process per
# file; runs over 10 ms and the slowest (seconds, measured by the program).
printf -- '-\tseeds\t25x25, seeds 1-10: runs\tover 10 ms\tslowest s\n' >> "$OUT/lewis.tsv"
for p in 050 055 060 065 070 075 080 085 090 095 100; do
	file="$DATA/lewis/inst25x25_p$p.txt"
	[ -f "$file" ] || continue
	for seed in 1 2 3 4 5 6 7 8 9 10; do
		bin/sudoku-bt -v -s "$seed" -T 10 "$file" 2>&1 > /dev/null | grep -E ': (solved|unsolved),' || true
	done | awk -v p="$p" '{ t = $(NF - 1); if (t > 0.010) over++; if (t > max) max = t; n++ }
		END { printf "%s\tseeds\t%d\t%d\t%.4f\n", p, n, over, max }' >> "$OUT/lewis.tsv"
done
{
	heading "sudoku-bt on the Lewis instances" "TDOKU LEWIS"
	printf ' One process per instance, `sudoku-bt -v -T 10`: instances solved (of 100 a file), median and maximum time per'
	printf ' instance (seconds, measured by the program). Then every 25x25 instance with p >= 050 under'
	printf ' seeds 1-10 (`sudoku-bt -v -s SEED -T 10 FILE`, one process per file): runs, runs over 10 ms,'
	printf ' the slowest run. No peer measured.\n\n'
	pivot p < "$OUT/lewis.tsv"
} > "$OUT/lewis.md"
replace_results "$SCRIPT lewis" "$OUT/lewis.md"
