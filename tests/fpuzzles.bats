#!/usr/bin/env bats
# The fpuzzles format: the JSON of f-puzzles and SudokuPad, read and
# written with the rules the toolkit holds; a constraint it does not know
# refused by name, never dropped.

load helper

setup() {
	cd "$BATS_TEST_TMPDIR"
	EMPTY=$(printf '.%.0s' $(seq 81))
}

# An f-puzzles object of size 9: a grid of empty cells but r1c1 (a given 5)
# and r1c2 (an entry 3), with the JSON members $1 after it.
fpuzzle() {
	local row='[{},{},{},{},{},{},{},{},{}]' grid
	grid="[[{\"value\":5,\"given\":true},{\"value\":3},{},{},{},{},{},{},{}]$(printf ",$row%.0s" $(seq 8))]"
	echo "{\"size\":9,\"title\":\"one\",\"author\":\"someone\",\"grid\":$grid${1:+,$1}}"
}

@test "fpuzzles: givens, entries, title and author read; detected by a grid of rows" {
	fpuzzle > one.json
	run -0 sudoku-print -t json one.json
	assert_output "{\"id\":\"one\",\"size\":9,\"box\":[3,3],\"puzzle\":\"5${EMPTY:1}\",\"board\":\"53${EMPTY:2}\",\"author\":\"someone\"}"
	run -0 sudoku-print -f fpuzzles -t json one.json
	assert_output --partial '"puzzle":"5...'
	# written back as it was, cell by cell
	run -0 sudoku-print -t fpuzzles one.json
	assert_output "$(cat one.json)"
}

@test "fpuzzles: each constraint is the toolkit's rule; diagonal- is r1c1 to r9c9, diagonal+ r9c1 to r1c9" {
	fpuzzle '"diagonal-":true' > main.json
	run -0 sudoku-print -t json main.json
	assert_output --partial '"rules":{"diagonals":"main"}'
	fpuzzle '"diagonal+":true' > anti.json
	run -0 sudoku-print -t json anti.json
	assert_output --partial '"rules":{"diagonals":"anti"}'
	fpuzzle '"antiknight":true,"antiking":true,"nonconsecutive":true,"disjointgroups":true,"killercage":[{"cells":["R9C9","R9C8"],"value":"17"},{"cells":["R8C9"]}],"odd":[{"cell":"R2C2"}],"even":[{"cell":"R3C3"}]' > all.json
	run -0 sudoku-print -t json all.json
	assert_output --partial '"rules":{"extra":"disjoint","anti-knight":true,"anti-king":true,"non-consecutive":true,"cages":[{"cells":["r9c9","r9c8"],"sum":17},{"cells":["r8c9"]}],"parity":"..........o.........e'
	# and back to f-puzzles' own words
	run -0 sudoku-print -t fpuzzles all.json
	assert_output --partial '"antiknight":true,"antiking":true,"nonconsecutive":true,"disjointgroups":true,"killercage":[{"cells":["R9C9","R9C8"],"value":"17"},{"cells":["R8C9"],"value":""}],"odd":[{"cell":"R2C2"}],"even":[{"cell":"R3C3"}]}'
}

@test "fpuzzles: a cost counts diagonal- on the main diagonal and diagonal+ on the other" {
	# a 5 at r9c9 beside r1c1's: twice on the main diagonal, nowhere else
	sed 's/\[{},{},{},{},{},{},{},{},{}\]\],/[{},{},{},{},{},{},{},{},{"value":5,"given":true}]],/' \
		<<< "$(fpuzzle '"diagonal-":true')" > main.json
	run -0 sudoku-cost -m dup main.json
	assert_output '1 one'
	sed 's/"diagonal-"/"diagonal+"/' main.json > anti.json
	run -0 sudoku-cost -m dup anti.json
	assert_output '0 one'
}

