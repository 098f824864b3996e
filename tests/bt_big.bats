#!/usr/bin/env bats
# sudoku-bt on the biggest boards: from 49x49 up a first solution is raced
# for by clause learning and annealing (sudoku-bt(1)), and checked; counts,
# uniqueness and "no solution" stay the exact search's.  The boards are
# made as Lewis made his, as bench/exact_big.sh makes them.  The timeouts
# only catch a hang (make check also runs under ASan, several times slower).
load helper

setup() {
	cd "$BATS_TEST_TMPDIR"
}

# full N SEED: the grid sudoku-bt -c 1 -s SEED finds on an empty N x N board
full() {
	awk -v n="$1" 'BEGIN { b = int(sqrt(n) + 0.5); print b "x" b
		for (r = 0; r < n; r++) { for (c = 0; c < n; c++) printf "%s0", c ? " " : ""; print "" } }' > empty.grid
	sudoku-bt -c 1 -s "$2" -t grid empty.grid
}

# lewis N P SEED: full N SEED with a random P percent of its cells kept (awk srand(SEED))
lewis() {
	full "$1" "$3" | awk -v seed="$3" -v p="$2" 'BEGIN { srand(seed) } NR == 1 { print; next }
		NF { for (i = 1; i <= NF; i++) if (rand() * 100 >= p) $i = 0; print }'
}

# solved_keeping PUZZLE SOLUTION: SOLUTION is a valid grid that keeps every given of PUZZLE
solved_keeping() {
	run sudoku-cost --check "$2"
	assert_success
	run awk 'FNR == 1 { next } NR == FNR { for (i = 1; i <= NF; i++) g[FNR, i] = $i; next }
		{ for (i = 1; i <= NF; i++) if (g[FNR, i] && g[FNR, i] != $i) bad++; rows++ }
		END { exit bad > 0 || rows == 0 }' "$1" "$2"
	assert_success
}

# solves_lewis N P SEED [OPTION...]: sudoku-bt (under OPTIONs) solves the
# board lewis N P SEED makes, its answer valid and the givens kept.  The
# output does not depend on the machine, only on the board, which awk's
# rand() draws.
solves_lewis() {
	lewis "$1" "$2" "$3" > puzzle.grid
	run timeout 1800 sudoku-bt "${@:4}" -t grid -o solved.grid puzzle.grid
	assert_success
	solved_keeping puzzle.grid solved.grid
}

@test "49x49 with 45% given, made under a seed: solved by the default sudoku-bt, the answer valid and the givens kept" {
	solves_lewis 49 45 2
}

# Seed 1 at 49x49 45%: annealing's first run, under the seed 0, needs 6.9*10^6
# of the work -I counts (1.27*10^6 nodes, 1.43*10^9 moves); a later attempt,
# from a fresh fill under a seed of its own, solves it within 10^6.
@test "49x49 with 45% given, seed 1: the race leaves an unlucky annealing run for a fresh attempt, solved within -I 2000000" {
	solves_lewis 49 45 1 -I 2000000
}

@test "64x64 with 40% given, made under a seed: solved by the default sudoku-bt, the answer valid and the givens kept" {
	solves_lewis 64 40 1
}

@test "49x49: two solutions are counted 2 and not unique; no solution is proven, not raced for" {
	# a full grid less an unavoidable rectangle: two rows of a band, two
	# columns of different stacks, a b over b a, which can be swapped
	full 49 1 | awk 'NR == 1 { print; next } { row[NR - 1] = $0 }
		END {
			for (r = 1; r <= 49; r++) { split(row[r], v); for (c = 1; c <= 49; c++) g[r, c] = v[c] }
			for (r1 = 1; r1 <= 49 && !done; r1++) for (r2 = r1 + 1; int((r2 - 1) / 7) == int((r1 - 1) / 7) && !done; r2++)
			for (c1 = 1; c1 <= 49 && !done; c1++) for (c2 = c1 + 1; c2 <= 49 && !done; c2++)
				if (int((c1 - 1) / 7) != int((c2 - 1) / 7) && g[r1, c1] == g[r2, c2] && g[r1, c2] == g[r2, c1])
					{ g[r1, c1] = g[r1, c2] = g[r2, c1] = g[r2, c2] = 0; done = 1 }
			if (!done) exit 1
			for (r = 1; r <= 49; r++) { for (c = 1; c <= 49; c++) printf "%s%d", (c > 1 ? " " : ""), g[r, c]; print "" }
		}' > two.grid
	run sudoku-bt -u two.grid
	assert_failure 1
	assert_output 'multiple 2'
	run sudoku-bt -c 10 two.grid
	assert_output 'multiple 2'
	run sudoku-bt -t grid -o solved.grid two.grid
	assert_success
	solved_keeping two.grid solved.grid
	# row 1 holds 1 to 48 and r2c49 holds 49: r1c49 can hold nothing
	awk 'BEGIN { print "7x7"; for (r = 1; r <= 49; r++) { for (c = 1; c <= 49; c++)
		printf "%s%d", (c > 1 ? " " : ""), (r == 1 && c < 49) ? c : (r == 2 && c == 49) ? 49 : 0; print "" } }' > none.grid
	run sudoku-bt -t json none.grid
	assert_failure 1
	assert_output --partial '"status":"nosolution"'
}
