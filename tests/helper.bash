# Shared by every bats file: the programs under test, the data, assertions.
bats_require_minimum_version 1.5.0
bats_load_library bats-support
bats_load_library bats-assert

ROOT="$(cd "$BATS_TEST_DIRNAME/.." && pwd)"
PATH="$ROOT/bin:$PATH"
DATA="${SUDOKU_DATA:-$ROOT/../shared/data}"
EX="$ROOT/examples"
PROGS='sudoku-print sudoku-cost sudoku-fill sudoku-bt sudoku-anneal sudoku-vns sudoku-gen sudoku-rate sudoku-play'

# Boards many tests use: the Wikipedia puzzle and its solution, and a
# puzzle with no solution and no visible conflict (r1c9 can hold nothing).
WIKI='53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79'
WIKI_SOLVED='534678912672195348198342567859761423426853791713924856961537284287419635345286179'
NONE="12345678.........9$(printf '%063d' 0 | tr 0 .)"

# Tests that read the public collections skip where they are absent.
need_data() {
	[ -d "$DATA" ] || skip "no $DATA"
}

# A terminal program's tests need a pseudo-terminal, which a chroot without
# /dev/pts (devpts) cannot open: there they are skipped, saying why.
need_pty() {
	command -v script > /dev/null || skip "no script(1)"
	script -qec true /dev/null < /dev/null > /dev/null 2>&1 ||
		skip "no pseudo-terminal can be opened here (is devpts mounted on /dev/pts?)"
}

# A sample of puzzle lines from a collection, comments left out.
sample() {
	grep -v '^#' "$DATA/$1" | head -n "${2:-100}"
}

# How many givens the 9x9 solutions of FILE change ("puzzle solution" lines).
givens_changed() {
	awk '{ for (i = 1; i <= 81; i++) { p = substr($1, i, 1); if (p != "." && p != substr($2, i, 1)) bad++ } }
		END { print bad + 0 }' "$1"
}

# A local search (PROG, its --plain scheme, seed 1) stopped at its limits
# on NONE: -I MOVES and -T 1 end the run (-T within a few seconds), exit
# 1, unsolved, the puzzle alone in line, its best board in json; the json
# run's output is left for the caller to check further.
local_search_stops() {
	local prog=$1 moves=$2 start=$SECONDS
	run -1 --separate-stderr "$prog" --plain -s 1 -T 1 <<< "$NONE"
	[ $((SECONDS - start)) -le 3 ]
	run -1 --separate-stderr "$prog" --plain -s 1 -I "$moves" <<< "$NONE"
	assert_output "$NONE"
	assert_stderr 'unsolved: best cost'
	run -1 --separate-stderr "$prog" --plain -s 1 -I "$moves" -t json <<< "$NONE"
	assert_output --partial '"status":"unsolved"'
	assert_output --partial '"board":"12345678'
}

assert_stderr() {
	output="$stderr" assert_output --partial "$1"
}
