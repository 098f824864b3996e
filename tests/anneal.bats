#!/usr/bin/env bats
# sudoku-anneal: simulated annealing.

load helper

setup() {
	cd "$BATS_TEST_TMPDIR"
}

@test "solves the Wikipedia board, plain and by default" {
	run sudoku-anneal -s 1 <<< "$WIKI"
	assert_success
	assert_output "$WIKI $WIKI_SOLVED"
	run sudoku-anneal --plain -s 1 -I 50000000 <<< "$WIKI"
	assert_success
	assert_output "$WIKI $WIKI_SOLVED"
}

@test "solved output passes sudoku-cost --check, 9x9 and 16x16" {
	need_data
	{ sample 17_clue.txt 5; cat "$DATA/seeds/example_9x9.txt"; sample logic_solvable_9x9.txt 3; } > in.txt
	run bash -c 'sudoku-anneal -s 2 in.txt | sudoku-cost --check | cut -d" " -f1,2 | sort | uniq -c'
	assert_success
	assert_output --regexp '^ *9 valid 0$'
	run bash -c "sudoku-anneal -s 2 '$DATA/seeds/variant5_16x16.grid' | sudoku-cost --check"
	assert_output 'valid 0'
	run bash -c "grep -v '^#' '$DATA/lewis/inst16x16_p040.txt' | head -3 | sudoku-anneal -s 2 --plain -T 30 | sudoku-cost --check | sort | uniq -c"
	assert_output --regexp '^ *3 valid 0$'
}

@test "the same seed and -I give the same output byte for byte" {
	need_data
	sample logic_solvable_9x9.txt 4 > in.txt
	a=$(sudoku-anneal -s 5 -I 200000 --plain -t json in.txt || true)
	b=$(sudoku-anneal -s 5 -I 200000 --plain -t json in.txt || true)
	assert_equal "$a" "$b"
	c=$(sudoku-anneal -s 6 -I 200000 --plain -t json in.txt || true)
	[ "$a" != "$c" ]
}

@test "a record's result does not depend on its place in the stream" {
	need_data
	sample logic_solvable_9x9.txt 6 > in.txt
	sudoku-anneal -s 9 -I 100000 --plain -t json in.txt | tail -n 2 > whole || true
	tail -n 2 in.txt | sudoku-anneal -s 9 -I 100000 --plain -t json > part || true
	run cmp whole part
	assert_success
}

@test "limits: -I ends the run, unsolved is exit 1, its puzzle alone in line, its best in json" {
	local_search_stops sudoku-anneal 1000
	assert_output --partial '"moves":1000,'
}

@test "propagation proves a puzzle has no solution: status nosolution" {
	run -1 --separate-stderr sudoku-anneal -t json <<< "$NONE"
	assert_output --partial '"status":"nosolution"'
	assert_stderr 'no solution'
	run -1 --separate-stderr sudoku-anneal <<< "55${WIKI:2}"
	assert_output "55${WIKI:2}"
}

@test "starts from a sudoku-fill board; a row fill is refilled box by box" {
	run bash -c "sudoku-fill -s 3 <<< '$WIKI' | sudoku-anneal --plain -s 3 -I 50000000"
	assert_success
	assert_output "$WIKI $WIKI_SOLVED"
	run bash -c "sudoku-fill -k row -s 3 <<< '$WIKI' | sudoku-anneal --plain -s 3 -I 50000000"
	assert_success
	assert_output "$WIKI $WIKI_SOLVED"
}

@test "the sources' fixed settings run as documented" {
	run sudoku-anneal --plain --t0 0.04 --alpha 0.99 --chain 20 -I 7000 --reheat 0 -s 1 -t json <<< "$WIKI"
	assert_output --partial '"moves":'
	assert_output --partial '"t0":0.04'
}

