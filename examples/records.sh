# Sourced by parallel.sh and slurm.sh, not run: how a file of records is
# cut into blocks and how the blocks' answers are joined into what one
# serial run prints.
#
# The shell guesses nothing about the file: the program reads it, with the
# user's options, and writes each record as one line of a pack (--pack,
# sudoku(5)): the record, the file, line and format it came from, and the
# format the run writes; a record it could not read becomes a line with
# its message.  Any block of those lines, read with -f pack, gives the
# answers and messages one run over the file gives for those records.

# the script's name, for messages
me=${0##*/}

# A block's run: PROGRAM [OPTION ...] with the block on standard input.
# After the program's answers, a last line with its exit status, so that a
# block cut short (a lost host, a killed job) is told from a finished one
# by its output alone.  A status above 2 is no answer of the program's (a
# crash, a signal, a program not found) and fails the block, to be run
# again; a program that is not there says so, and where.
BLOCK_RUN='command -v "$1" > /dev/null || {
	echo "$1: not found${PARALLEL_SSHHOST:+ on $PARALLEL_SSHHOST}" >&2
	exit 127
}
"$@"; s=$?; [ "$s" -le 2 ] || exit "$s"; echo "#sudoku-status $s"'

# local_program PREFIX PROGRAM: the program that packs the file here:
# PREFIX/bin/PROGRAM where there is one, else PROGRAM on the PATH; a
# message and status 2 when there is none.
local_program() {
	if [ -n "$1" ] && [ -x "$1/bin/$2" ]; then
		echo "$1/bin/$2"
	elif command -v "$2" > /dev/null; then
		echo "$2"
	else
		echo "$me: $2: not found (on this machine, which reads the file)" >&2
		return 2
	fi
}

# make_dir DIR: DIR and its parents made where they are missing; else a
# message saying why (the system's words) and exit status 2, as for any
# trouble of the script's own (never mkdir's message and status 1).
make_dir() {
	_why=$(mkdir -p -- "$1" 2>&1) && [ -d "$1" ] && return 0
	echo "$me: cannot make the directory $1: ${_why##*: }" >&2
	exit 2
}

# The process in the background that a stop must end (the program packing
# the file, or GNU parallel), or nothing.
running=

# on_stop CLEANUP: on any signal that ends a program (HUP, INT, QUIT,
# TERM, ALRM, USR1, USR2), what runs in the background is stopped and
# waited for (GNU parallel stops its jobs), the command CLEANUP is run (it
# says what is kept, removes what is not), and the script dies by that
# signal, as the program would.  What runs is run in the background, and
# waited for, so that a signal is seen at once, not once it ends.
on_stop() {
	stop_cleanup=$1
	for _sig in HUP INT QUIT TERM ALRM USR1 USR2; do
		trap "stopped $_sig" "$_sig"
	done
}

stopped() {
	trap '' HUP INT QUIT TERM ALRM USR1 USR2
	if [ -n "$running" ]; then
		kill -TERM "$running" 2> /dev/null || :
		wait "$running" || :
	fi
	eval "$stop_cleanup"
	trap - "$1" EXIT
	kill -"$1" $$
}

# pack FILE PACK PROGRAM [OPTION ...]: FILE as PROGRAM with these options
# reads it, into PACK, written whole or not at all; the program's usage
# error (or its refusal of output that blocks cannot make) and status when
# it fails.
pack() {
	_file=$1 _pack=$2
	shift 2
	[ ! -f "$_pack" ] || return 0
	"$@" --pack -- "$_file" > "$_pack.part" &
	running=$!
	wait "$running" && _s=0 || _s=$?
	running=
	[ "$_s" -eq 0 ] || { rm -f -- "$_pack.part"; return "$_s"; }
	mv -- "$_pack.part" "$_pack"
}

# packed_format PACK: the format the run writes (csv, line, ...), as its
# records say; nothing when there is no record.
packed_format() {
	awk -F '"' '$2 == "to" { print $4; exit }' "$1"
}

# finished BLOCK_OUTPUT: whether the block ran to its end.
finished() {
	[ -f "$1" ] && tail -n 1 "$1" | grep -q '^#sudoku-status [0-2]$'
}

# same_run DIR WHAT: whether DIR is the run WHAT describes (its file's
# checksum, its cut, its command), byte for byte: WHAT is recorded in
# DIR/run the first time, and a resumed run must match it, or its blocks
# would not fit together.  Exit 2 when it cannot be recorded.
same_run() {
	if [ -f "$1/run" ]; then
		printf '%s\n' "$2" | cmp -s - "$1/run"
	else
		{ printf '%s\n' "$2" > "$1/run.part" && mv -- "$1/run.part" "$1/run"; } 2> /dev/null || {
			rm -f -- "$1/run.part"
			echo "$me: cannot write in $1" >&2
			exit 2
		}
	fi
}

