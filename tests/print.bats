#!/usr/bin/env bats
# sudoku-print: the human view, colour, SVG.

load helper

PUZ='53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79'

setup() {
	cd "$BATS_TEST_TMPDIR"
}

@test "a boxed grid with . for empty cells" {
	run sudoku-print <<< "$PUZ"
	assert_success
	assert_line --index 0 '+-------+-------+-------+'
	assert_line --index 1 '| 5 3 . | . 7 . | . . . |'
	assert_line --index 4 '+-------+-------+-------+'
	assert_line --index 12 '+-------+-------+-------+'
	assert_equal "$(sudoku-print <<< "$PUZ" | wc -l)" 14
}

@test "a name is shown above its grid" {
	run sudoku-print <<< "$PUZ wikipedia"
	assert_line --index 0 'wikipedia'
}

@test "--unicode draws box lines" {
	run sudoku-print --unicode <<< "$PUZ"
	assert_line --index 0 '┌───────┬───────┬───────┐'
	assert_line --index 1 '│ 5 3 . │ . 7 . │ . . . │'
	assert_line --index 12 '└───────┴───────┴───────┘'
}

@test "no colour into a pipe; --color=always colours givens green" {
	run sudoku-print <<< "$PUZ"
	refute_output --partial $'\033['
	run sudoku-print --color=always <<< "$PUZ"
	assert_output --partial $'\033[1;32m5\033[0m'
	run sudoku-print --color=never <<< "$PUZ"
	refute_output --partial $'\033['
}

@test "NO_COLOR turns colour off on a terminal" {
	need_pty
	TERM=xterm run script -qec "printf '%s\n' '$PUZ' | $ROOT/bin/sudoku-print" /dev/null
	assert_output --partial $'\033[1;32m'
	TERM=xterm NO_COLOR=1 run script -qec "printf '%s\n' '$PUZ' | $ROOT/bin/sudoku-print" /dev/null
	refute_output --partial $'\033['
}

@test "no colour on a dumb terminal or where TERM is unset; --color=always still colours" {
	need_pty
	TERM=dumb run script -qec "printf '%s\n' '$PUZ' | $ROOT/bin/sudoku-print" /dev/null
	assert_output --partial '|'
	refute_output --partial $'\033['
	run env -u TERM script -qec "printf '%s\n' '$PUZ' | $ROOT/bin/sudoku-print" /dev/null
	refute_output --partial $'\033['
	TERM=dumb run script -qec "printf '%s\n' '$PUZ' | $ROOT/bin/sudoku-print --color=always" /dev/null
	assert_output --partial $'\033[1;32m'
}

@test "placed values, conflicts and wrong entries are told apart without colour" {
	printf '{"puzzle":"1...............","board":"1231............","wrong":["r1c3"]}\n' > w.json
	run sudoku-print w.json
	assert_line --index 1 '| *1 +2 | ?3 *1 |'
	assert_line --index 2 '|  .  . |  .  . |'
	run sudoku-print --color=always w.json
	assert_line --index 1 --partial $'\033[1;31m1\033[0m'
	assert_line --index 1 --partial $'\033[1;4;31m3\033[0m'
}

@test "16x16 and 36x36 grids" {
	need_data
	run sudoku-print "$DATA/seeds/variant5_16x16.txt"
	assert_line --index 1 '| 9 4 . 6 | 1 . . 5 | D . F 8 | . . 2 . |'
	printf '{"size":36,"puzzle":[%s]}\n' "$(for i in $(seq 36); do printf '[36%s],' "$(printf ',0%.0s' $(seq 35))"; done | sed 's/,$//')" > big.json
	run sudoku-print big.json
	assert_success
	assert_line --index 1 --partial '| *36   .   .   .   .   . |   .'
}

@test "-t svg draws a sheet a browser opens" {
	printf '%s one\n%s two\n' "$PUZ" "$PUZ" | sudoku-fill -s 1 > two.txt
	run sudoku-print -t svg two.txt
	assert_success
	assert_line --index 0 '<?xml version="1.0" encoding="UTF-8"?>'
	assert_line --index 1 --partial '<svg xmlns="http://www.w3.org/2000/svg"'
	assert_line --partial 'class="caption" xml:space="preserve">one</text>'
	assert_line --partial 'class="caption" xml:space="preserve">two</text>'
	assert_line --partial 'class="given">5</text>'
	assert_line --partial 'class="placed">'
	# a fill breaks rules: its cells are marked as clashes, not as wrong entries
	assert_line --partial 'class="clash"/>'
	assert_equal "$(grep -c '</svg>' <<< "$output")" 1
	if command -v xmllint > /dev/null; then
		sudoku-print -t svg two.txt | xmllint --noout -
	fi
}

@test "svg: more than 100 boards is an error and nothing is written" {
	for i in $(seq 101); do echo "$PUZ"; done > many.txt
	run -2 --separate-stderr sudoku-print -t svg many.txt
	assert_output ''
	assert_stderr 'many.txt:101: an SVG sheet holds at most 100 boards'
	head -100 many.txt > hundred.txt
	run sudoku-print -t svg hundred.txt
	assert_success
}

@test "svg escapes names" {
	run sudoku-print -t svg <<< "$PUZ a<b&c"
	assert_output --partial 'a&lt;b&amp;c'
}

# Bytes a terminal acts on or XML forbids: C0 controls but tab, DEL, C1.
no_control_bytes() {
	! LC_ALL=C grep -qaP '[\x00-\x08\x0b-\x0c\x0e-\x1f\x7f]|\xc2[\x80-\x9f]' "$1"
}

@test "control characters in a name: escaped as \\xNN in pretty output and svg, which stays XML" {
	# escape, bell, U+0085 (a C1 control), DEL; then UTF-8 and a tab kept
	printf '{"id":"a\\u001b[31mred\\u0007\\u0085\\u007f é\\tz<&","puzzle":"%s"}\n' "$PUZ" > ctl.json
	sudoku-print --color=always ctl.json > pretty.txt
	run head -1 pretty.txt
	assert_output "$(printf 'a\\x1b[31mred\\x07\\xc2\\x85\\x7f é\tz<&')"
	# the colours of the grid are ours; the name's escape is not in the file
	run grep -c $'\e\\[31m' pretty.txt
	assert_output 0
	sudoku-print -t svg ctl.json > sheet.svg
	no_control_bytes sheet.svg
	run grep -F 'class="caption"' sheet.svg
	assert_output --partial '>a\x1b[31mred\x07\xc2\x85\x7f é'$'\t''z&lt;&amp;</text>'
	if command -v xmllint > /dev/null; then
		xmllint --noout sheet.svg
	fi
	# the line format keeps the name as it is: it is data, not for a terminal
	printf '%s a\033b\n' "$PUZ" > ctl.txt
	run -0 sudoku-print -t line ctl.txt
	assert_output "$(cat ctl.txt)"
}
