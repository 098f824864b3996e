#!/bin/sh
# Runs a sudoku program over a file on many machines with GNU parallel over
# ssh: blocks of records go to the hosts' standard input, answers come back
# in input order, equal byte for byte to a serial run.
#
#   sh examples/cluster.sh [-p PREFIX] [-d RUNDIR] [-r TRIES] [-j JOBS]
#                          [-b BYTES | -N RECORDS] LOGINS FILE PROGRAM [OPTION ...]
#
#   sh examples/cluster.sh :,node1,alice@node2,8/node3 puzzles.txt sudoku-bt -u > answers.txt
#   sh examples/cluster.sh -p /opt/sudoku -d run1 node1,node2 puzzles.txt sudoku-rate > levels.txt
#
# LOGINS is GNU parallel's --sshlogin list: ':' is this machine, N/host runs
# N jobs on host (by default as many as it has cores).  ssh's options for a
# host (port, key, user) go in ~/.ssh/config, or PARALLEL_SSH='ssh -p 2222'
# for all: a login that is a whole ssh command would break the job log
# that a resumed run reads.  Every host needs ssh without a password and
# the toolkit installed: on its PATH, or at PREFIX (make install
# PREFIX=...); so does this machine, where the program reads FILE first
# (parallel.sh).  Only the records travel, on the jobs' standard input,
# and the answers, on their standard output.  The hosts are checked first,
# so a missing program is said once, not per block.
#
# A block whose host is lost is tried again on another login (-r TRIES
# times, 3 by default); a block that still did not finish is named, with
# exit status 3, and nothing is printed.  With -d RUNDIR the run is kept
# there: the same command again finishes only the missing blocks, then
# prints the whole answer.  The other options are parallel.sh's.
set -eu
usage() {
	echo "usage: cluster.sh [-p PREFIX] [-d RUNDIR] [-r TRIES] [-j JOBS] [-b BYTES | -N RECORDS] LOGINS FILE PROGRAM [OPTION ...]" >&2
	exit 2
}
prefix=
while getopts p:d:r:j:b:N: opt; do
	case $opt in
	p) prefix=$OPTARG ;;
	d|r|j|b|N) ;;
	*) usage ;;
	esac
done
[ $# -ge $((OPTIND + 2)) ] || usage
eval "logins=\${$OPTIND} program=\${$((OPTIND + 2))}"
case $logins in
*[[:space:]]*)
	echo "cluster.sh: a login with spaces (an ssh command) breaks the job log; put ssh's options in ~/.ssh/config or PARALLEL_SSH" >&2
	exit 2
	;;
esac
where=${prefix:+$prefix/bin/}$program
missing=$(parallel --nonall -S "$logins" --tag "command -v $where > /dev/null || echo missing" | grep missing || true)
if [ -n "$missing" ]; then
	printf 'cluster.sh: %s not found on: %s\n' "$where" "$(echo "$missing" | cut -f1 | tr '\n' ' ')" >&2
	exit 2
fi
# parallel.sh's arguments: these, with LOGINS turned into -S LOGINS
n=$#
i=1
while [ "$i" -le "$n" ]; do
	if [ "$i" -eq "$OPTIND" ]; then set -- "$@" -S "$1"; else set -- "$@" "$1"; fi
	shift
	i=$((i + 1))
done
exec sh "$(dirname "$0")/parallel.sh" "$@"
