#!/usr/bin/env bats
# sudoku-fill: starting boards for local search.

load helper

PUZ='..6.781.47.546.8.....9.1.2.94.2.56...6.7.4.8...76.3.19.3.5.6.....4.293.56.913.2..'

setup() {
	cd "$BATS_TEST_TMPDIR"
}

# box_ok LINE: every box of the board (second field) holds each digit once
box_ok() {
	awk '{ b = $2; for (box = 0; box < 9; box++) { seen = "";
		for (k = 0; k < 9; k++) { r = int(box / 3) * 3 + int(k / 3); c = (box % 3) * 3 + k % 3;
			d = substr(b, r * 9 + c + 1, 1); if (index(seen, d)) exit 1; seen = seen d } } }' <<< "$1"
}

# row_ok LINE: every row of the board holds each digit once
row_ok() {
	awk '{ b = $2; for (r = 0; r < 9; r++) { seen = "";
		for (c = 0; c < 9; c++) { d = substr(b, r * 9 + c + 1, 1); if (index(seen, d)) exit 1; seen = seen d } } }' <<< "$1"
}

# givens_kept LINE: the board agrees with every given of the puzzle
givens_kept() {
	awk '{ for (i = 1; i <= length($1); i++) { p = substr($1, i, 1);
		if (p != "." && p != substr($2, i, 1)) exit 1 } }' <<< "$1"
}

@test "box (default): every box a permutation, givens untouched" {
	run sudoku-fill -s 3 <<< "$PUZ"
	assert_success
	assert_output --regexp "^$PUZ [1-9]{81}\$"
	box_ok "$output"
	givens_kept "$output"
}

@test "box-sequential puts the missing digits counting up, as the Go program" {
	# box 1 holds 6, 7, 5: its empty cells get 1 2 / 3 / 4 8 9 in reading order
	run sudoku-fill -k box-sequential <<< "$PUZ"
	assert_output "$PUZ 126278134735463856489951729941215623263784485587693719132546146574729375689138289"
	run sudoku-fill -k box-sequential -s 1 <<< "$PUZ"
	assert_output "$PUZ 126278134735463856489951729941215623263784485587693719132546146574729375689138289"
}

@test "row: every row a permutation" {
	run sudoku-fill -k row -s 5 <<< "$PUZ"
	row_ok "$output"
	givens_kept "$output"
}

@test "random: every empty cell gets some digit" {
	run sudoku-fill --kind random -s 5 <<< "$PUZ"
	assert_output --regexp "^$PUZ [1-9]{81}\$"
	givens_kept "$output"
}

@test "the same seed gives the same boards; another seed others" {
	need_data
	sample 17_clue.txt 50 > in.txt
	a=$(sudoku-fill -s 42 in.txt)
	b=$(sudoku-fill -s 42 in.txt)
	c=$(sudoku-fill -s 43 in.txt)
	assert_equal "$a" "$b"
	[ "$a" != "$c" ]
}

@test "a record's board does not depend on its place in the stream" {
	need_data
	sample 17_clue.txt 50 > in.txt
	sudoku-fill -s 9 in.txt | tail -n 10 > whole
	tail -n 10 in.txt | sudoku-fill -s 9 > part
	run cmp whole part
	assert_success
}

@test "json carries the run's seed, which reproduces the board" {
	run sudoku-fill -t json -s 77 <<< "$PUZ"
	assert_output --partial '"seed":77'
	run sudoku-fill -t json -k box-sequential <<< "$PUZ"
	refute_output --partial '"seed"'
}

@test "without -s the seed is reported with -v and reproduces the run" {
	run --separate-stderr sudoku-fill -v <<< "$PUZ"
	seed=$(sed -n 's/^sudoku-fill: seed \([0-9]*\)$/\1/p' <<< "$stderr")
	[ -n "$seed" ]
	first=$output
	run sudoku-fill -s "$seed" <<< "$PUZ"
	assert_output "$first"
}

@test "16x16, 25x25 and 6x6 boards fill box by box" {
	need_data
	run bash -c "sudoku-fill -s 1 '$DATA/seeds/variant5_16x16.txt' | sudoku-cost -m dup -t json"
	assert_success
	sudoku-fill -s 2 <(grep -v '^#' "$DATA/lewis/inst25x25_p040.txt" | head -3) > f25
	assert_equal "$(wc -l < f25)" 3
	run sudoku-fill -k box-sequential <<< '1.....................................'
	assert_failure 2
	run sudoku-fill -k box-sequential <<< "1$(printf '%035d' 0)"
	assert_output "1$(printf '%035d' 0 | tr 0 .) 123123456456123123456456123123456456"
}

@test "unknown kind is a usage error" {
	run -2 --separate-stderr sudoku-fill -k diagonal <<< "$PUZ"
	assert_stderr 'unknown fill kind'
	assert_output ''
}
