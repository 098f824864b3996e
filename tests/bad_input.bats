#!/usr/bin/env bats
# The catalogue of bad inputs: each gives exit 2, a message naming the file
# and line, and no partial output.

load helper

GOOD='..6.781.47.546.8.....9.1.2.94.2.56...6.7.4.8...76.3.19.3.5.6.....4.293.56.913.2..'
SOLVED='296378154715462893483951726948215637361794582527683419832546971174829365659137248'

# bad FILE LINE MESSAGE [options...]: sudoku-print -t line rejects FILE
bad() {
	local file=$1 line=$2 message=$3
	shift 3
	run -2 --separate-stderr sudoku-print -t line "$@" "$file"
	assert_output ''
	assert_stderr "sudoku-print: $file:$line: "
	assert_stderr "$message"
}

setup() {
	cd "$BATS_TEST_TMPDIR"
}

@test "line: short line" {
	printf '# a comment\n%s\n' "${GOOD%?}" > f.txt
	bad f.txt 2 'puzzle has 80 symbols' -f line
}

@test "line: long line" {
	printf '# a comment\n%s.\n' "$GOOD" > f.txt
	bad f.txt 2 'puzzle has 82 symbols' -f line
}

@test "line: unknown symbol" {
	printf '# a comment\n\n%s\n' "${GOOD%?}?" > f.txt
	bad f.txt 3 "unknown symbol '?' at r9c9"
}

@test "line: symbol out of range" {
	printf '%s\n' "A${GOOD#?}" > f.txt
	bad f.txt 1 "out of range symbol 'A' at r1c1"
}

@test "line: a board that changes a given" {
	printf '%s %s\n' "$GOOD" "$SOLVED" "$GOOD" "${SOLVED:0:2}1${SOLVED:3}" > f.txt
	run -2 --separate-stderr sudoku-print -t line f.txt
	assert_output "$GOOD $SOLVED"
	assert_stderr "f.txt:2: board changes the given at r1c3"
}

@test "line: prime size" {
	printf '%049d\n' 0 > f.txt
	bad f.txt 1 'size 7 has no boxes'
}

@test "line: a box shape that does not fit" {
	printf '%s\n' "$GOOD" > f.txt
	bad f.txt 1 '-b 2x8 does not fit a 9x9 board' -b 2x8
}

@test "line: an 8 MB line" {
	head -c 8000000 /dev/zero | tr '\0' '1' > f.txt
	printf '\n%s\n' "$GOOD" >> f.txt
	run -2 --separate-stderr sudoku-print -t line f.txt
	assert_output "$GOOD"
	assert_stderr 'f.txt:1: record over 1 MiB'
}

@test "line: a name that is not UTF-8" {
	printf '%s \377\376\n' "$GOOD" > f.txt
	bad f.txt 1 'name is not valid UTF-8'
}

@test "grid: value out of range" {
	printf '9\n' > f.grid
	for r in 1 2 3 4 5 6 7 8; do echo '0 0 0 0 0 0 0 0 0'; done >> f.grid
	echo '0 0 0 0 0 0 0 0 10' >> f.grid
	bad f.grid 10 "bad cell '10' at r9c9"
}

@test "grid: a row with too few cells" {
	printf '1 2 3 4\n3 4 1 2\n2 1\n4 3 2 1\n' > f.grid
	bad f.grid 3 'row has 2 cells; expected 4'
}

@test "grid: too few rows" {
	printf '1 2 3 4\n3 4 1 2\n\n' > f.grid
	bad f.grid 1 'grid has 2 rows; expected 4'
}

@test "grid: too many rows" {
	printf '1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n1 2 3 4\n' > f.grid
	bad f.grid 5 'more rows than columns'
}

@test "grid: unknown cell" {
	printf '1 2 3 4\n3 4 x 2\n2 1 4 3\n4 3 2 1\n' > f.grid
	bad f.grid 2 "bad cell 'x' at r2c3"
}

@test "grid: bad header" {
	printf '9x9\n1 2 3 4\n' > f.grid
	bad f.grid 1 "bad grid header '9x9'"
}

@test "grid: header box contradicts -b" {
	printf '2x3\n' > f.grid
	for r in 1 2 3 4 5 6; do echo '0 0 0 0 0 0'; done >> f.grid
	bad f.grid 1 'box 2x3 contradicts -b 3x2' -b 3x2
}

@test "json: truncated object" {
	printf '{"puzzle": "%s"\n' "$GOOD" > f.json
	bad f.json 1 'truncated JSON object'
}

@test "json: bad syntax" {
	printf '{"puzzle": "%s",}\n' "$GOOD" > f.json
	bad f.json 1 'bad JSON'
}

@test "json: puzzle of the wrong type" {
	printf '{"puzzle": 5}\n' > f.json
	bad f.json 1 'puzzle: a board must be a string or an array of rows'
}

@test "json: not an object" {
	printf '{"puzzle": "%s"}\n[1, 2]\n' "$GOOD" > f.json
	run -2 --separate-stderr sudoku-print -t line f.json
	assert_output "$GOOD"
	assert_stderr 'f.json:2: expected a JSON object'
}

