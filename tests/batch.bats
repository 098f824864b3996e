#!/usr/bin/env bats
# Batches beyond one process: GNU parallel on the cores and over ssh logins
# (examples/parallel.sh, examples/cluster.sh), and the nightly cron script.

load helper

setup() {
	cd "$BATS_TEST_TMPDIR"
	command -v parallel > /dev/null || skip "no GNU parallel (Debian package parallel)"
	# puzzles nobody here chose, or made by the generator where the data is absent
	if [ -d "$DATA" ]; then
		sample 17_clue.txt 240 > in.txt
	else
		sudoku-gen -n 240 -s 4 > in.txt
	fi
}

# Only standard output is compared: GNU parallel may warn on standard error
# (about lscpu where /sys is absent) and must not fail a test for it.

# Runs PROGRAM OPTIONS over FILE serially and through parallel.sh in blocks
# small enough for many jobs; standard outputs and exit statuses must match
# (messages name each block's <stdin> and line, so they differ).
same_in_parallel() {
	local file=$1
	shift
	run --separate-stderr "$@" "$file"
	local serial=$output serial_status=$status
	run --separate-stderr sh "$EX/parallel.sh" -j 2 -b 3k "$file" "$@"
	assert_equal "$status" "$serial_status"
	assert_equal "$output" "$serial"
	[ -n "$serial" ]
}

@test "parallel equals serial byte for byte: exact solver, checker, rater" {
	same_in_parallel in.txt sudoku-bt -u
	same_in_parallel in.txt sudoku-bt -t json
	same_in_parallel in.txt sudoku-cost --check
	same_in_parallel in.txt sudoku-rate --hint -t json
}

@test "parallel equals serial byte for byte: the stochastic tools under a seed" {
	head -n 40 in.txt > few.txt
	same_in_parallel few.txt sudoku-fill -s 9
	same_in_parallel few.txt sudoku-anneal -s 3 -I 300000 -t json
	same_in_parallel few.txt sudoku-vns -s 3 -I 300000 -t json
}

@test "csv blocks each get the header row; csv output keeps one" {
	{ echo 'quizzes,solutions'; sed 's/$/,/' in.txt; } > in.csv
	same_in_parallel in.csv sudoku-bt
	run -0 --separate-stderr bash -c "sh '$EX/parallel.sh' -b 3k in.csv sudoku-bt | grep -c '^id,box,puzzle,'"
	assert_output 1
	same_in_parallel in.csv sudoku-rate
}

@test "grid blocks end at blank lines; JSON Lines at line ends" {
	sudoku-print -t grid in.txt > in.grid
	same_in_parallel in.grid sudoku-bt -t json
	sudoku-print -t json in.txt > in.json
	same_in_parallel in.json sudoku-fill -s 2
}

@test "the worst block's exit status, its messages on standard error" {
	{ head -n 100 in.txt; echo 12x; tail -n 100 in.txt; } > mixed.txt
	run -2 --separate-stderr sh "$EX/parallel.sh" -b 3k mixed.txt sudoku-bt
	assert_stderr "sudoku-bt: <stdin>:"
	[ "${#lines[@]}" -eq 200 ]
	{ head -n 100 in.txt; echo "$NONE"; } > none.txt
	run -1 sh "$EX/parallel.sh" -b 3k none.txt sudoku-bt
}

@test "sudoku-gen split by seed ranges equals one run" {
	run -0 --separate-stderr bash -c 'seq 2026 50 2176 | parallel -k sudoku-gen -n 50 -s {}'
	assert_equal "$output" "$(sudoku-gen -n 200 -s 2026)"
}

@test "cluster.sh: the hosts are checked, then the work is spread over the logins" {
	# ':' is this machine as a login, which needs no ssh
	run -0 --separate-stderr sh "$EX/cluster.sh" 1/:,1/: in.txt sudoku-bt -u
	assert_equal "$output" "$(sudoku-bt -u in.txt)"
	run -2 --separate-stderr sh "$EX/cluster.sh" : in.txt sudoku-nonesuch
	assert_stderr "sudoku-nonesuch not found on"
}

@test "nightly.sh under cron's conditions: silent, complete files, reproducible" {
	# cron: a bare environment, /bin/sh = dash, a minimal PATH
	run -0 env -i HOME="$PWD" SUDOKU_BIN="$ROOT/bin" dash "$EX/nightly.sh" out 4
	assert_output ""
	day=$(date +%Y%m%d)
	for level in very-easy easy medium hard expert; do
		[ "$(wc -l < "out/$day-$level.json")" -eq 4 ]
		run -0 bash -c "sudoku-rate out/$day-$level.json | cut -d' ' -f1 | sort -u"
		assert_output "$level"
	done
	# nothing half-written or temporary is left beside the files
	[ "$(ls -A out | wc -l)" -eq 6 ]
	cp "out/$day-hard.json" first.json
	run -0 env -i HOME="$PWD" SUDOKU_BIN="$ROOT/bin" dash "$EX/nightly.sh" out 4
	cmp first.json "out/$day-hard.json"
}

@test "nightly.sh: a run that finds the last one still going says so and writes nothing" {
	mkdir out
	# the holder execs into sleep, so killing it frees the lock
	(exec 9>> out/.nightly.lock && flock 9 && exec sleep 20) 3>&- &
	holder=$!
	while ! [ -e out/.nightly.lock ] || flock -n out/.nightly.lock true; do sleep 0.05; done
	run -1 --separate-stderr env -i SUDOKU_BIN="$ROOT/bin" dash "$EX/nightly.sh" out 4
	kill "$holder"
	assert_stderr "an earlier run still holds"
	[ "$(ls out | wc -l)" -eq 0 ]
}

@test "csv output from line, grid or JSON Lines input has one header row" {
	sudoku-print -t grid in.txt > in.grid
	sudoku-print -t json in.txt > in.json
	for f in in.txt in.grid in.json; do
		same_in_parallel "$f" sudoku-bt -u -t csv
		run -0 --separate-stderr bash -c "sh '$EX/parallel.sh' -j 2 -b 3k $f sudoku-bt -t csv | grep -c '^id,box,puzzle,'"
		assert_output 1
	done
}

@test "a line file that states its box shape is split with the statement in every block" {
	sudoku-gen -b 3x2 -n 300 -s 5 > boxes.txt
	same_in_parallel boxes.txt sudoku-bt -u
	same_in_parallel boxes.txt sudoku-bt
	run -0 --separate-stderr bash -c "sh '$EX/parallel.sh' -j 2 -b 2k boxes.txt sudoku-bt | grep -c '^# box 3x2'"
	assert_output 1
}

@test "a run kept with -d: again, it prints the same without running a block; another run is refused" {
	run -0 --separate-stderr sh "$EX/parallel.sh" -b 3k -d run in.txt sudoku-bt -u
	assert_equal "$output" "$(sudoku-bt -u in.txt)"
	local jobs
	jobs=$(wc -l < run/joblog)
	run -0 --separate-stderr sh "$EX/parallel.sh" -b 3k -d run in.txt sudoku-bt -u
	assert_equal "$output" "$(sudoku-bt -u in.txt)"
	[ "$(wc -l < run/joblog)" -eq "$jobs" ]
	run -2 --separate-stderr sh "$EX/parallel.sh" -b 3k -d run in.txt sudoku-bt
	assert_stderr "holds another run"
	[ -z "$output" ]
}

@test "cluster.sh: a login that is an ssh command is refused, with what to do instead" {
	run -2 --separate-stderr sh "$EX/cluster.sh" "ssh -p 2222 node1" in.txt sudoku-bt
	assert_stderr "~/.ssh/config"
}
