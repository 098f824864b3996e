#!/usr/bin/env bats
# libsudoku: the public API (lib/api/sudoku.h) through bin/api-test, which
# sees the header alone and links the shared library; its exported names;
# the header as C99 and C++; the example built against an installed copy.

load helper

HARD='........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3'

setup() {
	[ -x "$ROOT/bin/api-test" ] || skip "no bin/api-test: make bin/api-test"
	# the files the tests write (name lists, a C++ file, the example) stay out of the tree
	cd "$BATS_TEST_TMPDIR"
}

@test "api: a board read from each format, solved as sudoku-bt solves it" {
	run -0 api-test solve "$WIKI"
	assert_output "$WIKI_SOLVED"
	grid=$(sudoku-print -t grid <<< "$WIKI")
	run -0 api-test solve "$grid"
	assert_output "$WIKI_SOLVED"
	run -0 api-test solve "$(sudoku-print -t json <<< "$WIKI")"
	assert_output "$WIKI_SOLVED"
	run -0 api-test solve "$(printf 'puzzle,name\n%s,w\n' "$WIKI")"
	assert_output "$WIKI_SOLVED"
	run -0 api-test solve "$HARD"
	assert_output "$(sudoku-bt <<< "$HARD" | cut -d" " -f2)"
}

@test "api: a pencil-mark puzzle is refused by name: the library reads givens alone" {
	run -1 api-test solve "$(sudoku-print -t pencil <<< "$WIKI")"
	assert_output 'error: the text holds no board: line 1: a pencil-mark puzzle, where only givens are read'
}

@test "api: the library's messages speak of the text, never of the programs' options" {
	run -1 api-test solve "${WIKI:1}"
	assert_output "error: the text holds no board: line 1: bad grid header '${WIKI:1:35}'; expected N or RxC (read as a grid: a first field of 80 symbols is no line, which needs 16, 36, 64, 81, 100... symbols)"
	run -1 api-test solve "$(sudoku-print -t pencil <<< "$WIKI")"
	refute_output --partial 'sudoku-'
	# the programs add their options' words
	run -2 --separate-stderr sudoku-bt <<< "${WIKI:1}"
	assert_stderr '100... symbols; -f names the format)'
	run -2 --separate-stderr sudoku-fill <<< "$(sudoku-print -t pencil <<< "$WIKI")"
	assert_stderr 'a pencil-mark puzzle, which only sudoku-bt, sudoku-rate and sudoku-print read'
}

@test "api: counts and uniqueness; no solution and a limit of nodes are codes" {
	run -0 api-test count "$WIKI" 5
	assert_output '1 unique'
	run -0 api-test count "1${WIKI:1:79}." 5
	assert_output "$(sudoku-bt -c 5 <<< "1${WIKI:1:79}." | cut -d' ' -f2) not unique"
	run -1 api-test solve "$NONE"
	assert_output --partial 'error: no solution:'
	run -1 api-test -w 10 solve "$HARD"
	assert_output 'error: limit reached: limit reached after 10 nodes and 0 solutions'
}

@test "api: a rating is sudoku-rate's; its limit is a code" {
	for p in "$WIKI" "$HARD"; do
		want=$(sudoku-rate -t json <<< "$p" |
			sed 's/.*"level":"\([^"]*\)".*"er":\([0-9.]*\),"ep":\([0-9.]*\),"ed":\([0-9.]*\),"hardest":"\([^"]*\)".*/\1 \2 \3 \4 \5/')
		run -0 api-test rate "$p"
		assert_output "$want"
	done
	run -1 api-test -w 1000 rate "$HARD"
	assert_output --regexp '^error: limit reached: limit reached after [0-9]+ units'
	run -1 api-test rate "$(printf '%081d' 0)"
	assert_output --partial 'error: more than one solution:'
}

@test "api: the hint is sudoku-rate's, as a sentence and as steps" {
	run -0 api-test hint "$WIKI"
	assert_line -n 0 "$(sudoku-rate --hint -t json <<< "$WIKI" | jq -r '[.hint[].text] | join("; then ")')"
	assert_line -n 1 'hidden-single: r1c6=8 (0 removals)'
	run -0 api-test hint "$WIKI $WIKI_SOLVED"
	assert_output 'the board is solved'
	run -1 api-test hint "$WIKI 535${WIKI:3}"
	assert_output --partial 'error: no solution: the board repeats a digit in a unit'
}

@test "api: a hint with removals names each removed candidate" {
	# HARD with one single placed: chains and a pointing remove candidates
	board=${HARD:0:17}2${HARD:18}
	run -0 api-test hint "$HARD $board"
	assert_line -n 0 "$(sudoku-rate --hint -t json <<< "$HARD $board" | jq -r '[.hint[].text] | join("; then ")')"
	assert_line 'pointing: -4r1c4 -4r3c4 -4r7c4 -4r8c4 (4 removals)'
	assert_line 'naked-single: r7c8=4 (0 removals)'
}

