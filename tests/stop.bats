#!/usr/bin/env bats
# Limits and stops: -T and SIGTERM end every program soon at every size,
# from 9x9 to 64x64, in every kind of search; a signal drops the record in
# hand; a rating cut short is "limit"; and under the default limits, which
# count work, not time, the output does not depend on the machine's load.
load helper

# A 9x9 puzzle Sudoku Explainer rates 11.1 (forum_hardest, line 19000):
# nested forcing chains, seconds of rating.
HARD=98.7..6..7...8..5...5......57..4.9....3..9........7.2.46...85.....4....6....6..41
# Past sudoku-rate's default limit of work: the 25x25 puzzle that
# sudoku-gen -b 5x5 -s 2 makes (13 s here).  The 9x9 of SE 11+ this was
# (forum_hardest, line 41969: 7.2*10^8 units) rates 11.2 within the limit
# since the static chains stop early.
HARDER=.DL...9.....HK......F.BM......7..HPM.B8J..E.NI......AM13..F2...9D4C.6.J...8.3G.....MN..IA..5.8.K26.4B.K5J..1.C..7.4.A2.3.9P.HO8.I.H.L2.74..1.....35.E.E....K4...9.....I.OH......6...O...1KHN......E9...P..4.9C...BPO.3.F2M5.DH..6.....GNI....52M8.7.D...BA259F.D3G..E.8.L.H.B.M..A..LB...12...A.6.D8..7NP5.O.A...B5..L2P.4CE96K..8..31M.4.....K.5......N2...LJK.6P.I..A..D.....5GC...4..2.K..C.....L.E..O.P5G..DG1..6.A98...M5...K....CI..4..3...65...IG.D..B.F2..DJ.9..G...6.CP.L.F3..A...F.I..E...M31..H9..C...4...N.JA.E..HD.3..B.....K......GE.I....K6.A....41.....O2.74..1..E....M...AB..N...B..D..F.G.793J..I..H.5.H.....A39B..N.1F.7..C8D2
# A 9x9 board with no solution that propagation does not see (a wrong
# digit in the first of forum_hardest): the default local searches run on.
WRONG=9827..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6

# board N KIND: an N x N grid, empty, or "none": no solution, and givens
# that do not clash (row 1 holds 1 to N-1, r2cN holds N: r1cN can hold
# nothing).
board() {
	awk -v n="$1" -v kind="$2" 'BEGIN {
		print n
		for (r = 1; r <= n; r++) {
			for (c = 1; c <= n; c++)
				printf "%s%d", (c > 1 ? " " : ""), (kind != "none" ? 0 : (r == 1 && c < n) ? c : (r == 2 && c == n) ? n : 0)
			print ""
		}
	}'
}

setup_file() {
	cd "$BATS_FILE_TMPDIR"
	for n in 9 25 36 64; do
		board "$n" empty > "empty$n.grid"
		board "$n" none > "none$n.grid"
	done
	# puzzles with one solution whose ratings run long, and a 64x64 one
	# whose uniqueness takes long to prove (45% of a grid given)
	echo "$HARD" > unique9.grid
	echo "$WRONG" > wrong9.txt
	sudoku-gen -b 5x5 -s 2 -t grid > unique25.grid
	sudoku-gen -b 6x6 -s 3 -t grid > unique36.grid
	sudoku-gen -b 8x8 -s 1 -t grid > unique64.grid
	sudoku-bt -s 1 -t grid empty64.grid |
		awk 'BEGIN { srand(1) } NR == 1 { print; next } { for (i = 1; i <= NF; i++) if (rand() >= 0.45) $i = 0; print }' \
		> sparse64.grid
}

setup() {
	cd "$BATS_FILE_TMPDIR"
}

# the processes a test started to load the machine, killed whatever
# became of the test
teardown() {
	[ ! -s hogs ] || kill $(cat hogs) 2> /dev/null || true
	rm -f hogs
}

# seconds since $EPOCHREALTIME was $1
since() {
	awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.3f", b - a }'
}

