#!/bin/sh
# Runs a sudoku program over a file on every core (or, with -S, on many
# machines) with GNU parallel.  Records are independent and each record's
# seed comes from the run's seed and the record itself, so the output equals
# a serial run's byte for byte, in input order, with its exit status (for a
# stochastic program under -s: without it each block seeds from the clock).
#
#   sh examples/parallel.sh [-j JOBS] [-S LOGINS] [-b BYTES | -N RECORDS] [-p PREFIX]
#                           [-r TRIES] [-d RUNDIR] FILE PROGRAM [OPTION ...]
#
# -j jobs at once (default one per core), -S GNU parallel's --sshlogin
# list, -b the size of a block in bytes of records as they travel, about
# 2.5 times their size in a line file (default: about eight blocks per
# core), -N the number of records in a block instead, down to 1, -p where
# the toolkit is installed on every host (PREFIX/bin/PROGRAM is run;
# default: PROGRAM on each host's PATH), -r how many times a block is
# tried, on another host where there is one (default 3 with -S, else 1),
# -d a directory that keeps the run: its records, job log and each block's
# answers.
#
#   sh examples/parallel.sh puzzles.txt sudoku-bt -u > answers.txt
#   sh examples/parallel.sh -S :,alice@node1,node2 puzzles.txt sudoku-rate > levels.txt
#
# The program itself reads FILE first, on this machine, as one run with the
# same options would (--pack, sudoku(5)): any format, box shapes stated in
# the file, comments, CRLF, names.  Its records go to the blocks, one a
# line, and every block reads them back (-f pack, after the options), so
# its answers and messages are those one run gives for those records,
# naming FILE and the record's line.  The blocks' answers are joined: one
# CSV header row, the box statements of line output as one run makes them.
# Options whose output is one of the whole run are refused by the program:
# -o (redirect this script's output instead), -t svg, sudoku-rate --stats,
# --trace.  Only the records travel to the hosts, on their standard input,
# and the answers come back on standard output: nothing but the program
# needs to be on a host, and the toolkit on this machine (PREFIX/bin where
# it is there too, else the PATH).
#
# Nothing is printed until every block has finished.  Exit status: that
# of one run (0, 1 or 2, the worst block's); 3 when some blocks did not
# finish (a host lost, a job killed, the program missing or crashing),
# after saying which and why.  A signal that ends a program (HUP, INT,
# TERM, ...) stops the jobs, and the script dies by it, as the program
# would.  Without -d nothing is left behind, whatever the outcome; with -d
# RUNDIR the same command again runs only the blocks that did not finish.
set -eu

usage() {
	echo "usage: parallel.sh [-j JOBS] [-S LOGINS] [-b BYTES | -N RECORDS] [-p PREFIX] [-r TRIES] [-d RUNDIR] FILE PROGRAM [OPTION ...]" >&2
	exit 2
}

jobs=
logins=
block=
records=
prefix=
tries=
rundir=
while getopts j:S:b:N:p:r:d: opt; do
	case $opt in
	j) jobs=$OPTARG ;;
	S) logins=$OPTARG ;;
	b) block=$OPTARG ;;
	N) records=$OPTARG ;;
	p) prefix=$OPTARG ;;
	r) tries=$OPTARG ;;
	d) rundir=$OPTARG ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ $# -ge 2 ] || usage
case $records in *[!0-9]* | 0) echo "parallel.sh: -N wants a count of records, not $records" >&2; exit 2 ;; esac
file=$1
shift
here=$(dirname "$0")
. "$here/records.sh"
command -v parallel > /dev/null || { echo "parallel.sh: needs GNU parallel (Debian package parallel)" >&2; exit 2; }
[ -r "$file" ] && [ -f "$file" ] || { echo "parallel.sh: cannot read $file" >&2; exit 2; }
packer=$(local_program "$prefix" "$1") || exit 2
cores=$(nproc)
[ -n "$jobs" ] || { [ -n "$logins" ] && jobs=100%; } || jobs=$cores
[ -n "$tries" ] || { [ -n "$logins" ] && tries=3; } || tries=1