@test "api: generation by level and by rating window; by seed, the same puzzle" {
	run -0 api-test generate 9 2 0 0 7
	first=$output
	run -0 api-test generate 9 2 0 0 7
	assert_output "$first"
	run -0 sudoku-rate <<< "$first"
	assert_output --regexp '^medium '
	run -0 api-test generate 9 -1 2.5 2.8 3
	run -0 sudoku-rate -t json <<< "$output"
	er=$(sed 's/.*"er":\([0-9.]*\).*/\1/' <<< "$output")
	awk -v er="$er" 'BEGIN { exit !(er >= 2.5 && er <= 2.8) }'
	run -1 api-test -w 3 generate 9 6 0 0 1
	assert_output 'error: no puzzle met the conditions: no puzzle met the conditions in 3 attempts'
	run -1 api-test -s 0.001 generate 25 -1 0 0 1
	assert_output --partial 'error: limit reached: time limit reached'
}

@test "api: local search solves, or stops at its moves with the best board" {
	for method in anneal vns; do
		run -0 api-test search "$WIKI" "$method" 1
		assert_output "cost 0"$'\n'"$WIKI_SOLVED"
		run -1 api-test -w 100 search "$HARD" "$method" 1
		assert_line -n 0 --regexp '^cost [1-9][0-9]*$'
		assert_line -n 2 --regexp '^error: limit reached: limit reached after 100 moves at cost '
		cost=${lines[0]#cost } best=${lines[1]}
		run -0 sudoku-cost -m missing <<< "$HARD $best"
		assert_output "$cost"
	done
}

@test "api: bad arguments and bad text are codes with a message, never a crash" {
	run -0 api-test bad
	assert_output - <<'OUT'
parse NULL text: invalid argument
parse no context: invalid argument
parse empty: the text holds no board: no board in the text
parse 80 symbols: the text holds no board: line 1: bad grid header '3..7....6..195....98....6.8...6...3'; expected N or RxC (read as a grid: a first field of 80 symbols is no line, which needs 16, 36, 64, 81, 100... symbols)
parse unknown symbol: the text holds no board: line 1: puzzle: unknown symbol '%' at r9c9 (read as a line: its first field has 81 symbols)
solve NULL: invalid argument
count 0: invalid argument
hint NULL: invalid argument
search method 7: invalid argument
generate size 7: invalid argument: no puzzle of size 7: a size is 4..64, not prime
generate level 9: invalid argument
generate level and window: invalid argument
generate window 5-3: invalid argument
limit -1: invalid argument
cell 9 9: -1, size NULL: -1
hint step 0 of none: NULL
rate a puzzle of many solutions: more than one solution
hint on it: more than one solution
unknown code: unknown error
OUT
}

@test "api: NULL, for every pointer argument of every call: an object NULL is SUDOKU_EINVAL (or the call's failure value), an out-pointer NULL is skipped" {
	board=${HARD:0:17}2${HARD:18}
	run -0 api-test null "$HARD $board"
	assert_output - <<'OUT'
context_limit(NULL): invalid argument
context_message(NULL): invalid argument
parse(NULL ctx): invalid argument, board NULL
parse(NULL text): invalid argument, board NULL
parse(NULL board): done
size(NULL): -1; size(b, NULL, NULL): 9
get(NULL): -1, given(NULL): -1
text(NULL): -1, buf "x"; text(b, NULL, 8): 81
solve(NULL ctx): invalid argument, solution NULL
solve(NULL puzzle): invalid argument, solution NULL
solve(NULL solution): done
count(NULL ctx): invalid argument, count 0
count(NULL puzzle): invalid argument, count 0
count(NULL count): done
unique(NULL ctx): invalid argument; unique(NULL puzzle): invalid argument
rate(NULL ctx): invalid argument, hardest NULL
rate(NULL puzzle): invalid argument
rate(NULL grade): done
hint(NULL ctx): invalid argument, hint NULL
hint(NULL board): invalid argument, hint NULL
hint(NULL hint): done
hint_text(NULL): NULL, hint_steps(NULL): -1
hint_technique(NULL): NULL, hint_step_text(NULL): NULL
hint_placement(NULL): 0, row -7; hint_removals(NULL): -1; hint_removal(NULL): 0
hint_placement(h, i, NULL, NULL, NULL): 1
hint_placement(h, i, row, NULL, NULL): 1, row r7
hint_placement(h, i, NULL, NULL, digit): 1, digit 4
hint_removal(h, i, 0, NULL, NULL, NULL): 1
hint_removal(h, i, 0, NULL, col, NULL): 1, col c5
generate(NULL ctx): invalid argument, puzzle NULL
generate(NULL puzzle): done
search(NULL ctx): invalid argument, best NULL, cost -1
search(NULL puzzle): invalid argument, best NULL, cost -1
search(NULL best): limit reached, cost set
search(NULL cost): limit reached, best set
search(NULL best, NULL cost): limit reached
OUT
}

@test "api: two threads, each with its own context, solve and rate as one thread does" {
	run -0 api-test threads "$WIKI" "$HARD" "$NONE" "$WIKI" "$HARD"
	assert_line 'both threads as serial'
	assert_line -n 1 "0 $(sudoku-bt <<< "$HARD" | cut -d' ' -f2) 10.3 1.2 1.2"
}

@test "api: the shared library exports the names of the abi file and no other" {
	so=$(ls "$ROOT"/build/libsudoku.so.0.*)
	run -0 readelf -d "$so"
	assert_output --partial 'Library soname: [libsudoku.so.0]'
	nm -D --defined-only "$so" | awk '$2 != "A" { sub(/@.*/, "", $3); print $3 }' | LC_ALL=C sort > exported
	run diff "$ROOT/lib/api/abi" exported
	assert_success
	# the header declares the same names, so that changing the API is a diff of abi
	grep -o 'sd_[a-z_]*(' "$ROOT/lib/api/sudoku.h" | tr -d '(' | LC_ALL=C sort -u > declared
	run diff "$ROOT/lib/api/abi" declared
	assert_success
}

@test "api: the abi check fails on a name the library does not export" {
	so=$(ls "$ROOT"/build/libsudoku.so.0.*)
	{ cat "$ROOT/lib/api/abi"; echo sd_board_internal; } | LC_ALL=C sort > abi
	nm -D --defined-only "$so" | awk '$2 != "A" { sub(/@.*/, "", $3); print $3 }' | LC_ALL=C sort > exported
	run diff abi exported
	assert_failure
	# an internal name, as every family has: not exported
	run -0 nm -D --defined-only "$so"
	refute_output --partial ' sd_solve'
	run -0 nm --defined-only "$so"
	assert_output --partial ' sd_solve'
}

@test "api: the header compiles as C99 with -pedantic and as C++" {
	run -0 cc -std=c99 -pedantic -Wall -Wextra -Werror -fsyntax-only -x c "$ROOT/lib/api/sudoku.h"
	command -v g++ > /dev/null || skip "no g++"
	printf '#include <sudoku.h>\nint main() { return sd_version() == 0; }\n' > t.cc
	run -0 g++ -Wall -Wextra -Werror -fsyntax-only -I"$ROOT/lib/api" t.cc
}

@test "api: make install puts the library, header, sudoku.pc and section 3 pages under PREFIX" {
	prefix=$BATS_TEST_TMPDIR/usr
	run -0 make -s -C "$ROOT" install PREFIX="$prefix"
	[ -f "$prefix/include/sudoku.h" ] && [ -f "$prefix/lib/libsudoku.a" ]
	[ -L "$prefix/lib/libsudoku.so" ] && [ -L "$prefix/lib/libsudoku.so.0" ]
	[ -f "$prefix/share/man/man3/libsudoku.3" ]
	export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
	run -0 pkg-config --cflags --libs sudoku
	assert_equal "$(echo $output)" "-I$prefix/include -L$prefix/lib -lsudoku"
	# the example as the issue builds it; CC and LDFLAGS as make check was
	# given them, so that a sanitizer build links its runtime
	run -0 ${CC:-cc} "$ROOT/examples/rate-hint.c" $(pkg-config --cflags --libs sudoku) $LDFLAGS -o rate-hint
	LD_LIBRARY_PATH=$prefix/lib run -0 ./rate-hint "$WIKI"
	assert_output "very-easy 1.2 (pearl 1.2, diamond 1.2)"$'\n'"hint: r1c6 must be 8: it is the only place for 8 in box 2"
	LD_LIBRARY_PATH=$prefix/lib run -1 ./rate-hint "$NONE"
	assert_output 'rate-hint: no solution: the puzzle has no solution'
	run -0 make -s -C "$ROOT" uninstall PREFIX="$prefix"
	[ ! -e "$prefix/include/sudoku.h" ] && [ ! -e "$prefix/lib/libsudoku.so" ]
}

@test "api: a variant's rules read with the board or set as JSON are kept by solve and count, refused by the rating" {
	local x=6.3.9.4.7.2.8.7.5.7.5.4.8.2.7.1.9.3.9.6.3.7.1.3.6.4.9.8.4.1.9.3.1.4.8.7.2.7.5.1.8
	run -0 api-test rules "$x" '{"diagonals":"both"}'
	assert_line --index 0 'rules 20 {"diagonals":"both"}'
	assert_line --index 3 'its rules {"diagonals":"both"}'
	assert_line --index 4 --partial 'rate: invalid argument: the rating reads the classic rules alone'
	# the solution keeps both diagonals, as sudoku-cost judges it
	local solution=${lines[2]}
	run -0 sudoku-cost --check <<< "{\"puzzle\":\"$solution\",\"rules\":{\"diagonals\":\"both\"}}"
	assert_output 'valid 0'
	# the same read from a '# rules' line; anti-knight leaves this one none
	run -1 api-test rules "$(printf '# rules {"anti-knight":true}\n%s' "$x")" -
	assert_line --index 0 'rules 20 {"anti-knight":true}'
	assert_line --index 1 'count 0'
	run -1 api-test rules "$x" '{"thermometer":1}'
	assert_output --partial 'invalid argument: rules: unknown rule "thermometer"'
	# the classic rules back: "{}"
	run -0 api-test rules "$(printf '# rules {"anti-knight":true}\n%s' "$x")" '{}'
	assert_line --index 0 'rules 0 '
}
