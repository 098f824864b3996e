#!/usr/bin/env bats
# Nothing a user owns is lost: a run that exits 2, writes no record or is
# killed by a signal leaves -o FILE (and --trace FILE) exactly as it was:
# bytes, mode, owner, inode, a symbolic link and its file, a FILE that did
# not exist, and nothing new beside it.  Every program, every way to fail.

load helper

# the programs that read records; sudoku-play reads one and writes only its game
READERS=${PROGS/sudoku-gen /}
READERS=${READERS/ sudoku-play/}

setup() {
	cd "$BATS_TEST_TMPDIR"
	make_out
	mkdir dir
	printf '%s\n' "$WIKI" > good.txt
	printf '%s\n' "$WIKI" > secret.txt
	chmod 000 secret.txt
	printf 'no puzzle\n12345\n' > bad.txt
	printf '# nothing but a comment\n' > comments.txt
}

# out/: a file, a symbolic link to another, a trace, each with something in it.
make_out() {
	mkdir out
	printf 'precious\n' > out/FILE
	chmod 640 out/FILE
	printf 'linked\n' > out/REAL
	ln -s REAL out/LINK
	printf 'old trace\n' > out/TRACE
	# root keeps a file's owner only by chown: a stranger's file shows it
	if [ "$(id -u)" = 0 ]; then
		chown 65534:65534 out/FILE out/TRACE
	fi
}

# Everything about the files in out/ that a run could change.
snapshot() {
	local f
	for f in $(ls -A out); do
		stat -c '%n %F %a %u %g %i %s %y' "out/$f"
		if [ -L "out/$f" ]; then readlink "out/$f"; else cksum < "out/$f"; fi
	done
}

# The options that name files: -o TARGET, and --trace for the local searches.
file_options() {
	case $1 in
	sudoku-anneal | sudoku-vns) echo "-o out/$2 --trace out/TRACE" ;;
	*) echo "-o out/$2" ;;
	esac
}

# kept STATUS MESSAGE PROGRAM ARGS...: the run (under $wrapper, if set),
# once into each of FILE, a symbolic link and a file not there yet, ends
# with STATUS and MESSAGE on standard error, and leaves out/ as it was.
kept() {
	local want=$1 message=$2 prog=$3 target before
	shift 3
	for target in FILE LINK NEW; do
		before=$(snapshot)
		# shellcheck disable=SC2046
		run --separate-stderr $wrapper "$prog" $(file_options "$prog" "$target") "$@"
		assert_equal "$prog -o $target $*: exit $status" "$prog -o $target $*: exit $want"
		output="$stderr" assert_output --partial "$message"
		assert_equal "$(snapshot)" "$before"
	done
}

# Runs a command without the capabilities that let root read any file, so
# that a file of mode 000 fails to open as it does for everyone else.
unprivileged() {
	if [ "$(id -u)" = 0 ]; then
		setpriv --inh-caps=-dac_override,-dac_read_search \
			--bounding-set=-dac_override,-dac_read_search "$@"
	else
		"$@"
	fi
}

@test "the harness sees a replacement: a run that writes records replaces FILE, keeps its mode, and makes NEW" {
	for prog in $READERS sudoku-gen; do
		input=good.txt
		[ "$prog" = sudoku-gen ] && input="-s 1"
		for target in FILE LINK NEW; do
			before=$(snapshot)
			# shellcheck disable=SC2046
			run -0 --separate-stderr "$prog" $(file_options "$prog" "$target") $input
			[ "$(snapshot)" != "$before" ]
		done
		assert_equal "$(stat -c %a out/FILE)" 640
		if [ "$(id -u)" = 0 ]; then
			assert_equal "$(stat -c %u:%g out/FILE)" 65534:65534
		fi
		[ -L out/LINK ]
		[ -f out/NEW ]
		[ "$(cat out/FILE)" != precious ]
		[ "$(cat out/REAL)" != linked ]
		rm -r out
		make_out
	done
}

