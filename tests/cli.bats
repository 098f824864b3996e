#!/usr/bin/env bats
# Shared options, exit status, output files, signals and pipes.

load helper

PUZ='..6.781.47.546.8.....9.1.2.94.2.56...6.7.4.8...76.3.19.3.5.6.....4.293.56.913.2..'

setup() {
	cd "$BATS_TEST_TMPDIR"
}

@test "--help and -h: usage on standard output, exit 0" {
	for p in $PROGS; do
		run --separate-stderr "$p" --help
		assert_success
		assert_line --index 0 --partial "usage: $p"
		assert_output --partial '-o, --output FILE'
		run -0 "$p" -h
	done
}

@test "-V and --version" {
	for p in $PROGS; do
		run "$p" --version
		assert_success
		assert_output --regexp "^$p [0-9]+\.[0-9]+\.[0-9]+\$"
	done
}

@test "a bad option is a usage error: exit 2, message on standard error" {
	for p in $PROGS; do
		run -2 --separate-stderr "$p" --no-such-option
		assert_output ''
		assert_stderr "Try '$p --help'"
	done
	run -2 --separate-stderr sudoku-print -t nonsense
	assert_stderr 'unknown output format (line, grid, csv, json, pencil, solo, fpuzzles, pack, pretty, svg, pdf, png): nonsense'
	run -2 --separate-stderr sudoku-print -b 3x
	assert_stderr 'bad box shape'
	run -2 --separate-stderr sudoku-cost -m other
	assert_stderr 'unknown metric'
	run -2 --separate-stderr sudoku-fill -s -4
	assert_stderr 'bad seed'
	run -2 --separate-stderr sudoku-print --color=purple
	assert_stderr 'unknown --color value (auto, always, never): purple'
	run -2 --separate-stderr sudoku-print -A '12.'
	assert_stderr 'bad alphabet'
}

@test "- is standard input, between files" {
	printf '%s a\n' "$PUZ" > a.txt
	printf '%s c\n' "$PUZ" > c.txt
	run bash -c "printf '%s b\n' '$PUZ' | sudoku-print -t line a.txt - c.txt"
	assert_output "$(printf '%s a\n%s b\n%s c' "$PUZ" "$PUZ" "$PUZ")"
}

@test "-o writes the file whole and leaves no temporary file" {
	printf '%s\n' "$PUZ" > in.txt
	run sudoku-fill -s 1 -o out.txt in.txt
	assert_success
	assert_output ''
	assert_equal "$(cat out.txt)" "$(sudoku-fill -s 1 in.txt)"
	assert_equal "$(ls)" "$(printf 'in.txt\nout.txt')"
}

@test "-o gives a new file the mode the umask allows, as a shell redirection would" {
	printf '%s\n' "$PUZ" > in.txt
	(umask 027 && sudoku-fill -s 1 -o out.txt in.txt && : > redirected.txt)
	assert_equal "$(stat -c %a out.txt)" 640
	assert_equal "$(stat -c %a out.txt)" "$(stat -c %a redirected.txt)"
	rm out.txt
	(umask 022 && sudoku-fill -s 1 -o out.txt in.txt)
	assert_equal "$(stat -c %a out.txt)" 644
}

@test "-o replaces a regular file atomically but keeps its mode and owner" {
	printf '%s\n' "$PUZ" > in.txt
	echo old > out.txt
	chmod 600 out.txt
	(umask 022 && sudoku-fill -s 1 -o out.txt in.txt)
	assert_equal "$(stat -c %a out.txt)" 600
	assert_equal "$(cat out.txt)" "$(sudoku-fill -s 1 in.txt)"
	chmod 640 out.txt
	if [ "$(id -u)" = 0 ]; then
		chown 65534:65534 out.txt
		sudoku-fill -s 1 -o out.txt in.txt
		assert_equal "$(stat -c '%a %u %g' out.txt)" "640 65534 65534"
	fi
	assert_equal "$(ls)" "$(printf 'in.txt\nout.txt')"
}

