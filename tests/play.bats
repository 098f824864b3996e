#!/usr/bin/env bats
# sudoku-play in a real terminal: tmux, 80x24 unless said, a server of its
# own per test (killed after it), the screen read with capture-pane.

load helper

setup() {
	command -v tmux > /dev/null || skip "no tmux"
	# every test plays in tmux, but the one that has no terminal at all
	[[ $BATS_TEST_DESCRIPTION == *"not on a terminal"* ]] || need_pty
	SERVERS=0
	new_server
	export XDG_STATE_HOME="$BATS_TEST_TMPDIR/state"
	SAVE="$XDG_STATE_HOME/sudoku-play/game"
}

# Each game its own server: a server just killed may still hold its socket.
new_server() {
	SOCK="$BATS_TEST_TMPDIR/tmux.$((SERVERS += 1))"
}

teardown() {
	local s
	for s in "$BATS_TEST_TMPDIR"/tmux.*; do
		if [ -S "$s" ]; then tmux -S "$s" kill-server 2> /dev/null || true; fi
	done
	new_server
}

# The pane as text (or with colours: -e).
screen() {
	tmux -S "$SOCK" capture-pane -p "$@"
}

keys() {
	tmux -S "$SOCK" send-keys "$@"
}

# The screen as one line: its lines, each without the spaces around it,
# joined by a space (words wrapped read as they were written).
screen_text() {
	screen | sed 's/^ *//; s/ *$//' | tr '\n' ' '
}

# Waits up to 60 s (a loaded machine; PLAY_TRIES tenths) until grep ARGS
# finds the screen's text (screen_text).
wait_match() {
	local tries=0
	until screen_text | grep -q "$@"; do
		if [ $((tries += 1)) -gt ${PLAY_TRIES:-600} ]; then
			echo "never on the screen: $*" >&2
			screen >&2
			return 1
		fi
		sleep 0.1
	done
}

# Waits until the screen shows text; wait_for_re: a match of an extended
# regular expression.
wait_for() {
	wait_match -F -- "$1"
}
wait_for_re() {
	wait_match -E -- "$1"
}

# Waits until the screen no longer shows text.
wait_gone() {
	local tries=0
	while screen_text | grep -qF -- "$1"; do
		[ $((tries += 1)) -le ${PLAY_TRIES:-600} ] || { screen >&2; return 1; }
		sleep 0.1
	done
}

# sudoku-play ARGS in a tmux window of W x H (80x24), with PLAY_ENV in its
# environment, waiting for PLAY_WAIT (the status line) on the screen; its
# exit status goes to $BATS_TEST_TMPDIR/status.  The shell outlives a
# Ctrl-C (a trap, which the game does not inherit, as it would '').
play() {
	local cmd="trap : INT; cd '$BATS_TEST_TMPDIR' && env ${PLAY_ENV:-} '$ROOT/bin/sudoku-play'" a
	for a in "$@"; do cmd+=" '$a'"; done
	cmd+="; echo \$? > '$BATS_TEST_TMPDIR/status'; sleep 600"
	rm -f "$BATS_TEST_TMPDIR/status"
	tmux -S "$SOCK" -f /dev/null new-session -d -x "${W:-80}" -y "${H:-24}" "$cmd"
	wait_for "${PLAY_WAIT:-hints }"
}

# The exit status of the game, once it ended.
exit_status() {
	local tries=0
	until [ -s "$BATS_TEST_TMPDIR/status" ]; do
		[ $((tries += 1)) -le ${PLAY_TRIES:-600} ] || return 1
		sleep 0.1
	done
	cat "$BATS_TEST_TMPDIR/status"
}

# The 9x9 board on the screen as a line: symbols, '.' for an empty cell
# (small cells: three columns, one line each).
board() {
	screen | sed 's/│/|/g' | awk 'NR >= 2 && NR <= 12 && (NR - 1) % 4 != 0 {
		s = ""
		for (c = 0; c < 9; c++) {
			ch = substr($0, 2 + c * 3 + int(c / 3) + 2, 1)
			s = s (ch == " " ? "." : ch)
		}
		printf "%s", s
	} END { print "" }'
}