# The run's directory: kept where -d names it, else a temporary one removed
# at the end, whatever the end.  A run resumed there must cut the same
# file the same way for the same command, or its blocks would not fit
# together.
if [ -n "$rundir" ]; then
	make_dir "$rundir"
	keep=1
else
	tmp=${TMPDIR:-/tmp}
	rundir=$(mktemp -d -- "$tmp/sudoku-parallel.XXXXXX" 2>&1) || {
		echo "parallel.sh: cannot make a directory in $tmp (TMPDIR): ${rundir##*: }; -d RUNDIR puts the run elsewhere" >&2
		exit 2
	}
	keep=
	trap 'rm -rf -- "$rundir"' EXIT
fi
# as the user named it, for messages; for commands, never taken for an
# option or (by awk) an assignment
shown=$rundir
case $rundir in /*) ;; *) rundir=./$rundir ;; esac
# stopped, by hand or by a signal: parallel's jobs are stopped, what is
# kept stays, and how to finish it is said
on_stop 'if [ -n "$keep" ]; then
		echo "parallel.sh: stopped; the same command with -d $shown finishes the run" >&2
	else
		echo "parallel.sh: stopped" >&2
		rm -rf -- "$rundir"
	fi'
# GNU parallel's own files go there too, not to TMPDIR
make_dir "$rundir/tmp"
same_run "$rundir" "$(printf '%s\n' "$block" "$records" "$(cksum < "$file")" "$@")" || {
	echo "parallel.sh: $shown holds another run (another file, block size or command)" >&2
	exit 2
}

program=$1
shift
s=0
pack "$file" "$rundir/pack" "$packer" "$@" || s=$?
[ "$s" -eq 0 ] || exit "$s"
format=$(packed_format "$rundir/pack")
# by default about eight blocks per core, so that slow records balance out
# over the jobs, from 8 KB to 1 MB
# (nproc, not parallel's own count, which warns where /sys is absent; over
# ssh logins each host runs one job per core of its own)
if [ -n "$records" ]; then
	cut=-N$records
else
	if [ -z "$block" ]; then
		size=$(wc -c < "$rundir/pack")
		block=$(awk -v s="$size" -v c="$cores" 'BEGIN { b = int(s / (8 * c)); print (b < 8192 ? 8192 : b > 1048576 ? 1048576 : b) }')
	fi
	cut=--block=$block
fi
[ -z "$prefix" ] || program=$prefix/bin/$program
set -- -q --pipe -j "$jobs" "$cut" --retries "$tries" --tmpdir "$rundir/tmp" \
	--joblog "$rundir/joblog" --resume-failed --results "$rundir/out/{#}" \
	sh -c "$BLOCK_RUN" sh "$program" "$@" -f pack
[ -z "$logins" ] || set -- -S "$logins" "$@"
# the answers are read from the blocks' files, not parallel's output; in
# the background, so that a signal is seen at once
parallel "$@" < "$rundir/pack" > /dev/null &
running=$!
wait "$running" || :
running=

# Every block the job log knows must have finished; blocks past the last
# it knows would mean parallel itself was stopped.
blocks=$(awk -F '\t' 'NR > 1 && $1 > n { n = $1 } END { print n + 0 }' "$rundir/joblog")
missing=$(unfinished "$rundir/out" 1 "$blocks")
if [ -n "$missing" ]; then
	set -- $missing
	printf 'parallel.sh: %d of %d blocks did not finish (blocks %s)\n' $# "$blocks" "${missing% }" >&2
	why_unfinished "$rundir/out" "$@"
	if [ -n "$keep" ]; then
		printf 'parallel.sh: see %s/joblog; the same command with -d %s runs only those\n' \
			"$shown" "$shown" >&2
	fi
	exit 3
fi
status=0
join_blocks "$rundir/out" 1 "$blocks" "$format" || status=$?
exit "$status"
