#!/usr/bin/env bats
# sudoku-vns: variable neighbourhood search.

load helper

setup() {
	cd "$BATS_TEST_TMPDIR"
}

@test "solves the Wikipedia board, plain and by default, with both shifts" {
	run sudoku-vns -s 1 <<< "$WIKI"
	assert_success
	assert_output "$WIKI $WIKI_SOLVED"
	for shift in cyclic reverse; do
		run sudoku-vns --plain --shift "$shift" -s 1 -T 60 <<< "$WIKI"
		assert_success
		assert_output "$WIKI $WIKI_SOLVED"
	done
}

@test "the 16x16 board of the report, the hard 9x9 puzzles: solutions that pass the check" {
	need_data
	run bash -c "sudoku-vns -s 1 '$DATA/seeds/variant5_16x16.grid' | sudoku-cost --check"
	assert_output 'valid 0'
	run bash -c "sudoku-vns -s 1 -T 30 '$DATA/logic_solvable_9x9.txt' | sudoku-cost --check | cut -d' ' -f1,2 | sort | uniq -c"
	assert_success
	assert_output --regexp '^ *16 valid 0$'
}

@test "the same seed and -I give the same output byte for byte; position does not matter" {
	need_data
	sample logic_solvable_9x9.txt 6 > in.txt
	a=$(sudoku-vns -s 5 -I 300000 -t json in.txt || true)
	b=$(sudoku-vns -s 5 -I 300000 -t json in.txt || true)
	assert_equal "$a" "$b"
	tail -n 2 in.txt | sudoku-vns -s 5 -I 300000 -t json > part || true
	assert_equal "$(tail -n 2 <<< "$a")" "$(cat part)"
}

@test "limits: unsolved is exit 1, its puzzle alone in line, its best board in json" {
	local_search_stops sudoku-vns 5000
	run -1 --separate-stderr sudoku-vns -t json <<< "$NONE"
	assert_output --partial '"status":"nosolution"'
}

@test "starts from a sudoku-fill board" {
	run bash -c "sudoku-fill -k box-sequential <<< '$WIKI' | sudoku-vns --plain -s 2 -T 60"
	assert_success
	assert_output "$WIKI $WIKI_SOLVED"
}

@test "--trace writes one TSV line per shake; -v reports shakes and moves" {
	run -1 --separate-stderr sudoku-vns --plain -s 1 -I 20000 --trace t.tsv -v <<< "$NONE"
	assert_stderr 'shakes'
	run head -n 1 t.tsv
	assert_output "$(printf 'record\tshake\tmoves\tminimum\tbest')"
	run awk -F'\t' 'NR > 1 && (NF != 5 || $1 != 1)' t.tsv
	assert_output ''
	[ "$(wc -l < t.tsv)" -gt 2 ]
}

@test "json carries cost, metric, seed and stats" {
	run sudoku-vns -s 3 -t json -m dup <<< "$WIKI"
	assert_output --partial '"status":"solved","cost":0,"metric":"dup","seed":3,"stats":{"moves":'
}

@test "an unknown neighbourhood is a usage error" {
	run -2 --separate-stderr sudoku-vns --shift sideways <<< "$WIKI"
	assert_output ''
	assert_stderr 'unknown shift'
}

@test "the hardest class: a 25x25 board at 45% givens solved under an iteration limit, checked" {
	need_data
	sample lewis/inst25x25_p045.txt 1 > hard.txt
	run -0 bash -c "sudoku-vns -s 1 -I 100000000 hard.txt | sudoku-cost --check"
	assert_output "valid 0"
}

@test "each addition of the default search can be switched off, and each changes the search" {
	need_data
	sample lewis/inst25x25_p045.txt 1 > hard.txt
	default=$(sudoku-vns -s 1 -I 300000 -t json hard.txt | grep -o '"stats".*')
	# shakes come only after long descents: on a board with no solution
	# that propagation is not allowed to see, the shake's growth tells
	a=$(sudoku-vns --no-propagate -s 1 -I 2000000 -t json <<< "$NONE" | grep -o '"stats".*')
	b=$(sudoku-vns --no-propagate --fixed-shake -s 1 -I 2000000 -t json <<< "$NONE" | grep -o '"stats".*')
	[ "$a" != "$b" ]
	for flag in --no-propagate --no-random --no-focus --no-accept --fixed-shake; do
		run -0 sudoku-vns --help
		assert_output --partial -- "$flag"
		# mdoc writes --flag as "Fl -flag"
		grep -q -- "Fl ${flag#-}" "$ROOT/man/sudoku-vns.1" || fail "$flag is not in sudoku-vns(1)"
		run sudoku-vns -s 1 -I 300000 -t json "$flag" hard.txt
		[ "$status" -le 1 ]
		[ "$flag" = --fixed-shake ] || [ "$(grep -o '"stats".*' <<< "$output")" != "$default" ] ||
			fail "$flag changes nothing"
	done
}