# The keys that type a whole solution from r1c1, row by row.
type_solution() {
	local k=() r c
	for ((r = 0; r < 9; r++)); do
		for ((c = 0; c < 9; c++)); do
			k+=("${1:r*9+c:1}")
			[ $c -lt 8 ] && k+=(l)
		done
		k+=(j h h h h h h h h)
	done
	keys "${k[@]}"
}

@test "play: a whole 9x9 puzzle played to solved by keys; the status line shows the rating and the counts" {
	play "$WIKI"
	[ "$(board)" = "$WIKI" ]
	wait_for 'very-easy 1.2  00:0'
	keys h h h
	type_solution "$WIKI_SOLVED"
	wait_for 'Solved in'
	[ "$(board)" = "$WIKI_SOLVED" ]
	wait_for 'with 0 hints and 0 mistakes: very-easy 1.2.'
	wait_for 'solved: very-easy 1.2'
	keys Q
	[ "$(exit_status)" = 0 ]
}

@test "play: the cursor starts on the first empty cell and stops at the board's edges" {
	play "$WIKI"
	screen | grep -qF '│ 5  3 [ ]│'
	keys k k l l l l l l l l l l 9
	# r1c9 is empty: the cursor went right to the edge, and not round
	wait_for '│         │'"$(printf ' ')"
	[ "$(board | cut -c1-9)" = '53..7...9' ]
	keys h h h h h h h h h h h h j j j j j j j j j j j j 1
	wait_for '[1]'
	[ "$(board | cut -c73-81)" = '1...8..79' ]
}

@test "play: a wrong entry is red after c, a given is green and never red; --check-as-you-go shows it at once" {
	play "$WIKI"
	keys 1 l c
	wait_for '1 wrong entry in red'
	line=$(screen -e | sed -n 2p)
	[[ $line == *$'\e[32m 5  3 '* ]]
	[[ $line == *$'\e[31m 1 '* ]]
	# the givens' part of the line has no red
	[[ ${line%%$'\e[31m'*} != *$'\e[31m'* ]]
	[[ ${line%% 1 *} == *$'\e[1m'* ]]
	keys h x
	wait_gone 'wrong entry'
	[[ $(screen -e | sed -n 2p) != *$'\e[31m'* ]]
	teardown
	play --check-as-you-go "$WIKI"
	keys 1 l
	wait_for 'mistakes 1'
	[[ $(screen -e | sed -n 2p) == *$'\e[31m 1 '* ]]
	# r1c4 is 6; a 5 is wrong, and clashes with r1c1's given
	keys 5 l
	wait_for 'mistakes 2'
	[[ $(screen -e | sed -n 2p) == *$'\e[31m 5 '* ]]
}

@test "play: H shows the cell and technique sudoku-rate --hint names, lights the cell, and H again fills it" {
	play -o "$BATS_TEST_TMPDIR/game" "$WIKI"
	keys 4 s
	wait_for saved
	hint=$(sudoku-rate --hint -t json "$BATS_TEST_TMPDIR/game" | jq -r '.hint[-1] | "\(.cell) \(.technique) \(.digit)"')
	read -r cell technique digit <<< "$hint"
	[ "$cell" = r3c1 ]
	keys H
	wait_for "hint: $cell must be $digit: $technique "
	# the hint's cell is lit (cyan) and the cursor is on it
	[[ $(screen -e | sed -n 4p) == *$'\e[46m'* ]]
	keys H
	wait_for 'hints 1'
	[ "$(board | cut -c19)" = "$digit" ]
	[[ $(screen -e | sed -n 4p) != *$'\e[46m'* ]]
}

@test "play: u undoes and Ctrl-R redoes entries and marks, as far as they go" {
	play "$WIKI"
	keys 4 l 6 l l p 1 2
	wait_for 'marks r1c6: 1 2'
	keys u u u u u u u
	wait_for '│ 5  3 [ ]│'
	[ "$(board)" = "$WIKI" ]
	keys C-r C-r
	wait_for '│ 5  3  4 │[6]'
	keys C-r C-r
	wait_for 'marks r1c6: 1 2'
	keys p 8 C-r
	wait_for '│ 5  3  4 │ 6  7 [8]│'
	keys u
	wait_for 'marks r1c6: 1 2'
	keys C-r
	wait_for '│ 5  3  4 │ 6  7 [8]│'
	[ "$(board | cut -c1-9)" = '534678...' ]
}