@test "-o writes through a symbolic link to the file it names, dangling or not" {
	printf '%s\n' "$PUZ" > in.txt
	mkdir d
	echo old > d/real
	ln -s d/real link
	ln -s link link2
	sudoku-fill -s 1 -o link2 in.txt
	[ -L link ] && [ -L link2 ]
	assert_equal "$(cat d/real)" "$(sudoku-fill -s 1 in.txt)"
	ln -s new dangling
	(cd d && ln -s ../dangling rel)
	sudoku-fill -s 1 -o d/rel in.txt
	[ -L dangling ] && [ -L d/rel ] && [ -f new ]
	assert_equal "$(cat new)" "$(sudoku-fill -s 1 in.txt)"
	ln -s loop loop
	run -2 --separate-stderr sudoku-fill -s 1 -o loop in.txt
	assert_stderr "sudoku-fill: loop:"
}

@test "-o writes straight into a FIFO or a device, never replacing it" {
	printf '%s\n' "$PUZ" > in.txt
	mkfifo fifo
	timeout 10 cat fifo > got.txt &
	reader=$!
	run -0 sudoku-fill -s 1 -o fifo in.txt
	wait "$reader"
	[ -p fifo ]
	assert_equal "$(cat got.txt)" "$(sudoku-fill -s 1 in.txt)"
	# a character device of our own where we may make one; /dev/null is left alone
	if mknod null c 1 3 2> /dev/null; then
		run -0 sudoku-fill -s 1 -o null in.txt
		[ -c null ]
	fi
	run -0 sudoku-fill -s 1 -o /dev/null in.txt
	[ -c /dev/null ]
}

@test "-o keeps the old file when writing fails" {
	echo old > out.txt
	chmod 444 out.txt
	mkdir ro && chmod 555 ro
	if [ "$(id -u)" != 0 ]; then
		run -2 --separate-stderr sudoku-print -o ro/out.txt <<< "$PUZ"
		assert_stderr 'ro/out.txt'
	fi
	run -2 --separate-stderr sudoku-print -o nodir/out.txt <<< "$PUZ"
	assert_stderr 'nodir/out.txt'
	assert_equal "$(cat out.txt)" old
}

@test "a write error such as a full disk gives a message and exit 2" {
	[ -w /dev/full ] || skip "no /dev/full"
	run -2 --separate-stderr bash -c "sudoku-print -t line <<< '$PUZ' > /dev/full"
	assert_stderr 'sudoku-print: standard output: No space left on device'
	# a trace says why as well, shorter or longer than a buffer (4 KiB)
	for cmd in "sudoku-anneal --chain 10 -I 100" "sudoku-anneal --chain 10 -I 100000" \
		"sudoku-vns -I 100" "sudoku-vns -I 3000000"; do
		run -2 --separate-stderr $cmd --plain -s 1 --trace /dev/full <<< "$NONE"
		assert_stderr "${cmd%% *}: /dev/full: No space left on device"
	done
}

@test "a full disk says so however much was written, for standard output, -o and --trace" {
	[ -w /dev/full ] || skip "no /dev/full"
	# more than the 64 KiB a record loop buffers: the error comes from a write
	# long before the end, and is still said in its own words, once
	for _ in $(seq 2000); do printf '%s\n' "$PUZ"; done > many.txt
	for out in '> /dev/full' '-o /dev/full'; do
		for prog in "sudoku-print -t line" "sudoku-print -t pretty" "sudoku-cost" "sudoku-fill -s 1"; do
			run -2 --separate-stderr bash -c "$prog many.txt $out"
			name='standard output'
			[ "$out" = '-o /dev/full' ] && name=/dev/full
			assert_equal "$stderr" "${prog%% *}: $name: No space left on device"
		done
	done
	run -2 --separate-stderr sudoku-gen -s 1 -n 200 -d easy -o /dev/full
	assert_equal "$stderr" "sudoku-gen: /dev/full: No space left on device"
	run -2 --separate-stderr sudoku-anneal --plain -s 1 --chain 10 -I 3000000 --trace /dev/full <<< "$NONE"
	assert_equal "$(grep -c 'No space left on device' <<< "$stderr")" 1
	output=$stderr refute_output --partial 'Input/output error'
}

