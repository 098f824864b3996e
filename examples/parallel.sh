#!/bin/sh
# Runs a sudoku program over a file on every core (or, with -S, on many
# machines) with GNU parallel.  Records are independent and each record's
# seed comes from the run's seed and the record itself, so the output equals
# a serial run's byte for byte, in input order.
#
#   sh examples/parallel.sh [-j JOBS] [-S LOGINS] [-b BLOCK] [-p PREFIX]
#                           [-r TRIES] [-d RUNDIR] FILE PROGRAM [OPTION ...]
#
# -j jobs at once (default one per core), -S GNU parallel's --sshlogin
# list, -b the size of a block (default: about eight blocks per core),
# -p where the toolkit is installed on every host (PREFIX/bin/PROGRAM is
# run; default: PROGRAM on each host's PATH), -r how many times a block is
# tried, on another host where there is one (default 3 with -S, else 1),
# -d a directory that keeps the run: its job log and each block's answers.
#
#   sh examples/parallel.sh puzzles.txt sudoku-bt -u > answers.txt
#   sh examples/parallel.sh -S :,alice@node1,node2 puzzles.txt sudoku-rate > levels.txt
#
# The file's format decides how it is cut into blocks: line and JSON Lines
# at line ends, grid at blank lines, CSV at line ends with its header row
# given to every block.  When the output is CSV, whatever the input, every
# block writes a header row: only the first is kept.  Multi-line JSON must
# be turned into JSON Lines first (sudoku-print -t json).  Options of the
# program go after its name; -f is not needed, each block's format is
# detected as the whole file's would be.  The records go to the hosts on
# their standard input and the answers come back on standard output:
# nothing but the program needs to be on a host.
#
# Nothing is printed until every block has finished.  Exit status: the
# worst block's (0, 1 or 2, as the program's); 3 when some blocks did not
# finish (a host lost, a job killed, the program missing or crashing),
# after saying which.  Run the same command again with -d RUNDIR (the
# directory it names) and only those blocks run.
set -eu

usage() {
	echo "usage: parallel.sh [-j JOBS] [-S LOGINS] [-b BLOCK] [-p PREFIX] [-r TRIES] [-d RUNDIR] FILE PROGRAM [OPTION ...]" >&2
	exit 2
}

jobs=
logins=
block=
prefix=
tries=
rundir=
while getopts j:S:b:p:r:d: opt; do
	case $opt in
	j) jobs=$OPTARG ;;
	S) logins=$OPTARG ;;
	b) block=$OPTARG ;;
	p) prefix=$OPTARG ;;
	r) tries=$OPTARG ;;
	d) rundir=$OPTARG ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ $# -ge 2 ] || usage
file=$1
shift
. "$(dirname "$0")/records.sh"
command -v parallel > /dev/null || { echo "parallel.sh: needs GNU parallel (Debian package parallel)" >&2; exit 2; }
[ -r "$file" ] || { echo "parallel.sh: cannot read $file" >&2; exit 2; }
# by default about eight blocks per core, so that slow records balance out
# over the jobs, from 8 KB to 1 MB
# (nproc, not parallel's own count, which warns where /sys is absent; over
# ssh logins each host runs one job per core of its own)
cores=$(nproc)
[ -n "$jobs" ] || { [ -n "$logins" ] && jobs=100%; } || jobs=$cores
[ -n "$tries" ] || { [ -n "$logins" ] && tries=3; } || tries=1
if [ -z "$block" ]; then
	size=$(wc -c < "$file")
	block=$(awk -v s="$size" -v c="$cores" 'BEGIN { b = int(s / (8 * c)); print (b < 8192 ? 8192 : b > 1048576 ? 1048576 : b) }')
fi

# The run's directory: kept where -d names it, else removed once the run
# is whole.  A run resumed there must cut the same file the same way for
# the same command, or its blocks would not fit together.
if [ -n "$rundir" ]; then
	mkdir -p "$rundir"
	keep=1
else
	rundir=$(mktemp -d "${TMPDIR:-/tmp}/sudoku-parallel.XXXXXX")
	keep=
fi
# stopped by hand: what is done stays, and how to finish it is said
for sig in INT TERM; do
	trap 'echo "parallel.sh: stopped; the same command with -d $rundir finishes the run" >&2
		trap - '"$sig"'; kill -'"$sig"' $$' "$sig"
done
same_run "$rundir" "$(printf '%s\n' "$block" "$(cksum < "$file")" "$@")" || {
	echo "parallel.sh: $rundir holds another run (another file, block size or command)" >&2
	exit 2
}

program=$1
shift
[ -z "$prefix" ] || program=$prefix/bin/$program
format=$(record_format "$file")
header=$(header_of "$file" "$format")
set -- -q --pipe -j "$jobs" --block "$block" --retries "$tries" \
	--joblog "$rundir/joblog" --resume-failed --results "$rundir/out/{#}" \
	sh -c "$BLOCK_RUN" sh "$header" "$program" "$@"
[ -z "$logins" ] || set -- -S "$logins" "$@"
[ "$format" != grid ] || set -- --recend '\n\n' "$@"
# the answers are read from the blocks' files, not parallel's output
tail -n "+$(( ${header:+1} + 1 ))" "$file" | parallel "$@" > /dev/null || true

# Every block the job log knows must have finished; blocks past the last
# it knows would mean parallel itself was stopped.
blocks=$(awk -F '\t' 'NR > 1 && $1 > n { n = $1 } END { print n + 0 }' "$rundir/joblog")
missing=$(unfinished "$rundir/out" 1 "$blocks")
if [ -n "$missing" ]; then
	set -- $missing
	printf 'parallel.sh: %d of %d blocks did not finish (blocks %s; see %s/joblog);\n' \
		$# "$blocks" "${missing% }" "$rundir" >&2
	printf 'parallel.sh: the same command with -d %s runs only those\n' "$rundir" >&2
	exit 3
fi
status=0
join_blocks "$rundir/out" 1 "$blocks" || status=$?
[ -n "$keep" ] || rm -rf "$rundir"
exit "$status"
