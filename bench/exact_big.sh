#!/bin/sh
# Exact search on the biggest boards beside CaDiCaL: 49x49 and 64x64 boards
# made the way Lewis made his (as bench/big.sh makes 36x36 ones): instance i
# is the grid sudoku-bt -c 1 -s i finds on an empty board (the exact search
# alone, the race left out), a random P percent of its cells kept (awk
# srand(i)); COUNT49 (6) and COUNT64 (4) instances per P in PS ("40 45"),
# SIZES ("49 64").  Each is solved by SOLVERS: the default sudoku-bt, and
# CaDiCaL (Debian's cadical, skipped when absent) over two encodings made by
# bench/sat-encode.c (cadical-plain, cadical-seq), every run one process
# limited to LIMIT (60) CPU seconds (ulimit -t), its CPU time (user +
# system) measured; CaDiCaL's model is checked by sat-encode, sudoku-bt's
# solution by sudoku-cost.  Rewrites its table in bench/RESULTS.md; every
# run's line is in bench/out/exact_big.runs.
#   SIZES=49 PS=45 COUNT49=2 sh bench/exact_big.sh
. "$(dirname "$0")/common.sh"
COUNT49=${COUNT49:-6}
COUNT64=${COUNT64:-4}
LIMIT=${LIMIT:-60}
PS=${PS:-40 45}
SIZES=${SIZES:-49 64}
SOLVERS=${SOLVERS:-sudoku-bt cadical-plain cadical-seq}
if command -v cadical > /dev/null; then
	${CC:-cc} -O2 -Ilib -o "$OUT/sat-encode" bench/sat-encode.c build/libsudoku.a -ljansson -lcsv -lm
else
	echo "bench: no cadical: sudoku-bt alone" >&2
	SOLVERS=sudoku-bt
fi

# cpu_limited COMMAND...: runs it limited to $LIMIT CPU seconds, its output
# in $OUT/xb.out; prints its user + system seconds
cpu_limited() {
	( ulimit -t "$LIMIT"; exec /usr/bin/time -f '%U %S' -o "$OUT/xb.time" "$@" > "$OUT/xb.out" 2> "$OUT/xb.err" ) || true
	tail -n 1 "$OUT/xb.time" | awk '{ print $1 + $2 }'
}

# run SOLVER BOARD: "solved SECONDS" or "unsolved SECONDS"
run() {
	case $1 in
	sudoku-bt)
		seconds=$(cpu_limited bin/sudoku-bt -t grid "$2")
		if [ -s "$OUT/xb.out" ] && bin/sudoku-cost "$OUT/xb.out" | grep -qx 0; then
			echo "solved $seconds"
		else
			echo "unsolved $seconds"
		fi ;;
	cadical-*)
		"$OUT/sat-encode" "${1#cadical-}" "$2" > "$OUT/xb.cnf"
		seconds=$(cpu_limited cadical -q "$OUT/xb.cnf")
		if "$OUT/sat-encode" check "$2" < "$OUT/xb.out"; then
			echo "solved $seconds"
		else
			echo "unsolved $seconds"
		fi ;;
	esac
}

: > "$OUT/exact_big.runs"
for size in $SIZES; do
	box=$(awk -v n="$size" 'BEGIN { print int(sqrt(n) + 0.5) }')
	eval "count=\$COUNT$size"
	awk -v n="$size" -v b="$box" 'BEGIN { print b "x" b
		for (r = 0; r < n; r++) { for (c = 0; c < n; c++) printf "%s0", c ? " " : ""; print "" } }' \
		> "$OUT/empty$size.grid"
	for p in $PS; do
		for i in $(seq "$count"); do
			board=$OUT/xb-$size-$p-$i.grid
			bin/sudoku-bt -c 1 -s "$i" -t grid "$OUT/empty$size.grid" |
				awk -v seed="$i" -v p="$p" 'BEGIN { srand(seed) } NR == 1 { print; next }
					NF { for (i = 1; i <= NF; i++) if (rand() * 100 >= p) $i = 0; print }' > "$board"
			for solver in $SOLVERS; do
				echo "$size $p $i $solver $(run "$solver" "$board")" | tee -a "$OUT/exact_big.runs"
			done
		done
	done
done
{
	heading "49x49 and 64x64 boards: sudoku-bt beside CaDiCaL" "COUNT49 COUNT64 LIMIT PS SIZES SOLVERS"
	printf ' Machine shared with other jobs while measured: CPU time (user + system) of one process per'
	printf ' run, limited to %s CPU seconds (ulimit -t). Instance i is the grid sudoku-bt -c 1 -s i finds on an' "$LIMIT"
	printf ' empty board, a random p percent of its cells kept (awk srand(i)). sudoku-bt: the default'
	printf ' (its default limit of work), its grid checked by sudoku-cost. CaDiCaL %s (Debian cadical, -q):' \
		"$(dpkg-query -W -f '${Version}' cadical 2> /dev/null || cadical --version)"
	printf ' plain is the pairwise at-most-one encoding, seq the sequential counter (bench/sat-encode.c,'
	printf ' givens as unit clauses, the encoding not timed), its model checked against every rule and'
	printf ' given. Times: the fastest and slowest solved run; total: every run, an unsolved one counted'
	printf ' at what it spent.\n\n'
	printf '| board | p | solver | solved | seconds, solved | total CPU s |\n|---|---|---|---|---|---|\n'
	awk '{ k = $1 " " $2 " " $4; if (!(k in runs)) order[++nk] = k
		runs[k]++; total[k] += $6
		if ($5 == "solved") { ok[k]++; if (!(k in lo) || $6 < lo[k]) lo[k] = $6; if ($6 > hi[k]) hi[k] = $6 } }
		END { for (j = 1; j <= nk; j++) { k = order[j]; split(k, f, " ")
			printf "| %sx%s | %s%% | %s | %d/%d | %s | %.1f |\n", f[1], f[1], f[2], f[3], ok[k], runs[k],
				ok[k] ? sprintf("%.1f-%.1f", lo[k], hi[k]) : "-", total[k] } }' "$OUT/exact_big.runs"
} > "$OUT/exact_big.md"
replace_results "$SCRIPT" "$OUT/exact_big.md"