# below X LIMIT: whether X < LIMIT (decimals)
below() {
	awk -v x="$1" -v l="$2" 'BEGIN { exit !(x < l) }'
}

# timed CMD...: runs CMD, its output in out.txt; sets status and elapsed.
timed() {
	local t0=$EPOCHREALTIME
	status=0
	"$@" > out.txt 2> err.txt || status=$?
	elapsed=$(since "$t0")
}

# limited CMD...: CMD under -T 1 ends in less than 1.5 s, the record past
# the limit answered (exit 0 or 1).  (timeout only guards against a hang.)
limited() {
	timed timeout -s KILL 60 "$@" -T 1
	below "$elapsed" 1.5 || { echo "-T 1 took $elapsed s: $*"; return 1; }
	[ "$status" -le 1 ] || { echo "exit $status: $*"; cat err.txt; return 1; }
}

# terminated CMD...: CMD, still running a second (or AFTER seconds) after
# its start, gets SIGTERM and ends in less than 1 s by the signal (status
# 143); the record in hand is dropped.  With STREAM set, CMD reads STREAM's lines
# without end, else nothing (its input is /dev/null, as in the background).
terminated() {
	local pid t0
	if [ -n "${STREAM:-}" ]; then
		yes "$STREAM" 2> /dev/null 3>&- | "$@" > out.txt 2> err.txt 3>&- &
	else
		"$@" > out.txt 2> err.txt 3>&- &
	fi
	pid=$!
	sleep "${AFTER:-1}"
	kill -0 "$pid" 2> /dev/null || { echo "ended before the signal: $*"; return 1; }
	t0=$EPOCHREALTIME
	kill -TERM "$pid"
	# one that does not stop is killed after a while (exit 137)
	(sleep 10; kill -KILL "$pid" 2> /dev/null) 3>&- &
	local guard=$!
	status=0
	wait "$pid" || status=$?
	elapsed=$(since "$t0")
	kill "$guard" 2> /dev/null || true
	[ "$status" -eq 143 ] || { echo "exit $status, not 143: $*"; return 1; }
	below "$elapsed" 1 || { echo "ended $elapsed s after SIGTERM: $*"; return 1; }
}

# whole_lines LENGTH: every line of out.txt is a whole record: LENGTH
# symbols (line), or (json) a record the toolkit reads back; the file
# ends with a newline.
whole_lines() {
	[ ! -s out.txt ] || [ -z "$(tail -c 1 out.txt)" ] || { echo "a partial last line"; return 1; }
	case "$1" in
	json) [ "$(sudoku-print -f json -t json out.txt | wc -l)" -eq "$(wc -l < out.txt)" ] ;;
	*) awk -v len="$1" 'length($1) != len { bad++ } END { exit bad > 0 }' out.txt ;;
	esac
}

@test "sudoku-bt: -T 1 and SIGTERM at 9x9, 25x25, 36x36 and 64x64, counting and solving" {
	for n in 9 25 36 64; do
		limited sudoku-bt -c 1000000000 "empty$n.grid"
		run cat out.txt
		assert_output --regexp '^unsolved [0-9]+$'
		terminated sudoku-bt -I 0 -c 1000000000 "empty$n.grid"
		[ ! -s out.txt ]
	done
	# plain backtracking counts on
	limited sudoku-bt --order static --propagate none -c 1000000000 empty9.grid
	terminated sudoku-bt --order degree-mrv --propagate fc -I 0 -c 1000000000 empty25.grid
	# solving by clause learning, with its lookahead
	limited sudoku-bt sparse64.grid
	terminated sudoku-bt -I 0 sparse64.grid
	[ ! -s out.txt ]
}