@test "play: p toggles pencil mode; marks are drawn in the cell, a 3x3 of them where the cells are big" {
	play "$WIKI"
	keys p 1 7 9
	wait_for 'marks r1c3: 1 7 9'
	wait_for '│ 5  3 179│'
	keys l
	wait_for '│ 5  3 179│[ ] 7'
	# one mark is never drawn where an entry would be: dots fill the cell
	keys h 7 1
	wait_for '│ 5  3 9··│'
	keys 9 l
	wait_for '│ 5  3    │[ ] 7'
	keys h p
	wait_gone 'hints 0  pencil'
	keys 4
	wait_for '│ 5  3 [4]│'
	teardown
	H=40 play "$WIKI"
	keys p 1 7 9 l
	# r1c3 spans three lines, each mark in its place in a 3x3, a dot
	# where a mark is not, a line between cells (dim) and between boxes
	wait_for '│1 · ·│'
	run bash -c "tmux -S '$SOCK' capture-pane -p | sed -n 2,4p | sed 's/│/|/g; s/·/./g' | cut -c15-19"
	assert_output "1 . .
. . .
7 . 9"
}

@test "play: s saves the game as a json record, Q quits, and the file resumes the same screen; sudoku-rate and sudoku-print read it" {
	play "$WIKI"
	keys 4 l 6 s
	wait_for "saved in $SAVE"
	run jq -r .board "$SAVE"
	assert_output "5346${WIKI:4}"
	board_before=$(board)
	keys Q
	[ "$(exit_status)" = 0 ]
	teardown
	play "$SAVE"
	[ "$(board)" = "$board_before" ]
	run -0 sudoku-rate --hint "$SAVE"
	assert_output --partial 'hint: r3c1 must be 1'
	run -0 sudoku-print -t line "$SAVE"
	assert_output "$WIKI 5346${WIKI:4}"
	teardown
	# -t csv
	play -t csv -o "$BATS_TEST_TMPDIR/game.csv" "$WIKI"
	keys 1 s
	wait_for saved
	run -0 sudoku-print -t line "$BATS_TEST_TMPDIR/game.csv"
	assert_output "$WIKI 531${WIKI:3}"
	head -1 "$BATS_TEST_TMPDIR/game.csv" | grep -q '^id,box,puzzle,board,elapsed'
}

@test "play: pencil marks, the clock, hints, mistakes and a shown solution survive save and resume" {
	play -o "$BATS_TEST_TMPDIR/game.json" "$WIKI"
	# r1c3 is 4: a wrong 1, a hint taken (it clears it), marks in r1c4
	keys 1 H H l p 1 2 p
	wait_for 'hints 1'
	wait_for 'marks r1c4: 1 2'
	wait_for_re ' 00:(0[2-9]|[1-5][0-9]) '
	keys s
	wait_for saved
	run jq -c '[.board, .hints, .mistakes, .marks, (.elapsed >= 2)]' "$BATS_TEST_TMPDIR/game.json"
	assert_output "[\"$WIKI\",1,1,{\"r1c4\":[1,2]},true]"
	keys Q
	[ "$(exit_status)" = 0 ]
	teardown
	play "$BATS_TEST_TMPDIR/game.json"
	wait_for 'hints 1'
	screen | grep -qE ' 00:0[2-9] '
	keys l
	wait_for 'marks r1c4: 1 2'
	# a solution shown stays said: S, y, then u, s
	keys S y
	wait_for 'not counted as'
	wait_for 'solution shown: very-easy 1.2'
	wait_for 'mistakes 1'
	keys u s
	wait_for saved
	[ "$(jq -c .solution_shown "$BATS_TEST_TMPDIR/game.json")" = true ]
}

@test "play: Q and N ask first when the game is unsaved; s in the question saves" {
	play "$WIKI"
	keys 4 Q
	wait_for 'the game is not saved'
	keys j
	wait_gone 'the game is not saved'
	keys Q
	wait_for 'the game is not saved'
	keys s
	[ "$(exit_status)" = 0 ]
	[ "$(jq -r .board "$SAVE" | cut -c1-3)" = 534 ]
	teardown
	play -s 7 "$WIKI"
	keys 4 N
	wait_for 'the game is not saved'
	keys y
	for ((i = 0; i < 600; i++)); do [ "$(board)" != "$WIKI" ] && break; sleep 0.1; done
	[ "$(board)" != "$WIKI" ]
	wait_for very-easy
	keys Q
	[ "$(exit_status)" = 0 ]
}