@test "--trace writes one TSV line per chain" {
	run sudoku-anneal --plain -s 1 --chain 100 -I 10000 --trace trace.tsv <<< "$NONE"
	assert_failure 1
	run head -n 1 trace.tsv
	assert_output "$(printf 'record\tchain\tmoves\ttemperature\tcost\tbest\tacceptance')"
	assert_equal "$(wc -l < trace.tsv)" 101
	run awk -F'\t' 'NR > 1 && (NF != 7 || $1 != 1)' trace.tsv
	assert_output ''
}

@test "--trace over several records: one header, a record column numbering them in the output's order" {
	# issue 49: each record wrote the header again and its chains from 1,
	# so the records of a trace could not be told apart
	printf '%s\n%s\n%s\n' "$NONE" "$WIKI" "$NONE" > three.txt
	run -1 sudoku-anneal --plain -s 1 --chain 100 -I 1000 --trace trace.tsv three.txt
	run grep -c '^record' trace.tsv
	assert_output 1
	# records 1 and 3 stop at 1000 moves: 10 chains each
	run bash -c "tail -n +2 trace.tsv | cut -f1 | uniq -c | awk '{ print \$2, \$1 }'"
	assert_line --index 0 '1 10'
	assert_line --regexp '^2 [0-9]+$'
	assert_line --index 2 '3 10'
	run bash -c "awk -F'\t' '\$1 == 3 { print \$2 }' trace.tsv | head -n 1"
	assert_output 1
}

@test "--trace of a puzzle propagation solves: the header alone; plot-trace.sh says so and leaves no picture" {
	command -v gnuplot > /dev/null || skip "no gnuplot (Debian package gnuplot-nox)"
	# issue 49: the README's example left a 0-byte PNG behind gnuplot's error
	mkdir work && cd work
	run -0 sudoku-anneal -s 7 --trace run.tsv <<< "$WIKI"
	run cat run.tsv
	assert_output "$(printf 'record\tchain\tmoves\ttemperature\tcost\tbest\tacceptance')"
	run -1 --separate-stderr sh "$EX/plot-trace.sh" run.tsv run.png
	assert_stderr 'plot-trace.sh: run.tsv: no chains to plot'
	[ ! -e run.png ]
	run ls -A
	assert_output run.tsv
	# a file that is no trace, or none at all
	echo hello > hello.tsv
	run -2 --separate-stderr sh "$EX/plot-trace.sh" hello.tsv run.png
	assert_stderr --partial 'not a trace of sudoku-anneal or sudoku-vns'
	run -2 --separate-stderr sh "$EX/plot-trace.sh" missing.tsv run.png
	assert_stderr 'plot-trace.sh: missing.tsv: cannot read it'
	# a picture that cannot be written keeps what was there
	sudoku-anneal --plain -s 1 --trace run.tsv <<< "$WIKI" > /dev/null
	run -2 --separate-stderr sh "$EX/plot-trace.sh" run.tsv nowhere/run.png
	[ ! -e nowhere ]
	# gnuplot failing (no number to plot) leaves the old picture as it was
	printf '%s\n' "$(head -n 1 run.tsv)" "$(printf 'x\ty\tz\tw\tv\tu\tt')" > bad.tsv
	echo old > old.png
	run -2 --separate-stderr sh "$EX/plot-trace.sh" bad.tsv old.png
	assert_stderr --partial 'plot-trace.sh: gnuplot failed: old.png not written'
	assert_equal "$(cat old.png)" old
	run ls -A
	assert_output "$(printf 'bad.tsv\nhello.tsv\nold.png\nrun.tsv')"
}

