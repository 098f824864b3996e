#!/usr/bin/env bats
# The solo format: Simon Tatham's Solo game IDs read and written, their
# rules (boxes, jigsaw, X, killer) carried, and Solo itself (sgt-solo, of
# Debian's sgt-puzzles) taking what -t solo writes.

load helper

IDS="$ROOT/tests/golden/solo-ids.txt"
SYMBOLS=123456789ABCDEFG
SOLO=${SGT_SOLO:-/usr/games/sgt-solo}

setup() {
	cd "$BATS_TEST_TMPDIR"
	grep -v '^#' "$IDS" > ids.txt
}

# The tests that run Solo skip where it is absent.
need_solo() {
	[ -x "$SOLO" ] || skip "no $SOLO (Debian's sgt-puzzles)"
}

# Whether Solo takes every game ID of FILE: its --print reads them from
# standard input and checks each as a game it would open, headless.
solo_accepts() {
	"$SOLO" --print 1x1 < "$1" > /dev/null
}

@test "solo: every ID Solo made is read and written back as it was, rules and all" {
	run -0 sudoku-print -t solo ids.txt
	assert_output "$(cat ids.txt)"
	# detected by its first field, and by -f
	run -0 sudoku-print -f solo -t solo ids.txt
	assert_output "$(cat ids.txt)"
}

@test "solo: the rules of an ID are the toolkit's: boxes RxC, jigsaw regions, X, killer cages" {
	run -0 sudoku-print -t json <<< '2x3:c1_5b5f5b3_1b6f3b2_3c'
	assert_output '{"size":6,"box":[2,3],"puzzle":"...15..5......5..31..6......3..23..."}'
	run -0 sudoku-print -t json <<< "$(grep '^3x3x:' ids.txt)"
	assert_output --partial '"rules":{"diagonals":"both"}'
	run -0 sudoku-print -t json <<< "$(grep '^9j:' ids.txt)"
	refute_output --partial '"box"'
	assert_output --regexp '"rules":\{"regions":"[1-9]{81}"\}'
	run -0 sudoku-print -t json <<< "$(grep '^3x3xk:' ids.txt)"
	assert_output --partial '"diagonals":"both","cages":[{"cells":['
	# a cage's sum is at one of its cells: here every cage has one
	refute_output --regexp '"cells":\[[^]]*\]\}'
}

@test "solo: Solo's RxC is boxes of R rows and C columns (its 2x3 puzzles are unique so, not as 3x2)" {
	grep '^2x3:' ids.txt > two.txt
	run -0 sudoku-bt -u -t json two.txt
	assert_output --partial '"status":"solved"'
	sed 's/^2x3:/3x2:/' two.txt > turned.txt
	run sudoku-bt -u -t json turned.txt
	refute_output --partial '"status":"solved"'
}

@test "solo: json, line and fpuzzles carry the rules back to the same ID" {
	for via in json line fpuzzles; do
		run -0 bash -c "sudoku-print -t $via ids.txt | sudoku-print -t solo"
		assert_output "$(cat ids.txt)"
	done
	# a name follows the ID and comes back
	run -0 sudoku-print -t json <<< '2x2:4e3b2e1 named one'
	assert_output --partial '"id":"named one"'
	run -0 sudoku-print -t solo <<< '2x2:4e3b2e1 named one'
	assert_output '2x2:4e3b2e1 named one'
}

@test "solo: a solution goes out as line by default; -t solo writes the board as Solo's givens" {
	id='2x2:4e3b2e1'
	run -0 sudoku-bt <<< "$id"
	assert_output '4.....3..2.....1 4312213412433421'
	run -0 sudoku-bt -t solo <<< "$id"
	assert_output '2x2:4_3_1_2_2_1_3_4_1_2_4_3_3_4_2_1'
	# Solo takes it, a puzzle whose every cell is a given
	if [ -x "$SOLO" ]; then
		echo "$output" > solved.txt
		solo_accepts solved.txt
	fi
}

@test "solo: Solo takes every ID -t solo writes (sgt-solo --print checks them headless)" {
	need_solo
	# Solo refuses a bad ID, so that this check can fail
	echo '3x3:zzzb' > bad.txt
	run ! solo_accepts bad.txt
	sudoku-print -t solo ids.txt > ours.txt
	solo_accepts ours.txt
	# fresh ones of every kind and difficulty: 9x9, X, jigsaw, killer, 16x16
	for params in 3x3dt 3x3db 3x3di 3x3da 3x3de 3x3du 3x3xdb 9jda 9jxdb 3x3kdi 3x3xk 9jk 4x4x 2x3; do
		"$SOLO" --generate 1 "$params" > made.txt
		run -0 sudoku-print -t solo made.txt
		assert_output "$(cat made.txt)"
		sudoku-print -t json made.txt | sudoku-print -t solo > back.txt
		cmp made.txt back.txt
		solo_accepts back.txt
	done
}