@test "play: -s reproduces a game, -d sets the level, N makes another at the same level, --rating a window" {
	play -s 11 -d easy
	wait_for 'easy '
	first=$(board)
	keys N
	for ((i = 0; i < 600; i++)); do [ "$(board)" != "$first" ] && break; sleep 0.1; done
	[ "$(board)" != "$first" ]
	wait_for 'easy '
	teardown
	play -s 11 -d easy
	[ "$(board)" = "$first" ]
	teardown
	play -s 3 --rating 2.0-2.3
	screen | grep -Eq '^ (easy|very-easy) 2\.[0-3]  '
}

@test "play: S shows the solution once asked, m highlights the digit under the cursor everywhere" {
	play "$WIKI"
	keys h h m
	# every 5 on yellow, and nothing else
	wait_for 'hints'
	for ((i = 0; i < 600; i++)); do screen -e | grep -q $'43m\\[5\\]' && break; sleep 0.1; done
	# r2c6 and r8c9 hold the other 5s
	[ "$(screen -e | sed -n 3p | grep -c $'43m 5 ')" = 1 ]
	[ "$(screen -e | sed -n 11p | grep -c $'43m 5 ')" = 1 ]
	[ "$(screen -e | grep -c $'43m 3 ')" = 0 ]
	keys S y
	wait_for 'The solution, shown after'
	[ "$(board)" = "$WIKI_SOLVED" ]
}

@test "play: Backspace, Delete, x, 0 and . clear a cell; ? shows every key; r redraws" {
	play "$WIKI"
	for k in BSpace DC x 0 .; do
		keys 4
		wait_for '[4]'
		keys "$k"
		wait_for '│ 5  3 [ ]│'
	done
	keys '?'
	wait_for 'Ctrl-R'
	screen | grep -q 'H (!) *hint'
	keys j
	wait_for '│ 5  3 [ ]│'
	keys r
	wait_for '│ 5  3 [ ]│'
}

@test "play: a 16x16 game: letters enter in capitals, lower case stays a command" {
	play -s 2 -b 4x4 -d easy
	wait_for '[ ]'
	keys G
	wait_for '[G]'
	keys x h
	wait_for '[ ]'
	screen | grep -q 'hints'
	# sixteen rows of cells, five lines between boxes
	[ "$(screen | grep -c '^ │')" = 16 ]
}

@test "play: a resize redraws; a board that does not fit says what it needs" {
	play "$WIKI"
	tmux -S "$SOCK" resize-window -x 60 -y 10
	wait_for 'a 9x9 board needs a terminal of at least 42x21, or 46x13; this one'
	tmux -S "$SOCK" resize-window -x 80 -y 24
	wait_for '│ 5  3 [ ]│'
	teardown
	PLAY_WAIT=25x25 play -b 5x5 -s 1 -d very-easy
	wait_for 'a 25x25 board needs a terminal of at least 57x39, or 80x31; this one is 80x24'
	tmux -S "$SOCK" resize-window -x 80 -y 31
	wait_for 'hints 0'
}

@test "play: NO_COLOR and -c draw no colour: givens bold, a wrong entry marked '!'" {
	PLAY_ENV=NO_COLOR=1 play "$WIKI"
	keys 1 l c
	wait_for 'wrong entry'
	[[ $(screen -e) != *$'\e[3'[0-7]m* ]]
	[[ $(screen -e | sed -n 2p) == *$'\e[1m'* ]]
	screen | grep -qF '│ 5  3  1!│'
	teardown
	play -c "$WIKI"
	keys 1 l c
	wait_for 'wrong entry'
	[[ $(screen -e) != *$'\e[3'[0-7]m* ]]
}

@test "play: a mouse click selects the cell under it" {
	play "$WIKI"
	# r5c5 is at column 15, line 6 (from 0): the terminal's X10 sequence
	keys -H 1b 5b 4d 20 30 27 1b 5b 4d 23 30 27
	wait_for '│ 4       │ 8 [ ] 3 │'
	keys 5
	wait_for '│ 4       │ 8 [5] 3 │'
}

@test "play: not on a terminal: a message and exit 2" {
	run -2 sudoku-play "$WIKI" < /dev/null
	assert_output --partial 'sudoku-play: not on a terminal'
	run -2 sudoku-play -t svg "$WIKI"
	assert_output --partial 'unknown format of the game saved (csv or json): svg'
}

