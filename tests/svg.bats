#!/usr/bin/env bats
# Pictures: sudoku-print -t svg compared byte for byte with the pictures in
# tests/golden, which were looked at (rsvg-convert FILE.svg -o FILE.png).
# After a deliberate change of the drawing, look again and write them anew:
#   UPDATE_GOLDEN=1 bats tests/svg.bats

load helper

setup() {
	cd "$BATS_TEST_TMPDIR"
	# a 16x16 board of the pattern for 4x4 boxes, every third cell emptied
	P16=$(awk 'BEGIN { s = "123456789ABCDEFG"; for (r = 0; r < 16; r++) for (c = 0; c < 16; c++) {
		v = ((r % 4) * 4 + int(r / 4) + c) % 16; printf "%s", (r * 16 + c) % 3 ? substr(s, v + 1, 1) : "." } }')
	# a player's board: the Wikipedia puzzle filled with one wrong 9 at r1c3
	PLAYER="$WIKI ${WIKI_SOLVED:0:2}9${WIKI_SOLVED:3}"
}

# Draws with the command in $2.. from input $1 and compares with golden NAME.svg.
golden() {
	local name=$1 input=$2
	shift 2
	run -0 --separate-stderr bash -c "printf '%s\n' '$input' | $*"
	if [ -n "${UPDATE_GOLDEN:-}" ]; then
		printf '%s\n' "$output" > "$ROOT/tests/golden/$name.svg"
	fi
	assert_equal "$output" "$(cat "$ROOT/tests/golden/$name.svg")"
}

@test "svg: a 9x9 puzzle" {
	golden puzzle-9x9 "$WIKI" sudoku-print -t svg
}

@test "svg: a 16x16 puzzle" {
	golden puzzle-16x16 "$P16" sudoku-print -t svg
}

@test "svg: a player's board with a wrong entry marks that entry only" {
	golden player-wrong "$PLAYER" "sudoku-rate -t json | sudoku-print -t svg"
	assert_equal "$(grep -c 'class="wrong"' <<< "$output")" 2
	refute_output --partial 'class="clash"'
}

@test "svg: a board nobody judged marks every cell that breaks a rule, apart from wrong entries" {
	golden board-conflicts "$PLAYER" sudoku-print -t svg
	assert_equal "$(grep -c 'rect[^>]*class="clash"' <<< "$output")" 4
	refute_output --partial 'class="wrong"'
}

@test "svg: a solved board has no marks" {
	golden solved "$WIKI" "sudoku-bt | sudoku-print -t svg"
	refute_output --partial 'class="wrong"'
	refute_output --partial 'class="clash"'
	assert_equal "$(grep -c 'class="given"' <<< "$output")" 30
	assert_equal "$(grep -c 'class="placed"' <<< "$output")" 51
}

@test "svg: digits sit on a baseline of their own, not on dominant-baseline" {
	run -0 sudoku-print -t svg <<< "$WIKI"
	refute_output --partial dominant-baseline
	# the first given, 5 at r1c1 of a 40-pixel cell: its middle is at 72, its baseline 8.4 below
	assert_output --partial '<text x="44.0" y="80.4" font-size="24.0" class="given">5</text>'
}