@test "fpuzzles: regions: a jigsaw's, and boxes of another shape read as that shape" {
	# Solo's jigsaw, through fpuzzles and back
	id=$(grep '^9j:' "$ROOT/tests/golden/solo-ids.txt")
	sudoku-print -t fpuzzles <<< "$id" > jig.json
	run -0 grep -c '"region":' jig.json
	run -0 sudoku-print -t json jig.json
	assert_output "$(sudoku-print -t json <<< "$id")"
	# 6x6 of 3x2 boxes: f-puzzles' default is 2x3, so each cell says its region
	printf '1%s\n' "$(printf '.%.0s' $(seq 35))" > six.txt
	sudoku-print -b 3x2 -t fpuzzles six.txt > six.json
	assert_equal "$(grep -o '"region":' six.json | wc -l)" 36
	run -0 sudoku-print -t json six.json
	assert_output '{"size":6,"box":[3,2],"puzzle":"1..................................."}'
	# the default shape says none
	sudoku-print -t fpuzzles six.txt > default.json
	run ! grep -q '"region"' default.json
}

@test "fpuzzles: round trips fpuzzles -> json -> fpuzzles and solo -> fpuzzles -> solo keep the rules" {
	fpuzzle '"diagonal+":true,"antiknight":true,"killercage":[{"cells":["R9C9","R9C8"],"value":"17"}],"odd":[{"cell":"R2C2"}]' > in.json
	run -0 bash -c 'sudoku-print -t json in.json | sudoku-print -t fpuzzles'
	assert_output "$(sudoku-print -t fpuzzles in.json)"
	run -0 bash -c 'sudoku-print -t json in.json | sudoku-print -t fpuzzles | sudoku-print -t json'
	assert_output "$(sudoku-print -t json in.json)"
	grep -v '^#' "$ROOT/tests/golden/solo-ids.txt" > ids.txt
	run -0 bash -c 'sudoku-print -t fpuzzles ids.txt | sudoku-print -t solo'
	assert_output "$(cat ids.txt)"
	# windoku's regions go out as extra regions and come back as the same cells
	echo "{\"size\":9,\"puzzle\":\"$EMPTY\",\"rules\":{\"extra\":\"windoku\"}}" > win.json
	run -0 bash -c 'sudoku-print -t fpuzzles win.json | sudoku-print -t json'
	assert_output --partial '"extra":"..........111.222..111.222..111.222...........333.444..333.444..333.444.........."'
}

@test "fpuzzles: a constraint or a cell's key the toolkit does not know is refused by name (FILE:LINE, exit 2)" {
	for key in thermometer arrow littlekillersum sandwichsum cage text; do
		fpuzzle "\"$key\":[]" > x.json
		run -2 --separate-stderr sudoku-print -t json x.json
		assert_output ''
		assert_stderr "x.json:1: f-puzzles constraint \"$key\" is not one the toolkit knows"
	done
	# a cell's pencil marks are a player's notes, not read; an unknown key refused
	fpuzzle > good.json
	sed 's/{"value":3}/{"value":3,"centerPencilMarks":[1,2]}/' good.json > marks.json
	run -2 --separate-stderr sudoku-print -t json marks.json
	assert_stderr 'marks.json:1: cell r1c2: pencil marks ("centerPencilMarks") are not read'
	sed 's/{"value":3}/{"value":3,"glow":true}/' good.json > glow.json
	run -2 --separate-stderr sudoku-print -t json glow.json
	assert_stderr 'glow.json:1: cell r1c2: "glow" is not a key the toolkit knows'
	# an object over several lines is one record, its errors at its first line
	{ echo; fpuzzle '"arrow":[]' | sed 's/,"grid"/,\n"grid"/'; fpuzzle; } > two.json
	run -2 --separate-stderr sudoku-print -f fpuzzles -t json two.json
	assert_stderr 'two.json:2: f-puzzles constraint "arrow"'
	assert_output --partial '"id":"one"'
	# an extra region the toolkit cannot hold (not N cells)
	fpuzzle '"extraregion":[{"cells":["R1C1","R1C2"]}]' > short.json
	run -2 --separate-stderr sudoku-print -t json short.json
	assert_stderr '"extraregion" 1 has 2 cells'
}

@test "fpuzzles: what f-puzzles cannot hold is refused when writing" {
	run -2 --separate-stderr sudoku-print -t fpuzzles <<< "$(sudoku-print -t pencil <<< "$WIKI")"
	assert_stderr 'a puzzle of candidates does not fit the fpuzzles format'
}