@test "play: a puzzle from a file's K-th record, from standard input, or refused with its line" {
	printf '%s first\n%s\n' "$NONE" "$WIKI" > "$BATS_TEST_TMPDIR/two"
	play -n 2 "$BATS_TEST_TMPDIR/two"
	[ "$(board)" = "$WIKI" ]
	teardown
	tmux -S "$SOCK" -f /dev/null new-session -d -x 80 -y 24 \
		"echo '$WIKI' | XDG_STATE_HOME='$XDG_STATE_HOME' '$ROOT/bin/sudoku-play'; sleep 600"
	wait_for 'very-easy 1.2'
	[ "$(board)" = "$WIKI" ]
	teardown
	tmux -S "$SOCK" -f /dev/null new-session -d -x 80 -y 24 \
		"'$ROOT/bin/sudoku-play' '$BATS_TEST_TMPDIR/two'; echo \"exit \$?\"; sleep 600"
	wait_for 'exit 2'
	wait_for "sudoku-play: $BATS_TEST_TMPDIR/two:1: no solution"
	# a pencil-mark puzzle: the game gives no candidates, the marks are the player's
	sudoku-print -t pencil <<< "$WIKI" > "$BATS_TEST_TMPDIR/pencil"
	teardown
	tmux -S "$SOCK" -f /dev/null new-session -d -x 80 -y 24 \
		"'$ROOT/bin/sudoku-play' '$BATS_TEST_TMPDIR/pencil'; echo \"exit \$?\"; sleep 600"
	wait_for 'exit 2'
	wait_for "pencil:1: a pencil-mark puzzle"
}

# The game started under an interactive shell in tmux (job control: Ctrl-Z, fg).
play_in_shell() {
	tmux -S "$SOCK" -f /dev/null new-session -d -x 80 -y 24 "bash --norc --noprofile"
	keys "PS1='$ '; XDG_STATE_HOME='$XDG_STATE_HOME' '$ROOT/bin/sudoku-play' '$WIKI'" Enter
	wait_for 'hints 0'
}

# The game under a plain shell, which leaves the terminal as the game left
# it (an interactive bash would mend it after a job a signal killed), the
# shell deaf to Ctrl-C and the game not (an ignored signal stays so), then
# its status and whether the terminal is still raw; its pid in $GAME_PID.
play_then_stty() {
	tmux -S "$SOCK" -f /dev/null new-session -d -x 80 -y 24 "trap '' INT; \
		XDG_STATE_HOME='$XDG_STATE_HOME' env --default-signal=INT '$ROOT/bin/sudoku-play' '$WIKI'; \
		echo \"status \$? raw \$(stty -a | grep -c -- -icanon)\"; sleep 600"
	wait_for 'hints 0'
	GAME_PID=$(pgrep -P "$(tmux -S "$SOCK" display-message -p '#{pane_pid}')")
}

@test "play: Ctrl-C, SIGTERM and SIGHUP give the terminal back and keep an autosave" {
	for sig in INT TERM HUP; do
		play_then_stty
		keys 4
		wait_for '[4]'
		if [ $sig = INT ]; then keys C-c; else kill -$sig "$GAME_PID"; fi
		wait_for 'the game is saved in'
		case $sig in INT) wait_for 'status 130 raw 0' ;; TERM) wait_for 'status 143 raw 0' ;; HUP) wait_for 'status 129 raw 0' ;; esac
		[ "$(jq -r .board "$SAVE" | cut -c1-3)" = 534 ]
		rm "$SAVE"
		teardown
	done
}

@test "play: Ctrl-Z suspends, fg brings the screen back" {
	play_in_shell
	keys 4
	wait_for '│ 5  3 [4]│'
	keys C-z
	wait_for 'Stopped'
	keys fg Enter
	wait_for '│ 5  3 [4]│'
	keys Q y
	wait_gone 'hints'
}

