#!/bin/sh
# Runs a sudoku program over a file on many machines with GNU parallel over
# ssh: blocks of records go to the hosts' standard input, answers come back
# in input order, equal byte for byte to a serial run.
#
#   sh examples/cluster.sh LOGINS FILE PROGRAM [OPTION ...]
#
#   sh examples/cluster.sh :,node1,alice@node2,8/node3 puzzles.txt sudoku-bt -u > answers.txt
#
# LOGINS is GNU parallel's --sshlogin list: ':' is this machine, N/host runs
# N jobs on host (by default as many as it has cores).  Every host needs
# the program on its PATH (make install) and ssh without a password.  The
# hosts are checked first, so a missing program is said once, not per block.
set -eu
[ $# -ge 3 ] || { echo "usage: cluster.sh LOGINS FILE PROGRAM [OPTION ...]" >&2; exit 2; }
logins=$1
shift
program=$2
here=$(dirname "$0")
missing=$(parallel --nonall -S "$logins" --tag "command -v $program > /dev/null || echo missing" | grep missing || true)
if [ -n "$missing" ]; then
	printf 'cluster.sh: %s not found on: %s\n' "$program" "$(echo "$missing" | cut -f1 | tr '\n' ' ')" >&2
	exit 2
fi
exec sh "$here/parallel.sh" -S "$logins" "$@"
