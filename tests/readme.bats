#!/usr/bin/env bats
# The README's recipes, run as written.

load helper

setup() {
	cd "$BATS_TEST_TMPDIR"
}

# The command of the README line that starts with PREFIX (after the indent).
readme_command() {
	local line
	line=$(grep -m 1 -F "    $1" "$ROOT/README.md") || return 1
	echo "${line#    }"
}

@test "README: the puzzles with exactly one solution, aligned past comments and bad records" {
	cmd=$(readme_command "sudoku-bt -u -t csv puzzles.txt")
	# unique, a comment, unique, a bad record, two solutions, unique;
	# the first has no name, later ones have one (which once shifted the
	# columns, or was dropped)
	{
		echo "$WIKI"
		echo "# a comment"
		echo "$WIKI_SOLVED solved one"
		echo "12x"
		printf '123456789%072d two\n' 0 | tr 0 .
		echo ".${WIKI_SOLVED:1} 1"
	} > puzzles.txt
	run --separate-stderr bash -c "$cmd"
	assert_stderr "puzzles.txt:4:"
	assert_output "$(printf '%s\n' "$WIKI" "$WIKI_SOLVED" ".${WIKI_SOLVED:1}")"
	# the same columns whichever record comes first
	tail -n 1 puzzles.txt > named.txt
	run --separate-stderr bash -c "${cmd/puzzles.txt/named.txt}"
	assert_output ".${WIKI_SOLVED:1}"
}

@test "README: a book of 60 puzzles, four a page, then their solutions nine a page" {
	cmd=$(readme_command "sudoku-gen -n 60 -d medium -t json | sudoku-bt")
	run -0 bash -c "$cmd"
	run -0 pdfinfo book.pdf
	assert_line --regexp '^Pages: +22$'
}

@test "README: the page of a book it shows is the one examples/book-page.sh makes" {
	run -0 sh "$EX/book-page.sh" page.png
	run -0 png-pixel page.png
	# A4 at 50 dpi
	assert_output 414x585
	grep -qF '](examples/book-page.png)' "$ROOT/README.md"
	[ -s "$EX/book-page.png" ]
}

@test "README: the picture of a game in progress is the one examples/game-picture.sh makes from a save" {
	run -0 sh "$EX/game-picture.sh" game.png
	run -0 png-pixel game.png
	assert_output 300x300
	# the fonts of another machine may draw other pixels: the committed
	# picture is checked for its size, not byte for byte
	run -0 png-pixel "$EX/game.png"
	assert_output 300x300
	grep -qF '](examples/game.png)' "$ROOT/README.md"
}