@test "json: size that contradicts the board" {
	printf '{"size": 16, "puzzle": "%s"}\n' "$GOOD" > f.json
	bad f.json 1 'puzzle does not fit size 16'
}

@test "json: box that contradicts the board" {
	printf '{"box": [2, 4], "puzzle": "%s"}\n' "$GOOD" > f.json
	bad f.json 1 'puzzle does not fit size 8'
}

@test "json: a row of the wrong length" {
	printf '{"puzzle": [[1,2,3,4],[3,4,1,2],[2,1,4],[4,3,2,1]]}\n' > f.json
	bad f.json 1 'row 3 is not an array of 4 cells'
}

@test "json: value out of range in rows" {
	printf '{"puzzle": [[1,2,3,4],[3,4,1,2],[2,1,4,3],[4,3,2,5]]}\n' > f.json
	bad f.json 1 'r4c4: value out of range'
}

@test "json: id of the wrong type" {
	printf '{"id": [1], "puzzle": "%s"}\n' "$GOOD" > f.json
	bad f.json 1 'id must be a string'
}

@test "json: board that changes a given" {
	printf '{"puzzle": "%s", "board": "%s"}\n' "$GOOD" "${SOLVED:0:2}1${SOLVED:3}" > f.json
	bad f.json 1 'board changes the given at r1c3'
}

@test "json: an object over 1 MiB" {
	{ printf '{"puzzle": "%s", "pad": [\n' "$GOOD"
	  for i in $(seq 3000); do printf '"%0500d",\n' 0; done
	  printf '0]}\n{"puzzle": "%s"}\n' "$GOOD"; } > f.json
	run -2 --separate-stderr sudoku-print -t line f.json
	assert_output "$GOOD"
	assert_stderr 'f.json:1: record over 1 MiB'
}

@test "csv: unterminated quote" {
	printf 'id,puzzle\na,"%s\n' "$GOOD" > f.csv
	bad f.csv 2 'unterminated quoted field'
}

@test "csv: no puzzle column" {
	printf 'id,other\na,%s\n' "$GOOD" > f.csv
	bad f.csv 1 'no puzzle column' -f csv
}

@test "csv: a row with too many fields" {
	printf 'id,puzzle\na,%s,extra\n' "$GOOD" > f.csv
	bad f.csv 2 'row has 3 fields; the header has 2'
}

@test "csv: a puzzle of the wrong length" {
	printf 'puzzle,solution\n%s,%s\n' "${GOOD%??}" "$SOLVED" > f.csv
	bad f.csv 2 'board has 79 symbols, not a square'
}

@test "binary garbage" {
	printf '\001\002\003\377\376 \000\000abc\n\003\004\n' > f.bin
	run -2 --separate-stderr sudoku-print -t line f.bin
	assert_output ''
	assert_stderr 'sudoku-print: f.bin:1: '
}

@test "a file that does not exist" {
	run -2 --separate-stderr sudoku-print nonexistent.txt
	assert_output ''
	assert_stderr 'sudoku-print: nonexistent.txt: No such file or directory'
}

@test "a file mixing good and bad records yields every good one" {
	printf '%s one\n%s\n%s two\nxyz\n%s three\n' "$GOOD" "${GOOD%?}x" "$GOOD" "$GOOD" > f.txt
	run -2 --separate-stderr sudoku-print -t line f.txt
	assert_output "$(printf '%s one\n%s two\n%s three' "$GOOD" "$GOOD" "$GOOD")"
	assert_stderr 'f.txt:2: '
	assert_stderr 'f.txt:4: '
}

@test "grid: reading resumes after the blank line that ends a bad record" {
	printf '1 2 3 4\n3 4 x 2\n2 1 4 3\n4 3 2 1\n\n1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n' > f.grid
	run -2 --separate-stderr sudoku-print -t line f.grid
	assert_output '1234341221434321'
	assert_stderr 'f.grid:2: '
}

@test "json: reading resumes at the next line starting with {" {
	printf '{"puzzle":\n  "%s",\n  "size": oops\n}\n{"puzzle": "%s",\n "id": "b"}\n' "$GOOD" "$GOOD" > f.json
	run -2 --separate-stderr sudoku-print -t line f.json
	assert_output "$GOOD b"
	assert_stderr 'f.json:3: bad JSON'
}

@test "every program rejects bad input the same way" {
	printf '%s\n%sx\n' "$GOOD" "$GOOD" > f.txt
	for prog in sudoku-print sudoku-cost sudoku-fill sudoku-bt sudoku-anneal sudoku-vns; do
		run -2 --separate-stderr "$prog" f.txt
		assert_stderr "$prog: f.txt:2: puzzle has 82 symbols"
	done
}

@test "the local searches solve the good records around a bad one" {
	printf '%s\n%sx\n' "$WIKI" "$WIKI" > f.txt
	for prog in sudoku-anneal sudoku-vns; do
		run -2 --separate-stderr "$prog" -s 1 f.txt
		assert_output "$WIKI $WIKI_SOLVED"
		assert_stderr "$prog: f.txt:2: puzzle has 82 symbols"
	done
}

