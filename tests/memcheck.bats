#!/usr/bin/env bats
# valgrind memcheck over real data: every program, each stage of a pipeline,
# no memory error and no leak.  (The ASan build is checked by the sanitizers
# themselves: valgrind cannot run it.)

load helper

setup() {
	cd "$BATS_TEST_TMPDIR"
	command -v valgrind > /dev/null || skip "no valgrind"
	if nm "$ROOT/bin/sudoku-print" 2> /dev/null | grep -q __asan_init; then
		skip "an ASan build"
	fi
	if [ -d "$DATA" ]; then
		sample 17_clue.txt 12 > in.txt
		sample forum_hardest_1905_11plus.txt 4 >> in.txt
	else
		sudoku-gen -n 16 -s 1 > in.txt
	fi
	# vg COMMAND...: runs it under memcheck; any error or leak makes it exit 99
	# (but what tests/valgrind.supp says is not ours)
	printf '#!/bin/sh\nexec valgrind -q --error-exitcode=99 --leak-check=full --show-leak-kinds=all --errors-for-leak-kinds=all --suppressions="%s" "$@"\n' \
		"$ROOT/tests/valgrind.supp" > vg
	chmod +x vg
	PATH="$PWD:$PATH"
}

@test "memcheck: a pipeline over real data, every stage under valgrind" {
	run -0 --separate-stderr bash -c "set -o pipefail
		vg sudoku-bt -u in.txt > counts.txt &&
		vg sudoku-bt -t json in.txt | vg sudoku-cost --check -t json | vg sudoku-print -t csv |
			vg sudoku-print -t grid > /dev/null &&
		vg sudoku-fill -s 1 in.txt | vg sudoku-anneal -q -s 1 -I 20000 -t json |
			vg sudoku-vns -q -s 1 -I 20000 | vg sudoku-print -t svg > sheet.svg
		status=\$?; [ \$status -eq 1 ] || exit \$status	# unsolved by a short local search: 1
		# the hardest stop at the time limit inside nested chains: 1
		vg sudoku-rate --explain --hint -t json -T 3 in.txt > /dev/null 2> rate.err
		status=\$?; [ \$status -le 1 ] || exit \$status
		grep -v ': limit reached before ' rate.err >&2
		vg sudoku-gen -n 3 -s 1 -d hard -t csv > /dev/null &&
		vg sudoku-gen -b 4x4 -s 1 > /dev/null"
	assert_equal "$stderr" ""
}

@test "memcheck: a book and a picture, drawn with cairo" {
	run -0 --separate-stderr bash -c "set -o pipefail
		sudoku-bt -t json in.txt | vg sudoku-print -t pdf -o book.pdf &&
		head -n 1 in.txt | vg sudoku-print -t png -o board.png"
	assert_equal "$stderr" ""
}

@test "memcheck: bad input and a pathological line free what they held" {
	{ head -n 2 in.txt; echo 12x; head -c 3000000 /dev/zero | tr '\0' 1; echo; echo '{"puzzle": [1,'; } > bad.txt
	run -2 vg sudoku-print -t json bad.txt
	run -2 vg sudoku-print -f json -t line bad.txt
	run -2 vg sudoku-bt -f csv bad.txt
}