@test "play: a saved game is never replaced silently: sudoku-play offers it, a new game gets a file of its own, Ctrl-C saves there" {
	play -s 3 -d very-easy
	keys 1 s
	wait_for saved
	keys Q
	[ "$(exit_status)" = 0 ]
	saved=$(cat "$SAVE")
	teardown
	# the issue's case: sudoku-play again, a digit, Ctrl-C
	PLAY_WAIT='Games saved, not finished' play
	wait_for '> 1  very-easy'
	keys n
	wait_for 'hints 0'
	keys 2
	wait_for '[2]'
	keys C-c
	[ "$(exit_status)" = 130 ]
	[ "$(cat "$SAVE")" = "$saved" ]
	[ "$(jq -r .board "$SAVE-2" | tr -d . | wc -c)" -gt 1 ]
	teardown
	# both are offered, the last saved first; 2 resumes the first game
	PLAY_WAIT='Games saved, not finished' play
	wait_for '2  very-easy 1.'
	keys 2
	wait_for 'hints 0'
	[ "$(board | tr -d .)" = "$(jq -r .board "$SAVE" | tr -d .)" ]
	# N after a save: the new game does not take the saved one's place
	first=$(board)
	keys N
	for ((i = 0; i < 600; i++)); do [ "$(board)" != "$first" ] && break; sleep 0.1; done
	[ "$(board)" != "$first" ]
	keys 3 s
	wait_for "saved in $SAVE-3 ($SAVE holds another game, not finished)"
	[ "$(cat "$SAVE")" = "$saved" ]
}

@test "play: -o FILE that holds a game not finished is refused unless it is the game played; a game resumed from its file is saved back there" {
	play -o "$BATS_TEST_TMPDIR/g.json" "$WIKI"
	keys 4 s
	wait_for saved
	keys Q
	[ "$(exit_status)" = 0 ]
	saved=$(cat "$BATS_TEST_TMPDIR/g.json")
	run -2 sudoku-play -o "$BATS_TEST_TMPDIR/g.json" "$WIKI" < /dev/null
	assert_output --partial "g.json holds a game not finished: resume it with 'sudoku-play $BATS_TEST_TMPDIR/g.json'"
	[ "$(cat "$BATS_TEST_TMPDIR/g.json")" = "$saved" ]
	teardown
	play "$BATS_TEST_TMPDIR/g.json"
	wait_for '│ 5  3  4 │[ ] 7'
	keys 6 s
	wait_for "saved in $BATS_TEST_TMPDIR/g.json"
	[ "$(jq -r .board "$BATS_TEST_TMPDIR/g.json" | cut -c1-4)" = 5346 ]
	[ ! -e "$SAVE" ]
}

@test "play: -o follows a link and keeps the file's mode, makes no folder, and a failed save names the file" {
	echo old > "$BATS_TEST_TMPDIR/target"
	chmod 640 "$BATS_TEST_TMPDIR/target"
	ln -s target "$BATS_TEST_TMPDIR/link"
	play -o "$BATS_TEST_TMPDIR/link" "$WIKI"
	keys 4 s
	wait_for saved
	[ -L "$BATS_TEST_TMPDIR/link" ]
	[ "$(stat -c %a "$BATS_TEST_TMPDIR/target")" = 640 ]
	[ "$(jq -r .board "$BATS_TEST_TMPDIR/target" | cut -c1-3)" = 534 ]
	teardown
	play -o "$BATS_TEST_TMPDIR/no/dir/g.json" "$WIKI"
	keys 4 s
	wait_for "not saved: $BATS_TEST_TMPDIR/no/dir/g.json: No such file or directory"
	[ ! -e "$BATS_TEST_TMPDIR/no" ]
	keys C-c
	[ "$(exit_status)" = 130 ]
}

@test "play: --help lists the options the game takes; -b beyond what keys type is refused" {
	run -0 sudoku-play --help
	assert_output --partial 'format of the game saved: json'
	refute_output --partial pretty
	refute_output --partial '-v shows it'
	run -2 sudoku-play -v "$WIKI"
	run -2 sudoku-play -b 6x6 < /dev/null
	assert_output --partial '-b 6x6: the board is larger than 35x35'
	run -2 sudoku-play -b 5x5 -t line < /dev/null
}

@test "play: a 16x16 game at 80x24: the hint, the check and the quit question beside the board, every key named" {
	play -s 2 -b 4x4 -d easy
	wait_for 'Q quit'
	wait_for '? keys'
	wait_for '1-9 A-G enter'
	keys H
	wait_for_re 'hint: r[0-9]+c[0-9]+ must'
	keys c
	wait_for 'no wrong entry'
	keys G Q
	wait_for 'the game is not saved'
	keys y
	[ "$(exit_status)" = 0 ]
	teardown
	# 9x9: every key below the board
	play "$WIKI"
	wait_for 'Q quit'
	wait_for '? keys'
	wait_for '1-9 enter'
}

