#!/usr/bin/env bats
# Printable output: sudoku-print -t pdf (a book: puzzles --per-page a page
# on --paper, titled, then the solutions smaller, page numbers) and -t png
# (one board a picture, --size PX), read back with pdfinfo, pdftotext and
# bin/png-pixel (the size, and the colours of an area of a PNG).

load helper

setup_file() {
	cd "$BATS_FILE_TMPDIR"
	# six puzzles with a name, level, rating and solution, the first the
	# Wikipedia puzzle; and the same puzzles without their solutions
	{ printf '%s wiki\n' "$WIKI"; sudoku-gen -s 3 -n 5 -d easy -t line; } |
		sudoku-rate -t json | sudoku-bt -t json > solved.json
	sudoku-print -t line solved.json | cut -d' ' -f1 > puzzles.txt
}

setup() {
	cd "$BATS_TEST_TMPDIR"
	S="$BATS_FILE_TMPDIR"
	# a player's board: the Wikipedia puzzle filled with one wrong 9 at r1c3
	PLAYER="$WIKI ${WIKI_SOLVED:0:2}9${WIKI_SOLVED:3}"
}

pages() {
	pdfinfo "$1" | awk '/^Pages:/ { print $2 }'
}

# The symbols of page $2 of PDF $1 in reading order, without its heading
# (the first solutions page's), its title (the first line) and its number
# (the last), one a line.
page_symbols() {
	pdftotext -layout -f "$2" -l "$2" "$1" - | sed '/^[[:space:]]*$/d; /^ *Solutions$/d' | sed '1d;$d' |
		tr -s ' \n' '\n\n' | sed '/^$/d'
}

# The symbols of a line puzzle, one a line, empty cells left out.
givens() {
	printf '%s\n' "$1" | sed 's/./&\n/g' | grep -v '^\.\?$'
}

# A puzzle of R x C boxes in JSON rows (any size): the pattern board, every
# third cell emptied; and its givens, one a line.
pattern() {
	awk -v R="$1" -v C="$2" 'BEGIN { N = R * C; printf "{\"id\":\"p%d\",\"size\":%d,\"box\":[%d,%d],\"puzzle\":[", N, N, R, C
		for (r = 0; r < N; r++) { printf "%s[", r ? "," : ""
			for (c = 0; c < N; c++) { v = ((r % R) * C + int(r / R) + c) % N + 1
				printf "%s%d", c ? "," : "", (r * N + c) % 3 ? v : 0 }
			printf "]" }
		print "]}" }'
}
# (symbols up to 35x35, numbers beyond)
pattern_givens() {
	awk -v R="$1" -v C="$2" 'BEGIN { N = R * C; s = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
		for (r = 0; r < N; r++) for (c = 0; c < N; c++) {
			v = ((r % R) * C + int(r / R) + c) % N + 1
			if ((r * N + c) % 3) print (N > 35 ? v : substr(s, v, 1)) } }'
}

@test "book: --per-page 1, 2, 4, 6 on A4 and Letter: the puzzles' pages, then the solutions' (a board more across and down)" {
	# 6 puzzles: 6, 3, 2, 1 pages; their solutions 2x2, 2x3, 3x3, 3x4 a page
	for paper in a4 letter; do
		for pair in 1:8 2:4 4:3 6:2; do
			run -0 sudoku-print -t pdf --paper "$paper" --per-page "${pair%:*}" -o book.pdf "$S/solved.json"
			assert_equal "$(pages book.pdf)" "${pair#*:}"
		done
		run -0 pdfinfo book.pdf
		if [ "$paper" = a4 ]; then
			assert_output --partial 'Page size:       595.276 x 841.89 pts (A4)'
		else
			assert_output --partial 'Page size:       612 x 792 pts (letter)'
		fi
	done
	# A4 and 4 a page by default
	run -0 sudoku-print -t pdf -o book.pdf "$S/solved.json"
	assert_equal "$(pages book.pdf)" 3
	run -0 pdfinfo book.pdf
	assert_output --partial '(A4)'
}

