# Sourced by tests/examples.bats: the examples of the README and of the man
# pages taken out of their text, the files their words imply, and a run of
# each in a directory of its own.

# extract_examples ROOT DIR: every example of ROOT's README.md (the lines
# of its indented blocks; the comment lines above them say what they do)
# and man pages (".Dl $ ..." lines, literal blocks that start with "$ ",
# and crontab lines of literal blocks under a "# m h dom mon dow" header,
# as cron runs them) into DIR: DIR/N its commands as a shell script,
# DIR/N.where "FILE:LINE", DIR/N.text the words that introduce it, and for
# a literal block that shows the output after the command, DIR/N.expected.
# DIR/count: how many.
extract_examples() {
	local root=$1 dir=$2 page
	mkdir -p "$dir"
	echo 0 > "$dir/count"
	awk -v dir="$dir" -v file=README.md -v n=0 "$EXAMPLE_AWK"'
		/^```/ { fence = !fence; flush(); next }
		fence { next }
		/^    / && !/^ *$/ {
			line = substr($0, 5)
			if (line ~ /^#/) { if (cmd != "") flush(); text = text substr(line, 3) "\n"; next }
			if (cmd == "") at = NR
			cmd = cmd line "\n"
			next
		}
		{ flush(); text = "" }
		END { flush(); print n > (dir "/count") }' "$root/README.md"
	for page in "$root"/man/*; do
		awk -v dir="$dir" -v file="man/${page##*/}" -v n="$(cat "$dir/count")" "$EXAMPLE_AWK"'
			function unroff(s) { gsub(/\\e/, "\\", s); gsub(/\\&/, "", s); gsub(/\\-/, "-", s); return s }
			/^\.Dl \$ / { if (cmd == "") at = NR; cmd = cmd unroff(substr($0, 7)) "\n"; next }
			/^\.Bd -literal/ { flush(); block = 1; first = 1; incmd = 0; cron = 0; next }
			block && /^\.Ed/ { block = 0; flush(); text = ""; next }
			block && cron {
				# m h dom mon dow command: cron runs the command with sh,
				# a % (unless escaped) ending it, \% a percent sign
				line = unroff($0)
				if (line ~ /^#/ || line ~ /^ *$/) next
				sub(/^ *[^ ]+ +[^ ]+ +[^ ]+ +[^ ]+ +[^ ]+ +/, "", line)
				gsub(/\\%/, "%", line)
				at = NR; cmd = line "\n"; text = text "(a crontab line)\n"; flush(); next
			}
			block {
				line = unroff($0)
				if (first) {
					first = 0
					if (line ~ /^# m +h +dom +mon +dow/) { cron = 1; next }
					if (line !~ /^\$ /) { block = 0; next }
					at = NR; incmd = 1; line = substr(line, 3)
				}
				if (incmd) {
					cmd = cmd line "\n"
					if (heredoc != "") { if (line == heredoc) { heredoc = ""; incmd = 0 }; next }
					if (line ~ /<<.?EOF.?$/) { heredoc = "EOF"; next }
					if (line !~ /[|\\]$/) incmd = 0
					next
				}
				expected = expected line "\n"
				next
			}
			/^\.(Pp|Sh|Ss|Bl|El|It)/ { flush(); text = ""; next }
			/^\.Dl/ { flush(); next }
			!/^\./ { if (cmd != "") { flush(); text = "" } text = text unroff($0) "\n"; next }
			/^\.(Xr|Pa|Pq|Po|Pc|Ar|Fl|Cm|Em|Nm) / { if (cmd != "") { flush(); text = "" } text = text $0 "\n" }
			END { flush(); print n > (dir "/count") }' "$page"
	done
}

# What both extractions share: an example written out.
EXAMPLE_AWK='
	function flush(  base) {
		if (cmd != "") {
			base = dir "/" ++n
			printf "%s", cmd > base; close(base)
			print file ":" at > (base ".where"); close(base ".where")
			printf "%s", text > (base ".text"); close(base ".text")
			if (expected != "") { printf "%s", expected > (base ".expected"); close(base ".expected") }
		}
		cmd = ""; expected = ""
	}
'

# make_fixtures DIR: the files the examples' words name, as those words
# imply them, in DIR (where examples run), and a HOME of their own:
#   puzzle.txt    a puzzle (the Wikipedia one)
#   puzzles.txt   a collection: six puzzles, each with one solution, 30-35 givens
#   17_clue.txt   the public collection (shared/data), else 30 made here
#   instances.txt benchmark instances: Lewis 9x9 p040 (else made here)
#   board.grid    the lab report's 16x16 board, a grid (examples/)
#   board.tsv     the same exported from a spreadsheet: empty cells empty
#   game.txt      a half-filled board: puzzle, the player's board (a wrong r1c3)
#   answers.txt, boards.txt  solutions of puzzles.txt, filled boards of it
#   sudoku.csv    a public data set's CSV: quizzes,solutions, 0 for empty
#   x-boards.json two boards under the X rule: one that keeps it, one (the
#                 Wikipedia puzzle's solution) that breaks a diagonal
#   killer.json   a killer puzzle: the Wikipedia puzzle with two cages
#   x-puzzles.txt an X puzzle under a '# rules' line (two solutions)
#   examples      the toolkit's examples/, as in the tree
#   ~/.local/state/sudoku-play/game  a game sudoku-play saved
make_fixtures() {
	local d=$1
	mkdir -p "$d/home/.local/state/sudoku-play"
	echo "$WIKI" > "$d/puzzle.txt"
	{
		echo "$WIKI"
		cat "$EX/example_9x9.txt"
		# as dense as the puzzles of a newspaper: the sources' plain
		# annealing solves them in well under a second
		sudoku-gen -n 4 -d easy --clues 34 -s 3
	} > "$d/puzzles.txt"
	if [ -f "$DATA/17_clue.txt" ]; then
		ln -s "$DATA/17_clue.txt" "$d/17_clue.txt"
	else
		sudoku-gen -n 30 -s 17 > "$d/17_clue.txt"
	fi
	if [ -f "$DATA/lewis/inst9x9_p040.txt" ]; then
		grep -v '^#' "$DATA/lewis/inst9x9_p040.txt" | head -n 3 > "$d/instances.txt"
	else
		sudoku-gen -n 3 -d hard -s 40 > "$d/instances.txt"
	fi
	cp "$EX/variant5_16x16.grid" "$d/board.grid"
	sed 's/\b0\b//g; s/ /\t/g' "$EX/variant5_16x16.grid" > "$d/board.tsv"
	printf '%s 5316789..%s\n' "$WIKI" "${WIKI:9}" > "$d/game.txt"
	cp "$d/game.txt" "$d/home/.local/state/sudoku-play/game"
	sudoku-bt "$d/puzzles.txt" > "$d/answers.txt"
	sudoku-fill -s 1 "$d/puzzles.txt" > "$d/boards.txt"
	{
		echo quizzes,solutions
		sudoku-bt "$d/puzzles.txt" | cut -d' ' -f1,2 | tr . 0 | tr ' ' ,
	} > "$d/sudoku.csv"
	printf '{"puzzle":"%s","rules":{"diagonals":"both"}}\n' \
		683295417421867359795341862572189634946532781138674295854716923319428576267953148 \
		"$(sudoku-bt "$d/puzzle.txt" | cut -d' ' -f2)" > "$d/x-boards.json"
	printf '{"puzzle":"%s","rules":{"cages":[{"cells":["r1c1","r1c2"],"sum":8},{"cells":["r9c8","r9c9"],"sum":16}]}}\n' \
		"$WIKI" > "$d/killer.json"
	printf '# rules {"diagonals":"both"}\n%s\n' \
		6.3.9.4.7.2.8.7.5.7.5.4.8.2.7.1.9.3.9.6.3.7.1.3.6.4.9.8.4.1.9.3.1.4.8.7.2.7.5.1.8 > "$d/x-puzzles.txt"
	ln -s "$EX" "$d/examples"
}

# The play wrapper: sudoku-play ARGS, called by an example, runs the real
# program in a tmux window of 80x24, answers Enter to the offer of a saved
# game (its screen in play.N.offer), waits for its board and status line
# (its count of hints), keeps the screen in play.N.screen (N counting the
# games of the example),
# saves with s when -o names a file (and waits for it), then closes the
# window (the game keeps its autosave).  Its status: 0 once the board was
# shown, else the program's own, its screen on standard error.
play_wrapper() {
	cat <<'END'
sudoku-play() {
	local games=$(( $(ls play.*.screen 2> /dev/null | wc -l) + 1 ))
	local sock="$PWD/.tmux.$games" cmd="exec env HOME='$HOME' TERM=xterm-256color '$SUDOKU_PLAY'" a out= next=
	for a in "$@"; do
		cmd+=" '$a'"
		[ -z "$next" ] || out=$a
		next=; [ "$a" != -o ] || next=1
	done
	tmux -S "$sock" -f /dev/null new-session -d -x 80 -y 24 \
		"$cmd; echo \$? > '$PWD/.play.status'; sleep 600"
	local tries=0 status=0
	until tmux -S "$sock" capture-pane -p | grep -q 'hints [0-9]'; do
		# the games saved and not finished, offered first: the last resumed
		if tmux -S "$sock" capture-pane -p | grep -q 'Games saved, not finished'; then
			tmux -S "$sock" capture-pane -p > "play.$games.offer"
			tmux -S "$sock" send-keys Enter
		fi
		if [ -s .play.status ] || [ $((tries += 1)) -gt 600 ]; then
			tmux -S "$sock" capture-pane -p >&2
			status=$(cat .play.status 2> /dev/null || echo 124)
			tmux -S "$sock" kill-server 2> /dev/null || true
			rm -f .play.status
			return "$status"
		fi
		sleep 0.1
	done
	tmux -S "$sock" capture-pane -p > "play.$games.screen"
	if [ -n "$out" ]; then
		rm -f "$out"
		tmux -S "$sock" send-keys s
		tries=0
		until [ -s "$out" ] || [ $((tries += 1)) -gt 100 ]; do sleep 0.1; done
	fi
	tmux -S "$sock" kill-server 2> /dev/null || true
	rm -f .play.status
}
END
}

# run_example DIR N: example N of DIR (extract_examples) run by bash in
# DIR/run.N, a copy of DIR/fixtures (make_fixtures), stopping at its first failing line as a
# user would; its output in out, its errors in err, its status in status.
# PREPARE (shell code) runs there first; SUBSTITUTE (sed expressions)
# rewrites what cannot run here as written.
run_example() {
	local dir=$1 n=$2 work=$1/run.$2
	[ -d "$dir/fixtures" ] || { mkdir "$dir/fixtures" && make_fixtures "$dir/fixtures"; }
	rm -rf "$work"
	cp -a "$dir/fixtures" "$work"
	sed "${SUBSTITUTE:-}" "$dir/$n" > "$work/example.sh"
	play_wrapper > "$work/play.sh"
	(
		cd "$work" || exit 2
		export HOME=$work/home SUDOKU_PLAY=$ROOT/bin/sudoku-play
		unset XDG_STATE_HOME NO_COLOR
		eval "${PREPARE:-}" || exit 2
		status=0
		timeout 600 bash -c '. ./play.sh; set -e; . ./example.sh' > out 2> err < /dev/null || status=$?
		echo "$status" > status
	)
}