# Box sides whose product overflows (5 x (2^64+9)/5 wraps to 9, 2^32+1 x
# 2^32-1 to a negative): refused in every form a box shape is read, never
# a board of the wrapped size.
HUGE_BOX=5x3689348814741910325
@test "a box shape whose product overflows is refused in every format and option" {
	printf '{"box":[5,3689348814741910325],"puzzle":"%s"}\n' "$GOOD" > a.json
	bad a.json 1 'box must be [R, C]'
	printf '{"box":"%s","puzzle":"%s"}\n' "$HUGE_BOX" "$GOOD" > s.json
	bad s.json 1 'box must be [R, C]'
	printf 'box,puzzle\n%s,%s\n' "$HUGE_BOX" "$GOOD" > b.csv
	bad b.csv 2 'box must be [R, C]'
	printf '%s\n%s\n' "$HUGE_BOX" "$(sudoku-print -t grid <<< "$GOOD" | tail -n +2)" > h.grid
	bad h.grid 1 "bad grid header '$HUGE_BOX'"
	# a bad comment is a bad record of its own: the puzzle after it is read
	printf '# box %s\n%s\n' "$HUGE_BOX" "$GOOD" > c.txt
	run -2 --separate-stderr sudoku-print -t line c.txt
	assert_stderr "sudoku-print: c.txt:1: bad box shape in '# box $HUGE_BOX'; expected # box RxC"
	printf '{"file":"x","line":1,"format":"json","to":"line","record":{"box":[4294967297,4294967295],"puzzle":"%s"}}\n' "$GOOD" > p.pack
	bad p.pack 1 'bad pack line: box must be [R, C]' -f pack
	for shape in "$HUGE_BOX" 4294967297x4294967295 33x2 2x33 99999999999999999999x2; do
		for prog in sudoku-gen sudoku-play; do
			run -2 --separate-stderr "$prog" -b "$shape" -s 1
			assert_output ''
			assert_stderr --partial "bad box shape"
		done
	done
	# every reading program, on the json record
	for prog in sudoku-print sudoku-cost sudoku-fill sudoku-anneal sudoku-vns sudoku-bt sudoku-rate sudoku-play; do
		run -2 --separate-stderr "$prog" a.json
		assert_stderr --partial "a.json:1: box must be [R, C]"
	done
}

@test "a blank line before a box comment is no bad box shape" {
	# a blank line's end was read past, as far as the next line's "box"
	printf '\nbox 3x3\n' > blank.txt
	run -2 --separate-stderr sudoku-print blank.txt
	[[ "$stderr" != *"blank.txt:1:"* ]]
	assert_stderr --partial "blank.txt:2: bad cell 'box'"
	printf '\n# box 3x3\n%s\n' "$GOOD" > f.txt
	run -0 sudoku-print -t line f.txt
	assert_output "$GOOD"
	printf '\xef\xbb\xbf\n%s\n' "$GOOD" > bom.txt
	run -0 sudoku-print -t line bom.txt
	assert_output "$GOOD"
}

@test "csv: a quoted field never closed is one error, its bytes never held past 1 MiB" {
	# 100 MB in one field: one message, and no more resident at its peak
	# than for 2 MB, within 20 MB (peaks compared, not a ulimit -v, which a
	# sanitizer's shadow memory would meet)
	for mb in 2 100; do
		{ echo id,puzzle; printf 'x,"'; yes aaaa | head -c "${mb}000000"; } > open.csv
		run -2 --separate-stderr /usr/bin/time -f 'peak %M' -o "peak$mb" sudoku-print open.csv
		assert_output ''
		assert_stderr "sudoku-print: open.csv:2: record over 1 MiB (a quoted field never closed) (read as csv, for its header row)"
	done
	small=$(awk '/^peak/ { print $2 }' peak2) large=$(awk '/^peak/ { print $2 }' peak100)
	[ "$large" -lt $((small + 20000)) ] || { echo "peak $large KB, against $small KB for 2 MB"; return 1; }
	# a row over 1 MiB whose quote closes: reading goes on after it
	{ echo id,puzzle; printf 'x,"'; yes aaaa | head -c 2000000; printf 'a"\ny,%s\n' "$GOOD"; } > long.csv
	run -2 --separate-stderr sudoku-print -t line long.csv
	assert_output "$GOOD y"
	assert_stderr "sudoku-print: long.csv:2: record over 1 MiB (read as csv, for its header row)"
}

@test "control bytes of the input reach the terminal escaped" {
	printf '{"a":\001\033]0;title\007}\n' > ctl.json
	run -2 --separate-stderr sudoku-print ctl.json
	assert_stderr --partial "near '\\x01'"
	[[ "$stderr" != *$'\033'* ]]
	printf '{"file":"a\\u001b[31mb","line":3,"error":"bad \\u0007 thing"}\n' > ctl.pack
	run -2 --separate-stderr sudoku-print -f pack ctl.pack
	assert_stderr 'sudoku-print: a\x1b[31mb:3: bad \x07 thing'
	run -2 --separate-stderr sudoku-gen -b $'\033[31m'
	assert_stderr --partial "\\x1b[31m"
}