@test "solo: a rule Solo's IDs cannot say is refused by name when writing (exit 2)" {
	empty=$(printf '.%.0s' $(seq 81))
	for rule in '"anti-knight":true:anti-knight' '"anti-king":true:anti-king' \
		    '"non-consecutive":true:non-consecutive' '"extra":"windoku":extra regions' \
		    '"diagonals":"main":main one alone' '"parity":"o'"${empty:1}"'":odd/even'; do
		json="{\"size\":9,\"puzzle\":\"$empty\",\"rules\":{${rule%:*}}}"
		run -2 --separate-stderr sudoku-print -t solo <<< "$json"
		assert_output ''
		assert_stderr "${rule##*:}"
		assert_stderr 'a Solo game ID cannot hold this record; use -t json or fpuzzles'
	done
	# Solo's cages cover the board, have 2 cells or more and a sum each
	run -2 --separate-stderr sudoku-print -t solo <<< \
		"{\"size\":9,\"puzzle\":\"$empty\",\"rules\":{\"cages\":[{\"cells\":[\"r1c1\",\"r1c2\"],\"sum\":3}]}}"
	assert_stderr "Solo's cages cover the board; r1c3 is in none"
	run -2 --separate-stderr sudoku-print -t solo <<< \
		"{\"size\":9,\"puzzle\":\"$empty\",\"rules\":{\"cages\":[{\"cells\":[\"r1c1\"],\"sum\":3}]}}"
	assert_stderr "Solo's cages have 2 cells or more; the cage at r1c1 has 1"
	# a jigsaw region in two pieces
	regions='111111112222222221333333333444444444555555555666666666777777777888888888999999999'
	run -2 --separate-stderr sudoku-print -t solo <<< \
		"{\"size\":9,\"puzzle\":\"$empty\",\"rules\":{\"regions\":\"${regions:0:8}2${regions:9:8}1${regions:18}\"}}"
	assert_stderr "Solo's jigsaw regions are each in one piece"
	# and a board past Solo's 31x31
	run -2 --separate-stderr sudoku-print -t solo <<< "$(printf '.%.0s' $(seq 1024))"
	assert_stderr "Solo's boards go up to 31x31, not 32x32"
}

@test "solo: what cannot be read is refused with FILE:LINE (exit 2), the good IDs around it read" {
	printf '%s\n' '3x3q:zzzc' '2x2:4e3b2e1' '3x3:zzzb' '9j:zzzc' '3j:i' '3x3:a10zzzb' \
		'3x3k:zzzc,zzt________________________________________________________________________,45h45h45h45h45h45h45h45h45a9f' \
		'3x3k:zzzc,zzt________________________________________________________________________,45h45h45h45h45h45h45h45hi' \
		> bad.txt
	run -2 --separate-stderr sudoku-print -t solo bad.txt
	assert_output '2x2:4e3b2e1'
	assert_stderr "bad.txt:1: Solo parameters '3x3q': 'q' is no rule or setting of Solo's"
	assert_stderr 'bad.txt:3: givens: 80 cells; a 9x9 board has 81'
	assert_stderr "bad.txt:4: expected the jigsaw's regions after ','"
	assert_stderr "bad.txt:5: Solo parameters '3j' make a 3x3 board; the toolkit's Solo boards are 4x4 to 31x31"
	assert_stderr "bad.txt:6: givens: '10' is not a number from 1 to 9"
	assert_stderr 'bad.txt:7: killer: the cage at r9c1 has two sums'
	assert_stderr 'bad.txt:8: killer: the cage at r9c1 has no sum'
}

@test "solo: Solo's long runs of open lines (z: 26 with no wall after them) read and write as Solo reads them" {
	# nine cages, the nine rows: 72 open lines in one run, then 72 walls
	walls=$(printf '_%.0s' $(seq 72))
	id="3x3k:zzzc,zzt$walls,45h45h45h45h45h45h45h45h45h"
	run -0 sudoku-print -t json <<< "$id"
	assert_output --partial '{"cells":["r1c1","r1c2","r1c3","r1c4","r1c5","r1c6","r1c7","r1c8","r1c9"],"sum":45}'
	run -0 sudoku-print -t solo <<< "$id"
	assert_output "$id"
	if [ -x "$SOLO" ]; then
		echo "$id" > rows.txt
		solo_accepts rows.txt
	fi
}

@test "solo: sudoku-bt -u finds Solo's X, jigsaw and killer puzzles unique" {
	grep -E '^(3x3x|9j|9jx|3x3k|3x3xk|9jk):' ids.txt > variants.txt
	run --separate-stderr sudoku-bt -u -t json variants.txt
	# until sudoku-bt honours these rules it refuses them by name
	if [[ $stderr == *'not one this program honours'* ]]; then
		skip 'sudoku-bt does not honour these rules yet'
	fi
	assert_success
	[ "$(grep -c '"status":"solved"' <<< "$output")" -eq "$(wc -l < variants.txt)" ]
}

@test "solo: a 16x16 jigsaw with X goes out as 16jx, which Solo takes and which reads back" {
	# Solo makes 16x16 jigsaws too slowly for a test: this one is ours, its
	# regions the 4x4 boxes given as a jigsaw's
	regions=$(for r in $(seq 0 15); do for c in $(seq 0 15); do
		printf '%s' "${SYMBOLS:$((r / 4 * 4 + c / 4)):1}"; done; done)
	givens="1$(printf '.%.0s' $(seq 255))"
	echo "{\"size\":16,\"puzzle\":\"$givens\",\"rules\":{\"regions\":\"$regions\",\"diagonals\":\"both\"}}" > jig.json
	run -0 sudoku-print -t solo jig.json
	assert_output --regexp '^16jx:1z+[a-z],[a-z_]+$'
	echo "$output" > jig.txt
	run -0 sudoku-print -t json jig.txt
	assert_output "$(sudoku-print -t json jig.json)"
	if [ -x "$SOLO" ]; then
		solo_accepts jig.txt
	fi
}