@test "sudoku-anneal and sudoku-vns: -T 1 and SIGTERM at 9x9, 25x25, 36x36 and 64x64" {
	for p in sudoku-anneal sudoku-vns; do
		for n in 9 25 36 64; do
			limited "$p" --plain -s 1 "none$n.grid"
			[ -s out.txt ]
			terminated "$p" --plain -s 1 -I 0 "none$n.grid"
			[ ! -s out.txt ]
		done
		# the default search, after its propagation
		limited "$p" -s 1 -t json wrong9.txt
		grep -q '"status":"unsolved"' out.txt
		terminated "$p" -s 1 -I 0 wrong9.txt
		[ ! -s out.txt ]
	done
}

@test "sudoku-rate: -T 1 and SIGTERM at 9x9, 25x25, 36x36 and 64x64: limit, or nothing" {
	# at 9x9, a minimal pencil-mark puzzle: the rater now rates even SE's
	# hardest givens puzzles in about a second, too near the limit
	sudoku-gen -t pencil -s 1 > pencil9.txt
	for n in 9 25 36 64; do
		f=unique$n.grid
		[ "$n" != 9 ] || f=pencil9.txt
		limited sudoku-rate "$f"
		[ "$(cat out.txt)" = limit ]
		grep -q 'limit reached before the rating was done' err.txt
		terminated sudoku-rate -I 0 "$f"
		[ ! -s out.txt ]
	done
	# a uniqueness proof that takes long is stopped too: a limit as well
	limited sudoku-rate sparse64.grid
	[ "$(cat out.txt)" = limit ]
	grep -q 'limit reached before uniqueness was proven' err.txt
	terminated sudoku-rate -I 0 sparse64.grid
}

@test "sudoku-gen: -T 1 and SIGTERM at 9x9, 25x25, 36x36 and 64x64: the puzzle in hand is not written" {
	# a window of ratings seldom met: each attempt makes and rates a puzzle
	limited sudoku-gen -s 1 --rating 11.0- --max-attempts 1000000
	[ "$status" -eq 1 ]
	terminated sudoku-gen -s 1 --rating 11.0- --max-attempts 1000000
	[ ! -s out.txt ]
	# big boards in json: each puzzle rated, which takes long
	for b in 5x5 6x6 8x8; do
		limited sudoku-gen -b "$b" -s 2 -t json
		[ ! -s out.txt ] || grep -q '"level":"limit"' out.txt
		terminated sudoku-gen -b "$b" -s 2 -t json
		[ ! -s out.txt ]
	done
	# the level checks of the removals, on a big board
	limited sudoku-gen -b 8x8 -s 1 -d expert
	terminated sudoku-gen -b 8x8 -s 1 -d expert
	# puzzles without end: whole records up to the signal
	terminated sudoku-gen -s 1 -n 0
	whole_lines 81
}

@test "sudoku-gen --from: a seed's uniqueness proof stops at -T, -I and SIGTERM, exit 1 with a message, nothing made" {
	# a 64x64 seed at 45%: its proof ran past ten minutes under -T 0.5 -I 1000
	limited sudoku-gen --from sparse64.grid -s 1
	[ "$status" -eq 1 ]
	[ ! -s out.txt ]
	grep -qx 'sudoku-gen: sparse64.grid:1: limit reached before the puzzle.s uniqueness was proven' err.txt
	timed timeout -s KILL 60 sudoku-gen --from sparse64.grid -s 1 -I 1000
	below "$elapsed" 5
	[ "$status" -eq 1 ]
	grep -q 'sparse64.grid:1: limit reached' err.txt
	terminated sudoku-gen --from sparse64.grid -s 1 -I 0
	[ ! -s out.txt ]
}

@test "sudoku-print, sudoku-cost, sudoku-fill: SIGTERM on endless input ends them at every size, whole records only" {
	for n in 9 25 36 64; do
		if [ "$n" -le 35 ]; then
			format=line len=$((n * n))
		else
			format=json len=json
		fi
		STREAM=$(sudoku-print -t "$format" "none$n.grid")
		STREAM="$STREAM" terminated sudoku-print -t "$format"
		[ -s out.txt ]
		whole_lines "$len"
		STREAM="$STREAM" terminated sudoku-fill -s 1 -t "$format"
		whole_lines "$len"
		STREAM="$STREAM" terminated sudoku-cost
		run awk '!/^[0-9]+$/' out.txt
		assert_output ""
	done
}