@test "-o takes any name up to NAME_MAX: the temporary file's name always fits" {
	printf '%s\n' "$PUZ" > in.txt
	want=$(sudoku-fill -s 1 in.txt)
	for len in 1 200 245 246 250 254 255; do
		name=$(printf 'n%.0s' $(seq "$len"))
		run -0 --separate-stderr sudoku-fill -s 1 -o "$name" in.txt
		assert_equal "$stderr" ''
		assert_equal "$(cat "$name")" "$want"
		# an old file of that name replaced, as any other
		run -0 sudoku-fill -s 1 -o "$name" in.txt
		rm "$name"
	done
	# a name of characters of several bytes is cut between characters
	name=$(printf 'é%.0s' $(seq 127))
	run -0 sudoku-fill -s 1 -o "$name" in.txt
	assert_equal "$(cat "$name")" "$want"
	rm "$name"
	assert_equal "$(ls | grep -c tmp || true)" 0
	# one byte more is the system's refusal, naming the file
	run -2 --separate-stderr sudoku-fill -s 1 -o "$(printf 'n%.0s' $(seq 256))" in.txt
	assert_stderr 'File name too long'
}

@test "a closed standard output is said once, and nothing goes to a file opened in its place" {
	printf '%s\n' "$PUZ" > in.txt
	run -2 --separate-stderr bash -c 'sudoku-print in.txt >&-'
	assert_equal "$stderr" 'sudoku-print: standard output: Bad file descriptor'
	run -2 --separate-stderr bash -c 'sudoku-gen -s 1 >&-'
	assert_equal "$stderr" 'sudoku-gen: standard output: Bad file descriptor'
	run -2 --separate-stderr bash -c 'sudoku-print --help >&-'
	assert_equal "$stderr" 'sudoku-print: standard output: Bad file descriptor'
	# the trace file, opened first, must not become standard output
	run -2 --separate-stderr bash -c 'sudoku-anneal -q --plain -s 1 -I 1000 --trace t.tsv in.txt >&-'
	assert_equal "$stderr" 'sudoku-anneal: standard output: Bad file descriptor'
	[ ! -e t.tsv ] || refute grep -q "$PUZ" t.tsv
}

@test "a closed pipe ends the program at once without a message" {
	run --separate-stderr bash -c "yes '$PUZ' | head -n 200000 | sudoku-fill -s 1 | head -n 1"
	assert_success
	assert_output --partial "$PUZ "
	assert_equal "$stderr" ''
}

@test "SIGTERM: finished records are flushed, none is partial, death by the signal" {
	mkfifo slow
	(for i in 1 2 3; do printf '%s %d\n' "$PUZ" "$i"; done; exec sleep 30) > slow 3>&- &
	writer=$!
	sudoku-fill -s 1 slow > out.txt 3>&- &
	pid=$!
	for _ in $(seq 50); do [ "$(wc -l < out.txt)" = 3 ] && break; sleep 0.1; done
	kill -TERM "$pid"
	status=0
	wait "$pid" || status=$?
	kill "$writer" 2>/dev/null || true
	assert_equal "$status" 143
	assert_equal "$(wc -l < out.txt)" 3
	run awk 'length($2) != 81' out.txt
	assert_output ''
}

@test "SIGINT with -o: the target is untouched and no temporary file stays" {
	mkfifo slow
	(printf '%s\n' "$PUZ"; exec sleep 30) > slow 3>&- &
	writer=$!
	echo old > out.txt
	# a script's job starts with SIGINT ignored: not asked here
	env --default-signal=INT sudoku-fill -o out.txt slow 3>&- &
	pid=$!
	sleep 0.5
	kill -INT "$pid"
	status=0
	wait "$pid" || status=$?
	kill "$writer" 2>/dev/null || true
	assert_equal "$status" 130
	assert_equal "$(cat out.txt)" old
	assert_equal "$(ls | grep -c tmp || true)" 0
}