@test "an operand that is missing, a directory or unreadable leaves FILE as it was (exit 2)" {
	for prog in $READERS; do
		kept 2 "$prog: missing.txt: No such file or directory" "$prog" good.txt missing.txt
		kept 2 "$prog: dir: Is a directory" "$prog" dir
		kept 2 "$prog: <stdin>: Is a directory" "$prog" < dir
		kept 2 "$prog: <stdin>: Is a directory" "$prog" good.txt - < dir
		wrapper=unprivileged kept 2 "$prog: secret.txt: Permission denied" "$prog" secret.txt
		# a file that opens but whose read fails
		if [ -r /proc/self/mem ]; then
			kept 2 "$prog: /proc/self/mem: Input/output error" "$prog" /proc/self/mem
		fi
	done
}

@test "input that is all bad leaves FILE as it was (exit 2)" {
	for prog in $READERS; do
		kept 2 "$prog: bad.txt:1:" "$prog" bad.txt
		kept 2 "$prog: bad.txt:2:" "$prog" -f line bad.txt
	done
	kept 2 "sudoku-rate: bad.txt:1:" sudoku-rate --stats bad.txt
	kept 2 "sudoku-rate: missing.txt: No such file or directory" sudoku-rate --stats missing.txt
}

@test "a run that writes no record leaves FILE as it was, and says so" {
	for prog in $READERS; do
		kept 0 "$prog: out/" "$prog" comments.txt
		kept 0 "no record written" "$prog" comments.txt
		kept 0 "no record written" "$prog" < /dev/null
	done
	# a table of zeros stands for no record; an empty sheet holds none
	kept 0 "sudoku-rate: out/" sudoku-rate --stats < /dev/null
	kept 0 "no record written" sudoku-print -t svg comments.txt
	run -0 --separate-stderr sudoku-print -q -t svg -o out/FILE comments.txt
	assert_equal "$stderr" ""
	assert_equal "$(cat out/FILE)" precious
	# said for the file the user named, kept or not there yet
	run -0 --separate-stderr sudoku-fill -o out/FILE comments.txt
	assert_equal "$stderr" "sudoku-fill: out/FILE: no record written: left as it was"
	run -0 --separate-stderr sudoku-fill -o out/NEW comments.txt
	assert_equal "$stderr" "sudoku-fill: out/NEW: no record written: not created"
}

@test "a refused SVG sheet, and a record a format cannot hold, leave FILE as it was (exit 2)" {
	for _ in $(seq 101); do echo "$WIKI"; done > many.txt
	kept 2 "sudoku-print: many.txt:101: an SVG sheet holds at most 100 boards" sudoku-print -t svg many.txt
	row="[$(printf '0,%.0s' {1..35})0]"
	printf '{"size":36,"puzzle":[%s]}\n' "$(printf "$row,%.0s" {1..35})$row" > big.json
	kept 2 "does not fit the line format" sudoku-print -t line big.json
}

@test "sudoku-gen that gives up, or is told wrong, leaves FILE as it was" {
	kept 1 "no puzzle met the conditions after 3 attempts" sudoku-gen --rating 7.5 --max-attempts 3 -s 1
	kept 1 "time limit reached" sudoku-gen -d extreme -T 0.001 -s 1
	kept 2 "bad number of clues '0'" sudoku-gen --clues 0
	kept 2 "bad rating '0-0.5'" sudoku-gen --rating 0-0.5
	kept 2 "no operands expected: good.txt" sudoku-gen good.txt
}

