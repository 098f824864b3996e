#!/usr/bin/env bats
# Box shapes that are not square (2x3, 3x2, 4x8, ...) survive every format
# and every pipe; the line format states them in a "# box RxC" comment.

load helper

setup() {
	cd "$BATS_TEST_TMPDIR"
}

# A complete board for boxes of R rows and C columns, as a grid with its
# shape in the header: valid under RxC, not under CxR.
full_grid() {
	awk -v R="$1" -v C="$2" 'BEGIN {
		N = R * C
		print R "x" C
		for (r = 0; r < N; r++) {
			line = ""
			for (c = 0; c < N; c++)
				line = line (c ? " " : "") ((r % R) * C + int(r / R) + c) % N + 1
			print line
		}
	}'
}

@test "the pipeline of the report: 6x6 puzzles with 3x2 boxes, through a pipe, are unique" {
	run -0 bash -c 'sudoku-gen -b 3x2 -n 3 -s 1 | sudoku-bt -u'
	assert_output "$(printf 'unique 1\nunique 1\nunique 1')"
	run -0 bash -c 'sudoku-gen -b 3x2 -n 2 -s 1 | sudoku-print -t line'
	assert_line -n 0 "# box 3x2"
	assert_line -n 3 "# box 2x3"
	assert_equal "${#lines[@]}" 4
}

@test "every non-square shape up to 64x64 keeps its boxes in line, grid, csv and json" {
	local shapes=0
	for r in $(seq 2 32); do
		for c in $(seq 2 32); do
			[ "$r" -ne "$c" ] && [ $((r * c)) -le 64 ] || continue
			shapes=$((shapes + 1))
			full_grid "$r" "$c" > base.grid
			formats="grid csv json"
			[ $((r * c)) -gt 35 ] || formats="line $formats"
			for f in $formats; do
				sudoku-print -t "$f" base.grid > "out.$f"
				result=$(sudoku-cost --check "out.$f") || true
				[ "$result" = "valid 0" ] || fail "${r}x${c} through $f: $result"
				box=$(sudoku-print -t json "out.$f")
				[[ "$box" == *"\"box\":[$r,$c]"* ]] || fail "${r}x${c} through $f: $box"
			done
		done
	done
	assert_equal "$shapes" 146
}

@test "a line board of a size with many shapes: the stated one, else the SPEC's default, never a silent other" {
	full_grid 3 2 > b32.grid
	sudoku-print -t line b32.grid > b32.txt
	# without the comment the board is read with the default 2x3 boxes, and so it is no solution
	run -1 sudoku-cost --check <(grep -v '^#' b32.txt)
	assert_output "invalid 0"
	run -0 sudoku-cost --check b32.txt
	# a stated shape that contradicts -b is an error, not a choice
	run -2 --separate-stderr sudoku-cost -b 2x3 b32.txt
	assert_stderr "box 3x2 contradicts -b 2x3"
	# a stated shape applies to the boards of its size only; a bad one is an error
	{ cat b32.txt; echo "$WIKI"; } > mixed.txt
	run -0 sudoku-bt -u mixed.txt
	printf '# box 3by2\n%s\n' "$(tail -n 1 b32.txt)" > bad.txt
	run -2 --separate-stderr sudoku-cost bad.txt
	assert_stderr "bad.txt:1: bad box shape"
}

@test "cat of a file of 3x2 boxes and one of 2x3 (the default, no statement) reads each with its own boxes" {
	sudoku-gen -b 3x2 -n 2 -s 1 > a.txt
	sudoku-gen -b 2x3 -n 2 -s 1 > b.txt
	# the stream that stated 3x2 states the default again at its end
	run tail -1 a.txt
	assert_output '# box 2x3'
	run grep -c '^# box' b.txt
	assert_output 0
	run -0 bash -c 'cat a.txt b.txt | sudoku-bt -u -t json'
	assert_equal "$(grep -o '"box":\[[0-9],[0-9]\]' <<< "$output" | tr '\n' ' ')" \
		'"box":[3,2] "box":[3,2] "box":[2,3] "box":[2,3] '
	# every writer of lines does it, whatever the tool
	sudoku-bt -t line a.txt > sa.txt
	sudoku-bt -t line b.txt > sb.txt
	run -0 bash -c 'cat sa.txt sb.txt | sudoku-cost --check'
	assert_output "$(printf 'valid 0\nvalid 0\nvalid 0\nvalid 0')"
}