@test "-v reports records and time; -q keeps quiet" {
	run --separate-stderr sudoku-print -v -t line <<< "$PUZ"
	assert_stderr 'sudoku-print: 1 record, 0 bad'
	run --separate-stderr sudoku-print -v -q -t line <<< "$PUZ"
	assert_equal "$stderr" ''
}

@test "-P shows progress on standard error" {
	run --separate-stderr bash -c "yes '$PUZ' | head -n 1000 | sudoku-print -P -t line"
	assert_success
	assert_equal "${#lines[@]}" 1000
	assert_stderr '1000 records'
}

@test "-P into a log (not a terminal) says the last count once" {
	# a line every five seconds: the one for the record that comes after
	# that long is the last, and is not said again at the end
	run -0 --separate-stderr bash -c "(sleep 5.5; echo '$PUZ') | sudoku-print -P -t line"
	assert_equal "$stderr" "$(printf '%s\n' "$stderr" | head -n 1)"
	assert_stderr 'sudoku-print: 1 record'
	run -0 --separate-stderr sudoku-print -P -t line < /dev/null
	assert_equal "$stderr" "sudoku-print: 0 records, 0/s"
}

@test "-P into a file or pipe: plain lines, a few seconds apart, never a carriage return" {
	run -0 --separate-stderr bash -c "{ echo '$PUZ'; sleep 5.5; echo '$PUZ'; echo '$PUZ'; } | sudoku-print -P -t line"
	assert_equal "${#lines[@]}" 3
	[[ "$stderr" != *$'\r'* ]] && [[ "$stderr" != *$'\033'* ]]
	# a line when five seconds have passed, and the last one
	assert_equal "$stderr" "$(printf 'sudoku-print: 2 records, %s\nsudoku-print: 3 records, %s' \
		"$(sed -n '1s/.*records, //p' <<< "$stderr")" "$(sed -n '2s/.*records, //p' <<< "$stderr")")"
}

@test "-P on a terminal: one line redrawn in place" {
	need_pty
	run script -qec "yes '$PUZ' | head -n 3000 | $ROOT/bin/sudoku-print -P -t line > /dev/null" /dev/null
	assert_output --partial $'\rsudoku-print: 3000 records'
	assert_output --partial $'\033[K'
}

@test "-P of sudoku-gen counts the puzzles out of -n, and says the time left" {
	run -0 --separate-stderr sudoku-gen -P -n 5 -s 1
	assert_equal "${#lines[@]}" 5
	assert_equal "$stderr" "sudoku-gen: 5 of 5 records, $(sed -n 's/.*records, //p' <<< "$stderr")"
	run -0 --separate-stderr sudoku-gen -P -n 1 -s 1
	assert_stderr 'sudoku-gen: 1 of 1 record, '
	# a line redrawn while the puzzles come: the count, and the time left
	need_pty
	run script -qec "$ROOT/bin/sudoku-gen -P -n 200 -s 1 -d fiendish > /dev/null" /dev/null
	assert_output --regexp $'\rsudoku-gen: [0-9]+ of 200 records, [0-9]+/s, [0-9]+ s left'
	assert_output --partial $'\rsudoku-gen: 200 of 200 records, '
}