@test "SIGINT stops a program as SIGTERM does: exit 130, the record in hand dropped" {
	# a script's job starts with SIGINT ignored: not asked here
	env --default-signal=INT sudoku-bt -I 0 -c 1000000000 empty25.grid > out.txt 2> err.txt 3>&- &
	pid=$!
	sleep 1
	kill -0 "$pid"
	t0=$EPOCHREALTIME
	kill -INT "$pid"
	status=0
	wait "$pid" || status=$?
	[ "$status" -eq 130 ]
	below "$(since "$t0")" 1
	[ ! -s out.txt ]
}

@test "limit: a rating cut short is level limit in sudoku-rate (text, json, csv) and sudoku-gen, nothing partial" {
	run -1 --separate-stderr sudoku-rate -I 100000 <<< "$HARD"
	assert_output limit
	assert_stderr "<stdin>:1: limit reached before the rating was done"
	run -1 --separate-stderr sudoku-rate -I 100000 -t json <<< "$HARD"
	assert_output "{\"size\":9,\"box\":[3,3],\"puzzle\":\"$HARD\",\"level\":\"limit\"}"
	run -1 --separate-stderr sudoku-rate -I 100000 -t csv <<< "$HARD"
	# the fixed columns: nothing but the puzzle and its level
	assert_line -n 0 "id,box,puzzle,board,status,solutions,level,score,er,ep,ed,hardest,techniques,wrong"
	assert_line -n 1 ",3x3,$HARD,,,,limit,,,,,,,"
	# the uniqueness proof cut short is a limit too, not a rating
	run -1 --separate-stderr sudoku-rate -I 1 <<< "$HARD"
	assert_output limit
	assert_stderr "<stdin>:1: limit reached before uniqueness was proven"
	# --stats counts them apart
	run -1 sudoku-rate -I 100000 --stats -t csv <<< "$HARD"
	assert_line "unrated,limit,1"
	# the hint goes on with the rating's work: past the limit, the record
	# is limit too, not a rating without its hint
	units=$(sudoku-rate -v -t json <<< "$WIKI" 2> /dev/null | grep -o '"units":[0-9]*' | cut -d: -f2)
	run -0 sudoku-rate -I "$((units + 1))" <<< "$WIKI"
	assert_output "very-easy 1.2"
	run -1 --separate-stderr sudoku-rate --hint -I "$((units + 1))" <<< "$WIKI"
	assert_output limit
	assert_stderr "<stdin>:1: limit reached before the hint was found"
	run -0 sudoku-rate --hint -I 0 <<< "$WIKI"
	assert_output --regexp '^very-easy 1.2
  hint: '
	# a big puzzle whose rating the time limit cuts: level limit, no score
	# (its making takes under a second, some under ASan on a busy machine:
	# 6 s leave it time, and the rating, which needs far more, is cut)
	run -0 sudoku-gen -b 5x5 -s 2 -T 6 -t json
	assert_output --partial '"level":"limit"'
	refute_output --partial '"score"'
	run -0 sudoku-gen -b 5x5 -s 2 -T 6 -t csv
	assert_line --index 0 "id,box,puzzle,board,level,score,seed,stats"
	assert_line --index 1 --regexp '^,5x5,[.1-9A-P]{625},,limit,,2,'
}

