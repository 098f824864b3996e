#!/bin/sh
# Runs a sudoku program over a file on a Slurm cluster: a job array whose
# tasks each take an even, contiguous share of the records, then a job that
# waits for them all (afterok), joins their answers in input order and
# checks that as many came out as went in.  Each record's seed comes from
# the run's seed and the record itself, so the joined answers equal one
# serial run's byte for byte, and so do the exit status and the messages.
#
#   sh examples/slurm.sh [-n TASKS] [-p PREFIX] [-d RUNDIR] [-w] FILE PROGRAM [OPTION ...]
#
#   sh examples/slurm.sh -n 100 -w lewis.txt sudoku-anneal -s 7 -t json > answers.json
#   sh examples/slurm.sh -n 50 -d run1 puzzles.txt sudoku-rate -t csv   # submit, return
#   sh examples/slurm.sh -d run1 -w puzzles.txt sudoku-rate -t csv > levels.csv
#
# -n the array's size (default 8), -p where the toolkit is installed on the
# nodes (PREFIX/bin/PROGRAM; default PROGRAM on the tasks' PATH, which is
# the submitter's), -d the run's directory (default a new sudoku-slurm.*
# here), -w wait for the join and print the answers, with the program's
# worst exit status.  (-C, which once turned off a count of the answers,
# is accepted and does nothing: no count is guessed from the output.)
# RUNDIR and this script must be on a file system every node sees.
# Partition, time limit and account come from sbatch's own variables
# (SBATCH_PARTITION, SBATCH_TIMELIMIT, SBATCH_ACCOUNT).
#
# The program reads FILE here, when the array is submitted, as one run
# with the same options would (--pack, sudoku(5)), into RUNDIR/pack, one
# record a line; each task reads its share of those lines (-f pack), and
# the join makes what its blocks cannot know alone, as parallel.sh's does
# (records.sh).  Options whose output is one of the whole run (-o, -t svg,
# sudoku-rate --stats, --trace) are refused by the program.
#
# In RUNDIR: out/K, task K's answers, written whole or not at all, ending
# with the program's exit status (a task cut short has none); log/,
# Slurm's logs; output, the joined answers; messages, the program's
# messages; status, its worst exit status.  Without -w the directory's name
# is printed.  A task that failed (a node lost, a job killed) leaves the
# join cancelled; the same command again with -d RUNDIR submits only the
# missing tasks and the join.  Exit status with -w: the program's (0, 1 or
# 2), or 3 when some tasks did not finish, after saying which.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
self=$here/$(basename "$0")
. "$here/records.sh"

usage() {
	echo "usage: slurm.sh [-n TASKS] [-p PREFIX] [-d RUNDIR] [-w] FILE PROGRAM [OPTION ...]" >&2
	exit 2
}

# quote WORD: WORD for a shell command line, whatever bytes it holds (a
# line break, a quote, a trailing line break)
quote() {
	_q=$(printf '%sx' "$1" | sed "s/'/'\\\\''/g")
	printf "'%s'" "${_q%x}"
}

# The run as stored in RUNDIR/run, a file of shell assignments (see below):
# file, tasks, sum and command, the program and its options as quoted words.
load_run() {
	dir=$1
	. "$dir/run"
	format=$(packed_format "$dir/pack")
}

# the program and its options, reading the records of the pack on
# standard input
run_program() {
	eval "set -- $command"
	sh -c "$BLOCK_RUN" sh "$@" -f pack
}

# A task of the array: its share of the records through the program, the
# answers moved into place only once complete.
run_task() {
	load_run "$1"
	k=$SLURM_ARRAY_TASK_ID
	mkdir -p -- "$dir/out"
	status=0
	awk -v k="$k" -v t="$tasks" 'NR == FNR { n++; next } int((FNR - 1) * t / n) == k' \
		"$dir/pack" "$dir/pack" | run_program > "$dir/out/$k.part" 2> "$dir/out/$k.err" || status=$?
	[ "$status" -eq 0 ] || exit "$status"
	mv -- "$dir/out/$k.part" "$dir/out/$k"
}

# The join: every task's answers, in order, into RUNDIR/output.  A task's
# answers are complete when they end with the program's exit status, as
# parallel.sh's blocks are: no count of records is guessed from the
# output, which may give a record several lines (--explain, a quoted line
# break in csv) or several answers (sudoku-bt --all).
run_join() {
	load_run "$1"
	missing=$(unfinished "$dir/out" 0 $((tasks - 1)))
	if [ -n "$missing" ]; then
		echo "slurm.sh: tasks ${missing% } of $dir did not finish" >&2
		exit 3
	fi
	status=0
	join_blocks "$dir/out" 0 $((tasks - 1)) "$format" > "$dir/output.part" 2> "$dir/messages" || status=$?
	[ "$status" -le 2 ] || { cat -- "$dir/messages" >&2; exit 3; }
	echo "$status" > "$dir/status"
	mv -- "$dir/output.part" "$dir/output"
}

