#!/bin/sh
# A nightly batch of rated puzzles, for cron(8): COUNT puzzles at each level
# into DIR/YYYYMMDD-LEVEL.json (JSON Lines with level, score and seed).
#
#   nightly.sh [-d DATE] DIR [COUNT]
#
# -d makes another day's batch (YYYY-MM-DD, or any date date(1) -d reads),
# the same as that night's: a lost or missed night is made again.  COUNT
# is 100 by default, at most 100000.
#
# Silent on success, so cron mails only trouble.  A run that finds the last
# one still going (flock on DIR/.nightly.lock) says so and exits 1.  Each
# file is written by sudoku-gen -o: a temporary file renamed into place, so
# readers never see half a file.
#
# No two puzzles of any nights share a seed, and so none share a solution
# grid: puzzle i of the level at place L among sudoku-gen's seven levels
# (very-easy 0 ... extreme 6), on day D of year Y, has seed
#   ((Y * 366 + D) * 7 + L) * 100000 + i,
# a range of 100000 seeds a night and level, far below the seeds' bound
# 2^53 for every year date(1) knows.
# Cron's PATH is minimal: the programs are looked for in SUDOKU_BIN, then
# the installed ones (make install writes its PREFIX here), then the system's.
set -eu
PATH=${SUDOKU_BIN:+$SUDOKU_BIN:}/usr/local/bin:/usr/bin:/bin
export PATH
PER_NIGHT=100000
# the levels made, each with its place among sudoku-gen's seven (fiendish
# 5 and extreme 6 take minutes a puzzle), so that one added later keeps
# every other's seeds
LEVELS='very-easy:0 easy:1 medium:2 hard:3 expert:4'

usage() {
	echo "usage: nightly.sh [-d DATE] DIR [COUNT]"
}

when=now
while getopts hd: opt; do
	case $opt in
	d) when=$OPTARG ;;
	h) usage; exit 0 ;;
	*) usage >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] && [ $# -le 2 ] || { usage >&2; exit 2; }
dir=$1
count=${2:-100}
case $count in
'' | *[!0-9]* | 0 | 0*) echo "nightly.sh: COUNT is a number from 1 to $PER_NIGHT, not $count" >&2; exit 2 ;;
esac
[ "${#count}" -le 6 ] && [ "$count" -le $PER_NIGHT ] ||
	{ echo "nightly.sh: COUNT is a number from 1 to $PER_NIGHT, not $count" >&2; exit 2; }
stamp=$(date -d "$when" '+%Y %j %Y%m%d') || { echo "nightly.sh: bad date: $when" >&2; exit 2; }
set -- $stamp
year=$1 day=$3
# the day of the year without its leading zeros, which $(( )) reads as octal
yday=${2#0}
yday=${yday#0}
night=$((year * 366 + yday))

# (DIR may begin with '-': nightly.sh -- -night)
why=$(mkdir -p -- "$dir" 2>&1) ||
	{ echo "nightly.sh: cannot make the directory $dir: ${why##*: }" >&2; exit 2; }
exec 9>> "$dir/.nightly.lock"
if ! flock -n 9; then
	echo "nightly.sh: an earlier run still holds $dir/.nightly.lock; this one is skipped" >&2
	exit 1
fi
for made in $LEVELS; do
	level=${made%:*}
	first=$(((night * 7 + ${made#*:}) * PER_NIGHT))
	[ $((first + PER_NIGHT)) -le 9007199254740992 ] ||
		{ echo "nightly.sh: the seeds of $when pass 2^53" >&2; exit 2; }
	sudoku-gen -q -n "$count" -d "$level" -s "$first" -t json -o "$dir/$day-$level.json"
done