@test "plot-trace.sh: a trace of several records, of sudoku-anneal or sudoku-vns, a PNG or an SVG" {
	command -v gnuplot > /dev/null || skip "no gnuplot (Debian package gnuplot-nox)"
	printf '%s\n%s\n' "$WIKI" "$WIKI" > two.txt
	run -0 sudoku-anneal --plain -s 1 --trace anneal.tsv two.txt
	run -0 sh "$EX/plot-trace.sh" anneal.tsv anneal.png
	run -0 png-pixel anneal.png
	assert_output 900x520
	run -0 sh "$EX/plot-trace.sh" anneal.tsv anneal.svg
	grep -q '<svg' anneal.svg
	sudoku-vns --plain -s 1 -I 200000 --trace vns.tsv two.txt > /dev/null || true
	run bash -c "tail -n +2 vns.tsv | cut -f1 | uniq"
	assert_output $'1\n2'
	run -0 sh "$EX/plot-trace.sh" vns.tsv vns.png
	run -0 png-pixel vns.png
	assert_output 900x520
	# the mode a new file gets, not mktemp's 0600
	umask 022
	rm vns.png
	sh "$EX/plot-trace.sh" vns.tsv vns.png
	assert_equal "$(stat -c %a vns.png)" 644
}

@test "-m dup reports the repeats; json carries cost, metric, seed and stats" {
	run -1 sudoku-anneal --plain -m dup -s 4 -I 1000 -t json <<< "$NONE"
	assert_output --partial '"metric":"dup","seed":4,"stats":{"moves":1000,"chains":'
	run sudoku-anneal -v -s 4 -t json <<< "$WIKI"
	assert_output --partial '"moves_per_second":'
}

@test "25x25 boards" {
	need_data
	run bash -c "grep -v '^#' '$DATA/lewis/inst25x25_p070.txt' | head -2 | sudoku-anneal -s 1 -t json | sudoku-cost --check"
	assert_success
}

@test "25x25 with 45% givens, the hardest for annealing: the default solves each in 200M moves" {
	need_data
	# Lewis's moves from the same start solved 4 of the first 10 in 30 s
	# (over a billion moves); the default needs under 40M on these three
	run bash -c "grep -v '^#' '$DATA/lewis/inst25x25_p045.txt' | head -3 |
		sudoku-anneal -s 1 -I 200000000 -t json | sudoku-cost --check"
	assert_success
}

@test "the default t0 is 1/ln 16; --plain's is the spread of move costs" {
	run sudoku-anneal -s 1 -t json <<< "$WIKI"
	assert_output --partial '"t0":0.3606737602,'
	run sudoku-anneal --plain -s 1 -t json <<< "$WIKI"
	refute_output --partial '"t0":0.3606737602,'
	assert_output --partial '"status":"solved"'
}

@test "a cooling factor above 1 is a usage error" {
	run -2 --separate-stderr sudoku-anneal --alpha 2 <<< "$WIKI"
	assert_output ''
	assert_stderr 'bad --alpha'
}

@test "plot-trace.sh without gnuplot says what it needs (make deps installs it)" {
	cd "$BATS_TEST_TMPDIR"
	run -2 --separate-stderr env PATH=/nowhere /bin/sh "$EX/plot-trace.sh" run.tsv run.svg
	assert_stderr "plot-trace.sh: needs gnuplot (Debian package gnuplot-nox)"
	run -0 make -s -C "$ROOT" -n deps
	assert_output --partial gnuplot-nox
}

@test "plot-trace.sh draws the legend below the plot, off the data" {
	command -v gnuplot > /dev/null || skip "no gnuplot (Debian package gnuplot-nox)"
	cd "$BATS_TEST_TMPDIR"
	run -0 sudoku-anneal --plain -s 1 --trace run.tsv <<< "$WIKI"
	run -0 sh "$EX/plot-trace.sh" run.tsv run.svg
	# the y of a text's anchor (the translate of the group the text is in)
	text_y() { grep -B1 ">$1</tspan>" run.svg | sed -n 's/.*translate([^,]*,\([0-9.]*\)).*/\1/p' | sort -n | tail -n 1; }
	key=$(text_y 'best cost')
	label=$(text_y chain)
	[ -n "$key" ] && [ -n "$label" ]
	awk -v k="$key" -v l="$label" 'BEGIN { exit !(k > l) }'
}
