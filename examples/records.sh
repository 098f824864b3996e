# Sourced by parallel.sh and slurm.sh, not run: how a file of records is
# cut into blocks and how the blocks' answers are joined into what one
# serial run prints.

# A block's run: HEADER PROGRAM [OPTION ...] with the block on standard
# input.  HEADER, where it is not empty, goes before the block (GNU
# parallel's own --header repeats it in blocks that --retries may run
# again).  After the program's answers, a last line with its exit status,
# so that a block cut short (a lost host, a killed job) is told from a
# finished one by its output alone.  A status above 2 is no answer of the
# program's (a crash, a signal, a program not found) and fails the block,
# to be run again.
BLOCK_RUN='h=$1; shift; { [ -z "$h" ] || printf "%s\\n" "$h"; cat; } | "$@"; s=$?; [ "$s" -le 2 ] || exit "$s"; echo "#sudoku-status $s"'

# record_format FILE: line, csv, grid or json, from the first line that is
# not blank or a comment, as the programs detect it (sudoku(5)).
record_format() {
	first=$(grep -v -m 1 -E '^[[:space:]]*(#|$)' "$1" || true)
	case $first in
	'{'*) echo json ;;
	*puzzle*|*quizzes*|*board*|*solution*) echo csv ;;
	*)
		field=${first%%[ 	]*}
		root=$(awk -v n="${#field}" 'BEGIN { r = int(sqrt(n) + 0.5); print (r * r == n && r >= 4) ? r : 0 }')
		if [ "$root" -gt 0 ]; then echo line; else echo grid; fi
		;;
	esac
}

# header_of FILE FORMAT: the first line where it belongs to every block: a
# CSV header row, or a line file's statement of its box shape (# box RxC).
header_of() {
	case $2 in
	csv) head -n 1 "$1" ;;
	line) head -n 1 "$1" | grep '^# box ' || true ;;
	esac
}

# finished BLOCK_OUTPUT: whether the block ran to its end.
finished() {
	[ -f "$1" ] && tail -n 1 "$1" | grep -q '^#sudoku-status [0-2]$'
}

# same_run DIR WHAT: whether DIR is the run WHAT describes (its file's
# checksum, its cut, its command): WHAT is recorded in DIR/run the first
# time, and a resumed run must match it, or its blocks would not fit
# together.
same_run() {
	if [ -f "$1/run" ]; then
		[ "$(cat "$1/run")" = "$2" ]
	else
		printf '%s\n' "$2" > "$1/run"
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

# join_blocks DIR FIRST LAST: the answers of blocks FIRST to LAST (DIR/NUMBER)
# in order, as one run prints them, their messages (DIR/NUMBER.err where
# there is one) on standard error; returns the worst block's exit status.
# Every block writes a CSV header row when the output is CSV, and states
# its box shape in line output (and the default again at its end): only
# the first header is kept, and a statement only where one run would
# write it, before a record whose shape it changes, or at the end.
join_blocks() {
	at=$2
	while [ "$at" -le "$3" ]; do
		[ ! -s "$1/$at.err" ] || cat "$1/$at.err" >&2
		sed '$d' "$1/$at"
		at=$((at + 1))
	done | awk 'NR == 1 && /^(.*,)?puzzle(,|$)/ { header = $0 }
		/^# box / { pending = $0; next }
		pending != "" { if (pending != box) print pending; box = pending; pending = "" }
		NR == 1 || header == "" || $0 != header
		END { if (pending != "" && pending != box) print pending }'
	worst=0
	at=$2
	while [ "$at" -le "$3" ]; do
		s=$(tail -n 1 "$1/$at" | cut -d' ' -f2)
		[ "$s" -le "$worst" ] || worst=$s
		at=$((at + 1))
	done
	return "$worst"
}

# chunk FILE FORMAT K T: the K-th (from 0) of T contiguous, even shares of
# FILE's records, without its header line: lines, or in grid the boards
# between blank lines.
chunk() {
	skip=0
	[ -z "$(header_of "$1" "$2")" ] || skip=1
	grid=0
	[ "$2" != grid ] || grid=1
	awk -v skip="$skip" -v k="$3" -v t="$4" -v grid="$grid" '
		BEGIN { if (grid) { RS = ""; ORS = "\n\n" } }
		NR == FNR { n = FNR - skip; next }
		FNR > skip && int((FNR - skip - 1) * t / n) == k' "$1" "$1"
}

# count_records FILE [FORMAT]: how many records FILE holds: in grid the
# boards between blank lines, else lines that are neither blank nor
# comments, less a CSV header row.  Without FORMAT (a program's answers),
# answers with blank lines between them count as grid.
count_records() {
	fmt=${2:-}
	[ -n "$fmt" ] || { grep -q '^[[:space:]]*$' "$1" && fmt=grid; } || fmt=line
	if [ "$fmt" = grid ]; then
		awk 'BEGIN { RS = "" } END { print NR }' "$1"
	else
		awk '/^[[:space:]]*(#|$)/ { next }
			!seen++ && /^(.*,)?(puzzle|quizzes|board)(,|$)/ { next }
			{ n++ } END { print n + 0 }' "$1"
	fi
}
