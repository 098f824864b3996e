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

# Whether process PID runs (a zombie, ended but not yet reaped by an init
# that reaps late, does not).
alive() {
	local state
	state=$(ps -o stat= -p "$1" 2> /dev/null) && [ "${state#Z}" = "$state" ]
}

# GNU parallel may warn on standard error (about lscpu where /sys is
# absent), which must not fail a test: of standard error only the
# program's own messages are compared.

# Runs PROGRAM OPTIONS over FILE serially and through parallel.sh, in blocks
# small enough for many jobs (CUT, default -b 3k: parallel.sh's options);
# standard outputs, exit statuses and the program's messages must match.
same_in_parallel() {
	local file=$1
	shift
	run --separate-stderr "$@" "$file"
	local serial=$output serial_status=$status serial_messages
	serial_messages=$(grep "^$1: " <<< "$stderr" || true)
	run --separate-stderr sh "$EX/parallel.sh" -j 2 ${CUT:--b 3k} "$file" "$@"
	assert_equal "$status" "$serial_status"
	assert_equal "$output" "$serial"
	assert_equal "$(grep "^$1: " <<< "$stderr" || true)" "$serial_messages"
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

@test "bad records in the middle: one run's messages, naming the file, and its exit status" {
	{ head -n 100 in.txt; echo 12x; echo "$NONE"; tail -n 100 in.txt; } > mixed.txt
	same_in_parallel mixed.txt sudoku-bt
	assert_stderr "sudoku-bt: mixed.txt:101: puzzle has 3 symbols"
	[ "${#lines[@]}" -eq 201 ]
	CUT='-N 1' same_in_parallel mixed.txt sudoku-rate -t json
	{ head -n 100 in.txt; echo "$NONE"; } > none.txt
	run -1 sh "$EX/parallel.sh" -b 3k none.txt sudoku-bt
}

@test "README: sudoku-gen split by seed ranges equals the serial command its comment names" {
	# the comment above the README's line names the serial command
	local comment line serial split
	comment=$(grep -B 1 -F '    seq 2026 1000 5026 | parallel' "$ROOT/README.md" | head -n 1)
	line=$(grep -F '    seq 2026 1000 5026 | parallel' "$ROOT/README.md")
	serial=$(sed -n 's/.*the same as \(sudoku-gen [^:;,]*\).*/\1/p' <<< "$comment")
	[ -n "$serial" ]
	# the same options on both sides, -n and -s apart
	split=${line#*parallel -k }
	assert_equal "$(tr ' ' '\n' <<< "${split% -s *}" | sed '/^-n$/,+1d' | sort)" \
		"$(tr ' ' '\n' <<< "${serial% -s *}" | sed '/^-n$/,+1d' | sort)"
	# run small: four ranges of 5 seeds for four runs of 1000
	split=${split/-n 1000/-n 5}
	serial=${serial/-n 4000/-n 20}
	run -0 --separate-stderr bash -c "seq 2026 5 2041 | parallel -k $split"
	assert_equal "$output" "$($serial)"
	[ "${#lines[@]}" -eq 20 ]
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

@test "nightly.sh: 30 nights at every level share no seed, puzzle or solution grid" {
	# the old seeds, day and level side by side, overlapped from one night to
	# the next and between the levels of a night
	local n
	for n in $(seq 0 29); do
		env -i SUDOKU_BIN="$ROOT/bin" dash "$EX/nightly.sh" -d "2026-12-17 + $n days" out 12
	done
	[ "$(ls out/*.json | wc -l)" -eq 150 ]
	cat out/*.json > all.json
	[ "$(wc -l < all.json)" -eq 1800 ]
	run -0 bash -c "grep -o '\"seed\":[0-9]*' all.json | sort | uniq -d"
	assert_output ""
	run -0 bash -c "sudoku-print -t line all.json | sort | uniq -d"
	assert_output ""
	run -0 bash -c "sudoku-bt all.json | cut -d' ' -f2 | sort | uniq -d"
	assert_output ""
	# a night made again is the same night
	cp out/20270101-hard.json first.json
	rm out/20270101-hard.json
	env -i SUDOKU_BIN="$ROOT/bin" dash "$EX/nightly.sh" -d 2027-01-01 out 12
	cmp first.json out/20270101-hard.json
}

@test "nightly.sh: -h prints its usage; an unknown option or a bad count is refused" {
	run -0 --separate-stderr dash "$EX/nightly.sh" -h
	assert_output "usage: nightly.sh [-d DATE] DIR [COUNT]"
	run -2 --separate-stderr dash "$EX/nightly.sh" -x out
	assert_stderr "usage: nightly.sh"
	run -2 --separate-stderr dash "$EX/nightly.sh" out 100001
	assert_stderr "COUNT is a number from 1 to 100000"
	run -2 --separate-stderr dash "$EX/nightly.sh" -d someday out
	assert_stderr "bad date"
	[ ! -e -h ] && [ ! -e out ]
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

@test "a line file that states its box shape: one statement, as one run makes it" {
	sudoku-gen -b 3x2 -n 300 -s 5 > boxes.txt
	same_in_parallel boxes.txt sudoku-bt -u
	same_in_parallel boxes.txt sudoku-bt
	run -0 --separate-stderr bash -c "sh '$EX/parallel.sh' -j 2 -b 2k boxes.txt sudoku-bt | grep -c '^# box 3x2'"
	assert_output 1
}

@test "names holding the words of a CSV header: the answers one run gives" {
	# the old guess in shell took such a file for CSV and gave every block
	# its first line: 54 answers for 50 puzzles
	head -n 50 in.txt | awk '{ print $0 " puzzle-" NR }' > named.txt
	run -0 --separate-stderr sh "$EX/parallel.sh" -b 1000 named.txt sudoku-bt -u
	[ "${#lines[@]}" -eq 50 ]
	CUT='-b 1000' same_in_parallel named.txt sudoku-bt -u
	head -n 60 in.txt | awk 'BEGIN { split("puzzle board solution solutions quizzes quiz", w) }
		{ print $0 " " w[NR % 6 + 1] (NR % 2 ? "" : ",x") }' > words.txt
	CUT='-N 1' same_in_parallel words.txt sudoku-bt
	CUT='-N 7' same_in_parallel words.txt sudoku-rate -t csv
	CUT='-N 7' same_in_parallel words.txt sudoku-print -t line
}

@test "box shapes changing part-way, in blocks of any size: the statements one writer makes" {
	# 6x6 boards of both shapes in runs of 1 to 4, with 9x9 boards between
	sudoku-gen -b 2x3 -n 40 -s 1 > a.txt
	sudoku-gen -b 3x2 -n 40 -s 2 | grep -v '^#' > b.txt
	head -n 40 in.txt > c.txt
	awk 'BEGIN { srand(7) }
		{ getline b < "b.txt"; getline c < "c.txt"
		  for (k = int(rand() * 4); k >= 0; k--) print "# box 3x2\n" b
		  print "# box 2x3\n" $0; if (NR % 3 == 0) print c }' a.txt > shapes.txt
	sudoku-print -t line shapes.txt > written.txt
	[ "$(grep -c '^# box' written.txt)" -gt 20 ]
	for cut in '-N 1' '-N 2' '-N 5' '-b 1k'; do
		CUT=$cut same_in_parallel shapes.txt sudoku-bt
		CUT=$cut same_in_parallel written.txt sudoku-print -t line
	done
	CUT='-N 3' same_in_parallel shapes.txt sudoku-fill -s 1
	CUT='-N 3' same_in_parallel shapes.txt sudoku-bt -t json
	# a stream that ends in a shape other than the usual one
	{ cat shapes.txt; echo '# box 3x2'; head -n 5 b.txt; } > ends.txt
	CUT='-N 2' same_in_parallel ends.txt sudoku-bt
}

@test "the join ends a line stream with the usual shape where the writer does so, and only there" {
	local a b
	a=$(sudoku-gen -b 3x2 -s 1 | grep -v '^#')
	b=$(sudoku-gen -b 3x2 -s 2 | grep -v '^#')
	mkdir ends plain
	# blocks from a writer that states the usual shape again at its end
	printf '# box 3x2\n%s\n# box 2x3\n#sudoku-status 0\n' "$a" > ends/1
	printf '# box 3x2\n%s\n# box 2x3\n#sudoku-status 1\n' "$b" > ends/2
	printf '%s\n#sudoku-status 0\n' "$WIKI" > ends/3
	run -1 bash -c '. "$1/records.sh"; join_blocks ends 1 3 line' sh "$EX"
	assert_output "$(printf '# box 3x2\n%s\n%s\n%s\n# box 2x3' "$a" "$b" "$WIKI")"
	# and from one that does not
	printf '# box 3x2\n%s\n#sudoku-status 0\n' "$a" > plain/1
	printf '# box 3x2\n%s\n#sudoku-status 0\n' "$b" > plain/2
	run -0 bash -c '. "$1/records.sh"; join_blocks plain 1 2 line' sh "$EX"
	assert_output "$(printf '# box 3x2\n%s\n%s' "$a" "$b")"
}

@test "comments, CR LF line ends and a byte order mark: the answers one run gives" {
	{
		printf '\357\273\277# a collection\r\n'
		head -n 30 in.txt | awk '{ printf "%s\r\n", $0 } NR % 7 == 0 { printf "# seven\r\n\r\n" }'
	} > crlf.txt
	CUT='-N 1' same_in_parallel crlf.txt sudoku-bt -u
	CUT='-N 4' same_in_parallel crlf.txt sudoku-print -t json
	{ printf '\357\273\277quizzes,solutions\r\n'; head -n 30 in.txt | sed 's/$/,\r/'; } > bom.csv
	CUT='-N 4' same_in_parallel bom.csv sudoku-bt
}

@test "grid, csv and multi-line JSON input, in blocks of one record" {
	head -n 20 in.txt > few.txt
	{ echo "$NONE"; head -n 9 few.txt; } > none-first.txt
	sudoku-print -t grid none-first.txt > in.grid
	# a block whose first puzzle has no solution writes lines as one run does
	CUT='-N 1' same_in_parallel in.grid sudoku-bt
	{ echo 'puzzle,solution'; sed 's/$/,/' few.txt; } > in.csv
	CUT='-N 1' same_in_parallel in.csv sudoku-bt -u
	awk '{ printf "{\n  \"id\": \"n%d\",\n  \"puzzle\": \"%s\"\n}\n", NR, $1 }' few.txt > multi.json
	CUT='-N 1' same_in_parallel multi.json sudoku-bt -t json
	CUT='-N 3' same_in_parallel multi.json sudoku-rate
}

@test "csv input with columns of its own, some rows leaving one empty: one run's columns, in blocks of one record" {
	head -n 30 in.txt | awk 'BEGIN { print "id,quizzes,note,source" }
		{ print "n" NR "," $1 "," (NR % 2 ? "" : "hard one") "," (NR % 7 ? "book" : "") }' > extra.csv
	CUT='-N 1' same_in_parallel extra.csv sudoku-bt
	CUT='-N 1' same_in_parallel extra.csv sudoku-rate -t csv
	CUT='-N 4' same_in_parallel extra.csv sudoku-print -t csv
	run -0 --separate-stderr sh "$EX/parallel.sh" -N 1 extra.csv sudoku-bt
	assert_line --index 0 'id,box,puzzle,board,status,stats,note,source'
}

@test "an empty file: no answer, exit 0, as one run" {
	: > empty.txt
	run -0 --separate-stderr sh "$EX/parallel.sh" empty.txt sudoku-bt
	assert_output ""
}

@test "a program missing here or on a host is named, and nothing is left in TMPDIR" {
	mkdir tmp
	export TMPDIR=$PWD/tmp
	run -2 --separate-stderr sh "$EX/parallel.sh" in.txt sudoku-nonesuch
	assert_stderr "parallel.sh: sudoku-nonesuch: not found"
	[ -z "$output" ]
	# here, but not where the blocks run it (-p names another prefix)
	run -3 --separate-stderr sh "$EX/parallel.sh" -p "$PWD/nowhere" in.txt sudoku-bt
	assert_stderr "blocks did not finish"
	assert_stderr "parallel.sh: $PWD/nowhere/bin/sudoku-bt: not found"
	[ -z "$output" ]
	[ -z "$(ls -A tmp)" ]
}

@test "output of the whole run is refused by the program, before any block runs" {
	mkdir tmp
	export TMPDIR=$PWD/tmp
	run -2 --separate-stderr sh "$EX/parallel.sh" in.txt sudoku-print -t svg
	assert_stderr "sudoku-print: -t svg makes one document of the whole run: it cannot be cut into blocks"
	run -2 --separate-stderr sh "$EX/parallel.sh" in.txt sudoku-rate --stats
	assert_stderr "--stats sums the records"
	run -2 --separate-stderr sh "$EX/parallel.sh" in.txt sudoku-bt -o out.txt
	assert_stderr "-o writes one file"
	[ ! -e out.txt ]
	run -2 --separate-stderr sh "$EX/parallel.sh" in.txt sudoku-anneal --trace t.tsv
	[ ! -e t.tsv ]
	run -2 --separate-stderr sh "$EX/parallel.sh" in.txt sudoku-bt --order sideways
	assert_stderr "unknown order"
	[ -z "$output" ]
	[ -z "$(ls -A tmp)" ]
}

@test "nothing is left in TMPDIR after a run, fine, failed or stopped" {
	mkdir tmp
	export TMPDIR=$PWD/tmp
	{ head -n 50 in.txt; echo 12x; echo "$NONE"; } > bad.txt
	run -0 --separate-stderr sh "$EX/parallel.sh" -b 2k in.txt sudoku-bt
	run -2 --separate-stderr sh "$EX/parallel.sh" -b 2k bad.txt sudoku-bt
	run -2 --separate-stderr sh "$EX/parallel.sh" missing.txt sudoku-bt
	[ -z "$(ls -A tmp)" ]
	# stopped while its blocks run: they stop too, and their directory goes
	mkdir bin
	printf '#!/bin/sh\necho $$ >> "%s/started"\nexec sleep 60\n' "$PWD" > bin/slow
	chmod 755 bin/slow
	PATH=$PWD/bin:$PATH sh "$EX/parallel.sh" -N 10 in.txt slow > out 2> err &
	local pid=$! waited=0
	until [ -s started ] || [ $waited -gt 600 ]; do sleep 0.05; waited=$((waited + 1)); done
	[ -s started ]
	kill -TERM "$pid"
	local status=0
	wait "$pid" || status=$?
	[ "$status" -eq 143 ]
	grep -q 'parallel.sh: stopped' err
	[ -z "$(ls -A tmp)" ]
	for job in $(cat started); do ! alive "$job"; done
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

# FILE K PROGRAM [OPTION ...]: the program over FILE serially, and as the
# batch scripts run it, without GNU parallel or Slurm around it: FILE
# packed by the program (pack), the pack cut into blocks of K lines, each
# block run as a job runs it (BLOCK_RUN) and the blocks' answers joined
# (join_blocks, records.sh): the same output, messages and exit status.
same_in_blocks() {
	local file=$1 k=$2
	shift 2
	run --separate-stderr "$@" "$file"
	local serial=$output serial_status=$status serial_messages=$stderr
	rm -rf blocks
	mkdir blocks
	run --separate-stderr sh -c '
		. "$1/records.sh"
		file=$2 k=$3
		shift 3
		pack "$file" blocks/pack "$@" || exit
		format=$(packed_format blocks/pack)
		split -l "$k" -d -a 4 blocks/pack blocks/in.
		n=0
		for block in blocks/in.*; do
			[ -e "$block" ] || break
			sh -c "$BLOCK_RUN" sh "$@" -f pack < "$block" > blocks/$n 2> blocks/$n.err
			n=$((n + 1))
		done
		[ "$n" -eq 0 ] || join_blocks blocks 0 $((n - 1)) "$format"' sh "$EX" "$file" "$k" "$@"
	if [ "$output" != "$serial" ] || [ "$stderr" != "$serial_messages" ] || [ "$status" != "$serial_status" ]; then
		echo "$* over $file in blocks of $k: not one run's answers" >&2
		diff <(echo "$serial"; echo "$serial_messages"; echo "exit $serial_status") \
			<(echo "$output"; echo "$stderr"; echo "exit $status") >&2
		return 1
	fi
}

# in.txt's first puzzles among 9x9 ones of the tests' own, 6x6 boards of
# both shapes and 8x8 ones of the shape that is not the usual one (each
# stated as it comes), names, a bad record and one with no solution; the
# same records as grid, csv, json and pencil, each with a bad record of
# its format.
mixed_inputs() {
	{
		echo "$WIKI wiki"
		sudoku-gen -b 3x2 -n 2 -s 1 | sed '/^#/!s/$/ six-a/'
		echo "$NONE none"
		head -n 1 in.txt
		sudoku-gen -b 4x2 -n 2 -s 3 | sed '/^#/!s/$/ eight/'
		echo '12x'
		sudoku-gen -b 2x3 -n 1 -s 2 | grep -v '^#'
		sed -n 2p in.txt | sed 's/$/ named,with-a-comma/'
		sudoku-gen -b 3x2 -n 1 -s 4 | grep -v '^# box 2x3'
	} > mixed.txt
	sudoku-print -t grid mixed.txt > mixed.grid 2> /dev/null || true
	printf '4\n1 2 3\n\n' >> mixed.grid
	sudoku-print -t csv mixed.txt > mixed.csv 2> /dev/null || true
	echo ',3x3,123,' >> mixed.csv
	sudoku-print -t json mixed.txt > mixed.json 2> /dev/null || true
	echo '{"puzzle":"12"}' >> mixed.json
	sudoku-print -t pencil mixed.txt > mixed.pencil 2> /dev/null || true
	echo '1234' >> mixed.pencil
}

@test "property: every tool over line, grid, csv, json and pencil input, every record a block, gives one run's answers" {
	mixed_inputs
	local f
	for f in mixed.txt mixed.grid mixed.csv mixed.json mixed.pencil; do
		same_in_blocks "$f" 1 sudoku-print
		same_in_blocks "$f" 1 sudoku-cost
		same_in_blocks "$f" 1 sudoku-fill -s 2
		same_in_blocks "$f" 1 sudoku-bt
		same_in_blocks "$f" 1 sudoku-bt -u
		same_in_blocks "$f" 1 sudoku-rate
		same_in_blocks "$f" 1 sudoku-anneal -s 3 -I 20000
		same_in_blocks "$f" 1 sudoku-vns -s 3 -I 20000
	done
}

@test "property: every output format, and the tools' own options, in blocks of 1 and 3 records" {
	mixed_inputs
	local f t
	for t in line grid csv json pencil pretty; do
		for f in mixed.txt mixed.json; do
			same_in_blocks "$f" 1 sudoku-print -t "$t"
			same_in_blocks "$f" 3 sudoku-bt -t "$t"
		done
	done
	for f in mixed.txt mixed.csv; do
		same_in_blocks "$f" 3 sudoku-cost -t csv --check
		same_in_blocks "$f" 3 sudoku-fill -s 5 -t json
		same_in_blocks "$f" 1 sudoku-rate --explain
		same_in_blocks "$f" 3 sudoku-rate --hint -t csv
		same_in_blocks "$f" 1 sudoku-bt --all -c 3
		same_in_blocks "$f" 3 sudoku-bt -c 3 -t json
		same_in_blocks "$f" 1 sudoku-anneal -s 1 -I 5000 -t csv
	done
}

@test "pencil output and input with box shapes other than the usual: one run's statements" {
	sudoku-gen -b 4x2 -n 12 -s 3 > b42.txt
	sudoku-gen -b 3x2 -n 12 -s 1 >> b42.txt
	head -n 3 in.txt >> b42.txt
	sudoku-gen -b 2x3 -n 3 -s 5 | grep -v '^#' >> b42.txt
	sudoku-gen -b 3x2 -n 4 -s 2 >> b42.txt
	CUT='-N 4' same_in_parallel b42.txt sudoku-print -t pencil
	sudoku-print -t pencil b42.txt > b42.pencil
	[ "$(grep -c '^# box' b42.pencil)" -eq 5 ]
	CUT='-N 4' same_in_parallel b42.pencil sudoku-bt
	CUT='-N 3' same_in_parallel b42.pencil sudoku-print -t pencil
	CUT='-N 5' same_in_parallel b42.pencil sudoku-rate -t json
}

@test "csv out of JSON records with keys of their own: one run's header, the same record refused, exit 2" {
	for k in 1 2 3 4 5 6 7 8; do
		case $k in
		4) echo "{\"puzzle\":\"$WIKI\",\"id\":\"n$k\",\"note\":\"own key\"}" ;;
		7) echo "{\"puzzle\":\"$WIKI\",\"id\":\"n$k\"}" ;;
		*) echo "{\"puzzle\":\"$WIKI\",\"id\":\"n$k\",\"source\":\"book\"}" ;;
		esac
	done > keys.json
	# the record with a key of its own starts a block, or is alone in one
	for cut in '-N 3' '-N 1' '-N 2'; do
		CUT=$cut same_in_parallel keys.json sudoku-bt -t csv
		assert_equal "$status" 2
		assert_stderr "keys.json:4: key 'note' has no column in this CSV stream"
	done
	CUT='-N 3' same_in_parallel keys.json sudoku-rate -t csv
}

@test "csv with a quoted line break, in the header and in fields: one run's answers" {
	{
		printf 'puzzle,"the\nnote"\n'
		head -n 12 in.txt | awk '{ printf "%s,\"line one\nline %d\"\n", $0, NR }'
	} > breaks.csv
	for cut in '-N 1' '-N 5'; do
		CUT=$cut same_in_parallel breaks.csv sudoku-bt
		CUT=$cut same_in_parallel breaks.csv sudoku-rate -t csv
	done
	CUT='-N 4' same_in_parallel breaks.csv sudoku-bt -t json
}

@test "a file name holding a line break, a quote or a leading dash: one run's answers and messages" {
	local name
	for name in $'two\nlines.txt' "it's.txt" '-dash.txt'; do
		{ head -n 20 in.txt; echo 12x; } > "./$name"
		run --separate-stderr sudoku-bt -- "$name"
		local serial=$output messages=$stderr
		[[ "$messages" == *":21: puzzle has 3 symbols"* ]]
		run --separate-stderr sh "$EX/parallel.sh" -N 7 -- "$name" sudoku-bt
		assert_equal "$status" 2
		assert_equal "$output" "$serial"
		# (GNU parallel's own warnings apart)
		assert_equal "$(grep -v '^parallel: ' <<< "$stderr")" "$messages"
	done
}

# PARALLEL.SH-OPTION ... : parallel.sh over in.txt with a program that
# takes a minute a block (and as long to read the file, if the test's
# SLOW_PACK is set), in a TMPDIR of its own, started with every signal at
# its default (a shell's background job ignores SIGINT); its pid in
# $slow_run once it runs (blocks, or the reading of the file).
start_slow_run() {
	mkdir -p bin tmp
	rm -f started
	cat > bin/slow <<-END
		#!/bin/sh
		case " \$* " in *" --pack "*) [ -n "\${SLOW_PACK:-}" ] || exec "$ROOT/bin/sudoku-bt" "\$@" ;; esac
		echo \$\$ >> "$PWD/started"
		exec sleep 60
	END
	chmod 755 bin/slow
	PATH=$PWD/bin:$PATH TMPDIR=$PWD/tmp env --default-signal=INT,QUIT \
		sh "$EX/parallel.sh" "$@" in.txt slow > out 2> err &
	slow_run=$!
	local waited=0
	until [ -s started ] && [ "$(wc -l < started)" -ge "${SLOW_JOBS:-1}" ]; do
		sleep 0.05
		waited=$((waited + 1))
		[ $waited -lt 1200 ]
	done
}

# SIGNAL: sends it to the slow run, which must die by it (128 + its
# number) having said so, with nothing left running or in TMPDIR.
stops_by() {
	kill -s "$1" "$slow_run"
	local status=0
	wait "$slow_run" || status=$?
	assert_equal "$status" $((128 + $(kill -l "$1")))
	[ ! -s out ]
	grep -q 'parallel.sh: stopped' err
	[ -z "$(ls -A tmp)" ]
	local job waited=0
	for job in $(cat started); do
		while alive "$job" && [ $waited -lt 100 ]; do sleep 0.05; waited=$((waited + 1)); done
		! alive "$job"
	done
	# nor GNU parallel, here
	local pid
	for pid in $(pgrep -f 'parallel -q --pipe' || true); do
		[ "$(readlink "/proc/$pid/cwd")" != "$PWD" ]
	done
}

@test "parallel.sh stopped by any signal that ends a program: its jobs stop, nothing is left, it dies by the signal" {
	local sig
	for sig in HUP INT QUIT TERM USR1; do
		SLOW_JOBS=2 start_slow_run -j 2 -N 10
		stops_by "$sig"
	done
	# and while the program reads the file, before any block
	SLOW_PACK=1 start_slow_run -N 10
	stops_by HUP
}

@test "parallel.sh -d stopped by a signal: the resume hint, and the same command finishes the run" {
	local sig
	for sig in TERM HUP; do
		rm -rf run
		SLOW_JOBS=2 start_slow_run -j 2 -N 10 -d run
		stops_by "$sig"
		grep -q 'parallel.sh: stopped; the same command with -d run finishes the run' err
	done
	# the blocks that did not finish run again, with the program back to itself
	printf '#!/bin/sh\nexec "%s/bin/sudoku-bt" "$@"\n' "$ROOT" > bin/slow
	PATH=$PWD/bin:$PATH run -0 --separate-stderr sh "$EX/parallel.sh" -j 2 -N 10 -d run in.txt slow
	assert_equal "$output" "$(sudoku-bt in.txt)"
}

@test "a TMPDIR or -d where no directory can be made: the script's message and exit 2, nothing run" {
	echo file > afile
	local tmp
	for tmp in "$PWD/afile" "$PWD/missing"; do
		run -2 --separate-stderr env TMPDIR="$tmp" sh "$EX/parallel.sh" in.txt sudoku-bt
		assert_stderr "parallel.sh: cannot make a directory in $tmp (TMPDIR): "
		[[ "$stderr" != *mktemp* ]]
		[ -z "$output" ]
	done
	run -2 --separate-stderr sh "$EX/parallel.sh" -d afile/run in.txt sudoku-bt
	assert_stderr "parallel.sh: cannot make the directory afile/run: Not a directory"
	[ "$(echo "$stderr" | wc -l)" -eq 1 ]
	# a run directory whose name begins with a dash is a directory like another
	run -0 --separate-stderr sh "$EX/parallel.sh" -N 50 -d -run in.txt sudoku-bt -u
	assert_equal "$output" "$(sudoku-bt -u in.txt)"
	[ -f ./-run/pack ]
}

@test "nightly.sh -- DIR: a directory whose name begins with a dash is a directory" {
	run -0 env -i SUDOKU_BIN="$ROOT/bin" dash "$EX/nightly.sh" -- -night 1
	assert_output ""
	[ "$(cat ./-night/*.json | wc -l)" -eq 5 ]
	echo file > afile
	run -2 --separate-stderr env -i SUDOKU_BIN="$ROOT/bin" dash "$EX/nightly.sh" afile/night 1
	assert_stderr "nightly.sh: cannot make the directory afile/night: Not a directory"
}