@test "play: a hint at a hard position is one line, the cell and digit and the technique first; e shows its steps, the placement last" {
	P='8.9...3.....7.1...5.........7.....263...9.......1...4..6.2....4....8.5...........'
	B='819...3.....751...5.7.3.....7..4..263...9.......1...43.6.2....4....8.5...........'
	play "$P $B"
	keys H
	wait_for 'hint: r7c7 must be 8: multiple-forcing-chain 8.3, in 19 steps (H again fills it, e says why)'
	keys e
	wait_for '1. pointing: in box 6, 9 can only go in column 7'
	keys ' ' ' ' ' '
	wait_for_re ' 19\. direct-hidden-triple: '
	wait_for 'r7c7 must be 8: it is the only place for 8'
	keys x
	wait_for 'hint: r7c7 must be 8'
	keys H
	wait_for 'hints 1'
	# r7c7: line 9 of the screen (from 0), column 23
	[ "$(screen | sed -n 10p | sed 's/│/|/g' | cut -c24)" = 8 ]
	# sudoku-rate --hint gives the same line, on a line of its own after the name
	run -0 sudoku-rate --hint <<< "$P $B game"
	assert_output "fiendish 8.3 game
  hint: r7c7 must be 8: multiple-forcing-chain 8.3, in 19 steps"
	run -0 sudoku-rate --hint --explain <<< "$P $B game"
	assert_line -n 2 --regexp '^    pointing: in box 6, 9 can only go in column 7'
	assert_line -n 20 --regexp '^    direct-hidden-triple: .*; then r7c7 must be 8: it is the only place for 8'
}

@test "play: S asks first; the solution shown is not counted as solved, and after u the clock runs again" {
	play "$WIKI"
	keys S
	wait_for 'S shows the solution'
	keys j
	wait_gone 'S shows the solution'
	[ "$(board)" = "$WIKI" ]
	keys S y
	wait_for 'The solution, shown after'
	wait_for 'not counted as'
	wait_for 'solution shown: very-easy'
	run screen_text
	refute_output --partial 'Solved in'
	keys u
	wait_gone 'solution shown'
	clock=$(screen | grep -oE ' [0-9]{2}:[0-9]{2} ')
	for ((i = 0; i < 600; i++)); do [ "$(screen | grep -oE ' [0-9]{2}:[0-9]{2} ')" != "$clock" ] && break; sleep 0.1; done
	[ "$(screen | grep -oE ' [0-9]{2}:[0-9]{2} ')" != "$clock" ]
}

@test "play: a wrong digit typed does not show as a mistake until the game ends; without colour, c says how wrong entries look" {
	play "$WIKI"
	keys 1
	wait_for '[1]'
	run screen_text
	refute_output --partial 'mistakes'
	keys c
	wait_for '1 wrong entry in red'
	teardown
	PLAY_ENV=NO_COLOR=1 play "$WIKI"
	keys 1 l c
	wait_for '1 wrong entry underlined, with a !'
	run screen_text
	refute_output --partial 'in red'
	keys '?'
	wait_for 'c              check: wrong entries underlined, with a !'
}

@test "play: the board's outer corners and tees are drawn as such, the inner crossings as crosses" {
	play "$WIKI"
	[ "$(screen | sed -n 1p)" = ' ┌─────────┬─────────┬─────────┐' ]
	[ "$(screen | sed -n 5p)" = ' ├─────────┼─────────┼─────────┤' ]
	[ "$(screen | sed -n 13p)" = ' └─────────┴─────────┴─────────┘' ]
	teardown
	H=40 play "$WIKI"
	# big cells: a line between cells too
	[ "$(screen | sed -n 1p)" = ' ┌─────┬─────┬─────┬─────┬─────┬─────┬─────┬─────┬─────┐' ]
	[ "$(screen | sed -n 5p)" = ' ├─────┼─────┼─────┼─────┼─────┼─────┼─────┼─────┼─────┤' ]
	[ "$(screen | sed -n 3p | sed 's/│/|/g' | cut -c2-20)" = '|  5  |  3  |     |' ]
}