@test "a directory where no file may be made: the message names the temporary file's trouble" {
	chmod 555 out
	for prog in $READERS sudoku-gen; do
		input=good.txt
		[ "$prog" = sudoku-gen ] && input="-s 1"
		# FILE and NEW are beside out/, LINK's file is out/REAL
		wrapper=unprivileged kept 2 "$prog: out/" "$prog" $input
		for target in FILE NEW; do
			run -2 --separate-stderr unprivileged "$prog" -o "out/$target" $input
			assert_equal "$stderr" "$prog: out/$target: cannot create a temporary file beside it: Permission denied"
		done
		run -2 --separate-stderr unprivileged "$prog" -o out/LINK $input
		assert_equal "$stderr" "$prog: out/LINK: cannot create a temporary file beside out/REAL: Permission denied"
	done
	for prog in sudoku-anneal sudoku-vns; do
		run -2 --separate-stderr unprivileged "$prog" --trace out/TRACE good.txt
		assert_equal "$stderr" "$prog: out/TRACE: cannot create a temporary file beside it: Permission denied"
	done
	chmod 755 out
}

@test "--trace and -o naming one file are refused, by device and inode, before anything is written" {
	ln out/FILE out/HARD
	for prog in sudoku-anneal sudoku-vns; do
		for pair in "FILE FILE" "FILE ./FILE" "LINK REAL" "REAL LINK" "HARD FILE" "NEW NEW" "NEW ../out/NEW"; do
			set -- $pair
			before=$(snapshot)
			run -2 --separate-stderr "$prog" -s 1 -I 100 --trace "out/$1" -o "out/$2" good.txt
			assert_equal "$stderr" "$prog: --trace out/$1 and -o out/$2 are the same file: give each its own"
			assert_equal "$(snapshot)" "$before"
		done
		# standard output's file, wherever the shell opened it
		run -2 --separate-stderr bash -c "$prog -s 1 -I 100 --trace out/FILE good.txt > out/FILE"
		assert_equal "$stderr" "$prog: --trace out/FILE and standard output are the same file: give each its own"
		# two files, or a device both may share, are no conflict
		run -0 "$prog" -s 1 -I 100000 --trace out/TRACE -o out/NEW good.txt
		run -0 "$prog" -s 1 -I 100000 --trace /dev/null -o /dev/null good.txt
		rm -f out/NEW
	done
}

# signalled SIGNAL STATUS PROGRAM ARGS...: killed by SIGNAL once its
# temporary files are there, the program dies by it (exit STATUS), and
# out/ is as it was: no temporary file stays.
signalled() {
	local sig=$1 want=$2 prog=$3 target before pid writer
	shift 3
	for target in FILE LINK NEW; do
		before=$(snapshot)
		mkfifo slow
		(printf '%s\n' "$WIKI"; exec sleep 30) > slow 3>&- &
		writer=$!
		# a job of a script ignores SIGINT, and nohup SIGHUP: neither is asked here
		# shellcheck disable=SC2046
		env --default-signal="$sig" "$prog" $(file_options "$prog" "$target") "$@" \
			> /dev/null 2> err.txt 3>&- &
		pid=$!
		for _ in $(seq 200); do
			[ "$(ls out | grep -c tmp)" -ge 1 ] && break
			sleep 0.05
		done
		assert_equal "$(ls out | grep -c tmp)" "$(file_options "$prog" x | grep -o out/ | wc -l)"
		sleep 0.2
		kill -s "$sig" "$pid" || cat err.txt >&2
		status=0
		wait "$pid" || status=$?
		kill "$writer" 2> /dev/null || true
		rm slow
		assert_equal "$prog -o $target, SIG$sig: exit $status" "$prog -o $target, SIG$sig: exit $want"
		assert_equal "$(snapshot)" "$before"
	done
}

@test "a signal mid-run leaves FILE as it was and no temporary file beside it" {
	for prog in $READERS; do
		signalled TERM 143 "$prog" slow
		signalled INT 130 "$prog" slow
		signalled HUP 129 "$prog" slow
	done
	signalled TERM 143 sudoku-gen -n 0 -s 1
	signalled HUP 129 sudoku-gen -n 0 -s 1
	# the signals that now end a run through its loop, as SIGTERM does
	signalled USR1 138 sudoku-print slow
	signalled ALRM 142 sudoku-fill slow
	signalled XCPU 152 sudoku-gen -n 0 -s 1
	signalled TERM 143 sudoku-rate --stats slow
}