case ${1:-} in
--task) run_task "$2"; exit ;;
--join) run_join "$2"; exit ;;
esac

tasks=8
prefix=
dir=
wait=
while getopts n:p:d:wC opt; do
	case $opt in
	n) tasks=$OPTARG ;;
	p) prefix=$OPTARG ;;
	d) dir=$OPTARG ;;
	w) wait=1 ;;
	C) ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ $# -ge 2 ] || usage
case $tasks in '' | *[!0-9]* | 0) echo "slurm.sh: -n wants a count of tasks, not $tasks" >&2; exit 2 ;; esac
command -v sbatch > /dev/null || { echo "slurm.sh: needs Slurm's sbatch" >&2; exit 2; }
[ -r "$1" ] && [ -f "$1" ] || { echo "slurm.sh: cannot read $1" >&2; exit 2; }
# FILE as given names it in messages, as one run here would; the run is
# known by its full name (no dirname or $(...), which would lose a
# trailing line break)
given=$1
case $1 in /*) file=$1 ;; *) file=$PWD/$1 ;; esac
shift
packer=$(local_program "$prefix" "$1") || exit 2
program=$1
shift
[ -z "$prefix" ] || program=$prefix/bin/$program

# The run's directory: a resumed run must be the same run, or its tasks'
# shares would not fit together.
made=
if [ -z "$dir" ]; then
	dir=$(mktemp -d -- "$PWD/sudoku-slurm.XXXXXX" 2>&1) || {
		echo "slurm.sh: cannot make a directory in $PWD: ${dir##*: }; -d RUNDIR puts the run elsewhere" >&2
		exit 2
	}
	made=1
fi
make_dir "$dir/log"
case $dir in /*) ;; *) dir=$PWD/$dir ;; esac
# stopped while the file is read: the program stops, and a directory made
# for the run goes
on_stop '[ -z "$made" ] || rm -rf -- "$dir"'
words=
for arg in "$program" "$@"; do words="$words $(quote "$arg")"; done
same_run "$dir" "file=$(quote "$file")
tasks=$tasks
sum=$(quote "$(cksum < "$file")")
command=$(quote "$words")" || {
	echo "slurm.sh: $dir holds another run (another file, task count or command)" >&2
	exit 2
}
# the records, read here by the program as one run would read them
s=0
pack "$given" "$dir/pack" "$packer" "$@" || s=$?
[ "$s" -eq 0 ] || { [ -z "$made" ] || rm -rf -- "$dir"; exit "$s"; }

missing=$(unfinished "$dir/out" 0 $((tasks - 1)))
if [ -n "$missing" ]; then
	array=$(echo $missing | tr ' ' ',')
	rm -f "$dir/output" "$dir/status"
	array_job=$(sbatch --parsable --array="$array" -J "sudoku-$(basename "$program")" \
		-o "$dir/log/%a.log" --wrap "sh $(quote "$self") --task $(quote "$dir")")
	dependency=--dependency=afterok:${array_job%%;*}
else
	dependency=
fi
# submitted: a stop now ends only the waiting, and the run goes on
on_stop 'echo "slurm.sh: stopped waiting; the run goes on in $dir" >&2'
join_job=
[ -f "$dir/status" ] || join_job=$(sbatch --parsable $dependency --kill-on-invalid-dep=yes \
	-J sudoku-join -o "$dir/log/join.log" --wrap "sh $(quote "$self") --join $(quote "$dir")")
if [ -z "$wait" ]; then
	echo "$dir"
	exit 0
fi
# until the join has left the queue (sbatch --wait looks less often)
while [ -n "$join_job" ] && [ -n "$(squeue -h -j "${join_job%%;*}" -o %i 2> /dev/null)" ]; do
	sleep 1
done
if [ ! -f "$dir/status" ]; then
	missing=$(unfinished "$dir/out" 0 $((tasks - 1)))
	if [ -n "$missing" ]; then
		echo "slurm.sh: tasks ${missing% } did not finish (see $dir/log); the same command with -d $dir runs only those" >&2
		why_unfinished "$dir/out" $missing
	else
		cat "$dir/log/join.log" >&2 2> /dev/null || true
	fi
	exit 3
fi
cat "$dir/messages" >&2
cat "$dir/output"
exit "$(cat "$dir/status")"
