#!/bin/sh
# Runs a sudoku program over a file on every core (or, with -S, on many
# machines) with GNU parallel.  Records are independent and each record's
# seed comes from the run's seed and the record itself, so the output equals
# a serial run's byte for byte, in input order.
#
#   sh examples/parallel.sh [-j JOBS] [-S LOGINS] [-b BLOCK] FILE PROGRAM [OPTION ...]
#
# -j jobs at once (default one per core), -S GNU parallel's --sshlogin
# list, -b the size of a block (default: about eight blocks per core).
#
#   sh examples/parallel.sh puzzles.txt sudoku-bt -u > answers.txt
#   sh examples/parallel.sh -S :,alice@node1,node2 puzzles.txt sudoku-rate > levels.txt
#
# The file's format decides how it is cut into blocks: line and JSON Lines
# at line ends, grid at blank lines, CSV at line ends with its header row
# given to every block.  When the output is CSV, whatever the input, every
# block writes a header row: only the first is kept.  Multi-line JSON must be turned into JSON Lines first
# (sudoku-print -t json).  Options of the program go after its name; -f is
# not needed, each block's format is detected as the whole file's would be.
set -eu

usage() {
	echo "usage: parallel.sh [-j JOBS] [-S LOGINS] [-b BLOCK] FILE PROGRAM [OPTION ...]" >&2
	exit 2
}

jobs=
logins=
block=
while getopts j:S:b: opt; do
	case $opt in
	j) jobs=$OPTARG ;;
	S) logins=$OPTARG ;;
	b) block=$OPTARG ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ $# -ge 2 ] || usage
file=$1
shift
command -v parallel > /dev/null || { echo "parallel.sh: needs GNU parallel (Debian package parallel)" >&2; exit 2; }
[ -r "$file" ] || { echo "parallel.sh: cannot read $file" >&2; exit 2; }
# by default about eight blocks per core, so that slow records balance out
# over the jobs, from 8 KB to 1 MB
# (nproc, not parallel's own count, which warns where /sys is absent; over
# ssh logins each host runs one job per core of its own)
cores=$(nproc)
[ -n "$jobs" ] || { [ -n "$logins" ] && jobs=100%; } || jobs=$cores
if [ -z "$block" ]; then
	size=$(wc -c < "$file")
	block=$(awk -v s="$size" -v c="$cores" 'BEGIN { b = int(s / (8 * c)); print (b < 8192 ? 8192 : b > 1048576 ? 1048576 : b) }')
fi

# The first line that is not blank or a comment tells the format, as the
# programs detect it (sudoku(5)).
first=$(grep -v -m 1 -E '^[[:space:]]*(#|$)' "$file" || true)
split=
case $first in
'{'*) ;;
*puzzle*|*quizzes*|*board*|*solution*) split=csv ;;
*)
	field=${first%%[ 	]*}
	len=${#field}
	root=$(awk -v n="$len" 'BEGIN { r = int(sqrt(n) + 0.5); print (r * r == n && r >= 4) ? r : 0 }')
	[ "$root" -gt 0 ] || split=grid
	;;
esac

# Each block is one run of the program; the exit status is the worst of
# theirs, read from the job log (kept here also for jobs run over ssh);
# parallel's own status only counts the blocks that failed.
joblog=$(mktemp)
trap 'rm -f "$joblog"' EXIT
set -- -q --pipe -k -j "$jobs" --block "$block" --joblog "$joblog" "$@"
[ -z "$logins" ] || set -- -S "$logins" "$@"
case $split in
csv) set -- --header 1 "$@" ;;
grid) set -- --recend '\n\n' "$@" ;;
*)
	# a line file that opens by stating its box shape (# box RxC) gives
	# that line to every block
	if head -n 1 "$file" | grep -q '^# box '; then set -- --header 1 "$@"; fi
	;;
esac
# In CSV output (a first row with a puzzle column) every block writes the
# header row: keep the first.  In line output each block states its box
# shape again: keep only what changes it.
parallel "$@" < "$file" |
	awk 'NR == 1 && /^(.*,)?puzzle(,|$)/ { header = $0 }
		/^# box / { if ($0 == box) next; box = $0 }
		NR == 1 || header == "" || $0 != header'
worst=$(awk -F '\t' 'NR > 1 && $7 > w { w = $7 } END { print w + 0 }' "$joblog")
exit "$worst"