@test "the default limits count work: a record that reaches one gives the same output on a quiet and a busy machine" {
	# each stops at its default after some seconds: sudoku-bt proving
	# uniqueness by clause learning (solving, it races annealing from
	# 49x49 up, whose default takes a minute), sudoku-rate on the hard puzzle, the local searches on a
	# board without a solution, sudoku-gen rating a 25x25 puzzle
	# (timeout only guards against a hang: generous, for sanitizer builds
	# on a loaded machine, where these take minutes)
	defaults() {
		local pids=()
		timeout 1200 sudoku-bt -u -t json sparse64.grid > "bt$1" 3>&- &
		pids+=($!)
		timeout 1200 sudoku-rate -t json <<< "$HARDER" > "rate$1" 3>&- &
		pids+=($!)
		timeout 1200 sudoku-anneal --plain -s 1 -t json none9.grid > "anneal$1" 3>&- &
		pids+=($!)
		timeout 1200 sudoku-vns --plain -s 1 -t json none9.grid > "vns$1" 3>&- &
		pids+=($!)
		timeout 1200 sudoku-gen -b 5x5 -s 2 -t json > "gen$1" 3>&- &
		pids+=($!)
		for pid in "${pids[@]}"; do
			wait "$pid" || [ $? -eq 1 ]
		done
	}
	defaults .quiet
	for hog in 1 2; do
		yes > /dev/null 3>&- &
		echo $! >> hogs
	done
	defaults .busy
	teardown
	for p in bt rate anneal vns gen; do
		cmp "$p.quiet" "$p.busy"
	done
	# and each did reach its default
	grep -q '"nodes":300000,' bt.quiet
	grep -q '"level":"limit"' rate.quiet
	grep -q '"moves":400000000,' anneal.quiet
	grep -Eq '"moves":40000000[01],' vns.quiet
	grep -q '"level":"limit"' gen.quiet
}

@test "a signal ignored at start (a script's job, nohup) stays ignored; SIGTERM still stops" {
	for sig in INT HUP; do
		env --ignore-signal="$sig" sudoku-bt -I 0 -c 1000000000 empty25.grid > out.txt 2> err.txt 3>&- &
		pid=$!
		sleep 0.5
		kill -s "$sig" "$pid"
		sleep 0.5
		kill -0 "$pid" || { echo "SIG$sig, ignored at start, ended the run"; return 1; }
		kill -TERM "$pid"
		status=0
		wait "$pid" || status=$?
		[ "$status" -eq 143 ]
	done
}

@test "SIGTERM ends a program skipping a line without end (/dev/zero)" {
	for p in sudoku-print sudoku-cost sudoku-bt sudoku-rate sudoku-fill; do
		terminated "$p" /dev/zero
		[ ! -s out.txt ]
	done
}

@test "SIGHUP, SIGUSR1, SIGUSR2, SIGALRM, SIGXCPU end a run as SIGTERM does: whole records on standard output" {
	# more than the 64 KiB the output holds before it writes, then a pause:
	# the records made so far are out whole, the last one too
	empty=$(printf '%.0s.' $(seq 625))
	for sig in HUP USR1 USR2 ALRM XCPU TERM; do
		rm -f slow
		mkfifo slow
		(for _ in $(seq 150); do echo "$empty"; done; exec sleep 30) > slow 3>&- &
		writer=$!
		env --default-signal="$sig" sudoku-print -t json slow > out.txt 2> err.txt 3>&- &
		pid=$!
		for _ in $(seq 100); do [ "$(wc -c < out.txt)" -ge 65536 ] && break; sleep 0.05; done
		sleep 0.3
		kill -s "$sig" "$pid"
		status=0
		wait "$pid" || status=$?
		kill "$writer" 2> /dev/null || true
		[ "$status" -eq $((128 + $(kill -l "$sig"))) ] || { echo "SIG$sig: exit $status"; return 1; }
		[ "$(wc -l < out.txt)" -eq 150 ] || { echo "SIG$sig: $(wc -l < out.txt) lines"; return 1; }
		whole_lines json
	done
}

@test "sudoku-print -t pdf: SIGTERM ends a book of 64x64 boards while it is drawn; -o FILE stays as it was" {
	sudoku-bt -s 1 -t json empty64.grid > solved64.json
	for _ in $(seq 400); do cat solved64.json; done > book64.json
	echo before > book.pdf
	# the records are read in about a second: the signal comes as they are drawn
	AFTER=4 terminated sudoku-print -t pdf -o book.pdf book64.json
	[ "$(cat book.pdf)" = before ]
	[ ! -s err.txt ]
}