# unfinished DIR FIRST LAST: the numbers from FIRST to LAST whose block's
# answers (DIR/NUMBER) did not run to their end, each followed by a space.
unfinished() {
	at=$2
	while [ "$at" -le "$3" ]; do
		finished "$1/$at" || printf '%s ' "$at"
		at=$((at + 1))
	done
}

# why_unfinished DIR NUMBER ...: what the unfinished blocks said last on
# standard error (a program not found, ssh's word on a lost host), each
# reason once.
why_unfinished() {
	_dir=$1
	shift
	for _at; do
		[ ! -s "$_dir/$_at.err" ] || tail -n 1 "$_dir/$_at.err"
	done | awk '!seen[$0]++' | sed "s/^/$me: /" >&2
}

# join_blocks DIR FIRST LAST FORMAT: the answers of blocks FIRST to LAST
# (DIR/NUMBER) in order, as one run writes them in FORMAT, their messages
# (DIR/NUMBER.err where there is one) on standard error; returns the worst
# block's exit status, or 3 when the blocks cannot be joined.
#
# What a block cannot know by itself is made here.  CSV: every block
# writes a header row (one record, which a quoted field may carry over
# several lines); the first is kept, and the others must equal it.  Line
# and pencil: a writer states a box shape (# box RxC) before a record that
# a reader would otherwise take in another shape, the last one stated for
# its size or the size's usual one (sudoku(5)); each block stated what its
# own records needed, so the statements are made again from the records'
# shapes (the size from the first field: N*N symbols in line, N*N*N in
# pencil), as one writer would have made them.  A writer that states the
# usual shape again at the end of a stream that stated another shows it at
# the end of some block (the one that made that last statement ends with
# it): then the join's stream ends so too.
join_blocks() {
	at=$2
	while [ "$at" -le "$3" ]; do
		[ ! -s "$1/$at.err" ] || cat "$1/$at.err" >&2
		set -- "$@" "$1/$at"
		at=$((at + 1))
	done
	_dir=$1 _first=$2 _last=$3 _fmt=$4
	shift 4
	[ $# -gt 0 ] || return 0
	# each block's last line is its status line: a line is held until the
	# next one shows it was not the last
	awk -v fmt="$_fmt" -v me="$me" '
		function usual_rows(n,   r) { for (r = int(sqrt(n)); n % r; r--); return r }
		function size_of(field,   len) {
			len = length(field)
			return int((fmt == "pencil" ? exp(log(len) / 3) : sqrt(len)) + 0.5)
		}
		function put(line,   n, rows, cols, read_rows, quotes) {
			if (fmt == "csv" && first) {
				row = row_lines++ ? row "\n" line : line
				quotes = line
				row_quotes += gsub(/"/, "", quotes)
				if (row_quotes % 2)
					return
				first = row_lines = row_quotes = 0
				if (!have_header) {
					have_header = 1
					header = row
					print row
				} else if (row != header) {
					print me ": the blocks wrote different CSV columns; -t json joins" > "/dev/stderr"
					exit 3
				}
				return
			}
			first = 0
			if (fmt == "line" || fmt == "pencil") {
				if (line ~ /^# box [0-9]+x[0-9]+$/) {
					split(substr(line, 7), shape, "x")
					block_rows = shape[1]
					block_n = shape[1] * shape[2]
					trailing = 1
					return
				}
				trailing = 0
				split(line, field, /[ \t]/)
				n = size_of(field[1])
				rows = block_n == n ? block_rows : usual_rows(n)
				read_rows = stated_n == n ? stated_rows : usual_rows(n)
				if (rows != read_rows) {
					print "# box " rows "x" (n / rows)
					stated_rows = rows
					stated_n = n
				}
			}
			print line
		}
		FNR == 1 { ends_stated += trailing; trailing = held = row_lines = row_quotes = 0; first = 1; block_n = 0 }
		held { put(prev) }
		{ prev = $0; held = 1 }
		END {
			if (ends_stated + trailing && stated_n && stated_rows != usual_rows(stated_n))
				print "# box " usual_rows(stated_n) "x" (stated_n / usual_rows(stated_n))
		}' "$@" || return 3
	worst=0
	at=$_first
	while [ "$at" -le "$_last" ]; do
		s=$(tail -n 1 "$_dir/$at" | cut -d' ' -f2)
		[ "$s" -le "$worst" ] || worst=$s
		at=$((at + 1))
	done
	return "$worst"
}