@test "book: puzzles without a solution have no solutions pages" {
	run -0 sudoku-print -t pdf --per-page 2 -o book.pdf "$S/puzzles.txt"
	assert_equal "$(pages book.pdf)" 3
}

@test "book: the first puzzle's page shows every given in order, and only the givens of a solved record" {
	sudoku-print -t pdf --per-page 1 -o book.pdf "$S/solved.json"
	assert_equal "$(page_symbols book.pdf 1)" "$(givens "$WIKI")"
}

@test "book: titles give the number, name, level and rating the record has; every page its number" {
	sudoku-print -t pdf --per-page 1 -o book.pdf "$S/solved.json"
	run -0 pdftotext -layout -f 1 -l 1 book.pdf -
	assert_line --index 0 '1. wiki very-easy 1.2'
	level=$(sed -n 2p "$S/puzzles.txt" | sudoku-rate | cut -d' ' -f1,2)
	run -0 pdftotext -layout -f 2 -l 2 book.pdf -
	assert_line --index 0 "2. $level"
	for page in $(seq 1 8); do
		assert_equal "$(pdftotext -layout -f "$page" -l "$page" book.pdf - | sed '/^[[:space:]]*$/d' | tail -n 1 | tr -d ' ')" "$page"
	done
	# a record with no name, level or rating: its number alone
	printf '%s\n' "$WIKI" | sudoku-print -t pdf -o plain.pdf
	run -0 pdftotext -layout plain.pdf -
	assert_line --index 0 '1.'
}

@test "book: the solutions pages show each solution under its puzzle's number" {
	printf '%s wiki\n' "$WIKI" | sudoku-bt -t json | sudoku-print -t pdf --per-page 1 -o book.pdf
	assert_equal "$(pages book.pdf)" 2
	run -0 pdftotext -layout -f 2 -l 2 book.pdf -
	assert_line --index 0 --regexp '^ +Solutions$'
	assert_line --index 1 '1. wiki'
	assert_equal "$(page_symbols book.pdf 2)" "$(givens "$WIKI_SOLVED")"
}

@test "book: --title heads the first page and names the document; \"Solutions\" heads the solutions' first page only" {
	sudoku-print -t pdf --per-page 6 --title 'Puzzles for the week' -o book.pdf "$S/solved.json"
	assert_equal "$(pdfinfo book.pdf | sed -n 's/^Title: *//p')" 'Puzzles for the week'
	run -0 pdftotext -layout -f 1 -l 1 book.pdf -
	assert_line --index 0 --regexp '^ +Puzzles for the week$'
	assert_line --index 1 --regexp '^1\. wiki +very-easy 1\.2 +2\. '
	run -0 pdftotext -layout -f 2 -l 2 book.pdf -
	assert_line --index 0 --regexp '^ +Solutions$'
	# without --title, the document is "Sudoku" and the first page has no heading
	sudoku-print -t pdf -o plain.pdf "$S/solved.json"
	assert_equal "$(pdfinfo plain.pdf | sed -n 's/^Title: *//p')" Sudoku
	run -0 pdftotext -layout -f 1 -l 1 plain.pdf -
	assert_line --index 0 --regexp '^1\. wiki'
	run -2 --separate-stderr sudoku-print -t pdf --title $'\xff' -o bad.pdf "$S/solved.json"
	assert_stderr --partial 'bad --title'
}

