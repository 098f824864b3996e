#!/usr/bin/env bats
# sudoku-cost: the two cost functions, conflicts, checks.

load helper

SOLVED='296378154715462893483951726948215637361794582527683419832546971174829365659137248'
PUZ='..6.781.47.546.8.....9.1.2.94.2.56...6.7.4.8...76.3.19.3.5.6.....4.293.56.913.2..'
# the solution with r1c1 and r1c2 swapped (one box, one row, two columns)
SWAPPED='926378154715462893483951726948215637361794582527683419832546971174829365659137248'

setup() {
	cd "$BATS_TEST_TMPDIR"
}

# costs BOARD MISSING DUP: the board's cost under each metric.
costs() {
	run sudoku-cost <<< "$1"
	assert_output "$2"
	run sudoku-cost --metric dup <<< "$1"
	assert_output "$3"
}

@test "a solution costs 0 under both metrics" {
	costs "$SOLVED" 0 0
}

@test "a swap inside a box costs 2 missing digits and 2 repeats" {
	costs "$SWAPPED" 2 2
}

@test "missing counts empty cells, dup does not" {
	# 41 empty cells, in rows and columns missing 82 digits; no repeats
	costs "$PUZ" 82 0
}

@test "the cost of a carried board, not of the puzzle" {
	run sudoku-cost <<< "$PUZ $SOLVED"
	assert_output 0
}

@test "-l lists the conflicting cells" {
	run sudoku-cost -l <<< "$SWAPPED"
	assert_output '2 r1c1 r1c2 r4c1 r6c2'
}

@test "--check: exit 0 for solutions, 1 otherwise" {
	run sudoku-cost --check <<< "$SOLVED"
	assert_success
	assert_output 'valid 0'
	run -1 sudoku-cost --check <<< "$SWAPPED"
	assert_output 'invalid 2'
	run -1 sudoku-cost --check <<< "$PUZ"
	assert_output 'incomplete 82'
	printf '%s\n%s\n' "$SOLVED" "$SWAPPED" > two.txt
	run -1 sudoku-cost --check two.txt
	assert_equal "${#lines[@]}" 2
}

@test "the published example solution passes the check" {
	need_data
	run sudoku-cost --check "$DATA/seeds/example_9x9.solution"
	assert_success
	run sudoku-cost --check <(paste -d' ' "$DATA/seeds/example_9x9.txt" "$DATA/seeds/example_9x9.solution")
	assert_success
}

@test "json and csv carry the cost as keys" {
	run sudoku-cost -t json -l <<< "$SWAPPED swapped"
	assert_output '{"id":"swapped","size":9,"box":[3,3],"puzzle":"926378154715462893483951726948215637361794582527683419832546971174829365659137248","cost":2,"metric":"missing","conflicts":["r1c1","r1c2","r4c1","r6c2"]}'
	run sudoku-cost -t csv -m dup <<< "$SWAPPED"
	assert_output "$(printf 'id,box,puzzle,board,cost,metric\n,3x3,%s,,2,dup' "$SWAPPED")"
}

@test "pretty and svg show the cost above each board; line, grid and pencil, which cannot, are refused" {
	run -0 --separate-stderr sudoku-cost -l -t pretty <<< "$SWAPPED swapped"
	assert_line -n 0 '2 r1c1 r1c2 r4c1 r6c2 swapped'
	assert_line -n 1 --regexp '^\+-+'
	[ "${#lines[@]}" -eq 14 ]
	run -0 sudoku-cost -t svg <<< "$SWAPPED swapped"
	assert_output --partial ">2 swapped</text>"
	for t in line grid pencil; do
		run -2 --separate-stderr sudoku-cost -t "$t" <<< "$SWAPPED"
		assert_equal "$stderr" "sudoku-cost: -t $t holds boards alone, with no place for sudoku-cost's answer: use -t text (the default), pretty, svg, json or csv"$'\n'"Try 'sudoku-cost --help' for more information."
		assert_output ''
	done
}

@test "the name follows the answer in text" {
	run sudoku-cost <<< "$SOLVED the solution"
	assert_output '0 the solution'
}

@test "contradictory givens are counted, not rejected" {
	# two 5s in row 1, three in box 1
	run sudoku-cost -m dup <<< "55${PUZ:2}"
	assert_success
	assert_output 3
}

@test "16x16 and 25x25 complete instances are valid solutions" {
	need_data
	run sudoku-cost --check <(grep -v '^#' "$DATA/lewis/inst16x16_p100.txt" | head -20)
	assert_success
	run sudoku-cost --check <(grep -v '^#' "$DATA/lewis/inst25x25_p100.txt" | head -20)
	assert_success
}