@test "a reporter's answer goes with its board in pretty and svg; line, grid and pencil are refused" {
	named="$PUZ the name"
	rating=$(sudoku-rate <<< "$PUZ")
	run -0 --separate-stderr sudoku-rate -t pretty <<< "$named"
	assert_line -n 0 "$rating the name"
	assert_line -n 1 --regexp '^\+-+'
	refute_line 'the name'
	run -0 sudoku-rate -t svg <<< "$named"
	assert_output --partial ">$rating the name</text>"
	# every line of the answer, then the board
	run -0 sudoku-rate --hint -t pretty <<< "$named"
	assert_equal "$(head -n "$(sudoku-rate --hint <<< "$named" | wc -l)" <<< "$output")" \
		"$(sudoku-rate --hint <<< "$named")"
	run -0 sudoku-rate --explain -t pretty <<< "$named"
	assert_equal "$(head -n "$(sudoku-rate --explain <<< "$named" | wc -l)" <<< "$output")" \
		"$(sudoku-rate --explain <<< "$named")"
	for t in line grid pencil; do
		run -2 --separate-stderr sudoku-rate -t "$t" <<< "$PUZ"
		assert_stderr "sudoku-rate: -t $t holds boards alone, with no place for sudoku-rate's answer: use -t text (the default), pretty, svg, json or csv"
		assert_output ''
	done
	# sudoku-bt when it counts: the count, then the board it found
	run -0 sudoku-bt -u -t pretty <<< "$named"
	assert_line -n 0 "unique 1 the name"
	run -0 sudoku-bt -c 5 -t pretty <<< "........${WIKI:8}"
	assert_line -n 0 "multiple 2"
	run -0 sudoku-bt -u -t svg <<< "$named"
	assert_output --partial ">unique 1 the name</text>"
	# a board's picture without an answer is as it was
	run -0 sudoku-bt -t pretty <<< "$named"
	assert_line -n 0 "the name"
}

@test "exit status: 0 clean, 1 check failed, 2 trumps 1" {
	printf '%s\nbad\n' "$PUZ" > mixed.txt
	run -1 sudoku-cost --check <<< "$PUZ"
	run -2 sudoku-cost --check -f line mixed.txt
}

@test "the man pages lint clean" {
	command -v mandoc > /dev/null || skip "no mandoc"
	run mandoc -Tlint -Wwarning "$ROOT"/man/*
	assert_success
}

@test "sudoku(7) lists every program, and libsudoku(3)" {
	for p in $PROGS; do
		grep -q "^\.It Xr $p 1\$" "$ROOT/man/sudoku.7" || fail "sudoku(7) does not list $p"
	done
	grep -q '^\.It Xr libsudoku 3$' "$ROOT/man/sudoku.7" || fail "sudoku(7) does not list libsudoku(3)"
}

@test "make install honours DESTDIR, PREFIX and MANPREFIX" {
	run make -s -C "$ROOT" install DESTDIR="$BATS_TEST_TMPDIR/root" PREFIX=/usr MANPREFIX=/usr/man
	assert_success
	for p in $PROGS; do
		[ -x "root/usr/bin/$p" ]
		[ -f "root/usr/man/man1/$p.1" ]
	done
	[ -f root/usr/man/man5/sudoku.5 ]
	[ -f root/usr/share/sudoku/nightly.sh ] && [ -f root/usr/share/sudoku/parallel.sh ]
	[ -f root/usr/man/man7/sudoku.7 ]
	# libsudoku: header, libraries, pkg-config file naming PREFIX, not DESTDIR
	[ -f root/usr/include/sudoku.h ] && [ -f root/usr/lib/libsudoku.a ] && [ -L root/usr/lib/libsudoku.so.0 ]
	[ -f root/usr/man/man3/libsudoku.3 ] && [ -f root/usr/man/man3/sd_board_rate.3 ]
	run -0 grep -x 'libdir=/usr/lib' root/usr/lib/pkgconfig/sudoku.pc
}

@test "installed nightly.sh and crontab find the programs under PREFIX with no PATH (env -i)" {
	prefix="$BATS_TEST_TMPDIR/opt/x"
	run -0 make -s -C "$ROOT" install PREFIX="$prefix"
	[ -x "$prefix/share/sudoku/nightly.sh" ]
	# the crontab's command as cron would run it, into a folder of ours
	cmd=$(awk '!/^#/ && NF >= 6 { $1 = $2 = $3 = $4 = $5 = ""; print }' "$prefix/share/sudoku/crontab")
	[[ "$cmd" == *"$prefix/share/sudoku/nightly.sh"* ]]
	cmd=${cmd/\/var\/lib\/puzzles/$BATS_TEST_TMPDIR/out}
	cmd=${cmd% 1000}
	run -0 env -i HOME="$BATS_TEST_TMPDIR" /bin/sh -c "$cmd 2"
	assert_output ""
	[ "$(cat "$BATS_TEST_TMPDIR"/out/*-hard.json | wc -l)" -eq 2 ]
}
