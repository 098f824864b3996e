#!/usr/bin/env bats
# sudoku-play in a real terminal: tmux, 80x24 unless said, a server of its
# own per test (killed after it), the screen read with capture-pane.

load helper

setup() {
	command -v tmux > /dev/null || skip "no tmux"
	SOCK="$BATS_TEST_TMPDIR/tmux"
	export XDG_STATE_HOME="$BATS_TEST_TMPDIR/state"
	SAVE="$XDG_STATE_HOME/sudoku-play/game"
}

teardown() {
	tmux -S "$SOCK" kill-server 2> /dev/null || true
}

# The pane as text (or with colours: -e).
screen() {
	tmux -S "$SOCK" capture-pane -p "$@"
}

keys() {
	tmux -S "$SOCK" send-keys "$@"
}

# Waits up to 60 s (a loaded machine) until the screen shows text.
wait_for() {
	local tries=0
	until screen | grep -qF -- "$1"; do
		if [ $((tries += 1)) -gt 600 ]; then
			echo "never on the screen: $1" >&2
			screen >&2
			return 1
		fi
		sleep 0.1
	done
}

# Waits until the screen no longer shows text.
wait_gone() {
	local tries=0
	while screen | grep -qF -- "$1"; do
		[ $((tries += 1)) -le 600 ] || { screen >&2; return 1; }
		sleep 0.1
	done
}

# sudoku-play ARGS in a tmux window of W x H (80x24), with PLAY_ENV in its
# environment; its exit status goes to $BATS_TEST_TMPDIR/status.
play() {
	local cmd="cd '$BATS_TEST_TMPDIR' && env ${PLAY_ENV:-} '$ROOT/bin/sudoku-play'" a
	for a in "$@"; do cmd+=" '$a'"; done
	cmd+="; echo \$? > '$BATS_TEST_TMPDIR/status'; sleep 600"
	rm -f "$BATS_TEST_TMPDIR/status"
	tmux -S "$SOCK" -f /dev/null new-session -d -x "${W:-80}" -y "${H:-24}" "$cmd"
	wait_for 'mistakes '
}

# The exit status of the game, once it ended.
exit_status() {
	local tries=0
	until [ -s "$BATS_TEST_TMPDIR/status" ]; do
		[ $((tries += 1)) -le 600 ] || return 1
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
	wait_for "hint: $cell must be $digit"
	wait_for "($technique "
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
	wait_for '[+]'
	keys l
	wait_for '│ 5  3 179│[ ] 7'
	keys h 7 1
	wait_for '[9]'
	keys 9 l
	wait_for '│ 5  3    │[ ] 7'
	keys h p
	wait_gone 'mistakes 0  pencil'
	keys 4
	wait_for '│ 5  3 [4]│'
	teardown
	H=40 play "$WIKI"
	keys p 1 7 9 l
	# r1c3 spans three lines, each mark at its place in a 3x3
	wait_for '│               1     │'
	run bash -c "tmux -S '$SOCK' capture-pane -p | sed -n 2,4p | sed 's/│/|/g' | cut -c17-23"
	assert_output " 1     
       
 7   9 "
}