@test "book and svg: a name too long for its board is cut after a whole word, its level and rating kept" {
	long='A very long name of a puzzle that somebody gave it in a collection of the newspaper'
	word=Supercalifragilisticexpialidociousandevenlongerthanthatwordcanbeforsure
	{ printf '%s %s\n%s short\n%s %s\n' "$WIKI" "$long" "$WIKI" "$WIKI" "$word"; } | sudoku-rate -t json > named.json
	sudoku-print -t pdf --per-page 4 -o book.pdf named.json
	run -0 pdftotext -layout -f 1 -l 1 book.pdf -
	assert_line --index 0 --regexp '^1\. A very long name… +very-easy 1\.2 +2\. short +very-easy 1\.2$'
	assert_line --regexp '^3\. Supercalifrag[a-z]*… +very-easy 1\.2$'
	run -0 sudoku-print -t svg named.json
	assert_line --partial '>A very long name of a…  very-easy 1.2</text>'
	assert_line --partial '>short  very-easy 1.2</text>'
	assert_line --regexp '>Supercalifrag[a-z]*…  very-easy 1.2</text>'
}

@test "book: 4x4, 16x16, 25x25 and 64x64 puzzles, every given in order (letters from 10 up to 35x35)" {
	for box in 2x2 4x4 5x5 8x8; do
		pattern "${box%x*}" "${box#*x}" | sudoku-print -t pdf --per-page 1 -o book.pdf
		assert_equal "$(pages book.pdf)" 1
		assert_equal "$(page_symbols book.pdf 1)" "$(pattern_givens "${box%x*}" "${box#*x}")"
	done
}

@test "png: one board, as large as the svg draws it, or --size pixels a side" {
	printf '%s\n' "$WIKI" | sudoku-print -t png -o board.png
	run -0 png-pixel board.png
	assert_output 408x408
	# the size is in the PNG's IHDR too, as file(1) reads it
	assert_equal "$(od -An -tx1 -j16 -N8 board.png | tr -d ' ')" 0000019800000198
	printf '%s\n' "$WIKI" | sudoku-print -t png --size 200 -o board.png
	run -0 png-pixel board.png
	assert_output 200x200
	for pair in 2x2:408 4x4:432 5x5:648 8x8:1584; do
		pattern "${pair%%x*}" "$(b=${pair%:*}; echo "${b#*x}")" | sudoku-print -t png -o board.png
		run -0 png-pixel board.png
		assert_output "${pair#*:}x${pair#*:}"
	done
}

@test "png: a wrong entry is red on pink, a given black on white" {
	# 408 pixels: a margin of 24, cells of 40; r1c3 is the wrong 9, r1c1 a given 5
	printf '%s\n' "$PLAYER" | sudoku-rate -t json | sudoku-print -t png -o board.png
	run -0 png-pixel board.png 106 26 36 36
	assert_line --index 1 --regexp '^#f8c8cc '
	assert_line --regexp '^#c01c28 [0-9]{2,}$'
	run -0 png-pixel board.png 26 26 36 36
	assert_line --index 1 --regexp '^#ffffff '
	assert_line --regexp '^#000000 [0-9]{2,}$'
	refute_output --partial '#c01c28'
	refute_output --partial '#f8c8cc'
	# --size scales the picture, not the rules: r1c3 at half the size
	printf '%s\n' "$PLAYER" | sudoku-rate -t json | sudoku-print -t png --size 204 -o half.png
	run -0 png-pixel half.png 53 13 18 18
	assert_line --index 1 --regexp '^#f8c8cc '
	assert_line --regexp '^#c01c28 '
}

@test "png and svg: pencil marks of a candidates key, small and grey in the empty cells" {
	# r1c3 may hold 1, 2 or 4 (its marks, 9 places a cell), every other cell nothing
	marks=$(printf '%.0s.........' $(seq 1 81) | sed 's/^\(.\{18\}\)........./\112.4...../')
	printf '{"puzzle":"%s","candidates":"%s"}\n' "$WIKI" "$marks" > marked.json
	run -0 sudoku-print -t svg marked.json
	assert_equal "$(grep -c 'class="mark"' <<< "$output")" 3
	assert_output --partial '<text x="110.7" y="62.0" font-size="9.6" class="mark">1</text>'
	# the inside of r1c3: white alone without marks, grey marks with them
	printf '%s\n' "$WIKI" | sudoku-print -t png -o plain.png
	run -0 png-pixel plain.png 106 26 36 36
	assert_output "$(printf '408x408\n#ffffff 1296')"
	sudoku-print -t png -o marked.png marked.json
	run -0 png-pixel marked.png 106 26 36 36
	assert_line --index 1 --regexp '^#ffffff '
	assert_line --regexp '^#(6[0-9a-f]|7[0-9a-f]|8[0-9a-f]){3} '
	refute_output --partial '#000000'
}

@test "book and png: bad options and more than a PNG holds exit 2 with a message, leaving -o FILE as it was" {
	printf 'precious\n' > FILE
	for bad in '--per-page 3' '--paper a5' '--size 10' '--size 5000'; do
		run -2 --separate-stderr sudoku-print -t pdf $bad -o FILE "$S/solved.json"
		assert_equal "$(cat FILE)" precious
		assert_output ''
	done
	run -2 --separate-stderr sudoku-print -t pdf --per-page 3 "$S/solved.json"
	assert_stderr 'unknown --per-page value (1, 2, 4, 6): 3'
	run -2 --separate-stderr sudoku-print --paper a5 "$S/solved.json"
	assert_stderr 'unknown --paper value (a4 or letter): a5'
	run -2 --separate-stderr sudoku-print -t png --size 10 "$S/solved.json"
	assert_stderr "bad picture size '10': expected a whole number from 64 to 4096"
	run -2 --separate-stderr sudoku-print -t png -o FILE "$S/puzzles.txt"
	assert_stderr 'puzzles.txt:2: a PNG picture holds one board: choose one record (sed -n 3p), or write -t pdf or -t svg'
	assert_equal "$(grep -c 'holds one board' <<< "$stderr")" 1
	assert_equal "$(cat FILE)" precious
	run -2 --separate-stderr sudoku-print -t png "$S/puzzles.txt"
	assert_output ''
	# a bad record among good ones: the book is not written
	printf '%s\nnonsense\n' "$WIKI" > some-bad.txt
	run -2 --separate-stderr sudoku-print -t pdf -o FILE some-bad.txt
	assert_equal "$(cat FILE)" precious
	# nothing read: no book, FILE kept
	run -0 --separate-stderr sudoku-print -t pdf -o FILE /dev/null
	assert_stderr 'no record written: left as it was'
	assert_equal "$(cat FILE)" precious
	# only sudoku-print draws
	run -2 --separate-stderr sudoku-bt -t pdf "$S/puzzles.txt"
	assert_stderr --partial '-t pdf is drawn by sudoku-print alone'
	# a book is one document of the whole run
	run -2 --separate-stderr sudoku-print --pack -t pdf "$S/puzzles.txt"
	assert_stderr '-t pdf makes one document of the whole run'
	# and no temporary file beside FILE
	assert_equal "$(ls -A | grep -v '^separate-stderr-')" "$(printf 'FILE\nsome-bad.txt')"
}

@test "book and png: binary data is refused on a terminal, written through a pipe or with -o" {
	need_pty
	run script -qec "sudoku-print -t pdf $S/puzzles.txt; echo status \$?" /dev/null
	assert_output --partial 'sudoku-print: -t pdf writes binary data, not for a terminal: give -o FILE or a pipe'
	assert_output --partial 'status 2'
	refute_output --partial '%PDF'
	run script -qec "sudoku-print -t png -o - $S/puzzles.txt; echo status \$?" /dev/null
	assert_output --partial 'status 2'
	run script -qec "sudoku-print -t pdf -o book.pdf $S/puzzles.txt; echo status \$?" /dev/null
	assert_output --partial 'status 0'
	assert_equal "$(head -c 5 book.pdf)" '%PDF-'
	run script -qec "sudoku-print -t pdf $S/puzzles.txt | head -c 5; echo; echo status \$?" /dev/null
	assert_output --partial '%PDF-'
}
